"""Records of whole Casablanca games written before the engine was cut into modules (issue 11):
they must replay, every action reading back to the text it was written as, to the scores the
engine reached then. Made with `parlour simulate --records` at commit 0d50ca5 (easy, medium
and random players; the match-of-three record with two variants)."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.casablanca import GAME
from parlour.core.record import Record, clean_record_rules, replay

RECORDS = Path(__file__).parent / "records"


@pytest.mark.parametrize(
    ("name", "scores"),
    [("four-seats", [3200.0, 2750.0, 50.0, 4400.0]), ("three-seats", [2150.0, 3450.0, 2400.0]),
     ("match-of-three", [7100.0, 7350.0, 9550.0])],
)
def test_cb_records_written_before_the_engine_was_cut_still_replay(name: str, scores: list[float]) -> None:
    record = Record.load(RECORDS / f"{name}.json")
    state = GAME.new_game(len(record.seats), clean_record_rules(GAME, record), record.seed)
    for text in record.actions:
        action = GAME.parse_action(state, text)
        assert action.text == text
        state.apply(action)
    assert state.is_over and state.scores() == scores == record.scores
    assert replay(GAME, record).scores() == scores
