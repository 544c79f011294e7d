"""Casablanca (Alex Randolph, F.X. Schmid): bluff, challenge and collect round a ring of symbols."""

from games.casablanca.game import Casablanca
from games.casablanca.state import CasablancaState

GAME = Casablanca()

__all__ = ["GAME", "Casablanca", "CasablancaState"]
