"""The review of a finished game: everyone's score after every round or game, and a
step-through replay from one seat's point of view (what that seat could see at each step,
nothing more: every text comes from a :class:`parlour.core.review.ReviewSource`, a record
replayed or what a hosted table sent one player's seat).

Opened from the results screen (``v``) and by ``parlour replay NAME --review``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.table import Table as RichTable
from rich.text import Text
from textual import events
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Static

from parlour.core.game import Game, with_names
from parlour.core.record import Record
from parlour.core.review import Review, ReviewSource, StageScores, sparkline
from parlour.tui.board import Board, GenericBoard
from parlour.tui.board_loader import board_class
from parlour.tui.dialogs import ConfirmDialog
from parlour.tui.panels import LogPanel
from parlour.tui.screen import Header, ParlourScreen


def history_table(names: Sequence[str], stages: Sequence[StageScores]) -> RichTable:
    """The scores after every stage, one column a player, with a sparkline row on one scale;
    "?" for a score the seat was not shown."""
    grid = RichTable(box=None, pad_edge=False, header_style="bold underline")
    grid.add_column("")
    for name in names:
        grid.add_column(name, justify="right", overflow="ellipsis", no_wrap=True)
    for row in stages:
        grid.add_row(row.stage, *["?" if score is None else f"{score:g}" for score in row.scores])
    everything = [score for row in stages for score in row.scores if score is not None]
    if len(stages) > 1 and everything:
        low, high = min(everything), max(everything)
        grid.add_row("", *[sparkline([row.scores[s] for row in stages], low, high) for s in range(len(names))],
                      style="cyan")
    return grid


class ReviewScreen(ParlourScreen):
    """Step through a finished (or saved) game as one seat saw it. ``humans``: the seats
    people played; switching to one of theirs from another person's view asks first. Only
    the seats the review holds are offered (a hosted game's player has his own alone)."""

    BINDINGS = [
        Binding("right", "step(1)", "Next", id="review.next", priority=True),
        Binding("left", "step(-1)", "Back", id="review.back", priority=True),
        Binding("pagedown,rightsquarebracket", "stage(1)", "Next round", id="review.next_stage", priority=True),
        Binding("pageup,leftsquarebracket", "stage(-1)", "Round back", id="review.prev_stage", priority=True),
        Binding("home", "jump(0)", "Start", show=False, id="review.start", priority=True),
        Binding("end", "jump(-1)", "End", show=False, id="review.end", priority=True),
        Binding("s", "switch_seat", "Switch seat", id="review.seat", priority=True),
        Binding("f4", "toggle_side", "Scores and log", id="review.side"),
        Binding("escape", "back", "Back", id="review.escape"),
    ]
    WIDE = 110

    def __init__(self, game: Game, record: Record | None = None, *, seat: int | None = None,
                 review: ReviewSource | None = None) -> None:
        """A ``record`` to replay, or a ``review`` already made (:class:`SeenReview`)."""
        super().__init__()
        self.game = game
        if review is None:
            if record is None:
                raise ValueError("a record or a review to show")
            review = Review(game, record)
        self.review: ReviewSource = review
        self.names = review.names
        self.humans = review.humans
        #: the seat whose view is shown; None: an onlooker (public things only)
        self.seat: int | None = seat if seat is not None else (self.humans[0] if len(self.humans) == 1 else
                                                                (None if self.humans else 0))
        if self.seat not in review.seats:
            self.seat = review.seats[0]
        #: the state as dealt and after each move, and the steps where a stage begins
        self.states = self.review.states
        self.stage_starts = self.review.stage_starts
        self.step = self.review.last
        cls, _problem = board_class(game)
        self.board: Board = self._board(cls)
        self.log_panel = LogPanel(self.names, id="review-log")
        self.side_chosen: bool | None = None

    def _board(self, cls: type[Board]) -> Board:
        board = cls(self.game, self.review.rules, self.names, id="review-board")
        board.can_focus = False
        return board

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="review-where")
        with Horizontal(id="review-table"):
            yield Vertical(self.board, id="review-board-holder")
            with Vertical(id="review-side"):
                yield Static(id="review-history")
                yield self.log_panel
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = f"{self.game.title}: review"
        for widget in self.board.query("*"):
            widget.can_focus = False  # no board keys (a board's Confirm) in the review's footer
        if self.focused is not None and self.board in self.focused.ancestors:
            self.set_focus(None)
        self.show_step()

    # -- what is shown -----------------------------------------------------------------
    def show_step(self) -> None:
        state = self.states[self.step]
        try:
            view = state.view(self.seat)
            history = self.review.history(self.seat)
        except Exception as exc:  # noqa: BLE001 - the game's own code: say so, stay in the review
            self.notify(f"{self.game.title} failed to show this step ({type(exc).__name__}: {exc}).",
                        severity="error", markup=False)
            return
        try:
            self.board.show(view, None)
        except Exception as exc:  # noqa: BLE001 - a broken board falls back to the plain one
            self.notify(f"The board failed ({type(exc).__name__}: {exc}); showing the plain view.",
                        severity="error", markup=False)
            self._swap_board(view)
        self.log_panel.show(state, self.seat)  # written anew when stepping back or switching seat
        self.query_one("#review-history", Static).update(history_table(self.names, history))
        self.query_one("#review-where", Static).update(self.where())

    def _swap_board(self, view: object) -> None:
        old = self.board
        self.board = self._board(GenericBoard)

        async def swap() -> None:
            await old.remove()
            await self.query_one("#review-board-holder").mount(self.board)
            self.board.show(view, None)  # type: ignore[arg-type]

        self.call_later(swap)

    def where(self) -> Text:
        total = len(self.states) - 1
        whose = f"as {self.names[self.seat]} saw it" if self.seat is not None else "as an onlooker saw it"
        text = Text.assemble((f"{self.review.unit} {self.step} of {total}", "bold"))
        stage = self.states[self.step].stage()
        if stage:
            text.append(f"  ·  {stage}")
        text.append(f"  ·  {whose}", style="italic")
        text.append("\n" + with_names(self.review.last_move(self.step, self.seat), self.names))
        return text

    # -- keys --------------------------------------------------------------------------
    def action_step(self, delta: int) -> None:
        self.go(self.step + delta)

    def action_jump(self, step: int) -> None:
        self.go(step if step >= 0 else len(self.states) - 1)

    def action_stage(self, delta: int) -> None:
        starts = self.stage_starts
        if delta > 0:
            later = [s for s in starts if s > self.step]
            self.go(later[0] if later else len(self.states) - 1)
        else:
            earlier = [s for s in starts if s < self.step]
            self.go(earlier[-1] if earlier else 0)

    def go(self, step: int) -> None:
        step = max(0, min(len(self.states) - 1, step))
        if step != self.step:
            self.step = step
            self.show_step()

    def action_switch_seat(self) -> None:
        """The next seat's view (then the onlooker's); another person's view asks first when
        people shared the table (their hidden things become visible)."""
        order = self.review.seats
        if len(order) < 2:
            self.notify("Only your own seat's view: the host keeps the rest of the game.", markup=False)
            return
        following = order[(order.index(self.seat) + 1) % len(order)]
        if following is not None and len(self.humans) > 1 and following in self.humans:
            name = self.names[following]

            def done(sure: bool | None) -> None:
                self.seat = following if sure else None
                self.show_step()

            self.app.push_screen(ConfirmDialog(
                f"Show the game as {name} saw it? Everything {name} kept hidden will show.",
                yes=f"Show {name}'s view", no="Not now"), done)
            return
        self.seat = following
        self.show_step()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action == "switch_seat" and len(self.review.seats) < 2)

    def action_toggle_side(self) -> None:
        self.side_chosen = not self.query_one("#review-side").display
        self.lay_out(self.app.size.width)

    def on_resize(self, event: events.Resize) -> None:
        self.lay_out(event.size.width)

    def lay_out(self, width: int) -> None:
        """Narrower than ``WIDE``, the board and the scores with the log take turns at the
        whole width (F4): under or beside the board, they would leave it too little room."""
        narrow = width < self.WIDE
        shown = not narrow if self.side_chosen is None else self.side_chosen
        self.query_one("#review-side").display = shown
        self.query_one("#review-table").set_class(narrow and shown, "-side-only")

    def action_back(self) -> None:
        self.dismiss(None)

    def palette_commands(self) -> Iterable[SystemCommand]:
        if len(self.review.seats) > 1:
            yield SystemCommand("Switch seat", "See the game as another seat saw it", self.action_switch_seat)
        yield SystemCommand("Back", "Leave the review", self.action_back)
