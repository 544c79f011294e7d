"""Banque Fatale's state: the rules of play (BF-* in RULES.md).

Colours are letters (``R Y G B O`` by default) and a Carte Fatale is the code of its aces,
one letter per ace in colour order (``RG``; ``RR`` is the double red). A round runs through
four phases: the start player picks a card (``pick``), every player commits a secret bid
(``bid``), the pool is drafted back one jeton at a time (``draft``), and the start player may
sell (``sale``). Steps that leave a player no choice are played automatically and logged.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import compress
from operator import le, sub
from typing import Any

from parlour.games.banque_fatale.actions import KEEP, WHOLE_TYPES, Bid, BidChoices, Keep, Pick, Sell, Take
from parlour.games.banque_fatale.config import bid_words, config_for
from parlour.games.banque_fatale.follow import followed
from parlour.games.banque_fatale.words import N_, WORDS, _, figure, million_words, ngettext
from parlour.core.events import Worded
from parlour.core.game import Action, State, seat_label

PICK = "pick"
BID = "bid"
DRAFT = "draft"
SALE = "sale"
OVER = "over"


# Log lines that ``str.format`` cannot word (a list joined, a plural), worded only when the log
# is read, in the language of the moment (issue 27). Each takes plain data only (numbers,
# texts, lists of them), so a player at a hosted table words it again by its name.
def _bids(names: list[str], totals: list[int], bids: list[tuple[int, ...]], letters: str) -> str:
    return _("Bids: {}").format("; ".join(
        [f"{names[s]} {totals[s]} ({bid_words(bids[s], letters)})" for s in range(len(bids))]))


def _win(name: str, card: str, jetons: int) -> str:
    return ngettext("{} wins card {} with {} jeton", "{} wins card {} with {} jetons", jetons).format(
        name, card, jetons)


def _payout(name: str, amount: int, aces: int, letter: str, value: int) -> str:
    return ngettext("{} is paid {} for {} {} ace at {}", "{} is paid {} for {} {} aces at {}", aces).format(
        name, million_words(amount), aces, letter, value)


def _take_round(letter: str, first: int, got: list[int]) -> str:
    said = ngettext("The last {} jeton goes round: {}", "The last {} jetons go round: {}", sum(got))
    return said.format(letter, ", ".join(
        _("{} takes {}").format(seat_label(s), got[s])
        for s in [(first + k) % len(got) for k in range(len(got))] if got[s]))


BIDS_LINE = Worded(_bids, name="banque-fatale.bids")
BID_LINE = Worded(lambda letters, counts: _("You bid {}").format(bid_words(counts, letters)),
                  name="banque-fatale.my-bid")
WIN_LINE = Worded(_win, name="banque-fatale.win")
CHART_LINE = Worded(lambda changes: _("Chart: {}").format(", ".join([f"{c} {a}→{b}" for c, a, b in changes])),
                    name="banque-fatale.chart")
PAYOUT_LINE = Worded(_payout, name="banque-fatale.payout")
SALE_LINE = Worded(lambda name, card, price: _("{} sells card {} for {}").format(name, card, million_words(price)),
                   name="banque-fatale.sale")


def _game_over(names: list[str], cash: list[int], jetons: list[list[int]], cards: list[list[str]], chart: list[int],
               letters: str, jeton_value: int) -> str:
    """The final scores (BF-E2) from the table as the game left it: the state hands over its
    own lists, which a game over changes no more, so that a playout's end costs nothing."""
    scores = [float(cash[s] + sum(jetons[s]) * jeton_value + sum(chart[letters.index(ch)] for code in cards[s]
                                                                  for ch in code)) for s in range(len(names))]
    return _("Game over: {}").format(", ".join(f"{names[s]} {figure(score)}" for s, score in enumerate(scores)))


GAME_OVER_LINE = Worded(_game_over, name="banque-fatale.game-over")
#: who took how many of the last jetons of a colour, in the order they took them
TAKE_ROUND_LINE = Worded(_take_round, name="banque-fatale.take-round")


class BanqueFataleState(State):
    """One game of Banque Fatale. Seats are in clockwise order: seat + 1 sits to the left."""

    #: the seat that decides now, and whether the game is over (``to_move`` None): plain
    #: attributes (not properties), as random playouts and ``apply`` read them at every step
    to_move: int | None = None  # type: ignore[assignment]
    is_over: bool = False  # type: ignore[assignment]
    words = WORDS

    def __init__(self, players: int, rules: Mapping[str, Any], seed: int) -> None:
        super().__init__(players, rules, seed)
        cfg = self.cfg = config_for(rules)
        k = len(cfg.letters)
        self.chart: list[int] = [cfg.chart_start] * k
        self.jetons: list[list[int]] = [[cfg.start_jetons] * k for _ in range(players)]
        self.cash: list[int] = [0] * players
        self.cards: list[list[str]] = [[] for _ in range(players)]
        # BF-S1: a random single-colour card each; the rest go back into the deck.
        deck = list(cfg.deck)
        singles = [code for code in deck if len(code) == 1]
        self.rng.shuffle(singles)
        for seat in range(players):
            card = singles[seat]
            deck.remove(card)
            self.cards[seat].append(card)
        # BF-S2: shuffle, a face-up display, the rest face down.
        self.rng.shuffle(deck)
        self.display: list[str] = deck[: cfg.display_size]
        self.pile: list[str] = deck[cfg.display_size:]
        self.rounds = len(deck)
        # BF-S3
        self.start = self.rng.randrange(players) if cfg.start_player == "random" else 0
        self.round = 1
        self.phase = PICK
        self.to_move = self.start
        self.auction: str | None = None
        self.bids: list[tuple[int, ...] | None] = [None] * players
        self.pool: list[int] = [0] * k
        self.winner: int | None = None
        self.won: str | None = None
        self.rose: list[bool] = [False] * k
        self.sales_left = 0
        self.last: tuple[Any, ...] | None = None
        #: every auction's revealed bids, as all saw them: (card, totals, jetons each seat
        #: held before bidding, whether the card has aces of a colour the seat held aces of);
        #: a tuple of tuples, replaced (never changed) at each reveal, so copies share it
        self.history: tuple[tuple[Any, ...], ...] = ()
        self.takes: tuple[Take, ...] = ()
        self.for_sale: list[str] = []
        self._names, self._only, self._take_notes, self._bid_notes = cfg.tables(players)
        self.note("setup", N_("Cards dealt: {}"), ", ".join(f"{seat_label(s)} {self.cards[s][0]}" for s in range(players)))
        self._begin_round()

    # -- who decides ---------------------------------------------------------------------
    def legal_actions(self) -> Sequence[Action]:
        phase = self.phase
        if phase == DRAFT:
            return self.takes
        if phase == BID:
            return BidChoices(self.jetons[self.to_move], self.cfg.letters)  # type: ignore[index]
        if phase == PICK:
            picks = self.cfg.picks
            return [picks[code] for code in dict.fromkeys(self.display)]
        if phase == SALE:
            sells = self.cfg.sells
            choices: list[Action] = [sells[code] for code in self.for_sale]
            choices.append(KEEP)
            return choices
        return []

    def is_legal(self, action: Action) -> bool:
        return self.why_illegal(action) is None

    def why_illegal(self, action: Action) -> str | None:
        # The commonest moves first, cheaply: a take of a colour in the pool, a bid within
        # one's jetons. Anything else goes to the full check, which says what is wrong.
        try:
            phase = self.phase
            if phase == DRAFT:
                if type(action) is Take:
                    i = self.cfg.index.get(action.colour)
                    if i is not None and self.pool[i]:
                        return None
            elif phase == BID and type(action) is Bid:
                counts = action.counts
                held = self.jetons[self.to_move]  # type: ignore[index]
                if (type(counts) is tuple and len(counts) == len(held) and set(map(type, counts)) <= WHOLE_TYPES
                        and min(counts) >= 0 and all(map(le, counts, held))):  # whole_counts, inlined
                    return None
            return self._refusal(action)
        except (TypeError, AttributeError):  # an action whose fields have the wrong types
            return _("a {} with fields of the wrong types is not a Banque Fatale move").format(type(action).__name__)

    def _refusal(self, action: Action) -> str | None:
        """The reason ``action`` is refused now (None if it is legal after all)."""
        phase = self.phase
        cfg = self.cfg
        if phase == OVER:
            return _("the game is over")
        if phase == BID:
            if type(action) is not Bid:
                return _("{} must bid now").format(seat_label(self.to_move))  # type: ignore[arg-type]
            counts = action.counts
            held = self.jetons[self.to_move]  # type: ignore[index]
            if not isinstance(counts, tuple) or len(counts) != len(held):
                return _("a bid gives one count per colour ({})").format(len(held))
            for i, c in enumerate(counts):
                if type(c) is not int:
                    return _("a bid counts whole jetons: {} is not a whole number").format(repr(c))
                if c < 0:
                    return _("a bid cannot be negative")
                if c > held[i]:
                    return ngettext("you hold only {} {} jeton", "you hold only {} {} jetons", held[i]).format(
                        held[i], _(cfg.names[i]))
            return None
        if phase == DRAFT:
            if type(action) is not Take:
                return _("{} must take a jeton from the pool now").format(seat_label(self.to_move))  # type: ignore[arg-type]
            i = cfg.index.get(action.colour)
            if i is None:
                return _("there is no colour {}").format(repr(action.colour))
            if not self.pool[i]:
                return _("the pool holds no {} jeton").format(_(cfg.names[i]))
            return None
        if phase == PICK:
            if type(action) is not Pick:
                return _("{} must pick a card to auction now").format(seat_label(self.to_move))  # type: ignore[arg-type]
            if action.card not in self.display:
                return _("card {} is not on display").format(action.card)
            return None
        # SALE
        if type(action) is Keep:
            return None
        if type(action) is not Sell:
            return _("{} may sell a card or keep them now").format(seat_label(self.to_move))  # type: ignore[arg-type]
        if action.card not in self.cards[self.to_move]:  # type: ignore[index]
            return _("you hold no card {}").format(action.card)
        if action.card not in self.for_sale:
            if cfg.restrict_rose:
                return _("card {} has a colour that rose this round").format(action.card)
            return _("card {} was won this round and cannot be sold yet").format(action.card)
        return None

    def sellable(self) -> list[str]:
        """The start player's cards he may sell now (BF-R8), each code once."""
        held = list(self.cards[self.start])
        if self.cfg.restrict_rose:
            rose = self.rose
            aces = self.cfg.aces
            held = [code for code in held if not any(a and r for a, r in zip(aces[code], rose))]
        elif self.winner == self.start and self.won is not None:
            held.remove(self.won)
        return list(dict.fromkeys(held))

    # -- playing -------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        phase = self.phase
        if phase == DRAFT:
            i = self.cfg.index[action.colour]  # type: ignore[attr-defined]
            seat: int = self.to_move  # type: ignore[assignment]
            pool = self.pool
            pool[i] -= 1
            self.jetons[seat][i] += 1
            self._pending.append(self._take_notes[seat][i])
            self.to_move = (seat + 1) % self.players
            if not pool[i]:
                self._draft_forced()
        elif phase == BID:
            self._bid(action.counts)  # type: ignore[attr-defined]
        elif phase == PICK:
            self._pick(action.card)  # type: ignore[attr-defined]
        elif type(action) is Sell:
            self._sell(action.card)
        else:
            self.note("sale", N_("{} sells nothing"), self._names[self.start])
            self._end_round()

    #: a move from ``legal_actions()`` needs no check: straight to ``_apply``
    apply_trusted = _apply

    def _begin_round(self) -> None:
        self.phase = PICK
        self.to_move = self.start
        self.winner = None
        self.won = None
        self.rose = [False] * len(self.rose)
        self.note("round", N_("Round {} of {}: {} is start player"), self.round, self.rounds, self._names[self.start],
                  round=self.round, start_player=self.start)
        if len(set(self.display)) == 1:
            self._pick(self.display[0])

    def _pick(self, card: str) -> None:
        """BF-R1: the card goes up for auction and the display is refilled."""
        self.display.remove(card)
        if self.pile:
            self.display.append(self.pile.pop())
        self.auction = card
        self.note("pick", N_("{} puts card {} up for auction"), self._names[self.start], card, card=card)
        self.phase = BID
        self.bids = [None] * self.players
        self.to_move = self.start
        self._skip_empty_bidders()

    def _skip_empty_bidders(self) -> None:
        """A seat without jetons can only bid nothing: it does so at once."""
        while self.to_move is not None and self.phase == BID and not any(self.jetons[self.to_move]):
            self._bid((0,) * len(self.pool))

    def _bid(self, counts: tuple[int, ...]) -> None:
        seat = self.to_move
        assert seat is not None
        self.bids[seat] = tuple(counts)
        pending = self._pending
        pending.append(self._bid_notes[seat])
        pending.append((BID_LINE, (self.cfg.letters, counts), self._only[seat], "my-bid", None))
        nxt = (seat + 1) % self.players
        if nxt == self.start:
            self._reveal()
        else:
            self.to_move = nxt
            if not any(self.jetons[nxt]):
                self._skip_empty_bidders()

    def _reveal(self) -> None:
        """BF-R2 to BF-R6: reveal, award the card, pool the jetons, move the chart, pay out."""
        cfg = self.cfg
        n = self.players
        names = self._names
        letters = cfg.letters
        bids: list[tuple[int, ...]] = self.bids  # type: ignore[assignment]
        totals = list(map(sum, bids))
        best = max(totals)
        # BF-R3: the start player, else the nearest clockwise after him.
        winner = self.start
        while totals[winner] != best:
            winner = (winner + 1) % n
        card = self.auction
        assert card is not None
        masks = cfg.masks
        wanted = masks[card]
        keen = tuple(any([masks[code] & wanted for code in cards]) for cards in self.cards)
        held = tuple(sum(j) for j in self.jetons)
        self.history += ((card, tuple(totals), held, keen),)
        self.cards[winner].append(card)
        self.winner = winner
        self.won = card
        self.auction = None
        # BF-R4
        pool = list(map(sum, zip(*bids)))
        self.jetons = [list(map(sub, held, bid)) for held, bid in zip(self.jetons, bids)]
        self.pool = pool
        self.note("reveal", BIDS_LINE, names, totals, bids, letters, bids=bids)
        self.note("win", WIN_LINE, names[winner], card, best, seat=winner, card=card)
        # BF-R5
        top = max(pool)
        rising = top >= cfg.rise_min
        chart = self.chart
        low, high, rise, zero, zero_by = cfg.chart_min, cfg.chart_max, cfg.rise, cfg.zero_amount, cfg.zero_by
        changes: list[tuple[str, int, int]] = []
        rose = [False] * len(pool)
        for i, count in enumerate(pool):
            before = chart[i]
            if count == top and rising:
                after = min(before + rise, high)
                rose[i] = True
            elif count == 1:
                after = before - cfg.single_fall
            elif count == 0:
                after = before - zero if zero_by else min(before, zero)
            else:
                continue
            if after < low:
                after = low
            if after != before:
                chart[i] = after
                changes.append((letters[i], before, after))
        self.rose = rose
        if changes:
            self.note("chart", CHART_LINE, changes, changes=changes)
        # BF-R6
        payouts: list[tuple[int, str, int, int]] = []
        resets: list[str] = []
        payout = cfg.payout
        for i, value in enumerate(chart):
            per_ace = payout[value]
            if not per_ace:
                continue
            letter = letters[i]
            for seat in range(n):
                aces = sum([cfg.aces[code][i] for code in self.cards[seat]])
                if aces:
                    amount = aces * per_ace
                    self.cash[seat] += amount
                    payouts.append((seat, letter, aces, amount))
                    self.note("payout", PAYOUT_LINE, names[seat], amount, aces, letter, value, seat=seat, amount=amount)
            self.note("reset", N_("{} goes back to {}"), letter, cfg.reset)
            resets.append(letter)
            chart[i] = cfg.reset
        self.last = (self.round, card, self.start, tuple(bids), totals, winner, pool[:], changes, payouts, resets)
        # BF-R7
        self.phase = DRAFT
        self.to_move = (winner + 1) % n
        self._draft_forced()

    def _draft_forced(self) -> None:
        """Once the pool holds a single colour (or nothing), the draft plays itself out."""
        pool = self.pool
        takes = tuple(compress(self.cfg.takes, pool))  # a take of each colour left in the pool
        if len(takes) > 1:
            self.takes = takes
            return
        self.takes = ()
        if takes:
            letter = takes[0].colour
            i = self.cfg.index[letter]
            first = seat = self.to_move
            assert seat is not None
            got = [0] * self.players
            while pool[i]:
                pool[i] -= 1
                self.jetons[seat][i] += 1
                got[seat] += 1
                seat = (seat + 1) % self.players
            self.note("take", TAKE_ROUND_LINE, letter, first, tuple(got))
        self._begin_sale()

    def _begin_sale(self) -> None:
        """BF-R8"""
        self.phase = SALE
        self.to_move = self.start
        self.sales_left = self.cfg.sales
        self.for_sale = self.sellable()
        if not self.sales_left or not self.for_sale:
            self._end_round()

    def _sell(self, card: str) -> None:
        seat = self.start
        price = self.card_value(card)
        self.cards[seat].remove(card)
        self.cash[seat] += price
        self.note("sale", SALE_LINE, self._names[seat], card, price, seat=seat, card=card, price=price)
        self.sales_left -= 1
        self.for_sale = self.sellable()
        if not self.sales_left or not self.for_sale:
            self._end_round()

    def _end_round(self) -> None:
        """BF-R9 and BF-E1."""
        self.pool = [0] * len(self.pool)
        if not self.display and not self.pile:
            self.phase = OVER
            self.to_move = None
            self.is_over = True
            self.note("end", GAME_OVER_LINE, self._names, self.cash, self.jetons, self.cards, self.chart,
                      self.cfg.letters, self.cfg.jeton_value)
            return
        self.start = (self.start + 1) % self.players
        self.round += 1
        self._begin_round()

    # -- what a seat knows -----------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        cfg = self.cfg
        n = self.players
        open_screens = not cfg.closed or self.phase == OVER
        bidding = self.phase == BID
        return {
            "seat": seat,
            "players": n,
            "letters": cfg.letters,
            "names": list(cfg.names),
            "phase": self.phase,
            "round": self.round,
            "rounds": self.rounds,
            "start_player": self.start,
            "to_move": self.to_move,
            "chart": list(self.chart),
            "display": list(self.display),
            "pile": len(self.pile),
            # which cards the face-down pile holds (not their order): public, since every
            # other card is in sight or was sold in sight
            "to_come": sorted(self.pile),
            "auction": self.auction,
            "cards": [list(c) for c in self.cards],
            "cash": [c if open_screens or s == seat else None for s, c in enumerate(self.cash)],
            "jetons": [list(j) if open_screens or s == seat else None for s, j in enumerate(self.jetons)],
            "has_bid": [bidding and b is not None for b in self.bids],
            "my_bid": list(self.bids[seat]) if bidding and seat is not None and self.bids[seat] is not None else None,
            "pool": list(self.pool),
            "winner": self.winner,
            "won": self.won,
            "rose": "".join(letter for letter, r in zip(cfg.letters, self.rose) if r),
            "sellable": list(self.for_sale) if self.phase == SALE else [],
            "last_auction": _last_view(self.last),
            # every auction's revealed bids so far (what everyone saw): the card, each seat's
            # total, the jetons each held before bidding, and whether the card was in its colours
            "history": [{"card": c, "totals": list(t), "held": list(h), "keen": list(k)}
                        for c, t, h, k in self.history],
            # what each seat is worth now; behind closed screens only one's own
            "scores": [score if open_screens or s == seat else "?" for s, score in enumerate(self.scores())],
        }

    # -- the end -------------------------------------------------------------------------
    def card_value(self, code: str) -> int:
        chart = self.chart
        return sum([chart[i] for i in self.cfg.colours_of[code]])

    def _parts(self, seat: int) -> tuple[int, int, int]:
        chart = self.chart
        colours_of = self.cfg.colours_of
        cards = sum([chart[i] for code in self.cards[seat] for i in colours_of[code]])
        return self.cash[seat], sum(self.jetons[seat]) * self.cfg.jeton_value, cards

    def conserved(self) -> dict[str, Any]:
        """BF-R4, BF-R7: the jetons of each colour, held or in the pool, never change."""
        return {f"jetons {letter}": sum(j[i] for j in self.jetons) + self.pool[i]
                for i, letter in enumerate(self.cfg.letters)}

    #: the breakdown's parts as the results name them (``jetons_held``: "jetons held"), in the
    #: game's catalog for the app to word
    BREAKDOWN = (N_("cash"), N_("jetons held"), N_("jetons worth"), N_("cards"))

    def score_breakdown(self) -> list[dict[str, float]]:
        """BF-E2: cash, the jetons held and what they are worth at the end, and the chart
        value of the cards held (the score is cash + jetons worth + cards)."""
        out = []
        for seat in range(self.players):
            cash, jetons, cards = self._parts(seat)
            out.append({"cash": float(cash), "jetons_held": float(sum(self.jetons[seat])),
                        "jetons_worth": float(jetons), "cards": float(cards), "score": float(cash + jetons + cards)})
        return out

    def habits(self) -> list[dict[str, float]]:
        """Per seat, how it bid in the auctions everyone saw revealed (``history``): for cards
        in its colours (``keen``) and for the others (``cool``), how many auctions it held
        jetons in, the jetons it bid in all, and how often it bid nothing; and of its bids
        that show whether it follows the recent top bid (``follow.followed``), how many, their
        sum above and below it, their squared distance from it and from their own mean."""
        out: list[dict[str, float]] = [{} for _ in range(self.players)]
        for _card, totals, held, keen in self.history:
            for s, counts in enumerate(out):
                if not held[s]:
                    continue
                kind = "keen" if keen[s] else "cool"
                counts[kind + "_bids"] = counts.get(kind + "_bids", 0.0) + 1.0
                counts[kind + "_jetons"] = counts.get(kind + "_jetons", 0.0) + float(totals[s])
                counts[kind + "_zeros"] = counts.get(kind + "_zeros", 0.0) + float(totals[s] == 0)
        rows = [(totals, held) for _card, totals, held, _keen in self.history]
        for s, counts in enumerate(out):
            seen = list(followed(s, rows))
            if seen:
                mean = sum(total for _, total, _ in seen) / len(seen)
                counts["follow_bids"] = float(len(seen))
                counts["follow_above"] = float(sum(gap for _, _, gap in seen if gap > 0))
                counts["follow_below"] = float(sum(-gap for _, _, gap in seen if gap < 0))
                counts["follow_square"] = float(sum(gap * gap for _, _, gap in seen))
                counts["follow_spread"] = sum((total - mean) ** 2 for _, total, _ in seen)
        return out

    def scores(self) -> list[float]:
        return [float(sum(self._parts(seat))) for seat in range(self.players)]

    def stage(self) -> str:
        return _("Round {}").format(self.round)

    # -- copies and hidden worlds --------------------------------------------------------
    def clone(self) -> BanqueFataleState:
        return self._copy(events=True)

    def _copy(self, events: bool) -> BanqueFataleState:
        """A copy sharing the immutable parts; the generator is shared copy-on-write and the
        log copied only if ``events`` (and never from a quiet state)."""
        other = self._bare_copy(events)
        other.chart = self.chart[:]
        other.jetons = [j[:] for j in self.jetons]
        other.cash = self.cash[:]
        other.cards = [c[:] for c in self.cards]
        other.display = self.display[:]
        other.pile = self.pile[:]
        other.bids = self.bids[:]
        other.pool = self.pool[:]
        other.rose = self.rose[:]
        other.for_sale = self.for_sale[:]
        return other

    def sample_world(self, seat: int, rng: random.Random, *, quiet: bool = False) -> BanqueFataleState:
        """Redraw what ``seat`` cannot see: the order of the face-down pile, the other seats'
        sealed bids and, behind closed screens, the split of the others' jetons (each seat's
        count and each colour's total kept) and who of them holds which cash. The public log
        still records every move, so behind closed screens this is the world of a player who
        did not keep count. A ``quiet`` world keeps no log."""
        world = self._copy(events=False)
        world.pile.sort()  # the order must not carry what the seat cannot see
        rng.shuffle(world.pile)
        others = [s for s in range(self.players) if s != seat]
        if self.cfg.closed and self.phase != OVER:
            # sorted first: the order must not carry how the others really split them
            bag = sorted(i for s in others for i, c in enumerate(world.jetons[s]) for _ in range(c))
            rng.shuffle(bag)
            k = len(self.pool)
            for s in others:
                size = sum(world.jetons[s])
                fresh = [0] * k
                for i in bag[:size]:
                    fresh[i] += 1
                del bag[:size]
                world.jetons[s] = fresh
            cash = sorted(world.cash[s] for s in others)
            rng.shuffle(cash)
            for s, c in zip(others, cash):
                world.cash[s] = c
        if self.phase == BID:
            for s in others:
                if world.bids[s] is not None:
                    choices = BidChoices(world.jetons[s], self.cfg.letters)
                    world.bids[s] = choices[rng.randrange(len(choices))].counts
        self._settle_world(world, seat, rng, quiet)
        return world


def _last_view(last: tuple[Any, ...] | None) -> dict[str, Any] | None:
    """The last auction, as the views show it: the revealed bids and what they did."""
    if last is None:
        return None
    round_, card, start, bids, totals, winner, pool, changes, payouts, resets = last
    return {
        "round": round_,
        "card": card,
        "start_player": start,
        "bids": [list(b) for b in bids],
        "totals": list(totals),
        "winner": winner,
        "pool": list(pool),
        "changes": [{"colour": c, "from": a, "to": b} for c, a, b in changes],
        "payouts": [{"seat": s, "colour": c, "aces": a, "amount": m} for s, c, a, m in payouts],
        "reset": list(resets),
    }
