"""Casablanca benchmark: random-play throughput, decision times per level, strength table.

    python benchmarks/casablanca.py                # full: 2000 rounds per strength line
    python benchmarks/casablanca.py --quick        # a quick look
    python benchmarks/casablanca.py --games 500 --jobs 2 --variant no-reshuffle --players 3

It prints figures and asserts nothing. A *round* is one deal of the money, from the set-up to
four of a symbol (or the pile running dry, the last player standing, the turn limit); a match
of the default ruleset is one round. The engine loop also counts the turns a round takes, and
is the best of three runs (``--repeat``). What each figure means: benchmarks/README.md.
"""

from __future__ import annotations

import harness

from parlour.games.casablanca import GAME

BENCH = harness.Benchmark(
    GAME, "Casablanca", unit="round", score="money",
    defaults={"timing_games": 60, "repeat": 3},
    about=lambda rules: f"{rules['rounds']} round(s) a match",
    extras=lambda state: {"turns": state.turns},
)

if __name__ == "__main__":
    harness.main(BENCH, __doc__)
