"""The writer of view tensors (``parlour.core.tensors``): pieces in the layout's order and
length, seats from the viewer's chair, and a refusal of anything else."""

from __future__ import annotations

import math

import pytest

from parlour.core.game import Game
from parlour.core.registry import discover
from parlour.core.tensors import ViewTensor, layout_size

LAYOUT = [("seat", 3), ("money", 3), ("top", 2)]


def test_pieces_are_written_in_order_from_the_viewers_chair() -> None:
    out = ViewTensor(LAYOUT, 1, 3)
    out.one_hot("seat", 1)
    out.per_seat("money", [10, 20, None], 40)
    out.put("top", [0.5, 1])
    assert out.done() == [0.0, 1.0, 0.0, 0.5, 0.0, 0.25, 0.5, 1.0]
    assert layout_size(LAYOUT) == 8


def test_a_seat_is_counted_from_the_viewer() -> None:
    out = ViewTensor([("to_move", 4)], 2, 4)
    out.seat_hot("to_move", 1)  # the seat before the viewer: three places on
    assert out.done() == [0.0, 0.0, 0.0, 1.0]
    onlooker = ViewTensor([("to_move", 4), ("money", 2)], None, 2)
    onlooker.seat_hot("to_move", 1)
    onlooker.per_seat("money", [1, 3], 4)
    assert onlooker.done() == [0.0, 1.0, 0.0, 0.0, 0.25, 0.75]


@pytest.mark.parametrize("write", [
    lambda out: out.put("money", [1, 2, 3]),          # not the next piece
    lambda out: out.put("seat", [1, 2]),              # too short
    lambda out: out.one_hot("seat", 3),               # beyond the piece
    lambda out: out.put("seat", [0, math.inf, 0]),    # not finite
    lambda out: out.done(),                           # pieces left unwritten
])
def test_a_piece_that_does_not_fit_the_layout_is_refused(write) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError):
        write(ViewTensor(LAYOUT, 0, 3))


def test_a_piece_beyond_the_layout_is_refused() -> None:
    out = ViewTensor([("seat", 2)], 0, 2)
    out.one_hot("seat", 0)
    with pytest.raises(ValueError, match="beyond"):
        out.flags("extra", [True])


def test_the_contract_offers_no_tensor_by_default() -> None:
    sevens = discover(["sevens:GAME"]).get("sevens")
    assert not sevens.encodes_views
    assert sevens.view_tensor_layout({}, 3) is None and sevens.view_tensor_size({}, 3) is None
    with pytest.raises(NotImplementedError):
        Game.view_tensor(sevens, {}, {}, 3)
