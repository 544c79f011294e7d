"""Banque Fatale's actions: small frozen values, shared by the engine, the agents and the board.

Each is written as the core's :class:`~parlour.core.actions.Action` writes and reads one: its
``word``, then its field (``pick RG``, ``take R``, ``sell RG``, ``keep``). Only the bid is
written otherwise, and overrides ``to_text`` and ``from_text``: a vector of jeton counts,
written with the colour letters (``bid 2R 1G``; ``bid 0`` for nothing).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from parlour.games.banque_fatale.words import N_, _, ngettext
from parlour.core.actions import Action, IllegalAction, quoted
from parlour.core.inputs import whole_number


@dataclass(frozen=True, order=True)
class _Worded(Action):
    """An action written as its ``word`` and its field; ``doing`` is its label (English,
    worded in the player's language when shown), with ``{}`` for the field's value."""

    doing: ClassVar[str]

    @property
    def label(self) -> str:
        return _(self.doing).format(*[getattr(self, f.name) for f in fields(self)])


@dataclass(frozen=True, order=True)
class Pick(_Worded):
    """The start player puts a face-up card up for auction (BF-R1)."""

    card: str
    word = "pick"
    doing = N_("auction card {}")


@dataclass(frozen=True, order=True)
class Take(_Worded):
    """Take one jeton of a colour from the pool (BF-R7)."""

    colour: str
    word = "take"
    doing = N_("take one {} jeton")


@dataclass(frozen=True, order=True)
class Sell(_Worded):
    """Sell a card to the bank at its chart value (BF-R8)."""

    card: str
    word = "sell"
    doing = N_("sell card {}")


@dataclass(frozen=True, order=True)
class Keep(_Worded):
    """Sell nothing (more) this round."""

    word = "keep"
    doing = N_("sell nothing")


KEEP = Keep()


@dataclass(frozen=True, order=True)
class Bid(Action):
    """A sealed bid: how many jetons of each colour (BF-R2). ``letters`` names the colours."""

    counts: tuple[int, ...]
    letters: str = field(default="RYGBO", compare=False, repr=False)
    word: ClassVar[str] = "bid"

    @property
    def total(self) -> int:
        return sum(self.counts)

    def to_text(self) -> str:
        parts = [f"{n}{letter}" for n, letter in zip(self.counts, self.letters) if n]
        return "bid " + (" ".join(parts) if parts else "0")

    @property
    def label(self) -> str:
        total = self.total
        if not total:
            return _("bid nothing")
        parts = " ".join(f"{n}{letter}" for n, letter in zip(self.counts, self.letters) if n)
        return ngettext("bid {} jeton: {}", "bid {} jetons: {}", total).format(total, parts)

    @classmethod
    def from_text(cls, text: str, rules: Mapping[str, Any]) -> Bid:
        """The bid written ``text``: ``bid`` and a count with a colour letter per colour bid."""
        letters = "".join(colour["letter"] for colour in rules["colours"])
        word, _space, rest = text.partition(" ")
        if word != cls.word:
            raise IllegalAction(_("{} is not a bid").format(quoted(text)))
        counts = [0] * len(letters)
        if rest != "0":
            for part in rest.split():
                number, letter = whole_number(part[:-1]), part[-1:]
                if letter not in letters or number is None:
                    raise IllegalAction(_("{} is not a bid").format(quoted(text)))
                counts[letters.index(letter)] += number
        return cls(tuple(counts), letters)


#: every kind of action, in the order the game's numbering lists them
ACTION_KINDS = (Pick, Bid, Take, Sell, Keep)


def whole_counts(counts: object, colours: int) -> bool:
    """Whether ``counts`` is a tuple of ``colours`` whole numbers (not floats, strings or
    booleans: a bid counts whole jetons)."""
    return type(counts) is tuple and len(counts) == colours and set(map(type, counts)) <= WHOLE_TYPES


WHOLE_TYPES = {int}


class BidChoices(Sequence[Bid]):
    """Every bid a seat may make, without building them all: one per vector of counts,
    ``0 <= count <= held`` for each colour. Indexing decodes a mixed-radix number, so a
    random agent draws a uniform bid in constant time, whatever the seat holds."""

    __slots__ = ("held", "letters", "_size")

    def __init__(self, held: Sequence[int], letters: str) -> None:
        self.held = held = tuple(held)
        self.letters = letters
        size = 1
        for h in held:
            size *= h + 1
        self._size = size

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, index: Any) -> Any:
        if type(index) is not int or not 0 <= index < self._size:  # not the common case
            if isinstance(index, slice):
                return [self[i] for i in range(*index.indices(self._size))]
            if index < 0:
                index += self._size
            if not 0 <= index < self._size:
                raise IndexError("bid index out of range")
        held = self.held
        counts = [0] * len(held)
        for i in range(len(held) - 1, -1, -1):
            index, counts[i] = divmod(index, held[i] + 1)
        return Bid(tuple(counts), self.letters)

    def __iter__(self) -> Iterator[Bid]:
        letters = self.letters
        for counts in itertools.product(*(range(h + 1) for h in self.held)):
            yield Bid(counts, letters)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Bid) or not whole_counts(action.counts, len(self.held)):
            return False
        return all(0 <= c <= h for c, h in zip(action.counts, self.held))

    def __repr__(self) -> str:
        return f"BidChoices({self.held}, {len(self)} bids)"
