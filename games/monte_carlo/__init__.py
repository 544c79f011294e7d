"""Monte Carlo (ASS): bet chips on patterns around a 6x6 grid of digits, then lay your
secret digit tiles to complete your own patterns and spoil the others'."""

from parlour.games.monte_carlo.game import MonteCarlo

GAME = MonteCarlo()

__all__ = ["GAME", "MonteCarlo"]
