"""The review of a finished game (issue 12): the scores after every stage, a record found by
name in the records folder, and ``parlour replay NAME`` printing the history (``--json`` as data)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from test_cli import assert_user_error, parlour

from parlour.games.banque_fatale import GAME as BANQUE
from parlour.games.casablanca import GAME as CASABLANCA
from parlour.games.monte_carlo import GAME as MONTE
from parlour.core.record import Record, RecordError, Seat, replay
from parlour.core.review import find_record, sparkline, stage_scores
from parlour.core.rulesets import load_ruleset
from parlour.core.seating import start_match


def finished(game, players: int, seed: int, variants: tuple[str, ...] = ()) -> Record:
    rules = load_ruleset(game).resolve(variants)
    match = start_match(game, rules, seed, [Seat(f"P{i}", "random") for i in range(players)], variants)
    match.play_out()
    return match.record


@pytest.mark.parametrize("game, players, variants, stage", [
    (BANQUE, 4, (), "Round"),
    (MONTE, 3, (), "Game"),
    (CASABLANCA, 3, ("match-of-three",), "Round"),
])
def test_the_scores_are_noted_at_every_stage_and_at_the_end(game, players, variants, stage) -> None:
    record = finished(game, players, 5, variants)
    state, rows = stage_scores(game, record)
    assert state.is_over and rows[-1].scores == state.scores() == record.scores
    assert [r.stage for r in rows] == [f"{stage} {n}" for n in range(1, len(rows) + 1)]
    assert len(rows) > 1
    # each row is the scores as they stood when that stage ended
    replayed = replay(game, record, upto=0)
    seen: dict[str, list[float]] = {}
    for text in record.actions:
        before = replayed.stage()
        replayed.apply_trusted(game.legal_action(replayed, text))
        if replayed.stage() != before and not replayed.is_over:
            seen[before] = replayed.scores()
    assert [(r.stage, r.scores) for r in rows[:-1]] == list(seen.items())


def test_a_game_without_stages_has_one_row_with_the_final_scores() -> None:
    from sevens import GAME as SEVENS

    record = finished(SEVENS, 2, 3)
    state, rows = stage_scores(SEVENS, record)
    assert [(r.stage, r.scores) for r in rows] == [("End", state.scores())]


def test_sparklines_share_one_scale() -> None:
    assert sparkline([0, 7]) == "▁█"
    assert sparkline([1, 1, 1]) == "▅▅▅"
    assert sparkline([3, 4], 0, 8) == "▄▅"
    assert sparkline([]) == ""


def test_a_record_is_found_by_path_by_name_or_by_the_start_of_its_name(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    for name in ("monte-carlo-1.json", "monte-carlo-2.json", "casablanca-9.json"):
        (folder / name).write_text("{}")
    assert find_record(str(folder / "casablanca-9.json"), tmp_path) == folder / "casablanca-9.json"
    assert find_record("casablanca-9", folder) == folder / "casablanca-9.json"
    assert find_record("monte-carlo-2.json", folder) == folder / "monte-carlo-2.json"
    assert find_record("casa", folder) == folder / "casablanca-9.json"
    with pytest.raises(RecordError, match="2 records .* start so .*monte-carlo-1.json, monte-carlo-2.json"):
        find_record("monte", folder)
    for missing in ("whist", "../records/casablanca-9.json", "", ".."):
        with pytest.raises(RecordError, match="no such record"):
            find_record(missing, folder)


def test_replay_finds_a_record_by_name_and_prints_the_history(tmp_path: Path) -> None:
    data = tmp_path / "data"
    records = data / "parlour" / "records"
    records.mkdir(parents=True)
    record = finished(BANQUE, 3, 8)
    record.save(records / "banque-fatale-20261124-1.json")
    env = {"XDG_DATA_HOME": str(data), "PARLOUR_PLUGINS": ""}
    text = parlour("replay", "banque-fatale-2026", env=env)
    assert text.returncode == 0, text.stderr
    _, rows = stage_scores(BANQUE, record)
    lines = text.stdout.splitlines()
    for row in rows:
        line = next(line for line in lines if line.strip().startswith(row.stage + " "))
        assert line.split()[2:] == [f"{s:g}" for s in row.scores]
    out = json.loads(parlour("replay", "banque", "--json", env=env).stdout)
    assert out["history"] == [{"stage": r.stage, "scores": r.scores} for r in rows]
    assert out["seats"][0] == {"name": "P0", "agent": "random"} and out["takebacks"] == 0
    assert out["advice"] == [0] * len(record.seats)
    assert_user_error(parlour("replay", "whist", env=env), "whist: no such record file, nor a record of that name")


def test_a_casablanca_round_row_holds_the_rounds_played_not_the_next_rounds_stake() -> None:
    """The claim that ends a round deals the next one's money in the same move; the row for
    the round that ended is the money of the rounds played, added up, without that stake."""
    record = finished(CASABLANCA, 3, 5, ("match-of-three",))
    state, rows = stage_scores(CASABLANCA, record)
    totals, expected = [0.0] * 3, []
    for money in state.round_money:
        totals = [t + m for t, m in zip(totals, money)]
        expected.append(totals)
    assert len(expected) == 3
    assert [r.scores for r in rows] == expected
    # mid-round, the money so far counts once a move is made in the round
    replayed = replay(CASABLANCA, record, upto=0)
    assert replayed.scores() == [0.0] * 3 and "round 1 so far" not in replayed.score_breakdown()[0]
    replayed.apply_trusted(CASABLANCA.legal_action(replayed, record.actions[0]))
    assert replayed.scores() == [float(m) for m in replayed.money]
