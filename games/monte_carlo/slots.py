"""Where each betting field and grid cell sits in the Monte Carlo board's text, and the short
label each field carries there (the line under the board names it in full). Plain Python: the
board widget draws from it."""

from __future__ import annotations

from typing import Any

from games.monte_carlo.layout import QUADRANT_LETTERS, SIZE

SLOT = 7
CELL = 7
GRID_X = 8
RIGHT_X = GRID_X + SIZE * CELL + 2 + 1
MAJORITY_X = RIGHT_X + SLOT + 1

#: Short slot labels; the line under the board names the field in full.
def short_label(field_id: str) -> str:
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
        return {"yellow": "Yel", "blue": "Blu", "red": "Red", "green": "Grn"}[field_id]
    return {"d1-9": "D19", "d3-7": "D37", "cross": "X", "diamond": "<>"}.get(field_id, field_id[:3])


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
