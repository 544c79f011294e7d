"""Board widgets for the app's tests: one that works through keys, one that fails."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from parlour.core.game import Action
from parlour.tui.board import Board


class SevensHandBoard(Board, can_focus=True):
    """Sevens by number keys: 1 plays the first legal action, 2 the second..."""

    BINDINGS = [Binding(str(n), f"pick({n - 1})", f"Action {n}", show=False) for n in range(1, 10)]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.legal: list[Action] = []
        self.shown: list[tuple[dict[str, Any], bool]] = []

    def compose(self) -> ComposeResult:
        yield Static(id="hand-text")

    def show(self, view: Mapping[str, Any], legal: Sequence[Action] | None) -> None:
        self.shown.append((dict(view), legal is not None))
        self.legal = list(legal or [])
        hand = view.get("hand")
        self.query_one("#hand-text", Static).update(f"row {view['row']}  hand {hand}")

    def action_pick(self, index: int) -> None:
        if index < len(self.legal):
            self.choose(self.legal[index])


class FailingBoard(Board):
    def show(self, view: Mapping[str, Any], legal: Sequence[Action] | None) -> None:
        raise RuntimeError("the board is broken")
