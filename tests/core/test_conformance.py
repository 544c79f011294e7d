"""The conformance suite, run against every installed game and the test game Sevens."""

from __future__ import annotations

import inspect
import warnings
from pathlib import Path

import pytest

from parlour.core.game import Game
from parlour.core.registry import discover
from parlour.testing import conformance
from parlour.testing.conformance import GameContract

REGISTRY = discover(["sevens:GAME"])


def test_every_installed_game_loads() -> None:
    assert REGISTRY.broken == []
    assert {"banque-fatale", "monte-carlo", "casablanca", "sevens"} <= set(REGISTRY.games)


class TestEveryGame(GameContract):
    @pytest.fixture(params=list(REGISTRY.games.values()), ids=lambda g: g.id)
    def game(self, request: pytest.FixtureRequest) -> Game:
        return request.param


def _contract_tests() -> set[str]:
    return {name for name, value in vars(GameContract).items()
            if name.startswith("test_") and inspect.isfunction(value)}


@pytest.fixture
def plugin_tests(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    """A plugin's own test folder, run by pytest in a subprocess (the test game Sevens importable)."""
    monkeypatch.setenv("PYTHONPATH", str(Path(__file__).parents[1] / "fixtures"))
    return pytester


def test_a_subclass_collects_every_contract_test(plugin_tests: pytest.Pytester) -> None:
    """A plugin's class that names only its game runs the whole suite, whatever is added to it."""
    pytester = plugin_tests
    pytester.makepyfile(test_plugin="""
        from parlour.testing.conformance import GameContract
        from sevens import GAME

        class TestSevens(GameContract):
            GAME = GAME
    """)
    collected = pytester.runpytest_subprocess("--collect-only", "-q", "-p", "no:xdist", "-p", "no:cacheprovider")
    names = {line.rsplit("::", 1)[-1] for line in collected.outlines if "::" in line}
    assert "test_contract_conserved_quantities_hold" in names
    assert names == _contract_tests()


def test_a_subclass_without_its_game_says_so(plugin_tests: pytest.Pytester) -> None:
    pytester = plugin_tests
    pytester.makepyfile(test_plugin="""
        from parlour.testing.conformance import GameContract

        class TestForgotten(GameContract):
            pass
    """)
    result = pytester.runpytest_subprocess("-q", "-p", "no:xdist", "-p", "no:cacheprovider",
                                           "-k", "player_bounds")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*TestForgotten subclasses GameContract but sets no GAME*"])


def test_the_old_import_star_still_runs_every_test_with_a_warning() -> None:
    """Plugins written for ``import *`` and a ``game`` fixture keep working through 0.2."""
    taken: dict[str, object] = {}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        exec("from parlour.testing.conformance import *", taken)  # noqa: S102 - what an old plugin's test file does
    assert {name for name in taken if name.startswith("test_")} == _contract_tests()
    assert caught and all(issubclass(w.category, DeprecationWarning) for w in caught)
    assert "GameContract" in str(caught[0].message)
    old = taken["test_contract_player_bounds_enforced"]
    assert list(inspect.signature(old).parameters) == ["game"]  # type: ignore[arg-type]
    old(REGISTRY.games["sevens"])  # type: ignore[operator]
    with pytest.raises(AttributeError):
        conformance.test_no_such_thing  # noqa: B018
