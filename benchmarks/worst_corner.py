"""Each built-in game at the most expensive settings its schema allows (issue 16): seconds and
peak memory for random games, so the ranges keep one game within seconds and a few hundred MB.

    python benchmarks/worst_corner.py [--games 3]

Each corner runs in a process of its own, so its peak resident memory (``ru_maxrss``) is its
own; the default-rules game beside it is the baseline. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from parlour.core.registry import discover  # noqa: E402

LETTERS = "RYGBOPWK"


def corners() -> dict[str, tuple[str, int, dict[str, Any]]]:
    """Name -> (game, players, settings over the defaults)."""
    colours = [{"letter": letter, "name": f"colour {letter}"} for letter in LETTERS]
    deck = list(LETTERS) + [a + b for a in LETTERS for b in LETTERS if a < b] + ["RR", "YY", "GG", "BB"]
    return {
        "banque-fatale defaults": ("banque-fatale", 4, {}),
        "banque-fatale widest": ("banque-fatale", 4, {
            "colours": colours, "deck": deck[:60], "jetons_per_colour": 99, "start_jetons_per_colour": 20,
            "chart": {"min": 0, "max": 99, "start": 50}, "payout": {98: 99, 99: 99}, "reset_value": 50,
            "display_size": 10, "sales_per_round": 5, "rise_min_count": 1}),
        "monte-carlo defaults": ("monte-carlo", 6, {}),
        "monte-carlo longest": ("monte-carlo", 6, {
            "start_chips": 10_000, "match_games": 50, "betting_rounds": 100, "field_capacity": 36}),
        "casablanca defaults": ("casablanca", 4, {}),
        "casablanca longest": ("casablanca", 4, {
            "rounds": 20, "turn_limit": 10_000, "fields_per_symbol": 8, "cards_per_symbol": 10}),
        # the finest stakes validate_rules allows: 2,000 amounts to choose from in a challenge
        "casablanca finest stakes": ("casablanca", 4, {
            "start_money": 20_000, "house_money": 20_000, "min_stake": 50, "stake_step": 50}),
        "casablanca most money": ("casablanca", 4, {
            "money_step": 2_500, "start_money": 1_000_000, "pot_contribution": 2_500, "house_money": 1_000_000,
            "premiums": [2_500, 5_000, 7_500], "min_stake": 2_500, "stake_step": 2_500, "admit_fee": 2_500,
            "sell_price": 2_500}),
    }


def run(name: str, games: int) -> tuple[str, float, float, int, str]:
    game_id, players, settings = corners()[name]
    registry = discover()
    game = registry.get(game_id)
    rules = {**registry.ruleset(game_id).resolve([]), **settings}
    problems = game.validate_rules(rules)
    if problems:
        return name, 0.0, 0.0, 0, "refused: " + "; ".join(f"{k}: {m}" for k, m in problems)
    moves = 0
    started = time.perf_counter()
    for seed in range(games):
        state = game.new_game(players, rules, seed)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            moves += 1
    seconds = (time.perf_counter() - started) / games
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return name, seconds, peak_mb, moves // games, ""


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=3, help="random games per corner (default 3)")
    args = p.parse_args()
    print(f"{'corner':<26} {'s/game':>8} {'peak MB':>8} {'moves/game':>11}")
    with ProcessPoolExecutor(max_workers=2, max_tasks_per_child=1) as pool:
        for name, seconds, peak, moves, note in pool.map(run, corners(), [args.games] * len(corners())):
            if note:
                print(f"{name:<26} {note}")
            else:
                print(f"{name:<26} {seconds:>8.3f} {peak:>8.0f} {moves:>11,}")


if __name__ == "__main__":
    main()
