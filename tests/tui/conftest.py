"""Fixtures for the app's tests."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from parlour.core.saves import SaveFolder


@pytest.fixture
def saves() -> SaveFolder:
    """The app's default save folder: $XDG_DATA_HOME/parlour, a temp folder in tests."""
    return SaveFolder()


@pytest.fixture
def data_home() -> Path:
    return Path(os.environ["XDG_DATA_HOME"])
