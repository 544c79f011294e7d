"""Parlour's games in OpenSpiel, and computer players across the two (``pip install
parlour[openspiel]``).

``register_all()`` registers every installed Parlour game (the built-in ones and plugins) as
``parlour_<id>`` (dashes as underscores)::

    import pyspiel
    from parlour.openspiel import register_all
    register_all()
    game = pyspiel.load_game("parlour_casablanca", {"players": 4, "rounds": 3})

Parameters: ``players``, and every setting of the game's ruleset by its name (a list or a
table of settings as JSON text, with ``;`` for its commas); what is not given is the default.

Actions are numbered by the game's ``action_codec`` (``Game.action_codec``): a fixed number
for every action the game can offer under those settings, the same in every state. A game
that numbers nothing gets the checksum of each action's text (sparse, never read back).
Banque Fatale's bids are numbered by arithmetic (jeton counts in base jetons + 1).

Chance: the opening node is OpenSpiel's one chance node; it picks one of ``DEALS`` seeds,
each as likely, and the game is dealt from it. Every later draw (a reshuffle, the next card)
is sampled inside the moves from the generator that seed started, so the seed and the moves
replay a game exactly (serialised states are their moves). An algorithm that enumerates
chance sees 65,536 deals, each a game whose later chance is fixed by the deal: exact solvers
solve that game, not one with chance at every draw; sampling algorithms (MCCFR, ISMCTS) are
unaffected. ``resample_from_infostate`` draws with the game's ``sample_world``, which redraws
the hidden things and the future chance alike.

Information states are what the seat was shown and did, in order: its view (as JSON) each
time it changed, and each of its own moves. Observations are its view now: a string, and a
tensor where the game writes views as numbers (``Game.view_tensor``; each piece by name in the
observer's ``dict``). No information-state tensor: a history has no fixed length. Returns are
each seat's share of the win (1 for a sole winner, 1/k for k sharing it), so they add up to 1.

Failures: every call into a game's or a computer player's code goes through the match
runner's door (:class:`parlour.core.game.guarded`), and what the bridge trusts of its answers
is checked (a state, action numbers in range and distinct, a seat of the table, distinct
winners, a tensor of the layout's size with finite numbers): either failing is one
:class:`~parlour.core.game.PluginError` that names the game (or the player and its seat) and
the call. An action number that is not legal is OpenSpiel's ``SpielError``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def available() -> bool:
    """Whether OpenSpiel (``pyspiel``) can be imported here."""
    import importlib.util

    return importlib.util.find_spec("pyspiel") is not None


def register_all(plugins: Iterable[str] = ()) -> list[str]:
    """Register every installed Parlour game with OpenSpiel (once); their OpenSpiel names.
    A broken plugin is left out, as the app leaves it out."""
    from parlour.openspiel.bridge import register_all as register

    return register(plugins)


def load_game(game_id: str, params: dict[str, Any] | None = None) -> Any:
    """The OpenSpiel game of the Parlour game ``game_id`` (``"casablanca"``) with ``params``."""
    import pyspiel

    from parlour.openspiel.bridge import register_all as register, short_name

    register()
    return pyspiel.load_game(short_name(game_id), params or {})
