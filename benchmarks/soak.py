"""Soak: random games of every built-in game with the invariants checked at every move.

    python benchmarks/soak.py                         # 2,000 games a game, one core
    python benchmarks/soak.py --games 100000 --jobs 2 # the long run (issue 16)

Each game is played with the default rules and with each variant in turn, players cycling
over the game's range. Every move: a seat to move, legal moves offered and accepted, and what
the game conserves (``State.conserved``: Banque Fatale's jetons of each colour, Casablanca's
money and chips within a round) unchanged; every 50th move the mover's view is JSON; at the
end finite scores and a winner (see :mod:`parlour.testing.soak`). Prints figures; asserts
nothing. The suite runs a small soak (tests/plugins/test_soak.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from parlour.core.registry import discover  # noqa: E402
from parlour.core.rulesets import load_ruleset  # noqa: E402
from parlour.testing.soak import Soak, soak  # noqa: E402

GAMES = ("banque-fatale", "monte-carlo", "casablanca")


def _part(game_id: str, variant: str | None, seeds: range) -> Soak:
    game = discover().get(game_id)
    ruleset = load_ruleset(game)
    rules = ruleset.resolve([variant] if variant else [])
    rules_for = {n: rules for n in range(game.min_players, game.max_players + 1)}
    return soak(game, rules_for, seeds, f", variant {variant}" if variant else "")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=2000, help="random games per game (default 2,000)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--game", choices=GAMES, action="append", help="only this game (repeatable)")
    args = p.parse_args()
    if args.games < 1 or not 1 <= args.jobs <= 64:
        p.error("--games must be at least 1 and --jobs 1 to 64")
    print(f"{'game':<14} {'games':>8} {'moves':>11} {'checks':>11} {'problems':>8} {'seconds':>8}")
    for game_id in args.game or GAMES:
        game = discover().get(game_id)
        variants: list[str | None] = [None, *load_ruleset(game).variants]
        parts = []
        per = args.games // len(variants)
        for k, variant in enumerate(variants):
            count = per + (1 if k < args.games % len(variants) else 0)
            step = max(1, -(-count // (args.jobs * 4)))
            start = k * 10_000_000
            parts += [(game_id, variant, range(s, min(s + step, start + count)))
                      for s in range(start, start + count, step)]
        began = time.perf_counter()
        total = Soak()
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for part in pool.map(_part, *zip(*parts)):
                total.add(part)
        seconds = time.perf_counter() - began
        print(f"{game_id:<14} {total.games:>8,} {total.moves:>11,} {total.conserved_checks:>11,} "
              f"{len(total.problems):>8} {seconds:>8.1f}")
        for problem in total.problems[:5]:
            print(f"    {problem}")


if __name__ == "__main__":
    main()
