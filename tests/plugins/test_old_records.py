"""Records of whole games written before the engines were cut into modules (issue 11): they
must replay, every action reading back to the text it was written as, to the scores the engine
reached then. Made with `parlour simulate --records` at commit 0d50ca5 (easy, medium and random
players; some with variants), one folder per game: ``tests/plugins/<game>/records``."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.games import banque_fatale
from parlour.games import casablanca
from parlour.games import monte_carlo
from parlour.core.record import Record, clean_record_rules, replay

HERE = Path(__file__).parent

#: (game module, record name, the scores it reached when it was written)
OLD_RECORDS = [
    (banque_fatale, "four-seats", [41.0, 80.0, 21.0, 71.0]),
    (banque_fatale, "closed-screens", [166.0, 55.0, 51.0]),
    (monte_carlo, "four-seats", [0.0, 70.0, 8.0, 31.0]),
    (monte_carlo, "three-seats", [46.0, 13.0, 13.0]),
    (casablanca, "four-seats", [3200.0, 2750.0, 50.0, 4400.0]),
    (casablanca, "three-seats", [2150.0, 3450.0, 2400.0]),
    (casablanca, "match-of-three", [7100.0, 7350.0, 9550.0]),
]


def test_every_stored_record_is_listed() -> None:
    stored = {(p.parent.parent.name, p.stem) for p in HERE.glob("*/records/*.json")}
    listed = {(m.__name__.rpartition(".")[2], name) for m, name, _ in OLD_RECORDS}
    assert stored == listed


@pytest.mark.parametrize(
    ("module", "name", "scores"), OLD_RECORDS, ids=[f"{m.GAME.id}-{n}" for m, n, _ in OLD_RECORDS]
)
def test_records_written_before_the_engines_were_cut_still_replay(module, name: str, scores: list[float]) -> None:
    game = module.GAME
    record = Record.load(HERE / module.__name__.rpartition(".")[2] / "records" / f"{name}.json")
    assert record.game == game.id
    state = game.new_game(len(record.seats), clean_record_rules(game, record), record.seed)
    for text in record.actions:
        action = game.legal_action(state, text)
        assert action.text == text
        state.apply(action)
    assert state.is_over and state.scores() == scores == record.scores
    assert replay(game, record).scores() == scores
