"""The conformance suite, run against every installed game and the test game Sevens."""

from __future__ import annotations

import pytest

from parlour.core.registry import discover
from parlour.testing.conformance import *  # noqa: F403

REGISTRY = discover(["sevens:GAME"])


def test_every_installed_game_loads() -> None:
    assert REGISTRY.broken == []
    assert {"banque-fatale", "monte-carlo", "casablanca", "sevens"} <= set(REGISTRY.games)


@pytest.fixture(params=list(REGISTRY.games.values()), ids=lambda g: g.id)
def game(request: pytest.FixtureRequest):
    return request.param


def test_import_star_runs_every_contract_test() -> None:
    """A plugin's tests take the suite with ``import *`` (as the README says): every test the
    module defines must come with it, so none is forgotten when one is added."""
    import inspect

    import parlour.testing.conformance as suite

    defined = {name for name, value in vars(suite).items()
               if name.startswith("test_") and inspect.isfunction(value) and value.__module__ == suite.__name__}
    taken: dict[str, object] = {}
    exec("from parlour.testing.conformance import *", taken)  # noqa: S102 - what a plugin's test file does
    assert "test_contract_conserved_quantities_hold" in defined
    assert {name for name in taken if name.startswith("test_")} == defined
