"""The screen of a game played here, and the local turn loop that drives it.

:class:`TableScreen` is a :class:`~parlour.tui.table_view.TableShell` driven by
:class:`LocalTurns`: the engine asks the person at the table or a computer player (in a
worker), every move is saved, a move can be taken back, a hot-seat table is handed over.
What is shown, and the keys, are the table's parts in :mod:`parlour.tui.table_view`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.worker import Worker, get_current_worker

from parlour.core.agents import abilities
from parlour.core.game import Action, IllegalAction, PluginError, with_names
from parlour.core.i18n import N_, _, ngettext
from parlour.core.match import Match
from parlour.core.seating import take_back
from parlour.tui import advice
from parlour.tui.dialogs import ConfirmDialog, HandOverScreen, LeaveDialog
from parlour.tui.screen import Parlour
from parlour.tui.table_view import LiveGame, Phase, TableShell, TableView

__all__ = ["LiveGame", "LocalTurns", "Phase", "TableScreen"]


class _LeftTheTable(BaseException):
    """Raised by the progress callback of a computer player whose table was left (or the
    app quit) while it thought: its search stops at once, and the worker ends quietly. A
    BaseException: a player's own ``except Exception`` does not swallow it."""


class TableScreen(TableShell):
    """A table played in this app, saved to ``live.path`` after every move."""

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

    #: after the shell's keys, so a narrow footer cuts it first (it is in the palette too)
    BINDINGS: ClassVar[list[BindingType]] = [Binding("f6", "advise", N_("Advice"), id="table.advice")]

    def __init__(self, live: LiveGame) -> None:
        self.turns = LocalTurns(live, self)
        super().__init__(self.turns)

    @property
    def live(self) -> LiveGame:
        return self.turns.live

    @property
    def match(self) -> Match:
        return self.turns.live.match

    def on_table_screen_thought(self, message: Thought) -> None:
        self.turns.thought(message)

    def on_table_screen_agent_chose(self, message: AgentChose) -> None:
        self.turns.agent_chose(message)

    def on_screen_resume(self) -> None:
        self.turns.resumed()

    def save(self) -> None:
        self.turns.save()

    # -- advice (F6): only where the take-back is ----------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "advise":
            return advice.offered(self)
        return super().check_action(action, parameters)

    def action_advise(self) -> None:
        """The computer's best moves for the person's decision (:mod:`parlour.tui.advice`)."""
        advice.ask(self)

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield from super().palette_commands()
        if advice.offered(self):
            yield SystemCommand(_("Advice"), _("The computer's three best moves for your decision (F6)"),
                                self.action_advise)


class LocalTurns:
    """The turn loop of a game played here: whose decision it is, a computer's thinking in a
    worker, saving after every move, taking a move back, leaving."""

    def __init__(self, live: LiveGame, screen: TableScreen) -> None:
        self.live = live
        self.game = live.game
        self.screen = screen
        self.view = TableView(self, live.match, at_table=live.humans[0] if len(live.humans) == 1 else None)
        #: the highest percent shown while the same computer decides several times in a row
        #: (each of its searches reports from 0): what is shown never goes back
        self.thought_so_far = 0
        #: a computer player's decision that came while another screen was on top
        self.pending: TableScreen.AgentChose | None = None
        #: the moves of the line last taken back: while the same moves are played again, the
        #: computers reply as they did (a take-back cannot reroll their choices)
        self.foreseen: list[str] = []
        self.claimed: tuple[Any, Any] | None = None

    @property
    def match(self) -> Match:
        return self.live.match

    @property
    def parlour(self) -> Parlour:
        return self.screen.parlour

    @property
    def hot_seat(self) -> bool:
        return len(self.live.humans) > 1

    def news(self) -> dict[str, Any]:
        return {}

    def start(self) -> None:
        """Save the table and claim its save (so that another running copy of Parlour sees
        it being played here), then start the turn loop."""
        if not self.live.path.exists():
            self.save()  # so that a table left before its first move can still be continued
        self.claimed = (self.live.path, self.parlour.saves.claim(self.live.path))
        self.screen.call_after_refresh(self.advance)

    def closed(self) -> None:
        if self.claimed is not None:
            self.parlour.saves.release(*self.claimed)

    # -- the turn loop -------------------------------------------------------------
    def advance(self) -> None:
        """Move on to whatever the game needs next: a person, a computer, or the results."""
        view = self.view
        state = self.match.state
        if state.is_over:
            self.finish()
            return
        seat = state.to_move
        assert seat is not None
        if self.live.is_human(seat):
            if self.hot_seat and view.at_table != seat:
                self.hand_over(seat)
            else:
                self.sit(seat)
        else:
            if not (view.phase is Phase.THINKING and view.seat == seat):
                self.thought_so_far = 0  # another computer's turn (or the first), not the same one going on
            view.phase, view.seat = Phase.THINKING, seat
            reports = abilities(self.match.agents[seat]).reports_progress
            view.thought = self.thought_so_far if reports else None
            view.present(None)
            self.think(seat, len(self.match.record.actions), self.foreseen_reply())

    def sit(self, seat: int) -> None:
        view = self.view
        view.at_table = seat
        view.phase, view.seat = Phase.DECIDING, seat
        view.present(self.match.state.legal_actions())

    def hand_over(self, seat: int) -> None:
        view = self.view
        view.at_table = None
        view.phase, view.seat = Phase.HANDING_OVER, seat
        view.present(None)  # the table behind shows only public things while it is hidden
        self.screen.run_worker(self.handed_over(seat), group="hand-over")

    async def handed_over(self, seat: int) -> None:
        choice = await self.screen.app.push_screen_wait(HandOverScreen(self.live.names[seat], self.game.title))
        if choice == "ready":
            self.sit(seat)
        else:
            self.leave(choice or "leave")

    # -- decisions -----------------------------------------------------------------
    def chosen(self, action: Action) -> None:
        state = self.match.state
        awaiting = self.view.awaiting
        if awaiting is None or state.to_move != awaiting:
            self.screen.notify(_("It is not your move."), severity="warning")
            return
        start = len(state.events)
        try:
            self.match.play(action)
        except IllegalAction as exc:
            self.screen.notify(with_names(str(exc), self.live.names), title=_("Not allowed"), severity="error",
                               markup=False)
            self.view.present(state.legal_actions())
            return
        except Exception as exc:  # noqa: BLE001 - a plugin bug is reported, the app stays up
            self.screen.fail(str(exc) if isinstance(exc, PluginError) else f"{type(exc).__name__}: {exc}")
            return
        self.after_move(start)

    def foreseen_reply(self) -> str | None:
        """The move a computer made here before the player took a move back, while the
        moves since are the same; else None (and the line taken back is forgotten)."""
        actions = self.match.record.actions
        done = len(actions)
        if done < len(self.foreseen) and self.foreseen[:done] == actions:
            return self.foreseen[done]
        self.foreseen = []
        return None

    def think(self, seat: int, turn: int, foreseen: str | None = None) -> Worker[None]:
        """A computer player's decision, in a worker thread of the screen (group "computer")."""
        return self.screen.run_worker(lambda: self.thinking(seat, turn, foreseen), thread=True, exclusive=True,
                                      group="computer", exit_on_error=False)

    def thinking(self, seat: int, turn: int, foreseen: str | None) -> None:
        """A computer player's decision, off the UI thread; at least ``ai_delay`` long.
        ``foreseen``: the move it made here before a take-back, made again without thinking."""
        worker = get_current_worker()
        started = time.monotonic()
        match = self.match
        chosen: tuple[Action | None, str | None] | None
        if foreseen is not None:
            try:
                chosen = (self.game.legal_action(match.state, foreseen), None)
            except Exception as exc:  # noqa: BLE001 - reported by the table
                chosen = (None, _("{game} failed to read the move {move}: {error}").format(
                    game=self.game.title, move=repr(foreseen), error=f"{type(exc).__name__}: {exc}"))
        else:
            chosen = self.decision(worker, match, seat, turn, started)
            if chosen is None:
                return  # the table was left while it thought
        while not worker.is_cancelled and time.monotonic() - started < self.parlour.ai_delay:
            time.sleep(min(0.05, self.parlour.ai_delay))
        if not worker.is_cancelled:
            self.screen.post_message(TableScreen.AgentChose(seat, turn, *chosen, match))

    def decision(self, worker: Any, match: Match, seat: int, turn: int,
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
                self.screen.post_message(TableScreen.Thought(seat, turn, percent))

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
                return None, _("{name} took longer than {seconds} s to decide").format(
                    name=match.who(seat), seconds=f"{limit:g}")
        kind, value = outcome[0]
        if kind == "left":
            return None
        if kind == "failed":
            return None, str(value) if isinstance(value, PluginError) else f"{type(value).__name__}: {value}"
        return value, None

    def thought(self, message: TableScreen.Thought) -> None:
        view = self.view
        if view.thinking != message.seat or message.turn != len(self.match.record.actions):
            return  # not thinking any more (the table moved on or was left)
        view.thought = self.thought_so_far = max(self.thought_so_far, message.percent)
        view.refresh_status()

    def agent_chose(self, message: TableScreen.AgentChose) -> None:
        if self.view.phase is Phase.LEFT:
            return
        if not self.screen.is_active:
            self.pending = message  # played when the rules or the menu close
            return
        state = self.match.state
        if message.match is not None and message.match is not self.match:
            return  # asked before a take-back
        if message.turn != len(self.match.record.actions) or state.to_move != message.seat:
            return  # stale: the table moved on (or was left) meanwhile
        self.view.thought = None
        action = message.action
        if message.error is not None or action is None:
            self.screen.fail(message.error or _("{name} chose nothing").format(name=self.match.who(message.seat)))
            return
        start = len(state.events)
        try:
            self.match.play_chosen(message.seat, action)  # a move that is not legal is not played
        except Exception as exc:  # noqa: BLE001 - a plugin bug: report it and leave the table saved
            self.screen.fail(str(exc) if isinstance(exc, PluginError) else f"{type(exc).__name__}: {exc}")
            return
        self.after_move(start)  # which moves the phase on from THINKING

    def resumed(self) -> None:
        """The screen is on top again: a decision that came meanwhile is played now."""
        if self.pending is not None:
            message, self.pending = self.pending, None
            self.agent_chose(message)

    def after_move(self, start: int) -> None:
        """The move that logged the events from ``start`` on was played: save, then hold the
        moment if it was one (see ``Game.pauses``), else go on."""
        self.save()
        moment = self.view.moment(start)
        if moment:
            self.view.pause(moment)
        else:
            self.advance()

    def save(self) -> None:
        try:
            self.live.path = self.parlour.saves.save(self.match.record, self.live.path)
        except OSError as exc:
            self.screen.notify(_("The game could not be saved: {error}").format(error=exc), severity="error", markup=False)

    def finish(self) -> None:
        self.view.phase, self.view.seat = Phase.OVER, None
        self.view.present(None)
        self.parlour.show_results(self.live)

    # -- taking a move back ---------------------------------------------------------
    def take_back(self) -> None:
        """Back to just before the person's last decision, when every other seat is a
        computer; the computers then reply as they did to the same moves."""
        view = self.view
        if view.phase in (Phase.STARTING, Phase.OVER, Phase.LEFT):
            return
        humans = self.live.humans
        if len(humans) != 1:
            why = (_("No take-back: another person sits at this table: a move they have seen stays played.")
                   if humans else _("No take-back: nobody at this table is a person."))
            self.screen.notify(why, title=_("Take back"), severity="warning", markup=False)
            return
        seat = humans[0]
        old = self.match
        try:
            rebuilt = take_back(self.game, old, seat, seconds=self.parlour.ai_think)
        except Exception as exc:  # noqa: BLE001 - a game failing on its own record: report it, play on
            self.screen.notify(_("The move could not be taken back: {error}").format(error=f"{type(exc).__name__}: {exc}"),
                               title=_("Take back"), severity="error", markup=False)
            return
        if rebuilt is None:
            self.screen.notify(_("You have not made a move yet."), title=_("Take back"), severity="warning")
            return
        actions = old.record.actions
        if not (len(self.foreseen) > len(actions) and self.foreseen[:len(actions)] == actions):
            self.foreseen = list(actions)
        self.screen.workers.cancel_group(self.screen, "computer")
        self.pending = None
        view.thought = None
        if view.phase is Phase.PAUSED:
            view.end_pause()
        self.live.match = view.table = rebuilt
        view.log_panel.start_over()
        view.phase, view.seat = Phase.STARTING, None
        self.save()
        used = rebuilt.record.takebacks
        self.screen.notify(ngettext("Move taken back ({n} take-back this game).",
                                    "Move taken back ({n} take-backs this game).", used).format(n=used),
                           title=_("Take back"))
        self.advance()

    # -- leaving ---------------------------------------------------------------------
    async def menu(self) -> None:
        app = self.screen.app
        choice = await app.push_screen_wait(LeaveDialog(self.game.title))
        if choice == "leave":
            self.leave(choice)
        elif choice == "abandon":  # as home's x: a game thrown away is asked about first
            if await app.push_screen_wait(ConfirmDialog(_("Abandon this game of {game}?").format(game=self.game.title)
                                                        + "\n" + _("It cannot be continued afterwards."),
                                                        yes=_("Abandon it"), no=_("Keep it"))):
                self.leave("abandon")

    def leave(self, choice: str) -> None:
        self.view.phase = Phase.LEFT
        self.pending = None
        self.screen.workers.cancel_group(self.screen, "computer")
        if choice == "abandon":
            self.parlour.saves.discard(self.live.path)
            self.screen.notify(_("The game of {game} was abandoned.").format(game=self.game.title), markup=False)
        else:
            self.screen.notify(_("Saved: continue it from the home screen."))
        self.screen.dismiss(None)
