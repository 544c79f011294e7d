"""Snapshots of the home and setup screens at a fixed terminal size.

Update with ``pytest tests/tui --snapshot-update`` after a deliberate change, and look at the
report before committing the new SVGs."""

from __future__ import annotations

import random
from typing import Any

from tui_helpers import SIZE, sevens_registry

from parlour.tui.app import ParlourApp


def snapshot_app() -> ParlourApp:
    return ParlourApp(sevens_registry(broken=True), ai_delay=0, rng=random.Random(7))


def test_home_screen_lists_games_and_broken_plugins(snap_compare: Any) -> None:
    assert snap_compare(snapshot_app(), terminal_size=SIZE)


def test_setup_screen_with_seats_variants_and_seed(snap_compare: Any) -> None:
    assert snap_compare(snapshot_app(), press=["enter"], terminal_size=SIZE)
