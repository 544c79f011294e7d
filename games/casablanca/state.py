"""Casablanca (Alex Randolph): the state of a match and its rules. Rule ids (CB-…) refer to the shared RULES.md.

One :class:`CasablancaState` is a match of ``rounds`` rounds (default one). Within a round:

- set-up: chips on random fields, one set aside each; three cards each; a face-up pile;
  every player puts a figure on the ring (``figure``);
- a turn: the mover may sell (when broke) and have the chips reshuffled, picks up a chip
  (``turn``), announces a number and puts the chip down in one decision (``announce``);
- the others commit in secret, in priority order, to a challenge or a pass (``commit``); the
  first challenger counts. The mover admits, calls or raises (``respond``), the two alternate
  (``exchange``) and the winner takes a card (``claim``).

Knowledge of the chips is a bit mask per field: bit ``s`` means seat ``s`` knows the value
of the chip lying there, bit ``players`` means it is public (turned over in a call). Picking
a chip up and putting it down is seen by everybody, so every bit travels with the chip: a
turned-over chip stays known to all until a reshuffle or the round's end (RULES.md,
Information, revised).
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from collections.abc import Callable, Mapping, Sequence
from itertools import compress
from typing import Any

from parlour.games.casablanca.actions import (RESHUFFLE, SYMBOLS, TAKE_TOP, Admit, Announce, Call, Challenge, Fold, Pass,
                                      Pick, PlaceFigure, Raise, Reshuffle, Sell, TakeCard, TakeTop)
from parlour.games.casablanca.offers import Announcements, offers_for
from parlour.games.casablanca.refusals import (why_not_announce, why_not_challenge, why_not_figure, why_not_pick,
                                       why_not_raise, why_not_reshuffle, why_not_sell, why_not_take_card,
                                       wrong_moment)
from parlour.games.casablanca.texts import (ADMITS, ANNOUNCE, CARD_TAKEN, CHALLENGES, CLAIM, COMMIT, DEALT, EXCHANGE,
                                           FIGURE, MATCHES, MOVE_LINE, NEW_PILE, NO_CHALLENGE, NOBODY_CHALLENGES, OVER,
                                           PLAYER, POT_TAKEN, RAISES, RESPOND, ROUND_ENDED, ROUND_STARTS, SELLS, SETTLED,
                                           STAT_KEYS, TURN, WORDS, _, count_answer, count_doubts, end_reason)
from parlour.games.casablanca.views import sampled_world, seat_view
from parlour.core.events import Term
from parlour.core.game import Action, State
from parlour.core.i18n import ENGLISH, N_, in_language


def shuffled(rng: random.Random, items: Sequence[int]) -> list[int]:
    """``items`` in a uniformly random order, sorted by a random key each: the same
    distribution as ``rng.shuffle``, at a fraction of its cost in pure Python (one
    ``random()`` per item instead of a ``randrange``)."""
    keys = [rng.random() for _ in items]
    return [items[i] for i in sorted(range(len(items)), key=keys.__getitem__)]


class CasablancaState(State):
    """A match of Casablanca in progress (see the module docstring)."""

    words = WORDS

    def __init__(self, players: int, rules: Mapping[str, Any], seed: int) -> None:
        super().__init__(players, rules, seed)
        self.fields: int = SYMBOLS * rules["fields_per_symbol"]
        self.offers = offers_for(rules, self.fields)
        self.names: list[str] = list(rules["symbols"])
        self.terms = [Term(name) for name in self.names]  # a symbol's name in a log line
        self.premiums: list[int] = list(rules["premiums"])
        self.win_count = len(self.premiums) + 1
        self.public = 1 << players  # the public bit of a chip's mask
        self.only = [frozenset([seat]) for seat in range(players)]
        self.clockwise = [[(seat + k) % players for k in range(1, players)] for seat in range(players)]
        self.round = 0
        self.round_money: list[list[int]] = []  # each finished round's final money
        self.stats = [dict.fromkeys(STAT_KEYS, 0) for _ in range(players)]  # public counts, whole match
        leader = self.rng.randrange(players) if rules["first_leader"] == "random" else 0
        self._start_round(leader)

    # -- set-up (CB-S1 .. CB-S3) ----------------------------------------------------------
    def _start_round(self, leader: int) -> None:
        rules, n, rng, names = self.rules, self.players, self.rng, self.names
        self.round += 1
        self.underway = False  # no move made in this round yet: its money is no score yet
        self.leader = leader
        self.money = [rules["start_money"] - rules["pot_contribution"]] * n
        self.pot = rules["pot_contribution"] * n + rules["house_money"]
        self.bank_paid = 0
        seating = [(leader + 1 + k) % n for k in range(n)]  # CB-S3: play starts left of the leader
        self.note("round", ROUND_STARTS, self.round, PLAYER[leader], rules["pot_contribution"], self.pot,
                  PLAYER[seating[0]])
        # CB-S1: the chips go face down on random fields, then each player takes one aside.
        values = shuffled(rng, [v for v in range(SYMBOLS) for _ in range(rules["chips_per_number"])])
        self.aside = [-1] * n
        for seat in seating:
            self.aside[seat] = values.pop()
            self.tell(self.only[seat], "aside", N_("You set aside a {}: it is out of play this round."), self.aside[seat])
        self.note("", N_("Every player sets one chip aside, unseen by the others."))
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
            for _card in range(rules["cards_dealt"]):
                hand[deck.pop()] += 1
            while max(hand) > limit:
                back = hand.index(max(hand))
                hand[back] -= 1
                deck.insert(0, back)
                hand[deck.pop()] += 1
                redealt = True
                self.note("", N_("{} was dealt too many {} cards, gives one back and draws again."),
                          PLAYER[seat], self.terms[back])
        if redealt:  # the rest of a shuffled deck is already in random order unless a card went back
            deck = shuffled(rng, deck)
        self.pile = deck  # pile[-1] is the face-up top card, pile[0] the bottom
        self.pile_known_bottom = 0  # cards sold under the pile since it was last shuffled
        if not self.quiet:
            self.note("deal", DEALT, tuple(names), tuple(tuple(hand) for hand in self.cards), names[self.pile[-1]])
        self.figures = [-1] * n
        self.active = [True] * n
        self.reshuffles_left = [rules["reshuffles"]] * n
        self.turns = 0
        self.pot_winner = -1
        self.end_reason = ""
        self.end_why: tuple[str, tuple[Any, ...]] = ("", ())
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
        self.picks = list(map(self.offers.pick.__getitem__, self.occupied))

    def _clear_turn(self) -> None:
        """A new turn: nothing picked, said or staked yet. (The challenge's lists are made
        afresh when a move can be challenged, ``stakes`` when a challenge counts.)"""
        self.origin = self.picked_from = self.announced = self.placed_at = -1
        self.challenger = self.winner = self.loser = -1
        self.cap = self.sold = 0
        self.broke = self.mover_raised = False
        self.landing = False  # whether the announced move reaches the top card's symbol
        self.pick_known = False  # whether the mover had seen the chip he picked up (public: all saw it)

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
        return self.offers.stakes(min(self.money[self.mover], self.money[seat]))

    def opponent(self, seat: int) -> int:
        return self.challenger if seat == self.mover else self.mover

    def legal_actions(self) -> Sequence[Action]:
        phase, offers = self.phase, self.offers
        if phase == TURN:
            m = self.mover
            out: list[Action] = self.picks[:]
            if self.broke and self.sold < self.rules["sell_limit"]:
                out += compress(offers.sell, self.cards[m])  # a symbol whose cards he holds
            if self.reshuffles_left[m] > 0:
                out.append(RESHUFFLE)
            return out
        if phase == ANNOUNCE:  # any number, any free field but the one the chip came from
            return Announcements(offers.announce, tuple(self.free))
        if phase == COMMIT:
            mover, mine = self.money[self.mover], self.money[self.to_move]
            return offers.challenges[mover if mover < mine else mine]
        if phase == RESPOND:  # the mover answers the challenger
            return offers.first_responses[self.cap - self.stakes[self.challenger]]
        if phase == CLAIM:
            out = [TAKE_TOP] if self.pile else []
            out += compress(offers.take, self.cards[self.loser])
            return out
        if phase == EXCHANGE:
            seat = self.to_move
            other = self.challenger if seat == self.mover else self.mover
            return offers.later_responses[self.cap - self.stakes[other]]
        return offers.figure if phase == FIGURE else ()  # over: nothing to do

    # -- the apply template: ``why_illegal`` refuses, ``_apply`` plays ------------------------
    def why_illegal(self, action: Action) -> str | None:
        """One lookup finds the check for this phase and kind of action (None: always legal
        then); a kind that does not fit the phase is refused with the phase's hint."""
        check = _CHECKS[self.phase].get(type(action), wrong_moment)
        return None if check is None else check(self, action)

    def _apply(self, action: Action) -> None:
        """Each kind of action has one handler whatever the phase, so one lookup finds it."""
        self.underway = True
        _HANDLERS[type(action)](self, action)
        if self.end_reason:
            self._close_round()

    #: a move from ``legal_actions()`` needs no check: straight to ``_apply``
    apply_trusted = _apply

    # -- the turn (CB-T1 .. CB-T4, CB-O1, CB-O3) ------------------------------------------
    def _place_figure(self, action: PlaceFigure) -> None:
        seat, field = self.to_move, action.field
        self.figures[seat] = field
        self.note("", N_("{} puts a figure on field {} ({})."), PLAYER[seat], field + 1, self.terms[field % SYMBOLS])
        self.figures_placed += 1
        if self.figures_placed == self.players:
            self._begin_turn((self.leader + 1) % self.players)
        else:
            self.to_move = (seat + 1) % self.players

    def _begin_turn(self, seat: int) -> None:
        if self.turns >= self.rules["turn_limit"]:
            self._end_round("limit", self.rules["turn_limit"])
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
        self.note("reshuffle", N_("{} has the chips on the ring reshuffled."), PLAYER[m])

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
        self.note("sell", SELLS, PLAYER[m], self.names[symbol], price)

    def _pick(self, action: Pick) -> None:
        m, field = self.mover, action.field
        self.held = self.chips[field]
        # everyone saw who put each chip down and which were turned over, so all know whether
        # the mover knew this one before he picked it up
        self.pick_known = bool(self.masks[field] & ((1 << m) | self.public))
        self.held_mask = self.masks[field] | (1 << m)  # a turned-over chip stays public (RULES.md, Information)
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
            self._pending.append((N_("You pick up the chip on field {}: it shows {}."), (field + 1, self.held),
                                  self.only[m], "chip", None))  # tell, written out: this runs every turn

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
        self.picks.insert(i, self.offers.pick[field])
        self.held, self.held_mask = -1, 0
        self.placed_at = field
        to = self.figures[m] = (self.origin + self.announced) % self.fields
        stats = self.stats[m]
        stats["moves"] += 1
        pile = self.pile
        if pile and to % SYMBOLS == pile[-1]:
            self.landing = True
            stats["landing"] += 1
            stats["known_landing"] += self.pick_known
        if not self.quiet:
            self._pending.append((MOVE_LINE, (PLAYER[m], self.picked_from + 1, self.announced, field + 1, to + 1,
                                               self.terms[to % SYMBOLS]), None, "move", None))  # note, written out
        # CB-T3: every other player with money may challenge; priority runs clockwise. Unless
        # the ruleset says otherwise (challenge_below_minimum), a stake below the minimum is
        # no stake: a seat may challenge only if both fortunes reach it (CB-X1 against CB-X5).
        money, active = self.money, self.active
        order = []
        if self.rules["challenge_below_minimum"]:
            for s in self.clockwise[m]:
                if money[s] > 0 and active[s]:
                    order.append(s)
        elif money[m] >= (lo := self.offers.min_stake):
            for s in self.clockwise[m]:
                if money[s] >= lo and active[s]:
                    order.append(s)
        else:
            for s in self.clockwise[m]:
                if money[s] > 0 and active[s]:  # somebody would have challenged, could he
                    self.note("challenge", NO_CHALLENGE, PLAYER[m], lo)
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
                    self.tell(self.only[s], "commit",
                              N_("Your challenge does not count: {} sits nearer and challenges first."), PLAYER[c])
        count_doubts(self.stats, order, c, self.landing)
        if c < 0:
            self._pending.append((NOBODY_CHALLENGES, (), None, "", None))  # note, written out: every turn
            self._unchallenged()
            return
        self.stats[m]["challenged_landing" if self.landing else "challenged_other"] += 1
        self.stats[c]["challenges"] += 1
        self.cap = min(self.money[m], self.money[c])
        self.stakes = [0] * self.players
        self.stakes[c] = self.commits[c]
        self.phase = RESPOND
        self.to_move = m
        self._pending.append((CHALLENGES, (PLAYER[c], PLAYER[m], self.stakes[c]),
                              None, "challenge", None))  # note, written out

    def big_stake(self) -> bool:
        """Whether the mover's stake is over half his money (paid only when the challenge is
        settled): a raise people read as the truth, or as a bluff, by its size."""
        return 2 * self.stakes[self.mover] > self.money[self.mover]

    def _count_answer(self, seat: int, fold: bool) -> None:
        """``seat``'s answer in the exchange, counted if it is the challenger's to a raise."""
        count_answer(self.stats, seat, self.challenger, self.stakes[self.mover] - self.stakes[seat], fold,
                     self.big_stake())

    def _count_claim(self, stats: dict[str, int], true: bool) -> None:
        """The mover's announcement, now known ``true`` or not (turned over, or admitted), in
        his public counts: by whether it reached the top card and, if it did, whether he had
        seen the chip he picked up."""
        stats[("truths_" if true else "lies_") + ("landing" if self.landing else "other")] += 1
        if self.landing and self.pick_known:
            stats["known_truths" if true else "known_lies"] += 1

    def _raise(self, action: Raise) -> None:
        seat = self.to_move
        other = self.opponent(seat)
        self._count_answer(seat, False)
        self.stakes[seat] = self.stakes[other] + action.by
        if seat == self.mover and not self.mover_raised:
            self.mover_raised = True
            self.stats[seat]["mover_raises"] += 1
        self.phase = EXCHANGE
        self.to_move = other
        self._pending.append((RAISES, (PLAYER[seat], action.by, self.stakes[seat]), None,
                              "stake", None))  # note, written out

    def _admit(self, action: Admit) -> None:
        """CB-X2: the move is undone, the fee goes to the pot, the chip stays hidden."""
        m = self.mover
        fee = min(self.rules["admit_fee"], self.money[m])
        broke = not self.money[m]
        stays = self.figures[m] == self.origin  # an announced 0: the figure never left
        self.money[m] -= fee
        self.pot += fee
        self.figures[m] = self.origin
        self.stats[m]["admits"] += 1
        self._count_claim(self.stats[m], False)
        self.note("admit", ADMITS, PLAYER[m], self.origin + 1, fee, stays, broke)
        self._check_out(m)
        if not self.end_reason:
            self._end_turn()

    def _call(self, action: Call) -> None:
        """CB-X3: the caller matches the other stake and the chip is turned over; a mover's
        first answer only matches, and the challenger answers it (``challenger_answers``)."""
        seat = self.to_move
        self._count_answer(seat, False)
        self.stakes[seat] = self.stakes[self.opponent(seat)]
        m, c, f = self.mover, self.challenger, self.placed_at
        if self.phase == RESPOND and self.rules["challenger_answers"]:
            self.phase, self.to_move = EXCHANGE, c
            self._pending.append((MATCHES,
                                  (PLAYER[m], self.stakes[m], PLAYER[c]), None, "stake", None))  # note, written out
            return
        value = self.chips[f]
        self.masks[f] |= self.public
        self.revealed = (f, value)
        true = value == self.announced
        stats = self.stats[m]
        if true:
            stats["shown_true"] += 1
            self._count_claim(stats, True)
            winner, loser = m, c
        else:
            stats["shown_false"] += 1
            self._count_claim(stats, False)
            stats["raise_shown_false"] += self.mover_raised
            self.stats[c]["challenges_won"] += 1
            winner, loser = c, m
        self._settle(winner, loser, "call", PLAYER[seat], self.stakes[seat], f + 1, value, true)

    def _fold(self, action: Fold) -> None:
        seat = self.to_move
        other = self.opponent(seat)
        self._count_answer(seat, True)
        if seat == self.mover:
            self.stats[seat]["mover_folds"] += 1
            self.stats[other]["challenges_won"] += 1
        else:
            self.stats[seat]["challenger_folds"] += 1
        self._settle(other, seat, "fold", PLAYER[seat])

    def _settle(self, winner: int, loser: int, how: str, *args: Any) -> None:
        """CB-X3/CB-X4: the loser's stake goes to the winner; a losing mover's move is undone.
        ``how`` (``"call"`` or ``"fold"``, with ``args``: see ``texts.SETTLED``) starts the log line."""
        amount = self.stakes[loser]
        self.money[loser] -= amount
        self.money[winner] += amount
        self.winner, self.loser = winner, loser
        back = 0
        if loser == self.mover and self.rules["undo_lost_move"] and self.figures[loser] != self.origin:
            self.figures[loser] = self.origin  # (an announced 0 never left: he does not "go back")
            back = self.origin + 1
        self._pending.append((SETTLED, (how, args, PLAYER[winner], amount, PLAYER[loser], back), None, "settle",
                              None))  # note, written out
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
            self._award(winner, symbol, "from", PLAYER[winner], self.names[symbol], PLAYER[loser])
        if not self.end_reason:
            self._check_out(loser)
        if not self.end_reason:
            self._end_turn()

    def _take_top(self, seat: int) -> None:
        symbol = self.pile.pop()
        if self.pile_known_bottom > len(self.pile):
            self.pile_known_bottom = len(self.pile)
        self._award(seat, symbol, "top", PLAYER[seat], self.names[symbol])
        if not self.end_reason and not self.pile:
            self._rebuild_pile()

    def _award(self, seat: int, symbol: int, what: str, *args: Any) -> None:
        """The premium for the n-th card of a symbol (dealt cards count, CB-T4); the card
        that completes the set wins the whole pot and ends the round. ``what`` (``"top"`` or
        ``"from"``, with ``args``: see ``texts.TAKES``) starts the log line."""
        cards = self.cards[seat]
        cards[symbol] += 1
        count = cards[symbol]
        if count >= self.win_count:
            won, self.pot = self.pot, 0
            self.money[seat] += won
            self.pot_winner = seat
            self.note("pot", POT_TAKEN, what, args, count, self.names[symbol], won)
            self._end_round("set", PLAYER[seat], count, self.names[symbol])
            return
        pay = min(self.premiums[count - 1], self.pot)
        self.pot -= pay
        self.money[seat] += pay
        self._pending.append((CARD_TAKEN, (what, args, count, self.names[symbol], pay,
                                           self.names[self.pile[-1]] if self.pile else ""), None, "card", None))

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
            self.note("pile", N_("The pile is used up and nobody holds a single card: there is no new pile."))
            self._end_round("pile")
            return
        self.note("pile", NEW_PILE, len(returned), self.names[returned[-1]])
        for seat in range(self.players):
            self._check_out(seat)

    def _check_out(self, seat: int) -> None:
        """CB-O3: a player with neither money nor cards is out of the round."""
        if self.active[seat] and self.money[seat] == 0 and not any(self.cards[seat]):
            self.active[seat] = False
            self.figures[seat] = -1
            self.note("out", N_("{} has neither money nor cards and is out of the round."), PLAYER[seat])
            if sum(self.active) <= 1:
                self._end_round("alone")

    def _end_turn(self) -> None:
        self.turns += 1
        n = self.players
        nxt = (self.mover + 1) % n
        while not self.active[nxt]:
            nxt = (nxt + 1) % n
        self._begin_turn(nxt)

    def _end_round(self, why: str, *values: Any) -> None:
        """CB-O4: the round is over; ``_close_round`` settles it once the action is done.
        ``why`` names the reason (``texts.end_reason``: ``"limit"``, a key of ``END_REASONS``, or
        ``"set"``: a seat, a count and a symbol completed); ``end_reason`` keeps it in English,
        ``end_why`` as the key and the values that word it in any language."""
        if not self.end_reason:
            self.end_why = (why, values)
            with in_language(ENGLISH):
                self.end_reason = end_reason(why, values)

    def _close_round(self) -> None:
        """Most money wins the round. A new round (if the match has one) deals the money anew
        and is led by this round's winner (on a tie, the first of them from this leader on)."""
        self.round_money.append(list(self.money))
        best = max(self.money)
        n = self.players
        winner = next(s for s in ((self.leader + k) % n for k in range(n)) if self.money[s] == best)
        if not self.quiet:
            self.note("round", ROUND_ENDED, self.round, *self.end_why, tuple(self.money))
        if self.round < self.rules["rounds"]:
            self._start_round(winner)
        else:
            self.phase = OVER
            self.is_over = True
            self.to_move = None

    # -- what a seat knows --------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` knows (see ``views.py``)."""
        return seat_view(self, seat)

    # -- the end -------------------------------------------------------------------------
    def stage(self) -> str:
        return _("Round {}").format(self.round)

    def scores(self) -> list[float]:
        """Money at the end of each round, added up over the match (one round: the money),
        with the round being played counting its money so far once a move is made in it: the
        move that ends a round deals the next one's money, which is no one's score yet (so the
        review's row for a round holds the rounds played, not them and a fresh stake)."""
        totals = [0.0] * self.players
        for money in self.round_money:
            for s, m in enumerate(money):
                totals[s] += m
        if self.phase != OVER and self.underway:
            for s, m in enumerate(self.money):
                totals[s] += m
        return totals

    def score_breakdown(self) -> list[dict[str, float]]:
        out = []
        for s, score in enumerate(self.scores()):
            row = {_("round {}").format(r + 1): float(money[s]) for r, money in enumerate(self.round_money)}
            if self.phase != OVER and self.underway:
                row[_("round {} so far").format(self.round)] = float(self.money[s])
            row[_("cards")] = float(sum(self.cards[s]))
            row["score"] = score
            out.append(row)
        return out

    def habits(self) -> list[dict[str, float]]:
        """The public counts of each seat's play over the match (what every view shows)."""
        return [{key: float(count) for key, count in stats.items()} for stats in self.stats]

    # -- copies and hidden worlds ----------------------------------------------------------
    def clone(self) -> CasablancaState:
        return self._copy(events=True)

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

    def conserved(self) -> dict[str, Any]:
        """Within a round: the money at the table (the players', the pot, less what the bank
        paid for cards sold) and the chips (on the ring, in hand, set aside)."""
        chips = sorted([c for c in self.chips if c >= 0] + [c for c in self.aside if c >= 0]
                       + ([self.held] if self.held >= 0 else []))
        return {"epoch": self.round, "money": sum(self.money) + self.pot - self.bank_paid, "chips": chips}

    def sample_world(self, seat: int, rng: random.Random, *, quiet: bool = False) -> CasablancaState:
        """A world ``seat`` cannot tell from this one (see ``views.sampled_world``)."""
        return sampled_world(self, seat, rng, quiet)


_State = CasablancaState
_Check = Callable[[Any, Any], str | None]
#: phase -> the kinds of action that fit it -> the check that may refuse one (None when it is
#: always legal then). The pile is never empty while a winner chooses his card, so taking
#: the top card needs no check.
_CHECKS: dict[str, dict[type, _Check | None]] = {
    FIGURE: {PlaceFigure: why_not_figure},
    TURN: {Pick: why_not_pick, Reshuffle: why_not_reshuffle, Sell: why_not_sell},
    ANNOUNCE: {Announce: why_not_announce},
    COMMIT: {Pass: None, Challenge: why_not_challenge},
    RESPOND: {Admit: None, Call: None, Raise: why_not_raise},
    EXCHANGE: {Fold: None, Call: None, Raise: why_not_raise},
    CLAIM: {TakeTop: None, TakeCard: why_not_take_card},
    OVER: {},
}
#: kind of action -> its move: one for each kind, whatever the phase
_HANDLERS: dict[type, Callable[[Any, Any], None]] = {
    PlaceFigure: _State._place_figure,
    Pick: _State._pick,
    Reshuffle: _State._reshuffle,
    Sell: _State._sell,
    Announce: _State._announce,
    Pass: _State._commit,
    Challenge: _State._commit,
    Admit: _State._admit,
    Call: _State._call,
    Raise: _State._raise,
    Fold: _State._fold,
    TakeTop: _State._claim,
    TakeCard: _State._claim,
}
assert {kind for checks in _CHECKS.values() for kind in checks} == set(_HANDLERS)
