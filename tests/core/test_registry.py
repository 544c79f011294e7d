"""The registry: entry points, broken plugins kept apart, and the environment filters."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from renamed_sevens import RenamedSevens as Renamed
from sevens import Sevens

from parlour.core.registry import BrokenPlugin, Registry, discover

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

GOOD = "sevens:GAME"


def test_game_from_plugin_spec_loads_with_its_ruleset() -> None:
    registry = discover([GOOD])
    assert "sevens" in registry.games
    assert registry.ruleset("sevens").defaults["target"] == 7


def test_broken_plugins_are_listed_and_the_rest_work() -> None:
    registry = discover([
        "no_such_module:GAME",
        "broken_plugins:NOT_A_GAME",
        "broken_plugins:NoPlayers",
        "broken_plugins:BadRuleset",
        GOOD,
        "broken_plugins:SameId",
        "sevens:MISSING",
    ])
    assert "sevens" in registry.games and "bad-ruleset" not in registry.games
    errors = {b.name: b.error for b in registry.broken}
    assert errors["no_such_module:GAME"] == "ModuleNotFoundError: No module named 'no_such_module'"
    assert errors["broken_plugins:NOT_A_GAME"] == "GameDefinitionError: object is not a parlour Game"
    assert errors["broken_plugins:NoPlayers"] == "GameDefinitionError: bad player range 0-4"
    assert errors["broken_plugins:BadRuleset"].endswith(
        "bad_ruleset.yaml:4: settings.hand_size: expected a whole number, got str 'lots'"
    )
    assert errors["broken_plugins:SameId"] == "GameDefinitionError: game id 'sevens' is already taken"
    assert errors["sevens:MISSING"].startswith("AttributeError")

    mine = [b for b in registry.broken if b.name in errors and b.distribution == "PARLOUR_PLUGINS"]
    assert len(mine) == 6
    assert all("\n" not in b.error for b in registry.broken)


def test_plugins_from_the_environment(monkeypatch) -> None:
    monkeypatch.setenv("PARLOUR_PLUGINS", GOOD)
    assert "sevens" in discover().games


def test_parlour_games_restricts_what_loads(monkeypatch) -> None:
    monkeypatch.setenv("PARLOUR_GAMES", "sevens")
    registry = discover([GOOD, "no_such_module:GAME"])
    assert list(registry.games) == ["sevens"]
    assert registry.broken == []
    monkeypatch.setenv("PARLOUR_GAMES", "something-else")
    assert discover([GOOD]).games == {}


def test_parlour_games_takes_plugin_names_too(monkeypatch) -> None:
    monkeypatch.setenv("PARLOUR_GAMES", "renamed_sevens:GAME")
    registry = discover([GOOD, "renamed_sevens:GAME"])
    assert registry.get("renamed-sevens").id == "renamed-sevens"
    with pytest.raises(KeyError, match="no game 'sevens'"):
        registry.get("sevens")
    assert list(registry.games) == ["renamed-sevens"]


def test_unknown_game_names_the_known_ones() -> None:
    registry = discover([GOOD])
    try:
        registry.get("chess")
    except KeyError as exc:
        assert "no game 'chess'" in exc.args[0] and "sevens" in exc.args[0]
    else:
        raise AssertionError("an unknown game was found")


def test_a_game_that_cannot_deal_is_broken() -> None:
    registry = discover(["broken_plugins:CannotDeal"])
    assert "sevens" not in registry.games
    errors = {b.name: b.error for b in registry.broken}
    assert errors["broken_plugins:CannotDeal"] == "ZeroDivisionError: division by zero"


def _recording(calls: list[str], name: str, game: Any) -> Callable[[], Any]:
    def load() -> Any:
        calls.append(name)
        return game

    return load


def test_the_installed_plugins_are_known_before_any_import() -> None:
    calls: list[str] = []
    registry = Registry()
    for name in ("alpha", "sevens", "zulu"):
        registry.add(name, "tests", _recording(calls, name, Renamed if name != "sevens" else Sevens))
    assert [(p.name, p.distribution) for p in registry.plugins] == [
        ("alpha", "tests"), ("sevens", "tests"), ("zulu", "tests"),
    ]
    assert calls == []


def test_one_game_loads_only_the_plugin_named_after_it_and_only_once() -> None:
    calls: list[str] = []
    registry = Registry()
    registry.add("alpha", "tests", _recording(calls, "alpha", Renamed))
    registry.add("sevens", "tests", _recording(calls, "sevens", Sevens))
    registry.add("broken", "tests", _recording(calls, "broken", "not a game"))
    assert registry.get("sevens").id == "sevens"
    assert registry.ruleset("sevens").defaults["target"] == 7
    assert registry.get("sevens") is registry.get("sevens")
    assert calls == ["sevens"]
    # every game at once loads the rest, each once, and keeps the plugin order
    assert list(registry.games) == ["renamed-sevens", "sevens"]
    assert [b.name for b in registry.broken] == ["broken"]
    assert calls == ["sevens", "alpha", "broken"]


def test_a_game_whose_id_is_not_its_plugin_name_is_found_in_order_stopping_there() -> None:
    calls: list[str] = []
    registry = Registry()
    for name in ("alpha", "beta", "gamma"):
        registry.add(name, "tests", _recording(calls, name, Renamed if name == "beta" else Sevens))
    assert registry.get("renamed-sevens").id == "renamed-sevens"
    assert calls == ["alpha", "beta"]


RECORD_PLUGIN_IMPORTS = textwrap.dedent("""
    import sys

    searched = []

    class Recorder:
        \"\"\"Sees every module searched for, also one whose import then fails.\"\"\"

        def find_spec(self, name, path=None, target=None):
            searched.append(name)

    sys.meta_path.insert(0, Recorder())

    def plugins_imported():
        return sorted({name.split(".")[2] if name.startswith("parlour.games.") else name for name in searched
                       if name.startswith("parlour.games.") or name in ("never_imported", "sevens")})
""")


def test_discover_imports_nothing_and_one_game_imports_only_its_plugin() -> None:
    code = RECORD_PLUGIN_IMPORTS + textwrap.dedent("""
        from parlour.core.registry import discover

        registry = discover()
        print([p.name for p in registry.plugins])
        print(plugins_imported())
        registry.get("monte-carlo")
        print(plugins_imported())
        registry.games
        print(plugins_imported())
    """)
    env = {**os.environ, "PARLOUR_PLUGINS": "never_imported:GAME,sevens:GAME", "PYTHONPATH": str(FIXTURES)}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True,
                            cwd=FIXTURES)
    names, at_discovery, for_one, for_all = result.stdout.strip().splitlines()
    assert names == str(["banque-fatale", "casablanca", "monte-carlo", "never_imported:GAME", "sevens:GAME"])
    assert at_discovery == "[]", "discover() imported a plugin"
    assert for_one == "['monte_carlo']", "finding one game imported another plugin"
    assert for_all == str(["banque_fatale", "casablanca", "monte_carlo", "never_imported", "sevens"])


def test_the_plugin_named_after_an_id_keeps_it_whatever_is_loaded_first() -> None:
    for first in ("get", "games"):
        registry = Registry()
        registry.add("aaa", "other", lambda: Sevens)
        registry.add("sevens", "tests", lambda: Sevens)
        holder = registry.get("sevens") if first == "get" else registry.games["sevens"]
        assert holder is registry.get("sevens") is registry.games["sevens"]
        assert registry.broken == [
            BrokenPlugin("aaa", "other", "GameDefinitionError: game id 'sevens' is already taken"),
        ]


def test_a_game_asked_for_names_the_plugins_that_failed_to_import() -> None:
    """Issue 25: a plugin that fails to import may be the game asked for, so "no game" says
    which plugins are broken and why, in one line."""
    registry = discover([GOOD, "no_such_module:GAME"])
    with pytest.raises(KeyError) as info:
        registry.get("my-game")
    message = info.value.args[0]
    assert message.startswith("no game 'my-game' (known: ") and "sevens" in message
    assert "broken: no_such_module:GAME from PARLOUR_PLUGINS: ModuleNotFoundError: No module named 'no_such_module'" \
        in message
    assert "\n" not in message


def test_a_broken_plugin_of_the_game_asked_for_is_named_with_its_error() -> None:
    registry = discover(["broken_plugins:CannotDeal"])  # a Sevens whose deal fails: its id is known
    with pytest.raises(KeyError) as info:
        registry.get("sevens")
    assert info.value.args[0] == ("game 'sevens' is broken (plugin broken_plugins:CannotDeal from PARLOUR_PLUGINS): "
                                  "ZeroDivisionError: division by zero")
