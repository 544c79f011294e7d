"""Observation tensors through the bridge (issue 28): a fixed shape all game long, finite
numbers, made from the seat's view alone (a world the seat cannot tell apart gives it the
same tensor, while another seat's tensor may change); no information-state tensor; a game
that writes no numbers still plays with strings."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (pip install parlour[openspiel])")

from parlour.core.registry import discover  # noqa: E402
from parlour.openspiel import load_game  # noqa: E402
from parlour.openspiel.bridge import ParlourGame, game_for  # noqa: E402

GAMES = ("banque-fatale", "monte-carlo", "casablanca")


def _walk(game: ParlourGame, deal: int) -> Iterator[pyspiel.State]:
    """Every state of a random game after the deal, the last one included."""
    state = game.new_initial_state()
    state.apply_action(deal)
    rng = random.Random(deal)
    yield state
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        yield state


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("players", [3, 4])
def test_the_shape_is_fixed_over_whole_games(game_id: str, players: int) -> None:
    game = load_game(game_id, {"players": players})
    size = game.parlour.view_tensor_size(game.rules, players)
    assert game.get_type().provides_observation_tensor
    assert game.observation_tensor_shape() == [size] and game.observation_tensor_size() == size
    before = game.new_initial_state()
    assert before.observation_tensor(0) == [0.0] * size  # nothing is dealt yet
    steps = 0
    for step, state in enumerate(_walk(game, 2 + players)):
        steps += 1
        if step % 4 and not state.is_terminal():
            continue
        for seat in range(players):
            values = state.observation_tensor(seat)
            assert len(values) == size and all(math.isfinite(v) for v in values)
            wanted = game.parlour.view_tensor(state.inner.view(seat), game.rules, players)
            assert np.array_equal(np.asarray(values, np.float32), np.asarray(wanted, np.float32))
    assert steps > 20


@pytest.mark.parametrize("game_id", GAMES)
def test_the_observers_pieces_are_named_by_the_layout(game_id: str) -> None:
    game = load_game(game_id, {"players": 4})
    observer = game.make_py_observer()
    state = next(_walk(game, 3))
    observer.set_from(state, 1)
    layout = game.parlour.view_tensor_layout(game.rules, 4)
    assert [(name, len(piece)) for name, piece in observer.dict.items()] == [(n, k) for n, k in layout if k]
    assert observer.dict["seat"].tolist() == [0.0, 1.0, 0.0, 0.0]
    assert np.shares_memory(observer.dict["seat"], observer.tensor)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_world_the_seat_cannot_tell_apart_gives_it_the_same_tensor(game_id: str) -> None:
    """Resampling redraws what a seat cannot see (the others' hands, chips, bids): its
    tensor stays, while some other seat's tensor changes, so the tensors do carry each
    seat's own secrets and the equality is no accident of writing nothing private."""
    game = load_game(game_id, {"players": 4})
    changed = 0
    for step, state in enumerate(_walk(game, 21)):
        if step % 5 or state.is_terminal():
            continue
        seat = state.current_player()
        for draw in (0.25, 0.75):
            world = state.resample_from_infostate(seat, lambda d=draw: d)
            assert world.observation_tensor(seat) == state.observation_tensor(seat)
            changed += any(world.observation_tensor(o) != state.observation_tensor(o) for o in range(4) if o != seat)
    assert changed > 0, "no world changed another seat's tensor: the tensors show nothing private"


def test_no_information_state_tensor() -> None:
    """A seat's history has no length a ruleset fixes: the bridge offers its string only."""
    for game_id in GAMES:
        game = load_game(game_id, {"players": 3})
        kind = game.get_type()
        assert kind.provides_information_state_string and not kind.provides_information_state_tensor
        recall = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
        assert recall.dict == {} and recall.tensor.size == 0


def test_a_game_that_writes_no_numbers_plays_with_strings() -> None:
    """Sevens (a test plugin) has no ``view_tensor``: it registers and plays, strings only."""
    registry = discover(["sevens:GAME"])
    sevens = registry.get("sevens")
    assert not sevens.encodes_views and sevens.view_tensor_size({}, 3) is None
    game = game_for(sevens, registry.ruleset("sevens").resolve(), 3)
    kind = game.get_type()
    assert not kind.provides_observation_tensor and kind.provides_observation_string
    assert game.layout is None and game.make_py_observer().dict == {}
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    state = game.new_initial_state()
    state.apply_action(4)
    assert state.observation_string(0) and state.information_state_string(0)
