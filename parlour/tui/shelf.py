"""The saved games the home screen lists, each examined once per version of its file.

:meth:`SaveFolder.scan` reads and replays every save each time; the home screen is shown
again after every table, so :class:`SaveShelf` remembers what it found for each file (by its
path, size and modification time in nanoseconds) and examines only files that are new or
changed. The match it rebuilt to check a save is the one a table continues, so continuing
replays nothing more.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from parlour.core.game import Game
from parlour.core.match import Match, Record, replay, version_problem
from parlour.core.saves import SavedGame, SaveFolder, SaveScan, _agent_problem, resume_match


@dataclass(frozen=True)
class _Examined:
    stamp: tuple[int, int]  #: the file's size and st_mtime_ns when it was examined
    saved: SavedGame
    match: Match | None  #: rebuilt and ready to continue; None when it cannot be continued


class SaveShelf:
    """What :meth:`SaveFolder.scan` finds, remembered per file; ``seconds`` is the time limit
    of searching computer players in the matches it rebuilds (the app's ``ai_think``).
    The games installed are taken to stay the same between scans (the app's registry does)."""

    def __init__(self, folder: SaveFolder, *, seconds: float | None = None) -> None:
        self.folder = folder
        self.seconds = seconds
        self._examined: dict[Path, _Examined] = {}

    def scan(self, games: Mapping[str, Game]) -> SaveScan:
        """Every unfinished game, newest first, as :meth:`SaveFolder.scan` reports it:
        unreadable saves moved aside and reported, finished ones archived."""
        result = SaveScan()
        folder = self.folder
        examined: dict[Path, _Examined] = {}
        if folder.saves.is_dir():
            for path in sorted(folder.saves.glob("*.json")):
                try:
                    status = path.stat()
                    stamp = (status.st_size, status.st_mtime_ns)
                    known = self._examined.get(path)
                    if known is None or known.stamp != stamp:
                        known = self._examine(path, stamp, status.st_mtime, games)
                except Exception as exc:  # noqa: BLE001 - any failure to rebuild means the file is unusable
                    result.corrupt.append(folder._corrupt(path, exc))
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
            problem: str | None = f"the game {record.game!r} is not installed or is broken"
        else:
            problem = version_problem(game, record)
            if problem is None:
                problem = _agent_problem(game, record)
                if problem is None:
                    match = resume_match(game, record, seconds=self.seconds)
                else:
                    replay(game, record)
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
