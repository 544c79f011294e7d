"""A Casablanca seat's view as numbers (``Game.view_tensor``), for learning tools.

With R fields on the ring (seven symbols times ``fields_per_symbol``), 7 numbers on the
chips and symbols on the cards, and n players, the pieces are, in order (``seat`` pieces
one-hot from the viewer's chair, ``per seat`` pieces the viewer's first, then round the
table; see :mod:`parlour.core.tensors`); money is over all the money at the table (the
players' at the start and the house's):

- ``seat`` n: the viewer's place; ``phase`` 8: figure, turn, announce, commit, respond,
  exchange, claim, over; ``round`` 1 and ``turn`` 1 over their limits;
- ``leader``, ``to_move``, ``mover``, ``pot_winner`` n each; ``active`` n;
- the ring: ``chips`` R (a chip lies there), ``public`` R (everyone knows it), ``known`` R×7
  (the number the viewer knows on it, a one-hot; all 0 when unknown), ``knowers`` R×n (who
  knows it, per seat); ``revealed_field`` R and ``revealed_value`` 7 (the chip turned over);
  ``figures`` n×R (where each seat's figure stands); ``aside`` 7: the viewer's set-aside chip;
- ``money`` n, ``past_rounds`` n (the money of the rounds played, added up; over the rounds),
  ``pot`` 1, ``bank_paid`` 1;
- ``cards`` n×7 over a symbol's cards; ``top`` 7: the target card's symbol; ``pile`` 1 over
  all the cards; ``pile_bottom`` 7: the cards known under the pile, over a symbol's cards;
  ``reshuffles_left`` n over the reshuffles a round; ``may_sell`` 1;
- this turn's move: ``origin``, ``picked_from``, ``placed_at`` R each; ``holding`` 1;
  ``held`` 7 (the chip in hand, when the viewer knows it); ``held_knowers`` n;
  ``announced`` 7; ``needed`` 7 (the move that lands on the target); ``landing`` 1;
  ``sold`` 1 over the sales a turn;
- a challenge being committed: ``committed`` n (who has), ``my_commit`` 2 (the viewer's:
  pass, challenge), ``my_stake`` 1; one being fought: ``challenger``, ``winner``, ``loser``
  n each, ``stakes`` 2 (the mover's, the challenger's) and ``cap`` 1.

Left out: which symbol each field shows (the same all game for a ruleset), the end's reason
and the public counts of how each seat played (they describe the past, not the table). At
four players under the default rules: 744 numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.games.casablanca.actions import SYMBOLS
from parlour.games.casablanca.texts import ANNOUNCE, CLAIM, COMMIT, EXCHANGE, FIGURE, OVER, RESPOND, TURN
from parlour.plugin import Layout, ViewTensor

PHASES = (FIGURE, TURN, ANNOUNCE, COMMIT, RESPOND, EXCHANGE, CLAIM, OVER)


def layout(rules: Mapping[str, Any], players: int) -> Layout:
    n, ring, s = players, SYMBOLS * rules["fields_per_symbol"], SYMBOLS
    return [
        ("seat", n), ("phase", len(PHASES)), ("round", 1), ("turn", 1),
        ("leader", n), ("to_move", n), ("mover", n), ("pot_winner", n), ("active", n),
        ("chips", ring), ("public", ring), ("known", ring * s), ("knowers", ring * n),
        ("revealed_field", ring), ("revealed_value", s), ("figures", n * ring), ("aside", s),
        ("money", n), ("past_rounds", n), ("pot", 1), ("bank_paid", 1),
        ("cards", n * s), ("top", s), ("pile", 1), ("pile_bottom", s), ("reshuffles_left", n), ("may_sell", 1),
        ("origin", ring), ("picked_from", ring), ("placed_at", ring), ("holding", 1), ("held", s),
        ("held_knowers", n), ("announced", s), ("needed", s), ("landing", 1), ("sold", 1),
        ("committed", n), ("my_commit", 2), ("my_stake", 1),
        ("challenger", n), ("winner", n), ("loser", n), ("stakes", 2), ("cap", 1),
    ]


def tensor(view: Mapping[str, Any], rules: Mapping[str, Any], players: int) -> list[float]:
    ring = SYMBOLS * rules["fields_per_symbol"]
    money = float(max(1, players * rules["start_money"] + rules["house_money"]))
    cards = float(max(1, rules["cards_per_symbol"]))
    seat = view["seat"]
    out = ViewTensor(layout(rules, players), seat, players)

    def seats(who: list[int]) -> list[bool]:
        return out.in_turn([s in who for s in range(players)])  # type: ignore[return-value]

    def symbols(found: list[int]) -> list[float]:
        return [found.count(symbol) / cards for symbol in range(SYMBOLS)]

    out.one_hot("seat", seat)
    out.one_hot("phase", PHASES.index(view["phase"]))
    out.scaled("round", [view["round"]], max(1, view["rounds"]))
    out.scaled("turn", [view["turn"]], max(1, view["turn_limit"]))
    for name in ("leader", "to_move", "mover", "pot_winner"):
        out.seat_hot(name, view[name])
    out.per_seat("active", view["active"])
    out.flags("chips", view["chips"])
    out.flags("public", view["public"])
    out.one_hots("known", view["known"], SYMBOLS)
    out.flags("knowers", [known for who in view["knowers"] for known in seats(who)])
    revealed = view["revealed"] or {}
    out.one_hot("revealed_field", revealed.get("field"))
    out.one_hot("revealed_value", revealed.get("value"))
    out.put("figures", [1.0 if field == at else 0.0 for at in out.in_turn(view["figures"]) for field in range(ring)])
    out.one_hot("aside", view["aside"])
    out.per_seat("money", view["money"], money)
    past = [sum(round_money[s] for round_money in view["round_money"]) for s in range(players)]
    out.per_seat("past_rounds", past, money * max(1, view["rounds"]))
    out.scaled("pot", [view["pot"]], money)
    out.scaled("bank_paid", [view["bank_paid"]], money)
    out.per_seat("cards", view["cards"], cards)
    out.one_hot("top", view["top"])
    out.scaled("pile", [view["pile_size"]], cards * SYMBOLS)
    out.put("pile_bottom", symbols(view["pile_bottom"]))
    out.per_seat("reshuffles_left", view["reshuffles_left"], max(1, rules["reshuffles"]))
    out.flags("may_sell", [view["may_sell"]])
    move = view["move"] or {}
    for name in ("origin", "picked_from", "placed_at"):
        out.one_hot(name, move.get(name))
    out.flags("holding", [move.get("holding")])
    out.one_hot("held", move.get("held"))
    out.flags("held_knowers", seats(move.get("held_knowers", [])))
    out.one_hot("announced", move.get("announced"))
    out.one_hot("needed", move.get("needed"))
    out.flags("landing", [move.get("landing")])
    out.scaled("sold", [move.get("sold", 0)], max(1, rules["sell_limit"]))
    challenge = view["challenge"] or {}
    out.flags("committed", seats(challenge.get("committed", [])))
    out.one_hot("my_commit", {None: None, "pass": 0, "challenge": 1}[challenge.get("my_commit")])
    out.scaled("my_stake", [challenge.get("my_stake")], money)
    for name in ("challenger", "winner", "loser"):
        out.seat_hot(name, challenge.get(name))
    stakes = challenge.get("stakes") or {}
    out.scaled("stakes", [stakes.get("mover"), stakes.get("challenger")], money)
    out.scaled("cap", [challenge.get("cap")], money)
    return out.done()
