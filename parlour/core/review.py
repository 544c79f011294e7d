"""Looking back at a game: the scores after every stage of it, what each seat was shown of
it at every step, and finding a record by name. Two sources give the review screen the same
things (:class:`ReviewSource`): a record replayed (:class:`Review`), and what a player at a
hosted table was sent (:class:`SeenReview`: his seat only, for he never has the record).

Headless (no Textual): ``parlour replay`` and the app's results and review screens use it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from parlour.core.game import Event, Game, State, label_in, seat_label
from parlour.core.i18n import _, ngettext
from parlour.core.record import HUMAN, Record, RecordError, replay, replay_actions


def _more(seen: int) -> str:
    """`` (and 2 more in the log)`` after the first of ``seen`` events, or nothing."""
    if seen < 2:
        return ""
    return " " + ngettext("(and {n} more in the log)", "(and {n} more in the log)", seen - 1).format(n=seen - 1)


#: the blocks of a sparkline, lowest first
_BLOCKS = "▁▂▃▄▅▆▇█"


@dataclass(frozen=True)
class StageScores:
    """Everyone's score when a stage of the game ("Round 3", "Game 2") ended, after ``step``
    moves; a score None is one the seat the row was made for was not shown."""

    stage: str
    scores: list[float | None]
    step: int = 0


def running_scores(view: Mapping[str, Any], players: int) -> list[Any] | None:
    """Scores a seat may see during play: a ``scores`` or ``points`` list in its own view.

    ``State.scores()`` is not used before the end: it may count things the seat cannot see."""
    for key in ("scores", "points"):
        value = view.get(key)
        if isinstance(value, list) and len(value) == players:
            return value
    return None


def seen_scores(state: State, seat: int | None) -> list[float | None]:
    """Everyone's score as ``seat`` (None: an onlooker) was shown it in ``state``: where its
    view carries scores (:func:`running_scores`), those, None for any that is not a number
    (a "?" behind closed screens); else the state's own, which a game that keeps no scores in
    its views shows every seat at the end of a stage (see ``State.stage``)."""
    scores = list(state.scores())
    shown = running_scores(state.view(seat), len(scores))
    return scores if shown is None else _numbers(shown)


def _numbers(shown: Sequence[Any]) -> list[float | None]:
    """Scores from a view as numbers, None for any that is not one (a "?" behind a screen)."""
    return [float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None for v in shown]


def stage_scores(
    game: Game, record: Record, after: Callable[[State], None] | None = None,
    scores: Callable[[State], list[float | None]] | None = None,
) -> tuple[State, list[StageScores]]:
    """Replay ``record`` and note the scores each time ``State.stage()`` changes, and at the
    end (a :class:`RecordError` if it does not replay). A game without stages has one row,
    "End", with the final scores. ``after`` is shown the state as dealt and after each move
    (the review keeps copies of them); ``scores`` (by default ``State.scores``, everything)
    says which scores a row holds: ``lambda s: seen_scores(s, seat)`` for one seat's."""
    state = replay(game, record, upto=0)  # the record checked (game, version, rules) and dealt
    score = scores or (lambda s: list(s.scores()))
    rows: list[StageScores] = []
    stage = state.stage()
    moves = 0
    if after is not None:
        after(state)

    def play(action: object) -> None:
        nonlocal stage, moves
        state.apply_trusted(action)  # type: ignore[arg-type]
        moves += 1
        if after is not None:
            after(state)
        now = state.stage()
        if now != stage and stage is not None and not state.is_over:
            rows.append(StageScores(stage, score(state), moves))
        stage = now

    replay_actions(game, state, record.actions, play)
    if state.is_over or not rows:
        rows.append(StageScores(stage if stage is not None else _("End"), score(state), moves))
    return state, rows


class ReviewSource(Protocol):
    """What the review screen reads: the names and rules of the table, the seats people
    played, the seats whose views may be shown (None: an onlooker's), a state-like object
    for each step (``view``, ``events``, ``events_for``, ``stage``), the steps where a stage
    begins, a line for what led to each step, and the scores after each stage."""

    names: list[str]
    rules: Mapping[str, Any]
    humans: list[int]
    seats: list[int | None]
    states: Sequence[Any]
    stage_starts: list[int]
    unit: str  #: what a step is called: "Move", or "Step" when a step is one message

    @property
    def last(self) -> int: ...

    def last_move(self, step: int, seat: int | None) -> str: ...

    def history(self, seat: int | None) -> list[StageScores]: ...


class Review:
    """A game replayed once, and what each seat was shown of it at every step: the one source
    of the review screen's texts. A seat is shown its view, the events it saw, and of a move
    not its own only the events it saw of that move: never the record's text of another
    seat's move, which may be a sealed bid or a secret answer. ``seat`` None is an onlooker."""

    def __init__(self, game: Game, record: Record) -> None:
        self.game = game
        self.record = record
        self.names = [s.name for s in record.seats]
        self.rules: Mapping[str, Any] = record.rules
        self.humans = [i for i, s in enumerate(record.seats) if s.agent == HUMAN]
        self.seats: list[int | None] = [*range(len(record.seats)), None]
        self.unit = "Move"
        #: the state as dealt and after each move, and the steps where a stage begins
        self.states: list[State] = []
        self.stage_starts: list[int] = []
        _rows, self.stages = stage_scores(game, record, after=self._keep)

    def _keep(self, state: State) -> None:
        if not self.states or state.stage() != self.states[-1].stage():
            self.stage_starts.append(len(self.states))
        self.states.append(state.clone())

    @property
    def last(self) -> int:
        """The last step (the number of moves replayed)."""
        return len(self.states) - 1

    def seen_of_move(self, step: int, seat: int | None) -> list[Event]:
        """The events of the move that led to ``step`` that ``seat`` saw."""
        if not step:
            return []
        start, after = len(self.states[step - 1].events), self.states[step]
        return after.events_for(seat, start) if len(after.events) >= start else []

    def last_move(self, step: int, seat: int | None) -> str:
        """The move that led to ``step`` as ``seat`` saw it, with seat labels ("Player 2"):
        its own move in full (its label); another's as the first event it saw after it (the
        rest are in its log), or only whose move it was when it saw nothing of it."""
        if not step:
            return _("The deal, before the first move")
        before = self.states[step - 1]
        mover = before.to_move
        who = seat_label(mover) if mover is not None else _("nobody")
        if seat is not None and seat == mover:
            played = self.record.actions[step - 1]
            try:
                played = label_in(self.game, before, self.game.legal_action(before.clone(), played))
            except Exception:  # noqa: BLE001 - the record's own text of this seat's own move will do
                pass
            return _("Last move, {who}'s: {played}").format(who=who, played=played)
        seen = self.seen_of_move(step, seat)
        if not seen:
            if seat is None:
                return _("Last move, {who}'s: nothing of it in an onlooker's log").format(who=who)
            return _("Last move, {who}'s: nothing of it in {seat}'s log").format(who=who, seat=seat_label(seat))
        # "After Dmitri's move: Cleo challenges …": what a seat saw of another's move may be
        # another's doing, the outcome the move brought out (Casablanca's secret commits are
        # told once the last is made); "Last move, Dmitri's: Cleo challenges" read wrong
        return _("After {who}'s move: {played}").format(who=who, played=seen[0].text) + _more(len(seen))

    def history(self, seat: int | None) -> list[StageScores]:
        """The scores after every stage as ``seat`` was shown them then."""
        return [StageScores(row.stage, seen_scores(self.states[row.step], seat), row.step) for row in self.stages]


@dataclass(frozen=True)
class SeenStep:
    """One message's worth of what a seat was sent at a hosted table: its view, every event
    it had seen by then, whose move it was and the stage; read like a state by the review."""

    shown: Mapping[str, Any]
    events: tuple[Event, ...]
    to_move: int | None
    stage_name: str | None

    def view(self, seat: int | None) -> Mapping[str, Any]:
        return self.shown

    def events_for(self, seat: int | None, start: int = 0) -> list[Event]:
        return list(self.events[start:])

    def stage(self) -> str | None:
        return self.stage_name


class SeenReview:
    """The review of a hosted game as its player's app has it: only what the host sent his
    seat, step by step (one step a ``table`` message), and the final scores. Nothing in it
    was hidden from him, so it offers no other seat's view and no onlooker's."""

    def __init__(self, seat: int, names: Sequence[str], agents: Sequence[str], rules: Mapping[str, Any],
                 steps: Sequence[SeenStep], final: Sequence[float]) -> None:
        if not steps:
            raise ValueError("nothing was seen of the game")
        self.seat = seat
        self.names = list(names)
        self.rules = rules
        self.humans = [i for i, agent in enumerate(agents) if agent == HUMAN]
        self.seats: list[int | None] = [seat]
        self.unit = "Step"
        self.states = list(steps)
        self.final = list(final)
        self.stage_starts = [i for i, step in enumerate(self.states)
                             if not i or step.stage() != self.states[i - 1].stage()]

    @property
    def last(self) -> int:
        return len(self.states) - 1

    def last_move(self, step: int, seat: int | None) -> str:
        """What the seat was shown since the step before: the first new event (the rest are
        in its log), or that nothing it could see happened."""
        if not step:
            return _("The table as you sat down")
        seen = self.states[step].events[len(self.states[step - 1].events):]
        if not seen:
            return _("Since the step before: nothing new in your log")
        return _("Since the step before: {event}").format(event=seen[0].text) + _more(len(seen))

    def _scores(self, step: int, final: bool = False) -> list[float | None]:
        shown = running_scores(self.states[step].view(self.seat), len(self.names))
        if shown is None:
            return list(self.final) if final else [None] * len(self.names)
        return _numbers(shown)

    def history(self, seat: int | None) -> list[StageScores]:
        """The scores after each stage as the seat's view showed them when the next began
        ("?" where it showed none), and at the end."""
        rows = [StageScores(str(self.states[i - 1].stage()), self._scores(i), i)
                for i in self.stage_starts if i and self.states[i - 1].stage() is not None]
        end = self.states[-1].stage()
        rows.append(StageScores(end if end is not None else _("End"), self._scores(self.last, final=True), self.last))
        return rows


def sparkline(values: Sequence[float | None], low: float | None = None, high: float | None = None) -> str:
    """``values`` as a line of block characters on a scale from ``low`` to ``high`` (by
    default their own lowest and highest; give everyone's to compare several lines); a
    value None (not shown) is a space."""
    known = [v for v in values if v is not None]
    if not known:
        return " " * len(values)
    low = min(known) if low is None else low
    high = max(known) if high is None else high
    if high <= low:
        return "".join(" " if v is None else _BLOCKS[len(_BLOCKS) // 2] for v in values)
    top = len(_BLOCKS) - 1
    return "".join(" " if v is None else _BLOCKS[min(top, max(0, round((v - low) / (high - low) * top)))]
                   for v in values)


def find_record(name: str, folder: Path) -> Path:
    """The record ``name`` names: a path to a file, else a file in ``folder`` (the records
    folder) called ``name`` or ``name.json``, else the one file there whose name starts with
    ``name``. A :class:`RecordError` (one line) says what was looked for, and the candidates
    when several match."""
    given = Path(name)
    if given.is_file():
        return given
    if "/" in name or "\\" in name or name in ("", ".", ".."):
        raise RecordError(f"{name}: no such record file")
    for candidate in (folder / name, folder / f"{name}.json"):
        if candidate.is_file():
            return candidate
    try:
        matches = sorted(p for p in folder.glob("*.json")
                         if p.name.startswith(name) and not p.name.endswith(".analysis.json") and p.is_file())
    except OSError:
        matches = []
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise RecordError(f"{name}: no such record file, nor a record of that name in {folder}")
    shown = ", ".join(p.name for p in matches[:5]) + (f" and {len(matches) - 5} more" if len(matches) > 5 else "")
    raise RecordError(f"{name}: {len(matches)} records in {folder} start so ({shown}); give more of the name")
