"""Issue 16, saves: nothing in the saves folder hangs or misleads the home screen. A FIFO is
skipped with a note, what a killed save left is cleared by the first copy to start (never
under another running copy), a game open in another copy is listed as played there (never
unreadable, never moved aside), and a save that says finished but is not stays a save."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import sevens

from parlour.core.record import Seat
from parlour.core.registry import Plugin, Registry
from parlour.core.saves import ELSEWHERE, SaveFolder, SaveShelf
from parlour.core.seating import start_match


@pytest.fixture
def games() -> dict:
    registry = Registry([Plugin("sevens", "test", lambda: sevens.GAME)])
    return {"sevens": registry.get("sevens")}


def a_save(folder: SaveFolder, games: dict, moves: int = 2, seed: int = 9) -> Path:
    game = games["sevens"]
    rules = Registry([Plugin("sevens", "test", lambda: sevens.GAME)]).ruleset("sevens").resolve([])
    match = start_match(game, rules, seed, [Seat("Ann", "human"), Seat("Ada", "random")])
    for _ in range(moves):
        match.play(match.state.legal_actions()[0])
    path = folder.new_path("sevens")
    folder.save(match.record, path)
    return path


def test_a_fifo_in_the_saves_folder_is_skipped_with_a_note(tmp_path: Path, games: dict) -> None:
    folder = SaveFolder(tmp_path)
    good = a_save(folder, games)
    os.mkfifo(folder.saves / "pipe.json")
    (folder.saves / "dir.json").mkdir()
    scan = SaveShelf(folder).scan(games)
    assert [s.path for s in scan.saved] == [good] and scan.corrupt == []
    assert sorted(scan.notes) == ["dir.json: skipped, not a regular file", "pipe.json: skipped, not a regular file"]
    assert (folder.saves / "pipe.json").exists(), "left where it is, not moved aside"


def test_the_first_copy_to_start_clears_what_killed_saves_left(tmp_path: Path, games: dict) -> None:
    folder = SaveFolder(tmp_path)
    a_save(folder, games)
    leftover = folder.saves / "sevens-x.json.abc123.tmp"
    leftover.write_text("{half a rec")
    assert folder.open_instance() == [leftover] and not leftover.exists()


def test_a_second_copy_never_clears_temporary_files(tmp_path: Path, games: dict) -> None:
    running = SaveFolder(tmp_path)
    running.open_instance()
    in_progress = running.saves / "sevens-y.json.def456.tmp"
    in_progress.write_text("{being written")
    second = SaveFolder(tmp_path)
    assert second.open_instance() == [] and in_progress.exists()


def test_a_game_open_in_another_copy_is_listed_as_played_there(tmp_path: Path, games: dict) -> None:
    mine, theirs = SaveFolder(tmp_path), SaveFolder(tmp_path)
    path = a_save(theirs, games)
    fd = theirs.claim(path)
    assert fd is not None
    assert mine.claim(path) is None, "one table per save"
    scan = SaveShelf(mine).scan(games)
    assert [(s.path, s.problem) for s in scan.saved] == [(path, ELSEWHERE)] and scan.corrupt == []
    assert path.exists()
    theirs.release(path, fd)
    scan = SaveShelf(mine).scan(games)
    assert [(s.path, s.problem) for s in scan.saved] == [(path, None)]


def test_a_save_that_vanishes_while_it_is_read_is_just_gone(tmp_path: Path, games: dict,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    folder = SaveFolder(tmp_path)
    path = a_save(folder, games)
    shelf = SaveShelf(folder)

    def archived_meanwhile(*args, **kwargs):
        path.unlink()
        raise FileNotFoundError(2, "No such file or directory")

    monkeypatch.setattr(shelf, "_examine", archived_meanwhile)
    scan = shelf.scan(games)
    assert scan.saved == [] and scan.corrupt == []


def test_a_save_that_says_finished_but_is_not_stays_a_save(tmp_path: Path, games: dict) -> None:
    folder = SaveFolder(tmp_path)
    path = a_save(folder, games)
    text = path.read_text().replace('"finished": false', '"finished": true')
    assert '"finished": true' in text
    path.write_text(text)
    scan = SaveShelf(folder).scan(games)
    assert [s.path for s in scan.saved] == [path] and not scan.saved[0].record.finished
    assert list(folder.records.glob("*.json")) == [], "not archived as a finished game"


def test_a_save_set_aside_names_the_players_not_their_seat_numbers(tmp_path: Path) -> None:
    """Issue 12: the home screen's note said "Player 3" where the save has the names."""
    from parlour.core.record import RecordError
    from parlour.core.saves import SaveFolder

    folder = SaveFolder(tmp_path)
    path = folder.saves / "x.json"
    path.parent.mkdir(parents=True)
    path.write_text("{}")
    problem = folder.set_aside(path, RecordError(f"{path}: action 4 ('bid 2') does not replay: Player 3 has "
                                                 "no jeton of that colour"), ["Ann", "Bo", "Cleo"])
    assert "Cleo has no jeton" in problem.describe() and "Player" not in problem.describe()
    assert problem.describe().startswith("x.json: action 4")


def a_stale_lock(folder: SaveFolder, path: Path) -> Path:
    """The lock file a copy of Parlour leaves on ``path`` when it ends without quitting (killed,
    its terminal closed): the file stays, its lock went with the process."""
    fd = folder.claim(path)
    assert fd is not None
    os.close(fd)  # what the end of the process does to its descriptors; nothing removes the file
    lock = path.with_name(path.name + ".lock")
    assert lock.exists()
    return lock


def test_a_lock_left_by_a_copy_that_ended_is_cleared_at_the_next_start(tmp_path: Path, games: dict) -> None:
    """A playtest found ``.lock`` files piling up in the saves folder: a lock nobody holds
    (its copy of Parlour ended) is stale, and the next copy to start removes it; a lock
    another running copy holds stays."""
    path, held = a_save(SaveFolder(tmp_path), games), a_save(SaveFolder(tmp_path), games, seed=10)
    stale = a_stale_lock(SaveFolder(tmp_path), path)
    running = SaveFolder(tmp_path)
    fd = running.claim(held)
    assert fd is not None
    starting = SaveFolder(tmp_path)
    assert starting.open_instance() == [stale]
    assert not stale.exists() and held.with_name(held.name + ".lock").exists()
    scan = SaveShelf(starting).scan(games)
    assert sorted((s.path, s.problem) for s in scan.saved) == sorted([(path, None), (held, ELSEWHERE)])
    assert starting.claim(path) is not None, "the game of the stale lock can be played here"


def test_a_second_copy_clears_stale_locks_too_and_a_scan_does(tmp_path: Path, games: dict) -> None:
    running = SaveFolder(tmp_path)
    running.open_instance()
    path = a_save(running, games)
    stale = a_stale_lock(SaveFolder(tmp_path), path)
    second = SaveFolder(tmp_path)
    assert second.open_instance() == [stale] and not stale.exists()
    stale = a_stale_lock(SaveFolder(tmp_path), path)
    scan = SaveShelf(second).scan(games)
    assert [(s.path, s.problem) for s in scan.saved] == [(path, None)] and not stale.exists()


def test_quitting_lets_go_of_every_save_still_held(tmp_path: Path, games: dict) -> None:
    folder = SaveFolder(tmp_path)
    folder.open_instance()
    paths = [a_save(folder, games, seed=seed) for seed in (1, 2)]
    assert all(folder.claim(path) is not None for path in paths)
    folder.close()
    assert list(folder.saves.glob("*.lock")) == []
    other = SaveFolder(tmp_path)
    assert all(other.claim(path) is not None for path in paths), "free for the next copy"


def test_a_claim_never_holds_a_lock_file_removed_as_stale_meanwhile(tmp_path: Path, games: dict,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Another copy may find the lock file unheld and remove it between this copy opening it
    and locking it: the claim then locks a new file at that name, which the others see."""
    import fcntl

    from parlour.core import saves as saves_module

    folder = SaveFolder(tmp_path)
    path = a_save(folder, games)
    lock = path.with_name(path.name + ".lock")
    real_flock = fcntl.flock
    removed: list[int] = []

    def removed_first(fd: int, operation: int) -> None:
        if not removed and operation & fcntl.LOCK_EX:
            removed.append(fd)
            assert SaveFolder._remove_if_stale(lock) is True  # the other copy's sweep, just now
        real_flock(fd, operation)

    monkeypatch.setattr(saves_module.fcntl, "flock", removed_first)
    fd = folder.claim(path)
    monkeypatch.setattr(saves_module.fcntl, "flock", real_flock)
    assert removed and fd is not None
    assert lock.exists() and os.fstat(fd).st_ino == lock.stat().st_ino
    assert SaveFolder(tmp_path).in_play_elsewhere(path), "the others see it played here"
