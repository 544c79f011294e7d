"""The table's side panels: the status (whose turn, the moves played, the seats) and the log; the
scores stage by stage, which the review and the results both show."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.padding import Padding
from rich.progress_bar import ProgressBar
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.events import Event as UIEvent
from textual.events import Key
from textual.message import Message
from textual.widgets import RichLog, Static

from parlour.core.game import Event, with_names
from parlour.core.i18n import ENGLISH, N_, _, current_language, level_name, ngettext
from parlour.core.record import HUMAN, Seat
from parlour.core.review import StageScores, running_scores, sparkline
from parlour.tui.board import Board
from parlour.tui.screen import event_time, score_number, share_text, styled, worded_bindings


@runtime_checkable
class ShownState(Protocol):
    """What the table screen and its panels read of a game's state: a local match's
    :class:`~parlour.core.game.State`, or a hosted table's
    :class:`~parlour.net.client.RemoteState` (only what the host sent one seat)."""

    @property
    def to_move(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def events(self) -> Sequence[Event]: ...

    def view(self, seat: int | None) -> Mapping[str, Any]: ...
    def events_for(self, seat: int | None, start: int = 0) -> Sequence[Event]: ...
    def legal_actions(self) -> Sequence[Any]: ...


@runtime_checkable
class ShownTable(Protocol):
    """The one interface the table screen shows a game through, with two implementations: a
    local :class:`~parlour.core.match.Match`, and a hosted table's
    :class:`~parlour.net.client.RemoteMatch`. The board widgets see neither: they are given
    a view and the legal moves."""

    @property
    def seats(self) -> Sequence[Seat]: ...
    @property
    def rules(self) -> Mapping[str, Any]: ...
    @property
    def variants(self) -> Sequence[str]: ...
    @property
    def state(self) -> ShownState: ...
    @property
    def moves(self) -> int: ...

    def who(self, seat: int) -> str: ...


def _duration(seconds: float) -> str:
    """``seconds`` as a player reads a wait: "45 s", "2 min", "1 min 30 s"."""
    whole = max(0, round(seconds))
    minutes, rest = divmod(whole, 60)
    if not minutes:
        return f"{rest} s"
    return f"{minutes} min" + (f" {rest} s" if rest else "")


def thinking_share(percent: int) -> str:
    """How far a computer's thinking has got: ``27%`` in English as it always was, else as
    the language writes a percentage (``27 %``)."""
    return f"{percent}%" if current_language() == ENGLISH else share_text(percent / 100)


def history_table(names: Sequence[str], stages: Sequence[StageScores],
                  write: Callable[[float], str] = score_number, *, narrow: bool = False,
                  width: int | None = None) -> RichTable:
    """The scores after every stage, one column a player, with a sparkline row on one scale;
    "?" for a score the seat was not shown; each score as ``write`` writes it (the game's
    way, :func:`~parlour.tui.screen.score_text`: Casablanca's "$3,000"). ``narrow`` (the
    review's side panel, under a plot of the same scores): no sparklines, and stages that
    share their first word ("Round 1", "Round 2" …) headed by it, each row by the rest; drawn
    ``width`` wide, never a score cut (:func:`_narrow_widths`)."""
    words = [row.stage.split(maxsplit=1) for row in stages]
    shared = narrow and bool(words) and all(len(w) == 2 for w in words) and len({w[0] for w in words}) == 1
    labels = [w[1] for w in words] if shared else [row.stage for row in stages]
    cells = [["?" if score is None else write(score) for score in row.scores] for row in stages]
    heading, gap, widths = words[0][0] if shared else "", 2, None
    if narrow and width is not None:
        heading, gap, widths = _narrow_widths(names, labels, cells, heading, width)
    grid = RichTable(box=None, pad_edge=False, header_style="bold underline",
                     padding=(0, 1) if gap == 2 else (0, 0, 0, gap))
    if narrow:  # the stages' column whole, the names' ending in "…" where the room is short
        grid.add_column(heading, no_wrap=True, min_width=max((cell_len(label) for label in labels), default=0))
    else:
        grid.add_column("")
    for seat, name in enumerate(names):
        grid.add_column(Text(name), justify="right", overflow="ellipsis", no_wrap=True,  # a name is no markup
                        width=widths[seat] if widths else None)
    for label, row in zip(labels, cells):
        grid.add_row(label, *row)
    everything = [score for row in stages for score in row.scores if score is not None]
    if len(stages) > 1 and everything and not narrow:
        low, high = min(everything), max(everything)
        grid.add_row("", *[sparkline([row.scores[s] for row in stages], low, high) for s in range(len(names))],
                      style="cyan")
    return grid


def _narrow_widths(names: Sequence[str], labels: Sequence[str], cells: Sequence[Sequence[str]], heading: str,
                   width: int) -> tuple[str, int, list[int] | None]:
    """The narrow table's stage heading, gap between columns and players' columns' widths
    within ``width``: a score is never cut (the side panel read "$10,2…" at 120x40), nor a
    name while narrower gaps or no stages' heading ("Round") leave room for it (it read
    "Playe…" to keep gaps of two); else the names are cut, in the first of those forms that
    holds every score. None: the columns as wide as they are."""
    scores = [max([1, *(cell_len(row[seat]) for row in cells if seat < len(row))]) for seat in range(len(names))]
    natural = [max(cell_len(name), least) for name, least in zip(names, scores)]
    label = max((cell_len(text) for text in labels), default=0)
    forms = ((heading, 2), (heading, 1), ("", 2), ("", 1))
    for head, gap in forms:
        if sum(natural) <= width - max(cell_len(head), label) - gap * len(names):
            return head, gap, None
    for head, gap in forms:
        room = width - max(cell_len(head), label) - gap * len(names)
        if sum(scores) <= room:  # the names take what the scores leave, the first first
            left, widths = room - sum(scores), []
            for least, whole in zip(scores, natural):
                widths.append(least + min(left, whole - least))
                left -= widths[-1] - least
            return head, gap, widths
    return heading, 2, None  # no room for every score: as it comes


class NarrowHistory:
    """The review's table of the scores (:func:`history_table`, ``narrow``), drawn as wide as
    the side panel is when it is drawn."""

    def __init__(self, names: Sequence[str], stages: Sequence[StageScores],
                 write: Callable[[float], str] = score_number) -> None:
        self.names, self.stages, self.write = list(names), list(stages), write

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield history_table(self.names, self.stages, self.write, narrow=True, width=options.max_width)


def progress_line(moves: int, over: bool) -> str:
    """The status's count of the moves played, every player's one by one (a move is one
    decision, as the review and the saves count them): said as a total of all players, since
    a game's own turn or round (Casablanca's "turn 4 (limit 400)") holds several of them and
    "Move 29" beside it read as the 29th turn. The number is the review's "Move 29 of ...",
    the table as it stands after those moves. The game's end says it the same way ("after 204
    moves" beside Casablanca's "turn 32" read as a count of turns), within the 36 columns of
    the side panel at 120 (a playtest saw "(all players)" wrap)."""
    if over:
        return ngettext("Game over: {n} move (all players)", "Game over: {n} moves (all players)", moves).format(n=moves)
    return _("Moves played (all players): {moves}").format(moves=moves)


class StatusPanel(Static):
    """Who is to play (or thinking, with its progress), the moves played, and the seats."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: the plain text of the lines above the seats, as last shown
        self.lines_shown: list[str] = []

    def show(
        self,
        match: ShownTable,
        view: Mapping[str, Any],
        *,
        at_table: int | None,
        awaiting: int | None,
        thinking: int | None,
        thought: int | None,
        pausing: bool = False,
        hints: bool = False,
        away: Sequence[int] = (),
        takeover: float | None = None,
        trouble: str | None = None,
        sent: bool = False,
    ) -> None:
        """``at_table``: the seat shown as "you"; ``awaiting``: the person deciding now;
        ``thinking``: the computer player deciding now, ``thought`` its progress (percent);
        ``pausing``: the table holds a moment until the player goes on. At a hosted table:
        ``away``, the seats whose players are not connected, ``takeover`` the seconds after
        which a computer takes such a seat, ``trouble`` what is wrong with the connection,
        ``sent``: the person's move is on its way (the host answers once its computers have
        played), so it is no longer "your move"."""
        state = match.state
        names = [s.name for s in match.seats]
        to_move = state.to_move
        lines: list[Text] = []
        moves = match.moves
        bar: ProgressBar | None = None
        if trouble is not None:
            lines.append(Text(trouble, style="bold red"))
        if pausing:
            lines.append(Text(_("Read what happened, then Enter"), style="bold"))
        elif thinking is not None:
            line = styled(_("{name} is thinking..."), "italic", name=(names[thinking], "bold"))
            if thought is not None:
                line.append(" " + thinking_share(thought))
                bar = ProgressBar(total=100, completed=thought)
            lines.append(line)
        elif to_move is not None and awaiting == to_move and sent:
            lines.append(Text(_("Your move is on its way to the host."), style="italic"))
        elif to_move is not None and awaiting == to_move:
            lines.append(styled(_("{name}: your move"), name=(names[to_move], "bold")))
        elif to_move is not None:
            lines.append(styled(_("Waiting for {name}"), name=(names[to_move], "bold")))
            if to_move in away:
                lines[-1].append(" " + (_("(away: a computer takes the seat after {wait})").format(wait=_duration(takeover))
                                        if takeover is not None else _("(away)")))
        lines.append(Text(progress_line(moves, over=to_move is None)))
        if match.variants:  # the rules in force, when they are not the book's
            lines.append(Text(_("Rules: {variants}").format(variants=", ".join(match.variants)), style="italic"))
        if hints:
            lines.append(Text(_("Hints on (F5)"), style="italic"))
        scores = running_scores(view, len(names))
        # the running scores' column is headed where a blank line stood above the seats
        grid = RichTable(box=None, show_header=scores is not None, header_style="dim", pad_edge=False, expand=True)
        grid.add_column(width=1)
        grid.add_column(ratio=3, min_width=6, overflow="ellipsis", no_wrap=True)
        grid.add_column(ratio=2, overflow="ellipsis", no_wrap=True)
        if scores is not None:
            grid.add_column(_("Score"), justify="right")
        for seat, seat_info in enumerate(match.seats):
            if seat_info.agent != HUMAN:
                who = _("cpu {level}").format(level=level_name(seat_info.agent))
            else:
                who = _("you") if seat == at_table else (_("away") if seat in away else _("human"))
            # a name is no markup: a host's "--names 'Ada[/]'" ended a joining player's app
            row: list[Any] = [">" if seat == to_move else "", Text(seat_info.name), Text(who)]
            if scores is not None:
                score = scores[seat]
                row.append(score_number(score))
            grid.add_row(*row, style="bold" if seat == to_move else "")
        self.lines_shown = [line.plain for line in lines]
        # the progress bar goes right under the line that says who is thinking
        # (padded: a bare ProgressBar ends no line, and the next one would run on after it)
        parts: list[Any] = [lines[0], *([Padding(bar, 0)] if bar is not None else []), *lines[1:],
                            *([] if scores is not None else [Text("")]), grid]
        self.update(Group(*parts))


class LogPanel(RichLog):
    """The events one seat saw, with the players' names; written anew when the seat changes.
    New lines scroll into view, unless the player scrolled up to read (keys, the mouse) and
    is still above the end: going back to the end follows again."""

    def __init__(self, names: Sequence[str], **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=10, **kwargs)
        self.border_title = _("Log")
        self.names = list(names)
        self.seat_shown: int | None = None
        self.events_shown = 0
        #: the lines written, to write them again when the width changes
        self.entries: list[str] = []
        #: the player moved the log (Textual releases a scrolled widget's anchor for the
        #: player's scrolling only; the log's own scrolling to its end keeps it)
        self.player_scrolled = False

    def release_anchor(self) -> None:
        super().release_anchor()
        self.player_scrolled = True

    @property
    def reading(self) -> bool:
        """Whether the player scrolled up and stays above the end (new lines then wait below)."""
        return self.player_scrolled and self.scroll_y < self.max_scroll_y

    def show(self, state: ShownState, seat: int | None) -> None:
        """Add what ``seat`` saw since the last call (everything, if the seat changed)."""
        if self.seat_shown != seat or self.events_shown > len(state.events):
            self.start_over()
            self.seat_shown = seat
        follow = not self.reading
        self.player_scrolled = not follow
        for event in state.events_for(self.seat_shown, self.events_shown):
            line = with_names(event.text, self.names)
            self.entries.append(line)
            self.write(Text(line), scroll_end=follow)
            if not follow:
                self.border_subtitle = _("new lines below: End")
        self.events_shown = len(state.events)

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        if self.border_subtitle and new >= self.max_scroll_y:
            self.border_subtitle = ""

    def start_over(self) -> None:
        """Forget what was written: the next ``show`` writes the whole log (a move taken back)."""
        self.clear()
        self.entries = []
        self.events_shown = 0
        self.player_scrolled = False
        self.border_subtitle = ""

    def rewrap(self) -> None:
        self.clear()
        self.player_scrolled = False  # the lines are new at this width: back to the end
        for line in self.entries:
            self.write(Text(line))


class MomentPanel(VerticalScroll):
    """What the last move did, held on the table until the player goes on (Enter or Space):
    the end of a game or a round, a challenge decided (the kinds in ``Game.pauses``). Like a
    board's new decision, it ignores keys for ``Board.decision_delay`` after it appears, and
    drops an Enter typed before it appeared however late it is read, so an Enter pressed
    twice, or while a computer thought, does not skip it unread."""

    BINDINGS = [
        Binding("enter", "go_on", N_("Go on"), id="moment.go_on"),
        Binding("space", "go_on", N_("Go on"), show=False, id="moment.go_on_space"),
        Binding("pagedown", "page_down", N_("Scroll"), key_display="PgUp/PgDn", id="moment.scroll_down"),
        Binding("pageup", "page_up", N_("Scroll up"), show=False, id="moment.scroll_up"),
    ]

    class GoOn(Message):
        """The player has read the moment."""

    def __init__(self, names: Sequence[str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        worded_bindings(self)
        self.names = list(names)
        self.border_title = _("What just happened")
        self.border_subtitle = _("Enter: go on")
        #: the lines shown, with the players' names
        self.lines: list[str] = []
        self.keys_from = float("-inf")
        #: when it appeared, on the clock that stamps a key as it is typed
        self.shown_since = float("-inf")

    def compose(self) -> ComposeResult:
        yield Static(id="moment-text")

    def show(self, events: Sequence[Event]) -> None:
        """List ``events``; events of one kind in a row run on as one paragraph (a settled
        game's dozen fields fit in a few lines of a small terminal)."""
        self.lines = [with_names(event.text, self.names) for event in events]
        paragraphs: list[list[str]] = []
        kind: str | None = None
        for event, line in zip(events, self.lines):
            if paragraphs and event.kind and event.kind == kind:
                paragraphs[-1].append(line)
            else:
                paragraphs.append([line])
            kind = event.kind
        self.query_one("#moment-text", Static).update(Text("\n".join("  ".join(p) for p in paragraphs)))
        self.display = True
        self.scroll_home(animate=False)
        self.keys_from = Board.clock() + Board.decision_delay
        self.shown_since = event_time()

    async def on_event(self, event: UIEvent) -> None:
        if isinstance(event, Key) and event.key in ("enter", "space") and event.time < self.shown_since:
            event.stop()
            event.prevent_default()
            self.app.bell()
            return
        await super().on_event(event)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("page_down", "page_up"):  # in the footer only when it is taller than its room
            return self.max_scroll_y > 0
        return True

    def watch_virtual_size(self, _size: object) -> None:
        self.refresh_bindings()

    def on_resize(self, _event: object) -> None:
        self.refresh_bindings()

    def action_go_on(self) -> None:
        if Board.clock() >= self.keys_from:
            self.post_message(self.GoOn())
