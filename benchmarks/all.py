"""Run the three game benchmarks one after the other, with the same arguments.

    python benchmarks/all.py --quick                 # a quick look at every game (about a minute)
    python benchmarks/all.py --games 400 --jobs 2    # any argument of the game scripts

It prints each game's figures in turn and asserts nothing; see benchmarks/README.md.
"""

from __future__ import annotations

import sys
import time

import banque_fatale
import casablanca
import harness
import monte_carlo

SCRIPTS = (banque_fatale, monte_carlo, casablanca)

if __name__ == "__main__":
    for number, script in enumerate(SCRIPTS):
        if number:
            print("\n" + "-" * 100 + "\n")
        start = time.perf_counter()
        harness.main(script.BENCH, script.__doc__, sys.argv[1:])
        print(f"\n({script.BENCH.title}: {time.perf_counter() - start:.0f} s)", flush=True)
