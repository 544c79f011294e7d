"""Casablanca's rules, one test (or more) per CB-* clause of RULES.md."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cb_helpers import (
    commit,
    turn_over,
    lay_chips,
    money_total,
    move,
    place_figures,
    random_states,
    rules,
    set_cards,
    table,
)
from parlour.games.casablanca import GAME
from parlour.games.casablanca.actions import (
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
    TakeCard,
    TakeTop,
)
from parlour.games.casablanca.panels import chip_mark
from parlour.games.casablanca.state import CasablancaState
from parlour.games.casablanca.texts import ADMITS
from parlour.core.game import IllegalAction
from parlour.core.rulesets import load_house_rules
from parlour.core.yamlsource import RulesetError

PALM, CAMEL, MOON, STAR, LAMP, FEZ, KEY = range(7)


def ready(players: int = 4, top: int = STAR, figures: dict[int, int] | None = None, **settings) -> CasablancaState:
    """Seat 0 leads, seat 1 moves first. The ring holds a 3 on field 10, a 5 on field 12 and a 0
    on field 20; the top card is ``top``; nobody holds a card; every figure on field 0 (Palm),
    so announcing 3 takes seat 1 to Star."""
    state = table(players, 1, **settings)
    lay_chips(state, {10: 3, 12: 5, 20: 0})
    state.pile = [PALM, CAMEL, MOON, KEY, FEZ, LAMP, top]
    state.pile_known_bottom = 0
    for seat in range(players):
        set_cards(state, seat, {})
    place_figures(state, figures or {s: 0 for s in range(players)})
    assert state.phase == "turn" and state.mover == 1
    return state


def challenged(stake: int = 100, challenger: int = 2, announce: int = 3, **settings) -> CasablancaState:
    """Seat 1 picks the 3 on field 10, announces ``announce``, puts it on field 11; seat
    ``challenger`` challenges with ``stake``."""
    state = ready(**settings)
    move(state, 10, announce, 11)
    commit(state, {challenger: stake})
    assert state.phase == "respond" and state.challenger == challenger
    return state


# -- components --------------------------------------------------------------------------

def test_cb_c1_ring_of_28_fields_seven_symbols_in_repeating_order() -> None:
    state = table()
    view = state.view(0)
    assert len(view["field_symbols"]) == 28
    assert view["field_symbols"] == [f % 7 for f in range(28)]
    assert Counter(view["field_symbols"]) == {s: 4 for s in range(7)}
    for start in range(28):
        reached = {view["field_symbols"][(start + n) % 28] for n in range(7)}
        assert reached == set(range(7)), "moves 0-6 reach every symbol exactly once"
    assert view["symbols"] == ["Palm", "Camel", "Moon", "Star", "Lamp", "Fez", "Key"]


def test_cb_c1_symbol_names_are_settings_with_distinct_initials() -> None:
    named = table(symbols=["Ace", "Bell", "Cup", "Dove", "Eye", "Fish", "Gate"])
    assert named.view(None)["symbols"][3] == "Dove"
    problems = GAME.validate_rules(rules(symbols=["Ace", "Anchor", "Cup", "Dove", "Eye", "Fish", "Gate"]))
    assert [key for key, _ in problems] == ["symbols"]


def test_cb_c2_fourteen_chips_two_of_each_number_at_most_one_per_field() -> None:
    for players in (2, 3, 4):
        for state in random_states(players, 40 + players):
            ring = [v for v in state.chips if v >= 0]
            held = [state.held] if state.held >= 0 else []
            assert Counter(ring + held + state.aside) == {v: 2 for v in range(7)}
            assert len(ring) == 14 - players - len(held)
            assert state.occupied == [f for f in range(28) if state.chips[f] >= 0]
            assert [p.field for p in state.picks] == state.occupied
            if state.phase == "announce":  # the chip is in hand: its field is not yet free
                assert state.free == [f for f in range(28) if state.chips[f] < 0 and f != state.picked_from]
            else:
                assert state.free == [f for f in range(28) if state.chips[f] < 0]


def test_cb_c3_thirty_five_cards_five_per_symbol() -> None:
    for state in random_states(4, 3):
        counts = Counter(state.pile)
        for hand in state.cards:
            counts.update({s: c for s, c in enumerate(hand) if c})
        if state.end_reason == "the pile is used up":
            continue
        assert counts == {s: 5 for s in range(7)}


def test_cb_c4_start_money_pot_and_house_money() -> None:
    state = table(3)
    assert state.money == [1300, 1300, 1300]
    assert state.pot == 3 * 700 + 2000
    poorer_house = table(3, house_money=500)
    assert poorer_house.pot == 3 * 700 + 500
    for state in random_states(4, 8):
        assert all(m % 50 == 0 and m >= 0 for m in state.money) and state.pot % 50 == 0


def test_cb_c4_money_settings_must_be_multiples_of_the_step() -> None:
    problems = dict(GAME.validate_rules(rules(min_stake=120)))
    assert "min_stake" in problems


# -- set-up ------------------------------------------------------------------------------

def test_cb_s1_each_player_sets_aside_a_chip_only_he_knows() -> None:
    state = table(4, 5)
    for seat in range(4):
        view = state.view(seat)
        assert view["aside"] == state.aside[seat]
        assert all(v is None for v in view["known"]), "no ring chip is known at the start"
    assert state.view(None)["aside"] is None
    hidden = [e for e in state.events if e.kind == "aside"]
    assert sorted(next(iter(e.seats)) for e in hidden) == [0, 1, 2, 3]
    assert all(f"a {state.aside[next(iter(e.seats))]}" in e.text for e in hidden)


def test_cb_s1_later_rounds_are_led_by_the_last_rounds_winner() -> None:
    for state in random_states(3, 11, rounds=2):
        if state.round == 2:
            first = state.round_money[0]
            best = max(first)
            assert first[state.leader] == best
            break
    else:
        pytest.fail("the match never reached its second round")


def test_cb_s2_three_cards_each_never_three_of_a_symbol() -> None:
    redeals = 0
    for seed in range(300):
        state = table(4, seed)
        for hand in state.cards:
            assert sum(hand) == 3 and max(hand) <= 2
        assert len(state.pile) == 35 - 12
        redeals += any("draws again" in e.text for e in state.events)
    assert redeals > 0, "some deal should have needed a card drawn again"


def test_cb_s2_the_pile_is_face_up_its_top_is_the_target() -> None:
    state = table(4, 2)
    view = state.view(None)
    assert view["top"] == state.pile[-1] and view["pile_size"] == len(state.pile)
    assert "pile" not in view or view.get("pile") is None


def test_cb_s3_figures_placed_by_choice_from_left_of_the_leader() -> None:
    state = table(4, 2)
    order = []
    for field in (5, 5, 9, 27):
        order.append(state.to_move)
        state.apply(PlaceFigure(field))
    assert order == [1, 2, 3, 0]
    assert state.figures == [27, 5, 5, 9]
    assert state.phase == "turn" and state.mover == 1


def test_cb_s3_the_round_line_names_the_leader_and_who_plays_first() -> None:
    """A playtest read "Round 1: Dmitri leads" and then saw another seat move first: the line
    names both, the leader and the seat on his left who places the first figure and moves first."""
    for seed in range(6):
        state = GAME.new_game(4, rules(first_leader="random"), seed)
        leader, first = state.leader, (state.leader + 1) % 4
        line = next(e.text for e in state.events if e.kind == "round")
        assert line == (f"Round 1: Player {leader + 1} leads; Player {first + 1}, on the leader's left, plays first. "
                        "Everyone pays $700 into the pot, which holds $4,800."), line
        assert state.to_move == first
        place_figures(state, {s: 0 for s in range(4)})
        assert state.mover == first
    for state in random_states(3, 11, rounds=2):
        if state.round == 2:
            line = [e.text for e in state.events if e.kind == "round"][-1]
            assert line.startswith(f"Round 2: Player {state.leader + 1} leads; Player {(state.leader + 1) % 3 + 1}, "
                                   "on the leader's left, plays first."), line
            break
    else:
        pytest.fail("the match never reached its second round")


def test_cb_s3_random_first_leader_varies() -> None:
    leaders = {GAME.new_game(4, rules(first_leader="random"), seed).leader for seed in range(40)}
    assert leaders == {0, 1, 2, 3}


# -- the turn ----------------------------------------------------------------------------

def test_cb_t1_the_mover_alone_sees_the_chip_he_picks() -> None:
    state = ready()
    state.apply(Pick(10))
    assert state.view(1)["move"]["held"] == 3
    for seat in (0, 2, 3, None):
        assert state.view(seat)["move"]["held"] is None


def test_cb_t1_any_number_may_be_announced_and_the_chip_goes_on_another_free_field() -> None:
    state = ready()
    state.apply(Pick(10))
    legal = state.legal_actions()
    assert sorted({a.number for a in legal}) == list(range(7))
    free = [f for f in range(28) if f not in (10, 12, 20)]
    assert sorted({a.field for a in legal}) == free, "every free field but the chip's own"
    assert len(legal) == 7 * len(free) == len(list(legal))
    assert Announce(6, 11) in legal and Announce(6, 10) not in legal and Announce(7, 11) not in legal
    before = (state.phase, list(state.chips), list(state.figures), len(state.events))
    with pytest.raises(IllegalAction, match="another field"):
        state.apply(Announce(6, 10))
    with pytest.raises(IllegalAction, match="not free"):
        state.apply(Announce(6, 12))
    with pytest.raises(IllegalAction, match="from 0 to 6"):
        state.apply(Announce(7, 11))
    assert (state.phase, list(state.chips), list(state.figures), len(state.events)) == before
    state.apply(Announce(6, 11))
    assert state.announced == 6 and state.figures[1] == 6
    assert state.chips[11] == 3 and state.chips[10] == -1
    assert state.view(1)["known"][11] == 3, "the mover knows where he put it"
    assert state.view(2)["known"][11] is None


def test_cb_t1_the_offered_announcements_behave_as_a_list() -> None:
    state = ready()
    state.apply(Pick(10))
    legal = state.legal_actions()
    plain = list(legal)
    assert len(plain) == len(legal) == 7 * 25 and len(set(plain)) == len(plain)
    for i in (0, 1, 24, 25, len(plain) - 1, -1, -len(plain), True):
        assert legal[i] == plain[i]
    assert legal[3:60:7] == plain[3:60:7] and legal[::-1] == plain[::-1]
    for bad in (len(plain), -len(plain) - 1):
        with pytest.raises(IndexError):
            legal[bad]
    with pytest.raises(TypeError):
        legal[1.0]
    assert legal == plain and legal != tuple(plain) and legal != plain[1:]
    assert all(a in legal for a in plain[::13]) and "announce 3 11" not in legal
    with pytest.raises(TypeError, match="whole number"):
        Announce(3, 11.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="whole number"):
        Pick(True)


def test_cb_t1_no_announcing_before_picking() -> None:
    state = ready()
    with pytest.raises(IllegalAction, match="pick up a chip"):
        state.apply(Announce(3, 11))
    with pytest.raises(IllegalAction, match="no chip on field"):
        state.apply(Pick(11))


def test_cb_t2_the_figure_moves_clockwise_by_the_announcement() -> None:
    state = ready(figures={0: 0, 1: 26, 2: 0, 3: 0})
    move(state, 10, 5, 11)
    assert state.figures[1] == (26 + 5) % 28 == 3
    commit(state)
    assert state.mover == 2
    move(state, 12, 0, 13)
    assert state.figures[2] == 0, "announcing 0 stays put"
    commit(state)
    move(state, 13, 0, 14)
    assert state.figures[3] == state.figures[2] == 0, "figures may share a field"


def test_cb_t3_challenge_priority_runs_clockwise_from_the_mover() -> None:
    state = ready()
    move(state, 10, 3, 11)
    assert state.commit_order == [2, 3, 0]
    commit(state, {3: 150, 0: 100})
    assert state.challenger == 3 and state.stakes[3] == 150
    late = [e for e in state.events if e.seats == frozenset([0])]
    assert "does not count" in late[-1].text


def test_cb_t3_the_nearest_challenger_wins_over_later_ones() -> None:
    state = ready()
    move(state, 10, 3, 11)
    commit(state, {2: 100, 3: 100, 0: 100})
    assert state.challenger == 2


def test_cb_t3_commits_are_secret_until_all_have_chosen() -> None:
    state = ready()
    move(state, 10, 3, 11)
    state.apply(Challenge(100))  # seat 2
    assert state.to_move == 3
    later = state.view(3)["challenge"]
    assert later["committed"] == [2] and later["my_commit"] is None
    assert "challenge" not in str([e.text for e in state.events_for(3)][-1:]).lower()
    assert state.view(2)["challenge"]["my_commit"] == "challenge"
    assert state.view(2)["challenge"]["my_stake"] == 100


def test_cb_t3_a_player_without_money_is_not_asked() -> None:
    state = ready()
    state.money[3] = 0
    set_cards(state, 3, {PALM: 1})
    move(state, 10, 3, 11)
    assert state.commit_order == [2, 0]


def test_cb_t4_premiums_100_200_300_for_the_first_three_cards() -> None:
    for held, premium in ((0, 100), (1, 200), (2, 300)):
        state = ready(top=STAR)
        set_cards(state, 1, {STAR: held})
        pot = state.pot
        move(state, 10, 3, 11)
        commit(state)
        assert state.cards[1][STAR] == held + 1
        assert state.money[1] == 1300 + premium and state.pot == pot - premium
        assert state.top == LAMP and state.mover == 2


def test_cb_t4_the_fourth_card_wins_the_whole_pot_and_ends_the_round() -> None:
    state = ready(top=STAR)
    set_cards(state, 1, {STAR: 3})
    pot = state.pot
    move(state, 10, 3, 11)
    commit(state)
    assert state.money[1] == 1300 + pot and state.pot == 0
    assert state.is_over and state.pot_winner == 1
    assert state.winners() == [1]
    assert any(e.kind == "pot" and e.text.endswith(f"4 Star cards win the pot of ${pot:,}!") for e in state.events)


def test_cb_t4_a_fourth_card_from_an_empty_pot_ends_the_round_and_wins_no_pot_of_nothing() -> None:
    """A playtest read "4 Star cards win the pot of $0!": the round ends (CB-O4), and the log
    says the pot is empty instead of naming $0 won."""
    state = ready(top=STAR)
    set_cards(state, 1, {STAR: 3})
    state.pot = 0
    move(state, 10, 3, 11)
    commit(state)
    assert state.is_over and state.pot_winner == 1 and state.money[1] == 1300
    line = next(e.text for e in state.events if e.kind == "pot")
    assert line.endswith("4 Star cards end the round; the pot is empty."), line


def test_cb_t4_dealt_cards_count_but_earn_nothing() -> None:
    for seed in range(5):
        state = table(4, seed)
        assert state.money == [1300] * 4, "the deal pays no premium"
        assert state.pot == 4800
    state = ready(top=STAR)
    set_cards(state, 1, {STAR: 2, PALM: 1})  # as dealt
    move(state, 10, 3, 11)
    commit(state)
    assert state.money[1] == 1300 + 300, "the third Star pays the third premium"


def test_cb_t4_no_card_off_the_target_symbol() -> None:
    state = ready(top=STAR)
    move(state, 12, 5, 13)  # Palm + 5 = Fez
    commit(state)
    assert state.cards[1] == [0] * 7 and state.money[1] == 1300 and state.top == STAR


def test_cb_t4_premiums_stop_when_the_pot_is_empty() -> None:
    state = ready(top=STAR)
    state.pot = 50
    move(state, 10, 3, 11)
    commit(state)
    assert state.money[1] == 1350 and state.pot == 0


def test_cb_t4_an_empty_pot_pays_nothing_and_the_log_names_no_premium() -> None:
    """A playtest read "$0 from the pot" at every card once the pot was empty: a premium of
    nothing is not named; a premium cut short by the pot still is."""
    state = ready(top=STAR)
    state.pot = 0
    move(state, 10, 3, 11)
    commit(state)
    assert state.cards[1][STAR] == 1 and state.money[1] == 1300 and state.pot == 0
    line = [e.text for e in state.events if e.kind == "card"][-1]
    assert line == "Player 2 takes the top card, Star: 1 Star now. The top card is Lamp.", line
    assert not any("$0" in e.text for e in state.events), [e.text for e in state.events if "$0" in e.text]
    state = ready(top=STAR)
    state.pot = 50
    move(state, 10, 3, 11)
    commit(state)
    assert [e.text for e in state.events if e.kind == "card"][-1].endswith("1 Star now, $50 from the pot. "
                                                                           "The top card is Lamp.")


def test_cb_x2_a_mover_without_money_admits_without_a_fee_named() -> None:
    """CB-X2 with CB-X5: a mover without money may admit and pays nothing. A playtest found
    the line read wrong: it names no "$0" and says plainly that there is nothing to pay."""
    for announce, where in ((4, "goes back to field 1"), (0, "stays on field 1")):
        state = ready()
        state.money[1] = 0
        move(state, 10, announce, 11)
        commit(state, {2: 0})
        state.apply(Admit())
        assert state.money[1] == 0 and state.pot == 4800, "nothing paid"
        line = [e.text for e in state.events if e.kind == "admit"][-1]
        assert line == f"Player 2 admits and {where}; without money, there is nothing to pay.", line
    state = challenged(stake=100, announce=4)
    state.apply(Admit())
    assert [e.text for e in state.events if e.kind == "admit"][-1] == (
        "Player 2 admits, goes back to field 1 and pays $50 into the pot.")
    state = challenged(stake=100, announce=4, admit_fee=0)  # a house rule: admitting costs nothing
    state.apply(Admit())
    assert [e.text for e in state.events if e.kind == "admit"][-1] == "Player 2 admits and goes back to field 1."


def test_cb_x2_an_admitted_0_says_the_figure_stays_where_it_is() -> None:
    """A playtest read "admits, goes back to field 28" after a claim of 0: the figure never
    left its field. The admission says it stays there; so does a lost call (no "goes back")."""
    state = challenged(stake=100, announce=0)
    assert state.figures[1] == 0, "an announced 0 does not move the figure"
    state.apply(Admit())
    line = [e.text for e in state.events if e.kind == "admit"][-1]
    assert line == "Player 2 admits, stays on field 1 and pays $50 into the pot.", line
    state = challenged(stake=100, announce=0, admit_fee=0)
    state.apply(Admit())
    assert [e.text for e in state.events if e.kind == "admit"][-1] == "Player 2 admits and stays on field 1."
    for announce, back in ((0, False), (4, True)):  # the 3 on field 10 shows neither: the call is lost
        state = challenged(stake=100, announce=announce)
        turn_over(state)
        assert state.loser == 1 and state.figures[1] == 0
        line = [e.text for e in state.events if e.kind == "settle"][-1]
        assert line.endswith("the announcement was false. Player 3 wins $100 from Player 2 and takes a card."
                             + (" Player 2 goes back to field 1." if back else "")), line
    # a line kept from before the admission said whether the figure moved: worded as it was
    assert ADMITS.format("Player 2", 28, 50) == "Player 2 admits, goes back to field 28 and pays $50 into the pot."


# -- the challenge -----------------------------------------------------------------------

def test_cb_x1_the_opening_stake_is_at_least_100_in_steps_of_50() -> None:
    state = ready()
    move(state, 10, 3, 11)
    stakes = [a.stake for a in state.legal_actions() if isinstance(a, Challenge)]
    assert stakes[0] == 100 and stakes == list(range(100, 1301, 50))
    with pytest.raises(IllegalAction, match="at least"):
        state.apply(Challenge(50))
    with pytest.raises(IllegalAction, match="steps of"):
        state.apply(Challenge(120))


def test_cb_x2_admitting_costs_50_and_undoes_the_move() -> None:
    state = challenged(stake=200, announce=4)
    pot = state.pot
    state.apply(Admit())
    assert state.money[1] == 1250 and state.pot == pot + 50
    assert state.money[2] == 1300, "the challenger keeps his stake"
    assert state.figures[1] == 0, "the move is undone"
    assert state.view(2)["known"][11] is None, "the chip stays hidden"
    assert state.cards[1] == [0] * 7 and state.mover == 2


def test_cb_x2_only_the_challenged_mover_may_admit_and_only_at_once() -> None:
    state = challenged()
    state.apply(Raise(100))
    with pytest.raises(IllegalAction, match="admit"):
        state.apply(Admit())


def test_cb_x3_a_call_on_a_true_announcement_pays_the_mover() -> None:
    state = challenged(stake=200, announce=3)
    turn_over(state)
    assert state.money[1] == 1500 and state.money[2] == 1100
    assert state.phase == "claim" and state.to_move == 1
    assert state.figures[1] == 3, "a true move stands"
    assert all(state.view(s)["known"][11] == 3 for s in (None, 0, 1, 2, 3)), "the chip is turned over"


def test_cb_x3_a_call_on_a_false_announcement_pays_the_challenger() -> None:
    state = challenged(stake=200, announce=4)
    state.apply(Raise(100))  # the mover bluffs: 300 against 200
    turn_over(state)  # the challenger calls at 300
    assert state.money[1] == 1000 and state.money[2] == 1600
    assert state.phase == "claim" and state.to_move == 2


def test_cb_x3_a_fold_loses_the_folders_stake() -> None:
    state = challenged(stake=200, announce=4)
    state.apply(Raise(300))  # mover to 500
    state.apply(Raise(100))  # challenger to 600
    state.apply(Fold())  # the mover gives up his 500
    assert state.money[1] == 800 and state.money[2] == 1800
    assert state.view(0)["known"][11] is None, "a fold shows nothing"
    state = challenged(stake=200, announce=3)
    state.apply(Raise(300))  # mover to 500
    state.apply(Fold())  # the challenger gives up his 200
    assert state.money[2] == 1100 and state.money[1] == 1500


def test_cb_x3_the_two_alternate_until_a_call_or_fold() -> None:
    state = challenged(stake=100)
    seen = []
    for by in (50, 100, 50):
        seen.append(state.to_move)
        state.apply(Raise(by))
    assert seen == [1, 2, 1] and state.to_move == 2
    assert state.stakes[1] == 300 and state.stakes[2] == 250
    labels = {type(a) for a in state.legal_actions()}
    assert labels == {Fold, Call, Raise}


def test_cb_x4_the_winner_takes_the_top_card_with_its_premium() -> None:
    state = challenged(stake=100, announce=3)
    turn_over(state)
    pot = state.pot
    state.apply(TakeTop())
    assert state.cards[1][STAR] == 1 and state.money[1] == 1400 + 100 and state.pot == pot - 100
    assert state.mover == 2


def test_cb_x4_or_any_card_of_the_loser() -> None:
    state = ready()
    set_cards(state, 2, {MOON: 3, KEY: 1})
    set_cards(state, 1, {MOON: 1})
    move(state, 10, 3, 11)
    commit(state, {2: 100})
    turn_over(state)
    assert {a.text for a in state.legal_actions()} == {"take top", "take 2", "take 6"}
    state.apply(TakeCard(MOON))
    assert state.cards[2][MOON] == 2 and state.cards[1][MOON] == 2
    assert state.money[1] == 1300 + 100 + 200, "stake plus the second-Moon premium"


def test_cb_x4_a_card_won_in_a_challenge_can_take_the_pot() -> None:
    state = ready()
    set_cards(state, 2, {MOON: 1})
    set_cards(state, 1, {MOON: 3})
    move(state, 10, 3, 11)
    commit(state, {2: 100})
    pot = state.pot
    turn_over(state)
    state.apply(TakeCard(MOON))
    assert state.is_over and state.pot_winner == 1 and state.money[1] == 1300 + 100 + pot


def test_cb_x4_a_losing_mover_goes_back() -> None:
    state = challenged(stake=100, announce=4)
    turn_over(state)
    assert state.figures[1] == 0 and state.to_move == 2
    state.apply(TakeTop())
    assert state.cards[2][STAR] == 1 and state.cards[1] == [0] * 7


def test_cb_x4_a_loser_without_cards_leaves_only_the_top_card() -> None:
    """Nothing offers or names a card of a loser who holds none: the only choice is the top
    card, and a move that does not fit says so."""
    state = challenged(stake=100, announce=3)
    turn_over(state)
    assert state.loser == 2 and not any(state.cards[2])
    assert list(state.legal_actions()) == [TakeTop()]
    with pytest.raises(IllegalAction) as refused:
        state.apply(Pass())
    assert "take the top card: Player 3 has no cards" in str(refused.value)
    assert "loser's cards" not in str(refused.value)
    set_cards(state, 2, {MOON: 1})
    with pytest.raises(IllegalAction, match="or one of the loser's cards"):
        state.apply(Pass())


def test_cb_x4_undoing_a_lost_move_is_a_setting() -> None:
    state = challenged(stake=100, announce=4, undo_lost_move=False)
    turn_over(state)
    assert state.figures[1] == 4, "the house rule leaves the caught mover where he went"
    assert state.to_move == 2


def test_cb_x5_nobody_stakes_more_than_the_poorer_fortune() -> None:
    state = ready()
    state.money[2] = 400
    move(state, 10, 3, 11)
    stakes = [a.stake for a in state.legal_actions() if isinstance(a, Challenge)]
    assert stakes[-1] == 400
    state.apply(Challenge(300))
    commit(state)
    assert state.cap == 400
    raises = [a.by for a in state.legal_actions() if isinstance(a, Raise)]
    assert raises == [50, 100]
    with pytest.raises(IllegalAction, match="table stakes"):
        state.apply(Raise(150))
    state.apply(Raise(100))  # all of the poorer player's fortune
    assert [type(a) for a in state.legal_actions()] == [Fold, Call]
    with pytest.raises(IllegalAction, match="table stakes"):
        state.apply(Raise(50))


def test_cb_x5_a_poorer_player_below_the_minimum_stakes_all_he_has_when_the_setting_allows() -> None:
    state = ready(challenge_below_minimum=True)
    state.money[1] = 50
    move(state, 10, 3, 11)
    assert [a for a in state.legal_actions() if isinstance(a, Challenge)] == [Challenge(50)]
    with pytest.raises(IllegalAction, match="exactly"):
        state.apply(Challenge(100))
    state.money[1] = 0
    assert [a for a in state.legal_actions() if isinstance(a, Challenge)] == [Challenge(0)]


def test_cb_x5_no_challenge_below_the_minimum_stake_in_the_no_poor_challenges_variant() -> None:
    """The earlier ruling, now the ``no-poor-challenges`` variant (challenge_below_minimum:
    false): a mover poorer than the minimum stake cannot be challenged at all; nobody is
    asked, and a landing move takes the card."""
    for money in (0, 50):
        state = ready(top=STAR, challenge_below_minimum=False)
        state.money[1] = money
        pot = state.pot
        move(state, 10, 4, 11)  # a lie: the chip shows 3; Palm + 4 = Lamp
        assert state.phase == "turn" and state.mover == 2, "nobody was asked"
        assert state.commit_order == []
        assert state.money[1] == money and state.pot == pot
        assert any("nobody may challenge" in e.text for e in state.events[-2:])
        state = ready(top=LAMP, challenge_below_minimum=False)
        state.money[1] = money
        move(state, 10, 4, 11)  # the same lie lands on Lamp: unchallenged, it takes the card
        assert state.cards[1][LAMP] == 1 and state.money[1] == money + 100


def test_cb_x5_a_seat_poorer_than_the_minimum_stake_is_not_asked_in_the_no_poor_challenges_variant() -> None:
    """The earlier ruling: a would-be challenger with less than the minimum is skipped; the
    others are asked as usual. Money is public, so who is asked tells nobody anything new."""
    state = ready(challenge_below_minimum=False)
    state.money[2] = 50
    state.money[3] = 100
    move(state, 10, 3, 11)
    assert state.commit_order == [3, 0]
    assert state.view(0)["challenge"]["order"] == [3, 0]
    assert [a.stake for a in state.legal_actions() if isinstance(a, Challenge)] == [100]
    commit(state, {3: 100})
    assert state.challenger == 3 and state.phase == "respond"


def test_cb_x5_challenge_below_minimum_setting_asks_the_poor_and_stakes_all() -> None:
    """With challenge_below_minimum: true, everybody with money is asked and a mover with $0
    is challenged for a $0 stake: the two then play only for a card."""
    state = ready(challenge_below_minimum=True)
    state.money[1] = 0
    state.money[2] = 50
    move(state, 10, 4, 11)  # a lie
    assert state.commit_order == [2, 3, 0]
    assert [a for a in state.legal_actions() if isinstance(a, Challenge)] == [Challenge(0)]
    commit(state, {2: 0})
    turn_over(state)
    assert state.winner == 2 and state.money[1] == 0 and state.money[2] == 50
    assert state.phase == "claim"


def test_cb_x5_challenge_below_minimum_is_a_ruleset_setting() -> None:
    from cb_helpers import RULESET

    assert RULESET.resolve(())["challenge_below_minimum"] is True, "revised CB-X5: alles auf eine Karte by default"
    assert RULESET.resolve(("no-poor-challenges",))["challenge_below_minimum"] is False
    problems = dict(GAME.validate_rules(rules(challenge_below_minimum=False)))
    assert "challenge_below_minimum" not in problems


# -- other rules -------------------------------------------------------------------------

def test_cb_o1_one_reshuffle_per_round_at_the_start_of_a_turn() -> None:
    state = ready()
    state.masks[12] = 0b00010  # seat 1 knows the 5
    before = sorted(v for v in state.chips if v >= 0)
    state.apply(Reshuffle())
    assert sorted(v for v in state.chips if v >= 0) == before
    assert not any(state.masks), "nobody knows a ring chip after a reshuffle"
    assert Reshuffle() not in state.legal_actions()
    with pytest.raises(IllegalAction, match="no reshuffle left"):
        state.apply(Reshuffle())
    assert state.phase == "turn" and state.mover == 1, "the turn goes on"
    state.apply(Pick(state.occupied[0]))
    with pytest.raises(IllegalAction):
        state.apply(Reshuffle())


def test_cb_o1_the_reshuffle_count_is_a_setting() -> None:
    state = ready(reshuffles=0)
    assert Reshuffle() not in state.legal_actions()


def test_cb_o2_an_empty_pile_is_rebuilt_from_single_cards() -> None:
    state = ready(top=STAR)
    state.pile = [STAR]
    set_cards(state, 0, {PALM: 1, MOON: 2})
    set_cards(state, 2, {KEY: 1, FEZ: 1})
    set_cards(state, 3, {CAMEL: 3})
    move(state, 10, 3, 11)
    commit(state)
    assert state.money[1] == 1400, "the Star he took paid its premium"
    assert state.cards[1] == [0] * 7, "and, being a single card, went back into the new pile"
    assert sorted(state.pile) == sorted([PALM, KEY, FEZ, STAR]) and state.pile_known_bottom == 0
    assert state.cards[0] == [0, 0, 2, 0, 0, 0, 0]
    assert state.cards[2] == [0] * 7 and state.cards[3][CAMEL] == 3
    assert not state.is_over


def test_cb_o2_the_new_pile_line_counts_its_cards_in_the_right_number() -> None:
    """A playtest read "the 1 single cards": one card is named in the singular."""
    state = ready(top=STAR)
    state.pile = [STAR]
    move(state, 10, 3, 11)
    commit(state)
    assert state.pile == [STAR] and not state.is_over
    line = [e.text for e in state.events if e.kind == "pile"][-1]
    assert line == "The pile is used up: 1 single card comes back as the new pile; its top card is Star.", line
    state = ready(top=STAR)
    state.pile = [STAR]
    set_cards(state, 2, {KEY: 1, FEZ: 1})
    move(state, 10, 3, 11)
    commit(state)
    line = [e.text for e in state.events if e.kind == "pile"][-1]
    assert line.startswith("The pile is used up: the 3 single cards are shuffled into a new pile; its top card "
                           "is "), line


def test_cb_o2_no_single_cards_no_pile_and_nobody_wins_the_pot() -> None:
    state = ready(top=STAR)
    state.pile = [STAR]
    set_cards(state, 1, {STAR: 1})  # the Star taken makes a pair
    set_cards(state, 0, {MOON: 2})
    move(state, 10, 3, 11)
    commit(state)
    assert state.is_over and state.pot_winner == -1
    assert state.end_reason == "the pile is used up"
    assert state.pot > 0


def test_cb_o3_a_broke_player_may_sell_two_cards_for_200_each() -> None:
    state = table(4, 1)
    lay_chips(state, {10: 3, 12: 5})
    place_figures(state, {s: 0 for s in range(4)})
    state.money[1] = 0
    set_cards(state, 1, {MOON: 2, KEY: 1})
    state._begin_turn(1)  # he starts his turn broke
    pile = len(state.pile)
    assert {a.text for a in state.legal_actions() if isinstance(a, Sell)} == {"sell 2", "sell 6"}
    state.apply(Sell(MOON))
    state.apply(Sell(KEY))
    assert state.money[1] == 400 and state.bank_paid == 400
    assert state.cards[1] == [0, 0, 1, 0, 0, 0, 0]
    assert state.pile[:2] == [KEY, MOON] and len(state.pile) == pile + 2, "under the pile"
    assert state.view(3)["pile_bottom"] == [KEY, MOON]
    with pytest.raises(IllegalAction, match="at most 2"):
        state.apply(Sell(MOON))
    state.apply(Pick(10))
    with pytest.raises(IllegalAction):
        state.apply(Sell(MOON))


def test_cb_o3_a_sale_limit_of_one_card_is_said_in_the_singular() -> None:
    state = table(4, 1, sell_limit=1)
    lay_chips(state, {10: 3, 12: 5})
    place_figures(state, {s: 0 for s in range(4)})
    state.money[1] = 0
    set_cards(state, 1, {MOON: 2})
    state._begin_turn(1)
    state.apply(Sell(MOON))
    with pytest.raises(IllegalAction) as refused:
        state.apply(Sell(MOON))
    assert str(refused.value).endswith("you may sell at most 1 card in a turn"), str(refused.value)


def test_cb_o3_only_a_broke_player_sells() -> None:
    state = ready()
    set_cards(state, 1, {MOON: 1})
    assert not any(isinstance(a, Sell) for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="without money"):
        state.apply(Sell(MOON))


def quiet_turn(state: CasablancaState) -> None:
    """The mover picks the first chip, tells its true number and nobody challenges."""
    chip = state.occupied[0]
    state.apply(Pick(chip))
    state.apply(Announce(state.held, next(f for f in state.free if f != chip)))
    commit(state)


def test_cb_o3_no_money_and_no_cards_is_out() -> None:
    state = challenged(stake=100, announce=4)
    state.money[1] = 100
    state.cap = 100
    turn_over(state)  # caught lying with his last $100
    state.apply(TakeTop())
    assert state.money[1] == 0 and state.cards[1] == [0] * 7
    assert not state.active[1] and state.figures[1] == -1
    assert any(e.kind == "out" and "Player 2" in e.text for e in state.events)
    movers = []
    for _ in range(4):
        movers.append(state.mover)
        quiet_turn(state)
    assert movers == [2, 3, 0, 2], "his turns are skipped"
    assert 1 not in state.commit_order


def test_cb_o3_with_cards_left_a_broke_player_stays_in() -> None:
    state = challenged(stake=100, announce=4)
    state.money[1] = 100
    state.cap = 100
    set_cards(state, 1, {MOON: 1})
    turn_over(state)
    state.apply(TakeTop())
    assert state.money[1] == 0 and state.active[1]


def test_cb_o3_the_last_player_standing_ends_the_round() -> None:
    state = table(2, 4)
    lay_chips(state, {10: 3})
    set_cards(state, 0, {})
    set_cards(state, 1, {})
    place_figures(state, {0: 0, 1: 0})
    state.money[1] = 100
    move(state, 10, 4, 11)  # a lie
    commit(state, {0: 100})
    turn_over(state)
    state.apply(TakeTop())
    assert state.is_over and state.end_reason == "only one player is left"


def test_cb_o4_the_round_ends_at_four_of_a_symbol_and_most_money_wins() -> None:
    state = ready(top=STAR)
    set_cards(state, 1, {STAR: 3})
    state.money[0] = 9000  # richer even than the pot winner
    move(state, 10, 3, 11)
    commit(state)
    assert state.is_over and state.pot_winner == 1
    assert state.winners() == [0]
    assert state.scores()[0] == 9000


def test_cb_o4_the_turn_limit_ends_a_round_without_a_pot_winner() -> None:
    for state in random_states(4, 2, turn_limit=5):
        pass
    assert state.is_over and state.turns == 5 and state.pot_winner == -1
    assert state.end_reason == "the safety limit of 5 turns is reached"
    for state in random_states(4, 2, turn_limit=1):
        pass
    assert state.end_reason == "the safety limit of 1 turn is reached", "one turn, in the singular"
    assert [e.text for e in state.events][-1].startswith("Round 1 ends: the safety limit of 1 turn is reached. ")


def test_cb_o4_a_match_deals_the_money_anew_each_round_and_adds_it_up() -> None:
    rounds_seen = []
    last = None
    for state in random_states(3, 21, rounds=3):
        if state.round not in rounds_seen:
            rounds_seen.append(state.round)
            assert state.money == [1300] * 3 and state.pot == 3 * 700 + 2000
        last = state
    assert rounds_seen == [1, 2, 3] and last is not None and last.is_over
    assert len(last.round_money) == 3
    assert last.scores() == [float(sum(r[s] for r in last.round_money)) for s in range(3)]


# -- information ---------------------------------------------------------------------------

def test_cb_info_a_turned_over_chip_stays_known_when_picked_up_and_put_down() -> None:
    """RULES.md, Information (revised): a chip turned over in a call stays known to everyone
    while it is picked up and put down again (all see where it goes), until a reshuffle."""
    state = challenged(stake=100, announce=3)  # seat 1 put the 3 from field 10 on field 11
    turn_over(state)  # the 3 on field 11 is turned over
    state.apply(TakeTop())
    for seat in (None, 0, 1, 2, 3):
        assert state.view(seat)["known"][11] == 3, "known to all while it lies there"
        assert state.view(seat)["knowers"][11] == [0, 1, 2, 3]
    assert state.mover == 2
    state.apply(Pick(11))
    for seat in (0, 1, 3):
        assert state.view(seat)["move"]["held"] == 3, "everybody knows the chip in the mover's hand"
        assert state.view(seat)["move"]["held_knowers"] == [0, 1, 2, 3]
    state.apply(Announce(3, 15))  # seat 2 puts the known 3 on field 15
    for seat in (None, 0, 1, 2, 3):
        assert state.view(seat)["known"][15] == 3
        assert state.view(seat)["knowers"][15] == [0, 1, 2, 3] and state.view(seat)["public"][15]
    for seat in (0, 3):  # no sampled world redraws it
        assert {state.sample_world(seat, random.Random(k)).chips[15] for k in range(30)} == {3}
    commit(state)
    assert state.mover == 3
    # the board marks it as turned over, known to all, not as a chip this seat alone has seen
    assert chip_mark(state.view(0), 15) == "[3]"
    state.apply(Reshuffle())  # the chips go to random fields: nobody knows any of them now
    assert state.view(0)["known"] == [None] * state.fields
    assert not any(state.view(0)["public"])


def test_cb_info_who_has_looked_at_a_chip_is_public() -> None:
    state = ready()
    move(state, 10, 3, 11)
    for seat in (None, 0, 1, 2, 3):
        assert state.view(seat)["knowers"][11] == [1]
    assert state.view(0)["known"][11] is None


def test_cb_info_memory_aid_is_a_display_setting() -> None:
    with_aid = ready()
    move(with_aid, 10, 3, 11)
    without = ready(memory_aid=False)
    move(without, 10, 3, 11)
    a, b = with_aid.view(1), without.view(1)
    assert a["memory_aid"] is True and b["memory_aid"] is False
    assert a["known"] == b["known"]


# -- money --------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_cb_c4_money_is_conserved_between_players_and_pot(players: int) -> None:
    for seed in range(12):
        start = players * 2000 + 2000
        for state in random_states(players, 100 * players + seed):
            assert money_total(state) == start + state.bank_paid
            assert min(state.money) >= 0 and state.pot >= 0
            if state.phase in ("respond", "exchange"):
                assert max(state.stakes) <= state.cap <= min(state.money[state.mover], state.money[state.challenger])


def test_random_rounds_end_well_before_the_limit() -> None:
    turns = []
    for seed in range(40):
        for state in random_states(4, seed):
            pass
        turns.append(state.turns)
        assert state.end_reason
    assert max(turns) < 400


def test_house_rules_file_is_checked(tmp_path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text("game: casablanca\nsettings:\n  admit_fee: 75\n")
    with pytest.raises(RulesetError, match="admit_fee"):
        load_house_rules(GAME, load_ruleset_file(), path)


def load_ruleset_file():
    from parlour.core.rulesets import load_ruleset

    return load_ruleset(GAME)


def test_every_variant_resolves_and_deals() -> None:
    ruleset = load_ruleset_file()
    assert {"no-memory-aid", "no-reshuffle", "match-of-three", "high-stakes"} <= set(ruleset.variants)
    for name in ruleset.variants:
        state = GAME.new_game(4, ruleset.resolve([name]), 3)
        assert state.legal_actions()


def test_illegal_actions_leave_the_state_alone() -> None:
    state = ready()
    before = (list(state.money), list(state.chips), state.phase, len(state.events))
    for action in (Call(), Announce(3, 11), TakeTop(), Challenge(100), Pass(), Sell(0), "nonsense"):
        with pytest.raises(IllegalAction):
            state.apply(action)  # type: ignore[arg-type]
    assert (list(state.money), list(state.chips), state.phase, len(state.events)) == before


def test_seeded_rounds_replay_exactly() -> None:
    a = [s.view(0) for s in random_states(4, 77)]
    b = [s.view(0) for s in random_states(4, 77)]
    assert a == b


# -- the revised CB-X3: the challenger answers the mover's match ------------------------------

def test_cb_x3_after_the_movers_match_the_challenger_answers() -> None:
    """Revised CB-X3 (book, section 4): the mover's plain match does not turn the chip over;
    the challenger may fold, call or raise."""
    state = challenged(stake=200, announce=3)
    state.apply(Call())  # the mover matches the 200
    assert state.phase == "exchange" and state.to_move == 2
    assert state.stakes[1] == state.stakes[2] == 200 and state.revealed == (-1, -1), "nothing turned over"
    assert {type(a).__name__ for a in state.legal_actions()} == {"Fold", "Call", "Raise"}
    assert "matches the stake of $200; Player 3 may fold, call or raise" in state.events[-1].text


def test_cb_x3_the_movers_match_is_named_a_match_wherever_a_player_reads_it() -> None:
    """Revised CB-X3: the mover's first answer is written ``call`` like the answer that turns
    the chip over, but only matches; the analysis named it "call: turn the chip over" (a
    playtest). Its label at that moment (``Game.label_in``, the review's and the analysis's
    wording) says match; the challenger's call after it, and the quick-call variant's, call."""
    from parlour.core.game import label_in, move_label
    from parlour.games.casablanca import GAME

    state = challenged(stake=200, announce=3)
    match = "match the stake (the challenger answers)"
    assert label_in(GAME, state, Call()) == match
    assert move_label(GAME, state.rules, "call", "kept", state) == match
    state.apply(Call())
    assert label_in(GAME, state, Call()) == "call: turn the chip over"
    quick = challenged(stake=200, announce=3, **RULESET_OF("quick-call"))
    assert label_in(GAME, quick, Call()) == "call: turn the chip over"


def test_cb_x3_the_challenger_may_withdraw_after_the_match_and_loses_his_stake() -> None:
    state = challenged(stake=200, announce=4)  # a lie
    state.apply(Call())
    state.apply(Fold())  # the challenger does not dare
    assert state.money[2] == 1100 and state.money[1] == 1500, "the folder's stake goes to the mover"
    assert state.revealed == (-1, -1) and state.phase == "claim" and state.to_move == 1


def test_cb_x3_the_challenger_may_raise_after_the_match_and_the_mover_answers() -> None:
    state = challenged(stake=200, announce=4)
    state.apply(Call())
    state.apply(Raise(100))  # the challenger raises to 300
    assert state.phase == "exchange" and state.to_move == 1
    state.apply(Call())  # the mover calls: now the chip is turned over
    assert state.revealed == (11, 3) and state.money[2] == 1600


def test_cb_x3_the_quick_call_variant_turns_the_chip_over_on_the_match() -> None:
    state = challenged(stake=200, announce=3, **RULESET_OF("quick-call"))
    state.apply(Call())
    assert state.revealed == (11, 3) and state.phase == "claim"


def test_cb_x5_alles_auf_eine_karte_is_the_default() -> None:
    """Revised CB-X5: a mover poorer than the minimum stake is challenged with all he has."""
    state = ready()
    state.money[1] = 50
    move(state, 10, 4, 11)
    assert state.phase == "commit" and state.commit_order == [2, 3, 0]
    commit(state, {2: 50})
    assert state.phase == "respond" and state.cap == 50


def RULESET_OF(variant: str) -> dict:
    from cb_helpers import RULESET

    return dict(RULESET.variants[variant].settings)
