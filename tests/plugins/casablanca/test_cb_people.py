"""Play that holds up against people (issue 29): opponent models that learn from the public
record, no all-in bluff against a player who calls, no challenge of a claim known true, a
medium that calls a raise when the pot odds say so."""

from __future__ import annotations

import random
from dataclasses import astuple

import pytest

from cb_helpers import arranged, commit, move, rules, turn_over
from parlour.games.casablanca import GAME
from parlour.games.casablanca.actions import Admit, Call, Challenge, Fold, Pass, Pick, Raise, TakeTop
from parlour.games.casablanca.agents import MediumAgent
from parlour.games.casablanca.knowledge import BLUFF_SHARE, FOLDER_SHARE, CasablancaKnowledge
from parlour.games.casablanca.models import FOLD_CHANCE, SeatModel, pressure, seat_model, settled
from parlour.core.agents import Budget
from parlour.core.search import SearchAgent


def _bluff_challenged(stake: int = 100) -> object:
    """Seat 1 picks the 5 on field 12, claims the landing 3, puts it on field 13; seat 2
    challenges with ``stake``: seat 1 is to answer, knowing it lied."""
    state = arranged()
    move(state, 12, 3, 13)
    commit(state, {2: stake})
    assert state.phase == "respond" and state.mover == 1
    return state


def test_the_record_counts_answers_to_raises_and_known_doubts() -> None:
    state = _bluff_challenged()
    assert [state.stats[s]["asked_landing"] for s in range(4)] == [0, 0, 1, 0]  # seats 3, 0 are not known
    assert state.stats[2]["doubted_landing"] == 1
    state.apply(Raise(200))
    state.apply(Fold())
    assert state.stats[2]["raises_faced"] == 1 and state.stats[2]["raise_folds"] == 1


def test_a_model_moves_from_its_prior_to_what_the_seat_was_seen_to_do() -> None:
    prior = SeatModel()
    stats = dict(arranged().stats[0])
    assert astuple(seat_model(stats)) == pytest.approx(astuple(prior))
    caller = seat_model({**stats, "raises_faced": 6, "raise_folds": 0})
    folder = seat_model({**stats, "raises_faced": 6, "raise_folds": 6})
    assert caller.fold < 0.1 < prior.fold < 0.7 < folder.fold
    doubter = seat_model({**stats, "asked_landing": 8, "doubted_landing": 6})
    assert doubter.doubt > 2 * prior.doubt
    liar = seat_model({**stats, "lies_landing": 6, "truths_landing": 0})
    assert liar.lie > prior.lie and liar.lie_weight > 2 * prior.lie_weight


def test_two_calls_to_a_raise_outweigh_the_fold_prior() -> None:
    """A person who calls raises should not be bluff-raised on the prior for long: after two
    calls his model folds less than half as often as the prior says, after two folds more than
    half the time (the prior is what people do, about a third: not medium's 70 %)."""
    stats = dict(arranged().stats[0])
    assert 0.25 <= SeatModel().fold <= 0.5
    assert seat_model({**stats, "raises_faced": 2, "raise_folds": 0}).fold < 0.5 * SeatModel().fold
    assert seat_model({**stats, "raises_faced": 2, "raise_folds": 2}).fold > 0.5


def test_a_seat_that_seldom_claims_the_target_is_believed_and_one_that_always_does_is_doubted() -> None:
    """How often a seat announces the landing number is public: an honest player lands only
    when his chip fits, a bluffer nearly every turn; no chip need be turned over to see it."""
    prior = SeatModel()
    stats = dict(arranged().stats[0])
    honest = seat_model({**stats, "moves": 20, "landing": 5})
    bluffer = seat_model({**stats, "moves": 20, "landing": 19})
    assert honest.lie_weight < 0.25 * prior.lie_weight and honest.lie < 0.5 * prior.lie
    assert bluffer.lie_weight > prior.lie_weight and bluffer.lie > prior.lie


def _raises_offered(state: object, **seen: int) -> list[Raise]:
    state.stats[2].update(seen)
    know = CasablancaKnowledge(rules())
    view = state.view(1)
    return [a for a in know.candidates(view, state.legal_actions(), random.Random(0)) if type(a) is Raise]


def test_hard_never_offers_an_all_in_bluff_not_even_to_a_known_folder() -> None:
    """A bluff raise stays within BLUFF_SHARE of the mover's money; against a seat seen to fold
    to every raise it may go further, to FOLDER_SHARE, never to all of it (the playtest of
    2026-11-28 saw a bluff raised to $2,000 of $2,000 against a seat that had always folded)."""
    state = _bluff_challenged()
    money = state.money[1]
    assert state.cap == money, "the limit is the mover's whole fortune here"
    for seen in ({}, {"raises_faced": 5, "raise_folds": 0}):
        raises = _raises_offered(_bluff_challenged(), **seen)
        assert all(100 + r.by <= BLUFF_SHARE * money for r in raises)
    folder = _raises_offered(_bluff_challenged(), raises_faced=8, raise_folds=8)
    assert folder and BLUFF_SHARE * money < 100 + max(r.by for r in folder) <= FOLDER_SHARE * money < state.cap


def test_hard_stakes_a_true_claim_to_the_limit() -> None:
    state = arranged()
    move(state, 10, 3, 11)  # the 3: true
    commit(state, {2: 100})
    know = CasablancaKnowledge(rules())
    offered = know.candidates(state.view(1), state.legal_actions(), random.Random(0))
    assert Raise(state.cap - 100) in offered


def test_hard_does_not_challenge_a_claim_everybody_saw_turned_over() -> None:
    """The chip turned over as a 3 is picked up by seat 2, who claims 3 again (RULES.md,
    Information): hard at seat 3 lets it pass."""
    state = arranged()
    move(state, 10, 3, 11)
    commit(state, {2: 100})
    turn_over(state)
    state.apply(TakeTop())
    state.figures[2] = 0
    state.pile.append(3)  # the Star on top again: a claim of 3 lands
    move(state, 11, 3, 15)
    assert state.phase == "commit" and state.to_move == 3 and state.landing
    hard = SearchAgent(GAME.search_knowledge(state.rules), Budget(iterations=200))
    for seed in range(3):
        worlds = lambda rng: state.sample_world(3, rng, quiet=True)  # noqa: E731
        assert hard.choose(state.view(3), state.legal_actions(), random.Random(seed), worlds) == Pass()


def test_medium_calls_a_small_raise_and_folds_to_a_big_one() -> None:
    small = _bluff_challenged(stake=600)
    small.apply(Raise(50))
    assert small.to_move == 2
    assert decide(small) == Call()
    big = _bluff_challenged(stake=100)
    big.apply(Raise(1200))
    assert decide(big) == Fold()


def test_medium_lets_a_move_short_of_the_target_pass() -> None:
    state = arranged()
    state.stats[1].update(lies_other=10, shown_false=10)  # caught lying off target, and fought ...
    state.aside[2] = 2  # ... and seat 2 set a 2 aside: a claim of 2 is unlikely, not impossible
    move(state, 12, 2, 13)
    assert not state.landing
    assert decide(state) == Pass()


def decide(state: object) -> object:
    seat = state.to_move
    return MediumAgent(rules()).choose(state.view(seat), state.legal_actions(), random.Random(0))


def test_medium_still_challenges_a_claim_it_knows_is_false() -> None:
    state = arranged()
    state.masks[12] |= 1 << 2
    move(state, 12, 3, 13)
    assert isinstance(decide(state), Challenge)


def _bluffs_offered(seeds: range, **seen: int) -> list[list[Raise]]:
    return [_raises_offered_seeded(_bluff_challenged(), seed, **seen) for seed in seeds]


def _raises_offered_seeded(state: object, seed: int, **seen: int) -> list[Raise]:
    state.stats[2].update(seen)
    view = state.view(1)
    offered = CasablancaKnowledge(rules()).candidates(view, state.legal_actions(), random.Random(seed))
    return [a for a in offered if type(a) is Raise]


def test_hard_bluffs_only_what_the_pot_pays_for_and_not_every_time() -> None:
    """Caught lying with $100 against it by a player it knows nothing of (who folds to a raise
    as often as the prior says, for all it knows), hard offers only a raise that pays at those
    odds, ``r / (200 + r)`` below that chance, and only some of the time."""
    offered = _bluffs_offered(range(40))
    raised = [r for raises in offered for r in raises]
    assert raised and all(r.by / (200 + r.by) < FOLD_CHANCE for r in raised)
    assert 0 < sum(1 for raises in offered if raises) < len(offered)


def test_hard_never_bluff_raises_a_player_seen_to_call_every_raise() -> None:
    assert not any(_bluffs_offered(range(40), raises_faced=6, raise_folds=0))


class _AlwaysCalls:
    """Challenges every landing claim with the least stake, calls every raise, never lies."""

    def choose(self, view, legal, rng):  # noqa: ANN001, ANN201
        kinds = {type(a): a for a in reversed(legal)}
        if view["phase"] == "commit" and view["move"]["landing"] and Challenge in kinds:
            return kinds[Challenge]
        for kind in (Call, Pass, TakeTop):
            if kind in kinds:
                return kinds[kind]
        if view["phase"] == "announce":
            return next(a for a in legal if a.number == view["move"]["held"])
        return legal[rng.randrange(len(legal))]


def test_the_record_of_play_lasts_the_whole_match_and_the_models_learn_from_it() -> None:
    """Three rounds against a seat that calls every raise: the public counts go on from one
    round to the next (the view's, and a sampled world's alike), and after the match a model
    of that seat expects it to call, more surely than one round alone would say."""
    state = GAME.new_game(4, rules(rounds=3), 5)
    agents = [_AlwaysCalls()] + [MediumAgent(state.rules) for _ in range(3)]
    rng = random.Random(5)
    at_round_end: dict[int, list[dict[str, int]]] = {}
    round_start: dict[int, list[dict[str, int]]] = {}
    while not state.is_over:
        seat = state.to_move
        view = state.view(seat)
        round_start.setdefault(state.round, view["stats"])
        at_round_end[state.round] = view["stats"]
        assert state.sample_world(seat, rng).view(seat)["stats"] == view["stats"]
        state.apply(agents[seat].choose(view, state.legal_actions(), rng))
    for r in (2, 3):  # counts only grow: a new round starts from where the last one ended
        assert all(new[k] >= old[k] for new, old in zip(round_start[r], at_round_end[r - 1]) for k in old)
    last = state.view(1)["stats"][0]
    assert last["raises_faced"] > round_start[3][0]["raises_faced"] > 0 and last["raise_folds"] == 0
    first_round_only = seat_model(at_round_end[1][0])
    assert seat_model(last).fold < first_round_only.fold <= SeatModel().fold


def test_claims_a_seat_stood_by_when_the_challenger_gave_way_make_it_believed() -> None:
    """Challenged four times on the landing number, a seat raised each time and the challenger
    folded: no chip was turned over, but a person believes him more, and so do both levels."""
    stats = dict(arranged().stats[0])
    firm = {**stats, "moves": 8, "landing": 4, "challenged_landing": 4, "mover_raises": 4}
    unread = {**stats, "moves": 8, "landing": 4}
    assert seat_model(firm).lie_weight < 0.7 * seat_model(unread).lie_weight
    medium = MediumAgent(rules())
    assert medium.lie_ratio(firm, True) < 0.7 * medium.lie_ratio(unread, True)


def test_a_bluffer_who_always_raises_and_never_admits_is_not_believed_for_it() -> None:
    """A seat that claims the target every turn and, challenged six times, raised each time
    while the challenger gave way: nobody saw a chip, but a person no longer expects him to
    admit, and takes his raises for lies far more often than a seat's never challenged (before
    2026-11-28 the unshown raises made his raises look ever truer, and a challenger who always
    folded kept challenging him). A claim stood by counts as a lie as often as his raises are
    lies, not as often as his claims are: six of them move the admit prior of 0.97 to 0.62."""
    stats = dict(arranged().stats[0])
    claims = {**stats, "moves": 10, "landing": 10}
    raiser = seat_model({**claims, "challenged_landing": 6, "mover_raises": 6})
    unchallenged = seat_model(claims)
    assert raiser.admit < 0.65 < unchallenged.admit
    assert raiser.raised_landing_weight > 4 * unchallenged.raised_landing_weight
    # the same six challenges of a seat that admitted five of them: no such doubt
    admitter = seat_model({**claims, "challenged_landing": 6, "mover_raises": 1, "admits": 5, "lies_landing": 5})
    assert admitter.admit > 0.85 and admitter.raised_landing_weight < 0.5 * raiser.raised_landing_weight


def test_medium_reads_a_landing_claim_by_how_often_the_seat_claims_the_target() -> None:
    """A seat that lands a quarter of its turns is no bluffer; one that lands every turn is."""
    stats = dict(arranged().stats[0])
    medium = MediumAgent(rules())
    honest = medium.lie_ratio({**stats, "moves": 16, "landing": 4}, True)
    bluffer = medium.lie_ratio({**stats, "moves": 16, "landing": 16}, True)
    assert honest < 0.5 * medium.lie_ratio(stats, True) < bluffer


def _claim_of(number_seen: bool) -> object:
    """Seat 1 claims the landing 3 with the 5 from field 12; seat 2 (first to answer) has set
    aside a 3 when ``number_seen``, else a 6."""
    state = arranged()
    state.aside[2] = 3 if number_seen else 6
    move(state, 12, 3, 13)
    assert state.to_move == 2
    return state


def test_in_hard_s_rollouts_a_seat_doubts_a_number_it_has_seen_more_than_one_it_has_not() -> None:
    """People challenge what their own count of the chips makes unlikely: the seat that holds a
    3 aside challenges a claim of 3 far more often than the record's rate, one that does not
    less often."""
    know = CasablancaKnowledge(rules())
    rate = {seen: sum(type(know.rollout(_claim_of(seen), random.Random(s))) is Challenge for s in range(400)) / 400
            for seen in (False, True)}
    assert rate[True] > 2 * rate[False] > 0
    assert rate[False] < SeatModel().doubt < rate[True]


def test_medium_expects_a_lie_to_be_caught_more_often_by_seats_that_doubt_a_lot() -> None:
    state = arranged()
    state.apply(Pick(12))  # a 5; the landing claim would be 3
    view = state.view(1)
    medium = MediumAgent(rules())
    calm = medium.caught_chance(view, 3)
    for s in (0, 2, 3):
        view["stats"][s].update(asked_landing=10, doubted_landing=8)
    assert medium.caught_chance(view, 3) > calm + 0.2


def _raised_claim(chip: int) -> object:
    """Seat 1 claims the landing 3 with the chip from field 12 (worth ``chip``), seat 2
    challenges with $100 and seat 1 raises by $200: seat 2 is to answer; seat 1's raises shown
    so far were lies six times in ten."""
    state = arranged()
    state.chips[12] = chip
    move(state, 12, 3, 13)
    commit(state, {2: 100})
    state.apply(Raise(200))
    state.stats[1].update(mover_raises=10, raise_shown_false=6)
    assert state.to_move == 2
    return state


def test_a_raise_is_believed_a_lie_as_often_as_that_seat_s_raises_were() -> None:
    """A player whose raises were shown false six times in ten is bluffing about half the time
    when he raises again; hard's worlds say so, instead of taking the raise for the truth."""
    know = CasablancaKnowledge(rules())
    lie, true = _raised_claim(5), _raised_claim(3)
    weights = [know.world_weight(w, 2, w.view(2)) for w in (lie, true)]
    fit = 2 / 13  # the chance an unseen chip fits, before the claim
    believed = (1 - fit) * weights[0] / ((1 - fit) * weights[0] + fit * weights[1])
    assert 0.35 < believed < 0.75
    medium_like = _raised_claim(5)
    medium_like.stats[1].update(mover_raises=10, raise_shown_false=0)
    assert know.world_weight(medium_like, 2, medium_like.view(2)) < 0.3 * weights[0]


def test_the_challenge_being_fought_is_not_read_as_evidence_about_itself() -> None:
    """Seat 1, with no record, raises at its first challenge: until the chip is shown or
    somebody gives way that raise says nothing of how often he bluffs, so hard's model of him
    is that of a seat that made one landing claim and was never challenged (2026-11-28: read
    as a claim he stood by without admitting, it made hard take every first raise for a bluff
    one time in six, and call it all-in)."""
    state = arranged()
    move(state, 12, 3, 13)
    commit(state, {2: 100})
    state.apply(Raise(200))
    view = state.view(2)
    assert view["stats"][1]["challenged_landing"] == 1 and view["stats"][1]["mover_raises"] == 1
    raw = seat_model(view["stats"][1])
    unchallenged = seat_model({**view["stats"][1], "challenged_landing": 0, "mover_raises": 0})  # one landing claim
    know = CasablancaKnowledge(rules())
    know.read(view)
    assert know.models[1] == unchallenged
    assert know.world_weight(state, 2, view) == pytest.approx(unchallenged.raised_landing_weight)
    assert raw.admit < unchallenged.admit and unchallenged.raised_landing_weight < raw.raised_landing_weight
    # once settled (seat 2 gives way: the claim stood) it counts as the record says
    state.apply(Fold())
    after = state.view(2)
    assert settled(after)[1] == after["stats"][1]
    assert seat_model(after["stats"][1]).lie_weight < SeatModel().lie_weight


def test_hard_draws_whether_a_raised_claim_is_true_from_the_mover_s_model() -> None:
    """Seat 1, never seen to bluff, raises at seat 2's challenge. Hard's worlds are drawn with
    the claim true as often as the model believes it (weighed instead, the few true worlds
    among those drawn made the search believe the raise a bluff up to three times too often,
    2026-11-28), every world still agrees with seat 2's view, and the claim is then no part of
    a world's weight."""
    state = _raised_claim(5)
    state.stats[1].update(mover_raises=0, raise_shown_false=0)
    view = state.view(2)
    know = CasablancaKnowledge(rules())
    know.read(view)
    model = know.models[1]
    said = state.announced
    fits = [v for v in [state.chips[f] for f in state.occupied if view["known"][f] is None]
            + [state.aside[s] for s in (0, 1, 3)] if v == said]
    pool = sum(1 for f in state.occupied if view["known"][f] is None) + 3
    fit = len(fits) / pool
    believed = fit / (fit + (1 - fit) * model.raised_landing_weight)
    assert believed > 0.9
    assert abs(_drawn_true(state, know, seed=4) - believed) < 0.03


def _drawn_true(state: object, know: CasablancaKnowledge, seed: int, draws: int = 2000) -> float:
    """Of ``draws`` worlds seat 2 samples and hard redraws, the share in which the claim at
    stake is true; every one agrees with seat 2's view and holds the same chips, and the claim
    is no part of its weight."""
    view = state.view(2)
    rng = random.Random(seed)
    true = 0
    for _ in range(draws):
        world = state.sample_world(2, rng, quiet=True)
        know.redraw(world, 2, view, rng)
        assert world.view(2)["known"] == view["known"] and world.aside[2] == state.aside[2]
        assert sorted(world.chips + world.aside) == sorted(state.chips + state.aside)
        assert know.world_weight(world, 2, view) == 1.0
        true += world.chips[world.placed_at] == state.announced
    return true / draws


def test_hard_backs_a_claim_it_knows_is_true_with_a_raise_never_a_plain_match() -> None:
    state = arranged()
    move(state, 10, 3, 11)  # the 3: true
    commit(state, {2: 100})
    offered = CasablancaKnowledge(rules()).candidates(state.view(1), state.legal_actions(), random.Random(0))
    assert offered and all(type(a) is Raise for a in offered)


def test_a_mover_challenged_more_than_the_table_s_doubt_rates_say_expects_more_doubt() -> None:
    """Issue 29: people doubt a player by his record, so one who claims the target every turn
    is challenged more often than the seats' doubt rates, taken over every mover, say. The
    pressure on a mover starts at 1 (the models' own prediction) and follows how often his own
    landing claims were challenged; the rollouts and world weights doubt him by it."""
    stats = [dict(arranged().stats[0]) for _ in range(4)]
    models = [seat_model(s) for s in stats]
    assert pressure(stats, models) == pytest.approx([1.0] * 4)
    stats[0].update(landing=12, challenged_landing=10)  # challenged nearly every time
    stats[1].update(landing=12, challenged_landing=0)  # never
    found = pressure(stats, models)
    assert found[0] > 1.4 and found[1] < 0.6 and found[2:] == pytest.approx([1.0, 1.0])
    state = _bluff_challenged()
    know = CasablancaKnowledge(rules())
    view = state.view(2)
    view["stats"][1].update(landing=12, challenged_landing=10)
    know.read(view)
    assert know.pressure[1] > 1.2 and know.pressure[0] == pytest.approx(1.0)


def _known_pick(chip: int = 3) -> object:
    """Seat 1 had seen the chip on field 10 (he put it there; everybody saw him do it), picks
    it up, claims the landing 3 with it and puts it on field 11: seat 2 is to commit."""
    state = arranged()
    state.chips[10] = chip
    state.masks[10] |= 1 << 1
    move(state, 10, 3, 11)
    assert state.landing and state.phase == "commit" and state.to_move == 2
    return state


def test_all_see_whether_a_mover_picked_up_a_chip_he_had_seen_and_the_record_counts_it() -> None:
    """Everyone saw who put each chip down, so whether the mover knew the chip he picked up is
    public: in every seat's view, and counted with how such landing claims turned out."""
    true = _known_pick(3)
    assert all(true.view(s)["move"]["known_pick"] is True for s in range(4))
    assert true.stats[1]["known_landing"] == 1
    commit(true, {2: 100})
    turn_over(true)
    assert (true.stats[1]["known_truths"], true.stats[1]["known_lies"]) == (1, 0)
    lie = _known_pick(5)
    commit(lie, {2: 100})
    lie.apply(Admit())
    assert (lie.stats[1]["known_truths"], lie.stats[1]["known_lies"]) == (0, 1)
    fresh = arranged()
    move(fresh, 12, 3, 13)
    assert fresh.landing and fresh.view(2)["move"]["known_pick"] is False
    assert fresh.stats[1]["known_landing"] == 0


def test_a_claim_made_with_a_chip_the_mover_had_seen_is_believed_unless_he_lied_with_such_chips() -> None:
    """People pick the chip they know fits: hard draws such a claim true as often as the
    mover's record with them says (the count of unseen chips says nothing of it), does not
    offer the search a challenge against it, and medium lets it pass; a seat seen lying with
    chips it knew is doubted again."""
    state = _known_pick(3)
    view = state.view(2)
    know = CasablancaKnowledge(rules())
    know.read(view)
    believed = 1 - know.models[1].known_lie
    assert believed >= 0.9
    assert abs(_drawn_true(state, know, seed=5) - believed) < 0.02
    for seed in range(5):
        offered = know.candidates(view, state.legal_actions(), random.Random(seed))
        assert offered == [Pass()]
    assert decide(state) == Pass()
    liar = _known_pick(3)
    liar.stats[1].update(known_landing=6, known_lies=4, known_truths=1)
    know = CasablancaKnowledge(rules())
    offered = know.candidates(liar.view(2), liar.legal_actions(), random.Random(0))
    assert know.models[1].known_lie > 0.4
    assert any(type(a) is Challenge for a in offered)


def test_hard_weighs_a_challenge_against_a_known_chip_that_would_win_the_pot() -> None:
    """With his fourth card of the symbol at stake, even a claim made with a chip he had seen
    is the search's to weigh: a lie caught there saves the round."""
    state = arranged()
    state.cards[1][3] = 3
    state.chips[10] = 3
    state.masks[10] |= 1 << 1
    move(state, 10, 3, 11)
    offered = CasablancaKnowledge(rules()).candidates(state.view(2), state.legal_actions(), random.Random(0))
    assert any(type(a) is Challenge for a in offered)


def test_the_record_counts_answers_to_raises_over_half_the_mover_s_money_apart() -> None:
    small = _bluff_challenged()
    small.apply(Raise(200))  # $300 of seat 1's $1,300
    small.apply(Fold())
    big = _bluff_challenged()
    big.apply(Raise(1000))  # $1,100 of $1,300
    big.apply(Fold())
    assert [(s.stats[2]["raises_faced"], s.stats[2]["big_raises_faced"], s.stats[2]["big_raise_folds"])
            for s in (small, big)] == [(1, 0, 0), (1, 1, 1)]


def test_a_seat_that_folds_to_big_raises_and_calls_small_ones_is_read_by_size() -> None:
    """A reader folds to a raise of over half the raiser's money and calls a smaller one. Two
    answers of each kind part his two fold rates; hard then bluffs him just over half its money
    (never beyond FOLDER_SHARE, never all-in), and offers the search a true raise he would call
    (within half its money) beside the one to the limit, rolling out his answers by size."""
    stats = dict(arranged().stats[0])
    prior = SeatModel()
    assert prior.fold_small < prior.fold < prior.fold_big
    reader = {"raises_faced": 4, "raise_folds": 2, "big_raises_faced": 2, "big_raise_folds": 2}
    model = seat_model({**stats, **reader})
    assert model.fold_big >= 0.8 > 0.2 > model.fold_small
    state = _bluff_challenged()
    money = state.money[1]
    for seed in range(5):
        raises = _raises_offered_seeded(_bluff_challenged(), seed, **reader)
        assert len(raises) == 1 and 0.5 * money < 100 + raises[0].by <= FOLDER_SHARE * money
    true = arranged()
    move(true, 10, 3, 11)  # the 3: true
    commit(true, {2: 100})
    true.stats[2].update(reader)
    offered = CasablancaKnowledge(rules()).candidates(true.view(1), true.legal_actions(), random.Random(0))
    stakes = sorted(100 + a.by for a in offered)
    assert stakes[-1] == true.cap and 2 * stakes[0] <= true.money[1]
    folds = []
    for by in (1000, 200):  # $1,100 and $300 of seat 1's $1,300
        state = _bluff_challenged()
        state.stats[2].update(reader)
        state.apply(Raise(by))
        know = CasablancaKnowledge(rules())
        know.read(state.view(1))
        rng = random.Random(1)
        folds.append(sum(type(know.rollout(state, rng)) is Fold for _ in range(400)) / 400)
    assert folds[0] > 3 * folds[1]  # (both lower when he has seen a chip of the number said)


def test_hard_challenges_a_claim_made_with_a_known_chip_that_its_count_makes_impossible() -> None:
    """The playtest of 2026-11-28: a seat knew where both chips of the number claimed lay, the
    mover's chip was one he had seen, and hard let the lie pass (its candidates dropped
    medium's challenge). A claim the count makes impossible is challenged whatever the mover
    knew."""
    state = arranged()
    state.aside = [1, 2, 3, 4]  # seat 2 set a 3 aside ...
    state.masks[10] |= 1 << 2  # ... and saw the 3 on field 10: no other 3 is left
    state.masks[12] |= 1 << 1  # seat 1 had seen the 5 on field 12
    move(state, 12, 3, 13)
    assert state.landing and state.view(2)["move"]["known_pick"]
    offered = CasablancaKnowledge(rules()).candidates(state.view(2), state.legal_actions(), random.Random(0))
    assert any(type(a) is Challenge for a in offered)
    hard = SearchAgent(GAME.search_knowledge(state.rules), Budget(iterations=200))
    worlds = lambda rng: state.sample_world(2, rng, quiet=True)  # noqa: E731
    assert type(hard.choose(state.view(2), state.legal_actions(), random.Random(1), worlds)) is Challenge


def test_a_true_claim_raises_what_a_size_reader_calls_and_to_the_limit_against_a_caller() -> None:
    """A playtest (2026-11-28, two games against three hard): hard's bluffs were small raises
    and its true raises 90-100 % of its money, so folding to big raises and calling small ones
    was right 11 times in 11. Once a challenger has been seen doing just that, hard's true
    claim leads with a raise within half its money, which he calls (and which is worth more
    than a big raise he folds to); against a challenger seen calling big raises, or one not yet
    seen answering both sizes, it still leads with the raise to the limit; with no raise left,
    with medium's match."""
    def lead(**seen: int) -> object:
        state = arranged()
        move(state, 10, 3, 11)  # the 3: true
        commit(state, {2: 100})
        state.stats[2].update(seen)
        offered = CasablancaKnowledge(rules()).candidates(state.view(1), state.legal_actions(), random.Random(0))
        return state, offered

    reader = {"raises_faced": 4, "raise_folds": 2, "big_raises_faced": 2, "big_raise_folds": 2}
    state, offered = lead(**reader)
    top = max((a for a in state.legal_actions() if type(a) is Raise), key=lambda a: a.by)
    assert type(offered[0]) is Raise and 2 * (100 + offered[0].by) <= state.money[1] and top in offered
    hard = SearchAgent(GAME.search_knowledge(state.rules), Budget(iterations=200))
    worlds = lambda rng: state.sample_world(1, rng, quiet=True)  # noqa: E731
    assert hard.choose(state.view(1), state.legal_actions(), random.Random(1), worlds) == offered[0]
    caller = {"raises_faced": 4, "raise_folds": 0, "big_raises_faced": 2, "big_raise_folds": 0}
    unread = {"raises_faced": 2, "raise_folds": 2, "big_raises_faced": 2, "big_raise_folds": 2}
    for seen in (caller, unread, {}):
        assert lead(**seen)[1][0] == top
    # challenged with all the table allows, no raise is left: medium's match leads, never an admission
    cornered = arranged()
    move(cornered, 10, 3, 11)
    commit(cornered, {2: cornered.money[2]})
    legal = cornered.legal_actions()
    assert not any(type(a) is Raise for a in legal)
    for seen in (reader, {}):
        cornered.stats[2].update(seen)
        assert CasablancaKnowledge(rules()).candidates(cornered.view(1), legal, random.Random(0))[0] == Call()
