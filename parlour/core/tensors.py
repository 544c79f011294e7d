"""A seat's view as a fixed-length vector of numbers, for learning tools (OpenSpiel's
observation tensor): the layout a game declares, and the writer that fills it piece by piece.

A game that offers tensors (``Game.view_tensor_layout`` and ``Game.view_tensor``) names each
piece of its vector and its length for a ruleset and a number of players; its encoder then
writes the pieces in that order through a :class:`ViewTensor`, which refuses a piece of the
wrong name or length at once, so a layout and its encoder cannot drift apart unnoticed.

Seats are written from the viewer's chair: a list with one entry per seat starts with the
viewer's own and goes on round the table (:meth:`ViewTensor.per_seat`), and a seat named in
the view (who moves, who won) is a one-hot in that same order (:meth:`ViewTensor.seat`), so
a learner sees "me, my left neighbour..." wherever it sits. The viewer's own seat is a
one-hot of its own (``seat``, by table position) in every built-in layout.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

#: a tensor's pieces in order: each one's name and its number of values
Layout = Sequence[tuple[str, int]]


class ViewTensor:
    """The vector of one view, written piece by piece in the order of ``layout``.

    ``seat`` is the viewer (None: an onlooker, for whom the pieces "per seat" keep table order)
    and ``players`` the seats at the table."""

    def __init__(self, layout: Layout, seat: int | None, players: int) -> None:
        self.layout = list(layout)
        self.seat = seat
        self.players = players
        self.values: list[float] = []
        self._next = 0

    def _piece(self, name: str) -> int:
        """The length of the next piece, which must be ``name``."""
        if self._next >= len(self.layout):
            raise ValueError(f"piece {name!r} is beyond the layout's end")
        expected, size = self.layout[self._next]
        if expected != name:
            raise ValueError(f"piece {name!r} written where the layout has {expected!r}")
        self._next += 1
        return size

    def put(self, name: str, values: Iterable[float]) -> None:
        """The piece ``name``: these numbers, as many as the layout says."""
        size = self._piece(name)
        numbers = [float(v) for v in values]
        if len(numbers) != size:
            raise ValueError(f"piece {name!r} has {len(numbers)} values, the layout {size}")
        if not all(math.isfinite(v) for v in numbers):
            raise ValueError(f"piece {name!r} holds a value that is not finite")
        self.values.extend(numbers)

    def scaled(self, name: str, values: Iterable[float | None], top: float) -> None:
        """Numbers divided by ``top`` (so that they mostly lie in [0, 1]); None (not shown)
        is 0."""
        self.put(name, [0.0 if v is None else v / top for v in values])

    def flags(self, name: str, values: Iterable[object]) -> None:
        """1 for each true value, 0 for each false one."""
        self.put(name, [1.0 if v else 0.0 for v in values])

    def one_hot(self, name: str, index: int | None) -> None:
        """A 1 at ``index`` among the layout's length; all 0 for None."""
        size = self._piece(name)
        if index is not None and not 0 <= index < size:
            raise ValueError(f"piece {name!r}: {index} is not below {size}")
        self.values.extend(1.0 if i == index else 0.0 for i in range(size))

    def one_hots(self, name: str, indices: Sequence[int | None], width: int) -> None:
        """One one-hot of ``width`` for each of ``indices``, end to end."""
        values = [0.0] * (len(indices) * width)
        for k, index in enumerate(indices):
            if index is not None:
                if not 0 <= index < width:
                    raise ValueError(f"piece {name!r}: {index} is not below {width}")
                values[k * width + index] = 1.0
        self.put(name, values)

    def in_turn(self, seats: Sequence[object]) -> list[object]:
        """A list with one entry per seat, from the viewer's seat on round the table."""
        start = self.seat or 0
        return [seats[(start + k) % len(seats)] for k in range(len(seats))]

    def per_seat(self, name: str, seats: Sequence[Iterable[float | None]] | Sequence[float | None],
                 top: float = 1.0) -> None:
        """One entry (a number, or a row of numbers) per seat, the viewer's first, each
        divided by ``top``; None is 0."""
        flat: list[float | None] = []
        for entry in self.in_turn(seats):
            if isinstance(entry, (int, float)) or entry is None:
                flat.append(entry)
            else:
                flat.extend(entry)  # type: ignore[arg-type]
        self.scaled(name, flat, top)

    def seat_hot(self, name: str, who: int | None) -> None:
        """Seat ``who`` (None: nobody) as a one-hot counted from the viewer's seat."""
        self.one_hot(name, None if who is None else (who - (self.seat or 0)) % self.players)

    def done(self) -> list[float]:
        """The vector, once every piece of the layout is written."""
        if self._next != len(self.layout):
            raise ValueError(f"piece {self.layout[self._next][0]!r} was not written")
        return self.values


def layout_size(layout: Layout) -> int:
    """The number of values a layout holds."""
    return sum(size for _, size in layout)
