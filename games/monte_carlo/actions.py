"""Monte Carlo's actions: small frozen values, shared by the engine, the agents and the board.

Each action's record ``text`` and its parser sit on the same class: ``text`` is the action's
``kind`` and its fields (``bet diamond``, ``lay 4 r4c5``, ``stop``), and ``from_text`` reads
that text back (None when it is not one). ``parse_text`` picks the class by the first word.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from games.monte_carlo.layout import CELL_BY_NAME, CELLS, DIGIT_OF, DIGITS, QUADRANT_OF, cell_name, col_of, field_name, row_of
from parlour.core.game import Action
from parlour.core.inputs import whole_number


@dataclass(frozen=True, order=True)
class Bet(Action):
    """Put one chip on a betting field."""

    field: str
    kind: ClassVar[str] = "bet"

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", f"bet {self.field}")

    @property
    def text(self) -> str:
        return self._text  # type: ignore[attr-defined, no-any-return]

    @property
    def label(self) -> str:
        return f"bet a chip on {field_name(self.field)}"

    @classmethod
    def from_text(cls, text: str) -> Bet | None:
        """``bet <field>``: the shared action when there is one (the field's existence is the
        state's business)."""
        parts = text.split()
        if len(parts) == 2 and parts[0] == cls.kind:
            return _BETS.get(parts[1]) or Bet(parts[1])
        return None


@dataclass(frozen=True, order=True)
class _Word(Action):
    """An action without fields: its text is its ``kind``, and it has one shared object."""

    @classmethod
    def from_text(cls, text: str) -> _Word | None:
        return _ONE_OF[cls] if text.split() == [cls.kind] else None


@dataclass(frozen=True, order=True)
class Stop(_Word):
    """Stop betting for the rest of this game (MC-B2)."""

    kind: ClassVar[str] = "stop"

    @property
    def label(self) -> str:
        return "stop betting for this game"


@dataclass(frozen=True, order=True)
class Pass(_Word):
    """Skip one betting round (only when stopping is not final)."""

    kind: ClassVar[str] = "pass"

    @property
    def label(self) -> str:
        return "pass this round"


@dataclass(frozen=True, order=True)
class Lay(Action):
    """Lay a tile of ``digit`` on the free cell ``cell`` (``r4c5``) showing that digit."""

    digit: int
    cell: str
    kind: ClassVar[str] = "lay"

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", f"lay {self.digit} {self.cell}")

    @property
    def text(self) -> str:
        return self._text  # type: ignore[attr-defined, no-any-return]

    @property
    def label(self) -> str:
        index = CELL_BY_NAME[self.cell]
        row, col = row_of(index) + 1, col_of(index) + 1
        return f"lay a {self.digit} on row {row}, column {col} ({QUADRANT_OF[index]})"

    @classmethod
    def from_text(cls, text: str) -> Lay | None:
        """``lay <digit> <cell>`` on a cell of the grid: the shared action when the cell shows
        that digit (whether it may be laid there is the state's business)."""
        parts = text.split()
        if len(parts) != 3 or parts[0] != cls.kind or parts[2] not in CELL_BY_NAME:
            return None
        digit = whole_number(parts[1], DIGITS[-1], DIGITS[0])
        if digit is None:
            return None
        cell = CELL_BY_NAME[parts[2]]
        return LAYS[cell] if digit == DIGIT_OF[cell] else Lay(digit, parts[2])


STOP = Stop()
PASS = Pass()
_ONE_OF: dict[type, _Word] = {Stop: STOP, Pass: PASS}
#: One action object per cell, so that listing the legal lays allocates nothing.
LAYS = tuple(Lay(DIGIT_OF[c], cell_name(c)) for c in range(CELLS))
_BETS: dict[str, Bet] = {}
#: the first word of a record text -> the class that reads it
_KINDS: dict[str, type[Bet] | type[_Word] | type[Lay]] = {kind.kind: kind for kind in (Bet, Stop, Pass, Lay)}


def bet_on(field_id: str) -> Bet:
    """The (shared) action that bets on ``field_id``."""
    action = _BETS.get(field_id)
    if action is None:
        action = _BETS[field_id] = Bet(field_id)
    return action


def parse_text(text: str) -> Action | None:
    """The action a record text names, or None (legality is the state's business)."""
    parts = text.split(maxsplit=1)
    kind = _KINDS.get(parts[0]) if parts else None
    return None if kind is None else kind.from_text(text)
