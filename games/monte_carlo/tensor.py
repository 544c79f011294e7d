"""A Monte Carlo seat's view as numbers (``Game.view_tensor``), for learning tools.

With F betting fields (``layout.fields_for(rules)``, in that order) and n players, the
pieces are, in order (``seat`` pieces one-hot from the viewer's chair, ``per seat`` pieces
the viewer's first, then round the table; see :mod:`parlour.core.tensors`):

- ``seat`` n: the viewer's place at the table; ``phase`` 3: betting, laying, over;
  ``game`` 1: the game of the match over the match's games; ``round`` 1: the betting round
  over the betting rounds;
- ``to_move``, ``first`` n each; ``active``, ``betting`` n each: still in the match, still
  betting this game;
- ``chips``, ``staked``, ``scores`` n each, over the chips at the table at the start;
- ``bets`` F×n: each seat's chips on each field over a field's capacity; ``locked`` F: the
  fields one player holds alone;
- ``grid`` 36×(n+1): for each cell (row by row) a one-hot of who laid its tile, the house
  first, then the seats; all 0 for an empty cell;
- ``hand`` 9: the viewer's tiles of each digit over the tiles of a digit (0 for an onlooker);
  ``hand_sizes``, ``to_lay`` n each, over the tiles dealt and laid each; ``undealt`` 1 over
  the 36 tiles.

Left out: the odds (the same all game for a ruleset and table), the laying order (the
seat to move and the first say enough) and the results of earlier games (they grow with the
match). At four players under the default rules: 535 numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.games.monte_carlo.layout import CELLS, DIGITS, TILES_PER_DIGIT, fields_for, tile_table
from parlour.plugin import Layout, ViewTensor

PHASES = ("betting", "laying", "over")
#: who laid a tile, as the view's grid says (a seat from 0 up)
EMPTY, HOUSE = -1, -2


def layout(rules: Mapping[str, Any], players: int) -> Layout:
    n, fields = players, len(fields_for(rules))
    return [
        ("seat", n), ("phase", len(PHASES)), ("game", 1), ("round", 1),
        ("to_move", n), ("first", n), ("active", n), ("betting", n),
        ("chips", n), ("staked", n), ("scores", n),
        ("bets", fields * n), ("locked", fields),
        ("grid", CELLS * (n + 1)),
        ("hand", len(DIGITS)), ("hand_sizes", n), ("to_lay", n), ("undealt", 1),
    ]


def tensor(view: Mapping[str, Any], rules: Mapping[str, Any], players: int) -> list[float]:
    fields = fields_for(rules)
    chips = float(max(1, rules["start_chips"] * players))
    hand, lay = tile_table(rules, players)
    out = ViewTensor(layout(rules, players), view["seat"], players)
    out.one_hot("seat", view["seat"])
    out.one_hot("phase", PHASES.index(view["phase"]))
    out.scaled("game", [view["game"]], max(1, view["match_games"]))
    out.scaled("round", [view["round"]], max(1, view["betting_rounds"]))
    out.seat_hot("to_move", view["to_move"])
    out.seat_hot("first", view["first"])
    out.per_seat("active", view["active"])
    out.per_seat("betting", view["betting"])
    out.per_seat("chips", view["chips"], chips)
    out.per_seat("staked", view["staked"], chips)
    out.per_seat("scores", view["scores"], chips)
    bets = view["bets"]
    out.put("bets", [float(count) / max(1, rules["field_capacity"])
                     for field in fields
                     for count in out.in_turn([bets.get(field.id, []).count(s) for s in range(players)])])
    out.flags("locked", [field.id in view["locked"] for field in fields])
    out.one_hots("grid", [None if who == EMPTY else 0 if who == HOUSE else 1 + (who - (view["seat"] or 0)) % players
                          for who in view["grid"]], players + 1)
    mine = view.get("hand", [])
    out.put("hand", [mine.count(digit) / TILES_PER_DIGIT for digit in DIGITS])
    out.per_seat("hand_sizes", view["hand_sizes"], max(1, hand))
    out.per_seat("to_lay", view["to_lay"], max(1, lay))
    out.scaled("undealt", [view["undealt"]], CELLS)
    return out.done()
