"""Saved games: unfinished games to continue, finished records, corrupt files moved aside.

Headless (never imports Textual). The app saves a game's :class:`~parlour.core.record.Record`
after every decision into ``<data>/parlour/saves/``, one file per game started, so starting a
new game never overwrites another. A finished game's record moves to ``<data>/parlour/records/``
(it replays with ``parlour replay``). A save that cannot be read or does not replay is renamed
to ``<name>.corrupt`` (a new name each time, never over an existing file) and reported.

``<data>`` is ``$XDG_DATA_HOME`` when set, else the platform's user data folder.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from parlour.core.game import Game
from parlour.core.record import Record, RecordError, replay, version_problem
from parlour.core.seating import seats_problem


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
        where = f"moved to {self.moved_to}" if self.moved_to else "left where it is (it could not be moved)"
        return f"{self.path.name}: {self.error}; {where}"


@dataclass
class SaveScan:
    saved: list[SavedGame] = field(default_factory=list)
    corrupt: list[CorruptSave] = field(default_factory=list)


class SaveFolder:
    """The user's saved games."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else data_dir()

    @property
    def saves(self) -> Path:
        return self.root / "saves"

    @property
    def records(self) -> Path:
        return self.root / "records"

    def new_path(self, game_id: str, seed: int) -> Path:
        """A fresh save file name for a game about to start; never an existing file."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        return _unused(self.saves / f"{game_id}-{stamp}-{seed}.json")

    def save(self, record: Record, path: Path) -> Path:
        """Save an unfinished game atomically; a finished one goes to the records instead.
        Returns where the record now lives."""
        if record.finished:
            return self.archive(record, path)
        record.save(path)
        return path

    def archive(self, record: Record, path: Path | None) -> Path:
        """Write a finished record into the records folder and drop its save file."""
        target = _unused(self.records / (path.name if path else f"{record.game}-{record.seed}.json"))
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

    def scan(self, games: Mapping[str, Game]) -> SaveScan:
        """Every unfinished game, newest first. Saves that cannot be read or do not replay
        are moved aside and reported; saves of games not installed now are kept, with a problem."""
        result = SaveScan()
        if not self.saves.is_dir():
            return result
        for path in sorted(self.saves.glob("*.json")):
            try:
                record = Record.load(path)
                saved_at = path.stat().st_mtime
                game = games.get(record.game)
                problem = None
                if game is None:
                    problem = f"the game {record.game!r} is not installed or is broken"
                else:
                    problem = version_problem(game, record)
                    if problem is None:
                        problem = seats_problem(game, record.seats)
                        replay(game, record)
            except Exception as exc:  # noqa: BLE001 - any failure to rebuild means the file is unusable
                result.corrupt.append(self._corrupt(path, exc))
                continue
            if record.finished and problem is None:
                try:
                    self.archive(record, path)
                except OSError:
                    pass
                continue
            result.saved.append(SavedGame(path, record, saved_at, problem))
        result.saved.sort(key=lambda s: s.saved_at, reverse=True)
        return result

    def _corrupt(self, path: Path, exc: Exception) -> CorruptSave:
        error = str(exc) if isinstance(exc, RecordError) else f"{type(exc).__name__}: {exc}"
        error = error.removeprefix(f"{path}: ")
        try:
            moved: Path | None = self.move_aside(path)
        except OSError:
            moved = None
        return CorruptSave(path, error, moved)


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
