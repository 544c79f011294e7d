"""Soak: many random games of one game, every move checked against the contract's invariants.

Used by ``benchmarks/soak.py`` (100,000 games a game, both cores) and by a small test in the
suite. Per move: a game not over offers moves and names a seat to move; each legal move it
offers is accepted; what the game says it conserves (:meth:`State.conserved`) does not change
within an epoch; every so often the mover's view is JSON. At the end: finite scores, winners.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field
from typing import Any

from parlour.core.game import Game

#: a view is checked for JSON every this many moves (a full check per move is slow)
VIEW_EVERY = 50
#: a game longer than this is a failure: it does not end
MAX_MOVES = 200_000


@dataclass
class Soak:
    games: int = 0
    moves: int = 0
    conserved_checks: int = 0
    problems: list[str] = field(default_factory=list)

    def add(self, other: Soak) -> None:
        self.games += other.games
        self.moves += other.moves
        self.conserved_checks += other.conserved_checks
        self.problems += other.problems


def soak(game: Game, rules_for: dict[int, Any], seeds: range, variants: str = "") -> Soak:
    """Play one random game per seed (players cycling over ``rules_for``'s keys) and check it;
    the first problem of each game is kept (``problems``), never raised."""
    result = Soak()
    counts = sorted(rules_for)
    for seed in seeds:
        players = counts[seed % len(counts)]
        try:
            problem = _one(game, rules_for[players], players, seed, result)
        except Exception as exc:  # noqa: BLE001 - a soak reports, it does not stop
            problem = f"{type(exc).__name__}: {exc}"
        result.games += 1
        if problem is not None:
            result.problems.append(f"{game.id} seed {seed}, {players} players{variants}: {problem}")
    return result


def _one(game: Game, rules: Any, players: int, seed: int, result: Soak) -> str | None:
    state = game.new_game(players, rules, seed)
    rng = random.Random(seed)
    kept = dict(state.conserved())
    moves = 0
    while state.to_move is not None:
        seat = state.to_move
        if not 0 <= seat < players:
            return f"move {moves}: seat {seat!r} to move"
        legal = state.legal_actions()
        if not legal:
            return f"move {moves}: no legal move before the end"
        if moves % VIEW_EVERY == 0:
            json.dumps(state.view(seat))
        state.apply(legal[int(rng.random() * len(legal))])
        moves += 1
        if moves > MAX_MOVES:
            return f"no end after {MAX_MOVES:,} moves"
        now = state.conserved()
        if now:
            result.conserved_checks += 1
            if now.get("epoch") != kept.get("epoch"):
                kept = dict(now)
            elif now != kept:
                changed = sorted(k for k in now if now[k] != kept.get(k))
                return f"move {moves}: {', '.join(changed)} changed: {[kept.get(k) for k in changed]} -> " \
                       f"{[now[k] for k in changed]}"
    result.moves += moves
    scores = state.scores()
    if len(scores) != players or not all(isinstance(s, (int, float)) and math.isfinite(s) for s in scores):
        return f"scores {scores!r}"
    if not state.winners():
        return "no winner"
    return None
