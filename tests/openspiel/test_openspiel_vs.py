"""The equal-time calibration of ``benchmarks/openspiel_vs.py``, on made-up costs (no timing:
the measuring function is a formula, so the test does not depend on the machine's speed)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture(scope="module")
def openspiel_vs():
    sys.path.insert(0, str(BENCHMARKS))  # for its ``import harness``
    try:
        spec = importlib.util.spec_from_file_location("openspiel_vs", BENCHMARKS / "openspiel_vs.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.path.remove(str(BENCHMARKS))


def test_a_cost_growing_faster_than_the_count_is_found_by_measuring_where_it_plays(openspiel_vs) -> None:
    # hard's searched decision: 1 ms at 200 simulations, growing as n ** 1.4; ISMCTS's: 0.35 s
    def measure(n: int) -> tuple[float, float]:
        return 0.001 * (n / 200) ** 1.4, 0.35

    count, tried = openspiel_vs.calibrate(measure, 200)
    assert tried[0][0] == 200  # it starts where the other lines play
    assert tried[1][0] == 70_000  # scaling once: 350 times the simulations ...
    assert tried[1][1] > 5 * 0.35  # ... which cost far more than ISMCTS's time
    assert abs(measure(count)[0] / 0.35 - 1) <= 0.1  # the count it settles on costs the same
    assert count == tried[-1][0] and len(tried) <= 6


def test_it_stops_at_once_when_the_first_count_already_costs_the_same(openspiel_vs) -> None:
    count, tried = openspiel_vs.calibrate(lambda n: (0.33, 0.35), 200)
    assert (count, len(tried)) == (200, 1)


def test_noisy_costs_that_never_settle_give_the_nearest_count_tried(openspiel_vs) -> None:
    costs = iter([(0.1, 0.35), (0.9, 0.35), (0.2, 0.35), (0.5, 0.35), (0.25, 0.35), (0.42, 0.35)])
    count, tried = openspiel_vs.calibrate(lambda n: next(costs), 200)
    assert len(tried) == 6
    assert count == min(tried, key=lambda t: abs(t[1] - t[2]) / t[2])[0]
    assert all(1 <= n <= 1_000_000 for n, _, _ in tried)


@pytest.mark.parametrize("game_id", ["banque-fatale", "monte-carlo", "casablanca"])
def test_the_time_line_plays_hard_with_the_games_knowledge_and_plain_plays_without(openspiel_vs, game_id) -> None:
    # the time line once played the searcher without knowledge at the count calibrated for hard
    from parlour.core.registry import discover
    from parlour.core.search import Knowledge

    registry = discover()
    game, rules = registry.get(game_id), registry.ruleset(game_id).resolve()
    hard_knowledge = type(game.search_knowledge(rules))
    assert hard_knowledge is not Knowledge
    for line, knowledge, count in (("hard", hard_knowledge, 200), ("time", hard_knowledge, 2705),
                                   ("plain", Knowledge, 200)):
        agent = openspiel_vs._agent("ours", line, game, rules, count)
        assert type(agent.knowledge) is knowledge and agent.budget.iterations == count
