"""Casablanca's actions: small frozen values, shared by the engine, the agents and the board.

Each action's record ``text`` uses only its compared fields (field numbers, symbol
indices, amounts) and is worked out once per object; the optional ``note`` (a symbol name,
filled in by the engine) only makes the ``label`` friendlier and takes no part in equality
or records.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from parlour.core.game import Action


def dollars(amount: int) -> str:
    return f"${amount:,}"


@dataclass(frozen=True, order=True)
class PlaceFigure(Action):
    """Set-up: put your figure on a field of the ring."""

    field: int
    note: str = field(default="", compare=False, repr=False)

    @cached_property
    def text(self) -> str:  # type: ignore[override]
        return f"figure {self.field}"

    @property
    def label(self) -> str:
        return f"put your figure on field {self.field + 1}" + (f" ({self.note})" if self.note else "")


@dataclass(frozen=True, order=True)
class Reshuffle(Action):
    """Once per round, at the start of your turn: every ring chip goes to a random field."""

    @cached_property
    def text(self) -> str:  # type: ignore[override]
        return "reshuffle"

    @property
    def label(self) -> str:
        return "reshuffle the chips on the ring (once per round)"


@dataclass(frozen=True, order=True)
class Sell(Action):
    """Out of money: sell one card of ``symbol`` to the bank."""

    symbol: int
    note: str = field(default="", compare=False, repr=False)

    @cached_property
    def text(self) -> str:  # type: ignore[override]
        return f"sell {self.symbol}"

    @property
    def label(self) -> str:
        return f"sell a {self.note or f'symbol {self.symbol}'} card to the bank"


@dataclass(frozen=True, order=True)
class Pick(Action):
    """Pick up the chip on ``field`` and look at it."""

    field: int
    note: str = field(default="", compare=False, repr=False)

    @cached_property
    def text(self) -> str:  # type: ignore[override]
        return f"pick {self.field}"

    @property
    def label(self) -> str:
        return f"pick up the chip on field {self.field + 1}" + (f" ({self.note})" if self.note else "")


@dataclass(frozen=True, order=True)
class Announce(Action):
    """Say the number you will move (true or not)."""

    number: int

    @cached_property
    def text(self) -> str:  # type: ignore[override]
        return f"announce {self.number}"

    @property
    def label(self) -> str:
        return f"announce {self.number}"


@dataclass(frozen=True, order=True)
class Place(Action):
    """Put the chip you hold face down on a free ``field``."""

    field: int
    note: str = field(default="", compare=False, repr=False)

    @cached_property
    def text(self) -> str:  # type: ignore[override]
        return f"place {self.field}"

    @property
    def label(self) -> str:
        return f"put the chip on field {self.field + 1}" + (f" ({self.note})" if self.note else "")


@dataclass(frozen=True, order=True)
class Challenge(Action):
    """Commit (in secret) to challenging the announcement with an opening ``stake``."""

    stake: int

    @cached_property
    def text(self) -> str:  # type: ignore[override]
        return f"challenge {self.stake}"

    @property
    def label(self) -> str:
        return f"challenge, staking {dollars(self.stake)}"


@dataclass(frozen=True, order=True)
class Pass(Action):
    """Commit (in secret) to letting the announcement stand."""

    @cached_property
    def text(self) -> str:  # type: ignore[override]
        return "pass"

    @property
    def label(self) -> str:
        return "let it pass"


@dataclass(frozen=True, order=True)
class Admit(Action):
    """The challenged mover owns up: the move is undone and the fee goes to the pot."""

    @cached_property
    def text(self) -> str:  # type: ignore[override]
        return "admit"

    @property
    def label(self) -> str:
        return "admit (undo the move, pay the fee)"


@dataclass(frozen=True, order=True)
class Call(Action):
    """Match the other stake and turn the chip over."""

    @cached_property
    def text(self) -> str:  # type: ignore[override]
        return "call"

    @property
    def label(self) -> str:
        return "call: turn the chip over"


@dataclass(frozen=True, order=True)
class Raise(Action):
    """Match the other stake and add ``by`` to it."""

    by: int

    @cached_property
    def text(self) -> str:  # type: ignore[override]
        return f"raise {self.by}"

    @property
    def label(self) -> str:
        return f"raise by {dollars(self.by)}"


@dataclass(frozen=True, order=True)
class Fold(Action):
    """Give up the exchange: your stake goes to the other."""

    @cached_property
    def text(self) -> str:  # type: ignore[override]
        return "fold"

    @property
    def label(self) -> str:
        return "fold (lose your stake)"


@dataclass(frozen=True, order=True)
class TakeTop(Action):
    """The exchange's winner takes the top card of the pile."""

    @cached_property
    def text(self) -> str:  # type: ignore[override]
        return "take top"

    @property
    def label(self) -> str:
        return "take the top card of the pile"


@dataclass(frozen=True, order=True)
class TakeCard(Action):
    """The exchange's winner takes one of the loser's cards of ``symbol``."""

    symbol: int
    note: str = field(default="", compare=False, repr=False)

    @cached_property
    def text(self) -> str:  # type: ignore[override]
        return f"take {self.symbol}"

    @property
    def label(self) -> str:
        return f"take a {self.note or f'symbol {self.symbol}'} card from the loser"


RESHUFFLE = Reshuffle()
PASS = Pass()
ADMIT = Admit()
CALL = Call()
FOLD = Fold()
TAKE_TOP = TakeTop()
