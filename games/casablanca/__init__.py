"""Casablanca (Alex Randolph, F.X. Schmid): bluff, challenge and collect round a ring of symbols."""

from parlour.games.casablanca.game import Casablanca
from parlour.games.casablanca.state import CasablancaState

GAME = Casablanca()

__all__ = ["GAME", "Casablanca", "CasablancaState"]
