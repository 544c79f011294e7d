"""The moments each built-in game stops the table for (``Game.pauses``, issue 12): kinds its
engine really logs, and moments, not every move or every round."""

from __future__ import annotations

import random

import pytest

from parlour.games.banque_fatale import GAME as BANQUE
from parlour.games.casablanca import GAME as CASABLANCA
from parlour.games.monte_carlo import GAME as MONTE
from parlour.core.rulesets import load_ruleset


def paused_moves(game, players: int, seed: int) -> tuple[int, int, set[str]]:
    """Moves played, moves after which the table would wait, and every event kind logged."""
    state = game.new_game(players, load_ruleset(game).resolve(), seed)
    rng = random.Random(seed)
    moves = paused = 0
    kinds = {e.kind for e in state.events}
    while not state.is_over:
        start = len(state.events)
        state.apply(rng.choice(state.legal_actions()))
        moves += 1
        new = {e.kind for e in state.events[start:]}
        kinds |= new
        paused += bool(new & game.pauses)
    return moves, paused, kinds


@pytest.mark.parametrize("game, most", [(BANQUE, 0.05), (MONTE, 0.05), (CASABLANCA, 0.25)])
def test_a_game_pauses_for_moments_it_logs_and_rarely(game, most) -> None:
    moves = paused = 0
    seen: set[str] = set()
    for seed in range(8):
        m, p, kinds = paused_moves(game, 3, seed)
        moves, paused, seen = moves + m, paused + p, seen | kinds
    assert game.pauses <= seen, f"pause kinds never logged: {game.pauses - seen}"
    assert 0 < paused <= most * moves, f"{paused} of {moves} moves would stop the table"
