"""Helpers for the app's tests: a registry of the test game only, and waiting on conditions."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from parlour.core.registry import Registry

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


async def wait_for(pilot: Pilot[Any], condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Let the app run until ``condition`` holds; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {getattr(condition, '__name__', 'a condition')}")
        await pilot.pause(0.01)


async def pass_hand_over(pilot: Pilot[Any]) -> None:
    """Press Enter on the hand-over screen once it takes keys (it ignores them at first)."""
    from parlour.tui.dialogs import HandOverScreen

    screen = pilot.app.screen
    assert isinstance(screen, HandOverScreen)
    await wait_for(pilot, lambda: screen.accepting)
    await pilot.press("enter")
