"""The settings language: small typed descriptions of a game's settings.

A game describes its settings as a :class:`Schema` of :class:`Spec` s (``Int(1, 9)``,
``List(Str())``, ``Map(Int(), Int(0))`` ...). ``Spec.clean`` takes outside data (a YAML file, a
game record) and returns it cleaned, or reports the first problem through the :class:`Place`
it is given, which knows where the value came from (file, line, key path) and raises the
one-line error.

This module imports nothing of ``parlour``.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NoReturn, Protocol


class Place(Protocol):
    """Where a value being cleaned came from; ``fail`` raises the located error."""

    @property
    def partial(self) -> bool:
        """Whether a :class:`Dict` here may give any subset of its keys (a variant)."""
        ...

    def child(self, key: Any) -> Place:
        """The place of the item ``key`` inside this one."""
        ...

    def fail(self, message: str) -> NoReturn:
        """Raise the one-line error for ``message`` at this place."""
        ...


class Spec:
    """One setting's type and range. ``clean`` returns the cleaned value or fails at ``at``."""

    def clean(self, value: Any, at: Place) -> Any:
        raise NotImplementedError

    def check(self, value: Any, at: Place) -> Any:
        """Deprecated since 0.1 (kept through 0.2): the old name of :meth:`clean`."""
        warnings.warn("Spec.check is deprecated; use Spec.clean", DeprecationWarning, stacklevel=2)
        return self.clean(value, at)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A spec written when ``clean`` was called ``check`` still works, with a warning."""
        super().__init_subclass__(**kwargs)
        if "check" in cls.__dict__ and "clean" not in cls.__dict__:
            warnings.warn(f"{cls.__qualname__}.check is deprecated; name it clean", DeprecationWarning, stacklevel=2)
            cls.clean = cls.__dict__["check"]  # type: ignore[method-assign]

    def describe(self) -> str:
        raise NotImplementedError

    def json_schema(self) -> dict[str, Any]:
        """This spec as JSON Schema (draft 2020-12), for editors; the same range as ``clean``."""
        raise NotImplementedError


@dataclass(frozen=True)
class Int(Spec):
    min: int | None = None
    max: int | None = None

    def clean(self, value: Any, at: Place) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            at.fail(f"expected a whole number, got {show_value(value)}")
        _reject_out_of_range(value, self.min, self.max, at)
        return value

    def describe(self) -> str:
        return "whole number" + _range_text(self.min, self.max)

    def json_schema(self) -> dict[str, Any]:
        return _bounded({"type": "integer"}, self.min, self.max)


@dataclass(frozen=True)
class Float(Spec):
    min: float | None = None
    max: float | None = None

    def clean(self, value: Any, at: Place) -> Any:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            at.fail(f"expected a number, got {show_value(value)}")
        _reject_out_of_range(value, self.min, self.max, at)
        return float(value)

    def describe(self) -> str:
        return "number" + _range_text(self.min, self.max)

    def json_schema(self) -> dict[str, Any]:
        return _bounded({"type": "number"}, self.min, self.max)


@dataclass(frozen=True)
class Bool(Spec):
    def clean(self, value: Any, at: Place) -> Any:
        if not isinstance(value, bool):
            at.fail(f"expected true or false, got {show_value(value)}")
        return value

    def describe(self) -> str:
        return "true or false"

    def json_schema(self) -> dict[str, Any]:
        return {"type": "boolean"}


@dataclass(frozen=True)
class Str(Spec):
    choices: tuple[str, ...] | None = None

    def clean(self, value: Any, at: Place) -> Any:
        if not isinstance(value, str):
            at.fail(f"expected text, got {show_value(value)}")
        if self.choices is not None and value not in self.choices:
            at.fail(f"{value!r} is not one of {', '.join(self.choices)}")
        return value

    def describe(self) -> str:
        return "one of " + ", ".join(self.choices) if self.choices else "text"

    def json_schema(self) -> dict[str, Any]:
        return {"type": "string", "enum": list(self.choices)} if self.choices else {"type": "string"}


@dataclass(frozen=True)
class List(Spec):
    item: Spec
    min_len: int = 0
    max_len: int | None = None
    unique: bool = False

    def clean(self, value: Any, at: Place) -> Any:
        if not isinstance(value, list):
            at.fail(f"expected a list, got {show_value(value)}")
        if len(value) < self.min_len or (self.max_len is not None and len(value) > self.max_len):
            at.fail(f"expected {_len_text(self.min_len, self.max_len)} items, got {len(value)}")
        cleaned = [self.item.clean(v, at.child(i)) for i, v in enumerate(value)]
        if self.unique and len({repr(v) for v in cleaned}) != len(cleaned):
            at.fail("items must all differ")
        return cleaned

    def describe(self) -> str:
        return f"list of {self.item.describe()}"

    def json_schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "array", "items": self.item.json_schema(), "minItems": self.min_len}
        if self.max_len is not None:
            out["maxItems"] = self.max_len
        if self.unique:
            out["uniqueItems"] = True
        return out


@dataclass(frozen=True)
class Dict(Spec):
    """A mapping with fixed keys, each with its own spec. All keys are required in the
    resolved ruleset; a partial one (variant, house rules) may give any subset."""

    fields: Mapping[str, Spec]

    def clean(self, value: Any, at: Place) -> Any:
        if not isinstance(value, dict):
            at.fail(f"expected a mapping, got {show_value(value)}")
        out = {}
        for key, sub in value.items():
            if key not in self.fields:
                known = ", ".join(str(k) for k in self.fields)
                at.child(key).fail(f"unknown key (known: {known})")
            out[key] = self.fields[key].clean(sub, at.child(key))
        if not at.partial:
            missing = [str(k) for k in self.fields if k not in value]
            if missing:
                at.fail(f"missing key(s): {', '.join(missing)}")
        return out

    def describe(self) -> str:
        return "mapping"

    def json_schema(self) -> dict[str, Any]:
        """Every key optional: a variant or house rule gives any part (the validator checks
        the merged whole for completeness)."""
        return {"type": "object", "properties": {k: s.json_schema() for k, s in self.fields.items()},
                "additionalProperties": False}


@dataclass(frozen=True)
class Map(Spec):
    """A mapping with free keys (cleaned by ``key``) and uniform values, e.g. a payout per
    number of cards; :class:`Dict` is the one with fixed keys."""

    key: Spec
    value: Spec

    def clean(self, value: Any, at: Place) -> Any:
        if not isinstance(value, dict):
            at.fail(f"expected a mapping, got {show_value(value)}")
        out = {}
        for k, v in value.items():
            if isinstance(self.key, Int) and isinstance(k, str) and len(k) <= 20 and k.isascii() and k.lstrip("-").isdigit():
                k = int(k)  # JSON (a game record) writes every key as text
            out[self.key.clean(k, at.child(k))] = self.value.clean(v, at.child(k))
        return out

    def describe(self) -> str:
        return f"mapping of {self.key.describe()} to {self.value.describe()}"

    def json_schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "object", "additionalProperties": self.value.json_schema()}
        if isinstance(self.key, Int):  # YAML writes ``11: 5``; JSON and editors see the key as text
            out["propertyNames"] = {"pattern": _digits_pattern(self.key)}
        elif isinstance(self.key, Str) and self.key.choices:
            out["propertyNames"] = {"enum": list(self.key.choices)}
        return out


@dataclass(frozen=True)
class Schema:
    """A game's settings: a :class:`Dict` spec at the top level, and what each setting means
    (``about``: a sentence for players and editors, keyed by setting)."""

    fields: Mapping[str, Spec]
    about: Mapping[str, str] = field(default_factory=dict)

    @property
    def root(self) -> Dict:
        return Dict(self.fields)

    def json_schema(self) -> dict[str, Any]:
        """The settings as JSON Schema: each with its type, range and meaning."""
        out = self.root.json_schema()
        for key, prop in out["properties"].items():
            about = self.about.get(key)
            spec = self.fields[key].describe()
            prop["description"] = f"{about} ({spec})" if about else spec
        return out


def _digits_pattern(spec: Int) -> str:
    """A pattern for whole numbers as text, exact for a range 0 .. 10**k - 1 (JSON Schema
    cannot bound a key's value otherwise)."""
    if spec.min == 0 and spec.max is not None and spec.max > 0 and str(spec.max + 1) == "1" + "0" * len(str(spec.max)):
        return f"^(0|[1-9][0-9]{{0,{len(str(spec.max)) - 1}}})$"
    return "^(0|-?[1-9][0-9]*)$"


def _bounded(out: dict[str, Any], lo: float | None, hi: float | None) -> dict[str, Any]:
    if lo is not None:
        out["minimum"] = lo
    if hi is not None:
        out["maximum"] = hi
    return out


def show_value(value: Any) -> str:
    """A value as an error message names it: ``int 3``, ``str 'x'``, ``nothing``."""
    if value is None:
        return "nothing"
    return f"{type(value).__name__} {value!r}"


def _reject_out_of_range(value: float, lo: float | None, hi: float | None, at: Place) -> None:
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        at.fail(f"{value} is out of range{_range_text(lo, hi)}")


def _range_text(lo: float | None, hi: float | None) -> str:
    if lo is not None and hi is not None:
        return f" ({lo} to {hi})"
    if lo is not None:
        return f" (at least {lo})"
    if hi is not None:
        return f" (at most {hi})"
    return ""


def _len_text(lo: int, hi: int | None) -> str:
    if hi is None:
        return f"at least {lo}"
    return str(lo) if lo == hi else f"{lo} to {hi}"
