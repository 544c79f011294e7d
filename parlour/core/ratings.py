"""Ratings: openskill's Plackett-Luce model, shown on a chess-like scale.

Each player name and each computer level has one rating per game, a belief about its skill:
a mean ``mu`` and an uncertainty ``sigma`` (openskill's defaults: 25 and 25/3 for someone new).
A finished game ranks its seats (the winners first, then by score) and the model moves every
seat's belief; the winner's mean rises and the last one's falls.

What a player sees is the mean on a chess-like scale: ``1,500 + 50 x (mu - 25)``. Someone new
is 1,500. Between two settled players of a two-player game, 400 points is about 10 to 1 (the
model's odds, as in chess). The computer levels start from the measured ladder
(``ladder.json`` beside this module, written by ``benchmarks/ladder.py``), so beating ``hard``
counts for more than beating ``random`` from the first game.

A rating from fewer than :data:`PROVISIONAL_GAMES` games of its player in a game is
provisional, shown with a trailing ``?`` ("Tess 1,728?"): someone new is so uncertain that one
game can move him by 200 points, as the model means it to. A computer level whose start the
ladder measured is never provisional; one it did not measure (a plugin's game, a level not on
the ladder) starts as someone new and is provisional as a person is.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from openskill.models import PlackettLuce

#: openskill's defaults: the belief about someone who has not played yet
START_MU = 25.0
START_SIGMA = 25.0 / 3.0
#: the shown number: START at the start mean, SCALE points per point of mean
START = 1500
SCALE = 50.0
LADDER_FILE = "ladder.json"
#: a rating from fewer games than this (of its player, in one game) is provisional
PROVISIONAL_GAMES = 5
#: what follows a provisional rating's number
PROVISIONAL_MARK = "?"


@dataclass(frozen=True)
class Skill:
    mu: float = START_MU
    sigma: float = START_SIGMA

    @property
    def shown(self) -> int:
        return shown(self.mu)


def shown(mu: float) -> int:
    """The number a player sees for a mean ``mu``."""
    return round(START + SCALE * (mu - START_MU))


def signed(change: int, moved: float = 0.0) -> str:
    """``+18``, ``-4`` (a real minus sign), ``±0``; a change that rounds to nothing but
    ``moved`` the mean (a settled computer level's, a playtest read "hard 1,557, ±0" for the
    winner) keeps its way: ``+0``, ``−0``."""
    if change > 0 or (change == 0 and moved > 0):
        return f"+{change:,}"
    if change < 0 or moved < 0:
        return f"\u2212{-change:,}"
    return "\u00b10"


@lru_cache(maxsize=1)
def model() -> PlackettLuce:
    return PlackettLuce()


def ranks(scores: Sequence[float], winners: Sequence[int]) -> list[int]:
    """Each seat's place (0 first): the winners share first place, the others follow by score,
    equal scores sharing a place."""
    others = sorted({scores[s] for s in range(len(scores)) if s not in winners}, reverse=True)
    return [0 if seat in winners else 1 + others.index(scores[seat]) for seat in range(len(scores))]


def rate(skills: Sequence[Skill], places: Sequence[int]) -> list[Skill]:
    """Every seat's new skill after a game where seat ``i`` came ``places[i]`` (0 first)."""
    pl = model()
    teams = [[pl.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    rated = pl.rate(teams, ranks=[float(p) for p in places])
    return [Skill(team[0].mu, team[0].sigma) for team in rated]


def win_chances(skills: Sequence[Skill]) -> list[float]:
    """The model's chance of each seat winning a game between them."""
    pl = model()
    return list(pl.predict_win([[pl.rating(mu=s.mu, sigma=s.sigma)] for s in skills]))


@lru_cache(maxsize=1)
def _ladder() -> dict[str, Any]:
    try:
        data = json.loads(resources.files("parlour.core").joinpath(LADDER_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _measured(game_id: str, level: str, ladder: Mapping[str, Any] | None = None) -> Skill | None:
    """Where the ladder measured computer ``level`` to start in ``game_id``, or None."""
    entry: Any = ladder if ladder is not None else _ladder()
    for key in ("games", game_id, "levels", level):
        entry = entry.get(key) if isinstance(entry, dict) else None
    try:
        mu, sigma = float(entry["mu"]), float(entry["sigma"])
    except (KeyError, TypeError, ValueError):
        return None
    return Skill(mu, sigma) if math.isfinite(mu) and math.isfinite(sigma) and sigma > 0 else None


def ladder_skill(game_id: str, level: str, ladder: Mapping[str, Any] | None = None) -> Skill:
    """Where computer ``level`` starts in ``game_id``: measured by the ladder, else as someone new."""
    return _measured(game_id, level, ladder) or Skill()


def provisional(game_id: str, who: str, computer: bool, games: int, ladder: Mapping[str, Any] | None = None) -> bool:
    """Whether the rating of ``who`` in ``game_id`` after ``games`` rated games of it is
    provisional: fewer than :data:`PROVISIONAL_GAMES`, unless it is a computer level whose
    start the ladder measured (never provisional)."""
    if computer and _measured(game_id, who, ladder) is not None:
        return False
    return games < PROVISIONAL_GAMES
