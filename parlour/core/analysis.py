"""The computer's analysis of a finished game, for one seat.

At each of the seat's decisions the searching player behind ``hard`` looks at the game from
that seat's chair — its view then, and worlds drawn from that view (``State.sample_world``,
as ``hard`` gets them), never the record's hidden truth — and says which move it prefers,
the estimated win chance after that move and after the move played, and what the choice
cost (the win chance lost). A decision is marked by that loss (:data:`MARKS`); the largest
losses are the key moments.

The searcher's raw estimate (the mean result of its simulations, whose rollouts play the
other seats by a model) is not a probability as it stands: it is mapped through a per-game
calibration (:func:`calibrated`, fitted by ``benchmarks/calibration.py --fit`` on games not
used to measure it), so that "40 %" means about four games in ten.

It is reproducible: a decision's generator comes from the seed and its place in the record,
so the same record, budget and seed give the same analysis however many processes share the
work. It is kept beside the record (:func:`cache_path`) and reused when it matches: the same
record, seat, budget and seed, judged by the same searcher (:func:`searcher_version`).
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import random
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from parlour.core.actions import Action
from parlour.core.agents import Budget
from parlour.core.game import Game, State, label_in, move_label, move_short
from parlour.core.i18n import N_, ngettext
from parlour.core.inputs import RECORD_BYTES, InputProblem, read_text
from parlour.core.match import world_sampler
from parlour.core.record import (HUMAN, Record, RecordError, clean_record_rules, parse_json, replay, replay_actions,
                                 write_json)
from parlour.core.search import SearchAgent
from parlour.core.simulate import leave_ctrl_c_to_the_parent, stop_workers

#: the analysis file's format; a kept analysis of another version is made again
ANALYSIS_VERSION = 2
#: simulations a decision by default
DEFAULT_BUDGET = 500
#: win chance lost from which a decision is marked, the worst first
MARKS: tuple[tuple[str, float], ...] = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
#: how many key moments a summary names
KEY_MOMENTS = 3
#: top moves kept for each decision
TOP = 3
#: legal moves searched beside the move played when the game's candidates are that move alone
ALTERNATIVES = 8
#: the move played is tried in at least this share of a decision's simulations (one more
#: simulation in this many): a move the search left after a poor start has a win chance
#: biased low, which would overstate the loss
PLAYED_SHARE = 5


class AnalysisError(Exception):
    """A record that cannot be analysed (one line)."""


#: per game, the calibration's knots (raw estimate, observed win rate), beside this module
CALIBRATION_FILE = Path(__file__).with_name("calibration.json")
#: the most table sizes of one game whose maps a searcher's version is made of (a plugin's
#: ``max_players`` is not bounded)
MAP_COUNTS = 16


@functools.cache
def calibration(game_id: str, players: int | None = None) -> tuple[tuple[float, float], ...]:
    """The knots of ``game_id``'s calibration for a table of ``players``, increasing in both:
    the map fitted at that many players where there is one (``by_players``), else the game's
    own; none (the raw estimate stands) for a game not calibrated or a file that cannot be read.
    A raw estimate means more at a table of three than of four (a fair share is a third, not a
    quarter), so a map fitted at one count misreads another."""
    try:
        entry = json.loads(CALIBRATION_FILE.read_text(encoding="utf-8"))["games"][game_id]
        if players is not None and str(players) in (entry.get("by_players") or {}):
            knots = entry["by_players"][str(players)]["knots"]
        else:
            knots = entry["knots"]
        pairs = tuple((float(x), float(y)) for x, y in knots)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return ()
    ok = all(0 <= x <= 1 and 0 <= y <= 1 for x, y in pairs) and all(
        a[0] < b[0] and a[1] <= b[1] for a, b in zip(pairs, pairs[1:]))
    return pairs if ok else ()


def calibrated(game_id: str, raw: float, players: int | None = None) -> float:
    """The searcher's raw win estimate as a win chance at a table of ``players``: linear
    between the knots of its map (:func:`calibration`), level beyond the first and the last."""
    knots = calibration(game_id, players)
    if not knots:
        return raw
    if raw <= knots[0][0]:
        return knots[0][1]
    for (x0, y0), (x1, y1) in zip(knots, knots[1:]):
        if raw <= x1:
            return y0 + (y1 - y0) * (raw - x0) / (x1 - x0)
    return knots[-1][1]


def chance_words(share: float, write: Callable[[float], str]) -> str:
    """An estimated win chance as ``write`` writes a share, but never a flat 0 or 100: what
    it writes as it writes 0 reads "<" and 1 %, what it writes as 100 ">" and 99 %. The
    estimate is a mean of some hundreds of simulations against modelled players, and a
    decision read "win 0 %" from mid-round on as if the game were lost (a playtest), where
    seats with no simulation won still won now and then (Monte Carlo: 12 of 1,108 such
    decisions in the calibration's games). The app's screens and ``parlour analyse`` both."""
    text = write(share)
    if text == write(0.0):
        return "<" + write(0.01)
    if text == write(1.0):
        return ">" + write(0.99)
    return text


def mark(lost: float) -> str | None:
    """The annotator's mark for a decision that lost ``lost`` win chance (None: a good move)."""
    for name, threshold in MARKS:
        if lost >= threshold:
            return name
    return None


def decision_seed(seed: int, index: int) -> int:
    """The generator seed of the decision at ``index`` in the record: from the analysis
    seed and the place alone, so that results do not depend on the order of the work."""
    return random.Random(f"analysis/{seed}/{index}").getrandbits(48)


def searcher_version(game: Game, rules: Mapping[str, Any]) -> str:
    """What the judge is made of: the game's version and the source of its knowledge for the
    searching player (every file of the package it is written in, which its rollouts and
    candidates come from), of the searcher itself, the move played's floor and the game's
    calibration. A kept analysis made by another searcher is made again: a better ``hard``
    judges the same game differently."""
    counts = range(game.min_players, min(game.max_players, game.min_players + MAP_COUNTS) + 1)
    maps = [calibration(game.id, n) for n in counts]
    digest = hashlib.sha256(f"{ANALYSIS_VERSION}/{PLAYED_SHARE}/{game.id}/{game.version}/{maps}".encode())
    sources = {**_sources(type(game.search_knowledge(rules))), **_sources(SearchAgent)}
    for name in sorted(sources):
        digest.update(name.encode() + b"\0")
        try:
            digest.update(hashlib.sha256(sources[name].read_bytes()).digest())
        except OSError:
            digest.update(b"unreadable")
    return digest.hexdigest()[:20]


def _sources(cls: type) -> dict[str, Path]:
    """The source files a class and its bases come from, by a name that does not depend on
    where they are installed: Parlour's own modules alone, a plugin's whole package."""
    found: dict[str, Path] = {}
    for klass in cls.__mro__:
        module = sys.modules.get(klass.__module__)
        file = getattr(module, "__file__", None)
        if file is None:
            continue
        name, package = klass.__module__, klass.__module__.rpartition(".")[0]
        if package and not name.startswith("parlour."):
            folder = Path(file).parent
            found.update({f"{package}/{p.relative_to(folder).as_posix()}": p for p in folder.rglob("*.py")})
        else:
            found[name] = Path(file)
    return found


def record_digest(record: Record) -> str:
    """What identifies a record's game (its JSON, names and all): a kept analysis is reused
    only for the very record it was made of."""
    return hashlib.sha256(json.dumps(record.to_json(), sort_keys=True).encode()).hexdigest()


#: what a :class:`Decision` holds for its reader only: not written to a file
UNKEPT = frozenset({"played_short", "best_short"})


@dataclass(frozen=True)
class Decision:
    """One of the seat's decisions: ``move`` is its number in the record (1 is the first
    move of the game); win chances are estimates from the seat's view, 0 to 1."""

    move: int
    stage: str | None
    played: str
    played_label: str
    best: str
    best_label: str
    win_played: float
    win_best: float
    lost: float
    mark: str | None
    choices: int
    simulations: int
    #: the searched moves with the most visits: ``{"move", "label", "win", "visits"}``
    top: list[dict[str, Any]] = field(default_factory=list)
    #: the moves played and best in a few words (:func:`~parlour.core.game.move_short`), for
    #: a narrow line: set by :meth:`worded` for the reader, never kept in a file
    played_short: str = field(default="", compare=False)
    best_short: str = field(default="", compare=False)

    def worded(self, game: Game, rules: Mapping[str, Any], state: State | None = None) -> Decision:
        """The decision with its moves' labels in the reader's language now, read back from
        the moves' texts (:func:`~parlour.core.game.move_label`; ``state``: the one the move
        was made in, for a game that reads its moves only there): the labels kept are worded
        in the language the analysis ran in. A text the game cannot read keeps its label."""
        def label(text: Any, kept: Any) -> str:
            return move_label(game, rules, text, kept, state)

        top = [{**m, "label": label(m.get("move"), m.get("label"))} if isinstance(m, dict) else m
               for m in self.top] if isinstance(self.top, list) else self.top
        return replace(self, played_label=label(self.played, self.played_label),
                       best_label=label(self.best, self.best_label), top=top,
                       played_short=move_short(game, rules, self.played), best_short=move_short(game, rules, self.best))


@dataclass
class Analysis:
    game: str
    record: str  #: :func:`record_digest` of the record analysed
    seat: int
    name: str
    budget: int
    seed: int
    decisions: list[Decision]
    #: moves of the seat with one legal choice (nothing to decide; not analysed)
    forced: int = 0
    version: int = ANALYSIS_VERSION
    #: :func:`searcher_version` of the searcher that judged
    searcher: str = ""

    def worded(self, game: Game, rules: Mapping[str, Any], record: Record | None = None) -> Analysis:
        """The analysis with every move's label in the reader's language now
        (:meth:`Decision.worded`), for a report of it; with the ``record`` analysed, each move
        worded in the state it was made in, as the review words it (the command line named
        Casablanca's mover's first answer to a challenge "call: turn the chip over", the review
        "match the stake", a playtest)."""
        states = states_before(game, record, {d.move for d in self.decisions}) if record is not None else {}
        return replace(self, decisions=[d.worded(game, rules, states.get(d.move)) for d in self.decisions])

    def key_moments(self, count: int = KEY_MOMENTS) -> list[Decision]:
        """The marked decisions that lost the most, in the order of the game."""
        marked = sorted((d for d in self.decisions if d.mark), key=lambda d: (-d.lost, d.move))[:count]
        return sorted(marked, key=lambda d: d.move)

    def counts(self) -> dict[str, int]:
        return {name: sum(d.mark == name for d in self.decisions) for name, _ in MARKS}

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "parlour-analysis",
            "version": self.version,
            "game": self.game,
            "record": self.record,
            "seat": self.seat,
            "name": self.name,
            "budget": self.budget,
            "seed": self.seed,
            "searcher": self.searcher,
            "thresholds": {name: threshold for name, threshold in MARKS},
            "decisions": [{k: v for k, v in asdict(d).items() if k not in UNKEPT} for d in self.decisions],
            "forced": self.forced,
            "key_moments": [d.move for d in self.key_moments()],
            "summary": {
                "decisions": len(self.decisions),
                **self.counts(),
                "win_lost": sum(d.lost for d in self.decisions),
            },
        }

    @classmethod
    def from_json(cls, data: Any) -> Analysis:
        """An analysis read back from its file; ValueError (or KeyError, TypeError) when it
        is not one."""
        if not isinstance(data, dict) or data.get("format") != "parlour-analysis":
            raise ValueError("not an analysis")
        fields = set(Decision.__dataclass_fields__) - UNKEPT
        decisions = [Decision(**{k: v for k, v in d.items() if k in fields}) for d in data["decisions"]]
        numbers = ("move", "win_played", "win_best", "lost", "choices", "simulations")
        for d in decisions:  # what the review computes with (its words are shown as they are)
            if d.mark not in (None, *dict(MARKS)) or not all(
                    isinstance(getattr(d, n), (int, float)) and not isinstance(getattr(d, n), bool) for n in numbers):
                raise ValueError(f"not an analysis: move {d.move!r}")
        return cls(str(data["game"]), str(data["record"]), int(data["seat"]), str(data["name"]),
                   int(data["budget"]), int(data["seed"]), decisions, int(data["forced"]), int(data["version"]),
                   str(data.get("searcher", "")))


def default_seat(record: Record) -> int:
    """The seat analysed when none is named: the first person's, else the first."""
    return next((i for i, s in enumerate(record.seats) if s.agent == HUMAN), 0)


def states_before(game: Game, record: Record, moves: Iterable[int]) -> dict[int, State]:
    """The state each of ``moves`` (1 is the record's first move) was made in, replayed from
    ``record``: as far as the record replays (the moves beyond a failure are left out)."""
    wanted, found = set(moves), {}
    numbers = itertools.count(1)

    def play(action: Action) -> None:
        number = next(numbers)
        if number in wanted:
            found[number] = state.clone()
        state.apply_trusted(action)

    try:
        state = replay(game, record, upto=0)
        replay_actions(game, state, record.actions, play)  # plugin code failing: a RecordError
    except RecordError:
        pass  # what replayed is worded in its state
    return found


def seat_decisions(game: Game, record: Record, seat: int) -> tuple[list[int], int]:
    """The indices in ``record.actions`` of ``seat``'s decisions with a real choice, and how
    many of its moves were forced (one legal move, or moves the game's knowledge calls
    indifferent: Banque Fatale's last picks from the pool); an :class:`AnalysisError` when the record does not
    replay to its end."""
    try:
        state = replay(game, record, upto=0)
    except RecordError as exc:
        raise AnalysisError(str(exc)) from None
    knowledge = None
    try:
        knowledge = game.search_knowledge(clean_record_rules(game, record))
    except Exception:  # noqa: BLE001 - plugin code: without it, every choice is judged
        pass
    chosen: list[int] = []
    forced = 0
    for index, text in enumerate(record.actions):
        if state.to_move == seat:
            if len(state.legal_actions()) > 1 and not _indifferent(knowledge, state, seat):
                chosen.append(index)
            else:
                forced += 1
        try:
            state.apply_trusted(game.legal_action(state, text))
        except Exception as exc:  # noqa: BLE001 - a game failing on recorded data: report, not crash
            raise AnalysisError(f"action {index + 1} ({text!r}) does not replay: {type(exc).__name__}: {exc}") from None
    if not state.is_over:
        raise AnalysisError(f"the game is not finished ({len(record.actions)} moves recorded): "
                            "only a finished game is analysed")
    return chosen, forced


def _indifferent(knowledge: Any, state: State, seat: int) -> bool:
    """Whether the game's knowledge says no choice of ``seat``'s here changes a score
    (``Knowledge.indifferent``; plugin code: a failure is as no)."""
    if knowledge is None:
        return False
    try:
        return knowledge.indifferent(state.view(seat)) is True
    except Exception:  # noqa: BLE001 - judged as any choice is
        return False


def analyse_decision(game: Game, record: Record, seat: int, index: int, budget: int, seed: int,
                     progress: Callable[[float], None] | None = None, *, calibrate: bool = True) -> Decision:
    """The analysis of the move at ``index`` (the seat's): the game replayed to it, then
    :func:`judge`."""
    state = replay(game, record, upto=index)
    if state.to_move != seat:
        raise AnalysisError(f"move {index + 1} is not {record.seats[seat].name}'s")
    return judge(game, clean_record_rules(game, record), state, record.actions[index], index, budget, seed, progress,
                 calibrate=calibrate)


def judge(game: Game, rules: Mapping[str, Any], state: State, played_text: str, index: int, budget: int,
          seed: int, progress: Callable[[float], None] | None = None, *, calibrate: bool = True) -> Decision:
    """Judge the move ``played_text`` of the seat to move in ``state`` (move ``index + 1``
    of its game) by a search from that seat's view alone, the move played searched beside
    the game's candidates. Of ``state`` only the view and the worlds it allows are read.
    The win chances are :func:`calibrated` (``calibrate=False``: the searcher's raw ones)."""
    seat = state.to_move
    assert seat is not None
    view = state.view(seat)
    legal = state.legal_actions()
    played = game.legal_action(state, played_text)
    agent = SearchAgent(game.search_knowledge(rules), Budget(iterations=budget))
    worlds = world_sampler(state, seat)
    floor = max(1, budget // PLAYED_SHARE)
    found = agent.search(view, legal, random.Random(decision_seed(seed, index)), worlds, progress, also=[played],
                         floor=floor)
    # the game offered the move played alone: it is the computer's choice too (``hard`` plays it
    # unsearched), searched beside others for its win chance only. A playtest's analysis marked
    # letting a claim known true pass a blunder against challenging it, a move the game's own
    # advice rules out and the search reads badly (its models never meet it in play)
    alone = not found.iterations
    if alone:
        found = agent.search(view, legal, random.Random(decision_seed(seed, index)), worlds, progress,
                             also=[played, *legal[:ALTERNATIVES]], floor=floor)
    moves = found.moves
    mine = next(m for m in moves if m.action == played)
    best = mine if alone else moves[found.most_visited()]

    def win(move: Any) -> float:
        raw = move.win or 0.0
        return round(calibrated(game.id, raw, state.players) if calibrate else raw, 4)

    win_best, win_played = win(best), win(mine)
    lost = max(0.0, round(win_best - win_played, 4)) if best.action != played else 0.0
    top = sorted(moves, key=lambda m: (-m.visits, -(m.win or 0.0)))[:TOP]
    return Decision(
        move=index + 1, stage=state.stage(), played=played.text, played_label=label_in(game, state, played),
        best=best.action.text, best_label=label_in(game, state, best.action),
        win_played=win_played, win_best=win_best, lost=lost, mark=mark(lost),
        choices=len(legal), simulations=found.iterations,
        top=[{"move": m.action.text, "label": label_in(game, state, m.action), "win": win(m), "visits": m.visits}
             for m in top],
    )


# -- spreading the decisions over processes ----------------------------------------------------

_WORKER: dict[str, Any] = {}


def _start_worker(plugins: tuple[str, ...], record_json: dict[str, Any]) -> None:
    """A worker ignores ctrl+c (the parent stops it) and reads the game and record once."""
    from parlour.core.registry import discover

    leave_ctrl_c_to_the_parent()
    record = Record.from_json(record_json)
    _WORKER["game"] = discover(plugins).get(record.game)
    _WORKER["record"] = record


def _work(seat: int, index: int, budget: int, seed: int) -> Decision:
    return analyse_decision(_WORKER["game"], _WORKER["record"], seat, index, budget, seed)


def analyse(game: Game, record: Record, seat: int, budget: int = DEFAULT_BUDGET, seed: int = 0, jobs: int = 1,
            progress: Callable[[int, int, float], None] | None = None,
            plugins: tuple[str, ...] = ()) -> Analysis:
    """Analyse ``seat``'s decisions in ``record`` (a finished game of ``game``) with
    ``budget`` simulations each. ``progress(done, total, share)`` is told the decisions done
    and the share of the whole, at the start, after each decision and (one process) within
    one (with ``jobs`` > 1 the decisions are spread over that many processes, ``plugins``
    the specs they load the game from, and progress is told every half second too); the
    result is the same whatever ``jobs`` is."""
    if not 0 <= seat < len(record.seats):
        raise AnalysisError(f"there is no seat {seat + 1} (the game had {len(record.seats)})")
    if not 1 <= budget <= 1_000_000:
        raise AnalysisError(f"the budget must be 1 to 1,000,000 simulations, not {budget}")
    indices, forced = seat_decisions(game, record, seat)
    total = len(indices)
    tell = progress or (lambda done, total, share: None)
    tell(0, total, 0.0)
    results: dict[int, Decision] = {}
    if jobs <= 1 or total <= 1:
        for done, index in enumerate(indices):
            results[index] = analyse_decision(
                game, record, seat, index, budget, seed,
                (lambda share, done=done: tell(done, total, (done + share) / total)) if progress else None)
            tell(done + 1, total, (done + 1) / total)
    else:
        results = _analyse_in_pool(record, seat, indices, budget, seed, jobs, plugins, tell)
    decisions = [results[i] for i in indices]
    return Analysis(game.id, record_digest(record), seat, record.seats[seat].name, budget, seed, decisions, forced,
                    searcher=searcher_version(game, clean_record_rules(game, record)))


def _analyse_in_pool(record: Record, seat: int, indices: Sequence[int], budget: int, seed: int, jobs: int,
                     plugins: tuple[str, ...], tell: Callable[[int, int, float], None]) -> dict[int, Decision]:
    total = len(indices)
    results: dict[int, Decision] = {}
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_start_worker, initargs=(plugins, record.to_json()))
    try:
        pending: dict[Future[Decision], int] = {pool.submit(_work, seat, i, budget, seed): i for i in indices}
        while pending:
            done, _ = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
            for future in done:
                results[pending.pop(future)] = future.result()
            tell(len(results), total, len(results) / total)  # also every half second: still alive
    except BaseException:
        stop_workers(pool)
        pool.shutdown(wait=False)
        raise
    pool.shutdown()
    return results


# -- kept beside the record --------------------------------------------------------------------

def cache_path(record_path: Path) -> Path:
    """Where a record's analyses are kept: ``NAME.analysis.json`` beside ``NAME.json``."""
    name = record_path.name
    stem = name[: -len(".json")] if name.endswith(".json") else name
    return record_path.with_name(f"{stem}.analysis.json")


def kept(record_path: Path, game: Game, record: Record, seat: int, budget: int, seed: int) -> Analysis | None:
    """The analysis kept beside the record for this seat, budget and seed, if it is of this
    very record, of this version and by the searcher ``game`` has now; None otherwise (an
    unreadable file is made again)."""
    try:
        data = parse_json(read_text(cache_path(record_path), RECORD_BYTES))
        entries = data["analyses"]
        wanted = (ANALYSIS_VERSION, record_digest(record), seat, budget, seed,
                  searcher_version(game, clean_record_rules(game, record)))
        for entry in entries:
            found = Analysis.from_json(entry)
            if (found.version, found.record, found.seat, found.budget, found.seed, found.searcher) == wanted:
                return found
    except (InputProblem, OSError, KeyError, TypeError, ValueError, AttributeError, RecordError):
        return None  # AttributeError: a part of some other shape (a list where an object was)
    return None


def keep(record_path: Path, analysis: Analysis) -> None:
    """Write ``analysis`` beside the record, replacing any of the same seat, budget and seed
    (others kept, if they are of this record and searcher); an OSError if the folder cannot
    be written."""
    entries: list[dict[str, Any]] = []
    try:
        old = parse_json(read_text(cache_path(record_path), RECORD_BYTES))
        entries = [e for e in old["analyses"] if isinstance(e, dict) and e.get("record") == analysis.record
                   and e.get("version") == ANALYSIS_VERSION and e.get("searcher") == analysis.searcher
                   and (e.get("seat"), e.get("budget"), e.get("seed")) != (analysis.seat, analysis.budget, analysis.seed)]
    except (InputProblem, OSError, KeyError, TypeError, ValueError):
        entries = []
    entries.append(analysis.to_json())
    write_json(cache_path(record_path), {"format": "parlour-analyses", "analyses": entries})


#: each mark in words, marked for the host's catalog (shown through ``_``)
MARK_WORDS = {"blunder": N_("blunder"), "mistake": N_("mistake"), "inaccuracy": N_("inaccuracy")}


def marks_counted(mark: str, n: int) -> str:
    """``n`` marks of one kind in the reader's language and plural ("1 mistake", "3 mistakes"):
    the review's and ``parlour analyse``'s words alike."""
    if mark == "blunder":
        return ngettext("{n} blunder", "{n} blunders", n).format(n=n)
    if mark == "mistake":
        return ngettext("{n} mistake", "{n} mistakes", n).format(n=n)
    return ngettext("{n} inaccuracy", "{n} inaccuracies", n).format(n=n)
