"""Game records: the format that rebuilds a game exactly, and replaying one.

A record holds the game, the exact ruleset, the seed, the seats and the action texts; it is
a user's file, so everything read from one is cleaned and a record that cannot be read or
does not replay is a :class:`RecordError` (one line).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from parlour.core.game import Action, Game, IllegalAction, State
from parlour.core.i18n import _
from parlour.core.inputs import (MAX_DEPTH, RECORD_BYTES, InputProblem, check_data, clean_message, read_text,
                                  shown)
from parlour.core.rulesets import clean_settings
from parlour.core.yamlsource import RulesetError

RECORD_FORMAT = 1
#: more take-backs or advice than a record may count (a game has fewer moves than this)
MAX_TAKEBACKS = 1_000_000


class RecordError(Exception):
    """A game record that cannot be read or does not replay (one line: control characters
    from the file are written out, never echoed)."""

    def __init__(self, message: str) -> None:
        super().__init__(clean_message(message))


#: the ``agent`` of a seat where a person plays
HUMAN = "human"


@dataclass(frozen=True)
class Seat:
    name: str
    agent: str  #: an agent kind of the game, or :data:`HUMAN` for a person


@dataclass
class Record:
    """Everything needed to rebuild a game: the exact ruleset, the seed and the actions."""

    game: str
    rules: dict[str, Any]
    seed: int
    seats: list[Seat]
    variants: list[str] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    scores: list[float] | None = None
    finished: bool = False
    #: the game's ``version`` when the record was made (records from before versions: 1)
    game_version: int = 1
    #: moves a person took back against the computer (the app's take-back), for the results
    takebacks: int = 0
    #: how many decisions each seat asked the computer's advice on (the app's F6); records
    #: from before advice have none, read as none asked
    advice: list[int] = field(default_factory=list)

    def advice_asked(self, seat: int) -> int:
        return self.advice[seat] if 0 <= seat < len(self.advice) else 0

    def count_advice(self, seat: int) -> None:
        """One more decision of ``seat``'s on which the advice was shown."""
        self.advice = [self.advice_asked(s) + (s == seat) for s in range(len(self.seats))]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "game_version": self.game_version,
            "variants": self.variants,
            "ruleset": self.rules,
            "seed": self.seed,
            "seats": [{"name": s.name, "agent": s.agent} for s in self.seats],
            "actions": self.actions,
            "finished": self.finished,
            "scores": self.scores,
            "takebacks": self.takebacks,
            "advice": [self.advice_asked(s) for s in range(len(self.seats))],
        }

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(f"unknown record format {data.get('format')!r} (expected {RECORD_FORMAT})")
        scores = data.get("scores")
        if scores is not None and not (
            isinstance(scores, list) and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in scores)
        ):
            raise RecordError("the record's scores are not a list of numbers")
        game_version = data.get("game_version", 1)
        if not isinstance(game_version, int) or isinstance(game_version, bool) or game_version < 1:
            raise RecordError(f"the record's game_version is not a positive whole number: {game_version!r}")
        takebacks = data.get("takebacks", 0)
        if not isinstance(takebacks, int) or isinstance(takebacks, bool) or not 0 <= takebacks <= MAX_TAKEBACKS:
            raise RecordError(f"the record's takebacks is not a whole number from 0 to {MAX_TAKEBACKS:,}: "
                              f"{shown(takebacks)}")
        advice = data.get("advice", [])
        if not (isinstance(advice, list) and all(
                isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_TAKEBACKS for n in advice)):
            raise RecordError(f"the record's advice is not a list of whole numbers from 0 to {MAX_TAKEBACKS:,}, "
                              f"one a seat: {shown(advice)}")
        try:
            seats = [Seat(str(s["name"]), str(s["agent"])) for s in data["seats"]]
            record = cls(
                game=str(data["game"]),
                rules=dict(data["ruleset"]),
                seed=int(data["seed"]),
                seats=seats,
                variants=[str(v) for v in data.get("variants", [])],
                actions=[str(a) for a in data["actions"]],
                scores=scores,
                finished=bool(data.get("finished", False)),
                game_version=game_version,
                takebacks=takebacks,
                advice=list(advice) if any(advice) else [],  # none asked reads as a new record's
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"the record is incomplete or malformed ({type(exc).__name__}: {exc})") from None
        if advice and len(advice) != len(seats):
            raise RecordError(f"the record's advice counts {len(advice)} seats, not its {len(seats)}")
        return record

    def save(self, path: Path, replace: bool = True) -> None:
        """Write atomically (:func:`write_json`). With ``replace`` False an existing file is
        never written over (FileExistsError)."""
        write_json(path, self.to_json(), replace)

    @classmethod
    def load(cls, path: Path) -> Record:
        """Read a record file through the one door for outside input (a regular file of at
        most :data:`~parlour.core.inputs.RECORD_BYTES`, strict UTF-8, bounded JSON)."""
        try:
            data = parse_json(read_text(Path(path), RECORD_BYTES))
        except InputProblem as exc:
            where = f"{path}:{exc.line}" if exc.line else str(path)
            key = ".".join(map(str, exc.path))
            raise RecordError(f"{where}: {key + ': ' if key else ''}{exc.message}") from None
        try:
            return cls.from_json(data)
        except RecordError as exc:
            raise RecordError(f"{path}: {exc}") from None


def write_json(path: Path, data: Any, replace: bool = True) -> None:
    """``data`` as JSON at ``path``, atomically: a temporary file beside it, flushed to disk,
    then a rename (with ``replace`` False a link, which never writes over a file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1)
            fh.flush()
            os.fsync(fh.fileno())
        if replace:
            os.replace(tmp, path)
        else:
            os.link(tmp, path)  # fails if ``path`` exists: nothing is written over
            os.unlink(tmp)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def parse_json(text: str) -> Any:
    """JSON from outside: ``NaN`` and ``Infinity`` refused, nesting and numbers bounded
    (:func:`~parlour.core.inputs.check_data`); an :class:`InputProblem` says what is wrong."""
    def no_constant(name: str) -> Any:
        raise InputProblem(f"not a finite number: {name}")

    try:
        data = json.loads(text, parse_constant=no_constant)
    except json.JSONDecodeError as exc:
        raise InputProblem(f"not a valid record: {exc.msg} (column {exc.colno})", exc.lineno) from None
    except RecursionError:
        raise InputProblem(f"nested too deep (more than {MAX_DEPTH} levels)") from None
    except ValueError as exc:  # e.g. a whole number of thousands of digits
        raise InputProblem(f"not a valid record: {str(exc).splitlines()[0]}") from None
    check_data(data)
    return data


def replay(game: Game, record: Record, upto: int | None = None) -> State:
    """Rebuild the state after the record's actions (or its first ``upto``)."""
    if record.game != game.id:
        raise RecordError(f"the record is for {record.game!r}, not {game.id!r}")
    try:
        game.require_players(len(record.seats))
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    rules = clean_record_rules(game, record)
    try:
        state = game.new_game(len(record.seats), rules, record.seed)
    except Exception as exc:  # noqa: BLE001 - a record the game cannot deal from is bad data
        raise RecordError(f"the game cannot be dealt from this record: {type(exc).__name__}: {exc}") from None
    replay_actions(game, state, record.actions if upto is None else record.actions[:upto])
    return state


def version_problem(game: Game, record: Record) -> str | None:
    """Why the installed ``game`` cannot replay ``record``, made under another version of
    its actions and ruleset (:attr:`Game.version`); None when the versions agree."""
    if record.game_version == game.version:
        return None
    if record.game_version < game.version and _upgraded(game, record) is not None:
        return None
    if record.game_version < game.version:
        why = _("it was recorded under an older version of {game}'s rules (version {recorded}; version {installed} "
                "is installed), which cannot replay it")
    else:
        why = _("it was recorded under a newer version of {game}'s rules (version {recorded}; version {installed} "
                "is installed), which cannot replay it")
    return why.format(game=game.title, recorded=record.game_version, installed=game.version)


def _upgraded(game: Game, record: Record) -> dict[str, Any] | None:
    """The record's settings as the installed version of ``game`` reads them
    (:meth:`Game.upgrade_rules`), or None when it cannot; a game failing here is a RecordError."""
    try:
        rules = game.upgrade_rules(dict(record.rules), record.game_version)
    except Exception as exc:  # noqa: BLE001 - the plugin's own code on a user's file
        raise RecordError(f"{game.title} failed to read settings of version {record.game_version}: "
                          f"{type(exc).__name__}: {exc}") from None
    return rules if isinstance(rules, dict) else None


def clean_record_rules(game: Game, record: Record) -> dict[str, Any]:
    """The record's ruleset, cleaned against the game's version and schema (records are
    user files); a :class:`RecordError` when it does not fit."""
    problem = version_problem(game, record)
    if problem is not None:
        raise RecordError(problem)
    rules = record.rules if record.game_version == game.version else _upgraded(game, record)
    try:
        return clean_settings(game, rules, "ruleset")
    except RulesetError as exc:
        raise RecordError(f"the record's {exc.path or 'ruleset'}: {exc.message}") from None


def replay_actions(
    game: Game, state: State, texts: Sequence[str], play: Callable[[Action], None] | None = None
) -> None:
    """Play recorded action texts on ``state`` (through ``play`` if given, which is handed
    actions already checked: ``Match.play`` with ``checked=True``); a text that is not legal
    where it stands is a :class:`RecordError`."""
    play = play or state.apply_trusted
    for number, text in enumerate(texts, 1):
        try:
            play(game.legal_action(state, text))
        except IllegalAction as exc:
            raise RecordError(f"action {number} ({text!r}) does not replay: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - a game failing on recorded data: report, not crash
            raise RecordError(f"action {number} ({text!r}) does not replay: {type(exc).__name__}: {exc}") from None
