"""Headless games between agents, with seats rotated so no agent keeps the same seat."""

from __future__ import annotations

import functools
import json
import math
import os
import random
import signal
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from parlour.core import cluster
from parlour.core.match import DEFAULT_TIME_LIMIT
from parlour.core.record import write_json
from parlour.core.registry import Registry, discover
from parlour.core.rulesets import turned
from parlour.core.seating import computer_seats, start_match


@dataclass(frozen=True)
class GameResult:
    index: int
    seed: int
    agents: list[str]
    scores: list[float]
    winners: list[int]
    turns: int
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "agents": self.agents,
            "scores": self.scores,
            "winners": self.winners,
            "turns": self.turns,
        }


@dataclass(frozen=True)
class Plan:
    game_id: str
    rules: dict[str, Any]
    variants: list[str]
    agents: list[str]
    games: int
    seed: int
    records: str | None = None
    plugins: tuple[str, ...] = ()
    #: seconds a computer player may take over one decision (see :attr:`Match.time_limit`)
    time_limit: float | None = DEFAULT_TIME_LIMIT
    #: the seat (from 0) whose player begins every game, for a game that lets the players
    #: choose (``Game.starter``; the rules must say "the first seat"): the table is turned so
    #: that seat sits first, and the results are given for the seats as they were. None: as
    #: the rules say.
    first_seat: int | None = None


def game_seed(seed: int, index: int) -> int:
    return random.Random(f"{seed}/{index}").getrandbits(48)


def record_name(game_id: str, index: int) -> str:
    """The file name of game ``index``'s record in a ``--records`` folder."""
    return f"{game_id}-{index:05d}.json"


def index_name(game_id: str) -> str:
    """The file name of a ``--records`` folder's index: one JSON line a game."""
    return f"{game_id}.jsonl"


def write_index(plan: Plan, results: Sequence[GameResult]) -> None:
    """The run's results in a ``--records`` folder, one JSON object a line in game order, each
    naming its record: a table to read without replaying a game. Never written over."""
    assert plan.records
    with open(Path(plan.records) / index_name(plan.game_id), "x", encoding="utf-8") as fh:
        for r in results:
            fh.write(json.dumps({"index": r.index, "record": record_name(plan.game_id, r.index), **r.to_json()}) + "\n")
        fh.flush()
        os.fsync(fh.fileno())


def rotate(agents: Sequence[str], index: int) -> list[str]:
    """Game ``index`` rotates the agent list by ``index`` seats."""
    n = len(agents)
    shift = index % n
    return list(agents[-shift:] + agents[:-shift]) if shift else list(agents)


@functools.lru_cache(maxsize=4)
def _registry(plugins: tuple[str, ...]) -> Registry:
    return discover(plugins)


def _play_one(plan: Plan, index: int) -> tuple[GameResult, dict[str, Any] | None]:
    """Game ``index`` and, if the run keeps records, its record for the driver to write."""
    game = _registry(plan.plugins).get(plan.game_id)
    names = rotate(plan.agents, index)
    seed = game_seed(plan.seed, index)
    turn = plan.first_seat or 0
    seats = computer_seats(names)
    match = start_match(game, plan.rules, seed, turned(seats, turn), plan.variants)
    match.time_limit = plan.time_limit
    start = time.perf_counter()
    state = match.play_out()
    elapsed = time.perf_counter() - start
    n = len(names)
    scores = [0.0] * n
    for at, score in enumerate(state.scores()):  # back to the seats as they were before the turn
        scores[(at + turn) % n] = score
    winners = sorted((w + turn) % n for w in state.winners())
    record = match.record.to_json() if plan.records else None
    return GameResult(index, seed, names, scores, winners, match.moves, elapsed), record


def _play_chunk(plan: Plan, indices: list[int]) -> list[tuple[GameResult, dict[str, Any] | None]]:
    return [_play_one(plan, i) for i in indices]


def run(plan: Plan, jobs: int = 1, backend: str = "process",
        address: str | None = None) -> tuple[list[GameResult], float]:
    """Play every game of ``plan``; the results are the same whatever ``jobs`` and ``backend``
    are. Each game's result is kept once, by its index, and its record written here, in the
    driver, as its chunk comes back: a chunk run again after a lost worker changes nothing.

    ``backend`` "process": a pool of ``jobs`` processes on this machine (none for one job);
    "dask": :mod:`parlour.core.cluster` (the scheduler at ``address``, else a local cluster of
    ``jobs`` workers)."""
    start = time.perf_counter()
    results: dict[int, GameResult] = {}

    def keep(part: list[tuple[GameResult, dict[str, Any] | None]]) -> None:
        for result, record in part:
            if result.index in results:
                continue
            if record is not None and plan.records:
                write_json(Path(plan.records) / record_name(plan.game_id, result.index), record, replace=False)
            results[result.index] = result

    indices = list(range(plan.games))
    # small chunks, so that a game that fails (a PluginError) is met soon: the workers are
    # then stopped
    size = max(1, min(50, plan.games // (jobs * 4)))
    chunks = [indices[i:i + size] for i in range(0, len(indices), size)]
    if backend == "dask":
        cluster.play_chunks(_play_chunk, (plan,), chunks, keep, jobs, address)
    elif jobs <= 1 or plan.games <= 1:
        for index in indices:
            keep(_play_chunk(plan, [index]))
    else:
        with ProcessPoolExecutor(max_workers=jobs, initializer=leave_ctrl_c_to_the_parent) as pool:
            futures = [pool.submit(_play_chunk, plan, chunk) for chunk in chunks]
            try:
                for future in futures:
                    keep(future.result())
            except BaseException:
                # ctrl+c or a failed game: the games under way are not waited for (a computer
                # player may never return). No future is cancelled here: Python 3.11's pool
                # fails on a cancelled one when its workers are gone (InvalidStateError)
                stop_workers(pool)
                raise
    ordered = [results[i] for i in sorted(results)]
    if plan.records:
        write_index(plan, ordered)
    return ordered, time.perf_counter() - start


def leave_ctrl_c_to_the_parent() -> None:
    """A worker ignores ctrl+c (a terminal sends it to the workers too): the parent stops them,
    and no worker prints a traceback of its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def stop_workers(pool: ProcessPoolExecutor) -> None:
    """Kill the pool's workers now. Their games are lost, which is what stopping means; a
    record is written atomically, so none is left half-written."""
    kill = getattr(pool, "kill_workers", None)  # Python 3.14
    if kill is not None:
        kill()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        try:
            process.kill()
        except (OSError, ValueError):
            pass  # already gone


#: the normal quantile of a two-sided 95 % interval
Z95 = 1.959963984540054


def wilson_interval(share: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win ``share`` over ``games`` (shared wins counted as
    fractions). Unlike share ± z·sd it stays within 0 and 1 and is honest for few games or
    shares near 0 or 1. No games: (0, 1), nothing is known."""
    if games <= 0:
        return 0.0, 1.0
    share = min(1.0, max(0.0, share))
    z2 = z * z
    centre = (share + z2 / (2 * games)) / (1 + z2 / games)
    half = z / (1 + z2 / games) * math.sqrt(share * (1 - share) / games + z2 / (4 * games * games))
    low = 0.0 if share == 0.0 else max(0.0, centre - half)
    high = 1.0 if share == 1.0 else min(1.0, centre + half)
    return low, high


def summarise(plan: Plan, results: list[GameResult], wall: float) -> dict[str, Any]:
    """Win shares (a shared win counts as a fraction) per seat and per agent with their 95 %
    Wilson intervals, mean scores."""
    seats = len(plan.agents)
    seat_wins = [0.0] * seats
    agent_wins: dict[str, float] = {}
    agent_games: dict[str, int] = {}
    agent_scores: dict[str, float] = {}
    seat_scores = [0.0] * seats
    for result in results:
        share = 1.0 / len(result.winners)
        for seat, name in enumerate(result.agents):
            agent_games[name] = agent_games.get(name, 0) + 1
            agent_scores[name] = agent_scores.get(name, 0.0) + result.scores[seat]
            seat_scores[seat] += result.scores[seat]
            agent_wins.setdefault(name, 0.0)
        for seat in result.winners:
            seat_wins[seat] += share
            agent_wins[result.agents[seat]] += share
    n = max(len(results), 1)
    turns = sum(r.turns for r in results)
    return {
        "game": plan.game_id,
        "variants": plan.variants,
        "games": len(results),
        "seed": plan.seed,
        "seat_win_share": [w / n for w in seat_wins],
        "seat_win_interval": [list(wilson_interval(w / n, len(results))) for w in seat_wins],
        "seat_mean_score": [s / n for s in seat_scores],
        # an agent listed k times holds k seats per game: its share is of all wins
        "agent_win_share": {a: agent_wins[a] / n for a in agent_wins},
        "agent_win_interval": {a: list(wilson_interval(agent_wins[a] / n, len(results))) for a in agent_wins},
        "agent_fair_share": {a: plan.agents.count(a) / seats for a in agent_wins},
        "agent_mean_score": {a: agent_scores[a] / agent_games[a] for a in agent_scores},
        "games_per_second": len(results) / wall if wall > 0 else None,
        "decisions": turns,
        "decisions_per_second": turns / wall if wall > 0 else None,
        "seconds": wall,
    }
