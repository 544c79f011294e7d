"""The levels against people-like players (issue 29): one table of win shares per game.

    python benchmarks/people.py --game casablanca --games 40 --jobs 2
    python benchmarks/people.py --game casablanca --cells hard-vs,vs-hard --games 100 --jobs 2
    python benchmarks/people.py --game casablanca --cells random --games 200   # each style vs 3 random
    python benchmarks/people.py --game casablanca --cells vs-hard --first 40 --games 60   # games 40-99
    python benchmarks/people.py --add first40.json next60.json   # the lines of both, added up

A panel (``benchmarks/panel``) holds a few styles of play per game, each an honest agent that
sees only its seat's view. The cells, each seats rotated (``simulate.rotate``) with seeds from
``simulate.game_seed``, so the same arguments give the same games with any ``--jobs``, and
game ``i`` of a line is the same game whatever ``--games``: ``--first 40 --games 60`` plays
games 40-99 of a line whose first 40 were played before (the JSON keeps each game's share by
its index, so the two runs add up to the line of 100):

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


def run_cell(game_id: str, players: int, hero: str, foe: str, games: int, seed: int, jobs: int,
             first: int = 0) -> dict[str, Any]:
    indices = list(range(first, first + games))
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
    shares = sorted(pair for part in parts for pair in part["shares"])
    share = sum(s for _, s in shares) / games
    times = sorted(t for part in parts for t in part["times"])
    return {
        "game": game_id, "hero": hero, "foe": foe, "players": players, "games": games, "seed": seed,
        "first": first, "shares": [[index, s] for index, s in shares],
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


def added(files: Sequence[str]) -> list[str]:
    """The lines of several ``--json`` files added up game by game: each line (game, hero,
    foe, players, seed) with its win share over all its games and their Wilson interval. A
    game played in two files is an error, as is a file of rows without their games' shares.
    The behaviour figures are each file's own (they are not added)."""
    lines: dict[tuple[Any, ...], dict[int, float]] = {}
    for name in files:
        with open(name, encoding="utf-8") as fh:
            rows = json.load(fh)
        for row in rows:
            if "shares" not in row:
                raise ValueError(f"{name}: a row of {row.get('hero')} vs {row.get('foe')} keeps no game's share")
            key = (row["game"], row["hero"], row["foe"], row["players"], row["seed"])
            games = lines.setdefault(key, {})
            for index, share in row["shares"]:
                if index in games:
                    raise ValueError(f"{name}: game {index} of {row['hero']} vs {row['foe']} is in two files")
                games[int(index)] = float(share)
    out = []
    for (game, hero, foe, players, seed), games in lines.items():
        n = len(games)
        share = sum(games.values()) / n
        low, high = wilson(share, n)
        gaps = "" if sorted(games) == list(range(n)) else " (not games 0 to n-1)"
        out.append(f"{game} {hero} vs {players - 1} {foe}, seed {seed}: {n} games, win {share:.1%}, "
                   f"95 % {low:.0%}-{high:.0%}{gaps}")
    return out


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
    p.add_argument("--first", type=int, default=0,
                   help="the index of a line's first game (default 0): carries on a line played before")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", metavar="FILE", help="also write every row to FILE as JSON")
    p.add_argument("--add", nargs="+", metavar="JSON", help="add up the lines of these --json files and stop")
    args = p.parse_args(argv)
    if args.add:
        try:
            print("\n".join(added(args.add)))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            p.exit(2, f"people.py: {exc}\n")
        return
    if args.games < 1 or args.first < 0:
        p.error("--games must be at least 1 and --first at least 0")
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
    span = f"games {args.first}-{args.first + args.games - 1}" if args.first else f"{args.games} games"
    print(f"== {args.game}: {args.players} players, seats rotated, seed {args.seed}, {span} a line ==")
    print(HEADER, flush=True)
    rows = []
    for hero, foe in lines:
        row = run_cell(args.game, args.players, hero, foe, args.games, args.seed, args.jobs, args.first)
        rows.append(row)
        print(row_text(row), flush=True)
        if args.json:
            with open(args.json, "w", encoding="utf-8") as fh:
                json.dump(rows, fh, indent=1)


if __name__ == "__main__":
    sys.exit(main())
