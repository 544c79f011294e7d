"""The host's own computer levels, which every game gets: ``random``, the searching ``hard``
(information-set Monte Carlo tree search, :mod:`parlour.core.search`) and the ``flat``
baseline.

:class:`LevelledGame` is the contract's :class:`~parlour.core.game.Game` with these levels as
its ``agent_kinds()``, and the hooks a game lends the searching player
(``search_knowledge``); it is the ``Game`` that :mod:`parlour.plugin` hands out, so the
contract itself never imports a computer player. A new level every game should offer goes
here; a game's own level goes in its ``agents.py`` and its ``agent_kinds()``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from parlour.core.agents import Agent, AgentKind, Budget, KindEntry, RandomAgent
from parlour.core.game import Game
from parlour.core.i18n import N_
from parlour.core.search import Knowledge, flat_kind, search_kind


class LevelledGame(Game):
    """A game with the host's computer levels; plugins subclass it as ``parlour.plugin.Game``."""

    def agent_kinds(self) -> dict[str, KindEntry]:
        """Computer opponents by name (a factory ``rules -> Agent`` or an
        :class:`~parlour.core.agents.AgentKind`). Every game gets ``random``, the searching
        ``hard`` (with :meth:`search_knowledge`) and the ``flat`` Monte Carlo baseline;
        a game adds its own levels to ``super().agent_kinds()``."""
        return {
            "random": AgentKind(lambda rules: RandomAgent(), N_("picks any legal move at random")),
            "hard": search_kind(self.search_knowledge),
            "flat": flat_kind(),
        }

    def ladder(
        self, easy: Callable[[Mapping[str, Any]], Agent], medium: Callable[[Mapping[str, Any]], Agent],
        hard: Budget, about: Mapping[str, str],
    ) -> dict[str, KindEntry]:
        """The usual levels, weakest first: ``random``, the game's own ``easy`` and ``medium``
        (each built as ``kind(rules)``), ``hard`` (the searching player with
        :meth:`search_knowledge` and ``hard`` as its default budget) and the ``flat``
        baseline; ``about`` has a line for players for easy, medium and hard. A game's
        :meth:`agent_kinds` returns this when its levels are the usual ones."""
        kinds = LevelledGame.agent_kinds(self)
        return {
            "random": kinds["random"],
            "easy": AgentKind(easy, about["easy"]),
            "medium": AgentKind(medium, about["medium"]),
            "hard": search_kind(self.search_knowledge, hard, about["hard"]),
            "flat": kinds["flat"],
        }

    def search_knowledge(self, rules: Mapping[str, Any]) -> Knowledge:
        """What this game tells the searching player (hooks for rollouts, candidate moves, a
        value estimate, a model of the other players). The default tells it nothing."""
        return Knowledge()
