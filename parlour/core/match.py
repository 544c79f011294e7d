"""The match runner: seated agents and the turn loop; the record it writes is
:mod:`parlour.core.record`."""

from __future__ import annotations

import contextlib
import inspect
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.core.agents import Agent, Progress, Sampler, abilities, decide
from parlour.core.game import PLUGIN_FAULTS, Action, Game, IllegalAction, PluginError, State, guarded
from parlour.core.inputs import shown
from parlour.core.record import Record, Seat

#: seconds a computer player may think over one decision before the match stops (headless)
DEFAULT_TIME_LIMIT = 60.0


class _TimeUp(BaseException):
    """Raised into a computer player's decision at its deadline (a BaseException, so that an
    agent's own ``except Exception`` cannot swallow it)."""


def _time_up(signum: int, frame: object) -> None:
    raise _TimeUp


@contextlib.contextmanager
def deadline(seconds: float | None) -> Iterator[None]:
    """Raise :class:`_TimeUp` into the code under it after ``seconds`` (a real-time alarm,
    which also wakes a blocking call). Only the main thread can take a signal: elsewhere,
    and with ``seconds`` None, nothing is timed (the app times its worker itself)."""
    if seconds is None or threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGALRM, _time_up)
    started = time.monotonic()
    outer, interval = signal.setitimer(signal.ITIMER_REAL, max(seconds, 1e-6))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer > 0:  # somebody else's alarm was running (a test runner's time limit): it goes on
            signal.setitimer(signal.ITIMER_REAL, max(outer - (time.monotonic() - started), 1e-6), interval)


def agent_seed(seed: int, seat: int) -> int:
    """Each seat's agent draws from its own generator, derived from the game's seed."""
    return (seed * 1_000_003 + 7919 * (seat + 1)) & 0xFFFFFFFFFFFF


Observer = Callable[[State, int, Action], None]


class LazyView(Mapping[str, Any]):
    """``state.view(seat)``, built when first read. The runner hands it to agents that say
    they do not read the view (``reads_view = False``), so that building the view is paid
    only if one reads it after all. It belongs to one decision: once the match has moved on,
    an unread one refuses to be read rather than show a later state."""

    __slots__ = ("_state", "_seat", "_view")

    def __init__(self, state: State, seat: int) -> None:
        self._state: State | None = state
        self._seat = seat
        self._view: dict[str, Any] | None = None

    def built(self) -> dict[str, Any]:
        """The view as a plain dict."""
        view = self._view
        if view is None:
            if self._state is None:
                raise RuntimeError("the view of a past decision was read after the match moved on")
            view = self._view = self._state.view(self._seat)
        return view

    def expire(self) -> None:
        """The decision is over: keep the view if it was built, else never build it."""
        self._state = None

    def __getitem__(self, key: str) -> Any:
        return self.built()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.built())

    def __len__(self) -> int:
        return len(self.built())

    def __repr__(self) -> str:
        return f"LazyView({self._view!r})" if self._view is not None else f"LazyView(seat {self._seat}, unread)"


_TAKES_QUIET: dict[type, bool] = {}


def takes_quiet(state: State) -> bool:
    """Whether the state's ``sample_world`` takes ``quiet`` (plugins written before it do
    not); looked up once per class."""
    cls = type(state)
    found = _TAKES_QUIET.get(cls)
    if found is None:
        try:
            params = inspect.signature(cls.sample_world).parameters.values()
        except (TypeError, ValueError):
            params = ()  # type: ignore[assignment]
        found = _TAKES_QUIET[cls] = any(
            p.name == "quiet" or p.kind is inspect.Parameter.VAR_KEYWORD for p in params)
    return found


def world_sampler(state: State, seat: int) -> Sampler:
    """What the runner hands a searching agent: draws a quiet world (no event log) that
    ``seat`` cannot tell from ``state``; a plain one if the game has no quiet worlds."""
    sample = state.sample_world
    if takes_quiet(state):
        return lambda rng: sample(seat, rng, quiet=True)
    return lambda rng: sample(seat, rng)


def player_name(kind: str, seat: int, title: str) -> str:
    """The computer player ``kind`` (``"hard:200"``) at ``seat``, as an error names it."""
    return f"the computer player {shown(kind)!r} in seat {seat + 1} of {title}"


def consult(agent: Agent, state: State, seat: int, view: Mapping[str, Any], legal: Sequence[Action],
            rng: random.Random, kind: str, title: str, time_limit: float | None = None,
            progress: Progress | None = None) -> Action:
    """The choice of ``agent`` (of the ``kind`` ``"hard:200"``) at ``seat`` of ``state``, a game
    of ``title``, from ``view`` and ``legal`` alone (and, for a searching agent, worlds drawn
    from that view): the door of a computer player's code. What its code raises (a
    SystemExit too), or taking longer than ``time_limit`` seconds (None: no limit; a ``quick``
    agent is not timed), is a :class:`PluginError` that names it (:func:`player_name`).
    Whether the choice is legal is the caller's to check (:func:`illegal_choice`)."""
    able = abilities(agent)
    limit = None if able.quick else time_limit
    try:
        if able.wants_worlds or able.reports_progress:
            with deadline(limit):
                return decide(agent, view, legal, rng, worlds=world_sampler(state, seat), progress=progress)
        if limit is None:
            return agent.choose(view, legal, rng)  # what decide does for plain agents
        with deadline(limit):
            return agent.choose(view, legal, rng)
    except _TimeUp:
        raise PluginError(f"{player_name(kind, seat, title)} took longer than {limit:g} s to decide") from None
    except PLUGIN_FAULTS as exc:  # an agent's own PluginError is its failure too
        guarded(player_name(kind, seat, title), passes=()).fail(exc)


def illegal_choice(who: str, action: object, reason: str = "") -> PluginError:
    """The error that says the computer player ``who`` chose ``action``, which is not legal
    (because of ``reason``, when known)."""
    text = getattr(action, "text", None) if isinstance(action, Action) else None
    what = repr(shown(text)) if isinstance(text, str) else f"a {type(action).__name__}"
    return PluginError(f"{who} chose {what}, which is not a legal move{': ' if reason else ''}{reason}")


@dataclass
class Match:
    """One game between seated agents. ``play`` runs it to the end.

    Each seat's agent draws from one generator for the whole match (:meth:`decision_rng`).
    Agents with ``reads_view = False`` get a :class:`LazyView`, agents with
    ``wants_worlds`` quiet worlds (:func:`world_sampler`). The record's action texts are
    written when the record is read (:attr:`record`), not at every move."""

    game: Game
    rules: Mapping[str, Any]
    seed: int
    seats: Sequence[Seat]
    agents: Sequence[Agent]
    variants: Sequence[str] = ()
    #: seconds a computer player may take over one decision (None: no limit); past it the
    #: decision fails with a :class:`PluginError`. Timed only in the main thread.
    time_limit: float | None = None
    #: per seat, what earlier games showed of its player (``State.habits``; None for none),
    #: handed to the agents that recall it (``Abilities.recalls``) when the match is made
    habits: Sequence[Mapping[str, float] | None] = ()
    state: State = field(init=False)
    _record: Record = field(init=False, repr=False)
    #: actions played whose texts are not yet in the record
    _unwritten: list[Action] = field(init=False, repr=False)
    _rngs: list[random.Random | None] = field(init=False, repr=False)
    _lazy: LazyView | None = field(init=False, repr=False, default=None)

    def __post_init__(self) -> None:
        self.game.require_players(len(self.seats))
        if len(self.agents) != len(self.seats):
            raise ValueError("one agent per seat")
        self.state = self.game.new_game(len(self.seats), self.rules, self.seed)
        self._record = Record(self.game.id, dict(self.rules), self.seed, list(self.seats), list(self.variants),
                              game_version=self.game.version)
        self._unwritten = []
        self._rngs = [None] * len(self.seats)
        if any(self.habits):
            self.remind(self.habits)

    def remind(self, habits: Sequence[Mapping[str, float] | None]) -> None:
        """Tell the agents that recall (``Abilities.recalls``) what earlier games showed of
        each other seat's player (its own seat's is not told)."""
        self.habits = list(habits)
        for seat, agent in enumerate(self.agents):
            if abilities(agent).recalls:
                agent.recall([None if i == seat else h for i, h in enumerate(self.habits)])  # type: ignore[attr-defined]

    @property
    def record(self) -> Record:
        """The game record so far: the texts of the actions played are written into it here."""
        unwritten = self._unwritten
        if unwritten:
            self._record.actions.extend([action.text for action in unwritten])
            unwritten.clear()
        return self._record

    @property
    def moves(self) -> int:
        """How many actions have been played (``len(record.actions)`` without writing them)."""
        return len(self._record.actions) + len(self._unwritten)

    def replace_seat(self, seat: int, player: Seat, agent: Agent) -> None:
        """``player`` (with ``agent``) takes ``seat`` from now on, in the record too: a
        computer sits down for a person who left a hosted table."""
        self.seats = list(self.seats)
        self.agents = list(self.agents)
        self.seats[seat] = player
        self.agents[seat] = agent
        self._record.seats[seat] = player
        self._rngs[seat] = None

    def decision_rng(self, seat: int) -> random.Random:
        """The generator of ``seat``'s agent: one for the rest of the match, seeded when the
        seat first decides from the seed, the seat and the number of actions played by then.

        So a match played from its start with the same seed and agents is the same game, and
        a match resumed from a record (its actions replayed through :meth:`play`) plays on
        the same way every time it is resumed from that record; it need not play on as the
        interrupted match would have, whose agents had drawn from their generators since."""
        rng = self._rngs[seat]
        if rng is None:
            rng = self._rngs[seat] = random.Random(agent_seed(self.seed, seat) * 1_000_033 + self.moves)
        return rng

    def who(self, seat: int) -> str:
        """The computer player at ``seat``, as an error names it."""
        return player_name(self.seats[seat].agent, seat, self.game.title)

    def ask(self, progress: Progress | None = None) -> Action:
        """The choice of the agent at the seat to move, from its view alone; not yet played.
        ``progress`` is told how far an agent that reports it has got (the app's indicator);
        a BaseException it raises ends the decision (leaving the table while it thinks).

        Game and agent code failing here, or an agent past :attr:`time_limit`, is a
        :class:`PluginError` that names it."""
        state = self.state
        seat = state.to_move
        if seat is None:
            raise IllegalAction("the game is over")
        agent = self.agents[seat]
        view: Mapping[str, Any]
        try:
            if abilities(agent).reads_view:
                view = state.view(seat)
            else:
                if self._lazy is not None:
                    self._lazy.expire()
                view = self._lazy = LazyView(state, seat)
            legal = state.legal_actions()
        except PLUGIN_FAULTS as exc:
            guarded(self.game.title, f"to list seat {seat + 1}'s moves").fail(exc)
        rng = self._rngs[seat] or self.decision_rng(seat)
        return consult(agent, state, seat, view, legal, rng, self.seats[seat].agent, self.game.title, self.time_limit,
                       progress)

    def step(self) -> Action:
        """Let the seat to move decide, and play its action (a :class:`PluginError` when
        the agent's choice is not a legal move: it is reported, not played)."""
        seat = self.state.to_move
        action = self.ask()
        self.play_chosen(seat, action)  # type: ignore[arg-type]
        return action

    def play_chosen(self, seat: int, action: Action) -> None:
        """Play what the computer player at ``seat`` chose; a choice that is not a legal move
        is a :class:`PluginError` naming the player, and the state stays as it was."""
        try:
            self.play(action)
        except IllegalAction as exc:
            raise illegal_choice(self.who(seat), action, str(exc)) from None

    def play(self, action: Action, *, checked: bool = False) -> None:
        """Apply an action for the seat to move (an agent's or a human's) and record it; an
        engine that fails on it (other than refusing it) is a :class:`PluginError`.
        ``checked``: the action comes from ``Game.legal_action`` on this state, so its
        legality is not checked again."""
        state = self.state
        try:
            if checked:
                state.apply_trusted(action)
            else:
                state.apply(action)
        except PLUGIN_FAULTS as exc:
            guarded(self.game.title, f"on the move {shown(getattr(action, 'text', action))!r}",
                    (PluginError, IllegalAction)).fail(exc)
        self._unwritten.append(action)
        lazy = self._lazy
        if lazy is not None:
            lazy._state = None  # expire(), written out: this runs at every move
            self._lazy = None
        if state.is_over:
            record = self._record
            record.finished = True
            record.scores = state.scores()

    def play_out(self, max_steps: int = 1_000_000, observer: Observer | None = None) -> State:
        state = self.state
        ask, play = self.ask, self.play
        for _ in range(max_steps):
            seat = state.to_move
            if seat is None:
                return state
            action = ask()
            try:
                play(action)
            except IllegalAction:
                self.play_chosen(seat, action)  # raises the PluginError that names the agent
            if observer:
                observer(state, seat, action)
        raise RuntimeError(f"{self.game.id}: no end after {max_steps} decisions")
