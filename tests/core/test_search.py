"""The searching player (ISMCTS) and the flat Monte Carlo baseline, on toy games built to
catch one mistake each, on Sevens with no knowledge at all, and on the built-in games."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from searching_sevens import GAME as SEARCHING_SEVENS

from parlour.core.agents import Budget, as_kind, decide, make_agent
from parlour.core.game import Action, Game, State
from parlour.core.levels import LevelledGame
from parlour.core.registry import discover
from parlour.core.search import DEFAULT_BUDGET, FlatMonteCarloAgent, Knowledge, SearchAgent
from parlour.testing.conformance import _ruleset, random_walk

from test_cli import assert_user_error, parlour

REGISTRY = discover(["sevens:GAME"])
SEARCHING = {"PARLOUR_PLUGINS": "searching_sevens:GAME"}
BUILT_IN = ["banque-fatale", "monte-carlo", "casablanca"]


@dataclass(frozen=True, order=True)
class Pick(Action):
    n: int


class Secret(State):
    """Seat 1 holds a secret number (hidden from seat 0). Seat 0 moves first among
    ``first`` numbers, then seat 1 picks one of ``secret + 1`` numbers (its legal moves
    depend on what seat 0 cannot see; times ``spread``, to make the choice huge), then seat
    0 picks once more and the game ends. ``apply_trusted`` checks what it is given: the
    search must never play a move the world does not allow."""

    def __init__(self, secret: int = 3, first: int = 3, spread: int = 1, seed: int = 0) -> None:
        super().__init__(2, {}, seed)
        self.secret, self.first, self.spread = secret, first, spread
        self.moves: list[int] = []

    @property
    def to_move(self) -> int | None:
        return None if len(self.moves) >= 3 else len(self.moves) % 2

    def legal_actions(self) -> Sequence[Action]:
        return [Pick(i) for i in range(self._bound())]

    def _bound(self) -> int:
        return (self.secret + 1) * self.spread if len(self.moves) == 1 else self.first

    def is_legal(self, action: Action) -> bool:
        return type(action) is Pick and 0 <= action.n < self._bound()

    def apply_trusted(self, action: Action) -> None:
        assert self.is_legal(action), f"{action} applied where it is not legal"
        self._apply(action)

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Pick)
        self.moves.append(action.n)

    def view(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {"seat": seat, "moves": list(self.moves)}
        if seat == 1:
            view["secret"] = self.secret
        return view

    def scores(self) -> list[float]:
        total = sum(self.moves)
        return [float(total % 2), float(1 - total % 2)]

    def clone(self) -> Secret:
        other = Secret(self.secret, self.first, self.spread)
        other.moves = list(self.moves)
        return other

    def sample_world(self, seat: int, rng: random.Random, *, quiet: bool = False) -> Secret:
        world = self.clone()
        if seat == 0:
            world.secret = rng.randrange(6)
        return world


class Shell(State):
    """Seat 1 hid a pea under one of ten shells; seat 0 may guess a shell (1 point if
    right) or take 0.5 for sure. Uniform worlds make the sure half point best; a world
    model that believes only shell 7 makes guessing 7 best."""

    def __init__(self, pea: int = 7) -> None:
        super().__init__(2, {}, 0)
        self.pea = pea
        self.points: list[float] | None = None

    @property
    def to_move(self) -> int | None:
        return 0 if self.points is None else None

    def legal_actions(self) -> Sequence[Action]:
        return [Pick(i) for i in range(11)]  # Pick(10): the sure half point

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Pick)
        mine = 0.5 if action.n == 10 else float(action.n == self.pea)
        self.points = [mine, 1.0 - mine]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"seat": seat, "over": self.points is not None}

    def scores(self) -> list[float]:
        return list(self.points or [0.0, 0.0])

    def clone(self) -> Shell:
        other = Shell(self.pea)
        other.points = self.points
        return other

    def sample_world(self, seat: int, rng: random.Random, *, quiet: bool = False) -> Shell:
        return Shell(rng.randrange(10))


class Points(Knowledge):
    """Results are the scores themselves; counts every finished simulation."""

    def __init__(self) -> None:
        self.finished = 0

    def result(self, world: State) -> list[float]:
        self.finished += 1
        return world.scores()


class Believer(Points):
    """Believes only worlds with the pea under shell 7."""

    def world_weight(self, world: State, seat: int, view: Mapping[str, Any]) -> float:
        assert isinstance(world, Shell)
        return 1.0 if world.pea == 7 else 0.0


def choose(agent: Any, state: State, seed: int, **extra: Any) -> Action:
    seat = state.to_move
    assert seat is not None
    return agent.choose(state.view(seat), state.legal_actions(), random.Random(seed),
                        worlds=lambda rng: state.sample_world(seat, rng), **extra)


def mid_game(game_id: str, players: int = 4, steps: int = 20) -> tuple[Any, Mapping[str, Any], State]:
    game = REGISTRY.get(game_id)
    rules = _ruleset(game).resolve()
    state = game.new_game(min(players, game.max_players), rules, 3)
    for step, current in enumerate(random_walk(state, random.Random(3))):
        if step >= steps and len(current.legal_actions()) > 1:
            return game, rules, current
    raise AssertionError("the game ended too soon")


def test_same_generator_same_choice() -> None:
    game, rules, state = mid_game("sevens", steps=2)
    first = [choose(SearchAgent(budget=Budget(iterations=150)), state, seed) for seed in range(6)]
    again = [choose(SearchAgent(budget=Budget(iterations=150)), state, seed) for seed in range(6)]
    assert first == again
    for action in first:
        assert action in state.legal_actions()


def test_iteration_budget_is_honoured() -> None:
    knowledge = Points()
    agent = SearchAgent(knowledge, Budget(iterations=137))
    choose(agent, Secret(), 1)
    assert agent.last_iterations == 137
    assert knowledge.finished == 137


def test_deadline_with_a_fake_clock() -> None:
    now = [100.0]

    class Slow(Points):
        def result(self, world: State) -> list[float]:
            now[0] += 0.5  # every simulation takes half a (fake) second
            return super().result(world)

    knowledge = Slow()
    agent = SearchAgent(knowledge, Budget(seconds=10), clock=lambda: now[0])
    action = choose(agent, Secret(), 1)
    assert action in Secret().legal_actions()
    assert agent.last_iterations == knowledge.finished == 20
    # both limits: the first one reached ends the thinking
    now[0] = 0.0
    both = SearchAgent(Slow(), Budget(iterations=7, seconds=10), clock=lambda: now[0])
    choose(both, Secret(), 1)
    assert both.last_iterations == 7


def test_progress_reaches_one_and_can_cancel() -> None:
    shares: list[float] = []
    choose(SearchAgent(budget=Budget(iterations=300)), Secret(), 2, progress=shares.append)
    assert shares[-1] == 1.0
    assert len(shares) >= 4 and shares == sorted(shares) and all(0 < s <= 1 for s in shares)

    class Cancelled(Exception):
        pass

    def cancel(share: float) -> None:
        raise Cancelled

    with pytest.raises(Cancelled):
        choose(SearchAgent(budget=Budget(iterations=300)), Secret(), 2, progress=cancel)

    now = [0.0]

    class Ticking(Knowledge):
        def result(self, world: State) -> list[float]:
            now[0] += 0.01
            return super().result(world)

    timed: list[float] = []
    choose(SearchAgent(Ticking(), Budget(seconds=5), clock=lambda: now[0]), Secret(), 2, progress=timed.append)
    assert timed[-1] == 1.0 and len(timed) >= 3 and timed == sorted(timed)


def test_one_legal_move_is_played_at_once() -> None:
    knowledge = Points()
    state = Secret(first=1)
    assert choose(SearchAgent(knowledge), state, 0) == Pick(0)
    assert knowledge.finished == 0


@pytest.mark.parametrize("spread", [1, 20])
def test_moves_are_filtered_by_what_each_world_allows(spread: int) -> None:
    """Seat 1's moves depend on its secret, which differs from world to world (spread 20
    makes the choice wide enough to widen progressively): the search must never play a
    move a world does not allow (``Secret.apply_trusted`` would fail)."""
    for seed in range(3):
        agent = SearchAgent(budget=Budget(iterations=400))
        assert choose(agent, Secret(spread=spread), seed) in Secret().legal_actions()
    state = Secret(spread=spread)
    state.apply(Pick(1))
    state.apply(Pick(2))
    assert choose(SearchAgent(budget=Budget(iterations=200)), state, 0) in state.legal_actions()
    flat = FlatMonteCarloAgent(worlds=30)
    assert choose(flat, Secret(spread=spread), 0) in Secret().legal_actions()


def test_world_weights_rule_worlds_out() -> None:
    budget = Budget(iterations=600)
    assert choose(SearchAgent(Points(), budget), Shell(), 4) == Pick(10)
    assert choose(SearchAgent(Believer(), budget), Shell(), 4) == Pick(7)

    class Nobody(Points):
        def world_weight(self, world: State, seat: int, view: Mapping[str, Any]) -> float:
            return 0.0

    # every world ruled out: back to trusting them all alike
    assert choose(SearchAgent(Nobody(), budget), Shell(), 4) == Pick(10)


def test_a_redrawn_world_comes_from_the_model() -> None:
    """``Knowledge.redraw`` changes each world as it is drawn (the pea moved under shell 7:
    the search then believes it there), and is given the deciding seat and its view."""
    budget = Budget(iterations=300)
    seen: list[tuple[int, Any]] = []

    class Mover(Points):
        def redraw(self, world: State, seat: int, view: Mapping[str, Any], rng: random.Random) -> None:
            assert isinstance(world, Shell)
            seen.append((seat, dict(view)))
            world.pea = 7

    assert choose(SearchAgent(Mover(), budget), Shell(), 4) == Pick(7)
    assert len(seen) >= 300 and all(s == (0, {"seat": 0, "over": False}) for s in seen)

    class Weighed(Mover):  # redrawn first, then weighed
        def world_weight(self, world: State, seat: int, view: Mapping[str, Any]) -> float:
            assert isinstance(world, Shell) and world.pea == 7
            return 1.0

    assert choose(SearchAgent(Weighed(), budget), Shell(), 4) == Pick(7)


def test_progressive_widening_keeps_to_the_candidates() -> None:
    advised = [Pick(4321), Pick(17), Pick(2999)]

    class Advice(Points):
        def candidates(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Sequence[Action]:
            return advised

    state = Secret(first=5000)
    for seed in range(3):
        assert choose(SearchAgent(Advice(), Budget(iterations=60)), state, seed) in advised
    # no advice: a sample of the huge choice, still legal
    assert choose(SearchAgent(budget=Budget(iterations=60)), state, 0) in state.legal_actions()


def test_sevens_without_any_knowledge() -> None:
    assert set(SEARCHING_SEVENS.agent_kinds()) == {"hard", "flat", "high", "random"}
    game, rules, state = mid_game("sevens", steps=1)
    for agent in (SearchAgent(budget=Budget(iterations=200)), FlatMonteCarloAgent(worlds=20)):
        action = decide(agent, state.view(state.to_move), state.legal_actions(), random.Random(0),
                        worlds=lambda rng: state.sample_world(state.to_move, rng))
        assert action in state.legal_actions()


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_built_in_games_search(game_id: str) -> None:
    game, rules, state = mid_game(game_id)
    for spec in ("hard:80", "flat:4"):
        agent = make_agent(game, spec, rules)
        action = choose(agent, state, 1)
        assert state.is_legal(action), f"{spec} chose {action} in {game_id}"


def test_kinds_and_budgets() -> None:
    game = REGISTRY.get("monte-carlo")
    rules = _ruleset(game).resolve()
    hard = make_agent(game, "hard:400", rules)
    assert isinstance(hard, SearchAgent) and hard.budget == Budget(iterations=400)
    plain = make_agent(game, "hard", rules)
    default = as_kind(game.agent_kinds()["hard"]).budget  # the game's own default
    assert isinstance(plain, SearchAgent) and default is not None and plain.budget == default
    assert as_kind(LevelledGame.agent_kinds(game)["hard"]).budget == DEFAULT_BUDGET  # a game that sets none
    timed = make_agent(game, "hard", rules, seconds=2.5)
    assert isinstance(timed, SearchAgent) and timed.budget == Budget(seconds=2.5)
    flat = make_agent(game, "flat", rules)
    assert isinstance(flat, FlatMonteCarloAgent) and flat.worlds == 200
    assert make_agent(game, "flat:30", rules).worlds == 30  # type: ignore[attr-defined]
    for game_id in BUILT_IN:
        kinds = REGISTRY.get(game_id).agent_kinds()
        assert {"random", "easy", "medium", "hard", "flat"} <= set(kinds)


def test_simulate_with_hard_and_flat_on_the_command_line() -> None:
    result = parlour("simulate", "sevens", "--agents", "hard:400,flat", "--games", "1", "--seed", "4",
                     "--json", env=SEARCHING)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["summary"]["games"] == 1
    assert set(data["summary"]["agent_win_share"]) == {"hard:400", "flat"}
    # an iteration budget plays the same games with any number of worker processes
    args = ("simulate", "sevens", "--agents", "hard:60,random", "--games", "2", "--json")
    one, two = parlour(*args, env=SEARCHING), parlour(*args, "--jobs", "2", env=SEARCHING)
    assert one.returncode == 0, one.stderr
    assert json.loads(one.stdout)["games"] == json.loads(two.stdout)["games"]


def test_a_budget_on_a_level_without_search_is_one_line_error() -> None:
    assert_user_error(parlour("simulate", "monte-carlo", "--agents", "medium:50"), "medium", "medium:50")


def test_flat_keeps_the_move_with_the_best_mean_result() -> None:
    # the sure half point (Pick 10) is worth 0.45 a world; a guess 0.1 on average
    assert choose(FlatMonteCarloAgent(worlds=40), Shell(), 2) == Pick(10)
    # with advice it tries only the advised moves, at most a dozen of them
    tried: list[Action] = []

    class Advice(Points):
        def candidates(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Sequence[Action]:
            return [Pick(n) for n in range(20, 0, -1)]

        def result(self, world: State) -> list[float]:
            assert isinstance(world, Secret)
            tried.append(Pick(world.moves[0]))
            return super().result(world)

    choice = choose(FlatMonteCarloAgent(Advice(), worlds=3), Secret(first=5000), 0)
    assert set(tried) == {Pick(n) for n in range(20, 8, -1)} and choice in tried


class Even(Knowledge):
    """Every move is worth the same; ``variety`` as given."""

    def __init__(self, variety: float) -> None:
        self.variety = variety

    def candidates(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Sequence[Action]:
        return [Pick(10), Pick(3), Pick(7)]

    def result(self, world: State) -> list[float]:
        return [0.5, 0.5]


def test_variety_chooses_among_moves_of_equal_value() -> None:
    """Issue 29: moves of nearly equal value do not come by rote; without ``variety`` the
    most visited (here the first offered) is kept every time."""
    state = Shell()
    plain = {choose(SearchAgent(Even(0.0), Budget(iterations=90)), state, seed) for seed in range(12)}
    varied = {choose(SearchAgent(Even(0.02), Budget(iterations=90)), state, seed) for seed in range(12)}
    assert plain == {Pick(10)}
    assert varied == {Pick(10), Pick(3), Pick(7)}


class Steady(Even):
    """Even, but only the moves below 8 may vary (a game's stakes, say, never do)."""

    def varies(self, action: Action) -> bool:
        return action.n < 8  # type: ignore[attr-defined]


def test_variety_keeps_out_of_the_moves_a_game_holds_steady() -> None:
    """Issue 29: a game may keep some moves out of the variety (a near tie between folding
    and calling hides a far larger risk): when the best may not vary, it is kept every time;
    when it may, only the near equals that may vary are chosen among."""
    state = Shell()
    held = {choose(SearchAgent(Steady(0.02), Budget(iterations=90)), state, seed) for seed in range(12)}
    assert held == {Pick(10)}

    class SteadyFirst(Steady):
        def candidates(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Sequence[Action]:
            return [Pick(3), Pick(10), Pick(7)]

    varied = {choose(SearchAgent(SteadyFirst(0.02), Budget(iterations=90)), state, seed) for seed in range(12)}
    assert varied == {Pick(3), Pick(7)}


class Toss(State):
    """Seat 0 picks a coin (0, 1 or 2) and wins if it comes up heads; coin ``n`` shows heads
    with chance ``odds[n]``, drawn in each world (``sample_world``)."""

    def __init__(self, odds: Sequence[float], toss: float = 0.5) -> None:
        super().__init__(2, {}, 0)
        self.odds, self.toss = list(odds), toss
        self.points: list[float] | None = None

    @property
    def to_move(self) -> int | None:
        return 0 if self.points is None else None

    def legal_actions(self) -> Sequence[Action]:
        return [Pick(n) for n in range(len(self.odds))]

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Pick)
        mine = float(self.toss < self.odds[action.n])
        self.points = [mine, 1.0 - mine]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"seat": seat}

    def scores(self) -> list[float]:
        return list(self.points or [0.0, 0.0])

    def clone(self) -> Toss:
        other = Toss(self.odds, self.toss)
        other.points = self.points
        return other

    def sample_world(self, seat: int, rng: random.Random, *, quiet: bool = False) -> Toss:
        return Toss(self.odds, rng.random())


class Advised(Points):
    """Offers the coins in order, the first as its advice; ``trust_first`` as given, for
    the coins ``trusted`` (all by default)."""

    def __init__(self, trust: float, trusted: Sequence[int] = (0, 1, 2)) -> None:
        super().__init__()
        self.trust_first, self.trusted = trust, trusted

    def candidates(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Sequence[Action]:
        return list(legal)

    def trusts(self, action: Action) -> bool:
        return action.n in self.trusted  # type: ignore[attr-defined]


def test_the_games_advice_is_kept_unless_another_move_is_clearly_better() -> None:
    """Issue 29: between moves a few hundred simulations cannot tell apart, the most
    visited is a coin toss; with ``trust_first`` the game's first candidate is played
    unless another beats it by that many standard errors, and a clearly better one still
    wins. A move the game does not trust (``trusts``) is decided as before."""
    close = Toss([0.50, 0.53, 0.30])
    budget = Budget(iterations=400)
    plain = [choose(SearchAgent(Advised(0.0), budget), close, seed) for seed in range(40)]
    trusted = [choose(SearchAgent(Advised(2.0), budget), close, seed) for seed in range(40)]
    # the search's own choice is the noise of its first simulations (here 10 times in 40
    # the advice, 30 times the coin better by 0.03); trusted, the advice 35 times
    assert plain.count(Pick(0)) <= 20
    assert trusted.count(Pick(0)) >= 32
    clear = Toss([0.30, 0.80, 0.30])
    assert {choose(SearchAgent(Advised(2.0), budget), clear, seed) for seed in range(8)} == {Pick(1)}
    untrusted = [choose(SearchAgent(Advised(2.0, trusted=()), budget), close, seed) for seed in range(40)]
    assert untrusted == plain
    # the statistics the rule reads: each move's spread of results, and its standard error
    found = searched(SearchAgent(Advised(0.0), budget), close, 3)
    for move in found.moves:
        assert move.visits > 1
        assert move.spread == pytest.approx(move.reward * (1 - move.reward) * move.visits / (move.visits - 1))
        assert move.error() == pytest.approx((move.spread / move.visits) ** 0.5)


def searched(agent: SearchAgent, state: State, seed: int, **extra: Any) -> Any:
    seat = state.to_move
    assert seat is not None
    return agent.search(state.view(seat), state.legal_actions(), random.Random(seed),
                        worlds=lambda rng: state.sample_world(seat, rng), **extra)


def test_search_statistics_are_what_choose_decides_by() -> None:
    """The root's statistics: every simulation counted once, the win chance apart from the
    reward (the sure half point shares the win: its reward is 0.9 of a half, its win chance
    a half), and ``choose`` is the final choice made from them."""
    agent = SearchAgent(Knowledge(), Budget(iterations=300))
    found = searched(agent, Shell(), 4)
    assert found.iterations == 300 and sum(m.visits for m in found.moves) == 300
    sure = next(m for m in found.moves if m.action == Pick(10))
    assert sure.reward == pytest.approx(0.45) and sure.win == pytest.approx(0.5)
    for move in found.moves:
        assert move.win is not None and 0.0 <= move.win <= 1.0
    assert found.moves[found.most_visited()].action == choose(agent, Shell(), 4) == Pick(10)
    assert all(m.win is None for m in searched(agent, Shell(), 4, chances=False).moves)


def test_a_move_asked_for_is_searched_even_if_the_game_would_not_offer_it() -> None:
    class Advice(Knowledge):
        def candidates(self, view, legal, rng):  # type: ignore[no-untyped-def]
            return [Pick(10), Pick(3)]

    agent = SearchAgent(Advice(), Budget(iterations=60))
    assert [m.action for m in searched(agent, Shell(), 1).moves] == [Pick(10), Pick(3)]
    asked = searched(agent, Shell(), 1, also=[Pick(5)])
    assert [m.action for m in asked.moves] == [Pick(10), Pick(5), Pick(3)]
    assert all(m.visits for m in asked.moves)


def test_a_floor_tries_the_move_asked_for_after_the_search_without_changing_its_choice() -> None:
    """The analysis's floor: a guess the selection gave up on early (a pea under one of ten
    shells) is tried until it has ``floor`` simulations once the budget is spent; the other
    moves, the choice and every simulation before are those of the search without it."""
    agent = SearchAgent(Knowledge(), Budget(iterations=300))
    plain = searched(agent, Shell(), 4, also=[Pick(3)])
    guess = next(m for m in plain.moves if m.action == Pick(3))
    assert guess.visits < 60
    floored = searched(agent, Shell(), 4, also=[Pick(3)], floor=60)
    tried = next(m for m in floored.moves if m.action == Pick(3))
    assert tried.visits == 60 and floored.iterations == 300 + 60 - guess.visits
    assert tried.win == pytest.approx(0.1, abs=0.08)  # one shell in ten
    assert floored.moves[floored.most_visited()].action == plain.moves[plain.most_visited()].action == Pick(10)
    assert [m for m in floored.moves if m.action != Pick(3)] == [m for m in plain.moves if m.action != Pick(3)]
    sure = searched(agent, Shell(), 4, also=[Pick(10)], floor=60)  # tried more than the floor already
    assert sure == searched(agent, Shell(), 4, also=[Pick(10)])


def test_one_agent_runs_two_searches_at_once() -> None:
    """No search keeps its state on the agent: threads searching with one agent for both
    seats (the other seat modelled, which asks whose search it is), switched between as
    often as Python can, find what each search finds alone."""
    import sys
    import threading
    import time

    class Modelled(Knowledge):
        model_others = True

        def rollout(self, world: State, rng: random.Random) -> Action | None:
            return None

    class Yielding(Secret):
        """Lets the other threads run at every move (the moment a search's state, were it
        kept on the agent, would be overwritten)."""

        def apply_trusted(self, action: Action) -> None:
            time.sleep(0)
            super().apply_trusted(action)

        def clone(self) -> Yielding:
            other = Yielding(self.secret, self.first, self.spread)
            other.moves = list(self.moves)
            return other

        def sample_world(self, seat: int, rng: random.Random, *, quiet: bool = False) -> Yielding:
            world = self.clone()
            if seat == 0:
                world.secret = rng.randrange(6)
            return world

    first = Yielding(first=4)
    second = first.clone()
    second.apply(Pick(1))  # seat 1 to move
    agent = SearchAgent(Modelled(), Budget(iterations=300))
    jobs = [(state, seed) for seed in range(3) for state in (first, second)]
    alone = [searched(agent, state, seed) for state, seed in jobs]
    together: dict[int, Any] = {}
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=lambda i=i, s=state, n=seed: together.__setitem__(i, searched(agent, s, n)))
                   for i, (state, seed) in enumerate(jobs)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(old)
    assert [together[i] for i in range(len(jobs))] == alone


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_built_in_games_estimate_win_chances_that_add_up(game_id: str) -> None:
    """A built-in game's win chances in a world a rollout stopped in early are a share of
    the win each (together: one); at the end, each seat's share of the win."""
    game, rules, state = mid_game(game_id)
    knowledge = game.search_knowledge(rules)
    chances = [knowledge.win_chance(state, seat) for seat in range(state.players)]
    assert all(c is not None and 0.0 <= c <= 1.0 for c in chances)
    assert sum(chances) == pytest.approx(1.0)  # type: ignore[arg-type]
    rng = random.Random(1)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    winners = state.winners()
    assert [knowledge.win_chance(state, seat) for seat in range(state.players)] == [
        1.0 / len(winners) if seat in winners else 0.0 for seat in range(state.players)]
