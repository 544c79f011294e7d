"""Fixtures for the app's tests."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from screen_snapshots import ScreenSnapshot

from parlour.core.saves import SaveFolder


@pytest.fixture
def saves() -> SaveFolder:
    """The app's default save folder: $XDG_DATA_HOME/parlour, a temp folder in tests."""
    return SaveFolder()


@pytest.fixture
def data_home() -> Path:
    return Path(os.environ["XDG_DATA_HOME"])


@pytest.fixture(autouse=True)
def _quick_hand_over(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hand-overs take keys after a short pause; tests that check the pause set their own."""
    from parlour.tui.dialogs import HandOverScreen

    monkeypatch.setattr(HandOverScreen, "ready_delay", 0.05)


@pytest.fixture(autouse=True)
def _no_board_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    """Boards ignore keys briefly after a new decision; the tests that check it set a pause."""
    from parlour.tui.board import Board

    monkeypatch.setattr(Board, "decision_delay", 0.0)


@pytest.fixture
def screen_snapshot() -> ScreenSnapshot:
    """Pin a screen or a dialog as text at 80x24 and 120x40 (``tests/tui/screen_snapshots.py``)."""
    return ScreenSnapshot()
