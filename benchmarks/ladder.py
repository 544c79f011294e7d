"""The computer levels' ladder: where each level's rating starts, measured by play.

    python benchmarks/ladder.py --games 40 --jobs 2            # play, fit, write parlour/core/ladder.json
    python benchmarks/ladder.py --lineup random,easy,medium,medium --games 200 \\
        --results benchmarks/ladder_games_nohard.json --out /tmp/x.json   # a cheaper table, kept apart
    python benchmarks/ladder.py --refit benchmarks/ladder_games.json benchmarks/ladder_games_nohard.json

Per game, a table of four seats (by default one of each level: random, easy, medium and hard at
its default budget), seats rotated from game to game (``simulate.rotate``: 4 games give each
level every seat), seeds from ``simulate.game_seed``. Games are played in batches of four, the
games taking turns, and every result is kept in ``--results`` (JSON) as it comes: a run
stopped early still fits on what it played. ``hard`` makes a table slow (about half a minute
of one core a game of Banque Fatale), so a second table without it (``--lineup``) measures
the other levels more closely for little time; ``--refit`` fits several files together.

The fit: each game ranks its seats as the app does (``ratings.ranks``: the winners, then by
score), so each pair of seats with different levels gives one outcome (which finished ahead; a
tie is half). The levels' means are those most likely to give the outcomes seen, under the
chance the rating model itself predicts for two players (``PlackettLuce.predict_win``), with
openskill's start belief (25, 25/3) as the prior; each level's sigma is the uncertainty of its
mean (from the curvature of that likelihood), and the means are shifted so their average is 25
(1,500 shown: a new player starts in the middle of the ladder). Printed per game and per table
lineup: for each pairing, the predicted share of games one finishes ahead of the other against
the observed share with its 95 % Wilson interval; and the table's win shares, predicted
(openskill's chance for more than two players, a rough guide) and observed.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

# this checkout's Parlour, not whichever is installed (as the other benchmarks measure)
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from parlour.core import simulate  # noqa: E402
from parlour.core.ratings import START_MU, START_SIGMA, Skill, model, ranks, shown, win_chances  # noqa: E402
from parlour.core.registry import discover  # noqa: E402
from parlour.core.rulesets import load_ruleset  # noqa: E402

GAMES = ("banque-fatale", "monte-carlo", "casablanca")
LEVELS = ("random", "easy", "medium", "hard")
HERE = Path(__file__).resolve().parent
SHIPPED = HERE.parent / "parlour" / "core" / "ladder.json"
BATCH = 4


def play(games: Sequence[str], levels: Sequence[str], count: int, seed: int, jobs: int,
         results: Path, kept: dict[str, list[dict[str, Any]]]) -> None:
    """Play ``count`` games of each of ``games`` in batches, writing ``results`` after each."""
    registry = discover()
    while any(len(kept.get(game_id, [])) < count for game_id in games):
        for game_id in games:
            done = kept.setdefault(game_id, [])
            if len(done) >= count:
                continue
            # the batch the next game belongs to, from its start: a run that goes on plays the
            # games it has not kept, never one of a batch it kept again (a partial last batch
            # is played whole and its kept games dropped)
            batch, kept_of_it = divmod(len(done), BATCH)
            rules = load_ruleset(registry.get(game_id)).resolve([])
            plan = simulate.Plan(game_id, rules, [], list(levels), min(BATCH, count - len(done) + kept_of_it),
                                 seed * 100_003 + batch, time_limit=None)
            start = time.perf_counter()
            played, _ = simulate.run(plan, jobs)
            played = played[kept_of_it:]
            done += [{"seed": r.seed, "agents": r.agents, "scores": r.scores, "winners": r.winners}
                     for r in played]
            print(f"{game_id}: {len(done)} games ({time.perf_counter() - start:.0f} s for {len(played)})",
                  file=sys.stderr, flush=True)
            results.write_text(json.dumps({"levels": list(levels), "seed": seed, "games": kept}, indent=1))


def pair_outcomes(played: Sequence[Mapping[str, Any]]) -> dict[tuple[str, str], tuple[int, float]]:
    """For each pair of levels (a, b), a before b in name order: the games they met in and how
    many of them a finished ahead (a tie counts half). A game is one outcome of a pairing
    however many seats of the two levels it had: at a table of two medium, random finishing
    ahead of each is two outcomes of one game, not of two (counted apart, 200 games gave 400
    outcomes, an interval as narrow as 400 games give, and twice the weight in the fit); the
    game's outcome is then the share of its pairs a finished ahead in."""
    tally: dict[tuple[str, str], tuple[int, float]] = {}
    for game in played:
        places = ranks(game["scores"], game["winners"])
        pairs: dict[tuple[str, str], list[float]] = {}
        for i, j in itertools.combinations(range(len(places)), 2):
            a, b = game["agents"][i], game["agents"][j]
            if a == b:
                continue
            ahead = 1.0 if places[i] < places[j] else 0.5 if places[i] == places[j] else 0.0
            if a > b:
                a, b, ahead = b, a, 1.0 - ahead
            pairs.setdefault((a, b), []).append(ahead)
        for pair, aheads in pairs.items():
            n, w = tally.get(pair, (0, 0.0))
            tally[pair] = (n + 1, w + sum(aheads) / len(aheads))
    return tally


def _log_likelihood(mus: Mapping[str, float], sigmas: Mapping[str, float],
                    tally: Mapping[tuple[str, str], tuple[int, float]]) -> float:
    pl = model()
    total = 0.0
    for (a, b), (n, w) in tally.items():
        p = pl.predict_win([[pl.rating(mu=mus[a], sigma=sigmas[a])], [pl.rating(mu=mus[b], sigma=sigmas[b])]])[0]
        p = min(max(p, 1e-12), 1 - 1e-12)
        total += w * math.log(p) + (n - w) * math.log(1 - p)
    return total - sum((m - START_MU) ** 2 / (2 * START_SIGMA**2) for m in mus.values())


def fit(levels: Sequence[str], tally: Mapping[tuple[str, str], tuple[int, float]]) -> dict[str, Skill]:
    """The levels' skills that best explain ``tally`` (see the module's docstring)."""
    mus = {level: START_MU for level in levels}
    sigmas = {level: 0.0 for level in levels}
    h = 1e-3
    for _ in range(3):  # the sigmas enter the predicted chances: fit, measure them, fit again
        for _ in range(200):  # Newton steps, one level at a time
            moved = 0.0
            for level in levels:
                base = _log_likelihood(mus, sigmas, tally)
                up = _log_likelihood({**mus, level: mus[level] + h}, sigmas, tally)
                down = _log_likelihood({**mus, level: mus[level] - h}, sigmas, tally)
                slope, curve = (up - down) / (2 * h), (up - 2 * base + down) / (h * h)
                step = -slope / curve if curve < 0 else slope
                step = max(-2.0, min(2.0, step))
                mus[level] += step
                moved = max(moved, abs(step))
            if moved < 1e-6:
                break
        for level in levels:
            base = _log_likelihood(mus, sigmas, tally)
            up = _log_likelihood({**mus, level: mus[level] + h}, sigmas, tally)
            down = _log_likelihood({**mus, level: mus[level] - h}, sigmas, tally)
            sigmas[level] = math.sqrt(-1 / ((up - 2 * base + down) / (h * h)))
    shift = START_MU - sum(mus.values()) / len(mus)
    return {level: Skill(mus[level] + shift, sigmas[level]) for level in levels}


def wilson(share: float, n: int) -> tuple[float, float]:
    return simulate.wilson_interval(share, n)


def _pairings(levels: Sequence[str], played: Sequence[Mapping[str, Any]]) -> list[tuple[str, str, int, float]]:
    """The pairings of ``played``, each as (a, b, games, a ahead), a the lower of the ladder."""
    out = []
    for (a, b), (n, w) in pair_outcomes(played).items():
        out.append((a, b, n, w) if levels.index(a) < levels.index(b) else (b, a, n, n - w))
    return sorted(out, key=lambda p: (levels.index(p[0]), levels.index(p[1])))


def report(game_id: str, levels: Sequence[str], played: Sequence[Mapping[str, Any]],
           skills: Mapping[str, Skill]) -> tuple[list[str], int, int]:
    """The lines printed for one game, and how many of its pairings' predictions fall inside
    the observed share's 95 % interval, of how many (each table lineup's pairings apart)."""
    lines = [f"{game_id}: {len(played)} games, seats rotated",
             f"  {'level':<8} {'rating':>7} {'mu':>7} {'sigma':>6}"]
    for level in levels:
        s = skills[level]
        lines.append(f"  {level:<8} {s.shown:>7,} {s.mu:>7.2f} {s.sigma:>6.2f}")
    inside = total = 0
    for lineup in sorted({tuple(sorted(g["agents"], key=levels.index)) for g in played}, key=len):
        games = [g for g in played if tuple(sorted(g["agents"], key=levels.index)) == lineup]
        lines.append(f"  table {', '.join(lineup)}: {len(games)} games")
        lines.append(f"    {'pairing':<24} {'games':>5} {'predicted':>9} {'observed':>9} {'95% interval':>14}")
        for a, b, n, w in _pairings(levels, games):
            predicted = win_chances([skills[a], skills[b]])[0]
            low, high = wilson(w / n, n)
            ok = low <= predicted <= high
            inside, total = inside + ok, total + 1
            lines.append(f"    {a + ' ahead of ' + b:<24} {n:>5} {predicted:>9.1%} {w / n:>9.1%}"
                         f" {low:>6.1%}-{high:.1%} {'inside' if ok else 'OUTSIDE'}")
        seated = list(dict.fromkeys(lineup))
        wins = dict.fromkeys(seated, 0.0)
        for game in games:
            for seat in game["winners"]:
                wins[game["agents"][seat]] += 1 / len(game["winners"])
        # openskill's chance for more than two is an average of the two-player ones: a rough guide
        chances = win_chances([skills[level] for level in lineup])
        lines.append(f"    {'table win share':<24} {'':>5} {'predicted':>9} {'observed':>9} {'95% interval':>14}")
        for level in seated:
            chance = sum(c for c, seat in zip(chances, lineup, strict=True) if seat == level)
            share = wins[level] / max(len(games), 1)
            low, high = wilson(share, len(games))
            lines.append(f"    {level:<24} {'':>5} {chance:>9.1%} {share:>9.1%} {low:>6.1%}-{high:.1%}")
    lines.append(f"  {inside} of {total} pairings inside their interval")
    return lines, inside, total


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per game (default: 40)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", choices=GAMES, help="only this game (repeatable)")
    parser.add_argument("--lineup", default=",".join(LEVELS),
                        help=f"the levels at the table, one a seat (default: {','.join(LEVELS)})")
    parser.add_argument("--results", type=Path, default=HERE / "ladder_games.json",
                        help="where every game's result is kept (and read back to go on)")
    parser.add_argument("--refit", type=Path, nargs="+", metavar="RESULTS",
                        help="fit the results in these files together, playing nothing")
    parser.add_argument("--out", type=Path, default=SHIPPED, help="the ratings file written")
    args = parser.parse_args(argv)
    games = tuple(args.game or GAMES)
    kept: dict[str, list[dict[str, Any]]] = {}
    runs = []
    if args.refit:
        for path in args.refit:
            data = json.loads(path.read_text())
            runs.append({"lineup": data["levels"], "seed": data["seed"],
                         "games": {g: len(data["games"].get(g, [])) for g in games}})
            for game_id, played in data["games"].items():
                kept.setdefault(game_id, []).extend(played)
    else:
        lineup = tuple(level.strip() for level in args.lineup.split(","))
        if args.results.exists():  # go on from an earlier run of the same ladder
            data = json.loads(args.results.read_text())
            if tuple(data["levels"]) == lineup and data.get("seed") == args.seed:
                kept = data["games"]
        play(games, lineup, args.games, args.seed, args.jobs, args.results, kept)
        runs.append({"lineup": list(lineup), "seed": args.seed, "games": {g: len(kept.get(g, [])) for g in games}})
    out: dict[str, Any] = {
        "about": "Where each computer level's rating starts, per game: written by benchmarks/ladder.py "
                 "from the games it played (see the README's 'Your record').",
        "scale": {"start": shown(START_MU), "mu": START_MU, "points_per_mu": 50},
        "runs": runs,
        "games": {},
    }
    inside = total = 0
    for game_id in games:
        played = kept.get(game_id, [])
        if not played:
            continue
        levels = [level for level in LEVELS if any(level in g["agents"] for g in played)]
        levels += sorted({a for g in played for a in g["agents"]} - set(levels))
        skills = fit(levels, pair_outcomes(played))
        lines, good, count = report(game_id, levels, played, skills)
        inside, total = inside + good, total + count
        print("\n".join(lines))
        print()
        out["games"][game_id] = {
            "games": len(played),
            "levels": {level: {"mu": round(s.mu, 4), "sigma": round(s.sigma, 4)} for level, s in skills.items()},
        }
    args.out.write_text(json.dumps(out, indent=1) + "\n")
    print(f"{inside} of {total} pairings inside their 95 % interval; wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
