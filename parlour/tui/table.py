"""The game screen: the board, the log, who is to play, and the computer players' turns.

What is shown is always the view of the person at the table: in a hot-seat game the human
whose decision it is (a hand-over screen hides the table between two different people), with
one human that human throughout, with no human an onlooker's view (``view(None)``).
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from rich.console import Group
from rich.padding import Padding
from rich.progress_bar import ProgressBar
from rich.table import Table as RichTable
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Header, RichLog, Static
from textual.worker import get_current_worker


from parlour.core.game import Action, Game, IllegalAction, with_names
from parlour.core.match import Match
from parlour.core.seating import HUMAN
from parlour.tui.board import Board, GenericBoard

if TYPE_CHECKING:
    from parlour.tui.app import ParlourApp


@dataclass
class Table:
    """A game being played in the app and the file it is saved to."""

    game: Game
    match: Match
    path: Path

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.match.seats]

    def is_human(self, seat: int) -> bool:
        return self.match.seats[seat].agent == HUMAN

    @property
    def humans(self) -> list[int]:
        return [i for i in range(len(self.match.seats)) if self.is_human(i)]


def board_class(game: Game) -> tuple[type[Board], str | None]:
    """The game's board widget, or :class:`GenericBoard` and why it had to be used."""
    if not game.board:
        return GenericBoard, None
    module, _, attr = game.board.partition(":")
    try:
        obj: Any = importlib.import_module(module)
        for part in filter(None, attr.split(".")):
            obj = getattr(obj, part)
        if not (isinstance(obj, type) and issubclass(obj, Board)):
            raise TypeError(f"{game.board} is not a Board widget")
    except Exception as exc:  # noqa: BLE001 - a broken board must not stop the game
        return GenericBoard, f"{type(exc).__name__}: {exc}"
    return obj, None


class _LeftTheTable(Exception):
    """Raised by the progress callback of a computer player whose table was left (or the
    app quit) while it thought: its search stops at once, and the worker ends quietly."""


def running_scores(view: Mapping[str, Any], players: int) -> list[Any] | None:
    """Scores a seat may see during play: a ``scores`` or ``points`` list in its own view.

    ``State.scores()`` is not used before the end: it may count things the seat cannot see."""
    for key in ("scores", "points"):
        value = view.get(key)
        if isinstance(value, list) and len(value) == players:
            return value
    return None


class TableScreen(Screen[None]):
    BINDINGS = [
        Binding("f1", "rules", "Rules", id="table.rules"),
        Binding("f2", "focus_log", "Log", id="table.log"),
        Binding("f3", "focus_board", "Board", id="table.board"),
        Binding("f4", "toggle_side", "Side panel", id="table.side"),
        Binding("escape", "menu", "Menu", id="table.menu"),
    ]
    #: narrower than this, the side panel starts hidden so the board gets the width
    WIDE = 110

    @dataclass
    class AgentChose(Message):
        """A computer player's decision, posted from its worker thread."""

        seat: int
        turn: int
        action: Action | None
        error: str | None = None

    @dataclass
    class Thought(Message):
        """How far a computer player that reports progress has got (percent), from its worker."""

        seat: int
        turn: int
        percent: int

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self.board_type, self.board_problem = board_class(table.game)
        self.board: Board = self._make_board(self.board_type)
        #: the human whose view is shown; None for an onlooker (nobody, or between two people)
        self.at_table: int | None = table.humans[0] if len(table.humans) == 1 else None
        self.awaiting: int | None = None
        self.thinking: int | None = None
        #: percent of its thinking done, for a computer player that reports it; else None
        self.thought: int | None = None
        self.handing_over = False
        self.log_seat: int | None = None
        self.log_count = 0
        self.log_lines: list[str] = []
        self.status_lines: list[str] = []
        self.last_view: Mapping[str, Any] | None = None
        self.pending: TableScreen.AgentChose | None = None
        self.leaving = False
        self.side_chosen: bool | None = None  #: set once the player toggles the side panel

    # -- layout --------------------------------------------------------------------
    @property
    def parlour(self) -> ParlourApp:
        return cast("ParlourApp", self.app)

    @property
    def match(self) -> Match:
        return self.table.match

    @property
    def hot_seat(self) -> bool:
        return len(self.table.humans) > 1

    def _make_board(self, cls: type[Board]) -> Board:
        return cls(self.table.game, self.match.rules, self.table.names, id="board")

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="table"):
            yield Vertical(self.board, id="board-holder")
            with Vertical(id="side"):
                yield Static(id="status")
                log = RichLog(id="log", wrap=True, markup=False, highlight=False, min_width=10)
                log.border_title = "Log"
                yield log
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.table.game.title
        if self.board_problem:
            self.notify(f"The board of {self.table.game.title} could not load ({self.board_problem}); "
                        "showing the plain table instead.", severity="warning", timeout=8, markup=False)
        if not self.table.path.exists():
            self.save()  # so that a table left before its first move can still be continued
        self.call_after_refresh(self.advance)

    # -- the turn loop -------------------------------------------------------------
    def advance(self) -> None:
        """Move on to whatever the game needs next: a person, a computer, or the results."""
        state = self.match.state
        self.awaiting = None
        if state.is_over:
            self.finish()
            return
        seat = state.to_move
        assert seat is not None
        if self.table.is_human(seat):
            if self.hot_seat and self.at_table != seat:
                self.hand_over(seat)
            else:
                self.sit(seat)
        else:
            self.thinking = seat
            self.thought = 0 if getattr(self.match.agents[seat], "reports_progress", False) else None
            self.present(None)
            self.think(seat, len(self.match.record.actions))

    def sit(self, seat: int) -> None:
        self.at_table = seat
        self.awaiting = seat
        self.present(self.match.state.legal_actions())

    def hand_over(self, seat: int) -> None:
        from parlour.tui.dialogs import HandOverScreen

        self.at_table = None
        self.handing_over = True
        self.present(None)  # the table behind shows only public things while it is hidden

        def done(choice: str | None) -> None:
            self.handing_over = False
            if choice == "ready":
                self.sit(seat)
            else:
                self.leave(choice or "leave")

        self.app.push_screen(HandOverScreen(self.table.names[seat], self.table.game.title), done)

    def present(self, legal: Sequence[Action] | None) -> None:
        """Show the table to ``self.at_table``: board, status and log."""
        state = self.match.state
        view = state.view(self.at_table)
        self.last_view = view
        self.update_status(view)
        self.update_log()
        try:
            self.board.show(view, legal)
        except Exception as exc:  # noqa: BLE001 - a broken board falls back to the plain one
            self.replace_board(f"{type(exc).__name__}: {exc}", view, legal)
            return
        if legal:
            self.focus_board()

    def replace_board(self, problem: str, view: Mapping[str, Any], legal: Sequence[Action] | None) -> None:
        self.notify(f"The board failed ({problem}); showing the plain table instead.",
                    severity="error", timeout=8, markup=False)
        old = self.board
        self.board = self._make_board(GenericBoard)

        async def swap() -> None:
            await old.remove()
            await self.query_one("#board-holder").mount(self.board)
            self.board.show(view, legal)

        self.call_later(swap)

    def focus_board(self) -> None:
        focused = self.app.focused
        if focused is not None and (focused is self.board or self.board in focused.ancestors):
            return
        for widget in self.focus_chain:
            if widget is self.board or self.board in widget.ancestors:
                widget.focus()
                return

    def update_status(self, view: Mapping[str, Any]) -> None:
        state = self.match.state
        names = self.table.names
        to_move = state.to_move
        lines: list[Text] = []
        moves = len(self.match.record.actions)
        bar: ProgressBar | None = None
        if self.thinking is not None:
            line = Text.assemble((names[self.thinking], "bold"), " is thinking...", style="italic")
            if self.thought is not None:
                line.append(f" {self.thought}%")
                bar = ProgressBar(total=100, completed=self.thought)
            lines.append(line)
        elif to_move is not None and self.awaiting == to_move:
            lines.append(Text.assemble((names[to_move], "bold"), ": your move"))
        elif to_move is not None:
            lines.append(Text.assemble("Waiting for ", (names[to_move], "bold")))
        lines.append(Text(f"Move {moves + 1}" if to_move is not None else f"Game over after {moves} moves"))
        grid = RichTable(box=None, show_header=False, pad_edge=False, expand=True)
        grid.add_column(width=1)
        grid.add_column(ratio=3, min_width=6, overflow="ellipsis", no_wrap=True)
        grid.add_column(ratio=2, overflow="ellipsis", no_wrap=True)
        scores = running_scores(view, len(names))
        if scores is not None:
            grid.add_column(justify="right")
        for seat, seat_info in enumerate(self.match.seats):
            if seat_info.agent != HUMAN:
                who = f"cpu {seat_info.agent}"
            else:
                who = "you" if seat == self.at_table else "human"
            row = [">" if seat == to_move else "", seat_info.name, who]
            if scores is not None:
                score = scores[seat]
                row.append(f"{score:g}" if isinstance(score, float) else str(score))
            grid.add_row(*row, style="bold" if seat == to_move else "")
        self.status_lines = [line.plain for line in lines]
        self.sub_title = f"{self.table.game.title} · {self.status_lines[0]}"
        # the progress bar goes right under the line that says who is thinking
        # (padded: a bare ProgressBar ends no line, and the next one would run on after it)
        parts: list[Any] = [lines[0], *([Padding(bar, 0)] if bar is not None else []), *lines[1:], Text(""), grid]
        self.query_one("#status", Static).update(Group(*parts))

    def update_log(self) -> None:
        """The events the shown seat saw; rewritten whenever the person at the table changes."""
        state = self.match.state
        log = self.query_one("#log", RichLog)
        if self.log_seat != self.at_table or self.log_count > len(state.events):
            log.clear()
            self.log_lines = []
            self.log_seat = self.at_table
            self.log_count = 0
        for event in state.events_for(self.log_seat, self.log_count):
            line = with_names(event.text, self.table.names)
            self.log_lines.append(line)
            log.write(Text(line))
        self.log_count = len(state.events)

    # -- decisions -----------------------------------------------------------------
    def on_board_chosen(self, event: Board.Chosen) -> None:
        event.stop()
        state = self.match.state
        if self.leaving:
            return
        if self.awaiting is None or state.to_move != self.awaiting:
            self.notify("It is not your move.", severity="warning")
            return
        try:
            self.match.play(event.action)
        except IllegalAction as exc:
            self.notify(with_names(str(exc), self.table.names), title="Not allowed", severity="error", markup=False)
            self.present(state.legal_actions())
            return
        except Exception as exc:  # noqa: BLE001 - a plugin bug is reported, the app stays up
            self.notify(f"The game failed on {event.action.text!r}: {type(exc).__name__}: {exc}",
                        severity="error", timeout=10, markup=False)
            self.present(state.legal_actions())
            return
        self.after_move()

    @work(thread=True, exclusive=True, group="computer", exit_on_error=False)
    def think(self, seat: int, turn: int) -> None:
        """A computer player's decision, off the UI thread; at least ``ai_delay`` long.

        A player that reports progress is shown it; once the worker is cancelled (the table
        left, the app quitting) its next report stops it, so nobody waits on its thinking."""
        worker = get_current_worker()
        started = time.monotonic()
        action: Action | None = None
        error: str | None = None
        shown = -1

        def progress(fraction: float) -> None:
            nonlocal shown
            if worker.is_cancelled:
                raise _LeftTheTable
            share = fraction if 0.0 <= fraction <= 1.0 else (1.0 if fraction > 1.0 else 0.0)  # NaN: 0
            percent = int(share * 100)
            if percent != shown:
                shown = percent
                self.post_message(self.Thought(seat, turn, percent))

        try:
            action = self.match.ask(progress=progress)
        except _LeftTheTable:
            return
        except Exception as exc:  # noqa: BLE001 - reported, then a random legal move is played
            error = f"{type(exc).__name__}: {exc}"
        while not worker.is_cancelled and time.monotonic() - started < self.parlour.ai_delay:
            time.sleep(min(0.05, self.parlour.ai_delay))
        if not worker.is_cancelled:
            self.post_message(self.AgentChose(seat, turn, action, error))

    def on_table_screen_thought(self, message: Thought) -> None:
        if self.leaving or self.thinking != message.seat or message.turn != len(self.match.record.actions):
            return
        self.thought = message.percent
        self.update_status(self.last_view if self.last_view is not None else self.match.state.view(self.at_table))

    def on_table_screen_agent_chose(self, message: AgentChose) -> None:
        if self.leaving:
            return
        if not self.is_active:
            self.pending = message  # played when the rules or the menu close
            return
        state = self.match.state
        if message.turn != len(self.match.record.actions) or state.to_move != message.seat:
            return  # stale: the table moved on (or was left) meanwhile
        self.thinking = None
        self.thought = None
        name = self.table.names[message.seat]
        action = message.action
        if action is None or not state.is_legal(action):
            reason = message.error or f"{action.label if action else 'nothing'!r} is not a legal move"
            self.notify(f"{name} failed to decide ({reason}); it plays a random move.",
                        severity="error", markup=False)
            legal = state.legal_actions()
            action = legal[random.Random(message.turn).randrange(len(legal))]
        try:
            self.match.play(action)
        except Exception as exc:  # noqa: BLE001 - a plugin bug: report it and leave the table saved
            self.notify(f"The game failed on {action.text!r}: {type(exc).__name__}: {exc}",
                        severity="error", timeout=10, markup=False)
            self.leave("leave")
            return
        self.after_move()

    def on_screen_resume(self) -> None:
        if self.pending is not None:
            message, self.pending = self.pending, None
            self.on_table_screen_agent_chose(message)

    def after_move(self) -> None:
        self.save()
        self.advance()

    def save(self) -> None:
        try:
            self.table.path = self.parlour.saves.save(self.match.record, self.table.path)
        except OSError as exc:
            self.notify(f"The game could not be saved: {exc}", severity="error", markup=False)

    def finish(self) -> None:
        from parlour.tui.results import ResultsScreen

        self.thinking = None
        self.present(None)
        self.app.switch_screen(ResultsScreen(self.table))

    # -- leaving, rules, focus -----------------------------------------------------
    def action_menu(self) -> None:
        from parlour.tui.dialogs import LeaveDialog

        def done(choice: str | None) -> None:
            if choice in ("leave", "abandon"):
                self.leave(choice)

        self.app.push_screen(LeaveDialog(self.table.game.title), done)

    def leave(self, choice: str) -> None:
        self.leaving = True
        self.pending = None
        self.workers.cancel_group(self, "computer")
        if choice == "abandon":
            self.parlour.saves.discard(self.table.path)
            self.notify(f"The game of {self.table.game.title} was abandoned.", markup=False)
        else:
            self.notify("Saved: continue it from the home screen.")
        self.dismiss(None)

    def action_rules(self) -> None:
        from parlour.tui.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.table.game))

    def action_focus_log(self) -> None:
        side = self.query_one("#side")
        log = self.query_one("#log", RichLog)
        if side.display:
            log.focus()
        else:
            self.side_chosen = True
            self.show_side(True)
            self.call_after_refresh(log.focus)

    def action_focus_board(self) -> None:
        self.focus_board()

    def action_toggle_side(self) -> None:
        """Give the whole width to the board on a small terminal (the header keeps the status)."""
        self.side_chosen = not self.query_one("#side").display
        self.show_side(self.side_chosen)

    def show_side(self, shown: bool) -> None:
        side = self.query_one("#side")
        if side.display != shown:
            side.display = shown
            self.call_after_refresh(self.rewrap_log)

    def on_resize(self, event: events.Resize) -> None:
        """Below ``WIDE`` columns the side panel gives way to the board, unless the player
        chose otherwise with F4; the log is wrapped anew to its width."""
        if self.side_chosen is None:
            self.show_side(event.size.width >= self.WIDE)
        self.call_after_refresh(self.rewrap_log)

    def rewrap_log(self) -> None:
        log = self.query_one("#log", RichLog)
        log.clear()
        for line in self.log_lines:
            log.write(Text(line))

    def palette_commands(self) -> Iterable[SystemCommand]:
        title = self.table.game.title
        yield SystemCommand(f"Rules of {title}", "Read the rules; the game waits", self.action_rules)
        yield SystemCommand("Leave the table", "Keep playing, leave it saved, or abandon it", self.action_menu)
        yield SystemCommand("Scroll the log", "Move the focus to the log", self.action_focus_log)
        yield SystemCommand("Back to the board", "Move the focus to the board", self.action_focus_board)
        yield SystemCommand("Show or hide the side panel", "Status and log beside the board",
                            self.action_toggle_side)
