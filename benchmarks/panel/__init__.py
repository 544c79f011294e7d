"""Panels of people-like players: per game, a few simple and sensible styles that real
players use, each an honest agent (``choose(view, legal, rng)``, the seat's view alone).

The built-in levels were long measured only against each other; a panel tries them as
people play instead (``benchmarks/people.py``). A game's panel is a module here with
``STYLES`` (name -> :class:`Style`) and ``Behaviour`` (figures a person notices about one
seat's play, gathered from the true state as the game goes). Add a game by adding its module
to :data:`PANELS`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from parlour.core.agents import Agent

#: game id -> the module of its panel (inside this package)
PANELS = {"casablanca": "casablanca", "banque-fatale": "banque_fatale", "monte-carlo": "monte_carlo"}


@dataclass(frozen=True)
class Style:
    """One kind of player: how to build it for a ruleset, and what it does, in a line."""

    build: Callable[[Mapping[str, Any]], Agent]
    about: str


def panel(game_id: str) -> ModuleType:
    """The panel module of ``game_id`` (KeyError: the game has none yet)."""
    return importlib.import_module(f"{__name__}.{PANELS[game_id]}")


def styles(game_id: str, held_out: bool = False) -> dict[str, Style]:
    """The game's panel; with ``held_out``, also the styles kept aside as a check that play
    improved for people in general, not for the panel (a module's ``HELD_OUT``, if any)."""
    module = panel(game_id)
    return {**module.STYLES, **(getattr(module, "HELD_OUT", {}) if held_out else {})}
