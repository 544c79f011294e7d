"""The strength table of the computer levels: win shares with seats rotated, decision times.

    python benchmarks/strength.py --jobs 2                       # the whole table, every game (hours)
    python benchmarks/strength.py --game casablanca --lines hard200,flat --scale 0.25
    python benchmarks/strength.py --lines medium-easy,easy-medium,medium-random --markdown
    python benchmarks/strength.py --backend dask --address 127.0.0.1:8786   # on a Dask cluster

One line is one agent (the *hero*) against the same level in every other seat, seats rotated
from game to game (``simulate.rotate``), seeds from ``simulate.game_seed``, so the same
arguments give the same games with any ``--jobs`` and ``--backend`` (``process``: a pool of
``--jobs`` processes; ``dask``: the Dask cluster at ``--address``, else a local one of ``--jobs``
workers; see ``parlour.core.cluster``). For each line it prints the hero's win
share (a shared win counts as a fraction) with a 95 % Wilson interval and the fair share, the
hero's mean score, the hero's decision times (mean, p99, max: the agent's choice alone, view
included), and for searching agents the simulations per second. Nothing is asserted.

The lines, with the number of games each gets at ``--scale 1`` (what issue 15 asks for):

- ``hard``: hard (its default budget) vs 3 medium, 100 games
- ``hard200``: hard:200 vs 3 medium, 200 games
- ``medium-easy``: medium vs 3 easy, 400 games
- ``easy-medium``: one easy among 3 medium, 400 games
- ``medium-random``: medium vs 3 random, 400 games
- ``flat``: the flat Monte Carlo bot (200 worlds, up to 12 moves tried in each, random
  rollouts: 2,400 a decision) vs 3 medium, 400 games
- ``flat17``: the same bot with 17 worlds (about 200 rollouts a decision) vs 3 medium, 400 games
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from harness import wilson

from parlour.core import cluster, simulate
from parlour.core.agents import decide
from parlour.core.registry import discover
from parlour.core.rulesets import load_ruleset
from parlour.core.seating import computer_seats, start_match

LINES: dict[str, tuple[str, str, int]] = {
    "hard": ("hard", "medium", 100),
    "hard200": ("hard:200", "medium", 200),
    "medium-easy": ("medium", "easy", 400),
    "easy-medium": ("easy", "medium", 400),
    "medium-random": ("medium", "random", 400),
    "flat": ("flat", "medium", 400),
    "flat17": ("flat:17", "medium", 400),
}
GAMES = ("banque-fatale", "monte-carlo", "casablanca")


@dataclass(frozen=True)
class Task:
    game: str
    players: int
    variants: tuple[str, ...]
    hero: str
    foe: str
    seed: int
    indices: tuple[int, ...]


def play_games(task: Task) -> list[dict[str, Any]]:
    """Play the games ``task.indices`` of one line; the hero's decisions are timed."""
    game = discover().get(task.game)
    rules = load_ruleset(game).resolve(list(task.variants))
    lineup = [task.hero] + [task.foe] * (task.players - 1)
    out = []
    for index in task.indices:
        names = simulate.rotate(lineup, index)
        hero = index % task.players  # where the rotation put lineup[0]
        match = start_match(game, rules, simulate.game_seed(task.seed, index), computer_seats(names), task.variants)
        state = match.state
        times: list[float] = []
        iterations = 0
        searching = 0.0
        while (seat := state.to_move) is not None:
            if seat != hero:
                match.step()
                continue
            agent = match.agents[seat]
            start = time.perf_counter()
            action = decide(agent, state.view(seat), state.legal_actions(), match.decision_rng(seat),
                            worlds=lambda rng, s=seat: state.sample_world(s, rng))
            took = time.perf_counter() - start
            times.append(took)
            done = getattr(agent, "last_iterations", None)
            if done:
                iterations += done
                searching += took
            match.play(action)
        winners = state.winners()
        out.append({
            "index": index,
            "hero_share": (1.0 / len(winners)) if hero in winners else 0.0,
            "hero_score": state.scores()[hero],
            "times": times,
            "iterations": iterations,
            "searching": searching,
        })
    return out


def run_line(game_id: str, players: int, variants: Sequence[str], hero: str, foe: str, games: int,
             seed: int, jobs: int, backend: str = "process", address: str | None = None) -> dict[str, Any]:
    indices = list(range(games))
    by_index: dict[int, dict[str, Any]] = {}

    def keep(part: list[dict[str, Any]]) -> None:
        for result in part:
            by_index.setdefault(result["index"], result)  # a chunk played again counts once

    start = time.perf_counter()
    if backend == "dask":
        # small chunks: a lost worker costs a few games, and the load evens out
        size = max(1, min(10, games // (jobs * 4)))
        chunks = [tuple(indices[i:i + size]) for i in range(0, games, size)]
        tasks = [Task(game_id, players, tuple(variants), hero, foe, seed, chunk) for chunk in chunks]
        cluster.play_chunks(play_games, (), tasks, keep, jobs, address)
    else:
        chunks = [tuple(indices[i::jobs]) for i in range(jobs) if indices[i::jobs]]
        tasks = [Task(game_id, players, tuple(variants), hero, foe, seed, chunk) for chunk in chunks]
        if len(tasks) == 1:
            keep(play_games(tasks[0]))
        else:
            with ProcessPoolExecutor(max_workers=len(tasks)) as pool:
                for part in pool.map(play_games, tasks):
                    keep(part)
    wall = time.perf_counter() - start
    results = [by_index[i] for i in sorted(by_index)]
    share = sum(r["hero_share"] for r in results) / len(results)
    low, high = wilson(share, len(results))
    times = sorted(t for r in results for t in r["times"])
    iterations = sum(r["iterations"] for r in results)
    searching = sum(r["searching"] for r in results)
    return {
        "game": game_id, "players": players, "variants": list(variants), "hero": hero, "foe": foe,
        "games": len(results), "seed": seed,
        "win_share": share, "ci95": [low, high], "fair": 1 / players,
        "mean_score": statistics.mean(r["hero_score"] for r in results),
        "decisions": len(times),
        "decision_ms": {
            "mean": 1000 * statistics.mean(times) if times else None,
            "p99": 1000 * times[min(len(times) - 1, math.ceil(0.99 * len(times)) - 1)] if times else None,
            "max": 1000 * times[-1] if times else None,
        },
        "simulations_per_second": iterations / searching if searching else None,
        "seconds": wall,
    }


def line_text(row: Mapping[str, Any]) -> str:
    low, high = row["ci95"]
    ms = row["decision_ms"]
    sims = f"{row['simulations_per_second']:8.0f}" if row["simulations_per_second"] else f"{'-':>8}"
    return (f"{row['hero'] + ' vs ' + str(row['players'] - 1) + ' ' + row['foe']:<24} {row['games']:>5} "
            f"{row['win_share']:>7.1%} {f'{low:.1%}-{high:.1%}':>13} {row['fair']:>5.0%} "
            f"{ms['mean']:>9.2f} {ms['p99']:>9.2f} {ms['max']:>9.2f} {sims} {row['seconds']:>7.0f}")


HEADER = (f"{'line':<24} {'games':>5} {'win':>7} {'95% CI':>13} {'fair':>5} "
          f"{'mean ms':>9} {'p99 ms':>9} {'max ms':>9} {'sims/s':>8} {'wall s':>7}")


def markdown(rows: Sequence[Mapping[str, Any]]) -> str:
    out = ["| game | line | games | win share | 95% CI | fair | decision mean / p99 / max ms | sims/s |",
           "|---|---|---:|---:|---|---:|---|---:|"]
    for row in rows:
        low, high = row["ci95"]
        ms = row["decision_ms"]
        sims = f"{row['simulations_per_second']:,.0f}" if row["simulations_per_second"] else "-"
        out.append(f"| {row['game']} | {row['hero']} vs {row['players'] - 1} {row['foe']} | {row['games']} | "
                   f"{row['win_share']:.1%} | {low:.1%}-{high:.1%} | {row['fair']:.0%} | "
                   f"{ms['mean']:.1f} / {ms['p99']:.1f} / {ms['max']:.1f} | {sims} |")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", action="append", choices=GAMES, help="a game (repeatable; default all three)")
    p.add_argument("--lines", default=",".join(LINES), help="comma-separated line names (default: all)")
    p.add_argument("--scale", type=float, default=1.0, help="multiply every line's game count (default 1)")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--variant", action="append", default=[])
    p.add_argument("--jobs", type=int, default=1, help="worker processes, or local Dask workers (default 1)")
    p.add_argument("--backend", choices=("process", "dask"), default="process",
                   help="process: a pool on this machine (default); dask: a Dask cluster (parlour[cluster])")
    p.add_argument("--address", metavar="HOST:PORT", help="with --backend dask: a running scheduler "
                                                         "(default: a local cluster of --jobs workers)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", metavar="FILE", help="also write every row to FILE as JSON")
    p.add_argument("--markdown", action="store_true", help="end with the table as Markdown")
    args = p.parse_args(argv)
    names = [n.strip() for n in args.lines.split(",") if n.strip()]
    unknown = [n for n in names if n not in LINES]
    if unknown:
        p.error(f"unknown line {unknown[0]!r} (known: {', '.join(LINES)})")
    if args.scale <= 0 or args.jobs < 1:
        p.error("--scale must be above 0 and --jobs at least 1")
    if args.address and args.backend != "dask":
        p.error("--address is the scheduler of a Dask cluster: give it with --backend dask")
    rows = []
    for game_id in args.game or GAMES:
        print(f"\n== {game_id}: {args.players} players, seats rotated, seed {args.seed}, "
              f"variants: {', '.join(args.variant) or 'none'} ==", flush=True)
        print(HEADER, flush=True)
        for name in names:
            hero, foe, games = LINES[name]
            games = max(1, round(games * args.scale))
            try:
                row = run_line(game_id, args.players, args.variant, hero, foe, games, args.seed, args.jobs,
                               args.backend, args.address)
            except cluster.ClusterError as exc:
                p.exit(2, f"{p.prog}: {exc}\n")
            rows.append(row)
            print(line_text(row), flush=True)
            if args.json:
                with open(args.json, "w", encoding="utf-8") as fh:
                    json.dump(rows, fh, indent=1)
    if args.markdown:
        print()
        print(markdown(rows))


if __name__ == "__main__":
    sys.exit(main())
