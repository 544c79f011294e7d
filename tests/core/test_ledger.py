"""Your record (issue 26): the database of finished games, its migrations, a broken file set
aside, and the ratings each game moves."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from parlour.core.i18n import in_language
from parlour.core.ledger import MIGRATIONS, VERSION, Ledger, LedgerProblem, ledger_path, provisional_note
from parlour.core.ratings import (
    PROVISIONAL_GAMES, START_SIGMA, Skill, ladder_skill, provisional, ranks, rate, shown, signed,
)
from parlour.core.record import HUMAN, Seat

TESS, ANN = Seat("Tess", HUMAN), Seat("Ann", HUMAN)


def opened(path: Path) -> Ledger:
    ledger, note = Ledger.open(path)
    assert note is None
    return ledger


def test_a_new_record_is_made_at_the_current_version_readable_by_this_user_only(tmp_path: Path) -> None:
    path = ledger_path(tmp_path / "parlour")
    ledger = opened(path)
    assert ledger.db.execute("SELECT version FROM version").fetchall() == [(VERSION,)]
    assert path.stat().st_mode & 0o077 == 0
    ledger.close()


def test_the_winner_goes_up_and_the_loser_down(tmp_path: Path) -> None:
    ledger = opened(tmp_path / "r.sqlite3")
    kept = ledger.keep("casablanca", {"rounds": 3}, [], [TESS, ANN], [2.0, 7.0], [1], "g1.json")
    assert kept is not None
    tess, ann = kept.changes
    assert (tess.who, ann.who) == ("Tess", "Ann")
    assert tess.before.shown == ann.before.shown == 1500
    assert ann.change > 0 > tess.change
    assert ann.after.mu > ann.before.mu and tess.after.mu < tess.before.mu
    # a first game: both ratings are provisional
    assert kept.line() == f"Tess {tess.after.shown:,}?, \u2212{-tess.change}   Ann {ann.after.shown:,}?, +{ann.change}"
    # the next game starts from where the last one left them
    again = ledger.keep("casablanca", {"rounds": 3}, [], [TESS, ANN], [9.0, 1.0], [0], "g2.json")
    assert again is not None and again.changes[0].before == tess.after
    ledger.close()


def test_a_computer_level_is_rated_as_its_level_from_the_ladder(tmp_path: Path) -> None:
    ledger = opened(tmp_path / "r.sqlite3")
    kept = ledger.keep("banque-fatale", {}, [], [TESS, Seat("Bea", "hard"), Seat("Cyd", "easy")],
                       [5.0, 3.0, 1.0], [0], "g.json")
    assert kept is not None
    assert [(c.who, c.computer) for c in kept.changes] == [("Tess", False), ("hard", True), ("easy", True)]
    assert kept.changes[1].before == ladder_skill("banque-fatale", "hard")
    assert kept.changes[2].before == ladder_skill("banque-fatale", "easy")
    tess = next(s for s in ledger.standings("banque-fatale") if s.who == "Tess")
    assert (tess.games, tess.wins, tess.computer) == (1, 1, False)
    ledger.close()


def test_a_level_in_two_seats_is_one_player_with_two_games(tmp_path: Path) -> None:
    ledger = opened(tmp_path / "r.sqlite3")
    kept = ledger.keep("casablanca", {}, [], [TESS, Seat("M1", "medium"), Seat("M2", "medium")],
                       [1.0, 5.0, 0.0], [1], "g.json")
    assert kept is not None and [c.who for c in kept.changes] == ["Tess", "medium"]
    medium = next(s for s in ledger.standings() if s.who == "medium")
    assert (medium.games, medium.wins) == (2, 1)
    ledger.close()


def test_a_game_without_a_person_is_not_kept_and_a_record_is_counted_once(tmp_path: Path) -> None:
    ledger = opened(tmp_path / "r.sqlite3")
    assert ledger.keep("casablanca", {}, [], [Seat("A", "hard"), Seat("B", "easy")], [1.0, 0.0], [0], "c.json") is None
    first = ledger.keep("casablanca", {}, [], [TESS, ANN], [1.0, 0.0], [0], "same.json")
    second = ledger.keep("casablanca", {}, [], [TESS, ANN], [1.0, 0.0], [0], "same.json")
    assert first == second
    assert [s.games for s in ledger.standings()] == [1, 1]
    assert len(ledger.recent()) == 1
    ledger.close()


def test_a_rating_is_provisional_until_its_fifth_game(tmp_path: Path) -> None:
    """A new player's first games move him a lot (the model is unsure of him): until his
    fifth game of that game his rating is shown with a "?"."""
    ledger = opened(tmp_path / "r.sqlite3")
    assert PROVISIONAL_GAMES == 5
    for number in range(1, 7):
        kept = ledger.keep("casablanca", {}, [], [TESS, ANN], [2.0, 7.0], [number % 2], f"g{number}.json")
        assert kept is not None
        tess, ann = kept.changes
        assert (tess.games, ann.games) == (number, number)
        assert tess.provisional is ann.provisional is (number < 5), number
        assert kept.provisional is (number < 5)
        mark = "?" if number < 5 else ""
        assert tess.text() == f"Tess {tess.after.shown:,}{mark}, {signed(tess.change, tess.after.mu - tess.before.mu)}"
        standing = next(s for s in ledger.standings("casablanca") if s.who == "Tess")
        assert standing.games == number and standing.provisional is (number < 5)
        assert standing.rating() == f"{standing.skill.shown:,}{mark}"
        data = standing.to_json()
        assert data["provisional"] is (number < 5) and data["rating"] == standing.skill.shown
        assert isinstance(data["rating"], int)
    ledger.close()


def test_a_player_new_at_another_game_is_provisional_there_only(tmp_path: Path) -> None:
    ledger = opened(tmp_path / "r.sqlite3")
    for number in range(5):
        ledger.keep("casablanca", {}, [], [TESS, ANN], [2.0, 7.0], [1], f"c{number}.json")
    kept = ledger.keep("monte-carlo", {}, [], [TESS, ANN], [2.0, 7.0], [1], "m.json")
    assert kept is not None and [(c.games, c.provisional) for c in kept.changes] == [(1, True), (1, True)]
    assert {(s.game, s.who): s.provisional for s in ledger.standings()} == {
        ("casablanca", "Tess"): False, ("casablanca", "Ann"): False,
        ("monte-carlo", "Tess"): True, ("monte-carlo", "Ann"): True}
    ledger.close()


def test_a_computer_level_the_ladder_measured_is_never_provisional(tmp_path: Path) -> None:
    """Its start is measured (``ladder.json``), not guessed: its first game is no surprise. A
    level the ladder has not measured starts as someone new, and is provisional as he is."""
    ledger = opened(tmp_path / "r.sqlite3")
    kept = ledger.keep("banque-fatale", {}, [], [TESS, Seat("Bea", "hard"), Seat("Zed", "unmeasured")],
                       [5.0, 3.0, 1.0], [0], "g.json")
    assert kept is not None
    tess, hard, other = kept.changes
    assert (hard.who, hard.computer, hard.games, hard.provisional) == ("hard", True, 1, False)
    assert hard.text() == f"hard {hard.after.shown:,}, {signed(hard.change, hard.after.mu - hard.before.mu)}"
    assert tess.provisional and other.provisional and other.text().startswith(f"unmeasured {other.after.shown:,}?, ")
    standings = {s.who: s for s in ledger.standings()}
    assert not standings["hard"].provisional and standings["hard"].to_json()["provisional"] is False
    assert standings["unmeasured"].provisional
    ledger.close()
    ladder = {"games": {"g": {"levels": {"hard": {"mu": 30.0, "sigma": 2.0}}}}}
    assert not provisional("g", "hard", True, 0, ladder)
    assert provisional("g", "easy", True, 4, ladder) and not provisional("g", "easy", True, 5, ladder)
    assert provisional("g", "hard", False, 4, ladder), "a person called hard is a person"


def test_a_level_in_two_seats_counts_two_games_towards_its_five(tmp_path: Path) -> None:
    ledger = opened(tmp_path / "r.sqlite3")
    for number in (1, 2, 3):
        kept = ledger.keep("casablanca", {}, [], [TESS, Seat("Z1", "zed"), Seat("Z2", "zed")], [1.0, 5.0, 0.0],
                           [1], f"g{number}.json")
        assert kept is not None
        assert [(c.who, c.games) for c in kept.changes] == [("Tess", number), ("zed", 2 * number)]
        assert [c.provisional for c in kept.changes] == [True, number < 3]
    assert next(s for s in ledger.standings() if s.who == "zed").games == 6
    ledger.close()


def test_a_game_kept_again_says_the_count_after_it_not_the_latest(tmp_path: Path) -> None:
    """Its ratings are the ones after it, and so is whether they were provisional."""
    ledger = opened(tmp_path / "r.sqlite3")
    first = ledger.keep("casablanca", {}, [], [TESS, ANN], [1.0, 0.0], [0], "g1.json")
    for number in range(2, 7):
        ledger.keep("casablanca", {}, [], [TESS, ANN], [1.0, 0.0], [0], f"g{number}.json")
    again = ledger.keep("casablanca", {}, [], [TESS, ANN], [1.0, 0.0], [0], "g1.json")
    assert again == first and again is not None
    assert [(c.games, c.provisional) for c in again.changes] == [(1, True), (1, True)]
    assert [s.games for s in ledger.standings()] == [6, 6]
    ledger.close()


@pytest.mark.parametrize(("lang", "words"), [("en", "? provisional: fewer than 5 games"),
                                             ("de", "? vorläufig: weniger als 5 Spiele"),
                                             ("fr", "? provisoire\u00a0: moins de 5 parties")])
def test_the_mark_is_explained_in_each_language(lang: str, words: str) -> None:
    with in_language(lang):
        assert provisional_note().startswith(words)


def test_recent_games_keep_the_variants_rules_and_the_record_name(tmp_path: Path) -> None:
    ledger = opened(tmp_path / "r.sqlite3")
    ledger.keep("monte-carlo", {"matches": 1}, ["short"], [TESS, Seat("Hal", "hard")], [4.0, 4.0], [0, 1],
                "mc.json", finished_at="2026-11-25T10:00:00Z")
    [played] = ledger.recent()
    assert (played.game, played.variants, played.record, played.finished_at) == (
        "monte-carlo", ["short"], "mc.json", "2026-11-25T10:00:00Z")
    assert [(s["name"], s["agent"], s["score"], s["winner"]) for s in played.seats] == [
        ("Tess", HUMAN, 4.0, True), ("Hal", "hard", 4.0, True)]
    assert ledger.db.execute("SELECT rules FROM games").fetchone() == ('{"matches": 1}',)
    ledger.close()


def version_one(path: Path) -> None:
    """A record as the first format wrote it, built by hand: two games, no ratings."""
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE version (version INTEGER NOT NULL);
        INSERT INTO version VALUES (1);
        CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, finished_at TEXT NOT NULL,
                            rules TEXT NOT NULL, variants TEXT NOT NULL, record TEXT UNIQUE);
        CREATE TABLE seats (game_id INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
                            name TEXT NOT NULL, agent TEXT NOT NULL, score REAL NOT NULL,
                            winner INTEGER NOT NULL, PRIMARY KEY (game_id, seat));
        INSERT INTO games VALUES (1, 'casablanca', '2026-01-02T10:00:00Z', '{}', '[]', 'old-1.json');
        INSERT INTO seats VALUES (1, 0, 'Tess', 'human', 9, 1), (1, 1, 'Ann', 'human', 2, 0);
        INSERT INTO games VALUES (2, 'casablanca', '2026-01-03T10:00:00Z', '{}', '["fast"]', NULL);
        INSERT INTO seats VALUES (2, 0, 'Tess', 'human', 8, 1), (2, 1, 'Ann', 'human', 1, 0);
    """)
    db.commit()
    db.close()


def test_a_version_one_record_is_upgraded_keeping_every_game_and_rating_them(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    version_one(path)
    ledger = opened(path)
    assert ledger.db.execute("SELECT version FROM version").fetchall() == [(VERSION,)]
    played = ledger.recent()
    assert [(p.finished_at, p.record, p.variants) for p in played] == [
        ("2026-01-03T10:00:00Z", None, ["fast"]), ("2026-01-02T10:00:00Z", "old-1.json", [])]
    tess, ann = ledger.standings("casablanca")
    assert (tess.who, tess.games, tess.wins) == ("Tess", 2, 2)
    assert (ann.who, ann.games, ann.wins) == ("Ann", 2, 0)
    assert tess.skill.shown > 1500 > ann.skill.shown
    assert tess.provisional and tess.to_json()["provisional"] is True  # two games
    # the old games were rated in the order they were played: the second starts from the first
    first, second = played[1].seats[0], played[0].seats[0]
    assert first["rating_before"] == 1500 and second["rating_before"] == first["rating_after"]
    ledger.close()


def test_each_migration_step_makes_the_next_version(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "steps.sqlite3", isolation_level=None)
    for number, step in enumerate(MIGRATIONS, start=1):
        step(db)
        db.execute("UPDATE version SET version = ?", (number,))
    assert db.execute("SELECT version FROM version").fetchone() == (len(MIGRATIONS),)
    db.close()


@pytest.mark.parametrize("content", [b"not a database at all\n" * 50, b"SQLite format 3\x00" + b"\xff" * 4000],
                         ids=["text", "damaged"])
def test_a_corrupt_file_is_set_aside_and_a_new_record_started(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "record.sqlite3"
    path.write_bytes(content)
    ledger, note = Ledger.open(path)
    assert note is not None and "\n" not in note and "record.sqlite3.corrupt" in note
    assert (tmp_path / "record.sqlite3.corrupt").read_bytes() == content
    assert ledger.keep("casablanca", {}, [], [TESS, ANN], [1.0, 0.0], [0]) is not None
    ledger.close()
    path.write_bytes(content)  # broken again: the first one set aside is not written over
    Ledger.open(path)[0].close()
    assert (tmp_path / "record.sqlite3.corrupt").read_bytes() == content
    assert (tmp_path / "record.sqlite3.corrupt-2").read_bytes() == content


def test_a_database_of_something_else_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "record.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (text TEXT)")
    db.execute("INSERT INTO notes VALUES ('mine')")
    db.commit()
    db.close()
    ledger, note = Ledger.open(path)
    assert note is not None and "no version" in note
    ledger.close()
    kept = sqlite3.connect(tmp_path / "record.sqlite3.corrupt")
    assert kept.execute("SELECT text FROM notes").fetchall() == [("mine",)]
    kept.close()


def test_a_record_missing_a_table_of_its_version_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "record.sqlite3"
    opened(path).close()
    db = sqlite3.connect(path)
    db.execute("DROP TABLE ratings")
    db.commit()
    db.close()
    ledger, note = Ledger.open(path)
    assert note is not None and "'ratings'" in note
    ledger.close()


def test_a_record_from_a_newer_parlour_is_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "record.sqlite3"
    opened(path).close()
    db = sqlite3.connect(path)
    db.execute("UPDATE version SET version = ?", (VERSION + 1,))
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(LedgerProblem, match="newer Parlour"):
        Ledger.open(path)
    assert path.read_bytes() == before and not (tmp_path / "record.sqlite3.corrupt").exists()


def test_places_put_the_winners_first_then_the_scores() -> None:
    assert ranks([3.0, 5.0, 5.0, 1.0], [1, 2]) == [1, 0, 0, 2]
    assert ranks([3.0, 5.0, 4.0, 4.0], [1]) == [2, 0, 1, 1]


def test_the_scale_starts_at_1500_and_signs_its_changes() -> None:
    assert shown(25.0) == Skill().shown == 1500
    assert shown(33.0) == 1900
    assert (signed(18), signed(-4), signed(0)) == ("+18", "\u22124", "\u00b10")
    # a settled level's win moves its mean by less than a point shown: the way is kept
    assert (signed(0, 0.004), signed(0, -0.004), signed(0, 0.0)) == ("+0", "\u22120", "\u00b10")
    first, _, last = rate([Skill(), Skill(), Skill()], [0, 1, 2])
    assert first.mu > 25.0 > last.mu  # (the middle one's move depends on the model)


def test_the_shipped_ladder_rates_every_level_of_the_built_in_games() -> None:
    for game in ("banque-fatale", "monte-carlo", "casablanca"):
        for level in ("random", "easy", "medium", "hard"):
            skill = ladder_skill(game, level)
            assert skill != Skill() and 0 < skill.sigma < START_SIGMA, (game, level)
    assert ladder_skill("banque-fatale", "flat") == Skill()  # not on the ladder: starts as someone new
    assert ladder_skill("sevens", "high") == Skill()


@pytest.mark.parametrize("ladder", [
    {"games": []}, {"games": {"g": None}}, {"games": {"g": {"levels": {"x": {"mu": "a", "sigma": 1}}}}},
    {"games": {"g": {"levels": {"x": {"mu": 30, "sigma": 0}}}}},
    {"games": {"g": {"levels": {"x": {"mu": float("nan"), "sigma": 1}}}}},
], ids=["games-a-list", "game-null", "mu-text", "sigma-zero", "mu-nan"])
def test_a_broken_ladder_entry_starts_the_level_as_someone_new(ladder: dict) -> None:
    assert ladder_skill("g", "x", ladder) == Skill()
    assert ladder_skill("g", "x", {"games": {"g": {"levels": {"x": {"mu": 30, "sigma": 1.5}}}}}) == Skill(30, 1.5)
