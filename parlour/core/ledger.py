"""Your record: every finished game with a person at the table, and the ratings it moved.

A SQLite database in the data folder (``<data>/parlour/record.sqlite3``, beside the saves):
per game, the date, the exact rules and variants, the record's file name, and per seat the
name, who played it (a person, or a computer level such as ``hard``), the score, whether it
won, and its rating before and after. The ratings (:mod:`parlour.core.ratings`) are per game,
per player name and per computer level.

The format grows by numbered migrations (:data:`MIGRATIONS`), applied in order in one
transaction each; ``version`` holds how far a database has come, so an older one is upgraded
when it is opened and keeps every row. A file that is not a sound database of this shape is
renamed aside (``record.sqlite3.corrupt``, never over a file) and a new one is started; one
made by a newer Parlour, or one that cannot be opened now (locked, unwritable), is left as it
is. Either way a game is still played: the caller shows the one line of :class:`LedgerProblem`.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from parlour.core.i18n import ngettext, number
from parlour.core.match import Match
from parlour.core.ratings import PROVISIONAL_GAMES, PROVISIONAL_MARK, Skill, ladder_skill, provisional, rate, ranks, signed
from parlour.core.record import HUMAN, Seat

FILE_NAME = "record.sqlite3"
#: how long a write waits for another running copy of Parlour to finish its own
BUSY_SECONDS = 5.0


class LedgerProblem(Exception):
    """The record cannot be used now: one line, the game goes on without it."""


def rating_text(skill: Skill, provisional: bool) -> str:
    """A rating as players read it: ``1,512``, or ``1,728?`` while it is provisional."""
    return number(skill.shown) + (PROVISIONAL_MARK if provisional else "")


def provisional_note() -> str:
    """The line that explains the mark wherever a provisional rating is shown."""
    return ngettext("? provisional: fewer than {n} game, so it still moves a lot",
                    "? provisional: fewer than {n} games, so it still moves a lot",
                    PROVISIONAL_GAMES).format(n=PROVISIONAL_GAMES)


@dataclass(frozen=True)
class Change:
    """One player's rating moved by a game."""

    who: str  #: the player's name, or the computer level
    computer: bool
    before: Skill
    after: Skill
    game: str  #: the game's id
    games: int  #: the rated games of it that ``who`` has played, this one included

    @property
    def change(self) -> int:
        return self.after.shown - self.before.shown

    @property
    def provisional(self) -> bool:
        """Whether the rating after this game is provisional (:func:`ratings.provisional`)."""
        return provisional(self.game, self.who, self.computer, self.games)

    def text(self) -> str:
        """``Tess 1,512, +18``; ``Tess 1,728?, +228`` while provisional."""
        return f"{self.who} {rating_text(self.after, self.provisional)}, {signed(self.change, self.after.mu - self.before.mu)}"


@dataclass(frozen=True)
class Kept:
    """A game as the record keeps it, with the ratings it moved (each player once)."""

    number: int
    changes: list[Change]

    def line(self) -> str:
        return "   ".join(change.text() for change in self.changes)

    @property
    def provisional(self) -> bool:
        """Whether any rating it shows is provisional (then :func:`provisional_note` goes with it)."""
        return any(change.provisional for change in self.changes)


@dataclass(frozen=True)
class Standing:
    game: str
    who: str
    computer: bool
    skill: Skill
    games: int
    wins: int

    @property
    def provisional(self) -> bool:
        return provisional(self.game, self.who, self.computer, self.games)

    def rating(self) -> str:
        """``1,512``, or ``1,728?`` while provisional."""
        return rating_text(self.skill, self.provisional)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "name": self.who, "computer": self.computer, "rating": self.skill.shown,
                "provisional": self.provisional, "mu": round(self.skill.mu, 4), "sigma": round(self.skill.sigma, 4),
                "games": self.games, "wins": self.wins}


@dataclass(frozen=True)
class Played:
    """A finished game in the record."""

    number: int
    game: str
    finished_at: str
    variants: list[str]
    record: str | None
    seats: list[dict[str, Any]]  #: name, agent, score, winner, rating before and after

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "game": self.game, "finished_at": self.finished_at,
                "variants": self.variants, "record": self.record, "seats": self.seats}


def _script(db: sqlite3.Connection, script: str) -> None:
    """Statements one by one (``executescript`` would commit the migration's transaction)."""
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


def _v1(db: sqlite3.Connection) -> None:
    _script(db, """
        CREATE TABLE version (version INTEGER NOT NULL);
        INSERT INTO version VALUES (0);
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            finished_at TEXT NOT NULL,
            rules TEXT NOT NULL,
            variants TEXT NOT NULL,
            record TEXT UNIQUE
        );
        CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games(id),
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            agent TEXT NOT NULL,
            score REAL NOT NULL,
            winner INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat)
        );
    """)


def _v2(db: sqlite3.Connection) -> None:
    """Ratings: each seat's before and after, and each player's current one; the games
    already kept are rated, in the order they were played."""
    _script(db, """
        ALTER TABLE seats ADD COLUMN mu_before REAL;
        ALTER TABLE seats ADD COLUMN sigma_before REAL;
        ALTER TABLE seats ADD COLUMN mu_after REAL;
        ALTER TABLE seats ADD COLUMN sigma_after REAL;
        CREATE TABLE ratings (
            game TEXT NOT NULL,
            who TEXT NOT NULL,
            computer INTEGER NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            games INTEGER NOT NULL,
            wins INTEGER NOT NULL,
            PRIMARY KEY (game, who, computer)
        );
    """)
    for (number,) in db.execute("SELECT id FROM games ORDER BY finished_at, id").fetchall():
        _rate_game(db, number)


def _v3(db: sqlite3.Connection) -> None:
    """Habits: per game and person, the counts of how he played that the table saw
    (``State.habits``), summed over his games, for computer players to remember him by."""
    _script(db, """
        CREATE TABLE habits (
            game TEXT NOT NULL,
            player TEXT NOT NULL,
            key TEXT NOT NULL,
            count REAL NOT NULL,
            PRIMARY KEY (game, player, key)
        );
    """)


#: the steps from an empty file to the current format: step ``i`` makes version ``i + 1``
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_v1, _v2, _v3]
VERSION = len(MIGRATIONS)
#: what the current format must have (checked on opening: a file with less is not sound)
COLUMNS = {
    "version": {"version"},
    "games": {"id", "game", "finished_at", "rules", "variants", "record"},
    "seats": {"game_id", "seat", "name", "agent", "score", "winner", "mu_before", "sigma_before",
              "mu_after", "sigma_after"},
    "ratings": {"game", "who", "computer", "mu", "sigma", "games", "wins"},
    "habits": {"game", "player", "key", "count"},
}
#: the most keys of habits kept per seat, and the largest count taken from one game
MAX_HABITS = 64
MAX_HABIT_COUNT = 1_000_000


def _habit_count(value: Any) -> float | None:
    """A kept habit's count as read back: a finite number of at least 0, or None (a record
    edited by hand may hold text or an infinity, which would make a model NaN)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    count = float(value)
    return count if 0 <= count < float("inf") else None


def _identity(seat: Seat) -> tuple[str, bool]:
    """Who a seat's result rates: the person's name, or the computer level."""
    return (seat.name, False) if seat.agent == HUMAN else (seat.agent, True)


def _skill(db: sqlite3.Connection, game: str, who: str, computer: bool) -> Skill:
    row = db.execute("SELECT mu, sigma FROM ratings WHERE game = ? AND who = ? AND computer = ?",
                     (game, who, int(computer))).fetchone()
    if row is not None:
        return Skill(row[0], row[1])
    return ladder_skill(game, who) if computer else Skill()


def _rate_game(db: sqlite3.Connection, number: int) -> None:
    """Rate the kept game ``number``: each seat from its player's current rating. A player in
    several seats (two ``medium``) gets the sum of the seats' moves, each seat a game."""
    (game,) = db.execute("SELECT game FROM games WHERE id = ?", (number,)).fetchone()
    rows = db.execute("SELECT seat, name, agent, score, winner FROM seats WHERE game_id = ? ORDER BY seat",
                      (number,)).fetchall()
    seats = [_identity(Seat(name, agent)) for _, name, agent, _, _ in rows]
    before = {who: _skill(db, game, *who) for who in dict.fromkeys(seats)}
    places = ranks([row[3] for row in rows], [i for i, row in enumerate(rows) if row[4]])
    rated = rate([before[who] for who in seats], places)
    after: dict[tuple[str, bool], Skill] = {}
    for who, new in zip(seats, rated, strict=True):
        old, so_far = before[who], after.get(who, before[who])
        after[who] = Skill(so_far.mu + new.mu - old.mu, min(so_far.sigma, new.sigma))
    for (seat, *_), who in zip(rows, seats, strict=True):
        db.execute("UPDATE seats SET mu_before = ?, sigma_before = ?, mu_after = ?, sigma_after = ? "
                   "WHERE game_id = ? AND seat = ?",
                   (before[who].mu, before[who].sigma, after[who].mu, after[who].sigma, number, seat))
    for who, skill in after.items():
        played = seats.count(who)
        won = sum(1 for i, s in enumerate(seats) if s == who and rows[i][4])
        db.execute("INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game, who, computer) "
                   "DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = games + excluded.games, "
                   "wins = wins + excluded.wins", (game, who[0], int(who[1]), skill.mu, skill.sigma, played, won))


class Ledger:
    """An open record. :meth:`open` upgrades it, or sets a broken file aside."""

    def __init__(self, path: Path, db: sqlite3.Connection) -> None:
        self.path = path
        self.db = db

    @classmethod
    def open(cls, path: Path) -> tuple[Ledger, str | None]:
        """The record at ``path``, upgraded to the current format, and a line to show when a
        broken file was set aside for a new one. :class:`LedgerProblem` when it cannot be used."""
        try:
            return cls(path, _opened(path)), None
        except _Unsound as exc:
            try:
                moved = _set_aside(path)
            except OSError as failure:
                raise LedgerProblem(f"{path}: {exc}, and it could not be moved aside: "
                                    f"{failure.strerror or failure}") from None
            note = f"{path}: {exc}; moved to {moved.name}, and a new record is started"
        try:
            return cls(path, _opened(path)), note
        except _Unsound as exc:
            raise LedgerProblem(f"{path}: {exc}") from None

    def close(self) -> None:
        self.db.close()

    def keep(self, game: str, rules: dict[str, Any], variants: Sequence[str], seats: Sequence[Seat],
             scores: Sequence[float], winners: Sequence[int], record: str | None = None,
             finished_at: str | None = None, habits: Sequence[Mapping[str, float]] | None = None) -> Kept | None:
        """Keep a finished game and rate it; None when no person sat at the table. A game
        already kept under the same ``record`` file is not counted again (its ratings come back).
        ``habits`` (``State.habits``) are added to each person's."""
        if all(seat.agent != HUMAN for seat in seats):
            return None
        when = finished_at or time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        try:
            with self._writing():
                known = self.db.execute("SELECT id FROM games WHERE record = ?", (record,)).fetchone()
                if known is not None:
                    return self._kept(known[0])
                number = self.db.execute(
                    "INSERT INTO games (game, finished_at, rules, variants, record) VALUES (?, ?, ?, ?, ?)",
                    (game, when, json.dumps(rules, sort_keys=True, default=str), json.dumps(list(variants)),
                     record)).lastrowid
                assert number is not None
                self.db.executemany(
                    "INSERT INTO seats (game_id, seat, name, agent, score, winner) VALUES (?, ?, ?, ?, ?, ?)",
                    [(number, i, s.name, s.agent, float(scores[i]), int(i in winners)) for i, s in enumerate(seats)])
                _rate_game(self.db, number)
                _add_habits(self.db, game, seats, habits)
                return self._kept(number)
        except sqlite3.Error as exc:
            raise LedgerProblem(f"{self.path}: the game could not be kept: {exc}") from None

    def keep_match(self, match: Match, record: str | None) -> Kept | None:
        """:meth:`keep` a finished match, its record saved as ``record`` (a file name)."""
        state = match.state
        return self.keep(match.game.id, dict(match.rules), list(match.variants), list(match.seats),
                         list(state.scores()), list(state.winners()), record, habits=state.habits())

    def habits(self, game: str, seats: Sequence[Seat]) -> list[dict[str, float] | None]:
        """Per seat, its person's habits summed over the games kept (None for a computer
        seat or a person not met at this game)."""
        out: list[dict[str, float] | None] = []
        for seat in seats:
            if seat.agent != HUMAN:
                out.append(None)
                continue
            try:
                rows = self.db.execute("SELECT key, count FROM habits WHERE game = ? AND player = ?",
                                       (game, seat.name)).fetchall()
            except sqlite3.Error as exc:
                raise LedgerProblem(f"{self.path}: the players' habits could not be read: {exc}") from None
            out.append({key: count for key, count in ((key, _habit_count(c)) for key, c in rows[:MAX_HABITS])
                        if isinstance(key, str) and count is not None} or None)
        return out

    def _writing(self) -> sqlite3.Connection:
        self.db.execute("BEGIN IMMEDIATE")  # one copy of Parlour rates at a time
        return self.db

    def _kept(self, number: int) -> Kept:
        (game,) = self.db.execute("SELECT game FROM games WHERE id = ?", (number,)).fetchone()
        played = self._played_by(game, number)
        changes: dict[tuple[str, bool], Change] = {}
        for name, agent, mu0, s0, mu1, s1 in self.db.execute(
                "SELECT name, agent, mu_before, sigma_before, mu_after, sigma_after FROM seats "
                "WHERE game_id = ? ORDER BY seat", (number,)):
            who = _identity(Seat(name, agent))
            changes.setdefault(who, Change(who[0], who[1], Skill(mu0, s0), Skill(mu1, s1), game, played[who]))
        return Kept(number, list(changes.values()))

    def _played_by(self, game: str, number: int) -> dict[tuple[str, bool], int]:
        """Per player, his rated games of ``game`` up to and including the kept game ``number``
        (counted as ``ratings.games`` counts them, a seat a game): the games the ratings after
        it come from, which a game kept again later does not change."""
        played: dict[tuple[str, bool], int] = {}
        for name, agent, seats in self.db.execute(
                "SELECT seats.name, seats.agent, COUNT(*) FROM seats JOIN games ON games.id = seats.game_id "
                "WHERE games.game = ? AND games.id <= ? GROUP BY seats.name, seats.agent", (game, number)):
            who = _identity(Seat(name, agent))
            played[who] = played.get(who, 0) + seats
        return played

    def standings(self, game: str | None = None) -> list[Standing]:
        """The ratings, a game's (or every game's), best first within each game."""
        rows = self.db.execute(
            "SELECT game, who, computer, mu, sigma, games, wins FROM ratings WHERE ? IS NULL OR game = ? "
            "ORDER BY game, mu DESC, who", (game, game)).fetchall()
        return [Standing(g, who, bool(c), Skill(mu, sigma), n, w) for g, who, c, mu, sigma, n, w in rows]

    def recent(self, game: str | None = None, limit: int = 10) -> list[Played]:
        """The last ``limit`` games kept, the newest first."""
        games = self.db.execute(
            "SELECT id, game, finished_at, variants, record FROM games WHERE ? IS NULL OR game = ? "
            "ORDER BY finished_at DESC, id DESC LIMIT ?", (game, game, limit)).fetchall()
        out = []
        for number, game_id, when, variants, record in games:
            seats = [{"name": name, "agent": agent, "score": score, "winner": bool(winner),
                      "rating_before": Skill(mu0, s0).shown if mu0 is not None else None,
                      "rating_after": Skill(mu1, s1).shown if mu1 is not None else None}
                     for name, agent, score, winner, mu0, s0, mu1, s1 in self.db.execute(
                         "SELECT name, agent, score, winner, mu_before, sigma_before, mu_after, sigma_after "
                         "FROM seats WHERE game_id = ? ORDER BY seat", (number,))]
            out.append(Played(number, game_id, when, _json_list(variants), record, seats))
        return out

    def people(self) -> list[str]:
        """The names of the people in the record, the one who played last first."""
        rows = self.db.execute(
            "SELECT seats.name, MAX(games.finished_at || printf('%012d', games.id)) AS last FROM seats "
            "JOIN games ON games.id = seats.game_id WHERE seats.agent = ? GROUP BY seats.name "
            "ORDER BY last DESC", (HUMAN,)).fetchall()
        return [name for name, _ in rows]


def _add_habits(db: sqlite3.Connection, game: str, seats: Sequence[Seat],
                habits: Sequence[Mapping[str, float]] | None) -> None:
    """Add a game's habits to each person's (a plugin's counts are bounded, not trusted)."""
    if habits is None:
        return
    for seat, counts in zip(seats, habits):
        if seat.agent != HUMAN or not isinstance(counts, Mapping):
            continue
        rows = [(game, seat.name, key, float(value)) for key, value in list(counts.items())[:MAX_HABITS]
                if isinstance(key, str) and isinstance(value, (int, float)) and not isinstance(value, bool)
                and 0 <= value <= MAX_HABIT_COUNT]
        db.executemany("INSERT INTO habits (game, player, key, count) VALUES (?, ?, ?, ?) "
                       "ON CONFLICT (game, player, key) DO UPDATE SET count = count + excluded.count", rows)


def _json_list(text: str) -> list[str]:
    try:
        value = json.loads(text)
    except ValueError:
        return []
    return [str(v) for v in value] if isinstance(value, list) else []


class _Unsound(Exception):
    """The file is not a sound record (set it aside); any other failure is a LedgerProblem."""


def _opened(path: Path) -> sqlite3.Connection:
    """Connect, check, and bring the format up to date."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fresh = not path.exists()
        db = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None)
    except (OSError, sqlite3.Error) as exc:
        raise LedgerProblem(f"{path}: cannot open the record: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        if fresh:
            os.chmod(path, 0o600)
        _upgrade(db, path)
        return db
    except BaseException:
        db.close()
        raise


def _upgrade(db: sqlite3.Connection, path: Path) -> None:
    try:
        check = db.execute("PRAGMA quick_check").fetchone()
        if check is None or check[0] != "ok":
            raise _Unsound(f"the database is damaged ({check[0] if check else 'no answer'})")
        db.execute("BEGIN IMMEDIATE")
        try:
            version = _version(db)
            if version > VERSION:
                raise LedgerProblem(f"{path}: made by a newer Parlour (format {version}, this one knows "
                                    f"{VERSION}); it is left as it is and this game is not kept")
            for step in range(version, VERSION):
                MIGRATIONS[step](db)
                db.execute("UPDATE version SET version = ?", (step + 1,))
            _check_columns(db)
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "readonly" in str(exc) or "unable to open" in str(exc):
            raise LedgerProblem(f"{path}: cannot use the record now: {exc}") from None
        raise _Unsound(f"not a Parlour record ({exc})") from None
    except sqlite3.DatabaseError as exc:
        raise _Unsound(f"not a readable database ({exc})") from None


def _version(db: sqlite3.Connection) -> int:
    tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not tables:
        return 0
    if "version" not in tables:
        raise _Unsound("not a Parlour record (it has no version)")
    rows = db.execute("SELECT version FROM version").fetchall()
    if len(rows) != 1 or not isinstance(rows[0][0], int) or rows[0][0] < 1:
        raise _Unsound(f"not a Parlour record (its version is {rows!r:.40})")
    return int(rows[0][0])


def _check_columns(db: sqlite3.Connection) -> None:
    for table, wanted in COLUMNS.items():
        have = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
        if not wanted <= have:
            raise _Unsound(f"not a Parlour record (its table {table!r} lacks {', '.join(sorted(wanted - have))})")


def _set_aside(path: Path) -> Path:
    """Rename a broken record (and a journal of it) to ``<name>.corrupt``, never over a file."""
    target = path.with_name(path.name + ".corrupt")
    number = 2
    while target.exists():
        target = path.with_name(f"{path.name}.corrupt-{number}")
        number += 1
    os.rename(path, target)
    for suffix in ("-journal", "-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            os.rename(side, target.with_name(target.name + suffix))
    return target


def ledger_path(data: Path) -> Path:
    """Where the record lives in the data folder ``data`` (``SaveFolder.root``)."""
    return data / FILE_NAME
