"""Banque Fatale's action numbering (for OpenSpiel and other tools that number actions).

In order: a pick of each card of the deck, every bid, a take of each colour, a sale of each
card, keep. A bid is its jeton counts read as a number in base ``jetons_per_colour + 1``, the
first colour the most significant digit (59,049 bids with five colours of eight), worked out
by arithmetic: the bids are never listed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.games.banque_fatale.actions import KEEP, Bid, Pick, Sell, Take
from parlour.games.banque_fatale.config import canonical
from parlour.core.codec import ActionCodec, Fixed, Phrase


class Bids:
    """Every bid, numbered as its jeton counts in base ``most + 1``."""

    word = Bid.word

    def __init__(self, letters: str, most: int) -> None:
        self.letters = letters
        self.base = most + 1
        self.size = self.base ** len(letters)

    def encode(self, text: str) -> int | None:
        word, _, rest = text.partition(" ")
        if word != self.word:
            return None
        counts = [0] * len(self.letters)
        if rest != "0":
            for part in rest.split(" "):
                number, letter = part[:-1], part[-1:]
                i = self.letters.find(letter) if letter else -1
                if i < 0 or not (number.isascii() and number.isdigit()) or counts[i] or not 0 < int(number) < self.base:
                    return None
                counts[i] = int(number)
        code = 0
        for count in counts:
            code = code * self.base + count
        return code

    def decode(self, number: int) -> str:
        counts = []
        for _ in self.letters:
            number, count = divmod(number, self.base)
            counts.append(count)
        counts.reverse()
        parts = [f"{n}{letter}" for n, letter in zip(counts, self.letters) if n]
        return "bid " + (" ".join(parts) if parts else "0")


def action_codec(rules: Mapping[str, Any]) -> ActionCodec:
    letters = "".join(c["letter"] for c in rules["colours"])
    cards = list(dict.fromkeys(canonical(code, letters) for code in rules["deck"]))
    return ActionCodec([
        Phrase(Pick.word, cards),
        Bids(letters, int(rules["jetons_per_colour"])),
        Phrase(Take.word, list(letters)),
        Phrase(Sell.word, cards),
        Fixed(KEEP.text),
    ])
