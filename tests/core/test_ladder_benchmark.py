"""The ladder benchmark (issue 26) goes on from the results it kept: the games of a run that
stopped and went on are the games of one run straight through, none twice."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "ladder.py"


@pytest.fixture
def ladder(monkeypatch: pytest.MonkeyPatch):
    spec = importlib.util.spec_from_file_location("ladder_under_test", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "ladder_under_test", module)
    spec.loader.exec_module(module)

    def run(plan, jobs=1, *args, **kwargs):  # each game told apart by its seed, as simulate plays it
        games = []
        for i in range(plan.games):
            seed = module.simulate.game_seed(plan.seed, i)
            agents = plan.agents[i % len(plan.agents):] + plan.agents[:i % len(plan.agents)]
            games.append(SimpleNamespace(seed=seed, agents=agents, scores=[float(seed % 7), 1.0, 2.0, 3.0], winners=[3]))
        return games, 0.0

    monkeypatch.setattr(module.simulate, "run", run)
    return module


@pytest.mark.parametrize("first", [4, 6, 9])
def test_a_run_that_goes_on_plays_the_games_of_one_run_straight_through(ladder, tmp_path: Path, first: int) -> None:
    levels = ["random", "easy", "medium", "hard"]
    straight: dict = {}
    ladder.play(["banque-fatale"], levels, 10, 1, 1, tmp_path / "straight.json", straight)
    stopped: dict = {}
    ladder.play(["banque-fatale"], levels, first, 1, 1, tmp_path / "stopped.json", stopped)
    kept = json.loads((tmp_path / "stopped.json").read_text())["games"]
    assert len(kept["banque-fatale"]) == first
    ladder.play(["banque-fatale"], levels, 10, 1, 1, tmp_path / "stopped.json", kept)
    went_on = json.loads((tmp_path / "stopped.json").read_text())["games"]["banque-fatale"]
    seeds = [g["seed"] for g in went_on]
    assert len(set(seeds)) == len(seeds) == 10
    assert went_on == straight["banque-fatale"]


def test_a_game_is_one_outcome_of_a_pairing_however_many_seats_it_had(ladder) -> None:
    """At a table of random, easy and two medium, random finishing ahead of each medium is two
    outcomes of one game: counted as two, 200 games gave an interval as narrow as 400 do. Each
    game counts once a pairing, its outcome the share of its pairs."""
    games = [{"agents": ["random", "medium", "easy", "medium"], "scores": [3.0, 4.0, 1.0, 2.0], "winners": [1]},
             {"agents": ["medium", "random", "medium", "easy"], "scores": [5.0, 1.0, 4.0, 0.0], "winners": [0]}]
    tally = ladder.pair_outcomes(games)
    assert tally[("medium", "random")] == (2, 0.5 + 1.0)  # ahead of one of two, then of both
    assert tally[("easy", "random")] == (2, 0.0 + 0.0)
    assert tally[("easy", "medium")] == (2, 0.0 + 0.0)
