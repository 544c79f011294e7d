"""What a Banque Fatale view says, in the shapes the computer players use."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.games.banque_fatale.config import Config


class Outlook:
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
