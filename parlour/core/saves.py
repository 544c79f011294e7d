"""Saved games: unfinished games to continue, finished records, corrupt files moved aside.

Headless (never imports Textual). The app saves a game's :class:`~parlour.core.record.Record`
after every decision into ``<data>/parlour/saves/``, one file per game started, so starting a
new game never overwrites another. A finished game's record moves to ``<data>/parlour/records/``
(it replays with ``parlour replay``). A save that cannot be read or does not replay is renamed
to ``<name>.corrupt`` (a new name each time, never over an existing file) and reported.

``<data>`` is ``$XDG_DATA_HOME`` when set, else the platform's user data folder.

A save's seed rebuilds every hidden card, so nothing outside the file tells it: a file is named
after its game, the time and a random id (``banque-fatale-20261125-005912-k3f9q2.json``; saves
named before, with the seed, still load), and both folders are this user's only (0700: made
so, and an existing folder open to others is closed when Parlour writes into it).

Several running copies of Parlour share the folder. Each holds a shared lock on
``saves/.instances`` while it runs (:meth:`SaveFolder.open_instance`); the first one finds the
lock free and clears the temporary files a killed save left behind, which no one else can be
writing then. A table holds a lock on its save (:meth:`SaveFolder.claim`): another copy lists
that game as being played elsewhere, never as unreadable, and never moves it aside. The lock
file (``<save>.lock``) goes when the table closes, and every claim still held when the app
quits is let go (:meth:`SaveFolder.close`); the lock file of a copy that ended without
quitting (killed, its terminal closed) is stale: nobody holds its lock, so every copy that
starts, and every scan that comes across one, removes it. A save
that vanishes while it is read (finished and archived by another copy) is simply gone, and a
file in the folder that is not a regular file (a FIFO, a folder) is skipped with a note.
"""

from __future__ import annotations

import os
import re
import secrets
import stat
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

try:
    import fcntl
except ImportError:  # not on this platform: no locks, each copy on its own
    fcntl = None  # type: ignore[assignment]

from parlour.core.game import Game, with_names
from parlour.core.i18n import _
from parlour.core.record import Record, RecordError, replay, version_problem
from parlour.core.match import Match
from parlour.core.seating import resume_match, seats_problem


def _lock_path(path: Path) -> Path:
    """The lock file of the save ``path`` (held by the table that plays it)."""
    return path.with_name(path.name + ".lock")


def data_dir() -> Path:
    """``$XDG_DATA_HOME/parlour``, else the platform's user data folder for parlour."""
    base = os.environ.get("XDG_DATA_HOME")
    if base:
        return Path(base) / "parlour"
    import platformdirs

    return platformdirs.user_data_path("parlour")


@dataclass(frozen=True)
class SavedGame:
    """An unfinished game on disk. ``problem`` says why it cannot be continued now."""

    path: Path
    record: Record
    saved_at: float
    problem: str | None = None

    @property
    def moves(self) -> int:
        return len(self.record.actions)


@dataclass(frozen=True)
class CorruptSave:
    path: Path
    error: str
    moved_to: Path | None  #: None when it could not be moved (then it is left untouched)

    def describe(self) -> str:
        if self.moved_to:
            return _("{file}: {error}; moved to {place}").format(file=self.path.name, error=self.error,
                                                                place=self.moved_to)
        return _("{file}: {error}; left where it is (it could not be moved)").format(file=self.path.name,
                                                                                    error=self.error)


@dataclass
class SaveScan:
    saved: list[SavedGame] = field(default_factory=list)
    corrupt: list[CorruptSave] = field(default_factory=list)
    #: one line each: files skipped (not regular files), games being played in another copy
    notes: list[str] = field(default_factory=list)


#: the problem of a save whose table is open in another running copy of Parlour
ELSEWHERE = "it is being played in another Parlour window"


class SaveFolder:
    """The user's saved games."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else data_dir()
        self._instance: int | None = None  # the descriptor holding this copy's shared lock
        self._claims: dict[Path, int] = {}  # the saves this copy's tables hold

    def open_instance(self) -> list[Path]:
        """Say this copy of Parlour is running (a shared lock held until it exits). When no
        other copy runs, first clear the temporary files killed saves left; in any case, clear
        the stale locks of saves (:meth:`clear_stale_locks`). Returns the files removed."""
        if fcntl is None or self._instance is not None:
            return []
        try:
            private_folder(self.saves)
            fd = os.open(self.saves / ".instances", os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            return []
        removed: list[Path] = []
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            pass  # another copy runs: its temporary files may be in the middle of a save
        else:
            for folder in (self.saves, self.records):
                for leftover in folder.glob("*.tmp") if folder.is_dir() else ():
                    try:
                        leftover.unlink()
                        removed.append(leftover)
                    except OSError:
                        pass
        fcntl.flock(fd, fcntl.LOCK_SH)
        self._instance = fd
        return removed + self.clear_stale_locks()

    def close(self) -> None:
        """This copy quits: let go of every save its tables still hold (their lock files go)
        and of its place among the running copies."""
        for path, fd in list(self._claims.items()):
            self.release(path, fd)
        if self._instance is not None:
            os.close(self._instance)
            self._instance = None

    def claim(self, path: Path) -> int | None:
        """Lock the save ``path`` for the table that plays it (None when no lock can be had:
        no locks here, or another copy holds it). :meth:`release` lets it go.

        A lock file may be removed as stale (:meth:`_remove_if_stale`) between this copy
        opening it and locking it; the lock is then on a file nobody else will look at, so
        the claim checks that the file it locked is still the one at that name, and tries
        again if not."""
        if fcntl is None:
            return None
        lock = _lock_path(path)
        for _attempt in range(5):
            try:
                fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
            except OSError:
                return None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                return None
            try:
                held, named = os.fstat(fd), os.stat(lock)
            except OSError:
                held = named = None  # removed meanwhile
            if held is not None and named is not None and (held.st_dev, held.st_ino) == (named.st_dev, named.st_ino):
                self._claims[path] = fd
                return fd
            os.close(fd)
        return None

    def release(self, path: Path, fd: int | None) -> None:
        if fd is None or self._claims.get(path) != fd:
            return
        del self._claims[path]
        _lock_path(path).unlink(missing_ok=True)  # (while the lock is held: nobody takes it meanwhile)
        os.close(fd)

    def in_play_elsewhere(self, path: Path) -> bool:
        """Whether another running copy holds the lock of the save ``path``. A lock file that
        nobody holds is stale and is removed."""
        lock = _lock_path(path)
        if fcntl is None or path in self._claims or not lock.exists():
            return False
        return self._remove_if_stale(lock) is False

    def clear_stale_locks(self) -> list[Path]:
        """Remove the lock files in the saves folder that no running copy holds (a copy that
        ended without quitting left them): the ones removed."""
        if fcntl is None or not self.saves.is_dir():
            return []
        claimed = {_lock_path(path) for path in self._claims}
        return [lock for lock in sorted(self.saves.glob("*.lock"))
                if lock not in claimed and self._remove_if_stale(lock)]

    @staticmethod
    def _remove_if_stale(lock: Path) -> bool | None:
        """Remove the lock file ``lock`` if no running copy holds its lock: True when removed,
        False when a copy holds it, None when it cannot be told (gone, or not openable)."""
        try:
            fd = os.open(lock, os.O_RDWR | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            return None
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return None
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        else:
            try:
                lock.unlink()  # while holding its lock: a claim that opened it meanwhile sees it go (claim)
            except OSError:
                pass
            return True
        finally:
            os.close(fd)  # (closing drops the lock taken just now)

    @property
    def saves(self) -> Path:
        return self.root / "saves"

    @property
    def records(self) -> Path:
        return self.root / "records"

    def new_path(self, game_id: str) -> Path:
        """A fresh save file name for a game about to start (:func:`file_name`); never an
        existing file."""
        return _unused(self.saves / file_name(game_id))

    def save(self, record: Record, path: Path) -> Path:
        """Save an unfinished game atomically; a finished one goes to the records instead.
        Returns where the record now lives."""
        if record.finished:
            return self.archive(record, path)
        if path.parent == self.saves:  # (a save given by its path elsewhere: that folder is the user's)
            private_folder(self.saves)
        record.save(path)
        return path

    def archive(self, record: Record, path: Path | None) -> Path:
        """Write a finished record into the records folder and drop its save file. It keeps
        the save's name, unless that is an old one that tells the seed."""
        keep = path is not None and not _tells_seed(path.name, record)
        private_folder(self.records)
        target = _unused(self.records / (path.name if keep and path else file_name(record.game)))
        record.save(target)
        if path is not None:
            path.unlink(missing_ok=True)
        return target

    def discard(self, path: Path) -> None:
        """Abandon a saved game."""
        path.unlink(missing_ok=True)

    def move_aside(self, path: Path) -> Path:
        """Rename a corrupt save to ``<name>.corrupt`` (or ``.corrupt-2``, ...), never over a file."""
        target = _unused(path.with_name(path.name + ".corrupt"))
        os.rename(path, target)
        return target

    def set_aside(self, path: Path, exc: Exception, names: Sequence[str] = ()) -> CorruptSave:
        """Move a save that failed to load or replay (``exc``) aside and say why, in one line
        (with the players' ``names`` for the engine's "Player 3")."""
        error = str(exc) if isinstance(exc, RecordError) else f"{type(exc).__name__}: {exc}"
        error = with_names(error.removeprefix(f"{path}: "), names)
        try:
            moved: Path | None = self.move_aside(path)
        except OSError:
            moved = None
        return CorruptSave(path, error, moved)


@dataclass(frozen=True)
class _Examined:
    stamp: tuple[int, int]  #: the file's size and st_mtime_ns when it was examined
    saved: SavedGame
    match: Match | None  #: rebuilt and ready to continue; None when it cannot be continued


class SaveShelf:
    """The saved games, each examined once per version of its file (its path, size and
    modification time in nanoseconds): the home screen is shown again after every table, and
    only new or changed files are read and replayed again. The match rebuilt to check a save
    is the one a table continues, so continuing replays nothing more. ``seconds`` is the time limit
    of searching computer players in the matches it rebuilds (the app's ``ai_think``).
    The games installed are taken to stay the same between scans (the app's registry does)."""

    def __init__(self, folder: SaveFolder, *, seconds: float | None = None) -> None:
        self.folder = folder
        self.seconds = seconds
        self._examined: dict[Path, _Examined] = {}

    def scan(self, games: Mapping[str, Game]) -> SaveScan:
        """Every unfinished game, newest first. Saves that cannot be read or do not replay
        are moved aside and reported; finished ones are archived; saves of games not installed
        now are kept, with a problem."""
        result = SaveScan()
        folder = self.folder
        examined: dict[Path, _Examined] = {}
        if folder.saves.is_dir():
            for path in sorted(folder.saves.glob("*.json")):
                try:
                    status = path.stat()
                except OSError:
                    continue  # gone since the folder was listed (finished in another copy)
                if not stat.S_ISREG(status.st_mode):
                    result.notes.append(_("{file}: skipped, not a regular file").format(file=path.name))
                    continue
                if folder.in_play_elsewhere(path):
                    try:
                        record = Record.load(path)
                    except RecordError:
                        continue  # being written by the other copy: listed at the next scan
                    saved = SavedGame(path, record, status.st_mtime, ELSEWHERE)
                    examined[path] = _Examined((status.st_size, status.st_mtime_ns), saved, None)
                    result.saved.append(saved)
                    continue
                try:
                    stamp = (status.st_size, status.st_mtime_ns)
                    known = self._examined.get(path)
                    if known is None or known.stamp != stamp:
                        known = self._examine(path, stamp, status.st_mtime, games)
                except Exception as exc:  # noqa: BLE001 - any failure to rebuild means the file is unusable
                    if not path.exists():
                        continue  # it went (finished in another copy) while it was read
                    try:
                        names = [seat.name for seat in Record.load(path).seats]
                    except Exception:  # noqa: BLE001 - unreadable: the error says so without names
                        names = []
                    result.corrupt.append(folder.set_aside(path, exc, names))
                    continue
                if known is None:
                    continue  # finished: archived
                examined[path] = known
                result.saved.append(known.saved)
        self._examined = examined
        result.saved.sort(key=lambda s: s.saved_at, reverse=True)
        return result

    def _examine(
        self, path: Path, stamp: tuple[int, int], saved_at: float, games: Mapping[str, Game]
    ) -> _Examined | None:
        """Read and rebuild one save; None when it was a finished game, now archived."""
        record = Record.load(path)
        game = games.get(record.game)
        match: Match | None = None
        if game is None:
            problem: str | None = _("the game {game} is not installed or is broken").format(game=repr(record.game))
        else:
            problem = version_problem(game, record)
            if problem is None:
                problem = seats_problem(game, record.seats)
                if problem is None:
                    match = resume_match(game, record, seconds=self.seconds)
                else:
                    replay(game, record)
        if record.finished and match is not None and not match.state.is_over:
            record.finished = False  # the file says finished, the replay says not: the replay decides
        if record.finished and problem is None:
            try:
                self.folder.archive(record, path)
            except OSError:
                pass
            return None
        return _Examined(stamp, SavedGame(path, record, saved_at, problem), match)

    def take(self, saved: SavedGame, game: Game) -> Match:
        """The match of ``saved`` (a game of ``game``), to play on: the one rebuilt when it was
        scanned (the shelf lets go of it, since the table changes it), else rebuilt now (which
        may raise)."""
        known = self._examined.pop(saved.path, None)
        if known is not None and known.saved is saved and known.match is not None:
            return known.match
        return resume_match(game, saved.record, seconds=self.seconds)


#: the random id in a file name: 6 of these (over 2 billion ids a second)
_ID_LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789"


def file_name(game_id: str) -> str:
    """``<game>-<date>-<time>-<random id>.json``: sorted by time, unique, and telling nothing
    of the game's seed."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    tag = "".join(secrets.choice(_ID_LETTERS) for _letter in range(6))
    return f"{game_id}-{stamp}-{tag}.json"


def _tells_seed(name: str, record: Record) -> bool:
    """Whether ``name`` is a save's name from before random ids, which ended in the seed."""
    old = re.fullmatch(rf"{re.escape(record.game)}-\d{{8}}-\d{{6}}-(\d+)(?:-\d+)?\.json", name)
    return old is not None and old.group(1) == str(record.seed)


def private_folder(folder: Path) -> None:
    """Make ``folder`` readable by this user only (0700), creating it so, or closing an
    existing one that others can list: a save's name and contents are the game's secrets."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    mode = stat.S_IMODE(folder.stat().st_mode)
    if mode & 0o077:
        folder.chmod(mode & 0o700)


def _unused(path: Path) -> Path:
    if not path.exists():
        return path
    stem, suffix = (path.name[: -len(".json")], ".json") if path.name.endswith(".json") else (path.name, "")
    number = 2
    while True:
        candidate = path.with_name(f"{stem}-{number}{suffix}")
        if not candidate.exists():
            return candidate
        number += 1
