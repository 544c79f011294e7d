"""How many simulations a second the searching player runs, per game, mid-game.

    python benchmarks/search_speed.py                  # every built-in game, 4 players
    python benchmarks/search_speed.py --iterations 3000 --positions 5

For each game it walks a few random games to positions about a third of the way in and
times ``SearchAgent`` deciding there with an iteration budget, in three modes:
  - cut20:   rollouts cut off after 20 steps, valued from the running scores
             (a Knowledge with rollout_depth=20 and that evaluate, no other hook);
  - random:  uniform random rollouts to the end of the game (no knowledge at all);
  - game:    the game's own search knowledge (``Game.search_knowledge``), as ``hard`` plays.
Worlds are drawn quiet when the engine offers it. It prints figures and asserts nothing;
run it on one core (timings on a shared machine are noisy: compare modes within one run).
"""

from __future__ import annotations

import argparse
import inspect
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from parlour.core.agents import Budget  # noqa: E402
from parlour.core.game import Game, State  # noqa: E402
from parlour.core.registry import discover  # noqa: E402
from parlour.core.search import Knowledge, SearchAgent  # noqa: E402

GAMES = ("banque-fatale", "monte-carlo", "casablanca")


class RunningScores(Knowledge):
    """Rollouts of 20 steps, valued as if the game ended with the running scores."""

    rollout_depth = 20

    def evaluate(self, world: State) -> Sequence[float] | None:
        return self.result(world)


def positions(game: Game, players: int, count: int, seed: int) -> list[State]:
    """``count`` states about a third of the way into random games, each with a real choice."""
    rules = discover().rulesets[game.id].resolve()
    found: list[State] = []
    for n in range(count):
        rng = random.Random(seed + n)
        length = 0
        state = game.new_game(players, rules, seed + n)
        while not state.is_over:  # how long is such a game?
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            length += 1
        rng = random.Random(seed + n)
        state = game.new_game(players, rules, seed + n)
        for _ in range(length // 3):
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        while len(state.legal_actions()) < 2:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        found.append(state)
    return found


def sampler(state: State, seat: int) -> Callable[[random.Random], State]:
    if "quiet" in inspect.signature(state.sample_world).parameters:
        return lambda rng: state.sample_world(seat, rng, quiet=True)
    return lambda rng: state.sample_world(seat, rng)


def rate(knowledge: Knowledge, states: list[State], iterations: int) -> tuple[float, float]:
    """Simulations a second over all ``states``, and the mean seconds a decision."""
    done = 0
    spent = 0.0
    for n, state in enumerate(states):
        seat = state.to_move
        assert seat is not None
        agent = SearchAgent(knowledge, Budget(iterations=iterations))
        start = time.perf_counter()
        agent.choose(state.view(seat), state.legal_actions(), random.Random(n), worlds=sampler(state, seat))
        spent += time.perf_counter() - start
        done += agent.last_iterations
    return done / spent, spent / len(states)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--positions", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    registry = discover()
    print(f"SearchAgent simulations per second, {args.players} players, {args.positions} mid-game positions, "
          f"{args.iterations} simulations each")
    print(f"{'game':<16}{'mode':<8}{'sims/s':>10}{'s/decision':>12}")
    for game_id in args.games:
        game = registry.get(game_id)
        states = positions(game, args.players, args.positions, args.seed)
        rules = registry.rulesets[game.id].resolve()
        modes = {"cut20": RunningScores(), "random": Knowledge(), "game": game.search_knowledge(rules)}
        for mode, knowledge in modes.items():
            sims, seconds = rate(knowledge, states, args.iterations)
            print(f"{game_id:<16}{mode:<8}{sims:>10,.0f}{seconds:>12.3f}", flush=True)


if __name__ == "__main__":
    main()
