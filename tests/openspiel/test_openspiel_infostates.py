"""Information states through the bridge: each seat's own history (perfect recall), never
another seat's secrets; observations are the seat's view now; resampling keeps what a seat
knows and redraws the rest."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (pip install parlour[openspiel])")

from parlour.core.game import State  # noqa: E402
from parlour.openspiel import load_game  # noqa: E402

GAMES = ("banque-fatale", "monte-carlo", "casablanca")
PLAYERS = 3


def _games(game_id: str, deal: int):
    """Every state of a random game after the deal, with the seat that moved into it."""
    state = load_game(game_id, {"players": PLAYERS}).new_initial_state()
    state.apply_action(deal)
    rng = random.Random(deal)
    yield state, None
    while not state.is_terminal():
        mover = state.current_player()
        state.apply_action(rng.choice(state.legal_actions()))
        yield state, mover


@pytest.mark.parametrize("game_id", GAMES)
def test_information_states_only_grow(game_id: str) -> None:
    """Perfect recall: what a seat knew stays the start of what it knows."""
    before = [""] * PLAYERS
    for step, (state, _) in enumerate(_games(game_id, 5)):
        if step % 3:
            continue
        for seat in range(PLAYERS):
            now = state.information_state_string(seat)
            assert now.startswith(before[seat])
            before[seat] = now
    assert all(before)


@pytest.mark.parametrize("game_id", GAMES)
def test_seats_know_different_things(game_id: str) -> None:
    state = next(iter(_games(game_id, 9)))[0]
    infos = {state.information_state_string(seat) for seat in range(PLAYERS)}
    observations = {state.observation_string(seat) for seat in range(PLAYERS)}
    assert len(infos) == PLAYERS and len(observations) == PLAYERS


def _plant_seat_markers(monkeypatch: pytest.MonkeyPatch, state_class: type[State]) -> None:
    """Every view carries a marker naming the seat it is for."""
    view = state_class.view

    def marked(self: State, seat: int | None) -> dict[str, Any]:
        return {**view(self, seat), "planted": f"«seat {seat}»"}

    monkeypatch.setattr(state_class, "view", marked)


@pytest.mark.parametrize("game_id", GAMES)
def test_information_states_hold_only_the_seats_own_views_and_moves(
        game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    first = next(iter(_games(game_id, 3)))[0]
    _plant_seat_markers(monkeypatch, type(first.inner))
    moves = [0] * PLAYERS
    for state, mover in _games(game_id, 3):
        if mover is not None:
            moves[mover] += 1
        for seat in range(PLAYERS):
            info = state.information_state_string(seat)
            assert f"«seat {seat}»" in info
            assert all(f"«seat {other}»" not in info for other in range(PLAYERS) if other != seat)
            assert info.count("\nI play: ") == moves[seat]
            assert json.loads(state.observation_string(seat)) == state.inner.view(seat)
    assert sum(moves) > 20


@pytest.mark.parametrize("game_id", GAMES)
def test_resampling_keeps_what_the_seat_knows_and_redraws_the_rest(game_id: str) -> None:
    redrawn = 0
    for step, (state, _) in enumerate(_games(game_id, 21)):
        if step % 9 or state.is_terminal():
            continue
        seat = state.current_player()
        draws = iter(random.Random(step).random for _ in range(1))
        draw = next(draws)
        for _ in range(3):
            world = state.resample_from_infostate(seat, draw)
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert world.observation_string(seat) == state.observation_string(seat)
            assert world.legal_actions() == state.legal_actions()
            others = [o for o in range(PLAYERS) if o != seat]
            redrawn += any(world.observation_string(o) != state.observation_string(o) for o in others)
    assert redrawn > 0, "no draw changed anything another seat holds: nothing was resampled"
