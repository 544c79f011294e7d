"""Agents: computer players that decide from a seat's view alone.

An agent never receives the :class:`~parlour.core.game.State`. It gets the deciding seat's
``view`` (the same dict a human at that seat is shown), the legal actions, and a random
generator of its own. A search agent that sets ``wants_worlds = True`` also receives
``worlds``: a function that draws a full state consistent with that view, which is the only
door to hidden things. An agent that sets ``reports_progress = True`` also receives
``progress``, a function it calls with the share of its thinking done (0 to 1).

A game names its computer levels in ``Game.agent_kinds()``: a plain factory
``rules -> Agent``, or an :class:`AgentKind` that also says what a player can expect of it and
whether it takes a thinking budget (``hard:400``: 400 simulations a decision).

This module imports nothing of ``parlour`` at run time, so every other module may import it.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, Union, runtime_checkable

if TYPE_CHECKING:
    from parlour.core.game import Action, Game, State

#: Draws a full state consistent with one seat's view, from the generator it is given.
Sampler = Callable[[random.Random], "State"]
#: Told the share (0 to 1) of an agent's thinking done so far.
Progress = Callable[[float], None]

#: The most simulations a decision may be given by a ``name:N`` kind.
MAX_ITERATIONS = 1_000_000


@runtime_checkable
class Agent(Protocol):
    """A computer player. ``choose`` is all it must write; it may also declare any of the
    :class:`Abilities` as class attributes of the same names (``wants_worlds = True``)."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        """Pick one of ``legal``. An agent that declares ``wants_worlds`` or
        ``reports_progress`` is also called with ``worlds=`` or ``progress=``."""
        ...


class Abilities(NamedTuple):
    """What an agent may declare besides ``choose``, each a class attribute of the same name,
    with its default here. The host reads them through :func:`abilities` and nowhere else."""

    #: False: the agent never reads its view, so the runner hands it one built only if read
    reads_view: bool = True
    #: True: it decides at once, so the runner spares it the time limit's alarm
    quick: bool = False
    #: True: ``choose`` also receives ``worlds(rng)``, which draws a quiet world of its seat
    wants_worlds: bool = False
    #: True: ``choose`` also receives ``progress(share)``, to call with the share (0 to 1)
    #: of its thinking done; an exception it raises cancels the decision
    reports_progress: bool = False
    #: True: before the first decision the agent receives ``recall(habits)``: per seat, what
    #: that seat's player was seen to do in earlier games (``State.habits`` summed; None for
    #: a player it has not met), public counts only
    recalls: bool = False


_DEFAULT = Abilities()
#: each agent class's abilities, read once: the runner asks at every decision
_BY_CLASS: dict[type, Abilities] = {}


def abilities(agent: Agent) -> Abilities:
    """The abilities ``agent``'s class declares, each it does not at its default."""
    cls = type(agent)
    found = _BY_CLASS.get(cls)
    if found is None:
        found = _BY_CLASS[cls] = Abilities._make(
            getattr(cls, name, default) for name, default in zip(Abilities._fields, _DEFAULT))
    return found


#: How often (in simulations) a searching agent reports its progress.
PROGRESS_EVERY = 64


@dataclass(frozen=True)
class Budget:
    """How long a searching agent may think about one decision: a number of simulations
    (reproducible: headless play, ``simulate``, tests), a time limit in seconds (the app),
    or both (whichever ends first). A time limit makes the choice depend on the machine."""

    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a budget needs a number of simulations or a time limit")
        if self.iterations is not None and not 1 <= self.iterations <= MAX_ITERATIONS:
            raise ValueError(f"simulations must be from 1 to {MAX_ITERATIONS:,}, not {self.iterations}")
        if self.seconds is not None and not 0 < self.seconds <= 600:
            raise ValueError(f"a time limit must be above 0 and at most 600 seconds, not {self.seconds}")


class Stopwatch:
    """When one search stops (its budget: simulations, seconds or both) and the progress it
    reports on the way (every :data:`PROGRESS_EVERY` simulations, at most every 50 ms when
    timed). The clock is read once at the start and once a simulation when timed."""

    __slots__ = ("limit", "seconds", "clock", "start", "deadline", "progress", "last_report")

    def __init__(self, budget: Budget, clock: Callable[[], float], progress: Callable[[float], None] | None) -> None:
        self.limit = budget.iterations
        self.seconds = budget.seconds
        self.clock = clock
        self.start = self.last_report = clock()
        self.deadline = self.start + self.seconds if self.seconds is not None else None
        self.progress = progress

    def over(self, done: int) -> bool:
        """Whether the search stops after ``done`` simulations (reporting progress if not)."""
        limit = self.limit
        if limit is not None and done >= limit:
            return True
        now = 0.0
        if self.deadline is not None:
            now = self.clock()
            if now >= self.deadline:
                return True
        if self.progress is not None and done and done % PROGRESS_EVERY == 0:
            if self.deadline is None:
                self.progress(done / limit)  # type: ignore[operator]
            elif now - self.last_report >= 0.05:
                self.last_report = now
                share = (now - self.start) / self.seconds  # type: ignore[operator]
                if limit is not None:
                    share = max(share, done / limit)
                self.progress(min(1.0, share))
        return False


#: Builds an agent for a game played under the resolved ``rules``.
AgentFactory = Callable[[Mapping[str, Any]], Agent]


@dataclass(frozen=True)
class AgentKind:
    """A computer level as a game offers it.

    ``build(rules)`` makes the agent; a kind with ``budget`` set is a searching one, built
    as ``build(rules, budget)`` and named with an optional number of simulations
    (``hard:400``); plain ``hard`` gets ``budget``, the default. ``about`` is one line for
    players: what to expect of this level (shown at setup and by ``parlour list``)."""

    build: Callable[..., Agent]
    about: str = ""
    budget: Budget | None = None

    def __call__(self, rules: Mapping[str, Any]) -> Agent:
        """A kind is also a plain factory ``rules -> Agent`` (searching kinds: default budget)."""
        return self.make(rules)

    def make(self, rules: Mapping[str, Any], budget: Budget | None = None) -> Agent:
        if self.budget is None:
            if budget is not None:
                raise ValueError("this computer player takes no thinking budget")
            return self.build(rules)
        return self.build(rules, budget or self.budget)


KindEntry = Union[AgentKind, AgentFactory]


def as_kind(entry: KindEntry) -> AgentKind:
    """A game's kind entry as an :class:`AgentKind` (a plain factory is one with no budget)."""
    return entry if isinstance(entry, AgentKind) else AgentKind(entry)


#: The entry-point group of computer players any game may seat (``parlour.openspiel.kinds``):
#: each names a function ``game -> {name: kind}``, which offers nothing when what it needs
#: is not installed.
AGENT_GROUP = "parlour.agents"


@functools.cache
def _lenders() -> tuple[tuple[str, Callable[[Game], Mapping[str, KindEntry]] | str], ...]:
    """Each lender by its entry point's name: the function, or why it could not load."""
    found: list[tuple[str, Callable[[Game], Mapping[str, KindEntry]] | str]] = []
    for point in sorted(entry_points(group=AGENT_GROUP), key=lambda p: p.name):
        try:
            found.append((point.name, point.load()))
        except Exception as error:  # noqa: BLE001 - a lender that cannot load lends nothing
            found.append((point.name, _one_line(error)))
    return tuple(found)


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= 200 else text[:199] + "…"


def _lent(game: Game) -> tuple[dict[str, KindEntry], list[str]]:
    """What the lenders offer ``game``, and one line for each lender that failed."""
    kinds: dict[str, KindEntry] = {}
    broken: list[str] = []
    for name, lend in _lenders():
        if isinstance(lend, str):
            broken.append(f"{name}: {lend}")
            continue
        try:
            lent = dict(lend(game))
        except Exception as error:  # noqa: BLE001 - a lender that fails lends nothing
            broken.append(f"{name}: {_one_line(error)}")
            continue
        for kind, entry in lent.items():
            kinds.setdefault(kind, entry)
    return kinds, broken


def all_kinds(game: Game) -> dict[str, KindEntry]:
    """The game's own computer players, then those lent to every game through
    :data:`AGENT_GROUP` (a game's own name wins). The app's lists show the game's own; a lent
    one is seated by name (``parlour simulate``, ``--seats``)."""
    kinds = dict(game.agent_kinds())
    for name, entry in _lent(game)[0].items():
        kinds.setdefault(name, entry)
    return kinds


def broken_lenders(game: Game) -> list[str]:
    """One line for each :data:`AGENT_GROUP` entry point that failed to load or to lend to
    ``game`` (its name and error), so a missing kind is explained, not silently absent."""
    return _lent(game)[1]


class AgentSpecError(ValueError):
    """A computer player named in a way the game does not know (one line, for the user)."""


def parse_spec(spec: str) -> tuple[str, int | None]:
    """``"hard:400"`` -> ``("hard", 400)``; ``"medium"`` -> ``("medium", None)``."""
    name, sep, count = spec.strip().partition(":")
    name = name.strip()
    if not name:
        raise AgentSpecError(f"{spec!r} names no computer player")
    if not sep:
        return name, None
    count = count.strip()
    if not (count.isascii() and count.isdigit()) or len(count) > 7:
        raise AgentSpecError(f"{spec!r}: the number of simulations after ':' must be a whole number")
    iterations = int(count)
    if not 1 <= iterations <= MAX_ITERATIONS:
        raise AgentSpecError(f"{spec!r}: the number of simulations must be from 1 to {MAX_ITERATIONS:,}")
    return name, iterations


def find_kind(game: Game, spec: str) -> tuple[str, AgentKind, int | None]:
    """The kind ``spec`` names for ``game``, with its number of simulations if given;
    :class:`AgentSpecError` when the game has no such kind or the kind takes no budget."""
    name, iterations = parse_spec(spec)
    kinds = all_kinds(game)
    if name not in kinds:
        known = ", ".join(sorted(kinds))
        broken = broken_lenders(game)
        why = f"; broken lenders: {'; '.join(broken)}" if broken else ""
        raise AgentSpecError(f"{game.title} has no computer player {name!r} (known: {known}){why}")
    kind = as_kind(kinds[name])
    if iterations is not None and kind.budget is None:
        raise AgentSpecError(f"{name!r} takes no number of simulations ({spec!r})")
    return name, kind, iterations


def make_agent(game: Game, spec: str, rules: Mapping[str, Any], *, seconds: float | None = None) -> Agent:
    """Build the computer player ``spec`` (``"medium"``, ``"hard"``, ``"hard:400"``) for
    ``game`` under ``rules``. ``seconds`` gives a searching kind named without a number of
    simulations a time limit instead of its default budget (the app does this)."""
    _, kind, iterations = find_kind(game, spec)
    budget: Budget | None = None
    if kind.budget is not None:
        if iterations is not None:
            budget = Budget(iterations=iterations)
        elif seconds is not None:
            budget = Budget(seconds=seconds)
    return kind.make(rules, budget)


def spec_problem(game: Game, spec: str) -> str | None:
    """Why ``spec`` names no computer player of ``game``, or None when it does."""
    try:
        find_kind(game, spec)
    except AgentSpecError as exc:
        return str(exc)
    return None


def kind_about(game: Game, name: str) -> str:
    """The line a game gives about one of its levels ("" when it gives none)."""
    entry = all_kinds(game).get(parse_spec(name)[0])
    return as_kind(entry).about if entry is not None else ""


class RandomAgent:
    """Picks uniformly among the legal actions. It never reads the view, and decides at once."""

    reads_view = False
    quick = True

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


def decide(
    agent: Agent,
    view: Mapping[str, Any],
    legal: Sequence[Action],
    rng: random.Random,
    worlds: Sampler | None = None,
    progress: Progress | None = None,
) -> Action:
    """Ask ``agent`` for a decision, handing it a world sampler and a progress callback only
    if it asks for them."""
    extra: dict[str, Any] = {}
    able = abilities(agent)
    if worlds is not None and able.wants_worlds:
        extra["worlds"] = worlds
    if progress is not None and able.reports_progress:
        extra["progress"] = progress
    return agent.choose(view, legal, rng, **extra)
