"""Results: final scores with the game's breakdown, the winners, and what next."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path

from rich.cells import cell_len
from rich.table import Table as RichTable
from rich.text import Text
from textual import events
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from parlour.core import analysis
from parlour.core.game import Game
from parlour.core.i18n import N_, _, level_name, ngettext
from parlour.core.ledger import Kept, provisional_note
from parlour.core.record import HUMAN, Record
from parlour.core.review import SeenReview, StageScores, seen_scores, sparkline, stage_scores
from parlour.tui.analysis_view import APP_BUDGET, APP_SEED, WinChart
from parlour.tui.panels import history_table
from parlour.tui.scores_chart import ROWS, ScoresChart, stage_unit
from parlour.tui.screen import Footer, Header, ParlourScreen, key_lines, part_text, score_number, score_text
from parlour.tui.table_view import LiveGame


def winners_line(names: list[str], winners: list[int]) -> str:
    if len(winners) == 1:
        return _("{name} wins!").format(name=names[winners[0]])
    if len(winners) == len(names):
        return _("Everyone shares the win.")
    return _("{names} and {last} share the win.").format(names=", ".join(names[w] for w in winners[:-1]),
                                                        last=names[winners[-1]])


def stages_title(stages: Iterable[StageScores]) -> str:
    """"Game by game" when the game names its stages "Game 1", "Game 2" …; "Round by round"
    for rounds, and for stages it names otherwise."""
    unit = stage_unit(stages)
    if unit == "game":
        return _("Game by game")
    if unit == "round":
        return _("Round by round")
    return f"{unit.capitalize()} by {unit.lower()}"  # a plugin's own stages, in its own words


def history_rows(names: list[str], stages: list[StageScores],
                 write: Callable[[float], str] = score_number) -> RichTable:
    """The scores after every stage turned on its side for a low terminal: a row a player,
    a column a stage (numbered), the sparkline at the end of each row; each score as ``write``
    writes it (the game's way, :func:`score_text`)."""
    everything = [score for row in stages for score in row.scores if score is not None]
    low, high = (min(everything), max(everything)) if everything else (None, None)
    grid = RichTable(box=None, pad_edge=False, header_style="bold underline")
    grid.add_column("")
    for number in range(1, len(stages) + 1):
        grid.add_column(str(number), justify="right")
    grid.add_column("")
    for seat, name in enumerate(names):
        grid.add_row(Text(name), *["?" if row.scores[seat] is None else write(row.scores[seat]) for row in stages],
                     Text(sparkline([row.scores[seat] for row in stages], low, high), style="cyan"))
    return grid


def record_line(path: str, width: int) -> str:
    """"Record: PATH" in lines of ``width`` columns, the path never broken: on one line where
    it fits, else the path on a line of its own, the home folder written "~"; a path wider
    than a line keeps its end, the file's name, after "…" (at 80 columns the app's own folder
    took two lines, the second a letter or two of the name, and the note's keys went)."""
    said = _("Record: {path}")
    if cell_len(said.format(path=path)) <= width:
        return said.format(path=path)
    home = str(Path.home())
    if home not in ("", os.sep) and path.startswith(home + os.sep):
        path = "~" + path[len(home):]
        if cell_len(said.format(path=path)) <= width:
            return said.format(path=path)
    label = said.format(path="").rstrip()
    if cell_len(path) > width:
        tail = path
        while len(tail) > 1 and cell_len("…" + tail) > width:
            tail = tail[1:]
        path = "…" + tail
    return label + "\n" + path


def advice_asked(names: list[str], record: Record) -> str:
    """How often the computer's advice was asked (F6 at the table), for the note: ", advice
    asked 3 times", or by name when more than one seat asked; "" when nobody did."""
    asked = [(names[s], record.advice_asked(s)) for s in range(len(names)) if record.advice_asked(s)]
    if not asked:
        return ""
    if len(asked) == 1:
        times = asked[0][1]
        return ", " + (_("advice asked once") if times == 1 else
                       ngettext("advice asked {n} time", "advice asked {n} times", times).format(n=times))
    return ", " + _("advice asked: {who}").format(who=", ".join(f"{name} {times}" for name, times in asked))


class ResultsScreen(ParlourScreen):
    """The results; on a terminal too low for all of them, the round-by-round scores turn on
    their side (a row a player), and whatever still does not fit scrolls (PgUp/PgDn)."""

    BINDINGS = [
        Binding("n", "play_again", N_("Play again"), id="results.again"),
        Binding("m,escape", "menu", N_("Menu"), id="results.menu"),
        Binding("r", "rules", N_("Rules"), id="results.rules"),
        Binding("v", "review", N_("Review"), id="results.review"),
        Binding("a", "analyse", N_("Analyse"), id="results.analyse"),
        Binding("pagedown", "scroll_results(1)", N_("Scroll"), key_display="PgUp/PgDn", id="results.scroll_down"),
        Binding("pageup", "scroll_results(-1)", N_("Scroll up"), show=False, id="results.scroll_up"),
    ]

    def __init__(self, live: LiveGame, *, remote: int | None = None, seen: SeenReview | None = None,
                 kept: Kept | None = None) -> None:
        """``remote``: the seat played here at a hosted table (only its host can play the
        game again; the review starts from that seat's view). ``seen``: a player's hosted
        game, of which he has only what his seat was sent (no record: the host keeps it).
        ``kept``: the game as the record of games keeps it, with the ratings it moved."""
        super().__init__()
        self.kept = kept
        self.live = live
        self.remote = remote if seen is None else seen.seat
        self.seen = seen
        #: the round-by-round scores: as a table of rounds, and on its side (a low terminal)
        self.histories: tuple[RichTable, RichTable] | None = None
        #: the note under the scores: with the keys, and without them (a low terminal)
        self.notes: tuple[Text, Text] = (Text(""), Text(""))
        #: the final scores, and the columns all but the players' take (see ``fit_names``)
        self.scores_grid: RichTable | None = None
        #: each score column's width with its heading on one line, and the least it needs
        self.number_widths: list[tuple[int, int]] = []
        self.fixed_width = 0  #: the winner's mark and the gaps between the columns
        self.names_width = 0  #: the longest name
        #: what the note says of the game, and its keys (``n: play again`` ...)
        self.about = ""
        self.key_notes: list[str] = []
        #: the scores after each round (or game) the reader was shown, for the plot
        self.stages: list[StageScores] = []

    def compose(self) -> ComposeResult:
        state = self.live.match.state
        names = self.live.names
        try:
            scores = list(state.scores())
            winners = [w for w in state.winners() if isinstance(w, int) and 0 <= w < len(names)]
            if len(scores) != len(names) or not all(isinstance(s, (int, float)) for s in scores):
                raise ValueError(f"{scores!r:.80} are not a score for each of the {len(names)} players")
            if not winners:
                raise ValueError("no winner")
        except Exception as exc:  # noqa: BLE001 - the game's own code: say so, keep the record
            yield Header()
            with VerticalScroll(id="results"):
                yield Static(_("{game} could not count the scores: {error}").format(
                                 game=self.live.game.title, error=f"{type(exc).__name__}: {exc}") + "\n\n"
                             + _("The record is kept: {path}").format(path=self.live.path) + "\n\n"
                             + _("m: back to the games"),
                             id="results-winners", markup=False)
            yield Footer()
            return
        try:
            breakdown = list(state.score_breakdown())
            if len(breakdown) != len(names) or not all(isinstance(parts, dict) for parts in breakdown):
                raise ValueError("not the parts of each player's score")
        except Exception:  # noqa: BLE001 - the final scores still show without the parts (a host's too)
            breakdown = [{} for _name in names]
        parts: list[str] = []
        for seat_parts in breakdown:
            parts += [k for k in seat_parts if k not in parts and k != "score"]
        grid = RichTable(box=None, pad_edge=False, header_style="bold underline")
        grid.add_column("", no_wrap=True)
        grid.add_column(_("Player"), no_wrap=True, overflow="ellipsis")
        words = self.live.game.words
        headings = [words.gettext(part.replace("_", " ")) if words is not None else part.replace("_", " ")
                    for part in parts]  # a game may name the parts in English (a hosted table's always are)
        for heading in [*headings, _("Score")]:
            grid.add_column(heading, justify="right")
        order = sorted(range(len(names)), key=lambda s: -scores[s])
        rows: list[list[str]] = []
        for seat in order:
            mark = "* " + _("winner") if seat in winners else ""
            agent = self.live.match.seats[seat].agent
            who = names[seat] if agent == HUMAN else _("{name} (computer: {level})").format(name=names[seat], level=level_name(agent))
            rows.append([mark, who, *[part_text(self.live.game, p, breakdown[seat].get(p, "")) for p in parts],
                         score_text(self.live.game, scores[seat])])
            grid.add_row(*[Text(cell) for cell in rows[-1]], style="bold" if seat in winners else "")  # names: no markup
        # where the table is too wide, its headings wrap between words, then the names are cut
        # short ("Dominique (compu…"): never a number, nor the winner's mark
        self.scores_grid = grid
        for i, heading in enumerate([*headings, _("Score")], start=2):
            cells = [cell_len(row[i]) for row in rows]
            self.number_widths.append((max([cell_len(heading), *cells]),
                                       max([cell_len(word) for word in heading.split()] + cells)))
        self.fixed_width = max(cell_len(row[0]) for row in rows) + 2 * (len(grid.columns) - 1)  # the gaps
        self.names_width = max(cell_len(row[1]) for row in rows + [["", _("Player")]])
        self.fit_names(self.app.size.width)
        yield Header()
        with VerticalScroll(id="results"):
            yield Static(Text(winners_line(names, winners), style="bold"), id="results-winners")
            yield Static(grid, id="results-scores")
            if self.kept is not None:
                yield Static(self.ratings_text(self.app.size.width - 5), id="results-ratings")
            try:
                _rows, stages = (stage_scores(self.live.game, self.live.match.record,
                                          scores=lambda state: seen_scores(state, self.at_table))
                             if self.seen is None else (None, self.seen.history(self.seen.seat)))
            except Exception:  # noqa: BLE001 - the totals above still stand
                stages = []
            if len(stages) > 1:
                yield Static(Text(stages_title(stages), style="bold"), id="results-history-title")
                write = partial(score_text, self.live.game)
                self.histories = (history_table(names, stages, write), history_rows(names, stages, write))
                yield Static(self.histories[0], id="results-history")
            self.stages = stages
            with Horizontal(id="results-picture"):
                yield ScoresChart(id="results-plot", titled=False)
                yield WinChart(id="results-chart", review=False)
            self.about, self.key_notes = self.note()
            self.notes = self.notes_at(self.app.size.width - 4)
            yield Static(self.notes[0], id="results-note")
        yield Footer()

    def ratings_text(self, width: int) -> Text:
        """"Ratings  Ada 1,512, +18   medium 1,697, −1 ...", broken between players only: at 80
        columns a line broke inside one ("hard" / "1,557, ±0", a playtest). A later line
        starts under the first player."""
        assert self.kept is not None
        head = _("Ratings") + "  "
        text = Text.assemble((head, "bold"))
        used = cell_len(head)
        for i, change in enumerate(self.kept.changes):
            entry = change.text()
            if i and used + 3 + cell_len(entry) > width:
                text.append("\n" + " " * cell_len(head))
                used = cell_len(head)
            elif i:
                text.append("   ")
                used += 3
            text.append(entry)  # a name is no markup
            used += cell_len(entry)
        if self.kept.provisional:
            text.append_text(Text.assemble("\n", (provisional_note(), "italic")))
        return text

    def fit_names(self, width: int) -> None:
        """The scores on a terminal ``width`` wide: too narrow for them as they are, the
        headings wrap between words, and the players' column takes what is left (a name too
        long ends in "…"): a number is never cut."""
        grid = self.scores_grid
        if grid is None:
            return
        room = width - 6  # the padding around the results (two columns a side), and a scrollbar (two)
        whole = sum(natural for natural, _least in self.number_widths)
        narrow = self.fixed_width + self.names_width + whole > room
        for column, (_natural, least) in zip(grid.columns[2:], self.number_widths):
            column.width = least if narrow else None
        least = sum(least for _natural, least in self.number_widths)
        grid.columns[1].max_width = max(8, room - self.fixed_width - least) if narrow else None

    def notes_at(self, width: int) -> tuple[Text, Text]:
        """The note with the keys under it, and without them (a low terminal), ``width`` the
        parts' width (the screen's less the padding), both laid out two columns narrower, the
        scrollbar's (so that they take as many lines with it as without: a path of 75 columns
        at 80 wrapped once the bar came, "….jso" / "n", the line more kept the bar): the
        record's path fitted (see :func:`record_line`), the keys as many to a line as fit,
        never one broken over two lines."""
        about = self.about
        if self.seen is None:  # a player at a hosted table keeps no record (see :meth:`note`)
            about += "\n" + record_line(str(self.live.path), width - 2)
        return Text(about + "\n\n" + key_lines(self.key_notes, width - 2)), Text(about)

    def note(self, analysed: bool = False) -> tuple[str, list[str]]:
        """What the note under the scores says of the game (the moves, the seed; the record's
        file follows, fitted to the width by :meth:`notes_at`; of a player's hosted game, what
        his seat saw and that the host keeps the record), and the keys: ``a`` offers to read
        the analysis once it is kept (``analysed``), not to make it again."""
        if self.seen is not None:
            return (ngettext("{n} step seen from your seat. The host keeps the record of the game and its seed; "
                             "none is kept here.",
                             "{n} steps seen from your seat. The host keeps the record of the game and its seed; "
                             "none is kept here.", self.seen.last).format(n=self.seen.last),
                    [_("v: review the game as you saw it"), _("m: back to the games"), _("r: rules")])
        record = self.live.match.record
        variants = ", ".join(record.variants) if record.variants else _("none (the book's rules)")
        takebacks = (", " + _("{n} taken back").format(n=record.takebacks)) if record.takebacks else ""
        takebacks += advice_asked(self.live.names, record)
        again = [] if self.remote is not None else [_("n: play again with the same table (a new seed)")]
        moves = len(record.actions)
        return (ngettext("{n} move", "{n} moves", moves).format(n=moves) + takebacks + ", "
                + _("seed {seed}. Variants: {variants}.").format(seed=self.live.match.seed, variants=variants),
                [*again, _("v: review the game move by move"),
                 _("a: read the analysis of your decisions") if analysed else _("a: analyse your decisions"),
                 _("m: back to the games"), _("r: rules")])

    def on_mount(self) -> None:
        self.sub_title = _("{game}: results").format(game=self.live.game.title)
        if self.query("#results-picture"):
            self.query_one(ScoresChart).show(self.live.names, self.stages, partial(score_text, self.live.game))
            self.show_analysis()

    def on_screen_resume(self) -> None:
        """Back from the review, whose ``a`` may have analysed the reader's seat."""
        if self.query("#results-picture") and self.show_analysis():
            self.on_resize(events.Resize(self.app.size, self.app.size))

    def on_scores_chart_key_wrapped(self) -> None:
        """The plot's key took another line at the plot's width (or gave one up)."""
        self.on_resize(events.Resize(self.app.size, self.app.size))

    def show_analysis(self) -> bool:
        """Plot the win chance of the reader's seat when its analysis is kept beside the record
        (the review's ``a``, or ``parlour analyse`` at the app's budget); whether it changed."""
        chart = self.query_one(WinChart)
        seat = self.at_table
        found = None
        if self.seen is None and seat is not None:
            try:
                found = analysis.kept(self.live.path, self.live.game, self.live.match.record, seat,
                                      APP_BUDGET, APP_SEED)
            except Exception:  # noqa: BLE001 - a game failing on its record: no plot, the results stand
                found = None
        changed = found != chart.analysis
        chart.show(found, 0)
        if changed and self.seen is None:
            self.about, self.key_notes = self.note(analysed=found is not None)
        return changed

    @property
    def at_table(self) -> int | None:
        """The seat of the person reading (None, an onlooker's, when several people shared
        the screen): what the round by round scores and the review show is what it saw."""
        if self.remote is not None:
            return self.remote
        return self.live.humans[0] if len(self.live.humans) == 1 else None

    def on_resize(self, event: events.Resize) -> None:
        """On a low terminal, the shortest of: the round-by-round scores on their side, and
        the note without the list of keys (the footer has them)."""
        console = self.app.console
        # measured as wide as the parts are when nothing scrolls (two columns of padding a
        # side): a layout that needs the scrollbar is not chosen anyway, and at 80 columns a
        # record's path of 76 counted two lines where it took one, and the keys went
        options = console.options.update_width(max(event.size.width - 4, 10))
        self.notes = self.notes_at(max(event.size.width - 4, 11))
        self.fit_names(event.size.width)
        if self.scores_grid is not None and self.query("#results-scores"):  # (not yet mounted: at once)
            self.query_one("#results-scores", Static).update(self.scores_grid)
        if self.kept is not None and self.query("#results-ratings"):
            self.query_one("#results-ratings", Static).update(self.ratings_text(max(event.size.width - 5, 10)))

        def lines(renderable: object) -> int:
            return len(console.render_lines(renderable, options, pad=False))  # type: ignore[arg-type]

        fixed = sum(lines(w.content) for w in self.query(Static)
                    if w.id in ("results-winners", "results-scores", "results-ratings", "results-history-title"))
        room = event.size.height - 2 - 2 - 2  # header and footer, padding, the margins between parts
        self.picture_rows(0)  # the plots whole, unless nothing below fits with them
        pictured = self.picture_height()
        # the plots give up rows, down to two, before the note gives up its keys: beside the
        # scores plot the win chance (it comes with the review's a) took them (a playtest came
        # back from the review to find them gone), and so did a record's path of two lines, as
        # the app's own folder gives at 80 columns
        spare = ROWS - 2 if pictured > 1 else 0
        histories = sorted(self.histories or (), key=lines)
        choices = [(h, n) for n in self.notes for h in ([self.histories[0]] if self.histories else [None])]
        choices += [(h, n) for n in self.notes for h in histories[:1]]
        if self.histories and pictured > 1:  # the plot has the rounds: the numbers may give way
            choices += [(None, n) for n in self.notes]
        for history, note in choices:
            apart = 1 if pictured and (history is not None or not self.histories) else 0  # not under the heading
            needed = fixed + (lines(history) if history is not None else 0) + apart + pictured + lines(note)
            if needed <= room:
                break
            if needed - room <= spare:
                self.picture_rows(needed - room)
                break
        else:
            if pictured > 1:  # even the shortest does not fit: the plots give up rows, down to two
                self.picture_rows(needed - room)
        if self.query("#results-picture"):
            self.query_one("#results-picture").styles.margin = (apart, 0, 0, 0)
        if self.histories:
            self.query_one("#results-history", Static).display = history is not None
            if history is not None:
                self.query_one("#results-history", Static).update(history)
        if self.query("#results-note"):
            self.query_one("#results-note", Static).update(note)
        self.call_after_refresh(self.refresh_bindings)

    def picture_rows(self, fewer: int) -> None:
        """Draw the plots with ``fewer`` rows than they have (at least two), or whole (0)."""
        if not self.query("#results-picture"):
            return
        rows = ROWS - fewer
        self.query_one(ScoresChart).fit_rows(rows)
        self.query_one(WinChart).fit_rows(rows)

    def picture_height(self) -> int:
        """The lines the plots take: the taller of the scores plot (one line for a game with
        nothing to plot) and the win chance's (if it is shown)."""
        if not self.query("#results-picture"):
            return 0
        heights = [w.styles.height.value for w in (self.query_one(ScoresChart), self.query_one(WinChart))
                   if w.display and w.styles.height is not None]
        return int(max(heights, default=0))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "scroll_results":  # in the footer only while the results scroll
            return self.query_one("#results", VerticalScroll).max_scroll_y > 0
        if action == "analyse":  # a player at a hosted table has no record to analyse
            return self.seen is None
        return not (self.remote is not None and action == "play_again")

    def action_scroll_results(self, pages: int) -> None:
        scroll = self.query_one("#results", VerticalScroll)
        if pages > 0:
            scroll.scroll_page_down(animate=False)
        else:
            scroll.scroll_page_up(animate=False)

    def action_play_again(self) -> None:
        old = self.live.match
        match = self.parlour.new_match(self.live.game, old.rules, self.parlour.new_seed(), old.seats, old.variants)
        self.parlour.open_table(self.live.game, match, replace=True)

    def action_menu(self) -> None:
        self.dismiss(None)

    def action_review(self) -> None:
        if self.seen is not None:
            self.parlour.show_seen_review(self.live.game, self.seen)
            return
        self.parlour.show_review(self.live.game, self.live.match.record, seat=self.at_table, path=self.live.path)

    def action_analyse(self) -> None:
        """The review, analysing the reader's seat at once (with several people at the
        table, the review asks for a seat: none of theirs is shown unasked)."""
        if self.seen is not None:
            return
        self.parlour.show_review(self.live.game, self.live.match.record, seat=self.at_table, path=self.live.path,
                                 analyse=True)

    def action_rules(self) -> None:
        self.parlour.show_rules(self.live.game, self.live.match.rules, self.live.match.variants)

    def palette_commands(self) -> Iterable[SystemCommand]:
        if self.remote is None:
            yield SystemCommand(_("Play again"), _("The same table with a new seed"), self.action_play_again)
        yield SystemCommand(_("Review the game"), _("Move by move, as a seat saw it"), self.action_review)
        if self.seen is None:
            yield SystemCommand(_("Analyse the game"), _("The computer's view of your decisions"), self.action_analyse)
        yield SystemCommand(_("Back to the games"), _("The home screen"), self.action_menu)
        yield SystemCommand(_("Rules of {game}").format(game=self.live.game.title), _("Read the rules"),
                            self.action_rules)
