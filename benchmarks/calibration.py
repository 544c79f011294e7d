"""Is the analysis's win chance calibrated? Games between the levels are played, every seat's
decisions analysed, and each decision's estimated win chance (after the move played) is set
against whether that seat went on to win (a shared win counts as a fraction).

    python benchmarks/calibration.py --jobs 2                       # every game, 20 games each
    python benchmarks/calibration.py --game casablanca --games 8 --budget 300 --minutes 8

Reported per game: the reliability table in deciles of the estimate (decisions, mean
estimate, observed win rate), the mean absolute gap between the two over the deciles (plain,
and weighted by decisions), the Brier score against that of a constant fair share
(1 / players), and the seconds one seat's whole game took to analyse. ``--minutes`` stops
starting new games after that long (the report says how many were analysed). Decisions of
one game share its outcome, so the figures are less sure than their number suggests.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from parlour.core.analysis import analyse  # noqa: E402
from parlour.core.record import Seat  # noqa: E402
from parlour.core.registry import discover  # noqa: E402
from parlour.core.seating import start_match  # noqa: E402

GAMES = ("banque-fatale", "monte-carlo", "casablanca")


def deciles(pairs: Sequence[tuple[float, float]]) -> list[tuple[int, float, float]]:
    """(decisions, mean estimate, observed rate) for estimates in [0, 0.1), ..., [0.9, 1]."""
    bins: list[list[tuple[float, float]]] = [[] for _ in range(10)]
    for p, o in pairs:
        bins[min(9, int(p * 10))].append((p, o))
    return [(len(b), sum(p for p, _ in b) / len(b), sum(o for _, o in b) / len(b)) if b else (0, 0.0, 0.0)
            for b in bins]


def report(game_id: str, players: int, pairs: list[tuple[float, float]], games: int, seconds: list[float],
           budget: int) -> None:
    table = deciles(pairs)
    used = [(n, p, o) for n, p, o in table if n]
    gap = sum(abs(p - o) for _, p, o in used) / len(used)
    weighted = sum(n * abs(p - o) for n, p, o in used) / len(pairs)
    brier = sum((p - o) ** 2 for p, o in pairs) / len(pairs)
    fair = 1.0 / players
    base = sum((fair - o) ** 2 for _, o in pairs) / len(pairs)
    print(f"\n{game_id}: {len(pairs)} decisions from {games} games of {players} players, {budget} simulations each")
    print(f"  {'decile':<10}{'decisions':>10}{'estimate':>10}{'observed':>10}")
    for i, (n, p, o) in enumerate(table):
        if n:
            print(f"  {i / 10:.1f}-{(i + 1) / 10:.1f}   {n:>10}{p:>10.3f}{o:>10.3f}")
    print(f"  mean absolute gap over deciles {gap:.3f} (weighted by decisions {weighted:.3f})")
    print(f"  Brier score {brier:.4f}; a constant fair share ({fair:.2f}) scores {base:.4f}")
    if seconds:
        print(f"  one seat's whole game analysed in {min(seconds):.1f} to {max(seconds):.1f} s "
              f"(mean {sum(seconds) / len(seconds):.1f} s)", flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game (repeatable; default: all three)")
    parser.add_argument("--games", type=int, default=20, help="games per game played and analysed")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--levels", default="medium,easy,medium", help="the levels at the table, one per seat")
    parser.add_argument("--budget", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=None, help="stop starting games after this long, per game")
    args = parser.parse_args(argv)
    registry = discover()
    levels = args.levels.split(",")
    for game_id in args.game or GAMES:
        game = registry.get(game_id)
        rules = registry.rulesets[game_id].resolve()
        pairs: list[tuple[float, float]] = []
        seconds: list[float] = []
        start = time.monotonic()
        played = 0
        for n in range(args.games):
            if args.minutes is not None and time.monotonic() - start > args.minutes * 60:
                break
            rng = random.Random(args.seed * 1000 + n)
            order = [levels[(i + n) % len(levels)] for i in range(args.players)]
            seats = [Seat(f"{level}-{i + 1}", level) for i, level in enumerate(order)]
            match = start_match(game, rules, rng.getrandbits(32), seats, [])
            state = match.play_out()
            winners = state.winners()
            record = match.record
            record.finished = True
            for seat in range(args.players):
                outcome = 1.0 / len(winners) if seat in winners else 0.0
                began = time.monotonic()
                found = analyse(game, record, seat, args.budget, seed=n, jobs=args.jobs)
                seconds.append(time.monotonic() - began)
                pairs += [(d.win_played, outcome) for d in found.decisions]
            played += 1
            print(f"{game_id}: game {played}, {len(pairs)} decisions so far", file=sys.stderr, flush=True)
        if pairs:
            report(game_id, args.players, pairs, played, seconds, args.budget)


if __name__ == "__main__":
    main()
