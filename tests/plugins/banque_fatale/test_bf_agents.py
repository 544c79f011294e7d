"""Banque Fatale's computer players: legal, blind to what their seat cannot see, and sensible."""

from __future__ import annotations

import random

import pytest

from bf_helpers import LETTERS, arrange, auction, counts, deal, rules
from parlour.games.banque_fatale import GAME
from parlour.games.banque_fatale.actions import Bid, Keep, Pick, Sell, Take
from parlour.games.banque_fatale.state import BID, DRAFT, SALE

LEVELS = ["easy", "medium"]


def agent(kind: str, *variants: str):
    return GAME.agent_kinds()[kind](rules(*variants))


@pytest.mark.parametrize("variant", [None, "worthless-jetons", "translation-rules", "closed-screens"])
def test_agents_play_legal_moves_to_the_end(variant: str | None) -> None:
    variants = [variant] if variant else []
    for players in (3, 4):
        kinds = ["medium", "easy", "random", "medium"][:players]
        agents = [agent(k, *variants) for k in kinds]
        state = deal(players, seed=players, variants=variants)
        rngs = [random.Random(s) for s in range(players)]
        while not state.is_over:
            seat = state.to_move
            legal = state.legal_actions()
            choice = agents[seat].choose(state.view(seat), legal, rngs[seat])
            assert state.why_illegal(choice) is None, f"{kinds[seat]} chose {choice}"
            state.apply(choice)


def bidding_state(variants: list[str]):
    """Seat 2 to bid; seats 0 and 1 have bid already (sealed)."""
    state = arrange(deal(seed=9, variants=variants), start=0, display=["RG", "YB", "GO"],
                    cards=[["R"], ["G", "BO"], ["Y"], ["B"]])
    state.apply(Pick("RG"))
    state.apply(Bid(counts("RRG"), LETTERS))
    state.apply(Bid(counts("Y"), LETTERS))
    assert state.to_move == 2
    return state


@pytest.mark.parametrize("kind", LEVELS)
def test_agents_ignore_other_seats_sealed_bids(kind: str) -> None:
    """Change the bids seats 0 and 1 have sealed: seat 2's view, and its choice, stay the same."""
    state = bidding_state([])
    other = state.clone()
    other.bids[0] = counts("OOB")
    other.bids[1] = counts("")
    assert other.view(2) == state.view(2)
    choices = {agent(kind).choose(s.view(2), s.legal_actions(), random.Random(4)) for s in (state, other)}
    assert len(choices) == 1


@pytest.mark.parametrize("kind", LEVELS)
def test_agents_ignore_hidden_jetons_and_cash_behind_closed_screens(kind: str) -> None:
    state = bidding_state(["closed-screens"])
    other = state.clone()
    other.jetons[3] = list(counts("RRRRYY"))
    other.jetons[1] = list(counts("YYYYYYGGGG"))
    other.cash[3] = 99
    assert other.jetons != state.jetons
    assert other.view(2) == state.view(2)
    for seed in range(5):
        a = agent(kind, "closed-screens").choose(state.view(2), state.legal_actions(), random.Random(seed))
        b = agent(kind, "closed-screens").choose(other.view(2), other.legal_actions(), random.Random(seed))
        assert a == b


def rivals_holding(rival: str, seed: int = 9):
    """Seat 0 starts and auctions RG (seat 2's colour); seats 0 and 1 bid nothing; seat 2 (two
    of each colour) to bid; seats 0, 1 and 3 each hold ``rival`` in the open."""
    state = arrange(deal(seed=seed), start=0, display=["RG", "YB", "GO"],
                    cards=[["Y"], ["B"], ["R", "RG"], ["O"]],
                    jetons=[rival, rival, "RRYYGGBBOO", rival])
    state.apply(Pick("RG"))
    while state.to_move != 2:
        state.apply(Bid(counts(""), LETTERS))
    return state


@pytest.mark.parametrize("seed", range(3))
def test_medium_counts_rivals_open_jetons_when_screens_are_open(seed: int) -> None:
    """With open screens the others' jetons are in the view and medium bids by them: against
    rivals with nothing to bid it takes the card with a few jetons of its own colour; against
    rivals holding ten jetons each it keeps its jetons. (Easy bids by its own jetons only.)"""
    poor, rich = rivals_holding(""), rivals_holding("RRYYGGBBOO")
    assert poor.view(2)["jetons"][3] == [0] * 5 and rich.view(2)["jetons"][3] == [2] * 5
    assert poor.view(2)["jetons"][2] == rich.view(2)["jetons"][2]
    medium = agent("medium")
    against_poor = medium.choose(poor.view(2), poor.legal_actions(), random.Random(seed))
    against_rich = medium.choose(rich.view(2), rich.legal_actions(), random.Random(seed))
    assert isinstance(against_poor, Bid) and isinstance(against_rich, Bid)
    assert against_poor.total > 0 and against_poor.counts[0] > 0, against_poor.text
    assert against_rich.total < against_poor.total, (against_poor.text, against_rich.text)


def test_medium_bids_in_the_colours_it_holds() -> None:
    state = arrange(deal(seed=3), start=1, display=["RG", "YB", "GO"],
                    cards=[["R", "RY"], ["B"], ["O"], ["YB"]],
                    jetons=["RRRRYYGGBO", "RYGBO", "RYGBO", "RYGBO"])
    state.apply(Pick("GO"))
    while state.to_move != 0:
        state.apply(Bid(counts(""), LETTERS))
    medium = agent("medium")
    choice = medium.choose(state.view(0), state.legal_actions(), random.Random(1))
    assert isinstance(choice, Bid)
    red = choice.counts[0]
    assert red >= 2, f"red is its colour: it bids red to push it ({choice.text})"
    assert choice.counts[3] == 0, "blue is only its rivals' colour"


def test_medium_takes_jetons_of_its_colours_from_the_pool() -> None:
    state = arrange(deal(seed=3), start=0, display=["RG", "YB", "GO"], cards=[["G", "GO"], ["R"], ["Y"], ["B"]])
    auction(state, "YB", {0: "R", 1: "GGY", 2: "BBO", 3: "YYBB"})
    assert state.winner == 3
    assert state.phase == DRAFT and state.to_move == 0
    choice = agent("medium").choose(state.view(0), state.legal_actions(), random.Random(1))
    assert choice == Take("G")


def test_medium_sells_a_card_that_stands_high_and_keeps_a_cheap_one() -> None:
    state = arrange(deal(seed=3), start=0, chart={"R": 10, "G": 10, "B": 2, "O": 2},
                    display=["YB", "YO", "BO"], cards=[["RG", "BO"], ["R"], ["Y"], ["B"]])
    auction(state, "YB", {0: "RG", 1: "RG", 2: "YY", 3: "Y"})
    while state.phase == DRAFT:
        state.apply(state.legal_actions()[0])
    assert state.phase == SALE and state.to_move == 0
    assert {"sell RG", "sell BO"} <= {a.text for a in state.legal_actions()}
    assert state.chart[0] == 10 and state.chart[2] == 10
    choice = agent("medium").choose(state.view(0), state.legal_actions(), random.Random(1))
    assert choice == Sell("RG")
    # a cheap card with the game far from over: keep it
    state.cards[0] = ["BO", "YB"]
    state.for_sale = state.sellable()
    choice = agent("medium").choose(state.view(0), state.legal_actions(), random.Random(1))
    assert choice == Keep()


def test_medium_goes_for_a_payout() -> None:
    """Red stands at 10 and it holds three red aces: its bid should make red the top colour."""
    state = arrange(deal(seed=3), start=0, chart={"R": 10}, display=["YB", "YO", "BO"],
                    cards=[["RR", "R"], ["G"], ["Y"], ["B"]],
                    jetons=["RRRRYYGGBO", "YYGGBB", "YYGGOO", "GGBBOO"])
    state.apply(Pick("YO"))
    choice = agent("medium").choose(state.view(0), state.legal_actions(), random.Random(2))
    assert choice.counts[0] >= 3, choice.text


@pytest.mark.parametrize("kind", LEVELS)
def test_agents_pick_a_card_from_the_display(kind: str) -> None:
    state = arrange(deal(seed=3), start=0, display=["RG", "YB", "GO"], cards=[["R"], ["Y"], ["G"], ["B"]])
    choice = agent(kind).choose(state.view(0), state.legal_actions(), random.Random(1))
    assert isinstance(choice, Pick) and choice.card in state.display
    if kind == "easy":
        assert choice.card == "RG", "easy wants a card in its own colour"


def test_easy_bids_and_drafts_its_colours() -> None:
    state = arrange(deal(seed=3), start=1, display=["RG", "YB", "GO"], cards=[["R"], ["B"], ["O"], ["Y"]])
    state.apply(Pick("RG"))
    while state.to_move != 0:
        state.apply(Bid(counts(""), LETTERS))
    choice = agent("easy").choose(state.view(0), state.legal_actions(), random.Random(1))
    assert state.phase == BID and choice.counts[0] == 2, "its own red first"


# -- medium reads the table like a person --------------------------------------------------


def after_first_auction(rival_bid: str, seed: int = 5):
    """Round 1 is played with seats 0, 1 and 3 bidding ``rival_bid`` and seat 2 nothing; then
    round 2 is laid out afresh (chart at 6, two jetons of each colour each, seat 2 holds R and
    RY) with seat 1 starting and auctioning RR, seat 1 bidding nothing: seat 2 to bid. Only
    the revealed bids of the last auction differ between two calls."""
    state = arrange(deal(seed=seed), start=0, display=["GB", "YO", "BO"], cards=[["G"], ["B"], ["R"], ["O"]])
    auction(state, "GB", {0: rival_bid, 1: rival_bid, 3: rival_bid})
    while state.phase == DRAFT:
        state.apply(state.legal_actions()[0])
    while state.phase == SALE:
        state.apply(Keep())
    assert state.round == 2
    state = arrange(state, start=1, chart={c: 6 for c in LETTERS}, display=["RR", "YB", "GO"],
                    cards=[["G", "GB"], ["B"], ["R", "RY"], ["O"]], jetons=["RRYYGGBBOO"] * 4)
    state.apply(Pick("RR"))
    state.apply(Bid(counts(""), LETTERS))
    assert state.to_move == 2
    return state


@pytest.mark.parametrize("seed", range(4))
def test_medium_bids_in_round_one_for_a_card_it_wants(seed: int) -> None:
    """Nobody has bid yet in the game: medium still bids for RR, its colour, and in red."""
    state = arrange(deal(seed=seed), start=1, display=["RR", "YB", "GO"], cards=[["G"], ["B"], ["R"], ["O"]])
    state.apply(Pick("RR"))
    state.apply(Bid(counts(""), LETTERS))
    assert state.round == 1 and state.view(2)["last_auction"] is None
    choice = agent("medium").choose(state.view(2), state.legal_actions(), random.Random(seed))
    assert choice.total > 0 and choice.counts[0] > 0, choice.text


@pytest.mark.parametrize("seed", range(4))
def test_medium_bids_against_rivals_who_revealed_nothing(seed: int) -> None:
    state = after_first_auction("", seed)
    assert state.view(2)["last_auction"]["totals"] == [0, 0, 0, 0]
    choice = agent("medium").choose(state.view(2), state.legal_actions(), random.Random(seed))
    assert choice.total > 0 and choice.counts[0] > 0, choice.text


@pytest.mark.parametrize("seed", range(4))
def test_medium_raises_its_bid_against_rivals_who_revealed_high_bids(seed: int) -> None:
    quiet, keen = after_first_auction("", seed), after_first_auction("RYGB", seed)
    assert keen.view(2)["last_auction"]["totals"] == [4, 4, 0, 4]
    low = agent("medium").choose(quiet.view(2), quiet.legal_actions(), random.Random(seed))
    high = agent("medium").choose(keen.view(2), keen.legal_actions(), random.Random(seed))
    assert high.total > low.total, (low.text, high.text)


@pytest.mark.parametrize("seed", range(4))
def test_medium_keeps_its_colour_from_crashing_to_two(seed: int) -> None:
    """Red is its only colour and stands at 8. It holds a single jeton, a red one; its rivals
    hold no red, revealed four jetons each last time and want the card on auction (GB), so one
    jeton will not win it. That jeton only decides whether red falls to 7 or crashes to 2:
    medium bids it."""
    last = after_first_auction("RYGB", seed).last
    state = arrange(deal(seed=seed), start=1, chart={c: 8 for c in LETTERS}, display=["GB", "YO", "BO"],
                    cards=[["G"], ["B"], ["R"], ["GB"]],
                    jetons=["YYYGGGBBBOOO", "YYYGGGBBBOOO", "R", "YYYGGGBBBOOO"])
    state.last = last
    state.apply(Pick("GB"))
    state.apply(Bid(counts(""), LETTERS))
    assert state.view(2)["last_auction"]["totals"] == [4, 4, 0, 4]
    choice = agent("medium").choose(state.view(2), state.legal_actions(), random.Random(seed))
    assert choice.counts == counts("R"), choice.text


@pytest.mark.parametrize("variant", [None, "worthless-jetons", "translation-rules", "closed-screens"])
def test_medium_random_walk_always_legal(variant: str | None) -> None:
    """Random players take the game to many odd corners (lopsided jetons, colours at 2 or 12,
    the last round); at each of medium's turns its choice is legal."""
    variants = [variant] if variant else []
    medium = agent("medium", *variants)
    for seed in range(3):
        players = 3 + seed % 2
        state = deal(players, seed=seed, variants=variants)
        walk = random.Random(seed)
        while not state.is_over:
            seat = state.to_move
            legal = state.legal_actions()
            choice = medium.choose(state.view(seat), legal, random.Random(walk.random()))
            assert state.why_illegal(choice) is None, choice
            state.apply(choice if walk.random() < 0.3 else legal[walk.randrange(len(legal))])
