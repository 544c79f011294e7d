"""The command line, run as a user runs it: a subprocess of the installed package."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from parlour.core.simulate import wilson_interval

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def parlour(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full_env = {**os.environ, "PARLOUR_PLUGINS": "sevens:GAME", "PYTHONPATH": str(FIXTURES), **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "parlour", *args], capture_output=True, text=True, env=full_env, timeout=120,
        cwd=FIXTURES,  # not the checkout: run the installed package
    )


def assert_user_error(result: subprocess.CompletedProcess[str], *fragments: str) -> None:
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    for fragment in fragments:
        assert fragment in lines[0]


def test_help_answers_without_loading_textual() -> None:
    code = (
        "import sys, contextlib, io\n"
        "from parlour.cli import main\n"
        "for argv in (['--help'], ['list', '--json'], ['simulate', 'sevens', '--games', '2', '--json']):\n"
        "    with contextlib.redirect_stdout(io.StringIO()):\n"
        "        try: main(argv)\n"
        "        except SystemExit: pass\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))\n"
    )
    env = {**os.environ, "PARLOUR_PLUGINS": "sevens:GAME", "PYTHONPATH": str(FIXTURES)}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert result.stdout.strip() == "[]"
    help_text = parlour("--help").stdout
    for command in ("list", "rules", "simulate", "replay"):
        assert command in help_text


def test_list_json_shows_games_variants_and_broken_plugins() -> None:
    result = parlour("list", "--json", env={"PARLOUR_PLUGINS": "sevens:GAME,no_such_module:GAME"})
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    sevens = next(g for g in data["games"] if g["id"] == "sevens")
    assert sevens["title"] == "Sevens"
    assert (sevens["min_players"], sevens["max_players"]) == (2, 4)
    assert sevens["variants"] == {"no-discards": "Every card must be played face up.", "long": "Four cards each."}
    assert sevens["agents"] == ["high", "random"]
    broken = {b["name"]: b for b in data["broken"]}
    assert broken["no_such_module:GAME"]["error"].startswith("ModuleNotFoundError")


LEVELED = {"PARLOUR_PLUGINS": "leveled_sevens:GAME"}


def test_list_shows_each_computer_level_with_what_to_expect() -> None:
    data = json.loads(parlour("list", "--json", env=LEVELED).stdout)
    game = next(g for g in data["games"] if g["id"] == "sevens")
    assert game["levels"] == [
        {"name": "random", "about": ""},
        {"name": "high", "about": "plays its highest card, every time"},
        {"name": "deep", "about": "deep — wins about 4 in 10 games against three high players"},
    ]
    assert game["agents"] == ["deep", "high", "random"]
    result = parlour("list", env=LEVELED)
    assert result.returncode == 0, result.stderr
    text = result.stdout.splitlines()
    start = next(i for i, line in enumerate(text) if line.startswith("sevens "))
    end = next((i for i in range(start + 1, len(text)) if not text[i].startswith(" ")), len(text))
    lines = [line.strip() for line in text[start:end]]
    assert "computer players: random, high, deep" in lines
    assert "level high — plays its highest card, every time" in lines
    assert "level deep — wins about 4 in 10 games against three high players" in lines, \
        "a line that starts with the level's name does not repeat it"
    assert not any(line.startswith("level random") for line in lines), "a level with nothing to say says nothing"


ANOTHER_PLUGIN = {"PARLOUR_PLUGINS": "never_imported:GAME,sevens:GAME"}


def test_a_command_for_one_game_imports_no_other_plugin(tmp_path: Path) -> None:
    listed = parlour("list", "--json", env=ANOTHER_PLUGIN)
    assert "never_imported was imported" in listed.stderr, "the test plugin no longer shows its import"
    assert {b["name"] for b in json.loads(listed.stdout)["broken"]} == {"never_imported:GAME"}
    commands = [
        ("rules", "banque-fatale"),
        ("simulate", "banque-fatale", "--games", "1", "--records", str(tmp_path)),
        ("replay", str(tmp_path / "banque-fatale-00000.json")),
    ]
    for args in commands:
        result = parlour(*args, env=ANOTHER_PLUGIN)
        assert result.returncode == 0, result.stderr
        assert result.stderr == "", f"parlour {args[0]} imported another plugin"


def test_rules_prints_the_rules_text() -> None:
    result = parlour("rules", "sevens")
    assert result.returncode == 0
    assert "Play a card to the row" in result.stdout


def test_simulate_json_is_reproducible_and_rotates_seats() -> None:
    args = ("simulate", "sevens", "--agents", "high,random,random", "--games", "12", "--seed", "5", "--json")
    one = json.loads(parlour(*args).stdout)
    two = json.loads(parlour(*args, "--jobs", "2").stdout)
    assert one["games"] == two["games"]
    assert len(one["games"]) == 12
    assert [g["agents"].index("high") for g in one["games"][:3]] == [0, 1, 2]
    for game in one["games"]:
        assert set(game) == {"seed", "agents", "scores", "winners", "turns"}
        assert game["winners"] == [i for i, s in enumerate(game["scores"]) if s == max(game["scores"])]
    summary = one["summary"]
    assert summary["games"] == 12
    assert sum(summary["agent_win_share"].values()) == pytest.approx(1.0)
    assert summary["agent_fair_share"] == {"high": pytest.approx(1 / 3), "random": pytest.approx(2 / 3)}
    other_seed = json.loads(parlour(*args[:-2], "9", "--json").stdout)
    assert other_seed["games"] != one["games"]


def test_simulate_text_report() -> None:
    result = parlour("simulate", "sevens", "--players", "3", "--games", "5", "--variant", "no-discards")
    assert result.returncode == 0, result.stderr
    assert "win share" in result.stdout and "games/s" in result.stdout
    assert "variants: no-discards" in result.stdout
    assert "every seat: random" in result.stdout and "fair share" not in result.stdout  # no "random 100.0%"
    mixed = parlour("simulate", "sevens", "--players", "3", "--games", "5", "--agents", "random,high,random")
    assert "fair share" in mixed.stdout and "every seat" not in mixed.stdout


def test_simulate_gives_each_win_share_its_95_percent_wilson_interval() -> None:
    args = ("simulate", "sevens", "--agents", "high,random", "--games", "20", "--seed", "3")
    summary = json.loads(parlour(*args, "--json").stdout)["summary"]
    intervals = summary["agent_win_interval"]
    assert set(intervals) == {"high", "random"}
    for agent, share in summary["agent_win_share"].items():
        low, high = intervals[agent]
        assert 0.0 <= low < share < high <= 1.0 or share in (0.0, 1.0)
        expected = wilson_interval(share, 20)
        assert (low, high) == pytest.approx(expected)
    assert len(summary["seat_win_interval"]) == 2
    text = parlour(*args).stdout
    header = next(line for line in text.splitlines() if line.startswith("agent"))
    assert "95% interval" in header
    for agent, share in summary["agent_win_share"].items():
        low, high = intervals[agent]
        row = next(line for line in text.splitlines() if line.startswith(agent + " "))
        assert f"{share:.1%}" in row and f"{low:.1%}-{high:.1%}" in row


def test_the_wilson_interval_matches_known_values() -> None:
    # 12 wins of 40 games: the textbook Wilson interval is 0.181 to 0.454
    low, high = wilson_interval(12 / 40, 40)
    assert (round(low, 3), round(high, 3)) == (0.181, 0.454)
    assert wilson_interval(0.0, 10)[0] == 0.0 and wilson_interval(1.0, 10)[1] == 1.0
    assert wilson_interval(0.0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(0.0, 0) == (0.0, 1.0)


def test_simulate_takes_a_searching_level_with_a_number_of_simulations() -> None:
    result = parlour("simulate", "sevens", "--agents", "deep:5,random", "--games", "4", "--json", env=LEVELED)
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)["summary"]
    assert set(summary["agent_win_share"]) == {"deep:5", "random"}


def test_records_replay_to_the_same_scores(tmp_path: Path) -> None:
    sim = json.loads(parlour("simulate", "sevens", "--games", "3", "--records", str(tmp_path), "--json").stdout)
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 3
    for record, game in zip(records, sim["games"], strict=True):
        result = parlour("replay", str(record), "--json")
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout)["scores"] == game["scores"]
    text = parlour("replay", str(records[0]))
    assert "actions replayed, finished" in text.stdout


def test_tampered_record_is_refused(tmp_path: Path) -> None:
    parlour("simulate", "sevens", "--games", "1", "--records", str(tmp_path))
    record = next(tmp_path.glob("*.json"))
    data = json.loads(record.read_text())
    data["actions"][0] = "play 99"
    record.write_text(json.dumps(data))
    assert_user_error(parlour("replay", str(record)), "action 1 ('play 99') does not replay")
    record.write_text("{not json")
    assert_user_error(parlour("replay", str(record)), "not a valid record")
    assert_user_error(parlour("replay", str(tmp_path / "missing.json")), "missing.json: no such record file")


def test_a_record_of_another_game_version_is_one_line_error(tmp_path: Path) -> None:
    parlour("simulate", "sevens", "--games", "1", "--records", str(tmp_path))
    record = next(tmp_path.glob("*.json"))
    data = json.loads(record.read_text())
    assert data["game_version"] == 1
    data["game_version"] = 7
    record.write_text(json.dumps(data))
    assert_user_error(parlour("replay", str(record)), "a newer version of Sevens's rules (version 7; version 1")


def test_broken_house_rules_file_is_one_line_error(tmp_path: Path) -> None:
    rules = tmp_path / "house.yaml"
    rules.write_text("game: sevens\nsettings:\n  target: 7\n  copies: many\n")
    result = parlour("simulate", "sevens", "--ruleset", str(rules))
    assert_user_error(result, f"{rules}:4: settings.copies: expected a whole number, got str 'many'")


def test_house_rules_file_applies(tmp_path: Path) -> None:
    rules = tmp_path / "house.yaml"
    rules.write_text("game: sevens\nsettings:\n  hand_size: 1\n")
    data = json.loads(parlour("simulate", "sevens", "--ruleset", str(rules), "--games", "2", "--json").stdout)
    assert all(g["turns"] == 2 for g in data["games"])


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("simulate", "sevens", "--variant", "nope"), "variants: unknown variant 'nope' (known: no-discards, long)"),
        (("simulate", "chess"), "no game 'chess'"),
        (("simulate", "sevens", "--agents", "genius"), "no computer player 'genius'"),
        (("simulate", "sevens", "--players", "9"), "for 2 to 4 players, not 9"),
        (("simulate", "sevens", "--agents", "random,random", "--players", "3"), "2 agents for 3 players"),
        (("simulate", "sevens", "--games", "0"), "--games must be 1 to 10,000,000"),
        (("simulate", "sevens", "--games", "1" + "0" * 40), "--games must be 1 to 10,000,000"),
        (("simulate", "sevens", "--jobs", "100000"), "--jobs must be 1 to 64"),
        (("simulate", "sevens", "--seed", "9" * 400), "--seed must fit in 64 bits"),
        (("simulate", "sevens", "--time-limit", "nan"), "--time-limit must be above 0"),
        (("simulate", "sevens", "--time-limit", "-1"), "--time-limit must be above 0"),
        (("rules", "chess"), "no game 'chess'"),
        (("simulate", "sevens", "--players", "0"), "--players must be at least 1"),
        (("simulate", "sevens", "--games", "abc"), "argument --games: invalid int value: 'abc' (see 'parlour simulate --help')"),
        (("rules",), "the following arguments are required: game"),
        (("list", "--bogus"), "unrecognized arguments: --bogus"),
    ],
)
def test_user_errors_are_one_line_exit_2(args, fragment) -> None:
    assert_user_error(parlour(*args), fragment)


def test_unknown_variant_names_the_ruleset_file_and_line() -> None:
    result = parlour("simulate", "sevens", "--variant", "nope")
    assert "sevens/ruleset.yaml:9: variants:" in result.stderr


def test_a_closed_pipe_is_not_a_traceback() -> None:
    env = {**os.environ, "PARLOUR_PLUGINS": "sevens:GAME", "PYTHONPATH": str(FIXTURES)}
    result = subprocess.run(
        f"'{sys.executable}' -m parlour simulate sevens --games 3000 --json | head -c 10",
        shell=True, capture_output=True, text=True, env=env, cwd=FIXTURES, timeout=120,
    )
    assert result.stdout == '{\n "games"'
    assert "Traceback" not in result.stderr and "BrokenPipe" not in result.stderr


def test_parlour_rules_on_a_terminal_goes_through_the_pager(tmp_path: Path) -> None:
    """Issue 24: the whole rules text no longer scrolls past a terminal; $PAGER gets it."""
    paged = tmp_path / "paged.txt"
    main, child = os.openpty()
    try:
        done = subprocess.run([sys.executable, "-m", "parlour", "rules", "casablanca"], stdin=child, stdout=child,
                              stderr=subprocess.PIPE, timeout=120,
                              env={**os.environ, "PAGER": f"cat > {paged}", "TERM": "xterm"})
    finally:
        os.close(child)
        os.close(main)
    assert done.returncode == 0, done.stderr
    assert "Casablanca" in paged.read_text() and "pot" in paged.read_text()


def _broken_entry_point(folder: Path) -> dict[str, str]:
    """An installed distribution (its metadata only) whose entry point cannot be imported."""
    info = folder / "broken_game-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-game\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[parlour.games]\nbroken-game = no_such_module_here:GAME\n")
    return {"PYTHONPATH": os.pathsep.join([str(FIXTURES), str(folder)])}


@pytest.mark.parametrize("command", [("simulate",), ("rules",), ("schema",), ("rulesets",), ("play",)])
def test_a_plugin_that_fails_to_import_is_named_by_a_command_asking_for_a_game(command, tmp_path: Path) -> None:
    """Issue 25: ``parlour simulate x`` said "no game 'x'" when x's plugin failed to import."""
    result = parlour(*command, "my-game", env={"PARLOUR_PLUGINS": "sevens:GAME,no_such_module:GAME"})
    assert_user_error(result, "no game 'my-game'", "no_such_module:GAME",
                      "ModuleNotFoundError: No module named 'no_such_module'")
    result = parlour(*command, "broken-game", env=_broken_entry_point(tmp_path))
    assert_user_error(result, "game 'broken-game' is broken (plugin broken-game from broken-game): "
                              "ModuleNotFoundError: No module named 'no_such_module_here'")


def test_a_game_whose_plugin_cannot_deal_is_named_broken() -> None:
    result = parlour("simulate", "sevens", env={"PARLOUR_PLUGINS": "broken_plugins:CannotDeal"})
    assert_user_error(result, "game 'sevens' is broken (plugin broken_plugins:CannotDeal from PARLOUR_PLUGINS): "
                              "ZeroDivisionError: division by zero")


def test_rulesets_lists_the_broken_plugins_too(tmp_path: Path) -> None:
    env = _broken_entry_point(tmp_path)
    result = parlour("rulesets", env=env)
    assert result.returncode == 0, result.stderr
    assert "BROKEN broken-game (from broken-game): ModuleNotFoundError: No module named 'no_such_module_here'" \
        in result.stdout
    data = json.loads(parlour("rulesets", "--json", env=env).stdout)
    assert [b["name"] for b in data["broken_plugins"]] == ["broken-game"]


def test_a_records_folder_reads_as_a_dataset_without_parlour(tmp_path: Path) -> None:
    """Issue 28: beside the records, GAME.jsonl holds one line a game, in game order, naming
    its record; plain ``json`` reads both."""
    sim = json.loads(parlour("simulate", "sevens", "--games", "3", "--records", str(tmp_path), "--json").stdout)
    lines = [json.loads(line) for line in (tmp_path / "sevens.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [line["index"] for line in lines] == [0, 1, 2]
    assert [{key: line[key] for key in game} for line, game in zip(lines, sim["games"], strict=True)] == sim["games"]
    for line in lines:
        record = json.loads((tmp_path / line["record"]).read_text(encoding="utf-8"))
        assert (record["seed"], record["scores"]) == (line["seed"], line["scores"])
        assert len(record["actions"]) == line["turns"]
    again = parlour("simulate", "sevens", "--games", "3", "--records", str(tmp_path))
    assert_user_error(again, "already holds sevens-00000.json and 3 more")
