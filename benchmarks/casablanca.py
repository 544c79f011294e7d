"""Casablanca benchmark: random-play throughput, decision times per level, strength table.

    python benchmarks/casablanca.py                # full: 2000 rounds per strength line
    python benchmarks/casablanca.py --quick        # a quick look
    python benchmarks/casablanca.py --games 500 --jobs 2 --variant no-reshuffle --players 3

It prints figures and asserts nothing. A *round* is one deal of the money, from the set-up to
four of a symbol (or the pile running dry, the last player standing, the turn limit); a match
of the default ruleset is one round. Throughput is measured in one process on one core: the
bare engine loop (legal actions, a uniform random choice, the checked ``apply``), then whole
rounds through the match runner, which also builds each decision's view and writes the record.
Decision times are taken against random opponents. Strength lines are whole rounds between
agents with the seats rotated from round to round, as ``parlour simulate`` does.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections import defaultdict
from typing import Any

from games.casablanca import GAME
from parlour.core import simulate
from parlour.core.agents import RandomAgent
from parlour.core.match import Match, Seat
from parlour.core.rulesets import load_ruleset


def resolve(variants: list[str], **settings: Any) -> dict[str, Any]:
    rules = load_ruleset(GAME).resolve(variants)
    rules.update(settings)
    return rules


def throughput_engine(rules: dict[str, Any], count: int, players: int) -> tuple[float, float, float, float]:
    """Bare random rounds: rounds/s, decisions/s, decisions a round, turns a round."""
    decisions = turns = 0
    start = time.perf_counter()
    for seed in range(count):
        state = GAME.new_game(players, rules, seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
        turns += state.turns
    wall = time.perf_counter() - start
    return count / wall, decisions / wall, decisions / count, turns / count


def throughput_match(rules: dict[str, Any], count: int, players: int) -> tuple[float, float]:
    """Random rounds through the match runner (views, records): rounds/s, decisions/s."""
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
    """Seconds per decision of ``level`` (its seat rotated) against random players, by phase;
    the time includes building the seat's view, as the app and the match runner do."""
    kinds = GAME.agent_kinds()
    times: dict[str, list[float]] = defaultdict(list)
    for index in range(count):
        hero = index % players
        agents = [kinds[level](rules) if s == hero else RandomAgent() for s in range(players)]
        state = GAME.new_game(players, rules, 10_000 + index)
        rngs = [random.Random(index * 31 + s) for s in range(players)]
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            legal = state.legal_actions()
            if seat == hero:
                t0 = time.perf_counter()
                view = state.view(seat)
                action = agents[seat].choose(view, legal, rngs[seat])
                times[view["phase"]].append(time.perf_counter() - t0)
            else:
                action = agents[seat].choose(state.view(seat), legal, rngs[seat])
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
    parser.add_argument("--games", type=int, default=2000, help="rounds per strength line (default 2000)")
    parser.add_argument("--throughput-games", type=int, default=3000, help="random rounds timed (default 3000)")
    parser.add_argument("--timing-games", type=int, default=60, help="rounds timed per level (default 60)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant", action="append", default=[], help="apply a named variant (repeatable)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for the strength rounds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="throughput runs; the best is reported")
    parser.add_argument("--quick", action="store_true", help="a quick look: few rounds everywhere")
    parser.add_argument("--skip-strength", action="store_true")
    args = parser.parse_args()
    if args.quick:
        args.games, args.throughput_games, args.timing_games, args.repeat = 200, 500, 10, 1
    rules = resolve(args.variant)
    n = args.players
    print(f"Casablanca benchmark: {n} players, variants: {', '.join(args.variant) or 'none'}, "
          f"{rules['rounds']} round(s) a match")

    print("\n== Random play (one process, one core; best of "
          f"{args.repeat} runs of {args.throughput_games} rounds) ==")
    throughput_engine(rules, 100, n)  # warm up
    runs = [throughput_engine(rules, args.throughput_games, n) for _ in range(args.repeat)]
    rps, dps, per_round, turns = max(runs)
    print(f"rounds, engine loop   : {rps:8.0f} rounds/s  {dps:9.0f} decisions/s  "
          f"({per_round:.1f} decisions and {turns:.1f} turns a round; all runs: "
          f"{', '.join(f'{r[0]:.0f}' for r in runs)} rounds/s)")
    runner = max(50, args.throughput_games // 5)
    mps, mdps = throughput_match(rules, runner, n)
    print(f"rounds, match runner  : {mps:8.0f} rounds/s  {mdps:9.0f} decisions/s  "
          f"(views and records too, {runner} rounds)")

    print(f"\n== Decision time against random players ({args.timing_games} rounds per level, view included) ==")
    print(f"{'level':<8} {'decisions':>9} {'mean ms':>9} {'p95 ms':>9}   mean ms by phase")
    for level in ("random", "easy", "medium"):
        times = decision_times(rules, level, args.timing_games, n)
        every = [t for values in times.values() for t in values]
        phases = "  ".join(f"{phase} {statistics.mean(v) * 1000:.3f}" for phase, v in sorted(times.items()))
        print(f"{level:<8} {len(every):>9} {statistics.mean(every) * 1000:>9.3f} {p95(every) * 1000:>9.3f}   {phases}")

    if args.skip_strength:
        return
    print(f"\n== Strength: {args.games} rounds each, seats rotated, seed {args.seed} ==")
    print(f"{'line':<26} {'agent':<8} {'win share':>9} {'fair':>6} {'95% CI':>15} {'mean money':>11} {'rounds/s':>9}")
    for hero, foe in (("medium", "random"), ("medium", "easy"), ("easy", "random")):
        lineup = [hero] + [foe] * (n - 1)
        s = strength(rules, args.variant, lineup, args.games, args.jobs, args.seed)
        share = s["agent_win_share"][hero]
        half = 1.96 * math.sqrt(max(share * (1 - share), 1e-9) / s["games"])
        name = f"{hero} vs {n - 1} {foe}"
        print(f"{name:<26} {hero:<8} {share:>9.1%} {s['agent_fair_share'][hero]:>6.0%} "
              f"{f'{share - half:.1%}-{share + half:.1%}':>15} {s['agent_mean_score'][hero]:>11.1f} "
              f"{s['games_per_second']:>9.1f}")
        print(f"{'':<26} {foe:<8} {s['agent_win_share'][foe]:>9.1%} {s['agent_fair_share'][foe]:>6.0%} "
              f"{'':>15} {s['agent_mean_score'][foe]:>11.1f}")


if __name__ == "__main__":
    main()
