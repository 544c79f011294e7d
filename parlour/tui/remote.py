"""The table screen of a player at a hosted table (issue 14): the table's parts — the game's
board, the status and log panels, the moments it holds — showing a
:class:`~parlour.net.client.RemoteMatch`, driven by :class:`HostedTurns` instead of the local
turn loop. Moves go to the host, which checks them; what comes back is only this seat's view,
its events and its legal moves. Whatever a hosted table does differently is written here.

The host saves the game and keeps its record: this screen saves nothing. Once the game is
over the host sends only the scores and the winners; the player's results and review are
made of what his seat was sent during the game (:class:`~parlour.core.review.SeenReview`).
If the connection drops, the screen says so and joins again with the same code until it is
back or the player leaves.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from textual.binding import Binding, BindingType

from parlour.core.game import Action, Game, with_names
from parlour.core.i18n import N_, _
from parlour.core.record import HUMAN
from parlour.net.client import HostLink, RemoteMatch, refusal_text
from parlour.net.protocol import ProtocolError
from parlour.tui.dialogs import LeaveDialog, ProblemDialog
from parlour.tui.table_view import LiveGame, Phase, TableShell, TableView

#: seconds between two tries to reach a host that went away (doubling up to the last)
RETRY_SECONDS = (0.5, 1.0, 2.0, 4.0)


class RemoteTableScreen(TableShell):
    """One seat of a hosted table, played from this app."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+z", "take_back", N_("Take back"), id="table.take_back", show=False),
    ]

    def __init__(self, game: Game, match: RemoteMatch, link: HostLink, *, hosting: tuple[Any, Path] | None = None) -> None:
        """``hosting``: the server and save path of the table, when this app hosts it."""
        self.turns = HostedTurns(game, match, link, self, hosting=hosting)
        super().__init__(self.turns)

    @property
    def remote(self) -> RemoteMatch:
        return self.turns.remote


class HostedTurns:
    """The link to the host as a table's driver: the host's messages move the table on, the
    person's moves are sent, a dropped connection is joined again."""

    def __init__(self, game: Game, match: RemoteMatch, link: HostLink, screen: RemoteTableScreen, *,
                 hosting: tuple[Any, Path] | None = None) -> None:
        self.game = game
        self.remote = match
        self.link = link
        self.screen = screen
        self.hosting = hosting
        # a game that cannot read its actions back from their texts gets the plain board
        self.view = TableView(self, match, at_table=match.seat, plain=match.plain)
        self.names = [s.name for s in match.seats]
        self.queue: list[dict[str, Any]] = []  #: host messages held while a moment is shown
        self.sent: int | None = None  #: the decision whose move is on its way to the host
        self.trouble: str | None = None  #: what is wrong with the connection, while it is
        #: the finished game: the hosted match (this app hosts it), or what this seat saw of it
        self.final: Any = None
        #: the next table message brings everything so far (on sitting down, on joining
        #: again): it is shown, not held as a moment
        self.catching_up = True

    def news(self) -> dict[str, Any]:
        return {"away": self.remote.away, "takeover": self.remote.takeover, "trouble": self.trouble,
                "sent": self.sent is not None}

    def closed(self) -> None:
        """The host saves the game after every move: nothing to let go of here."""

    # -- the connection -----------------------------------------------------------
    def start(self) -> None:
        self.screen.run_worker(self.listen(), exclusive=True, group="link", exit_on_error=False)

    async def listen(self) -> None:
        """Read the host's messages, and join again whenever the connection drops."""
        failures = 0
        while self.view.phase not in (Phase.LEFT, Phase.OVER):
            try:
                message = await self.link.receive()
            except ProtocolError as exc:
                self.stop(_("The host sent a message this app cannot read: {error}").format(error=exc))
                return
            except Exception:  # noqa: BLE001 - the connection dropped: join again
                if self.view.phase in (Phase.LEFT, Phase.OVER):
                    return
                self.say_trouble(_("The host cannot be reached: joining again..."))
                await asyncio.sleep(RETRY_SECONDS[min(failures, len(RETRY_SECONDS) - 1)])
                failures += 1
                try:
                    await self.link.open()
                except Exception:  # noqa: BLE001 - not yet: try again
                    continue
                continue
            failures = 0
            self.received(message)
            if self.trouble is not None and message["type"] != "refused":
                self.say_trouble(None)
            if message["type"] == "results":
                return  # the game is over: the host has nothing more to say, and may go

    def received(self, message: dict[str, Any]) -> None:
        view = self.view
        if view.phase in (Phase.LEFT, Phase.OVER):
            return  # the screen is going: nothing more to show on it
        kind = message["type"]
        try:
            if kind == "welcome":  # joined again: the whole table follows
                self.remote.reseat(message)  # a computer may have sat down for somebody meanwhile
                self.remote.state.start_over()
                self.queue.clear()  # what came before is in the table that follows
                view.log_panel.start_over()
                self.catching_up = True
            elif kind == "refused":
                self.refused(refusal_text(message))
            elif kind == "presence":
                self.remote.presence(message)
                self.refresh_status()
            elif kind == "seats":
                self.remote.reseat(message)
                self.refresh_status()
            elif view.phase is Phase.PAUSED:
                self.queue.append(message)  # the moment is read first
            else:
                self.take(message)
        except ProtocolError as exc:
            self.stop(_("The host sent a message this app cannot read: {error}").format(error=exc))

    def take(self, message: dict[str, Any]) -> None:
        """A ``table`` or ``results`` message, in turn."""
        if message["type"] == "results":
            self.finished(message)
            return
        start = len(self.remote.state.events)
        self.remote.update(message)
        self.sent = None
        moment = [] if self.catching_up else self.view.moment(start)
        self.catching_up = False
        if moment:
            self.view.pause(moment)
        else:
            self.advance()

    def refused(self, why: str) -> None:
        """A move refused (the table is as it was), or the seat after joining again."""
        if self.trouble is not None or self.view.phase is Phase.STARTING:
            self.stop(_("The host refused: {why}").format(why=why))  # joining again failed: a new code, or a computer sat down
            return
        self.screen.notify(with_names(why, self.names), title=_("Not allowed"), severity="error", markup=False)
        if self.sent is not None:
            self.sent = None
            if self.view.phase is Phase.DECIDING:
                self.view.present(self.remote.state.legal_actions())

    def say_trouble(self, trouble: str | None) -> None:
        self.trouble = trouble
        self.refresh_status()

    def refresh_status(self) -> None:
        if self.view.last_view is not None:
            self.view.update_status(self.view.last_view)

    def stop(self, why: str) -> None:
        """The table cannot go on here: say why in a dialog, and leave it."""
        if self.view.phase is Phase.LEFT:
            return
        self.leave("leave", quiet=True)
        self.screen.app.call_later(self.screen.app.push_screen, ProblemDialog(_("You left the hosted table"), why))

    # -- the turn loop -------------------------------------------------------------
    def advance(self) -> None:
        view = self.view
        if self.queue:  # what came while a moment was shown, in turn
            view.phase = Phase.WAITING
            self.take(self.queue.pop(0))
            return
        state = self.remote.state
        if state.is_over:
            if self.final is not None:
                self.finish()
            else:
                view.phase, view.seat = Phase.WAITING, None
                view.present(None)
            return
        seat = state.to_move
        if seat == view.at_table and state.legal_actions():
            view.phase, view.seat = Phase.DECIDING, seat
            view.present(state.legal_actions())
            return
        computer = seat is not None and self.remote.seats[seat].agent != HUMAN
        view.phase, view.seat = (Phase.THINKING if computer else Phase.WAITING), seat
        view.present(None)

    def chosen(self, action: Action) -> None:
        if self.view.phase is not Phase.DECIDING:
            self.screen.notify(_("It is not your move."), severity="warning")
            return
        if self.sent is not None:
            self.screen.notify(_("Your move is on its way to the host."), severity="warning")
            return
        self.sent = self.remote.moves
        self.refresh_status()  # no longer "your move": the host answers once its computers have played
        self.screen.run_worker(self.send(self.remote.moves, action.text), group="send", exit_on_error=False)

    async def send(self, turn: int, text: str) -> None:
        try:
            await self.link.send_move(turn, text)
        except Exception:  # noqa: BLE001 - the connection dropped: the move is asked again once back
            self.sent = None
            self.refresh_status()

    def finished(self, message: Mapping[str, Any]) -> None:
        """The results: the scores and the winners, all the host sends. A player keeps no
        record (the host never sends it: it holds every secret); his results and review are
        made of what his seat was sent. The app that hosts has the match itself: its record
        is in the records, and its review is the ordinary one."""
        self.remote.state.final = dict(message)
        if self.hosting is not None:
            server, path = self.hosting
            kept = self.screen.parlour.saves.records / path.name
            self.final = LiveGame(self.game, server.table.match, kept if kept.is_file() else path)
        else:
            try:
                self.final = self.remote.seen_review()
            except ValueError as exc:
                self.stop(_("The game is over, but this app saw nothing of it to show: {error}").format(error=exc))
                return
        self.advance()

    def finish(self) -> None:
        self.view.phase, self.view.seat = Phase.OVER, None
        self.close_link()
        parlour = self.screen.parlour
        # after the header has shown the last status (a title still being set on a screen
        # switched away fails inside Textual)
        if isinstance(self.final, LiveGame):
            self.screen.call_after_refresh(parlour.show_results, self.final, remote=self.remote.seat)
        else:
            self.screen.call_after_refresh(parlour.show_results, LiveGame(self.game, self.remote, Path()),  # type: ignore[arg-type]
                                           seen=self.final)

    # -- what a hosted table does not do ------------------------------------------------
    def take_back(self) -> None:
        self.screen.notify(_("No take-back at a hosted table: the others have seen the move."),
                           title=_("Take back"), severity="warning")

    async def menu(self) -> None:
        choice = await self.screen.app.push_screen_wait(
            LeaveDialog(self.game.title, hosted=True, hosting=self.hosting is not None))
        if choice in ("leave", "abandon"):
            self.leave("leave")

    def leave(self, choice: str, quiet: bool = False) -> None:
        self.view.phase = Phase.LEFT
        self.screen.workers.cancel_group(self.screen, "link")
        self.close_link()
        if self.hosting is not None:
            from parlour.net.server import close_table

            server, path = self.hosting
            self.screen.app.run_worker(close_table(server, path), group="unhost", exit_on_error=False)
            if not quiet:
                self.screen.notify(_("You stopped hosting the table; it is saved: {command} hosts it again (the "
                                     "players keep their codes; yours is {code}).").format(
                                         command=f"parlour host {self.game.id} --resume {path.stem}", code=self.link.code),
                                   markup=False, timeout=30)
        elif not quiet:
            self.screen.notify(_("You left the table; the host keeps it: join again with your code."), markup=False)
        self.screen.dismiss(None)

    def close_link(self) -> None:
        self.screen.run_worker(self.link.close(), group="close", exit_on_error=False)
