"""Any action text a record may hold, for each built-in game (issue 16): ``parse_action`` gives
a legal action or refuses with IllegalAction, never another exception, and the state is left
as it was. Hypothesis writes the texts: anything at all, and the legal moves' own texts with
their words changed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.banque_fatale import GAME as BANQUE
from games.casablanca import GAME as CASABLANCA
from games.monte_carlo import GAME as MONTE
from parlour.core.game import IllegalAction
from parlour.core.rulesets import load_ruleset
from parlour.testing.conformance import snapshot

GAMES = {game.id: game for game in (BANQUE, MONTE, CASABLANCA)}


def positions(game, count: int = 6):
    """A few states along one random game (all phases the opening reaches)."""
    state = game.new_game(3, load_ruleset(game).resolve(), 11)
    rng = random.Random(11)
    found = []
    for step in range(400):
        if state.is_over:
            break
        if step % 37 == 0:
            found.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return found[:count]


POSITIONS = {game_id: positions(game) for game_id, game in GAMES.items()}

WORD = st.one_of(st.text(max_size=12), st.integers(-10**30, 10**30).map(str),
                 st.sampled_from(["", " ", "-1", "0", "1e9", "nan", "None", "bid", "lay", "bet", "x" * 300,
                                  "\x00", "\x1b[31m", "٣", "Ⅻ", "R", "r1c1"]))


@st.composite
def texts(draw, game_id: str) -> tuple[int, str]:
    index = draw(st.integers(0, len(POSITIONS[game_id]) - 1))
    legal = [a.text for a in POSITIONS[game_id][index].legal_actions()]
    if draw(st.booleans()):
        return index, draw(st.text(max_size=60))
    words = draw(st.sampled_from(legal)).split(" ")
    at = draw(st.integers(0, len(words)))
    change = draw(st.sampled_from(["replace", "insert", "drop"]))
    if change == "replace" and at < len(words):
        words[at] = draw(WORD)
    elif change == "insert":
        words.insert(at, draw(WORD))
    elif words and at < len(words):
        del words[at]
    return index, " ".join(words)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_any_action_text_is_parsed_or_refused(game_id: str) -> None:
    game = GAMES[game_id]

    @given(texts(game_id))
    def check(case: tuple[int, str]) -> None:
        index, text = case
        state = POSITIONS[game_id][index]
        before = snapshot(state)
        try:
            action = game.parse_action(state, text)
        except IllegalAction as exc:
            assert str(exc).strip() and "\x1b" not in str(exc)
        else:
            assert state.is_legal(action), f"{text!r} parsed to a move that is not legal"
        assert snapshot(state) == before

    check()
