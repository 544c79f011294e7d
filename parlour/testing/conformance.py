"""The conformance suite: :class:`GameContract`'s ``test_contract_*`` tests assert the whole
game contract, and every Parlour game must pass them.

Two levels, two words: when a plugin loads, the registry only *verifies* its shape and that
it deals (``parlour.core.registry.verify_shape`` and ``verify_deal``; a failure makes it a
broken plugin); these tests play whole games and assert everything else the host relies on.

A plugin's tests subclass the suite and say which game it checks, so every test added to
the suite later runs there too::

    from parlour.testing.conformance import GameContract
    from my_plugin import GAME

    class TestMyGame(GameContract):
        GAME = GAME

(or give the subclass a ``game`` fixture, as Parlour's own tests do to run it over every
registered game). The old way, ``from parlour.testing.conformance import *`` beside a
module-level ``game`` fixture, still runs every test, with a DeprecationWarning, through 0.2.

``CONFORMANCE_GAMES`` (an environment variable, default 6) sets how many random games each
contract test plays per player count.
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import json
import math
import os
import random
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar

import pytest

from parlour.core.actions import ActionReader
from parlour.core.agents import RandomAgent, all_kinds, as_kind, decide, make_agent
from parlour.core.game import Action, Game, IllegalAction, State
from parlour.core.i18n import ENGLISH, in_language
from parlour.core.match import Match
from parlour.core.record import Record, Seat, replay
from parlour.core.rulesets import RulesetFile, load_ruleset
from parlour.testing.soak import soak


GAMES = int(os.environ.get("CONFORMANCE_GAMES", "6"))
MAX_STEPS = 200_000
#: the share of its default budget a searching agent gets in the no-peek test (hard: 1000
#: simulations -> 20; flat: 200 worlds -> 4), so the test stays quick
SEARCH_SHARE = 50
#: every how many steps of a random game a searching agent is asked (a plain one: every 5)
SEARCH_EVERY = 37


def _ruleset(game: Game) -> RulesetFile:
    return load_ruleset(game)


def _player_counts(game: Game) -> range:
    return range(game.min_players, game.max_players + 1)


def snapshot(state: State) -> Any:
    """Everything observable about a state: each seat's view, the public view, the mover,
    the legal actions, the scores and the events."""
    seats = range(state.players)
    return (
        [state.view(s) for s in seats],
        state.view(None),
        state.to_move,
        None if state.is_over else sorted(a.text for a in state.legal_actions()),
        state.scores(),
        [(e.text, e.seats, e.kind) for e in state.events],
    )


def random_walk(state: State, rng: random.Random) -> Iterator[State]:
    """Play random legal actions to the end, yielding the state before each decision."""
    for _ in range(MAX_STEPS):
        if state.is_over:
            return
        yield state
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    raise AssertionError(f"no end after {MAX_STEPS} random decisions")


def _json_roundtrip(data: Any) -> Any:
    return json.loads(json.dumps(data))


class _Stranger(Action):
    """An action of no game: it must be refused like any other move not on offer."""


def _hostile_values(legal: list[Action]) -> list[Any]:
    """Values that are not legal actions: other types, a stranger's action, and the legal
    actions' own classes built with fields of the wrong types (where the class allows it;
    a class that refuses such fields when built cannot be played with them either)."""
    values: list[Any] = [None, 0, 1.5, "", "not an action", [], {}, object(), _Stranger()]
    for action in legal[:3]:
        if not dataclasses.is_dataclass(action):
            continue
        for field in dataclasses.fields(action):
            for wrong in ([1], None, 1.5, {"a": 1}):
                try:
                    values.append(dataclasses.replace(action, **{field.name: wrong}))
                except Exception:  # noqa: BLE001 - the class refused the wrong type itself
                    pass
    return values


def _scribble(data: Any) -> None:
    """Change every list and dict inside ``data``, at every depth."""
    if isinstance(data, dict):
        for value in list(data.values()):
            _scribble(value)
        data["scribbled"] = True
    elif isinstance(data, list):
        for value in data:
            _scribble(value)
        data.append("scribbled")


def _finished(game: Game, seed: int) -> tuple[State, dict[str, Action]]:
    """A game played to its end at random, and every action it ever offered, by text."""
    state = game.new_game(game.min_players, _ruleset(game).resolve(), seed)
    seen: dict[str, Action] = {}
    for current in random_walk(state, random.Random(seed)):
        for action in current.legal_actions():
            seen.setdefault(action.text, action)
    return state, seen


#: words put in place of a word of a legal action's text, or stuck to it: other scripts'
#: digits (which ``str.isdigit`` accepts and ``int`` may not read), signs, huge numbers,
#: control characters, empty words and odd spaces
HOSTILE_WORDS = ("²", "٣", "߁", "Ⅻ", "-1", "+1", "1_0", "0x1", "1e9", "-0", "9" * 5000, "", " ", "\t", "\x00",
                 "\x1b[31m", "\u2028", "nan", "None")


def hostile_texts(text: str) -> Iterator[str]:
    """Texts near a legal action's ``text``: each word replaced by, prefixed and suffixed
    with each of :data:`HOSTILE_WORDS`, one word dropped or doubled, odd spaces around."""
    words = text.split(" ")
    yield from ("", " ", text + " ", " " + text, text.replace(" ", "  "), text.replace(" ", "\t"), text.upper())
    for i, word in enumerate(words):
        yield " ".join(words[:i] + words[i + 1:])
        yield " ".join(words[:i] + [word, word] + words[i + 1:])
        for hostile in HOSTILE_WORDS:
            for new in (hostile, hostile + word, word + hostile, word[:-1] + hostile + word[-1:]):
                yield " ".join(words[:i] + [new] + words[i + 1:])


class GameContract:
    """The contract tests, for a plugin's test class to subclass; ``GAME`` is the game checked
    (or override the ``game`` fixture)."""

    GAME: ClassVar[Game | None] = None

    @pytest.fixture
    def game(self) -> Game:
        if self.GAME is None:
            pytest.fail(f"{type(self).__name__} subclasses GameContract but sets no GAME (nor a game fixture)")
        return self.GAME

    def test_contract_player_bounds_enforced(self, game: Game) -> None:
        rules = _ruleset(game).resolve()
        for bad in (game.min_players - 1, game.max_players + 1):
            with pytest.raises(ValueError):
                game.new_game(bad, rules, 1)

    def test_contract_random_games_reach_the_end(self, game: Game) -> None:
        rules = _ruleset(game).resolve()
        for players in _player_counts(game):
            for seed in range(GAMES):
                state = game.new_game(players, rules, seed)
                steps = 0
                for current in random_walk(state, random.Random(seed)):
                    steps += 1
                    assert current.to_move in range(players)
                    assert current.legal_actions(), "no legal action before the end"
                assert state.is_over and state.to_move is None
                assert steps > 0
                assert len(state.scores()) == players
                winners = state.winners()
                assert winners and all(w in range(players) for w in winners)

    def test_contract_conserved_quantities_hold(self, game: Game) -> None:
        """What the game says it conserves (``State.conserved``, optional) stays equal from move
        to move within an epoch, in random games at every player count."""
        rules = _ruleset(game).resolve()
        result = soak(game, {n: rules for n in _player_counts(game)}, range(GAMES))
        assert result.problems == []

    def test_contract_every_variant_plays(self, game: Game) -> None:
        ruleset = _ruleset(game)
        for name in ruleset.variants:
            rules = ruleset.resolve([name])
            for players in _player_counts(game):
                state = game.new_game(players, rules, 7)
                for _ in random_walk(state, random.Random(7)):
                    pass
                assert state.is_over, name

    def test_contract_illegal_action_refused_and_state_unchanged(self, game: Game) -> None:
        rules = _ruleset(game).resolve()
        players = game.min_players
        seen: dict[str, Action] = {}
        state = game.new_game(players, rules, 3)
        for current in random_walk(state, random.Random(3)):
            for action in current.legal_actions():
                seen.setdefault(action.text, action)
        tried = 0
        state = game.new_game(players, rules, 3)
        for current in random_walk(state, random.Random(3)):
            legal = {a.text for a in current.legal_actions()}
            foreign = [a for t, a in seen.items() if t not in legal][:3]
            for action in [*foreign, "not an action"]:  # type: ignore[list-item]
                before = snapshot(current)
                with pytest.raises(IllegalAction) as info:
                    current.apply(action)
                assert str(info.value).strip(), "the refusal gives no reason"
                assert snapshot(current) == before, f"refusing {action} changed the state"
                tried += 1
        assert tried > 0
        over_before = snapshot(state)
        with pytest.raises(IllegalAction):
            state.apply(next(iter(seen.values())))
        assert snapshot(state) == over_before

    def test_contract_any_value_is_refused_with_a_reason(self, game: Game) -> None:
        """``why_illegal`` gives a reason for any value that is not a legal action — never an
        exception — and ``apply`` refuses it with IllegalAction, leaving the state unchanged."""
        rules = _ruleset(game).resolve()
        state = game.new_game(game.max_players, rules, 5)
        tried = 0
        for step, current in enumerate(random_walk(state, random.Random(5))):
            if step % 7:
                continue
            legal = list(current.legal_actions())
            offered = {a.text for a in legal}
            for value in _hostile_values(legal):
                if isinstance(value, Action) and type(value) is not _Stranger and value in legal:
                    continue  # a field of the wrong type that still compares equal: legal after all
                before = snapshot(current)
                reason = current.why_illegal(value)
                assert isinstance(reason, str) and reason.strip(), f"no reason to refuse {type(value).__name__}"
                assert current.is_legal(value) is False
                with pytest.raises(IllegalAction):
                    current.apply(value)
                assert snapshot(current) == before, f"refusing a {type(value).__name__} changed the state"
                assert {a.text for a in current.legal_actions()} == offered
                tried += 1
        assert tried > 0

    def test_contract_views_share_nothing_with_the_state(self, game: Game) -> None:
        """Changing a view (an agent may) changes neither the state nor its clones."""
        rules = _ruleset(game).resolve()
        state = game.new_game(game.max_players, rules, 9)
        checked = 0
        for step, current in enumerate(random_walk(state, random.Random(9))):
            if step % 5:
                continue
            twin = current.clone()
            before = copy.deepcopy(snapshot(current))  # a deep copy: a shared view would change with it
            for seat in [*range(current.players), None]:
                _scribble(current.view(seat))
            assert snapshot(current) == before, "changing a view changed the state"
            assert snapshot(twin) == before, "changing a view changed a clone"
            checked += 1
        assert checked > 0
        twin = state.clone()
        before = copy.deepcopy(snapshot(state))
        _scribble(state.view(0))  # at the end too, where the results are in the view
        assert snapshot(state) == before and snapshot(twin) == before

    def test_contract_clone_is_independent(self, game: Game) -> None:
        rules = _ruleset(game).resolve()
        state = game.new_game(game.max_players, rules, 11)
        rng = random.Random(11)
        for _ in range(5):
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        before = snapshot(state)
        copy = state.clone()
        assert snapshot(copy) == before
        for _ in random_walk(copy, random.Random(12)):
            pass
        assert snapshot(state) == before, "playing on a clone changed the original"
        again = state.clone()
        for _ in random_walk(again, random.Random(12)):
            pass
        assert snapshot(again) == snapshot(copy), "a clone does not carry the random state"

    def test_contract_record_replays_to_the_same_state(self, game: Game) -> None:
        ruleset = _ruleset(game)
        for players in _player_counts(game):
            rules = ruleset.resolve()
            seats = [Seat(f"p{i}", "random") for i in range(players)]
            match = Match(game, rules, 21 + players, seats, [RandomAgent() for _ in seats])
            final = match.play_out()
            record = Record.from_json(_json_roundtrip(match.record.to_json()))
            rebuilt = replay(game, record)
            assert snapshot(rebuilt) == snapshot(final)
            assert record.scores == final.scores()

    def test_contract_views_are_json(self, game: Game) -> None:
        rules = _ruleset(game).resolve()
        state = game.new_game(game.max_players, rules, 5)
        for current in random_walk(state, random.Random(5)):
            for seat in [None, *range(current.players)]:
                view = current.view(seat)
                assert isinstance(view, dict)
                assert _json_roundtrip(view) == view, f"view({seat}) does not survive JSON"
        for seat in [None, *range(state.players)]:
            assert _json_roundtrip(state.view(seat)) == state.view(seat)

    def test_contract_view_tensors_fit_their_layout(self, game: Game) -> None:
        """A game that writes views as numbers (``Game.view_tensor``, optional) gives every
        seat's view, all game long and at every table size, as finite numbers as many as its
        layout says: the size a learning tool was told at the start holds to the end."""
        if not game.encodes_views:
            return
        rules = _ruleset(game).resolve()
        for players in _player_counts(game):
            layout = game.view_tensor_layout(rules, players)
            assert layout is not None and all(size >= 0 for _, size in layout)
            size = game.view_tensor_size(rules, players)
            assert size == sum(n for _, n in layout) and size > 0
            state = game.new_game(players, rules, 13)
            for step, current in enumerate([*random_walk(state, random.Random(13)), state]):
                if step % 3 and not current.is_over:
                    continue
                for seat in range(players):
                    values = list(game.view_tensor(current.view(seat), rules, players))
                    assert len(values) == size, f"{players} players, seat {seat}: {len(values)} numbers, not {size}"
                    assert all(isinstance(v, float) and math.isfinite(v) for v in values)

    def test_contract_sampled_worlds_keep_the_seat_view(self, game: Game) -> None:
        rules = _ruleset(game).resolve()
        for players in _player_counts(game):
            state = game.new_game(players, rules, 9)
            rng = random.Random(9)
            for step, current in enumerate(random_walk(state, random.Random(9))):
                if step % 7:
                    continue
                for seat in range(players):
                    before = snapshot(current)
                    world = current.sample_world(seat, rng)
                    assert snapshot(current) == before, "sampling changed the real state"
                    assert world.view(seat) == current.view(seat)
                    assert world.to_move == current.to_move
                    mine = {(e.text, e.seats) for e in current.events_for(seat)}
                    for other in range(players):
                        for event in world.events_for(other):
                            assert (event.text, event.seats) in mine, "a world keeps an event the seat never saw"
                    if world.to_move == seat:
                        assert sorted(a.text for a in world.legal_actions()) == sorted(
                            a.text for a in current.legal_actions()
                        )

    def test_contract_sampled_worlds_depend_only_on_the_seat_view(self, game: Game) -> None:
        """Two states a seat cannot tell apart give the same world for the same generator.

        Otherwise the sampler would leak hidden things to a search agent (for instance through
        the order of the unseen pool): sort what is unseen before shuffling it.
        """
        rules = _ruleset(game).resolve()
        players = game.max_players
        state = game.new_game(players, rules, 17)
        for step, current in enumerate(random_walk(state, random.Random(17))):
            if step % 6:
                continue
            for seat in range(players):
                twin = current.sample_world(seat, random.Random(1000 + step))
                assert twin.view(seat) == current.view(seat)
                one = current.sample_world(seat, random.Random(step))
                two = twin.sample_world(seat, random.Random(step))
                assert snapshot(one) == snapshot(two), (
                    f"seat {seat}: the world drawn depends on hidden things, not only on the seat's view"
                )

    def test_contract_agents_ignore_what_their_seat_cannot_know(self, game: Game) -> None:
        """Change what a seat cannot know, keep its view: its agent decides the same. A
        searching agent gets its worlds from each state's own ``sample_world`` (a small budget
        of simulations, so the test stays quick), and must still decide the same. Every kind the
        game can seat is checked, those lent to every game (``parlour.agents``) too."""
        ruleset = _ruleset(game)
        rules = ruleset.resolve()
        for name, entry in all_kinds(game).items():
            kind = as_kind(entry)
            spec, every = name, 5
            if kind.budget is not None:
                default = kind.budget.iterations or 100
                spec, every = f"{name}:{max(2, default // SEARCH_SHARE)}", SEARCH_EVERY
            state = game.new_game(game.max_players, rules, 13)
            sampler = random.Random(13)
            checked = 0
            for step, current in enumerate(random_walk(state, random.Random(13))):
                if step % every:
                    continue
                seat = current.to_move
                assert seat is not None
                world = current.sample_world(seat, sampler)
                choices = []
                for known in (current, world):
                    agent = make_agent(game, spec, rules)
                    choices.append(decide(agent, known.view(seat), known.legal_actions(), random.Random(step),
                                          worlds=lambda rng, known=known: known.sample_world(seat, rng)))
                assert choices[0] == choices[1], (
                    f"agent {name!r} decided differently in a world its seat cannot tell apart "
                    f"(step {step}: {choices[0].text!r}, then {choices[1].text!r})"
                )
                checked += 1
            assert checked > 0

    def test_contract_same_seed_same_game(self, game: Game) -> None:
        rules = _ruleset(game).resolve()
        a = game.new_game(game.max_players, rules, 99)
        b = game.new_game(game.max_players, rules, 99)
        assert snapshot(a) == snapshot(b)
        for _ in random_walk(a, random.Random(1)):
            pass
        for _ in random_walk(b, random.Random(1)):
            pass
        assert snapshot(a) == snapshot(b)

    def test_contract_score_parts_are_numbers_the_game_says_how_to_write(self, game: Game) -> None:
        """``score_breakdown`` gives each seat its parts as numbers, and ``Game.part_as_score``
        says of each part, as named here and in the game's English (a hosted table's), whether
        the results write it as the score (a bool; the default, False, keeps the number)."""
        state, _seen = _finished(game, 29)
        breakdown = state.score_breakdown()
        with in_language(ENGLISH):
            english = state.score_breakdown()
        assert len(breakdown) == len(state.scores()) and all(isinstance(parts, dict) for parts in breakdown)
        for parts in [*breakdown, *english]:
            for part, value in parts.items():
                assert isinstance(value, (int, float)) and not isinstance(value, bool), (part, value)
                assert isinstance(game.part_as_score(part), bool), part

    def test_contract_a_finished_game_offers_nothing(self, game: Game) -> None:
        """Once the game is over ``legal_actions()`` is an empty sequence (not None), every action
        it once offered is not legal (``is_legal`` False, ``why_illegal`` a reason) and reading
        its text back with ``legal_action`` is refused with IllegalAction."""
        state, seen = _finished(game, 23)
        assert state.is_over
        legal = state.legal_actions()
        assert isinstance(legal, Sequence) and len(legal) == 0 and list(legal) == [], (
            f"a finished game offers {legal!r}"
        )
        before = snapshot(state)
        for text, action in list(seen.items())[:50]:
            assert state.is_legal(action) is False, f"{text!r} is legal after the end"
            reason = state.why_illegal(action)
            assert isinstance(reason, str) and reason.strip()
            with pytest.raises(IllegalAction):
                game.legal_action(state, text)
        assert snapshot(state) == before

    def test_contract_any_action_text_is_read_or_refused(self, game: Game) -> None:
        """The readers of action texts from players, hosts and records refuse any text they
        cannot read as the contract says, and raise nothing else: ``legal_action`` gives a legal
        action or raises IllegalAction (the state unchanged), ``action_from_text`` an action
        written exactly so or raises IllegalAction."""
        rules = _ruleset(game).resolve()
        state = game.new_game(game.max_players, rules, 29)
        tried = 0
        for step, current in enumerate(random_walk(state, random.Random(29))):
            if step % 11:
                continue
            before = snapshot(current)
            for text in {t for legal in list(current.legal_actions())[:4] for t in hostile_texts(legal.text)}:
                try:
                    action = game.legal_action(current, text)
                except IllegalAction:
                    pass
                else:
                    assert current.is_legal(action), f"{text!r} was read as a move that is not legal"
                try:
                    read = game.action_from_text(text, rules)
                except IllegalAction:
                    pass
                else:
                    assert isinstance(read, Action) and read.text == text, f"action_from_text({text!r}) gave {read!r}"
                tried += 1
            assert snapshot(current) == before, "reading action texts changed the state"
        assert tried > 0

    def test_contract_actions_read_back_through_the_games_reader(self, game: Game) -> None:
        """The legal actions of random states, written as text, read back as equal actions of
        the same class with the same text and label: through ``legal_action`` in their state
        and, for a game that lists its ``action_kinds``, through ``action_from_text`` without
        one. Reading changes nothing."""
        rules = _ruleset(game).resolve()
        pick = random.Random(37)
        read = 0
        for players in _player_counts(game):
            state = game.new_game(players, rules, 37 + players)
            for step, current in enumerate(random_walk(state, random.Random(37 + players))):
                if step % 5:
                    continue
                legal = current.legal_actions()
                before = snapshot(current)
                for action in {legal[pick.randrange(len(legal))] for _ in range(8)}:
                    _reads_back(action, "legal_action", lambda: game.legal_action(current, action.text))
                    if game.reads_actions:
                        _reads_back(action, "action_from_text", lambda: game.action_from_text(action.text, rules))
                    read += 1
                assert snapshot(current) == before, "reading action texts changed the state"
        assert read > 0

    def test_contract_action_classes_follow_the_one_pattern(self, game: Game) -> None:
        """Every action offered is written the one way (:mod:`parlour.core.actions`): its text is
        ``to_text()``, written once (no class replaces ``text``), and starts with its class's
        ``word``; a game that lists ``action_kinds`` lists the class of every action it offers,
        and its reader can be built from them (no two share a word, each can be read)."""
        rules = _ruleset(game).resolve()
        written_once = inspect.getattr_static(Action, "text")
        kinds = set(game.action_kinds)
        if kinds:
            ActionReader(game.title, game.action_kinds)
        seen: set[type] = set()
        state = game.new_game(game.max_players, rules, 41)
        for current in random_walk(state, random.Random(41)):
            legal = current.legal_actions()
            for action in [legal[0], legal[len(legal) // 2], legal[-1]]:
                kind = type(action)
                assert inspect.getattr_static(kind, "text") is written_once, (
                    f"{kind.__name__} replaces text: write its to_text() instead")
                assert action.text == action.to_text() and action.text is action.text, kind.__name__
                assert action.text == kind.word or action.text.startswith(kind.word + " "), (
                    f"{action.text!r} does not start with {kind.__name__}.word {kind.word!r}")
                if kinds:
                    assert kind in kinds, f"{kind.__name__} is offered but not in {type(game).__name__}.action_kinds"
                seen.add(kind)
        assert seen


def _reads_back(action: Action, door: str, read: Callable[[], Action]) -> None:
    """``read()``, the game's ``door`` reading ``action.text``, gives an action equal to
    ``action``: the same class, text and label."""
    try:
        back = read()
    except IllegalAction as exc:
        pytest.fail(f"{door} refuses {action.text!r}, a legal action's own text: {exc}")
    assert back == action and type(back) is type(action), f"{door}: {action.text!r} reads back as {back!r}"
    assert (back.text, back.label) == (action.text, action.label), (
        f"{door}: {action.text!r} reads back as {back.text!r}, {back.label!r}")


def _module_test(name: str) -> Any:
    """A module-level copy of one contract test, for the deprecated ``import *`` way."""

    def test(game: Game) -> None:
        getattr(GameContract(), name)(game)

    test.__name__ = test.__qualname__ = name
    test.__doc__ = getattr(GameContract, name).__doc__
    return test


#: what ``import *`` hands out, computed from the class, so no test can be left out
__all__ = sorted(name for name in vars(GameContract) if name.startswith("test_"))


def __getattr__(name: str) -> Any:
    """Deprecated since 0.1 (kept through 0.2): the tests as module functions, for
    ``from parlour.testing.conformance import *``; subclass :class:`GameContract` instead."""
    if name in __all__:
        warnings.warn("importing the conformance tests with 'import *' is deprecated; "
                      "subclass parlour.testing.conformance.GameContract", DeprecationWarning, stacklevel=2)
        return _module_test(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
