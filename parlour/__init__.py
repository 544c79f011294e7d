"""Parlour: a terminal compendium of classic parlour games."""

__version__ = "0.1.0"
