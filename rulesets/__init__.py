"""The compendium's rule library, as files a player can read and copy from:

- ``<game id>.yaml``: each built-in game's ruleset, its default settings and named variants;
- ``house/<game id>/*.yaml``: curated house rules, small files that change a few settings,
  offered in setup beside the variants (and beside the player's own, from their rules folder);
- ``schemas/<game id>.json``: the JSON Schema of those files (``parlour schema GAME`` writes
  it), for an editor that completes and checks keys.

The built-in games point ``Game.ruleset_path`` and ``Game.house_rules_folder`` here; a
third-party plugin ships its own files beside its module. This package holds data only.
"""

from __future__ import annotations

from pathlib import Path

FOLDER = Path(__file__).resolve().parent


def ruleset_file(game_id: str) -> Path:
    """The built-in ruleset of ``game_id``."""
    return FOLDER / f"{game_id}.yaml"


def house_rules_folder(game_id: str) -> Path:
    """The curated house rules of ``game_id``."""
    return FOLDER / "house" / game_id


def schema_file(game_id: str) -> Path:
    """The shipped JSON Schema of ``game_id``'s ruleset and house-rules files."""
    return FOLDER / "schemas" / f"{game_id}.json"
