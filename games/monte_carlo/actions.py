"""Monte Carlo's actions: small frozen values, shared by the engine, the agents and the board.

Each is written as the core's :class:`~parlour.core.actions.Action` writes one: its ``word``
and its fields (``bet diamond``, ``lay 4 r4c5``, ``stop``). Each class's ``from_text`` reads
its text back as the shared object where there is one, so reading a record allocates nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from parlour.games.monte_carlo.layout import CELL_BY_NAME, CELLS, DIGIT_OF, DIGITS, QUADRANT_OF, cell_name, col_of, row_of
from parlour.games.monte_carlo.words import _, a_digit, colour, field_title
from parlour.core.actions import Action, IllegalAction, quoted


@dataclass(frozen=True, order=True)
class Bet(Action):
    """Put one chip on a betting field."""

    field: str
    word = "bet"

    @property
    def label(self) -> str:
        return _("bet a chip on {field}").format(field=field_title(self.field))

    @classmethod
    def from_text(cls, text: str, rules: Mapping[str, Any]) -> Bet:
        """``bet <field>``: the shared action when there is one (the field's existence is the
        state's business)."""
        (field,) = cls.values_in(text)
        return _BETS.get(field) or Bet(field)


@dataclass(frozen=True, order=True)
class _Word(Action):
    """An action without fields: its text is its ``word``, and it has one shared object."""

    @classmethod
    def from_text(cls, text: str, rules: Mapping[str, Any]) -> _Word:
        cls.values_in(text)
        return _ONE_OF[cls]


@dataclass(frozen=True, order=True)
class Stop(_Word):
    """Stop betting for the rest of this game (MC-B2)."""

    word = "stop"

    @property
    def label(self) -> str:
        return _("stop betting for this game")


@dataclass(frozen=True, order=True)
class Pass(_Word):
    """Skip one betting round (only when stopping is not final)."""

    word = "pass"

    @property
    def label(self) -> str:
        return _("pass this round")


@dataclass(frozen=True, order=True)
class Lay(Action):
    """Lay a tile of ``digit`` on the free cell ``cell`` (``r4c5``) showing that digit."""

    digit: int
    cell: str
    word = "lay"

    @property
    def label(self) -> str:
        index = CELL_BY_NAME[self.cell]
        row, col = row_of(index) + 1, col_of(index) + 1
        return _("lay {a_digit} on row {row}, column {col} ({colour})").format(  # "an 8", not "a 8"
            a_digit=a_digit(self.digit), row=row, col=col, colour=colour(QUADRANT_OF[index]))

    @classmethod
    def from_text(cls, text: str, rules: Mapping[str, Any]) -> Lay:
        """``lay <digit> <cell>`` on a cell of the grid: the shared action when the cell shows
        that digit (whether it may be laid there is the state's business)."""
        digit, name = cls.values_in(text)
        cell = CELL_BY_NAME.get(name)
        if cell is None:
            raise IllegalAction(_("{text} is not a move: the grid has no cell {cell}").format(
                text=quoted(text), cell=quoted(name)))
        if not DIGITS[0] <= digit <= DIGITS[-1]:
            raise IllegalAction(_("{text} is not a move: tiles show {low} to {high}").format(
                text=quoted(text), low=DIGITS[0], high=DIGITS[-1]))
        return LAYS[cell] if digit == DIGIT_OF[cell] else Lay(digit, name)


STOP = Stop()
PASS = Pass()
_ONE_OF: dict[type, _Word] = {Stop: STOP, Pass: PASS}
#: One action object per cell, so that listing the legal lays allocates nothing.
LAYS = tuple(Lay(DIGIT_OF[c], cell_name(c)) for c in range(CELLS))
_BETS: dict[str, Bet] = {}
#: every kind of action, in the order the game's numbering lists them
ACTION_KINDS = (Bet, Stop, Pass, Lay)


def bet_on(field_id: str) -> Bet:
    """The (shared) action that bets on ``field_id``."""
    action = _BETS.get(field_id)
    if action is None:
        action = _BETS[field_id] = Bet(field_id)
    return action
