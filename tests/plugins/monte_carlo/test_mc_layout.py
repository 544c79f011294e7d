"""The reconstructed board and every field's win condition, checked against the book's
examples (RULES.md, Monte Carlo board and MC-S1)."""

from __future__ import annotations

from collections import Counter

from mc_helpers import rules

from parlour.games.monte_carlo import layout
from parlour.games.monte_carlo.layout import (
    CELL_BY_NAME,
    COLUMNS,
    DIAGONAL_1_9,
    DIAGONAL_3_7,
    DIAMOND,
    DIGIT_OF,
    QUADRANT_CELLS,
    ROWS,
    mask_of,
)

FIELDS = {f.id: f for f in layout.fields_for(rules())}


def digits(cells) -> list[int]:
    return [DIGIT_OF[c] for c in cells]


def test_mc_c2_grid_shows_each_digit_four_times_as_a_doubled_keypad() -> None:
    assert Counter(DIGIT_OF) == {d: 4 for d in range(1, 10)}
    keypad = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    for r in range(6):
        assert digits(ROWS[r]) == [keypad[r // 2][c // 2] for c in range(6)]


def test_mc_s1_green_quadrant_holds_four_9s_two_8s_two_6s_one_5() -> None:
    assert Counter(digits(QUADRANT_CELLS["green"])) == {9: 4, 8: 2, 6: 2, 5: 1}
    assert FIELDS["green"].cells == QUADRANT_CELLS["green"]


def test_mc_s1_quadrants_sit_yellow_blue_over_red_green() -> None:
    assert layout.quadrant_at(CELL_BY_NAME["r1c1"]) == "yellow"
    assert layout.quadrant_at(CELL_BY_NAME["r1c6"]) == "blue"
    assert layout.quadrant_at(CELL_BY_NAME["r6c1"]) == "red"
    assert layout.quadrant_at(CELL_BY_NAME["r6c6"]) == "green"
    assert all(len(cells) == 9 for cells in QUADRANT_CELLS.values())


def test_mc_s1_rows_and_columns_read_as_in_the_book() -> None:
    assert digits(ROWS[0]) == [1, 1, 2, 2, 3, 3]
    assert digits(COLUMNS[2]) == [2, 2, 5, 5, 8, 8]
    assert digits(FIELDS["col3-top"].cells) == [2, 2, 5, 5, 8, 8]
    assert digits(FIELDS["row1-right"].cells) == [1, 1, 2, 2, 3, 3]


def test_mc_s1_diagonals_read_1_1_5_5_9_9_and_3_3_5_5_7_7() -> None:
    assert digits(DIAGONAL_1_9) == [1, 1, 5, 5, 9, 9]
    assert digits(DIAGONAL_3_7) == [3, 3, 5, 5, 7, 7]
    assert digits(FIELDS["d3-7"].cells) == [3, 3, 5, 5, 7, 7]


def test_mc_s1_diamond_reads_214_478_896_632_by_colour() -> None:
    assert digits(DIAMOND) == [2, 1, 4, 4, 7, 8, 8, 9, 6, 6, 3, 2]
    quadrants = [layout.quadrant_at(c) for c in DIAMOND]
    assert quadrants == ["yellow"] * 3 + ["red"] * 3 + ["green"] * 3 + ["blue"] * 3


def test_mc_s1_the_table_has_sixty_fields_by_default() -> None:
    kinds = Counter(f.kind for f in FIELDS.values())
    assert kinds == {
        "number": 18, "row": 24, "colour": 4, "diagonal": 2,
        "majority_row": 6, "majority_colour": 4, "cross": 1, "diamond": 1,
    }
    assert len({f.id for f in FIELDS.values()}) == 60


def test_mc_s1_number_field_needs_all_four_tiles_of_its_digit() -> None:
    field = FIELDS["n7-top"]
    cells = [c for c in range(36) if DIGIT_OF[c] == 7]
    assert field.wins(mask_of(tuple(cells)))
    assert not field.wins(mask_of(tuple(cells[:3])))


def test_mc_s1_completion_fields_need_every_cell() -> None:
    for fid in ("row2-left", "col5-bottom", "blue", "d1-9", "diamond"):
        field = FIELDS[fid]
        everything_else = ((1 << 36) - 1) & ~field.mask
        assert field.wins(field.mask)
        assert not field.wins(everything_else | (field.mask & (field.mask - 1))), fid


def test_mc_s1_cross_needs_both_diagonals() -> None:
    cross = FIELDS["cross"]
    assert cross.wins(mask_of(DIAGONAL_1_9 + DIAGONAL_3_7))
    assert not cross.wins(mask_of(DIAGONAL_1_9))
    assert not cross.wins(mask_of(DIAGONAL_1_9 + DIAGONAL_3_7[1:]))


def test_mc_s1_majority_needs_strictly_more_than_each_other_region() -> None:
    top = FIELDS["m-rows12"]
    r1, r3, r5 = ROWS[0], ROWS[2], ROWS[4]
    assert top.wins(mask_of(r1 + r3[:5]))
    assert not top.wins(mask_of(r1 + r3)), "a tie is no majority"
    assert not top.wins(mask_of(r1[:4] + r5[:5]))
    red = FIELDS["m-red"]
    red_cells = QUADRANT_CELLS["red"]
    assert red.wins(mask_of(red_cells[:3] + QUADRANT_CELLS["blue"][:2]))
    assert not red.wins(mask_of(red_cells[:3] + QUADRANT_CELLS["green"][:3]))
    cols = FIELDS["m-cols56"]
    assert cols.wins(mask_of(COLUMNS[4][:2]))
    assert not cols.wins(0), "an empty grid has no majority"


def test_mc_s1_field_copies_are_a_setting() -> None:
    fewer = rules(fields={"number": 1, "row": 1, "colour": 1, "diagonal": 0, "majority_row": 0,
                          "majority_colour": 0, "cross": 1, "diamond": 0})
    ids = [f.id for f in layout.fields_for(fewer)]
    assert "n1" in ids and "n1-top" not in ids and "row1" in ids and "col6" in ids
    assert "d1-9" not in ids and "diamond" not in ids and "cross" in ids
    assert len(ids) == 9 + 12 + 4 + 1


def test_mc_s1_every_field_has_a_name_for_labels() -> None:
    for fid, field in FIELDS.items():
        assert layout.field_name(fid) == field.name
