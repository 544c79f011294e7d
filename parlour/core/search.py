"""The searching player behind ``hard``: game-independent, honest, and open to game knowledge.

It uses only the game contract: the deciding seat's view, worlds drawn by
``State.sample_world`` (through the ``worlds`` sampler an agent receives), and in those
worlds ``clone``, ``legal_actions``, ``apply_trusted``, ``to_move``, ``scores`` and
``winners``. It never reads the true state.

A game may lend it knowledge through a :class:`Knowledge` object (``Game.search_knowledge``);
every hook has a default, so a plugin without one still gets a searching opponent.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from parlour.core.game import Action, State


class Knowledge:
    """What a game may tell the searching player. Subclass and override any hook; the
    defaults are what the player does for a game that tells it nothing.

    The hooks that take a ``world`` receive a sampled world (never the true state), so they
    may read all of it; but a rollout policy that plays *other* seats should decide as those
    seats could, from what they know, or the search learns to fear opponents who see through
    walls (a rollout opponent that only challenges lies makes every lie look hopeless)."""

    #: Steps a rollout plays before it stops and asks :meth:`evaluate` (None: to the end).
    rollout_depth: int | None = None

    def rollout(self, world: State, rng: random.Random) -> Action | None:
        """The move the seat to move makes in a rollout; None for a uniform random legal move."""
        return None

    def candidates(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Sequence[Action]:
        """The deciding seat's actions worth searching, best first (from the game's own
        agent, say). With a large action space only a few are searched, widening with the
        number of simulations, so a move never offered here may never be tried. The default
        is ``legal`` itself."""
        return legal

    def evaluate(self, world: State) -> Sequence[float] | None:
        """Each seat's expected result (0 to 1, as :meth:`result` gives it) in a world a
        rollout stopped in early; None to play on to the end."""
        return None

    def result(self, world: State) -> list[float]:
        """Each seat's result at the end of a world: a share of the win, plus a small bonus
        for the score margin so that the search keeps playing well when the game is lost
        or won."""
        winners = world.winners()
        share = 1.0 / len(winners)
        scores = world.scores()
        top, low = max(scores), min(scores)
        spread = (top - low) or 1.0
        return [
            (share if seat in winners else 0.0) * 0.9 + 0.1 * (score - low) / spread
            for seat, score in enumerate(scores)
        ]

    def world_weight(self, world: State, seat: int, view: Mapping[str, Any]) -> float:
        """How likely the other seats' moves seen so far are in ``world`` under a model of
        those players (a relative weight; 0 rules the world out). Worlds are resampled by
        this weight before the search, so a claim that a player was likely to make only when
        true is believed. The default trusts every world equally."""
        return 1.0
