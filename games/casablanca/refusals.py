"""Why Casablanca refuses an action: one function per kind of action that may be refused in
its phase (None when it is legal), and the reason for an action that does not fit the
phase at all. The engine's step table pairs each with the move it guards. Each reason is
worded in the player's language."""

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
from parlour.games.casablanca.texts import CLAIM, EXCHANGE, OVER, PHASE_HINTS, PLAYER, RESPOND, _, ngettext
from parlour.core.game import Action

if TYPE_CHECKING:
    from parlour.games.casablanca.state import CasablancaState


def wrong_moment(state: CasablancaState, action: object) -> str:
    """Why an action of this kind does not fit the moment at all."""
    phase = state.phase
    if phase == OVER:
        return _("the game is over")
    if not isinstance(action, Action):
        return _("{} is not an action").format(repr(action))
    if phase == EXCHANGE and isinstance(action, Admit):
        return _("only the challenged player may admit, and only at once")
    if phase == RESPOND and isinstance(action, Fold):
        return _("you have staked nothing yet: admit instead")
    if phase == CLAIM and not any(state.cards[state.loser]):
        return _("take the top card: {} has no cards").format(PLAYER[state.loser])
    return _(PHASE_HINTS[phase])


def why_not_figure(state: CasablancaState, action: PlaceFigure) -> str | None:
    return None if 0 <= action.field < state.fields else _("there is no field {}").format(action.field + 1)


def why_not_pick(state: CasablancaState, action: Pick) -> str | None:
    if 0 <= action.field < state.fields and state.chips[action.field] >= 0:
        return None
    return _("there is no chip on field {}").format(action.field + 1)


def why_not_reshuffle(state: CasablancaState, action: Reshuffle) -> str | None:
    return None if state.reshuffles_left[state.mover] > 0 else _("you have no reshuffle left this round")


def why_not_sell(state: CasablancaState, action: Sell) -> str | None:
    if not state.broke:
        return _("only a player who starts his turn without money may sell cards")
    if state.sold >= state.rules["sell_limit"]:
        limit = state.rules["sell_limit"]
        return ngettext("you may sell at most {} card in a turn", "you may sell at most {} cards in a turn",
                        limit).format(limit)
    if not 0 <= action.symbol < SYMBOLS or not state.cards[state.mover][action.symbol]:
        return _("you hold no card of that symbol")
    return None


def why_not_announce(state: CasablancaState, action: Announce) -> str | None:
    if not 0 <= action.number < SYMBOLS:
        return _("announce a number from 0 to {}").format(SYMBOLS - 1)
    f = action.field
    if f == state.picked_from:
        return _("put the chip on another field than the one it came from")
    if 0 <= f < state.fields and state.chips[f] < 0:
        return None
    return _("field {} is not free").format(f + 1)


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
        return _("table stakes: nobody may stake more than {}; call or fold").format(dollars(state.cap))
    return _("raise in steps of {}, by at most {} (table stakes: {} in all)").format(dollars(step), dollars(room),
                                                                                      dollars(state.cap))


def why_not_take_card(state: CasablancaState, action: TakeCard) -> str | None:
    if 0 <= action.symbol < SYMBOLS and state.cards[state.loser][action.symbol]:
        return None
    return _("{} holds no card of that symbol").format(PLAYER[state.loser])


def _stake_reason(state: CasablancaState, amount: int, cap: int) -> str:
    lo = state.offers.min_stake
    if cap < lo:
        return _("table stakes: the stake is exactly {}, the smaller fortune").format(dollars(cap))
    if amount > cap:
        return _("table stakes: at most {}, the smaller fortune").format(dollars(cap))
    return _("stake at least {}, in steps of {}").format(dollars(lo), dollars(state.offers.step))
