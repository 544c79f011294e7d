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
