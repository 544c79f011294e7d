"""The one way to pin what a screen or a dialog looks like: its text, at 80x24 and at 120x40,
against a file in ``tests/tui/screens/`` named after the class on top and the case
(``TableScreen-casablanca-turn-80x24.txt``). ``test_tui_snapshots.py`` fails when a screen or
dialog class of ``parlour/tui`` has no snapshot.

After a deliberate change to a screen, write the snapshots anew and read the diff before
committing them::

    PARLOUR_UPDATE_SCREENS=1 pytest tests/tui/test_tui_snapshots.py tests/tui/test_tui_screens.py
"""

from __future__ import annotations

import asyncio
import difflib
import os
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Footer

from parlour.testing.boards import screen_text, settled_text, wait_for

SCREENS = Path(__file__).parent / "screens"
SIZES: list[tuple[int, int]] = [(80, 24), (120, 40)]
UPDATE = "PARLOUR_UPDATE_SCREENS"

Script = Callable[[Pilot[Any]], Awaitable[None]]
Crop = Callable[[App[Any], str], str]


def snapshot_path(screen_class: str, case: str, size: tuple[int, int]) -> Path:
    return SCREENS / f"{screen_class}-{case}-{size[0]}x{size[1]}.txt"


def footer_drawn(app: App[Any]) -> bool:
    """The footer shows its keys (it draws them a refresh or more after the screen)."""
    if not app.screen.query(Footer):
        return True
    return all(footer.children for footer in app.screen.query(Footer)) and bool(screen_text(app).split("\n")[-1].strip())


class ScreenSnapshot:
    """Run ``make_app()`` at each size, let ``before(pilot)`` bring the screen up, and compare
    the settled screen text (``crop``-ped, for parts that move on their own schedule) with
    its snapshot; ``after(pilot)`` tidies up (a server to stop). Returns the whole texts."""

    def __call__(self, case: str, make_app: Callable[[], App[Any]], before: Script, *,
                 sizes: Sequence[tuple[int, int]] = SIZES, crop: Crop | None = None,
                 after: Script | None = None) -> dict[tuple[int, int], str]:
        texts: dict[tuple[int, int], str] = {}
        for size in sizes:
            app = make_app()

            async def scenario() -> tuple[str, str, str]:
                async with app.run_test(size=size) as pilot:
                    try:
                        await before(pilot)
                        await wait_for(pilot, lambda: footer_drawn(app))
                        text = await settled_text(pilot)
                        return type(app.screen).__name__, text, crop(app, text) if crop else text
                    finally:
                        if after is not None:
                            await after(pilot)

            shown, whole, text = asyncio.run(scenario())
            texts[size] = whole
            matches(text, shown, case, size)
        return texts


def matches(text: str, screen_class: str, case: str, size: tuple[int, int]) -> None:
    """Compare ``text`` (a screen's, or a part of it) with its snapshot, written anew with
    ``PARLOUR_UPDATE_SCREENS=1``; a difference fails with the diff."""
    path = snapshot_path(screen_class, case, size)
    if os.environ.get(UPDATE):
        SCREENS.mkdir(exist_ok=True)
        path.write_text(text + "\n", encoding="utf-8")
    assert path.exists(), f"no snapshot {path.name}: see tests/tui/screen_snapshots.py"
    expected = path.read_text(encoding="utf-8")
    if text + "\n" != expected:
        diff = "\n".join(difflib.unified_diff(expected.splitlines(), text.splitlines(), "snapshot", "now",
                                              lineterm=""))
        raise AssertionError(f"{path.name} changed (see tests/tui/screen_snapshots.py):\n{diff}")
