"""An action, written one way in every game: its first word, its text written once, and the
reader of that text on the same class (as python-chess's ``Move.uci()`` and ``Move.from_uci()``).

A game's action is a small frozen dataclass deriving from :class:`Action`. Its record text is
its :attr:`~Action.word` and then its compared fields, one word each (``pick RG``, ``lay 4
r4c5``, ``announce 3 12``, ``keep``); ``text`` is written by :meth:`~Action.to_text` the first
time it is read and kept on the object. :meth:`~Action.from_text` reads such a text back,
whole numbers and words alike. A class whose text is not written so (a bid written as jeton
counts) overrides both; one whose reading needs the rules or a shared object overrides
``from_text`` alone. Nothing else is written by hand: a game lists its classes in
``Game.action_kinds`` and the host builds its reader, an :class:`ActionReader`, from them.
"""

from __future__ import annotations

import typing
import warnings
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Self

from parlour.core.inputs import clean_message, shown, whole_number

#: the largest number an action text may hold (no game counts a trillion of anything)
MAX_NUMBER = 10**12 - 1


class IllegalAction(ValueError):
    """An action the state refuses, or a text that is no action; the state is left exactly as
    it was. The reason may quote what a player or a record sent, so its control characters are
    written out, never echoed."""

    def __init__(self, reason: object = "") -> None:
        super().__init__(clean_message(str(reason)))


def quoted(text: str) -> str:
    """A text from outside, quoted for a one-line refusal (written out and cut short)."""
    return f"'{shown(text)}'"


class _WrittenOnce:
    """``Action.text``: :meth:`Action.to_text`, written the first time it is read and kept on
    the object (a frozen dataclass's ``__dict__`` takes it; a slotted action writes it each time)."""

    def __get__(self, action: Action | None, owner: type | None = None) -> Any:
        if action is None:
            return self
        text = action.to_text()
        try:
            action.__dict__["text"] = text
        except AttributeError:
            pass
        return text


class _OldKind:
    """``Action.kind``, deprecated since 0.1 (kept through 0.2): read as :attr:`Action.word`."""

    def __get__(self, action: Action | None, owner: type[Action]) -> str:
        warnings.warn("Action.kind is deprecated; use Action.word", DeprecationWarning, stacklevel=2)
        return owner.word


@dataclass(frozen=True, order=True)
class Action:
    """Base for a game's actions: small, frozen, hashable and comparable dataclasses.

    ``text`` is the stable form written into game records (written once per object by
    :meth:`to_text`), ``label`` the short phrase shown to a player; :meth:`from_text` reads a
    text back. The defaults cover an action written as its ``word`` and its fields; override
    ``to_text`` and ``from_text`` together where a text is written otherwise, and ``label``
    where a better phrase exists."""

    #: the text's first word (``pick``); a class that names none (nor its bases) is written
    #: with its class name in lower case. An action without fields may take a few words
    #: (``take top``).
    word: ClassVar[str] = ""
    text: ClassVar[Any] = _WrittenOnce()
    kind = _OldKind()  # not annotated: the dataclass machinery must not read it

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        old = cls.__dict__.get("kind")
        if isinstance(old, str) and "word" not in cls.__dict__:
            warnings.warn(f"{cls.__name__}.kind is deprecated; name its first word {cls.__name__}.word",
                          DeprecationWarning, stacklevel=2)
            cls.word = old
        if not cls.word:
            cls.word = cls.__name__.lower()

    def to_text(self) -> str:
        """The record text: the word, then each compared field (a tuple with commas, None as
        ``-``). Read it as ``text``, which calls this once per object."""
        return " ".join([self.word, *[_field_text(getattr(self, name)) for name in _shape(type(self))[0]]])

    @property
    def label(self) -> str:
        return self.text

    @classmethod
    def from_text(cls, text: str, rules: Mapping[str, Any]) -> Self:
        """The action written ``text`` (legal or not: that is the state's business), or an
        :class:`IllegalAction` naming the text. ``rules`` are the table's settings, for a
        class whose reading needs them. The default reads what :meth:`to_text` writes when
        every field is a whole number or a word."""
        return cls(*cls.values_in(text))

    @classmethod
    def values_in(cls, text: str) -> list[Any]:
        """The values of the compared fields written in ``text`` after the word (whole numbers
        up to :data:`MAX_NUMBER`; words, as fields of any other type), for a
        :meth:`from_text` that adds to them."""
        names, readers = _shape(cls)
        word = cls.word
        words = text[len(word) + 1:].split(" ") if text.startswith(word + " ") else None
        if text == word and not names:
            return []
        if words is None or len(words) != len(names):
            raise IllegalAction(f"{quoted(text)} is not a move: {cls.pattern()}")
        values = [(read or _word)(w) for read, w in zip(readers, words)]
        if None in values:
            raise IllegalAction(f"{quoted(text)} is not a move: {cls.pattern()}")
        return values

    @classmethod
    def pattern(cls) -> str:
        """How the action is written, for a refusal: ``a pick move is written 'pick <card>'``."""
        names = _shape(cls)[0]
        return f"a {cls.word} move is written '{' '.join([cls.word, *[f'<{n}>' for n in names]])}'"

    def __str__(self) -> str:
        return self.text


def _field_text(value: Any) -> str:
    if isinstance(value, (tuple, list)):
        return ",".join(_field_text(v) for v in value) or "-"
    if value is None:
        return "-"
    return str(value)


def _word(text: str) -> str | None:
    return text or None


def _number(text: str) -> int | None:
    return whole_number(text, MAX_NUMBER)


#: how the default reader reads a field of each type
_READERS: dict[Any, Any] = {str: _word, int: _number}
#: per class, the names of its compared fields and how each is read (None: not by default)
_SHAPES: dict[type, tuple[tuple[str, ...], tuple[Any, ...]]] = {}


def _shape(cls: type) -> tuple[tuple[str, ...], tuple[Any, ...]]:
    found = _SHAPES.get(cls)
    if found is None:
        names = tuple(f.name for f in fields(cls) if f.compare)  # type: ignore[arg-type]
        try:
            hints = typing.get_type_hints(cls)
        except Exception:  # noqa: BLE001 - a type the default cannot name is one it cannot read
            hints = {}
        found = _SHAPES[cls] = (names, tuple(_READERS.get(hints.get(n)) for n in names))
    return found


class ActionReader:
    """A game's reader of action texts, built from its action classes: the whole text (for a
    fixed action such as ``take top``) or else its first word picks the class, whose
    :meth:`~Action.from_text` reads it; what it reads must write back as the same text."""

    def __init__(self, title: str, kinds: Iterable[type[Action]]) -> None:
        self.title = title
        self.by_word: dict[str, type[Action]] = {}
        for kind in kinds:
            names, readers = _shape(kind)
            if kind.word in self.by_word:
                raise TypeError(f"{kind.__name__} and {self.by_word[kind.word].__name__} are both written "
                                f"{kind.word!r}: give one another word")
            if " " in kind.word and names:
                raise TypeError(f"{kind.__name__}.word {kind.word!r} has a space: only an action without "
                                "fields may be written with more than one word")
            unread = [n for n, read in zip(names, readers) if read is None]
            if unread and kind.from_text.__func__ is Action.from_text.__func__:  # type: ignore[attr-defined]
                raise TypeError(f"{kind.__name__}.{unread[0]} is neither a whole number nor a word: "
                                f"write {kind.__name__}.from_text")
            self.by_word[kind.word] = kind

    def read(self, text: str, rules: Mapping[str, Any]) -> Action:
        """The action written exactly ``text``, legal or not; an :class:`IllegalAction` naming
        the text when it is none."""
        by_word = self.by_word
        kind = by_word.get(text) or by_word.get(text.partition(" ")[0])
        if kind is None:
            raise IllegalAction(f"{quoted(text)} is not a {self.title} move")
        action = kind.from_text(text, rules)
        if action.text != text:
            raise IllegalAction(f"{quoted(text)} is not written the way {self.title} writes it")
        return action
