"""The searching player's Banque Fatale knowledge: bid candidates, rollouts, world weights."""

from __future__ import annotations

import random

from parlour.games.banque_fatale import GAME
from parlour.games.banque_fatale.medium import MediumAgent
from parlour.games.banque_fatale.actions import Bid
from parlour.games.banque_fatale.knowledge import BanqueFataleKnowledge
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


def _second_auction(high: int, seed: int = 2):
    """A table in the second round's bidding whose first auction saw seat ``high`` bid six
    jetons and everyone else nothing; the seat after ``high`` has just bid."""
    state = GAME.new_game(4, RULES, seed)
    while state.round < 2 or state.phase != "bid":
        if state.phase == "bid":
            seat = state.to_move
            held = state.jetons[seat]
            counts = [0] * 5
            if seat == high:
                left = 6
                for c in range(5):
                    counts[c] = min(held[c], left)
                    left -= counts[c]
            state.apply(Bid(tuple(counts), state.cfg.letters))
        else:
            state.apply(state.legal_actions()[0])
    return state


def test_world_weight_expects_a_high_bidder_to_bid_high_again() -> None:
    """The small-bid model is a prior: the last revealed bids move each seat's model."""
    checked = 0
    for high in range(4):
        state = _second_auction(high)
        if state.to_move == high:
            state.apply(Bid((0,) * 5, state.cfg.letters))
        if state.bids[high] is not None or state.to_move is None:
            continue
        seat = state.to_move
        view = state.view(seat)
        assert view["last_auction"]["totals"][high] == 6
        know = BanqueFataleKnowledge(RULES)
        held = state.jetons[high]
        large = state.clone()
        counts, left = [0] * 5, 6
        for c in range(5):
            counts[c] = min(held[c], left)
            left -= counts[c]
        large.bids[high] = tuple(counts)
        small = state.clone()
        small.bids[high] = (1, 0, 0, 0, 0) if held[0] else (0, 1, 0, 0, 0)
        assert know.world_weight(large, seat, view) > 3 * know.world_weight(small, seat, view)
        checked += 1
    assert checked >= 2


def test_rollout_bids_high_for_a_seat_that_bid_high() -> None:
    know = BanqueFataleKnowledge(RULES)
    state = _second_auction(1)
    know.read(state.view(0 if state.to_move != 0 else 2))
    totals = [know._bid(state, 1, random.Random(i)).total for i in range(200)]
    others = [know._bid(state, 3, random.Random(i)).total for i in range(200)]
    assert sum(totals) / 200 > 3 and sum(others) / 200 < 2
