"""Who sits at the table, and building a match for them.

A seat is played by a person (:data:`HUMAN`) or by one of the game's computer players,
named as ``parse_spec`` reads it (``"medium"``, ``"hard:400"``). This is the one place a
lineup of seats becomes agents: the app, ``parlour simulate`` and the benchmarks start
their matches here, and a saved game is resumed here.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from parlour.core.agents import Agent, AgentSpecError, make_agent, spec_problem
from parlour.core.game import Action, Game
from parlour.core.i18n import _
from parlour.core.match import Match
from parlour.core.record import HUMAN, Record, RecordError, Seat, clean_record_rules, replay_actions

#: A seat, at setup, for a person who joins the table from elsewhere with a join code (the app
#: then hosts the table). In the match and its record such a seat is :data:`HUMAN`.
REMOTE = "remote"


#: The agent of a seat a person plays (in :class:`~parlour.core.record.Seat` and records).
class HumanAtTable:
    """Stands in a :class:`Match` for a seat whose decisions a person makes in the app."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        raise RuntimeError("a person decides at this seat")


def computer_seats(agents: Sequence[str]) -> list[Seat]:
    """A seat for each computer player, named after it and its place (``hard-1``, ``random-2``)."""
    return [Seat(f"{agent}-{i + 1}", agent) for i, agent in enumerate(agents)]


def seat_agents(
    game: Game, rules: Mapping[str, Any], seats: Sequence[Seat], *, seconds: float | None = None
) -> list[Agent]:
    """One agent per seat: the game's computer players, a placeholder for humans.
    ``seconds``: a time limit for searching players named without a number of simulations."""
    agents: list[Agent] = []
    for seat in seats:
        if seat.agent == HUMAN:
            agents.append(HumanAtTable())
        else:
            try:
                agents.append(make_agent(game, seat.agent, rules, seconds=seconds))
            except AgentSpecError as exc:
                raise ValueError(str(exc)) from None
    return agents


def seats_problem(game: Game, seats: Sequence[Seat]) -> str | None:
    """Why ``seats`` (from a saved game) cannot sit down at ``game`` as installed now: a
    computer player it no longer has; None when every seat can."""
    for seat in seats:
        if seat.agent != HUMAN and spec_problem(game, seat.agent) is not None:
            return _("{game} no longer has the computer player {level}").format(game=game.title, level=repr(seat.agent))
    return None


def start_match(
    game: Game,
    rules: Mapping[str, Any],
    seed: int,
    seats: Sequence[Seat],
    variants: Sequence[str] = (),
    *,
    seconds: float | None = None,
    habits: Sequence[Mapping[str, float] | None] = (),
) -> Match:
    """A new match; ``seconds`` is the time limit of searching players (see :func:`seat_agents`),
    ``habits`` what earlier games showed of each seat's player (``Match.habits``)."""
    agents = seat_agents(game, rules, seats, seconds=seconds)
    return Match(game, rules, seed, list(seats), agents, list(variants), habits=list(habits))


def resume_match(game: Game, record: Record, *, seconds: float | None = None) -> Match:
    """A match rebuilt from a saved record: same table, same ruleset, its actions replayed.

    Each computer player's generator is seeded from the seed, its seat and the number of
    moves when it first decides (:meth:`Match.decision_rng`), so resuming the same record
    always plays on the same way (not necessarily as the interrupted game would have; nor
    when a searching player thinks against the clock: ``seconds``).
    """
    rules = clean_record_rules(game, record)
    try:
        match = start_match(game, rules, record.seed, record.seats, record.variants, seconds=seconds)
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    replay_actions(game, match.state, record.actions, partial(match.play, checked=True))
    match.record.takebacks = record.takebacks
    match.record.advice = list(record.advice)
    return match


def take_back(game: Game, match: Match, seat: int, *, seconds: float | None = None) -> Match | None:
    """``match`` rebuilt to just before ``seat``'s last decision, counting one take-back more
    in its record; None when ``seat`` has not decided yet. The game's own chance comes from
    the seed and the moves, so it falls the same way if the same moves are played again; the
    computers' replies are the caller's to repeat (the app replays those it has seen)."""
    record = match.record
    replayed = start_match(game, match.rules, record.seed, record.seats, record.variants, seconds=seconds,
                           habits=match.habits)
    movers: list[int | None] = []

    def play(action: Action) -> None:
        movers.append(replayed.state.to_move)
        replayed.play(action, checked=True)

    replay_actions(game, replayed.state, record.actions, play)
    last = max((i for i, mover in enumerate(movers) if mover == seat), default=None)
    if last is None:
        return None
    earlier = Record(record.game, dict(record.rules), record.seed, list(record.seats), list(record.variants),
                     record.actions[:last], game_version=record.game_version, takebacks=record.takebacks + 1,
                     advice=list(record.advice))
    return resume_match(game, earlier, seconds=seconds)
