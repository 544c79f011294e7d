"""Search primitives: quiet sampled worlds, clones that share their generator copy-on-write,
and what the match runner hands its agents (lazy views, quiet worlds, per-seat generators)."""

from __future__ import annotations

import random

import pytest

from parlour.core.agents import RandomAgent
from parlour.core.game import Game, QuietLog, State
from parlour.core.match import LazyView, Match, takes_quiet, world_sampler
from parlour.core.record import Seat
from parlour.core.registry import discover
from parlour.core.rulesets import load_ruleset
from parlour.testing.conformance import snapshot

REGISTRY = discover(["sevens:GAME"])
QUIET_GAMES = [g for g in REGISTRY.games.values() if g.id != "sevens"]


@pytest.fixture(params=QUIET_GAMES, ids=lambda g: g.id)
def game(request: pytest.FixtureRequest) -> Game:
    return request.param


def walk(game: Game, seed: int, steps: int, players: int = 4) -> State:
    """The state after ``steps`` random moves (fewer if the game ends first)."""
    state = game.new_game(players, load_ruleset(game).resolve(), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def play_to_end(state: State, seed: int) -> int:
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        state.apply_trusted(legal[rng.randrange(len(legal))])
        steps += 1
    return steps


def test_the_three_games_take_quiet_and_sevens_does_not() -> None:
    assert {g.id for g in QUIET_GAMES} == {"banque-fatale", "monte-carlo", "casablanca"}
    for game in QUIET_GAMES:
        assert takes_quiet(game.new_game(4, load_ruleset(game).resolve(), 1))
    sevens = REGISTRY.get("sevens")
    assert not takes_quiet(sevens.new_game(2, load_ruleset(sevens).resolve(), 1))


def test_quiet_worlds_keep_the_seat_view_log_nothing_and_play_to_the_end(game: Game) -> None:
    for seed, steps in ((1, 12), (2, 40), (3, 90)):
        state = walk(game, seed, steps)
        assert not state.is_over and state.events
        seat = state.to_move
        assert seat is not None
        for who in {seat, (seat + 1) % state.players}:
            before = snapshot(state)
            world = state.sample_world(who, random.Random(seed), quiet=True)
            assert snapshot(state) == before, "sampling a quiet world changed the real state"
            assert world.quiet and list(world.events) == []
            assert world.view(who) == state.view(who)
            assert world.to_move == state.to_move
            loud = state.sample_world(who, random.Random(seed))
            assert not loud.quiet and loud.events
            assert loud.view(who) == world.view(who), "quiet or not, the same generator draws the same world"
            copy = world.clone()
            assert copy.quiet and list(copy.events) == []
            assert play_to_end(world, seed) > 0
            assert world.is_over and list(world.events) == [] and isinstance(world.events, QuietLog)
            assert len(world.scores()) == state.players
            assert list(copy.events) == [] and not copy.is_over, "playing a world on changed its clone"


def test_a_quiet_world_plays_the_same_game_as_a_loud_one(game: Game) -> None:
    state = walk(game, 5, 30)
    seat = state.to_move
    assert seat is not None
    quiet = state.sample_world(seat, random.Random(8), quiet=True)
    loud = state.sample_world(seat, random.Random(8))
    play_to_end(quiet, 4)
    play_to_end(loud, 4)
    assert quiet.scores() == loud.scores()
    assert [quiet.view(s) for s in range(state.players)] == [loud.view(s) for s in range(state.players)]


def draws(state: State, count: int = 5) -> list[float]:
    return [state.rng.random() for _ in range(count)]


def test_clones_share_the_generator_copy_on_write(game: Game) -> None:
    state = walk(game, 7, 20)
    state.rng.random()  # a generator in use, not a fresh one
    one, two = state.clone(), state.clone()
    future = draws(one)
    assert draws(two) == future, "two clones draw the same future"
    assert draws(state) == future, "the original draws it too"
    assert draws(two) == draws(one), "and go on in step, each on its own"
    three = state.clone()
    draws(state, 50)
    four = state.clone()
    assert draws(three) != draws(four), "a clone takes the generator as it stands when cloned"
    # a clone played out leaves the original and another clone as they were
    five, six = state.clone(), state.clone()
    before = snapshot(state)
    play_to_end(five, 1)
    assert snapshot(state) == before
    play_to_end(six, 1)
    assert snapshot(six) == snapshot(five), "clones played alike end alike, chance included"


def test_clones_of_a_world_draw_the_same_future_as_it(game: Game) -> None:
    state = walk(game, 9, 25)
    seat = state.to_move
    assert seat is not None
    for quiet in (False, True):
        world = state.sample_world(seat, random.Random(2), quiet=quiet)
        again = state.sample_world(seat, random.Random(2), quiet=quiet)
        a, b = world.clone(), world.clone()
        assert draws(a) == draws(b) == draws(world) == draws(again)


def test_share_rng_and_reseed_on_a_plain_state() -> None:
    sevens = REGISTRY.get("sevens")
    state = sevens.new_game(2, load_ruleset(sevens).resolve(), 3)
    other = sevens.new_game(2, load_ruleset(sevens).resolve(), 4)
    state.rng.random()
    state.share_rng(other)
    assert draws(other) == draws(state)
    state.reseed(99)
    reference = random.Random(99)
    assert draws(state) == [reference.random() for _ in range(5)]
    state.rng = random.Random(5)
    assert draws(state, 1) == [random.Random(5).random()]


# -- what the runner hands its agents ------------------------------------------------------


class Reader:
    """Says it does not read the view, and reads it anyway (the runner must still show the
    true view of the decision)."""

    reads_view = False

    def __init__(self, match: Match) -> None:
        self.match = match
        self.views: list[LazyView] = []
        self.checked = 0

    def choose(self, view, legal, rng):
        assert isinstance(view, LazyView)
        self.views.append(view)
        if len(self.views) % 2:  # every other decision: read it
            state = self.match.state
            expected = state.view(state.to_move)
            assert dict(view) == expected and view == expected
            assert view["seat"] == state.to_move and len(view) == len(expected)
            self.checked += 1
        return legal[rng.randrange(len(legal))]


def test_the_lazy_view_is_exactly_the_seat_view_and_only_during_its_decision(game: Game) -> None:
    rules = load_ruleset(game).resolve()
    seats = [Seat(f"p{i}", "reader") for i in range(4)]
    match = Match(game, rules, 3, seats, [RandomAgent()] * 4)
    readers = [Reader(match) for _ in seats]
    match.agents = readers
    for _ in range(40):
        if match.state.is_over:
            break
        match.step()
    views = [v for r in readers for v in r.views]
    assert sum(r.checked for r in readers) > 5
    read = [v for v in views if v._view is not None]
    unread = [v for v in views if v._view is None]
    assert read and unread
    assert all(isinstance(v["seat"], int) for v in read), "a view read in time stays readable"
    with pytest.raises(RuntimeError, match="after the match moved on"):
        unread[0]["seat"]


def test_agents_that_read_views_get_plain_dicts_and_the_same_game_as_before() -> None:
    game = REGISTRY.get("banque-fatale")
    rules = load_ruleset(game).resolve()
    seats = [Seat(f"p{i}", "random") for i in range(4)]

    class ViewReader(RandomAgent):
        reads_view = True

        def choose(self, view, legal, rng):
            assert type(view) is dict
            return super().choose(view, legal, rng)

    lazy = Match(game, rules, 5, seats, [RandomAgent() for _ in seats])
    eager = Match(game, rules, 5, seats, [ViewReader() for _ in seats])
    lazy.play_out()
    eager.play_out()
    assert lazy.record.actions == eager.record.actions, "building the view or not changes no decision"


class Searcher:
    wants_worlds = True
    reads_view = False

    def __init__(self) -> None:
        self.worlds: list[State] = []

    def choose(self, view, legal, rng, worlds=None):
        self.worlds.append(worlds(rng))
        return legal[rng.randrange(len(legal))]


def test_the_runner_hands_searching_agents_quiet_worlds(game: Game) -> None:
    rules = load_ruleset(game).resolve()
    agents = [Searcher() for _ in range(4)]
    match = Match(game, rules, 2, [Seat(f"p{i}", "s") for i in range(4)], agents)
    for _ in range(10):
        seat = match.state.to_move
        view = match.state.view(seat)
        match.step()
        world = agents[seat].worlds[-1]
        assert world.quiet and list(world.events) == []
        assert world.view(seat) == view


def test_world_sampler_falls_back_for_games_without_quiet() -> None:
    sevens = REGISTRY.get("sevens")
    state = sevens.new_game(2, load_ruleset(sevens).resolve(), 1)
    world = world_sampler(state, 0)(random.Random(1))
    assert world.view(0) == state.view(0) and not world.quiet


def test_the_record_writes_its_texts_when_read(game: Game) -> None:
    rules = load_ruleset(game).resolve()
    match = Match(game, rules, 4, [Seat(f"p{i}", "random") for i in range(4)], [RandomAgent() for _ in range(4)])
    played = []
    for _ in range(15):
        played.append(match.step().text)
        assert match.moves == len(played)
    assert match.record.actions == played
    assert match.moves == len(played)
    match.play_out()
    record = match.record
    assert record.finished and len(record.actions) == match.moves and record.actions[:15] == played
