"""The review of a finished game: everyone's score after every round or game, and a
step-through replay from one seat's point of view (what that seat could see at each step,
nothing more: every text comes from a :class:`parlour.core.review.ReviewSource`, a record
replayed or what a hosted table sent one player's seat).

Opened from the results screen (``v``, or ``a`` to analyse at once) and by ``parlour replay
NAME --review``. ``a`` runs the computer's analysis of the shown seat's decisions in a worker
thread (Esc stops it), kept beside the record; then each of that seat's moves shows its
evaluation, ``n``/``p`` jump between the key moments, and the side panel plots the win chance
beside the scores round by round."""

from __future__ import annotations

import threading
from collections.abc import Iterable
from functools import partial
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import ProgressBar, Static
from textual.worker import Worker, WorkerState

from parlour.core import analysis as engine
from parlour.core.game import Game, with_names
from parlour.core.i18n import N_, _, ngettext
from parlour.core.record import Record
from parlour.core.review import Review, ReviewSource
from parlour.textlines import cut_text
from parlour.tui.analysis_view import APP_BUDGET, APP_SEED, AnalysisStopped, WinChart, evaluation, line_form
from parlour.tui.board import Board, GenericBoard
from parlour.tui.board_loader import board_class
from parlour.tui.dialogs import ConfirmDialog
from parlour.tui.panels import LogPanel, NarrowHistory
from parlour.tui.scores_chart import ScoresChart
from parlour.tui.screen import Footer, Header, ParlourScreen, score_text


class ReviewScreen(ParlourScreen):
    """Step through a finished (or saved) game as one seat saw it. ``humans``: the seats
    people played; switching to one of theirs from another person's view asks first. Only
    the seats the review holds are offered (a hosted game's player has his own alone)."""

    BINDINGS = [
        Binding("right", "step(1)", N_("Next"), id="review.next", priority=True),
        Binding("left", "step(-1)", N_("Back"), id="review.back", priority=True),
        Binding("pagedown,rightsquarebracket", "stage(1)", N_("Next round"), id="review.next_stage", priority=True),
        Binding("pageup,leftsquarebracket", "stage(-1)", N_("Round back"), id="review.prev_stage", priority=True),
        Binding("home", "jump(0)", N_("Start"), show=False, id="review.start", priority=True),
        Binding("end", "jump(-1)", N_("End"), show=False, id="review.end", priority=True),
        Binding("s", "switch_seat", N_("Switch seat"), id="review.seat", priority=True),
        Binding("a", "analyse", N_("Analyse"), id="review.analyse"),
        Binding("n", "moment(1)", N_("Key moment"), key_display="n/p", id="review.next_moment"),
        Binding("p", "moment(-1)", N_("Key moment back"), show=False, id="review.prev_moment"),
        Binding("f4", "toggle_side", N_("Side"), id="review.side"),
        Binding("escape", "back", N_("Back"), id="review.escape"),
    ]
    #: on a narrow footer the steps, the side panel (below ``WIDE`` the only way to the scores,
    #: the plots and the log) and the way back stay; the rest gives way in this order, last first
    FOOTER_NEED: ClassVar[dict[str, int]] = {
        "review.next": 4, "review.back": 4, "review.escape": 4, "review.side": 4, "review.next_stage": 3,
        "review.next_moment": 2, "review.seat": 1, "review.analyse": 1,
    }
    WIDE = 110
    #: the lines the log keeps in the side panel (its border's two among them)
    LOG_LEAST = 10

    def __init__(self, game: Game, record: Record | None = None, *, seat: int | None = None,
                 review: ReviewSource | None = None, path: Path | None = None, analyse: bool = False) -> None:
        """A ``record`` to replay, or a ``review`` already made (:class:`SeenReview`, which
        cannot be analysed: the host keeps the record). ``path``: the record's file, beside
        which the analysis is kept; ``analyse``: start the analysis at once."""
        super().__init__()
        self.game = game
        self.record = record
        self.path = path
        self.analyse_at_once = analyse
        #: the analyses done, by seat
        self.analyses: dict[int, engine.Analysis] = {}
        #: the seats whose kept analysis was looked for (:meth:`recall_analysis`)
        self.recalled: set[int] = set()
        #: set to stop the running analysis (at its next report of progress)
        self.stop_analysis = threading.Event()
        self.analysing: int | None = None
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
        self.stages_shown = 0
        cls, _problem = board_class(game)
        self.board: Board = self._board(cls)
        self.log_panel = LogPanel(self.names, id="review-log")
        self.side_chosen: bool | None = None
        #: the analysis, reader and width the evaluations' form was chosen for, and the form
        #: (the moves' labels, the shares tight)
        self.line_form: tuple[engine.Analysis, str, int, tuple[bool, bool]] | None = None

    def _board(self, cls: type[Board]) -> Board:
        board = cls(self.game, self.review.rules, self.names, id="review-board")
        board.can_focus = False
        board.reviewing = True
        return board

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="review-where")
        with Horizontal(id="review-analysing"):
            yield Static(_("Analysing"), id="review-analysing-label")
            yield ProgressBar(total=1.0, show_eta=False, id="review-progress")
        yield Static(id="review-note")
        with Horizontal(id="review-table"):
            yield Vertical(self.board, id="review-board-holder")
            with Vertical(id="review-side"):
                yield WinChart(id="review-chart")
                yield ScoresChart(id="review-plot")
                yield Static(id="review-history")
                yield self.log_panel
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = _("{game}: review").format(game=self.game.title)
        for widget in self.board.query("*"):
            widget.can_focus = False  # no board keys (a board's Confirm) in the review's footer
        if self.focused is not None and self.board in self.focused.ancestors:
            self.set_focus(None)
        self.query_one("#review-analysing").display = False
        self.query_one("#review-note").display = False
        self.recall_analysis()
        self.show_step()
        if self.analyse_at_once:
            self.action_analyse()

    def recall_analysis(self) -> None:
        """The shown seat's analysis kept beside the record, if there is one made by today's
        searcher, without analysing: a review opened again (``v`` from the results) or
        switched back to a seat showed no analysis until ``a`` (a playtest). Looked for once
        a seat; a file that cannot be read is as none."""
        seat = self.seat
        if seat is None or seat in self.analyses or seat in self.recalled or self.record is None or self.path is None:
            return
        self.recalled.add(seat)
        try:
            if not engine.cache_path(self.path).is_file():
                return
            found = engine.kept(self.path, self.game, self.record, seat, APP_BUDGET, APP_SEED)
        except Exception:  # noqa: BLE001 - nothing kept to show: `a` analyses
            return
        if found is not None:
            self.analyses[seat] = found
            self.refresh_bindings()

    def on_unmount(self) -> None:
        self.stop_analysis.set()

    # -- what is shown -----------------------------------------------------------------
    def show_step(self) -> None:
        state = self.states[self.step]
        try:
            view = state.view(self.seat)
            history = self.review.history(self.seat)
        except Exception as exc:  # noqa: BLE001 - the game's own code: say so, stay in the review
            self.notify(_("{game} failed to show this step ({error}).").format(
                game=self.game.title, error=f"{type(exc).__name__}: {exc}"),
                        severity="error", markup=False)
            return
        try:
            self.board.show(view, None)
        except Exception as exc:  # noqa: BLE001 - a broken board falls back to the plain one
            self.notify(_("The board failed ({problem}); showing the plain view.").format(
                problem=f"{type(exc).__name__}: {exc}"),
                        severity="error", markup=False)
            self._swap_board(view)
        self.log_panel.show(state, self.seat)  # written anew when stepping back or switching seat
        write = partial(score_text, self.game)
        self.query_one("#review-history", Static).update(NarrowHistory(self.names, history, write))
        self.stages_shown = len(history)
        self.query_one(ScoresChart).show(self.names, history, write)
        self.query_one("#review-where", Static).update(self.where())
        self.query_one(WinChart).show(self.analyses.get(self.seat) if self.seat is not None else None, self.step)
        self.fit_side()
        self.refresh_bindings()

    def fit_side(self) -> None:
        """Give the side panel's parts their room, the log first: under the win chance (when
        analysed) the log keeps ``LOG_LEAST`` lines; the scores' plot, then their table (the
        same scores, in numbers), show only where they fit whole above it."""
        room = self.query_one("#review-table").size.height
        if not room:
            self.call_after_refresh(self._fit_later)
            return
        chart, plot = self.query_one(WinChart), self.query_one(ScoresChart)
        left = room - (WinChart.HEIGHT if chart.display else 0) - self.LOG_LEAST
        plot_height = plot.styles.height.value if plot.styles.height is not None else 6
        plot.display = plot_height <= left
        left -= plot_height if plot.display else 0
        self.query_one("#review-history").display = self.stages_shown + 3 <= left  # a header, a border
        if not self.log_panel.player_scrolled:
            # the log's room changes with the parts above it (the win chance's plot once
            # analysed, a note): its end, the step shown, stays in view
            self.call_after_refresh(self._log_to_end)

    def on_scores_chart_key_wrapped(self) -> None:
        """The plot's key took another line at the side panel's width (or gave one up)."""
        self.fit_side()

    def _log_to_end(self) -> None:
        if not self.log_panel.player_scrolled:
            self.log_panel.scroll_end(animate=False)

    def _fit_later(self) -> None:
        if self.query_one("#review-table").size.height:
            self.fit_side()

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
        whose = (_("as {name} saw it").format(name=self.names[self.seat]) if self.seat is not None
                 else _("as an onlooker saw it"))
        where = _("Move {step} of {total}") if self.review.unit == "Move" else _("Step {step} of {total}")
        text = Text.assemble((where.format(step=self.step, total=total), "bold"))
        # the move's own round or game: the state after the last move of a game is already
        # the next game's ("Move 124 · Game 3" read for the lay that ended game 2); where the
        # move ended its round or game, both ("Game 2 → Game 3"), as the board shows the next
        before = self.states[max(0, self.step - 1)]  # the state the move shown was made in
        stage, now = before.stage(), self.states[self.step].stage()
        if stage:
            text.append(f"  ·  {stage}" + (f" → {now}" if now and now != stage else ""))
        text.append(f"  ·  {whose}", style="italic")
        found = self.analyses.get(self.seat) if self.seat is not None else None
        decision = next((d for d in found.decisions if d.move == self.step), None) if found else None
        if decision is not None:  # the seat's own move, in words with its evaluation
            # its moves' labels worded now, in the reader's language, not the analysis's
            decision = decision.worded(self.game, before.rules, before)
            who = _("you") if self.humans == [self.seat] else self.names[self.seat]  # type: ignore[index]
            width = self.app.size.width - 2
            labels, tight = self.form(found, who, width)
            text.append("\n").append_text(evaluation(decision, who, width, self.game.texts_read_as_labels,
                                                         tight=tight, labels=labels))
        else:
            # one line, as the evaluation is: two pushed the board down at 80x24 (a playtest);
            # the whole of it is in the log
            last = Text(with_names(self.review.last_move(self.step, self.seat), self.names))
            text.append("\n").append_text(cut_text(last, max(self.app.size.width - 2, 10)))  # a stake whole
        return text

    def form(self, found: engine.Analysis, who: str, width: int) -> tuple[bool, bool]:
        """The form of the seat's evaluations at ``width``: the moves' labels or their short
        form, the shares tight ("47%") or not; all of them one way (:func:`line_form`),
        worked out once for the analysis and the width."""
        kept = self.line_form
        if kept is None or kept[0] is not found or kept[1:3] != (who, width):
            before = [(d, self.states[max(0, d.move - 1)]) for d in found.decisions if d.move < len(self.states)]
            worded = [d.worded(self.game, state.rules, state) for d, state in before]
            kept = self.line_form = (found, who, width, line_form(worded, who, width, self.game.texts_read_as_labels))
        return kept[3]

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
            self.say(None)
            self.show_step()

    def say(self, text: str | None) -> None:
        """A line under the header about the analysis (done, the key moments gone round),
        until the next step: a notice in the corner would cover the log's foot."""
        note = self.query_one("#review-note", Static)
        note.update(Text(text or ""))  # a player's name is no markup
        note.display = text is not None
        self.call_after_refresh(self.fit_side)  # the side panel has a line more or less

    def action_switch_seat(self) -> None:
        """The next seat's view (then the onlooker's); another person's view asks first when
        people shared the table (their hidden things become visible)."""
        order = self.review.seats
        if len(order) < 2:
            self.notify(_("Only your own seat's view: the host keeps the rest of the game."), markup=False)
            return
        following = order[(order.index(self.seat) + 1) % len(order)]
        if following is not None and len(self.humans) > 1 and following in self.humans:
            self.run_worker(self.ask_to_show(following), group="dialog", exclusive=True)
            return
        self.seat = following
        self.say(None)  # a note about the last seat's analysis is not this seat's
        self.recall_analysis()
        self.show_step()

    async def ask_to_show(self, seat: int) -> None:
        """Another person's view, once asked (their hidden things become visible)."""
        name = self.names[seat]
        sure = await self.app.push_screen_wait(ConfirmDialog(
            _("Show the game as {name} saw it? Everything {name} kept hidden will show.").format(name=name),
            yes=_("Show {name}'s view").format(name=name), no=_("Not now")))
        self.seat = seat if sure else None
        self.say(None)
        self.recall_analysis()
        self.show_step()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "moment":
            return self.seat is not None and self.seat in self.analyses
        if action == "analyse":
            return self.record is not None
        return not (action == "switch_seat" and len(self.review.seats) < 2)

    def action_toggle_side(self) -> None:
        self.side_chosen = not self.query_one("#review-side").display
        self.lay_out(self.app.size.width)

    def on_resize(self, event: events.Resize) -> None:
        self.lay_out(event.size.width)
        if self.seat in self.analyses:
            self.query_one("#review-where", Static).update(self.where())  # its evaluation is cut to the width

    def lay_out(self, width: int) -> None:
        """Narrower than ``WIDE``, the board and the scores with the log take turns at the
        whole width (F4): under or beside the board, they would leave it too little room."""
        narrow = width < self.WIDE
        shown = not narrow if self.side_chosen is None else self.side_chosen
        self.query_one("#review-side").display = shown
        self.query_one("#review-table").set_class(narrow and shown, "-side-only")
        self.call_after_refresh(self.fit_side)
        self.call_after_refresh(self.log_panel.rewrap)  # its lines wrapped anew to its width now

    def action_back(self) -> None:
        if self.analysing is not None:
            self.stop_analysis.set()
            return
        self.dismiss(None)

    # -- the analysis ------------------------------------------------------------------
    def action_analyse(self) -> None:
        """Analyse the shown seat's decisions (the kept analysis when there is one)."""
        if self.record is None:
            self.notify(_("The host keeps the record of this game: it cannot be analysed here."), markup=False)
            return
        if self.seat is None:
            self.notify(_("The analysis is of one seat's decisions: choose a seat first (s)."), markup=False)
            return
        if self.analysing is not None:
            self.notify(_("Already analysing {name}'s decisions (Esc stops).").format(name=self.names[self.analysing]),
                        markup=False)
            return
        if self.seat in self.analyses:
            self.say(_("{name}'s decisions are analysed: n/p for the key moments.").format(name=self.names[self.seat]))
            return
        self.analysing = self.seat
        self.stop_analysis.clear()
        self.query_one("#review-analysing-label", Static).update(
            _("Analysing {name}'s decisions").format(name=self.names[self.seat]) + " ")
        self.query_one(ProgressBar).update(progress=0)
        self.query_one("#review-analysing").display = True
        self.run_worker(self._analyse(self.seat), thread=True, group="analysis", exit_on_error=False)

    def _analyse(self, seat: int):  # noqa: ANN202 - a worker's work
        record, path, stop = self.record, self.path, self.stop_analysis
        assert record is not None
        shown = [-1.0]

        def progress(done: int, total: int, share: float) -> None:
            if stop.is_set():
                raise AnalysisStopped
            if share - shown[0] >= 0.01 or done == total:
                shown[0] = share
                self.app.call_from_thread(self.query_one(ProgressBar).update, progress=share)

        def work() -> engine.Analysis:
            found = None
            if path is not None:
                try:
                    found = engine.kept(path, self.game, record, seat, APP_BUDGET, APP_SEED)
                except Exception:  # noqa: BLE001 - a broken kept file: analyse again
                    found = None
            if found is None:
                found = engine.analyse(self.game, record, seat, APP_BUDGET, APP_SEED, 1, progress)
                if path is not None:
                    try:
                        engine.keep(path, found)
                    except OSError as exc:
                        self.app.call_from_thread(self.notify, _("The analysis is not kept beside the record "
                                                                 "({error}).").format(error=exc.strerror or exc),
                                                  severity="warning", markup=False)
            return found

        return work

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "analysis" or event.state not in (WorkerState.SUCCESS, WorkerState.ERROR,
                                                                    WorkerState.CANCELLED):
            return
        seat, self.analysing = self.analysing, None
        self.query_one("#review-analysing").display = False
        if event.state == WorkerState.SUCCESS and seat is not None:
            found: engine.Analysis = event.worker.result
            self.analyses[seat] = found
            moments = len(found.key_moments())
            decided = len(found.decisions)
            self.say((ngettext("{name}'s {n} decision analysed: n/p jump between the {moments} key moments.",
                               "{name}'s {n} decisions analysed: n/p jump between the {moments} key moments.",
                               decided) if moments else
                      ngettext("{name}'s {n} decision analysed: no key moments.",
                               "{name}'s {n} decisions analysed: no key moments.", decided)).format(
                         name=found.name, n=decided, moments=moments)
                     + ("" if self.query_one("#review-side").display else " " + _("F4 shows the plot.")))
            self.show_step()
            self.refresh_bindings()
        elif isinstance(event.worker.error, AnalysisStopped):
            self.notify(_("The analysis was stopped."), markup=False)
        elif event.state == WorkerState.ERROR:
            exc = event.worker.error
            self.notify(_("The analysis failed ({error}).").format(error=f"{type(exc).__name__}: {exc}"),
                        severity="error", markup=False)

    def action_moment(self, delta: int) -> None:
        found = self.analyses.get(self.seat) if self.seat is not None else None
        if found is None:
            return
        moves = [d.move for d in found.key_moments()]
        if not moves:
            self.notify(_("No key moments: no decision lost as much as 5 % win chance."), markup=False)
            return
        ahead = [m for m in moves if m > self.step] if delta > 0 else [m for m in moves if m < self.step][::-1]
        if ahead:
            self.go(ahead[0])
            return
        # none further that way (the review opens on the last move): round to the other end
        target = moves[0] if delta > 0 else moves[-1]
        if target == self.step:
            self.say(_("That was the only key moment."))
            return
        self.go(target)
        self.say((_("No later key moment: back to the first (move {move}).") if delta > 0 else
                  _("No earlier key moment: on to the last (move {move}).")).format(move=target))

    def palette_commands(self) -> Iterable[SystemCommand]:
        if len(self.review.seats) > 1:
            yield SystemCommand(_("Switch seat"), _("See the game as another seat saw it"), self.action_switch_seat)
        if self.record is not None:
            yield SystemCommand(_("Analyse"), _("The computer's view of the shown seat's decisions"),
                                self.action_analyse)
        yield SystemCommand(_("Back"), _("Leave the review"), self.action_back)
