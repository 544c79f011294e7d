"""The OpenSpiel bridge: every game loads with its settings as parameters, passes OpenSpiel's
own random-simulation test, numbers its actions by a fixed codec and serialises its states."""

from __future__ import annotations

import pickle
import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (pip install parlour[openspiel])")

from parlour.core.registry import discover  # noqa: E402
from parlour.openspiel import load_game, register_all  # noqa: E402
from parlour.openspiel.bridge import DEALS  # noqa: E402

GAMES = ("banque-fatale", "monte-carlo", "casablanca")


def _played(game_id: str, players: int, deal: int, moves: int) -> pyspiel.State:
    """A state ``moves`` random moves after deal ``deal``."""
    state = load_game(game_id, {"players": players}).new_initial_state()
    state.apply_action(deal)
    rng = random.Random(deal)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_every_installed_game_is_registered() -> None:
    names = register_all()
    assert {"parlour_banque_fatale", "parlour_monte_carlo", "parlour_casablanca"} <= set(names)
    assert set(names) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_random_simulation_test(game_id: str) -> None:
    """OpenSpiel's own checks over whole games, serialisation at every step included."""
    game = load_game(game_id, {"players": 3})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_settings_are_game_parameters() -> None:
    game = load_game("casablanca", {"players": 4, "rounds": 3, "reshuffles": 0})
    assert game.num_players() == 4
    assert game.rules["rounds"] == 3 and game.rules["reshuffles"] == 0
    again = pyspiel.load_game(str(game))  # a list setting travels through the game's string too
    assert again.rules == game.rules
    bf = load_game("banque-fatale", {"players": 3, "deck": '["R";"Y";"G";"B";"O";"RY";"GB"]'})
    assert bf.rules["deck"] == ["R", "Y", "G", "B", "O", "RY", "GB"]


def test_a_wrong_setting_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match=r"rounds: -1 is out of range"):
        load_game("casablanca", {"players": 4, "rounds": -1})
    with pytest.raises(ValueError, match="Casablanca is for 2 to 4 players, not 9"):
        load_game("casablanca", {"players": 9})


def test_the_deal_is_the_one_chance_node() -> None:
    game = load_game("monte-carlo", {"players": 3})
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == DEALS == game.max_chance_outcomes()
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
    one, two = state.child(1), state.child(2)
    assert not one.is_chance_node()
    assert one.information_state_string(0) != two.information_state_string(0)  # other tiles dealt
    assert state.child(1).information_state_string(0) == one.information_state_string(0)


@pytest.mark.parametrize("game_id", GAMES)
def test_action_numbers_are_fixed_distinct_and_read_back(game_id: str) -> None:
    game = load_game(game_id, {"players": 4})
    for deal in (1, 2):
        state = game.new_initial_state()
        state.apply_action(deal)
        rng = random.Random(deal)
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal == sorted(set(legal)) and 0 <= legal[0] and legal[-1] < game.num_distinct_actions()
            for code in legal[:50]:
                text = state.action_to_string(code)
                assert game.codec.decode(code) == text and game.codec.encode(text) == code
            state.apply_action(rng.choice(legal))


def test_banque_fatale_bids_are_numbered_by_arithmetic() -> None:
    """Five colours of eight jetons: 9^5 bids, each its counts in base 9 after the picks."""
    game = load_game("banque-fatale", {"players": 3})
    codec = game.codec
    picks = codec.parts[0].size
    assert codec.parts[1].size == 9**5 == 59_049
    assert codec.encode("bid 0") == picks
    assert codec.encode("bid 2R 1G") == picks + 2 * 9**4 + 1 * 9**2
    assert codec.decode(picks + 9**5 - 1) == "bid 8R 8Y 8G 8B 8O"
    with pytest.raises(ValueError):
        codec.encode("bid 9R")


@pytest.mark.parametrize("game_id", GAMES)
def test_serialised_states_come_back_the_same(game_id: str) -> None:
    for moves in (0, 7, 40, 10_000):
        state = _played(game_id, 3, 11, moves)
        for again in (state.get_game().deserialize_state(state.serialize()), pickle.loads(pickle.dumps(state)),
                      state.clone()):
            assert again.history() == state.history()
            assert str(again) == str(state)
            assert again.legal_actions() == state.legal_actions()
            assert again.returns() == state.returns()
            for seat in range(3):
                assert again.information_state_string(seat) == state.information_state_string(seat)
                assert again.observation_string(seat) == state.observation_string(seat)


def test_a_game_without_a_codec_is_numbered_by_checksums() -> None:
    """Sevens (a test plugin) numbers nothing itself: its actions still get fixed numbers."""
    from parlour.openspiel.bridge import game_for

    registry = discover(["sevens:GAME"])
    sevens = registry.get("sevens")
    game = game_for(sevens, registry.ruleset("sevens").resolve(), 3)
    state = game.new_initial_state()
    state.apply_action(4)
    rng = random.Random(4)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert len(set(legal)) == len(legal)
        text = state.action_to_string(legal[0])
        assert state.inner.legal_actions()[0].text in {state.action_to_string(c) for c in legal}
        assert not text.startswith("#")
        state.apply_action(rng.choice(legal))
    assert sum(state.returns()) == pytest.approx(1.0)
