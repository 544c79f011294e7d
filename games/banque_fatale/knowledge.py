"""What Banque Fatale tells the searching player (``hard``).

A bid is one of up to 3^5 = 243 jeton vectors (more later in the game), nearly all of them
nonsense when drawn at random: a random bidder throws half his jetons into the pool every
round. So:

- :meth:`BanqueFataleKnowledge.candidates`: the ``medium`` player's bid first, then a few
  variations of it (nothing, one jeton fewer, one more in the colour it bids most, a small
  bid in the searcher's own colours); for the other decisions ``medium``'s choice first, then
  the rest.
- :meth:`BanqueFataleKnowledge.rollout`: small bids (0 to 3 jetons) in the colours the bidder
  holds aces of, a draft that takes the colours of one's own aces, a sale when a card stands
  high; the seat plays from what it sees (the table is open but for the sealed bids, which it
  never reads).
- :meth:`BanqueFataleKnowledge.world_weight`: the sealed bids already made are drawn
  uniformly by ``sample_world`` (half one's jetons on average); people bid a few, so a world
  is weighted by how likely its sampled bids are under that small-bid model.
- The small-bid model is a prior: a seat whose revealed bid in the last auction (the view's
  ``last_auction``) was high is expected to bid about that much again, in the rollouts and
  in the world weights alike (:meth:`BanqueFataleKnowledge.read`, from the view at each
  decision, so a resumed match plays on as before).
- :meth:`BanqueFataleKnowledge.evaluate`: cash, jetons and cards at the values the chart
  tends to, for rollouts cut off before the end.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from parlour.games.banque_fatale.actions import Bid, Keep
from parlour.games.banque_fatale.config import Config, config_for
from parlour.games.banque_fatale.medium import MediumAgent
from parlour.core.game import Action, State
from parlour.core.search import Knowledge

#: how the total of a rollout bid is drawn: P(0), P(1), P(2), P(3)
BID_TOTALS = (0.35, 0.3, 0.2, 0.15)
#: the weight of a sampled sealed bid falls by this factor per jeton in it
BID_DECAY = 0.5
#: where a colour tends to end up, and how much of its distance from there stays per round
MEAN_VALUE = 6.5
PERSISTENCE = 0.9
#: a seat is expected to bid like the small-bid model until its last revealed bid says more
#: than this; then about its level: the last revealed total blended with the model's mean
SMALL_LEVEL = 1.5
SEEN_WEIGHT = 0.7
PRIOR_MEAN = sum(i * p for i, p in enumerate(BID_TOTALS))
#: such a seat bids nothing this often, else its level times a factor from this range
LEVEL_ZERO = 0.15
LEVEL_SPREAD = (0.6, 1.4)


class BanqueFataleKnowledge(Knowledge):
    """Rollouts, candidates, world weights and a value estimate for Banque Fatale."""

    rollout_depth: int | None = 40

    def __init__(self, rules: Mapping[str, Any]) -> None:
        self.rules = rules
        self.cfg: Config = config_for(rules)
        self._medium: Any = None
        k = len(self.cfg.letters)
        self._aces = {code: tuple(aces) for code, aces in self.cfg.aces.items()}
        self.k = k
        cum, total = [], 0.0
        for p in BID_TOTALS:
            total += p
            cum.append(total)
        self._cum = cum
        #: each seat's expected bid total, or None for the small-bid model (see :meth:`read`)
        self.levels: list[float | None] = [None] * 8
        self._view: Any = None

    def read(self, view: Mapping[str, Any]) -> None:
        """Each other seat's bid level, from its revealed bid in the last auction: a seat
        that bid high is expected to bid high again. Rebuilt from the view at each decision."""
        if view is self._view:
            return
        self._view = view
        levels: list[float | None] = [None] * max(8, view["players"])
        last = view.get("last_auction")
        if last is not None:
            for s, total in enumerate(last["totals"]):
                if s == view["seat"]:
                    continue
                level = SEEN_WEIGHT * total + (1 - SEEN_WEIGHT) * PRIOR_MEAN
                if level > SMALL_LEVEL:
                    levels[s] = level
        self.levels = levels

    def aces(self, w: Any, seat: int) -> list[int]:
        out = [0] * self.k
        aces = self._aces
        for code in w.cards[seat]:
            for i, a in enumerate(aces[code]):
                out[i] += a
        return out

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
        return None  # the pick: any card

    def _bid(self, w: Any, seat: int, rng: random.Random) -> Action:
        held = w.jetons[seat]
        level = self.levels[seat]
        if level is not None:
            total = 0 if rng.random() < LEVEL_ZERO else min(sum(held), round(level * rng.uniform(*LEVEL_SPREAD)))
        else:
            r = rng.random()
            total = 0
            for i, c in enumerate(self._cum):
                if r < c:
                    total = i
                    break
            else:
                total = len(self._cum) - 1
        counts = [0] * self.k
        if total:
            mine = self.aces(w, seat)
            wanted = self._aces.get(w.auction, (0,) * self.k)
            weights = [(mine[c] + wanted[c] + 0.3) if held[c] else 0.0 for c in range(self.k)]
            for _ in range(total):
                s = sum(weights[c] for c in range(self.k) if counts[c] < held[c])
                if s <= 0:
                    break
                x = rng.random() * s
                for c in range(self.k):
                    if counts[c] >= held[c]:
                        continue
                    x -= weights[c]
                    if x <= 0:
                        counts[c] += 1
                        break
        return Bid(tuple(counts), self.cfg.letters)

    # -- weighing sampled worlds ------------------------------------------------------------
    def world_weight(self, world: State, seat: int, view: Mapping[str, Any]) -> float:
        w: Any = world
        if w.phase != "bid":
            return 1.0
        self.read(view)
        weight = 1.0
        low, high = LEVEL_SPREAD
        for s, bid in enumerate(w.bids):
            if s != seat and bid is not None:
                level = self.levels[s]
                total = sum(bid)
                if level is None:
                    weight *= BID_DECAY ** total
                elif total == 0:
                    weight *= LEVEL_ZERO
                elif not low * level - 1 <= total <= high * level + 1:
                    weight *= BID_DECAY ** min(abs(total - low * level), abs(total - high * level))
        return weight

    # -- cut-off rollouts ---------------------------------------------------------------------
    def worth(self, w: Any, seat: int) -> float:
        keep = PERSISTENCE ** max(w.rounds - w.round, 0)
        chart = w.chart
        expected = [MEAN_VALUE + (v - MEAN_VALUE) * keep for v in chart]
        aces = self.aces(w, seat)
        return (w.cash[seat] + sum(w.jetons[seat]) * self.cfg.jeton_value
                + sum(a * e for a, e in zip(aces, expected)))

    def standing(self, w: Any) -> tuple[list[float], list[float], float]:
        """Each seat's worth, its odds of winning (unnormalised) and their sum."""
        values = [self.worth(w, s) for s in range(w.players)]
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
        _, odds, total = self.standing(w)
        return odds[seat] / total

    # -- the searcher's own moves -------------------------------------------------------------
    def medium_choice(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        if self._medium is None:
            self._medium = MediumAgent(self.rules)
        return self._medium.choose(view, legal, random.Random(rng.random()))

    def candidates(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Sequence[Action]:
        self.read(view)
        first = self.medium_choice(view, legal, rng)
        if view["phase"] != "bid":
            return [first] + [a for a in legal if a != first]
        return self.bid_variations(first, view, legal)

    def bid_variations(self, first: Action, view: Mapping[str, Any], legal: Sequence[Action]) -> list[Action]:
        """Medium's bid, then nothing, one jeton fewer and one more (in the colour it bids
        most, or the searcher's best colour), and small bids in the searcher's own colours."""
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
        for size in (1, 2, 3, 5):
            counts = [0] * k
            left = size
            for c in order:
                take = min(held[c], left)
                counts[c] += take
                left -= take
            out.append(counts)
        bids: list[Action] = []
        for counts in out:
            bid = Bid(tuple(counts), letters)
            if bid in legal and bid not in bids:
                bids.append(bid)
        return bids or [legal[0]]


__all__ = ["BanqueFataleKnowledge"]
