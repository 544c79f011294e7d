"""What happened in a game: events, each public or seen by some seats, and the seat labels
their texts use.

The source of the log panel, of per-seat replays and of what an agent may remember. This
module imports nothing of ``parlour``.
"""

from __future__ import annotations

import functools
import re
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple


def seat_label(seat: int) -> str:
    """How an engine names a seat in event texts and refusals ("Player 1" for seat 0);
    the app shows the player's own name in its place (:func:`with_names`)."""
    return f"Player {seat + 1}"


_SEAT_LABEL = re.compile(r"\bPlayer (\d+)\b")


def with_names(text: str, names: Sequence[str]) -> str:
    """``text`` with each seat label replaced by that seat's player name."""

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1)) - 1
        return names[seat] if 0 <= seat < len(names) else match.group(0)

    return _SEAT_LABEL.sub(name, text)


class Event(NamedTuple):
    """Something that happened. ``seats`` None means every seat (and any onlooker) saw it.

    A named tuple: immutable, and cheap to make in an engine's hot loop."""

    text: str
    seats: frozenset[int] | None = None
    kind: str = ""
    data: Mapping[str, Any] | None = None

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` saw this event; ``seat`` None is an onlooker who sees public ones."""
        return self.seats is None or (seat is not None and seat in self.seats)


#: ``new_event((text, seats, kind, data))``: an :class:`Event` from all four fields, made
#: without the named tuple's Python-level ``__new__`` (a third of the cost), for the events
#: an engine logs at nearly every move.
new_event = functools.partial(tuple.__new__, Event)


class Worded:
    """A log line's wording that ``str.format`` cannot write (a list joined, a plural): a
    function of the line's values, called only when the line is read. ``State.note`` takes
    it in place of a template, with at least one value."""

    __slots__ = ("format",)

    def __init__(self, words: Callable[..., str]) -> None:
        self.format = words


#: A logged line not yet worded: its template, the values to fill in, who sees it (None:
#: everyone), its kind and its data (see ``State.note``).
Pending = tuple["str | Worded", tuple[Any, ...], "frozenset[int] | None", str, "Mapping[str, Any] | None"]


class QuietLog(list):  # type: ignore[type-arg]
    """The event log of a quiet state: whatever is written to it is dropped at once.

    Its ``append`` is that of an empty ``deque(maxlen=0)``, so writing costs no more than to
    a list, and engines that append prebuilt events in hot paths need no check of their own."""

    __slots__ = ()
    append = deque(maxlen=0).append
    extend = deque(maxlen=0).extend

    def insert(self, index: Any, item: Any) -> None:
        pass

    def __iadd__(self, items: Any) -> QuietLog:  # type: ignore[override,misc]
        return self
