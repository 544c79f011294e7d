"""Agents: computer players that decide from a seat's view alone.

An agent never receives the :class:`~parlour.core.game.State`. It gets the deciding seat's
``view`` (the same dict a human at that seat is shown), the legal actions, and a random
generator of its own. A search agent that sets ``wants_worlds = True`` also receives
``worlds``: a function that draws a full state consistent with that view, which is the only
door to hidden things.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from parlour.core.game import Action, Sampler


@runtime_checkable
class Agent(Protocol):
    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        """Pick one of ``legal``."""
        ...


#: Builds an agent for a game played under the resolved ``rules``.
AgentFactory = Callable[[Mapping[str, Any]], Agent]


class RandomAgent:
    """Picks uniformly among the legal actions."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


def decide(
    agent: Agent,
    view: Mapping[str, Any],
    legal: Sequence[Action],
    rng: random.Random,
    worlds: Sampler | None = None,
) -> Action:
    """Ask ``agent`` for a decision, handing it a world sampler only if it asks for one."""
    if worlds is not None and getattr(agent, "wants_worlds", False):
        return agent.choose(view, legal, rng, worlds=worlds)  # type: ignore[call-arg]
    return agent.choose(view, legal, rng)
