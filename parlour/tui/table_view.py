"""The table, built from parts: :class:`TableView` shows one game (its board, the moment it
holds, the status and the log) through the :class:`~parlour.tui.panels.ShownTable`
interface, and a :class:`TableDriver` moves it on. There are two drivers: the local turn loop
(:class:`~parlour.tui.table.LocalTurns`: the engine, the computers' workers, take-back, saving)
and the link to a host (:class:`~parlour.tui.remote.HostedTurns`: the host's messages, moves
sent, joining again). :class:`TableShell` is the screen around them both: the keys, the
header and the footer; each key asks the view or the driver.

What is shown is always the view of the person at the table: in a hot-seat game the human
whose decision it is (a hand-over screen hides the table between two different people), with
one human that human throughout, with no human an onlooker's view (``view(None)``). Where the
table stands is one field, :attr:`TableView.phase`, with the seat it concerns.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Protocol

from textual import events
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.dom import DOMNode
from textual.geometry import Size

from parlour.core.game import Action, Event, Game
from parlour.core.i18n import N_, _
from parlour.core.match import Match
from parlour.core.record import HUMAN
from parlour.tui.board import Board, GenericBoard
from parlour.tui.board_loader import board_class
from parlour.tui.dialogs import ProblemDialog
from parlour.tui.panels import LogPanel, MomentPanel, ShownTable, StatusPanel
from parlour.tui.screen import Footer, Header, ParlourScreen, worded_bindings


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
    """Where the table stands."""

    STARTING = enum.auto()  #: before the first move is asked for
    DECIDING = enum.auto()  #: a person at the table decides (``TableView.seat``)
    THINKING = enum.auto()  #: a computer player decides (``TableView.seat``)
    HANDING_OVER = enum.auto()  #: the table is hidden until the next person is ready
    WAITING = enum.auto()  #: another person decides, at a hosted table (``TableView.seat``)
    PAUSED = enum.auto()  #: the table holds a moment (a game or round settled) until the player goes on
    OVER = enum.auto()  #: the game ended; the results follow
    LEFT = enum.auto()  #: the players left the table (saved or abandoned); nothing more is played


class TableDriver(Protocol):
    """What moves a table on; the screen and the view call nothing else of it."""

    game: Game
    view: TableView

    def start(self) -> None:
        """The screen is mounted: sit down (claim the save, listen to the host)."""

    def advance(self) -> None:
        """Move on to whatever the game needs next (also once a moment is read)."""

    def chosen(self, action: Action) -> None:
        """The person at the table chose ``action`` on the board."""

    def take_back(self) -> None:
        """The take-back key."""

    async def menu(self) -> None:
        """The menu key: the leave dialog, awaited (run in a worker)."""

    def leave(self, choice: str) -> None:
        """Leave the table: ``"leave"`` (saved, or kept by the host) or ``"abandon"``."""

    def news(self) -> dict[str, Any]:
        """More for the status panel (a hosted table says who is away)."""

    def closed(self) -> None:
        """The screen is gone."""


class TableLog(LogPanel):
    """The table's log: focused (F2), it scrolls with the arrows and PgUp/PgDn, and the
    footer says how to go back to the board."""

    BINDINGS = [Binding("f3", "screen.focus_board", N_("Back to the board"), id="table.log.board")]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        worded_bindings(self)


class TableView(Horizontal):
    """One table as the person at it sees it: the board and the moment panel, beside the
    status and the log. It shows a :class:`ShownTable` (a local match or a hosted one) and
    knows nothing of how the game moves on; its driver does."""

    #: narrower than this, the side panel starts hidden so the board gets the width
    WIDE = 110

    def __init__(self, driver: TableDriver, table: ShownTable, *, at_table: int | None,
                 plain: bool = False) -> None:
        """``plain``: the plain board whatever the game's own (a hosted game whose moves
        cannot be read back from their texts)."""
        super().__init__(id="table")
        self.driver = driver
        self.game = driver.game
        self.table = table
        self.names = [s.name for s in table.seats]
        board_type, self.board_problem = board_class(self.game)
        self.board: Board = self.make_board(GenericBoard if plain else board_type)
        self.status_panel = StatusPanel(id="status")
        self.log_panel = TableLog(self.names, id="log")
        self.moment_panel = MomentPanel(self.names, id="moment")
        #: where the table stands, and the seat it concerns (deciding, thinking, handed to)
        self.phase = Phase.STARTING
        self.seat: int | None = None
        #: the human whose view is shown; None for an onlooker (nobody, or between two people)
        self.at_table = at_table
        #: percent of its thinking done, for a computer player that reports it; else None
        self.thought: int | None = None
        self.last_view: Mapping[str, Any] | None = None
        self.side_chosen: bool | None = None  #: set once the player toggles the side panel
        #: how many moments the table has held so far
        self.moments_held = 0

    @property
    def awaiting(self) -> int | None:
        """The person whose decision the table waits for, if any."""
        return self.seat if self.phase is Phase.DECIDING else None

    @property
    def thinking(self) -> int | None:
        """The computer player deciding now, if any."""
        return self.seat if self.phase is Phase.THINKING else None

    @property
    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.table.seats) if seat.agent == HUMAN]

    def make_board(self, cls: type[Board]) -> Board:
        return cls(self.game, self.table.rules, self.names, id="board")

    def compose(self) -> ComposeResult:
        yield Vertical(self.board, self.moment_panel, id="board-holder")
        with Vertical(id="side"):
            yield self.status_panel
            yield self.log_panel

    # -- showing the table ---------------------------------------------------------
    def present(self, legal: Sequence[Action] | None) -> None:
        """Show the table to ``at_table``: board, status and log."""
        state = self.table.state
        try:  # the game's own code: what the seat sees, its log, its running scores
            view = state.view(self.at_table)
            self.last_view = view
            self.update_status(view)
            self.log_panel.show(state, self.at_table)
        except Exception as exc:  # noqa: BLE001 - a plugin bug stops the table, not the app
            self.fail(_("{game} failed to show the table: {error}").format(
                game=self.game.title, error=f"{type(exc).__name__}: {exc}"))
            return
        try:
            self.board.show(view, legal)
        except Exception as exc:  # noqa: BLE001 - a broken board falls back to the plain one
            self.replace_board(f"{type(exc).__name__}: {exc}", view, legal)
            return
        if legal:
            self.board_in_view()
            self.focus_board()

    def fail(self, what: str) -> None:
        """The game's code failed: the screen around the view leaves the table and says why."""
        screen = self.screen
        if isinstance(screen, TableShell):
            screen.fail(what)

    def replace_board(self, problem: str, view: Mapping[str, Any], legal: Sequence[Action] | None) -> None:
        self.notify(_("The board failed ({problem}); showing the plain table instead.").format(problem=problem),
                    severity="error", timeout=8, markup=False)
        old = self.board
        old.display = False  # out of the layout at once: a broken board gets no more events
        self.board = self.make_board(GenericBoard)

        async def swap() -> None:
            await old.remove()
            await self.query_one("#board-holder").mount(self.board)
            self.board.show(view, legal)

        self.call_later(swap)

    def focus_board(self) -> None:
        if self.moment_panel.display:
            # a moment is held: its panel answers Enter, the board has nothing to answer
            self.moment_panel.focus()
            return
        focused = self.app.focused
        if focused is not None and (focused is self.board or self.board in focused.ancestors):
            return
        for widget in self.screen.focus_chain:
            if widget is self.board or self.board in widget.ancestors:
                widget.focus()
                return

    def update_status(self, view: Mapping[str, Any]) -> None:
        self.status_panel.show(self.table, view, at_table=self.at_table, awaiting=self.awaiting,
                               thinking=self.thinking, thought=self.thought,
                               pausing=self.phase is Phase.PAUSED, hints=self.board.hints, **self.driver.news())
        self.screen.sub_title = f"{self.game.title} · {self.status_panel.lines_shown[0]}"

    def refresh_status(self) -> None:
        """The status again, as last shown (somebody came or went, the progress moved)."""
        self.update_status(self.last_view if self.last_view is not None else self.table.state.view(self.at_table))

    # -- moments -------------------------------------------------------------------
    def moment(self, start: int) -> list[Event]:
        """The events from ``start`` on that the person at the table saw, when one of them is
        of a kind the game pauses for and somebody at the table is a person; else none."""
        pauses = self.game.pauses
        if not pauses or not self.humans:
            return []
        seen = self.table.state.events_for(self.at_table, start)
        return list(seen) if any(event.kind in pauses for event in seen) else []

    def pause(self, events: list[Event]) -> None:
        """Hold the moment ``events`` on the table until the player goes on."""
        self.phase, self.seat = Phase.PAUSED, None
        self.moments_held += 1
        self.board.moment_held = True  # its line for the decision says the table waits for the player
        self.present(None)
        try:
            self.board.show_moment(self.last_view or {}, events)
        except Exception as exc:  # noqa: BLE001 - the moment is still listed below the board
            self.notify(_("The board failed to show the moment ({error}).").format(error=f"{type(exc).__name__}: {exc}"),
                        severity="warning", markup=False)
        self.board_in_view()
        self.moment_panel.show(events)
        self.call_after_refresh(self.moment_panel.focus)  # once shown, it can take the focus

    def end_pause(self) -> None:
        """Put the moment away: its panel, and what the board showed of it."""
        self.moment_panel.display = False
        self.board.moment_held = False
        try:
            self.board.end_moment()
        except Exception:  # noqa: BLE001 - the next show draws the board anew
            pass

    # -- hints, the side panel, the size -----------------------------------------------
    def apply_hints(self, on: bool) -> None:
        self.board.hints = on and self.board.supports_hints
        try:
            self.board.hints_changed()  # drawn again as it stands: a bid half entered stays
        except Exception as exc:  # noqa: BLE001 - a board failing on its hints: say so, play on
            self.notify(_("The board failed to show its hints ({error}).").format(error=f"{type(exc).__name__}: {exc}"),
                        severity="warning", markup=False)
        if self.last_view is not None:
            self.update_status(self.last_view)

    def focus_log(self) -> None:
        if self.query_one("#side").display:
            self.log_panel.focus()
        else:
            self.side_chosen = True
            self.show_side(True)
            self.call_after_refresh(self.log_panel.focus)

    def back_to_board(self) -> None:
        if self.has_class("-side-only"):
            self.side_chosen = False
            self.show_side(False)
        self.call_after_refresh(self.focus_board)

    def toggle_side(self) -> None:
        """Give the whole width to the board on a small terminal (the header keeps the status)."""
        self.side_chosen = not self.query_one("#side").display
        self.show_side(self.side_chosen)
        if not self.side_chosen:
            self.call_after_refresh(self.focus_board)

    def show_side(self, shown: bool, width: int | None = None) -> None:
        """Below ``WIDE`` columns the board and the side panel take turns at the whole width:
        squeezed beside each other, the ring and the grids would wrap into garbage."""
        side = self.query_one("#side")
        alone = shown and (width if width is not None else self.app.size.width) < self.WIDE
        if side.display != shown or self.has_class("-side-only") != alone:
            side.display = shown
            self.set_class(alone, "-side-only")
            self.call_after_refresh(self.log_panel.rewrap)

    def board_in_view(self) -> None:
        """A decision or a moment needs the board: back from the side panel alone."""
        if self.has_class("-side-only"):
            self.side_chosen = False
            self.show_side(False)

    def fit(self, size: Size) -> None:
        """The terminal is ``size``: below ``WIDE`` columns the side panel gives way to the
        board, unless the player chose otherwise with F4; the log is wrapped anew to its width."""
        self.show_side(size.width >= self.WIDE if self.side_chosen is None else self.side_chosen, size.width)
        # on a low terminal a moment takes a few lines (it scrolls), so the board stays in view
        self.moment_panel.styles.max_height = 7 if size.height < 30 else "50%"
        self.call_after_refresh(self.log_panel.rewrap)


class TableShell(ParlourScreen):
    """The screen of a table: the header, a :class:`TableView`, the footer, and the keys,
    each handed to the view or to the driver. Screens of a local and of a hosted table are
    this, each with its own driver."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # in the footer after the board's own keys, the most needed first, so a narrow
        # terminal cuts the least needed (F2 and F3 are in the palette and the README)
        Binding("escape", "menu", N_("Menu"), id="table.menu"),
        Binding("f1", "rules", N_("Rules"), id="table.rules"),
        Binding("pagedown", "scroll_board(1)", N_("Scroll"), key_display="PgUp/PgDn", id="table.scroll_down"),
        Binding("pageup", "scroll_board(-1)", N_("Scroll up"), show=False, id="table.scroll_up"),
        Binding("ctrl+z", "take_back", N_("Take back"), id="table.take_back"),
        Binding("f4", "toggle_side", N_("Side"), id="table.side"),
        Binding("f5", "toggle_hints", N_("Hints"), id="table.hints"),
        Binding("f2", "focus_log", N_("Log"), id="table.log", show=False),
        Binding("f3", "focus_board", N_("Board"), id="table.board", show=False),
    ]
    #: on a narrow footer: going on, leaving and the way back from the log stay; then
    #: scrolling, the rules and the side panel (below ``TableView.WIDE`` the only way to the
    #: scores and the log); then the board's keys; the advice and the hints give way first
    FOOTER_NEED: ClassVar[dict[str, int]] = {
        "table.menu": 4, "moment.go_on": 4, "table.log.board": 4, "table.scroll_down": 3, "moment.scroll_down": 3,
        "table.rules": 3, "table.side": 3, "table.take_back": 1, "table.hints": -1, "table.advice": -2,
    }

    def __init__(self, driver: TableDriver) -> None:
        super().__init__()
        self.driver = driver
        self.view = driver.view

    # what the view shows, read by tests and by the footer's checks
    @property
    def phase(self) -> Phase:
        return self.view.phase

    @property
    def seat(self) -> int | None:
        return self.view.seat

    @property
    def at_table(self) -> int | None:
        return self.view.at_table

    @property
    def awaiting(self) -> int | None:
        return self.view.awaiting

    @property
    def thinking(self) -> int | None:
        return self.view.thinking

    @property
    def thought(self) -> int | None:
        return self.view.thought

    @property
    def board(self) -> Board:
        return self.view.board

    @property
    def status_panel(self) -> StatusPanel:
        return self.view.status_panel

    @property
    def log_panel(self) -> TableLog:
        return self.view.log_panel

    @property
    def moment_panel(self) -> MomentPanel:
        return self.view.moment_panel

    @property
    def moments_held(self) -> int:
        return self.view.moments_held

    def compose(self) -> ComposeResult:
        yield Header()
        yield self.view
        yield Footer()

    def on_mount(self) -> None:
        title = self.driver.game.title
        self.sub_title = title
        if self.view.board_problem:
            self.notify(_("The board of {game} could not load ({problem}); showing the plain table instead.").format(
                game=title, problem=self.view.board_problem), severity="warning", timeout=8, markup=False)
        self.view.board.hints = self.parlour.hints and self.view.board.supports_hints
        self.driver.start()

    def on_unmount(self) -> None:
        self.driver.closed()

    def fail(self, what: str) -> None:
        """A game's or a computer player's code failed: leave the table, saved up to the last
        good move, and say so in a dialog; the app goes on."""
        if self.view.phase is Phase.LEFT:
            return  # already left (a second failure on the way out)
        title = self.driver.game.title
        self.driver.leave("leave")
        self.app.call_later(self.app.push_screen, ProblemDialog(
            _("{game} stopped: a plugin failed").format(game=title),
            f"{what}\n\n" + _("The game is saved up to the last good move: continue it from the home screen "
                               "once the game or the computer player is mended."),
        ))

    # -- what the view posts -----------------------------------------------------------
    def on_board_chosen(self, event: Board.Chosen) -> None:
        event.stop()
        if self.view.phase is not Phase.LEFT:
            self.driver.chosen(event.action)

    def on_moment_panel_go_on(self, message: MomentPanel.GoOn) -> None:
        message.stop()
        if self.view.phase is not Phase.PAUSED:
            return
        self.view.end_pause()
        self.driver.advance()

    def on_resize(self, event: events.Resize) -> None:
        self.view.fit(event.size)

    # -- the keys ----------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "toggle_hints":
            return self.view.board.supports_hints
        if action == "scroll_board":  # in the footer only while the board is taller than its room
            return self.view.board.scroller() is not None
        return True

    def footer_need(self, binding: Binding, owner: DOMNode) -> int:
        """The board's keys come after the rules and the side panel, its first before its
        later ones; its arrows (its own lines of keys name them too) after the take-back."""
        board = self.view.board
        if owner is board or board in owner.ancestors:
            return 0 if binding.key in ("left", "right", "up", "down") else 2
        return super().footer_need(binding, owner)

    def action_menu(self) -> None:
        self.run_worker(self.driver.menu(), group="menu", exclusive=True)

    def action_rules(self) -> None:
        table = self.view.table
        self.parlour.show_rules(self.driver.game, table.rules, table.variants)

    def action_scroll_board(self, pages: int) -> None:
        self.view.board.action_scroll_board(pages)

    def action_take_back(self) -> None:
        self.driver.take_back()

    def action_toggle_side(self) -> None:
        self.view.toggle_side()

    def action_toggle_hints(self) -> None:
        """Hints on or off, for this table and the ones after it (off when the app starts)."""
        self.parlour.hints = not self.parlour.hints
        self.view.apply_hints(self.parlour.hints)
        self.notify(_("Hints on: F5 turns them off.") if self.parlour.hints else _("Hints off."), timeout=3)

    def action_focus_log(self) -> None:
        self.view.focus_log()

    def action_focus_board(self) -> None:
        self.view.back_to_board()

    def palette_commands(self) -> Iterable[SystemCommand]:
        title = self.driver.game.title
        yield SystemCommand(_("Rules of {game}").format(game=title), _("Read the rules; the game waits"),
                            self.action_rules)
        yield SystemCommand(_("Leave the table"), _("Keep playing, leave it saved, or abandon it"), self.action_menu)
        yield SystemCommand(_("Scroll the log"), _("Move the focus to the log"), self.action_focus_log)
        yield SystemCommand(_("Back to the board"), _("Move the focus to the board"), self.action_focus_board)
        yield SystemCommand(_("Show or hide the side panel"), _("Status and log beside the board"),
                            self.action_toggle_side)
