"""The Monte Carlo table as data: the 6x6 grid and every betting field around it.

The engine, the computer players and the board widget all read the table from here, so a
field has one id, one name and one set of cells everywhere.

The grid is the telephone keypad 1-9 with every key doubled in both directions::

    1 1 2 2 3 3     quadrants (3x3 each): top-left yellow, top-right blue,
    1 1 2 2 3 3                           bottom-left red,  bottom-right green
    4 4 5 5 6 6
    4 4 5 5 6 6
    7 7 8 8 9 9
    7 7 8 8 9 9

Cells are numbered ``row * 6 + column`` from 0; players read them as ``r1c1`` .. ``r6c6``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

SIZE = 6
CELLS = SIZE * SIZE
DIGITS = tuple(range(1, 10))
TILES_PER_DIGIT = 4

#: Field kinds; the odds table and the field copies in the ruleset are keyed by these.
KINDS = (
    "number",
    "row",
    "colour",
    "diagonal",
    "majority_row",
    "majority_colour",
    "cross",
    "diamond",
)
KIND_NAMES = {
    "number": "number",
    "row": "row or column",
    "colour": "colour",
    "diagonal": "diagonal",
    "majority_row": "majority of a double row or column",
    "majority_colour": "majority of a colour",
    "cross": "cross",
    "diamond": "diamond",
}

QUADRANTS = ("yellow", "blue", "red", "green")
#: One letter per quadrant, so that the board reads without colour.
QUADRANT_LETTERS = {"yellow": "Y", "blue": "B", "red": "R", "green": "G"}


def cell_at(row: int, col: int) -> int:
    return row * SIZE + col


def row_of(cell: int) -> int:
    return cell // SIZE


def col_of(cell: int) -> int:
    return cell % SIZE


def digit_at(cell: int) -> int:
    """The digit printed on a cell: the keypad key the cell's 2x2 block doubles."""
    return 3 * (row_of(cell) // 2) + col_of(cell) // 2 + 1


def quadrant_at(cell: int) -> str:
    return QUADRANTS[2 * (row_of(cell) // 3) + col_of(cell) // 3]


def a_digit(digit: int) -> str:
    """``a 4``, ``an 8``: a tile's digit with its article, for sentences."""
    return f"an {digit}" if digit == 8 else f"a {digit}"


def cell_name(cell: int) -> str:
    return f"r{row_of(cell) + 1}c{col_of(cell) + 1}"


CELL_BY_NAME = {cell_name(c): c for c in range(CELLS)}
DIGIT_OF = tuple(digit_at(c) for c in range(CELLS))
QUADRANT_OF = tuple(quadrant_at(c) for c in range(CELLS))
#: The four cells of each digit, indexed by digit (index 0 unused).
DIGIT_CELLS: tuple[tuple[int, ...], ...] = ((),) + tuple(
    tuple(c for c in range(CELLS) if DIGIT_OF[c] == d) for d in DIGITS
)

ROWS = tuple(tuple(cell_at(r, c) for c in range(SIZE)) for r in range(SIZE))
COLUMNS = tuple(tuple(cell_at(r, c) for r in range(SIZE)) for c in range(SIZE))
QUADRANT_CELLS = {
    q: tuple(c for c in range(CELLS) if QUADRANT_OF[c] == q) for q in QUADRANTS
}
#: D 1-9 runs from the top-left 1 to the bottom-right 9; D 3-7 from the top-right 3.
DIAGONAL_1_9 = tuple(cell_at(i, i) for i in range(SIZE))
DIAGONAL_3_7 = tuple(cell_at(i, SIZE - 1 - i) for i in range(SIZE))
#: The diamond, in the book's order: yellow 2-1-4, red 4-7-8, green 8-9-6, blue 6-3-2.
DIAMOND = tuple(
    cell_at(r, c)
    for r, c in (
        (0, 2), (1, 1), (2, 0),
        (3, 0), (4, 1), (5, 2),
        (5, 3), (4, 4), (3, 5),
        (2, 5), (1, 4), (0, 3),
    )
)
DOUBLE_ROWS = tuple(ROWS[2 * i] + ROWS[2 * i + 1] for i in range(3))
DOUBLE_COLUMNS = tuple(COLUMNS[2 * i] + COLUMNS[2 * i + 1] for i in range(3))


def mask_of(cells: tuple[int, ...]) -> int:
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


def cells_of(mask: int) -> list[int]:
    return [c for c in range(CELLS) if mask >> c & 1]


@dataclass(frozen=True)
class Field:
    """A betting field.

    A completion field wins when every one of its ``cells`` holds a tile. A majority field
    (``rivals`` not empty) wins when its region holds more tiles than each rival region.
    """

    id: str
    kind: str
    name: str
    #: Where the field sits around the grid: top, bottom, left, right or corner.
    side: str
    cells: tuple[int, ...]
    rivals: tuple[tuple[int, ...], ...] = ()

    @functools.cached_property
    def mask(self) -> int:
        return mask_of(self.cells)

    @functools.cached_property
    def rival_masks(self) -> tuple[int, ...]:
        return tuple(mask_of(r) for r in self.rivals)

    @property
    def is_majority(self) -> bool:
        return bool(self.rivals)

    def wins(self, filled: int) -> bool:
        """Whether the field wins on a grid whose filled cells are the bits of ``filled``."""
        mask = self.mask
        if not self.rivals:
            return filled & mask == mask
        mine = (filled & mask).bit_count()
        return all(mine > (filled & r).bit_count() for r in self.rival_masks)

    def digit_needs(self) -> dict[int, int]:
        """How many tiles of each digit the field's cells take."""
        needs: dict[int, int] = {}
        for cell in self.cells:
            needs[DIGIT_OF[cell]] = needs.get(DIGIT_OF[cell], 0) + 1
        return needs


def _sides(copies: int, pair: tuple[str, str]) -> list[tuple[str, str]]:
    """(id suffix, side) for each copy of a field that the board shows on two edges."""
    if copies == 1:
        return [("", pair[0])]
    return [(f"-{side}", side) for side in pair[:copies]]


def _build(copies: tuple[tuple[str, int], ...]) -> tuple[Field, ...]:
    n = dict(copies)
    out: list[Field] = []
    for d in DIGITS:
        for suffix, side in _sides(n["number"], ("top", "bottom")):
            where = f" ({side})" if suffix else ""
            out.append(Field(f"n{d}{suffix}", "number", f"number {d}{where}", side, DIGIT_CELLS[d]))
    for i, cells in enumerate(ROWS):
        for suffix, side in _sides(n["row"], ("left", "right")):
            where = f" ({side})" if suffix else ""
            out.append(Field(f"row{i + 1}{suffix}", "row", f"row {i + 1}{where}", side, cells))
    for i, cells in enumerate(COLUMNS):
        for suffix, side in _sides(n["row"], ("top", "bottom")):
            where = f" ({side})" if suffix else ""
            out.append(Field(f"col{i + 1}{suffix}", "row", f"column {i + 1}{where}", side, cells))
    if n["colour"]:
        for q in QUADRANTS:
            out.append(Field(q, "colour", f"{q} quadrant", "corner", QUADRANT_CELLS[q]))
    if n["diagonal"]:
        out.append(Field("d1-9", "diagonal", "diagonal D 1-9", "corner", DIAGONAL_1_9))
        out.append(Field("d3-7", "diagonal", "diagonal D 3-7", "corner", DIAGONAL_3_7))
    if n["majority_row"]:
        for i, cells in enumerate(DOUBLE_ROWS):
            rivals = tuple(r for j, r in enumerate(DOUBLE_ROWS) if j != i)
            label = f"{2 * i + 1}-{2 * i + 2}"
            out.append(Field(f"m-rows{2 * i + 1}{2 * i + 2}", "majority_row",
                             f"majority rows {label}", "right", cells, rivals))
        for i, cells in enumerate(DOUBLE_COLUMNS):
            rivals = tuple(r for j, r in enumerate(DOUBLE_COLUMNS) if j != i)
            label = f"{2 * i + 1}-{2 * i + 2}"
            out.append(Field(f"m-cols{2 * i + 1}{2 * i + 2}", "majority_row",
                             f"majority columns {label}", "bottom", cells, rivals))
    if n["majority_colour"]:
        for q in QUADRANTS:
            rivals = tuple(QUADRANT_CELLS[o] for o in QUADRANTS if o != q)
            out.append(Field(f"m-{q}", "majority_colour", f"majority {q}", "corner",
                             QUADRANT_CELLS[q], rivals))
    if n["cross"]:
        out.append(Field("cross", "cross", "cross (both diagonals)", "corner", DIAGONAL_1_9 + DIAGONAL_3_7))
    if n["diamond"]:
        out.append(Field("diamond", "diamond", "diamond", "corner", DIAMOND))
    return tuple(out)


_cached_build = functools.lru_cache(maxsize=16)(_build)

#: Every field id any ruleset can produce, with its name (for action labels).
FIELD_NAMES: dict[str, str] = {
    f.id: f.name
    for copies in ((2, 2), (1, 1))
    for f in _build(tuple((k, copies[0] if k in ("number", "row") else 1) for k in KINDS))
}


def field_name(field_id: str) -> str:
    return FIELD_NAMES.get(field_id, field_id)


def fields_for(rules: Mapping[str, Any]) -> tuple[Field, ...]:
    """The betting fields a ruleset puts on the table (``rules["fields"]`` gives copies)."""
    copies = rules["fields"]
    return _cached_build(tuple((k, int(copies[k])) for k in KINDS))


def field_odds(rules: Mapping[str, Any], players: int) -> dict[str, int]:
    """Each field kind's odds for a table of ``players`` (the payout includes the stake)."""
    bonus = rules["odds_bonus"] if players >= rules["odds_bonus_players"] else 0
    return {kind: int(rules["odds"][kind]) + bonus for kind in KINDS}


def tile_table(rules: Mapping[str, Any], players: int) -> tuple[int, int]:
    """(tiles dealt to each player, tiles each player lays) for ``players`` at the table."""
    for row in rules["tiles"]:
        if row["players"] == players:
            return int(row["hand"]), int(row["lay"])
    raise ValueError(f"the tiles table has no row for {players} players")
