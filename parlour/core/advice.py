"""The computer's advice at the table: at a person's decision, the moves the searching player
behind ``hard`` likes best, with their estimated win chances.

It sees what ``hard`` would see in that chair and nothing more: the seat's view, its legal
moves, and worlds drawn from that view (:func:`~parlour.core.match.world_sampler`, the one
door to hidden things), never the rest of the true state. Given the same budget as a ``hard``
decision, it takes the same time.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from parlour.core.agents import Budget
from parlour.core.analysis import ALTERNATIVES, TOP, calibrated
from parlour.core.game import Game, State, label_in
from parlour.core.match import world_sampler
from parlour.core.search import SearchAgent


@dataclass(frozen=True)
class Suggestion:
    """One of the moves advised: its record text and label, the estimated win chance after
    it (0 to 1; None when the search had no world to try it in) and its simulations."""

    move: str
    label: str
    win: float | None
    visits: int


@dataclass(frozen=True)
class Advice:
    """The best moves of ``seat`` at its decision, the most tried (the searcher's choice)
    first; ``choices``: its legal moves; ``simulations``: the search's."""

    seat: int
    suggestions: tuple[Suggestion, ...]
    choices: int
    simulations: int


def can_advise(game: Game, state: State) -> bool:
    """Whether the searching player can advise at ``game``: it needs the game's knowledge hook
    and worlds drawn from a seat's view (``State.sample_world``), as ``hard`` does."""
    return callable(getattr(game, "search_knowledge", None)) and \
        getattr(type(state), "sample_world", State.sample_world) is not State.sample_world


def advice_seed(seed: int, moves: int) -> int:
    """The generator seed of the advice at a decision: the game's seed and the moves before
    it, so asking twice at the same place with a budget of simulations gives the same advice."""
    return random.Random(f"advice/{seed}/{moves}").getrandbits(48)


def advise(game: Game, rules: Mapping[str, Any], state: State, budget: Budget, seed: int,
           progress: Callable[[float], None] | None = None) -> Advice:
    """The advice for the seat to move in ``state`` (a game of ``game`` under ``rules``):
    the searching player's :data:`~parlour.core.analysis.TOP` moves by their simulations, their
    win chances calibrated as the analysis's are.
    ``progress`` is told the share done and may raise to stop the search. Of ``state`` only
    the seat's view, its legal moves and the worlds its view allows are read."""
    seat = state.to_move
    if seat is None:
        raise ValueError("the game is over: there is no decision to advise on")
    view = state.view(seat)
    legal = state.legal_actions()
    agent = SearchAgent(game.search_knowledge(rules), budget)
    worlds = world_sampler(state, seat)
    found = agent.search(view, legal, random.Random(seed), worlds, progress)
    if not found.iterations and len(legal) > 1:  # the game offered one move: weigh it against others
        found = agent.search(view, legal, random.Random(seed), worlds, progress, also=legal[:ALTERNATIVES])
    best = sorted(found.moves, key=lambda m: (-m.visits, -(m.win or 0.0)))[:TOP]
    return Advice(
        seat=seat, choices=len(legal), simulations=found.iterations,
        suggestions=tuple(Suggestion(m.action.text, label_in(game, state, m.action),
                                     None if m.win is None else round(calibrated(game.id, m.win, state.players), 4), m.visits)
                          for m in best),
    )
