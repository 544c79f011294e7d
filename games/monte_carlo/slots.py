"""Where each betting field and grid cell sits in the Monte Carlo board's text, and the short
label each field carries there (the line under the board names it in full). Plain Python: the
board widget draws from it."""

from __future__ import annotations

from typing import Any

from parlour.games.monte_carlo.layout import QUADRANT_LETTERS, SIZE
from parlour.games.monte_carlo.words import field_title, on_side, short_name, split_side

SLOT = 7
CELL = 7
GRID_X = 8
RIGHT_X = GRID_X + SIZE * CELL + 2 + 1
MAJORITY_X = RIGHT_X + SLOT + 1

def short_label(field_id: str) -> str:
    """A field's short name on the board, which players type to go to it (and the line under
    the board names the field in full). The colour fields' names are words, in the current
    language (``Yel``, ``Gel``, ``Jau``); the other names are codes, the same in every
    language: the digits, ``D19`` and ``D37`` as the book marks the diagonals, ``M`` for a
    majority (Majorität, majorité) with the quadrant letters ``Y B R G`` the rules texts use
    in every language, ``X`` and ``<>`` as signs, and ``R1``/``C3`` for rows and columns,
    because the German ``S`` (Spalte) and the French ``L`` (ligne) would take the keys ``s``
    (stop) and ``l`` (last game), which no name may begin with."""
    if field_id.startswith("n") and field_id[1:2].isdigit():
        return field_id[1]
    if field_id.startswith("row"):
        return "R" + field_id[3]
    if field_id.startswith("col"):
        return "C" + field_id[3]
    if field_id.startswith("m-rows") or field_id.startswith("m-cols"):
        return "M" + field_id[-2:]
    if field_id.startswith("m-"):
        return "M" + QUADRANT_LETTERS[field_id[2:]]
    if field_id in QUADRANT_LETTERS:
        return short_name({"yellow": "Yel", "blue": "Blu", "red": "Red", "green": "Grn"}[field_id])
    return {"d1-9": "D19", "d3-7": "D37", "cross": "X", "diamond": "<>"}.get(field_id, field_id[:3])


def field_short(field_id: str) -> str:
    """A field in a few words, for a narrow line: its name on the board with the side its copy
    sits on ("C4 (bottom)", "3 (top)", "MY", "Yel"); a majority of rows or of columns by its
    full name, the board's "M12" naming both."""
    if field_id.startswith(("m-rows", "m-cols")):
        return field_title(field_id)
    return on_side(short_label(field_id), split_side(field_id)[1])


def cell_x(col: int) -> int:
    return GRID_X + col * CELL + (2 if col >= SIZE // 2 else 0)


Item = tuple[int, str, Any, int]  # (x, "field" | "cell", field id | cell, width)


def board_lines(field_ids: set[str]) -> list[list[Item]]:
    """Where every field and cell sits: one list of items per screen line."""

    def pick(*ids: str) -> str | None:
        return next((i for i in ids if i in field_ids), None)

    lines: list[list[Item]] = []

    def slots(pairs: list[tuple[int, str | None]], width: int = SLOT + 1) -> list[Item]:
        return [(x, "field", fid, width) for x, fid in pairs if fid is not None]

    lines.append(slots([((d - 1) * (SLOT + 1), pick(f"n{d}-top", f"n{d}")) for d in range(1, 10)]))
    lines.append([])
    lines.append(slots([(0, pick("yellow")), (8, pick("m-yellow")), (16, pick("d1-9")),
                        (RIGHT_X - 16, pick("d3-7")), (RIGHT_X - 8, pick("m-blue")), (RIGHT_X, pick("blue"))]))
    lines.append(slots([(cell_x(c), pick(f"col{c + 1}-top", f"col{c + 1}")) for c in range(SIZE)], CELL))
    for r in range(SIZE):
        if r == SIZE // 2:
            lines.append([])
        row: list[Item] = slots([(0, pick(f"row{r + 1}-left", f"row{r + 1}"))])
        row += [(cell_x(c), "cell", r * SIZE + c, CELL) for c in range(SIZE)]
        row += slots([(RIGHT_X, pick(f"row{r + 1}-right"))])
        if r % 2 == 0:
            row += slots([(MAJORITY_X, pick(f"m-rows{r + 1}{r + 2}"))])
        lines.append(row)
    lines.append(slots([(cell_x(c), pick(f"col{c + 1}-bottom")) for c in range(SIZE)], CELL))
    lines.append(slots([(cell_x(0) + 3, pick("m-cols12")), (cell_x(2) + 3, pick("m-cols34")),
                        (cell_x(4) + 3, pick("m-cols56"))]))
    lines.append(slots([(0, pick("red")), (8, pick("m-red")), (16, pick("cross")),
                        (RIGHT_X - 16, pick("diamond")), (RIGHT_X - 8, pick("m-green")), (RIGHT_X, pick("green"))]))
    lines.append([])
    lines.append(slots([((d - 1) * (SLOT + 1), pick(f"n{d}-bottom")) for d in range(1, 10)]))
    return lines


def positions(lines: list[list[Item]]) -> dict[str, tuple[float, int]]:
    """Each field's centre on screen: (column, line)."""
    return {item[2]: (item[0] + item[3] / 2, i) for i, line in enumerate(lines) for item in line if item[1] == "field"}


#: a text line is about this many columns high, for distances on screen
LINE_HEIGHT = 3


def neighbour(lines: list[list[Item]], fid: str, dx: int, dy: int) -> str:
    """The field an arrow key moves to from ``fid``: sideways, the nearest on the same line
    (else the nearest ahead that is no more above or below than beside); up or down, the
    nearest field in that direction within a cone around the straight line, so that the
    cursor goes down a column and does not swerve to the other side of the grid."""
    where = positions(lines)
    if fid not in where:
        return next(iter(where), fid)
    x, y = where[fid]
    if dx:
        same = [(abs(px - x), pid) for pid, (px, py) in where.items() if py == y and (px - x) * dx > 0]
        if same:
            return min(same)[1]
    best: tuple[float, int, str] | None = None
    for pid, (px, py) in where.items():
        ahead, aside = ((px - x) * dx, abs(py - y) * LINE_HEIGHT) if dx else ((py - y) * dy * LINE_HEIGHT, abs(px - x))
        if ahead <= 0 or aside > (1 if dx else 2) * ahead:
            continue
        cost = (ahead + 4 * aside, py, pid)
        if best is None or cost < best:
            best = (cost[0], py, pid)
    return best[2] if best is not None else fid


def typed_names(field_ids: list[str]) -> dict[str, list[str]]:
    """Each short label as typed (lower case), with the fields that carry it, in board
    order: a number has a copy on top and one below, M12 is both a double row and a double
    column."""
    names: dict[str, list[str]] = {}
    for fid in field_ids:
        names.setdefault(short_label(fid).lower(), []).append(fid)
    return names


def completions(names: dict[str, list[str]], typed: str) -> list[str]:
    """The labels ``typed`` could still become; the label itself alone once it is complete or
    unique."""
    if typed in names:
        return [typed]
    return [name for name in names if name.startswith(typed)]
