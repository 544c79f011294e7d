"""Casablanca players as people play: an honest tight player, one who calls every raise, a
maniac who bluffs and raises, one who counts which chips are used up, and one who counts and
reads the size of a raise (``STYLES``); two more held out, not to tune against
(``HELD_OUT``): one who challenges everything, one who never lies nor challenges. Each
decides from its seat's view alone (``Outlook`` reads the chips it knows), and each beats
three ``random`` by a wide margin (``python benchmarks/people.py --game casablanca --cells random``)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from panel import Style

from parlour.games.casablanca.actions import (SYMBOLS, Admit, Announce, Call, Challenge, Fold, Pass, Pick, Raise, Sell,
                                      TakeTop)
from parlour.games.casablanca.agents import Outlook, announce
from parlour.core.game import Action, State


def _of(legal: Sequence[Action], kind: type) -> list[Any]:
    return [a for a in legal if type(a) is kind]


class Person:
    """What every style does alike: take a chip that fits when it knows one, keep to chips
    nobody else has seen, take the card nearest to four; the rest is each style's own."""

    def __init__(self, rules: Mapping[str, Any]) -> None:
        self.rules = rules

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        phase = view["phase"]
        if phase in ("figure",) or len(legal) == 1:
            return legal[rng.randrange(len(legal))]
        outlook = Outlook(view, self.rules)
        if phase == "turn":
            return self.turn(outlook, view, legal, rng)
        if phase == "announce":
            move = view["move"]
            need = (view["top"] - move["origin"]) % SYMBOLS
            return announce(view, self.say(outlook, view, move["held"], need, rng), rng)
        if phase == "commit":
            move = view["move"]
            chance = outlook.chance(move["placed_at"], move["announced"])
            challenges = _of(legal, Challenge)
            if chance == 0.0:
                return challenges[-1]
            if chance == 1.0:
                return _of(legal, Pass)[0]
            return self.doubt(chance, move["landing"], challenges, legal, rng)
        if phase in ("respond", "exchange"):
            move = view["move"]
            if view["mover"] == outlook.me:
                true = view["known"][move["placed_at"]] == move["announced"]
                return self.defend(true, legal, rng)
            known = view["known"][move["placed_at"]]
            stakes = view["challenge"]["stakes"]
            if known is not None:
                raises = _of(legal, Raise)
                if known == move["announced"]:
                    return _of(legal, Fold)[0]
                return raises[-1] if raises else _of(legal, Call)[0]
            if stakes["mover"] == stakes["challenger"]:
                return _of(legal, Call)[0]  # he only matched: calling costs no more than folding
            return self.answer_raise(view, outlook.chance(move["placed_at"], move["announced"]), legal, rng)
        if phase == "claim":
            cards = view["cards"][outlook.me]
            return max(legal, key=lambda a: cards[view["top"] if type(a) is TakeTop else a.symbol])
        return legal[rng.randrange(len(legal))]

    def turn(self, outlook: Outlook, view: Mapping[str, Any], legal: Sequence[Action],
             rng: random.Random) -> Action:
        sells = _of(legal, Sell)
        if sells:
            cards = view["cards"][outlook.me]
            return min(sells, key=lambda a: cards[a.symbol])
        need = outlook.needed(outlook.me)
        picks = _of(legal, Pick)
        fitting = [p for p in picks if view["known"][p.field] == need]
        if fitting:
            return fitting[0]
        quiet = [p for p in picks if view["known"][p.field] is None and not outlook.others_know(p.field)]
        pool = quiet or [p for p in picks if view["known"][p.field] is None] or picks
        return pool[rng.randrange(len(pool))]

    def say(self, outlook: Outlook, view: Mapping[str, Any], held: int, need: int, rng: random.Random) -> int:
        return held

    def doubt(self, chance: float, landing: bool, challenges: list[Challenge], legal: Sequence[Action],
              rng: random.Random) -> Action:
        return _of(legal, Pass)[0]

    def defend(self, true: bool, legal: Sequence[Action], rng: random.Random) -> Action:
        raises = _of(legal, Raise)
        if true:
            return raises[-1] if raises else _of(legal, Call)[0]
        return (_of(legal, Admit) or _of(legal, Fold))[0]

    def answer(self, chance: float, legal: Sequence[Action], rng: random.Random) -> Action:
        return _of(legal, Fold)[0]

    def answer_raise(self, view: Mapping[str, Any], chance: float, legal: Sequence[Action],
                     rng: random.Random) -> Action:
        """Answer a raise (the mover's stake is above mine); most styles look only at the
        chance the claim is true."""
        return self.answer(chance, legal, rng)

    @staticmethod
    def unwatched(view: Mapping[str, Any]) -> bool:
        me = view["seat"]
        return all(s == me for s in view["move"]["held_knowers"])


class Tight(Person):
    """Never lies; challenges only a claim it can prove false or a landing one that is very
    unlikely; folds when a challenged mover raises."""

    def doubt(self, chance, landing, challenges, legal, rng):
        if landing and chance < 0.09:
            return challenges[0]
        return _of(legal, Pass)[0]


class Caller(Person):
    """Bluffs now and then on the landing number, challenges landing claims a third of the
    time, and calls every raise."""

    def say(self, outlook, view, held, need, rng):
        return need if held != need and self.unwatched(view) and rng.random() < 0.4 else held

    def doubt(self, chance, landing, challenges, legal, rng):
        if landing and rng.random() < 0.35:
            return challenges[0]
        return _of(legal, Pass)[0]

    def defend(self, true, legal, rng):
        if true:
            return _of(legal, Call)[0]
        return (_of(legal, Admit) or _of(legal, Fold))[0]

    def answer(self, chance, legal, rng):
        return _of(legal, Call)[0]


class Maniac(Person):
    """Always announces the landing number (unless another player knows the chip), raises big
    on a challenged bluff, challenges often and re-raises."""

    def say(self, outlook, view, held, need, rng):
        return need if self.unwatched(view) else held

    def doubt(self, chance, landing, challenges, legal, rng):
        if landing and rng.random() < 0.45:
            return challenges[len(challenges) // 3]
        return _of(legal, Pass)[0]

    def defend(self, true, legal, rng):
        raises = _of(legal, Raise)
        if true:
            return raises[-1] if raises else _of(legal, Call)[0]
        if raises and rng.random() < 0.75:
            return raises[rng.randrange(len(raises) // 2, len(raises))]
        return (_of(legal, Admit) or _of(legal, Fold))[0]

    def answer(self, chance, legal, rng):
        raises = _of(legal, Raise)
        roll = rng.random()
        if raises and roll < 0.3:
            return raises[-1]
        return _of(legal, Call)[0] if roll < 0.7 else _of(legal, Fold)[0]


class Counter(Person):
    """Keeps track of which chips are used up: bluffs only with a number that has chips to
    spare, challenges claims that are impossible or unlikely by the count, calls a raise when
    the count says so."""

    def say(self, outlook, view, held, need, rng):
        plausible = outlook.unseen[need] >= 2
        return need if held != need and plausible and self.unwatched(view) and rng.random() < 0.5 else held

    def doubt(self, chance, landing, challenges, legal, rng):
        if landing and chance < 0.12:
            return challenges[min(2, len(challenges) - 1)]
        return _of(legal, Pass)[0]

    def answer(self, chance, legal, rng):
        return _of(legal, Call)[0] if chance < 0.12 else _of(legal, Fold)[0]


class Reader(Counter):
    """Counts like the counter, and reads the size of a raise: a mover who puts more than
    half of what he had at stake is taken to hold the truth (fold), a smaller raise is called
    unless the count makes the claim likely."""

    def answer_raise(self, view, chance, legal, rng):
        stake = view["challenge"]["stakes"]["mover"]  # (money is paid when the challenge is settled)
        if stake > 0.5 * view["money"][view["mover"]]:
            return _of(legal, Fold)[0]
        return _of(legal, Call)[0] if chance < 0.5 else _of(legal, Fold)[0]


class Doubter(Person):
    """Challenges every landing claim it cannot prove true, with the least stake; calls half
    the raises (every one on a claim its count makes unlikely); bluffs a quarter of the
    time."""

    def say(self, outlook, view, held, need, rng):
        return need if held != need and self.unwatched(view) and rng.random() < 0.25 else held

    def doubt(self, chance, landing, challenges, legal, rng):
        return challenges[0] if landing else _of(legal, Pass)[0]

    def answer(self, chance, legal, rng):
        raises = _of(legal, Raise)
        call = _of(legal, Call)[0]
        return call if not raises or chance < 0.12 or rng.random() < 0.5 else _of(legal, Fold)[0]


class Honest(Person):
    """Never lies and never challenges, unless it knows a claim is false; stakes a true claim
    to the limit."""


STYLES = {
    "tight": Style(Tight, "never lies; challenges only what it can prove false or is very unlikely; folds to raises"),
    "caller": Style(Caller, "bluffs now and then, challenges a third of the landing claims, calls every raise"),
    "maniac": Style(Maniac, "always claims the landing number, raises big on a bluff, challenges often"),
    "counter": Style(Counter, "counts the chips used up: challenges and calls what the count makes unlikely"),
    "reader": Style(Reader, "counts like the counter; folds to a raise of over half the mover's money, calls smaller ones"),
}

#: held-out styles (not tuned against; ``people.py --panel held-out``): one who challenges
#: everything, one who never lies and never challenges
HELD_OUT = {
    "doubter": Style(Doubter, "challenges every landing claim with the least stake, calls half the raises, bluffs a quarter"),
    "honest": Style(Honest, "never lies, never challenges unless it knows a claim is false, stakes the truth to the limit"),
}


class Behaviour:
    """What a person notices about one seat's play, gathered from the true state before each
    of that seat's moves (a benchmark may look; the agents never do)."""

    def __init__(self) -> None:
        self.announcements = self.lies = 0
        self.lies_challenged = self.lies_raised = 0
        self.bluff_stakes: list[float] = []
        self.true_stakes: list[float] = []  # the same for raises on true claims: the size a person reads
        self.challenges = self.challenges_short = self.challenges_known_true = 0
        self._lie_turn: tuple[int, int] | None = None

    def watch(self, state: State, seat: int, action: Action) -> None:
        s: Any = state
        kind = type(action)
        if kind is Announce:
            self.announcements += 1
            self._lie_turn = None
            if action.number != s.held:  # type: ignore[attr-defined]
                self.lies += 1
                self._lie_turn = (s.round, s.turns)
        elif kind is Challenge:
            self.challenges += 1
            if not s.landing:
                self.challenges_short += 1
            if s.masks[s.placed_at] & ((1 << seat) | s.public) and s.chips[s.placed_at] == s.announced:
                self.challenges_known_true += 1
        elif kind is Raise and s.phase in ("respond", "exchange") and seat == s.mover and s.chips[s.placed_at] == s.announced:
            stake = s.stakes[s.challenger] + action.by  # type: ignore[attr-defined]
            self.true_stakes.append(stake / max(1, s.money[seat]))
        elif s.phase in ("respond", "exchange") and seat == s.mover and self._lie_turn == (s.round, s.turns):
            if s.phase == "respond":
                self.lies_challenged += 1
            if kind is Raise:
                if s.phase == "respond" or not s.mover_raised:
                    self.lies_raised += 1
                stake = s.stakes[s.challenger] + action.by  # type: ignore[attr-defined]
                self.bluff_stakes.append(stake / max(1, s.money[seat]))

    def merge(self, other: Behaviour) -> None:
        for key, value in vars(other).items():
            if isinstance(value, int) and not key.startswith("_"):
                setattr(self, key, getattr(self, key) + value)
        self.bluff_stakes += other.bluff_stakes
        self.true_stakes += other.true_stakes

    def figures(self) -> dict[str, float | None]:
        def share(a: int, b: int) -> float | None:
            return a / b if b else None

        stakes = self.bluff_stakes
        return {
            "lies": share(self.lies, self.announcements),
            "raised": share(self.lies_raised, self.lies_challenged),
            "bluff_stake": sum(stakes) / len(stakes) if stakes else None,
            "all_in": share(sum(1 for x in stakes if x >= 0.9), len(stakes) or 0) if stakes else None,
            "true_stake": sum(self.true_stakes) / len(self.true_stakes) if self.true_stakes else None,
            "true_small": (share(sum(1 for x in self.true_stakes if x <= 0.4), len(self.true_stakes))
                           if self.true_stakes else None),
            # what one who calls small raises and folds to big ones meets: of the raises a mover
            # made within 40 % of his money, the share that backed a lie
            "small_lies": share(sum(1 for x in stakes if x <= 0.4),
                                sum(1 for x in stakes + self.true_stakes if x <= 0.4)),
            "short": share(self.challenges_short, self.challenges),
            "known_true": float(self.challenges_known_true),
            "announcements": float(self.announcements),
        }

    @staticmethod
    def line(figures: Mapping[str, float | None]) -> str:
        def pc(key: str) -> str:
            value = figures[key]
            return "-" if value is None else f"{value:.0%}"

        return (f"lies {pc('lies')} of {figures['announcements']:.0f} announcements; challenged lies raised "
                f"{pc('raised')}; bluff stake {pc('bluff_stake')} of its money (all-in {pc('all_in')}), true raises' "
                f"{pc('true_stake')} ({pc('true_small')} within 40 %); lies among raises within 40 % "
                f"{pc('small_lies')}; "
                f"challenges short of the target {pc('short')}; of known-true claims {figures['known_true']:.0f}")
