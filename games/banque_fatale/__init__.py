"""Banque Fatale (Stefan Dorra, 1997) for Parlour: sealed-bid auctions over five colours."""

from parlour.games.banque_fatale.game import BanqueFatale

GAME = BanqueFatale()

__all__ = ["GAME", "BanqueFatale"]
