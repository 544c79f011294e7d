"""What a seat of Casablanca knows: the view an agent or the board reads, as JSON-ready data,
and the hidden worlds a searching player draws that agree with it."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from parlour.games.casablanca.actions import SYMBOLS
from parlour.games.casablanca.texts import CLAIM, COMMIT, EXCHANGE, FIGURE, OVER, RESPOND, TURN

if TYPE_CHECKING:
    from parlour.games.casablanca.state import CasablancaState

#: mask (without the public bit) -> the seats whose bits it holds
SEATS_IN_MASK = [tuple(s for s in range(4) if mask >> s & 1) for mask in range(1 << 5)]


def seat_view(state: CasablancaState, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` knows. Who knows which chip is public (everybody sees who picks
    a chip up and where it goes), so ``knowers`` is in every view; the values are not."""
    n = state.players
    bit = 1 << (n if seat is None else seat)
    chips, masks = state.chips, state.masks
    seats = SEATS_IN_MASK
    public = 1 << n
    low = public - 1
    see = bit | public
    everyone = seats[low]
    phase = state.phase
    in_turn = phase not in (FIGURE, OVER)
    holding = state.held >= 0
    view: dict[str, Any] = {
        "seat": seat,
        "players": n,
        "symbols": list(state.names),
        "memory_aid": state.rules["memory_aid"],
        "round": state.round,
        "rounds": state.rules["rounds"],
        "turn": state.turns + 1,
        "turn_limit": state.rules["turn_limit"],
        "leader": state.leader,
        "phase": phase,
        "to_move": state.to_move,
        "mover": state.mover if in_turn else None,
        "field_symbols": list(state.offers.symbols_of_fields),
        "chips": [c >= 0 for c in chips],
        "known": [c if m & see else None for c, m in zip(chips, masks)],
        "knowers": [list(everyone if m & public else seats[m & low]) for m in masks],
        "public": [m & public > 0 for m in masks],
        "revealed": None if state.revealed[0] < 0 else {"field": state.revealed[0], "value": state.revealed[1]},
        "aside": None if seat is None else state.aside[seat],
        "figures": [None if f < 0 else f for f in state.figures],
        "active": list(state.active),
        "money": list(state.money),
        "pot": state.pot,
        "bank_paid": state.bank_paid,
        "cards": [list(c) for c in state.cards],
        "top": None if not state.pile else state.pile[-1],
        "pile_size": len(state.pile),
        "pile_bottom": state.pile[: state.pile_known_bottom],
        "reshuffles_left": list(state.reshuffles_left),
        "may_sell": phase == TURN and state.broke and state.sold < state.rules["sell_limit"],
        "stats": [dict(s) for s in state.stats],
        "round_money": [list(r) for r in state.round_money],
        "pot_winner": None if state.pot_winner < 0 else state.pot_winner,
        "end_reason": state.end_reason or None,
        "end_why": [state.end_why[0], list(state.end_why[1])] if state.end_reason and state.end_why[0] else None,
        "move": None,
        "challenge": None,
    }
    if in_turn:
        view["move"] = {
            "origin": None if state.origin < 0 else state.origin,
            "picked_from": None if state.picked_from < 0 else state.picked_from,
            "known_pick": state.pick_known,  # the mover had seen the chip he picked up (all saw that)
            "holding": holding,
            "held": state.held if holding and state.held_mask & see else None,
            "held_knowers": [s for s in range(n) if state.held_mask & (public | 1 << s)] if holding else [],
            "announced": None if state.announced < 0 else state.announced,
            "placed_at": None if state.placed_at < 0 else state.placed_at,
            "needed": None if state.origin < 0 or not state.pile else (state.pile[-1] - state.origin) % SYMBOLS,
            "landing": state.landing,
            "sold": state.sold,
        }
    if phase == COMMIT:
        mine = state.commits.get(seat, None) if seat is not None else None
        view["challenge"] = {
            "order": list(state.commit_order),
            "committed": state.commit_order[: state.commit_order.index(state.to_move)],
            "my_commit": None if mine is None else ("pass" if mine < 0 else "challenge"),
            "my_stake": None if mine is None or mine < 0 else mine,
        }
    elif phase in (RESPOND, EXCHANGE, CLAIM):
        view["challenge"] = {
            "order": list(state.commit_order),
            "challenger": state.challenger,
            "stakes": {"mover": state.stakes[state.mover], "challenger": state.stakes[state.challenger]},
            "cap": state.cap,
            "winner": None if state.winner < 0 else state.winner,
            "loser": None if state.loser < 0 else state.loser,
        }
    return view


def sampled_world(state: CasablancaState, seat: int, rng: random.Random, quiet: bool) -> CasablancaState:
    """Redraw every chip value ``seat`` does not know (ring, the chip in hand, the others'
    set-aside chips), the unseen middle of the pile and the others' pending secret commits.
    What is unseen is sorted before shuffling, so the world depends only on the view. The
    log keeps the lines ``seat`` saw, still unformatted where they were; a ``quiet`` world
    keeps none."""
    world = state._copy(events=False)
    bit = 1 << seat
    seen = bit | state.public
    ring = [f for f in range(state.fields) if world.chips[f] >= 0 and not world.masks[f] & seen]
    hand = world.held >= 0 and not world.held_mask & seen
    others = [s for s in range(state.players) if s != seat]
    pool = [world.chips[f] for f in ring] + [world.aside[s] for s in others]
    if hand:
        pool.append(world.held)
    pool.sort()
    rng.shuffle(pool)
    for f in ring:
        world.chips[f] = pool.pop()
    for s in others:
        world.aside[s] = pool.pop()
    if hand:
        world.held = pool.pop()
    lo, hi = world.pile_known_bottom, len(world.pile) - 1
    if hi - lo > 1:
        middle = sorted(world.pile[lo:hi])
        rng.shuffle(middle)
        world.pile[lo:hi] = middle
    if world.phase == COMMIT:
        for s in sorted(world.commits):
            if s != seat:
                options = world.stake_options(s)
                world.commits[s] = -1 if rng.random() < 0.5 else options[rng.randrange(len(options))]
    state._settle_world(world, seat, rng, quiet)
    return world
