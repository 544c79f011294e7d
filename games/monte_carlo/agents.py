"""Computer players for Monte Carlo. They decide from a seat's view alone.

``easy`` counts its own tiles: it bets on numbers, rows, columns, diagonals and colours it can
nearly make by itself, stops when there is none left, and lays the tiles of its own fields
first. It never thinks about the others.

``medium`` estimates, for every field, the chance that it is complete (or holds the majority)
at the end. Its model (:class:`Outlook`): the tiles it has not seen are in the other hands,
and each is laid with the others' share of tiles still to lay, on a free cell of its digit;
a field the others have bet on makes its digits likelier to be laid (their bets are
signals). It bets while a field's expected return beats its chip by a margin and stops when
none does; when laying it weighs every lay by the chips it wins minus a part of what the
others win, so it completes its own fields first and holds back the tiles that would
complete the others'.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.games.monte_carlo.actions import Bet, Lay, Pass, Stop
from parlour.games.monte_carlo.layout import CELL_BY_NAME, DIGIT_CELLS, DIGIT_OF, DIGITS, Field, fields_for, mask_of
from parlour.core.game import Action
from parlour.games.monte_carlo.words import N_

DIGIT_MASKS = (0,) + tuple(mask_of(DIGIT_CELLS[d]) for d in DIGITS)
#: How strongly a chip on a field tells that its digits are in the bettor's hand.
SIGNAL_WEIGHT = {
    "number": 0.5,
    "row": 0.2,
    "diagonal": 0.2,
    "colour": 0.1,
    "majority_row": 0.05,
    "majority_colour": 0.05,
    "cross": 0.05,
    "diamond": 0.05,
}


@dataclass(frozen=True)
class FieldShape:
    """A field as the agents need it: its cells per digit, or its region and rivals."""

    field: Field
    index: int
    groups: tuple[tuple[int, int], ...]  #: (digit, mask of the field's cells of that digit)
    region: int
    rivals: tuple[int, ...]
    digits: frozenset[int]


_SHAPES: dict[tuple[Field, ...], tuple[FieldShape, ...]] = {}


def shapes_for(fields: tuple[Field, ...]) -> tuple[FieldShape, ...]:
    shapes = _SHAPES.get(fields)
    if shapes is None:
        out = []
        for i, f in enumerate(fields):
            groups = tuple((d, f.mask & DIGIT_MASKS[d]) for d in DIGITS if f.mask & DIGIT_MASKS[d])
            out.append(FieldShape(f, i, groups, f.mask, f.rival_masks, frozenset(d for d, _ in groups)))
        shapes = _SHAPES[fields] = tuple(out)
    return shapes


def _normal_cdf(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


class Outlook:
    """What one seat can work out from its view: its hand, the tiles it has not seen, and
    the chance that each field wins if it lays a given set of cells."""

    def __init__(self, view: Mapping[str, Any], rules: Mapping[str, Any], signals: float) -> None:
        self.seat: int = view["seat"]
        self.fields = fields_for(rules)
        self.shapes = shapes_for(self.fields)
        self.by_id = {s.field.id: s for s in self.shapes}
        odds = view["odds"]
        self.odds = [odds[f.kind] for f in self.fields]
        filled = 0
        for cell, who in enumerate(view["grid"]):
            if who != -1:
                filled |= 1 << cell
        self.filled = filled
        hand = [0] * 10
        for digit in view.get("hand", []):
            hand[digit] += 1
        self.hand = hand
        self.free_count = [0] * 10
        self.unseen = [0] * 10
        for d in DIGITS:
            free = (DIGIT_MASKS[d] & ~filled).bit_count()
            self.free_count[d] = free
            self.unseen[d] = free - hand[d]
        seat = self.seat
        others_lay = sum(n for s, n in enumerate(view["to_lay"]) if s != seat)
        others_hold = sum(n for s, n in enumerate(view["hand_sizes"]) if s != seat) + view["undealt"]
        base = others_lay / others_hold if others_hold else 0.0
        self.base_q = base
        self.bets: dict[str, list[int]] = view["bets"]
        signal = [0.0] * 10
        if signals:
            keep = [1.0] * 10
            for fid, stake in self.bets.items():
                shape = self.by_id.get(fid)
                if shape is None:
                    continue
                weight = SIGNAL_WEIGHT[shape.field.kind]
                chips = sum(1 for s in stake if s != seat)
                if chips:
                    for d in shape.digits:
                        keep[d] *= (1.0 - weight) ** chips
            signal = [1.0 - k for k in keep]
        self.q = [min(1.0, base + (1.0 - base) * signals * signal[d]) if base > 0 else 0.0 for d in range(10)]
        self.to_lay: int = view["to_lay"][seat]

    # -- chances ---------------------------------------------------------------------------
    def chance(self, shape: FieldShape, plan: int, planned: list[int]) -> float:
        """The chance ``shape``'s field wins if this seat lays the cells of ``plan``
        (``planned[d]`` of them of digit ``d``) and the others lay theirs at random."""
        taken = self.filled | plan
        if not shape.rivals:
            p = 1.0
            for d, mask in shape.groups:
                need = (mask & ~taken).bit_count()
                if not need:
                    continue
                u = self.unseen[d]
                if need > u:
                    return 0.0
                r = self.free_count[d] - planned[d]
                q = self.q[d]
                for i in range(need):
                    p *= (u - i) * q / (r - i)
                if p <= 0.0:
                    return 0.0
            return p
        region = shape.region
        mine = (taken & region).bit_count()
        p = 1.0
        for rival in shape.rivals:
            mean = float(mine - (taken & rival).bit_count())
            var = 0.0
            for d in DIGITS:
                u = self.unseen[d]
                q = self.q[d]
                if not u or not q:
                    continue
                open_cells = DIGIT_MASKS[d] & ~taken
                a = (open_cells & region).bit_count()
                b = (open_cells & rival).bit_count()
                if a == b:
                    if a:
                        r = self.free_count[d] - planned[d]
                        var += u * q * (a + b) / r
                    continue
                r = self.free_count[d] - planned[d]
                step = q * (a - b) / r
                mean += u * step
                var += u * (q * (a + b) / r - step * step)
            if var <= 1e-9:
                if mean <= 0:
                    return 0.0
                continue
            p *= _normal_cdf((mean - 0.5) / math.sqrt(var))
        return p

    def bundle(self, shape: FieldShape, limit: int) -> tuple[int, list[int]]:
        """The cells this seat would lay for ``shape``: its own tiles on the field's free
        cells (a majority: inside its region), at most ``limit`` of them."""
        plan = 0
        planned = [0] * 10
        count = 0
        for d, mask in shape.groups:
            have = self.hand[d]
            if not have:
                continue
            open_cells = mask & ~self.filled
            while open_cells and have and count < limit:
                low = open_cells & -open_cells
                plan |= low
                open_cells ^= low
                have -= 1
                planned[d] += 1
                count += 1
        return plan, planned


class EasyAgent:
    """Bets on fields its own tiles nearly make; lays those tiles first; ignores the others."""

    #: The share of a field's cells its own tiles (and the tiles already laid) must cover.
    COVER = {"number": 0.75, "row": 0.66, "diagonal": 0.66, "colour": 0.7}
    MAX_CHIPS_PER_FIELD = 2

    def __init__(self, rules: Mapping[str, Any]) -> None:
        self.rules = rules

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        if view["phase"] == "betting":
            return self._bet(view, legal, rng)
        return self._lay(view, legal, rng)

    def _bet(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        outlook = Outlook(view, self.rules, signals=0.0)
        seat = outlook.seat
        best: tuple[float, float] | None = None
        choice: Action | None = None
        for action in legal:
            if not isinstance(action, Bet):
                continue
            shape = outlook.by_id[action.field]
            need = self.COVER.get(shape.field.kind)
            if need is None:
                continue
            if outlook.bets.get(action.field, []).count(seat) >= self.MAX_CHIPS_PER_FIELD:
                continue
            cells = shape.region
            covered = (cells & outlook.filled).bit_count()
            for d, mask in shape.groups:
                covered += min(outlook.hand[d], (mask & ~outlook.filled).bit_count())
            cover = covered / cells.bit_count()
            if cover >= need:
                key = (cover, rng.random())
                if best is None or key > best:
                    best, choice = key, action
        if choice is not None:
            return choice
        return next(a for a in legal if isinstance(a, (Stop, Pass)))

    def _lay(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        seat = view["seat"]
        mine = 0
        for fid, stake in view["bets"].items():
            if seat in stake:
                mine |= mask_of(_field_cells(self.rules, fid))
        wanted = [a for a in legal if isinstance(a, Lay) and mine >> CELL_BY_NAME[a.cell] & 1]
        pool = wanted or list(legal)
        return pool[rng.randrange(len(pool))]


def _field_cells(rules: Mapping[str, Any], field_id: str) -> tuple[int, ...]:
    for f in fields_for(rules):
        if f.id == field_id:
            return f.cells
    return ()


class MediumAgent:
    """Bets on the fields its model rates above their price, stops in time, then lays for
    its own fields and withholds the tiles that would pay the others."""

    #: A bet must return this much more than its chip, on average, to be worth it.
    MARGIN = 0.3
    #: The part of another player's winnings that counts against this seat.
    RIVALRY = 0.4
    #: How much the others' bets raise the chance that their digits are laid.
    SIGNALS = 0.3

    def __init__(self, rules: Mapping[str, Any]) -> None:
        self.rules = rules

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        outlook = Outlook(view, self.rules, signals=self.SIGNALS)
        if view["phase"] == "betting":
            return self._bet(view, outlook, legal, rng)
        return self._lay(view, outlook, legal, rng)

    # -- betting ---------------------------------------------------------------------------
    def _margin(self, view: Mapping[str, Any]) -> float:
        """Take less risk when leading in the last game, more when behind."""
        if view["game"] < view["match_games"]:
            return self.MARGIN
        seat = view["seat"]
        wealth = [c + s for c, s in zip(view["chips"], view["staked"])]
        rivals = [w for s, w in enumerate(wealth) if s != seat and view["active"][s]]
        lead = wealth[seat] - max(rivals, default=0)
        if lead > 6:
            return self.MARGIN + 0.4
        if lead < -6:
            return self.MARGIN - 0.2
        return self.MARGIN

    def _bet(self, view: Mapping[str, Any], outlook: Outlook, legal: Sequence[Action], rng: random.Random) -> Action:
        margin = self._margin(view)
        limit = outlook.to_lay
        best = margin
        choice: Action | None = None
        for action in legal:
            if not isinstance(action, Bet):
                continue
            shape = outlook.by_id[action.field]
            plan, planned = outlook.bundle(shape, limit)
            value = outlook.odds[shape.index] * outlook.chance(shape, plan, planned) - 1.0
            value += rng.random() * 1e-6
            if value > best:
                best, choice = value, action
        if choice is not None:
            return choice
        return next(a for a in legal if isinstance(a, (Stop, Pass)))

    # -- laying ----------------------------------------------------------------------------
    def _values(self, view: Mapping[str, Any], outlook: Outlook) -> list[tuple[FieldShape, float]]:
        """Each field with chips on it, and what its win is worth to this seat."""
        seat = outlook.seat
        values = []
        for fid, stake in outlook.bets.items():
            shape = outlook.by_id.get(fid)
            if shape is None:
                continue
            mine = sum(1 for s in stake if s == seat)
            theirs = len(stake) - mine
            value = outlook.odds[shape.index] * (mine - self.RIVALRY * theirs)
            if value:
                values.append((shape, value))
        return values

    def _lay(self, view: Mapping[str, Any], outlook: Outlook, legal: Sequence[Action], rng: random.Random) -> Action:
        values = self._values(view, outlook)
        if not values:
            return legal[rng.randrange(len(legal))]
        empty = [0] * 10

        def worth(plan: int, planned: list[int]) -> float:
            return sum(v * outlook.chance(s, plan, planned) for s, v in values)

        base = worth(0, empty)
        best = -math.inf
        choice = legal[0]
        first_cell: dict[int, Action] = {CELL_BY_NAME[a.cell]: a for a in legal if isinstance(a, Lay)}
        # single tiles
        for cell, action in first_cell.items():
            planned = [0] * 10
            planned[DIGIT_OF[cell]] = 1
            gain = worth(1 << cell, planned) - base + rng.random() * 1e-9
            if gain > best:
                best, choice = gain, action
        # whole sets of own tiles for a field this seat has chips on
        for shape, value in values:
            if value <= 0:
                continue
            plan, planned = outlook.bundle(shape, outlook.to_lay)
            size = plan.bit_count()
            if size < 2:
                continue
            gain = (worth(plan, planned) - base) / size
            if gain > best:
                cell = (plan & -plan).bit_length() - 1
                action = first_cell.get(cell)
                if action is not None:
                    best, choice = gain, action
        return choice



#: What players may expect of each level: the measured strength table (benchmarks/strength.py,
#: 4 players, seats rotated; the README has the intervals).
ABOUT = {
    "easy": N_("bets on what its tiles nearly make; wins 3 in 100 matches against three medium"),
    "medium": N_("weighs odds and stakes; wins about 3 in 4 matches against three easy"),
    "hard": N_("searches the worlds its seat allows; wins about half its matches against three medium"),
}
