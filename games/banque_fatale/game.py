"""Banque Fatale (Stefan Dorra, 1997): the game object the host finds through its entry point."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.games.banque_fatale.actions import ACTION_KINDS
from parlour.games.banque_fatale.agents import ABOUT, EasyAgent
from parlour.games.banque_fatale.codec import action_codec as numbering
from parlour.games.banque_fatale.knowledge import BanqueFataleKnowledge
from parlour.games.banque_fatale.medium import MediumAgent
from parlour.games.banque_fatale.state import BanqueFataleState
from parlour.games.banque_fatale.tensor import layout as tensor_layout, tensor as tensor_of
from parlour.games.banque_fatale.words import N_, WORDS, _
from parlour import rulesets
from parlour.core.codec import ActionCodec
from parlour.core.agents import Budget, KindEntry
from parlour.core.schema import Bool, Dict, Int, List, Map, Schema, Str
from parlour.plugin import Game, Layout


BLURB = N_("Bid jetons for cards; the jetons you bid push five colours up or down. Sell in time.")


class BanqueFatale(Game):
    id = "banque-fatale"
    title = "Banque Fatale"
    min_players = 3
    max_players = 4
    words = WORDS
    library = rulesets.FOLDER
    pauses = frozenset({"reset", "end"})  # a colour paid out and went back; the game's end
    board = "parlour.games.banque_fatale.board:BanqueFataleBoard"
    action_kinds = ACTION_KINDS

    @property
    def blurb(self) -> str:  # type: ignore[override]
        """One line on the home screen, in the player's language."""
        return _(BLURB)

    @property
    def starter(self) -> tuple[str, str, str]:  # type: ignore[override]
        """BF-S3: setup offers every seat as start player (the label in the player's language)."""
        return ("start_player", "first", _(N_("Start player")))

    @property
    def schema(self) -> Schema:
        return Schema({
            "colours": List(Dict({"letter": Str(), "name": Str()}), min_len=2, max_len=8),
            "jetons_per_colour": Int(0, 99),
            "start_jetons_per_colour": Int(0, 20),
            "deck": List(Str(), min_len=5, max_len=60),
            "chart": Dict({"min": Int(0, 99), "max": Int(1, 99), "start": Int(0, 99)}),
            "display_size": Int(1, 10),
            "start_player": Str(("random", "first")),
            "rise": Int(0, 20),
            "rise_min_count": Int(1, 40),
            "single_jeton_fall": Int(0, 20),
            "zero_jetons": Str(("to", "by")),
            "zero_jetons_amount": Int(0, 99),
            "payout": Map(Int(0, 99), Int(0, 99)),
            "reset_value": Int(0, 99),
            "sales_per_round": Int(0, 5),
            "sale_restriction": Str(("card-just-won", "colour-rose")),
            "jeton_value": Int(0, 20),
            "closed_screens": Bool(),
        }, about={
            "colours": "The colours, each with the letter the board shows beside it",  # BF-C1
            "jetons_per_colour": "Jetons of each colour in the box",  # BF-C2
            "start_jetons_per_colour": "Jetons of each colour a player starts with",  # BF-C2
            "deck": "The cards, one code per card, one letter per ace",  # BF-C3
            "chart": "The value chart in millions: lowest, highest and starting value",  # BF-C4
            "display_size": "Cards face up on offer",  # BF-S2
            "start_player": "Who starts: random, or the first seat",  # BF-S3
            "rise": "How far the colour(s) with the most jetons in the pool rise",  # BF-R5
            "rise_min_count": "Jetons a colour needs in the pool to rise",  # BF-R5
            "single_jeton_fall": "How far a colour with exactly one jeton in the pool falls",  # BF-R5
            "zero_jetons": "A colour with no jeton in the pool falls to the amount, or by it",  # BF-R5
            "zero_jetons_amount": "The amount a colour with no jeton falls to or by",  # BF-R5
            "payout": "Millions paid per ace of a colour standing at each of these values",  # BF-R6
            "reset_value": "Where a colour goes back to after it paid out",  # BF-R6
            "sales_per_round": "Cards the start player may sell each round",  # BF-R8
            "sale_restriction": "Which card the start player may not sell: the one just won, or one whose colour rose",  # BF-R8
            "jeton_value": "Millions a jeton is worth at the end",  # BF-E2
            "closed_screens": "Whether others' cash and jetons stay behind their screens",
        })

    def validate_rules(self, rules: Mapping[str, Any]) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = []
        letters = [c["letter"] for c in rules["colours"]]
        names = [c["name"] for c in rules["colours"]]
        for i, letter in enumerate(letters):
            if len(letter) != 1 or not letter.isalpha() or not letter.isupper():
                problems.append((f"colours.{i}.letter", f"{letter!r} is not one capital letter"))
        if len(set(letters)) != len(letters):
            problems.append(("colours", "two colours share a letter"))
        if len(set(names)) != len(names):
            problems.append(("colours", "two colours share a name"))
        for i, code in enumerate(rules["deck"]):
            if not code or any(ch not in letters for ch in code):
                problems.append((f"deck.{i}", f"card {code!r} uses a letter that is not a colour"))
        singles = sum(1 for code in rules["deck"] if len(code) == 1)
        if singles < self.max_players:
            problems.append(("deck", f"needs at least {self.max_players} single-colour cards to deal"))
        if len(rules["deck"]) <= self.max_players:
            problems.append(("deck", "too few cards to leave any for auction"))
        chart = rules["chart"]
        if not chart["min"] <= chart["start"] <= chart["max"]:
            problems.append(("chart", "start must lie between min and max"))
        if not chart["min"] <= rules["reset_value"] <= chart["max"]:
            problems.append(("reset_value", "must lie on the chart"))
        for value in rules["payout"]:
            if not chart["min"] <= value <= chart["max"]:
                problems.append((f"payout.{value}", "is not a value on the chart"))
        if rules["reset_value"] in rules["payout"] or chart["start"] in rules["payout"]:
            problems.append(("payout", "the start and reset values must not pay out"))
        if rules["start_jetons_per_colour"] * self.max_players > rules["jetons_per_colour"]:
            problems.append(("start_jetons_per_colour", f"{self.max_players} players would need more jetons than the box holds"))
        return problems

    def search_knowledge(self, rules: Mapping[str, Any]) -> Any:
        """Bid candidates, rollouts and a value estimate for the searching player (``knowledge.py``)."""
        return BanqueFataleKnowledge(rules)

    def new_game(self, players: int, rules: Mapping[str, Any], seed: int) -> BanqueFataleState:
        self.require_players(players)
        return BanqueFataleState(players, rules, seed)

    def action_codec(self, rules: Mapping[str, Any], players: int) -> ActionCodec:
        """The fixed numbering of every action (``codec.py``)."""
        return numbering(rules)

    def view_tensor_layout(self, rules: Mapping[str, Any], players: int) -> Layout:
        """A seat's view as numbers: the pieces are listed in ``tensor.py``."""
        return tensor_layout(rules, players)

    def view_tensor(self, view: Mapping[str, Any], rules: Mapping[str, Any], players: int) -> list[float]:
        return tensor_of(view, rules, players)

    def agent_kinds(self) -> dict[str, KindEntry]:
        return self.ladder(EasyAgent, MediumAgent, Budget(iterations=1000), {kind: _(about) for kind, about in ABOUT.items()})
