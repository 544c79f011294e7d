from __future__ import annotations

from pathlib import Path

import pytest

from parlour.core.game import Game
from parlour.core.registry import Registry, discover

FIXTURES = Path(__file__).parent / "fixtures"
TEST_PLUGIN = "sevens:GAME"


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes the real user's config or data folders."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.delenv("PARLOUR_GAMES", raising=False)
    monkeypatch.delenv("PARLOUR_PLUGINS", raising=False)


def all_games() -> list[Game]:
    """Every installed game plus the test game."""
    return list(discover([TEST_PLUGIN]).games.values())


@pytest.fixture
def registry() -> Registry:
    return discover([TEST_PLUGIN])
