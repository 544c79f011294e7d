"""Parlour's searcher against OpenSpiel's ISMCTS, at equal simulations and equal time, 2 + 2 at a table.

    python benchmarks/openspiel_vs.py --games 8 --jobs 2
    python benchmarks/openspiel_vs.py --game casablanca --games 4 --simulations 200
    python benchmarks/openspiel_vs.py --game casablanca --line time --time-simulations casablanca=2000
    python benchmarks/openspiel_vs.py --summarise run.err --simulations 200   # a run's games so far

Three lines per game, four seats, seats rotated from game to game (``simulate.rotate``), seeds
from ``simulate.game_seed``:

- ``hard``: ``hard`` with ``--simulations`` a decision (the game's knowledge: candidate moves,
  rollout policy, a model of the other players) in two seats, OpenSpiel's ISMCTS
  (``openspiel-ismcts``: random play-outs, UCT, most visited move) with as many in the other two;
- ``plain``: Parlour's searcher with no game knowledge at all (``Knowledge()``: every legal
  move, uniform random play-outs) against the same ISMCTS: what the two searches are worth
  alone, so the first line shows what the knowledge adds;
- ``time``: ``hard`` at equal time: as many simulations as make its searched decision cost,
  in CPU seconds, what ISMCTS's does at ``--simulations``. Found by :func:`calibrate` before
  the games: a calibration game (seed past the measured ones) is played with ``hard`` at as many,
  both sides' searched decisions timed in CPU seconds (this process's, so other load on the
  machine does not count), the count rescaled, and the game played again at the new count,
  until the two are within 10 % (at most six rounds). Measuring where it plays matters where a
  ``hard`` simulation costs more the more a decision runs (its tree deepens): in Casablanca on
  2026-11-27 a count scaled once from 200 cost 0.53 s against ISMCTS's 0.39 s (in Monte Carlo
  it landed within 10 %). (The line's earlier figures, 3,252 simulations costing 1.8-2.4 s in
  Casablanca, came of a bug: it played the searcher without knowledge at the count found for
  ``hard``.) A simulation count rather than a per-decision time limit
  (``Budget(seconds=...)``) keeps the games reproducible: the count found is printed, and
  ``--time-simulations GAME=N`` plays it again without calibrating, the same games on any
  machine. The table then shows what each side's
  decisions cost in those games, so a reader sees whether the times were equal.

It prints the share of the wins (a shared win counts as a fraction; fair: 50 %) of the Parlour
side with a 95 % Wilson interval, and the mean CPU seconds a decision of each side, over all its
decisions and over those it searched (``hard`` settles many without searching). Each game's
result goes to standard error as it ends (one JSON line), so ``--summarise`` gives the table of a
run stopped early. Nothing is asserted. Needs OpenSpiel (``pip install parlour[openspiel]``).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from harness import wilson

from parlour.core import simulate
from parlour.core.agents import MAX_ITERATIONS, Budget, abilities
from parlour.core.match import Match
from parlour.core.record import Seat
from parlour.core.registry import discover
from parlour.core.search import Knowledge, SearchAgent

GAMES = ("banque-fatale", "monte-carlo", "casablanca")
SIDES = ("ours", "ours", "ismcts", "ismcts")


def _agent(side: str, line: str, game: Any, rules: dict[str, Any], simulations: int) -> Any:
    budget = Budget(iterations=simulations)
    if side == "ismcts":
        from parlour.openspiel.agents import ISMCTSAgent

        return ISMCTSAgent(game, rules, simulations)
    knowledge = Knowledge() if line == "plain" else game.search_knowledge(rules)  # hard, time
    return SearchAgent(knowledge, budget)


class _Timed:
    """An agent whose decisions are timed: the CPU time of the agent's choice alone (this
    process's, so other work on a shared machine does not count). Made by :func:`_timed`,
    which gives it the abilities of the agent it wraps."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.seconds = 0.0
        self.decisions = 0
        #: the CPU seconds and the count of the decisions it searched (more than one move to
        #: weigh, and for Parlour's searcher at least one simulation run): what equal time compares
        self.searched_seconds = 0.0
        self.searched = 0

    def choose(self, view: Any, legal: Any, rng: random.Random, **extra: Any) -> Any:
        start = time.process_time()
        try:
            return self.agent.choose(view, legal, rng, **extra)
        finally:
            spent = time.process_time() - start
            self.seconds += spent
            self.decisions += 1
            if len(legal) > 1 and getattr(self.agent, "last_iterations", 1):
                self.searched_seconds += spent
                self.searched += 1


def _timed(agent: Any) -> _Timed:
    """``agent`` timed, declaring what it declares: the runner reads an agent's abilities
    from its class (``parlour.core.agents.abilities``), so a wrapper that did not would be
    handed no worlds, and a searching player given none plays its first candidate at once."""
    declared = type(f"Timed{type(agent).__name__}", (_Timed,), abilities(agent)._asdict())
    return declared(agent)


def _table(game_id: str, line: str, index: int, seed: int, simulations: int,
           ours: int | None = None) -> tuple[list[str], list[_Timed], Match]:
    registry = discover()
    game = registry.get(game_id)
    rules = registry.ruleset(game_id).resolve()
    sides = simulate.rotate(list(SIDES), index)
    agents = [_timed(_agent(side, line, game, rules, ours if side == "ours" and ours else simulations))
              for side in sides]
    seats = [Seat(f"{side}-{i + 1}", side) for i, side in enumerate(sides)]
    return sides, agents, Match(game, rules, simulate.game_seed(seed, index), seats, agents)


def calibrate(measure: Callable[[int], tuple[float, float]], simulations: int, *, tolerance: float = 0.1,
              rounds: int = 6) -> tuple[int, list[tuple[int, float, float]]]:
    """The number of ``hard``'s simulations whose searched decision costs what ISMCTS's does.

    ``measure(n)`` gives the mean CPU seconds of a searched decision of ``hard`` at ``n``
    simulations and of ISMCTS at ``simulations``. Starting from ``simulations``, each round
    measures at the count it would play, and stops once the two are within ``tolerance``
    (0.1: 10 %). Scaling once is not enough where a ``hard`` simulation costs more the more of
    them a decision runs (its tree deepens): in Casablanca on 2026-11-27 a count scaled from
    200 cost 0.53 s against ISMCTS's 0.39 s. So the next count assumes a cost growing as
    ``n ** b``, with ``b`` read from the last two counts tried (1 at first, kept between 0.5
    and 2.5 against noise).
    Returns the count tried that came nearest, and every round as ``(n, ours, ismcts)``."""
    tried: list[tuple[int, float, float]] = []
    count = simulations
    for _ in range(rounds):
        ours, theirs = measure(count)
        tried.append((count, ours, theirs))
        if abs(ours / theirs - 1) <= tolerance:
            break
        power = 1.0
        if len(tried) > 1 and tried[-2][0] != count and tried[-2][1] > 0 and ours > 0:
            power = math.log(ours / tried[-2][1]) / math.log(count / tried[-2][0])
            power = min(2.5, max(0.5, power))
        following = min(MAX_ITERATIONS, max(1, round(count * (theirs / max(ours, 1e-9)) ** (1 / power))))
        if following == count or any(following == n for n, _, _ in tried):
            break
        count = following
    best = min(tried, key=lambda t: abs(math.log(max(t[1], 1e-9) / max(t[2], 1e-9))))
    return best[0], tried


def searched_cost(game_id: str, seed: int, simulations: int, decisions: int, ours: int) -> tuple[float, float]:
    """The mean CPU seconds a searched decision of ``hard:ours`` and of ISMCTS:``simulations``,
    over a calibration game (seed past the measured ones): the whole of it, or with
    ``decisions`` the first that many searched decisions of each side (a whole game weighs
    every phase as the measured games do; the first decisions are of one phase). Only
    decisions that were searched count: ``hard`` settles many at once (a single candidate, a
    known answer), and counting those made a searched decision look a fiftieth of what it
    costs."""
    sides, agents, match = _table(game_id, "hard", 0, seed + 1, simulations, ours)

    def side(key: str, name: str) -> float:
        return sum(getattr(a, key) for a, s in zip(agents, sides) if s == name)

    while not match.state.is_over and (
            not decisions or min(side("searched", "ours"), side("searched", "ismcts")) < decisions):
        match.step()
    per = [side("searched_seconds", name) / max(1, side("searched", name)) for name in ("ours", "ismcts")]
    return per[0], per[1]


def equal_time(game_id: str, seed: int, simulations: int, decisions: int) -> tuple[int, list[tuple[int, float, float]]]:
    """:func:`calibrate` for ``game_id``, measuring with :func:`searched_cost`."""
    return calibrate(lambda n: searched_cost(game_id, seed, simulations, decisions, n), simulations)


def play(game_id: str, line: str, index: int, seed: int, simulations: int, ours: int | None = None) -> dict[str, Any]:
    """Game ``index`` of one line: the Parlour side's share of the win and the decision times
    (``ours``: the Parlour side's simulations, when not ``simulations``)."""
    sides, agents, match = _table(game_id, line, index, seed, simulations, ours)
    state = match.play_out()
    winners = state.winners()
    share = sum(1.0 / len(winners) for w in winners if sides[w] == "ours")
    # per side: CPU seconds and count of all its decisions, then of those it searched
    timing = {side: [sum(getattr(a, k) for a, s in zip(agents, sides) if s == side)
                     for k in ("seconds", "decisions", "searched_seconds", "searched")] for side in set(sides)}
    return {"game": game_id, "line": line, "index": index, "ours": share, "timing": timing,
            "simulations_ours": ours or simulations}


class _Serial:
    """A stand-in for a process pool with one worker: ``map`` in this process."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *_: object) -> None:
        return None

    def map(self, function: Callable[..., Any], *iterables: Any) -> Any:
        return map(function, *iterables)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=GAMES, help="one game (repeatable; default: all)")
    parser.add_argument("--line", action="append", choices=("hard", "plain", "time"),
                        help="default: hard and plain")
    parser.add_argument("--games", type=int, default=8, help="games per line and game (default: 8)")
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--calibrate", type=int, default=0, metavar="N",
                        help="searched decisions of each side timed in a calibration round (default: a whole game)")
    parser.add_argument("--time-simulations", action="append", default=[], metavar="GAME=N",
                        help="the time line's simulations for a game, skipping its calibration "
                        "(e.g. a count an earlier run found)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--summarise", metavar="FILE", help="print the table of the games a run wrote to its "
                        "standard error (one JSON line a game), e.g. of a run stopped early")
    args = parser.parse_args(argv)
    if args.summarise:
        with open(args.summarise, encoding="utf-8") as lines:
            table([json.loads(line) for line in lines if line.startswith("{")], args.simulations, args.seed, args.json)
        return
    lines = args.line or ("hard", "plain")
    games = args.game or GAMES
    given = {}
    for pair in args.time_simulations:
        g, _, count = pair.partition("=")
        if g not in GAMES or not count.isdigit() or not 1 <= int(count) <= MAX_ITERATIONS:
            parser.error(f"--time-simulations wants GAME=N (a game of {', '.join(GAMES)}), not {pair!r}")
        given[g] = int(count)
    ours: dict[str, int | None] = {g: given.get(g) for g in games}
    todo = [g for g in games if "time" in lines and g not in given]
    if todo:  # each game's calibration, in parallel when there are workers
        with ProcessPoolExecutor(min(args.jobs, len(todo))) if args.jobs > 1 else _Serial() as pool:
            found = dict(zip(todo, pool.map(equal_time, todo, *zip(*[(args.seed, args.simulations, args.calibrate)]
                                                                     * len(todo)))))
        for g, (count, tried) in found.items():
            for n, mine, theirs in tried:
                print(f"{g}: calibrating: hard:{n} {mine:.3f} s against ISMCTS:{args.simulations} {theirs:.3f} s "
                      f"of CPU a searched decision", file=sys.stderr)
            print(f"{g}: hard:{count} for the time line (--time-simulations {g}={count})", file=sys.stderr, flush=True)
            ours[g] = count
    # game by game round the lines and games: a run stopped early has figures for each
    jobs = [(g, line, i, args.seed, args.simulations, ours[g] if line == "time" else None)
            for i in range(args.games) for g in (args.game or GAMES) for line in lines]
    results = []
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            for done in as_completed([pool.submit(play, *job) for job in jobs]):
                results.append(done.result())
                print(json.dumps(results[-1]), file=sys.stderr, flush=True)  # each game as it ends
    else:
        for job in jobs:
            results.append(play(*job))
            print(json.dumps(results[-1]), file=sys.stderr, flush=True)
    table(results, args.simulations, args.seed, args.json)


def table(results: list[dict[str, Any]], simulations: int, seed: int, as_json: bool = False) -> None:
    """The win share of the Parlour side per game and line, with its interval, and the mean
    CPU seconds of each side's decisions: all of them, and those it searched (what equal time
    compares; a game's line from before searched decisions were counted shows all for both)."""
    rows = []
    order = {**{g: i for i, g in enumerate(GAMES)}, "hard": 0, "plain": 1, "time": 2}
    for g in sorted(dict.fromkeys(r["game"] for r in results), key=order.__getitem__):
        for line in sorted(dict.fromkeys(r["line"] for r in results if r["game"] == g), key=order.__getitem__):
            mine = [r for r in results if r["game"] == g and r["line"] == line]
            share = sum(r["ours"] for r in mine) / len(mine)
            low, high = wilson(share, len(mine))
            row = {"game": g, "line": line, "games": len(mine), "share": share, "low": low, "high": high,
                   "simulations_ours": mine[0].get("simulations_ours", simulations)}
            for side in ("ours", "ismcts"):
                timing = [r["timing"][side] for r in mine]
                searched = 2 if all(len(t) == 4 for t in timing) else 0
                row[f"seconds_{side}"] = sum(t[0] for t in timing) / max(1, sum(t[1] for t in timing))
                row[f"searched_{side}"] = (sum(t[searched] for t in timing)
                                           / max(1, sum(t[searched + 1] for t in timing)))
            rows.append(row)
    if as_json:
        json.dump(rows, sys.stdout, indent=1)
        print()
        return
    print(f"{simulations} simulations a decision, 2 + 2 at one table, seats rotated, seed {seed}; "
          "CPU seconds a decision: all / searched")
    print(f"{'game':14} {'Parlour side':26} {'games':>5} {'its wins':>9} {'95% interval':>14} "
          f"{'its CPU s':>12} {'ISMCTS CPU s':>12}")
    for r in rows:
        side = {"hard": f"hard:{simulations}", "plain": "searcher, no knowledge",
                "time": f"hard:{r['simulations_ours']}, equal time"}[r["line"]]
        print(f"{r['game']:14} {side:26} {r['games']:>5} {r['share']:>9.1%} {r['low']:>6.0%}-{r['high']:<6.0%} "
              f"{r['seconds_ours']:>5.2f} / {r['searched_ours']:<4.2f} {r['seconds_ismcts']:>5.2f} / "
              f"{r['searched_ismcts']:<4.2f}")


if __name__ == "__main__":
    main()
