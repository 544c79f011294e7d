"""Every rule id in the shared RULES.md digest has a test that names it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
RULES = TESTS.parents[1] / "shared" / "RULES.md"
RULE_ID = re.compile(r"\b((?:BF|MC|CB)-[A-Z]+\d+)\b")


def rule_ids() -> list[str]:
    return sorted(set(RULE_ID.findall(RULES.read_text(encoding="utf-8"))))


def test_names() -> set[str]:
    names: set[str] = set()
    for path in TESTS.rglob("test_*.py"):
        names.update(re.findall(r"^\s*(?:async\s+)?def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    return names


test_names.__test__ = False  # a helper, not a test


@pytest.mark.skipif(not RULES.is_file(), reason="the shared folder is not beside this checkout")
def test_every_rule_id_has_a_named_test() -> None:
    ids = rule_ids()
    assert len(ids) >= 40, "RULES.md has fewer ids than expected: is the pattern still right?"
    names = test_names()
    missing = [
        rule for rule in ids
        if not any(re.search(rf"_{rule.lower().replace('-', '_')}(_|$)", name) for name in names)
    ]
    assert missing == []


def test_each_game_keeps_its_rule_tests_in_one_file_named_alike() -> None:
    """``tests/plugins/<game>/test_<xx>_rules.py``, the same name in every game, so a rule's
    test is found in the same place whatever the game."""
    for folder in sorted(p for p in (TESTS / "plugins").iterdir() if p.is_dir()):
        tests = sorted(p.name for p in folder.glob("test_*.py"))
        if not tests:
            continue
        prefix = tests[0].split("_")[1]
        assert f"test_{prefix}_rules.py" in tests, f"{folder.name}: no test_{prefix}_rules.py among {tests}"
        assert not [t for t in tests if t.endswith("_engine.py")], f"{folder.name}: rule tests under another name"
