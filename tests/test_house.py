"""The house rules of the source tree (issue 11), checked on every run.

Imports run one way: a circle among modules of ``parlour/`` and ``games/`` fails here, lazy
imports inside functions included (only imports under ``if TYPE_CHECKING:`` are left out,
since they never run). A module over 700 lines fails too, and so does a core module that
imports Textual or a game.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from parlour.core.game import State

ROOT = Path(__file__).resolve().parent.parent
#: each package checked and its folder in the repository (the games install inside parlour)
PACKAGES = {"parlour": "parlour", "parlour.games": "games"}
MAX_LINES = 700


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package, folder in PACKAGES.items():
        for path in sorted((ROOT / folder).rglob("*.py")):
            parts = path.relative_to(ROOT / folder).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join((package, *parts))] = path
    return found


MODULES = _modules()


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(name: str, path: Path) -> Iterator[str]:
    """Every module name ``name`` imports when it runs, lazy imports included."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if _is_type_checking(node):
            skipped.update(id(inner) for inner in ast.walk(node))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            yield base
            # `from package import submodule` imports the submodule too
            yield from (f"{base}.{alias.name}" for alias in node.names)


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    return {
        name: {target for target in _imports(name, path) if target in modules and target != name}
        for name, path in modules.items()
    }


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_circle_finder_finds_a_circle_and_passes_a_chain() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_lazy_imports_count_and_type_checking_imports_do_not(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("def f():\n    import b\n")
    (tmp_path / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import a\n")
    modules = {name: tmp_path / f"{name}.py" for name in "ab"}
    graph = import_graph(modules)
    assert graph["a"] == {"b"}
    assert graph["b"] == set()


def test_no_import_circle_in_parlour_or_games() -> None:
    assert circles(import_graph(MODULES)) == []


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_is_over_700_lines(name: str) -> None:
    lines = len(MODULES[name].read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{MODULES[name].relative_to(ROOT)} has {lines} lines"


def test_the_core_imports_neither_textual_nor_a_game() -> None:
    for name, path in MODULES.items():
        if not name.startswith("parlour.core"):
            continue
        for target in _imports(name, path):
            assert target.split(".")[0] not in {"textual", "rich"}, f"{name} imports {target}"
            assert not target.startswith(("parlour.tui", "parlour.games")), f"{name} imports {target}"


def test_only_a_games_board_imports_the_app() -> None:
    """A game's board (``board.py``) is the one module of a game that imports ``parlour.tui``;
    what its other modules share with the app (text broken between items) lives in a module
    both may import, ``parlour.textlines``, which imports Rich alone."""
    found = [f"{name} imports {target}" for name, path in MODULES.items()
             if name.startswith("parlour.games.") and not name.endswith(".board")
             for target in _imports(name, path) if target.startswith(("parlour.tui", "textual"))]
    assert found == []
    shared = {target.split(".")[0] if not target.startswith("parlour") else target
              for target in _imports("parlour.textlines", MODULES["parlour.textlines"])}
    assert shared <= {"__future__", "re", "collections", "rich"}, shared


def test_every_built_in_state_follows_the_one_apply_template() -> None:
    """``State.apply`` refuses with ``why_illegal`` and then calls ``_apply``; an engine fills
    in those two (and may speed up ``apply_trusted``), never ``apply`` itself."""
    states = []
    for name in MODULES:
        if name.startswith("parlour.games.") and not name.endswith((".board", ".boards")):
            module = importlib.import_module(name)
            states += [
                value for value in vars(module).values()
                if isinstance(value, type) and issubclass(value, State) and value.__module__ == name
            ]
    assert len(states) >= 3
    overriding = [f"{state.__module__}.{state.__qualname__}" for state in states if "apply" in vars(state)]
    assert overriding == []
