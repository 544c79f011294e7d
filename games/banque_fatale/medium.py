"""Banque Fatale's ``medium``: a player who watches what the others bid.

A person at this table remembers what each rival bid in the last auction (the view shows the
revealed bids of the last auction) and expects him to bid about as much again, more for a card
in his own colours and less for one that is not. ``medium`` draws the rivals' sealed bids from
that model (totals around each rival's level, jetons in the colours he holds), and for each of
a spread of candidate bids, small and large, in several mixes of colours, works out over those
draws whether it wins the card, how the pool moves the chart (a colour nobody bids on crashes
to 2, which costs whoever holds it), who is paid, and how many jetons come back in the draft.
It keeps the bid with the best expected gain over the average rival, then polishes it a jeton
at a time. The card it auctions is the one whose best bid promises most; it drafts the jetons
that push its colours and that its rivals need; it sells a card standing above what it is
likely to be worth at the end.

A card's colours are valued at the end of the game: a value drifts towards the middle of the
chart the more rounds are left, a payout is cash plus the reset value, and a jeton is worth
its end value plus what it may still buy. Every choice depends on the view, the legal actions
and the generator only: no memory is kept between decisions.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from parlour.games.banque_fatale.actions import Bid, Keep, Pick, Sell, Take
from parlour.games.banque_fatale.config import Config
from parlour.games.banque_fatale.outlook import Outlook
from parlour.core.game import Action

#: a sampled round of rival bids: the pool they make, the least I must bid to win the card,
#: and the pool's size
Draw = tuple[list[int], int, int]


class MediumAgent:
    """Bids against a model of the rivals built from their revealed bids; see the module doc."""

    samples = 32
    prior_level = 2.0  # jetons a rival is expected to bid before any bid has been seen
    seen_weight = 0.4  # how much the last revealed bid counts against the prior
    # how often a rival is drawn to bid nothing at all (tuned: lower, after a rival's revealed
    # bid, made all-medium tables stall in the round after a costly auction)
    zero_chance = 0.3
    keen = 1.4  # a rival bids this much more for a card in his colours ...
    cool = 0.7  # ... and this much less for one that is not
    rival_weight = 0.8  # how much the average rival's gain counts against mine
    mean_value = 6.0  # where a colour tends to end up
    persistence = 0.97  # per round left, how much of a colour's distance from the mean stays
    jeton_future = 3.0  # the worth of a jeton for later bids, at the start of the game (tuned)
    max_total = 14  # the largest bid considered
    polish_steps = 3

    def __init__(self, rules: Mapping[str, Any]) -> None:
        self.cfg = Config(rules)

    # -- the decisions -------------------------------------------------------------------
    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        t = Outlook(view, self.cfg)
        first = legal[0]
        if isinstance(first, Bid):
            counts, _ = self.best_bid(t, view, view["auction"], rng, polish=True)
            return Bid(tuple(counts), t.letters)
        if isinstance(first, Take):
            return max(legal, key=lambda a: self._draft_score(t, t.letters.index(a.colour)))
        if isinstance(first, Pick):
            if len(legal) == 1:
                return first
            return max(legal, key=lambda a: self.best_bid(t, view, a.card, rng, polish=False)[1])
        return self._sale(t, legal)

    # -- valuation -----------------------------------------------------------------------
    def end_values(self, rounds_left: int) -> list[float]:
        """For every chart value, what a colour standing there now is worth at the end; a
        value that pays out is worth the payout plus the reset value's worth."""
        cfg = self.cfg
        keep = self.persistence ** rounds_left
        drift = [self.mean_value + (v - self.mean_value) * keep for v in range(cfg.chart_max + 1)]
        return [cfg.payout[v] + drift[cfg.reset] if cfg.payout[v] else drift[v] for v in range(cfg.chart_max + 1)]

    def jeton_worth(self, t: Outlook) -> float:
        return self.cfg.jeton_value + self.jeton_future * t.rounds_left / max(t.rounds, 1)

    # -- the rivals ----------------------------------------------------------------------
    def rival_levels(self, t: Outlook, view: Mapping[str, Any], card: Sequence[int]) -> dict[int, tuple[float, float]]:
        """How many jetons each rival is expected to bid for ``card`` when he bids, and how
        likely he is to bid nothing: his revealed bid in the last auction (taken back to a
        neutral card) blended with a prior, scaled by his interest in this card and capped by
        what he holds."""
        last = view.get("last_auction")
        last_aces = t.code_aces(last["card"]) if last else None
        levels = {}
        for s in t.others:
            level, zero = self.prior_level, self.zero_chance
            if last is not None:
                seen = last["totals"][s] / self._interest_factor(t.aces[s], last_aces)
                level = self.seen_weight * seen + (1 - self.seen_weight) * self.prior_level
            level *= self._interest_factor(t.aces[s], card)
            levels[s] = (min(level, sum(t.holdings[s])), zero)
        return levels

    def _interest_factor(self, aces: Sequence[int], card: Sequence[int] | None) -> float:
        if card is None:
            return 1.0
        return self.keen if any(a and c for a, c in zip(aces, card)) else self.cool

    def draws(self, t: Outlook, view: Mapping[str, Any], card: Sequence[int], rng: random.Random) -> list[Draw]:
        k, n = t.k, t.n
        priority = {(t.start + i) % n: i for i in range(n)}
        mine = priority[t.seat]
        levels = self.rival_levels(t, view, card)
        plans = []
        for s in t.others:
            held = [int(h + 0.5) for h in t.holdings[s]]
            keen = any(a and c for a, c in zip(t.aces[s], card))
            weights = [2.0 * t.aces[s][c] + (1.0 if keen and card[c] else 0.0) + 0.3 for c in range(k)]
            plans.append((s, *levels[s], held, weights, priority[s] > mine))
        out: list[Draw] = []
        for _ in range(self.samples):
            pool = [0] * k
            need = 0
            for _s, level, zero, held, weights, after_me in plans:
                if rng.random() < zero or level <= 0:
                    total = 0
                else:
                    total = min(int(level * rng.uniform(0.3, 1.7) + 0.5), sum(held))
                left = list(held)
                for _j in range(total):
                    w = [weights[c] if left[c] else 0.0 for c in range(k)]
                    c = rng.choices(range(k), w)[0]
                    left[c] -= 1
                    pool[c] += 1
                bar = total if after_me else total + 1
                if bar > need:
                    need = bar
            out.append((pool, need, sum(pool)))
        return out

    # -- bidding -------------------------------------------------------------------------
    def best_bid(self, t: Outlook, view: Mapping[str, Any], card: str, rng: random.Random,
                 polish: bool) -> tuple[list[int], float]:
        """The best of a spread of candidate bids (every size, several colour mixes), then a
        local polish; returns the bid and its expected gain over the average rival."""
        cfg = self.cfg
        k, n = t.k, t.n
        card_aces = t.code_aces(card)
        draws = self.draws(t, view, card_aces, rng)
        worth = self.end_values(t.rounds_left)
        jeton = self.jeton_worth(t) * (1 + self.rival_weight / (n - 1))
        rw = self.rival_weight / (n - 1)
        chart = t.chart
        # the stake in each colour: my aces less the average rival's, if I win or not
        stake_won = [t.mine[c] + card_aces[c] - rw * t.rivals[c] for c in range(k)]
        stake_lost = [t.mine[c] - rw * (t.rivals[c] + card_aces[c]) for c in range(k)]
        low, high, rise, rise_min = cfg.chart_min, cfg.chart_max, cfg.rise, cfg.rise_min
        fall = cfg.single_fall
        zero = [max(v - cfg.zero_amount, low) if cfg.zero_by else max(min(v, cfg.zero_amount), low) for v in chart]
        # per colour, the worth after a rise, a single jeton, none, or anything else
        w_rise = [worth[min(v + rise, high)] for v in chart]
        w_one = [worth[max(v - fall, low)] for v in chart]
        w_zero = [worth[z] for z in zero]
        w_stay = [worth[v] for v in chart]
        colours = range(k)
        cache: dict[tuple[int, ...], float] = {}

        def value(counts: Sequence[int]) -> float:
            key = tuple(counts)
            found = cache.get(key)
            if found is not None:
                return found
            total = sum(counts)
            score = 0.0
            for pool_o, need, size in draws:
                stake = stake_won if total >= need else stake_lost
                pool = [a + b for a, b in zip(pool_o, counts)]
                top = max(pool)
                rising = top >= rise_min
                gain = 0.0
                for c in colours:
                    x = pool[c]
                    if x == top and rising:
                        gain += stake[c] * w_rise[c]
                    elif x == 1:
                        gain += stake[c] * w_one[c]
                    elif x == 0:
                        gain += stake[c] * w_zero[c]
                    else:
                        gain += stake[c] * w_stay[c]
                score += gain + jeton * ((size + total) / n - total)
            score /= len(draws)
            cache[key] = score
            return score

        held = t.held
        best = [0] * k
        best_value = value(best)
        for counts in self.candidates(t, card_aces, stake_won, stake_lost):
            v = value(counts)
            if v > best_value + 1e-9:
                best, best_value = counts, v
        if polish:
            for _ in range(self.polish_steps):
                improved = False
                for move in _neighbours(best, held):
                    v = value(move)
                    if v > best_value + 1e-9:
                        best, best_value, improved = move, v, True
                if not improved:
                    break
        return list(best), best_value

    def candidates(self, t: Outlook, card: Sequence[int], stake_won: Sequence[float],
                   stake_lost: Sequence[float]) -> list[list[int]]:
        """Bids of every size up to ``max_total``, each in a few mixes: all in the colours I
        most want up (piled, or spread a pair at a time so several rise together), or paid in
        the colours I care least about (to win the card without moving my rivals' colours)."""
        k = t.k
        held = t.held
        want = [max(stake_won[c], stake_lost[c]) for c in range(k)]
        pushing = sorted(range(k), key=lambda c: (-want[c], -t.chart[c]))
        neutral = sorted(range(k), key=lambda c: (abs(want[c]), -held[c]))
        mine = [c for c in pushing if want[c] > 0] or pushing[:1]
        orders = [_fill_order(pushing, held, 99), _fill_order(mine + [c for c in neutral if c not in mine], held, 2),
                  _fill_order(mine[:1] + neutral, held, 2), _fill_order(neutral, held, 99)]
        out = []
        for order in orders:
            counts = [0] * k
            for c in order[: self.max_total]:
                counts[c] += 1
                out.append(list(counts))
        return out

    # -- the draft -----------------------------------------------------------------------
    @staticmethod
    def _draft_score(t: Outlook, c: int) -> tuple[float, float]:
        """Jetons that push my colours, then jetons my rivals need."""
        return (t.mine[c] * 1.0 + t.top_rival[c] * 0.6 + t.rivals[c] * 0.2, t.chart[c])

    # -- the sale ------------------------------------------------------------------------
    def _sale(self, t: Outlook, legal: Sequence[Action]) -> Action:
        worth = self.end_values(t.rounds_left)
        best: Action = next(a for a in legal if isinstance(a, Keep))
        best_gain = 0.5
        for action in legal:
            if not isinstance(action, Sell):
                continue
            aces = t.code_aces(action.card)
            gain = sum(a * (t.chart[c] - worth[t.chart[c]]) for c, a in enumerate(aces))
            if gain > best_gain:
                best, best_gain = action, gain
        return best


def _fill_order(colours: Sequence[int], held: Sequence[int], chunk: int) -> list[int]:
    """The order jetons go into a bid: ``chunk`` of each colour in turn, round after round,
    until every jeton held is placed."""
    left = list(held)
    order: list[int] = []
    while any(left[c] for c in colours):
        for c in colours:
            take = min(chunk, left[c])
            order.extend([c] * take)
            left[c] -= take
    return order


def _neighbours(counts: Sequence[int], held: Sequence[int]) -> list[list[int]]:
    """Bids one jeton away: one more, one fewer, or one moved to another colour."""
    out = []
    k = len(counts)
    for c in range(k):
        if counts[c] < held[c]:
            more = list(counts)
            more[c] += 1
            out.append(more)
        if counts[c] > 0:
            fewer = list(counts)
            fewer[c] -= 1
            out.append(fewer)
            for d in range(k):
                if d != c and counts[d] < held[d]:
                    moved = list(counts)
                    moved[c] -= 1
                    moved[d] += 1
                    out.append(moved)
    return out
