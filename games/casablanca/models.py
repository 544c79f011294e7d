"""How each other seat plays, as the public record of this match shows it: a model per seat
that starts from the frequencies measured at tables of ``medium`` (all but the fold prior,
:data:`FOLD_CHANCE`: people call raises far more than medium) and moves towards what that
seat has been seen to do (Beta-style counts: a prior worth a few observations, then the
evidence; the fold prior fewer). It reads
only the view's ``stats``, which count public events over every round of the match so far: a
lie is known to be one only when it was admitted or its chip turned over, a challenge only
when it counted, a pass only when it is known (the seat was asked before the challenger, or
nobody challenged).

Built afresh from the view at each decision, a model keeps no state between decisions, so a
resumed match plays on as one played straight through from its record.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: the priors (measured on all-``medium`` tables, see ``knowledge.py``) and their weights in
#: observations
LIE_CHANCE = 0.7  # a mover whose chip does not fit announces the landing number anyway
LIE_SHARE = 0.5  # of the landing claims turned over or admitted, the lies
LANDING_SHARE = 0.78  # of the announcements, those that reach the top card's symbol
FIT_SHARE = LANDING_SHARE * (1 - LIE_SHARE)  # ...and are true: a chip that fits, or one known to
LIE_WEIGHT = 0.2  # the relative likelihood of a world in which a landing claim is false
RARE_LIE_WEIGHT = 0.03  # ...of one the mover then backed with a raise (times the above)
#: the odds that an unseen chip fits a landing claim (two chips of 13 unseen): a landing claim
#: backed by a raise is a lie as often as the seat's raises shown were lies when the weight of
#: a false world is their odds times this
FIT_ODDS = 2 / 11
CHALLENGE_CHANCE = 0.2  # a seat challenges a landing claim whose chip it does not know
#: a challenger folds to a mover's raise. Not medium's rate: at tables of ``medium`` a
#: challenger folds to 70 % of the raises (they are all true and to the limit), but the
#: people a raise of ``hard`` meets fold to far fewer (``medium`` called 78 % of its bluff
#: raises; of the panel's styles the caller, the counter, the reader and the honest player call
#: nearly all, the doubter half, the maniac 70 %, only the tight player folds). At 0.7 its
#: first bluff raises of a round against each newcomer were staked on folds that did not come
#: (60 rounds, seed 3: against three medium 33.3 %, at 0.35 42.5 % (38.5 % of 100); three tight
#: 36.7 %, 53.3 %; counter 31.7 %, 28.3 %; reader 25.0 %, 23.3 %)
FOLD_CHANCE = 0.35
#: people fold more often to a raise that puts over half the raiser's money at stake than to a
#: smaller one (a reader folds to the first and calls the second); each seat's own answers to
#: each size then move its two rates apart from these priors on its overall rate
BIG_FOLD, SMALL_FOLD = 1.2, 0.8
RAISE_CHANCE = 0.9  # a challenged truth-teller raises to the limit
#: a challenged liar admits: medium always does, and of the panel's people only the maniac ever
#: raises on a lie (at 0.9, a tenth, the first raise of any seat was a bluff one time in ten)
ADMIT_CHANCE = 0.97


def raised_lies(lie_share: float, admit: float) -> float:
    """Of a seat's challenged landing claims that it backed with a raise, the lies, when a
    share ``lie_share`` of its challenged claims are lies, a challenged liar admits ``admit``
    of the time and a challenged truth-teller raises (:data:`RAISE_CHANCE`)."""
    bluffs = (1.0 - admit) * lie_share
    return bluffs / (bluffs + RAISE_CHANCE * (1.0 - lie_share))


#: of a mover's raises, the lies, at the priors (a tenth at tables of ``medium``)
RAISED_LIE_SHARE = raised_lies(LIE_SHARE, ADMIT_CHANCE)

#: a landing claim made with a chip the mover had seen before he picked it up (he put it down
#: himself, or it was turned over): people pick the chip they know fits, so such a claim is
#: nearly always true. Against three readers (24 rounds, seed 3) all 299 of theirs were true,
#: against 84 true of 191 made with a chip fresh to the mover, and ``hard`` challenged 64 of
#: them at $100 and a card each. Scaled by how much the seat lies otherwise, then moved by
#: its claims of this kind shown true or false (:func:`known_lie`).
KNOWN_LIE_SHARE = 0.05

PRIOR_WEIGHT = 4.0
#: the fold prior is worth fewer observations: a person calls raises far more than medium does,
#: and one or two of his answers should show it before a bluff raise is staked on the prior
FOLD_WEIGHT = 1.5


#: people doubt a claim by how plausible their own count of the chips makes it: a seat that has
#: seen a chip of the claimed number elsewhere challenges more often than its record's rate, one
#: that has seen none less often (its record is a mix of both)
DOUBT_PLAUSIBLE = 0.6
DOUBT_UNLIKELY = 1.8
#: ...and folds less often to a raise on such a claim
UNLIKELY_FOLD = 0.6


def doubt(rate: float, seen: int) -> float:
    """How likely a seat that challenges ``rate`` of the landing claims is to challenge this
    one, having accounted for ``seen`` chips of the claimed number elsewhere (fewer than all)."""
    return min(0.95, rate * (DOUBT_UNLIKELY if seen else DOUBT_PLAUSIBLE))


def _odds(p: float) -> float:
    return p / (1.0 - p)


def _share(hits: int, total: int, prior: float, weight: float = PRIOR_WEIGHT) -> float:
    return prior + (hits - prior * total) / (total + weight)  # exactly the prior before any evidence


def _clip(x: float, low: float, high: float) -> float:
    return low if x < low else high if x > high else x


@dataclass(frozen=True)
class SeatModel:
    """One seat's play: the chances a rollout plays it by, and the weights a world gets."""

    lie: float = LIE_CHANCE
    doubt: float = CHALLENGE_CHANCE
    fold: float = FOLD_CHANCE
    admit: float = ADMIT_CHANCE
    raise_true: float = RAISE_CHANCE
    lie_weight: float = LIE_WEIGHT
    raised_lie_weight: float = RARE_LIE_WEIGHT
    #: the weight of a world in which a landing claim the mover backed with a raise is false
    raised_landing_weight: float = FIT_ODDS * RAISED_LIE_SHARE / (1 - RAISED_LIE_SHARE)
    #: how many of its answers to a raise have been seen (a fold model with none is a guess)
    raises_seen: float = 0
    #: it folds to a raise that puts over half the raiser's money at stake, to a smaller one
    fold_big: float = FOLD_CHANCE * BIG_FOLD
    fold_small: float = FOLD_CHANCE * SMALL_FOLD
    #: how many of its answers to a raise over half the raiser's money have been seen
    big_seen: float = 0
    #: of its landing claims made with a chip it had seen before picking it up, the lies
    known_lie: float = KNOWN_LIE_SHARE


def stood_by(stats: Mapping[str, float]) -> float:
    """A seat's challenged landing claims that it neither admitted nor lost nor folded, the
    chip never turned over: the challenger gave way to its raise. A person takes each for a
    truth about as often as that seat's raises shown have been true."""
    resolved = stats["truths_landing"] + stats["lies_landing"] + stats["mover_folds"]
    return max(0.0, stats.get("challenged_landing", 0) - resolved)  # older counts lack it: none seen


def seat_model(stats: Mapping[str, int]) -> SeatModel:
    """A seat's model from its public counts. How often it lies on the landing number shows
    first in how often it claims it at all (a player who never lies lands only when his chip
    fits, a third of his turns or so; one who always claims it lies in most of them), then in
    its claims turned over or admitted.

    A raise the challenger gave way to shows nothing of the chip, so the claims a seat stood
    by are read at the share of its raises that are likely lies: from its raises shown, and
    before them from how often it lies and how seldom it admits. A seat that claims the target
    every turn and is never seen to admit does not admit: its challenged lies went to raises
    nobody called (before 2026-11-28 those raises passed for the truth, and a challenger who
    always gave way kept challenging a bluffer who always raised)."""
    landing = _share(stats["landing"], stats["moves"], LANDING_SHARE)
    implied = _clip(1 - FIT_SHARE / landing, 0.03, 0.97)
    lies, truths = stats["lies_landing"], stats["truths_landing"]
    shown_share = _clip(_share(lies, lies + truths, implied), 0.03, 0.97)
    caught = stats["admits"] + stats["shown_false"] + stats["mover_folds"]
    stood = stood_by(stats)
    raised_shown = max(stats["raise_shown_false"], stats["mover_raises"] - stood)
    # the liars among his challenged claims: those caught, and of the claims he stood by with a
    # raise, as many as his raises are lies; how often his raises are lies follows from how
    # often he admits, so the two are worked out together (a few rounds settle them). Before
    # 2026-11-28 every claim stood by counted as a lie at the share of his claims shown false,
    # so one raise a challenger gave way to made any seat a bluffer one raise in six.
    def raised_for(admit: float) -> float:
        return _clip(_share(stats["raise_shown_false"], raised_shown, raised_lies(shown_share, admit)), 0.02, 0.95)

    admit = ADMIT_CHANCE
    for _ in range(12):
        admit = _clip(_share(stats["admits"], caught + raised_for(admit) * stood, ADMIT_CHANCE), 0.05, 0.98)
    raised_share = raised_for(admit)
    raised_odds = _odds(raised_share)
    lies += raised_share * stood
    truths += (1 - raised_share) * stood
    lie_odds = _odds(_clip(_share(lies, lies + truths, implied), 0.03, 0.97)) / _odds(LIE_SHARE)
    fold = _clip(_share(stats["raise_folds"], stats["raises_faced"], FOLD_CHANCE, FOLD_WEIGHT), 0.03, 0.97)
    big_folds, big_faced = stats.get("big_raise_folds", 0), stats.get("big_raises_faced", 0)  # older counts lack them
    return SeatModel(
        lie=_clip(LIE_CHANCE * lie_odds / (1 - LIE_CHANCE + LIE_CHANCE * lie_odds), 0.05, 0.97),
        doubt=_clip(_share(stats["doubted_landing"], stats["asked_landing"], CHALLENGE_CHANCE), 0.02, 0.95),
        fold=fold,
        fold_big=_clip(_share(big_folds, big_faced, _clip(fold * BIG_FOLD, 0.03, 0.97), FOLD_WEIGHT), 0.03, 0.97),
        fold_small=_clip(_share(stats["raise_folds"] - big_folds, stats["raises_faced"] - big_faced,
                                fold * SMALL_FOLD, FOLD_WEIGHT), 0.03, 0.97),
        big_seen=big_faced,
        admit=admit,
        lie_weight=_clip(LIE_WEIGHT * lie_odds, 0.02, 2.0),
        raised_lie_weight=_clip(RARE_LIE_WEIGHT * raised_odds / _odds(RAISED_LIE_SHARE), 0.005, 1.0),
        raised_landing_weight=_clip(FIT_ODDS * raised_odds, 0.003, 3.0),
        raises_seen=stats["raises_faced"],
        known_lie=known_lie(stats, lie_odds),
    )


def known_lie(stats: Mapping[str, float], lie_odds: float) -> float:
    """Of a seat's landing claims made with a chip it had seen before picking it up, the
    lies: from :data:`KNOWN_LIE_SHARE`, in proportion to how much more (or less) than the
    prior it lies with chips fresh to it (``lie_odds``: a seat that claims the target every
    turn may pick any chip), then as its claims of that kind were shown (older counts lack
    them: the prior alone)."""
    lies = stats.get("known_lies", 0)
    prior = _clip(KNOWN_LIE_SHARE * lie_odds, 0.01, 0.5)
    return _clip(_share(lies, lies + stats.get("known_truths", 0), prior), 0.01, 0.97)


def settled(view: Mapping[str, Any]) -> list[Mapping[str, int]]:
    """The view's ``stats`` without the challenge still being fought: the mover's count of
    challenged claims (and of raises, when his stake is above the challenger's) already holds
    it, and read as evidence it said that he neither admitted nor lost, so that every raise
    made itself look like a bluff (2026-11-28: a seat never seen to bluff, raising all-in at
    the first challenge of a round, was taken for a bluffer one time in six, and ``hard``
    called with its whole fortune)."""
    stats = view["stats"]
    challenge, move, mover = view.get("challenge"), view.get("move"), view.get("mover")
    if (view.get("phase") not in ("respond", "exchange") or not challenge or not move or mover is None
            or challenge.get("winner") is not None):
        return list(stats)
    own = dict(stats[mover])
    key = "challenged_landing" if move["landing"] else "challenged_other"
    if key in own:
        own[key] = max(0, own[key] - 1)
    stakes = challenge["stakes"]
    if stakes["mover"] > stakes["challenger"]:
        own["mover_raises"] = max(0, own["mover_raises"] - 1)
    out = list(stats)
    out[mover] = own
    return out


def seat_models(stats: Sequence[Mapping[str, int]],
                past: Sequence[Mapping[str, float] | None] = ()) -> list[SeatModel]:
    """A model of every seat from the view's ``stats``, each started from what earlier games
    with its player showed (``past``, see :func:`remembered`)."""
    return [seat_model(remembered(s, past[i] if i < len(past) else None)) for i, s in enumerate(stats)]


#: the weight, in landing claims, of the doubt the seats' models predict against a mover, before
#: how often his own landing claims were challenged moves it (:func:`pressure`)
PRESSURE_WEIGHT = 6.0


def pressure(stats: Sequence[Mapping[str, float]], models: Sequence[SeatModel]) -> list[float]:
    """Per mover, how much more (or less) often the table challenges his landing claims than
    the other seats' doubt rates say: people doubt a player by his record, so one who claims
    the target every turn is challenged more than the rates taken over every mover. The
    models' prediction is the prior, the challenges his own landing claims met the evidence
    (public counts only); a factor on the others' doubt when he moves, from 0.25 to 4."""
    out = []
    for m, own in enumerate(stats):
        passes = 1.0
        for s, model in enumerate(models):
            if s != m:
                passes *= 1.0 - model.doubt
        predicted = max(1.0 - passes, 0.02)
        challenged = own.get("challenged_landing")  # older counts lack it: the prediction alone
        claims = 0.0 if challenged is None else own["landing"]
        seen = ((challenged or 0) + PRESSURE_WEIGHT * predicted) / (claims + PRESSURE_WEIGHT)
        out.append(_clip(seen / predicted, 0.25, 4.0))
    return out


#: what earlier games with a player are worth at most, in his turns as mover: enough to start
#: from his habits instead of the priors, little enough that this match soon outweighs them
MEMORY_MOVES = 30.0


def remembered(now: Mapping[str, int], past: Mapping[str, float] | None) -> Mapping[str, float]:
    """This match's counts of a seat plus its player's earlier ones, all scaled by one factor
    so that none is over :data:`MEMORY_MOVES` (the shares they show are kept; their weight
    is bounded)."""
    if not past:
        return now
    most = max((float(v) for v in past.values()), default=0.0)
    scale = min(1.0, MEMORY_MOVES / most) if most > 0 else 0.0
    return {key: count + scale * float(past.get(key, 0.0)) for key, count in now.items()}


__all__ = ["KNOWN_LIE_SHARE", "MEMORY_MOVES", "SeatModel", "doubt", "known_lie", "pressure", "raised_lies",
           "remembered", "seat_model", "seat_models", "settled", "stood_by"]
