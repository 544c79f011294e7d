"""The table screen of a player at a hosted table (issue 14): the ordinary table screen — the
game's board, the status and log panels, the moments it holds — reading a
:class:`~parlour.net.client.RemoteMatch` instead of a local match. Moves go to the host,
which checks them; what comes back is only this seat's view, its events and its legal moves.

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
from typing import Any

from textual import work
from textual.binding import Binding

from parlour.core.game import Game, with_names
from parlour.net.client import HostLink, RemoteMatch
from parlour.net.protocol import ProtocolError
from parlour.tui.board import Board, GenericBoard
from parlour.tui.dialogs import ProblemDialog
from parlour.tui.table import LiveGame, Phase, TableScreen

#: seconds between two tries to reach a host that went away (doubling up to the last)
RETRY_SECONDS = (0.5, 1.0, 2.0, 4.0)


class RemoteTableScreen(TableScreen):
    """One seat of a hosted table, played from this app."""

    BINDINGS = [Binding("ctrl+z", "take_back", "Take back", id="table.take_back", show=False)]

    def __init__(self, game: Game, match: RemoteMatch, link: HostLink, *, hosting: tuple[Any, Path] | None = None) -> None:
        """``hosting``: the server and save path of the table, when this app hosts it."""
        self.link = link
        self.hosting = hosting
        self.queue: list[dict[str, Any]] = []  #: host messages held while a moment is shown
        self.sent: int | None = None  #: the decision whose move is on its way to the host
        self.trouble: str | None = None  #: what is wrong with the connection, while it is
        #: the finished game: the hosted match (this app hosts it), or what this seat saw of it
        self.final: Any = None
        #: the next table message brings everything so far (on sitting down, on joining
        #: again): it is shown, not held as a moment
        self.catching_up = True
        super().__init__(LiveGame(game, match, Path()))  # type: ignore[arg-type]
        self.at_table = match.seat

    @property
    def remote(self) -> RemoteMatch:
        return self.live.match  # type: ignore[return-value]

    @property
    def hot_seat(self) -> bool:
        return False

    def _make_board(self, cls: type[Board]) -> Board:
        # a game that cannot read its actions back from their texts gets the plain board
        return super()._make_board(GenericBoard if self.remote.plain else cls)

    # -- the connection -----------------------------------------------------------
    def sit_down(self) -> None:
        self.listen()

    def save(self) -> None:
        """The host saves the game after every move."""

    @work(exclusive=True, group="link", exit_on_error=False)
    async def listen(self) -> None:
        """Read the host's messages, and join again whenever the connection drops."""
        failures = 0
        while self.phase not in (Phase.LEFT, Phase.OVER):
            try:
                message = await self.link.receive()
            except ProtocolError as exc:
                self.stop(f"The host sent a message this app cannot read: {exc}")
                return
            except Exception:  # noqa: BLE001 - the connection dropped: join again
                if self.phase in (Phase.LEFT, Phase.OVER):
                    return
                self.say_trouble("The host cannot be reached: joining again...")
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
        if self.phase in (Phase.LEFT, Phase.OVER):
            return  # the screen is going: nothing more to show on it
        kind = message["type"]
        try:
            if kind == "welcome":  # joined again: the whole table follows
                self.remote.reseat(message)  # a computer may have sat down for somebody meanwhile
                self.remote.state.events.clear()
                self.queue.clear()  # what came before is in the table that follows
                self.log_panel.start_over()
                self.catching_up = True
            elif kind == "refused":
                self.refused(message["why"])
            elif kind == "presence":
                self.remote.presence(message)
                self.refresh_status()
            elif kind == "seats":
                self.remote.reseat(message)
                self.refresh_status()
            elif self.phase is Phase.PAUSED:
                self.queue.append(message)  # the moment is read first
            else:
                self.take(message)
        except ProtocolError as exc:
            self.stop(f"The host sent a message this app cannot read: {exc}")

    def take(self, message: dict[str, Any]) -> None:
        """A ``table`` or ``results`` message, in turn."""
        if message["type"] == "results":
            self.finished(message)
            return
        start = len(self.remote.state.events)
        self.remote.update(message)
        self.sent = None
        moment = [] if self.catching_up else self.moment(start)
        self.catching_up = False
        if moment:
            self.pause(moment)
        else:
            self.advance()

    def refused(self, why: str) -> None:
        """A move refused (the table is as it was), or the seat after joining again."""
        if self.trouble is not None or self.phase is Phase.STARTING:
            self.stop(f"The host refused: {why}")  # joining again failed: a new code, or a computer sat down
            return
        self.notify(with_names(why, self.live.names), title="Not allowed", severity="error", markup=False)
        if self.sent is not None:
            self.sent = None
            if self.phase is Phase.DECIDING:
                self.present(self.remote.state.legal_actions())

    def say_trouble(self, trouble: str | None) -> None:
        self.trouble = trouble
        self.refresh_status()

    def refresh_status(self) -> None:
        if self.last_view is not None:
            self.update_status(self.last_view)

    def table_news(self) -> dict[str, Any]:
        return {"away": self.remote.away, "takeover": self.remote.takeover, "trouble": self.trouble}

    def stop(self, why: str) -> None:
        """The table cannot go on here: say why in a dialog, and leave it."""
        if self.phase is Phase.LEFT:
            return
        self.leave("leave", quiet=True)
        self.app.call_later(self.app.push_screen, ProblemDialog("You left the hosted table", why))

    # -- the turn loop -------------------------------------------------------------
    def advance(self) -> None:
        if self.queue:  # what came while a moment was shown, in turn
            self.phase = Phase.WAITING
            self.take(self.queue.pop(0))
            return
        state = self.remote.state
        if state.is_over:
            if self.final is not None:
                self.finish()
            else:
                self.phase, self.seat = Phase.WAITING, None
                self.present(None)
            return
        seat = state.to_move
        if seat == self.at_table and state.legal_actions():
            self.sit(seat)
            return
        computer = seat is not None and not self.live.is_human(seat)
        self.phase, self.seat = (Phase.THINKING if computer else Phase.WAITING), seat
        self.present(None)

    def sit(self, seat: int) -> None:
        self.phase, self.seat = Phase.DECIDING, seat
        self.present(self.remote.state.legal_actions())

    def on_board_chosen(self, event: Board.Chosen) -> None:
        event.stop()
        event.prevent_default()  # the local table's handler would play it here
        if self.phase is not Phase.DECIDING:
            self.notify("It is not your move.", severity="warning")
            return
        if self.sent is not None:
            self.notify("Your move is on its way to the host.", severity="warning")
            return
        self.sent = self.remote.moves
        self.send(self.remote.moves, event.action.text)

    @work(group="send", exit_on_error=False)
    async def send(self, turn: int, text: str) -> None:
        try:
            await self.link.send_move(turn, text)
        except Exception:  # noqa: BLE001 - the connection dropped: the move is asked again once back
            self.sent = None

    def finished(self, message: Mapping[str, Any]) -> None:
        """The results: the scores and the winners, all the host sends. A player keeps no
        record (the host never sends it: it holds every secret); his results and review are
        made of what his seat was sent. The app that hosts has the match itself: its record
        is in the records, and its review is the ordinary one."""
        self.remote.state.final = dict(message)
        if self.hosting is not None:
            server, path = self.hosting
            kept = self.parlour.saves.records / path.name
            self.final = LiveGame(self.live.game, server.table.match, kept if kept.is_file() else path)
        else:
            try:
                self.final = self.remote.seen_review()
            except ValueError as exc:
                self.stop(f"The game is over, but this app saw nothing of it to show: {exc}")
                return
        self.advance()

    def finish(self) -> None:
        self.phase, self.seat = Phase.OVER, None
        self.close_link()
        # after the header has shown the last status (a title still being set on a screen
        # switched away fails inside Textual)
        if isinstance(self.final, LiveGame):
            self.call_after_refresh(self.parlour.show_results, self.final, remote=self.remote.seat)
        else:
            self.call_after_refresh(self.parlour.show_results, self.live, seen=self.final)

    # -- what a hosted table does not do ------------------------------------------------
    def action_take_back(self) -> None:
        self.notify("No take-back at a hosted table: the others have seen the move.",
                    title="Take back", severity="warning")

    def action_menu(self) -> None:
        from parlour.tui.dialogs import LeaveDialog

        def done(choice: str | None) -> None:
            if choice in ("leave", "abandon"):
                self.leave("leave")

        self.app.push_screen(LeaveDialog(self.live.game.title, hosted=True, hosting=self.hosting is not None), done)

    def leave(self, choice: str, quiet: bool = False) -> None:
        self.phase = Phase.LEFT
        self.workers.cancel_group(self, "link")
        self.close_link()
        if self.hosting is not None:
            from parlour.net.server import close_table

            server, path = self.hosting
            self.app.run_worker(close_table(server, path), group="unhost", exit_on_error=False)
            if not quiet:
                self.notify(f"You stopped hosting the table; it is saved: parlour host {self.live.game.id} "
                            f"--resume {path.stem} hosts it again (the players keep their codes; yours is "
                            f"{self.link.code}).", markup=False, timeout=30)
        elif not quiet:
            self.notify("You left the table; the host keeps it: join again with your code.", markup=False)
        self.dismiss(None)

    def close_link(self) -> None:
        self.run_worker(self.link.close(), group="close", exit_on_error=False)
