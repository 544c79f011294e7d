"""``parlour stats`` (issue 26): the ratings table and the last games, as text and JSON, from
the record in the data folder ($XDG_DATA_HOME, a temporary folder in tests)."""

from __future__ import annotations

import json
import sqlite3

from test_cli import assert_user_error, parlour

from parlour.core.ledger import Ledger, ledger_path
from parlour.core.record import HUMAN, Seat
from parlour.core.saves import data_dir


def fill() -> None:
    """Tess beats hard at Casablanca, then loses a Monte Carlo to Ann."""
    ledger, _ = Ledger.open(ledger_path(data_dir()))
    ledger.keep("casablanca", {}, ["fast"], [Seat("Tess", HUMAN), Seat("Hal", "hard")], [9.0, 3.0], [0],
                "casablanca-1.json", finished_at="2026-11-20T18:00:00Z")
    ledger.keep("monte-carlo", {}, [], [Seat("Tess", HUMAN), Seat("Ann", HUMAN)], [1.0, 6.0], [1],
                None, finished_at="2026-11-21T18:00:00Z")
    ledger.close()


def test_stats_prints_the_ratings_and_the_recent_games() -> None:
    fill()
    result = parlour("stats")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    rows = {tuple(line.split()[:2]): line.split() for line in lines if line.startswith("  casablanca ")
            or line.startswith("  monte-carlo ")}
    tess = rows[("casablanca", "Tess")]
    hard = rows[("casablanca", "hard")]
    assert hard[2] == "(computer)"
    # one game each: the people's ratings are provisional ("?"), the ladder's hard is not
    assert tess[2].endswith("?") and int(tess[2].removesuffix("?").replace(",", "")) > 1500 and tess[-2:] == ["1", "1"]
    assert not hard[3].endswith("?") and int(hard[3].replace(",", "")) > 0
    assert "  ? provisional: fewer than 5 games, so it still moves a lot" in lines
    # the digits of every rating end in one column, under the heading's, a provisional one's "?" after them
    heading = next(line for line in lines if line.startswith("  game "))
    assert heading[44:51] == " rating" and heading[51] == " "
    for line in lines:
        if line.startswith(("  casablanca ", "  monte-carlo ")):
            assert line[44:51].strip().replace(",", "").isdigit() and line[51] in "? ", line
    assert rows[("monte-carlo", "Ann")][-2:] == ["1", "1"] and rows[("monte-carlo", "Tess")][-2:] == ["1", "0"]
    recent = lines.index("Recent games (* won)")
    assert "monte-carlo" in lines[recent + 1] and "Ann 6*" in lines[recent + 1]  # the newest first
    assert "Tess 9*" in result.stdout and "Hal (hard) 3" in result.stdout
    assert "variants: fast; record: casablanca-1.json" in result.stdout


def test_stats_of_one_game_as_json() -> None:
    fill()
    result = parlour("stats", "casablanca", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["game"] == "casablanca" and data["database"] == str(ledger_path(data_dir()))
    # (the order is by rating: where hard stands after a loss depends on the shipped ladder)
    assert sorted((r["name"], r["computer"], r["games"], r["wins"]) for r in data["ratings"]) == [
        ("Tess", False, 1, 1), ("hard", True, 1, 0)]
    ratings = [r["rating"] for r in data["ratings"]]
    assert ratings == sorted(ratings, reverse=True)
    tess, hard = sorted(data["ratings"], key=lambda r: r["name"] != "Tess")
    assert tess["rating"] > 1500 and isinstance(hard["rating"], int)
    assert (tess["provisional"], hard["provisional"]) == (True, False)
    [game] = data["recent"]
    assert game["record"] == "casablanca-1.json" and game["variants"] == ["fast"]
    assert [s["rating_after"] - s["rating_before"] > 0 for s in game["seats"]] == [True, False]


def test_stats_after_five_games_shows_no_mark() -> None:
    ledger, _ = Ledger.open(ledger_path(data_dir()))
    for number in range(5):
        ledger.keep("monte-carlo", {}, [], [Seat("Tess", HUMAN), Seat("Ann", HUMAN)], [1.0, 6.0], [1],
                    f"mc-{number}.json")
    ledger.close()
    result = parlour("stats")
    assert result.returncode == 0, result.stderr
    rows = [line.split() for line in result.stdout.splitlines() if line.startswith("  monte-carlo ")]
    assert sorted(row[1] for row in rows) == ["Ann", "Tess"] and not any(row[2].endswith("?") for row in rows)
    assert "provisional" not in result.stdout
    assert [r["provisional"] for r in json.loads(parlour("stats", "--json").stdout)["ratings"]] == [False, False]


def test_stats_of_an_empty_record_says_so() -> None:
    result = parlour("stats")
    assert result.returncode == 0 and "No games in your record yet" in result.stdout


def test_stats_of_an_unknown_game_is_one_line_exit_2() -> None:
    assert_user_error(parlour("stats", "whist"), "whist")
    assert_user_error(parlour("stats", "--jsn"), "--jsn")


def test_stats_sets_a_corrupt_record_aside_in_one_line() -> None:
    path = ledger_path(data_dir())
    path.parent.mkdir(parents=True)
    path.write_text("this is no database\n" * 20)
    result = parlour("stats", "--json")
    assert result.returncode == 0
    assert json.loads(result.stdout)["ratings"] == []
    [line] = result.stderr.strip().splitlines()
    assert "record.sqlite3.corrupt" in line
    assert path.with_name("record.sqlite3.corrupt").read_text() == "this is no database\n" * 20


def test_stats_of_a_record_from_a_newer_parlour_is_one_line_exit_2() -> None:
    path = ledger_path(data_dir())
    Ledger.open(path)[0].close()
    db = sqlite3.connect(path)
    db.execute("UPDATE version SET version = 99")
    db.commit()
    db.close()
    assert_user_error(parlour("stats"), "newer Parlour")
