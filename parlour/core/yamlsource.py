"""YAML that remembers its line numbers, and the one-line error that names them.

:func:`load_yaml` reads a file into plain data plus :class:`Lines` (key path -> line);
a :class:`Where` is one key path in that file, the place a value is cleaned at
(:class:`~parlour.core.schema.Place`): its ``fail`` raises a :class:`RulesetError`
``FILE:LINE: key.path: message``.

The file comes through the one door for outside input (:mod:`parlour.core.inputs`): a
regular file, at most :data:`~parlour.core.inputs.RULESET_BYTES`, strict UTF-8. Before
anything is built from it the event stream is checked: no anchors or aliases (a few hundred
bytes of aliases can expand to gigabytes), no nesting deeper than
:data:`~parlour.core.inputs.MAX_DEPTH`, no number written with more than 30 characters;
after, :func:`~parlour.core.inputs.check_data` bounds every value.

This module imports only :mod:`parlour.core.inputs`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import yaml

from parlour.core.inputs import MAX_DEPTH, RULESET_BYTES, InputProblem, check_data, clean_message, read_text


class RulesetError(Exception):
    """A ruleset problem, rendered as one line ``FILE:LINE: key.path: message``."""

    def __init__(self, file: str | Path, line: int | None, path: str, message: str) -> None:
        self.file = str(file)
        self.line = line
        self.path = path
        self.message = message
        where = self.file if line is None else f"{self.file}:{line}"
        super().__init__(clean_message(f"{where}: {path}: {message}" if path else f"{where}: {message}"))


class Lines:
    """Key path -> line number, from a composed YAML node tree."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.lines: dict[tuple[Any, ...], int] = {}

    def line(self, path: tuple[Any, ...]) -> int | None:
        """The line of ``path``, else of its nearest enclosing key that has one."""
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get(())


@dataclass
class Where:
    """A key path in a file: where a value comes from and where its errors point."""

    lines: Lines
    path: tuple[Any, ...]
    partial: bool = False

    def child(self, key: Any) -> Where:
        return Where(self.lines, (*self.path, key), self.partial)

    def fail(self, message: str) -> NoReturn:
        raise RulesetError(
            self.lines.file, self.lines.line(self.path), ".".join(str(p) for p in self.path), message
        )


def load_yaml(path: Path, display: str | None = None) -> tuple[Any, Lines]:
    """The file's data and its lines; errors name ``display`` (default: the path)."""
    name = display or str(path)
    try:
        text = read_text(path, RULESET_BYTES)
    except InputProblem as exc:
        raise RulesetError(name, exc.line, "", exc.message) from None
    lines = Lines(name)
    try:
        _check_events(text, name)
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow
        line = text.count("\n", 0, exc.position) + 1
        code = exc.character if isinstance(exc.character, int) else ord(exc.character)
        raise RulesetError(name, line, "", f"not valid YAML: character U+{code:04X} is not allowed") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
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
    except (ValueError, OverflowError) as exc:  # a value the constructor cannot make
        raise RulesetError(name, None, "", f"not valid YAML: {exc}") from None
    try:
        check_data(data)
    except InputProblem as exc:
        where = Where(lines, exc.path)
        where.fail(exc.message)
    return data, lines


#: a plain scalar this long that looks like a number, or one tagged a number (``!!int "..."``,
#: quoted or not), is refused before Python builds it
_NUMBER_CHARS = 30
_NUMBERISH = set("0123456789+-._eExXoObBabcdefABCDEF:")
_NUMBER_TAGS = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")


def _check_events(text: str, name: str) -> None:
    """Refuse anchors and aliases, nesting deeper than MAX_DEPTH and over-long numbers,
    reading the event stream only (nothing is built yet)."""
    depth = 0
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        line = event.start_mark.line + 1 if event.start_mark else None
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise RulesetError(name, line, "", "anchors and aliases (& and *) are not allowed in rulesets")
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                raise RulesetError(name, line, "", f"nested too deep (more than {MAX_DEPTH} levels)")
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1
        elif isinstance(event, yaml.ScalarEvent) and len(event.value) > _NUMBER_CHARS and (
                event.tag in _NUMBER_TAGS
                or (event.style is None and set(event.value) <= _NUMBERISH and any(ch.isdigit() for ch in event.value))):
            raise RulesetError(name, line, "", f"number too long ({len(event.value)} characters)")


def _index(node: yaml.Node, path: tuple[Any, ...], lines: Lines) -> None:
    lines.lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        constructor = yaml.SafeLoader(str())
        seen: dict[Any, int] = {}
        for key_node, value_node in node.value:
            try:
                key = constructor.construct_object(key_node, deep=True)
            except (yaml.YAMLError, ValueError, OverflowError):
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
