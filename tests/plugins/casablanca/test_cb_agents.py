"""The computer players' rules of thumb, each checked on a table set up for it."""

from __future__ import annotations

import random

from cb_helpers import arranged, commit, move, rules, set_cards, turn_over
from parlour.games.casablanca import GAME
from parlour.games.casablanca.actions import (
    Admit,
    Announce,
    Call,
    Challenge,
    Pass,
    Pick,
    Raise,
    Sell,
    TakeCard,
)
from parlour.games.casablanca.agents import EasyAgent, MediumAgent, Outlook

STAR, MOON = 3, 2


def decide(agent, state, seed=0):
    return agent.choose(state.view(state.to_move), state.legal_actions(), random.Random(seed))


def test_reading_counts_the_numbers_still_unseen() -> None:
    state = arranged()
    state.aside[1] = 3
    state.masks[20] |= 1 << 1  # seat 1 knows the 0 on field 20
    outlook = Outlook(state.view(1), state.rules)
    assert outlook.unseen[3] == 1 and outlook.unseen[0] == 1 and outlook.unseen[4] == 2
    assert outlook.chance(20, 0) == 1.0 and outlook.chance(20, 4) == 0.0
    assert abs(outlook.chance(10, 3) - 1 / outlook.unseen_total) < 1e-9


def test_agents_pick_a_chip_they_know_shows_the_needed_number() -> None:
    for agent in (EasyAgent(rules()), MediumAgent(rules())):
        state = arranged()
        state.masks[10] |= 1 << 1  # seat 1 knows field 10 holds the 3 it needs
        assert decide(agent, state) == Pick(10)


def test_agents_tell_the_truth_when_the_chip_fits() -> None:
    for agent in (EasyAgent(rules()), MediumAgent(rules())):
        state = arranged()
        state.apply(Pick(10))
        assert decide(agent, state).number == 3


def test_medium_lies_when_nobody_has_been_challenging() -> None:
    state = arranged()
    state.stats[1].update(moves=8, landing=6, challenged_landing=0, challenged_other=0)
    state.apply(Pick(12))  # a 5, but it needs a 3
    assert decide(MediumAgent(rules()), state).number == 3


def test_medium_tells_the_truth_when_every_claim_is_doubted() -> None:
    state = arranged()
    state.stats[1].update(moves=10, landing=5, challenged_landing=5, challenged_other=5)
    state.apply(Pick(12))
    assert decide(MediumAgent(rules()), state).number == 5


def test_medium_lies_freely_when_nobody_may_challenge_cb_x5() -> None:
    """With less than the minimum stake a mover cannot be challenged (challenge_below_minimum
    false, the default), so medium announces the number that reaches the top card even though
    every claim of his has been doubted and another seat knows his chip."""
    for below, expected in ((False, 3), (True, 5)):
        state = arranged(challenge_below_minimum=below)
        state.stats[1].update(moves=10, landing=5, challenged_landing=5, challenged_other=5)
        state.money[1] = 50
        state.masks[12] |= 1 << 2  # seat 2 has seen the 5
        state.apply(Pick(12))
        assert decide(MediumAgent(state.rules), state).number == expected, below


def test_medium_does_not_lie_about_a_chip_another_seat_knows() -> None:
    state = arranged()
    state.stats[1].update(moves=8, landing=6)
    state.masks[12] |= 1 << 2  # seat 2 has seen the 5
    state.apply(Pick(12))
    assert decide(MediumAgent(rules()), state).number == 5


def test_agents_challenge_a_claim_they_know_is_false() -> None:
    for agent in (EasyAgent(rules()), MediumAgent(rules())):
        state = arranged()
        state.masks[12] |= 1 << 2  # seat 2 knows the 5
        move(state, 12, 3, 13)  # seat 1 claims 3
        assert state.to_move == 2
        choice = decide(agent, state)
        assert isinstance(choice, Challenge)
    assert choice == Challenge(1300), "medium stakes all the table allows on a sure thing"


def test_medium_lets_an_unremarkable_claim_pass() -> None:
    state = arranged()
    for seat in range(4):
        state.stats[seat].update(truths_landing=6, lies_landing=1)
    move(state, 12, 3, 13)
    assert decide(MediumAgent(rules()), state) == Pass()


def test_medium_challenges_a_claim_that_would_win_the_pot() -> None:
    state = arranged()
    set_cards(state, 1, {STAR: 3})
    move(state, 12, 3, 13)
    assert isinstance(decide(MediumAgent(rules()), state), Challenge)


def test_medium_raises_to_the_limit_when_it_told_the_truth_and_admits_a_lie() -> None:
    state = arranged()
    move(state, 10, 3, 11)
    commit(state, {2: 100})
    choice = decide(MediumAgent(rules()), state)
    assert choice == Raise(1200)
    state = arranged()
    move(state, 12, 3, 13)
    commit(state, {2: 100})
    assert decide(MediumAgent(rules()), state) == Admit()
    assert decide(EasyAgent(rules()), state) == Admit()


def test_medium_calls_a_raise_it_knows_is_a_bluff() -> None:
    state = arranged()
    state.masks[12] |= 1 << 2
    move(state, 12, 3, 13)
    commit(state, {2: 100})
    state.apply(Raise(100))
    choice = decide(MediumAgent(rules()), state)
    assert isinstance(choice, (Call, Raise))


def test_agents_take_the_card_that_completes_a_set() -> None:
    for agent in (EasyAgent(rules()), MediumAgent(rules())):
        state = arranged()
        set_cards(state, 1, {MOON: 3})
        set_cards(state, 2, {MOON: 1, 6: 2})
        move(state, 10, 3, 11)
        commit(state, {2: 100})
        turn_over(state)
        assert decide(agent, state) == TakeCard(MOON)


def test_medium_robs_a_rival_one_card_from_the_pot() -> None:
    state = arranged(top=0)
    set_cards(state, 2, {5: 3})
    move(state, 10, 3, 11)
    commit(state, {2: 100})
    turn_over(state)
    assert decide(MediumAgent(rules()), state) == TakeCard(5)


def test_medium_sells_single_cards_when_broke() -> None:
    state = arranged()
    state.money[1] = 0
    set_cards(state, 1, {MOON: 1, STAR: 2})
    state._begin_turn(1)
    assert decide(MediumAgent(rules()), state) == Sell(MOON)


def test_agents_finish_rounds_against_each_other() -> None:
    kinds = GAME.agent_kinds()
    for names in (["medium", "easy", "random", "medium"], ["easy", "easy"]):
        state = GAME.new_game(len(names), rules(), 9)
        agents = [kinds[n](state.rules) for n in names]
        rng = random.Random(9)
        steps = 0
        while not state.is_over:
            seat = state.to_move
            state.apply(agents[seat].choose(state.view(seat), state.legal_actions(), rng))
            steps += 1
        assert steps < 20_000 and state.end_reason


def test_the_chip_goes_on_a_free_field_other_than_its_own() -> None:
    for agent in (EasyAgent(rules()), MediumAgent(rules())):
        state = arranged()
        state.apply(Pick(10))
        legal = state.legal_actions()
        fields = {decide(agent, state, seed).field for seed in range(40)}
        assert fields <= {a.field for a in legal} and 10 not in fields
        assert len(fields) > 5, "the field is drawn at random, not always the same"
        choice = decide(agent, state)
        assert isinstance(choice, Announce) and choice in legal


def test_a_challenger_answers_a_plain_match_by_calling() -> None:
    """Revised CB-X3: after the mover only matched, calling costs no more than folding (a true
    claim costs the stake and a card either way; a false one is won only by calling), so
    neither level folds there, and neither raises a mover who matched."""
    from test_cb_rules import challenged

    from parlour.games.casablanca.actions import Call

    for agent in (EasyAgent(rules()), MediumAgent(rules())):
        for announce in (3, 4):
            state = challenged(stake=200, announce=announce)
            state.apply(Call())  # the mover matches
            assert state.phase == "exchange" and state.to_move == 2
            choice = agent.choose(state.view(2), state.legal_actions(), random.Random(1))
            assert type(choice).__name__ == "Call", f"{type(agent).__name__} chose {choice}"
