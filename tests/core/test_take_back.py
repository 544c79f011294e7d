"""Taking a move back (issue 12): the match rebuilt to just before a seat's last decision,
with the take-backs counted in the record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sevens import GAME

from parlour.core.record import HUMAN, Record, RecordError, Seat
from parlour.core.rulesets import load_ruleset
from parlour.core.seating import resume_match, start_match, take_back

SEATS = [Seat("Ann", HUMAN), Seat("Bob", "random"), Seat("Cy", "high")]


def played(moves: int, seed: int = 4):
    match = start_match(GAME, load_ruleset(GAME).resolve(), seed, SEATS)
    movers = []
    while len(movers) < moves:
        movers.append(match.state.to_move)
        if match.state.to_move == 0:
            match.play(match.state.legal_actions()[0])
        else:
            match.step()
    return match, movers


def test_take_back_returns_to_just_before_the_seats_last_decision() -> None:
    match, movers = played(7)
    last = max(i for i, m in enumerate(movers) if m == 0)
    rebuilt = take_back(GAME, match, 0)
    assert rebuilt is not None and rebuilt is not match
    assert rebuilt.record.actions == match.record.actions[:last]
    assert rebuilt.state.to_move == 0 and rebuilt.record.takebacks == 1
    assert rebuilt.state.view(0) == resume_match(GAME, rebuilt.record).state.view(0)
    again = take_back(GAME, rebuilt, 0)
    assert again is not None and again.record.takebacks == 2
    assert len(again.record.actions) < len(rebuilt.record.actions)
    assert match.record.takebacks == 0, "the match taken back from is left as it was"


def test_nothing_to_take_back_before_the_seats_first_decision() -> None:
    match, _ = played(0)
    assert take_back(GAME, match, 0) is None
    other, movers = played(1)
    assert movers == [0] and take_back(GAME, other, 1) is None


def test_the_record_keeps_the_count_through_a_save(tmp_path: Path) -> None:
    match, _ = played(5)
    rebuilt = take_back(GAME, match, 0)
    assert rebuilt is not None
    path = tmp_path / "r.json"
    rebuilt.record.save(path)
    assert json.loads(path.read_text())["takebacks"] == 1
    assert resume_match(GAME, Record.load(path)).record.takebacks == 1


@pytest.mark.parametrize("bad", [-1, "2", True, 1.5, 10**12])
def test_a_record_with_a_bad_count_is_refused_in_one_line(tmp_path: Path, bad: object) -> None:
    match, _ = played(2)
    data = match.record.to_json()
    data["takebacks"] = bad
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="takebacks") as caught:
        Record.load(path)
    assert "\n" not in str(caught.value)
