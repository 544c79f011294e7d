"""What the game benchmarks share: random-play throughput, decision times, a strength table.

A game's script describes itself with a :class:`Benchmark` and calls :func:`main`; this module
does the measuring and the printing. Every figure is printed, nothing is asserted.

- *Throughput* (one process, one core): the bare engine loop (legal actions, a uniform random
  choice, ``apply``: what a random playout costs), then whole games through the match runner
  (:mod:`parlour.core.simulate`), which also builds every decision's view and writes the record.
- *Decision time*: each level plays against random players, its seat rotated from game to game;
  a decision's time is building the seat's view plus the agent's choice (what a player waits
  for in the app), grouped by a key of the view (the phase, by default).
- *Strength*: one agent against the others at the same level, seats rotated, through
  :func:`parlour.core.simulate.run`, with a 95% (Wilson) interval for the win share.

The scripts run as ``python benchmarks/<game>.py``, so this folder is on ``sys.path`` and
``import harness`` finds this module. Importing it puts the checkout it sits in first on
``sys.path`` too, so a script measures that checkout's Parlour, not whichever is installed
(two checkouts compared side by side each measure their own).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import argparse  # noqa: E402
import math  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402
from collections import defaultdict  # noqa: E402
from collections.abc import Callable, Mapping, Sequence  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from typing import Any  # noqa: E402

from parlour.core import cluster, simulate  # noqa: E402
from parlour.core.agents import decide  # noqa: E402
from parlour.core.game import Game, State  # noqa: E402
from parlour.core.match import world_sampler  # noqa: E402
from parlour.core.rulesets import load_ruleset  # noqa: E402
from parlour.core.seating import computer_seats, start_match  # noqa: E402

LEVELS = ("random", "easy", "medium")
#: the strength lines: (the agent measured, the agent in every other seat)
LINES = (("medium", "random"), ("medium", "easy"), ("easy", "random"))
QUICK = {"games": 200, "throughput_games": 500, "timing_games": 10, "repeat": 1}


def plural(word: str) -> str:
    return word + ("es" if word.endswith(("s", "sh", "ch", "x")) else "s")


@dataclass(frozen=True)
class Loop:
    """One row of the engine-loop throughput: ``count`` random playouts under ``rules``."""

    label: str
    unit: str
    rules: Mapping[str, Any]
    count: int


@dataclass(frozen=True)
class Benchmark:
    """What a game's script tells the harness; everything else is the same for every game."""

    game: Game
    title: str
    #: what one simulated game is called in the figures (a Monte Carlo match holds 3 games)
    unit: str = "game"
    #: what the score is, for the strength table's column
    score: str = "score"
    #: the view key the decision times are grouped by
    group_by: str = "phase"
    #: changes to the argument defaults (``timing_games``, ``throughput_games``, ``repeat``)
    defaults: Mapping[str, Any] = field(default_factory=dict)
    #: a word on the resolved rules for the header, e.g. "3 games a match"
    about: Callable[[Mapping[str, Any]], str] | None = None
    #: the engine-loop rows (default: one row of ``throughput_games`` under the rules)
    loops: Callable[[Mapping[str, Any], int], list[Loop]] | None = None
    #: more figures averaged over each finished playout, e.g. ``{"turns": state.turns}``
    extras: Callable[[State], Mapping[str, float]] | None = None


# -- measuring ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Playouts:
    count: int
    decisions: int
    seconds: float
    extras: dict[str, float]  #: per playout

    @property
    def per_second(self) -> float:
        return self.count / self.seconds

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds


def random_playouts(bench: Benchmark, rules: Mapping[str, Any], count: int, players: int,
                    seed: int) -> Playouts:
    """Bare random playouts: the engine's own loop, nothing else."""
    game, extras = bench.game, bench.extras
    totals: dict[str, float] = defaultdict(float)
    decisions = 0
    start = time.perf_counter()
    for index in range(count):
        game_seed = simulate.game_seed(seed, index)
        state = game.new_game(players, rules, game_seed)
        # a uniform choice by ``random()`` rather than ``randrange``: in pure Python the
        # latter costs more than some engines' whole step, and this loop measures the engine
        draw = random.Random(game_seed).random
        while state.to_move is not None:
            legal = state.legal_actions()
            state.apply(legal[int(draw() * len(legal))])
            decisions += 1
        if extras:
            for key, value in extras(state).items():
                totals[key] += value
    wall = time.perf_counter() - start
    return Playouts(count, decisions, wall, {k: v / count for k, v in totals.items()})


def play(bench: Benchmark, rules: Mapping[str, Any], variants: Sequence[str], lineup: Sequence[str],
         games: int, seed: int, jobs: int = 1, backend: str = "process", address: str | None = None) -> dict[str, Any]:
    """Games between the agents of ``lineup``, seats rotated: :func:`simulate.summarise`."""
    plan = simulate.Plan(bench.game.id, dict(rules), list(variants), list(lineup), games, seed)
    results, wall = simulate.run(plan, jobs, backend, address)
    return simulate.summarise(plan, results, wall)


def decision_times(bench: Benchmark, rules: Mapping[str, Any], level: str, games: int, players: int,
                   seed: int) -> tuple[dict[Any, list[float]], list[float]]:
    """Seconds per decision of ``level`` against random players (its seat rotated), grouped
    by the view's ``bench.group_by``; and the seconds each of those views took to build."""
    game = bench.game
    times: dict[Any, list[float]] = defaultdict(list)
    views: list[float] = []
    lineup = [level] + ["random"] * (players - 1)
    for index in range(games):
        names = simulate.rotate(lineup, index)
        hero = index % players
        match = start_match(game, rules, simulate.game_seed(seed, index), computer_seats(names))
        state = match.state
        while (seat := state.to_move) is not None:
            if seat != hero:
                match.step()
                continue
            legal = state.legal_actions()
            rng = match.decision_rng(seat)
            t0 = time.perf_counter()
            view = state.view(seat)
            t1 = time.perf_counter()
            action = decide(match.agents[seat], view, legal, rng, worlds=world_sampler(state, seat))
            t2 = time.perf_counter()
            times[view.get(bench.group_by)].append(t2 - t0)
            views.append(t1 - t0)
            match.play(action)
    return times, views


def p95(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


#: the Wilson score interval of a win share: the one ``parlour simulate`` prints
wilson = simulate.wilson_interval


# -- the command line ---------------------------------------------------------------------


def parser(bench: Benchmark, doc: str | None) -> argparse.ArgumentParser:
    units = plural(bench.unit)
    p = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=2000, help=f"{units} per strength line (%(default)s)")
    p.add_argument("--throughput-games", type=int, default=3000, help="random playouts timed (%(default)s)")
    p.add_argument("--timing-games", type=int, default=40, help=f"{units} timed per level (%(default)s)")
    p.add_argument("--repeat", type=int, default=1, help="engine-loop runs; the best is reported (%(default)s)")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--variant", action="append", default=[], help="apply a named variant (repeatable)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes for the strength games only")
    p.add_argument("--seed", type=int, default=1)
    quick = ", ".join(f"--{k.replace('_', '-')} {v}" for k, v in QUICK.items())
    p.add_argument("--quick", action="store_true", help=f"a quick look: {quick} (unless given)")
    p.add_argument("--skip-strength", action="store_true")
    p.add_argument("--backend", choices=("process", "dask"), default="process",
                   help="the strength games on a pool of --jobs processes (default) or a Dask cluster")
    p.add_argument("--address", metavar="HOST:PORT", help="with --backend dask: a running scheduler "
                                                         "(default: a local cluster of --jobs workers)")
    p.set_defaults(**bench.defaults)
    return p


def main(bench: Benchmark, doc: str | None = None, argv: Sequence[str] | None = None) -> None:
    p = parser(bench, doc)
    args = p.parse_args(argv)
    if args.address and args.backend != "dask":
        p.error("--address is the scheduler of a Dask cluster: give it with --backend dask")
    if args.quick:  # the quick counts, unless given on the command line
        p.set_defaults(**QUICK)
        args = p.parse_args(argv)
    try:
        bench.game.require_players(args.players)
    except ValueError as exc:
        p.error(str(exc))
    rules = load_ruleset(bench.game).resolve(args.variant)
    about = f", {bench.about(rules)}" if bench.about else ""
    print(f"{bench.title} benchmark: {args.players} players, variants: {', '.join(args.variant) or 'none'}{about}")
    report_throughput(bench, rules, args)
    report_decisions(bench, rules, args)
    if not args.skip_strength:
        try:
            report_strength(bench, rules, args)
        except cluster.ClusterError as exc:
            p.exit(2, f"{p.prog}: {exc}\n")


def report_throughput(bench: Benchmark, rules: Mapping[str, Any], args: argparse.Namespace) -> None:
    n, unit = args.players, bench.unit
    loops = bench.loops(rules, args.throughput_games) if bench.loops else [
        Loop(plural(unit), unit, rules, args.throughput_games)]
    runner = Loop(plural(unit), unit, rules, max(50, args.throughput_games // 4))
    best = f"best of {args.repeat} runs" if args.repeat > 1 else "one run"
    print(f"\n== Random play (one process, one core; engine loop: {best}) ==")
    width = max(len(loop.label) for loop in [*loops, runner]) + len(", match runner")
    random_playouts(bench, loops[0].rules, 50, n, args.seed)  # warm up
    for loop in loops:
        runs = [random_playouts(bench, loop.rules, loop.count, n, args.seed) for _ in range(args.repeat)]
        top = max(runs, key=lambda r: r.per_second)
        extras = "".join(f" and {v:.1f} {k}" for k, v in top.extras.items())
        every = f"; all runs: {', '.join(f'{r.per_second:.0f}' for r in runs)}/s" if len(runs) > 1 else ""
        print(f"{loop.label + ', engine loop':<{width}} : {top.per_second:8.0f} {plural(loop.unit) + '/s':<10} "
              f"{top.decisions_per_second:9.0f} decisions/s  ({top.decisions / top.count:.1f} decisions"
              f"{extras} a {loop.unit}, {loop.count} {plural(loop.unit)}{every})")
    play(bench, rules, args.variant, ["random"] * n, 2, args.seed + 1)  # warm up: the game discovery
    s = play(bench, rules, args.variant, ["random"] * n, runner.count, args.seed)
    print(f"{runner.label + ', match runner':<{width}} : {s['games_per_second']:8.0f} {plural(unit) + '/s':<10} "
          f"{s['decisions_per_second']:9.0f} decisions/s  (views and records too, {runner.count} {plural(unit)})")


def report_decisions(bench: Benchmark, rules: Mapping[str, Any], args: argparse.Namespace) -> None:
    print(f"\n== Decision time against random players ({args.timing_games} {plural(bench.unit)} per level; "
          "view + choice) ==")
    print(f"{'level':<8} {'decisions':>9} {'mean ms':>9} {'p95 ms':>9} {'view ms':>9}   mean ms by {bench.group_by}")
    for level in LEVELS:
        times, views = decision_times(bench, rules, level, args.timing_games, args.players, args.seed)
        every = [t for values in times.values() for t in values]
        groups = "  ".join(f"{key} {statistics.mean(v) * 1000:.3f}" for key, v in sorted(times.items(), key=str))
        print(f"{level:<8} {len(every):>9} {statistics.mean(every) * 1000:>9.3f} {p95(every) * 1000:>9.3f} "
              f"{statistics.mean(views) * 1000:>9.3f}   {groups}")


def report_strength(bench: Benchmark, rules: Mapping[str, Any], args: argparse.Namespace) -> None:
    n, units = args.players, plural(bench.unit)
    print(f"\n== Strength: {args.games} {units} each, seats rotated, seed {args.seed} ==")
    print(f"{'line':<26} {'agent':<8} {'win share':>9} {'fair':>6} {'95% CI':>13} "
          f"{'mean ' + bench.score:>11} {units + '/s':>10}")
    for hero, foe in LINES:
        s = play(bench, rules, args.variant, [hero] + [foe] * (n - 1), args.games, args.seed, args.jobs,
                 args.backend, args.address)
        share = s["agent_win_share"][hero]
        low, high = wilson(share, s["games"])
        print(f"{f'{hero} vs {n - 1} {foe}':<26} {hero:<8} {share:>9.1%} {s['agent_fair_share'][hero]:>6.0%} "
              f"{f'{low:.1%}-{high:.1%}':>13} {s['agent_mean_score'][hero]:>11.1f} {s['games_per_second']:>10.1f}")
        print(f"{'':<26} {foe:<8} {s['agent_win_share'][foe]:>9.1%} {s['agent_fair_share'][foe]:>6.0%} "
              f"{'':>13} {s['agent_mean_score'][foe]:>11.1f}")
