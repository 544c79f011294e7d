"""Setting up Casablanca tables for the rule tests: a state after set-up, with the ring, the
pile and the hands arranged by hand, then played through the public ``apply``."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from parlour.games.casablanca import GAME
from parlour.games.casablanca.actions import Announce, Call, Challenge, Pass, Pick, PlaceFigure
from parlour.games.casablanca.state import CasablancaState
from parlour.core.rulesets import load_ruleset

RULESET = load_ruleset(GAME)


def rules(*variants: str, **settings: Any) -> dict[str, Any]:
    resolved = RULESET.resolve(variants)
    resolved["first_leader"] = "first-seat"  # seat 0 leads; seat 1 places first and moves first
    resolved.update(settings)
    return resolved


def table(players: int = 4, seed: int = 1, *variants: str, **settings: Any) -> CasablancaState:
    return GAME.new_game(players, rules(*variants, **settings), seed)


def lay_chips(state: CasablancaState, chips: Mapping[int, int]) -> None:
    """Replace the ring: ``chips`` maps field -> value; nobody knows any of them."""
    state.chips = [-1] * state.fields
    for field, value in chips.items():
        state.chips[field] = value
    state.masks = [0] * state.fields
    state._index_ring()


def set_cards(state: CasablancaState, seat: int, counts: Mapping[int, int]) -> None:
    state.cards[seat] = [counts.get(s, 0) for s in range(7)]


def place_figures(state: CasablancaState, fields: Mapping[int, int]) -> None:
    """Every seat, in set-up order, puts its figure on ``fields[seat]``."""
    while state.phase == "figure":
        state.apply(PlaceFigure(fields[state.to_move]))


def move(state: CasablancaState, pick: int, announce: int, place: int) -> None:
    state.apply(Pick(pick))
    state.apply(Announce(announce, place))


def commit(state: CasablancaState, stakes: Mapping[int, int] | None = None) -> None:
    """Every seat asked in the challenge round passes, except those given a stake."""
    stakes = stakes or {}
    while state.phase == "commit":
        seat = state.to_move
        state.apply(Challenge(stakes[seat]) if seat in stakes else Pass())


def arranged(top: int = 3, figures: bool = True, **settings: Any) -> CasablancaState:
    """Seat 0 leads: the ring holds a 3 on field 10, a 5 on 12, a 0 on 20 and a 6 on 22; the
    top card is ``top`` (Star by default) over one card of each other symbol; nobody holds a
    card. With ``figures``, every figure then goes on field 0 (Palm) and seat 1 is to move."""
    state = table(4, 3, **settings)
    lay_chips(state, {10: 3, 12: 5, 20: 0, 22: 6})
    state.pile = [0, 1, 2, 4, 5, 6, top]
    for seat in range(4):
        set_cards(state, seat, {})
    if figures:
        place_figures(state, {s: 0 for s in range(4)})
    return state


def money_total(state: CasablancaState) -> int:
    return sum(state.money) + state.pot


def random_states(players: int, seed: int, **settings: Any) -> Iterator[CasablancaState]:
    """Play random legal actions to the end, yielding the state before each decision."""
    state = table(players, seed, **settings)
    rng = random.Random(seed)
    while not state.is_over:
        yield state
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    yield state


def turn_over(state: CasablancaState) -> None:
    """Call until the chip is turned over: a call, and when it was the mover matching the
    stake, the challenger's call too (he has the last word, revised CB-X3)."""
    state.apply(Call())
    if state.phase == "exchange":
        state.apply(Call())


async def open_table(app: Any, pilot: Any, match: Any, path: Any, awaiting: int) -> Any:
    """Push ``match``'s table in ``app`` (saved at ``path``) and wait until it awaits seat
    ``awaiting`` with the board drawn; the table screen."""
    from parlour.games.casablanca.board import CasablancaBoard
    from parlour.testing.boards import wait_for
    from parlour.tui.table import LiveGame, TableScreen

    app.push_screen(TableScreen(LiveGame(GAME, match, path)))
    await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.awaiting == awaiting
                   and bool(app.screen.query(CasablancaBoard)) and app.screen.query_one(CasablancaBoard).mode)
    return app.screen

