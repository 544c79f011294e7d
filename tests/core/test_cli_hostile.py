"""Issue 25, the command line on hostile files: a house-rules file with a number of thousands
of digits, a record that says finished but stops early, a record of a game not installed —
each one line, exit 2, no traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_cli import assert_user_error, parlour


@pytest.mark.parametrize("key", ['? !!int "{digits}"\n  : 3', "? {digits}\n  : 3", 'target: !!int "{digits}"'])
def test_a_house_rules_number_of_5000_digits_is_one_line_with_file_and_line(tmp_path: Path, key: str) -> None:
    rules = tmp_path / "house.yaml"
    rules.write_text("game: sevens\nsettings:\n  " + key.format(digits="7" * 5000) + "\n")
    assert_user_error(parlour("simulate", "sevens", "--ruleset", str(rules), "--games", "1"),
                      f"{rules}:3: number too long (5000 characters)")


def _record(tmp_path: Path) -> tuple[Path, dict]:
    result = parlour("simulate", "sevens", "--games", "1", "--records", str(tmp_path))
    assert result.returncode == 0, result.stderr
    record = next(tmp_path.glob("*.json"))
    return record, json.loads(record.read_text())


def test_replay_refuses_a_record_marked_finished_whose_moves_stop_early(tmp_path: Path) -> None:
    record, data = _record(tmp_path)
    assert data["finished"] is True and len(data["actions"]) > 2
    data["actions"] = data["actions"][:2]
    data["scores"] = None  # nothing to compare: only the missing moves give it away
    record.write_text(json.dumps(data))
    assert_user_error(parlour("replay", str(record)),
                      f"{record}: the record says the game is finished, but its 2 moves stop before the end")
    data["finished"] = False  # an unfinished game's record, as it says: replayed as far as it goes
    record.write_text(json.dumps(data))
    result = parlour("replay", str(record))
    assert result.returncode == 0, result.stderr
    assert "2 actions replayed, unfinished" in result.stdout


def test_replay_of_a_game_not_installed_is_one_line(tmp_path: Path) -> None:
    record, data = _record(tmp_path)
    data["game"] = "whist\x1b[2J"
    record.write_text(json.dumps(data))
    assert_user_error(parlour("replay", str(record)),
                      f"{record}: a record of the game 'whist\\x1b[2J', which is not installed (see 'parlour list')")
