"""The searching player's Banque Fatale knowledge: bid candidates, rollouts, world weights."""

from __future__ import annotations

import random

from games.banque_fatale import GAME
from games.banque_fatale.medium import MediumAgent
from games.banque_fatale.actions import Bid
from games.banque_fatale.knowledge import BanqueFataleKnowledge
from parlour.core.rulesets import load_ruleset
from parlour.testing.knowledge import rollout_game

RULES = load_ruleset(GAME).resolve()


def test_rollout_plays_legal_moves_to_the_end_with_small_bids() -> None:
    know = BanqueFataleKnowledge(RULES)
    for seed in range(3):
        bids = [action for _, action in rollout_game(GAME, RULES, know, seed, evaluate_every=15)
                if type(action) is Bid]
        assert bids and all(bid.total <= 3 for bid in bids)


def _bidding(seed: int):
    state = GAME.new_game(4, RULES, seed)
    while state.phase != "bid":
        state.apply(state.legal_actions()[0])
    return state


def test_bid_candidates_contain_mediums_choice_and_nothing() -> None:
    know = BanqueFataleKnowledge(RULES)
    for seed in range(4):
        state = _bidding(seed)
        seat = state.to_move
        view, legal = state.view(seat), state.legal_actions()
        offered = know.candidates(view, legal, random.Random(seed))
        medium = MediumAgent(RULES).choose(view, legal, random.Random(random.Random(seed).random()))
        assert offered[0] == medium
        assert Bid((0,) * 5, state.cfg.letters) in offered
        assert 3 <= len(offered) <= 12 and all(a in legal for a in offered)


def test_world_weight_believes_small_sealed_bids_more() -> None:
    know = BanqueFataleKnowledge(RULES)
    state = _bidding(1)
    first = state.to_move
    state.apply(Bid((0,) * 5, state.cfg.letters))
    seat = state.to_move
    small = state.clone()
    large = state.clone()
    large.bids[first] = (2, 2, 1, 0, 0)
    view = state.view(seat)
    assert know.world_weight(small, seat, view) > 10 * know.world_weight(large, seat, view)
