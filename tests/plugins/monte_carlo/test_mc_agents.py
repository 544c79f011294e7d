"""The computer players: they read only their seat's view, bet on what their hand can make,
stop in time, lay for their own fields and hold back the tiles that would pay the others."""

from __future__ import annotations

import random

import pytest
from mc_helpers import bet, new, rig, rules, stop_all

from parlour.games.monte_carlo import GAME
from parlour.games.monte_carlo.agents import EasyAgent, MediumAgent, Outlook
from parlour.games.monte_carlo.actions import STOP, Bet
from parlour.games.monte_carlo.state import LAYING, MonteCarloState

AGENTS = {"easy": EasyAgent, "medium": MediumAgent}


def _swap_hidden(state: MonteCarloState, seat: int, rng: random.Random) -> MonteCarloState:
    """The same table, but the seats other than ``seat`` hold a different share of the
    tiles ``seat`` has not seen."""
    other = state.clone()
    pool = []
    for s in range(state.players):
        if s != seat:
            pool += [d for d in range(1, 10) for _ in range(state.hands[s][d])]
    rng.shuffle(pool)
    for s in range(state.players):
        if s == seat:
            continue
        counts = [0] * 10
        for d in pool[:state.hand_size[s]]:
            counts[d] += 1
        del pool[:state.hand_size[s]]
        other.hands[s] = counts
    return other


@pytest.mark.parametrize("kind", sorted(AGENTS))
def test_agents_decide_from_their_seat_view_only(kind: str) -> None:
    state = new(4, seed=31)
    play = random.Random(31)
    agents = {s: AGENTS[kind](rules()) for s in range(4)}
    changed = checked = 0
    while state.current is not None:
        seat = state.current
        twin = _swap_hidden(state, seat, random.Random(checked))
        assert twin.view(seat) == state.view(seat)
        changed += any(twin.hands[s] != state.hands[s] for s in range(4) if s != seat)
        mine = agents[seat].choose(state.view(seat), state.legal_actions(), random.Random(checked))
        theirs = agents[seat].choose(twin.view(seat), twin.legal_actions(), random.Random(checked))
        assert mine == theirs
        checked += 1
        state.apply(mine if play.random() < 0.7 else play.choice(state.legal_actions()))
    assert checked > 100 and changed > 50


def test_medium_bets_on_a_number_it_can_guarantee_and_lays_it() -> None:
    state = new(4, match_games=1, seed=4)
    rig(state, {0: [7, 7, 7, 7, 1, 2, 3, 5, 9]})
    medium = MediumAgent(rules())
    choice = medium.choose(state.view(0), state.legal_actions(), random.Random(0))
    assert isinstance(choice, Bet) and choice.field.startswith("n7")
    state.apply(choice)
    stop_all(state)
    assert state.phase == LAYING
    while state.current is not None:
        seat = state.current
        if seat == 0:
            state.apply(medium.choose(state.view(0), state.legal_actions(), random.Random(1)))
        else:
            legal = [a for a in state.legal_actions() if a.digit != 7] or state.legal_actions()
            state.apply(legal[0])
    outcome = {r["field"]: r["won"] for r in state.history[0]["fields"]}
    assert outcome == {choice.field: True}
    assert state.chips[0] == 25 - 1 + 3


def test_medium_holds_back_the_tile_that_would_pay_another_player() -> None:
    state = new(4, match_games=1, seed=5)
    rig(state, {0: [3, 1, 1, 2, 4, 5, 6, 8, 9], 1: [3, 3, 3, 7, 7, 7, 7, 8, 8]})
    state.apply(STOP)        # the medium player risks nothing
    bet(state, "n3-top")     # seat 1 bets on the 3s
    bet(state, "n4-top")
    bet(state, "n5-top")
    bet(state, "n3-top")
    stop_all(state)
    medium = MediumAgent(rules())
    laid_by_medium = []
    three_cells = ["r1c5", "r1c6", "r2c5", "r2c6"]
    wishes = {1: three_cells[:3]}
    while state.current is not None:
        if state.current == 0:
            action = medium.choose(state.view(0), state.legal_actions(), random.Random(2))
            laid_by_medium.append(action.digit)
            state.apply(action)
        else:
            seat = state.current
            legal = state.legal_actions()
            wanted = [a for a in legal if a.cell in wishes.get(seat, [])]
            state.apply(wanted[0] if wanted else next(a for a in legal if a.digit != 3))
    assert len(laid_by_medium) == 7
    assert 3 not in laid_by_medium
    outcome = {r["field"]: r["won"] for r in state.history[0]["fields"]}
    assert outcome["n3-top"] is False


def test_medium_and_easy_stop_when_no_field_is_worth_a_chip() -> None:
    only_long_shots = {"number": 0, "row": 0, "colour": 0, "diagonal": 0, "majority_row": 0,
                       "majority_colour": 0, "cross": 1, "diamond": 1}
    table = rules(fields=only_long_shots)
    state = GAME.new_game(4, table, 6)
    rig(state, {0: [5, 5, 5, 5, 2, 2, 2, 2, 4]})
    legal = state.legal_actions()
    assert {a.text for a in legal} == {"bet cross", "bet diamond", "stop"}
    for kind, agent in AGENTS.items():
        assert agent(table).choose(state.view(0), legal, random.Random(0)) == STOP, kind
    # with seven of the diamond's tiles in hand it needs only five more: medium takes it
    rig(state, {0: [1, 2, 2, 4, 4, 8, 8, 5, 5]})
    assert MediumAgent(table).choose(state.view(0), legal, random.Random(0)).text == "bet diamond"


def test_medium_reads_the_others_bets_as_signals() -> None:
    state = new(4, seed=7)
    rig(state, {0: [1, 2, 3, 4, 5, 6, 8, 9, 9]})
    quiet = Outlook(state.view(0), rules(), signals=0.3)
    state.apply(STOP)
    bet(state, "n7-top")
    bet(state, "n7-bottom")
    loud = Outlook(state.view(0), rules(), signals=0.3)
    assert loud.q[7] > quiet.q[7]
    assert loud.q[1] == quiet.q[1]
    n7 = loud.by_id["n7-top"]
    assert loud.chance(n7, 0, [0] * 10) > quiet.chance(n7, 0, [0] * 10)


def test_outlook_chances_match_simple_cases() -> None:
    state = new(4, seed=8)
    rig(state, {0: [7, 7, 7, 7, 1, 1, 1, 1, 2]})
    outlook = Outlook(state.view(0), rules(), signals=0.0)
    assert outlook.unseen[7] == 0 and outlook.unseen[1] == 0 and outlook.unseen[2] == 3
    n7 = outlook.by_id["n7-top"]
    plan, planned = outlook.bundle(n7, 7)
    assert plan.bit_count() == 4
    assert outlook.chance(n7, plan, planned) == 1.0, "four own 7s make the number for sure"
    assert outlook.chance(n7, 0, [0] * 10) == 0.0, "nobody else holds a 7"
    n2 = outlook.by_id["n2-top"]
    q = 21 / 27
    plan, planned = outlook.bundle(n2, 7)
    assert outlook.chance(n2, plan, planned) == pytest.approx(q ** 3)


def test_agents_play_every_table_size_to_the_end() -> None:
    for players in range(2, 7):
        state = GAME.new_game(players, rules(), players)
        agents = [MediumAgent(rules()) if s % 2 else EasyAgent(rules()) for s in range(players)]
        rng = random.Random(players)
        while state.current is not None:
            seat = state.current
            action = agents[seat].choose(state.view(seat), state.legal_actions(), rng)
            assert action in state.legal_actions()
            state.apply(action)
        assert state.phase == "over"
