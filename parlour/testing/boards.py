"""Test helpers for a plugin's board widget: the board alone in a small Textual app, a wait
for what the app does next, and a panel read as plain text.

A board test in a plugin::

    import asyncio

    import pytest
    from parlour.core.rulesets import load_ruleset
    from parlour.testing.boards import BoardHost, panel_text, wait_for
    from my_game import GAME
    from my_game.board import MyBoard

    def test_enter_plays_the_first_legal_action(monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(MyBoard, "decision_delay", 0.0)  # take keys at once
        state = GAME.new_game(2, load_ruleset(GAME).resolve(()), 1)

        async def scenario() -> None:
            app = BoardHost(MyBoard, GAME, state.rules, ["Ada", "Bea"])
            async with app.run_test(size=(110, 50)) as pilot:
                app.board.show(state.view(0), list(state.legal_actions()))
                app.board.focus()
                await pilot.press("enter")
                await wait_for(pilot, lambda: bool(app.chosen))
                assert app.chosen == [state.legal_actions()[0]]
                assert "Your turn" in panel_text(app.board.query_one("#my-decision"))

        asyncio.run(scenario())

Subclass :class:`BoardHost` where a test needs more, say to play each choice and show the
next decision (see its docstring on ``on_board_chosen``).
"""

from __future__ import annotations

import inspect
import io
import os
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from rich.console import Console
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Static

from parlour.core.game import Action, Game, State
from parlour.tui.board import Board

__all__ = ["BoardHost", "ManualClock", "panel_text", "screen_text", "settled_text", "wait_for"]

BoardT = TypeVar("BoardT", bound=Board)


class ManualClock:
    """A clock for :attr:`Board.clock` that stands still until the test moves it, so a test
    of the pause after a new decision (``decision_delay``) never depends on how long the
    machine takes to deliver the keys::

        clock = ManualClock()
        monkeypatch.setattr(Board, "clock", clock)
        ...
        clock.advance(MyBoard.decision_delay)  # the pause is over: keys count again
    """

    def __init__(self, now: float = 0.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class BoardHost(App[None], Generic[BoardT]):
    """A bare app holding one board (``id="board"``) for a game, its rules and seat names;
    ``board_kwargs`` go to the board's constructor too. Every ``Board.Chosen`` the board
    posts is recorded in ``chosen``; nothing is applied.

    Textual calls the ``on_board_chosen`` of every class along the MRO, so a subclass that
    also acts on a choice (applies it, shows the next decision) defines its own
    ``on_board_chosen`` without calling ``super()``: it runs first, then this one records
    the action.
    """

    def __init__(self, board_class: type[BoardT], game: Game, rules: Mapping[str, Any],
                 seat_names: Sequence[str], **board_kwargs: Any) -> None:
        super().__init__()
        self.board_class = board_class
        self.game = game
        self.rules = rules
        self.seat_names = list(seat_names)
        self.board_kwargs = board_kwargs
        self.chosen: list[Action] = []

    def compose(self) -> ComposeResult:
        yield self.board_class(self.game, self.rules, self.seat_names, id="board", **self.board_kwargs)

    @property
    def board(self) -> BoardT:
        """The board (once mounted: in ``run_test``, after the first pause or ``on_mount``)."""
        return self.query_one("#board", self.board_class)

    def on_board_chosen(self, message: Board.Chosen) -> None:
        self.chosen.append(message.action)


class TableHost(BoardHost[BoardT]):
    """Every seat at one board, as at a table of people: the board is shown to the seat to
    move in a real ``state``, a choice is applied at once and the next decision shown."""

    def __init__(self, board_class: type[BoardT], game: Game, state: State,
                 seat_names: Sequence[str], **board_kwargs: Any) -> None:
        super().__init__(board_class, game, state.rules, seat_names, **board_kwargs)
        self.state = state

    def on_mount(self) -> None:
        self.present()

    def present(self) -> None:
        self.board.show(self.state.view(self.state.to_move), self.state.legal_actions())
        self.board.focus()

    def on_board_chosen(self, message: Board.Chosen) -> None:
        """Played here; BoardHost's own handler then records it in ``chosen``."""
        self.state.apply(message.action)
        self.present()


def _describe(condition: Callable[[], bool]) -> str:
    """A named function by its name; a lambda by where it stands and its line of source."""
    name = getattr(condition, "__name__", None)
    if name is None:
        return repr(condition)
    if name != "<lambda>":
        return f"{name}()"
    code = condition.__code__
    where = f"the lambda at {os.path.basename(code.co_filename)}:{code.co_firstlineno}"
    try:
        lines, _ = inspect.getsourcelines(condition)
    except (OSError, TypeError):
        return where
    return f"{where}: {' '.join(line.strip() for line in lines)}"


async def wait_for(pilot: Pilot[Any], condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Let the app run, in small pauses, until ``condition()`` holds; after ``timeout``
    seconds fail with an AssertionError that names the condition."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:g}s waiting for {_describe(condition)}")
        await pilot.pause(0.01)


def panel_text(widget: Widget, width: int = 100) -> str:
    """What a ``Static`` shows, as plain text: its content rendered by rich at ``width``
    columns, without colour."""
    if not isinstance(widget, Static):
        raise TypeError(f"panel_text reads a Static, not {type(widget).__name__}")
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(widget.content)
    return console.export_text()


def screen_text(app: App[Any]) -> str:
    """The app's screen as it would show in the terminal now, as plain text (trailing spaces
    cut): what a player at that terminal size sees, for screen checks and snapshots."""
    strips = app.screen._compositor.render_strips()  # no public API gives the composed lines
    return "\n".join(strip.text.rstrip() for strip in strips)


async def settled_text(pilot: Pilot[Any], timeout: float = 10.0) -> str:
    """The screen text once it stops changing from one refresh to the next (scrolling a
    decision into view takes a refresh or two)."""
    last = screen_text(pilot.app)
    deadline = time.monotonic() + timeout
    while True:
        await pilot.pause()
        now = screen_text(pilot.app)
        if now == last:
            return now
        if time.monotonic() > deadline:
            raise AssertionError(f"the screen kept changing for {timeout:g}s")
        last = now
