"""Casablanca's offers: every action object a state can offer, made once per ruleset.

A playing loop asks for the legal actions at every step; handing out shared, ready-made
tuples (and the announcements item by item) keeps that step cheap.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from parlour.games.casablanca.actions import (
    ADMIT,
    CALL,
    FOLD,
    PASS,
    SYMBOLS,
    Announce,
    Challenge,
    PlaceFigure,
    Pick,
    Raise,
    Sell,
    TakeCard,
)
from parlour.core.game import Action


class _ByAmount(dict[int, tuple[Action, ...]]):
    """Action tuples that depend only on an amount, each built (by ``build``) the first
    time it is asked for."""

    def __init__(self, build: Callable[[int], tuple[Action, ...]]) -> None:
        super().__init__()
        self.build = build

    #: amounts remembered at most (each holds up to MAX_STAKES actions): a long game with
    #: fine stakes must not grow the shared offers without end
    LIMIT = 256

    def __missing__(self, amount: int) -> tuple[Action, ...]:
        if len(self) >= self.LIMIT:
            self.clear()
        acts = self[amount] = self.build(amount)
        return acts


class Offers:
    """Every action object a state can offer, built once per ruleset (labels need symbol
    names) and shared by all its states; the lists that depend only on an amount are
    cached as tuples."""

    def __init__(self, rules: Mapping[str, Any], fields: int) -> None:
        names = rules["symbols"]
        self.figure = tuple(PlaceFigure(f, names[f % SYMBOLS]) for f in range(fields))
        self.pick = [Pick(f, names[f % SYMBOLS]) for f in range(fields)]
        #: number -> field -> announcing that number with the chip put down there
        self.announce = tuple(tuple(Announce(n, f, names[f % SYMBOLS]) for f in range(fields))
                              for n in range(SYMBOLS))
        self.sell = [Sell(s, names[s]) for s in range(SYMBOLS)]
        self.take = [TakeCard(s, names[s]) for s in range(SYMBOLS)]
        self.symbols_of_fields = tuple(f % SYMBOLS for f in range(fields))
        self.min_stake: int = rules["min_stake"]
        self.step: int = rules["stake_step"]
        #: the smaller fortune -> pass or an opening stake
        self.challenges = _ByAmount(self._challenges)
        #: ``room`` a raise has under the table-stakes cap -> the mover's first answer (admit,
        #: call, raise) or a later one (fold, call, raise)
        self.first_responses = _ByAmount(lambda room: (ADMIT, CALL, *self._raises(room)))
        self.later_responses = _ByAmount(lambda room: (FOLD, CALL, *self._raises(room)))
        # one object per stake and per raise, shared by every tuple above (which then cost a
        # pointer per choice), made as the amounts in play first reach them
        self._stake_objects: list[Challenge] = []
        self._raise_objects: list[Raise] = []

    def _challenges(self, cap: int) -> tuple[Action, ...]:
        if cap < self.min_stake:
            return (PASS, Challenge(cap))
        count = (cap - self.min_stake) // self.step + 1
        made = self._stake_objects
        while len(made) < count:
            made.append(Challenge(self.min_stake + len(made) * self.step))
        return (PASS, *made[:count])

    def stakes(self, cap: int) -> list[int]:
        """Opening stakes: at least the minimum, at most the smaller fortune ``cap`` (CB-X1,
        CB-X5); when that fortune is below the minimum, exactly all of it (asked only when
        the ruleset's ``challenge_below_minimum`` allows such a challenge)."""
        if cap < self.min_stake:
            return [cap]
        return list(range(self.min_stake, cap + 1, self.step))

    def _raises(self, room: int) -> list[Raise]:
        count = room // self.step
        made = self._raise_objects
        while len(made) < count:
            made.append(Raise((len(made) + 1) * self.step))
        return made[:count]


class Announcements(Sequence[Announce]):
    """The announcements open to a mover: every number with every free field, number by
    number. Made item by item, as asked: a random player looks at one of some ninety."""

    __slots__ = ("grid", "fields", "size")

    def __init__(self, grid: tuple[tuple[Announce, ...], ...], fields: tuple[int, ...]) -> None:
        self.grid = grid
        self.fields = fields
        self.size = len(grid) * len(fields)

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, index: Any) -> Any:
        if type(index) is int and 0 <= index < self.size:  # the common case first
            number, at = divmod(index, len(self.fields))
            return self.grid[number][self.fields[at]]
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self.size))]
        index = operator.index(index)  # as a list: bools and other integer types, not floats
        if not -self.size <= index < self.size:
            raise IndexError("announcement index out of range")
        return self[index % self.size]

    def __contains__(self, action: object) -> bool:
        return (type(action) is Announce and 0 <= action.number < len(self.grid)  # type: ignore[attr-defined]
                and action.field in self.fields)  # type: ignore[attr-defined]

    def __eq__(self, other: object) -> bool:
        """Equal, as a list is, to a list (or another of these) with the same items."""
        if isinstance(other, (list, Announcements)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{len(self)} announcements: numbers 0-{len(self.grid) - 1} on fields {list(self.fields)}>"


_OFFERS: dict[tuple[Any, ...], Offers] = {}


def offers_for(rules: Mapping[str, Any], fields: int) -> Offers:
    """The (shared) offers of a ruleset with ``fields`` fields on the ring."""
    key = (tuple(rules["symbols"]), fields, rules["min_stake"], rules["stake_step"])
    offers = _OFFERS.get(key)
    if offers is None:
        if len(_OFFERS) > 32:
            _OFFERS.clear()
        offers = _OFFERS[key] = Offers(rules, fields)
    return offers
