"""Helpers for the Banque Fatale tests: deal a game, lay out a table, play bids by letters."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from parlour.games.banque_fatale import GAME
from parlour.games.banque_fatale.actions import Bid, Pick
from parlour.games.banque_fatale.state import PICK, BanqueFataleState
from parlour.core.rulesets import deep_merge, load_ruleset

RULESET = load_ruleset(GAME)
LETTERS = "RYGBO"


def rules(*variants: str, **settings: Any) -> dict[str, Any]:
    return deep_merge(RULESET.resolve(variants), settings)


def deal(players: int = 4, seed: int = 1, variants: Iterable[str] = (), **settings: Any) -> BanqueFataleState:
    return GAME.new_game(players, rules(*variants, **settings), seed)


def counts(jetons: str) -> tuple[int, ...]:
    """``"RRG"`` -> ``(2, 0, 1, 0, 0)``."""
    return tuple(jetons.count(letter) for letter in LETTERS)


def arrange(
    state: BanqueFataleState,
    *,
    start: int | None = None,
    chart: Mapping[str, int] | None = None,
    cards: list[list[str]] | None = None,
    jetons: list[str] | None = None,
    display: list[str] | None = None,
    pile: list[str] | None = None,
    cash: list[int] | None = None,
) -> BanqueFataleState:
    """Lay out the table at the start of a round (the start player about to pick)."""
    assert state.phase == PICK
    if start is not None:
        state.start = start
        state.to_move = start
    if chart is not None:
        for letter, value in chart.items():
            state.chart[LETTERS.index(letter)] = value
    if cards is not None:
        state.cards = [list(c) for c in cards]
    if jetons is not None:
        state.jetons = [list(counts(j)) for j in jetons]
    if display is not None:
        state.display = list(display)
    if pile is not None:
        state.pile = list(pile)
    if cash is not None:
        state.cash = list(cash)
    return state


def auction(state: BanqueFataleState, card: str, bids: Mapping[int, str]) -> None:
    """The start player picks ``card``; each seat bids the jetons given by letters."""
    state.apply(Pick(card))
    while state.phase == "bid" and state.auction == card:
        seat = state.to_move
        assert seat is not None
        state.apply(Bid(counts(bids.get(seat, "")), LETTERS))


def play_random(state: BanqueFataleState, seed: int = 0) -> BanqueFataleState:
    rng = random.Random(seed)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state
