"""Banque Fatale: one or more tests per rule of RULES.md (BF-*), with the books' examples."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations

import pytest

from bf_helpers import LETTERS, arrange, auction, counts, deal, play_random, rules
from parlour.games.banque_fatale import GAME
from parlour.games.banque_fatale.actions import Bid, Keep, Pick, Sell, Take
from parlour.games.banque_fatale.state import BID, DRAFT, OVER, PICK, SALE
from parlour.core.game import IllegalAction


def total_jetons(state) -> list[int]:
    """Per colour, the jetons held by everyone plus those in the pool."""
    return [sum(j[c] for j in state.jetons) + state.pool[c] for c in range(5)]


def play_to_draft_end(state) -> None:
    """Draft greedily (first legal colour) until the sale or the next round."""
    while state.phase == DRAFT:
        state.apply(state.legal_actions()[0])


# ------------------------------------------------------------------------------------------
# Components


def test_bf_c1_five_colours_with_letters() -> None:
    view = deal().view(0)
    assert view["letters"] == "RYGBO"
    assert view["names"] == ["red", "yellow", "green", "blue", "orange"]
    assert len(view["chart"]) == 5


@pytest.mark.parametrize("players", [3, 4])
def test_bf_c2_two_jetons_of_each_colour_each(players: int) -> None:
    state = deal(players)
    assert state.jetons == [[2] * 5 for _ in range(players)]
    in_play = sum(total_jetons(state))
    assert in_play == 10 * players
    assert 40 - in_play == (10 if players == 3 else 0), "with 3 players 10 jetons stay in the box"


def test_bf_c3_deck_of_sixteen_cartes_fatales() -> None:
    state = deal(seed=5)
    everything = [c for cards in state.cards for c in cards] + state.display + state.pile
    assert len(everything) == 16
    singles = sorted(c for c in everything if len(c) == 1)
    pairs = sorted(c for c in everything if len(c) == 2 and c[0] != c[1])
    assert singles == sorted(LETTERS)
    assert pairs == sorted(a + b for a, b in combinations(LETTERS, 2))
    assert "RR" in everything
    aces = Counter("".join(everything))
    assert aces == {"R": 7, "Y": 5, "G": 5, "B": 5, "O": 5}


def test_bf_c4_chart_starts_at_six_and_stays_between_two_and_twelve() -> None:
    for seed in range(20):
        state = deal(seed=seed)
        assert state.chart == [6] * 5
        rng = random.Random(seed)
        while not state.is_over:
            assert all(2 <= v <= 12 for v in state.chart)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        assert all(2 <= v <= 12 for v in state.chart)


def test_bf_c5_bank_never_runs_out() -> None:
    # the 52 money cards hold 234 million; the bank still pays a player who has more
    state = arrange(deal(), start=0, chart={"R": 10}, cards=[["RR"], ["Y"], ["G"], ["B"]],
                    cash=[500, 0, 0, 0], display=["RG", "YB", "GO"])
    auction(state, "RG", {0: "RR", 1: "R"})
    assert state.cash[0] == 500 + 3 * 6


# ------------------------------------------------------------------------------------------
# Set-up


def test_bf_s1_each_player_starts_with_a_single_colour_card() -> None:
    deals = set()
    for seed in range(30):
        state = deal(seed=seed)
        firsts = [cards[0] for cards in state.cards]
        assert all(len(cards) == 1 and len(cards[0]) == 1 for cards in state.cards)
        assert len(set(firsts)) == 4
        spare = set(LETTERS) - set(firsts)
        assert spare <= set(state.display + state.pile), "unused single cards go back into the deck"
        deals.add(tuple(firsts))
    assert len(deals) > 5, "the single cards are dealt at random"


def test_bf_s2_three_face_up_and_a_face_down_pile() -> None:
    state = deal(seed=3)
    assert len(state.display) == 3
    assert len(state.pile) == 16 - 4 - 3
    view = state.view(0)
    assert view["display"] == state.display
    assert view["pile"] == 9
    # which cards are still to come is public (every other card is in sight or was sold in
    # sight), and the view says so for the hints; their order is not
    assert view["to_come"] == sorted(state.pile)
    shown = json.dumps({key: value for key, value in view.items() if key != "to_come"})
    assert not any(f'"{code}"' in shown for code in state.pile if len(code) == 2), "the pile stays face down"
    reshuffled = state.clone()
    reshuffled.pile.reverse()
    assert reshuffled.view(0) == view, "the view does not carry the pile's order"
    orders = {tuple(deal(seed=s).pile) for s in range(10)}
    assert len(orders) > 1, "the deck is shuffled"


def test_bf_s3_start_player_random_or_first_then_clockwise() -> None:
    starts = {deal(seed=s).start for s in range(40)}
    assert starts == {0, 1, 2, 3}
    state = deal(seed=7, start_player="first")
    assert state.start == 0 and state.to_move == 0
    seen = {state.round: state.start}
    rng = random.Random(1)
    while not state.is_over:
        seen.setdefault(state.round, state.start)
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert [seen[r] for r in sorted(seen)] == [r % 4 for r in range(12)]


# ------------------------------------------------------------------------------------------
# A round


def test_bf_r1_start_player_picks_and_display_refills() -> None:
    state = arrange(deal(), start=2, display=["RG", "YB", "GO"], pile=["BO", "RY"])
    assert state.to_move == 2
    assert sorted(a.text for a in state.legal_actions()) == ["pick GO", "pick RG", "pick YB"]
    with pytest.raises(IllegalAction, match="not on display"):
        state.apply(Pick("BO"))
    state.apply(Pick("YB"))
    assert state.auction == "YB"
    assert state.display == ["RG", "GO", "RY"], "refilled from the top of the pile"
    assert state.pile == ["BO"]
    assert state.phase == BID and state.to_move == 2


def test_bf_r1_no_refill_once_the_pile_is_empty() -> None:
    state = arrange(deal(), start=0, display=["RG", "YB", "GO"], pile=[])
    state.apply(Pick("RG"))
    assert state.display == ["YB", "GO"]


def test_bf_r2_sealed_bids_most_jetons_win_whatever_the_colours() -> None:
    state = arrange(deal(), start=0, display=["RG", "YB", "GO"])
    state.apply(Pick("RG"))
    with pytest.raises(IllegalAction, match="you hold only 2 red jetons"):
        state.apply(Bid(counts("RRR"), LETTERS))
    assert state.to_move == 0 and state.bids == [None] * 4
    # a bid of nothing is allowed, and any mix of colours
    order = {0: "RR", 1: "YGB", 2: "", 3: "OO"}
    while state.phase == BID:
        seat = state.to_move
        state.apply(Bid(counts(order[seat]), LETTERS))
    assert state.winner == 1, "three jetons of three colours beat two of one colour"
    assert state.cards[1][-1] == "RG"


def test_bf_r2_every_bid_within_holdings_is_legal() -> None:
    state = arrange(deal(), start=0, jetons=["RRRGGB", "", "Y", "RYGBO"], display=["RG", "YB", "GO"])
    state.apply(Pick("RG"))
    legal = state.legal_actions()
    assert len(legal) == 4 * 3 * 2, "0-3 red, 0-2 green, 0-1 blue"
    assert len({b.text for b in legal}) == len(legal)
    assert all(state.is_legal(b) for b in legal)
    assert Bid(counts("RRRGGB"), LETTERS) in legal
    assert Bid(counts("Y"), LETTERS) not in legal


@pytest.mark.parametrize("bad", [(1.5, 0, 0, 0, 0), ("1", 0, 0, 0, 0), (True, 0, 0, 0, 0), (-1, 0, 0, 0, 0),
                                 (1.0, 0, 0, 0, 0), "RR", None])
def test_bf_r2_a_bid_counts_whole_jetons(bad) -> None:
    """A bid that is not a whole, non-negative number of jetons per colour is refused with a
    reason, by apply, why_illegal and the legal-action set alike, and nothing changes."""
    state = arrange(deal(), start=0, display=["RG", "YB", "GO"])
    state.apply(Pick("RG"))
    bid = Bid(bad, LETTERS)
    before = (state.to_move, list(state.bids), [list(j) for j in state.jetons], len(state.events))
    with pytest.raises(IllegalAction, match="whole|negative|one count per colour"):
        state.apply(bid)
    assert (state.to_move, list(state.bids), [list(j) for j in state.jetons], len(state.events)) == before
    assert state.why_illegal(bid) is not None and not state.is_legal(bid)
    assert bid not in state.legal_actions()


def test_bf_r2_a_seat_without_jetons_bids_nothing_at_once() -> None:
    state = arrange(deal(), start=0, jetons=["RR", "", "Y", "O"], display=["RG", "YB", "GO"])
    state.apply(Pick("RG"))
    state.apply(Bid(counts("R"), LETTERS))
    assert state.to_move == 2, "seat 1 holds nothing and has bid nothing"
    assert state.bids[1] == (0, 0, 0, 0, 0)


def test_bf_r3_tie_goes_to_the_start_player() -> None:
    state = arrange(deal(), start=2, display=["RG", "YB", "GO"])
    auction(state, "RG", {0: "RRY", 1: "BBO", 2: "GGY", 3: "O"})
    assert state.winner == 2


def test_bf_r3_tie_without_start_player_goes_nearest_clockwise() -> None:
    state = arrange(deal(), start=2, display=["RG", "YB", "GO"])
    auction(state, "RG", {0: "RRY", 1: "BBO", 2: "G", 3: "O"})
    assert state.winner == 0, "after seat 2 come seats 3, 0, 1: seat 0 is the nearest tied one"
    state = arrange(deal(), start=2, display=["RG", "YB", "GO"])
    auction(state, "RG", {0: "RRY", 1: "BBO", 2: "G", 3: "OOY"})
    assert state.winner == 3


def test_bf_r3_nobody_bids_start_player_wins() -> None:
    state = arrange(deal(), start=1, display=["RG", "YB", "GO"])
    auction(state, "YB", {})
    assert state.winner == 1
    assert "YB" in state.cards[1]


def test_bf_r4_every_bid_jeton_goes_to_the_pool() -> None:
    state = arrange(deal(), start=0, display=["RG", "YB", "GO"])
    auction(state, "RG", {0: "RRY", 1: "B", 2: "GO", 3: "OO"})
    assert state.winner == 0
    assert state.pool == list(counts("RRYBGOOO"))
    assert state.jetons[0] == [0, 1, 2, 2, 2], "the winner's jetons go to the pool too"
    assert state.jetons[3] == [2, 2, 2, 2, 0]


def test_bf_r4_jetons_are_conserved() -> None:
    for players in (3, 4):
        for seed in range(10):
            state = deal(players, seed)
            rng = random.Random(seed)
            while not state.is_over:
                assert total_jetons(state) == [2 * players] * 5
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
            assert total_jetons(state) == [2 * players] * 5


def chart_after(pool: str, chart: dict[str, int] | None = None, *variants: str, **settings):
    state = deal(4, 1, variants, **settings)
    arrange(state, start=0, display=["RG", "YB", "GO"], cards=[["R"], ["Y"], ["G"], ["B"]],
            jetons=["RRRRYY", "YYGGGG", "BBBBOO", "OOOO"], chart=chart or {})
    bids = {0: "", 1: "", 2: "", 3: ""}
    # give each seat the part of the pool it holds
    rest = list(pool)
    for seat, held in enumerate(["RRRRYY", "YYGGGG", "BBBBOO", "OOOO"]):
        mine = ""
        for letter in list(rest):
            if letter in held and held.count(letter) > mine.count(letter):
                mine += letter
                rest.remove(letter)
        bids[seat] = mine
    assert not rest, "the test pool must be coverable"
    auction(state, "RG", bids)
    return dict(zip(LETTERS, state.chart)), state


def test_bf_r5_most_bid_colour_rises_by_two() -> None:
    chart, _ = chart_after("RRRYYGGBBOO")
    assert chart == {"R": 8, "Y": 6, "G": 6, "B": 6, "O": 6}


def test_bf_r5_tied_top_colours_all_rise() -> None:
    chart, _ = chart_after("RRRGGGBBOO")
    assert chart["R"] == 8 and chart["G"] == 8
    assert chart["Y"] == 2, "no yellow jeton: yellow falls to 2"
    assert chart["B"] == 6 and chart["O"] == 6


def test_bf_r5_single_jeton_falls_by_one() -> None:
    chart, _ = chart_after("RRRYGGBBOO")
    assert chart["Y"] == 5


def test_bf_r5_zero_jetons_fall_to_two() -> None:
    chart, _ = chart_after("RRRYYBBOO", {"G": 9})
    assert chart["G"] == 2


def test_bf_r5_zero_jetons_fall_by_two_under_translation_rules() -> None:
    chart, _ = chart_after("RRRYYBBOO", {"G": 9}, "translation-rules")
    assert chart["G"] == 7
    chart, _ = chart_after("RRRYYBBOO", {"G": 3}, "translation-rules")
    assert chart["G"] == 2, "never below 2"


def test_bf_r5_a_top_count_of_one_does_not_rise() -> None:
    chart, _ = chart_after("RYGBO")
    assert chart == {c: 5 for c in LETTERS}


def test_bf_r5_never_below_two() -> None:
    chart, _ = chart_after("RRYY", {"G": 2, "B": 2, "O": 3})
    assert chart["G"] == 2 and chart["B"] == 2 and chart["O"] == 2
    chart, _ = chart_after("RRYYGBB", {"G": 2})
    assert chart["G"] == 2


def test_bf_r6_red_at_eleven_pays_fifteen_for_three_red_aces() -> None:
    """The book's example: the double-red card and a card with one red ace, red at 11."""
    state = arrange(deal(), start=0, chart={"R": 9}, display=["YB", "GO", "BO"],
                    cards=[["RR", "RG"], ["Y"], ["G"], ["B"]])
    auction(state, "YB", {0: "RR", 1: "R"})
    assert state.cash == [15, 0, 0, 0]
    assert state.chart[0] == 6, "red goes back to 6 after the payout"
    assert state.last[8] == [(0, "R", 3, 15)]


def test_bf_r6_twelve_pays_six_per_ace_to_every_holder() -> None:
    state = arrange(deal(), start=0, chart={"G": 10}, display=["YB", "RO", "BO"],
                    cards=[["G"], ["RG"], ["YG", "GO"], ["B"]])
    auction(state, "YB", {1: "GG", 2: "G"})
    assert state.cash == [6, 6, 12, 0]
    assert state.chart[2] == 6


def test_bf_r6_ten_does_not_pay() -> None:
    state = arrange(deal(), start=0, chart={"G": 8}, display=["YB", "RO", "BO"],
                    cards=[["G"], ["R"], ["Y"], ["B"]])
    auction(state, "YB", {1: "GG"})
    assert state.cash == [0, 0, 0, 0]
    assert state.chart[2] == 10


def test_bf_r7_pool_drafted_from_left_of_winner() -> None:
    state = arrange(deal(), start=0, display=["RG", "YB", "GO"])
    auction(state, "RG", {0: "R", 1: "YY", 2: "GGB", 3: "B"})
    assert state.winner == 2
    assert state.phase == DRAFT
    assert state.to_move == 3, "the player left of the winner takes first"
    takers = []
    while state.phase == DRAFT:
        takers.append(state.to_move)
        legal = state.legal_actions()
        state.apply(legal[-1])
    assert takers[:3] == [3, 0, 1]
    assert sum(state.pool) == 0


def test_bf_r7_take_only_what_the_pool_holds() -> None:
    state = arrange(deal(), start=0, display=["RG", "YB", "GO"])
    auction(state, "RG", {0: "R", 1: "YY"})
    assert sorted(a.text for a in state.legal_actions()) == ["take R", "take Y"]
    with pytest.raises(IllegalAction, match="no orange jeton"):
        state.apply(Take("O"))
    before = [list(j) for j in state.jetons]
    state.apply(Take("R"))
    assert state.jetons[2][0] == before[2][0] + 1, "seat 2, left of winner 1, took the red"
    # only yellow is left: it goes round by itself, starting with seat 3
    assert state.phase != DRAFT
    assert state.jetons[3][1] == before[3][1] + 1
    assert state.jetons[0][1] == before[0][1] + 1


def test_bf_r8_sale_at_chart_value_red_green_at_7_and_9_is_16() -> None:
    state = arrange(deal(), start=0, chart={"R": 7, "G": 9}, display=["YB", "BO", "YO"],
                    cards=[["RG"], ["Y"], ["G"], ["B"]])
    # red, green and yellow 2 each, blue and orange 3: only blue and orange move
    auction(state, "YB", {0: "RRGG", 1: "YYB", 2: "BBO", 3: "OO"})
    assert state.winner == 0
    assert state.chart == [7, 6, 9, 8, 8]
    play_to_draft_end(state)
    assert state.phase == SALE and state.to_move == 0
    assert {a.text for a in state.legal_actions()} == {"sell RG", "keep"}, "YB was just won"
    state.apply(Sell("RG"))
    assert state.cash[0] == 16
    assert "RG" not in state.cards[0]
    assert state.phase == PICK and state.start == 1


def test_bf_r8_card_just_won_cannot_be_sold() -> None:
    state = arrange(deal(), start=0, display=["YB", "BO", "YO"], cards=[["R"], ["Y"], ["G"], ["B"]])
    auction(state, "YB", {0: "RRYY", 1: "G"})
    play_to_draft_end(state)
    assert state.phase == SALE
    with pytest.raises(IllegalAction, match="won this round"):
        state.apply(Sell("YB"))
    assert [a.text for a in state.legal_actions()] == ["sell R", "keep"]
    state.apply(Keep())
    assert state.cards[0] == ["R", "YB"]


def test_bf_r8_only_the_start_player_sells_and_only_once() -> None:
    state = arrange(deal(), start=0, display=["YB", "BO", "YO"],
                    cards=[["R", "G", "O"], ["Y"], ["G"], ["B"]])
    auction(state, "YB", {1: "GG"})
    play_to_draft_end(state)
    assert state.phase == SALE and state.to_move == 0
    state.apply(Sell("R"))
    assert state.phase == PICK and state.start == 1, "one sale ends the round"
    assert state.cards[0] == ["G", "O"]


def test_bf_r8_nothing_to_sell_skips_the_sale() -> None:
    state = arrange(deal(), start=0, display=["YB", "BO", "YO"], cards=[[], ["Y"], ["G"], ["B"]])
    auction(state, "YB", {0: "R"})
    play_to_draft_end(state)
    assert state.phase == PICK and state.start == 1


def test_bf_r8_translation_rules_forbid_a_card_whose_colour_rose() -> None:
    state = arrange(deal(variants=["translation-rules"]), start=0, display=["YB", "BO", "YO"],
                    cards=[["R", "G"], ["Y"], ["G"], ["B"]])
    auction(state, "YB", {0: "RRYB", 1: "GO"})
    assert state.winner == 0
    play_to_draft_end(state)
    assert state.phase == SALE
    texts = {a.text for a in state.legal_actions()}
    assert texts == {"sell G", "sell YB", "keep"}, "red rose; the card just won may be sold"
    with pytest.raises(IllegalAction, match="rose this round"):
        state.apply(Sell("R"))


def test_bf_r9_start_player_passes_clockwise() -> None:
    state = arrange(deal(), start=3, display=["YB", "BO", "YO"], cards=[[], [], [], []])
    for expected in (3, 0, 1, 2, 3):
        assert state.start == expected and state.to_move == expected and state.phase == PICK
        auction(state, state.display[0], {})
        play_to_draft_end(state)


# ------------------------------------------------------------------------------------------
# End and scoring


@pytest.mark.parametrize(("players", "rounds"), [(3, 13), (4, 12)])
def test_bf_e1_three_players_thirteen_rounds_four_players_twelve(players: int, rounds: int) -> None:
    for seed in range(5):
        state = deal(players, seed)
        assert state.rounds == rounds
        play_random(state, seed)
        auctions = sum(1 for e in state.events if e.kind == "pick")
        assert auctions == rounds and state.round == rounds
        assert not state.display and not state.pile
        assert state.phase == OVER and state.to_move is None


def test_bf_e1_the_last_round_is_played_out_with_its_sale() -> None:
    state = arrange(deal(), start=0, display=["YB"], pile=[], cards=[["R"], ["Y"], ["G"], ["B"]])
    auction(state, "YB", {})
    play_to_draft_end(state)
    assert state.phase == SALE and not state.is_over
    state.apply(Sell("R"))
    assert state.is_over
    assert state.cash[0] == state.chart[0]


def test_bf_e1_the_only_card_left_is_auctioned_without_a_pick() -> None:
    state = deal(seed=2)
    arrange(state, start=0, display=["YB", "BO"], pile=[], cards=[[], [], [], []])
    auction(state, "YB", {})
    play_to_draft_end(state)
    assert state.phase == BID and state.auction == "BO"


def test_bf_e2_score_adds_cash_jetons_and_card_values() -> None:
    state = arrange(deal(), start=0, display=["YB"], pile=[], chart={"R": 9, "G": 4},
                    cards=[["RG"], ["RR"], [], []], cash=[10, 0, 3, 0],
                    jetons=["RRYGBO", "RYGBOO", "RRYYGG", "RYGBB"])
    auction(state, "YB", {0: "RRYGB", 1: "RYGBO", 2: "RRYYG", 3: "RYGB"})
    play_to_draft_end(state)
    if state.phase == SALE:
        state.apply(Keep())
    assert state.is_over
    breakdown = state.score_breakdown()
    for seat in range(4):
        cards = sum(state.chart[LETTERS.index(ch)] for code in state.cards[seat] for ch in code)
        assert breakdown[seat]["cash"] == state.cash[seat]
        assert breakdown[seat]["jetons_held"] == breakdown[seat]["jetons_worth"] == sum(state.jetons[seat])
        assert breakdown[seat]["cards"] == cards
        assert state.scores()[seat] == state.cash[seat] + sum(state.jetons[seat]) + cards


def test_bf_e2_worthless_jetons_count_nothing() -> None:
    """Issue 12: the results showed 0 jetons held; they show the count, worth 0."""
    state = play_random(deal(variants=["worthless-jetons"], seed=4), 4)
    assert any(sum(j) for j in state.jetons)
    for seat, part in enumerate(state.score_breakdown()):
        assert part["jetons_held"] == sum(state.jetons[seat]) and part["jetons_worth"] == 0
        assert part["score"] == part["cash"] + part["cards"]


def test_bf_e2_equal_scores_share_the_win() -> None:
    state = arrange(deal(), start=0, display=["YB"], pile=[], cards=[["G"], ["G"], ["G"], ["G"]])
    auction(state, "YB", {})
    # nobody bid: every colour crashed to 2; everyone holds a green card worth 2 and 10 jetons;
    # the start player also holds YB (worth 4)
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    scores = state.scores()
    assert scores[1] == scores[2] == scores[3] < scores[0]
    state.cards[0].remove("YB")
    assert state.winners() == [0, 1, 2, 3]


# ------------------------------------------------------------------------------------------
# Information


def test_bf_information_pending_bids_are_hidden() -> None:
    state = arrange(deal(), start=0, display=["RG", "YB", "GO"])
    state.apply(Pick("RG"))
    state.apply(Bid(counts("RRG"), LETTERS))
    for seat in (1, 2, 3, None):
        view = state.view(seat)
        assert view["has_bid"] == [True, False, False, False]
        assert view["my_bid"] is None
        assert view["jetons"][0] == [2, 2, 2, 2, 2], "the bid jetons stay behind the screen until the reveal"
    assert state.view(0)["my_bid"] == [2, 0, 1, 0, 0]
    assert [e.text for e in state.events_for(1)][-1] == "Player 1 has bid"
    assert "You bid 2R 1G" in [e.text for e in state.events_for(0)]


def test_bf_information_cards_cash_jetons_shown_unless_closed_screens() -> None:
    state = arrange(deal(seed=8), cash=[4, 5, 6, 7])
    view = state.view(1)
    assert view["cash"] == [4, 5, 6, 7]
    assert view["jetons"] == [[2] * 5] * 4
    closed = arrange(deal(seed=8, variants=["closed-screens"]), cash=[4, 5, 6, 7])
    view = closed.view(1)
    assert view["cash"] == [None, 5, None, None]
    assert view["jetons"] == [None, [2] * 5, None, None]
    assert view["cards"] == closed.cards, "cards are always public"
    assert view["scores"][1] == closed.scores()[1] and view["scores"][0] == "?"
    onlooker = closed.view(None)
    assert onlooker["cash"] == [None] * 4 and onlooker["jetons"] == [None] * 4


def test_bf_information_closed_screens_worlds_redraw_hidden_jetons_and_cash() -> None:
    state = deal(seed=12, variants=["closed-screens"])
    rng = random.Random(3)
    play = random.Random(12)
    changed = 0
    while not state.is_over:
        seat = state.to_move
        world = state.sample_world(seat, rng)
        assert world.view(seat) == state.view(seat)
        assert total_jetons(world) == total_jetons(state)
        for other in range(4):
            assert sum(world.jetons[other]) == sum(state.jetons[other])
        assert sorted(world.cash) == sorted(state.cash)
        if world.jetons != state.jetons:
            changed += 1
        if world.phase == BID:
            for other in range(4):
                if world.bids[other] is not None:
                    assert all(b <= h for b, h in zip(world.bids[other], world.jetons[other]))
        # the world plays on to an end as well
        if state.round == 6 and state.phase == DRAFT:
            play_random(world, 1)
        legal = state.legal_actions()
        state.apply(legal[play.randrange(len(legal))])
    assert changed > 0


def test_bf_information_worlds_redraw_pending_bids_and_the_pile() -> None:
    state = arrange(deal(seed=4), start=0, display=["RG", "YB", "GO"])
    state.apply(Pick("RG"))
    state.apply(Bid(counts("RRGG"), LETTERS))
    state.apply(Bid(counts("Y"), LETTERS))
    rng = random.Random(5)
    bids, piles = set(), set()
    for _ in range(20):
        world = state.sample_world(2, rng)
        assert world.view(2) == state.view(2)
        bids.add((world.bids[0], world.bids[1]))
        piles.add(tuple(world.pile))
        assert world.bids[2] is None and world.bids[3] is None
        assert not any(e.kind == "my-bid" for e in world.events)
    assert len(bids) > 1 and len(piles) > 1


# ------------------------------------------------------------------------------------------
# Records


def test_bf_records_parse_every_kind_of_move() -> None:
    state = arrange(deal(), start=0, display=["RG", "YB", "GO"], cards=[["R"], ["Y"], ["G"], ["B"]])
    for text in ["pick RG", "bid 2R 1G", "bid 0", "bid 1Y", "bid 1O"]:
        action = GAME.legal_action(state, text)
        assert action.text == text
        state.apply(action)
    assert GAME.legal_action(state, "take R").text == "take R"
    with pytest.raises(IllegalAction):
        GAME.legal_action(state, "take B")
    with pytest.raises(IllegalAction):
        GAME.legal_action(state, "bid 9R")
    play_to_draft_end(state)
    assert GAME.legal_action(state, "sell R") == Sell("R")
    assert GAME.legal_action(state, "keep") == Keep()
    with pytest.raises(IllegalAction):
        GAME.legal_action(state, "sell RG")


@pytest.mark.parametrize(
    ("action", "text", "label"),
    [
        (Pick("RG"), "pick RG", "auction card RG"),
        (Bid(counts("RRG")), "bid 2R 1G", "bid 3 jetons: 2R 1G"),
        (Bid(counts("O")), "bid 1O", "bid 1 jeton: 1O"),
        (Bid(counts("")), "bid 0", "bid nothing"),
        (Take("Y"), "take Y", "take one Y jeton"),
        (Sell("RR"), "sell RR", "sell card RR"),
        (Keep(), "keep", "sell nothing"),
    ],
)
def test_bf_action_texts_read_back_through_their_own_class(action, text: str, label: str) -> None:
    assert (action.text, action.label) == (text, label)
    assert type(action).from_text(text, rules()) == action
    assert GAME.action_from_text(text, rules()) == action


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "is not a Banque Fatale move"),
        ("pass", "is not a Banque Fatale move"),
        ("pick", "a pick move is written 'pick <card>'"),
        ("pick ", "a pick move is written 'pick <card>'"),
        ("keep ", "a keep move is written 'keep'"),
        ("keep R", "a keep move is written 'keep'"),
        ("bid 1X", "is not a bid"),
        ("bid R", "is not a bid"),
        ("bid 1R 0Y", "is not written the way Banque Fatale writes it"),
        ("bid 1Y 1R", "is not written the way Banque Fatale writes it"),
        ("bid", "is not written the way Banque Fatale writes it"),
    ],
)
def test_bf_texts_the_game_does_not_write_are_refused(text: str, reason: str) -> None:
    with pytest.raises(IllegalAction, match=reason):
        GAME.action_from_text(text, rules())


def test_bf_rules_settings_change_the_numbers() -> None:
    state = deal(start_jetons_per_colour=1, chart={"start": 4}, display_size=2)
    assert state.jetons[0] == [1] * 5 and state.chart == [4] * 5 and len(state.display) == 2
    assert rules()["payout"] == {11: 5, 12: 6}


def test_bf_r7_the_last_colour_goes_round_and_the_log_lists_seats_in_the_order_they_took() -> None:
    """BF-R7 with one colour left: the jetons go round from the winner's left. Issue 12: the
    log listed the seats in seat order, not in the order they took."""
    state = arrange(deal(), start=0, display=["RG", "YB", "GO"])
    auction(state, "RG", {1: "OO", 2: "O"})
    assert state.winner == 1 and state.pool == [0] * 5
    line = next(e.text for e in reversed(state.events) if "go round" in e.text)
    assert line == "The last O jetons go round: Player 3 takes 1, Player 4 takes 1, Player 1 takes 1"


def test_bf_r7_one_jeton_going_round_is_said_in_the_singular_and_a_take_names_no_article() -> None:
    """A playtest read "The last O jetons go round: Dmitri takes 1" and "takes a O jeton"."""
    from parlour.games.banque_fatale.state import _take_round

    assert _take_round("O", 1, [0, 0, 1, 0]) == "The last O jeton goes round: Player 3 takes 1"
    assert _take_round("O", 1, [0, 1, 1, 0]) == "The last O jetons go round: Player 2 takes 1, Player 3 takes 1"
    from parlour.games.banque_fatale.config import config_for

    template, args = config_for(rules()).tables(4)[2][0][4][:2]  # seat 1 takes an O jeton
    assert template.format(*args) == "Player 1 takes one O jeton"
