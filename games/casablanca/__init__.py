"""Casablanca (Alex Randolph, F.X. Schmid): bluff, challenge and collect round a ring of symbols."""

from games.casablanca.engine import Casablanca, CasablancaState

GAME = Casablanca()

__all__ = ["GAME", "Casablanca", "CasablancaState"]
