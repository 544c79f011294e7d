"""A Banque Fatale seat's view as numbers (``Game.view_tensor``), for learning tools.

With C colours, K kinds of card (the deck's distinct codes, in deck order) and n players,
the pieces are, in order (``seat`` pieces one-hot from the viewer's chair, ``per seat``
pieces the viewer's first, then round the table; see :mod:`parlour.core.tensors`):

- ``seat`` n: the viewer's place at the table; ``phase`` 5: pick, bid, draft, sale, over;
  ``round`` 1: the round over the rounds there can be;
- ``to_move``, ``start_player``, ``winner`` (of this round's auction) n each;
- ``chart`` C: each colour's value over the chart's top; ``pool`` C: the jetons bid back
  in the pool over a colour's jetons; ``rose`` C: the colours that rose this round;
- ``display``, ``to_come`` (the face-down pile's cards, which are public), ``sellable`` K each:
  the cards of each kind there over the deck's count of that kind; ``auction``, ``won`` K
  each: the card up for auction, the card just won;
- ``cards`` n×K: each seat's cards of each kind; ``jetons`` n×C over a colour's jetons and
  ``cash`` n, ``scores`` n over the game's scale (the chart's top times the aces in the
  deck): 0 where the view hides them (closed screens), and ``shown`` n says whose are shown;
- ``has_bid`` n; ``my_bid`` C over a colour's jetons;
- ``last_bids`` n×C, ``last_card`` K, ``last_winner`` n: the last auction's revealed bids.

The history of earlier auctions is left out (the last auction stays): it grows with the
game. At four players under the default rules: 262 numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.plugin import Layout, ViewTensor

PHASES = ("pick", "bid", "draft", "sale", "over")


def card_kinds(rules: Mapping[str, Any]) -> list[str]:
    """The deck's distinct cards, in deck order."""
    return list(dict.fromkeys(rules["deck"]))


def layout(rules: Mapping[str, Any], players: int) -> Layout:
    n, c, k = players, len(rules["colours"]), len(card_kinds(rules))
    return [
        ("seat", n), ("phase", len(PHASES)), ("round", 1),
        ("to_move", n), ("start_player", n), ("winner", n),
        ("chart", c), ("pool", c), ("rose", c),
        ("display", k), ("to_come", k), ("sellable", k), ("auction", k), ("won", k),
        ("cards", n * k), ("jetons", n * c), ("cash", n), ("scores", n), ("shown", n),
        ("has_bid", n), ("my_bid", c),
        ("last_bids", n * c), ("last_card", k), ("last_winner", n),
    ]


def tensor(view: Mapping[str, Any], rules: Mapping[str, Any], players: int) -> list[float]:
    kinds = card_kinds(rules)
    index = {code: i for i, code in enumerate(kinds)}
    copies = [float(rules["deck"].count(code)) for code in kinds]
    letters = [colour["letter"] for colour in rules["colours"]]
    jetons = float(max(1, rules["jetons_per_colour"]))
    scale = float(max(1, rules["chart"]["max"] * sum(len(code) for code in rules["deck"])))

    def counted(cards: list[str]) -> list[float]:
        counts = [0.0] * len(kinds)
        for code in cards:
            counts[index[code]] += 1.0
        return [count / copy for count, copy in zip(counts, copies)]

    def kind(code: str | None) -> int | None:
        return None if code is None else index[code]

    out = ViewTensor(layout(rules, players), view["seat"], players)
    out.one_hot("seat", view["seat"])
    out.one_hot("phase", PHASES.index(view["phase"]))
    out.scaled("round", [view["round"]], max(1, view["rounds"]))
    out.seat_hot("to_move", view["to_move"])
    out.seat_hot("start_player", view["start_player"])
    out.seat_hot("winner", view["winner"])
    out.scaled("chart", view["chart"], max(1, rules["chart"]["max"]))
    out.scaled("pool", view["pool"], jetons)
    out.flags("rose", [letter in view["rose"] for letter in letters])
    out.put("display", counted(view["display"]))
    out.put("to_come", counted(view["to_come"]))
    out.put("sellable", counted(view["sellable"]))
    out.one_hot("auction", kind(view["auction"]))
    out.one_hot("won", kind(view["won"]))
    out.per_seat("cards", [counted(cards) for cards in view["cards"]])
    out.per_seat("jetons", [[0.0] * len(letters) if held is None else held for held in view["jetons"]], jetons)
    out.per_seat("cash", view["cash"], scale)
    out.per_seat("scores", [s if isinstance(s, (int, float)) else None for s in view["scores"]], scale)
    out.per_seat("shown", [cash is not None for cash in view["cash"]])
    out.per_seat("has_bid", view["has_bid"])
    out.scaled("my_bid", view["my_bid"] or [0] * len(letters), jetons)
    last = view["last_auction"]
    out.per_seat("last_bids", last["bids"] if last else [[0.0] * len(letters)] * players, jetons)
    out.one_hot("last_card", kind(last["card"]) if last else None)
    out.seat_hot("last_winner", last["winner"] if last else None)
    return out.done()
