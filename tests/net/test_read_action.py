"""``Game.action_from_text``: a remote player's app reads the legal moves the host sends
(texts) back into the game's own actions, without a state, so the game's board works over the
network. Every action offered in whole games reads back equal, with the same text and label;
anything else is refused with an IllegalAction, never another error."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.games.banque_fatale import GAME as BANQUE
from parlour.games.casablanca import GAME as CASABLANCA
from parlour.games.monte_carlo import GAME as MONTE
from parlour.core.game import Game, IllegalAction
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
                back = game.action_from_text(action.text, rules)
                assert back == action and type(back) is type(action), action.text
                assert (back.text, back.label) == (action.text, action.label)
                read += 1
            match.step()
    assert read > 500


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@given(text=st.text(max_size=40) | st.sampled_from(["bid", "bid 3", "bid 1x", "lay 1", "announce 1", "announce 1 2 3",
                                                   "sell 9", "take 99", "pick -1", "raise 1.5", "bet", "figure  2"]))
def test_anything_else_is_refused_or_read_as_an_action_written_so(game: Game, text: str) -> None:
    try:
        action = game.action_from_text(text, load_ruleset(game).resolve())
    except IllegalAction:
        return
    assert action.text == text


def test_a_game_that_lists_no_action_classes_reads_none_without_a_state() -> None:
    """Sevens, the example plugin, lists no ``action_kinds``: it reads a text only among the
    legal actions of a game in progress, and its remote players get the plain board."""
    from sevens import GAME as SEVENS

    assert not SEVENS.reads_actions
    with pytest.raises(IllegalAction, match="only in a game in progress"):
        SEVENS.action_from_text("play 3", {})
