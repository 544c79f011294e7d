"""Casablanca (Alex Randolph, F.X. Schmid): the Game object, which the host finds through the
``parlour.games`` entry point: the ruleset schema, new matches and the computer players."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.games.casablanca.tensor import layout as tensor_layout, tensor as tensor_of
from parlour.games.casablanca.actions import ACTION_KINDS, SYMBOLS, Call
from parlour.games.casablanca.agents import ABOUT, EasyAgent, MediumAgent
from parlour.games.casablanca.codec import action_codec as numbering
from parlour.games.casablanca.knowledge import CasablancaKnowledge
from parlour.games.casablanca.state import CasablancaState
from parlour.games.casablanca.texts import RESPOND, WORDS, _, dollars
from parlour import rulesets
from parlour.core.codec import ActionCodec
from parlour.core.agents import Budget, KindEntry
from parlour.core.i18n import N_, money, number
from parlour.core.schema import Bool, Int, List, Schema, Str
from parlour.plugin import Game, Layout


#: the most stakes (or raises) one decision may offer: the whole money in play over the step
MAX_STAKES = 2_000
BLURB = N_("Announce a number, true or not, and move round the ring; four of a symbol win the pot.")
#: what players call the seat that begins (``Game.starter``)
STARTER = N_("First leader")


class Casablanca(Game):
    id = "casablanca"
    title = "Casablanca"
    min_players = 2
    max_players = 4
    words = WORDS
    library = rulesets.FOLDER
    pauses = frozenset({"admit", "settle", "round"})  # a challenge decided; a round's end
    texts_read_as_labels = False  # a text counts the ring's fields from 0, the board from 1
    board = "parlour.games.casablanca.board:CasablancaBoard"
    action_kinds = ACTION_KINDS
    #: 2: announcing and putting the chip down became one action; the ruleset gained
    #: ``challenge_below_minimum``. 3: the ruleset gained ``challenger_answers`` (revised
    #: CB-X3); records of version 2 are read with it off, as they were played.
    version = 3

    @property
    def blurb(self) -> str:  # type: ignore[override]
        """The game in a line, in the player's language."""
        return _(BLURB)

    @property
    def starter(self) -> tuple[str, str, str]:  # type: ignore[override]
        return ("first_leader", "first-seat", _(STARTER))

    @property
    def schema(self) -> Schema:
        """The settings; their ``about`` lines stay English here (the JSON schema shipped for
        editors is made from them) and are in the game's catalog for a reader that words
        them (``words.gettext``)."""
        money = Int(0, 1_000_000)
        return Schema({
            "symbols": List(Str(), min_len=SYMBOLS, max_len=SYMBOLS, unique=True),
            "fields_per_symbol": Int(2, 8),
            "chips_per_number": Int(1, 4),
            "cards_per_symbol": Int(3, 10),
            "cards_dealt": Int(0, 6),
            "money_step": Int(1, 10_000),
            "start_money": money,
            "pot_contribution": money,
            "house_money": money,
            "premiums": List(Int(0, 1_000_000), min_len=2, max_len=6),
            "min_stake": Int(1, 1_000_000),
            "stake_step": Int(1, 1_000_000),
            "admit_fee": money,
            "challenge_below_minimum": Bool(),
            "challenger_answers": Bool(),
            "undo_lost_move": Bool(),
            "reshuffles": Int(0, 5),
            "sell_price": money,
            "sell_limit": Int(0, 10),
            "turn_limit": Int(1, 10_000),
            "rounds": Int(1, 20),
            "first_leader": Str(("random", "first-seat")),
            "memory_aid": Bool(),
        }, about={
            "symbols": N_("The seven symbols, in their order around the ring"),  # CB-C1
            "fields_per_symbol": N_("How often the symbols repeat around the ring"),  # CB-C1
            "chips_per_number": N_("Chips of each number 0-6"),  # CB-C2
            "cards_per_symbol": N_("Premium cards of each symbol"),  # CB-C3
            "cards_dealt": N_("Cards dealt to each player at the start of a round"),  # CB-S2
            "money_step": N_("The smallest amount of money; every other amount is a multiple of it"),  # CB-C4
            "start_money": N_("Money each player starts a round with"),  # CB-C4
            "pot_contribution": N_("What each player pays into the pot at the start of a round"),  # CB-C4
            "house_money": N_("What the house puts into the pot at the start of a round"),
            "premiums": N_("What the first, second, ... card of a symbol earns; one more card wins the pot"),  # CB-T4
            "min_stake": N_("The smallest stake of a challenge"),  # CB-X1
            "stake_step": N_("The steps a stake rises in"),  # CB-X3
            "admit_fee": N_("What a mover who admits a lie pays into the pot"),  # CB-X2
            "challenge_below_minimum": N_("Whether a player with less than the smallest stake may still challenge and be challenged"),  # CB-X1, CB-X5
            "challenger_answers": N_("Whether the challenger answers a mover who matches his stake: fold, call or raise (off: the match turns the chip over)"),  # CB-X3
            "undo_lost_move": N_("Whether a mover who loses the exchange goes back"),  # CB-X4
            "reshuffles": N_("Times each player may have the ring's chips reshuffled, each round"),  # CB-O1
            "sell_price": N_("What the bank pays for a card"),  # CB-O3
            "sell_limit": N_("Cards a broke player may sell in one turn"),  # CB-O3
            "turn_limit": N_("Turns after which a round ends without a pot winner (a safety limit)"),
            "rounds": N_("Rounds in a match; the money is dealt anew each round"),  # CB-O4
            "first_leader": N_("Who leads the first round: random, or the first seat"),  # CB-S1
            "memory_aid": N_("Whether the board marks the chip values this seat has seen"),
        })

    def validate_rules(self, rules: Mapping[str, Any]) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = []
        names = rules["symbols"]
        if any(not name.strip() for name in names):
            problems.append(("symbols", _("every symbol needs a name")))
        elif len({name.strip()[0].upper() for name in names}) != SYMBOLS:
            problems.append(("symbols", _("the symbols' first letters must all differ (the board shows them)")))
        step = rules["money_step"]
        for key in ("start_money", "pot_contribution", "house_money", "min_stake", "stake_step",
                    "admit_fee", "sell_price"):
            if rules[key] % step:
                problems.append((key, _("must be a multiple of the money step ({})").format(step)))
        for i, premium in enumerate(rules["premiums"]):
            if premium % step:
                problems.append((f"premiums.{i}", _("must be a multiple of the money step ({})").format(step)))
        # Every stake (and raise) open at a decision is one action: bound how many there can
        # be, so that one game stays within a second and a few tens of MB (4 players at
        # $1,000,000 in steps of $1 took 29 s and 880 MB of random play).
        most = self.max_players * rules["start_money"] + rules["house_money"]
        if most // rules["stake_step"] > MAX_STAKES:
            problems.append(("stake_step", _("at most {} stakes to choose from: with {} in play the step must be at "
                                             "least {}").format(number(MAX_STAKES), dollars(most),
                                                                dollars(-(-most // MAX_STAKES)))))
        if rules["pot_contribution"] > rules["start_money"]:
            problems.append(("pot_contribution", _("cannot be more than the starting money")))
        chips = SYMBOLS * rules["chips_per_number"]
        fields = SYMBOLS * rules["fields_per_symbol"]
        if chips - self.max_players < 1:
            problems.append(("chips_per_number", _("too few chips: every player sets one aside")))
        if chips >= fields:
            problems.append(("fields_per_symbol", _("the ring needs a free field for every chip put down")))
        most = len(rules["premiums"]) - 1  # the most cards of one symbol a hand may be dealt
        if rules["cards_dealt"] > most * SYMBOLS:
            problems.append(("cards_dealt", _("a hand this large must hold too many of one symbol")))
        if rules["cards_dealt"] * self.max_players + SYMBOLS * most >= SYMBOLS * rules["cards_per_symbol"]:
            problems.append(("cards_dealt", _("the deal would leave too small a pile")))
        if rules["cards_per_symbol"] < len(rules["premiums"]) + 1:
            problems.append(("cards_per_symbol", _("fewer cards of a symbol than it takes to win the pot")))
        return problems

    def upgrade_rules(self, rules: dict[str, Any], version: int) -> dict[str, Any] | None:
        """Version 2 records were played with the mover's match turning the chip over."""
        if version == 2:
            return {**rules, "challenger_answers": False}
        return None

    def label_in(self, state: Any, action: Any) -> str:
        """Revised CB-X3: the mover's first answer to a challenge only matches the stake (the
        challenger answers it) though it is written ``call`` like the answer that turns the
        chip over (the analysis named a match "call: turn the chip over", a playtest)."""
        if isinstance(action, Call) and getattr(state, "phase", None) == RESPOND and state.rules.get("challenger_answers"):
            return _("match the stake (the challenger answers)")
        return action.label

    def score_text(self, score: float) -> str:
        return money(round(score))

    def part_as_score(self, part: str) -> bool:
        """Every part of the score but the cards is money: each round's, and the round so far's."""
        return part not in ("cards", _("cards"))

    def new_game(self, players: int, rules: Mapping[str, Any], seed: int) -> CasablancaState:
        self.require_players(players)
        return CasablancaState(players, rules, seed)

    def search_knowledge(self, rules: Mapping[str, Any]) -> Any:
        """How people play Casablanca, for the searching player (see ``knowledge.py``)."""
        return CasablancaKnowledge(rules)

    def action_codec(self, rules: Mapping[str, Any], players: int) -> ActionCodec:
        """The fixed numbering of every action (``codec.py``)."""
        return numbering(rules, players)

    def view_tensor_layout(self, rules: Mapping[str, Any], players: int) -> Layout:
        """A seat's view as numbers: the pieces are listed in ``tensor.py``."""
        return tensor_layout(rules, players)

    def view_tensor(self, view: Mapping[str, Any], rules: Mapping[str, Any], players: int) -> list[float]:
        return tensor_of(view, rules, players)

    def agent_kinds(self) -> dict[str, KindEntry]:
        return self.ladder(EasyAgent, MediumAgent, Budget(iterations=1500), {k: _(v) for k, v in ABOUT.items()})
