"""Computer players lent through the ``parlour.agents`` entry points: a lender that cannot
load or fails for a game is named when its kind is asked for, never silently absent."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from parlour.core import agents
from parlour.core.agents import AgentSpecError, RandomAgent, all_kinds, broken_lenders, find_kind
from parlour.games.casablanca import GAME


def _point(name: str, load):
    return SimpleNamespace(name=name, load=load)


def _refuses() -> None:
    raise ImportError("No module named 'missing_engine'")


def _lends_random(game):
    return {"lent-random": lambda rules: RandomAgent()}


def _fails_for_game(game):
    raise RuntimeError(f"cannot play {game.id}")


@pytest.fixture
def lenders(monkeypatch):
    points = [
        _point("good", lambda: _lends_random),
        _point("unloadable", _refuses),
        _point("failing", lambda: _fails_for_game),
    ]
    monkeypatch.setattr(agents, "entry_points", lambda group: points if group == agents.AGENT_GROUP else [])
    agents._lenders.cache_clear()
    yield
    agents._lenders.cache_clear()


def test_a_working_lender_still_lends_beside_broken_ones(lenders):
    game = GAME
    assert "lent-random" in all_kinds(game)
    assert find_kind(game, "lent-random")[0] == "lent-random"


def test_broken_lenders_are_named_with_their_errors(lenders):
    game = GAME
    assert broken_lenders(game) == [
        "failing: cannot play casablanca",
        "unloadable: No module named 'missing_engine'",
    ]


def test_asking_for_an_absent_kind_names_the_broken_lenders(lenders):
    game = GAME
    with pytest.raises(AgentSpecError) as caught:
        find_kind(game, "openspiel-ismcts:50")
    message = str(caught.value)
    assert "broken lenders" in message and "unloadable: No module named 'missing_engine'" in message
    assert "\n" not in message
