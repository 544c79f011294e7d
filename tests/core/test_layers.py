"""The core reads bottom-up: each module imports only the modules below it, so a reader can
start at the bottom and never meet a name defined further up. The order is written once, here;
every module on disk must be placed in it, and the README's layout lists them in this order."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

import parlour.core

#: bottom first; a module may import only the ones before it (imports under TYPE_CHECKING aside)
CORE_ORDER = (
    "inputs", "i18n", "actions", "codec", "tensors", "schema", "yamlsource", "events", "fastcopy", "agents", "search",
    "game", "levels", "rulesets", "record", "match", "seating", "review", "lasttable", "saves", "registry", "cluster",
    "simulate", "ratings", "ledger", "analysis", "advice",
)
CORE = Path(parlour.core.__file__).parent
README = Path(__file__).parents[2] / "README.md"
ON_DISK = sorted(p.stem for p in CORE.glob("*.py") if p.stem != "__init__")


def core_imports(name: str) -> set[str]:
    """The ``parlour.core`` modules ``name`` imports at run time, lazy imports included."""
    tree = ast.parse((CORE / f"{name}.py").read_text(encoding="utf-8"))
    hints = {
        id(node)
        for block in ast.walk(tree)
        if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
        for node in ast.walk(block)
    }
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in hints:
            continue
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        found |= {m.removeprefix("parlour.core.") for m in modules if m.startswith("parlour.core.")}
    return found


def test_the_order_places_every_module_on_disk_once() -> None:
    assert len(set(CORE_ORDER)) == len(CORE_ORDER)
    unplaced = sorted(set(ON_DISK) - set(CORE_ORDER))
    assert not unplaced, f"place {unplaced} in CORE_ORDER, above every core module they import"
    assert sorted(CORE_ORDER) == ON_DISK, f"{sorted(set(CORE_ORDER) - set(ON_DISK))} are not on disk"


def test_the_readme_lists_the_core_in_this_order() -> None:
    text = README.read_text(encoding="utf-8")
    block = text[text.index("\nparlour/core/"):text.index("\nparlour/net/")]
    listed = tuple(re.findall(r"^  (\w+)\.py", block, flags=re.MULTILINE))
    assert listed == CORE_ORDER


@pytest.mark.parametrize("name", ON_DISK)
def test_a_core_module_imports_only_modules_below_it(name: str) -> None:
    assert name in CORE_ORDER, f"parlour.core.{name} is not placed in CORE_ORDER"
    above = set(CORE_ORDER[CORE_ORDER.index(name):])
    upward = sorted(core_imports(name) & above)
    assert not upward, f"parlour.core.{name} imports {upward}, which sit above it (or itself)"


def test_the_bottom_modules_import_nothing_else_of_parlour() -> None:
    """inputs, schema and yamlsource (which uses only inputs) stand on their own."""
    code = ("import sys, parlour.core.schema, parlour.core.yamlsource; "
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('parlour'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["parlour", "parlour.core", "parlour.core.inputs", "parlour.core.schema",
                           "parlour.core.yamlsource"]
