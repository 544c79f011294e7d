"""The computer's analysis in the review (:mod:`parlour.core.analysis` does the work): each
decision's evaluation in words, and a plot of the seat's win chance over its decisions."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.widget import Widget

from parlour.core.analysis import DEFAULT_BUDGET, MARK_WORDS, Analysis, Decision, marks_counted
from parlour.core.i18n import _, ngettext
from parlour.textlines import cut, cut_text
from parlour.tui.screen import chance_text, share_text

#: simulations a decision in the app: the command line's default, the budget the win chance's
#: calibration is fitted and measured at (at half of it the raw estimate is noisier than the map
#: allows for), so either reuses the other's analysis; a whole game in about 5-25 s on one core
APP_BUDGET = DEFAULT_BUDGET
#: the seed of the app's analyses (the command line's default, so either reuses the other's)
APP_SEED = 0
#: the colour of each mark, in the plot and the words
MARK_STYLE = {"blunder": "bold red", "mistake": "red", "inaccuracy": "yellow"}
#: a column's height in eighths: " ▁▂▃▄▅▆▇█"
BLOCKS = " ▁▂▃▄▅▆▇█"


class AnalysisStopped(Exception):
    """Raised from the progress callback to stop an analysis (Esc)."""


def percent(share: float) -> str:
    return chance_text(share)


def evaluation(decision: Decision, who: str, width: int = 200, texts: bool = True,
               tight: bool | None = None, labels: bool | None = None) -> Text:
    """One decision in words: "you: bid 3 · win 24 % · best: pass 31 % · mistake (−7 %)".
    Narrower than that, the moves' short texts (the record's) instead of their labels, where
    the game's texts read right to a player (``texts``, the game's
    ``texts_read_as_labels``; else the labels, the shares written tight); still too wide, the
    moves' wording cut ("best: admit (undo the mo… 47%"), never a share; too narrow even
    for that, the mark right after the move and the rest cut to ``width``. The labels are as
    ``decision`` holds them: :meth:`~parlour.core.analysis.Decision.worded` words them in the
    reader's language. ``tight``: the shares written so whatever the width ("24%", or the
    language's "24 %"), and ``labels``: the moves' labels (or their short form) whatever the
    width, as a screen chose them for all its lines (:func:`line_form`); None: the labels
    where they fit, the shares tight where the labels do not."""
    if labels is None:
        whole = _whole(decision, who, width, texts, tight)
        if whole is not None:
            return whole
    else:
        text = _line(decision, who, *_words(decision, texts, labels), tight=bool(tight))
        if text.cell_len <= width:
            return text
    moves = _words(decision, texts, bool(labels))
    tight = True if tight is None else tight
    fitted = _cut_moves(decision, who, *moves, tight, width)
    if fitted is not None:
        return fitted
    text = _line(decision, who, *moves, tight=tight, mark_first=True)
    return cut_text(text, width)  # never inside a number: "win 3…" read as 3 % where it was 30


#: the forms of the evaluations, the most readable first: (the moves' labels, the shares
#: tight); the labels give way before the language's shares ("47 %") do
FORMS: tuple[tuple[bool, bool], ...] = ((True, False), (False, False), (True, True), (False, True))


def line_form(decisions: Iterable[Decision], who: str, width: int, texts: bool = True) -> tuple[bool, bool]:
    """The form (the moves' labels, the shares tight) a screen ``width`` wide writes every
    evaluation in: the first of :data:`FORMS` in which all of them fit whole, else the short
    moves with tight shares (a line still too wide cuts its moves' wording). One form for
    all: a review mixed "47 %" and "47%" from one move to the next, and Banque Fatale's "take
    one B jeton" with "take R" (playtests)."""
    decisions = list(decisions)
    for labels, tight in FORMS:
        if all(_line(d, who, *_words(d, texts, labels), tight=tight).cell_len <= width for d in decisions):
            return labels, tight
    return FORMS[-1]


def tight_shares(decisions: Iterable[Decision], who: str, width: int, texts: bool = True) -> bool:
    """Whether a screen ``width`` wide writes the shares of every evaluation tight ("47%")
    (:func:`line_form`)."""
    return line_form(decisions, who, width, texts)[1]


#: the least of a move's wording an evaluation cuts it to ("pick up the …")
LEAST_MOVE = 12


def _cut_moves(decision: Decision, who: str, played: str, best: str, tight: bool, width: int) -> Text | None:
    """The evaluation within ``width`` with the moves' wording cut: every share and the mark
    stay (Casablanca's "best: admit (undo the move, p…" lost its 47 % at 80x24). In turn,
    the first that fits: the words the two moves begin with alike left out of the best
    move's ("best: …field 10 (Moon)"), then out of the played one's, which keeps its first
    words (its verb: "pick up …field 8") as long as it can, the words in brackets going
    before each of its words does; the moves without their brackets ("match the stake"); the
    words they share in the middle left out ("announce 2, …field 10" beside "announce 0,
    …field 1"); else each move's first and last words about an ellipsis, then its end cut
    ("pick up the …field 4", "reshuffle the ch…"), the longer of the two first, neither
    below :data:`LEAST_MOVE` cells. None where that is too little."""
    best_short, played_short = _after_shared(best, played), _after_shared(played, best)
    plain = (_unbracketed(played), _unbracketed(best))
    pairs: list[tuple[str, str]] = []
    if best_short != best:
        pairs.append((played, best_short))
        for kept in _shared_kept(played, best):
            pairs += [(kept, best_short), (_unbracketed(kept), _unbracketed(best_short))]
        pairs += [(played_short, best_short), (_unbracketed(played_short), _unbracketed(best_short))]
    pairs += [plain, (_middle_left_out(*plain), _middle_left_out(*reversed(plain)))]
    for pair in pairs:
        text = _line(decision, who, *pair, tight=tight)
        if text.cell_len <= width:
            return text
    shortest = pairs[-1]
    cells = [cell_len(words) for words in shortest]
    while True:
        text = _line(decision, who, *(_squeezed(words, n) for words, n in zip(shortest, cells)), tight=tight)
        over = text.cell_len - width
        if over <= 0:
            return text
        longer = 0 if cells[0] >= cells[1] else 1  # the same: the move played first (the log has it)
        if cells[longer] <= LEAST_MOVE:
            return None
        cells[longer] -= min(over, max(1, cells[longer] - cells[1 - longer]), cells[longer] - LEAST_MOVE)


def _squeezed(words: str, cells: int) -> str:
    """``words`` in ``cells``: whole; else its first words and its last two about an
    ellipsis, as many first words as fit but never fewer than its last with a digit ("pick
    up the …field 4"; "announce 5, …field 9" keeps its "5,"), and not ending on the word the
    last two begin with ("reshuffle …the ring", not "reshuffle the …the ring"); else cut at
    its end, between words where one fits."""
    if cell_len(words) <= cells:
        return words
    parts = words.split(" ")
    if len(parts) > 3:
        tail = parts[-2:]
        joined = " ".join(tail) if tail[0].startswith("…") else "…" + " ".join(tail)
        least = max([1, *(i + 1 for i, part in enumerate(parts[:-2]) if any(c.isdigit() for c in part))])
        for kept in range(len(parts) - 3, least - 1, -1):
            if kept > least and parts[kept - 1].lower() == tail[0].lstrip("…").lower():
                continue  # not "reshuffle the …the ring": the word twice about the gap
            squeezed = " ".join(parts[:kept]) + " " + joined
            if cell_len(squeezed) <= cells:
                return squeezed
    # cut between words where one fits ("announce 1…", not "announce 1, …fiel…")
    # (and not after words left out: "…field…")
    spaces = [i for i, c in enumerate(words) if c == " " and cell_len(words[:i].rstrip(" ,:;")) < cells
              and not words[:i].split(" ")[-1].startswith("…")]
    if spaces:
        return words[:spaces[-1]].rstrip(" ,:;") + "…"
    return cut(words, cells, " ,:;")


def _middle_left_out(words: str, other: str) -> str:
    """``words`` with each run of two or more words it shares with ``other`` in the same
    places, past its first word, left out but the run's last word ("announce 2, …field 10"
    beside "announce 0, chip to field 1")."""
    mine, theirs = words.split(" "), other.split(" ")
    out: list[str] = []
    i = 0
    while i < len(mine):
        run = i
        while i > 0 and run < len(mine) and run < len(theirs) and mine[run] == theirs[run]:
            run += 1
        if run - i >= 2 and run < len(mine):
            out.append("…" + mine[run - 1])
            i = run
        else:
            out.append(mine[i])
            i += 1
    return " ".join(out)


def _leading_shared(words: str, other: str) -> tuple[list[str], int]:
    """``words``' words, and how many of them it begins with alike ``other``."""
    mine, theirs = words.split(" "), other.split(" ")
    return mine, next((i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b), min(len(mine), len(theirs)))


def _after_shared(words: str, other: str) -> str:
    """``words`` without the words it begins with alike ``other`` but the last of them, an
    ellipsis in their place ("…field 10 (Moon)" beside "pick up the chip on field 12 (Lamp)");
    ``words`` where they share fewer than two."""
    mine, shared = _leading_shared(words, other)
    if shared < 2 or shared >= len(mine):
        return words
    return "…" + " ".join(mine[shared - 1:])


def _shared_kept(words: str, other: str) -> list[str]:
    """``words`` with the middle of the words it begins with alike ``other`` left out, from
    all but one of them kept down to one ("pick up the chip …field 8 (Palm)", ..., "pick
    …field 8 (Palm)"); none where they share fewer than three."""
    mine, shared = _leading_shared(words, other)
    if shared < 3 or shared >= len(mine):
        return []
    tail = " …" + " ".join(mine[shared - 1:])
    return [" ".join(mine[:kept]) + tail for kept in range(shared - 2, 0, -1)]


def _unbracketed(words: str) -> str:
    """``words`` without what they hold in brackets ("…field 8 (Palm)": "…field 8")."""
    return re.sub(r"\s*\([^()]*\)", "", words).strip() or words


def _words(decision: Decision, texts: bool, labels: bool) -> tuple[str, str]:
    """The moves played and best: their labels, or their short form (:func:`_moves`)."""
    return (str(decision.played_label), str(decision.best_label)) if labels else _moves(decision, texts)


def _moves(decision: Decision, texts: bool) -> tuple[str, str]:
    """The moves played and best in their short form: the game's few words for them
    (``Game.short_label``, set by ``Decision.worded``) or the record's texts, or the labels
    where the game's texts do not read right (``texts``)."""
    if not texts:  # "pick 11" for the chip the ring shows on field 12: the labels, tighter
        return str(decision.played_label), str(decision.best_label)
    # the game's few words where the decision was worded for the reader (Game.short_label:
    # Monte Carlo's "bet C4 (bottom)" for "bet col4-bottom"), else the texts as a file holds them
    return str(decision.played_short or decision.played), str(decision.best_short or decision.best)


def _whole(decision: Decision, who: str, width: int, texts: bool, tight: bool | None) -> Text | None:
    """The evaluation with the labels, else the short moves, whichever fits ``width`` whole
    first (``tight`` None: the labels with the language's shares, the short moves with tight
    ones); None when neither does."""
    labels = (str(decision.played_label), str(decision.best_label))
    for moves, tightly in ((labels, bool(tight)), (_moves(decision, texts), True if tight is None else tight)):
        text = _line(decision, who, *moves, tight=tightly)
        if text.cell_len <= width:
            return text
    return None


def _line(decision: Decision, who: str, played: str, best: str, tight: bool = False,
          mark_first: bool = False) -> Text:
    pc = (lambda share: chance_text(share, tight=True)) if tight else percent
    # the loss as the shares shown read it: "win 0 % · best: … 12 %" marked "(−11 %)", from
    # the unrounded 0.4 % and 11.6 %, read as a slip (a playtest)
    lost = (_points(decision.win_best) - _points(decision.win_played)) / 100
    loss = (lambda share: share_text(share, tight=True)) if tight else share_text  # "−100 %", not "−>99 %"
    mark = Text(f"{_(MARK_WORDS.get(decision.mark, decision.mark))} (−{loss(lost)})",
                style=MARK_STYLE[decision.mark]) if decision.mark else None
    if decision.best == decision.played:
        judged = Text.assemble(_("win {share}").format(share=pc(decision.win_played)) + " · ",
                               (_("the computer's choice too"), "green"))
    elif pc(decision.win_best) == pc(decision.win_played):  # "win 0 % · best: … 0 %" read
        # as if the other were better (a playtest): the computer's choice, no better
        judged = Text(_("win {share} · the computer's choice: {move}").format(
            share=pc(decision.win_played), move=best))
    elif _points(decision.win_best) < _points(decision.win_played):  # "win 2% · best: … 1%": the
        # search's choice by its simulations, the move played estimated higher on its own
        judged = Text(_("win {share} · the computer's choice: {move} {best_share}").format(
            share=pc(decision.win_played), move=best, best_share=pc(decision.win_best)))
    else:
        judged = Text(_("win {share} · best: {move} {best_share}").format(
            share=pc(decision.win_played), move=best, best_share=pc(decision.win_best)))
    parts = [judged, mark] if not mark_first else [mark, judged]
    said = Text.assemble((_("{who}:").format(who=who) + " ", "bold"), played)
    return Text(" · ").join([said, *(p for p in parts if p is not None)])


def _points(share: float) -> int:
    """A share in whole percentage points, rounded as its text is."""
    return int(f"{share * 100:.0f}")


def short_counted(mark: str, n: int) -> str:
    """``n`` marks of one kind in a short form, for a narrow side panel ("20 inacc.")."""
    if mark == "blunder":
        return ngettext("{n} blund.", "{n} blund.", n).format(n=n)
    if mark == "mistake":
        return ngettext("{n} mist.", "{n} mist.", n).format(n=n)
    return ngettext("{n} inacc.", "{n} inacc.", n).format(n=n)


def marks_text(found: Analysis, short: int = 0) -> str:
    """The decisions' marks counted: "3 blunders, 7 mistakes, 5 inaccuracies"; with
    ``short``, that many kinds in short form, the last first ("12 blunders, 17 mistakes,
    20 inacc."): every count stays."""
    counted = list(found.counts().items())
    counts = ", ".join((short_counted if i >= len(counted) - short else marks_counted)(name, n)
                       for i, (name, n) in enumerate(counted) if n)
    return counts or _("no mistakes")


def review_summary(found: Analysis, width: int) -> tuple[str, str, str]:
    """The review's three lines under the bars, ``width`` wide: the title, the marks and the
    key moments. The count of the decisions goes with the marks, else beside the title (a
    side panel of 40 columns); where the marks do not fit whole, their kinds in short form,
    the last first ("12 blunders, 17 mistakes, 20 inaccuracies" was cut at 120x40), and
    beside the title, the count of decisions too ("49 dec.") before the marks give way."""
    title, (_marked, moments) = _("{name}'s win chance").format(name=found.name), summary(found)
    n = len(found.decisions)
    kinds = len(found.counts())
    for counted in (ngettext("{n} decision", "{n} decisions", n), ngettext("{n} dec.", "{n} dec.", n)):
        beside = title + " · " + counted.format(n=n)
        for short in range(kinds + 1):
            marks = marks_text(found, short)
            with_count = ngettext("{n} decision: {marks}", "{n} decisions: {marks}", n).format(n=n, marks=marks)
            if cell_len(with_count) <= width:
                return title, with_count, moments
            if cell_len(beside) <= width and cell_len(marks) <= width:
                return beside, marks, moments
    return title, marks_text(found, kinds), moments


def summary(found: Analysis, keys: bool = True) -> tuple[str, str]:
    """The analysis in two short lines: the decisions with their marks, the key moments
    (with the review's keys to them, ``keys``)."""
    moments = ", ".join(map(str, (d.move for d in found.key_moments())))
    decided = len(found.decisions)
    return (ngettext("{n} decision: {marks}", "{n} decisions: {marks}", decided).format(
                n=decided, marks=marks_text(found)),
            (_("key moments (n/p): {moves}") if keys else _("key moments: {moves}")).format(moves=moments)
            if moments else _("no key moments"))


def columns(values: Sequence[float], width: int) -> list[tuple[int, float]]:
    """At most ``width`` columns of the plot: (index of the first decision of the column,
    mean win chance of its decisions)."""
    if not values or width <= 0:
        return []
    count = min(width, len(values))
    out: list[tuple[int, float]] = []
    for column in range(count):
        start, end = column * len(values) // count, (column + 1) * len(values) // count
        part = values[start:end]
        out.append((start, sum(part) / len(part)))
    return out


class WinChart(Widget):
    """The seat's estimated win chance after each of its decisions (the move played), as
    bars in eighths of a row, the marked decisions in their colour, the one shown now
    underlined by a caret (``review``; elsewhere no caret, and the key moments without the
    review's keys)."""

    #: the bars' rows, unless :meth:`fit_rows` gives it fewer
    ROWS = 4
    #: its lines besides the bars: in the review the caret, the title and the summary's two;
    #: elsewhere one line
    REVIEW_LINES, LINES = 4, 1
    #: its height in the review
    HEIGHT = ROWS + REVIEW_LINES
    DEFAULT_CSS = """
    WinChart { width: 1fr; }
    """
    AXIS = 5

    def __init__(self, *, id: str | None = None, review: bool = True) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self.review = review
        self.analysis: Analysis | None = None
        self.at: int | None = None
        self.rows = self.ROWS
        self.styles.height = self.rows + self._lines()

    def _lines(self) -> int:
        return self.REVIEW_LINES if self.review else self.LINES

    def show(self, found: Analysis | None, step: int) -> None:
        self.analysis = found
        self.at = step
        self.display = found is not None and bool(found.decisions)
        self.refresh()

    def fit_rows(self, rows: int) -> None:
        """Draw the bars in ``rows`` rows (at least two), the widget as much lower."""
        if max(2, rows) != self.rows:
            self.rows = max(2, rows)
            self.styles.height = self.rows + self._lines()
            self.refresh(layout=True)

    def render(self) -> Text:
        found = self.analysis
        if found is None or not found.decisions:
            return Text("")
        decisions = found.decisions
        cols = columns([d.win_played for d in decisions], max(1, self.size.width - self.AXIS - 1))
        now = max((i for i, d in enumerate(decisions) if d.move <= (self.at or 0)), default=None)
        text = Text()
        for row in range(self.rows):
            label = {0: "100%", self.rows - 1: "  0%"}.get(row, "")
            text.append(f"{label:>4} ▕", style="dim")
            floor = (self.rows - 1 - row) * 8
            for c, (first, win) in enumerate(cols):
                last = cols[c + 1][0] if c + 1 < len(cols) else len(decisions)
                worst = max((decisions[i] for i in range(first, last)), key=lambda d: d.lost)
                eighths = max(0, min(8, round(win * self.rows * 8) - floor))
                if row == self.rows - 1 and eighths == 0:
                    eighths = 1  # a win chance near nothing still shows where the decision is
                text.append(BLOCKS[eighths], style=MARK_STYLE.get(worst.mark or "", "cyan"))
            text.append("\n")
        if self.review:
            caret = ""
            if now is not None:
                place = next(c for c in range(len(cols) - 1, -1, -1) if cols[c][0] <= now)
                caret = " " * place + "^"
            text.append(" " * self.AXIS + caret + "\n", style="bold")
        if self.review:
            # short: the side panel is 30 to 40 columns wide; the bars are the decisions
            title, marked, moments = review_summary(found, self.size.width)
            text.append(title + "\n", style="italic")
            text.append(marked + "\n" + moments)
        else:  # one line under the bars: as much as fits, the marks before the key moments,
            # and every count before the title ("Ann's win chance · 11 blund., 8 mist…" at 80x24)
            title = _("{name}'s win chance").format(name=found.name)
            marked, moments = summary(found, keys=False)
            shorts = [marks_text(found, short) for short in range(len(found.counts()) + 1)]
            lines = [(title, " · " + marked + " · " + moments), (title, " · " + marked),
                     *((title, " · " + marks) for marks in shorts), *(("", marks) for marks in shorts)]
            head, tail = next((line for line in lines if cell_len("".join(line)) <= self.size.width), lines[-1])
            text.append(head, style="italic")
            text.append(tail)
        text.no_wrap, text.overflow = True, "ellipsis"
        return text
