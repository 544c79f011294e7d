"""The Casablanca table drawn as text: the ring with its chips and figures, the players'
money and collections, and what this seat knows (see :mod:`parlour.games.casablanca.board` for the
marks). Pure functions of a seat's view: the board widget puts them on screen, in the
player's language (the game's catalog)."""

from __future__ import annotations

import io
import string
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from parlour.core.game import with_names
from parlour.games.casablanca.texts import (_, dollars, end_reason, list_break, pgettext, symbol_letters,
                                            symbol_word)
from parlour.textlines import cut, item_lines, item_pieces, line_end

CELL = 7  # characters per field, plus one space between fields
COMPACT_CELL = 8  # the one-line ring: number, letter, chip and two figures (a third shows as "+")
SYMBOL_STYLES = ("green", "yellow", "cyan", "bold white", "magenta", "red", "blue")
SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold magenta")
RING_MODES = ("figure", "turn", "place")
LIST_MODES = ("commit", "respond", "exchange", "claim")


def ring_geometry(fields: int) -> tuple[int, int, dict[int, tuple[int, int]]]:
    """Fields laid clockwise round a rectangle: (columns, rows, field -> (row, col))."""
    top = fields // 4 + 1
    side = (fields - 2 * top) // 2
    bottom = fields - top - 2 * side
    width = max(top, bottom)
    where: dict[int, tuple[int, int]] = {}
    f = 0
    for col in range(top):
        where[f] = (0, col)
        f += 1
    for row in range(1, side + 1):
        where[f] = (row, width - 1)
        f += 1
    for k in range(bottom):
        where[f] = (side + 1, width - 1 - k)
        f += 1
    for row in range(side, 0, -1):
        where[f] = (row, 0)
        f += 1
    return width, side + 2, where


def letters_of(view: Mapping[str, Any]) -> list[str]:
    """The letter of each symbol, as the board shows it (see ``texts.symbol_letters``)."""
    return symbol_letters(view["symbols"])


def symbol_names(view: Mapping[str, Any]) -> list[str]:
    """Each symbol's name in the player's language."""
    return [symbol_word(name) for name in view["symbols"]]


def seat_name(names: Sequence[str], seat: int | None) -> str:
    if seat is None:
        return _("nobody")
    return names[seat] if seat < len(names) else _("Player {}").format(seat + 1)


def styled(template: str, *values: str | tuple[str, str], style: str = "") -> Text:
    """``template`` (worded already) with its ``{}`` fields filled in by ``values``, each a
    text or a (text, style) pair, so that a translation may put a styled name anywhere."""
    out = Text(style=style)
    auto = 0
    for literal, field, _spec, _conv in string.Formatter().parse(template):
        out.append(literal)
        if field is None:
            continue
        if field:
            index = int(field)
        else:
            index, auto = auto, auto + 1
        value = values[index]
        if isinstance(value, tuple):
            out.append(value[0], style=value[1])
        else:
            out.append(value)
    return out


def ended_why(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """Why the round ended, in the player's language, with the players' names."""
    why = view.get("end_why")
    text = end_reason(why[0], why[1]) if why else (view["end_reason"] or "")
    return with_names(text, names)


def chip_mark(view: Mapping[str, Any], field: int) -> str:
    """How the chip on ``field`` looks to this seat (see the module docstring)."""
    if not view["chips"][field]:
        return "   "
    move = view["move"]
    known = view["known"][field]
    revealed = view["revealed"]
    if revealed and revealed["field"] == field:
        return f"[{revealed['value']}]"
    shown = known if view["memory_aid"] else None
    if move and move["placed_at"] == field and view["phase"] in ("commit", "respond", "exchange", "claim"):
        mover_knows = view["seat"] is not None and view["seat"] == view["mover"]
        value = known if (shown is not None or mover_knows) else None
        return f"<{'?' if value is None else value}>"
    if shown is not None and view["public"][field]:
        return f"[{shown}]"  # turned over in a call: everybody still knows it (revised Information)
    return f"({'?' if shown is None else shown})"


def ring_cells(view: Mapping[str, Any], cursor: int | None = None,
               choosable: Sequence[int] = (), compact: bool = False) -> dict[int, tuple[Text, Text]]:
    """Two lines per field: number, symbol letter and chip; the figures standing there.
    ``compact``: one line of ``COMPACT_CELL`` characters, the figures after the chip (the
    second line is empty)."""
    letters = letters_of(view)
    top = view["top"]
    figures: dict[int, list[int]] = {}
    for seat, f in enumerate(view["figures"]):
        if f is not None:
            figures.setdefault(f, []).append(seat)
    cells = {}
    allowed = set(choosable)
    for f, symbol in enumerate(view["field_symbols"]):
        style = "reverse" if f == cursor else ""
        first = Text(f"{f + 1:>2}", style=style or ("bold" if f in allowed else "dim"))
        letter_style = SYMBOL_STYLES[symbol % len(SYMBOL_STYLES)] + (" underline bold" if symbol == top else "")
        first.append(letters[symbol], style=letter_style + (" reverse" if style else ""))
        if compact:
            standing = figures.get(f, [])
            # a field with no chip gives the chip's columns to three figures or more (" 3M 134",
            # where " 3M   134" pushed the row out of line)
            first.append(chip_mark(view, f) if view["chips"][f] or len(standing) < 3 else " ", style=style)
            room = COMPACT_CELL - first.cell_len
            if standing and view["chips"][f] and 1 + len(standing) <= room:
                first.append(" ", style=style)  # "16C(4) 3", not "16C(4)3" (read as a chip "(4)3")
            shown = standing if len(standing) <= room else standing[:room - 1]
            for s in shown:
                first.append(str(s + 1), style=SEAT_STYLES[s % len(SEAT_STYLES)] + (" reverse" if style else ""))
            if len(shown) < len(standing):
                first.append("+", style=style)  # more figures than the cell holds: "16C(4)1+"
            first.pad_right(COMPACT_CELL - first.cell_len)
            cells[f] = (first, Text())
            continue
        first.append(" " + chip_mark(view, f), style=style)
        second = Text(style=style)
        standing = figures.get(f, [])
        marks = "".join(str(s + 1) for s in standing)
        pad = CELL - len(marks)
        second.append(" " * (pad // 2), style=style)
        for s in standing:
            second.append(str(s + 1), style=SEAT_STYLES[s % len(SEAT_STYLES)] + (" reverse" if style else ""))
        second.append(" " * (pad - pad // 2), style=style)
        if not standing and not style:
            second = Text("   ·   ", style="dim")
        cells[f] = (first, second)
    return cells


def fit_names(names: Sequence[str], line: Callable[[Sequence[str]], Text], width: int | None) -> Text:
    """``line`` of ``names`` in ``width`` cells: while it is wider, the longest name loses its
    last letters to an ellipsis (two names of 24 letters and their stakes do not fit in the
    ring's centre); a name keeps at least four cells. A line too wide even then (German's
    "… hatte diesen Chip schon gesehen, bevor er ihn aufhob" in the full ring) keeps its names
    whole: it wraps between words all the same, and "Max…" would have bought nothing."""
    shown = list(names)
    text = line(shown)
    while width is not None and text.cell_len > width:
        longest = max(range(len(shown)), key=lambda i: cell_len(shown[i]))
        if cell_len(shown[longest]) <= 4:
            return line(list(names))
        shown[longest] = cut(shown[longest], cell_len(shown[longest]) - 1)
        text = line(shown)
    return text


def round_line(view: Mapping[str, Any], width: int | None) -> Text:
    """The compact centre's first line, "Round 1 of 3 · turn 12 (limit 400) · Pot $3,400", in
    ``width`` cells: where it is wider (French "Pot 12 345 $" wrapped its "$" off, a narrower
    ring its round), the least needed pieces go whole, first the turn's limit, then the round of
    a one-round game, then the turn; the pot stays."""
    pot = (_("Pot {}").format(dollars(view["pot"])), "bold")
    round_ = (_("Round {} of {}").format(view["round"], view["rounds"]), "bold")
    turn = _("turn {}").format(view["turn"])
    limited = _("turn {} (limit {})").format(view["turn"], view["turn_limit"])
    several = view["rounds"] > 1
    choices = [[round_, limited, pot], [round_, turn, pot]] if several else [
        [round_, limited, pot], [limited, pot], [turn, pot]]
    choices += [[round_, pot], [pot]] if several else [[pot]]
    for pieces in choices:
        line = Text.assemble(*[piece for n, one in enumerate(pieces) for piece in ([" · "] if n else []) + [one]])
        if width is None or line.cell_len <= width:
            break
    return line


def centre_lines(view: Mapping[str, Any], names: Sequence[str], compact: bool = False,
                 width: int | None = None) -> list[Text]:
    """What sits inside the ring: the pot, the pile, the move and the challenge under way.
    ``compact``: the round and turn on the pot's line. ``width``: the centre's, in which the
    lines that name players shorten long names rather than wrap."""
    letters = letters_of(view)
    symbols = symbol_names(view)
    lines = [round_line(view, width) if compact else Text(_("Pot {}").format(dollars(view["pot"])), style="bold")]
    if view["end_reason"]:
        # here, not in the head, in the full table too: a playtest at 120x40 saw the head wrap
        lines.append(Text(ended_why(view, names), style="italic"))
    top = view["top"]
    if top is not None:
        lines.append(styled(_("Top card: {}  (pile {})"), (f"{letters[top]} {symbols[top]}", "bold underline"),
                            str(view["pile_size"])))
    else:
        lines.append(Text(_("The pile is empty")))
    if view["pile_bottom"]:
        lines.append(Text(_("Under the pile: {}").format(" ".join(letters[s] for s in view["pile_bottom"])),
                          style="dim"))
    move = view["move"]
    mover = view["mover"]
    if move and mover is not None and move["origin"] is not None:
        who = seat_name(names, mover)
        if move["announced"] is not None:
            to = (move["origin"] + move["announced"]) % len(view["field_symbols"])
            reach = view["field_symbols"][to]
            landing = " " + _("top card!") if move["landing"] else ""
            lines.append(fit_names([who], lambda n: styled(
                _("{} says {}: {}→{} {}"), (n[0], "bold"), str(move["announced"]), str(move["origin"] + 1),
                str(to + 1), (letters[reach], "bold")).append(landing, style="bold"), width))
            if move.get("known_pick") and mover != view["seat"]:
                # public: all saw him put that chip down (or saw it turned over)
                lines.append(fit_names([who], lambda n: Text(
                    _("{} had seen that chip before picking it up").format(n[0]), style="dim"), width))
        else:
            lines.append(fit_names([who], lambda n: styled(_("{} picked up the chip on {}"), (n[0], "bold"),
                                                           str(move["picked_from"] + 1)), width))
        if move["needed"] is not None:
            lines.append(Text(_("{} would reach the top card").format(move["needed"]), style="dim"))
    challenge = view["challenge"]
    if challenge and "stakes" in challenge:
        c = challenge["challenger"]
        stakes = challenge["stakes"]
        # two lines, each whole: a playtest at 120x40 saw "(limit …)" wrap off the stakes' line
        lines.append(fit_names([seat_name(names, c)], lambda n: styled(
            _("{} challenges! Table limit {}"), (n[0], "bold"), dollars(challenge["cap"])), width))
        lines.append(fit_names([seat_name(names, mover), seat_name(names, c)], lambda n: Text(
            _("{} {} vs {} {}").format(n[0], dollars(stakes["mover"]), n[1], dollars(stakes["challenger"]))), width))
    return _turned_over(view, lines)


SEPARATOR = " · "


def dot_lines(text: Text, width: int | None, separators: Sequence[str] = (SEPARATOR,)) -> Text:
    """``text``, a run of items parted by " · " (the keys of a decision, the stakes of an
    exchange) or by ``separators``, in lines of ``width`` cells broken between items only: a
    playtest at 120x40 read "· or" at a line's end and "type an amount" on the next, "set" /
    "aside: 5" and "field 28" / "(Cleo)". Each line of ``text`` is broken on its own; a line
    broken after " · " loses it, after any other separator keeps its mark ("3 on 4,"). An item
    wider than ``width`` is left to wrap (see :func:`parlour.textlines.item_lines`)."""
    lines = text.plain.split("\n")
    if width is None or all(cell_len(line) <= width for line in lines) \
            or not any(separator in text.plain for separator in separators):
        return text
    out = Text(style=text.style, end=text.end)
    for n, line in enumerate(text.split("\n", allow_blank=True) if len(lines) > 1 else [text]):
        if n:
            out.append("\n")
        out.append_text(item_lines(item_pieces(line, separators), width))
    return out


class ItemLines:
    """A run of items in a table's cell (a player's notes), broken between items only at the
    cell's width: a playtest at 120x40 read "leader, moving, reshuffle" with "×1" alone on
    the next line. The column is never made narrower than the widest item."""

    def __init__(self, text: Text, separators: Sequence[str]) -> None:
        self.text = text
        self.separators = tuple(separators)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        pieces = item_pieces(self.text, self.separators)
        widest = max((item.cell_len + (line_end(after).cell_len if after is not None else 0)
                      for (_before, item), (after, _next) in zip(pieces, pieces[1:] + [(None, Text())])),
                     default=0)
        return Measurement(min(widest, options.max_width), min(max(self.text.cell_len, widest), options.max_width))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield dot_lines(self.text, options.max_width, self.separators)


#: how many watched fields the full panel lists one by one, "field 6 (Cleo)"; more are listed
#: by player, as the compact panel does
WATCHED_ROOM = 6


def _turned_over(view: Mapping[str, Any], lines: list[Text]) -> list[Text]:
    revealed = view["revealed"]
    if revealed:
        lines.append(Text(_("Turned over: {} on field {}").format(revealed["value"], revealed["field"] + 1),
                          style="italic"))
    return lines


def fit_centre(lines: Sequence[Text], width: int, room: int) -> list[Text]:
    """The centre's lines in ``room`` lines of ``width``: a longer line wraps onto the next
    (a challenge between two long names, with its limit, was cut off in a playtest at 80x24);
    the least needed lines (dim) go first when the whole does not fit."""

    def wrapped(some: Sequence[Text]) -> list[Text]:
        return [piece for line in some for piece in
                (line.wrap(_MEASURE, width, overflow="fold") if line.cell_len > width else [line])]

    fitted = wrapped(lines)
    if len(fitted) > room:
        fitted = wrapped([line for line in lines if line.style != "dim"])
    return fitted


#: a console only to wrap the centre's lines (nothing is printed on it)
_MEASURE = Console(file=io.StringIO(), width=200, color_system=None)


def ring_panel(view: Mapping[str, Any], names: Sequence[str], cursor: int | None = None,
               choosable: Sequence[int] = (), legend: bool = True, compact: bool = False) -> Text:
    """The ring round its centre (see :func:`centre_lines`). ``compact``: a line a row of
    fields, and the round in the centre (a terminal of 24 lines); the centre's least needed
    lines (dim) go first when it has no room for all."""
    fields = len(view["field_symbols"])
    width, rows, where = ring_geometry(fields)
    cells = ring_cells(view, cursor, choosable, compact)
    at = {pos: f for f, pos in where.items()}
    cell = COMPACT_CELL if compact else CELL
    inner = (width - 2) * (cell + 1) - 1
    room = (rows - 2) * (1 if compact else 2)
    centre = fit_centre(centre_lines(view, names, compact, inner - 1), inner - 1, room)
    out = Text()
    for row in range(rows):
        for half in ((0,) if compact else (0, 1)):
            line = Text()
            col = 0
            while col < width:
                f = at.get((row, col))
                if f is not None:
                    line.append_text(cells[f][half])
                    line.append(" ")
                    col += 1
                elif 0 < row < rows - 1 and col == 1:
                    k = (row - 1) * (1 if compact else 2) + half
                    text = centre[k] if k < len(centre) else Text("")
                    text = text.copy()
                    text.truncate(inner - 1, pad=True)
                    line.append(" ")
                    line.append_text(text)
                    line.append(" ")
                    col = width - 1
                else:
                    line.append(" " * (cell + 1))
                    col += 1
            out.append_text(line.rstrip() or line)
            out.append("\n")
    if not legend:
        out.rstrip()
        return out
    # two lines, each narrower than the ring, so the legend never wraps where the ring fits
    key = Text(_("(?) face down   (3) you know it   [3] turned over") + "\n"
               + _("<?> just put down   digits below a field: figures"), style="dim")
    out.append_text(key)
    return out


def collection_text(counts: Sequence[int], letters: Sequence[str], win: int) -> Text:
    text = Text()
    for symbol, count in enumerate(counts):
        if count:
            if text:
                text.append(" ")
            text.append(f"{letters[symbol]}{count}", style="bold" if count >= win - 1 else "")
            if count >= win - 1:
                text.append("!", style="bold")
    return text or Text("-", style="dim")


def players_panel(view: Mapping[str, Any], names: Sequence[str], win: int, compact: bool = False) -> Table:
    """A row a player. ``compact``, or a challenge under way: the notes without the
    reshuffles left (a turn that may reshuffle lists it among its choices), so that a row
    fits in one line."""
    letters = letters_of(view)
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="dim")
    table.add_column("", min_width=1)  # room for "▶" when nobody is to move too: no jump sideways
    for column in (_("player"), _("money"), _("cards"), _("aside"), _("notes")):
        table.add_column(column)
    challenge = view["challenge"] or {}
    for seat in range(view["players"]):
        marks = Text()
        if seat == view["to_move"]:
            marks.append("▶", style="bold")
        who = Text(seat_name(names, seat), style=SEAT_STYLES[seat % len(SEAT_STYLES)]
                   + (" underline" if seat == view["seat"] else ""))
        who.append(f" ({seat + 1})", style="dim")
        notes = []
        if seat == view["leader"]:
            notes.append(_("leader"))
        if seat == view["mover"]:
            notes.append(_("moving"))
        if seat == challenge.get("challenger"):
            notes.append(_("challenger"))
        if not view["active"][seat]:
            notes.append(_("out"))
        if view["reshuffles_left"][seat] and not compact and "stakes" not in challenge:
            # not in a challenge either: no reshuffle is taken then, and with the stakes the
            # notes wrapped at 120x40 ("stake" at a line's end, "$1,200" below it)
            notes.append(_("reshuffle ×{}").format(view["reshuffles_left"][seat]))
        settled = challenge.get("winner") is not None  # the stakes are paid: shown, they read as still at risk
        if "stakes" in challenge and not settled and seat in (view["mover"], challenge["challenger"]):
            key = "mover" if seat == view["mover"] else "challenger"
            notes.append(_("stake {}").format(dollars(challenge["stakes"][key])))
        aside = str(view["aside"]) if seat == view["seat"] and view["aside"] is not None else "?"
        table.add_row(marks, who, dollars(view["money"][seat]), collection_text(view["cards"][seat], letters, win),
                      aside, ItemLines(Text(", ".join(notes)), (", ",)))
    return table


def knowledge_text(view: Mapping[str, Any], chips_per_number: int, names: Sequence[str] = (),
                   compact: bool = False, width: int | None = None) -> Text:
    """What this seat knows of the chips. ``compact``: one paragraph, without what the ring
    already shows (the known chips are on it with the memory aid), and each other player once,
    with the fields he has seen (not each field with its players), the names shortened alike
    where that saves a line of ``width`` (see :func:`seen_by_compact`); the caller breaks it
    between its items. Else ``width``: the panel's, in which each line breaks between its
    items only (a playtest at 120x40 read "set" / "aside: 5" and "field 28" / "(Cleo)")."""
    seat = view["seat"]
    brk = " · " if compact else "\n"
    if seat is None:
        return Text(_("Watching: only turned-over chips are known."), style="dim")
    if not view["memory_aid"]:
        return Text(_("Memory aid off. Your set-aside chip: {}.").format(view["aside"]), style="dim")
    known = [(f, v) for f, v in enumerate(view["known"]) if v is not None]
    counts = [chips_per_number] * len(view["symbols"])
    for _field, v in known:
        counts[v] -= 1
    if view["aside"] is not None:
        counts[view["aside"]] -= 1
    move = view["move"]
    if move and move["held"] is not None:
        counts[move["held"]] -= 1
    if compact:
        text = Text(_("Set aside: {}").format(view["aside"]))
    else:
        text = Text(_("You know: {}").format(", ".join(_("{} on {}").format(v, f + 1) for f, v in known)
                                             or _("no chip on the ring")))
        text.append(" · " + _("set aside: {}").format(view["aside"]))
    if move and move["held"] is not None:
        if view["mover"] == seat:
            hand = _("in your hand: {}").format(move["held"])
        else:
            hand = _("in {}'s hand: {}").format(seat_name(names, view["mover"]), move["held"])
        text.append(" · " + hand, style="bold")
    if not compact:
        text = dot_lines(text, width, (", ", SEPARATOR))
    text.append(brk + _("Not yet seen: {}").format("  ".join(f"{v}×{max(c, 0)}" for v, c in enumerate(counts)
                                                            if c > 0 or not compact)), style="dim")
    watched = []
    seen_by: dict[int, list[str]] = {}  # compact: each player once, with the fields he has seen
    for f, knowers in enumerate(view["knowers"]):
        others = [k for k in knowers if k != seat]
        if view["chips"][f] and others and not view["public"][f]:
            # "field 6 (Cleo)": a bare "6 (Cleo)" did not read as a field in a playtest
            watched.append(_("field {} ({})").format(f + 1, ", ".join(seat_name(names, k) for k in others)))
            for k in others:
                seen_by.setdefault(k, []).append(str(f + 1))
    # a playtest at 80x24 read only the fields, not who had seen them; one at 120x40 saw the
    # list of fields overflow the panel late in a round: each player once, with his fields
    if compact and seen_by:
        return seen_by_compact(text, seen_by, names, width)
    if len(watched) > WATCHED_ROOM and seen_by:
        for k, fields in sorted(seen_by.items()):
            text.append(brk, style="dim")
            text.append_text(dot_lines(Text(_("Seen by {}: {}").format(seat_name(names, k), ", ".join(fields)),
                                            style="dim"), width, (", ",)))
    elif watched:
        text.append(brk, style="dim")
        text.append_text(dot_lines(Text(_("Seen by others: {}").format(list_break().join(watched)), style="dim"),
                                   width, (list_break(),)))
    return text


def seen_by_compact(head: Text, seen_by: Mapping[int, Sequence[str]], names: Sequence[str],
                    width: int | None) -> Text:
    """``head`` (what the compact knowledge says first), then each other player once with the
    fields he has seen ("Seen by" before the first only), in as few lines of ``width`` as it
    can take broken between its items: a playtest at 80x24 saw one player of three there, the
    others on a third line scrolled out of view under a decision. Where it saves a line,
    every name is cut to the same length (at least four cells, as :func:`fit_names` keeps,
    and never so that two read alike), the longest that takes the fewest lines; else they
    stay whole."""

    def built(shown: Mapping[int, str]) -> Text:
        text = head.copy()
        for n, (k, fields) in enumerate(sorted(seen_by.items())):
            text.append(SEPARATOR, style="dim")
            # "Seen by Bea: 9, 12 · Cyd: 11": "Seen by" once (German's "Von … gesehen" for each
            # player took a third line where English took two)
            worded = _("Seen by {}: {}") if not n else pgettext("another player after 'Seen by …'", "{}: {}")
            text.append(worded.format(shown[k], ", ".join(fields)), style="dim")
        return text

    def lines(text: Text) -> int:
        assert width is not None
        return len(dot_lines(text, width).wrap(_MEASURE, width, overflow="fold"))

    # every seat's name, not only those listed: a lone "Playe…" may not stand for two players
    whole = {k: seat_name(names, k) for k in sorted(set(range(len(names))) | set(seen_by))}
    best = built(whole)
    if width is None:
        return best
    fewest = lines(best)
    for cells in range(max(cell_len(whole[k]) for k in seen_by) - 1, 3, -1):
        shown = {k: cut(name, cells) for k, name in whole.items()}
        if len(set(shown.values())) < len(shown):
            break  # "Player 2" and "Player 3" would both read "Play…"
        text = built(shown)
        if (count := lines(text)) < fewest:
            best, fewest = text, count
    return best
