"""Banque Fatale `medium`: does it play like a person, and how strong is it?

    python benchmarks/bf_medium.py                      # health (50 games) + strength (400 a line)
    python benchmarks/bf_medium.py --games 200 --lines easy,mediums
    python benchmarks/bf_medium.py --lines flat --games 200   # the flat Monte Carlo bot, if present

*Health*: all-`medium` 4-player games, watched auction by auction: the share of auctions that
draw any non-zero bid (per round), the share of cards the start player wins, payouts per game,
the colours' mean chart value after each round's auction, and medium's decision times.
*Strength*: one agent against three of another, seats rotated (:func:`parlour.core.simulate.run`,
one process unless ``--jobs``), with a 95 % Wilson interval. Figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness  # noqa: E402

from parlour.games.banque_fatale import GAME  # noqa: E402
from parlour.core import simulate  # noqa: E402
from parlour.core.agents import make_agent  # noqa: E402
from parlour.core.match import Match  # noqa: E402
from parlour.core.rulesets import load_ruleset  # noqa: E402
from parlour.core.seating import computer_seats  # noqa: E402

#: name -> (the agent measured, the agent in every other seat)
LINES = {
    "easy": ("medium", "easy"),
    "mediums": ("easy", "medium"),
    "random": ("medium", "random"),
    "flat": ("flat", "medium"),
}


class Timed:
    """An agent whose decision times are noted."""

    def __init__(self, agent: Any, times: list[float]) -> None:
        self.agent, self.times = agent, times

    def choose(self, view: Any, legal: Any, rng: Any) -> Any:
        t0 = time.perf_counter()
        action = self.agent.choose(view, legal, rng)
        self.times.append(time.perf_counter() - t0)
        return action


def health(rules: dict[str, Any], games: int, players: int, seed: int, kind: str) -> None:
    auctions: dict[int, int] = defaultdict(int)
    bid_on: dict[int, int] = defaultdict(int)
    chart_sum: dict[int, list[float]] = defaultdict(lambda: [0.0] * 5)
    chart_n: dict[int, int] = defaultdict(int)
    cards = start_cards = payouts = payout_cash = 0
    own_bids: list[int] = []
    times: list[float] = []
    for index in range(games):
        game_seed = simulate.game_seed(seed, index)
        agents = [Timed(make_agent(GAME, kind, rules), times) for _ in range(players)]
        match = Match(GAME, rules, game_seed, computer_seats([kind] * players), agents)
        seen: list[Any] = [None]

        def watch(state: Any, seat: int, action: Any) -> None:
            nonlocal cards, start_cards, payouts, payout_cash
            last = state.last
            if last is None or last is seen[0]:
                return
            seen[0] = last
            round_, _card, start, bids, totals, winner, _pool, _changes, pays, _resets = last
            auctions[round_] += 1
            bid_on[round_] += any(totals)
            own_bids.extend(totals)
            cards += 1
            start_cards += winner == start
            payouts += len(pays)
            payout_cash += sum(p[3] for p in pays)
            chart_n[round_] += 1
            for c, v in enumerate(state.chart):
                chart_sum[round_][c] += v

        match.play_out(observer=watch)
    total = sum(auctions.values())
    print(f"\n== Health: {games} all-{kind} {players}-player games, seed {seed} ==")
    print(f"auctions with a non-zero bid : {sum(bid_on.values()) / total:.1%} of {total}")
    print("  per round                  : " + "  ".join(
        f"r{r} {bid_on[r] / auctions[r]:.0%}" for r in sorted(auctions)))
    zero = sum(1 for b in own_bids if b == 0) / len(own_bids)
    print(f"bids of zero                 : {zero:.1%} of {len(own_bids)} bids; mean bid "
          f"{statistics.mean(own_bids):.2f} jetons")
    print(f"cards won by the start player: {start_cards / cards:.1%}")
    print(f"payouts per game             : {payouts / games:.2f} (aces paid), {payout_cash / games:.1f} million")
    print("colours' mean value after the auction, per round (R Y G B O : mean):")
    for r in sorted(chart_n):
        values = [v / chart_n[r] for v in chart_sum[r]]
        print(f"  r{r:<2} " + " ".join(f"{v:5.2f}" for v in values) + f"  : {statistics.mean(values):5.2f}")
    ordered = sorted(times)
    print(f"{kind} decision time: mean {statistics.mean(times) * 1000:.2f} ms, p99 "
          f"{ordered[int(0.99 * (len(ordered) - 1))] * 1000:.2f} ms, max {ordered[-1] * 1000:.2f} ms "
          f"({len(times)} decisions)")


class FlatBot:
    """The generic flat Monte Carlo bot of issue 15, for when no ``flat`` kind is registered:
    up to ``width`` candidate actions (a uniform sample of the legal ones when there are more),
    ``rollouts`` sampled worlds shared out among them in turn, each played out with uniform
    random moves; the best mean of (win share + 0.01 x score margin over the best rival)."""

    wants_worlds = True

    def __init__(self, rollouts: int = 200, width: int = 12) -> None:
        self.rollouts, self.width = rollouts, width

    def choose(self, view: Any, legal: Any, rng: Any, worlds: Any = None) -> Any:
        if len(legal) == 1 or worlds is None:
            return legal[0]
        if len(legal) <= self.width:
            options = list(legal)
        else:
            drawn = [legal[rng.randrange(len(legal))] for _ in range(self.width - 1)]
            options = list(dict.fromkeys([legal[0], *drawn]))
        seat = view["seat"]
        totals = [0.0] * len(options)
        for i in range(self.rollouts):
            j = i % len(options)
            world = worlds(rng)
            world.apply(options[j])
            while world.to_move is not None:
                moves = world.legal_actions()
                world.apply_trusted(moves[int(rng.random() * len(moves))])
            winners = world.winners()
            scores = world.scores()
            rival = max(x for s, x in enumerate(scores) if s != seat)
            totals[j] += (1 / len(winners) if seat in winners else 0.0) + 0.01 * (scores[seat] - rival)
        return options[max(range(len(options)), key=lambda j: totals[j])]


def flat_line(rules: dict[str, Any], games: int, players: int, seed: int, foe: str) -> None:
    """The local flat bot against three ``foe``, seats rotated (one process)."""
    wins = 0.0
    scores: dict[str, list[float]] = defaultdict(list)
    start = time.perf_counter()
    lineup = ["flat"] + [foe] * (players - 1)
    for index in range(games):
        names = simulate.rotate(lineup, index)
        agents = [FlatBot() if n == "flat" else make_agent(GAME, n, rules) for n in names]
        match = Match(GAME, rules, simulate.game_seed(seed, index), computer_seats(names), agents)
        state = match.play_out()
        winners = state.winners()
        for s, n in enumerate(names):
            scores[n].append(state.scores()[s])
            if s in winners:
                wins += (n == "flat") / len(winners)
        if (index + 1) % 10 == 0 and index + 1 < games:
            print(f"  flat after {index + 1} games: {wins / (index + 1):.1%}", flush=True)
    share = wins / games
    low, high = harness.wilson(share, games)
    print(f"{f'flat vs {players - 1} {foe}':<22} {'flat':<7} {share:7.1%}  fair {1 / players:.0%}"
          f"  95% CI {low:.1%}-{high:.1%}  mean score {statistics.mean(scores['flat']):.1f} vs "
          f"{statistics.mean(scores[foe]):.1f}  ({games} games, {time.perf_counter() - start:.0f} s; "
          "local flat bot, 200 rollouts a decision)", flush=True)


def strength(rules: dict[str, Any], line: str, games: int, players: int, seed: int, jobs: int) -> None:
    hero, foe = LINES[line]
    if hero not in GAME.agent_kinds():
        if hero == "flat":
            flat_line(rules, games, players, seed, foe)
        else:
            print(f"{hero} vs {players - 1} {foe}: no `{hero}` kind on this branch")
        return
    lineup = [hero] + [foe] * (players - 1)
    plan = simulate.Plan(GAME.id, dict(rules), [], lineup, games, seed)
    results, wall = simulate.run(plan, jobs)
    s = simulate.summarise(plan, results, wall)
    share = s["agent_win_share"][hero]
    low, high = harness.wilson(share, s["games"])
    print(f"{f'{hero} vs {players - 1} {foe}':<22} {hero:<7} {share:7.1%}  fair {s['agent_fair_share'][hero]:.0%}"
          f"  95% CI {low:.1%}-{high:.1%}  mean score {s['agent_mean_score'][hero]:.1f} vs "
          f"{s['agent_mean_score'][foe]:.1f}  ({s['games']} games, {wall:.0f} s)", flush=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=400, help="games per strength line")
    p.add_argument("--health-games", type=int, default=50)
    p.add_argument("--lines", default="easy,mediums,random", help=f"of {','.join(LINES)}; '' for none")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--kind", default="medium", help="the kind whose table health is watched")
    args = p.parse_args()
    rules = load_ruleset(GAME).resolve([])
    if args.health_games:
        health(rules, args.health_games, args.players, args.seed, args.kind)
    lines = [x for x in args.lines.split(",") if x]
    unknown = [x for x in lines if x not in LINES]
    if unknown:
        p.error(f"--lines: no line {', '.join(map(repr, unknown))} (there are {', '.join(LINES)})")
    if lines:
        print(f"\n== Strength: {args.games} games a line, seats rotated, seed {args.seed} ==", flush=True)
    for line in lines:
        strength(rules, line, args.games, args.players, args.seed, args.jobs)


if __name__ == "__main__":
    main()
