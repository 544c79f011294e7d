"""What Casablanca tells the searching player (``hard``): how people play, so that sampled
worlds and rollouts look like the table it sits at.

Measured on all-``medium`` tables (12 four-player games, 631 announcements): 78 % of the
announcements reach the top card's symbol, and 48 % of those are true (the mover picks a
chip he knows fits whenever he can); an announcement that does not reach it is never a lie.
A challenge comes against 20 % of the landing announcements whose chip the challenger does
not know, and against none of the others; a challenged liar admits, a challenged truth-teller
raises to the limit, and a challenger who meets a raise folds about 70 % of the time (people
fold far less: ``models.FOLD_CHANCE``).

- :meth:`CasablancaKnowledge.rollout`: every seat plays like that, from what it could know in
  that world (its set-aside chip, the chips it has looked at, the ones turned over): a
  challenge never depends on a chip the challenger has not seen.
- :meth:`CasablancaKnowledge.world_weight`: a world is as likely as the mover's announcement
  was in it. A uniformly sampled world makes a landing claim true about 15 % of the time;
  weighting false ones by ``LIE_WEIGHT`` brings that to the half it is. Every such frequency
  is a prior: each seat's own record in the view moves it (``models.py``), in rollouts and
  world weights alike. Whether the claim at stake is true is drawn, not weighed
  (:meth:`CasablancaKnowledge.redraw`): a raise of a seat that never bluffs leaves too few
  true worlds among those drawn for weights to find.
- :meth:`CasablancaKnowledge.candidates`: the few moves worth searching (the announcements
  that matter are the true number and the landing one; unknown chips are alike).
- :meth:`CasablancaKnowledge.evaluate`: money plus what the cards are worth, for rollouts
  cut off after :attr:`rollout_depth` steps.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from parlour.core.game import Action, State
from parlour.core.search import Knowledge

from parlour.games.casablanca.actions import (
    ADMIT,
    CALL,
    FOLD,
    PASS,
    SYMBOLS,
    Admit,
    Announce,
    Call,
    Challenge,
    Fold,
    Pass,
    Pick,
    Raise,
    Reshuffle,
    Sell,
)
from parlour.games.casablanca.agents import MediumAgent
from parlour.games.casablanca.models import (RARE_LIE_WEIGHT, UNLIKELY_FOLD, SeatModel, doubt, pressure, seat_models,
                                             settled)

#: a bluff raise may take the mover's stake to at most this share of his money, unless the
#: challenger is known to fold (:data:`FOLDER`: his model's fold chance, after seen answers),
#: and then to at most :data:`FOLDER_SHARE` of it: never all-in on a claim known to be false
#: (a seat that folded to every raise so far may be waiting for this one)
BLUFF_SHARE = 0.35
FOLDER = 0.8
FOLDER_SHARE = 0.6
#: a landing claim made with a chip the mover had seen is weighed for a challenge when he is
#: believed to lie with such chips this often (``CasablancaKnowledge.worth_doubting``)
KNOWN_DOUBT = 0.2

#: what the n-th card of a symbol is worth beyond its premium as a step towards four
#: (cut-off rollouts value hands by it; the step to four is valued by the pot instead)
_PROGRESS = (0.0, 0.0, 150.0, 500.0)


def bluff_raise(raises: Sequence[Raise], fold: float, stake: int, money: int, rng: random.Random) -> list[Raise]:
    """The bluff raise worth offering the search on a claim the mover knows is false, if any:
    the bluffs a pot can pay for, not more. A raise ``r`` into the two matched stakes ``p``
    pays when the challenger folds more than ``r / (p + r)`` of the time, so only raises his
    model (``fold``) says he folds to are considered, the largest of them within
    :data:`BLUFF_SHARE` of the mover's money; and it is offered only ``p / (p + r)`` of the
    time, so that a raise is not a sure sign of a lie, nor of the truth."""
    pot = 2 * stake
    limit = BLUFF_SHARE * money - stake
    fitting = [a for a in raises if a.by <= limit and a.by < fold * (pot + a.by)]
    if not fitting:
        return []
    bluff = fitting[-1]
    return [bluff] if rng.random() < pot / (pot + bluff.by) else []


def _knows(world: Any, seat: int, field: int) -> bool:
    return bool(world.masks[field] & ((1 << seat) | world.public))


def _seen(world: Any, seat: int, field: int, value: int) -> int:
    """How many chips of ``value`` ``seat`` has accounted for elsewhere than on ``field`` (its
    set-aside chip, the chips it has looked at, the ones turned over): all of them, and the
    chip on ``field`` cannot show ``value`` for all it knows."""
    seen = 1 if world.aside[seat] == value else 0
    bits = (1 << seat) | world.public
    chips, masks = world.chips, world.masks
    for f in world.occupied:
        if f != field and chips[f] == value and masks[f] & bits:
            seen += 1
    return seen


class CasablancaKnowledge(Knowledge):
    """Rollouts, world weights, candidates and a value estimate for Casablanca."""

    rollout_depth: int | None = 12
    model_others = True
    #: how many moves a decision offers the search at most
    width = 3

    #: root moves whose mean results lie within this of the best are chosen among at random
    #: (``SearchAgent``): the same announcement does not come every turn by rote
    variety = 0.02

    #: a stake, a challenge or a claim departs from ``medium``'s choice (the first candidate)
    #: only when another beats it by a standard error (``Knowledge.trust_first``): between
    #: passing and a challenge worth a few hundredths of a win, the most visited of a few
    #: hundred simulations is partly noise. In 10 rounds against three ``medium`` (seed 3)
    #: the rule kept medium's pass 13 times where the search's most visited was a challenge,
    #: its challenge 5 times, its admission 3 times over a bluff raise; in 71 other decisions
    #: the search's choice beat the advice by more. It still challenges more than ``medium``
    #: (16 rounds: 48 % of their landing lies and 41 % of their truths; ``medium`` 27 and 19 %)
    trust_first = 1.0

    def trusts(self, action: Action) -> bool:
        """The moves that vary among near equals (announcements, picks) are the search's to
        choose; every other keeps to the advice unless the search is sure."""
        return not self.varies(action)

    def varies(self, action: Action) -> bool:
        """Only what to announce and which chip to pick vary among near equals: between
        folding and calling a raise a near tie in mean result hides a far larger risk."""
        return type(action) in (Announce, Pick)

    #: how far behind (in dollars of worth) a seat's odds fall to 1/e in a cut-off rollout.
    #: At 400 (before 2026-11-28) a seat $1,000 behind saw its round as all but lost (the
    #: analysis's calibration map shows it: a raw 1 % came true 8 % of the time), so the search
    #: gambled its fortune on calling raises it believed true 94 % of the time: 9.5 % of 100
    #: rounds against three medium; at 800, 22 %; at 1,500, 25 % (the same deals). The
    #: analysis's win chance keeps 400 (:meth:`win_chance`), which its calibration is fitted to.
    spread = 1500.0

    def __init__(self, rules: Mapping[str, Any]) -> None:
        self.rules = rules
        self._medium: Any = None
        self.premiums: list[int] = list(rules["premiums"])
        self.models: list[SeatModel] = [SeatModel()] * 8
        #: per mover, the factor on the others' doubt of his landing claims (``models.pressure``)
        self.pressure: list[float] = [1.0] * 8
        self._view: Any = None
        #: per seat, what earlier games with its player showed (``recall``)
        self.past: list[Mapping[str, float] | None] = []

    def recall(self, habits: Sequence[Mapping[str, float] | None]) -> None:
        self.past = list(habits)
        self._view = None
        if self._medium is not None:
            self._medium.recall(self.past)

    def read(self, view: Mapping[str, Any]) -> None:
        """The other seats' models, from what this view shows of their play and what earlier
        games with their players showed (``models.py``)."""
        if view is not self._view:
            self._view = view
            # the challenge being fought is no evidence of how its mover answers one (``settled``);
            # that it was made is evidence of how the table doubts him (``pressure``)
            self.models = seat_models(settled(view), self.past)
            self.pressure = pressure(view["stats"], self.models)

    # -- rollouts -------------------------------------------------------------------------
    def rollout(self, world: State, rng: random.Random) -> Action | None:
        w: Any = world
        phase = w.phase
        if phase == "commit":
            return self._commit(w, rng)
        if phase == "turn":
            return self._turn(w, rng)
        if phase == "announce":
            return self._announce(w, rng)
        if phase == "respond":
            legal = w.legal_actions()
            model = self.models[w.mover]
            if w.chips[w.placed_at] == w.announced:
                return legal[-1] if len(legal) > 2 and rng.random() < model.raise_true else CALL
            return ADMIT if rng.random() < model.admit or len(legal) <= 2 else legal[2]
        if phase == "exchange":
            return self._exchange(w, rng)
        if phase == "claim":
            return self._claim(w)
        return None  # figures: anywhere will do

    def _turn(self, w: Any, rng: random.Random) -> Action:
        m = w.mover
        if w.broke and w.sold < self.rules["sell_limit"]:
            cards = w.cards[m]
            for s in range(SYMBOLS):
                if cards[s] == 1:
                    return w.offers.sell[s]
            for s in range(SYMBOLS):
                if cards[s]:
                    return w.offers.sell[s]
        need = (w.pile[-1] - w.figures[m]) % SYMBOLS if w.pile else -1
        bits = (1 << m) | w.public
        chips, masks, occupied = w.chips, w.masks, w.occupied
        unknown = []
        for i, f in enumerate(occupied):
            if masks[f] & bits:
                if chips[f] == need:
                    return w.picks[i]
            else:
                unknown.append(i)
        picks = w.picks
        if unknown:
            return picks[unknown[rng.randrange(len(unknown))]]
        return picks[rng.randrange(len(picks))]

    def _announce(self, w: Any, rng: random.Random) -> Action:
        m, held = w.mover, w.held
        need = (w.pile[-1] - w.origin) % SYMBOLS if w.pile else held
        number = held
        if held != need and not (w.held_mask & ~(1 << m)):  # nobody else knows it (nor is it public)
            lo = self.rules["min_stake"]
            challengeable = w.money[m] >= lo and any(
                w.money[s] >= lo and w.active[s] for s in range(w.players) if s != m)
            if not challengeable or rng.random() < self.models[m].lie:
                number = need
        free = w.free
        field = free[rng.randrange(len(free))]
        if field == w.picked_from:  # the one field it may not go back to
            field = free[(free.index(field) + 1) % len(free)]
        return w.offers.announce[number][field]

    def _commit(self, w: Any, rng: random.Random) -> Action:
        seat, field = w.to_move, w.placed_at
        legal = w.legal_actions()
        if len(legal) < 2:
            return legal[0]
        if _knows(w, seat, field):
            return PASS if w.chips[field] == w.announced else legal[-1]
        seen = _seen(w, seat, field, w.announced)
        if seen >= self.rules["chips_per_number"]:
            return legal[-1]
        if w.landing and rng.random() < doubt(self.models[seat].doubt * self.pressure[w.mover], seen):
            return legal[1]
        return PASS

    def _exchange(self, w: Any, rng: random.Random) -> Action:
        seat, field = w.to_move, w.placed_at
        true = w.chips[field] == w.announced
        if seat == w.mover:
            return CALL if true else FOLD
        if w.stakes[w.mover] == w.stakes[seat]:
            return CALL  # the mover only matched (revised CB-X3): a call costs no more than a fold
        if _knows(w, seat, field):
            return FOLD if true else CALL
        seen = _seen(w, seat, field, w.announced)
        if seen >= self.rules["chips_per_number"]:
            return CALL
        model = self.models[seat]
        fold = model.fold_big if w.big_stake() else model.fold_small
        return FOLD if rng.random() < (fold * UNLIKELY_FOLD if seen else fold) else CALL

    def _claim(self, w: Any) -> Action:
        mine = w.cards[w.winner]
        best: Action = w.legal_actions()[0]
        best_count = mine[w.pile[-1]] if w.pile else -1
        theirs = w.cards[w.loser]
        for s in range(SYMBOLS):
            if theirs[s] and mine[s] > best_count:
                best, best_count = w.offers.take[s], mine[s]
        return best

    # -- weighing sampled worlds ------------------------------------------------------------
    def world_weight(self, world: State, seat: int, view: Mapping[str, Any]) -> float:
        """The likelihood of the current announcement (and, before ``seat`` commits, of the
        sampled secret commits of the seats asked before it) in ``world``."""
        w: Any = world
        if w.phase not in ("commit", "respond", "exchange") or w.mover == seat or w.placed_at < 0:
            return 1.0
        self.read(view)
        models = self.models
        field = w.placed_at
        weight = 1.0
        if not _knows(w, seat, field) and w.chips[field] != w.announced and not getattr(w, "claim_drawn", False):
            weight = self._false_claim_weight(w, seat)
        if w.phase == "commit":
            # sampled commits are a coin toss; people challenge far less often
            for s, stake in w.commits.items():
                if s == seat:
                    continue
                if _knows(w, s, field):
                    p = 1.0 if (stake >= 0) == (w.chips[field] != w.announced) else 0.02
                elif w.landing:
                    chance = doubt(models[s].doubt * self.pressure[w.mover], _seen(w, s, field, w.announced))
                    p = chance if stake >= 0 else 1 - chance
                else:
                    p = 0.02 if stake >= 0 else 0.98
                weight *= p / 0.5
        return weight

    def _false_claim_weight(self, w: Any, seat: int) -> float:
        """The likelihood of the current announcement in a world where it is false, relative
        to one where it is true (the models are read)."""
        others_saw = w.masks[w.placed_at] & ~((1 << w.mover) | (1 << seat) | w.public)
        mover = self.models[w.mover]
        if w.landing and not others_saw:
            # a raise is a lie as often as this mover's raises shown were lies
            return mover.raised_landing_weight if w.mover_raised else mover.lie_weight
        return RARE_LIE_WEIGHT * (mover.raised_lie_weight if w.mover_raised else 1.0)

    def redraw(self, world: State, seat: int, view: Mapping[str, Any], rng: random.Random) -> None:
        """Whether the announcement being challenged (or not yet) is true, drawn from the
        mover's model instead of weighed by it: the chip on its field trades places with an
        unseen chip (on the ring or set aside, all of them shuffled alike) so that it shows the
        announced number as often as the model believes the claim. Weighed instead, a claim
        believed false one time in fourteen (a raise of a seat never seen to bluff) left a
        few true worlds among a hundred drawn, and the search's worlds held a fifth of false
        ones (2026-11-28). :meth:`world_weight` then leaves the claim out of the weight."""
        w: Any = world
        if w.phase not in ("commit", "respond", "exchange") or w.mover == seat or w.placed_at < 0:
            return
        field, said = w.placed_at, w.announced
        bits = (1 << seat) | w.public
        if w.masks[field] & bits:
            return
        self.read(view)
        chips, aside = w.chips, w.aside
        ring = [f for f in w.occupied if f != field and not w.masks[f] & bits]
        others = [s for s in range(w.players) if s != seat]
        fits = sum(1 for f in ring if chips[f] == said) + sum(1 for s in others if aside[s] == said)
        rest = len(ring) + len(others) - fits
        fits += chips[field] == said
        rest += chips[field] != said
        w.claim_drawn = True
        if not fits or not rest:
            return
        if w.landing and w.pick_known:
            # he knew the chip he picked up: the count says nothing, his record with such
            # claims does (``models.KNOWN_LIE_SHARE``)
            true = 1.0 - self.models[w.mover].known_lie
        else:
            fit = fits / (fits + rest)
            false = (1.0 - fit) * self._false_claim_weight(w, seat)
            true = fit / (fit + false)
        want = rng.random() < true
        if (chips[field] == said) == want:
            return
        slots = [(True, f) for f in ring if (chips[f] == said) == want]
        slots += [(False, s) for s in others if (aside[s] == said) == want]
        on_ring, slot = slots[rng.randrange(len(slots))]
        if on_ring:
            chips[field], chips[slot] = chips[slot], chips[field]
        else:
            chips[field], aside[slot] = aside[slot], chips[field]

    # -- the searcher's own moves -------------------------------------------------------------
    def candidates(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Sequence[Action]:
        """``medium``'s move first, then the one real alternative or two: with a few hundred
        noisy simulations a search tells apart only moves that differ a lot, so it is offered
        few, and all of them sensible."""
        self.read(view)
        if self._medium is None:
            self._medium = MediumAgent(self.rules)
            self._medium.recall(self.past)
        first = self._medium.choose(view, legal, random.Random(rng.random()))
        phase = view["phase"]
        others: list[Action] = []
        if phase == "announce":
            others = self._announce_candidates(view, legal, rng, first)
        elif phase == "commit":
            move = view["move"]
            known = view["known"][move["placed_at"]]
            if move["landing"] and known is None:  # a doubt worth weighing: challenge or not
                stakes = [a for a in legal if type(a) is Challenge]
                others = [a for a in legal if type(a) is Pass]
                if self.worth_doubting(view):
                    others += stakes[:1]
        elif phase in ("respond", "exchange"):
            lead, others = self._stake_candidates(view, legal, rng)
            first = lead or first
        elif phase == "claim":
            others = list(legal)
        # picking a chip and placing the figure: medium's choice (unknown chips are alike)
        out = [first]
        for a in others:
            if a not in out:
                out.append(a)
        return out[: self.width]

    def worth_doubting(self, view: Mapping[str, Any]) -> bool:
        """Whether a landing claim is worth weighing a challenge against. One made with a
        chip the mover had seen before he picked it up is true unless his record says he lies
        with such chips (``SeatModel.known_lie``): challenged, a truth-teller raises and the
        challenger gives way at the least stake and a card. So it is weighed only when the
        card would win him the pot, or when he is believed to lie with such chips at least
        :data:`KNOWN_DOUBT` of the time (``medium``'s choice, always offered, weighs it too: it
        challenges a claim the count makes impossible, a chip he knew or not).
        Offered always, the search's noise chose it against one such true claim in nine
        (three readers, 24 rounds, seed 3). Any other claim is the search's to weigh."""
        move, mover = view["move"], view["mover"]
        if not move.get("known_pick"):
            return True
        pot = view["cards"][mover][view["top"]] + 1 > len(self.rules["premiums"])
        return pot or self.models[mover].known_lie >= KNOWN_DOUBT

    def _stake_candidates(self, view: Mapping[str, Any], legal: Sequence[Action],
                          rng: random.Random) -> tuple[Raise | None, list[Action]]:
        """Give way, match, or raise: to the limit with a claim it knows is true (or a
        challenge it knows is right); with a bluff, the raise :func:`bluff_raise` allows, or
        up to :data:`FOLDER_SHARE` of its money when the challenger has been seen to fold
        again and again. And the move to lead with in ``medium``'s place, if any: a true
        claim's raise that its challenger's model pays most for (:meth:`_pays_within`); where
        no raise is left, ``medium``'s match leads."""
        me, move, challenge = view["seat"], view["move"], view["challenge"]
        raises = [a for a in legal if type(a) is Raise]
        out = [a for a in legal if type(a) in (Admit, Fold, Call)]
        known = view["known"][move["placed_at"]]
        if not raises:
            return None, out
        if me != view["mover"]:
            return None, out + ([raises[-1]] if known is not None and known != move["announced"] else [])
        money = view["money"][me]
        stake = challenge["stakes"]["challenger"]
        half = [a for a in raises if 2 * (stake + a.by) <= money]  # within half his money
        if known == move["announced"]:
            # a true claim: a raise does at least as well as giving way or matching (the
            # challenger folds, which matching would also win, or pays more); to the limit,
            # or to within half its money, which one who reads a raise by its size calls
            top, within = raises[-1], half[-1] if half else raises[len(raises) // 2]
            ordered = [within, top] if self._pays_within(challenge["challenger"], top, within) else [top, within]
            return ordered[0], ordered
        other = self.models[challenge["challenger"]]
        if other.fold_big >= FOLDER and other.big_seen >= 2:
            # he has been seen folding to raises of over half the raiser's money: one just so
            big = [a for a in raises if 2 * (stake + a.by) > money and stake + a.by <= FOLDER_SHARE * money]
            if big:
                return None, out + big[:1]
        if other.fold >= FOLDER and other.raises_seen >= 2:
            limit = FOLDER_SHARE * money - stake
            return None, out + [a for a in raises if a.by <= limit][-1:]
        return None, out + bluff_raise(raises, other.fold_small, stake, money, rng)

    def _pays_within(self, challenger: int, top: Raise, within: Raise) -> bool:
        """Whether a true claim's raise within half its money is worth more than the raise to
        the limit against this challenger: he matches a raise he calls, so each is worth its
        size times his chance of calling a raise that big (``SeatModel.fold_big`` /
        ``fold_small``); read only once he has been seen answering raises of both sizes.
        Against one who folds to big raises and calls small ones, the smaller true raise is
        called, and a raise's size no longer tells him a lie from the truth (a playtest:
        folding to big raises and calling small ones was right 11 times in 11); against one
        who calls big raises (``medium`` calls 60 % of them) the limit stays."""
        model = self.models[challenger]
        if model.big_seen < 1 or model.raises_seen <= model.big_seen:
            return False
        return (1 - model.fold_small) * within.by > (1 - model.fold_big) * top.by

    def _announce_candidates(self, view: Mapping[str, Any], legal: Sequence[Action],
                             rng: random.Random, first: Action) -> list[Action]:
        move = view["move"]
        held = move["held"]
        need = (view["top"] - move["origin"]) % SYMBOLS if view["top"] is not None else held
        fields = [first.field] if type(first) is Announce else [legal[0].field]  # type: ignore[attr-defined]
        watched = any(s != view["seat"] for s in move["held_knowers"])
        numbers = [held] if held == need or watched else [held, need]
        out: list[Action] = []
        for f in fields:
            for n in numbers:
                out.append(Announce(n, f, view["symbols"][view["field_symbols"][f]]))
        return [a for a in out if a in legal] or list(legal[:4])

    def _turn_candidates(self, view: Mapping[str, Any], legal: Sequence[Action],
                         rng: random.Random) -> list[Action]:
        me = view["seat"]
        figure, top = view["figures"][me], view["top"]
        need = (top - figure) % SYMBOLS if top is not None and figure is not None else -1
        known, knowers = view["known"], view["knowers"]
        fitting, quiet, watched, other = [], [], [], []
        for a in legal:
            if type(a) is not Pick:
                continue
            value = known[a.field]
            if value is not None:
                (fitting if value == need else other).append(a)
            elif any(s != me for s in knowers[a.field]):
                watched.append(a)
            else:
                quiet.append(a)
        rng.shuffle(quiet)
        rng.shuffle(watched)
        out: list[Action] = fitting[:1] + quiet[:1] + watched[:1]
        out += [a for a in legal if type(a) in (Sell, Reshuffle)]
        return out or list(legal)

    # -- cut-off rollouts ---------------------------------------------------------------------
    def worth(self, w: Any, seat: int) -> float:
        """Money plus what the hand is worth: each symbol's progress towards four, and a
        share of the pot for a symbol one card short of it."""
        value = float(w.money[seat])
        last = len(self.premiums)
        for count in w.cards[seat]:
            if count >= last:
                value += 0.25 * w.pot + _PROGRESS[-1]
            elif count:
                value += _PROGRESS[min(count, len(_PROGRESS) - 1)]
        return value

    def standing(self, w: Any, spread: float = 400.0) -> tuple[list[float], list[float], float]:
        """Each seat's worth (a seat out of the game: far below), its odds of winning
        (unnormalised, a seat ``spread`` dollars behind another having 1/e of its odds) and
        their sum."""
        values = [self.worth(w, s) if w.active[s] else -1e9 for s in range(w.players)]
        top = max(values)
        odds = [math.exp((v - top) / spread) if v > -1e8 else 0.0 for v in values]
        return values, odds, sum(odds)

    def evaluate(self, world: State) -> Sequence[float] | None:
        w: Any = world
        if w.is_over:
            return None
        values, odds, total = self.standing(w, self.spread)
        top, low = max(values), min(v for v in values if v > -1e8)
        width = (top - low) or 1.0
        return [0.9 * o / total + 0.1 * max(v - low, 0.0) / width for o, v in zip(odds, values)]

    def win_chance(self, world: State, seat: int) -> float | None:
        w: Any = world
        if w.is_over:
            return super().win_chance(world, seat)
        _, odds, total = self.standing(w)
        return odds[seat] / total


__all__ = ["CasablancaKnowledge"]
