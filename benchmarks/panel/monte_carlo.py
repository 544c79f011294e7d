"""Monte Carlo players as people play: one who bets from his own tiles, one who follows the
others' bets (their bets tell what they hold), a cautious one who puts a few chips on fields
he can nearly make alone, and a spreader who puts one chip on each of many fields. Each
decides from its seat's view alone (``Outlook`` reads its hand and the grid); all lay their
own fields' tiles first and keep back the tiles that would complete fields only others bet
on. Each beats three ``random`` by a wide margin (``python benchmarks/people.py --game
monte_carlo --cells random``)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from panel import Style

from parlour.games.monte_carlo.actions import Bet, Lay, Pass, Stop
from parlour.games.monte_carlo.agents import DIGIT_MASKS, FieldShape, Outlook
from parlour.games.monte_carlo.layout import CELL_BY_NAME, DIGIT_OF
from parlour.core.game import Action, State


def cover(outlook: Outlook, shape: FieldShape) -> float:
    """The share of a field its seat can see filled: cells laid and cells its own tiles fit
    (a majority field: its region's share of the laid tiles and of the hand's fitting tiles,
    against an even split)."""
    filled, hand = outlook.filled, outlook.hand
    if shape.rivals:
        regions = (shape.region, *shape.rivals)
        counts = []
        for region in regions:
            fit = sum(min(hand[d], (region & mask & ~filled).bit_count())
                      for d, mask in _groups(outlook, region))
            counts.append((filled & region).bit_count() + fit)
        total = sum(counts) or 1
        return counts[0] / total * len(regions) * 0.5
    covered = 0
    for d, mask in shape.groups:
        open_cells = (mask & ~filled).bit_count()
        covered += mask.bit_count() - open_cells + min(hand[d], open_cells)
    return covered / shape.region.bit_count()


def _groups(outlook: Outlook, region: int) -> list[tuple[int, int]]:
    return [(d, DIGIT_MASKS[d]) for d in range(1, 10) if DIGIT_MASKS[d] & region]


class Person:
    """Lays like a careful player; how it bets is each style's own."""

    def __init__(self, rules: Mapping[str, Any]) -> None:
        self.rules = rules

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        outlook = Outlook(view, self.rules, signals=0.0)
        if view["phase"] == "betting":
            choice = self.bet(outlook, view, [a for a in legal if isinstance(a, Bet)], rng)
            return choice or next(a for a in legal if isinstance(a, (Stop, Pass)))
        return self.lay(outlook, view, legal, rng)

    def bet(self, outlook: Outlook, view: Mapping[str, Any], bets: list[Bet], rng: random.Random) -> Bet | None:
        raise NotImplementedError

    def mine(self, outlook: Outlook, field: str) -> int:
        return outlook.bets.get(field, []).count(outlook.seat)

    def theirs(self, outlook: Outlook, field: str) -> int:
        return len(outlook.bets.get(field, [])) - self.mine(outlook, field)

    def lay(self, outlook: Outlook, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        seat = outlook.seat
        own = other = 0
        for fid, stake in outlook.bets.items():
            mask = outlook.by_id[fid].region
            if seat in stake:
                own |= mask
            else:
                other |= mask
        good, fine, bad = [], [], []
        for action in legal:
            if not isinstance(action, Lay):
                continue
            bit = 1 << CELL_BY_NAME[action.cell]
            (good if own & bit else bad if other & bit else fine).append(action)
        pool = good or fine or bad or list(legal)
        return pool[rng.randrange(len(pool))]


class Own(Person):
    """Bets on the fields his own tiles nearly make, up to three chips on the best; nine chips
    a game at most."""

    def bet(self, outlook, view, bets, rng):
        if view["staked"][outlook.seat] >= 9:
            return None
        scored = [(cover(outlook, outlook.by_id[b.field]), rng.random(), b) for b in bets
                  if self.mine(outlook, b.field) < 3]
        scored = [s for s in scored if s[0] >= 0.7]
        return max(scored)[2] if scored else None


class Follower(Person):
    """Bets where the others have bet (their chips say what they hold), the field with most
    of their chips first, where his own tiles do not argue against it; then, when nobody has
    bet, on what his own tiles nearly make."""

    def bet(self, outlook, view, bets, rng):
        if view["staked"][outlook.seat] >= 8:
            return None
        scored = []
        for b in bets:
            theirs = self.theirs(outlook, b.field)
            if not theirs or self.mine(outlook, b.field) >= 2:
                continue
            c = cover(outlook, outlook.by_id[b.field])
            if c >= 0.55:
                scored.append((0.5 * theirs + c, rng.random(), b))
        if scored:
            return max(scored)[2]
        own = [(cover(outlook, outlook.by_id[b.field]), rng.random(), b) for b in bets]
        own = [s for s in own if s[0] >= 0.75 and self.mine(outlook, s[2].field) < 2]
        return max(own)[2] if own else None


class Cautious(Person):
    """A few chips only (four a game), each on a field he can nearly make alone: a number or
    a line his tiles all but fill, or a majority his tiles lead."""

    def bet(self, outlook, view, bets, rng):
        if view["staked"][outlook.seat] >= 4:
            return None
        scored = []
        for b in bets:
            shape = outlook.by_id[b.field]
            c = cover(outlook, shape)
            if c >= (0.62 if shape.rivals else 0.83):
                scored.append((c, rng.random(), b))
        return max(scored)[2] if scored else None


class Spreader(Person):
    """One chip on each of many fields his tiles help (well over half covered), the best first,
    up to eight chips a game."""

    def bet(self, outlook, view, bets, rng):
        if view["staked"][outlook.seat] >= 8:
            return None
        scored = [(cover(outlook, outlook.by_id[b.field]), rng.random(), b) for b in bets
                  if not self.mine(outlook, b.field)]
        scored = [s for s in scored if s[0] >= 0.6]
        return max(scored)[2] if scored else None


class Plunger(Person):
    """Goes in at once: at his first betting turn of a game he picks the one field his tiles
    cover best (three quarters or more) and stacks his chips on it, five at most, one a turn;
    nothing anywhere else."""

    def bet(self, outlook, view, bets, rng):
        placed = [b for b in bets if self.mine(outlook, b.field)]
        if placed:
            field = placed[0]
            return field if view["staked"][outlook.seat] < 5 else None
        if view["staked"][outlook.seat]:
            return None
        scored = [(cover(outlook, outlook.by_id[b.field]), rng.random(), b) for b in bets]
        scored = [s for s in scored if s[0] >= 0.75]
        return max(scored)[2] if scored else None


STYLES = {
    "own": Style(Own, "bets on the fields his own tiles nearly make, up to three chips on the best"),
    "follower": Style(Follower, "bets where the others have bet (their chips tell their tiles), if his tiles allow"),
    "cautious": Style(Cautious, "four chips a game at most, on fields he can all but make alone"),
    "spreader": Style(Spreader, "one chip on each of many fields his tiles mostly cover"),
}

#: measured, never tuned against (``--held-out``): written on 2026-11-29
HELD_OUT = {
    "plunger": Style(Plunger, "stacks up to five chips on the one field his tiles cover best, at once"),
}


class Behaviour:
    """What a person notices about one seat's play, gathered from the true state before each
    of that seat's moves (a benchmark may look; the agents never do): the share of its bets
    its own tiles support (a completion field at least two-thirds laid or in its hand), the
    share that follow a chip another player put there first, and chips bet per game."""

    def __init__(self) -> None:
        self.bets = self.supported = self.following = 0

    def watch(self, state: State, seat: int, action: Action) -> None:
        s: Any = state
        if type(action) is not Bet:
            return
        self.bets += 1
        index = s.field_pos[action.field]
        field = s.fields[index]
        if any(o != seat for o in s.stakes[index]):
            self.following += 1
        hand = s.hands[seat]

        def fit(cells: Sequence[int]) -> int:
            """Cells laid, and open cells its own tiles could fill."""
            need = [0] * 10
            laid = 0
            for c in cells:
                if s.grid[c] == -1:
                    need[DIGIT_OF[c]] += 1
                else:
                    laid += 1
            return laid + sum(min(hand[d], n) for d, n in enumerate(need))

        if field.rivals:
            supported = fit(field.cells) > max(fit(r) for r in field.rivals)
        else:
            supported = fit(field.cells) >= 2 * len(field.cells) / 3
        self.supported += supported

    def merge(self, other: Behaviour) -> None:
        self.bets += other.bets
        self.supported += other.supported
        self.following += other.following

    def figures(self) -> dict[str, Any]:
        return {
            "supported": self.supported / self.bets if self.bets else None,
            "following": self.following / self.bets if self.bets else None,
            "bets": float(self.bets),
        }

    @staticmethod
    def line(figures: Mapping[str, Any]) -> str:
        def pc(key: str) -> str:
            value = figures[key]
            return "-" if value is None else f"{value:.0%}"

        return (f"bets its own tiles support {pc('supported')}; bets following another's chip {pc('following')}; "
                f"{figures['bets']:.0f} bets")
