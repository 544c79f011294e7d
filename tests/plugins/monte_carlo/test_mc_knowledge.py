"""The searching player's Monte Carlo knowledge: rollouts, value estimate, candidates."""

from __future__ import annotations

import random

from parlour.games.monte_carlo import GAME
from parlour.games.monte_carlo.agents import MediumAgent
from parlour.games.monte_carlo.actions import Bet
from parlour.games.monte_carlo.knowledge import MonteCarloKnowledge, seat_models
from parlour.core.rulesets import load_ruleset
from parlour.testing.knowledge import rollout_game

RULES = load_ruleset(GAME).resolve()


def test_rollout_plays_legal_moves_to_the_end_and_bets_with_care() -> None:
    know = MonteCarloKnowledge(RULES)
    for seed in range(3):
        bets = sum(type(action) is Bet for _, action in rollout_game(GAME, RULES, know, seed))
        # a random bettor stakes about a chip a round; this one far fewer
        assert bets <= 4 * 6 * RULES["match_games"]


def test_candidates_lead_with_medium_and_are_legal() -> None:
    know = MonteCarloKnowledge(RULES)
    state = GAME.new_game(4, RULES, 2)
    rng = random.Random(0)
    for _ in range(70):
        seat = state.to_move
        view, legal = state.view(seat), state.legal_actions()
        offered = know.candidates(view, legal, random.Random(5))
        assert offered[0] == MediumAgent(RULES).choose(view, legal, random.Random(random.Random(5).random()))
        assert all(a in legal for a in offered) and len(set(offered)) == len(offered)
        state.apply(legal[rng.randrange(len(legal))])


def _betting(seed: int = 3):
    state = GAME.new_game(4, RULES, seed)
    assert state.phase == "betting"
    return state


def test_seat_models_learn_who_leads_and_who_follows() -> None:
    """A seat that only ever bets where another bet first is a follower; its bets count for
    little as signs of its tiles, and its rollout player follows too."""
    state = _betting()
    field = state.fields[0].id
    leader = state.to_move
    for _ in range(16):  # the leader bets a new field each round, the next seat follows him
        seat = state.to_move
        if seat == leader:
            mine = next(a for a in state.legal_actions() if type(a) is Bet and a.field not in state.view(seat)["bets"])
            state.apply(mine)
            field = mine.field
        elif seat == (leader + 1) % 4:
            state.apply(next(a for a in state.legal_actions() if type(a) is Bet and a.field == field))
        else:
            state.apply(next(a for a in state.legal_actions() if type(a) is not Bet))
        if state.phase != "betting":
            break
    view = state.view((leader + 2) % 4)
    models = seat_models(view)
    follower = (leader + 1) % 4
    assert models[leader].lead > 0.8 > 0.5 > models[follower].lead
    know = MonteCarloKnowledge(RULES)
    know.read(view)
    world = state.clone()
    world.current = follower
    moves = [know.rollout(world, random.Random(i)) for i in range(40)]
    followed = [m for m in moves if type(m) is Bet and m.field in view["bets"]]
    assert len(followed) > 20


def test_world_weight_believes_a_leader_holds_the_tiles_of_his_field() -> None:
    state = _betting()
    seat = state.to_move
    bet = next(a for a in state.legal_actions() if type(a) is Bet and a.field.startswith("n") and a.field[1].isdigit())
    state.apply(bet)
    me = state.to_move
    view = state.view(me)
    know = MonteCarloKnowledge(RULES)
    index = state.field_pos[bet.field]
    digit = next(d for d, _ in know.groups[index])
    rich, poor = state.clone(), state.clone()
    # move the digit's tiles into (or out of) the bettor's hand, swapping with another seat
    other = next(s for s in range(4) if s not in (seat, me))
    for world, into, out_of in ((rich, seat, other), (poor, other, seat)):
        moved = world.hands[out_of][digit]
        spare = next(d for d in range(1, 10) if d != digit and world.hands[into][d] >= moved)
        world.hands[into][digit] += moved
        world.hands[out_of][digit] = 0
        world.hands[into][spare] -= moved
        world.hands[out_of][spare] += moved
    assert know.world_weight(rich, me, view) > 2 * know.world_weight(poor, me, view)
