"""What Monte Carlo tells the searching player (``hard``).

- :meth:`MonteCarloKnowledge.rollout`: a cheap player who bets as many chips a game as its
  seat's model says, each on the best field its own tiles help among a few it looks at (at
  least half covered: a random bet loses its chip far more often than not), and who lays its
  tiles on its own fields first and keeps back tiles that would complete the fields only
  others have chips on. It reads the world as the seat would: its own hand and the table.
  Played out, its lone chips win about a quarter of the time and a seat bets five or six a
  game, as at tables of the benchmarks' people; a rollout player who bet only on fields it
  all but made bet half a chip a game, so a lone bet met three blockers with nothing of
  their own to lay for and won a tenth of the time, and the search never bet first.
  The searching seat itself bets no more in the game it decides in: a bet at the root is
  weighed as that chip and then stopping, against stopping now (stopping is final), and the
  next chip at its next turn. Played as its seat model (six chips a game before any
  evidence, on fields half covered), every bet at the root carried about five more that
  lose on the whole while stopping carried none: three ``hard`` against the benchmarks'
  ``own`` player bet one chip in the first games of two matches, and bet again in the
  second once a game without bets had lowered their models to three chips. In six matches
  of three ``hard`` against ``own`` they bet 0.4, 6.3 and 4.8 chips a seat in games 1-3
  so, 7.3, 7.4 and 5.7 now, and ended with 39 chips a seat, not 34.
- :meth:`MonteCarloKnowledge.evaluate`: chips plus the expected return of the open bets (a
  field's chance grows with how much of it is filled), for rollouts cut off before a game's
  settlement.
- :meth:`MonteCarloKnowledge.candidates`: the ``medium`` player's choice first, then
  stopping, the eight bets the hand supports best and the four fields with most of the
  others' chips, or the lays on the searcher's own fields first.
- :meth:`MonteCarloKnowledge.world_weight`: a chip a player puts first on a field says his
  tiles make it likely, so a world is weighted by how well each hand covers the fields its
  owner led on; a chip put where others bet says less.
- :meth:`MonteCarloKnowledge.read`: each other seat's model from what this match has shown
  of it (the view's bets and the history of the games played): how many chips it bets a
  game, and how often it follows another's chip instead of leading; the rollouts bet so, and
  a seat that mostly follows counts for little in the world weights. A person met before
  (:meth:`MonteCarloKnowledge.recall`: his ``State.habits`` from earlier matches, kept in the
  record) starts from those instead of the priors, weighing at most ``MEMORY_GAMES`` games.
  Built from the view at each decision, so a resumed match plays on as before.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.core.game import Action, State
from parlour.core.search import Knowledge

from parlour.games.monte_carlo.actions import LAYS, PASS, STOP, Bet, Lay, Pass, Stop
from parlour.games.monte_carlo.agents import MediumAgent
from parlour.games.monte_carlo.layout import CELL_BY_NAME, DIGIT_CELLS, DIGITS, fields_for, mask_of
from parlour.games.monte_carlo.state import lead_counts

_DIGIT_MASKS = (0,) + tuple(mask_of(DIGIT_CELLS[d]) for d in DIGITS)

#: how much of a completion field a seat must be able to cover (laid tiles and its own
#: tiles) before a rollout player bets on it
COVER = 0.5
#: bets a rollout player makes in one game at most
MOST_BETS = 6
#: how many open fields a rollout player looks at before it bets or stops
LOOKS = 8
#: the searcher's own bets worth searching: the fields its hand covers best (with ``medium``'s
#: choice and stopping); 600 simulations spread over all sixty would try each a dozen times
CANDIDATE_BETS = 8
#: and the fields with most of the others' chips (their chips tell of their tiles; at the
#: benchmarks' tables a shared field wins a third to two thirds of the time, a lone one a quarter)
FOLLOW_BETS = 4
#: a seat's model starts as the rollout player above: it leads (bets where nobody has) this
#: share of its chips and bets ``MOST_BETS`` a game, each prior worth ``PRIOR_WEIGHT`` chips
#: (or games) of evidence
LEAD_SHARE = 0.8
PRIOR_WEIGHT = 6.0
PRIOR_GAMES = 1.0
#: a person's earlier matches (``recall``) weigh at most this many games of evidence, so
#: this match soon outweighs them
MEMORY_GAMES = 3.0
#: how strongly a lead chip weighs a world by its owner's cover of the field
SIGNAL_POWER = 2.0
SIGNAL_FLOOR = 0.2


@dataclass(frozen=True)
class SeatModel:
    """How one seat bets, as seen this match: the share of its chips it puts on fields
    nobody had bet on, and its chips a game."""

    lead: float = LEAD_SHARE
    chips: float = float(MOST_BETS)


def _count(habits: Mapping[str, float] | None, key: str) -> float:
    """A count from a person's habits, as a finite number of at least 0 (0 when missing)."""
    try:
        value = float(habits.get(key, 0.0)) if habits else 0.0
    except (TypeError, ValueError):
        return 0.0
    return min(value, 1e9) if value > 0 and math.isfinite(value) else 0.0


def seat_models(view: Mapping[str, Any], past: Sequence[Mapping[str, float] | None] = ()) -> list[SeatModel]:
    """Every seat's model from the bets of the games played and of this one (a stake lists
    its chips in the order they were put down), and from what earlier matches with its player
    showed (``State.habits`` summed), weighing at most ``MEMORY_GAMES`` games."""
    n = view["players"]
    games = [[entry["chips"] for entry in game["fields"]] for game in view["history"]]
    led, followed = lead_counts((stake for stakes in games for stake in stakes), n)
    now_led, now_followed = lead_counts(view["bets"].values(), n)
    past_chips = [sum(game["staked"][s] for game in view["history"]) for s in range(n)]
    models = []
    for s in range(n):
        lead, follow = led[s] + now_led[s], followed[s] + now_followed[s]
        played, chips = len(games) + PRIOR_GAMES, past_chips[s] + MOST_BETS * PRIOR_GAMES
        habits = past[s] if s < len(past) else None
        known = _count(habits, "games")
        if known > 0:  # (no habits: none known)
            scale = min(1.0, MEMORY_GAMES / known)
            played += scale * known
            chips += scale * min(_count(habits, "chips"), 12.0 * known)
            lead += scale * _count(habits, "led")
            follow += scale * _count(habits, "followed")
        models.append(SeatModel(lead=(lead + LEAD_SHARE * PRIOR_WEIGHT) / (lead + follow + PRIOR_WEIGHT),
                                chips=max(chips / played, now_led[s] + now_followed[s] + 1.0)))
    return models


class MonteCarloKnowledge(Knowledge):
    """Rollouts, candidates and a value estimate for Monte Carlo."""

    rollout_depth: int | None = 80

    def __init__(self, rules: Mapping[str, Any]) -> None:
        self.rules = rules
        self.fields = fields_for(rules)
        #: per field: (digit, mask of the field's cells of that digit), or () for a majority
        self.groups = [
            () if f.rivals else tuple((d, f.mask & _DIGIT_MASKS[d]) for d in DIGITS if f.mask & _DIGIT_MASKS[d])
            for f in self.fields
        ]
        self.sizes = [len(f.cells) for f in self.fields]
        self._medium: Any = None
        self.models: list[SeatModel] = [SeatModel()] * 6
        self._view: Any = None
        #: the searching seat and the game it decides in (the view's): see :meth:`rollout`
        self.me: int | None = None
        self.game_no = -1
        #: per seat, what earlier matches with its player showed (``recall``)
        self.past: list[Mapping[str, float] | None] = []

    def recall(self, habits: Sequence[Mapping[str, float] | None]) -> None:
        self.past = list(habits)
        self._view = None

    def read(self, view: Mapping[str, Any]) -> None:
        """The other seats' models, from what this view shows of their bets and what earlier
        matches showed of their players (:func:`seat_models`)."""
        if view is not self._view:
            self._view = view
            self.models = seat_models(view, self.past)
            self.me, self.game_no = view.get("seat"), view.get("game", 0) - 1

    # -- rollouts -------------------------------------------------------------------------
    def cover(self, w: Any, seat: int, index: int) -> float:
        """The share of a completion field that is laid or that ``seat``'s own tiles can
        fill (0 for a majority field)."""
        groups = self.groups[index]
        if not groups:
            return 0.0
        filled, hand = w.filled, w.hands[seat]
        covered = 0
        for d, mask in groups:
            open_cells = (mask & ~filled).bit_count()
            covered += mask.bit_count() - open_cells + min(hand[d], open_cells)
        return covered / self.sizes[index]

    def rollout(self, world: State, rng: random.Random) -> Action | None:
        w: Any = world
        seat = w.current
        if w.phase == "betting":
            stop = STOP if w.stop_is_final else PASS
            if seat == self.me and w.game_no == self.game_no:
                return stop  # the searcher's own later bets are its own to weigh (see the module doc)
            model = self.models[seat]
            if w.staked[seat] >= model.chips or w.chips[seat] <= 0:
                return stop
            legal = w.legal_actions()
            best, best_cover = stop, COVER
            pos = w.field_pos
            if model.lead < 0.5 and rng.random() > model.lead:
                follow = self.follow(w, seat, legal)
                if follow is not None:
                    return follow
            for _ in range(LOOKS):
                action = legal[rng.randrange(len(legal))]
                if type(action) is not Bet:
                    continue
                c = self.cover(w, seat, pos[action.field])
                if c >= best_cover:
                    best, best_cover = action, c
            return best
        # laying: own fields first; never the last cell of a field only others bet on
        hand, free = w.hands[seat], w.free
        mine = theirs = 0
        fields, stakes = self.fields, w.stakes
        for i in w.staked_fields:
            if seat in stakes[i]:
                mine |= fields[i].mask
            else:
                theirs |= fields[i].mask
        good, fine, bad = [], [], []
        for d in DIGITS:
            if not hand[d]:
                continue
            for cell in free[d]:
                bit = 1 << cell
                if mine & bit:
                    good.append(cell)
                elif theirs & bit:
                    bad.append(cell)
                else:
                    fine.append(cell)
        pool = good or fine or bad
        if not pool:
            return None
        return LAYS[pool[rng.randrange(len(pool))]]

    def follow(self, w: Any, seat: int, legal: Sequence[Action]) -> Action | None:
        """The bet a follower makes: on the field with most of the others' chips that its
        own tiles do not rule out."""
        best, most = None, 0.0
        pos, stakes = w.field_pos, w.stakes
        for action in legal:
            if type(action) is not Bet:
                continue
            i = pos[action.field]
            theirs = sum(1 for s in stakes[i] if s != seat)
            if not theirs:
                continue
            score = theirs + (self.cover(w, seat, i) if self.groups[i] else 0.5)
            if score > most:
                best, most = action, score
        return best

    # -- weighing sampled worlds ------------------------------------------------------------
    def world_weight(self, world: State, seat: int, view: Mapping[str, Any]) -> float:
        """How well each other hand in ``world`` covers the fields its owner led on, to a
        power that grows with how often that owner leads rather than follows."""
        self.read(view)
        w: Any = world
        weight = 1.0
        stakes = w.stakes
        for i in w.staked_fields:
            if not self.groups[i]:
                continue
            stake = stakes[i]
            for j, s in enumerate(stake):
                if s == seat or (j and any(o != s for o in stake[:j])):
                    continue
                power = SIGNAL_POWER * self.models[s].lead
                weight *= (SIGNAL_FLOOR + self.cover(w, s, i)) ** power
        return weight

    # -- cut-off rollouts ---------------------------------------------------------------------
    def chance(self, w: Any, index: int) -> float:
        """A rough chance that field ``index`` wins, from how much of it is laid and how many
        tiles are still to come."""
        f = self.fields[index]
        filled = w.filled
        if f.rivals:
            mine = (filled & f.mask).bit_count()
            lead = min(mine - (filled & r).bit_count() for r in f.rival_masks)
            return 1.0 / (1.0 + math.exp(-(lead - 0.5)))
        if filled & f.mask == f.mask:
            return 1.0
        missing = (f.mask & ~filled).bit_count()
        to_come = sum(w.to_lay)
        free = sum(len(cells) for cells in w.free) or 1
        # each missing cell gets a tile with about the share of free cells that will be filled
        share = min(1.0, to_come / free)
        return share ** missing

    def standing(self, w: Any) -> tuple[list[float], list[float], float, float, float]:
        """Each seat's expected chips, its odds of winning (unnormalised), their sum and
        the highest and lowest chips of a seat still in."""
        values = [float(w.chips[s]) for s in range(w.players)]
        odds = w.odds
        for i in w.staked_fields:
            p = self.chance(w, i) * odds[i]
            for s in w.stakes[i]:
                values[s] += p
        alive = [v for s, v in enumerate(values) if w.active[s]] or values
        top, low = max(alive), min(alive)
        games_left = w.rules["match_games"] - w.game_no
        temp = 2.0 + 3.0 * max(games_left - 1, 0)
        odds_win = [math.exp((v - top) / temp) if w.active[s] else 0.0 for s, v in enumerate(values)]
        return values, odds_win, sum(odds_win) or 1.0, top, low

    def evaluate(self, world: State) -> Sequence[float] | None:
        w: Any = world
        if w.phase == "over":
            return None
        values, odds_win, total, top, low = self.standing(w)
        spread = (top - low) or 1.0
        return [0.9 * o / total + 0.1 * max(v - low, 0.0) / spread for o, v in zip(odds_win, values)]

    def win_chance(self, world: State, seat: int) -> float | None:
        w: Any = world
        if w.phase == "over":
            return super().win_chance(world, seat)
        _, odds_win, total, _, _ = self.standing(w)
        return odds_win[seat] / total

    # -- the searcher's own moves -------------------------------------------------------------
    def candidates(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Sequence[Action]:
        self.read(view)
        if self._medium is None:
            self._medium = MediumAgent(self.rules)
        first = self._medium.choose(view, legal, random.Random(rng.random()))
        out: list[Action] = [first]
        if view["phase"] == "betting":
            hand = [0] * 10
            for d in view.get("hand", []):
                hand[d] += 1
            filled = 0
            for cell, who in enumerate(view["grid"]):
                if who != -1:
                    filled |= 1 << cell
            pos = {f.id: i for i, f in enumerate(self.fields)}

            def cover(action: Action) -> float:
                groups = self.groups[pos[action.field]]  # type: ignore[attr-defined]
                covered = 0
                for d, mask in groups:
                    open_cells = (mask & ~filled).bit_count()
                    covered += mask.bit_count() - open_cells + min(hand[d], open_cells)
                return covered / self.sizes[pos[action.field]] if groups else 0.3  # type: ignore[attr-defined]

            bets = sorted((a for a in legal if type(a) is Bet), key=cover, reverse=True)
            seat, stakes = view["seat"], view["bets"]

            def theirs(action: Action) -> int:
                return sum(1 for s in stakes.get(action.field, ()) if s != seat)  # type: ignore[attr-defined]

            followed = sorted((a for a in bets if theirs(a)), key=theirs, reverse=True)
            out += [a for a in legal if type(a) in (Stop, Pass)]
            out += bets[:CANDIDATE_BETS] + followed[:FOLLOW_BETS]
        else:
            seat = view["seat"]
            mine = 0
            for fid, stake in view["bets"].items():
                if seat in stake:
                    mine |= self.fields[[f.id for f in self.fields].index(fid)].mask
            out += sorted((a for a in legal if type(a) is Lay),
                          key=lambda a: not (mine >> CELL_BY_NAME[a.cell] & 1))  # type: ignore[attr-defined]
        seen: set[Action] = set()
        return [a for a in out if not (a in seen or seen.add(a))]  # type: ignore[func-returns-value]


__all__ = ["MonteCarloKnowledge"]
