"""The searching player's Monte Carlo knowledge: rollouts, value estimate, candidates."""

from __future__ import annotations

import random

from games.monte_carlo import GAME
from games.monte_carlo.agents import MediumAgent
from games.monte_carlo.actions import Bet
from games.monte_carlo.knowledge import MonteCarloKnowledge
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
