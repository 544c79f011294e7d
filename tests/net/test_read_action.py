"""``Game.read_action``: a remote player's app reads the legal moves the host sends (texts)
back into the game's own actions, without a state, so the game's board works over the
network. Every action offered in whole games reads back equal, with the same text and label;
anything else reads as None, never an error."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.banque_fatale import GAME as BANQUE
from games.casablanca import GAME as CASABLANCA
from games.monte_carlo import GAME as MONTE
from parlour.core.game import Game
from parlour.core.rulesets import load_ruleset
from parlour.core.seating import computer_seats, start_match

GAMES = [BANQUE, MONTE, CASABLANCA]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_offered_action_reads_back_as_itself(game) -> None:
    rules = load_ruleset(game).resolve()
    rng = random.Random(4)
    read = 0
    for seed in range(3):
        match = start_match(game, rules, seed, computer_seats(["random"] * game.max_players))
        while not match.state.is_over:
            legal = match.state.legal_actions()
            for action in (legal if len(legal) <= 60 else [legal[rng.randrange(len(legal))] for _ in range(60)]):
                back = game.read_action(action.text, rules)
                assert back == action and type(back) is type(action), action.text
                assert (back.text, back.label) == (action.text, action.label)
                read += 1
            match.step()
    assert read > 500


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@given(text=st.text(max_size=40) | st.sampled_from(["bid", "bid 3", "bid 1x", "lay 1", "announce 1", "announce 1 2 3",
                                                   "sell 9", "take 99", "pick -1", "raise 1.5", "bet", "figure  2"]))
def test_anything_else_reads_as_none_or_as_an_action_written_so(game: Game, text: str) -> None:
    action = game.read_action(text, load_ruleset(game).resolve())
    assert action is None or action.text == text


def test_a_game_that_cannot_read_its_actions_says_none() -> None:
    """The contract's default (Sevens, the example plugin, does not read its actions)."""
    from sevens import GAME as SEVENS

    assert SEVENS.read_action("anything", {}) is None
