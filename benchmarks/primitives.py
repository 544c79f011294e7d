"""Search primitives and the match runner's overhead, per game, in one process on one core.

    python benchmarks/primitives.py               # about a minute
    python benchmarks/primitives.py --states 10 --games 400

For each game (4 players, default rules) it prints, over states taken after a third of a
random game (``--states`` of them, from different seeds):

- *clone*: microseconds for ``state.clone()``;
- *world*, *quiet world*: microseconds for ``state.sample_world(seat, rng)`` for the seat to
  move, and with ``quiet=True`` ("n/a" when the engine does not take ``quiet``);
- *step trusted*, *step apply*: microseconds a step of a random playout costs from a sampled
  (quiet, if it can be) world to the end, with ``apply_trusted`` and with ``apply`` (the
  legal actions, a uniform choice and the move: what a search rollout pays per step);
- *iter/s*: sketched search iterations a second: a quiet sampled world and a random rollout
  of at most 20 steps with ``apply_trusted`` (no tree, no evaluation: an upper bound on what a
  searching player built on these primitives can do; the issue asks 3,000 with its tree);
- *engine loop*, *runner*, *ratio*: decisions a second of the bare engine loop (as in
  ``harness.random_playouts``) and of the match runner (``simulate.run``, random agents, one
  process) over the same games, and runner / engine (the issue asks at least 0.5).

Times are this process's CPU time (``time.process_time``), which other processes on a shared
machine disturb less than the wall clock. Each figure is the best of three runs
(the engine loop and the runner take turns). It prints figures and asserts nothing; compare
the figures of one run.
"""

from __future__ import annotations

import argparse
import inspect
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's Parlour, not the installed one

from parlour.core import simulate  # noqa: E402
from parlour.core.game import Game, State  # noqa: E402
from parlour.core.registry import discover  # noqa: E402
from parlour.core.rulesets import load_ruleset  # noqa: E402

GAMES = ("banque-fatale", "monte-carlo", "casablanca")
#: the process's own CPU time: on a shared machine, less noisy than the wall clock
clock = time.process_time
#: every figure is the best of this many runs (the rest is other processes' noise)
RUNS = 3


def takes_quiet(state: State) -> bool:
    return "quiet" in inspect.signature(type(state).sample_world).parameters


def mid_game(game: Game, rules: dict[str, Any], players: int, seed: int) -> State:
    """The state after a third of a random game played from ``seed``."""
    probe = game.new_game(players, rules, seed)
    draw = random.Random(seed).random
    length = 0
    while probe.to_move is not None:
        legal = probe.legal_actions()
        probe.apply(legal[int(draw() * len(legal))])
        length += 1
    state = game.new_game(players, rules, seed)
    draw = random.Random(seed).random
    for _ in range(length // 3):
        legal = state.legal_actions()
        state.apply(legal[int(draw() * len(legal))])
    return state


def per_call(work: Callable[[], object], seconds: float) -> float:
    """Microseconds a call of ``work``: the best of three runs of about ``seconds / 3``."""
    best = float("inf")
    for _ in range(RUNS):
        calls, start = 0, clock()
        while True:
            for _ in range(20):
                work()
            calls += 20
            elapsed = clock() - start
            if elapsed >= seconds / RUNS:
                best = min(best, elapsed / calls * 1e6)
                break
    return best


def playout_step(states: list[State], trusted: bool, rounds: int) -> float:
    """Microseconds a step of random playouts from sampled worlds of ``states``."""
    steps, spent = 0, 0.0
    rng = random.Random(5)
    for _ in range(rounds):
        for state in states:
            seat = state.to_move
            assert seat is not None
            world = state.sample_world(seat, rng, quiet=True) if takes_quiet(state) else state.sample_world(seat, rng)
            draw = rng.random
            play = world.apply_trusted if trusted else world.apply
            start = clock()
            while world.to_move is not None:
                legal = world.legal_actions()
                play(legal[int(draw() * len(legal))])
                steps += 1
            spent += clock() - start
    return spent / steps * 1e6


def iterations(states: list[State], seconds: float, depth: int = 20) -> float:
    """Quiet world + a random rollout of at most ``depth`` steps, per second of CPU."""
    rng = random.Random(9)
    draw = rng.random
    count, start = 0, clock()
    while clock() - start < seconds:
        for state in states:
            seat = state.to_move
            assert seat is not None
            world = state.sample_world(seat, rng, quiet=True) if takes_quiet(state) else state.sample_world(seat, rng)
            for _ in range(depth):
                if world.to_move is None:
                    break
                legal = world.legal_actions()
                world.apply_trusted(legal[int(draw() * len(legal))])
            count += 1
    return count / (clock() - start)


def engine_loop(game: Game, rules: dict[str, Any], players: int, games: int, seed: int) -> float:
    """Decisions a second of bare random playouts (the loop of ``harness.random_playouts``)."""
    decisions = 0
    start = clock()
    for index in range(games):
        game_seed = simulate.game_seed(seed, index)
        state = game.new_game(players, rules, game_seed)
        draw = random.Random(game_seed).random
        while state.to_move is not None:
            legal = state.legal_actions()
            state.apply(legal[int(draw() * len(legal))])
            decisions += 1
    return decisions / (clock() - start)


def runner(game: Game, rules: dict[str, Any], players: int, games: int, seed: int) -> float:
    """Decisions a second of the match runner: ``simulate.run`` with random agents."""
    plan = simulate.Plan(game.id, rules, [], ["random"] * players, games, seed)
    start = clock()
    results, _ = simulate.run(plan, 1)
    return sum(r.turns for r in results) / (clock() - start)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--states", type=int, default=6, help="mid-game states per game (%(default)s)")
    p.add_argument("--seconds", type=float, default=0.4, help="time per primitive and state (%(default)s)")
    p.add_argument("--games", type=int, default=300, help="games for the engine loop and the runner (%(default)s)")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    registry = discover()
    print(f"{'game':<14} {'clone':>7} {'world':>7} {'quiet':>7} {'trusted':>8} {'apply':>7} {'iter/s':>7}"
          f" {'engine/s':>9} {'runner/s':>9} {'ratio':>6}")
    print(f"{'':<14} {'µs':>7} {'µs':>7} {'µs':>7} {'µs/step':>8} {'µs/step':>7} {'':>7}")
    for game_id in GAMES:
        game = registry.get(game_id)
        rules = load_ruleset(game).resolve()
        n = args.players
        states = [mid_game(game, rules, n, args.seed + k) for k in range(args.states)]
        rng = random.Random(3)
        quiet = takes_quiet(states[0])
        clone = world = quiet_world = 0.0
        for state in states:
            seat = state.to_move
            assert seat is not None
            clone += per_call(state.clone, args.seconds)
            world += per_call(lambda: state.sample_world(seat, rng), args.seconds)
            if quiet:
                quiet_world += per_call(lambda: state.sample_world(seat, rng, quiet=True), args.seconds)
        k = len(states)
        rounds = max(1, 20 // k)
        trusted = min(playout_step(states, True, rounds) for _ in range(RUNS))
        checked = min(playout_step(states, False, rounds) for _ in range(RUNS))
        sketch = max(iterations(states, args.seconds) for _ in range(RUNS))
        engine_loop(game, rules, n, 20, args.seed)  # warm up
        runner(game, rules, n, 2, args.seed + 1)  # warm up: the game discovery is no per-decision cost
        engine = run = 0.0
        for _ in range(RUNS):
            engine = max(engine, engine_loop(game, rules, n, args.games // RUNS, args.seed))
            run = max(run, runner(game, rules, n, args.games // RUNS, args.seed))
        quiet_text = f"{quiet_world / k:7.1f}" if quiet else f"{'n/a':>7}"
        print(f"{game_id:<14} {clone / k:7.1f} {world / k:7.1f} {quiet_text} {trusted:8.2f} {checked:7.2f} {sketch:7.0f}"
              f" {engine:9.0f} {run:9.0f} {run / engine:6.2f}", flush=True)


if __name__ == "__main__":
    main()
