"""The searching player's Monte Carlo knowledge: rollouts, value estimate, candidates."""

from __future__ import annotations

import random

from games.monte_carlo import GAME
from games.monte_carlo.agents import MediumAgent
from games.monte_carlo.engine import Bet
from games.monte_carlo.knowledge import MonteCarloKnowledge
from parlour.core.rulesets import load_ruleset

RULES = load_ruleset(GAME).resolve()


def test_rollout_plays_legal_moves_to_the_end_and_bets_with_care() -> None:
    know = MonteCarloKnowledge(RULES)
    for seed in range(3):
        state = GAME.new_game(4, RULES, seed)
        rng = random.Random(seed)
        steps = bets = 0
        while not state.is_over:
            action = know.rollout(state, rng)
            if action is None:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            assert state.why_illegal(action) is None, action
            bets += type(action) is Bet
            state.apply(action)
            steps += 1
            if steps % 20 == 0 and not state.is_over:
                values = know.evaluate(state)
                assert values is not None and all(0.0 <= v <= 1.0 for v in values)
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
