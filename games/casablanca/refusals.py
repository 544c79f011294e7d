"""Why Casablanca refuses an action: one function per kind of action that may be refused in
its phase (None when it is legal), and the reason for an action that does not fit the
phase at all. The engine's step table pairs each with the move it guards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlour.games.casablanca.actions import (
    SYMBOLS,
    Admit,
    Announce,
    Challenge,
    Fold,
    Pick,
    PlaceFigure,
    Raise,
    Reshuffle,
    Sell,
    TakeCard,
    dollars,
)
from parlour.games.casablanca.texts import EXCHANGE, OVER, PHASE_HINTS, PLAYER, RESPOND
from parlour.core.game import Action

if TYPE_CHECKING:
    from parlour.games.casablanca.state import CasablancaState


def wrong_moment(state: CasablancaState, action: object) -> str:
    """Why an action of this kind does not fit the moment at all."""
    phase = state.phase
    if phase == OVER:
        return "the game is over"
    if not isinstance(action, Action):
        return f"{action!r} is not an action"
    if phase == EXCHANGE and isinstance(action, Admit):
        return "only the challenged player may admit, and only at once"
    if phase == RESPOND and isinstance(action, Fold):
        return "you have staked nothing yet: admit instead"
    return PHASE_HINTS[phase]


def why_not_figure(state: CasablancaState, action: PlaceFigure) -> str | None:
    return None if 0 <= action.field < state.fields else f"there is no field {action.field + 1}"


def why_not_pick(state: CasablancaState, action: Pick) -> str | None:
    if 0 <= action.field < state.fields and state.chips[action.field] >= 0:
        return None
    return f"there is no chip on field {action.field + 1}"


def why_not_reshuffle(state: CasablancaState, action: Reshuffle) -> str | None:
    return None if state.reshuffles_left[state.mover] > 0 else "you have no reshuffle left this round"


def why_not_sell(state: CasablancaState, action: Sell) -> str | None:
    if not state.broke:
        return "only a player who starts his turn without money may sell cards"
    if state.sold >= state.rules["sell_limit"]:
        return f"you may sell at most {state.rules['sell_limit']} cards in a turn"
    if not 0 <= action.symbol < SYMBOLS or not state.cards[state.mover][action.symbol]:
        return "you hold no card of that symbol"
    return None


def why_not_announce(state: CasablancaState, action: Announce) -> str | None:
    if not 0 <= action.number < SYMBOLS:
        return f"announce a number from 0 to {SYMBOLS - 1}"
    f = action.field
    if f == state.picked_from:
        return "put the chip on another field than the one it came from"
    if 0 <= f < state.fields and state.chips[f] < 0:
        return None
    return f"field {f + 1} is not free"


def why_not_challenge(state: CasablancaState, action: Challenge) -> str | None:
    mover, mine = state.money[state.mover], state.money[state.to_move]
    cap, stake, lo = mover if mover < mine else mine, action.stake, state.offers.min_stake
    if (lo <= stake <= cap and (stake - lo) % state.offers.step == 0) or (cap < lo and stake == cap):
        return None
    return _stake_reason(state, stake, cap)


def why_not_raise(state: CasablancaState, action: Raise) -> str | None:
    room, by, step = state.cap - state.stakes[state.opponent(state.to_move)], action.by, state.offers.step
    if step <= by <= room and by % step == 0:
        return None
    if room < step:
        return f"table stakes: nobody may stake more than {dollars(state.cap)}; call or fold"
    return f"raise in steps of {dollars(step)}, by at most {dollars(room)} (table stakes: {dollars(state.cap)} in all)"


def why_not_take_card(state: CasablancaState, action: TakeCard) -> str | None:
    if 0 <= action.symbol < SYMBOLS and state.cards[state.loser][action.symbol]:
        return None
    return f"{PLAYER[state.loser]} holds no card of that symbol"


def _stake_reason(state: CasablancaState, amount: int, cap: int) -> str:
    lo = state.offers.min_stake
    if cap < lo:
        return f"table stakes: the stake is exactly {dollars(cap)}, the smaller fortune"
    if amount > cap:
        return f"table stakes: at most {dollars(cap)}, the smaller fortune"
    return f"stake at least {dollars(lo)}, in steps of {dollars(state.offers.step)}"
