"""Banque Fatale benchmark: random-play throughput, decision times, and a strength table.

    python benchmarks/banque_fatale.py              # full: 2000 games per strength match
    python benchmarks/banque_fatale.py --quick      # a quick look
    python benchmarks/banque_fatale.py --games 500 --jobs 2 --variant worthless-jetons

It prints figures; nothing is asserted. Throughput is measured on one core (one process):
first the bare engine loop (legal actions, a uniform random choice, apply: what a random
playout costs), then the same games through the match runner, which also builds every
decision's view and writes the record. Strength games rotate the seats (``parlour simulate``
does the same) so no agent keeps the start-player advantage of a seat.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections import defaultdict
from typing import Any

from games.banque_fatale import GAME
from parlour.core import simulate
from parlour.core.agents import RandomAgent
from parlour.core.match import Match, Seat
from parlour.core.rulesets import load_ruleset


def resolve(variants: list[str]) -> dict[str, Any]:
    return load_ruleset(GAME).resolve(variants)


def throughput_engine(rules: dict[str, Any], games: int, players: int) -> tuple[float, float, float]:
    """Bare random playouts: games/s, decisions/s, decisions per game."""
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        state = GAME.new_game(players, rules, seed)
        rng = random.Random(seed)
        while state.to_move is not None:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
    wall = time.perf_counter() - start
    return games / wall, decisions / wall, decisions / games


def throughput_match(rules: dict[str, Any], games: int, players: int) -> tuple[float, float]:
    """Random games through the match runner (views, records): games/s, decisions/s."""
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        seats = [Seat(f"r{i}", "random") for i in range(players)]
        match = Match(GAME, rules, seed, seats, [RandomAgent() for _ in seats])
        match.play_out()
        decisions += len(match.record.actions)
    wall = time.perf_counter() - start
    return games / wall, decisions / wall


def decision_times(rules: dict[str, Any], level: str, games: int, players: int) -> dict[str, list[float]]:
    """Seconds per decision of ``level`` (seat 0 .. rotated) against random players, by phase."""
    kinds = GAME.agent_kinds()
    times: dict[str, list[float]] = defaultdict(list)
    for index in range(games):
        seat_of_level = index % players
        agents = [kinds[level](rules) if s == seat_of_level else RandomAgent() for s in range(players)]
        state = GAME.new_game(players, rules, 10_000 + index)
        rngs = [random.Random(index * 31 + s) for s in range(players)]
        while state.to_move is not None:
            seat = state.to_move
            view = state.view(seat)
            legal = state.legal_actions()
            if seat == seat_of_level:
                t0 = time.perf_counter()
                action = agents[seat].choose(view, legal, rngs[seat])
                times[state.phase].append(time.perf_counter() - t0)
            else:
                action = agents[seat].choose(view, legal, rngs[seat])
            state.apply(action)
    return times


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def strength(rules: dict[str, Any], variants: list[str], lineup: list[str], games: int, jobs: int,
             seed: int) -> dict[str, Any]:
    plan = simulate.Plan(GAME.id, rules, variants, lineup, games, seed)
    results, wall = simulate.run(plan, jobs)
    summary = simulate.summarise(plan, results, wall)
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="games per strength match (default 2000)")
    parser.add_argument("--throughput-games", type=int, default=2000, help="random games timed (default 2000)")
    parser.add_argument("--timing-games", type=int, default=40, help="games timed per level (default 40)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant", action="append", default=[], help="apply a named variant (repeatable)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for the strength games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a quick look: few games everywhere")
    parser.add_argument("--skip-strength", action="store_true")
    args = parser.parse_args()
    if args.quick:
        args.games, args.throughput_games, args.timing_games = 200, 300, 10
    rules = resolve(args.variant)
    n = args.players
    print(f"Banque Fatale benchmark: {n} players, variants: {', '.join(args.variant) or 'none'}")

    print("\n== Random play (one core) ==")
    throughput_engine(rules, 50, n)  # warm up
    gps, dps, per_game = throughput_engine(rules, args.throughput_games, n)
    print(f"engine loop : {gps:8.0f} games/s  {dps:10.0f} decisions/s  ({per_game:.1f} decisions a game, "
          f"{args.throughput_games} games)")
    match_games = max(50, args.throughput_games // 4)
    mgps, mdps = throughput_match(rules, match_games, n)
    print(f"match runner: {mgps:8.0f} games/s  {mdps:10.0f} decisions/s  (views and records too, "
          f"{match_games} games)")

    print(f"\n== Decision time against random players ({args.timing_games} games per level) ==")
    print(f"{'level':<8} {'decisions':>9} {'mean ms':>9} {'p95 ms':>9}   mean ms by phase")
    for level in ("random", "easy", "medium"):
        times = decision_times(rules, level, args.timing_games, n)
        every = [t for values in times.values() for t in values]
        phases = "  ".join(f"{phase} {statistics.mean(v) * 1000:.2f}" for phase, v in sorted(times.items()))
        print(f"{level:<8} {len(every):>9} {statistics.mean(every) * 1000:>9.3f} {p95(every) * 1000:>9.3f}   {phases}")

    if args.skip_strength:
        return
    print(f"\n== Strength: {args.games} games each, seats rotated, seed {args.seed} ==")
    print(f"{'match':<28} {'agent':<8} {'win share':>9} {'fair':>6} {'95% CI':>15} {'mean score':>11}")
    for hero, foe in (("medium", "random"), ("medium", "easy"), ("easy", "random")):
        lineup = [hero] + [foe] * (n - 1)
        s = strength(rules, args.variant, lineup, args.games, args.jobs, args.seed)
        share = s["agent_win_share"][hero]
        half = 1.96 * math.sqrt(max(share * (1 - share), 1e-9) / s["games"])
        name = f"{hero} vs {n - 1} {foe}"
        print(f"{name:<28} {hero:<8} {share:>9.1%} {s['agent_fair_share'][hero]:>6.0%} "
              f"{f'{share - half:.1%}-{share + half:.1%}':>15} {s['agent_mean_score'][hero]:>11.1f}")
        print(f"{'':<28} {foe:<8} {s['agent_win_share'][foe]:>9.1%} {s['agent_fair_share'][foe]:>6.0%} "
              f"{'':>15} {s['agent_mean_score'][foe]:>11.1f}")


if __name__ == "__main__":
    main()
