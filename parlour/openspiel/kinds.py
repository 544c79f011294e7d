"""The computer players OpenSpiel lends every Parlour game, through the ``parlour.agents``
entry point: ``openspiel-ismcts`` (``openspiel-ismcts:200``: 200 simulations a decision).
Nothing here imports OpenSpiel; without it installed the kinds are not offered."""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from parlour.core.agents import AgentKind, Budget, KindEntry

if TYPE_CHECKING:
    from parlour.core.agents import Agent
    from parlour.core.game import Game

#: the simulations a decision of plain ``openspiel-ismcts``
DEFAULT_SIMULATIONS = 200


def agent_kinds(game: Game) -> dict[str, KindEntry]:
    if importlib.util.find_spec("pyspiel") is None:
        return {}

    def build(rules: Mapping[str, Any], budget: Budget) -> Agent:
        from parlour.openspiel.agents import ISMCTSAgent

        return ISMCTSAgent(game, rules, budget.iterations or DEFAULT_SIMULATIONS)

    about = "OpenSpiel's ISMCTS with random play-outs and no game knowledge (counts simulations, not time)"
    return {"openspiel-ismcts": AgentKind(build, about, Budget(iterations=DEFAULT_SIMULATIONS))}
