"""The analysis's win chance is the searcher's raw estimate mapped through a per-game
calibration (issue 26): monotone, level beyond its ends, and a broken or missing map leaves
the raw estimate standing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parlour.games.casablanca import GAME as CASABLANCA
from parlour.core import analysis
from parlour.core.analysis import analyse_decision, calibrated, calibration, seat_decisions
from parlour.core.record import Record, Seat
from parlour.core.rulesets import load_ruleset
from parlour.core.seating import start_match


@pytest.fixture
def knots_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    def write(content: object) -> None:
        path = tmp_path / "calibration.json"
        path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
        monkeypatch.setattr(analysis, "CALIBRATION_FILE", path)
        calibration.cache_clear()

    yield write
    calibration.cache_clear()


def test_the_map_is_linear_between_knots_and_level_beyond(knots_file) -> None:
    knots_file({"games": {"g": {"knots": [[0.1, 0.05], [0.5, 0.3], [0.9, 0.8]]}}})
    assert [calibrated("g", x) for x in (0.0, 0.1, 0.3, 0.5, 0.7, 0.9, 1.0)] == pytest.approx(
        [0.05, 0.05, 0.175, 0.3, 0.55, 0.8, 0.8])
    assert calibrated("another game", 0.37) == 0.37


@pytest.mark.parametrize("content", [
    "not json", {"games": []}, {"games": {"g": {"knots": [[0.5, 0.4], [0.4, 0.6]]}}},
    {"games": {"g": {"knots": [[0.1, 0.6], [0.5, 0.4]]}}}, {"games": {"g": {"knots": [[0.1, 2.0]]}}},
    {"games": {"g": {"knots": [["a", 1]]}}}, {"games": {"g": {"knots": 5}}},
])
def test_a_map_that_is_not_monotone_or_not_readable_leaves_the_raw_estimate(knots_file, content) -> None:
    knots_file(content)
    assert calibration("g") == ()
    assert calibrated("g", 0.37) == 0.37


def test_the_shipped_maps_are_sound() -> None:
    calibration.cache_clear()
    shipped = json.loads(analysis.CALIBRATION_FILE.read_text(encoding="utf-8"))["games"]
    assert shipped, "no game is calibrated"
    for game_id, entry in shipped.items():
        knots = calibration(game_id)
        assert len(knots) == len(entry["knots"]) >= 2, game_id
        assert entry["decisions"] >= 400, game_id
        for players, fitted in entry.get("by_players", {}).items():
            assert len(calibration(game_id, int(players))) == len(fitted["knots"]) >= 2, (game_id, players)
            assert fitted["decisions"] >= 400, (game_id, players)


def finished(seed: int, players: int) -> Record:
    """A finished Casablanca game between ``players`` random seats."""
    rules = load_ruleset(CASABLANCA).resolve()
    match = start_match(CASABLANCA, rules, seed, [Seat(f"P{i + 1}", "random") for i in range(players)])
    match.play_out()
    record: Record = match.record
    record.finished = True
    return record


def test_the_analysis_reports_calibrated_chances(knots_file) -> None:
    record = finished(23, 3)
    index = seat_decisions(CASABLANCA, record, 0)[0][0]
    knots_file({"games": {"casablanca": {"knots": [[0.0, 0.5], [1.0, 0.5]]}}})
    flat = analyse_decision(CASABLANCA, record, 0, index, 40, 1)
    raw = analyse_decision(CASABLANCA, record, 0, index, 40, 1, calibrate=False)
    assert flat.win_played == flat.win_best == 0.5 and {m["win"] for m in flat.top} == {0.5}
    assert flat.lost == 0.0 and flat.mark is None
    assert (raw.played, raw.best) == (flat.played, flat.best)
    assert raw.win_best != 0.5 or raw.win_played != 0.5


def test_a_table_size_with_a_map_of_its_own_reads_it_and_others_read_the_games_own(knots_file) -> None:
    knots_file({"games": {"g": {"knots": [[0.0, 0.0], [1.0, 1.0]],
                                "by_players": {"4": {"knots": [[0.0, 0.0], [0.5, 0.25], [1.0, 1.0]]}}}}})
    assert calibrated("g", 0.5) == calibrated("g", 0.5, 3) == calibrated("g", 0.5, 2) == 0.5
    assert calibrated("g", 0.5, 4) == 0.25
    assert calibrated("g", 0.75, 4) == pytest.approx(0.625)


@pytest.mark.parametrize("by_players", [
    {"4": {"knots": [[0.5, 0.4], [0.4, 0.6]]}}, {"4": {"knots": "x"}}, {"4": []}, {"4": {}},
])
def test_a_broken_map_for_a_table_size_leaves_that_size_raw_and_the_others_mapped(knots_file, by_players) -> None:
    knots_file({"games": {"g": {"knots": [[0.0, 0.5], [1.0, 0.5]], "by_players": by_players}}})
    assert calibrated("g", 0.37, 4) == 0.37
    assert calibrated("g", 0.37, 3) == 0.5


def test_a_map_for_table_sizes_that_is_not_a_mapping_leaves_the_games_own(knots_file) -> None:
    knots_file({"games": {"g": {"knots": [[0.0, 0.5], [1.0, 0.5]], "by_players": ["4"]}}})
    assert calibrated("g", 0.37, 3) == 0.5
    assert calibration("g", 4) == ()


def test_the_analysis_of_a_four_player_game_reads_the_map_for_four(knots_file) -> None:
    record = finished(29, 4)
    index = seat_decisions(CASABLANCA, record, 1)[0][0]
    knots_file({"games": {"casablanca": {"knots": [[0.0, 0.5], [1.0, 0.5]],
                                         "by_players": {"4": {"knots": [[0.0, 0.25], [1.0, 0.25]]}}}}})
    found = analyse_decision(CASABLANCA, record, 1, index, 40, 1)
    assert found.win_played == found.win_best == 0.25 and {m["win"] for m in found.top} == {0.25}
