"""Monte Carlo benchmark: random-play throughput, decision times per level, strength table.

    python benchmarks/monte_carlo.py               # full: 2000 matches per strength line
    python benchmarks/monte_carlo.py --quick       # a quick look
    python benchmarks/monte_carlo.py --games 500 --jobs 2 --variant six-player-odds --players 6

It prints figures and asserts nothing. A *game* is one deal (betting and laying, then the
payout); a *match* is the ruleset's number of games (3 by default) with drop-outs. The engine
loop is timed both for single games (the ruleset with one game a match) and for whole matches;
the match runner and the strength lines play whole matches. What each figure means:
benchmarks/README.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import harness

from parlour.games.monte_carlo import GAME


def loops(rules: Mapping[str, Any], count: int) -> list[harness.Loop]:
    """Single games as well as whole matches: a match's length depends on drop-outs."""
    return [
        harness.Loop("single games", "game", {**rules, "match_games": 1}, count),
        harness.Loop("matches", "match", rules, max(50, count // 3)),
    ]


BENCH = harness.Benchmark(
    GAME, "Monte Carlo", unit="match", score="chips", loops=loops,
    about=lambda rules: f"{rules['match_games']} games a match",
)

if __name__ == "__main__":
    harness.main(BENCH, __doc__)
