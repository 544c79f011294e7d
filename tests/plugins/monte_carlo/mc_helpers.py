"""Helpers for the Monte Carlo tests: rulesets, rigged deals and scripted play."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from parlour.games.monte_carlo import GAME
from parlour.games.monte_carlo.actions import LAYS, STOP, bet_on
from parlour.games.monte_carlo.state import LAYING, MonteCarloState
from parlour.games.monte_carlo.layout import CELL_BY_NAME, DIGIT_OF
from parlour.core.rulesets import load_ruleset


def rules(*variants: str, **settings: Any) -> dict[str, Any]:
    resolved = load_ruleset(GAME).resolve(variants)
    resolved.update(settings)
    return resolved


def new(players: int = 4, seed: int = 1, **settings: Any) -> MonteCarloState:
    return GAME.new_game(players, rules(**settings), seed)


def rig(state: MonteCarloState, hands: Mapping[int, Iterable[int]]) -> None:
    """Give the named seats exactly these tiles, taking them from the other hands.

    Every seat keeps its hand size; the tiles pushed out go to the seats not named.
    """
    wanted = {seat: sorted(tiles) for seat, tiles in hands.items()}
    pool: list[int] = []
    for seat in range(state.players):
        pool += [d for d in range(1, 10) for _ in range(state.hands[seat][d])]
    for tiles in wanted.values():
        for digit in tiles:
            pool.remove(digit)
    for seat in range(state.players):
        size = state.hand_size[seat]
        tiles = wanted.get(seat)
        if tiles is None:
            tiles, pool = pool[:size], pool[size:]
        assert len(tiles) == size, f"seat {seat} must hold {size} tiles"
        counts = [0] * 10
        for digit in tiles:
            counts[digit] += 1
        state.hands[seat] = counts


def bet(state: MonteCarloState, field_id: str) -> None:
    state.apply(bet_on(field_id))


def stop_all(state: MonteCarloState) -> None:
    while state.phase != LAYING and state.current is not None:
        state.apply(STOP)


def lay(state: MonteCarloState, cell: str) -> None:
    index = CELL_BY_NAME[cell]
    state.apply(LAYS[index])


def lay_out(state: MonteCarloState, wishes: Mapping[int, list[str]] | None = None) -> None:
    """Play the laying act to the end of the game: each seat lays its wished cells in
    order (when it may), else its first legal lay that touches no wished cell."""
    wishes = {s: list(c) for s, c in (wishes or {}).items()}
    game = state.game_no
    reserved = {c for cells in wishes.values() for c in cells}
    while state.current is not None and state.game_no == game and state.phase == LAYING:
        seat = state.current
        legal = state.legal_actions()
        mine = wishes.get(seat, [])
        choice = None
        while mine:
            wanted = LAYS[CELL_BY_NAME[mine[0]]]
            mine.pop(0)
            if wanted in legal:
                choice = wanted
                break
        if choice is None:
            spare = [a for a in legal if a.cell not in reserved]
            choice = spare[0] if spare else legal[0]
        state.apply(choice)


def cells_of_digit(state: MonteCarloState, digit: int) -> list[str]:
    from parlour.games.monte_carlo.layout import cell_name

    return [cell_name(c) for c in range(36) if DIGIT_OF[c] == digit]
