"""Casablanca's actions: small frozen values, shared by the engine, the agents and the board.

Each is written as the core's :class:`~parlour.core.actions.Action` writes and reads one: its
``word`` and its compared numbers (a field, a symbol, a number or an amount: ``pick 12``,
``announce 3 12``); an action without a number is its word alone (``pass``, ``take top``).
The optional ``note`` (a symbol's name) only makes the ``label`` friendlier and takes no part
in equality or records: the engine fills it in, and ``from_text`` from the table's rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Self

from parlour.core.actions import Action, IllegalAction, quoted
from parlour.core.i18n import N_
from parlour.games.casablanca.texts import _, dollars, symbol_word

SYMBOLS = 7  # the numbers 0-6 reach each of the seven symbols exactly once (CB-C1)


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
    """An action whose compared fields are whole numbers (refused otherwise when built)."""

    def __post_init__(self) -> None:
        _whole_numbers(self)


@dataclass(frozen=True, order=True)
class _OnField(_Numbered):
    """An action on a field of the ring; the label counts fields from 1."""

    field: int
    note: str = field(default="", compare=False, repr=False)
    doing: ClassVar[str]  # the label, with ``{}`` for the field's number

    @property
    def label(self) -> str:
        return _(self.doing).format(self.field + 1) + (f" ({symbol_word(self.note)})" if self.note else "")

    @classmethod
    def from_text(cls, text: str, rules: Mapping[str, Any]) -> Self:
        (number,) = cls.values_in(text)
        return cls(number, rules["symbols"][number % SYMBOLS])


@dataclass(frozen=True, order=True)
class _OfSymbol(_Numbered):
    """An action on a card of ``symbol``; ``doing`` is the label with ``{}`` for the symbol."""

    symbol: int
    note: str = field(default="", compare=False, repr=False)
    doing: ClassVar[str]

    @property
    def label(self) -> str:
        return _(self.doing).format(symbol_word(self.note) if self.note else _("symbol {}").format(self.symbol))

    @classmethod
    def from_text(cls, text: str, rules: Mapping[str, Any]) -> Self:
        (symbol,) = cls.values_in(text)
        if symbol >= SYMBOLS:
            raise IllegalAction(f"{quoted(text)} is not a move: the symbols are 0 to {SYMBOLS - 1}")
        return cls(symbol, rules["symbols"][symbol])


@dataclass(frozen=True, order=True)
class PlaceFigure(_OnField):
    """Set-up: put your figure on a field of the ring."""

    word = "figure"
    doing = N_("put your figure on field {}")


@dataclass(frozen=True, order=True)
class Reshuffle(Action):
    """At the start of your turn, as often a round as the rules allow: every ring chip goes to
    a random field."""

    word = "reshuffle"

    @property
    def label(self) -> str:
        return _("reshuffle the chips on the ring")


@dataclass(frozen=True, order=True)
class Sell(_OfSymbol):
    """Out of money: sell one card of ``symbol`` to the bank."""

    word = "sell"
    doing = N_("sell a {} card to the bank")


@dataclass(frozen=True, order=True)
class Pick(_OnField):
    """Pick up the chip on ``field`` and look at it."""

    word = "pick"
    doing = N_("pick up the chip on field {}")


@dataclass(frozen=True, order=True)
class Announce(_Numbered):
    """Say the number you will move (true or not) and put the chip you hold face down on a
    free ``field``: one decision, since nobody learns anything between the two."""

    number: int
    field: int
    note: str = field(default="", compare=False, repr=False)  # the field's symbol name
    word = "announce"

    @property
    def label(self) -> str:
        if self.note:
            return _("announce {}, chip to field {} ({})").format(self.number, self.field + 1, symbol_word(self.note))
        return _("announce {}, chip to field {}").format(self.number, self.field + 1)

    @classmethod
    def from_text(cls, text: str, rules: Mapping[str, Any]) -> Announce:
        number, place = cls.values_in(text)
        return cls(number, place, rules["symbols"][place % SYMBOLS])


@dataclass(frozen=True, order=True)
class Challenge(_Numbered):
    """Commit (in secret) to challenging the announcement with an opening ``stake``."""

    stake: int
    word = "challenge"

    @property
    def label(self) -> str:
        return _("challenge, staking {}").format(dollars(self.stake))


@dataclass(frozen=True, order=True)
class Pass(Action):
    """Commit (in secret) to letting the announcement stand."""

    word = "pass"

    @property
    def label(self) -> str:
        return _("let it pass")


@dataclass(frozen=True, order=True)
class Admit(Action):
    """The challenged mover owns up: the move is undone and the fee goes to the pot."""

    word = "admit"

    @property
    def label(self) -> str:
        return _("admit (undo the move, pay the fee)")


@dataclass(frozen=True, order=True)
class Call(Action):
    """Match the other stake and turn the chip over."""

    word = "call"

    @property
    def label(self) -> str:
        return _("call: turn the chip over")


@dataclass(frozen=True, order=True)
class Raise(_Numbered):
    """Match the other stake and add ``by`` to it."""

    by: int
    word = "raise"

    @property
    def label(self) -> str:
        return _("raise by {}").format(dollars(self.by))


@dataclass(frozen=True, order=True)
class Fold(Action):
    """Give up the exchange: your stake goes to the other."""

    word = "fold"

    @property
    def label(self) -> str:
        return _("fold (lose your stake)")


@dataclass(frozen=True, order=True)
class TakeTop(Action):
    """The exchange's winner takes the top card of the pile."""

    word = "take top"

    @property
    def label(self) -> str:
        return _("take the top card of the pile")


@dataclass(frozen=True, order=True)
class TakeCard(_OfSymbol):
    """The exchange's winner takes one of the loser's cards of ``symbol``."""

    word = "take"
    doing = N_("take a {} card from the loser")


RESHUFFLE = Reshuffle()
PASS = Pass()
ADMIT = Admit()
CALL = Call()
FOLD = Fold()
TAKE_TOP = TakeTop()

#: every kind of action, in the order the game's numbering lists them
ACTION_KINDS = (PlaceFigure, Reshuffle, Sell, Pick, Announce, Challenge, Pass, Admit, Call, Raise, Fold, TakeTop,
                TakeCard)
