"""Issue 25, a save's seed is its secret: another user of the machine (a player who joins on
127.0.0.1) learns nothing from the saves and records folders — their names carry a random id,
not the seed, and the folders are this user's only (0700), made so or closed when Parlour
writes into them. Saves named the old way (with the seed) still load and are listed."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import sevens

from parlour.core.record import Record, Seat
from parlour.core.registry import Plugin, Registry
from parlour.core.saves import SaveFolder, SaveShelf
from parlour.core.seating import start_match

#: seeds of nine digits or more: none can turn up by chance in a date, a time or a 6-letter id
SEEDS = [738_291_045, 999_999_937, 123_456_789_012]


@pytest.fixture
def games() -> dict:
    return {"sevens": Registry([Plugin("sevens", "test", lambda: sevens.GAME)]).get("sevens")}


@pytest.fixture
def root() -> Iterator[Path]:
    """A data folder another user can reach (pytest's own temporary folders are closed to
    others, which would prove nothing): under /tmp, open to all, as a home folder often is."""
    base = Path(tempfile.mkdtemp(prefix="parlour-private-"))
    base.chmod(0o755)
    yield base / "parlour"
    shutil.rmtree(base)


def play(games: dict, seed: int, moves: int | None):
    """A game of Sevens after ``moves`` moves (None: to the end)."""
    rules = Registry([Plugin("sevens", "test", lambda: sevens.GAME)]).ruleset("sevens").resolve([])
    match = start_match(games["sevens"], rules, seed, [Seat("Ann", "human"), Seat("Ada", "random")])
    while not match.state.is_over and (moves is None or match.moves < moves):
        match.play(match.state.legal_actions()[0])
    return match


def as_another_user(folder: Path) -> tuple[int, list[str] | str]:
    """The folder's mode bits, and what another user gets listing it: its names, or the error.
    Run as the user ``nobody`` when the tests run as root; else the mode bits say it."""
    mode = stat.S_IMODE(folder.stat().st_mode)
    if os.geteuid() != 0:
        return mode, sorted(os.listdir(folder)) if mode & 0o005 == 0o005 else "Permission denied"
    result = subprocess.run(["ls", "-A", str(folder)], capture_output=True, text=True, user=65534, group=65534,
                            cwd="/")
    if result.returncode != 0:
        assert "Permission denied" in result.stderr, result.stderr
        return mode, "Permission denied"
    return mode, sorted(result.stdout.split())


def test_another_user_can_list_no_save_or_record_and_no_name_tells_a_seed(root: Path, games: dict) -> None:
    folder = SaveFolder(root)
    for path in (folder.saves, folder.records):  # made by an older Parlour, open to all
        path.mkdir(parents=True)
        path.chmod(0o755)
    assert as_another_user(folder.saves)[1] == [], "the test must see what another user sees"
    for seed in SEEDS:
        match = play(games, seed, 2)
        path = folder.new_path("sevens")
        folder.save(match.record, path)
    finished = play(games, 444_555_666_777, None)
    folder.save(finished.record, folder.new_path("sevens"))

    for path in (folder.saves, folder.records):
        mode, listing = as_another_user(path)
        assert mode == 0o700
        assert listing == "Permission denied"
    names = [p.name for p in folder.saves.iterdir()] + [p.name for p in folder.records.iterdir()]
    assert len(names) == 4
    for seed in [*SEEDS, 444_555_666_777]:
        assert not [name for name in names if str(seed) in name]
    for path in folder.saves.iterdir():  # the seeds are in the files, which only this user reads
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert Record.load(path).seed in SEEDS


def test_the_folders_are_made_private(root: Path, games: dict) -> None:
    folder = SaveFolder(root)
    folder.open_instance()
    assert stat.S_IMODE(folder.saves.stat().st_mode) == 0o700
    match = play(games, SEEDS[0], None)
    folder.archive(match.record, None)
    assert stat.S_IMODE(folder.records.stat().st_mode) == 0o700
    assert [p.name for p in folder.records.iterdir() if str(SEEDS[0]) in p.name] == []


def test_a_save_named_the_old_way_loads_is_listed_and_is_archived_without_its_seed(
        root: Path, games: dict) -> None:
    folder = SaveFolder(root)
    seed = SEEDS[1]
    old = folder.saves / f"sevens-20261124-231500-{seed}.json"
    match = play(games, seed, 2)
    match.record.save(old)
    scan = SaveShelf(folder).scan(games)
    assert [s.path for s in scan.saved] == [old] and scan.corrupt == []
    match = play(games, seed, None)
    where = folder.save(match.record, old)
    assert where.parent == folder.records and str(seed) not in where.name
    assert not old.exists() and Record.load(where).seed == seed


def test_a_new_save_is_named_after_its_game_the_time_and_a_random_id(root: Path) -> None:
    names = {SaveFolder(root).new_path("banque-fatale").name for _ in range(50)}
    assert len(names) == 50
    for name in names:
        game, stamp, clock, tag = name.removesuffix(".json").rsplit("-", 3)
        assert game == "banque-fatale" and stamp.isdigit() and len(stamp) == 8 and clock.isdigit()
        assert len(tag) == 6 and tag.isalnum() and tag == tag.lower()
