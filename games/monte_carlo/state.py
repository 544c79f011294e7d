"""Monte Carlo: the state of a match and its rules.

One :class:`MonteCarloState` is a whole match: ``match_games`` games, each with a betting act
(up to ``betting_rounds`` rounds of one chip per player) and a laying act (each player lays
``lay`` of his secret digit tiles on free cells of their digit). After each game the fields
are settled; a player without chips drops out; the match ends after the agreed number of
games, or when fewer than two players are left. The score is the chips a player holds.
"""

from __future__ import annotations

from copy import deepcopy

import functools
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from parlour.games.monte_carlo.actions import LAYS, PASS, STOP, Bet, Lay, Pass, Stop, bet_on
from parlour.games.monte_carlo.layout import (CELL_BY_NAME, CELLS, DIGIT_CELLS, DIGIT_OF, DIGITS, TILES_PER_DIGIT, Field,
                                      cell_name, field_odds, fields_for, tile_table)
from parlour.games.monte_carlo.words import N_, WORDS, _, field_title
from parlour.games.monte_carlo.words import a_digit as digit_words
from parlour.core.events import Pending, Worded
from parlour.core.game import Action, State, seat_label

BETTING = "betting"
LAYING = "laying"
OVER = "over"

EMPTY = -1
#: A tile laid by nobody: the tile left over after the deal (MC-C3).
HOUSE = -2


def sentence(text: str) -> str:
    """``text`` with its first letter capitalised: field names are lower case (``diamond``)
    and a log line may start with one."""
    return text[:1].upper() + text[1:]


player_name = seat_label
PLAYER = [player_name(seat) for seat in range(6)]
#: each cell's name, worked out once for the log
CELL_NAME = [cell_name(cell) for cell in range(CELLS)]
# The log's lines are English templates marked for the game's catalog (``N_``), worded in the
# reader's language when read; a line with a field's name or a digit's article is a named
# ``Worded`` of plain values (ids, numbers), so a player at a hosted table words it too.
#: a seat's tiles as it is told them, from the counts of each digit it holds
HAND_LINE = Worded(lambda counts: _("Your tiles: {}").format(
    " ".join([str(d) for d in DIGITS for _n in range(counts[d])])), name="monte-carlo.hand")
LAY_LINE = Worded(lambda who, digit, cell: _("{} lays {} on {}.").format(who, digit_words(digit), cell),
                  name="monte-carlo.lay")
BET_LINE = Worded(lambda who, fid: _("{} bets on {}.").format(who, field_title(fid)), name="monte-carlo.bet")
RESULT_LINE = Worded(lambda fid, won: sentence((_("{} wins.") if won else _("{} loses.")).format(field_title(fid))),
                     name="monte-carlo.result")
LOCK_LINE = Worded(lambda fid, who: sentence(_("{} is now {}'s alone.").format(field_title(fid), who)),
                   name="monte-carlo.lock")
LEFTOVER_LINE = Worded(lambda digit, cell: _("The tile left over, {}, is laid on {}.").format(digit_words(digit), cell),
                       name="monte-carlo.leftover")
#: The lines written at nearly every move, each noted once here (a seat's stop and pass, its
#: tile on each cell; its bet on each field below), so writing one costs an append, which a
#: quiet world drops: the search pays nothing for the log.
STOP_NOTES = [(N_("{} stops betting."), (PLAYER[s],), None, "stop", {"seat": s}) for s in range(6)]
PASS_NOTES = [(N_("{} passes this round."), (PLAYER[s],), None, "pass", {"seat": s}) for s in range(6)]
LAY_NOTES = [[(LAY_LINE, (PLAYER[s], DIGIT_OF[c], CELL_NAME[c]), None, "lay",
               {"seat": s, "digit": DIGIT_OF[c], "cell": CELL_NAME[c]}) for c in range(CELLS)] for s in range(6)]


@functools.lru_cache(maxsize=32)
def bet_notes(fields: tuple[Field, ...]) -> tuple[tuple[Pending, ...], ...]:
    """Each seat's bet on each of ``fields``, noted once for every state with these fields."""
    return tuple(tuple((BET_LINE, (PLAYER[s], f.id), None, "bet", {"seat": s, "field": f.id})
                       for f in fields) for s in range(6))


@functools.lru_cache(maxsize=32)
def result_notes(fields: tuple[Field, ...]) -> tuple[tuple[Pending, Pending], ...]:
    """Each of ``fields`` losing and winning, noted once for every state with these fields."""
    return tuple(tuple((RESULT_LINE, (f.id, won), None, "field",
                        {"field": f.id, "won": won}) for won in (False, True)) for f in fields)


#: the standings at the end of the match, worded from the chips when read
STANDINGS_LINE = Worded(lambda why, chips: _("The match is over ({}): {}.").format(
    _(why), ", ".join(f"{player_name(s)} {c}" for s, c in enumerate(chips))), name="monte-carlo.standings")


def lead_counts(stakes: Iterable[Sequence[int]], players: int) -> tuple[list[int], list[int]]:
    """Per seat, from fields' chips (each in the order they were put down): the chips it put
    where no other seat's chip lay yet (it led, or added to its own), and those it put where
    another's did (it followed)."""
    led, followed = [0] * players, [0] * players
    for stake in stakes:
        for i, s in enumerate(stake):
            if i and any(o != s for o in stake[:i]):
                followed[s] += 1
            else:
                led[s] += 1
    return led, followed


def part(label: str) -> str:
    """A part of the score as the results name it, in the current language: the results show
    a part's key with ``_`` as a space (``won_back``)."""
    return _(label).replace(" ", "_")


class MonteCarloState(State):
    """A match of Monte Carlo in progress (see the module docstring)."""

    words = WORDS

    def __init__(self, players: int, rules: Mapping[str, Any], seed: int) -> None:
        super().__init__(players, rules, seed)
        self.fields: tuple[Field, ...] = fields_for(rules)
        self.field_pos = {f.id: i for i, f in enumerate(self.fields)}
        self.bet_actions = tuple(bet_on(f.id) for f in self.fields)
        self.bet_notes = bet_notes(self.fields)
        self.result_notes = result_notes(self.fields)
        self.capacity: int = rules["field_capacity"]
        self.extra: int = rules["sole_owner_extra"]
        self.rounds: int = rules["betting_rounds"]
        self.stop_is_final: bool = rules["stop_is_final"]
        self.start_chips = int(rules["start_chips"])
        self.chips = [self.start_chips] * players
        self.active = [True] * players
        self.won = [0] * players  #: chips paid out, stakes included ("won back")
        self.staked_total = [0] * players  #: chips put on fields over the match
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
        odds = field_odds(self.rules, n)
        self.kind_odds = odds
        self.odds = [odds[f.kind] for f in self.fields]
        hand, lay = tile_table(self.rules, n)
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
        bag = [d for d in DIGITS for _ in range(TILES_PER_DIGIT)]
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
        self.note("deal", N_("Game {} of {}: {} tiles dealt to each of {} players, {} to lay. {} bets first."),
                  self.game_no + 1, self.rules["match_games"], hand, n, lay, player_name(start), game=self.game_no + 1)
        for seat in seats:
            self.tell(frozenset((seat,)), "hand", HAND_LINE, tuple(self.hands[seat]))
        if self.rules["leftover_laid"]:
            # MC-C3: the odd tile goes face up on a random free cell of its digit.
            for digit in leftover:
                cell = self.free[digit][self.rng.randrange(len(self.free[digit]))]
                self._place(cell, HOUSE)
                self.note("leftover", LEFTOVER_LINE, digit, CELL_NAME[cell], digit=digit, cell=CELL_NAME[cell])
        else:
            self.undealt = sorted(leftover)
        self.current = start

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
        return self._refusal(action) is None

    def why_illegal(self, action: Action) -> str | None:
        refusal = self._refusal(action)
        if refusal is None:
            return None
        template, values = refusal
        worded = {}
        for key, value in values.items():
            if key == "field":
                worded[key] = field_title(value)  # a field's id
            elif key in ("digit", "yours"):
                worded[key] = digit_words(value)  # a digit, with its article
            else:
                worded[key] = value
        return _(template).format(**worded)

    def _refusal(self, action: Action) -> tuple[str, dict[str, Any]] | None:
        """Why ``action`` is not a legal move now, as an English template (marked for the
        catalog) and its values, worded only by :meth:`why_illegal`: the search asks
        :meth:`is_legal` in its tree and must not pay for a sentence."""
        try:
            seat = self.current
            if seat is None:
                return N_("the match is over"), {}
            kind = type(action)
            if kind is Bet:
                if self.phase != BETTING:
                    return N_("the betting is over: now the tiles are laid"), {}
                index = self.field_pos.get(action.field)  # type: ignore[attr-defined]
                if index is None:
                    return N_("there is no field {name} on this table"), {"name": repr(action.field)}  # type: ignore[attr-defined]
                return self._why_closed(index, seat)
            if kind is Stop or kind is Pass:
                if self.phase != BETTING:
                    return N_("the betting is over: now the tiles are laid"), {}
                if (kind is Stop) != self.stop_is_final:
                    return (N_("under these rules you pass a round instead"), {}) if kind is Stop else \
                        (N_("under these rules stopping is for the rest of the game"), {})
                return None
            if kind is Lay:
                if self.phase != LAYING:
                    return N_("tiles are laid only after the betting"), {}
                cell = CELL_BY_NAME.get(action.cell)  # type: ignore[attr-defined]
                digit = action.digit  # type: ignore[attr-defined]
                if cell is None:
                    return N_("there is no cell {cell}"), {"cell": repr(action.cell)}  # type: ignore[attr-defined]
                if DIGIT_OF[cell] != digit:
                    return N_("{cell} shows {digit}, not {yours}"), {  # type: ignore[attr-defined]
                        "cell": action.cell, "digit": DIGIT_OF[cell], "yours": digit}
                if self.grid[cell] != EMPTY:
                    return N_("{cell} already holds a tile"), {"cell": action.cell}  # type: ignore[attr-defined]
                if not self.hands[seat][digit]:
                    return N_("you hold no {number}"), {"number": digit}
                return None
            if not isinstance(action, Action):
                return N_("a {kind} is not a Monte Carlo move"), {"kind": type(action).__name__}
            return N_("{action} is not a Monte Carlo move"), {"action": repr(action.label)}
        except (TypeError, AttributeError):  # an action whose fields have the wrong types
            return N_("a {kind} with fields of the wrong types is not a Monte Carlo move"), {
                "kind": type(action).__name__}

    def _why_closed(self, index: int, seat: int) -> tuple[str, dict[str, Any]] | None:
        """Why ``seat`` may not put a chip on field ``index`` now (MC-B3, MC-B4)."""
        if self.chips[seat] <= 0:
            return N_("you have no chips left"), {}
        chips = len(self.stakes[index])
        if chips < self.capacity:
            return None
        fid = self.fields[index].id
        owner = self.locked.get(index)
        if owner is None or (owner == seat and chips >= self.capacity + self.extra):
            return N_("{field} is full ({chips} chips)"), {"field": fid, "chips": chips}
        if owner != seat:
            return N_("{field} is closed: its {chips} chips all belong to {player}"), {
                "field": fid, "chips": self.capacity, "player": player_name(owner)}
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
            self._pending.append(STOP_NOTES[seat])
            self._next_bettor()
        elif kind is Pass:
            self._pending.append(PASS_NOTES[seat])
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
        self.staked_total[seat] += 1
        self._pending.append(self.bet_notes[seat][index])
        if len(stake) == self.capacity:
            field = self.fields[index]
            self.open_bets = [a for i, a in enumerate(self.bet_actions) if len(self.stakes[i]) < self.capacity]
            if self.extra and stake.count(seat) == self.capacity:
                # MC-B3: three chips of one player close the field to the others.
                self.locked[index] = seat
                self.note("lock", LOCK_LINE, field.id, PLAYER[seat], seat=seat, field=field.id)
        if self.chips[seat] == 0:
            # MC-B4: no chips, no more bets.
            self.betting[seat] = False
            self.note("stop", N_("{} has no chips left to bet."), PLAYER[seat], seat=seat)

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
        self.current = self.order[0]
        first = next((seat for seat in self.order if self.to_lay[seat]), None)
        # said as it happens: the laying begins now, nothing is laid yet
        if first is not None:
            self.note("laying", N_("The betting is closed. Now the tiles: {} lays first."), player_name(first))
        else:
            self.note("laying", N_("The betting is closed. Now the tiles, but nobody has one to lay."))
        if not self.to_lay[self.current]:
            self._next_layer()

    def _lay(self, seat: int, cell: int) -> None:
        digit = DIGIT_OF[cell]
        self.hands[seat][digit] -= 1
        self.hand_size[seat] -= 1
        self.to_lay[seat] -= 1
        self._place(cell, seat)
        self._pending.append(LAY_NOTES[seat][cell])

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
        for index in sorted(self.staked_fields):
            stake = self.stakes[index]
            field = self.fields[index]
            won = field.wins(filled)
            payout = [0] * self.players
            for seat in stake:
                if won:
                    payout[seat] += self.odds[index]
            for seat in range(self.players):
                payout_total[seat] += payout[seat]
            results.append({"field": field.id, "won": won, "chips": list(stake), "payout": payout})
            self._pending.append(self.result_notes[index][won])
        dropped = []
        for seat in self.order:
            self.chips[seat] += payout_total[seat]
            self.won[seat] += payout_total[seat]
            self.games_played[seat] += 1
            self.note("payout", N_("{} staked {}, receives {} (net {:+d}) and holds {} chips."), PLAYER[seat],
                      self.staked[seat], payout_total[seat], payout_total[seat] - self.staked[seat], self.chips[seat],
                      seat=seat)
            if self.chips[seat] <= 0:
                # MC-S2: a player without chips drops out of the match.
                self.active[seat] = False
                dropped.append(seat)
                self.note("bankrupt", N_("{} has no chips left and drops out."), PLAYER[seat], seat=seat)
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
        why = N_("only one player has chips left") if early else N_("the last game is played")
        self.note("end", STANDINGS_LINE, why, tuple(self.chips))

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
            "history": deepcopy(self.history),  # the entries are the state's own: a view gets copies
        }
        if seat is not None:
            view["hand"] = [d for d in DIGITS for _ in range(self.hands[seat][d])]
        return view

    def conserved(self) -> dict[str, Any]:
        """Within a game (MC-C2, MC-C3): the tiles of each digit, in hands, laid or undealt."""
        tiles = [self.undealt.count(d) + sum(h[d] for h in self.hands) for d in range(10)]
        for cell, who in enumerate(self.grid):
            if who != EMPTY:
                tiles[DIGIT_OF[cell]] += 1
        return {"epoch": self.game_no, "tiles": tiles}

    def habits(self) -> list[dict[str, float]]:
        """Per seat, how it bet in the games settled (every chip is public): the games it
        played, its chips, and how many it put on a field first (``led``) or where another
        seat's chip already lay (``followed``)."""
        games = [[entry["chips"] for entry in game["fields"]] for game in self.history]
        led, followed = lead_counts((stake for stakes in games for stake in stakes), self.players)
        return [{"games": float(self.games_played[s]), "chips": float(sum(g["staked"][s] for g in self.history)),
                 "led": float(led[s]), "followed": float(followed[s])} for s in range(self.players)]

    def scores(self) -> list[float]:
        return [float(self.chips[s] + self.staked[s]) for s in range(self.players)]

    def stage(self) -> str:
        return _("Game {}").format(self.game_no + 1)

    def score_breakdown(self) -> list[dict[str, float]]:
        return [
            {
                part(N_("games")): float(self.games_played[s]),
                part(N_("start")): float(self.start_chips),
                part(N_("staked")): float(self.staked_total[s]),
                part(N_("won back")): float(self.won[s]),
                part(N_("net")): float(self.chips[s] + self.staked[s] - self.start_chips),
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
        other.staked_total = self.staked_total[:]
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
            unseen += [d] * (TILES_PER_DIGIT - own[d] - len(DIGIT_CELLS[d]) + len(free[d]))
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
