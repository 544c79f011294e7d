"""Computer players for Banque Fatale. They decide from a seat's view and the legal actions only.

``easy`` plays the book's tips by rule of thumb: it bids for cards in its own colours and pays
in those colours, drafts its colours back, and sells a card once it stands high.

``medium`` weighs its options. It models the other seats' sealed bids by sampling (from the
jetons it can see, or its estimate of them behind closed screens), and for each bid it
considers works out, over those samples, whether it wins the card, how the pool moves the
chart, who the 11/12 payouts go to, and how many jetons it gets back. It keeps the bid with the
best expected gain over the average rival, improving it one jeton at a time. It picks the card
whose auction promises most, drafts the jetons that push its colours and starve its rivals'
most, and sells a card when it stands above what it is likely to be worth at the end.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.banque_fatale.engine import Bid, Config, Keep, Pick, Sell, Take
from parlour.core.game import Action


class Table:
    """What a view says, in the shapes the agents use: colours as indices, cards as ace counts."""

    def __init__(self, view: Mapping[str, Any], cfg: Config) -> None:
        self.cfg = cfg
        self.seat: int = view["seat"]
        self.n: int = view["players"]
        self.letters: str = view["letters"]
        self.k = len(self.letters)
        self.chart: list[int] = list(view["chart"])
        self.start: int = view["start_player"]
        self.rounds_left: int = view["rounds"] - view["round"]
        self.rounds: int = view["rounds"]
        self.aces = [self.card_aces(cards) for cards in view["cards"]]
        self.mine = self.aces[self.seat]
        self.others = [s for s in range(self.n) if s != self.seat]
        self.rivals = [sum(self.aces[s][c] for s in self.others) for c in range(self.k)]
        self.top_rival = [max(self.aces[s][c] for s in self.others) for c in range(self.k)]
        self.held: list[int] = list(view["jetons"][self.seat])
        self.pool: list[int] = list(view["pool"])
        self.holdings = self._holdings(view["jetons"])

    def code_aces(self, code: str) -> list[int]:
        return [code.count(letter) for letter in self.letters]

    def card_aces(self, cards: Sequence[str]) -> list[int]:
        out = [0] * self.k
        for code in cards:
            for ch in code:
                out[self.letters.index(ch)] += 1
        return out

    def _holdings(self, jetons: Sequence[Sequence[int] | None]) -> list[list[float]]:
        """Each seat's jetons; behind closed screens the others' share of what is unaccounted
        for (the jetons in play, less mine and the pool's) is split evenly."""
        known = [list(map(float, j)) if j is not None else None for j in jetons]
        hidden = [s for s, j in enumerate(known) if j is None]
        if hidden:
            in_play = [float(self.n * self.cfg.start_jetons)] * self.k
            seen = [sum(j[c] for j in known if j is not None) for c in range(self.k)]
            rest = [max(0.0, in_play[c] - seen[c] - self.pool[c]) / len(hidden) for c in range(self.k)]
            for s in hidden:
                known[s] = list(rest)
        return known  # type: ignore[return-value]

    def card_value(self, code: str) -> int:
        return sum(self.chart[self.letters.index(ch)] for ch in code)


# ------------------------------------------------------------------------------------------
# easy


class EasyAgent:
    """Rules of thumb from the book's tips, with a little noise."""

    def __init__(self, rules: Mapping[str, Any]) -> None:
        self.cfg = Config(rules)

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        t = Table(view, self.cfg)
        first = legal[0]
        if isinstance(first, Pick):
            return max(legal, key=lambda a: (self._interest(t, a.card), t.card_value(a.card), rng.random()))
        if isinstance(first, Bid):
            return self._bid(t, view["auction"], legal, rng)
        if isinstance(first, Take):
            return max(legal, key=lambda a: (t.mine[t.letters.index(a.colour)], rng.random()))
        sells = [a for a in legal if isinstance(a, Sell)]
        if sells:
            best = max(sells, key=lambda a: t.card_value(a.card) / len(a.card))
            if t.card_value(best.card) >= 9 * len(best.card) or (t.rounds_left == 0 and rng.random() < 0.5):
                return best
        return next(a for a in legal if isinstance(a, Keep))

    @staticmethod
    def _interest(t: Table, code: str) -> int:
        return sum(t.mine[t.letters.index(ch)] for ch in code)

    def _bid(self, t: Table, card: str, legal: Sequence[Action], rng: random.Random) -> Action:
        total = sum(t.held)
        share = 0.6 if self._interest(t, card) else 0.3
        want = min(total, round(total * share * rng.uniform(0.7, 1.3)))
        wanted = t.code_aces(card)
        order = sorted(range(t.k), key=lambda c: (-(t.mine[c] + wanted[c]), rng.random()))
        counts = [0] * t.k
        for c in order:
            take = min(t.held[c], want - sum(counts))
            counts[c] = take
        bid = Bid(tuple(counts), t.letters)
        return bid if bid in legal else legal[0]


# ------------------------------------------------------------------------------------------
# medium


class MediumAgent:
    """Expected gain over sampled rival bids; see the module docstring."""

    samples = 24
    rival_weight = 0.5  # how much a rival's gain counts against mine (per rival, averaged)
    mean_value = 6.5  # where a colour tends to end up
    persistence = 0.9  # per round left, how much of a colour's distance from the mean stays
    jeton_future = 3.0  # the worth of a jeton for later bids, at the start of the game (tuned)

    def __init__(self, rules: Mapping[str, Any]) -> None:
        self.cfg = Config(rules)

    # -- the decisions -------------------------------------------------------------------
    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        t = Table(view, self.cfg)
        first = legal[0]
        if isinstance(first, Bid):
            counts, _ = self._best_bid(t, view["auction"], rng, climb=True)
            return Bid(tuple(counts), t.letters)
        if isinstance(first, Take):
            return max(legal, key=lambda a: self._draft_score(t, t.letters.index(a.colour)))
        if isinstance(first, Pick):
            if len(legal) == 1:
                return first
            return max(legal, key=lambda a: self._best_bid(t, a.card, rng, climb=False)[1])
        return self._sale(t, legal)

    # -- valuation -----------------------------------------------------------------------
    def _expected(self, t: Table, rounds_left: int) -> list[float]:
        """A chart value now -> its expected value at the end, for every value on the chart."""
        keep = self.persistence ** rounds_left
        return [self.mean_value + (v - self.mean_value) * keep for v in range(self.cfg.chart_max + 1)]

    def _jeton_worth(self, t: Table) -> float:
        return self.cfg.jeton_value + self.jeton_future * t.rounds_left / max(t.rounds, 1)

    # -- bidding -------------------------------------------------------------------------
    def _rival_samples(self, t: Table, rng: random.Random) -> list[tuple[list[int], int, int]]:
        """Sampled sealed bids of the others: per sample, the pool they make, the most any of
        them bids, and the least I must bid to win (ties go to the seat nearest the start)."""
        n = t.n
        priority = {(t.start + i) % n: i for i in range(n)}
        mine = priority[t.seat]
        out = []
        for _ in range(self.samples):
            pool = [0] * t.k
            need = 0
            for s in t.others:
                held = t.holdings[s]
                total = 0
                for c in range(t.k):
                    h = held[c]
                    whole = int(h)
                    if rng.random() < h - whole:
                        whole += 1
                    x = rng.randint(0, whole) if whole else 0
                    pool[c] += x
                    total += x
                bar = total if priority[s] > mine else total + 1
                if bar > need:
                    need = bar
            out.append((pool, need, sum(pool)))
        return out

    def _best_bid(self, t: Table, card: str, rng: random.Random, climb: bool) -> tuple[list[int], float]:
        cfg = self.cfg
        k = t.k
        card_aces = t.code_aces(card)
        samples = self._rival_samples(t, rng)
        expected = self._expected(t, t.rounds_left)
        jeton = self._jeton_worth(t)
        rw = self.rival_weight / max(len(t.others), 1)
        mine_lost = t.mine
        mine_won = [a + b for a, b in zip(t.mine, card_aces)]
        rivals_lost = [a + b for a, b in zip(t.rivals, card_aces)]
        rivals_won = t.rivals
        payout = cfg.payout
        low, high = cfg.chart_min, cfg.chart_max
        chart = t.chart
        n = t.n
        # a colour's worth to me per point it moves, win or lose
        stake_won = [mine_won[c] - rw * rivals_won[c] for c in range(k)]
        stake_lost = [mine_lost[c] - rw * rivals_lost[c] for c in range(k)]

        def value(counts: Sequence[int]) -> float:
            total = sum(counts)
            score = 0.0
            for pool_o, need, size in samples:
                won = total >= need
                stake = stake_won if won else stake_lost
                pool = [a + b for a, b in zip(pool_o, counts)]
                top = max(pool)
                rising = top >= cfg.rise_min
                gain = 0.0
                for c in range(k):
                    count = pool[c]
                    v = chart[c]
                    if count == top and rising:
                        after = min(v + cfg.rise, high)
                    elif count == 1:
                        after = max(v - cfg.single_fall, low)
                    elif count == 0:
                        after = max(v - cfg.zero_amount if cfg.zero_by else min(v, cfg.zero_amount), low)
                    else:
                        after = v
                    pay = payout[after]
                    if pay:
                        gain += stake[c] * (pay + expected[cfg.reset])
                    else:
                        gain += stake[c] * expected[after]
                # the card itself counts in the stakes; the jetons: what comes back less the bid
                gain += jeton * ((size + total) / n - total)
                score += gain
            return score / len(samples)

        held = t.held
        weights = [stake_won[c] + 0.01 * chart[c] for c in range(k)]
        order = sorted(range(k), key=lambda c: -weights[c])
        best: list[int] = [0] * k
        best_value = value(best)
        counts = [0] * k
        for c in order:
            for _ in range(held[c]):
                counts[c] += 1
                v = value(counts)
                if v > best_value:
                    best, best_value = list(counts), v
        if climb:
            improved = True
            steps = 0
            while improved and steps < 6:
                improved = False
                steps += 1
                for move in _neighbours(best, held):
                    v = value(move)
                    if v > best_value + 1e-9:
                        best, best_value, improved = move, v, True
        return best, best_value

    # -- the draft -----------------------------------------------------------------------
    def _draft_score(self, t: Table, c: int) -> tuple[float, float]:
        """Jetons that push my colours, then jetons my rivals need."""
        return (t.mine[c] * 1.0 + t.top_rival[c] * 0.6 + t.rivals[c] * 0.2, t.chart[c])

    # -- the sale ------------------------------------------------------------------------
    def _sale(self, t: Table, legal: Sequence[Action]) -> Action:
        expected = self._expected(t, t.rounds_left)
        keep = next(a for a in legal if isinstance(a, Keep))
        best: Action = keep
        best_gain = 0.5
        for action in legal:
            if not isinstance(action, Sell):
                continue
            aces = t.code_aces(action.card)
            now = sum(a * t.chart[c] for c, a in enumerate(aces))
            later = sum(a * expected[t.chart[c]] for c, a in enumerate(aces))
            # selling also hands my rivals the colour (they lose a partner in pushing it)
            gain = now - later
            if gain > best_gain:
                best, best_gain = action, gain
        return best


def _neighbours(counts: list[int], held: Sequence[int]) -> list[list[int]]:
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
