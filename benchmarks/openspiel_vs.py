"""Parlour's searcher against OpenSpiel's ISMCTS, at equal simulations, 2 + 2 at one table.

    python benchmarks/openspiel_vs.py --games 8 --jobs 2
    python benchmarks/openspiel_vs.py --game casablanca --games 4 --simulations 200
    python benchmarks/openspiel_vs.py --summarise run.err --simulations 200   # a run's games so far

Two lines per game, four seats, seats rotated from game to game (``simulate.rotate``), seeds
from ``simulate.game_seed``:

- ``hard``: ``hard`` with ``--simulations`` a decision (the game's knowledge: candidate moves,
  rollout policy, a model of the other players) in two seats, OpenSpiel's ISMCTS
  (``openspiel-ismcts``: random play-outs, UCT, most visited move) with as many in the other two;
- ``plain``: Parlour's searcher with no game knowledge at all (``Knowledge()``: every legal
  move, uniform random play-outs) against the same ISMCTS: what the two searches are worth
  alone, so the first line shows what the knowledge adds;
- ``time``: ``hard`` at equal time: before the games, each game's first ``--calibrate``
  decisions are played with both sides timed in CPU seconds (this process's, so other load does
  not count), and ``hard`` gets the number of simulations that costs what ISMCTS's
  ``--simulations`` cost (printed). A simulation count rather than a clock keeps the games
  reproducible.

It prints the share of the wins (a shared win counts as a fraction; fair: 50 %) of the Parlour
side with a 95 % Wilson interval, and the mean CPU seconds a decision of each side. Nothing is
asserted. Needs OpenSpiel (``pip install parlour[openspiel]``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from harness import wilson

from parlour.core import simulate
from parlour.core.agents import Budget, abilities
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
    knowledge = game.search_knowledge(rules) if line == "hard" else Knowledge()
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


def equal_time(game_id: str, seed: int, simulations: int, decisions: int) -> int:
    """How many simulations of ``hard`` cost the CPU time of ``simulations`` of ISMCTS, from
    the first ``decisions`` searched decisions of a calibration game (seed past the measured
    ones). Only decisions that were searched count: ``hard`` settles many at once (a single
    candidate, a known answer), and counting those made a searched decision look a fiftieth
    of what it costs, so its 'equal time' got fifty times ISMCTS's time."""
    sides, agents, match = _table(game_id, "hard", 0, seed + 1, simulations)
    while not match.state.is_over and min(
            sum(a.searched for a, s in zip(agents, sides) if s == side) for side in ("ours", "ismcts")) < decisions:
        match.step()
    per = {side: sum(a.searched_seconds for a, s in zip(agents, sides) if s == side)
           / max(1, sum(a.searched for a, s in zip(agents, sides) if s == side)) for side in ("ours", "ismcts")}
    return max(1, round(simulations * per["ismcts"] / max(per["ours"], 1e-9)))


def play(game_id: str, line: str, index: int, seed: int, simulations: int, ours: int | None = None) -> dict[str, Any]:
    """Game ``index`` of one line: the Parlour side's share of the win and the decision times
    (``ours``: the Parlour side's simulations, when not ``simulations``)."""
    sides, agents, match = _table(game_id, line, index, seed, simulations, ours)
    state = match.play_out()
    winners = state.winners()
    share = sum(1.0 / len(winners) for w in winners if sides[w] == "ours")
    timing = {side: [sum(a.seconds for a, s in zip(agents, sides) if s == side),
                     sum(a.decisions for a, s in zip(agents, sides) if s == side)] for side in set(sides)}
    return {"game": game_id, "line": line, "index": index, "ours": share, "timing": timing,
            "simulations_ours": ours or simulations}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=GAMES, help="one game (repeatable; default: all)")
    parser.add_argument("--line", action="append", choices=("hard", "plain", "time"),
                        help="default: hard and plain")
    parser.add_argument("--games", type=int, default=8, help="games per line and game (default: 8)")
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--calibrate", type=int, default=24, metavar="N",
                        help="decisions timed to set the time line's simulations (default: 24)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--summarise", metavar="FILE", help="print the table of the games a run wrote to its "
                        "standard error (one JSON line a game), e.g. of a run stopped early")
    args = parser.parse_args(argv)
    if args.summarise:
        with open(args.summarise, encoding="utf-8") as lines:
            table([json.loads(line) for line in lines if line.startswith("{")], args.simulations, args.seed, args.json)
        return
    # game by game round the lines and games: a run stopped early has figures for each
    lines = args.line or ("hard", "plain")
    ours = {g: equal_time(g, args.seed, args.simulations, args.calibrate) if "time" in lines else None
            for g in (args.game or GAMES)}
    for g, count in ours.items():
        if count is not None:
            print(f"{g}: hard:{count} costs what ISMCTS:{args.simulations} costs a decision", file=sys.stderr)
    jobs = [(g, line, i, args.seed, args.simulations, ours[g] if line == "time" else None)
            for i in range(args.games) for g in (args.game or GAMES) for line in lines]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play, *zip(*jobs)))
    else:
        results = []
        for job in jobs:
            results.append(play(*job))
            print(json.dumps(results[-1]), file=sys.stderr, flush=True)  # each game as it ends
    table(results, args.simulations, args.seed, args.json)


def table(results: list[dict[str, Any]], simulations: int, seed: int, as_json: bool = False) -> None:
    """The win share of the Parlour side per game and line, with its interval."""
    rows = []
    for g in dict.fromkeys(r["game"] for r in results):
        for line in dict.fromkeys(r["line"] for r in results if r["game"] == g):
            mine = [r for r in results if r["game"] == g and r["line"] == line]
            share = sum(r["ours"] for r in mine) / len(mine)
            low, high = wilson(share, len(mine))
            per = {side: sum(r["timing"][side][0] for r in mine) / max(1, sum(r["timing"][side][1] for r in mine))
                   for side in ("ours", "ismcts")}
            rows.append({"game": g, "line": line, "games": len(mine), "share": share, "low": low, "high": high,
                         "simulations_ours": mine[0].get("simulations_ours", simulations),
                         "seconds_ours": per["ours"], "seconds_ismcts": per["ismcts"]})
    if as_json:
        json.dump(rows, sys.stdout, indent=1)
        print()
        return
    print(f"{simulations} simulations a decision, 2 + 2 at one table, seats rotated, seed {seed}")
    print(f"{'game':14} {'Parlour side':26} {'games':>5} {'its wins':>9} {'95% interval':>14} "
          f"{'CPU s/dec':>10} {'ISMCTS CPU s/dec':>16}")
    for r in rows:
        side = {"hard": f"hard:{simulations}", "plain": "searcher, no knowledge",
                "time": f"hard:{r['simulations_ours']}, equal time"}[r["line"]]
        print(f"{r['game']:14} {side:26} {r['games']:>5} {r['share']:>9.1%} "
              f"{r['low']:>6.0%}-{r['high']:<6.0%} {r['seconds_ours']:>10.2f} {r['seconds_ismcts']:>16.2f}")


if __name__ == "__main__":
    main()
