"""The searching player's Casablanca knowledge: honest rollouts, world weights, candidates."""

from __future__ import annotations

import random

from parlour.games.casablanca import GAME
from parlour.games.casablanca.actions import Challenge, Pass
from parlour.games.casablanca.knowledge import CasablancaKnowledge
from parlour.testing.knowledge import rollout_game
from cb_helpers import arranged, commit, move, rules


def _knowledge() -> CasablancaKnowledge:
    return CasablancaKnowledge(rules())


def test_rollout_plays_legal_moves_to_the_end() -> None:
    know = _knowledge()
    for seed in range(3):
        steps = sum(1 for _ in rollout_game(GAME, rules(), know, seed, evaluate_every=25, max_steps=2000))
        assert steps > 0


def _landing_claim(chip: int) -> object:
    """Seat 1 picks the chip on field 10 (worth ``chip``), announces 3 (the landing number
    for the Star on top, from field 0) and puts it on field 5; seat 2 is to commit."""
    state = arranged()
    state.chips[10] = chip
    move(state, 10, 3, 5)
    assert state.phase == "commit" and state.landing
    return state


def test_world_weight_believes_a_truthful_claim_more_than_a_lie() -> None:
    know = _knowledge()
    true, false = _landing_claim(3), _landing_claim(5)
    seat = true.to_move
    view = true.view(seat)
    assert know.world_weight(true, seat, view) > 2 * know.world_weight(false, seat, view)


def test_world_weight_hardly_believes_a_lie_that_does_not_land() -> None:
    know = _knowledge()
    state = arranged()
    move(state, 10, 2, 5)  # a 3, announced as 2: no landing, and a lie
    seat = state.to_move
    assert not state.landing
    lie = know.world_weight(state, seat, state.view(seat))
    state.chips[5] = 2
    assert know.world_weight(state, seat, state.view(seat)) > 10 * lie


def test_rollout_challenges_do_not_depend_on_a_chip_the_challenger_has_not_seen() -> None:
    know = _knowledge()
    for seed in range(40):
        decisions = []
        for chip in (3, 5):
            state = _landing_claim(chip)
            decisions.append(know.rollout(state, random.Random(seed)))
        assert decisions[0] == decisions[1]
    made = {type(know.rollout(_landing_claim(3), random.Random(s))) for s in range(40)}
    assert made == {Pass, Challenge}  # it does challenge sometimes, and lets it pass mostly


def test_a_challenger_who_saw_the_chip_uses_it() -> None:
    know = _knowledge()
    state = _landing_claim(5)
    state.masks[5] |= 1 << state.to_move  # the challenger had looked at this chip
    assert type(know.rollout(state, random.Random(0))) is Challenge


def test_a_challenged_liar_admits_and_a_truth_teller_raises() -> None:
    know = _knowledge()
    lie, truth = _landing_claim(5), _landing_claim(3)
    for state in (lie, truth):
        commit(state, {2: 100})
        assert state.phase == "respond"
    assert lie.legal_actions()[0] == know.rollout(lie, random.Random(1))  # admit
    assert type(know.rollout(truth, random.Random(1))).__name__ == "Raise"


def test_candidates_are_legal_and_lead_with_the_landing_choice() -> None:
    know = _knowledge()
    state = _landing_claim(5)
    seat = state.to_move
    legal = state.legal_actions()
    offered = know.candidates(state.view(seat), legal, random.Random(0))
    assert offered and all(a in legal for a in offered)
    assert {type(a) for a in offered} == {Pass, Challenge}
