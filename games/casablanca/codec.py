"""Casablanca's action numbering (for OpenSpiel and other tools that number actions).

In order: a figure on each field, reshuffle, a sale of each symbol, a pick of each field,
every number announced with every field (number first), a challenge of each amount from $0 to
the most money a player can ever hold, pass, admit, call, a raise of each such amount, fold,
take top, a take of each symbol. The most money is every player's start money, the house's,
and what the bank and premiums can pay for every card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.games.casablanca.actions import (ADMIT, CALL, FOLD, PASS, RESHUFFLE, SYMBOLS, TAKE_TOP, Announce, Challenge, Pick,
                                      PlaceFigure, Raise, Sell, TakeCard)
from parlour.core.codec import ActionCodec, Fixed, Phrase


def most_money(rules: Mapping[str, Any], players: int) -> int:
    cards = SYMBOLS * int(rules["cards_per_symbol"])
    return (players * int(rules["start_money"]) + int(rules["house_money"])
            + cards * (int(rules["sell_price"]) + max(rules["premiums"], default=0)))


def action_codec(rules: Mapping[str, Any], players: int) -> ActionCodec:
    fields = range(SYMBOLS * int(rules["fields_per_symbol"]))
    symbols = range(SYMBOLS)
    amounts = range(most_money(rules, players) + 1)
    return ActionCodec([
        Phrase(PlaceFigure.word, fields), Fixed(RESHUFFLE.text), Phrase(Sell.word, symbols), Phrase(Pick.word, fields),
        Phrase(Announce.word, symbols, fields), Phrase(Challenge.word, amounts), Fixed(PASS.text), Fixed(ADMIT.text),
        Fixed(CALL.text), Phrase(Raise.word, amounts), Fixed(FOLD.text), Fixed(TAKE_TOP.text),
        Phrase(TakeCard.word, symbols),
    ])
