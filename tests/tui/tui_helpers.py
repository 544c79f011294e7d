"""Helpers for the app's tests: a registry of the test game only, and waiting on conditions
(``wait_for`` is the one from ``parlour.testing.boards``)."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.pilot import Pilot

from parlour.core.registry import Registry
from parlour.testing.boards import wait_for

__all__ = ["SIZE", "pass_hand_over", "run", "sevens_registry", "wait_for"]

SIZE = (100, 32)


def sevens_registry(broken: bool = False, game: Any = None) -> Registry:
    """Only Sevens (whatever real games are installed), and optionally one broken plugin."""
    import sevens

    registry = Registry()
    registry.add("sevens", "tests", lambda: game or sevens.GAME)
    if broken:
        def fail() -> Any:
            raise ModuleNotFoundError("No module named 'games.whist'")

        registry.add("whist", "parlour-whist", fail)
    return registry


def run(coro: Any) -> Any:
    return asyncio.run(coro)


async def pass_hand_over(pilot: Pilot[Any]) -> None:
    """Press Enter on the hand-over screen once it is up (the table says it is handing over
    as it asks a worker to push it) and takes keys (it ignores them at first)."""
    from parlour.tui.dialogs import HandOverScreen

    await wait_for(pilot, lambda: isinstance(pilot.app.screen, HandOverScreen))
    screen = pilot.app.screen
    await wait_for(pilot, lambda: screen.accepting)
    await pilot.press("enter")
