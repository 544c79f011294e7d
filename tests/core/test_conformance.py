"""The conformance suite, run against every installed game and the test game."""

from __future__ import annotations

import pytest

from conftest import all_games
from parlour.testing.conformance import *  # noqa: F403


@pytest.fixture(params=all_games(), ids=lambda g: g.id)
def game(request: pytest.FixtureRequest):
    return request.param
