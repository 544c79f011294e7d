"""The public plugin API keeps its word (issue 25).

The lists below are frozen on purpose: a name a plugin may import or call disappears only
through a deprecated alias kept for a minor version, so removing one from the code fails here
first. Add to a list when the API grows; never take a name out without the alias.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import warnings
from pathlib import Path
from typing import Any

import pytest

import parlour.plugin
from parlour.core import schema
from parlour.core.game import State
from parlour.plugin import Game

#: ``parlour.plugin``: what a game plugin imports
PLUGIN_NAMES = frozenset({
    "Game", "State", "Action", "Event", "IllegalAction", "GameDefinitionError", "PluginError", "new_event",
    "seat_label", "Schema", "Spec", "Int", "Float", "Bool", "Str", "List", "Dict", "Map", "Agent", "AgentFactory",
    "AgentKind", "Budget", "KindEntry", "RandomAgent", "Knowledge", "whole_number", "Abilities", "ActionCodec", "Fixed", "Phrase",
    "translator", "Translator", "current_language", "number", "money", "Term", "Worded", "word", "Layout", "ViewTensor",
})
#: the members of the contract's classes the README names (what a plugin writes or calls)
GAME_MEMBERS = frozenset({
    "id", "title", "blurb", "min_players", "max_players", "schema", "ruleset_path", "new_game", "rules_markdown",
    "agent_kinds", "ladder", "search_knowledge", "board", "version", "upgrade_rules", "library", "pauses", "starter",
    "read_action", "parse_action", "require_players", "check_players", "validate_rules", "action_codec",
    "action_kinds", "action_from_text", "legal_action", "reads_actions", "words", "view_tensor_layout", "view_tensor",
    "view_tensor_size", "encodes_views", "score_text", "part_as_score",
})
STATE_MEMBERS = frozenset({
    "to_move", "is_over", "legal_actions", "is_legal", "apply", "apply_trusted", "why_illegal", "view", "events",
    "events_for", "log", "scores", "winners", "score_breakdown", "stage", "conserved", "clone", "sample_world",
    "silence", "rng", "words",
})
#: the other public modules: the contract's tests and the board-testing helpers
OTHER_NAMES = {
    "parlour.testing.conformance": frozenset({"GameContract", "snapshot", "random_walk", "hostile_texts"}),
    "parlour.testing.boards": frozenset({"BoardHost", "panel_text", "wait_for"}),
    "parlour.tui.board": frozenset({"Board", "GenericBoard"}),
}
#: old names, each a deprecated alias of its new one
RENAMED = {
    "parlour.core.rulesets:Int": "parlour.core.schema:Int",
    "parlour.core.rulesets:Float": "parlour.core.schema:Float",
    "parlour.core.rulesets:Bool": "parlour.core.schema:Bool",
    "parlour.core.rulesets:Str": "parlour.core.schema:Str",
    "parlour.core.rulesets:List": "parlour.core.schema:List",
    "parlour.core.rulesets:Dict": "parlour.core.schema:Dict",
    "parlour.core.rulesets:Table": "parlour.core.schema:Map",
    "parlour.core.rulesets:Schema": "parlour.core.schema:Schema",
    "parlour.core.rulesets:Spec": "parlour.core.schema:Spec",
}

README = Path(__file__).resolve().parents[2] / "README.md"


def test_parlour_plugin_keeps_every_name() -> None:
    missing = sorted(name for name in PLUGIN_NAMES if not hasattr(parlour.plugin, name))
    assert missing == []
    assert PLUGIN_NAMES <= set(parlour.plugin.__all__)


def test_parlour_plugin_exports_only_what_it_has() -> None:
    assert [name for name in parlour.plugin.__all__ if not hasattr(parlour.plugin, name)] == []


def test_the_contract_classes_keep_their_members() -> None:
    from sevens import GAME

    from parlour.core.rulesets import load_ruleset

    state = GAME.new_game(2, load_ruleset(GAME).resolve(), 1)  # a state: ``events`` is set when dealt
    assert isinstance(state, State)
    annotated = set().union(*(getattr(c, "__annotations__", {}) for c in Game.__mro__))
    assert sorted(m for m in GAME_MEMBERS if not hasattr(Game, m) and m not in annotated) == []
    assert sorted(m for m in STATE_MEMBERS if not hasattr(state, m)) == []


@pytest.mark.parametrize("module", sorted(OTHER_NAMES))
def test_the_other_public_modules_keep_their_names(module: str) -> None:
    loaded = importlib.import_module(module)
    assert sorted(name for name in OTHER_NAMES[module] if not hasattr(loaded, name)) == []


@pytest.mark.parametrize(("old", "new"), sorted(RENAMED.items()))
def test_an_old_name_answers_with_a_warning_naming_the_new(old: str, new: str) -> None:
    with pytest.warns(DeprecationWarning, match=re.escape(new.rpartition(":")[2])):
        value = pkgutil.resolve_name(old)
    assert value is pkgutil.resolve_name(new)


def test_an_old_import_statement_still_works() -> None:
    with pytest.warns(DeprecationWarning, match="parlour.plugin.Map"):
        from parlour.core.rulesets import Table
    assert Table is schema.Map


def test_a_missing_name_is_still_an_attribute_error() -> None:
    import parlour.core.rulesets as rulesets

    with pytest.raises(AttributeError):
        rulesets.NoSuchThing  # noqa: B018


def test_check_players_warns_and_still_checks() -> None:
    from sevens import GAME

    with pytest.warns(DeprecationWarning, match="require_players"):
        GAME.check_players(2)
    with pytest.warns(DeprecationWarning), pytest.raises(ValueError, match="2 to 4 players"):
        GAME.check_players(9)


def test_a_spec_written_with_check_still_cleans() -> None:
    with pytest.warns(DeprecationWarning, match="name it clean"):
        class Even(schema.Spec):
            def check(self, value: Any, at: Any) -> Any:
                return value if value % 2 == 0 else at.fail("not even")

    assert Even().clean(4, None) == 4
    with pytest.warns(DeprecationWarning, match="Spec.clean"):
        assert schema.Int(0, 9).check(3, None) == 3


def test_current_names_do_not_warn() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        from parlour.plugin import Int, Map, Schema  # noqa: F401
        from sevens import GAME

        GAME.require_players(2)


def _readme_plugin_section() -> str:
    text = README.read_text(encoding="utf-8")
    return text[text.index("## Writing a game plugin"):text.index("\n## ", text.index("## Writing a game plugin") + 1)]


def test_every_name_the_readme_tells_plugin_authors_exists() -> None:
    """Each ``parlour.x.y`` the plugin section names resolves, without a deprecation warning
    (but the old names it lists as deprecated), and each name it imports from
    ``parlour.plugin`` is there."""
    section = _readme_plugin_section()
    dotted = set(re.findall(r"`(parlour(?:\.\w+)+)`", section)) - {"parlour.games"}  # the entry-point group
    dotted -= {old.replace(":", ".") for old in RENAMED}  # named as deprecated: checked above
    assert "parlour.plugin" in dotted
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for name in sorted(dotted):
            try:
                importlib.import_module(name)
            except ModuleNotFoundError:
                module, _, attr = name.rpartition(".")
                assert hasattr(importlib.import_module(module), attr), name
    for line in re.findall(r"from parlour\.plugin import ([^\n]+)", section):
        for name in re.findall(r"\w+", line.split("#")[0]):
            assert name in parlour.plugin.__all__, name
