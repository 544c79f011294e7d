"""Computer players for Banque Fatale. They decide from a seat's view and the legal actions only.

``easy`` plays the book's tips by rule of thumb: it bids for cards in its own colours and pays
in those colours, drafts its colours back, and sells a card once it stands high.

``medium`` (in :mod:`parlour.games.banque_fatale.medium`) models each rival from the bids it has seen
revealed, weighs a spread of candidate bids against draws of the rivals' sealed bids, and
values the chart's moves, a colour's crash to 2 included.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from parlour.games.banque_fatale.actions import Bid, Keep, Pick, Sell, Take
from parlour.games.banque_fatale.config import Config
from parlour.games.banque_fatale.outlook import Outlook
from parlour.games.banque_fatale.words import N_
from parlour.core.game import Action


# ------------------------------------------------------------------------------------------
# easy


class EasyAgent:
    """Rules of thumb from the book's tips, with a little noise."""

    def __init__(self, rules: Mapping[str, Any]) -> None:
        self.cfg = Config(rules)

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        t = Outlook(view, self.cfg)
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
    def _interest(t: Outlook, code: str) -> int:
        return sum(t.mine[t.letters.index(ch)] for ch in code)

    def _bid(self, t: Outlook, card: str, legal: Sequence[Action], rng: random.Random) -> Action:
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


__all__ = ["ABOUT", "EasyAgent"]


#: What players may expect of each level: the measured strength table (benchmarks/strength.py,
#: 4 players, seats rotated; the README has the intervals).
#: English, worded in the player's language by ``BanqueFatale.agent_kinds``.
ABOUT = {
    "easy": N_("bids by rules of thumb; wins about 6 in 100 games against three medium"),
    "medium": N_("reads rivals from their revealed bids; wins 85 in 100 games against three easy"),
    "hard": N_("searches the worlds its seat allows; wins about half its games against three medium"),
}
