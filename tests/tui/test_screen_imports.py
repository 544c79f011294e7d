"""Screens move through the app, never by importing each other (what they share is in the
shared modules: the table's parts, panels, dialogs), and reach the app through the
``Parlour`` protocol, not by importing it."""

from __future__ import annotations

import ast
from pathlib import Path

import parlour.tui
from parlour.core.registry import Registry

TUI = Path(parlour.tui.__file__).parent
#: what every screen may import: the base, shared widgets and dialogs, and the board contract
SHARED = {"screen", "board", "board_loader", "panels", "dialogs", "analysis_view", "table_view", "scores_chart",
          "advice"}
#: screen modules that borrow from another screen module (none since the table is built from parts)
BORROWS: dict[str, set[str]] = {}


def screen_modules() -> list[str]:
    return sorted(p.stem for p in TUI.glob("*.py") if p.stem not in SHARED | {"__init__", "app"})


def tui_imports(name: str) -> set[str]:
    tree = ast.parse((TUI / f"{name}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("parlour.tui."):
            found.add(node.module.removeprefix("parlour.tui."))
        elif isinstance(node, ast.Import):
            found |= {a.name.removeprefix("parlour.tui.") for a in node.names if a.name.startswith("parlour.tui.")}
    return found


def test_the_screens_are_found() -> None:
    assert {"home", "setup", "table", "remote", "review", "results", "rules"} <= set(screen_modules())


def test_a_screen_imports_no_other_screen_but_those_listed() -> None:
    screens = set(screen_modules())
    borrowed = {name: tui_imports(name) & screens - {name} for name in screens}
    assert {name: found for name, found in borrowed.items() if found} == BORROWS


def test_the_app_imports_every_screen_to_open_it() -> None:
    assert set(screen_modules()) <= tui_imports("app")


def test_no_private_textual_module_is_imported() -> None:
    """A private module (``textual.widgets._header``) may change in any Textual release."""
    root = TUI.parents[1]
    found = []
    for path in sorted([*root.joinpath("parlour").rglob("*.py"), *root.joinpath("games").rglob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else (
                [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            found += [f"{path.relative_to(root)}: {n}" for n in names
                      if n.startswith("textual") and any(part.startswith("_") for part in n.split("."))]
    assert found == []


def test_the_app_gives_the_screens_everything_parlour_promises() -> None:
    """Screens reach the app through the ``Parlour`` protocol (``screen.py`` never imports the
    app): each of its methods is one of the app's, and each attribute is set on a running app."""
    from parlour.tui.app import ParlourApp
    from parlour.tui.screen import Parlour

    promised = {name for name in vars(Parlour) if not name.startswith("_")} | set(Parlour.__annotations__)
    app = ParlourApp(Registry())
    assert not sorted(name for name in promised if not hasattr(app, name))
    methods = {name for name, value in vars(Parlour).items() if callable(value) and not name.startswith("_")}
    assert methods and all(callable(getattr(ParlourApp, name)) for name in methods)
