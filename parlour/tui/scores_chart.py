"""The scores round by round as a plot (issue 26): a line a player, drawn in braille dots
(two columns and four rows of dots a character), on one scale, in the results and the review.

What is plotted is what the seat reading was shown (:class:`~parlour.core.review.StageScores`
rows): after each round, or each game of a match; a score the seat was not shown ("?"
behind Banque Fatale's closed screens) leaves a gap. A game scored once, at its end, has
nothing to plot round by round, and the chart says so instead of drawing one point.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from parlour.core.i18n import _
from parlour.core.review import StageScores
from parlour.tui.screen import score_number

#: a colour a player, in seat order (more players than colours: round again)
COLOURS = ("cyan", "magenta", "yellow", "green", "red", "blue", "white", "bright_black")
#: rows of dots a plot is high (four dots each)
ROWS = 4
#: the dots of a braille character by (column, row) within it
DOTS = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))


#: the first words of stage names that mean a game of a match, or a round, in each language
GAME_WORDS = {"game", "spiel", "partie"}
ROUND_WORDS = {"round", "runde", "manche", "tour"}


def unit_of(stages: Sequence[StageScores]) -> str:
    """What a stage is called ("round", "game"): the first word of the game's stage names
    when they all share it, else "round" (a game's stages in German or French are "round"
    or "game" too, so that the app says them in its own words)."""
    words = {row.stage.split()[0].lower() for row in stages if row.stage.split()}
    word = words.pop() if len(words) == 1 else "round"
    return "game" if word in GAME_WORDS else "round" if word in ROUND_WORDS else word


stage_unit = unit_of


def _per_unit(unit: str, game: str, round_: str, other: str) -> str:
    """The text for a stage ``unit``: its own for games and rounds, else ``other`` (English,
    with ``{unit}``: a plugin's stages in its own word)."""
    return game if unit == "game" else round_ if unit == "round" else other


def plot(names: Sequence[str], stages: Sequence[StageScores], width: int, rows: int,
         write: Callable[[float], str] = score_number) -> Text:
    """The plot ``width`` columns wide: ``rows`` of dots with the scale at the left (its ends
    as ``write`` writes a score: the game's way, Casablanca's "$3,000"), then a key of the
    players' colours and, where it fits, what runs across ("round 1 → 12"). Fewer than two
    stages: one line saying there is nothing to plot."""
    unit = unit_of(stages)

    def say(whole: str, short: str) -> Text:
        """The line saying why nothing is plotted; its short form where the whole would be
        cut (a playtest read "One round only, scored at its end: no…" in the review)."""
        return Text(whole if cell_len(whole) <= width else short, style="italic")

    if len(stages) < 2:
        return say(_per_unit(unit, _("One game only, scored at its end: nothing to plot game by game."),
                             _("One round only, scored at its end: nothing to plot round by round."),
                             "One {unit} only, scored at its end: nothing to plot {unit} by {unit}.").format(unit=unit),
                   # "no scores": beside the win chance's bars "nothing to plot" read as wrong (a playtest)
                   _per_unit(unit, _("One game only: no scores to plot."), _("One round only: no scores to plot."),
                             "One {unit} only: no scores to plot.").format(unit=unit))
    known = [score for row in stages for score in row.scores if score is not None]
    if not known:
        return say(_per_unit(unit, _("No scores were shown to this seat game by game: nothing to plot."),
                             _("No scores were shown to this seat round by round: nothing to plot."),
                             "No scores were shown to this seat {unit} by {unit}: nothing to plot.").format(unit=unit),
                   _("No scores shown: nothing to plot."))
    low, high = min(known), max(known)
    labels = [write(float(high)), write(float(low))]
    axis = max(map(cell_len, labels))
    cells = max(2, width - axis - 2)
    dots_x, dots_y = cells * 2, rows * 4
    bits = [[0] * cells for _row in range(rows)]
    owner: list[list[int | None]] = [[None] * cells for _row in range(rows)]

    def dot(x: int, y: int, seat: int) -> None:
        column, row = divmod(x, 2)[0], (dots_y - 1 - y) // 4
        bits[row][column] |= DOTS[x % 2][(dots_y - 1 - y) % 4]
        owner[row][column] = seat

    span = (high - low) or 1.0
    for seat in range(len(names)):
        points = [(round(i * (dots_x - 1) / (len(stages) - 1)),
                   round((row.scores[seat] - low) / span * (dots_y - 1)) if high != low else dots_y // 2)
                  for i, row in enumerate(stages) if seat < len(row.scores) and row.scores[seat] is not None]
        for (x0, y0), (x1, y1) in zip(points, points[1:]):
            steps = max(abs(x1 - x0), abs(y1 - y0), 1)
            for step in range(steps + 1):
                dot(x0 + round((x1 - x0) * step / steps), y0 + round((y1 - y0) * step / steps), seat)
        if len(points) == 1:
            dot(*points[0], seat)
    text = Text(no_wrap=True, overflow="ellipsis")
    for row in range(rows):
        label = labels[0] if row == 0 else labels[1] if row == rows - 1 else ""
        text.append(" " * (axis - cell_len(label)) + label + " ▕", style="dim")
        for column in range(cells):
            seat = owner[row][column]
            text.append(chr(0x2800 + bits[row][column]),
                        style=COLOURS[seat % len(COLOURS)] if seat is not None else "")
        text.append("\n")
    lines = key_lines(names, seats_shown(len(names), stages), width)
    across = _per_unit(unit, _("game 1 → {last}"), _("round 1 → {last}"), "{unit} 1 → {last}").format(
        unit=unit, last=len(stages))
    last = lines[-1]
    if last.cell_len + 2 + len(across) <= width:  # the key first; where it fits, what runs across
        last.append(" " * (width - last.cell_len - len(across)) + across, style="dim")
    text.append_text(Text("\n").join(lines))
    return text


def seats_shown(players: int, stages: Sequence[StageScores]) -> list[bool]:
    """Whether each seat had a score shown in any row (behind closed screens some had none)."""
    return [any(seat < len(row.scores) and row.scores[seat] is not None for row in stages)
            for seat in range(players)]


def key_entry(seat: int, name: str, shown: bool) -> Text:
    """A player in the plot's key: his colour's dash ("?" where no score of his was shown)
    and his name (no markup)."""
    entry = Text("━ " if shown else "? ", style=COLOURS[seat % len(COLOURS)] if shown else "dim")
    entry.append(name, style="" if shown else "dim")
    return entry


def key_lines(names: Sequence[str], shown: Sequence[bool], width: int) -> list[Text]:
    """The plot's key ``width`` columns wide: each player whole, as many to a line as fit,
    two spaces apart (four names beside the win chance at 80 columns were cut after the
    third, "━ Dmi…"); a name wider than a whole line alone ends in "…"."""
    lines = [Text()]
    for seat, name in enumerate(names):
        entry = key_entry(seat, name, shown[seat] if seat < len(shown) else True)
        if entry.cell_len > width:
            entry.truncate(width, overflow="ellipsis")
        if lines[-1].cell_len and lines[-1].cell_len + 2 + entry.cell_len > width:
            lines.append(Text())
        elif lines[-1].cell_len:
            lines[-1].append("  ")
        lines[-1].append_text(entry)
    return lines


class ScoresChart(Widget):
    """Each player's score after every round (or game), as lines on one scale."""

    DEFAULT_CSS = """
    ScoresChart { height: 6; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None, titled: bool = True) -> None:  # noqa: A002 - Textual's name
        """``titled``: a line above the plot says what it is (the results have a heading)."""
        super().__init__(id=id)
        self.titled = titled
        self.names: list[str] = []
        self.stages: list[StageScores] = []
        self.write: Callable[[float], str] = score_number
        #: the plot's rows (:meth:`fit_rows`: fewer where a screen has no room for them)
        self.rows = ROWS

    def show(self, names: Sequence[str], stages: Sequence[StageScores],
             write: Callable[[float], str] = score_number) -> None:
        """Plot ``stages``, the ends of the scale as ``write`` writes a score (see :func:`plot`)."""
        self.write = write
        if (list(names), list(stages)) == (self.names, self.stages):
            return  # the review shows the same scores at every step
        self.names, self.stages = list(names), list(stages)
        self._size_to_rows()

    def fit_rows(self, rows: int) -> None:
        """Plot in ``rows`` rows (at least two), the height with the key's lines at the width
        the plot has now: a screen measuring the plots before the plot's own resize heard of
        its key's second line counted one line short (the results scrolled)."""
        rows = max(2, rows)
        if rows != self.rows or self.styles.height is None or self.styles.height.value != self._height(rows):
            self.rows = rows
            self._size_to_rows()

    class KeyWrapped(Message):
        """The key took more lines or fewer at a new width, the plot as much higher: the
        screen's parts give it room anew."""

    def key_count(self) -> int:
        """The lines of the key at the width the plot has (one until it is laid out)."""
        if not self.size.width or not self.names:
            return 1
        return len(key_lines(self.names, seats_shown(len(self.names), self.stages), max(10, self.size.width)))

    def on_resize(self, event: events.Resize) -> None:
        height = self.styles.height
        self._size_to_rows()
        if self.styles.height != height:
            self.post_message(self.KeyWrapped())

    def _height(self, rows: int) -> int:
        plotted = len(self.stages) > 1 and self.plotted()
        return (rows + self.key_count() + self.titled) if plotted else 1

    def _size_to_rows(self) -> None:
        self.styles.height = self._height(self.rows)
        self.refresh(layout=True)

    def plotted(self) -> bool:
        return any(score is not None for row in self.stages for score in row.scores)

    def render(self) -> Text:
        if not self.names:
            return Text("")
        chart = plot(self.names, self.stages, max(10, self.size.width), self.rows, self.write)
        if not self.titled or len(self.stages) < 2 or not self.plotted():
            return chart
        unit = unit_of(self.stages)
        return Text.assemble(Text(_per_unit(unit, _("Score after each game"), _("Score after each round"),
                                            "Score after each {unit}").format(unit=unit) + "\n", style="italic"), chart)
