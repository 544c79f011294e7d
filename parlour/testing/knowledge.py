"""Checks for a game's search knowledge (:class:`parlour.core.search.Knowledge`).

A plugin that lends the searching player knowledge can walk whole games with its rollout
policy and check every move and every value estimate on the way::

    from parlour.testing.knowledge import rollout_game

    def test_rollouts_reach_the_end():
        for state, action in rollout_game(GAME, rules, MyKnowledge(rules), seed=1):
            ...  # anything more to check about the move
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from parlour.core.game import Action, Game, State
from parlour.core.search import Knowledge


def rollout_game(
    game: Game,
    rules: Mapping[str, Any],
    knowledge: Knowledge,
    seed: int,
    players: int = 4,
    *,
    evaluate_every: int = 20,
    max_steps: int = 20_000,
) -> Iterator[tuple[State, Action]]:
    """Play one game with ``knowledge.rollout`` (a uniform random move where it gives
    none), yielding each state before its move with the move. Every move must be legal
    where it is played, the game must end within ``max_steps``, and every
    ``evaluate_every`` steps ``knowledge.evaluate`` must give one value from 0 to 1 per
    seat (or None)."""
    state = game.new_game(players, rules, seed)
    rng = random.Random(seed)
    for step in range(1, max_steps + 1):
        if state.is_over:
            return
        action = knowledge.rollout(state, rng)
        if action is None:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        reason = state.why_illegal(action)
        assert reason is None, f"the rollout policy chose {action} in step {step}: {reason}"
        yield state, action
        state.apply(action)
        if step % evaluate_every == 0 and not state.is_over:
            values = knowledge.evaluate(state)
            assert values is None or (
                len(values) == players and all(0.0 <= v <= 1.0 for v in values)
            ), f"evaluate gave {values} in step {step}"
    raise AssertionError(f"{game.id}: the rollout policy did not end the game in {max_steps} steps")
