"""The computer's advice at the table (issue 26): the searching player's three best moves
with their win chances, from the deciding seat's view alone, and counted in the record."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from parlour.games.banque_fatale import GAME as BANQUE
from parlour.games.casablanca import GAME as CASABLANCA
from parlour.games.monte_carlo import GAME as MONTE
from parlour.core.advice import advice_seed, advise, can_advise
from parlour.core.agents import Budget
from parlour.core.record import Record, RecordError, Seat
from parlour.core.rulesets import load_ruleset
from parlour.core.seating import resume_match, start_match, take_back

BUDGET = Budget(iterations=40)


def played(game: Any, seed: int, variants: tuple[str, ...] = ()) -> Record:
    rules = load_ruleset(game).resolve(variants)
    match = start_match(game, rules, seed, [Seat(f"P{i + 1}", "random") for i in range(3)], variants)
    match.play_out()
    return match.record


@pytest.mark.parametrize("game, variants", [
    pytest.param(BANQUE, ("closed-screens",), id="banque-fatale-closed-screens"),
    pytest.param(MONTE, (), id="monte-carlo"),
    pytest.param(CASABLANCA, (), id="casablanca"),
])
def test_the_advice_does_not_depend_on_what_the_seat_could_not_see(game: Any, variants: Any) -> None:
    """At seat 0's first decisions the true state is swapped for another that seat 0 cannot
    tell from it (the others' cards, tiles, bids or chips, drawn by the game's own
    ``sample_world``): the advice is the same, same seed. The swaps do change what the other
    seats see, or the test would prove nothing."""
    from parlour.core.record import replay

    record = played(game, 7, variants)
    rules = load_ruleset(game).resolve(variants)
    state = replay(game, record, upto=0)
    changed = asked = 0
    for index, text in enumerate(record.actions):
        if asked == 12:
            break
        if state.to_move == 0 and len(state.legal_actions()) > 1:
            other = state.sample_world(0, random.Random(index))
            assert other.view(0) == state.view(0)
            changed += any(other.view(s) != state.view(s) for s in range(1, len(record.seats)))
            seed = advice_seed(record.seed, index)
            assert advise(game, rules, other, BUDGET, seed) == advise(game, rules, state, BUDGET, seed)
            asked += 1
        state.apply(game.legal_action(state, text))
    assert asked and changed


def test_the_advice_is_three_moves_with_their_win_chances_the_searchers_choice_first() -> None:
    rules = load_ruleset(CASABLANCA).resolve()
    match = start_match(CASABLANCA, rules, 3, [Seat(f"P{i + 1}", "random") for i in range(3)])
    rng = random.Random(1)
    while len(match.state.legal_actions()) < 4:
        match.play(rng.choice(match.state.legal_actions()))
    advice = advise(CASABLANCA, rules, match.state, BUDGET, 5)
    assert advice.seat == match.state.to_move and advice.simulations == 40
    assert len(advice.suggestions) == 3 and advice.choices == len(match.state.legal_actions())
    legal = {a.text for a in match.state.legal_actions()}
    assert all(s.move in legal and s.win is not None and 0.0 <= s.win <= 1.0 for s in advice.suggestions)
    visits = [s.visits for s in advice.suggestions]
    assert visits == sorted(visits, reverse=True) and sum(visits) <= 40 and visits[0] > 0
    assert advise(CASABLANCA, rules, match.state, BUDGET, 5) == advice, "same seed, same advice"


def test_the_advice_asked_is_counted_in_the_record_and_survives_saving_resuming_and_take_back(tmp_path: Path) -> None:
    rules = load_ruleset(CASABLANCA).resolve()
    match = start_match(CASABLANCA, rules, 3, [Seat("Tess", "human"), Seat("Hal", "random")])
    assert match.record.to_json()["advice"] == [0, 0]
    match.record.count_advice(0)
    match.record.count_advice(0)
    assert match.record.advice_asked(0) == 2 and match.record.advice_asked(1) == 0
    path = tmp_path / "game.json"
    match.record.save(path)
    assert json.loads(path.read_text())["advice"] == [2, 0]
    resumed = resume_match(CASABLANCA, Record.load(path))
    assert resumed.record.advice == [2, 0]
    rng = random.Random(2)
    for _ in range(6):
        resumed.play(rng.choice(resumed.state.legal_actions()))
    back = take_back(CASABLANCA, resumed, 0)
    assert back is not None and back.record.advice == [2, 0]


def test_a_record_from_before_advice_replays_as_none_asked() -> None:
    data = played(CASABLANCA, 4).to_json()
    del data["advice"]
    record = Record.from_json(data)
    assert record.advice_asked(0) == 0 and record.to_json()["advice"] == [0, 0, 0]


@pytest.mark.parametrize("bad", [3, [1, -1, 0], [1, 2], ["1", 0, 0], [True, 0, 0], [10**7, 0, 0]])
def test_a_bad_advice_count_is_one_line(bad: Any) -> None:
    data = played(CASABLANCA, 4).to_json()
    data["advice"] = bad
    with pytest.raises(RecordError, match="advice") as caught:
        Record.from_json(data)
    assert "\n" not in str(caught.value)


def test_only_a_game_the_searcher_can_play_is_advised_on() -> None:
    """The searcher needs worlds drawn from the seat's view: a game without them gets no advice."""
    import sevens

    from parlour.core.game import State

    class NoWorlds(sevens.SevensState):
        sample_world = State.sample_world

    rules = load_ruleset(sevens.GAME).resolve()
    assert can_advise(sevens.GAME, sevens.GAME.new_game(2, rules, 1))
    assert not can_advise(sevens.GAME, NoWorlds(2, rules, 1))
