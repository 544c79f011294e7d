"""The searching player's Monte Carlo knowledge: rollouts, value estimate, candidates."""

from __future__ import annotations

import random

from parlour.games.monte_carlo import GAME
from parlour.games.monte_carlo.agents import MediumAgent
from parlour.games.monte_carlo.actions import Bet
from parlour.games.monte_carlo.knowledge import CANDIDATE_BETS, FOLLOW_BETS, MonteCarloKnowledge, seat_models
from parlour.core.agents import Budget
from parlour.core.rulesets import load_ruleset
from parlour.core.search import SearchAgent
from parlour.testing.knowledge import rollout_game

RULES = load_ruleset(GAME).resolve()


def test_rollout_plays_legal_moves_to_the_end_and_bets_with_care() -> None:
    know = MonteCarloKnowledge(RULES)
    for seed in range(3):
        bets = sum(type(action) is Bet for _, action in rollout_game(GAME, RULES, know, seed))
        # a random bettor stakes a chip a round, 48 a game at four; this one about its
        # model's six a seat
        assert 4 * RULES["match_games"] <= bets <= 4 * 8 * RULES["match_games"]


def _first_game(know: MonteCarloKnowledge, seed: int) -> tuple[list[int], list[tuple[int, bool]]]:
    """One rollout of a match's first game from a sampled world of the first bettor's view:
    the chips each seat bet, and each staked field's (seats on it, won)."""
    state = GAME.new_game(4, RULES, seed)
    know.read(state.view(state.to_move))
    world = state.sample_world(state.to_move, random.Random(seed), quiet=True)
    rng = random.Random(seed)
    chips = [0] * 4
    while world.phase == "betting":
        action = know.rollout(world, rng)
        if type(action) is Bet:
            chips[world.current] += 1
        world.apply_trusted(action)
    while not world.history:
        world.apply_trusted(know.rollout(world, rng))
    return chips, [(len(set(f["chips"])), f["won"]) for f in world.history[0]["fields"]]


def test_rollout_seats_bet_as_their_models_say_and_a_lone_bet_can_pay() -> None:
    """The rollout players bet about a model's six chips a game, and a field one seat bet
    on alone is completed about as often as at the benchmarks' tables of people (a quarter
    of such chips win there). When they bet half a chip a game, three seats with nothing
    of their own to lay for blocked every lone bet, a tenth of them won, and the search
    never bet first."""
    know = MonteCarloKnowledge(RULES)
    games = [_first_game(know, seed) for seed in range(60)]
    per_seat = sum(sum(chips) for chips, _ in games) / (4 * len(games))
    assert 4.0 <= per_seat <= 7.0
    lone = [won for _, fields in games for seats, won in fields if seats == 1]
    assert len(lone) >= 100
    assert 0.15 <= sum(lone) / len(lone) <= 0.4


def test_candidates_search_a_few_bets_not_all_sixty() -> None:
    know = MonteCarloKnowledge(RULES)
    state = _betting()
    view, legal = state.view(state.to_move), state.legal_actions()
    offered = know.candidates(view, legal, random.Random(1))
    bets = [a for a in offered if type(a) is Bet]
    assert sum(type(a) is Bet for a in legal) > 40
    assert any(type(a) is not Bet for a in offered)
    assert len(bets) <= CANDIDATE_BETS + 1
    # once others have bet, their fields are offered too (a shared field pays more often)
    for _ in range(2):  # two seats' chips; a field takes three
        state.apply(next(a for a in state.legal_actions() if type(a) is Bet and a.field == "n5-top"))
    view, legal = state.view(state.to_move), state.legal_actions()
    offered = know.candidates(view, legal, random.Random(1))
    assert Bet("n5-top") in offered
    assert sum(type(a) is Bet for a in offered) <= CANDIDATE_BETS + FOLLOW_BETS + 1


def test_candidates_lead_with_medium_and_are_legal() -> None:
    know = MonteCarloKnowledge(RULES)
    state = GAME.new_game(4, RULES, 2)
    rng = random.Random(0)
    for _ in range(70):
        seat = state.to_move
        view, legal = state.view(seat), state.legal_actions()
        offered = know.candidates(view, legal, random.Random(5))
        assert offered[0] == MediumAgent(RULES).choose(view, legal, random.Random(random.Random(5).random()))
        assert all(a in legal for a in offered) and len(set(offered)) == len(offered)
        state.apply(legal[rng.randrange(len(legal))])


def _betting(seed: int = 3):
    state = GAME.new_game(4, RULES, seed)
    assert state.phase == "betting"
    return state


def test_seat_models_learn_who_leads_and_who_follows() -> None:
    """A seat that only ever bets where another bet first is a follower; its bets count for
    little as signs of its tiles, and its rollout player follows too."""
    state = _betting()
    field = state.fields[0].id
    leader = state.to_move
    for _ in range(16):  # the leader bets a new field each round, the next seat follows him
        seat = state.to_move
        if seat == leader:
            mine = next(a for a in state.legal_actions() if type(a) is Bet and a.field not in state.view(seat)["bets"])
            state.apply(mine)
            field = mine.field
        elif seat == (leader + 1) % 4:
            state.apply(next(a for a in state.legal_actions() if type(a) is Bet and a.field == field))
        else:
            state.apply(next(a for a in state.legal_actions() if type(a) is not Bet))
        if state.phase != "betting":
            break
    view = state.view((leader + 2) % 4)
    models = seat_models(view)
    follower = (leader + 1) % 4
    assert models[leader].lead > 0.8 > 0.5 > models[follower].lead
    know = MonteCarloKnowledge(RULES)
    know.read(view)
    world = state.clone()
    world.current = follower
    moves = [know.rollout(world, random.Random(i)) for i in range(40)]
    followed = [m for m in moves if type(m) is Bet and m.field in view["bets"]]
    assert len(followed) > 20


def test_world_weight_believes_a_leader_holds_the_tiles_of_his_field() -> None:
    state = _betting()
    seat = state.to_move
    bet = next(a for a in state.legal_actions() if type(a) is Bet and a.field.startswith("n") and a.field[1].isdigit())
    state.apply(bet)
    me = state.to_move
    view = state.view(me)
    know = MonteCarloKnowledge(RULES)
    index = state.field_pos[bet.field]
    digit = next(d for d, _ in know.groups[index])
    rich, poor = state.clone(), state.clone()
    # move the digit's tiles into (or out of) the bettor's hand, swapping with another seat
    other = next(s for s in range(4) if s not in (seat, me))
    for world, into, out_of in ((rich, seat, other), (poor, other, seat)):
        moved = world.hands[out_of][digit]
        spare = next(d for d in range(1, 10) if d != digit and world.hands[into][d] >= moved)
        world.hands[into][digit] += moved
        world.hands[out_of][digit] = 0
        world.hands[into][spare] -= moved
        world.hands[out_of][spare] += moved
    assert know.world_weight(rich, me, view) > 2 * know.world_weight(poor, me, view)


def _played_match(seed: int = 4):
    state = GAME.new_game(4, RULES, seed)
    rng = random.Random(seed)
    while not state.is_over:
        view, legal = state.view(state.to_move), state.legal_actions()
        state.apply(MediumAgent(RULES).choose(view, legal, rng))
    return state


def test_habits_are_the_bets_every_seat_saw() -> None:
    """Issue 29: what a match shows of each player's betting is remembered, and only that:
    the habits equal the counts read from any seat's view of the games settled."""
    state = _played_match()
    habits = state.habits()
    for seat in (None, 0, 3):
        view = state.view(seat)
        for s, counts in enumerate(habits):
            chips = [c for game in view["history"] for entry in game["fields"] for c in entry["chips"]]
            assert counts["chips"] == chips.count(s) == counts["led"] + counts["followed"]
            assert counts["games"] == len(view["history"])
    assert sum(h["chips"] for h in habits) > 0


def test_a_person_met_before_is_modelled_from_his_habits_for_a_few_games_weight() -> None:
    """A follower who bet thirty chips a game in earlier matches starts this one modelled as
    one (his past weighs at most ``MEMORY_GAMES`` games), and the searching player's knowledge
    uses what it was told; a seat not met before keeps the priors."""
    view = GAME.new_game(4, RULES, 2).view(0)
    follower = {"games": 30.0, "chips": 300.0, "led": 30.0, "followed": 270.0}
    fresh, known = seat_models(view), seat_models(view, [None, follower, None, None])
    assert known[0] == fresh[0] == known[2]
    assert known[1].lead < 0.4 < fresh[1].lead
    assert known[1].chips > 8.0 > fresh[1].chips
    twice = seat_models(view, [None, {k: 2 * v for k, v in follower.items()}, None, None])
    assert twice[1] == known[1]
    know = MonteCarloKnowledge(RULES)
    know.recall([None, follower, None, None])
    know.read(view)
    assert know.models[1] == known[1]
    hostile = seat_models(view, [None, {"games": 1.0, "chips": 1e300, "led": -5.0}, {"games": -3.0},
                                 {"games": float("inf"), "led": float("nan"), "followed": "x"}])  # type: ignore[dict-item]
    assert all(0.0 <= m.lead <= 1.0 and 0.0 <= m.chips <= 12.0 for m in hostile)


def test_the_searchers_own_seat_bets_no_more_in_its_rollouts_of_this_game() -> None:
    """A bet at the root is weighed as that chip, then stopping: the rollouts stop for the
    searching seat in the game it decides in, while the others bet as their models say."""
    know = MonteCarloKnowledge(RULES)
    chips, _ = _first_game(know, 4)
    me = GAME.new_game(4, RULES, 4).to_move  # the seat whose view the knowledge read
    assert chips[me] == 0
    assert sum(chips) - chips[me] >= 6


def test_hard_bets_a_strong_hand_in_a_matchs_first_game() -> None:
    """Three of the four 2s at the first turn of a match: ``hard`` bets. Its rollouts once
    played its own seat as its model, six chips a game before any evidence, so each bet
    carried five more losing ones and it stopped here in every search (and bet no chip in
    the first games of two matches against the benchmarks' players)."""
    state = GAME.new_game(4, RULES, 9)
    seat = state.to_move
    view, legal = state.view(seat), state.legal_actions()
    assert view["game"] == 1 and view["hand"].count(2) == 3
    choices = []
    for r in range(3):
        agent = SearchAgent(MonteCarloKnowledge(RULES), Budget(iterations=600))
        choices.append(agent.choose(view, legal, random.Random(r),
                                    worlds=lambda rng: state.sample_world(seat, rng, quiet=True)))
    assert all(type(a) is Bet for a in choices), choices
