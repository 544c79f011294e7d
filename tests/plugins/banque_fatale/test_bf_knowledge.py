"""The searching player's Banque Fatale knowledge: bid candidates, rollouts, world weights."""

from __future__ import annotations

import random

from parlour.games.banque_fatale import GAME
from parlour.games.banque_fatale.medium import MediumAgent
from parlour.games.banque_fatale.actions import Bid
from parlour.games.banque_fatale.knowledge import BanqueFataleKnowledge, BidModel
from parlour.core.rulesets import load_ruleset
from parlour.testing.knowledge import rollout_game

RULES = load_ruleset(GAME).resolve()


def test_rollout_plays_legal_moves_to_the_end_with_a_few_jetons_a_bid() -> None:
    know = BanqueFataleKnowledge(RULES)
    for seed in range(3):
        bids = [action for _, action in rollout_game(GAME, RULES, know, seed, evaluate_every=15)
                if type(action) is Bid]
        assert bids and all(bid.total <= 4 for bid in bids)


def _bidding(seed: int):
    state = GAME.new_game(4, RULES, seed)
    while state.phase != "bid":
        state.apply(state.legal_actions()[0])
    return state


def test_bid_candidates_contain_mediums_choice_and_nothing() -> None:
    know = BanqueFataleKnowledge(RULES)
    for seed in range(4):
        state = _bidding(seed)
        seat = state.to_move
        view, legal = state.view(seat), state.legal_actions()
        offered = know.candidates(view, legal, random.Random(seed))
        medium = MediumAgent(RULES).choose(view, legal, random.Random(random.Random(seed).random()))
        assert offered[0] == medium
        assert Bid((0,) * 5, state.cfg.letters) in offered
        assert 3 <= len(offered) <= 12 and all(a in legal for a in offered)


def _sealed_totals(know: BanqueFataleKnowledge, state, sealed: int, draws: int = 200) -> list[int]:
    """The totals of seat ``sealed``'s sealed bid in ``draws`` worlds sampled for the seat to
    move and redrawn by ``know``."""
    seat = state.to_move
    view = state.view(seat)
    out = []
    for i in range(draws):
        rng = random.Random(i)
        world = state.sample_world(seat, rng, quiet=True)
        know.redraw(world, seat, view, rng)
        out.append(sum(world.bids[sealed]))
    return out


def test_redraw_draws_a_few_jetons_for_a_seat_not_yet_seen() -> None:
    """``sample_world`` draws a sealed bid uniformly (half one's jetons on average); a seat
    not yet seen is expected to bid a few: about two for a card in its colours, fewer for
    another, hardly ever nothing (a prior of a jeton a bid made ``hard`` bid early into
    auctions it expected to win cheaply, and lose them to ``medium``)."""
    kinds = set()
    for seed in range(4):
        state = _bidding(seed)
        first = state.to_move
        state.apply(Bid((0,) * 5, state.cfg.letters))
        seat = state.to_move
        uniform = [sum(state.sample_world(seat, random.Random(i), quiet=True).bids[first]) for i in range(200)]
        redrawn = _sealed_totals(BanqueFataleKnowledge(RULES), state, first)
        keen = any(set(state.auction) & set(code) for code in state.cards[first])
        kinds.add(keen)
        mean = sum(redrawn) / len(redrawn)
        assert sum(uniform) / 200 > 3.5
        assert (2.0 if keen else 1.3) < mean < 3.0 and max(redrawn) <= 4
        assert redrawn.count(0) < 0.45 * len(redrawn)
    assert kinds == {True, False}


def _second_auction(high: int, seed: int = 2):
    """A table in the second round's bidding whose first auction saw seat ``high`` bid six
    jetons and everyone else nothing."""
    return _played(seed, 2, lambda state, seat, auction: 6 if seat == high else 0)


def _played(seed: int, rounds: int, size, players: int = 4):
    """A table in the bidding of round ``rounds``, each earlier bid of ``size(state, seat,
    card)`` jetons (as many as the seat holds, its first colours first)."""
    state = GAME.new_game(players, RULES, seed)
    while state.round < rounds or state.phase != "bid":
        if state.phase == "bid":
            seat = state.to_move
            held = state.jetons[seat]
            counts, left = [0] * 5, size(state, seat, state.auction)
            for c in range(5):
                counts[c] = min(held[c], left)
                left -= counts[c]
            state.apply(Bid(tuple(counts), state.cfg.letters))
        else:
            state.apply(state.legal_actions()[0])
    return state


def test_redraw_expects_a_high_bidder_to_bid_high_again() -> None:
    """The small-bid model is a prior: the revealed bids move each seat's model."""
    checked = 0
    for high in range(4):
        state = _second_auction(high)
        if state.to_move == high:
            state.apply(Bid((0,) * 5, state.cfg.letters))
        if state.bids[high] is None or state.to_move is None:
            continue
        view = state.view(state.to_move)
        assert view["history"][0]["totals"][high] == 6
        totals = _sealed_totals(BanqueFataleKnowledge(RULES), state, high)
        assert sum(totals) / len(totals) > 2.5
        checked += 1
    assert checked >= 1


def _keen(state, seat: int, card: str) -> bool:
    return any(set(card) & set(code) for code in state.cards[seat])


def test_the_model_learns_who_bids_only_for_cards_in_his_colours() -> None:
    """A seat seen bidding nothing for cards outside its colours and two jetons for cards in
    them is modelled so, apart: nothing for the one kind, about two for the other."""
    state = _played(5, 9, lambda state, seat, card: 2 if _keen(state, seat, card) else 0)
    view = state.view(0)
    history = view["history"]
    for seat in range(1, 4):
        kinds = {bool(a["keen"][seat]) for a in history}
        if kinds != {True, False}:
            continue
        model = BidModel.learn(seat, history)
        assert model.zero[False] > 0.6 > 0.3 > model.zero[True]
        assert 1.5 < model.size[True] < 2.9
        assert model.mean(False) < 0.6 < 1.4 < model.mean(True)
        return
    raise AssertionError("no seat saw both kinds of card")


def test_recent_auctions_count_more() -> None:
    """A player who bid high early and little since is expected to bid little."""
    early = _played(3, 9, lambda state, seat, card: 6 if state.round <= 4 else 1)
    late = _played(3, 9, lambda state, seat, card: 1 if state.round <= 4 else 6)
    before = BidModel.learn(1, early.view(0)["history"])
    after = BidModel.learn(1, late.view(0)["history"])
    assert before.mean(True) + before.mean(False) + 1.5 < after.mean(True) + after.mean(False)


def test_habits_count_the_revealed_bids_and_recall_starts_the_model_from_them() -> None:
    state = _played(5, 4, lambda state, seat, card: 3 if seat == 2 else 0)
    habits = state.habits()
    history = state.view(1)["history"]
    assert len(history) == 3
    for seat in range(4):
        assert habits[seat].get("keen_bids", 0) + habits[seat].get("cool_bids", 0) == 3
    assert habits[2].get("keen_jetons", 0) + habits[2].get("cool_jetons", 0) == 9
    assert habits[1].get("keen_zeros", 0) + habits[1].get("cool_zeros", 0) == 3
    know = BanqueFataleKnowledge(RULES)
    fresh = _bidding(0)
    view = fresh.view(fresh.to_move)
    know.read(view)
    unseen = know.models[2]
    know.recall([None, habits[1], habits[2], None])
    know.read(view)
    bidder, quiet = know.models[2], know.models[1]
    assert bidder.mean(True) + bidder.mean(False) > unseen.mean(True) + unseen.mean(False) + 0.5
    assert quiet.mean(True) <= unseen.mean(True) and quiet.mean(False) < unseen.mean(False) - 0.3
    assert know.models[3] == unseen


def test_rollout_bids_high_for_a_seat_that_bid_high() -> None:
    know = BanqueFataleKnowledge(RULES)
    state = _played(2, 3, lambda state, seat, card: 4 if seat == 1 else 0)
    know.read(state.view(0 if state.to_move != 0 else 2))
    totals = [know._bid(state, 1, random.Random(i)).total for i in range(200)]
    others = [know._bid(state, 3, random.Random(i)).total for i in range(200)]
    assert sum(totals) / 200 > 2.0 and sum(others) / 200 < 1.5


def test_rollout_picks_the_card_worth_most_to_the_picker() -> None:
    know = BanqueFataleKnowledge(RULES)
    state = GAME.new_game(4, RULES, 4)
    assert state.phase == "pick"
    seat = state.to_move
    letters = state.cfg.letters
    for best in dict.fromkeys(state.display):
        state.chart = [9 if letter in best else 4 for letter in letters]
        assert all(set(code) - set(best) for code in state.display if code != best)
        assert not set(best) & set(state.cards[seat][0])
        picks = [know.rollout(state, random.Random(i)).card for i in range(50)]
        assert picks.count(best) == 50
        # a card in the picker's own colour, at the same chart value, comes first
        mine = state.cards[seat][0]
        state.chart = [6] * len(letters)
        own = [code for code in dict.fromkeys(state.display) if mine in code]
        if len(own) == 1 and len(own[0]) >= max(len(c) for c in state.display):
            assert all(know.rollout(state, random.Random(i)).card == own[0] for i in range(20))


def test_bid_candidates_include_a_bid_that_beats_a_known_high_bidder() -> None:
    """A table whose every seat bid six jetons in each auction so far: the candidates include
    a bid sized to beat such bidders."""
    for seed in range(4):
        state = _played(seed, 4, lambda state, seat, card: 6)
        seat = state.to_move
        know = BanqueFataleKnowledge(RULES)
        offered = know.candidates(state.view(seat), state.legal_actions(), random.Random(seed))
        assert any(a.total >= 6 for a in offered)


def test_the_other_seats_play_their_models_in_the_tree() -> None:
    assert BanqueFataleKnowledge.model_others


def test_hard_does_not_search_the_last_rounds_pool_picks() -> None:
    """In the last round no pool pick changes a score (the board says so to a person): hard
    takes medium's pick at once, without sampling a single world, where a playtest waited
    about 15 s for the computers' picks; before the last round it still searches them."""
    from parlour.core.agents import Budget
    from parlour.core.search import SearchAgent

    def no_worlds(rng):  # noqa: ANN001, ANN202
        raise AssertionError("searched a pick that changes nothing")

    know = BanqueFataleKnowledge(RULES)
    hard = SearchAgent(GAME.search_knowledge(RULES), Budget(iterations=200))
    state = GAME.new_game(4, RULES, 3)
    play = random.Random(3)
    seen_last = seen_earlier = 0
    while not state.is_over:
        view, legal = state.view(state.to_move), state.legal_actions()
        if view["phase"] == "draft" and len(legal) > 1:
            offered = know.candidates(view, legal, random.Random(0))
            if not view["display"] and not view["pile"]:
                seen_last += 1
                assert len(offered) == 1 and offered[0] in legal
                assert hard.choose(view, legal, random.Random(0), no_worlds) == offered[0]
            else:
                seen_earlier += 1
                assert len(offered) == len(legal)
        state.apply(play.choice(legal))
    assert seen_last and seen_earlier


def _recent_top_plus_one(state, seat: int, card: str) -> int:
    """One more than the most another seat bid in the last two auctions (two at first)."""
    rows = [totals for _card, totals, _held, _keen in state.history[-2:]]
    return 1 + max((t for row in rows for s, t in enumerate(row) if s != seat), default=1)


def test_the_model_learns_who_follows_the_recent_top_bid_and_sizes_bids_to_beat_him() -> None:
    """A playtester beat three ``hard`` by bidding one more than the most anyone bid lately:
    his bids climb with the table's, and a per-seat mean stays a jeton or more short. Seats
    seen doing that are modelled as following the recent top (a seat bidding a steady three
    is not), and the sizes ``hard`` offers to beat them reach past the top they follow."""
    for seed in (4, 5, 6):
        state = _played(seed, 5, lambda state, seat, card: 3 if seat == 2 else
                        2 if seat == 0 else _recent_top_plus_one(state, seat, card))
        seat = state.to_move
        view = state.view(seat)
        history = view["history"]
        assert [row["totals"][1] for row in history] == [2, 4, 5, 6]
        for s in (1, 3):
            follower = BidModel.learn(s, history)
            assert follower.follow > 0.5 and 0.5 < follower.lead < 1.5 and follower.scatter < 1.0
        assert BidModel.learn(2, history).follow < 0.1 and BidModel.learn(0, history).follow < 0.1
        know = BanqueFataleKnowledge(RULES)
        know.read(view)
        coming = [min(_recent_top_plus_one(state, s, state.auction), sum(state.jetons[s])) for s in (1, 3) if s != seat]
        assert max(know.winning_totals(view, random.Random(seed))) >= max(coming) > 4


def test_a_player_who_followed_the_top_last_game_is_expected_to_from_the_first_auction() -> None:
    """The habits a computer remembers a person by count the bids that show following
    (``follow_*``); recalled in the next game, they make the model follow before this game
    has shown anything. A record edited by hand into counts that do not add up is no crash."""
    played = _played(4, 5, lambda state, seat, card: 3 if seat == 2 else
                     2 if seat == 0 else _recent_top_plus_one(state, seat, card))
    habits = played.habits()
    assert habits[1]["follow_bids"] == 3 and habits[1]["follow_above"] == 3 and habits[1].get("follow_below", 0) == 0
    assert habits[2]["follow_bids"] == 3 and habits[2]["follow_below"] > 0
    fresh = _played(7, 2, lambda state, seat, card: 2)
    view = fresh.view(fresh.to_move)
    know = BanqueFataleKnowledge(RULES)
    know.read(view)
    assert know.models[1].follow == 0.0
    know.recall([None, habits[1], habits[2], None])
    know.read(view)
    assert know.models[1].follow > 0.4 > 0.1 > know.models[2].follow
    assert 0.5 < know.models[1].lead < 1.5
    odd = {"follow_bids": 1e6, "follow_above": 0.0, "follow_below": 0.0, "follow_square": 0.0, "follow_spread": 1e6}
    model = BidModel.learn(1, view["history"], odd)
    assert 0.0 <= model.follow <= 1.0 and model.scatter > 0


def test_a_jeton_is_worth_more_than_its_end_value_while_auctions_remain() -> None:
    """Three ``hard`` that valued a jeton at its end value (a million) outbid one another in
    the first auctions, and a player who bid nothing early took back a share of every pool
    they fed and won 35.5 % of 100 games against them. The searcher's steering now values a
    jeton as ``medium`` does, at its end value plus what it may still buy: three millions
    more at the start, nothing in the last round, a pool's jetons shared among the seats.
    The win chance the analysis shows keeps reading jetons at their end value (its
    calibration map was fitted on that estimate)."""
    know = BanqueFataleKnowledge(RULES)
    state = _bidding(0)
    state.cash = [0] * 4
    state.jetons = [[2, 2, 2, 2, 2], [0] * 5, [2, 2, 2, 2, 2], [2, 2, 2, 2, 2]]
    state.cash[1] = 10  # seat 1 sold its ten jetons' end value for cash
    state.cards = [list(state.cards[0])] * 4  # the same cards everywhere
    early = know.evaluate(state)
    assert early[0] > early[1] + 0.05
    left = state.rounds - state.round
    assert abs(know.worth(state, 0) - know.worth(state, 1) - 10 * 3.0 * left / state.rounds) < 1e-9
    # the analysis's estimate: the two seats stand alike
    assert abs(know.win_chance(state, 0) - know.win_chance(state, 1)) < 1e-12
    # a pool's jetons count alike for every seat
    pooled = state.clone()
    pooled.pool = [4, 0, 0, 0, 0]
    gains = [know.worth(pooled, s) - know.worth(state, s) for s in range(4)]
    assert min(gains) > 0 and max(gains) - min(gains) < 1e-9
    # in the last round a jeton is worth its end value and no more
    state.round = state.rounds
    late = know.evaluate(state)
    assert abs(late[0] - late[1]) < 1e-12
    assert abs(know.worth(state, 0) - know.worth(state, 1)) < 1e-9
