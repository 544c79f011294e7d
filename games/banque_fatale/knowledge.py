"""What Banque Fatale tells the searching player (``hard``).

A bid is one of up to 3^5 = 243 jeton vectors (more later in the game), nearly all of them
nonsense when drawn at random: a random bidder throws half his jetons into the pool every
round. So:

- A model of each seat's bidding (:class:`BidModel`), learned from what everyone saw: the
  revealed bids of every auction so far (the view's ``history``), and what earlier games
  with the same player showed (``recall``). It keeps, apart, how often a seat bids nothing
  and how much it bids otherwise for a card in its own colours (``keen``) and for one that
  is not; recent auctions count more (a player who bid high early may change), and a seat
  not yet seen bids a few jetons (the prior). A seat whose bids follow the top bid of the
  last auctions (one more than the most anyone else bid lately, say: a person who has read a
  table that bids alike) is modelled so as well, by how much better that explains its bids
  than its own mean does.
- :meth:`BanqueFataleKnowledge.redraw`: the sealed bids already made are drawn from those
  models in each sampled world (``sample_world`` draws them uniformly: half one's jetons on
  average); the seat's colours are those it holds aces of and the card's.
- :meth:`BanqueFataleKnowledge.rollout`: the other seats (``model_others``) and the rollouts
  bid as their models say, pick the card worth most to them, draft the colours of their own
  aces and sell a card when it stands high; each plays from what it sees (the table is open
  but for the sealed bids, which it never reads).
- :meth:`BanqueFataleKnowledge.candidates`: the ``medium`` player's bid first, then a few
  variations of it (nothing, one jeton fewer, one more in the colour it bids most, small
  bids in the searcher's own colours) and the bids sized from the models to beat the
  likely highest rival bid; for the other decisions ``medium``'s choice first, then the rest.
- :meth:`BanqueFataleKnowledge.evaluate`: cash, cards at the values the chart tends to, and
  jetons at their end value plus what they may still buy (a person keeps some for later
  auctions), for rollouts cut off before the end; the win chance the analysis shows reads
  jetons at their end value, the estimate its calibration was fitted on.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.games.banque_fatale.actions import Bid, Keep
from parlour.games.banque_fatale.config import Config, config_for
from parlour.games.banque_fatale.follow import FOLLOW_BACK, followed, recent_top
from parlour.games.banque_fatale.medium import MediumAgent
from parlour.core.game import Action, State
from parlour.core.search import Knowledge

#: where a colour tends to end up, and how much of its distance from there stays per round
MEAN_VALUE = 6.5
PERSISTENCE = 0.9
#: the prior of a seat not yet seen, for a card in its colours and for another: how often it
#: bids nothing, and how many jetons when it bids (about 2 jetons a bid on average). Lower
#: (a jeton a bid) and ``hard`` expected to win the first auctions cheaply, bid early into
#: them and fell from 62 % to 12 % against three ``medium`` (8 paired games), who raise
#: their bids against a seat that revealed a high one
PRIOR = {True: (0.25, 3.0), False: (0.35, 2.5)}
#: the prior counts as this many auctions; what earlier games showed, as at most this many
PRIOR_WEIGHT = 2.0
PAST_WEIGHT = 4.0
#: an auction seen this many auctions ago counts MEMORY ** age; the size of a bid for the
#: other kind of card (in the seat's colours or not) counts this much as well
MEMORY = 0.8
CROSS = 0.4
#: a bid that is not nothing is the seat's size times a factor from this range
SPREAD = (0.6, 1.4)
#: draws of the rivals' bids behind the candidates sized to beat them
SIZING_DRAWS = 48
#: the chance that a seat not yet seen follows the recent top; the scatter (a variance, in
#: jetons squared) that each way of bidding is credited with as if seen once, so that a few
#: bids that happen to fit never make a certainty
FOLLOW_PRIOR = 0.15
FOLLOW_FLOOR = 1.0
#: what a jeton may still buy, in millions above its end value, at the start of the game (down
#: to nothing at the end), for the searcher's steering: ``medium``'s own (tuned) value. At its
#: end value alone three ``hard`` bid five to seven jetons each in the first auctions,
#: outbidding one another, and a player who bid nothing early lived off the pool they fed: he
#: won 35.5 % of 100 games against them (2026-12-06, see the README)
JETON_FUTURE = MediumAgent.jeton_future


@dataclass(frozen=True)
class BidModel:
    """How one seat bids: per kind of card (``True``: a card with aces of a colour it holds
    aces of), the chance it bids nothing and its mean bid when it bids."""

    zero: Mapping[bool, float]
    size: Mapping[bool, float]
    #: how far its bids follow the recent top bid (0: not at all, 1: wholly), by how much
    #: they lie above it on average, and how widely they scatter about that (a deviation)
    follow: float = 0.0
    lead: float = 1.0
    scatter: float = 1.0

    def draw(self, keen: bool, held: int, rng: random.Random, top: int | None = None) -> int:
        """A bid total for a card of that kind, at most ``held``; ``top`` is the most
        another seat bid lately (:func:`recent_top`), which a following seat bids about."""
        if held <= 0 or rng.random() < self.zero[keen]:
            return 0
        if top is not None and self.follow > 0.0 and rng.random() < self.follow:
            # a uniform scatter of that deviation: half-width sqrt(3) times it
            guess = top + self.lead + self.scatter * 1.732 * (2.0 * rng.random() - 1.0)
            return min(held, max(1, int(guess + 0.5)))
        low, high = SPREAD
        return min(held, max(1, int(self.size[keen] * (low + (high - low) * rng.random()) + 0.5)))

    def mean(self, keen: bool) -> float:
        return (1.0 - self.zero[keen]) * self.size[keen]

    @staticmethod
    def learn(seat: int, history: Sequence[Mapping[str, Any]], past: Mapping[str, float] | None = None) -> BidModel:
        """The model of ``seat`` from the auctions revealed so far (latest last) and its
        player's habits from earlier games (``State.habits``), over the prior."""
        zero, size = {}, {}
        for keen in (True, False):
            p_zero, p_size = PRIOR[keen]
            bids, zeros, jetons = PRIOR_WEIGHT, PRIOR_WEIGHT * p_zero, PRIOR_WEIGHT * (1 - p_zero) * p_size
            kind = "keen" if keen else "cool"
            if past:
                n = float(past.get(kind + "_bids", 0.0))
                if n > 0:
                    scale = min(1.0, PAST_WEIGHT / n)
                    bids += scale * n
                    zeros += scale * min(n, float(past.get(kind + "_zeros", 0.0)))
                    jetons += scale * float(past.get(kind + "_jetons", 0.0))
            sized = bids - zeros  # the bids that were not nothing, and their jetons
            weight = 1.0
            for auction in reversed(history):
                if auction["held"][seat]:
                    total = auction["totals"][seat]
                    if bool(auction["keen"][seat]) == keen:
                        bids += weight
                        zeros += weight * (total == 0)
                        if total:
                            sized += weight
                            jetons += weight * total
                    elif total:
                        sized += CROSS * weight
                        jetons += CROSS * weight * total
                weight *= MEMORY
            zero[keen] = zeros / bids
            size[keen] = max(1.0, jetons / sized)
        return BidModel(zero, size, *BidModel._following(seat, history, size, past))

    @staticmethod
    def _following(seat: int, history: Sequence[Mapping[str, Any]], size: Mapping[bool, float],
                   past: Mapping[str, float] | None = None) -> tuple[float, float, float]:
        """How far ``seat``'s bids follow the recent top bid: the chance, over a prior, that
        they scatter about that top plus a lead rather than about its own mean sizes (each a
        normal law fitted to them); with that lead and their scatter about it. The bids that
        show it are :func:`~parlour.games.banque_fatale.follow.followed`'s, and those earlier
        games showed (``follow_*`` habits, as at most :data:`PAST_WEIGHT` bids)."""
        w_sum = lead_sum = lead_sq = own_sq = 0.0
        if past:
            n = float(past.get("follow_bids", 0.0))
            if n > 0:
                scale = min(1.0, PAST_WEIGHT / n)
                w_sum += scale * n
                lead_sum += scale * (float(past.get("follow_above", 0.0)) - float(past.get("follow_below", 0.0)))
                lead_sq += scale * float(past.get("follow_square", 0.0))
                own_sq += scale * float(past.get("follow_spread", 0.0))
        last = len(history) - 1
        for i, total, gap in followed(seat, [(auction["totals"], auction["held"]) for auction in history]):
            weight = MEMORY ** (last - i)  # the latest auction counts wholly
            w_sum += weight
            lead_sum += weight * gap
            lead_sq += weight * gap * gap
            own_sq += weight * (total - size[bool(history[i]["keen"][seat])]) ** 2
        if not w_sum:
            return 0.0, 1.0, 1.0
        lead = lead_sum / w_sum
        # habits from a record edited by hand may not add up: no scatter below the floor's share
        around = max(FOLLOW_FLOOR, lead_sq - w_sum * lead * lead + FOLLOW_FLOOR) / (w_sum + 1.0)
        own = max(FOLLOW_FLOOR, own_sq + FOLLOW_FLOOR) / (w_sum + 1.0)
        # the two ways of bidding compared as normal laws of those scatters, over the prior
        odds = math.log(FOLLOW_PRIOR / (1.0 - FOLLOW_PRIOR)) + 0.5 * w_sum * math.log(own / around)
        follow = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, odds))))
        return follow, lead, math.sqrt(around)


#: a seat never seen, with no past
UNSEEN = BidModel.learn(0, [])


class BanqueFataleKnowledge(Knowledge):
    """Seat models, rollouts, redrawn sealed bids, candidates and a value estimate."""

    rollout_depth: int | None = 40
    #: the other seats bid, pick, draft and sell inside the tree as their models say
    model_others = True

    def __init__(self, rules: Mapping[str, Any]) -> None:
        self.rules = rules
        self.cfg: Config = config_for(rules)
        self._medium: Any = None
        k = len(self.cfg.letters)
        self._aces = {code: tuple(aces) for code, aces in self.cfg.aces.items()}
        self.k = k
        #: each seat's bid model (see :meth:`read`)
        self.models: list[BidModel] = [UNSEEN] * 8
        self._view: Any = None
        self._hands: dict[tuple[str, ...], list[int]] = {}
        self._zero = Bid((0,) * k, self.cfg.letters)
        #: per seat, what earlier games with its player showed (``recall``)
        self.past: list[Mapping[str, float] | None] = []

    def recall(self, habits: Sequence[Mapping[str, float] | None]) -> None:
        self.past = list(habits)
        self._view = None

    def read(self, view: Mapping[str, Any]) -> None:
        """Each seat's bid model, from the auctions this view shows revealed and what
        earlier games showed of its player. Rebuilt from the view at each decision, so a
        resumed match plays on as before."""
        if view is self._view:
            return
        self._view = view
        history = view.get("history") or []
        past = self.past
        n = view["players"]
        self.models = [BidModel.learn(s, history, past[s] if s < len(past) else None) for s in range(n)]
        self.models += [UNSEEN] * (8 - n)

    def aces(self, w: Any, seat: int) -> list[int]:
        """``seat``'s aces by colour in world ``w`` (kept per hand of cards: read, not changed)."""
        cards = w.cards[seat]
        key = tuple(cards)
        found = self._hands.get(key)
        if found is None:
            found = [0] * self.k
            aces = self._aces
            for code in cards:
                for i, a in enumerate(aces[code]):
                    found[i] += a
            if len(self._hands) > 4096:
                self._hands.clear()
            self._hands[key] = found
        return found

    # -- rollouts -------------------------------------------------------------------------
    def rollout(self, world: State, rng: random.Random) -> Action | None:
        w: Any = world
        phase = w.phase
        seat = w.to_move
        if phase == "bid":
            return self._bid(w, seat, rng)
        if phase == "draft":
            takes = w.takes
            if not takes:
                return None
            mine = self.aces(w, seat)
            index = self.cfg.index
            best = takes[0]
            score = -1.0
            for take in takes:
                s = mine[index[take.colour]] + rng.random() * 0.5
                if s > score:
                    best, score = take, s
            return best
        if phase == "sale":
            chart = w.chart
            best_gain, best = 0.5, None
            keep = PERSISTENCE ** max(w.rounds - w.round, 0)
            for code in w.for_sale:
                aces = self._aces[code]
                gain = sum(a * (v - (MEAN_VALUE + (v - MEAN_VALUE) * keep)) for a, v in zip(aces, chart))
                if gain > best_gain:
                    best_gain, best = gain, code
            return self.cfg.sells[best] if best is not None else Keep()
        if phase == "pick":
            # the card worth most to the picker: its chart value, more for its own colours
            mine = self.aces(w, seat)
            chart = w.chart
            aces = self._aces
            best_code, score = None, -1.0
            for code in w.display:
                s = sum(a * (chart[c] + (2.0 if mine[c] else 0.0)) for c, a in enumerate(aces[code]))
                s += rng.random()
                if s > score:
                    best_code, score = code, s
            if best_code is not None:
                return self.cfg.picks[best_code]
        return None

    def _keen(self, w: Any, seat: int, card: str | None) -> bool:
        wanted = self._aces.get(card, ()) if card is not None else ()
        mine = self.aces(w, seat)
        return any(a and mine[c] for c, a in enumerate(wanted))

    def _bid_counts(self, w: Any, seat: int, total: int, rng: random.Random) -> tuple[int, ...]:
        """``total`` of ``seat``'s jetons, drawn towards the colours of its aces and the card's."""
        k = self.k
        counts = [0] * k
        if total:
            held = w.jetons[seat]
            mine = self.aces(w, seat)
            wanted = self._aces.get(w.auction, (0,) * k)
            weights = [(mine[c] + wanted[c] + 0.3) if held[c] else 0.0 for c in range(k)]
            colours = range(k)
            for _ in range(total):
                s = sum([weights[c] for c in colours if counts[c] < held[c]])
                if s <= 0:
                    break
                x = rng.random() * s
                for c in colours:
                    if counts[c] >= held[c]:
                        continue
                    x -= weights[c]
                    if x <= 0:
                        counts[c] += 1
                        break
        return tuple(counts)

    @staticmethod
    def _top(w: Any, seat: int) -> int | None:
        """:func:`recent_top` of world ``w``'s auctions (its ``history``)."""
        return recent_top([entry[1] for entry in w.history[-FOLLOW_BACK:]], seat)

    def _bid(self, w: Any, seat: int, rng: random.Random) -> Action:
        total = self.models[seat].draw(self._keen(w, seat, w.auction), sum(w.jetons[seat]), rng, self._top(w, seat))
        if not total:
            return self._zero
        return Bid(self._bid_counts(w, seat, total, rng), self.cfg.letters)

    # -- sampled worlds -------------------------------------------------------------------
    def redraw(self, world: State, seat: int, view: Mapping[str, Any], rng: random.Random) -> None:
        """The sealed bids the other seats made already, drawn from their models (in the
        sampled world's jetons: behind closed screens a split the seat cannot rule out)."""
        w: Any = world
        if w.phase != "bid":
            return
        self.read(view)
        bids = w.bids
        for s, bid in enumerate(bids):
            if s != seat and bid is not None:
                total = self.models[s].draw(self._keen(w, s, w.auction), sum(w.jetons[s]), rng, self._top(w, s))
                bids[s] = self._bid_counts(w, s, total, rng)

    # -- cut-off rollouts ---------------------------------------------------------------------
    def worth(self, w: Any, seat: int, future: float = JETON_FUTURE) -> float:
        """``seat``'s cash, cards at the values the chart tends to, and jetons at their end
        value plus ``future`` millions each at the start of the game, less as rounds pass (a
        jeton in the pool counts a share to each seat: every seat takes as many back)."""
        left = max(w.rounds - w.round, 0)
        keep = PERSISTENCE ** left
        chart = w.chart
        expected = [MEAN_VALUE + (v - MEAN_VALUE) * keep for v in chart]
        aces = self.aces(w, seat)
        held = sum(w.jetons[seat])
        value = w.cash[seat] + held * self.cfg.jeton_value + sum(a * e for a, e in zip(aces, expected))
        if future:
            value += (held + sum(w.pool) / w.players) * future * left / w.rounds
        return value

    def standing(self, w: Any, future: float = JETON_FUTURE) -> tuple[list[float], list[float], float]:
        """Each seat's worth, its odds of winning (unnormalised) and their sum."""
        values = [self.worth(w, s, future) for s in range(w.players)]
        top = max(values)
        temp = 3.0 + 0.5 * max(w.rounds - w.round, 0)
        odds = [math.exp((v - top) / temp) for v in values]
        return values, odds, sum(odds)

    def evaluate(self, world: State) -> Sequence[float] | None:
        w: Any = world
        if w.phase == "over":
            return None
        values, odds, total = self.standing(w)
        top, low = max(values), min(values)
        spread = (top - low) or 1.0
        return [0.9 * o / total + 0.1 * (v - low) / spread for o, v in zip(odds, values)]

    def win_chance(self, world: State, seat: int) -> float | None:
        w: Any = world
        if w.phase == "over":
            return super().win_chance(world, seat)
        # the estimate the analysis's calibration map was fitted on: jetons at their end value
        _, odds, total = self.standing(w, 0.0)
        return odds[seat] / total

    # -- the searcher's own moves -------------------------------------------------------------
    def medium_choice(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        if self._medium is None:
            self._medium = MediumAgent(self.rules)
        return self._medium.choose(view, legal, random.Random(rng.random()))

    def indifferent(self, view: Mapping[str, Any]) -> bool:
        """The last round's pool: every jeton counts the same at the end and each seat takes
        as many whatever is chosen, so no pick changes a score."""
        return view["phase"] == "draft" and not view["display"] and not view["pile"]

    def candidates(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Sequence[Action]:
        self.read(view)
        first = self.medium_choice(view, legal, rng)
        if self.indifferent(view):
            # a playtest waited about 15 s for the computers' picks there
            return [first]
        if view["phase"] != "bid":
            return [first] + [a for a in legal if a != first]
        return self.bid_variations(first, view, legal, self.winning_totals(view, rng))

    def winning_totals(self, view: Mapping[str, Any], rng: random.Random) -> list[int]:
        """The least bid totals that win the card against the other seats' models about
        half the time and most of the time (ties go to the start player, then clockwise)."""
        self.read(view)
        me, n, start = view["seat"], view["players"], view["start_player"]
        k = self.k
        wanted = self._aces.get(view["auction"], (0,) * k)
        jetons = view["jetons"]
        hidden = [s for s in range(n) if jetons[s] is None]
        spare = (n * self.cfg.start_jetons * k - sum(sum(j) for j in jetons if j is not None)
                 - sum(view["pool"])) / max(1, len(hidden))
        totals = [auction["totals"] for auction in view.get("history") or []]
        rivals = []
        for s in range(n):
            if s == me:
                continue
            mine = [0] * k
            for code in view["cards"][s]:
                for i, a in enumerate(self._aces[code]):
                    mine[i] += a
            keen = any(a and mine[c] for c, a in enumerate(wanted))
            held = sum(jetons[s]) if jetons[s] is not None else int(spare)
            ahead = (s - start) % n < (me - start) % n  # wins a tie against me
            rivals.append((self.models[s], keen, held, ahead, recent_top(totals, s)))
        needs = []
        for _ in range(SIZING_DRAWS):
            need = 0
            for model, keen, held, ahead, top in rivals:
                bar = model.draw(keen, held, rng, top) + (1 if ahead else 0)
                if bar > need:
                    need = bar
            needs.append(need)
        needs.sort()
        return sorted({needs[len(needs) // 2], needs[(len(needs) * 17) // 20]})

    def bid_variations(self, first: Action, view: Mapping[str, Any], legal: Sequence[Action],
                       sizes: Sequence[int] = ()) -> list[Action]:
        """Medium's bid, then nothing, one jeton fewer and one more (in the colour it bids
        most, or the searcher's best colour), small bids in the searcher's own colours, and
        bids of each total in ``sizes`` (those that beat the rivals' models), in the colours
        medium bids, then the searcher's own."""
        letters = self.cfg.letters
        k = self.k
        held = list(view["jetons"][view["seat"]])
        base = list(first.counts) if type(first) is Bid else [0] * k  # type: ignore[attr-defined]
        mine = [0] * k
        for code in view["cards"][view["seat"]]:
            for i, a in enumerate(self._aces[code]):
                mine[i] += a
        wanted = self._aces.get(view["auction"], (0,) * k)
        order = sorted(range(k), key=lambda c: (-(mine[c] + wanted[c]), -view["chart"][c], c))
        out: list[list[int]] = [base, [0] * k]
        top = max(range(k), key=lambda c: (base[c], -order.index(c)))
        if base[top] > 0:
            fewer = list(base)
            fewer[top] -= 1
            out.append(fewer)
        for c in [top] + order:
            if base[c] < held[c]:
                more = list(base)
                more[c] += 1
                out.append(more)
                break
        def filled(size: int, colours: Sequence[int]) -> list[int]:
            """A bid of ``size`` jetons (or all held), taken colour by colour in that order."""
            counts = [0] * k
            left = size
            for c in colours:
                take = min(held[c], left)
                counts[c] += take
                left -= take
            return counts

        out += [filled(size, order) for size in (1, 2, 3, 5)]
        paying = sorted(range(k), key=lambda c: (-base[c], order.index(c)))
        out += [filled(size, paying) for size in sizes if size > 0]
        bids: list[Action] = []
        for counts in out:
            bid = Bid(tuple(counts), letters)
            if bid in legal and bid not in bids:
                bids.append(bid)
        return bids or [legal[0]]


__all__ = ["BanqueFataleKnowledge"]
