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
from typing import Any, NamedTuple, Protocol


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

    ``text`` is the line worded in the language of the moment it was first read; ``say`` and
    ``args`` are what it was worded from (the engine's English template, or a
    :class:`Worded`, and its values), so that another reader, such as a player at a hosted
    table, can word it again in his own language (:func:`word`). An event logged already
    worded (``State.log``) has that text as its ``say`` and None as its ``args``.

    A named tuple: immutable, and cheap to make in an engine's hot loop."""

    text: str
    seats: frozenset[int] | None = None
    kind: str = ""
    data: Mapping[str, Any] | None = None
    say: Any = ""
    args: tuple[Any, ...] | None = ()

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` saw this event; ``seat`` None is an onlooker who sees public ones."""
        return self.seats is None or (seat is not None and seat in self.seats)


_make_event = functools.partial(tuple.__new__, Event)


def new_event(fields: tuple[Any, ...]) -> Event:
    """``new_event((text, seats, kind, data))`` (or with ``say`` and ``args`` too): an
    :class:`Event` made without the named tuple's Python-level ``__new__`` (a third of the
    cost), for the events an engine logs at nearly every move."""
    return _make_event(fields if len(fields) == 6 else (*fields, "", ()))


class Term(str):
    """A word among a log line's values that is itself translated when the line is worded
    (a colour, a symbol, a field's name): ``self.note("sell", "{} sells a {} card", who,
    Term("Palm"))``. It is the English word, so an English reader needs nothing more."""

    __slots__ = ()


class Words(Protocol):
    """What :func:`word` needs of a catalog (:class:`parlour.core.i18n.Translator`)."""

    def gettext(self, message: str) -> str: ...


def word(say: Any, args: Sequence[Any] | None = (), words: Words | None = None) -> str:
    """A log line worded now: ``say`` (an English template, or a :class:`Worded`) with
    ``args`` filled in. With ``words`` (a game's catalog), the template and every
    :class:`Term` among the values are first put in the current language; a
    :class:`Worded` words its own values (it may use the game's catalog itself). A template
    with no values is kept as it is, braces and all; ``args`` None marks a line logged
    already worded, kept as it is in every language."""
    if args is None:
        return say
    if isinstance(say, str):
        if words is not None:
            say = words.gettext(say)
            if args:
                args = [words.gettext(a) if type(a) is Term else a for a in args]
        return say.format(*args) if args else say
    return say.format(*args)


class Worded:
    """A log line's wording that ``str.format`` cannot write (a list joined, a plural): a
    function of the line's values, called only when the line is read. ``State.note`` takes
    it in place of a template, with at least one value.

    A ``name`` (unique among all games: start it with the game's id) lets a line travel to
    another reader, who words it again in his own language: the function is looked up by
    that name there (:func:`worded_named`), so its values must then be plain data (numbers,
    texts, lists of them) rather than objects of the engine."""

    __slots__ = ("format", "name")

    def __init__(self, words: Callable[..., str], name: str = "") -> None:
        self.format = words
        self.name = name
        if name:
            _NAMED.setdefault(name, self)


#: every named :class:`Worded` line, by name (filled as the games' modules are imported)
_NAMED: dict[str, Worded] = {}


def worded_named(name: str) -> Worded | None:
    """The :class:`Worded` line of that name, or None when no imported game has one."""
    return _NAMED.get(name)


#: A logged line not yet worded: its template, the values to fill in, who sees it (None:
#: everyone), its kind and its data (see ``State.note``).
Pending = tuple["str | Worded", "tuple[Any, ...] | None", "frozenset[int] | None", str, "Mapping[str, Any] | None"]


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
