"""Issue 16, plugins fail alone: a game or a computer player whose own code raises, chooses a
move that is not legal, never decides, or never finishes importing ends as one line that names
it (exit 2 in the command line); nothing hangs and the program goes on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import faulty_sevens
from parlour.core.game import PluginError
from parlour.core.match import Match
from parlour.core.record import Seat
from parlour.core.registry import Plugin, Registry
from parlour.core.rulesets import load_ruleset

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def parlour(*args: str, plugins: str = "faulty_sevens:GAME") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PARLOUR_PLUGINS": plugins, "PYTHONPATH": str(FIXTURES)}
    return subprocess.run([sys.executable, "-m", "parlour", *args], capture_output=True, text=True, env=env,
                          timeout=120, cwd=FIXTURES)


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert "\x1b" not in lines[0]
    return lines[0]


@pytest.mark.parametrize(
    ("agent", "fragment"),
    [
        ("raises", "the computer player 'raises' in seat 2 of Faulty Sevens failed: RuntimeError: "
                   "the agent fell over \\x1b[31m"),
        ("cheats", "the computer player 'cheats' in seat 2 of Faulty Sevens chose 'play 99', which is not a legal move"),
        ("babbles", "chose a str, which is not a legal move: a str is not an action"),
        ("exits", "the computer player 'exits' in seat 2 of Faulty Sevens failed: SystemExit: 3"),
    ],
)
def test_a_faulty_computer_player_is_one_line_in_simulate(agent: str, fragment: str) -> None:
    assert fragment in one_line_error(parlour("simulate", "faulty-sevens", "--agents", f"random,{agent}",
                                              "--games", "2"))


def test_a_player_that_never_decides_is_stopped_by_the_time_limit() -> None:
    line = one_line_error(parlour("simulate", "faulty-sevens", "--agents", "random,stalls", "--games", "6",
                                  "--jobs", "2", "--time-limit", "0.05"))
    assert line.endswith("the computer player 'stalls' in seat 2 of Faulty Sevens took longer than 0.05 s to decide")


def test_game_code_that_fails_is_one_line() -> None:
    line = one_line_error(parlour("simulate", "faulty-moves", "--games", "2", plugins="faulty_sevens:MOVES"))
    assert line == "parlour: Faulty Moves failed to list seat 2's moves: KeyError: 'no such hand'"
    line = one_line_error(parlour("rules", "faulty-rules", plugins="faulty_sevens:RULES"))
    assert line.startswith("parlour: Faulty Rules failed to give its rules: UnicodeDecodeError")


def test_a_plugin_that_interrupts_or_exits_while_importing_is_broken_not_fatal() -> None:
    result = parlour("list", "--json", plugins="interrupting_plugin:GAME,exiting_plugin:GAME,sevens:GAME")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert "sevens" in [g["id"] for g in data["games"]]
    assert {b["name"]: b["error"] for b in data["broken"]} == {
        "interrupting_plugin:GAME": "KeyboardInterrupt", "exiting_plugin:GAME": "SystemExit: 5"}


def test_a_plugin_whose_import_never_ends_is_given_up_on() -> None:
    """The load time limit is the registry's (30 s by default); here it is none at all, so the
    test waits on nothing: the import blocks on an event nobody sets."""
    import pkgutil

    registry = Registry([Plugin("never", "test", lambda: pkgutil.resolve_name("never_loads:GAME"))], load_seconds=0)
    assert registry.games == {}
    assert registry.broken[0].error == "did not finish loading within 0 s (an import that never ends?)"


def test_the_runner_reports_and_does_not_apply_an_illegal_choice() -> None:
    game = faulty_sevens.GAME
    rules = load_ruleset(game).defaults
    seats = [Seat("A", "random"), Seat("B", "cheats")]
    agents = [game.agent_kinds()["random"](rules), game.agent_kinds()["cheats"](rules)]
    match = Match(game, rules, 5, seats, agents)
    match.step()
    before = (match.moves, match.state.view(None))
    with pytest.raises(PluginError, match="chose 'play 99', which is not a legal move"):
        match.step()
    assert (match.moves, match.state.view(None)) == before, "nothing of the illegal choice was played"


def test_a_time_limit_of_zero_stops_a_stalling_player_at_once() -> None:
    game = faulty_sevens.GAME
    rules = load_ruleset(game).defaults
    seats = [Seat("A", "stalls"), Seat("B", "random")]
    agents = [game.agent_kinds()["stalls"](rules), game.agent_kinds()["random"](rules)]
    match = Match(game, rules, 5, seats, agents, time_limit=0.0)
    with pytest.raises(PluginError, match="'stalls' in seat 1 of Faulty Sevens took longer than 0 s to decide"):
        match.ask()
    assert match.moves == 0


def test_simulate_never_writes_over_a_record(tmp_path: Path) -> None:
    first = parlour("simulate", "sevens", "--games", "2", "--records", str(tmp_path), plugins="sevens:GAME")
    assert first.returncode == 0, first.stderr
    before = {p.name: p.read_bytes() for p in tmp_path.glob("*.json")}
    assert len(before) == 2
    line = one_line_error(parlour("simulate", "sevens", "--games", "3", "--records", str(tmp_path),
                                  plugins="sevens:GAME"))
    # the two records and the index, sevens.jsonl
    assert "already holds sevens-00000.json and 2 more; records are never written over" in line
    assert {p.name: p.read_bytes() for p in tmp_path.glob("*.json")} == before
    a_file = tmp_path / "sevens-00000.json"
    assert "--records needs a folder, and this is a file" in one_line_error(
        parlour("simulate", "sevens", "--records", str(a_file), plugins="sevens:GAME"))


def test_a_record_saved_without_replace_never_replaces(tmp_path: Path) -> None:
    from parlour.core.record import Record

    path = tmp_path / "r.json"
    path.write_text("mine")
    record = Record("sevens", {}, 1, [Seat("A", "random"), Seat("B", "random")])
    with pytest.raises(FileExistsError):
        record.save(path, replace=False)
    assert path.read_text() == "mine" and list(tmp_path.iterdir()) == [path], "no temporary file left behind"
