"""Monte Carlo: the Game object, which the host finds through the ``parlour.games`` entry
point: the ruleset schema, new matches, record texts and the computer players."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.games.monte_carlo.actions import ACTION_KINDS, Bet, Lay
from parlour.games.monte_carlo.slots import field_short
from parlour.games.monte_carlo.agents import ABOUT, EasyAgent, MediumAgent
from parlour.games.monte_carlo.codec import action_codec as numbering
from parlour.games.monte_carlo.knowledge import MonteCarloKnowledge
from parlour.games.monte_carlo.layout import CELLS, KINDS
from parlour.games.monte_carlo.state import MonteCarloState
from parlour.games.monte_carlo.tensor import layout as tensor_layout, tensor as tensor_of
from parlour import rulesets
from parlour.core.actions import Action
from parlour.core.codec import ActionCodec
from parlour.core.agents import Budget, KindEntry
from parlour.core.schema import Bool, Dict, Int, List, Schema
from parlour.plugin import Game, Layout
from parlour.games.monte_carlo.words import N_, WORDS, _

BLURB = N_("Bet chips on patterns around a 6x6 grid, then lay your secret digit tiles to make them.")
#: what each setting of the ruleset means (the rules' "At this table" names a changed one so)
SETTINGS_ABOUT = {
    "start_chips": N_("Chips each player brings to the match"),  # MC-C1
    "match_games": N_("Games in a match; a player with no chips left drops out"),  # MC-S2
    "betting_rounds": N_("Betting rounds a game, one chip a round"),  # MC-B1, MC-B4
    "stop_is_final": N_("Whether a player who stops is out of the betting for the rest of the game"),  # MC-B2
    "field_capacity": N_("Chips a field holds"),  # MC-B3
    "sole_owner_extra": N_("Chips its sole owner may add to a full field of his own"),  # MC-B3
    "odds": N_("Chips returned per winning chip, stake included, for each kind of field"),  # MC-S1
    "odds_bonus": N_("What every odds figure rises by at a large table"),  # MC-V1
    "odds_bonus_players": N_("The table size from which the odds bonus applies"),  # MC-V1
    "fields": N_("Betting fields of each kind on the board"),
    "tiles": N_("Tiles dealt to each player and tiles each lays, for each table size"),  # MC-C2
    "leftover_laid": N_("Whether tiles left over after the deal are laid face up at once"),  # MC-C3
}


def _tiles_row() -> Dict:
    return Dict({"players": Int(2, 6), "hand": Int(1, 36), "lay": Int(0, 36)})


class MonteCarlo(Game):
    id = "monte-carlo"
    title = "Monte Carlo"
    words = WORDS
    min_players = 2
    max_players = 6
    board = "parlour.games.monte_carlo.board:MonteCarloBoard"
    action_kinds = ACTION_KINDS
    library = rulesets.FOLDER
    pauses = frozenset({"field"})  # a game settled: its grid and payouts before the next deal

    def short_label(self, action: Action) -> str:
        """A bet by its field's name on the board ("bet C4 (bottom)": the record's text names
        it by its id, ``bet col4-bottom``), a lay by its digit and cell ("lay 2 on r1c3"), in
        the reader's language; stop and pass by their labels."""
        if isinstance(action, Bet):
            return _("bet {field}").format(field=field_short(action.field))
        if isinstance(action, Lay):
            return _("lay {digit} on {cell}").format(digit=action.digit, cell=action.cell)
        return action.label

    @property
    def schema(self) -> Schema:
        return Schema({
            "start_chips": Int(1, 10_000),
            "match_games": Int(1, 50),
            "betting_rounds": Int(1, 100),
            "stop_is_final": Bool(),
            "field_capacity": Int(1, 36),
            "sole_owner_extra": Int(0, 36),
            "odds": Dict({kind: Int(0, 100) for kind in KINDS}),
            "odds_bonus": Int(0, 100),
            "odds_bonus_players": Int(2, 7),
            "fields": Dict({
                kind: Int(0, 2) if kind in ("number", "row") else Int(0, 1) for kind in KINDS
            }),
            "tiles": List(_tiles_row(), min_len=1),
            "leftover_laid": Bool(),
        }, about={key: _(text) for key, text in SETTINGS_ABOUT.items()})

    @property
    def blurb(self) -> str:  # type: ignore[override]
        """What the game is, in the current language."""
        return _(BLURB)

    def validate_rules(self, rules: Mapping[str, Any]) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = []
        seen: set[int] = set()
        for i, row in enumerate(rules["tiles"]):
            players, hand, lay = row["players"], row["hand"], row["lay"]
            if players in seen:
                problems.append((f"tiles.{i}.players", _("{players} players appear twice").format(players=players)))
            seen.add(players)
            if players * hand > CELLS:
                problems.append((f"tiles.{i}.hand", _("{players} hands of {hand} need more than 36 tiles").format(
                    players=players, hand=hand)))
            if lay > hand:
                problems.append((f"tiles.{i}.lay", _("cannot lay {lay} of {hand} tiles").format(lay=lay, hand=hand)))
        missing = [p for p in range(self.min_players, self.max_players + 1) if p not in seen]
        if missing:
            problems.append(("tiles", _("no row for {players} players").format(players=", ".join(map(str, missing)))))
        if not any(rules["fields"].values()):
            problems.append(("fields", _("the table needs at least one betting field")))
        return problems

    def new_game(self, players: int, rules: Mapping[str, Any], seed: int) -> MonteCarloState:
        self.require_players(players)
        return MonteCarloState(players, rules, seed)

    def search_knowledge(self, rules: Mapping[str, Any]) -> Any:
        """Rollouts, candidates and a value estimate for the searching player (``knowledge.py``)."""
        return MonteCarloKnowledge(rules)

    def action_codec(self, rules: Mapping[str, Any], players: int) -> ActionCodec:
        """The fixed numbering of every action (``codec.py``)."""
        return numbering(rules)

    def view_tensor_layout(self, rules: Mapping[str, Any], players: int) -> Layout:
        """A seat's view as numbers: the pieces are listed in ``tensor.py``."""
        return tensor_layout(rules, players)

    def view_tensor(self, view: Mapping[str, Any], rules: Mapping[str, Any], players: int) -> list[float]:
        return tensor_of(view, rules, players)

    def agent_kinds(self) -> dict[str, KindEntry]:
        return self.ladder(EasyAgent, MediumAgent, Budget(iterations=600), {kind: _(about) for kind, about in ABOUT.items()})
