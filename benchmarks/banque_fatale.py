"""Banque Fatale benchmark: random-play throughput, decision times, and a strength table.

    python benchmarks/banque_fatale.py              # full: 2000 games per strength line
    python benchmarks/banque_fatale.py --quick      # a quick look
    python benchmarks/banque_fatale.py --games 500 --jobs 2 --variant worthless-jetons

It prints figures; nothing is asserted. A *game* is the whole auction, from the first lot to
the last sale. Decision times are grouped by phase (bid, draft, pick, sale). What each figure
means: benchmarks/README.md.
"""

from __future__ import annotations

import harness

from parlour.games.banque_fatale import GAME

BENCH = harness.Benchmark(GAME, "Banque Fatale", unit="game", score="score")

if __name__ == "__main__":
    harness.main(BENCH, __doc__)
