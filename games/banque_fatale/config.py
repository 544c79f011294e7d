"""Banque Fatale's ruleset, read once per game into the shapes the engine uses."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from parlour.games.banque_fatale.actions import Pick, Sell, Take
from parlour.games.banque_fatale.words import N_, _
from parlour.core.events import seat_label


class Config:
    """The resolved settings in the shapes the engine uses (colours as indices)."""

    __slots__ = (
        "letters", "names", "index", "deck", "aces", "chart_min", "chart_max", "chart_start",
        "display_size", "start_player", "rise", "rise_min", "single_fall", "zero_by",
        "zero_amount", "payout", "reset", "sales", "restrict_rose", "jeton_value", "closed",
        "start_jetons", "per_colour", "takes", "picks", "sells", "_tables", "colours_of",
        "masks",
    )

    def __init__(self, rules: Mapping[str, Any]) -> None:
        colours = rules["colours"]
        self.letters: str = "".join(c["letter"] for c in colours)
        self.names: list[str] = [c["name"] for c in colours]
        self.index: dict[str, int] = {letter: i for i, letter in enumerate(self.letters)}
        self.deck: list[str] = [canonical(code, self.letters) for code in rules["deck"]]
        self.aces: dict[str, tuple[int, ...]] = {
            code: tuple(code.count(letter) for letter in self.letters) for code in set(self.deck)
        }
        self.colours_of: dict[str, tuple[int, ...]] = {
            code: tuple(self.index[ch] for ch in code) for code in self.aces
        }
        #: each card's colours as bits (colour i is 1 << i)
        self.masks: dict[str, int] = {code: sum(1 << i for i in set(c)) for code, c in self.colours_of.items()}
        chart = rules["chart"]
        self.chart_min: int = chart["min"]
        self.chart_max: int = chart["max"]
        self.chart_start: int = chart["start"]
        self.display_size: int = rules["display_size"]
        self.start_player: str = rules["start_player"]
        self.rise: int = rules["rise"]
        self.rise_min: int = rules["rise_min_count"]
        self.single_fall: int = rules["single_jeton_fall"]
        self.zero_by: bool = rules["zero_jetons"] == "by"
        self.zero_amount: int = rules["zero_jetons_amount"]
        payout = [0] * (self.chart_max + 1)
        for value, amount in rules["payout"].items():
            payout[int(value)] = amount
        self.payout: list[int] = payout
        self.reset: int = rules["reset_value"]
        self.sales: int = rules["sales_per_round"]
        self.restrict_rose: bool = rules["sale_restriction"] == "colour-rose"
        self.jeton_value: int = rules["jeton_value"]
        self.closed: bool = rules["closed_screens"]
        self.start_jetons: int = rules["start_jetons_per_colour"]
        self.per_colour: int = rules["jetons_per_colour"]
        # Actions are values: one object per possible move, shared by every state.
        self.takes: list[Take] = [Take(letter) for letter in self.letters]
        self.picks: dict[str, Pick] = {code: Pick(code) for code in self.aces}
        self.sells: dict[str, Sell] = {code: Sell(code) for code in self.aces}
        self._tables: dict[int, tuple[Any, ...]] = {}

    def tables(self, players: int) -> tuple[Any, ...]:
        """Per table size: seat names, one-seat sets, and the frequent log lines (as a state
        keeps them until read, see ``State.note``), built once."""
        found = self._tables.get(players)
        if found is None:
            names = [seat_label(s) for s in range(players)]
            only = [frozenset((s,)) for s in range(players)]
            takes = [
                [(N_("{} takes one {} jeton"), (names[s], letter), None, "take", {"seat": s, "colour": letter})
                 for letter in self.letters]
                for s in range(players)
            ]
            bids = [(N_("{} has bid"), (names[s],), None, "bid", {"seat": s}) for s in range(players)]
            found = self._tables[players] = (names, only, takes, bids)
        return found


_last_config: tuple[Mapping[str, Any], Any, Config] | None = None


def config_for(rules: Mapping[str, Any]) -> Config:
    """The Config for ``rules``, reused while the same, unchanged rules come back (a
    simulation deals thousands of games under one ruleset)."""
    global _last_config
    last = _last_config
    if last is not None and last[0] is rules and last[1] == rules:
        return last[2]
    cfg = Config(rules)
    _last_config = (rules, copy.deepcopy(rules), cfg)
    return cfg


def canonical(code: str, letters: str) -> str:
    """A card code with its aces in colour order (``GR`` -> ``RG``)."""
    return "".join(sorted(code, key=letters.index))


def jeton_text(counts: Sequence[int], letters: str) -> str:
    """Jetons as ``2R 1G``, ``nothing`` for none."""
    parts = [f"{n}{letter}" for n, letter in zip(counts, letters) if n]
    return " ".join(parts) if parts else "nothing"


def bid_words(counts: Sequence[int], letters: str) -> str:
    """A bid in a log line: ``2R 1G``, or "nothing" in the reader's language."""
    return jeton_text(counts, letters) if any(counts) else _("nothing")
