"""Looking back at a game: the scores after every stage of it, and finding a record by name.

Headless (no Textual): ``parlour replay`` and the app's results screen both use it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from parlour.core.game import Game, State
from parlour.core.record import Record, RecordError, replay, replay_actions

#: the blocks of a sparkline, lowest first
_BLOCKS = "▁▂▃▄▅▆▇█"


@dataclass(frozen=True)
class StageScores:
    """Everyone's score when a stage of the game ("Round 3", "Game 2") ended."""

    stage: str
    scores: list[float]


def stage_scores(
    game: Game, record: Record, after: Callable[[State], None] | None = None
) -> tuple[State, list[StageScores]]:
    """Replay ``record`` and note the scores each time ``State.stage()`` changes, and at the
    end (a :class:`RecordError` if it does not replay). A game without stages has one row,
    "End", with the final scores. ``after`` is shown the state as dealt and after each move
    (the review keeps copies of them)."""
    state = replay(game, record, upto=0)  # the record checked (game, version, rules) and dealt
    rows: list[StageScores] = []
    stage = state.stage()
    if after is not None:
        after(state)

    def play(action: object) -> None:
        nonlocal stage
        state.apply(action)  # type: ignore[arg-type]
        if after is not None:
            after(state)
        now = state.stage()
        if now != stage and stage is not None and not state.is_over:
            rows.append(StageScores(stage, list(state.scores())))
        stage = now

    replay_actions(game, state, record.actions, play)
    if state.is_over or not rows:
        rows.append(StageScores(stage if stage is not None else "End", list(state.scores())))
    return state, rows


def sparkline(values: Sequence[float], low: float | None = None, high: float | None = None) -> str:
    """``values`` as a line of block characters on a scale from ``low`` to ``high`` (by
    default their own lowest and highest; give everyone's to compare several lines)."""
    if not values:
        return ""
    low = min(values) if low is None else low
    high = max(values) if high is None else high
    if high <= low:
        return _BLOCKS[len(_BLOCKS) // 2] * len(values)
    top = len(_BLOCKS) - 1
    return "".join(_BLOCKS[min(top, max(0, round((v - low) / (high - low) * top)))] for v in values)


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
        matches = sorted(p for p in folder.glob("*.json") if p.name.startswith(name) and p.is_file())
    except OSError:
        matches = []
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise RecordError(f"{name}: no such record file, nor a record of that name in {folder}")
    shown = ", ".join(p.name for p in matches[:5]) + (f" and {len(matches) - 5} more" if len(matches) > 5 else "")
    raise RecordError(f"{name}: {len(matches)} records in {folder} start so ({shown}); give more of the name")
