"""Monte Carlo benchmark: random-play throughput, decision times per level, strength table.

    python benchmarks/monte_carlo.py               # full: 2000 matches per strength line
    python benchmarks/monte_carlo.py --quick       # a quick look
    python benchmarks/monte_carlo.py --games 500 --jobs 2 --variant six-player-odds --players 6

It prints figures and asserts nothing. A *game* is one deal (betting and laying, then the
payout); a *match* is the ruleset's number of games (3 by default) with drop-outs. Throughput
is measured in one process on one core: the bare engine loop (legal actions, a uniform random
choice, apply) for single games and for whole matches, then whole matches through the match
runner, which also builds each decision's view and writes the record. Decision times are
taken against random opponents, split by phase. Strength lines are whole matches between
agents with the seats rotated from match to match, as ``parlour simulate`` does.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections import defaultdict
from typing import Any

from games.monte_carlo import GAME
from parlour.core import simulate
from parlour.core.agents import RandomAgent
from parlour.core.match import Match, Seat
from parlour.core.rulesets import load_ruleset


def resolve(variants: list[str], **settings: Any) -> dict[str, Any]:
    rules = load_ruleset(GAME).resolve(variants)
    rules.update(settings)
    return rules


def throughput_engine(rules: dict[str, Any], count: int, players: int) -> tuple[float, float, float]:
    """Bare random playouts of whole states: states/s, decisions/s, decisions per state."""
    decisions = 0
    start = time.perf_counter()
    for seed in range(count):
        state = GAME.new_game(players, rules, seed)
        rng = random.Random(seed)
        while state.to_move is not None:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
    wall = time.perf_counter() - start
    return count / wall, decisions / wall, decisions / count


def throughput_match(rules: dict[str, Any], count: int, players: int) -> tuple[float, float]:
    """Random matches through the match runner (views, records): matches/s, decisions/s."""
    decisions = 0
    start = time.perf_counter()
    for seed in range(count):
        seats = [Seat(f"r{i}", "random") for i in range(players)]
        match = Match(GAME, rules, seed, seats, [RandomAgent() for _ in seats])
        match.play_out()
        decisions += len(match.record.actions)
    wall = time.perf_counter() - start
    return count / wall, decisions / wall


def decision_times(rules: dict[str, Any], level: str, count: int, players: int) -> dict[str, list[float]]:
    """Seconds per decision of ``level`` (its seat rotated) against random players, by phase."""
    kinds = GAME.agent_kinds()
    times: dict[str, list[float]] = defaultdict(list)
    for index in range(count):
        hero = index % players
        agents = [kinds[level](rules) if s == hero else RandomAgent() for s in range(players)]
        state = GAME.new_game(players, rules, 10_000 + index)
        rngs = [random.Random(index * 31 + s) for s in range(players)]
        while state.to_move is not None:
            seat = state.to_move
            view = state.view(seat)
            legal = state.legal_actions()
            if seat == hero:
                t0 = time.perf_counter()
                action = agents[seat].choose(view, legal, rngs[seat])
                times[view["phase"]].append(time.perf_counter() - t0)
            else:
                action = agents[seat].choose(view, legal, rngs[seat])
            state.apply(action)
    return times


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def strength(rules: dict[str, Any], variants: list[str], lineup: list[str], count: int, jobs: int,
             seed: int) -> dict[str, Any]:
    plan = simulate.Plan(GAME.id, rules, variants, lineup, count, seed)
    results, wall = simulate.run(plan, jobs)
    return simulate.summarise(plan, results, wall)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="matches per strength line (default 2000)")
    parser.add_argument("--throughput-games", type=int, default=3000, help="random games timed (default 3000)")
    parser.add_argument("--timing-games", type=int, default=40, help="matches timed per level (default 40)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant", action="append", default=[], help="apply a named variant (repeatable)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for the strength matches")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a quick look: few games everywhere")
    parser.add_argument("--skip-strength", action="store_true")
    args = parser.parse_args()
    if args.quick:
        args.games, args.throughput_games, args.timing_games = 200, 500, 10
    rules = resolve(args.variant)
    single = resolve(args.variant, match_games=1)
    n = args.players
    print(f"Monte Carlo benchmark: {n} players, variants: {', '.join(args.variant) or 'none'}, "
          f"{rules['match_games']} games a match")

    print("\n== Random play (one process, one core) ==")
    throughput_engine(single, 100, n)  # warm up
    gps, dps, per_game = throughput_engine(single, args.throughput_games, n)
    print(f"single games, engine loop : {gps:8.0f} games/s    {dps:9.0f} decisions/s  "
          f"({per_game:.1f} decisions a game, {args.throughput_games} games)")
    matches = max(50, args.throughput_games // 3)
    mps, mdps, per_match = throughput_engine(rules, matches, n)
    print(f"matches, engine loop      : {mps:8.0f} matches/s  {mdps:9.0f} decisions/s  "
          f"({per_match:.1f} decisions a match, {matches} matches)")
    runner = max(50, args.throughput_games // 6)
    rps, rdps = throughput_match(rules, runner, n)
    print(f"matches, match runner     : {rps:8.0f} matches/s  {rdps:9.0f} decisions/s  "
          f"(views and records too, {runner} matches)")

    print(f"\n== Decision time against random players ({args.timing_games} matches per level) ==")
    print(f"{'level':<8} {'decisions':>9} {'mean ms':>9} {'p95 ms':>9}   mean ms by phase")
    for level in ("random", "easy", "medium"):
        times = decision_times(rules, level, args.timing_games, n)
        every = [t for values in times.values() for t in values]
        phases = "  ".join(f"{phase} {statistics.mean(v) * 1000:.3f}" for phase, v in sorted(times.items()))
        print(f"{level:<8} {len(every):>9} {statistics.mean(every) * 1000:>9.3f} {p95(every) * 1000:>9.3f}   {phases}")

    if args.skip_strength:
        return
    print(f"\n== Strength: {args.games} matches each, seats rotated, seed {args.seed} ==")
    print(f"{'line':<26} {'agent':<8} {'win share':>9} {'fair':>6} {'95% CI':>15} {'mean chips':>11} {'matches/s':>10}")
    for hero, foe in (("medium", "random"), ("medium", "easy"), ("easy", "random")):
        lineup = [hero] + [foe] * (n - 1)
        s = strength(rules, args.variant, lineup, args.games, args.jobs, args.seed)
        share = s["agent_win_share"][hero]
        half = 1.96 * math.sqrt(max(share * (1 - share), 1e-9) / s["games"])
        name = f"{hero} vs {n - 1} {foe}"
        print(f"{name:<26} {hero:<8} {share:>9.1%} {s['agent_fair_share'][hero]:>6.0%} "
              f"{f'{share - half:.1%}-{share + half:.1%}':>15} {s['agent_mean_score'][hero]:>11.1f} "
              f"{s['games_per_second']:>10.1f}")
        print(f"{'':<26} {foe:<8} {s['agent_win_share'][foe]:>9.1%} {s['agent_fair_share'][foe]:>6.0%} "
              f"{'':>15} {s['agent_mean_score'][foe]:>11.1f}")


if __name__ == "__main__":
    main()
