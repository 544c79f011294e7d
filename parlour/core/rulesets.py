"""Rulesets: YAML files of settings with named variants, checked against a game's schema.

A game's ruleset file looks like this::

    game: banque-fatale
    settings:            # every setting, with its default
      start_value: 6
    variants:
      worthless-jetons:
        description: Jetons are worth nothing at the end.
        settings: {jeton_value: 0}

A house-rules file (``--ruleset FILE`` or one in the user config folder) names the game
and gives ``settings`` to change, plus an optional ``name`` and ``description``; it is
offered as one more variant. Every error names the file, the line and the key path.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

if TYPE_CHECKING:
    from parlour.core.game import Game


class RulesetError(Exception):
    """A ruleset problem, rendered as one line ``FILE:LINE: key.path: message``."""

    def __init__(self, file: str | Path, line: int | None, path: str, message: str) -> None:
        self.file = str(file)
        self.line = line
        self.path = path
        self.message = message
        where = self.file if line is None else f"{self.file}:{line}"
        super().__init__(f"{where}: {path}: {message}" if path else f"{where}: {message}")


# --------------------------------------------------------------------------------------
# Schema: small typed descriptions of settings


class Spec:
    """One setting's type and range. ``check`` returns the cleaned value or raises."""

    def check(self, value: Any, at: _Where) -> Any:
        raise NotImplementedError

    def describe(self) -> str:
        raise NotImplementedError


@dataclass(frozen=True)
class Int(Spec):
    min: int | None = None
    max: int | None = None

    def check(self, value: Any, at: _Where) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            at.fail(f"expected a whole number, got {_show(value)}")
        _check_range(value, self.min, self.max, at)
        return value

    def describe(self) -> str:
        return "whole number" + _range_text(self.min, self.max)


@dataclass(frozen=True)
class Float(Spec):
    min: float | None = None
    max: float | None = None

    def check(self, value: Any, at: _Where) -> Any:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            at.fail(f"expected a number, got {_show(value)}")
        _check_range(value, self.min, self.max, at)
        return float(value)

    def describe(self) -> str:
        return "number" + _range_text(self.min, self.max)


@dataclass(frozen=True)
class Bool(Spec):
    def check(self, value: Any, at: _Where) -> Any:
        if not isinstance(value, bool):
            at.fail(f"expected true or false, got {_show(value)}")
        return value

    def describe(self) -> str:
        return "true or false"


@dataclass(frozen=True)
class Str(Spec):
    choices: tuple[str, ...] | None = None

    def check(self, value: Any, at: _Where) -> Any:
        if not isinstance(value, str):
            at.fail(f"expected text, got {_show(value)}")
        if self.choices is not None and value not in self.choices:
            at.fail(f"{value!r} is not one of {', '.join(self.choices)}")
        return value

    def describe(self) -> str:
        return "one of " + ", ".join(self.choices) if self.choices else "text"


@dataclass(frozen=True)
class List(Spec):
    item: Spec
    min_len: int = 0
    max_len: int | None = None
    unique: bool = False

    def check(self, value: Any, at: _Where) -> Any:
        if not isinstance(value, list):
            at.fail(f"expected a list, got {_show(value)}")
        if len(value) < self.min_len or (self.max_len is not None and len(value) > self.max_len):
            at.fail(f"expected {_len_text(self.min_len, self.max_len)} items, got {len(value)}")
        cleaned = [self.item.check(v, at.child(i)) for i, v in enumerate(value)]
        if self.unique and len({repr(v) for v in cleaned}) != len(cleaned):
            at.fail("items must all differ")
        return cleaned

    def describe(self) -> str:
        return f"list of {self.item.describe()}"


@dataclass(frozen=True)
class Dict(Spec):
    """A mapping with fixed keys, each with its own spec. All keys are required in the
    resolved ruleset; a partial one (variant, house rules) may give any subset."""

    fields: Mapping[str, Spec]

    def check(self, value: Any, at: _Where) -> Any:
        if not isinstance(value, dict):
            at.fail(f"expected a mapping, got {_show(value)}")
        out = {}
        for key, sub in value.items():
            if key not in self.fields:
                known = ", ".join(str(k) for k in self.fields)
                at.child(key).fail(f"unknown key (known: {known})")
            out[key] = self.fields[key].check(sub, at.child(key))
        if not at.partial:
            missing = [str(k) for k in self.fields if k not in value]
            if missing:
                at.fail(f"missing key(s): {', '.join(missing)}")
        return out

    def describe(self) -> str:
        return "mapping"


@dataclass(frozen=True)
class Table(Spec):
    """A mapping with free keys (checked by ``key``) and uniform values."""

    key: Spec
    value: Spec

    def check(self, value: Any, at: _Where) -> Any:
        if not isinstance(value, dict):
            at.fail(f"expected a mapping, got {_show(value)}")
        out = {}
        for k, v in value.items():
            if isinstance(self.key, Int) and isinstance(k, str) and k.lstrip("-").isdigit():
                k = int(k)  # JSON (a game record) writes every key as text
            out[self.key.check(k, at.child(k))] = self.value.check(v, at.child(k))
        return out

    def describe(self) -> str:
        return f"mapping of {self.key.describe()} to {self.value.describe()}"


@dataclass(frozen=True)
class Schema:
    """A game's settings: a :class:`Dict` spec at the top level."""

    fields: Mapping[str, Spec]

    @property
    def root(self) -> Dict:
        return Dict(self.fields)


def _show(value: Any) -> str:
    if value is None:
        return "nothing"
    return f"{type(value).__name__} {value!r}"


def _check_range(value: float, lo: float | None, hi: float | None, at: _Where) -> None:
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


# --------------------------------------------------------------------------------------
# YAML with line numbers


class _Lines:
    """Key path -> line number, from a composed YAML node tree."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.lines: dict[tuple[Any, ...], int] = {}

    def line(self, path: tuple[Any, ...]) -> int | None:
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get(())


@dataclass
class _Where:
    lines: _Lines
    path: tuple[Any, ...]
    partial: bool = False

    def child(self, key: Any) -> _Where:
        return _Where(self.lines, (*self.path, key), self.partial)

    def fail(self, message: str) -> None:
        raise RulesetError(
            self.lines.file, self.lines.line(self.path), ".".join(str(p) for p in self.path), message
        )


def _load_yaml(path: Path, display: str | None = None) -> tuple[Any, _Lines]:
    name = display or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RulesetError(name, None, "", f"cannot read: {exc.strerror or exc}") from None
    lines = _Lines(name)
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        raise RulesetError(name, mark.line + 1 if mark else None, "", f"not valid YAML: {problem}") from None
    if node is None:
        return None, lines
    _index(node, (), lines)
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:  # composes but does not construct (e.g. bad tag)
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise RulesetError(name, mark.line + 1 if mark else None, "", f"not valid YAML: {problem}") from None
    return data, lines


def _index(node: yaml.Node, path: tuple[Any, ...], lines: _Lines) -> None:
    lines.lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        constructor = yaml.SafeLoader(str())
        seen: dict[Any, int] = {}
        for key_node, value_node in node.value:
            try:
                key = constructor.construct_object(key_node, deep=True)
            except yaml.YAMLError:
                key = key_node.value
            if isinstance(key, (list, dict)):
                continue
            line = key_node.start_mark.line + 1
            if key in seen:
                keys = ".".join(str(p) for p in (*path, key))
                raise RulesetError(lines.file, line, keys, f"duplicate key (first on line {seen[key]})")
            seen[key] = line
            lines.lines[(*path, key)] = line
            _index(value_node, (*path, key), lines)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _index(item, (*path, i), lines)


# --------------------------------------------------------------------------------------
# Ruleset files


@dataclass
class Variant:
    name: str
    description: str
    settings: dict[str, Any]
    source: str = "built-in"  #: "built-in", or the house-rules file it came from


@dataclass
class RulesetFile:
    """A game's ruleset: validated defaults, its variants, and where they came from."""

    game_id: str
    file: str
    defaults: dict[str, Any]
    variants: dict[str, Variant] = field(default_factory=dict)
    _lines: _Lines | None = None

    def resolve(self, variants: Iterable[str] = ()) -> dict[str, Any]:
        """The defaults with the named variants applied in order."""
        settings = copy.deepcopy(self.defaults)
        for name in variants:
            if name not in self.variants:
                known = ", ".join(self.variants) or "none"
                line = self._lines.line(("variants",)) if self._lines else None
                raise RulesetError(self.file, line, "variants", f"unknown variant {name!r} (known: {known})")
            settings = deep_merge(settings, self.variants[name].settings)
        return settings


def deep_merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(dict(base))
    for key, value in over.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping) and value:
            out[key] = deep_merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


_TOP_KEYS = {"game", "description", "settings", "variants"}
_VARIANT_KEYS = {"description", "settings"}
_HOUSE_KEYS = {"game", "name", "description", "settings"}


def _require_mapping(data: Any, at: _Where, what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        at.fail(f"expected {what}, got {_show(data)}")
    return data


def _check_keys(data: Mapping[str, Any], allowed: set[str], at: _Where) -> None:
    for key in data:
        if key not in allowed:
            at.child(key).fail(f"unknown key (known: {', '.join(sorted(allowed))})")


def load_ruleset(game: Game, path: Path | None = None, display: str | None = None) -> RulesetFile:
    """Load and check a game's own ruleset file (defaults and variants)."""
    path = path or game.ruleset_path
    data, lines = _load_yaml(path, display)
    top = _Where(lines, ())
    data = _require_mapping(data, top, "a mapping with game, settings and variants")
    _check_keys(data, _TOP_KEYS, top)
    if data.get("game") != game.id:
        top.child("game").fail(f"expected {game.id!r}, got {data.get('game')!r}")
    if "settings" not in data:
        top.fail("missing key: settings")
    root = game.schema.root
    defaults = root.check(data["settings"], top.child("settings"))
    _check_cross(game, defaults, top.child("settings"))
    result = RulesetFile(game.id, lines.file, defaults, _lines=lines)
    raw_variants = data.get("variants") or {}
    vat = top.child("variants")
    _require_mapping(raw_variants, vat, "a mapping of variant names")
    for name, body in raw_variants.items():
        at = vat.child(name)
        body = _require_mapping(body, at, "a mapping with description and settings")
        _check_keys(body, _VARIANT_KEYS, at)
        result.variants[str(name)] = _variant(game, str(name), body, at, defaults, "built-in")
    return result


def _variant(
    game: Game, name: str, body: Mapping[str, Any], at: _Where, defaults: Mapping[str, Any], source: str
) -> Variant:
    description = body.get("description", "")
    if not isinstance(description, str):
        at.child("description").fail(f"expected text, got {_show(description)}")
    sat = _Where(at.lines, (*at.path, "settings"), partial=True)
    settings = _require_mapping(body.get("settings") or {}, sat, "a mapping of settings")
    settings = game.schema.root.check(settings, sat)
    _check_cross(game, deep_merge(defaults, settings), sat)
    return Variant(name, description, settings, source)


def _check_cross(game: Game, settings: Mapping[str, Any], at: _Where) -> None:
    for key_path, message in game.validate_rules(settings):
        keys = tuple(key_path.split(".")) if key_path else ()
        where = _Where(at.lines, (*at.path, *keys))
        where.fail(message)


def load_house_rules(game: Game, ruleset: RulesetFile, path: Path) -> Variant:
    """Check a house-rules file against ``game`` and return it as a variant."""
    data, lines = _load_yaml(path)
    top = _Where(lines, ())
    data = _require_mapping(data, top, "a mapping with game, name, description and settings")
    _check_keys(data, _HOUSE_KEYS, top)
    if data.get("game") != game.id:
        top.child("game").fail(f"this file is for {data.get('game')!r}, not {game.id!r}")
    name = data.get("name", path.stem)
    if not isinstance(name, str) or not name:
        top.child("name").fail(f"expected a name, got {_show(name)}")
    taken = ruleset.variants.get(name)
    if taken is not None:
        where = "a built-in variant" if taken.source == "built-in" else f"the house rules in {taken.source}"
        top.child("name").fail(f"{name!r} is already {where}: give these house rules another name")
    return _variant(game, name, data, top, ruleset.defaults, str(path))


def check_settings(game: Game, settings: Any, source: str) -> dict[str, Any]:
    """A complete resolved ruleset from elsewhere (a game record) checked like a file's
    defaults; errors name ``source`` and the key path."""
    at = _Where(_Lines(source), ())
    checked = game.schema.root.check(settings, at)
    _check_cross(game, checked, at)
    return checked


def user_ruleset_dir() -> Path:
    """``$XDG_CONFIG_HOME/parlour/rulesets`` (default ``~/.config/parlour/rulesets``)."""
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "parlour" / "rulesets"


@dataclass
class HouseRulesScan:
    variants: list[Variant]
    errors: list[RulesetError]


def scan_house_rules(game: Game, ruleset: RulesetFile, folder: Path | None = None) -> HouseRulesScan:
    """House-rules files for ``game`` in the user folder; files for other games are skipped,
    broken ones are reported without stopping the others."""
    folder = folder or user_ruleset_dir()
    found: list[Variant] = []
    errors: list[RulesetError] = []
    if not folder.is_dir():
        return HouseRulesScan(found, errors)
    for path in sorted([*folder.glob("*.yaml"), *folder.glob("*.yml")]):
        try:
            data, _ = _load_yaml(path)
        except RulesetError as exc:
            errors.append(exc)
            continue
        if not isinstance(data, dict) or data.get("game") != game.id:
            continue
        try:
            variant = load_house_rules(game, with_house_rules(ruleset, found), path)
        except RulesetError as exc:
            errors.append(exc)
            continue
        found.append(variant)
    return HouseRulesScan(found, errors)


def with_house_rules(ruleset: RulesetFile, extra: Iterable[Variant]) -> RulesetFile:
    """A copy of ``ruleset`` that also offers the house-rules variants ``extra``."""
    merged = RulesetFile(ruleset.game_id, ruleset.file, ruleset.defaults, dict(ruleset.variants), ruleset._lines)
    for variant in extra:
        merged.variants[variant.name] = variant
    return merged
