"""Casablanca (Alex Randolph): the engine. Rule ids (CB-…) refer to the shared RULES.md.

One :class:`CasablancaState` is a match of ``rounds`` rounds (default one). Within a round:

- set-up: chips on random fields, one set aside per player; three cards each; a face-up
  pile; every player puts a figure on the ring (``figure`` phase);
- a turn: the mover may sell (when broke) and have the chips reshuffled, then picks up a
  chip (``turn``), announces a number and puts the chip down on a free field in one
  decision (``announce``), and moves;
- every other player who can stake then commits in secret, in priority order, to a
  challenge with an opening stake or to a pass (``commit``); the first challenger in
  priority order counts. The mover admits, calls or raises (``respond``), the two alternate
  (``exchange``) and the winner takes a card (``claim``).

Knowledge of the chips is a bit mask per field: bit ``s`` means seat ``s`` knows the value
of the chip lying there, bit ``players`` means it is public (turned over in a call). Picking
a chip up and putting it down is seen by everybody, so the seats' bits travel with the chip;
the public bit does not: a turned-over chip is known to all only until it is picked up again
(RULES.md, Information), when it is known again to those who had looked at it, and to the
one who picks it up.
"""

from __future__ import annotations

import operator
import random
from bisect import bisect_left, insort
from collections.abc import Callable, Mapping, Sequence
from itertools import compress
from typing import Any

from games.casablanca.actions import (
    ADMIT,
    CALL,
    FOLD,
    PASS,
    RESHUFFLE,
    SYMBOLS,
    TAKE_TOP,
    Admit,
    Announce,
    Call,
    Challenge,
    Fold,
    Pass,
    Pick,
    PlaceFigure,
    Raise,
    Reshuffle,
    Sell,
    TakeCard,
    TakeTop,
    dollars,
)
from parlour.core.agents import AgentKind, Budget, KindEntry
from parlour.core.game import Action, Event, Game, IllegalAction, QuietLog, State, seat_label
from parlour.core.schema import Bool, Int, List, Schema, Str
from parlour.core.search import search_kind

FIGURE = "figure"
TURN = "turn"
ANNOUNCE = "announce"
COMMIT = "commit"
RESPOND = "respond"
EXCHANGE = "exchange"
CLAIM = "claim"
OVER = "over"

PLAYER = [seat_label(seat) for seat in range(16)]

#: builds an Event from its four fields without the named tuple's Python-level ``__new__``
_new_event = tuple.__new__

class _ByAmount(dict[int, tuple[Action, ...]]):
    """Action tuples that depend only on an amount, each built (by ``build``) the first
    time it is asked for."""

    def __init__(self, build: Callable[[int], tuple[Action, ...]]) -> None:
        super().__init__()
        self.build = build

    def __missing__(self, amount: int) -> tuple[Action, ...]:
        acts = self[amount] = self.build(amount)
        return acts


class _Table:
    """Every action object a state can offer, built once per ruleset (labels need symbol
    names); the lists that depend only on an amount are cached as tuples."""

    def __init__(self, rules: Mapping[str, Any], fields: int) -> None:
        names = rules["symbols"]
        self.figure = tuple(PlaceFigure(f, names[f % SYMBOLS]) for f in range(fields))
        self.pick = [Pick(f, names[f % SYMBOLS]) for f in range(fields)]
        #: number -> field -> announcing that number with the chip put down there
        self.announce = tuple(tuple(Announce(n, f, names[f % SYMBOLS]) for f in range(fields))
                              for n in range(SYMBOLS))
        self.sell = [Sell(s, names[s]) for s in range(SYMBOLS)]
        self.take = [TakeCard(s, names[s]) for s in range(SYMBOLS)]
        self.symbols_of_fields = tuple(f % SYMBOLS for f in range(fields))
        self.min_stake: int = rules["min_stake"]
        self.step: int = rules["stake_step"]
        #: the smaller fortune -> pass or an opening stake
        self.challenges = _ByAmount(lambda cap: (PASS, *(Challenge(a) for a in self.stakes(cap))))
        #: ``room`` a raise has under the table-stakes cap -> the mover's first answer (admit,
        #: call, raise) or a later one (fold, call, raise)
        self.first_responses = _ByAmount(lambda room: (ADMIT, CALL, *self._raises(room)))
        self.later_responses = _ByAmount(lambda room: (FOLD, CALL, *self._raises(room)))

    def stakes(self, cap: int) -> list[int]:
        """Opening stakes: at least the minimum, at most the smaller fortune ``cap`` (CB-X1,
        CB-X5); when that fortune is below the minimum, exactly all of it (asked only when
        the ruleset's ``challenge_below_minimum`` allows such a challenge)."""
        if cap < self.min_stake:
            return [cap]
        return list(range(self.min_stake, cap + 1, self.step))

    def _raises(self, room: int) -> list[Raise]:
        return [Raise(by) for by in range(self.step, room + 1, self.step)]


class _Announcements(Sequence[Announce]):
    """The announcements open to a mover: every number with every free field, number by
    number. Made item by item, as asked: a random player looks at one of some ninety."""

    __slots__ = ("grid", "fields", "size")

    def __init__(self, grid: tuple[tuple[Announce, ...], ...], fields: tuple[int, ...]) -> None:
        self.grid = grid
        self.fields = fields
        self.size = len(grid) * len(fields)

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, index: Any) -> Any:
        if type(index) is int and 0 <= index < self.size:  # the common case first
            number, at = divmod(index, len(self.fields))
            return self.grid[number][self.fields[at]]
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self.size))]
        index = operator.index(index)  # as a list: bools and other integer types, not floats
        if not -self.size <= index < self.size:
            raise IndexError("announcement index out of range")
        return self[index % self.size]

    def __contains__(self, action: object) -> bool:
        return (type(action) is Announce and 0 <= action.number < len(self.grid)  # type: ignore[attr-defined]
                and action.field in self.fields)  # type: ignore[attr-defined]

    def __eq__(self, other: object) -> bool:
        """Equal, as a list is, to a list (or another of these) with the same items."""
        if isinstance(other, (list, _Announcements)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{len(self)} announcements: numbers 0-{len(self.grid) - 1} on fields {list(self.fields)}>"


def shuffled(rng: random.Random, items: Sequence[int]) -> list[int]:
    """``items`` in a uniformly random order, sorted by a random key each: the same
    distribution as ``rng.shuffle``, at a fraction of its cost in pure Python (one
    ``random()`` per item instead of a ``randrange``)."""
    keys = [rng.random() for _ in items]
    return [items[i] for i in sorted(range(len(items)), key=keys.__getitem__)]


_TABLES: dict[tuple[Any, ...], _Table] = {}

#: mask (without the public bit) -> the seats whose bits it holds
_SEATS_IN_MASK = [tuple(s for s in range(4) if mask >> s & 1) for mask in range(1 << 5)]


def _table_for(rules: Mapping[str, Any], fields: int) -> _Table:
    key = (tuple(rules["symbols"]), fields, rules["min_stake"], rules["stake_step"])
    table = _TABLES.get(key)
    if table is None:
        if len(_TABLES) > 32:
            _TABLES.clear()
        table = _TABLES[key] = _Table(rules, fields)
    return table


STAT_KEYS = (
    "moves",               # turns completed as mover
    "landing",             # announcements that reached the top card's symbol
    "challenged_landing",  # ...of those, challenged
    "challenged_other",    # other announcements challenged
    "admits",
    "shown_true",          # announcement turned over in a call: true
    "shown_false",         # ...false
    "mover_raises",        # exchanges in which the mover raised
    "raise_shown_false",   # ...and the chip, turned over, proved a lie
    "mover_folds",
    "truths_landing",      # announcements shown true in a call, that had reached the top symbol
    "lies_landing",        # ...shown false or admitted
    "truths_other",        # the same for announcements that had not
    "lies_other",
    "challenges",          # challenges made that counted
    "challenges_won",
    "challenger_folds",
)


class CasablancaState(State):
    """A match of Casablanca in progress (see the module docstring)."""

    def __init__(self, players: int, rules: Mapping[str, Any], seed: int) -> None:
        super().__init__(players, rules, seed)
        self.fields: int = SYMBOLS * rules["fields_per_symbol"]
        self.table = _table_for(rules, self.fields)
        self.names: list[str] = list(rules["symbols"])
        self.premiums: list[int] = list(rules["premiums"])
        self.win_count = len(self.premiums) + 1
        self.public = 1 << players  # the public bit of a chip's mask
        self.only = [frozenset([seat]) for seat in range(players)]
        self.clockwise = [[(seat + k) % players for k in range(1, players)] for seat in range(players)]
        self.round = 0
        self.round_money: list[list[int]] = []  # each finished round's final money
        leader = self.rng.randrange(players) if rules["first_leader"] == "random" else 0
        self._start_round(leader)

    # -- the log: its lines are written when somebody reads them ------------------------
    # An engine step notes a template and the values to fill in (numbers, names: nothing
    # that changes later); ``events`` formats what is pending when it is read. A random
    # playout that never reads its log never formats a line.
    @property
    def events(self) -> list[Event]:  # type: ignore[override]
        pending = self._pending
        if pending:
            events = self._events
            for say, args, seats, kind in pending:
                events.append(_new_event(Event, (say.format(*args) if args else say, seats, kind, None)))
            pending.clear()
        return self._events

    @events.setter
    def events(self, events: list[Event]) -> None:
        self._events = list(events)
        self._pending: list[tuple[str, tuple[Any, ...], frozenset[int] | None, str]] = []

    def _note(self, kind: str, say: str, *args: Any) -> None:
        """A public event: ``say`` with ``args`` filled in (``str.format``)."""
        self._pending.append((say, args, None, kind))

    def _tell(self, seat: int, kind: str, say: str, *args: Any) -> None:
        """An event only ``seat`` sees."""
        self._pending.append((say, args, self.only[seat], kind))

    # -- set-up (CB-S1 .. CB-S3) ----------------------------------------------------------
    def _start_round(self, leader: int) -> None:
        rules, n, rng, names = self.rules, self.players, self.rng, self.names
        self.round += 1
        self.leader = leader
        self.money = [rules["start_money"] - rules["pot_contribution"]] * n
        self.pot = rules["pot_contribution"] * n + rules["house_money"]
        self.bank_paid = 0
        self._note("round", "Round {}: {} leads. Everyone pays ${:,} into the pot, which holds ${:,}.",
                   self.round, PLAYER[leader], rules["pot_contribution"], self.pot)
        seating = [(leader + 1 + k) % n for k in range(n)]
        # CB-S1: the chips go face down on random fields, then each player takes one aside.
        values = shuffled(rng, [v for v in range(SYMBOLS) for _ in range(rules["chips_per_number"])])
        self.aside = [-1] * n
        for seat in seating:
            self.aside[seat] = values.pop()
            self._tell(seat, "aside", "You set aside a {}: it is out of play this round.", self.aside[seat])
        self._note("", "Every player sets one chip aside, unseen by the others.")
        self._lay_chips(values)
        self.held = -1
        self.held_mask = 0
        # CB-S2: the deal; a hand with too many of one symbol gives one back and draws again.
        deck = shuffled(rng, [s for s in range(SYMBOLS) for _ in range(rules["cards_per_symbol"])])
        limit = self.win_count - 2  # with three premiums, nobody starts with three of a symbol
        self.cards = [[0] * SYMBOLS for _ in range(n)]
        redealt = False
        for seat in seating:
            hand = self.cards[seat]
            for _ in range(rules["cards_dealt"]):
                hand[deck.pop()] += 1
            while max(hand) > limit:
                back = hand.index(max(hand))
                hand[back] -= 1
                deck.insert(0, back)
                hand[deck.pop()] += 1
                redealt = True
                self._note("", "{} was dealt too many {} cards, gives one back and draws again.",
                           PLAYER[seat], names[back])
        if redealt:  # the rest of a shuffled deck is already in random order unless a card went back
            deck = shuffled(rng, deck)
        self.pile = deck  # pile[-1] is the face-up top card, pile[0] the bottom
        self.pile_known_bottom = 0  # cards sold under the pile since it was last shuffled
        if not self.quiet:
            dealt = "; ".join(f"{PLAYER[seat]} {self._cards_text(seat)}" for seat in range(n))
            self._note("deal", "Cards dealt: {}. The top card of the pile is {}.", dealt, names[self.pile[-1]])
        self.figures = [-1] * n
        self.active = [True] * n
        self.reshuffles_left = [rules["reshuffles"]] * n
        self.turns = 0
        self.stats = [dict.fromkeys(STAT_KEYS, 0) for _ in range(n)]
        self.pot_winner = -1
        self.end_reason = ""
        self.revealed = (-1, -1)  # the last chip turned over, while it lies there: (field, value)
        self.commit_order: list[int] = []  # who may challenge this move, in priority order
        self.commits: dict[int, int] = {}  # seat -> opening stake, or -1 for a pass
        self.stakes = [0] * n  # what each has staked in this turn's exchange
        self._clear_turn()
        self.mover = -1
        self.phase = FIGURE  # CB-S3: figures go on the ring, starting left of the leader
        self.to_move = seating[0]
        self.figures_placed = 0

    def _lay_chips(self, values: list[int]) -> None:
        """Put ``values`` face down on random fields; nobody knows any of them. (The fields
        come in random order, so the values need no shuffle of their own.)"""
        self.chips = chips = [-1] * self.fields
        fields = shuffled(self.rng, range(self.fields))
        for f, v in zip(fields, values):
            chips[f] = v
        self.masks = [0] * self.fields
        self._index_ring(sorted(fields[: len(values)]), sorted(fields[len(values):]))

    def _index_ring(self, occupied: list[int] | None = None, free: list[int] | None = None) -> None:
        """The fields with a chip and without, in order (worked out from ``chips`` unless
        given); and ``picks``, the pick-up actions of the occupied fields, kept alongside."""
        chips = self.chips
        self.occupied = [f for f in range(self.fields) if chips[f] >= 0] if occupied is None else occupied
        self.free = [f for f in range(self.fields) if chips[f] < 0] if free is None else free
        self.picks = list(map(self.table.pick.__getitem__, self.occupied))

    def _clear_turn(self) -> None:
        """A new turn: nothing picked, said or staked yet. (The challenge's lists are made
        afresh when a move can be challenged, ``stakes`` when a challenge counts.)"""
        self.origin = self.picked_from = self.announced = self.placed_at = -1
        self.challenger = self.winner = self.loser = -1
        self.cap = self.sold = 0
        self.broke = self.mover_raised = False
        self.landing = False  # whether the announced move reaches the top card's symbol

    def _cards_text(self, seat: int) -> str:
        parts = [f"{c} {self.names[s]}" for s, c in enumerate(self.cards[seat]) if c]
        return ", ".join(parts) if parts else "no cards"

    # -- who decides, and what ----------------------------------------------------------
    # Every step of a playing loop asks one of these two, so they are plain attributes, not
    # properties: the handlers set to_move; _close_round sets both with ``phase = OVER``.
    #: the seat that decides now; None once the match is over
    to_move: int | None = None  # type: ignore[assignment]
    #: whether the match is over
    is_over: bool = False  # type: ignore[assignment]

    @property
    def top(self) -> int:
        return self.pile[-1] if self.pile else -1

    def needed(self, seat: int) -> int:
        """The number that takes ``seat``'s figure to the top card's symbol."""
        return (self.top - self.figures[seat]) % SYMBOLS

    def stake_options(self, seat: int) -> list[int]:
        """The opening stakes ``seat`` may challenge the mover with."""
        return self.table.stakes(min(self.money[self.mover], self.money[seat]))

    def _opponent(self, seat: int) -> int:
        return self.challenger if seat == self.mover else self.mover

    def legal_actions(self) -> Sequence[Action]:
        phase, table = self.phase, self.table
        if phase == TURN:
            m = self.mover
            out: list[Action] = self.picks[:]
            if self.broke and self.sold < self.rules["sell_limit"]:
                out += compress(table.sell, self.cards[m])  # a symbol whose cards he holds
            if self.reshuffles_left[m] > 0:
                out.append(RESHUFFLE)
            return out
        if phase == ANNOUNCE:  # any number, any free field but the one the chip came from
            return _Announcements(table.announce, tuple(self.free))
        if phase == COMMIT:
            mover, mine = self.money[self.mover], self.money[self.to_move]
            return table.challenges[mover if mover < mine else mine]
        if phase == RESPOND:  # the mover answers the challenger
            return table.first_responses[self.cap - self.stakes[self.challenger]]
        if phase == CLAIM:
            out = [TAKE_TOP] if self.pile else []
            out += compress(table.take, self.cards[self.loser])
            return out
        if phase == EXCHANGE:
            seat = self.to_move
            other = self.challenger if seat == self.mover else self.mover
            return table.later_responses[self.cap - self.stakes[other]]
        if phase == FIGURE:
            return table.figure
        return ()

    def apply(self, action: Action) -> None:
        """As the base class (refuse with a reason, leave the state unchanged), but one table
        lookup finds both the check and the move for this phase and kind of action."""
        step = _STEPS[self.phase].get(type(action))
        if step is None:
            raise IllegalAction(self._refusal(action))
        check, handler = step
        if check is not None:
            reason = check(self, action)
            if reason is not None:
                raise IllegalAction(reason)
        handler(self, action)
        if self.end_reason:
            self._close_round()

    def _apply(self, action: Action) -> None:
        _STEPS[self.phase][type(action)][1](self, action)
        if self.end_reason:
            self._close_round()

    def apply_trusted(self, action: Action) -> None:
        """A move from ``legal_actions()``: no check, and each kind of action has one handler
        whatever the phase, so one lookup finds it."""
        _HANDLERS[type(action)](self, action)
        if self.end_reason:
            self._close_round()

    def why_illegal(self, action: Action) -> str | None:
        step = _STEPS[self.phase].get(type(action))
        if step is None:
            return self._refusal(action)
        check = step[0]
        return None if check is None else check(self, action)

    def _refusal(self, action: object) -> str:
        """Why an action of this kind does not fit the moment at all."""
        phase = self.phase
        if phase == OVER:
            return "the game is over"
        if not isinstance(action, Action):
            return f"{action!r} is not an action"
        if phase == EXCHANGE and isinstance(action, Admit):
            return "only the challenged player may admit, and only at once"
        if phase == RESPOND and isinstance(action, Fold):
            return "you have staked nothing yet: admit instead"
        return _PHASE_HINTS[phase]

    def _check_figure(self, action: PlaceFigure) -> str | None:
        return None if 0 <= action.field < self.fields else f"there is no field {action.field + 1}"

    def _check_pick(self, action: Pick) -> str | None:
        if 0 <= action.field < self.fields and self.chips[action.field] >= 0:
            return None
        return f"there is no chip on field {action.field + 1}"

    def _check_reshuffle(self, action: Reshuffle) -> str | None:
        return None if self.reshuffles_left[self.mover] > 0 else "you have no reshuffle left this round"

    def _check_sell(self, action: Sell) -> str | None:
        if not self.broke:
            return "only a player who starts his turn without money may sell cards"
        if self.sold >= self.rules["sell_limit"]:
            return f"you may sell at most {self.rules['sell_limit']} cards in a turn"
        if not 0 <= action.symbol < SYMBOLS or not self.cards[self.mover][action.symbol]:
            return "you hold no card of that symbol"
        return None

    def _check_announce(self, action: Announce) -> str | None:
        if not 0 <= action.number < SYMBOLS:
            return f"announce a number from 0 to {SYMBOLS - 1}"
        f = action.field
        if f == self.picked_from:
            return "put the chip on another field than the one it came from"
        if 0 <= f < self.fields and self.chips[f] < 0:
            return None
        return f"field {f + 1} is not free"

    def _check_challenge(self, action: Challenge) -> str | None:
        mover, mine = self.money[self.mover], self.money[self.to_move]
        cap, stake, lo = mover if mover < mine else mine, action.stake, self.table.min_stake
        if (lo <= stake <= cap and (stake - lo) % self.table.step == 0) or (cap < lo and stake == cap):
            return None
        return self._stake_reason(stake, cap)

    def _check_raise(self, action: Raise) -> str | None:
        room, by, step = self.cap - self.stakes[self._opponent(self.to_move)], action.by, self.table.step
        if step <= by <= room and by % step == 0:
            return None
        if room < step:
            return f"table stakes: nobody may stake more than {dollars(self.cap)}; call or fold"
        return f"raise in steps of {dollars(step)}, by at most {dollars(room)} (table stakes: {dollars(self.cap)} in all)"

    def _check_take_card(self, action: TakeCard) -> str | None:
        if 0 <= action.symbol < SYMBOLS and self.cards[self.loser][action.symbol]:
            return None
        return f"{PLAYER[self.loser]} holds no card of that symbol"

    def _stake_reason(self, amount: int, cap: int) -> str:
        lo = self.table.min_stake
        if cap < lo:
            return f"table stakes: the stake is exactly {dollars(cap)}, the smaller fortune"
        if amount > cap:
            return f"table stakes: at most {dollars(cap)}, the smaller fortune"
        return f"stake at least {dollars(lo)}, in steps of {dollars(self.table.step)}"

    # -- the turn (CB-T1 .. CB-T4, CB-O1, CB-O3) ------------------------------------------
    def _place_figure(self, action: PlaceFigure) -> None:
        seat, field = self.to_move, action.field
        self.figures[seat] = field
        self._note("", "{} puts a figure on field {} ({}).", PLAYER[seat], field + 1, self.names[field % SYMBOLS])
        self.figures_placed += 1
        if self.figures_placed == self.players:
            self._begin_turn((self.leader + 1) % self.players)
        else:
            self.to_move = (seat + 1) % self.players

    def _begin_turn(self, seat: int) -> None:
        if self.turns >= self.rules["turn_limit"]:
            self._end_round(f"the safety limit of {self.rules['turn_limit']} turns is reached")
            return
        self._clear_turn()
        self.phase = TURN
        self.mover = self.to_move = seat
        self.broke = self.money[seat] == 0 and any(self.cards[seat])

    def _reshuffle(self, action: Reshuffle) -> None:
        """CB-O1: every ring chip goes to a random field; nobody knows any of them now."""
        m = self.mover
        self.reshuffles_left[m] -= 1
        values = sorted(self.chips)
        self._lay_chips(values[values.count(-1):])  # the values on the ring, in order
        self.revealed = (-1, -1)
        self._note("reshuffle", "{} has the chips on the ring reshuffled.", PLAYER[m])

    def _sell(self, action: Sell) -> None:
        """CB-O3: a broke player sells a card to the bank; it goes under the pile."""
        m, symbol = self.mover, action.symbol
        price = self.rules["sell_price"]
        self.cards[m][symbol] -= 1
        self.pile.insert(0, symbol)
        self.pile_known_bottom += 1
        self.money[m] += price
        self.bank_paid += price
        self.sold += 1
        self._note("sell", "{} sells a {} card to the bank for ${:,}; it goes under the pile.",
                   PLAYER[m], self.names[symbol], price)

    def _pick(self, action: Pick) -> None:
        m, field = self.mover, action.field
        self.held = self.chips[field]
        self.held_mask = (self.masks[field] & ~self.public) | (1 << m)  # a turned-over chip is no longer public
        self.chips[field] = -1
        self.masks[field] = 0
        i = bisect_left(self.occupied, field)  # ``free`` gains this field once the chip is down elsewhere
        del self.occupied[i], self.picks[i]
        if self.revealed[0] == field:
            self.revealed = (-1, -1)
        self.picked_from = field
        self.origin = self.figures[m]
        self.phase = ANNOUNCE
        if not self.quiet:
            self._pending.append(("You pick up the chip on field {}: it shows {}.", (field + 1, self.held),
                                  self.only[m], "chip"))  # _tell, written out: this runs every turn

    def _announce(self, action: Announce) -> None:
        """The number is said, the chip goes down on a free field and the figure moves."""
        m, field = self.mover, action.field
        self.announced = action.number
        self.chips[field] = self.held
        self.masks[field] = self.held_mask
        self.free.remove(field)
        insort(self.free, self.picked_from)
        i = bisect_left(self.occupied, field)
        self.occupied.insert(i, field)
        self.picks.insert(i, self.table.pick[field])
        self.held, self.held_mask = -1, 0
        self.placed_at = field
        to = self.figures[m] = (self.origin + self.announced) % self.fields
        stats = self.stats[m]
        stats["moves"] += 1
        pile = self.pile
        if pile and to % SYMBOLS == pile[-1]:
            self.landing = True
            stats["landing"] += 1
        if not self.quiet:
            self._pending.append((_MOVE_LINE, (PLAYER[m], self.picked_from + 1, self.announced, field + 1, to + 1,
                                               self.names[to % SYMBOLS]), None, "move"))  # _note, written out
        # CB-T3: every other player with money may challenge; priority runs clockwise. Unless
        # the ruleset says otherwise (challenge_below_minimum), a stake below the minimum is
        # no stake: a seat may challenge only if both fortunes reach it (CB-X1 against CB-X5).
        money, active = self.money, self.active
        order = []
        if self.rules["challenge_below_minimum"]:
            for s in self.clockwise[m]:
                if money[s] > 0 and active[s]:
                    order.append(s)
        elif money[m] >= (lo := self.table.min_stake):
            for s in self.clockwise[m]:
                if money[s] >= lo and active[s]:
                    order.append(s)
        else:
            for s in self.clockwise[m]:
                if money[s] > 0 and active[s]:  # somebody would have challenged, could he
                    self._note("challenge", "{} has less than ${:,}, the smallest stake: nobody may challenge "
                               "this move.", PLAYER[m], lo)
                    break
        self.commit_order = order
        if order:
            self.commits = {}
            self.phase = COMMIT
            self.to_move = order[0]
        else:
            self._unchallenged()

    def _unchallenged(self) -> None:
        """CB-T4: an unchallenged mover on the top card's symbol takes that card."""
        m, pile = self.mover, self.pile
        if pile and self.figures[m] % SYMBOLS == pile[-1]:
            self._take_top(m)
        if not self.end_reason:
            self._end_turn()

    # -- the challenge (CB-T3, CB-X1 .. CB-X5) ---------------------------------------------
    def _commit(self, action: Challenge | Pass) -> None:
        """Sequential secret commits: nobody learns another's choice, only the outcome."""
        seat = self.to_move
        self.commits[seat] = action.stake if type(action) is Challenge else -1
        order = self.commit_order
        pos = len(self.commits)
        if pos < len(order):
            self.to_move = order[pos]
            return
        m, commits = self.mover, self.commits
        c = -1
        for s in order:  # the first challenger in priority order counts
            if commits[s] >= 0:
                if c < 0:
                    c = self.challenger = s
                else:
                    self._tell(s, "commit", "Your challenge does not count: {} sits nearer and challenges first.",
                               PLAYER[c])
        if c < 0:
            self._note("", "Nobody challenges.")
            self._unchallenged()
            return
        self.stats[m]["challenged_landing" if self.landing else "challenged_other"] += 1
        self.stats[c]["challenges"] += 1
        self.cap = min(self.money[m], self.money[c])
        self.stakes = [0] * self.players
        self.stakes[c] = self.commits[c]
        self.phase = RESPOND
        self.to_move = m
        self._note("challenge", "{} challenges {}'s announcement, staking ${:,}.", PLAYER[c], PLAYER[m],
                   self.stakes[c])

    def _raise(self, action: Raise) -> None:
        seat = self.to_move
        other = self._opponent(seat)
        self.stakes[seat] = self.stakes[other] + action.by
        if seat == self.mover and not self.mover_raised:
            self.mover_raised = True
            self.stats[seat]["mover_raises"] += 1
        self.phase = EXCHANGE
        self.to_move = other
        self._note("stake", "{} raises by ${:,} to ${:,}.", PLAYER[seat], action.by, self.stakes[seat])

    def _admit(self, action: Admit) -> None:
        """CB-X2: the move is undone, the fee goes to the pot, the chip stays hidden."""
        m = self.mover
        fee = min(self.rules["admit_fee"], self.money[m])
        self.money[m] -= fee
        self.pot += fee
        self.figures[m] = self.origin
        self.stats[m]["admits"] += 1
        self.stats[m]["lies_landing" if self.landing else "lies_other"] += 1
        self._note("admit", "{} admits, goes back to field {} and pays ${:,} into the pot.", PLAYER[m],
                   self.origin + 1, fee)
        self._check_out(m)
        if not self.end_reason:
            self._end_turn()

    def _call(self, action: Call) -> None:
        """CB-X3: the caller matches the other stake and the chip is turned over."""
        seat = self.to_move
        self.stakes[seat] = self.stakes[self._opponent(seat)]
        m, c, f = self.mover, self.challenger, self.placed_at
        value = self.chips[f]
        self.masks[f] |= self.public
        self.revealed = (f, value)
        true = value == self.announced
        stats = self.stats[m]
        if true:
            stats["shown_true"] += 1
            stats["truths_landing" if self.landing else "truths_other"] += 1
            winner, loser = m, c
        else:
            stats["shown_false"] += 1
            stats["lies_landing" if self.landing else "lies_other"] += 1
            stats["raise_shown_false"] += self.mover_raised
            self.stats[c]["challenges_won"] += 1
            winner, loser = c, m
        self._settle(winner, loser, "{} calls at ${:,}. The chip on field {} shows {}: the announcement was {}.",
                     PLAYER[seat], self.stakes[seat], f + 1, value, "true" if true else "false")

    def _fold(self, action: Fold) -> None:
        seat = self.to_move
        other = self._opponent(seat)
        if seat == self.mover:
            self.stats[seat]["mover_folds"] += 1
            self.stats[other]["challenges_won"] += 1
        else:
            self.stats[seat]["challenger_folds"] += 1
        self._settle(other, seat, "{} folds.", PLAYER[seat])

    def _settle(self, winner: int, loser: int, how: str, *args: Any) -> None:
        """CB-X3/CB-X4: the loser's stake goes to the winner; a losing mover's move is undone.
        ``how`` (a template with ``args``) starts the log line."""
        amount = self.stakes[loser]
        self.money[loser] -= amount
        self.money[winner] += amount
        self.winner, self.loser = winner, loser
        say = how + " {} wins ${:,} from {} and takes a card."
        args += (PLAYER[winner], amount, PLAYER[loser])
        if loser == self.mover and self.rules["undo_lost_move"]:
            self.figures[loser] = self.origin
            say += " {} goes back to field {}."
            args += (PLAYER[loser], self.origin + 1)
        self._note("settle", say, *args)
        self.phase = CLAIM
        self.to_move = winner

    def _claim(self, action: TakeTop | TakeCard) -> None:
        """CB-X4: the winner takes the top card or one of the loser's cards, with its premium."""
        winner, loser = self.winner, self.loser
        if type(action) is TakeTop:
            self._take_top(winner)
        else:
            symbol = action.symbol
            self.cards[loser][symbol] -= 1
            self._award(winner, symbol, "{} takes a {} card from {}", PLAYER[winner], self.names[symbol], PLAYER[loser])
        if not self.end_reason:
            self._check_out(loser)
        if not self.end_reason:
            self._end_turn()

    def _take_top(self, seat: int) -> None:
        symbol = self.pile.pop()
        if self.pile_known_bottom > len(self.pile):
            self.pile_known_bottom = len(self.pile)
        self._award(seat, symbol, "{} takes the top card, {}", PLAYER[seat], self.names[symbol])
        if not self.end_reason and not self.pile:
            self._rebuild_pile()

    def _award(self, seat: int, symbol: int, what: str, *args: Any) -> None:
        """The premium for the n-th card of a symbol (dealt cards count, CB-T4); the card
        that completes the set wins the whole pot and ends the round. ``what`` (a template
        with ``args``) starts the log line."""
        cards = self.cards[seat]
        cards[symbol] += 1
        count = cards[symbol]
        if count >= self.win_count:
            won, self.pot = self.pot, 0
            self.money[seat] += won
            self.pot_winner = seat
            self._note("pot", what + ": {} {} cards win the pot of ${:,}!", *args, count, self.names[symbol], won)
            self._end_round(f"{PLAYER[seat]} completed {count} {self.names[symbol]} cards")
            return
        pay = min(self.premiums[count - 1], self.pot)
        self.pot -= pay
        self.money[seat] += pay
        if self.pile:
            self._note("card", what + ": {} {} now, ${:,} from the pot. The top card is {}.", *args, count,
                       self.names[symbol], pay, self.names[self.pile[-1]])
        else:
            self._note("card", what + ": {} {} now, ${:,} from the pot.", *args, count, self.names[symbol], pay)

    # -- other rules (CB-O2 .. CB-O4) -------------------------------------------------------
    def _rebuild_pile(self) -> None:
        """CB-O2: everybody gives back the cards he holds just one of; they form a new pile."""
        returned: list[int] = []
        for hand in self.cards:
            for s, c in enumerate(hand):
                if c == 1:
                    hand[s] = 0
                    returned.append(s)
        self.pile = returned = shuffled(self.rng, returned)
        self.pile_known_bottom = 0
        if not returned:
            self._note("pile", "The pile is used up and nobody holds a single card: there is no new pile.")
            self._end_round("the pile is used up")
            return
        self._note("pile", "The pile is used up: the {} single cards are shuffled into a new pile; its top card "
                   "is {}.", len(returned), self.names[returned[-1]])
        for seat in range(self.players):
            self._check_out(seat)

    def _check_out(self, seat: int) -> None:
        """CB-O3: a player with neither money nor cards is out of the round."""
        if self.active[seat] and self.money[seat] == 0 and not any(self.cards[seat]):
            self.active[seat] = False
            self.figures[seat] = -1
            self._note("out", "{} has neither money nor cards and is out of the round.", PLAYER[seat])
            if sum(self.active) <= 1:
                self._end_round("only one player is left")

    def _end_turn(self) -> None:
        self.turns += 1
        n = self.players
        nxt = (self.mover + 1) % n
        while not self.active[nxt]:
            nxt = (nxt + 1) % n
        self._begin_turn(nxt)

    def _end_round(self, reason: str) -> None:
        """CB-O4: the round is over; ``_close_round`` settles it once the action is done."""
        if not self.end_reason:
            self.end_reason = reason

    def _close_round(self) -> None:
        """Most money wins the round. A new round (if the match has one) deals the money anew
        and is led by this round's winner (on a tie, the first of them from this leader on)."""
        self.round_money.append(list(self.money))
        best = max(self.money)
        n = self.players
        winner = next(s for s in ((self.leader + k) % n for k in range(n)) if self.money[s] == best)
        if not self.quiet:
            self._note("round", "Round {} ends: {}. {}.", self.round, self.end_reason,
                       ", ".join(f"{PLAYER[s]} {dollars(self.money[s])}" for s in range(n)))
        if self.round < self.rules["rounds"]:
            self._start_round(winner)
        else:
            self.phase = OVER
            self.is_over = True
            self.to_move = None

    # -- what a seat knows --------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` knows. Who knows which chip is public (everybody sees who picks
        a chip up and where it goes), so ``knowers`` is in every view; the values are not."""
        n = self.players
        bit = 1 << (n if seat is None else seat)
        chips, masks = self.chips, self.masks
        seats = _SEATS_IN_MASK
        public = 1 << n
        low = public - 1
        see = bit | public
        everyone = seats[low]
        phase = self.phase
        in_turn = phase not in (FIGURE, OVER)
        holding = self.held >= 0
        view: dict[str, Any] = {
            "seat": seat,
            "players": n,
            "symbols": list(self.names),
            "memory_aid": self.rules["memory_aid"],
            "round": self.round,
            "rounds": self.rules["rounds"],
            "turn": self.turns + 1,
            "turn_limit": self.rules["turn_limit"],
            "leader": self.leader,
            "phase": phase,
            "to_move": self.to_move,
            "mover": self.mover if in_turn else None,
            "field_symbols": list(self.table.symbols_of_fields),
            "chips": [c >= 0 for c in chips],
            "known": [c if m & see else None for c, m in zip(chips, masks)],
            "knowers": [list(everyone if m & public else seats[m & low]) for m in masks],
            "public": [m & public > 0 for m in masks],
            "revealed": None if self.revealed[0] < 0 else {"field": self.revealed[0], "value": self.revealed[1]},
            "aside": None if seat is None else self.aside[seat],
            "figures": [None if f < 0 else f for f in self.figures],
            "active": list(self.active),
            "money": list(self.money),
            "pot": self.pot,
            "bank_paid": self.bank_paid,
            "cards": [list(c) for c in self.cards],
            "top": None if not self.pile else self.pile[-1],
            "pile_size": len(self.pile),
            "pile_bottom": self.pile[: self.pile_known_bottom],
            "reshuffles_left": list(self.reshuffles_left),
            "may_sell": phase == TURN and self.broke and self.sold < self.rules["sell_limit"],
            "stats": [dict(s) for s in self.stats],
            "round_money": [list(r) for r in self.round_money],
            "pot_winner": None if self.pot_winner < 0 else self.pot_winner,
            "end_reason": self.end_reason or None,
            "move": None,
            "challenge": None,
        }
        if in_turn:
            view["move"] = {
                "origin": None if self.origin < 0 else self.origin,
                "picked_from": None if self.picked_from < 0 else self.picked_from,
                "holding": holding,
                "held": self.held if holding and self.held_mask & bit else None,
                "held_knowers": [s for s in range(n) if self.held_mask >> s & 1] if holding else [],
                "announced": None if self.announced < 0 else self.announced,
                "placed_at": None if self.placed_at < 0 else self.placed_at,
                "needed": None if self.origin < 0 or not self.pile else (self.pile[-1] - self.origin) % SYMBOLS,
                "landing": self.landing,
                "sold": self.sold,
            }
        if phase == COMMIT:
            mine = self.commits.get(seat, None) if seat is not None else None
            view["challenge"] = {
                "order": list(self.commit_order),
                "committed": self.commit_order[: self.commit_order.index(self.to_move)],
                "my_commit": None if mine is None else ("pass" if mine < 0 else "challenge"),
                "my_stake": None if mine is None or mine < 0 else mine,
            }
        elif phase in (RESPOND, EXCHANGE, CLAIM):
            view["challenge"] = {
                "order": list(self.commit_order),
                "challenger": self.challenger,
                "stakes": {"mover": self.stakes[self.mover], "challenger": self.stakes[self.challenger]},
                "cap": self.cap,
                "winner": None if self.winner < 0 else self.winner,
                "loser": None if self.loser < 0 else self.loser,
            }
        return view

    # -- the end -------------------------------------------------------------------------
    def scores(self) -> list[float]:
        """Money at the end of each round, added up over the match (one round: the money)."""
        totals = [0.0] * self.players
        for money in self.round_money:
            for s, m in enumerate(money):
                totals[s] += m
        if self.phase != OVER:
            for s, m in enumerate(self.money):
                totals[s] += m
        return totals

    def score_breakdown(self) -> list[dict[str, float]]:
        out = []
        for s, score in enumerate(self.scores()):
            row = {f"round {r + 1}": float(money[s]) for r, money in enumerate(self.round_money)}
            if self.phase != OVER:
                row[f"round {self.round} so far"] = float(self.money[s])
            row["cards"] = float(sum(self.cards[s]))
            row["score"] = score
            out.append(row)
        return out

    # -- copies and hidden worlds ----------------------------------------------------------
    def clone(self) -> CasablancaState:
        return self._copy(events=True)

    def _copy_log(self, other: CasablancaState, keep: bool) -> None:  # type: ignore[override]
        """The log is the written lines and the pending ones (formatted when read)."""
        other._events = self._events[:] if keep else QuietLog()
        other._pending = self._pending[:] if keep else QuietLog()

    def _copy_seen_log(self, world: CasablancaState, seat: int) -> None:  # type: ignore[override]
        world._events = [e for e in self._events if e.visible_to(seat)]
        world._pending = [p for p in self._pending if p[2] is None or seat in p[2]]

    def _copy(self, events: bool) -> CasablancaState:
        """A copy sharing the immutable parts; the generator is shared copy-on-write, the
        log (written lines and pending ones) copied only if ``events`` and not quiet."""
        other = self._bare_copy(events)
        for name in ("money", "chips", "masks", "occupied", "picks", "free", "aside", "pile", "figures", "active",
                     "reshuffles_left", "commit_order", "stakes"):
            setattr(other, name, list(getattr(self, name)))
        other.round_money = [list(r) for r in self.round_money]
        other.cards = [list(c) for c in self.cards]
        other.stats = [dict(s) for s in self.stats]
        other.commits = dict(self.commits)
        return other

    def silence(self) -> None:
        self.quiet = True
        self._events = QuietLog()
        self._pending = QuietLog()

    def sample_world(self, seat: int, rng: random.Random, *, quiet: bool = False) -> CasablancaState:
        """Redraw every chip value ``seat`` does not know (ring, the chip in hand, the others'
        set-aside chips), the unseen middle of the pile and the others' pending secret commits.
        What is unseen is sorted before shuffling, so the world depends only on the view. The
        log keeps the lines ``seat`` saw, still unformatted where they were; a ``quiet`` world
        keeps none."""
        world = self._copy(events=False)
        bit = 1 << seat
        seen = bit | self.public
        ring = [f for f in range(self.fields) if world.chips[f] >= 0 and not world.masks[f] & seen]
        hand = world.held >= 0 and not world.held_mask & bit
        others = [s for s in range(self.players) if s != seat]
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
        self._settle_world(world, seat, rng, quiet)
        return world


_PHASE_HINTS = {
    FIGURE: "every player must first put a figure on the ring",
    TURN: "pick up a chip from the ring first",
    ANNOUNCE: "announce a number and put the chip down on a free field first",
    COMMIT: "challenge with a stake, or let it pass",
    RESPOND: "admit, call or raise",
    EXCHANGE: "fold, call or raise",
    CLAIM: "take the top card or one of the loser's cards",
}

_State = CasablancaState
#: phase -> kind of action -> (its check, None when always legal then; its move). The pile is
#: never empty while a winner chooses his card, so taking the top card needs no check.
_Check = Callable[[Any, Any], str | None]
_MOVE_LINE = ("{} picks up the chip on field {}, announces {}, puts the chip face down on field {} and moves to "
              "field {} ({}).")
_STEPS: dict[str, dict[type, tuple[_Check | None, Callable[[Any, Any], None]]]] = {
    FIGURE: {PlaceFigure: (_State._check_figure, _State._place_figure)},
    TURN: {
        Pick: (_State._check_pick, _State._pick),
        Reshuffle: (_State._check_reshuffle, _State._reshuffle),
        Sell: (_State._check_sell, _State._sell),
    },
    ANNOUNCE: {Announce: (_State._check_announce, _State._announce)},
    COMMIT: {Pass: (None, _State._commit), Challenge: (_State._check_challenge, _State._commit)},
    RESPOND: {
        Admit: (None, _State._admit),
        Call: (None, _State._call),
        Raise: (_State._check_raise, _State._raise),
    },
    EXCHANGE: {
        Fold: (None, _State._fold),
        Call: (None, _State._call),
        Raise: (_State._check_raise, _State._raise),
    },
    CLAIM: {TakeTop: (None, _State._claim), TakeCard: (_State._check_take_card, _State._claim)},
    OVER: {},
}
_HANDLERS = {kind: handler for steps in _STEPS.values() for kind, (_, handler) in steps.items()}
assert all(_HANDLERS[kind] is handler for steps in _STEPS.values() for kind, (_, handler) in steps.items())


class Casablanca(Game):
    id = "casablanca"
    title = "Casablanca"
    blurb = "Announce a number, true or not, and move round the ring; four of a symbol win the pot."
    min_players = 2
    max_players = 4
    board = "games.casablanca.board:CasablancaBoard"
    #: 2: announcing and putting the chip down became one action; the ruleset gained
    #: ``challenge_below_minimum``
    version = 2

    @property
    def schema(self) -> Schema:
        money = Int(0, 1_000_000)
        return Schema({
            "symbols": List(Str(), min_len=SYMBOLS, max_len=SYMBOLS, unique=True),
            "fields_per_symbol": Int(2, 8),
            "chips_per_number": Int(1, 4),
            "cards_per_symbol": Int(3, 10),
            "cards_dealt": Int(0, 6),
            "money_step": Int(1, 10_000),
            "start_money": money,
            "pot_contribution": money,
            "house_money": money,
            "premiums": List(Int(0, 1_000_000), min_len=2, max_len=6),
            "min_stake": Int(1, 1_000_000),
            "stake_step": Int(1, 1_000_000),
            "admit_fee": money,
            "challenge_below_minimum": Bool(),
            "undo_lost_move": Bool(),
            "reshuffles": Int(0, 5),
            "sell_price": money,
            "sell_limit": Int(0, 10),
            "turn_limit": Int(1, 10_000),
            "rounds": Int(1, 20),
            "first_leader": Str(("random", "first-seat")),
            "memory_aid": Bool(),
        })

    def validate_rules(self, rules: Mapping[str, Any]) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = []
        names = rules["symbols"]
        if any(not name.strip() for name in names):
            problems.append(("symbols", "every symbol needs a name"))
        elif len({name.strip()[0].upper() for name in names}) != SYMBOLS:
            problems.append(("symbols", "the symbols' first letters must all differ (the board shows them)"))
        step = rules["money_step"]
        for key in ("start_money", "pot_contribution", "house_money", "min_stake", "stake_step",
                    "admit_fee", "sell_price"):
            if rules[key] % step:
                problems.append((key, f"must be a multiple of the money step ({step})"))
        for i, premium in enumerate(rules["premiums"]):
            if premium % step:
                problems.append((f"premiums.{i}", f"must be a multiple of the money step ({step})"))
        if rules["pot_contribution"] > rules["start_money"]:
            problems.append(("pot_contribution", "cannot be more than the starting money"))
        chips = SYMBOLS * rules["chips_per_number"]
        fields = SYMBOLS * rules["fields_per_symbol"]
        if chips - self.max_players < 1:
            problems.append(("chips_per_number", "too few chips: every player sets one aside"))
        if chips >= fields:
            problems.append(("fields_per_symbol", "the ring needs a free field for every chip put down"))
        most = len(rules["premiums"]) - 1  # the most cards of one symbol a hand may be dealt
        if rules["cards_dealt"] > most * SYMBOLS:
            problems.append(("cards_dealt", "a hand this large must hold too many of one symbol"))
        if rules["cards_dealt"] * self.max_players + SYMBOLS * most >= SYMBOLS * rules["cards_per_symbol"]:
            problems.append(("cards_dealt", "the deal would leave too small a pile"))
        if rules["cards_per_symbol"] < len(rules["premiums"]) + 1:
            problems.append(("cards_per_symbol", "fewer cards of a symbol than it takes to win the pot"))
        return problems

    def new_game(self, players: int, rules: Mapping[str, Any], seed: int) -> CasablancaState:
        self.require_players(players)
        return CasablancaState(players, rules, seed)

    def search_knowledge(self, rules: Mapping[str, Any]) -> Any:
        """How people play Casablanca, for the searching player (see ``knowledge.py``)."""
        from games.casablanca.knowledge import CasablancaKnowledge

        return CasablancaKnowledge(rules)

    def agent_kinds(self) -> dict[str, KindEntry]:
        from games.casablanca.agents import ABOUT, EasyAgent, MediumAgent

        kinds = super().agent_kinds()
        return {
            "random": kinds["random"],
            "easy": AgentKind(lambda rules: EasyAgent(rules), ABOUT["easy"]),
            "medium": AgentKind(lambda rules: MediumAgent(rules), ABOUT["medium"]),
            "hard": search_kind(self.search_knowledge, Budget(iterations=1500), ABOUT["hard"]),
            "flat": kinds["flat"],
        }
