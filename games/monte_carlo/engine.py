"""Monte Carlo: the rules engine.

One :class:`MonteCarloState` is a whole match: ``match_games`` games, each with a betting act
(up to ``betting_rounds`` rounds of one chip per player) and a laying act (each player lays
``lay`` of his secret digit tiles on free cells of their digit). After each game the fields
are settled; a player without chips drops out; the match ends after the agreed number of
games, or when fewer than two players are left. The score is the chips a player holds.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from games.monte_carlo import layout
from games.monte_carlo.layout import CELL_BY_NAME, CELLS, DIGIT_CELLS, DIGIT_OF, DIGITS, Field
from parlour.core.agents import AgentKind, Budget, KindEntry
from parlour.core.game import Action, Game, IllegalAction, State, seat_label
from parlour.core.schema import Bool, Dict, Int, List, Schema
from parlour.core.search import search_kind

BETTING = "betting"
LAYING = "laying"
OVER = "over"

EMPTY = -1
#: A tile laid by nobody: the tile left over after the deal (MC-C3).
HOUSE = -2


# -----------------------------------------------------------------------------------------
# Actions


@dataclass(frozen=True, order=True)
class Bet(Action):
    """Put one chip on a betting field."""

    field: str
    kind: ClassVar[str] = "bet"

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", f"bet {self.field}")

    @property
    def text(self) -> str:
        return self._text  # type: ignore[attr-defined, no-any-return]

    @property
    def label(self) -> str:
        return f"bet a chip on {layout.field_name(self.field)}"


@dataclass(frozen=True, order=True)
class Stop(Action):
    """Stop betting for the rest of this game (MC-B2)."""

    kind: ClassVar[str] = "stop"

    @property
    def label(self) -> str:
        return "stop betting for this game"


@dataclass(frozen=True, order=True)
class Pass(Action):
    """Skip one betting round (only when stopping is not final)."""

    kind: ClassVar[str] = "pass"

    @property
    def label(self) -> str:
        return "pass this round"


@dataclass(frozen=True, order=True)
class Lay(Action):
    """Lay a tile of ``digit`` on the free cell ``cell`` (``r4c5``) showing that digit."""

    digit: int
    cell: str
    kind: ClassVar[str] = "lay"

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", f"lay {self.digit} {self.cell}")

    @property
    def text(self) -> str:
        return self._text  # type: ignore[attr-defined, no-any-return]

    @property
    def label(self) -> str:
        index = CELL_BY_NAME[self.cell]
        row, col = layout.row_of(index) + 1, layout.col_of(index) + 1
        return f"lay a {self.digit} on row {row}, column {col} ({layout.QUADRANT_OF[index]})"


STOP = Stop()
PASS = Pass()
#: One action object per cell, so that listing the legal lays allocates nothing.
LAYS = tuple(Lay(DIGIT_OF[c], layout.cell_name(c)) for c in range(CELLS))
_BETS: dict[str, Bet] = {}


def sentence(text: str) -> str:
    """``text`` with its first letter capitalised: field names are lower case (``diamond``)
    and a log line may start with one."""
    return text[:1].upper() + text[1:]


def bet_on(field_id: str) -> Bet:
    """The (shared) action that bets on ``field_id``."""
    action = _BETS.get(field_id)
    if action is None:
        action = _BETS[field_id] = Bet(field_id)
    return action


player_name = seat_label


# -----------------------------------------------------------------------------------------
# The state


class MonteCarloState(State):
    def __init__(self, players: int, rules: Mapping[str, Any], seed: int) -> None:
        super().__init__(players, rules, seed)
        self.fields: tuple[Field, ...] = layout.fields_for(rules)
        self.field_pos = {f.id: i for i, f in enumerate(self.fields)}
        self.bet_actions = tuple(bet_on(f.id) for f in self.fields)
        self.capacity: int = rules["field_capacity"]
        self.extra: int = rules["sole_owner_extra"]
        self.rounds: int = rules["betting_rounds"]
        self.stop_is_final: bool = rules["stop_is_final"]
        self.chips = [int(rules["start_chips"])] * players
        self.active = [True] * players
        self.won = [0] * players
        self.lost = [0] * players
        self.games_played = [0] * players
        self.history: list[dict[str, Any]] = []
        self.game_no = -1
        self.first = -1
        self.phase = BETTING
        self.current: int | None = None
        self._start_game()

    # -- set-up of one game ---------------------------------------------------------------
    def _start_game(self) -> None:
        seats = [s for s in range(self.players) if self.active[s]]
        if self.game_no + 1 >= self.rules["match_games"] or len(seats) < 2:
            self._end_match(len(seats) < 2)
            return
        self.game_no += 1
        n = len(seats)
        # MC-B1: the first bettor moves one seat on from game to game.
        start = (self.first + 1) % self.players
        while not self.active[start]:
            start = (start + 1) % self.players
        self.first = start
        self.order = [(start + i) % self.players for i in range(self.players)]
        self.order = [s for s in self.order if self.active[s]]
        odds = layout.field_odds(self.rules, n)
        self.kind_odds = odds
        self.odds = [odds[f.kind] for f in self.fields]
        hand, lay = layout.tile_table(self.rules, n)
        self.phase = BETTING
        self.round = 1
        self.pos = 0
        self.betting = list(self.active)
        self.staked = [0] * self.players
        self.stakes: list[list[int]] = [[] for _ in self.fields]
        self.staked_fields: list[int] = []  # fields with chips, in the order of their first chip
        self.locked: dict[int, int] = {}
        self.open_bets: list[Action] = list(self.bet_actions)
        self.grid = [EMPTY] * CELLS
        self.filled = 0
        self.free: list[list[int]] = [list(cells) for cells in DIGIT_CELLS]
        # MC-C2: deal the 36 tiles secretly.
        bag = [d for d in DIGITS for _ in range(layout.TILES_PER_DIGIT)]
        self.rng.shuffle(bag)
        self.hands = [[0] * 10 for _ in range(self.players)]
        self.hand_size = [0] * self.players
        self.to_lay = [0] * self.players
        for i, seat in enumerate(seats):
            counts = self.hands[seat]
            for digit in bag[i * hand:(i + 1) * hand]:
                counts[digit] += 1
            self.hand_size[seat] = hand
            self.to_lay[seat] = lay
        leftover = bag[n * hand:]
        self.undealt: list[int] = []
        loud = not self.quiet
        if loud:
            self.log(
                f"Game {self.game_no + 1} of {self.rules['match_games']}: {hand} tiles dealt to each of "
                f"{n} players, {lay} to lay. {player_name(start)} bets first.",
                kind="deal", game=self.game_no + 1,
            )
            for seat in seats:
                self.log(f"Your tiles: {' '.join(self._hand_digits(seat))}", seats=[seat], kind="hand")
        if self.rules["leftover_laid"]:
            # MC-C3: the odd tile goes face up on a random free cell of its digit.
            for digit in leftover:
                cell = self.free[digit][self.rng.randrange(len(self.free[digit]))]
                self._place(cell, HOUSE)
                if loud:
                    self.log(f"The tile left over, a {digit}, is laid on {layout.cell_name(cell)}.",
                             kind="leftover", digit=digit, cell=layout.cell_name(cell))
        else:
            self.undealt = sorted(leftover)
        self.current = start

    def _hand_digits(self, seat: int) -> list[str]:
        counts = self.hands[seat]
        return [str(d) for d in DIGITS for _ in range(counts[d])]

    def _place(self, cell: int, who: int) -> None:
        self.grid[cell] = who
        self.filled |= 1 << cell
        self.free[DIGIT_OF[cell]].remove(cell)

    # -- who decides ----------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return self.current

    def legal_actions(self) -> Sequence[Action]:
        seat = self.current
        if seat is None:
            return []
        if self.phase == BETTING:
            actions = list(self.open_bets)
            for index, owner in self.locked.items():
                if owner == seat and len(self.stakes[index]) < self.capacity + self.extra:
                    actions.append(self.bet_actions[index])
            actions.append(STOP if self.stop_is_final else PASS)
            return actions
        counts = self.hands[seat]
        free = self.free
        return [LAYS[cell] for d in DIGITS if counts[d] for cell in free[d]]

    def is_legal(self, action: Action) -> bool:
        return self.why_illegal(action) is None

    def why_illegal(self, action: Action) -> str | None:
        seat = self.current
        if seat is None:
            return "the match is over"
        kind = type(action)
        if kind is Bet:
            if self.phase != BETTING:
                return "the betting is over: now the tiles are laid"
            index = self.field_pos.get(action.field)  # type: ignore[attr-defined]
            if index is None:
                return f"there is no field {action.field!r} on this table"  # type: ignore[attr-defined]
            return self._why_closed(index, seat)
        if kind is Stop or kind is Pass:
            if self.phase != BETTING:
                return "the betting is over: now the tiles are laid"
            if (kind is Stop) != self.stop_is_final:
                return "under these rules you pass a round instead" if kind is Stop else \
                    "under these rules stopping is for the rest of the game"
            return None
        if kind is Lay:
            if self.phase != LAYING:
                return "tiles are laid only after the betting"
            cell = CELL_BY_NAME.get(action.cell)  # type: ignore[attr-defined]
            digit = action.digit  # type: ignore[attr-defined]
            if cell is None:
                return f"there is no cell {action.cell!r}"  # type: ignore[attr-defined]
            if DIGIT_OF[cell] != digit:
                return f"{action.cell} shows a {DIGIT_OF[cell]}, not a {digit}"  # type: ignore[attr-defined]
            if self.grid[cell] != EMPTY:
                return f"{action.cell} already holds a tile"  # type: ignore[attr-defined]
            if not self.hands[seat][digit]:
                return f"you hold no {digit}"
            return None
        return f"{action.label!r} is not a Monte Carlo move"

    def _why_closed(self, index: int, seat: int) -> str | None:
        """Why ``seat`` may not put a chip on field ``index`` now (MC-B3, MC-B4)."""
        if self.chips[seat] <= 0:
            return "you have no chips left"
        chips = len(self.stakes[index])
        if chips < self.capacity:
            return None
        name = self.fields[index].name
        owner = self.locked.get(index)
        if owner is None:
            return f"{name} is full ({chips} chips)"
        if owner != seat:
            return f"{name} is closed: its {self.capacity} chips all belong to {player_name(owner)}"
        if chips >= self.capacity + self.extra:
            return f"{name} is full ({chips} chips)"
        return None

    # -- moves ----------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        seat = self.current
        assert seat is not None
        kind = type(action)
        if kind is Bet:
            self._bet(seat, self.field_pos[action.field])  # type: ignore[attr-defined]
            self._next_bettor()
        elif kind is Stop:
            self.betting[seat] = False
            if not self.quiet:
                self.log(f"{player_name(seat)} stops betting.", kind="stop", seat=seat)
            self._next_bettor()
        elif kind is Pass:
            if not self.quiet:
                self.log(f"{player_name(seat)} passes this round.", kind="pass", seat=seat)
            self._next_bettor()
        else:
            self._lay(seat, CELL_BY_NAME[action.cell])  # type: ignore[attr-defined]
            self._next_layer()

    #: a move from ``legal_actions()`` needs no check: straight to ``_apply``
    apply_trusted = _apply

    def _bet(self, seat: int, index: int) -> None:
        stake = self.stakes[index]
        if not stake:
            self.staked_fields.append(index)
        stake.append(seat)
        self.chips[seat] -= 1
        self.staked[seat] += 1
        loud = not self.quiet
        if loud:
            field = self.fields[index]
            self.log(f"{player_name(seat)} bets on {field.name}.", kind="bet", seat=seat, field=field.id)
        if len(stake) == self.capacity:
            self.open_bets = [a for i, a in enumerate(self.bet_actions) if len(self.stakes[i]) < self.capacity]
            if self.extra and stake.count(seat) == self.capacity:
                # MC-B3: three chips of one player close the field to the others.
                self.locked[index] = seat
                if loud:
                    self.log(sentence(f"{field.name} is now {player_name(seat)}'s alone."),
                             kind="lock", seat=seat, field=field.id)
        if self.chips[seat] == 0:
            # MC-B4: no chips, no more bets.
            self.betting[seat] = False
            if loud:
                self.log(f"{player_name(seat)} has no chips left to bet.", kind="stop", seat=seat)

    def _next_bettor(self) -> None:
        order = self.order
        n = len(order)
        if not any(self.betting):
            self._start_laying()
            return
        while True:
            self.pos += 1
            if self.pos == n:
                self.pos = 0
                self.round += 1
                if self.round > self.rounds:
                    self._start_laying()
                    return
            seat = order[self.pos]
            if self.betting[seat]:
                self.current = seat
                return

    def _start_laying(self) -> None:
        self.phase = LAYING
        self.pos = 0
        if not self.quiet:
            self.log("The betting is closed; the tiles are laid.", kind="laying")
        self.current = self.order[0]
        if not self.to_lay[self.current]:
            self._next_layer()

    def _lay(self, seat: int, cell: int) -> None:
        digit = DIGIT_OF[cell]
        self.hands[seat][digit] -= 1
        self.hand_size[seat] -= 1
        self.to_lay[seat] -= 1
        self._place(cell, seat)
        if not self.quiet:
            self.log(f"{player_name(seat)} lays a {digit} on {layout.cell_name(cell)}.",
                     kind="lay", seat=seat, digit=digit, cell=layout.cell_name(cell))

    def _next_layer(self) -> None:
        order = self.order
        n = len(order)
        for _ in range(n):
            self.pos = (self.pos + 1) % n
            seat = order[self.pos]
            if self.to_lay[seat]:
                self.current = seat
                return
        self._settle()

    # -- the end of a game and of the match -----------------------------------------------
    def _settle(self) -> None:
        """MC-S1: pay out every winning chip at its field's odds, stake included."""
        filled = self.filled
        results = []
        payout_total = [0] * self.players
        lost = [0] * self.players  # chips each seat lost on fields that did not win
        loud = not self.quiet
        for index in sorted(self.staked_fields):
            stake = self.stakes[index]
            field = self.fields[index]
            won = field.wins(filled)
            payout = [0] * self.players
            for seat in stake:
                if won:
                    payout[seat] += self.odds[index]
                else:
                    lost[seat] += 1
            for seat in range(self.players):
                payout_total[seat] += payout[seat]
            results.append({"field": field.id, "won": won, "chips": list(stake), "payout": payout})
            if loud:
                verdict = "wins" if won else "loses"
                self.log(sentence(f"{field.name} {verdict}."), kind="field",
                         field=field.id, won=won)
        dropped = []
        for seat in self.order:
            self.chips[seat] += payout_total[seat]
            self.won[seat] += payout_total[seat]
            self.lost[seat] += lost[seat]
            self.games_played[seat] += 1
            if loud:
                gain = payout_total[seat] - self.staked[seat]
                self.log(f"{player_name(seat)} staked {self.staked[seat]}, receives {payout_total[seat]} "
                         f"({gain:+d}) and holds {self.chips[seat]} chips.", kind="payout", seat=seat)
            if self.chips[seat] <= 0:
                # MC-S2: a player without chips drops out of the match.
                self.active[seat] = False
                dropped.append(seat)
                if loud:
                    self.log(f"{player_name(seat)} has no chips left and drops out.", kind="bankrupt", seat=seat)
        self.history.append({
            "game": self.game_no + 1,
            "fields": results,
            "grid": list(self.grid),
            "staked": list(self.staked),
            "payout": payout_total,
            "chips": list(self.chips),
            "dropped": dropped,
        })
        self.staked = [0] * self.players
        self._start_game()

    def _end_match(self, early: bool) -> None:
        self.phase = OVER
        self.current = None
        if not self.quiet:
            why = "only one player has chips left" if early else "the last game is played"
            standings = ", ".join(f"{player_name(s)} {self.chips[s]}" for s in range(self.players))
            self.log(f"The match is over ({why}): {standings}.", kind="end")

    # -- what a seat knows ----------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        fields, stakes = self.fields, self.stakes
        bets = {fields[i].id: list(stakes[i]) for i in self.staked_fields}
        view: dict[str, Any] = {
            "seat": seat,
            "players": self.players,
            "phase": self.phase,
            "game": self.game_no + 1,
            "match_games": self.rules["match_games"],
            "round": self.round,
            "betting_rounds": self.rounds,
            "to_move": self.current,
            "first": self.first,
            "order": list(self.order),
            "active": list(self.active),
            "chips": list(self.chips),
            "staked": list(self.staked),
            "scores": [self.chips[s] + self.staked[s] for s in range(self.players)],
            "betting": list(self.betting),
            "bets": bets,
            "locked": {self.fields[i].id: owner for i, owner in self.locked.items()},
            "odds": dict(self.kind_odds),
            "grid": list(self.grid),
            "hand_sizes": list(self.hand_size),
            "to_lay": list(self.to_lay),
            "undealt": len(self.undealt),
            "history": list(self.history),
        }
        if seat is not None:
            view["hand"] = [d for d in DIGITS for _ in range(self.hands[seat][d])]
        return view

    def scores(self) -> list[float]:
        return [float(self.chips[s] + self.staked[s]) for s in range(self.players)]

    def score_breakdown(self) -> list[dict[str, float]]:
        return [
            {
                "chips": float(self.chips[s] + self.staked[s]),
                "won": float(self.won[s]),
                "lost": float(self.lost[s]),
                "games": float(self.games_played[s]),
            }
            for s in range(self.players)
        ]

    # -- copies and hidden worlds ---------------------------------------------------------
    def clone(self) -> MonteCarloState:
        return self._copy(events=True)

    def _copy(self, events: bool) -> MonteCarloState:
        """A copy sharing the immutable parts (and ``order``, ``open_bets`` and ``undealt``,
        which the engine replaces but never changes in place); the generator is shared
        copy-on-write and the log copied only if ``events`` (and never from a quiet state)."""
        other = self._bare_copy(events)
        other.chips = self.chips[:]
        other.active = self.active[:]
        other.won = self.won[:]
        other.lost = self.lost[:]
        other.games_played = self.games_played[:]
        other.betting = self.betting[:]
        other.staked = self.staked[:]
        other.staked_fields = self.staked_fields[:]
        other.grid = self.grid[:]
        other.hand_size = self.hand_size[:]
        other.to_lay = self.to_lay[:]
        other.history = self.history[:]
        other.stakes = [s[:] for s in self.stakes]
        other.locked = self.locked.copy()
        other.free = [f[:] for f in self.free]
        other.hands = [h[:] for h in self.hands]
        return other

    def sample_world(self, seat: int, rng: random.Random, *, quiet: bool = False) -> MonteCarloState:
        """Redeal the tiles ``seat`` has not seen among the other hands (and the undealt). A
        ``quiet`` world keeps no log."""
        world = self._copy(events=False)
        unseen: list[int] = []
        own = self.hands[seat]
        free = self.free
        for d in DIGITS:  # a digit's tiles not in this hand and not on its cells (laid there)
            unseen += [d] * (layout.TILES_PER_DIGIT - own[d] - len(DIGIT_CELLS[d]) + len(free[d]))
        rng.shuffle(unseen)
        for other in range(self.players):
            if other == seat:
                continue
            counts = [0] * 10
            size = self.hand_size[other]
            for digit in unseen[:size]:
                counts[digit] += 1
            del unseen[:size]
            world.hands[other] = counts
        world.undealt = sorted(unseen)
        self._settle_world(world, seat, rng, quiet)
        return world


# -----------------------------------------------------------------------------------------
# The game


def _tiles_row() -> Dict:
    return Dict({"players": Int(2, 6), "hand": Int(1, 36), "lay": Int(0, 36)})


class MonteCarlo(Game):
    id = "monte-carlo"
    title = "Monte Carlo"
    blurb = "Bet chips on patterns around a 6x6 grid, then lay your secret digit tiles to make them."
    min_players = 2
    max_players = 6
    board = "games.monte_carlo.board:MonteCarloBoard"

    @property
    def schema(self) -> Schema:
        return Schema({
            "start_chips": Int(1, 10_000),
            "match_games": Int(1, 50),
            "betting_rounds": Int(1, 100),
            "stop_is_final": Bool(),
            "field_capacity": Int(1, 36),
            "sole_owner_extra": Int(0, 36),
            "odds": Dict({kind: Int(0, 100) for kind in layout.KINDS}),
            "odds_bonus": Int(0, 100),
            "odds_bonus_players": Int(2, 7),
            "fields": Dict({
                kind: Int(0, 2) if kind in ("number", "row") else Int(0, 1) for kind in layout.KINDS
            }),
            "tiles": List(_tiles_row(), min_len=1),
            "leftover_laid": Bool(),
        })

    def validate_rules(self, rules: Mapping[str, Any]) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = []
        seen: set[int] = set()
        for i, row in enumerate(rules["tiles"]):
            players, hand, lay = row["players"], row["hand"], row["lay"]
            if players in seen:
                problems.append((f"tiles.{i}.players", f"{players} players appear twice"))
            seen.add(players)
            if players * hand > layout.CELLS:
                problems.append((f"tiles.{i}.hand", f"{players} hands of {hand} need more than 36 tiles"))
            if lay > hand:
                problems.append((f"tiles.{i}.lay", f"cannot lay {lay} of {hand} tiles"))
        missing = [p for p in range(self.min_players, self.max_players + 1) if p not in seen]
        if missing:
            problems.append(("tiles", f"no row for {', '.join(map(str, missing))} players"))
        if not any(rules["fields"].values()):
            problems.append(("fields", "the table needs at least one betting field"))
        return problems

    def new_game(self, players: int, rules: Mapping[str, Any], seed: int) -> MonteCarloState:
        self.require_players(players)
        return MonteCarloState(players, rules, seed)

    def parse_action(self, state: State, text: str) -> Action:
        action = parse_text(text)
        if action is None or not state.is_legal(action):
            raise IllegalAction(f"{text!r} is not a legal move now")
        return action

    def search_knowledge(self, rules: Mapping[str, Any]) -> Any:
        """Rollouts, candidates and a value estimate for the searching player (``knowledge.py``)."""
        from games.monte_carlo.knowledge import MonteCarloKnowledge

        return MonteCarloKnowledge(rules)

    def agent_kinds(self) -> dict[str, KindEntry]:
        from games.monte_carlo.agents import ABOUT, EasyAgent, MediumAgent

        kinds = super().agent_kinds()
        return {
            "random": kinds["random"],
            "easy": AgentKind(lambda rules: EasyAgent(rules), ABOUT["easy"]),
            "medium": AgentKind(lambda rules: MediumAgent(rules), ABOUT["medium"]),
            "hard": search_kind(self.search_knowledge, Budget(iterations=600), ABOUT["hard"]),
            "flat": kinds["flat"],
        }


def parse_text(text: str) -> Action | None:
    """The action a record text names, or None (legality is the state's business)."""
    parts = text.split()
    if parts == ["stop"]:
        return STOP
    if parts == ["pass"]:
        return PASS
    if len(parts) == 2 and parts[0] == "bet":
        return _BETS.get(parts[1]) or Bet(parts[1])
    if len(parts) == 3 and parts[0] == "lay" and parts[1].isdigit() and parts[2] in CELL_BY_NAME:
        cell = CELL_BY_NAME[parts[2]]
        return LAYS[cell] if int(parts[1]) == DIGIT_OF[cell] else Lay(int(parts[1]), parts[2])
    return None
