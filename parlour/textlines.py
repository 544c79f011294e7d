"""Text in lines of a given width, broken between its items only: the keys of a note on the
app's screens ("Enter: continue   x: abandon it   r: rules"), and the items of a game's panel
(Casablanca's keys, stakes, notes and knowledge, parted by " · ", ", " or "; ").

Rich alone, nothing of Textual nor of the rest of parlour: the app's screens use it, and so
may a game's panels, which are not its board and so import nothing of ``parlour.tui``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from rich.cells import cell_len
from rich.text import Text

#: an item, with the separator before it (None before a line's first item)
Piece = tuple[Text | None, Text]


def cut(words: str, cells: int, trailing: str | None = None) -> str:
    """``words`` in at most ``cells`` cells, the last given for "…" where they are longer,
    what ends the cut part in ``trailing`` (None: white space) dropped before it: "Dmitri…",
    not "Dmitri …", which reads as a word and a stray ellipsis. A number is never cut inside:
    "staking $2…" read as a stake of two dollars where it was $2,000 (a playtest), so the
    number goes whole ("staking…")."""
    if cell_len(words) <= cells:
        return words
    text = Text(words)
    text.truncate(max(cells - 1, 0))
    kept = text.plain
    if _NUMBER_GOES_ON.match(words, len(kept)) and _NUMBER_END.search(kept):
        kept = _NUMBER_END.sub("", kept)
    return kept.rstrip(trailing) + "…"


def cut_text(text: Text, cells: int) -> Text:
    """``text`` cut as :func:`cut` cuts its words (never inside a number), in its styles; the
    white space before the "…" kept ("· …")."""
    short = cut(text.plain, cells, "")
    return text if short == text.plain else text[:len(short) - 1] + Text("…")


#: what goes on with a number where a cut falls: a digit, or a mark between digits ("1,300",
#: "2.5", "1 300" with a narrow space)
_NUMBER_GOES_ON = re.compile(r"\d|[,.\u00a0\u202f]\d")
#: the number a cut part ends with, with its sign or currency ("$2", "−1,3", "€12"), or the
#: sign alone ("$")
_NUMBER_END = re.compile(r"(?:[$€£+\-−]?\d[\d,.\u00a0\u202f]*|[$€£+\-−])$")


def item_pieces(line: Text, separators: Sequence[str]) -> list[Piece]:
    """``line`` cut at its ``separators``: each item with the separator before it (none
    before the first), both in their styles."""
    pattern = re.compile("|".join(re.escape(s) for s in sorted(separators, key=len, reverse=True)))
    pieces: list[Piece] = []
    start, before = 0, None
    for match in pattern.finditer(line.plain):
        pieces.append((before, line[start:match.start()]))
        before, start = line[match.start():match.end()], match.end()
    pieces.append((before, line[start:]))
    return pieces


def line_end(separator: Text) -> Text:
    """What of ``separator`` ends a line broken at it: its mark (",", ";"), not " · " nor
    the spaces between keys."""
    end = separator.copy()
    end.rstrip()
    return Text() if end.plain.strip() in ("", "·") else end


def item_lines(pieces: Sequence[Piece], width: int, words: Callable[[Text], Sequence[Text]] | None = None) -> Text:
    """``pieces`` (see :func:`item_pieces`) in lines of ``width`` cells, broken between items
    only: an item that does not fit after its separator starts the next line, the line
    before ending in the separator's mark (:func:`line_end`). An item wider than a whole
    line is left to wrap; given ``words`` (an item cut into its words), it goes on from where
    the line is instead, broken between those words (a space between them on a line)."""
    out = Text()
    column = 0
    for separator, item in pieces:
        parts: Sequence[Piece] = [(separator, item)]
        if words is not None and item.cell_len > width:
            cut = list(words(item)) or [item]
            parts = [(separator, cut[0]), *[(Text(" "), word) for word in cut[1:]]]
        for before, part in parts:
            if before is None:
                pass
            elif column + before.cell_len + part.cell_len <= width:
                out.append_text(before)
                column += before.cell_len
            else:
                out.append_text(line_end(before))
                out.append("\n")
                column = 0
            out.append_text(part)
            column += part.cell_len
    return out
