"""The game screen: the board, the status and log panels, and the turn loop.

What is shown is always the view of the person at the table: in a hot-seat game the human
whose decision it is (a hand-over screen hides the table between two different people), with
one human that human throughout, with no human an onlooker's view (``view(None)``).

Where the loop stands is one field, :attr:`TableScreen.phase`, with the seat it concerns.
"""

from __future__ import annotations

import enum
import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual import events, work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Footer
from textual.worker import get_current_worker

from parlour.core.agents import abilities
from parlour.core.game import Action, Event, Game, IllegalAction, PluginError, with_names
from parlour.core.match import Match
from parlour.core.record import HUMAN
from parlour.core.seating import take_back
from parlour.tui import advice
from parlour.tui.board import Board, GenericBoard
from parlour.tui.board_loader import board_class
from parlour.tui.dialogs import ConfirmDialog, HandOverScreen, LeaveDialog, ProblemDialog
from parlour.tui.panels import LogPanel, MomentPanel, StatusPanel
from parlour.tui.screen import Header, ParlourScreen


@dataclass
class LiveGame:
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


class Phase(enum.Enum):
    """Where the turn loop stands."""

    STARTING = enum.auto()  #: before the first move is asked for
    DECIDING = enum.auto()  #: a person at the table decides (``TableScreen.seat``)
    THINKING = enum.auto()  #: a computer player decides, in a worker (``TableScreen.seat``)
    HANDING_OVER = enum.auto()  #: the table is hidden until the next person is ready
    WAITING = enum.auto()  #: another person decides, at a hosted table (``TableScreen.seat``)
    PAUSED = enum.auto()  #: the table holds a moment (a game or round settled) until the player goes on
    OVER = enum.auto()  #: the game ended; the results follow
    LEFT = enum.auto()  #: the players left the table (saved or abandoned); nothing more is played


class TableLog(LogPanel):
    """The table's log: focused (F2), it scrolls with the arrows and PgUp/PgDn, and the
    footer says how to go back to the board."""

    BINDINGS = [Binding("f3", "screen.focus_board", "Back to the board", id="table.log.board")]


class _LeftTheTable(BaseException):
    """Raised by the progress callback of a computer player whose table was left (or the
    app quit) while it thought: its search stops at once, and the worker ends quietly. A
    BaseException: a player's own ``except Exception`` does not swallow it."""


class TableScreen(ParlourScreen):
    BINDINGS = [
        # in the footer after the board's own keys, the most needed first, so a narrow
        # terminal cuts the least needed (F2 and F3 are in the palette and the README)
        Binding("escape", "menu", "Menu", id="table.menu"),
        Binding("f1", "rules", "Rules", id="table.rules"),
        Binding("pagedown", "scroll_board(1)", "Scroll", key_display="PgUp/PgDn", id="table.scroll_down"),
        Binding("pageup", "scroll_board(-1)", "Scroll up", show=False, id="table.scroll_up"),
        Binding("ctrl+z", "take_back", "Take back", id="table.take_back"),
        Binding("f6", "advise", "Advice", id="table.advice"),
        Binding("f4", "toggle_side", "Side", id="table.side"),
        Binding("f5", "toggle_hints", "Hints", id="table.hints"),
        Binding("f2", "focus_log", "Log", id="table.log", show=False),
        Binding("f3", "focus_board", "Board", id="table.board", show=False),
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
        match: Match | None = None  #: the match it was asked in (a take-back replaces it)

    @dataclass
    class Thought(Message):
        """How far a computer player that reports progress has got (percent), from its worker."""

        seat: int
        turn: int
        percent: int

    def __init__(self, live: LiveGame) -> None:
        super().__init__()
        self.live = live
        self.board_type, self.board_problem = board_class(live.game)
        self.board: Board = self._make_board(self.board_type)
        self.status_panel = StatusPanel(id="status")
        self.log_panel = TableLog(live.names, id="log")
        self.moment_panel = MomentPanel(live.names, id="moment")
        #: where the turn loop stands, and the seat it concerns (deciding, thinking, handed to)
        self.phase = Phase.STARTING
        self.seat: int | None = None
        #: the human whose view is shown; None for an onlooker (nobody, or between two people)
        self.at_table: int | None = live.humans[0] if len(live.humans) == 1 else None
        #: percent of its thinking done, for a computer player that reports it; else None
        self.thought: int | None = None
        #: the highest percent shown while the same computer decides several times in a row
        #: (each of its searches reports from 0): what is shown never goes back
        self.thought_so_far = 0
        self.last_view: Mapping[str, Any] | None = None
        #: a computer player's decision that came while another screen was on top
        self.pending: TableScreen.AgentChose | None = None
        self.side_chosen: bool | None = None  #: set once the player toggles the side panel
        #: the moves of the line last taken back: while the same moves are played again, the
        #: computers reply as they did (a take-back cannot reroll their choices)
        self.foreseen: list[str] = []
        #: how many moments the table has held so far
        self.moments_held = 0

    # -- layout --------------------------------------------------------------------
    @property
    def match(self) -> Match:
        return self.live.match

    @property
    def hot_seat(self) -> bool:
        return len(self.live.humans) > 1

    @property
    def awaiting(self) -> int | None:
        """The person whose decision the table waits for, if any."""
        return self.seat if self.phase is Phase.DECIDING else None

    @property
    def thinking(self) -> int | None:
        """The computer player deciding now, if any."""
        return self.seat if self.phase is Phase.THINKING else None

    def _make_board(self, cls: type[Board]) -> Board:
        return cls(self.live.game, self.match.rules, self.live.names, id="board")

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="table"):
            yield Vertical(self.board, self.moment_panel, id="board-holder")
            with Vertical(id="side"):
                yield self.status_panel
                yield self.log_panel
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.live.game.title
        if self.board_problem:
            self.notify(f"The board of {self.live.game.title} could not load ({self.board_problem}); "
                        "showing the plain table instead.", severity="warning", timeout=8, markup=False)
        self.board.hints = self.parlour.hints and self.board.supports_hints
        self.sit_down()

    def sit_down(self) -> None:
        """Save the table and claim its save (so that another running copy of Parlour sees
        it being played here), then start the turn loop."""
        if not self.live.path.exists():
            self.save()  # so that a table left before its first move can still be continued
        self.claimed = (self.live.path, self.parlour.saves.claim(self.live.path))
        self.call_after_refresh(self.advance)

    def on_unmount(self) -> None:
        claimed = getattr(self, "claimed", None)
        if claimed is not None:
            self.parlour.saves.release(*claimed)

    # -- the turn loop -------------------------------------------------------------
    def advance(self) -> None:
        """Move on to whatever the game needs next: a person, a computer, or the results."""
        state = self.match.state
        if state.is_over:
            self.finish()
            return
        seat = state.to_move
        assert seat is not None
        if self.live.is_human(seat):
            if self.hot_seat and self.at_table != seat:
                self.hand_over(seat)
            else:
                self.sit(seat)
        else:
            if not (self.phase is Phase.THINKING and self.seat == seat):
                self.thought_so_far = 0  # another computer's turn (or the first), not the same one going on
            self.phase, self.seat = Phase.THINKING, seat
            reports = abilities(self.match.agents[seat]).reports_progress
            self.thought = self.thought_so_far if reports else None
            self.present(None)
            self.think(seat, len(self.match.record.actions), self.foreseen_reply())

    def sit(self, seat: int) -> None:
        self.at_table = seat
        self.phase, self.seat = Phase.DECIDING, seat
        self.present(self.match.state.legal_actions())

    def hand_over(self, seat: int) -> None:
        self.at_table = None
        self.phase, self.seat = Phase.HANDING_OVER, seat
        self.present(None)  # the table behind shows only public things while it is hidden

        def done(choice: str | None) -> None:
            if choice == "ready":
                self.sit(seat)
            else:
                self.leave(choice or "leave")

        self.app.push_screen(HandOverScreen(self.live.names[seat], self.live.game.title), done)

    def present(self, legal: Sequence[Action] | None) -> None:
        """Show the table to ``self.at_table``: board, status and log."""
        state = self.match.state
        try:  # the game's own code: what the seat sees, its log, its running scores
            view = state.view(self.at_table)
            self.last_view = view
            self.update_status(view)
            self.log_panel.show(state, self.at_table)
        except Exception as exc:  # noqa: BLE001 - a plugin bug stops the table, not the app
            self.fail(f"{self.live.game.title} failed to show the table: {type(exc).__name__}: {exc}")
            return
        try:
            self.board.show(view, legal)
        except Exception as exc:  # noqa: BLE001 - a broken board falls back to the plain one
            self.replace_board(f"{type(exc).__name__}: {exc}", view, legal)
            return
        if legal:
            self.board_in_view()
            self.focus_board()

    def replace_board(self, problem: str, view: Mapping[str, Any], legal: Sequence[Action] | None) -> None:
        self.notify(f"The board failed ({problem}); showing the plain table instead.",
                    severity="error", timeout=8, markup=False)
        old = self.board
        old.display = False  # out of the layout at once: a broken board gets no more events
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
        self.status_panel.show(self.match, view, at_table=self.at_table, awaiting=self.awaiting,  # type: ignore[arg-type]
                               thinking=self.thinking, thought=self.thought,
                               pausing=self.phase is Phase.PAUSED, hints=self.board.hints, **self.table_news())
        self.sub_title = f"{self.live.game.title} · {self.status_panel.lines_shown[0]}"

    def table_news(self) -> dict[str, Any]:
        """More for the status panel (a hosted table says who is away)."""
        return {}

    # -- decisions -----------------------------------------------------------------
    def on_board_chosen(self, event: Board.Chosen) -> None:
        event.stop()
        state = self.match.state
        if self.phase is Phase.LEFT:
            return
        if self.awaiting is None or state.to_move != self.awaiting:
            self.notify("It is not your move.", severity="warning")
            return
        start = len(state.events)
        try:
            self.match.play(event.action)
        except IllegalAction as exc:
            self.notify(with_names(str(exc), self.live.names), title="Not allowed", severity="error", markup=False)
            self.present(state.legal_actions())
            return
        except Exception as exc:  # noqa: BLE001 - a plugin bug is reported, the app stays up
            self.fail(str(exc) if isinstance(exc, PluginError) else f"{type(exc).__name__}: {exc}")
            return
        self.after_move(start)

    def fail(self, what: str) -> None:
        """A game's or a computer player's code failed: leave the table, saved up to the last
        good move, and say so in a dialog; the app goes on."""
        if self.phase is Phase.LEFT:
            return  # already left (a second failure on the way out)
        title = self.live.game.title
        self.leave("leave")
        self.app.call_later(self.app.push_screen, ProblemDialog(
            f"{title} stopped: a plugin failed",
            f"{what}\n\nThe game is saved up to the last good move: continue it from the home screen "
            "once the game or the computer player is mended.",
        ))

    def foreseen_reply(self) -> str | None:
        """The move a computer made here before the player took a move back, while the
        moves since are the same; else None (and the line taken back is forgotten)."""
        actions = self.match.record.actions
        done = len(actions)
        if done < len(self.foreseen) and self.foreseen[:done] == actions:
            return self.foreseen[done]
        self.foreseen = []
        return None

    @work(thread=True, exclusive=True, group="computer", exit_on_error=False)
    def think(self, seat: int, turn: int, foreseen: str | None = None) -> None:
        """A computer player's decision, off the UI thread; at least ``ai_delay`` long.
        ``foreseen``: the move it made here before a take-back, made again without thinking."""
        worker = get_current_worker()
        started = time.monotonic()
        match = self.match
        chosen: tuple[Action | None, str | None] | None
        if foreseen is not None:
            try:
                chosen = (self.live.game.parse_action(match.state, foreseen), None)
            except Exception as exc:  # noqa: BLE001 - reported by the table
                chosen = (None, f"{self.live.game.title} failed to read the move {foreseen!r}: "
                                f"{type(exc).__name__}: {exc}")
        else:
            chosen = self._decide(worker, match, seat, turn, started)
            if chosen is None:
                return  # the table was left while it thought
        while not worker.is_cancelled and time.monotonic() - started < self.parlour.ai_delay:
            time.sleep(min(0.05, self.parlour.ai_delay))
        if not worker.is_cancelled:
            self.post_message(self.AgentChose(seat, turn, *chosen, match))

    def _decide(self, worker: Any, match: Match, seat: int, turn: int,
                started: float) -> tuple[Action | None, str | None] | None:
        """Ask ``match``'s player at ``seat``: its action or what went wrong; None when the
        table was left meanwhile.

        A player that reports progress is shown it, never going back (each search reports
        from 0, a decision may search twice) and never 100 % (a move it did not search reports
        1.0 at once); once the worker is cancelled (the table left, the app quitting) its next
        report stops it, so nobody waits on its thinking."""
        shown = -1
        limit = self.parlour.agent_time_limit

        def progress(fraction: float) -> None:
            nonlocal shown
            if worker.is_cancelled:
                raise _LeftTheTable
            if not fraction < 1.0:
                return  # done (or a move it did not search, or nonsense): the move itself follows
            percent = int(fraction * 100) if fraction > 0.0 else 0  # NaN: 0
            if percent > shown:  # a second search of the same decision starts again from 0
                shown = percent
                self.post_message(self.Thought(seat, turn, percent))

        # The decision runs in a daemon thread of its own, which this worker waits on: a
        # player that never returns is given up on at its time limit or when the table is
        # left, and never keeps the app from quitting (the worker's own thread would).
        outcome: list[tuple[str, Any]] = []

        def decide() -> None:
            try:
                outcome.append(("chose", match.ask(progress=progress)))
            except _LeftTheTable:
                outcome.append(("left", None))
            except BaseException as exc:  # noqa: BLE001 - reported by the table
                outcome.append(("failed", exc))

        thinker = threading.Thread(target=decide, daemon=True, name=f"parlour-seat-{seat + 1}")
        thinker.start()
        while not outcome:
            thinker.join(0.05)
            if worker.is_cancelled:
                return None
            if not outcome and time.monotonic() - started > limit:
                return None, f"{match.who(seat)} took longer than {limit:g} s to decide"
        kind, value = outcome[0]
        if kind == "left":
            return None
        if kind == "failed":
            return None, str(value) if isinstance(value, PluginError) else f"{type(value).__name__}: {value}"
        return value, None

    def on_table_screen_thought(self, message: Thought) -> None:
        if self.thinking != message.seat or message.turn != len(self.match.record.actions):
            return  # not thinking any more (the table moved on or was left)
        self.thought = self.thought_so_far = max(self.thought_so_far, message.percent)
        self.update_status(self.last_view if self.last_view is not None else self.match.state.view(self.at_table))

    def on_table_screen_agent_chose(self, message: AgentChose) -> None:
        if self.phase is Phase.LEFT:
            return
        if not self.is_active:
            self.pending = message  # played when the rules or the menu close
            return
        state = self.match.state
        if message.match is not None and message.match is not self.match:
            return  # asked before a take-back
        if message.turn != len(self.match.record.actions) or state.to_move != message.seat:
            return  # stale: the table moved on (or was left) meanwhile
        self.thought = None
        action = message.action
        if message.error is not None or action is None:
            self.fail(message.error or f"{self.match.who(message.seat)} chose nothing")
            return
        start = len(state.events)
        try:
            self.match.play_chosen(message.seat, action)  # a move that is not legal is not played
        except Exception as exc:  # noqa: BLE001 - a plugin bug: report it and leave the table saved
            self.fail(str(exc) if isinstance(exc, PluginError) else f"{type(exc).__name__}: {exc}")
            return
        self.after_move(start)  # which moves the phase on from THINKING

    def on_screen_resume(self) -> None:
        if self.pending is not None:
            message, self.pending = self.pending, None
            self.on_table_screen_agent_chose(message)

    def after_move(self, start: int) -> None:
        """The move that logged the events from ``start`` on was played: save, then hold the
        moment if it was one (see ``Game.pauses``), else go on."""
        self.save()
        moment = self.moment(start)
        if moment:
            self.pause(moment)
        else:
            self.advance()

    def moment(self, start: int) -> list[Event]:
        """The events from ``start`` on that the person at the table saw, when one of them is
        of a kind the game pauses for and somebody at the table is a person; else none."""
        pauses = self.live.game.pauses
        if not pauses or not self.live.humans:
            return []
        seen = self.match.state.events_for(self.at_table, start)
        return seen if any(event.kind in pauses for event in seen) else []

    def pause(self, events: list[Event]) -> None:
        self.phase, self.seat = Phase.PAUSED, None
        self.moments_held += 1
        self.present(None)
        try:
            self.board.show_moment(self.last_view or {}, events)
        except Exception as exc:  # noqa: BLE001 - the moment is still listed below the board
            self.notify(f"The board failed to show the moment ({type(exc).__name__}: {exc}).",
                        severity="warning", markup=False)
        self.board_in_view()
        self.moment_panel.show(events)
        self.call_after_refresh(self.moment_panel.focus)  # once shown, it can take the focus

    def on_moment_panel_go_on(self, message: MomentPanel.GoOn) -> None:
        message.stop()
        if self.phase is not Phase.PAUSED:
            return
        self.end_pause()
        self.advance()

    def end_pause(self) -> None:
        """Put the moment away: its panel, and what the board showed of it."""
        self.moment_panel.display = False
        try:
            self.board.end_moment()
        except Exception:  # noqa: BLE001 - the next show draws the board anew
            pass

    def save(self) -> None:
        try:
            self.live.path = self.parlour.saves.save(self.match.record, self.live.path)
        except OSError as exc:
            self.notify(f"The game could not be saved: {exc}", severity="error", markup=False)

    def finish(self) -> None:
        self.phase, self.seat = Phase.OVER, None
        self.present(None)
        self.parlour.show_results(self.live)

    # -- hints ---------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "toggle_hints":
            return self.board.supports_hints
        if action == "scroll_board":  # in the footer only while the board is taller than its room
            return self.board.scroller() is not None
        if action == "advise":
            return advice.offered(self)
        return True

    def action_toggle_hints(self) -> None:
        """Hints on or off, for this table and the ones after it (off when the app starts)."""
        self.parlour.hints = not self.parlour.hints
        self.apply_hints()
        self.notify("Hints on: F5 turns them off." if self.parlour.hints else "Hints off.", timeout=3)

    def apply_hints(self) -> None:
        self.board.hints = self.parlour.hints and self.board.supports_hints
        try:
            self.board.hints_changed()  # drawn again as it stands: a bid half entered stays
        except Exception as exc:  # noqa: BLE001 - a board failing on its hints: say so, play on
            self.notify(f"The board failed to show its hints ({type(exc).__name__}: {exc}).",
                        severity="warning", markup=False)
        if self.last_view is not None:
            self.update_status(self.last_view)

    # -- taking a move back ---------------------------------------------------------
    def action_take_back(self) -> None:
        """Back to just before the person's last decision, when every other seat is a
        computer; the computers then reply as they did to the same moves."""
        if self.phase in (Phase.STARTING, Phase.OVER, Phase.LEFT):
            return
        humans = self.live.humans
        if len(humans) != 1:
            why = ("another person sits at this table: a move they have seen stays played" if humans
                   else "nobody at this table is a person")
            self.notify(f"No take-back: {why}.", title="Take back", severity="warning", markup=False)
            return
        seat = humans[0]
        old = self.match
        try:
            rebuilt = take_back(self.live.game, old, seat, seconds=self.parlour.ai_think)
        except Exception as exc:  # noqa: BLE001 - a game failing on its own record: report it, play on
            self.notify(f"The move could not be taken back: {type(exc).__name__}: {exc}",
                        title="Take back", severity="error", markup=False)
            return
        if rebuilt is None:
            self.notify("You have not made a move yet.", title="Take back", severity="warning")
            return
        actions = old.record.actions
        if not (len(self.foreseen) > len(actions) and self.foreseen[:len(actions)] == actions):
            self.foreseen = list(actions)
        self.workers.cancel_group(self, "computer")
        self.pending = None
        self.thought = None
        if self.phase is Phase.PAUSED:
            self.end_pause()
        self.live.match = rebuilt
        self.log_panel.start_over()
        self.phase, self.seat = Phase.STARTING, None
        self.save()
        used = rebuilt.record.takebacks
        self.notify(f"Move taken back ({used} take-back{'' if used == 1 else 's'} this game).", title="Take back")
        self.advance()

    def action_advise(self) -> None:
        """The computer's best moves for the person's decision (:mod:`parlour.tui.advice`)."""
        advice.ask(self)

    # -- leaving, rules, focus -----------------------------------------------------
    def action_menu(self) -> None:
        def sure(yes: bool | None) -> None:
            if yes:
                self.leave("abandon")

        def done(choice: str | None) -> None:
            if choice == "leave":
                self.leave(choice)
            elif choice == "abandon":  # as home's x: a game thrown away is asked about first
                self.app.push_screen(ConfirmDialog(f"Abandon this game of {self.live.game.title}?\n"
                                                   "It cannot be continued afterwards.",
                                                   yes="Abandon it", no="Keep it"), sure)

        self.app.push_screen(LeaveDialog(self.live.game.title), done)

    def leave(self, choice: str) -> None:
        self.phase = Phase.LEFT
        self.pending = None
        self.workers.cancel_group(self, "computer")
        if choice == "abandon":
            self.parlour.saves.discard(self.live.path)
            self.notify(f"The game of {self.live.game.title} was abandoned.", markup=False)
        else:
            self.notify("Saved: continue it from the home screen.")
        self.dismiss(None)

    def action_rules(self) -> None:
        self.parlour.show_rules(self.live.game, self.live.match.rules, self.live.match.variants)

    def action_focus_log(self) -> None:
        if self.query_one("#side").display:
            self.log_panel.focus()
        else:
            self.side_chosen = True
            self.show_side(True)
            self.call_after_refresh(self.log_panel.focus)

    def action_scroll_board(self, pages: int) -> None:
        self.board.action_scroll_board(pages)

    def action_focus_board(self) -> None:
        if self.query_one("#table").has_class("-side-only"):
            self.side_chosen = False
            self.show_side(False)
        self.call_after_refresh(self.focus_board)

    def action_toggle_side(self) -> None:
        """Give the whole width to the board on a small terminal (the header keeps the status)."""
        self.side_chosen = not self.query_one("#side").display
        self.show_side(self.side_chosen)
        if not self.side_chosen:
            self.call_after_refresh(self.focus_board)

    def show_side(self, shown: bool, width: int | None = None) -> None:
        """Below ``WIDE`` columns the board and the side panel take turns at the whole width:
        squeezed beside each other, the ring and the grids would wrap into garbage."""
        side = self.query_one("#side")
        table = self.query_one("#table")
        alone = shown and (width if width is not None else self.app.size.width) < self.WIDE
        if side.display != shown or table.has_class("-side-only") != alone:
            side.display = shown
            table.set_class(alone, "-side-only")
            self.call_after_refresh(self.log_panel.rewrap)

    def board_in_view(self) -> None:
        """A decision or a moment needs the board: back from the side panel alone."""
        if self.query_one("#table").has_class("-side-only"):
            self.side_chosen = False
            self.show_side(False)

    def on_resize(self, event: events.Resize) -> None:
        """Below ``WIDE`` columns the side panel gives way to the board, unless the player
        chose otherwise with F4; the log is wrapped anew to its width."""
        self.show_side(event.size.width >= self.WIDE if self.side_chosen is None else self.side_chosen,
                       event.size.width)
        # on a low terminal a moment takes a few lines (it scrolls), so the board stays in view
        self.moment_panel.styles.max_height = 7 if event.size.height < 30 else "50%"
        self.call_after_refresh(self.log_panel.rewrap)

    def palette_commands(self) -> Iterable[SystemCommand]:
        title = self.live.game.title
        yield SystemCommand(f"Rules of {title}", "Read the rules; the game waits", self.action_rules)
        yield SystemCommand("Leave the table", "Keep playing, leave it saved, or abandon it", self.action_menu)
        yield SystemCommand("Scroll the log", "Move the focus to the log", self.action_focus_log)
        yield SystemCommand("Back to the board", "Move the focus to the board", self.action_focus_board)
        yield SystemCommand("Show or hide the side panel", "Status and log beside the board",
                            self.action_toggle_side)
