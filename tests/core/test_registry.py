"""The registry: entry points, broken plugins kept apart, and the environment filters."""

from __future__ import annotations

from parlour.core.registry import discover

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
