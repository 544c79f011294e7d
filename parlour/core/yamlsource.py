"""YAML that remembers its line numbers, and the one-line error that names them.

:func:`load_yaml` reads a file into plain data plus :class:`Lines` (key path -> line);
a :class:`Where` is one key path in that file, the place a value is cleaned at
(:class:`~parlour.core.schema.Place`): its ``fail`` raises a :class:`RulesetError`
``FILE:LINE: key.path: message``.

This module imports nothing of ``parlour``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import yaml


class RulesetError(Exception):
    """A ruleset problem, rendered as one line ``FILE:LINE: key.path: message``."""

    def __init__(self, file: str | Path, line: int | None, path: str, message: str) -> None:
        self.file = str(file)
        self.line = line
        self.path = path
        self.message = message
        where = self.file if line is None else f"{self.file}:{line}"
        super().__init__(f"{where}: {path}: {message}" if path else f"{where}: {message}")


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
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RulesetError(name, None, "", f"cannot read: {exc.strerror or exc}") from None
    lines = Lines(name)
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


def _index(node: yaml.Node, path: tuple[Any, ...], lines: Lines) -> None:
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
