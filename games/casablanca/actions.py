"""Casablanca's actions: small frozen values, shared by the engine, the agents and the board.

An action's record ``text`` is its ``word`` and its one compared number (a field, a symbol,
a number or an amount), worked out once per object; an action without a number has a fixed
text and label. The optional ``note`` (a symbol name, filled in by the engine) only makes
the ``label`` friendlier and takes no part in equality or records.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import ClassVar

from parlour.core.game import Action
from parlour.core.inputs import whole_number

SYMBOLS = 7  # the numbers 0-6 reach each of the seven symbols exactly once (CB-C1)
#: the largest number a record text may hold (fields, stakes and amounts are far smaller)
MAX_NUMBER = 10**12 - 1


class _Dollars(dict[int, str]):
    """Amounts as a player reads them ("$1,250"), each written once: the engine's log
    lines name a stake or a premium at nearly every step."""

    def __missing__(self, amount: int) -> str:
        if len(self) > 4096:
            self.clear()
        text = self[amount] = f"${amount:,}"
        return text


dollars = _Dollars().__getitem__


_NUMBERS: dict[type, tuple[str, ...]] = {}  #: per class, the fields that hold numbers


def _whole_numbers(action: Action) -> None:
    """Refuse an action whose numbers are not whole numbers (``note`` is text)."""
    kind = type(action)
    names = _NUMBERS.get(kind)
    if names is None:
        names = _NUMBERS[kind] = tuple(f.name for f in fields(action) if f.name != "note")
    for name in names:
        value = getattr(action, name)
        if type(value) is not int:
            raise TypeError(f"{kind.__name__}.{name} must be a whole number, not {value!r}")


@dataclass(frozen=True, order=True)
class _Numbered(Action):
    """An action with one number: its first field."""

    word: ClassVar[str]

    def __post_init__(self) -> None:
        _whole_numbers(self)

    @cached_property
    def text(self) -> str:  # type: ignore[override]
        return f"{self.word} {getattr(self, fields(self)[0].name)}"


@dataclass(frozen=True, order=True)
class _OnField(_Numbered):
    """An action on a field of the ring; the label counts fields from 1."""

    field: int
    note: str = field(default="", compare=False, repr=False)
    doing: ClassVar[str]  # what the label says before the field's number

    @property
    def label(self) -> str:
        return f"{self.doing} {self.field + 1}" + (f" ({self.note})" if self.note else "")


@dataclass(frozen=True, order=True)
class _OfSymbol(_Numbered):
    """An action on a card of ``symbol``; ``doing`` is the label with ``{}`` for the symbol."""

    symbol: int
    note: str = field(default="", compare=False, repr=False)
    doing: ClassVar[str]

    @property
    def label(self) -> str:
        return self.doing.format(self.note or f"symbol {self.symbol}")


@dataclass(frozen=True, order=True)
class PlaceFigure(_OnField):
    """Set-up: put your figure on a field of the ring."""

    word = "figure"
    doing = "put your figure on field"


@dataclass(frozen=True, order=True)
class Reshuffle(Action):
    """At the start of your turn, as often a round as the rules allow: every ring chip goes to
    a random field."""

    text = "reshuffle"  # type: ignore[assignment]
    label = "reshuffle the chips on the ring"  # type: ignore[assignment]


@dataclass(frozen=True, order=True)
class Sell(_OfSymbol):
    """Out of money: sell one card of ``symbol`` to the bank."""

    word = "sell"
    doing = "sell a {} card to the bank"


@dataclass(frozen=True, order=True)
class Pick(_OnField):
    """Pick up the chip on ``field`` and look at it."""

    word = "pick"
    doing = "pick up the chip on field"


@dataclass(frozen=True, order=True)
class Announce(_Numbered):
    """Say the number you will move (true or not) and put the chip you hold face down on a
    free ``field``: one decision, since nobody learns anything between the two."""

    number: int
    field: int
    note: str = field(default="", compare=False, repr=False)  # the field's symbol name
    word = "announce"

    @cached_property
    def text(self) -> str:  # type: ignore[override]
        return f"{self.word} {self.number} {self.field}"  # two numbers, not one

    @property
    def label(self) -> str:
        where = f"field {self.field + 1}" + (f" ({self.note})" if self.note else "")
        return f"announce {self.number}, chip to {where}"


@dataclass(frozen=True, order=True)
class Challenge(_Numbered):
    """Commit (in secret) to challenging the announcement with an opening ``stake``."""

    stake: int
    word = "challenge"

    @property
    def label(self) -> str:
        return f"challenge, staking {dollars(self.stake)}"


@dataclass(frozen=True, order=True)
class Pass(Action):
    """Commit (in secret) to letting the announcement stand."""

    text = "pass"  # type: ignore[assignment]
    label = "let it pass"  # type: ignore[assignment]


@dataclass(frozen=True, order=True)
class Admit(Action):
    """The challenged mover owns up: the move is undone and the fee goes to the pot."""

    text = "admit"  # type: ignore[assignment]
    label = "admit (undo the move, pay the fee)"  # type: ignore[assignment]


@dataclass(frozen=True, order=True)
class Call(Action):
    """Match the other stake and turn the chip over."""

    text = "call"  # type: ignore[assignment]
    label = "call: turn the chip over"  # type: ignore[assignment]


@dataclass(frozen=True, order=True)
class Raise(_Numbered):
    """Match the other stake and add ``by`` to it."""

    by: int
    word = "raise"

    @property
    def label(self) -> str:
        return f"raise by {dollars(self.by)}"


@dataclass(frozen=True, order=True)
class Fold(Action):
    """Give up the exchange: your stake goes to the other."""

    text = "fold"  # type: ignore[assignment]
    label = "fold (lose your stake)"  # type: ignore[assignment]


@dataclass(frozen=True, order=True)
class TakeTop(Action):
    """The exchange's winner takes the top card of the pile."""

    text = "take top"  # type: ignore[assignment]
    label = "take the top card of the pile"  # type: ignore[assignment]


@dataclass(frozen=True, order=True)
class TakeCard(_OfSymbol):
    """The exchange's winner takes one of the loser's cards of ``symbol``."""

    word = "take"
    doing = "take a {} card from the loser"


RESHUFFLE = Reshuffle()
PASS = Pass()
ADMIT = Admit()
CALL = Call()
FOLD = Fold()
TAKE_TOP = TakeTop()

#: the actions without a number, by their text
_FIXED: dict[str, Action] = {a.text: a for a in (RESHUFFLE, PASS, ADMIT, CALL, FOLD, TAKE_TOP)}
#: the actions with numbers, by the word their text starts with
_WORDED: dict[str, type[_Numbered]] = {kind.word: kind for kind in (PlaceFigure, Sell, Pick, Announce, Challenge,
                                                                     Raise, TakeCard)}


def read_text(text: str, names: list[str]) -> Action | None:
    """The action written ``text``, legal or not (``names``: the symbols' names, which the
    labels use), or None when no action is written so."""
    fixed = _FIXED.get(text)
    if fixed is not None:
        return fixed
    word, _, rest = text.partition(" ")
    kind = _WORDED.get(word)
    if kind is None:
        return None
    values = [whole_number(n, MAX_NUMBER) for n in rest.split(" ")]
    if None in values:
        return None
    if kind is Announce:
        if len(values) != 2:
            return None
        action: Action = Announce(values[0], values[1], names[values[1] % SYMBOLS])
    elif len(values) != 1:
        return None
    elif issubclass(kind, _OnField):
        action = kind(values[0], names[values[0] % SYMBOLS])  # type: ignore[call-arg]
    elif issubclass(kind, _OfSymbol):
        if values[0] >= SYMBOLS:
            return None
        action = kind(values[0], names[values[0]])  # type: ignore[call-arg]
    else:
        action = kind(values[0])  # type: ignore[call-arg]
    return action if action.text == text else None
