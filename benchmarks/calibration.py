"""Is the analysis's win chance calibrated? Games between the levels are played, some of every
seat's decisions analysed, and each decision's estimated win chance (after the move played) is
set against whether that seat went on to win (a shared win counts as a fraction).

    python benchmarks/calibration.py --fit --seed 1 --games 150 --jobs 2   # fit the map, write it
    python benchmarks/calibration.py --seed 2 --games 150 --jobs 2         # measure it on other games

The searcher's raw estimate (the mean result of its simulations) is mapped to a win chance by a
per-game calibration (``parlour/core/calibration.json``, :func:`parlour.core.analysis.calibrated`).
``--fit`` fits that map on the games played (isotonic regression over quantile bins of the raw
estimate: a monotone step through the observed win rates, joined linearly) and writes it; a
run without it measures the shipped map on its games, so measure on seeds not fitted on.

A raw estimate means more at three players than at four (the fair share is a third, not a
quarter), so each table size may have its own map: the game's own is fitted at three players
(the default ``--players``) and stands for any count without one; ``--players 4 --fit`` writes
the map for four beside it (``by_players``), measured again with ``--players 4``.

``--save FILE`` keeps the (raw estimate, outcome) pairs as JSON lines; ``--pairs FILE`` reads
them back instead of playing (to fit or measure again without the CPU time).

``--sample K`` analyses K decisions of each seat a game, drawn at random (default 4): the
decisions of one game share its outcome, so many games with a few decisions each say more than
a few games analysed whole. Reported per game: the reliability table in deciles of the
estimate (decisions, mean estimate, observed win rate), raw and calibrated; the mean absolute
gap between estimate and observation over the deciles (plain, weighted by decisions, and over
ten groups of equal count by estimate); the Brier score against that of a constant fair share
(1 / players); the CPU seconds a decision.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from parlour.core.analysis import CALIBRATION_FILE, analyse_decision, calibrated, seat_decisions  # noqa: E402
from parlour.core.record import Seat  # noqa: E402
from parlour.core.registry import discover  # noqa: E402
from parlour.core.seating import start_match  # noqa: E402

GAMES = ("banque-fatale", "monte-carlo", "casablanca")
#: quantile bins the map is fitted over
BINS = 12
#: the table size of a game's own map, which stands for any count without a map of its own
OWN_PLAYERS = 3


def play_and_judge(game_id: str, levels: Sequence[str], players: int, seed: int, n: int, sample: int,
                   budget: int) -> tuple[list[tuple[float, float]], float, int]:
    """Game ``n``: (raw estimate, outcome) for ``sample`` decisions of each seat, the CPU
    seconds spent judging, and how many were judged."""
    registry = discover()
    game = registry.get(game_id)
    rules = registry.rulesets[game_id].resolve()
    rng = random.Random(seed * 100_003 + n)
    order = [levels[(i + n) % len(levels)] for i in range(players)]
    seats = [Seat(f"{level}-{i + 1}", level) for i, level in enumerate(order)]
    match = start_match(game, rules, rng.getrandbits(32), seats, [])
    state = match.play_out()
    winners = state.winners()
    record = match.record
    record.finished = True
    pairs: list[tuple[float, float]] = []
    began = time.process_time()
    for seat in range(players):
        outcome = 1.0 / len(winners) if seat in winners else 0.0
        indices, _ = seat_decisions(game, record, seat)
        for index in sorted(rng.sample(indices, min(sample, len(indices)))):
            found = analyse_decision(game, record, seat, index, budget, seed=n, calibrate=False)
            pairs.append((found.win_played, outcome))
    return pairs, time.process_time() - began, len(pairs)


def deciles(pairs: Sequence[tuple[float, float]]) -> list[tuple[int, float, float]]:
    """(decisions, mean estimate, observed rate) for estimates in [0, 0.1), ..., [0.9, 1]."""
    bins: list[list[tuple[float, float]]] = [[] for _ in range(10)]
    for p, o in pairs:
        bins[min(9, int(p * 10))].append((p, o))
    return [(len(b), sum(p for p, _ in b) / len(b), sum(o for _, o in b) / len(b)) if b else (0, 0.0, 0.0)
            for b in bins]


def risk_deciles(pairs: Sequence[tuple[float, float]]) -> list[tuple[int, float, float]]:
    """(decisions, mean estimate, observed rate) for ten groups of equal count, by estimate
    (the "deciles of risk" of a Hosmer-Lemeshow table): where :func:`deciles` leaves the top
    tenths a few dozen decisions each, whose rates one game's outcome moves by points."""
    ordered = sorted(pairs)
    cuts = [round(len(ordered) * i / 10) for i in range(11)]
    groups = [ordered[a:b] for a, b in zip(cuts, cuts[1:]) if b > a]
    return [(len(g), sum(p for p, _ in g) / len(g), sum(o for _, o in g) / len(g)) for g in groups]


def fit(pairs: Sequence[tuple[float, float]], bins: int = BINS) -> list[tuple[float, float]]:
    """Knots of a monotone map raw -> observed: the pairs sorted by estimate in ``bins``
    bins of equal count, each bin's (mean estimate, observed rate), pooled where the rate
    falls (pool-adjacent-violators), weighted by the bin's size."""
    ordered = sorted(pairs)
    size = max(1, len(ordered) // bins)
    blocks: list[list[float]] = []  # [sum of estimates, sum of outcomes, count]
    for start in range(0, len(ordered), size):
        chunk = ordered[start:start + size]
        if len(chunk) < size and blocks:  # the last, short bin joins the one before
            blocks[-1] = [blocks[-1][0] + sum(p for p, _ in chunk), blocks[-1][1] + sum(o for _, o in chunk),
                          blocks[-1][2] + len(chunk)]
            continue
        blocks.append([sum(p for p, _ in chunk), sum(o for _, o in chunk), float(len(chunk))])
    pooled: list[list[float]] = []
    for block in blocks:
        pooled.append(block)
        while len(pooled) > 1 and pooled[-2][1] / pooled[-2][2] > pooled[-1][1] / pooled[-1][2]:
            last = pooled.pop()
            pooled[-1] = [a + b for a, b in zip(pooled[-1], last)]
    knots: list[tuple[float, float]] = [(0.0, 0.0)]  # a game lost (won) in every simulation is
    for s, o, c in pooled:                        # lost (won): the ends are anchored
        x, y = round(s / c, 4), round(o / c, 4)
        if x <= knots[-1][0] or x >= 1.0:
            continue
        knots.append((x, y))
    knots.append((1.0, 1.0))
    return knots


def report(title: str, players: int, pairs: list[tuple[float, float]]) -> dict[str, float]:
    table = deciles(pairs)
    used = [(n, p, o) for n, p, o in table if n]
    gap = sum(abs(p - o) for _, p, o in used) / len(used)
    weighted = sum(n * abs(p - o) for n, p, o in used) / len(pairs)
    brier = sum((p - o) ** 2 for p, o in pairs) / len(pairs)
    fair = 1.0 / players
    base = sum((fair - o) ** 2 for _, o in pairs) / len(pairs)
    print(f"  {title}")
    print(f"    {'decile':<10}{'decisions':>10}{'estimate':>10}{'observed':>10}")
    for i, (n, p, o) in enumerate(table):
        if n:
            print(f"    {i / 10:.1f}-{(i + 1) / 10:.1f}   {n:>10}{p:>10.3f}{o:>10.3f}")
    risk = risk_deciles(pairs)
    equal = sum(abs(p - o) for _, p, o in risk) / len(risk)
    print(f"    mean absolute gap over deciles {gap:.3f} (weighted by decisions {weighted:.3f}; "
          f"over ten groups of equal count {equal:.3f})")
    print(f"    Brier score {brier:.4f}; a constant fair share ({fair:.2f}) scores {base:.4f}", flush=True)
    return {"gap": gap, "weighted": weighted, "equal": equal, "brier": brier, "fair": base}


def write_map(fitted: dict[str, dict[str, object]], players: int) -> None:
    """Write the maps fitted at a table of ``players``: the game's own map at
    :data:`OWN_PLAYERS`, else its map for that count (``by_players``), the others kept."""
    try:
        shipped = json.loads(CALIBRATION_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        shipped = {}
    games = dict(shipped.get("games", {}))
    for game_id, entry in fitted.items():
        own = dict(games.get(game_id, {}))
        if players == OWN_PLAYERS:
            own.update(entry)
        elif not own:
            raise SystemExit(f"{game_id} has no map at {OWN_PLAYERS} players to stand beside one at {players}: fit that first")
        else:
            own["by_players"] = dict(sorted({**own.get("by_players", {}), str(players): entry}.items()))
        games[game_id] = own
    text = json.dumps({
        "about": "per game, knots (raw estimate, observed win rate) of the analysis's win-chance map at "
                 "3 players, and by_players: the maps fitted at other counts; written by benchmarks/calibration.py --fit",
        "games": dict(sorted(games.items()))}, indent=1)
    # a knot a line
    text = re.sub(r"\[\s+([-0-9.e]+),\s+([-0-9.e]+)\s+\]", r"[\1, \2]", text)
    CALIBRATION_FILE.write_text(text + "\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game (repeatable; default: all three)")
    parser.add_argument("--games", type=int, default=100, help="games per game played and judged")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--levels", default="medium,easy,medium", help="the levels at the table, one per seat")
    parser.add_argument("--budget", type=int, default=500, help="simulations a decision (the analysis's default)")
    parser.add_argument("--sample", type=int, default=4, help="decisions judged per seat a game")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fit", action="store_true", help=f"fit the map on these games and write {CALIBRATION_FILE.name}")
    parser.add_argument("--save", metavar="FILE", help="keep the pairs (game, raw estimate, outcome), a JSON line each")
    parser.add_argument("--pairs", metavar="FILE", help="read pairs a run saved instead of playing")
    args = parser.parse_args(argv)
    saved: dict[str, list[tuple[float, float]]] = {}
    if args.pairs:
        with open(args.pairs, encoding="utf-8") as lines:
            for line in lines:
                g, p, o = json.loads(line)
                saved.setdefault(g, []).append((p, o))
    levels = args.levels.split(",")
    fitted: dict[str, dict[str, object]] = {}
    for game_id in args.game or (list(saved) if args.pairs else GAMES):
        jobs = [(game_id, levels, args.players, args.seed, n, args.sample, args.budget) for n in range(args.games)]
        pairs: list[tuple[float, float]] = list(saved.get(game_id, []))
        cpu = 0.0
        judged = 0
        with ProcessPoolExecutor(max(1, args.jobs)) as pool:
            jobs = [] if args.pairs else jobs
            for n, (found, seconds, count) in enumerate(pool.map(play_and_judge, *zip(*jobs))):
                pairs += found
                cpu += seconds
                judged += count
                if (n + 1) % 10 == 0:
                    print(f"{game_id}: {n + 1} games, {len(pairs)} decisions", file=sys.stderr, flush=True)
        if args.save:
            with open(args.save, "a", encoding="utf-8") as out:
                out.writelines(json.dumps([game_id, p, o]) + "\n" for p, o in pairs)
        if not pairs:
            continue
        if args.pairs:
            print(f"\n{game_id}: {len(pairs)} decisions read from {args.pairs}")
        else:
            print(f"\n{game_id}: {len(pairs)} decisions from {args.games} games of {args.players} players "
                  f"({args.levels}), {args.budget} simulations each, seed {args.seed}; "
                  f"{cpu / max(1, judged):.2f} CPU s a decision")
        report("raw estimate", args.players, pairs)
        if args.fit:
            knots = fit(pairs)
            fitted[game_id] = {"knots": [list(k) for k in knots], "decisions": len(pairs),
                               "source": Path(args.pairs).name if args.pairs else f"{args.games} games, seed {args.seed}, budget {args.budget}, "
                                                       f"levels {args.levels}"}
            print(f"  fitted {len(knots)} knots")
        else:
            report("calibrated (the shipped map)", args.players, [(calibrated(game_id, p, args.players), o) for p, o in pairs])
    if args.fit:
        write_map(fitted, args.players)
        print(f"\nwrote {CALIBRATION_FILE}")


if __name__ == "__main__":
    main()
