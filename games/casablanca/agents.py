"""Computer players for Casablanca. They decide from the seat's view alone (never the state):
the ring as this seat knows it, the public record of every player's announcements and
challenges, the money, the cards.

- ``EasyAgent``: tells the truth when its chip fits, lies half the time when it does not,
  challenges only claims it can prove wrong or that are very unlikely, never bluffs.
- ``MediumAgent``: counts which numbers are still possible, estimates from the public record
  how often each rival lies and how often its own announcements are challenged, lies when
  that pays, challenges when a claim is improbable (or would hand a rival the pot), raises to
  the limit when it knows it is right, and takes the card that brings it nearest to four of
  a kind or robs the loser's best set.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from parlour.core.game import Action
from parlour.core.i18n import N_

from parlour.games.casablanca.actions import (
    SYMBOLS,
    Admit,
    Announce,
    Call,
    Challenge,
    Fold,
    Pass,
    Pick,
    PlaceFigure,
    Raise,
    Reshuffle,
    Sell,
    TakeTop,
)
from parlour.games.casablanca.models import LIE_WEIGHT, doubt, remembered, seat_model


class Outlook:
    """What a seat can work out from its view: which numbers are still unaccounted for, and
    how likely a face-down chip is to show a given number."""

    def __init__(self, view: Mapping[str, Any], rules: Mapping[str, Any]) -> None:
        self.view = view
        self.rules = rules
        self.me: int = view["seat"]
        self.players: int = view["players"]
        self.fields = len(view["chips"])
        counts = [rules["chips_per_number"]] * SYMBOLS
        for value in view["known"]:
            if value is not None:
                counts[value] -= 1
        if view["aside"] is not None:
            counts[view["aside"]] -= 1
        move = view["move"]
        if move and move["held"] is not None:
            counts[move["held"]] -= 1
        self.unseen = [max(c, 0) for c in counts]  # chips whose value this seat does not know
        self.unseen_total = sum(self.unseen)

    def chance(self, field: int, value: int) -> float:
        """How likely the chip on ``field`` shows ``value``, for this seat."""
        known = self.view["known"][field]
        if known is not None:
            return 1.0 if known == value else 0.0
        if self.unseen_total <= 0:
            return 0.0
        return self.unseen[value] / self.unseen_total

    def needed(self, seat: int) -> int | None:
        top, figure = self.view["top"], self.view["figures"][seat]
        if top is None or figure is None:
            return None
        return (top - figure) % SYMBOLS

    def known_fields(self, value: int) -> list[int]:
        return [f for f, v in enumerate(self.view["known"]) if v == value]

    def others_know(self, field: int) -> bool:
        return any(s != self.me for s in self.view["knowers"][field])


def announce(view: Mapping[str, Any], number: int, rng: random.Random) -> Announce:
    """Announce ``number``, putting the chip down on a free field chosen at random (any
    field but the one it came from)."""
    picked_from = view["move"]["picked_from"]
    free = [f for f, on in enumerate(view["chips"]) if not on and f != picked_from]
    field = free[rng.randrange(len(free))]
    return Announce(number, field, view["symbols"][view["field_symbols"][field]])


def _call_is_free(view: Mapping[str, Any]) -> bool:
    """Whether the challenger's call costs nothing more than folding (the mover only matched,
    revised CB-X3): a true claim costs the stake and a card either way, a false one is won
    only by calling, so folding there never pays."""
    stakes = (view.get("challenge") or {}).get("stakes") or {}
    return stakes.get("mover") == stakes.get("challenger") is not None


def _best(legal: Sequence[Action], kind: type) -> list[Any]:
    return [a for a in legal if type(a) is kind]


def card_gain(count: int, rules: Mapping[str, Any], pot: int) -> float:
    """What one more card of a symbol is worth to a player holding ``count`` of it: the
    premium, plus the step towards four of a kind (the last step wins the pot)."""
    premiums = rules["premiums"]
    if count + 1 > len(premiums):
        return pot + 2000.0
    return premiums[count] + PROGRESS[count + 1] - PROGRESS[count]


PROGRESS = [0.0, 0.0, 150.0, 500.0, 900.0, 1400.0, 2000.0]


class EasyAgent:
    """A cautious beginner: plain rules of thumb, no memory of how the others play."""

    def __init__(self, rules: Mapping[str, Any]) -> None:
        self.rules = rules

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        outlook = Outlook(view, self.rules)
        phase = view["phase"]
        me = outlook.me
        if phase == "figure":
            return legal[rng.randrange(len(legal))]
        if phase == "turn":
            sells = _best(legal, Sell)
            if sells:
                return sells[0]
            need = outlook.needed(me)
            picks = _best(legal, Pick)
            for pick in picks:
                if need is not None and view["known"][pick.field] == need:
                    return pick
            unknown = [p for p in picks if view["known"][p.field] is None]
            pool = unknown or picks
            return pool[rng.randrange(len(pool))]
        if phase == "announce":
            move = view["move"]
            need = (view["top"] - move["origin"]) % SYMBOLS
            held = move["held"]
            return announce(view, need if held == need or rng.random() < 0.5 else held, rng)
        if phase == "commit":
            move = view["move"]
            challenges = _best(legal, Challenge)
            if not challenges:
                return legal[0]
            chance = outlook.chance(move["placed_at"], move["announced"])
            if chance == 0.0 or (move["landing"] and chance < 0.12):
                return challenges[0]
            return _best(legal, Pass)[0]
        if phase in ("respond", "exchange"):
            move = view["move"]
            truth = view["known"][move["placed_at"]] == move["announced"]
            if me == view["mover"]:
                if truth:
                    return _best(legal, Call)[0]
                return (_best(legal, Admit) or _best(legal, Fold))[0]
            if (view["known"][move["placed_at"]] is not None and not truth) or _call_is_free(view):
                return _best(legal, Call)[0]
            return _best(legal, Fold)[0]
        if phase == "claim":
            cards = view["cards"][me]

            def mine(action: Action) -> int:
                symbol = view["top"] if type(action) is TakeTop else action.symbol
                return cards[symbol]

            return max(legal, key=mine)
        return legal[rng.randrange(len(legal))]


class MediumAgent:
    """Counts the chips, reads the public record, and bets by its confidence."""

    #: pseudo-observations for the estimates from the public record
    PRIOR = 3.0
    #: how much likelier a landing claim is said without the chip than with it, before
    #: anything is known of the player (a share of 0.7 of lies, by chips alike)
    LANDING_RATIO = 0.7 * (2 / 13) / (0.3 * (11 / 13))
    recalls = True

    def __init__(self, rules: Mapping[str, Any]) -> None:
        self.rules = rules
        #: per seat, what earlier games with its player showed (``recall``)
        self.past: list[Mapping[str, float] | None] = []

    def recall(self, habits: Sequence[Mapping[str, float] | None]) -> None:
        """Read each player's public record as starting from his earlier games' (``models.remembered``)."""
        self.past = list(habits)

    # -- estimates from the public record --------------------------------------------
    def lie_ratio(self, stats: Mapping[str, int], landing: bool) -> float:
        """How much likelier this player is to announce a number his chip does not show than
        one it shows: 1 for a player who says anything, near 0 for one who never lies.
        Estimated from his challenged announcements that ended in a call or an admission."""
        base = 2 / 13  # the chance an unseen chip shows a given number
        if landing:
            # read as hard reads it (``models.seat_model``): how often he claims the landing
            # number at all, his claims turned over or admitted, and those he stood by when
            # the challenger gave way; from the prior of a share of 0.7 of lies
            return min(self.LANDING_RATIO * seat_model(stats).lie_weight / LIE_WEIGHT, 3.0)
        truths, lies, prior = stats["truths_other"], stats["lies_other"], 0.25
        share = (lies + prior * self.PRIOR) / (truths + lies + self.PRIOR)
        share = min(max(share, 0.02), 0.98)
        return min(share * base / ((1 - share) * (1 - base)), 3.0)

    def may_be_challenged(self, view: Mapping[str, Any], mover: int) -> bool:
        """Whether anybody may challenge ``mover``'s next move (money is public): unless the
        ruleset's ``challenge_below_minimum`` allows it, both fortunes must reach the minimum
        stake."""
        money, active = view["money"], view["active"]
        others = [s for s in range(view["players"]) if s != mover and active[s] and money[s] > 0]
        if self.rules["challenge_below_minimum"]:
            return bool(others)
        lo = self.rules["min_stake"]
        return money[mover] >= lo and any(money[s] >= lo for s in others)

    def challenge_rate(self, stats: Mapping[str, int], landing: bool) -> float:
        """How often this player's own announcements have been challenged."""
        if landing:
            made, hit, prior = stats["landing"], stats["challenged_landing"], 0.5
        else:
            made, hit, prior = stats["moves"] - stats["landing"], stats["challenged_other"], 0.2
        return (hit + prior * 2) / (made + 2)

    def caught_chance(self, view: Mapping[str, Any], number: int) -> float:
        """How likely a landing claim of ``number`` (a lie nobody else has seen) is to be
        challenged: each seat that may challenge doubts as often as its record says, more when
        it has seen a chip of that number elsewhere (one this seat saw it look at, or one
        turned over), less when not (``models.doubt``); that is the prior, and how often this
        seat's own landing claims were challenged the evidence."""
        me = view["seat"]
        lo = self.rules["min_stake"] if not self.rules["challenge_below_minimum"] else 1
        known, knowers = view["known"], view["knowers"]
        passes = 1.0
        for s in range(view["players"]):
            if s == me or not view["active"][s] or view["money"][s] < lo:
                continue
            seen = sum(1 for f, v in enumerate(known) if v == number and s in knowers[f])
            passes *= 1 - doubt(seat_model(view["stats"][s]).doubt, seen)
        # what happened to its own landing claims so far weighs in, the above as the prior
        stats = view["stats"][me]
        return (stats["challenged_landing"] + 2 * (1 - passes)) / (stats["landing"] + 2)

    def bluff_share(self, stats: Mapping[str, int]) -> float:
        """Of this player's raises as a challenged mover that were shown, how many were lies."""
        return (stats["raise_shown_false"] + 0.3) / (stats["mover_raises"] + 1.0)

    def truth_chance(self, outlook: Outlook, view: Mapping[str, Any]) -> float:
        move = view["move"]
        q = outlook.chance(move["placed_at"], move["announced"])
        if q in (0.0, 1.0):
            return q
        if move["landing"] and move.get("known_pick"):
            # he had seen the chip he picked up: people pick the one they know fits
            return 1.0 - seat_model(view["stats"][view["mover"]]).known_lie
        ratio = self.lie_ratio(view["stats"][view["mover"]], move["landing"])
        return q / (q + (1 - q) * ratio)

    # -- the decision --------------------------------------------------------------------
    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        if self.past:
            past = self.past
            view = {**view, "stats": [remembered(s, past[i] if i < len(past) else None)
                                      for i, s in enumerate(view["stats"])]}
        outlook = Outlook(view, self.rules)
        phase = view["phase"]
        handler = getattr(self, f"_{phase}", None)
        if handler is None:
            return legal[rng.randrange(len(legal))]
        return handler(outlook, view, legal, rng)

    def _figure(self, outlook: Outlook, view: Mapping[str, Any], legal: Sequence[Action],
                rng: random.Random) -> Action:
        """Stand where the number needed for the top card is one with both chips in play."""
        top = view["top"]
        best = max(range(SYMBOLS), key=lambda v: (outlook.unseen[v], -v))
        fitting = [a for a in _best(legal, PlaceFigure) if (top - a.field) % SYMBOLS == best]
        return fitting[rng.randrange(len(fitting))] if fitting else legal[0]

    def _turn(self, outlook: Outlook, view: Mapping[str, Any], legal: Sequence[Action],
              rng: random.Random) -> Action:
        me = outlook.me
        sells = _best(legal, Sell)
        if sells:
            cards = view["cards"][me]
            singles = [a for a in sells if cards[a.symbol] == 1]
            if singles:
                return min(singles, key=lambda a: a.symbol)
        need = outlook.needed(me)
        picks = _best(legal, Pick)
        fitting = [p for p in picks if need is not None and view["known"][p.field] == need]
        if fitting:
            unwatched = [p for p in fitting if not outlook.others_know(p.field)]
            return (unwatched or fitting)[0]
        reshuffle = _best(legal, Reshuffle)
        if reshuffle:
            watched = sum(1 for f, on in enumerate(view["chips"])
                          if on and view["known"][f] is None and outlook.others_know(f))
            if watched >= 4:
                return reshuffle[0]
        unknown = [p for p in picks if view["known"][p.field] is None]
        quiet = [p for p in unknown if not outlook.others_know(p.field)]
        pool = quiet or unknown or [p for p in picks if not outlook.others_know(p.field)] or picks
        return pool[rng.randrange(len(pool))]

    def _announce(self, outlook: Outlook, view: Mapping[str, Any], legal: Sequence[Action],
                  rng: random.Random) -> Action:
        me, move = outlook.me, view["move"]
        held = move["held"]
        need = (view["top"] - move["origin"]) % SYMBOLS
        if held == need or not self.may_be_challenged(view, me):
            return announce(view, need, rng)  # the truth, or a lie nobody may challenge
        if any(s != me for s in move["held_knowers"]):
            return announce(view, held, rng)  # someone else knows this chip: a lie would be exposed
        stats = view["stats"][me]
        money = view["money"][me]
        gain = card_gain(view["cards"][me][view["top"]], self.rules, view["pot"])
        caught = self.caught_chance(view, need)
        lie = (1 - caught) * gain - caught * min(self.rules["admit_fee"], money)
        # a true announcement that does not land pays only if somebody challenges it
        doubted = self.challenge_rate(stats, False)
        truth = doubted * (self.rules["min_stake"] + 0.5 * gain) if money > 0 else 0.0
        return announce(view, need if lie > truth else held, rng)

    def _commit(self, outlook: Outlook, view: Mapping[str, Any], legal: Sequence[Action],
                rng: random.Random) -> Action:
        challenges = _best(legal, Challenge)
        if not challenges:
            return legal[0]
        me, mover, move = outlook.me, view["mover"], view["move"]
        truth = self.truth_chance(outlook, view)
        if truth <= 0.02:  # surely false: all the table stakes allow when it would pay him
            return challenges[-1] if move["landing"] else challenges[0]
        if not move["landing"]:
            return _best(legal, Pass)[0]  # a move short of the target takes nothing worth a fight
        stats = view["stats"][mover]
        # a caught liar who admits only loses his move; one who fights loses stake and a card
        admits = (stats["admits"] + 0.9) / (stats["admits"] + stats["shown_false"] + stats["mover_folds"] + 1)
        stake = challenges[0].stake
        pot = view["pot"]
        denial = 0.0
        if move["landing"]:
            held = view["cards"][mover][view["top"]]
            denial = card_gain(held, self.rules, pot)
            # stopping a rival helps every other player as much as me, unless it stops him
            # taking the pot
            if held + 1 <= len(self.rules["premiums"]):
                denial *= 0.2
        mine, theirs = view["cards"][me], view["cards"][mover]
        prizes = [view["top"]] + [s for s in range(SYMBOLS) if theirs[s]]
        spoils = stake + max(card_gain(mine[s], self.rules, pot) for s in prizes)
        # a true claim costs the stake twice over (he gains what I lose) and hands him a card
        loss = 2 * stake + 300
        value = (1 - truth) * (admits * denial + (1 - admits) * spoils) - truth * loss
        if value <= 0:
            return _best(legal, Pass)[0]
        if (1 - truth) * (1 - admits) - truth > 0.4:
            return challenges[-1]  # a liar who fights: make it expensive
        return challenges[0]

    def _respond(self, outlook: Outlook, view: Mapping[str, Any], legal: Sequence[Action],
                 rng: random.Random) -> Action:
        return self._exchange(outlook, view, legal, rng)

    def _exchange(self, outlook: Outlook, view: Mapping[str, Any], legal: Sequence[Action],
                  rng: random.Random) -> Action:
        me, move = outlook.me, view["move"]
        raises = _best(legal, Raise)
        call = _best(legal, Call)[0]
        if me == view["mover"]:
            if view["known"][move["placed_at"]] == move["announced"]:
                return max(raises, key=lambda a: a.by) if raises else call
            return (_best(legal, Admit) or _best(legal, Fold))[0]
        known = view["known"][move["placed_at"]]
        if known is not None:
            if known == move["announced"]:
                return _best(legal, Fold)[0]
            return max(raises, key=lambda a: a.by) if raises else call
        truth = self.truth_chance(outlook, view)
        if _call_is_free(view):
            # he only matched: calling costs no more than folding, and a raise is answered by
            # a mover who matched because his claim is true
            return call
        bluffs = self.bluff_share(view["stats"][view["mover"]])
        # the mover raised: weigh his record of raising on a lie against the prior
        lie = (1 - truth) * bluffs / ((1 - truth) * bluffs + truth * 1.0)
        if lie > 0.75 and raises:
            return max(raises, key=lambda a: a.by)
        # pot odds: folding loses my stake; calling wins his stake and a card on a lie and
        # loses his stake on a truth
        stakes = view["challenge"]["stakes"]
        theirs, mine = stakes["mover"], stakes["challenger"]
        card = card_gain(view["cards"][me][view["top"]], self.rules, view["pot"]) if view["top"] is not None else 0.0
        if lie * (theirs + card) - (1 - lie) * theirs > -mine:
            return call
        return _best(legal, Fold)[0]

    def _claim(self, outlook: Outlook, view: Mapping[str, Any], legal: Sequence[Action],
               rng: random.Random) -> Action:
        me = outlook.me
        mine = view["cards"][me]
        loser = view["challenge"]["loser"]
        theirs = view["cards"][loser]
        pot = view["pot"]

        def worth(action: Action) -> float:
            if type(action) is TakeTop:
                return card_gain(mine[view["top"]], self.rules, pot)
            symbol = action.symbol
            robbed = theirs[symbol]
            denial = PROGRESS[robbed] - PROGRESS[robbed - 1]
            if robbed >= len(self.rules["premiums"]):
                denial += 0.5 * pot  # he was one card from the pot
            return card_gain(mine[symbol], self.rules, pot) + 0.6 * denial

        return max(legal, key=lambda a: (worth(a), type(a) is TakeTop, -getattr(a, "symbol", -1)))


__all__ = ["EasyAgent", "MediumAgent", "Outlook", "announce", "card_gain"]


#: What players may expect of each level: the measured strength table (benchmarks/strength.py,
#: 4 players, seats rotated; the README has the intervals).
ABOUT = {  # marked for the game's catalog (N_), worded in Casablanca.agent_kinds
    "easy": N_("plays its own chips by rule of thumb; wins about 8 in 100 rounds against three medium"),
    "medium": N_("reads the table for lies; wins about 4 in 10 rounds against three easy"),
    "hard": N_("searches the worlds its seat allows and learns each player's bluffs and calls; against three medium it wins about 4 rounds in 10"),
}
