"""Numbering a game's actions: one fixed integer for every action a game can ever offer under a
ruleset, for tools that name actions by number (OpenSpiel, tabular learners, policy tensors).

A codec is built from parts laid end to end. Each part numbers the record texts of one kind
of action from 0 to its ``size``; the codec adds the sizes of the parts before it. A part
reads a text only, never a state, so a number means the same action in every state of a game
played under the same ruleset and number of players.
"""

from __future__ import annotations

import bisect
import zlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, Union

if TYPE_CHECKING:
    from parlour.core.actions import Action

#: the actions a codec remembers the numbers of (Banque Fatale's bids are at most 59,049)
REMEMBERED = 1 << 17


class Part(Protocol):
    """One kind of action, numbered from 0 to ``size - 1``."""

    word: str
    size: int

    def encode(self, text: str) -> int | None:
        """The number of the action written ``text`` (its first word is :attr:`word`), or None."""
        ...

    def decode(self, number: int) -> str:
        """The record text of action ``number`` of this part."""
        ...


#: the values one field may take: a range of numbers, or words
Domain = Union[range, Sequence[str]]


class Fixed:
    """An action with no fields, written as its ``text`` (``keep``, ``take top``)."""

    size = 1

    def __init__(self, text: str) -> None:
        self.text = text
        self.word = text.partition(" ")[0]

    def encode(self, text: str) -> int | None:
        return 0 if text == self.text else None

    def decode(self, number: int) -> str:
        return self.text


class Phrase:
    """An action written as its ``word`` and one value of each domain (``announce 3 12``),
    numbered in mixed radix, the last field changing fastest."""

    def __init__(self, word: str, *domains: Domain) -> None:
        self.word = word
        self.domains = domains
        self.size = 1
        for domain in domains:
            self.size *= len(domain)
        self._index = [None if isinstance(d, range) else {v: i for i, v in enumerate(d)} for d in domains]

    def encode(self, text: str) -> int | None:
        parts = text.split(" ")
        if parts[0] != self.word or len(parts) != len(self.domains) + 1:
            return None
        number = 0
        for token, domain, index in zip(parts[1:], self.domains, self._index):
            if index is None:
                if not (token.isascii() and token.isdigit()) or int(token) not in domain:  # type: ignore[operator]
                    return None
                place = int(token) - domain.start  # type: ignore[union-attr]
                place //= domain.step  # type: ignore[union-attr]
            else:
                found = index.get(token)
                if found is None:
                    return None
                place = found
            number = number * len(domain) + place
        return number

    def decode(self, number: int) -> str:
        values: list[str] = []
        for domain in reversed(self.domains):
            number, place = divmod(number, len(domain))
            values.append(str(domain[place]))
        return " ".join([self.word, *reversed(values)])


class Hashed:
    """The fallback for a game that numbers nothing itself: each text by a checksum into
    ``size`` numbers. Fixed, but sparse and not invertible (a number is shown as ``#n``);
    two legal actions that share a number are refused when they meet (:class:`ActionCodec`)."""

    word = ""

    def __init__(self, size: int = 1 << 20) -> None:
        self.size = size

    def encode(self, text: str) -> int | None:
        return zlib.crc32(text.encode("utf-8")) % self.size

    def decode(self, number: int) -> str:
        return f"#{number}"


class ActionCodec:
    """The parts of a game's action numbering, laid end to end."""

    def __init__(self, parts: Sequence[Part]) -> None:
        self.parts = list(parts)
        self.starts: list[int] = []
        size = 0
        self._by_word: dict[str, list[int]] = {}
        for i, part in enumerate(self.parts):
            self.starts.append(size)
            size += part.size
            self._by_word.setdefault(part.word, []).append(i)
        #: how many numbers there are: every action's number is below it
        self.size = size
        self.invertible = not any(isinstance(p, Hashed) for p in self.parts)
        self._numbers: dict[Any, int] = {}

    def number(self, action: Action) -> int:
        """The number of ``action`` (its text's), remembered: the actions a game offers are
        few and mostly shared objects, so their texts are read once."""
        found = self._numbers.get(action)
        if found is None:
            if len(self._numbers) >= REMEMBERED:
                self._numbers.clear()
            found = self._numbers[action] = self.encode(action.text)
        return found

    def encode(self, text: str) -> int:
        """The number of the action written ``text``; ``ValueError`` if no part knows it."""
        for i in self._by_word.get(text.partition(" ")[0], ()) or self._by_word.get("", ()):
            found = self.parts[i].encode(text)
            if found is not None:
                return self.starts[i] + found
        raise ValueError(f"{text!r} has no number in this game's action numbering")

    def decode(self, number: int) -> str:
        """The record text of action ``number``; ``ValueError`` outside ``0 .. size - 1``."""
        if not 0 <= number < self.size:
            raise ValueError(f"action number {number} is not below {self.size}")
        i = bisect.bisect_right(self.starts, number) - 1  # the last part starting at or before it
        return self.parts[i].decode(number - self.starts[i])
