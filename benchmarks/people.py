"""The levels against people-like players (issue 29): one table of win shares per game.

    python benchmarks/people.py --game casablanca --games 40 --jobs 2
    python benchmarks/people.py --game casablanca --cells hard-vs,vs-hard --games 100 --jobs 2
    python benchmarks/people.py --game casablanca --cells random --games 200   # each style vs 3 random

A panel (``benchmarks/panel``) holds a few styles of play per game, each an honest agent that
sees only its seat's view. The cells, each seats rotated (``simulate.rotate``) with seeds from
``simulate.game_seed``, so the same arguments give the same games with any ``--jobs``:

- ``hard-vs``: ``hard`` (its default budget) vs three of each style, and vs three ``medium``;
- ``medium-vs``: ``medium`` vs three of each style;
- ``vs-hard``: each style vs three ``hard``;
- ``random``: each style vs three ``random`` (a style must beat them clearly).

Each line: the hero's win share (a shared win counts as a fraction) with a 95 % Wilson
interval, the fair share, the hero's decision times (mean and p99, view and choice, in CPU
time of its process: what one core would take, however busy the machine), and a
line of what a person notices about the hero's play (the panel's ``Behaviour``). Nothing is
asserted.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from harness import wilson
from panel import panel, styles

from parlour.core import simulate
from parlour.core.agents import Agent, decide, make_agent
from parlour.core.match import Match
from parlour.core.registry import discover
from parlour.core.rulesets import load_ruleset
from parlour.core.seating import computer_seats

CELLS = ("hard-vs", "medium-vs", "vs-hard", "random")


@dataclass(frozen=True)
class Task:
    game: str
    players: int
    hero: str
    foe: str
    seed: int
    indices: tuple[int, ...]


def build(game: Any, rules: Any, name: str) -> Agent:
    """A style of the game's panel by name, else one of the game's own computer players."""
    found = styles(game.id, held_out=True).get(name)
    return found.build(rules) if found is not None else make_agent(game, name, rules)


def play_games(task: Task) -> dict[str, Any]:
    game = discover().get(task.game)
    rules = load_ruleset(game).resolve([])
    lineup = [task.hero] + [task.foe] * (task.players - 1)
    behaviour = panel(task.game).Behaviour()
    shares, times = [], []
    for index in task.indices:
        names = simulate.rotate(lineup, index)
        hero = index % task.players
        seats = computer_seats(names)
        match = Match(game, rules, simulate.game_seed(task.seed, index), seats, [build(game, rules, n) for n in names])
        state = match.state
        while (seat := state.to_move) is not None:
            if seat != hero:
                match.step()
                continue
            agent = match.agents[seat]
            start = time.process_time()
            action = decide(agent, state.view(seat), state.legal_actions(), match.decision_rng(seat),
                            worlds=lambda rng, s=seat: state.sample_world(s, rng, quiet=True))
            times.append(time.process_time() - start)
            behaviour.watch(state, seat, action)
            match.play(action)
        winners = state.winners()
        shares.append((index, 1.0 / len(winners) if hero in winners else 0.0))
    return {"shares": shares, "times": times, "behaviour": behaviour}


def run_cell(game_id: str, players: int, hero: str, foe: str, games: int, seed: int, jobs: int) -> dict[str, Any]:
    indices = list(range(games))
    tasks = [Task(game_id, players, hero, foe, seed, tuple(indices[i::jobs])) for i in range(jobs) if indices[i::jobs]]
    start = time.perf_counter()
    if len(tasks) == 1:
        parts = [play_games(tasks[0])]
    else:
        with ProcessPoolExecutor(max_workers=len(tasks)) as pool:
            parts = list(pool.map(play_games, tasks))
    behaviour = parts[0]["behaviour"]
    for part in parts[1:]:
        behaviour.merge(part["behaviour"])
    share = sum(s for part in parts for _, s in part["shares"]) / games
    times = sorted(t for part in parts for t in part["times"])
    return {
        "game": game_id, "hero": hero, "foe": foe, "players": players, "games": games, "seed": seed,
        "win_share": share, "ci95": list(wilson(share, games)), "fair": 1 / players,
        "decision_ms": {"mean": 1000 * statistics.mean(times) if times else None,
                        "p99": 1000 * times[min(len(times) - 1, math.ceil(0.99 * len(times)) - 1)] if times else None},
        "behaviour": behaviour.figures(), "behaviour_line": behaviour.line(behaviour.figures()),
        "seconds": time.perf_counter() - start,
    }


def cells(game_id: str, chosen: Sequence[str], held_out: bool = False) -> list[tuple[str, str]]:
    names = list(styles(game_id, held_out))
    out: list[tuple[str, str]] = []
    for cell in chosen:
        if cell == "hard-vs":
            out += [("hard", s) for s in names] + [("hard", "medium")]
        elif cell == "medium-vs":
            out += [("medium", s) for s in names]
        elif cell == "vs-hard":
            out += [(s, "hard") for s in names]
        elif cell == "random":
            out += [(s, "random") for s in names]
    return out


def row_text(row: dict[str, Any]) -> str:
    low, high = row["ci95"]
    ms = row["decision_ms"]
    timing = f"{ms['mean']:8.1f} {ms['p99']:8.1f}" if ms["mean"] is not None else f"{'-':>8} {'-':>8}"
    return (f"{row['hero'] + ' vs ' + str(row['players'] - 1) + ' ' + row['foe']:<22} {row['games']:>5} "
            f"{row['win_share']:>6.1%} {f'{low:.0%}-{high:.0%}':>9} {row['fair']:>5.0%} {timing} "
            f"{row['seconds']:>6.0f}\n{'':<24}{row['behaviour_line']}")


HEADER = f"{'line':<22} {'games':>5} {'win':>6} {'95% CI':>9} {'fair':>5} {'cpu ms':>8} {'p99 ms':>8} {'wall s':>6}"


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", default="casablanca", help="a game with a panel (default casablanca)")
    p.add_argument("--cells", default="hard-vs,medium-vs,vs-hard",
                   help=f"comma-separated, from {', '.join(CELLS)} (default: all but random)")
    p.add_argument("--only", default="", help="comma-separated styles to keep (default: the whole panel)")
    p.add_argument("--held-out", action="store_true",
                   help="also the styles the panel holds out as a check (Casablanca: doubter, honest)")
    p.add_argument("--games", type=int, default=40, help="games per line (default 40)")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", metavar="FILE", help="also write every row to FILE as JSON")
    args = p.parse_args(argv)
    chosen = [c.strip() for c in args.cells.split(",") if c.strip()]
    if any(c not in CELLS for c in chosen):
        p.error(f"unknown cell (known: {', '.join(CELLS)})")
    try:
        lines = cells(args.game, chosen, args.held_out)
    except KeyError:
        p.error(f"no panel for {args.game!r}")
    keep = {s.strip() for s in args.only.split(",") if s.strip()}
    if keep:
        lines = [(h, f) for h, f in lines if h in keep or f in keep or (h, f) == ("hard", "medium") and "medium" in keep]
    print(f"== {args.game}: {args.players} players, seats rotated, seed {args.seed}, {args.games} games a line ==")
    print(HEADER, flush=True)
    rows = []
    for hero, foe in lines:
        row = run_cell(args.game, args.players, hero, foe, args.games, args.seed, args.jobs)
        rows.append(row)
        print(row_text(row), flush=True)
        if args.json:
            with open(args.json, "w", encoding="utf-8") as fh:
                json.dump(rows, fh, indent=1)


if __name__ == "__main__":
    sys.exit(main())
