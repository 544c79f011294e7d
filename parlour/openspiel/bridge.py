"""Parlour games as OpenSpiel games: the game, its states and their observer.

Imported only by :mod:`parlour.openspiel`, and only where ``pyspiel`` is installed.
"""

from __future__ import annotations

import json
import random
import warnings
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, ClassVar

import numpy as np
import pyspiel

from parlour.core.codec import REMEMBERED, ActionCodec, Hashed
from parlour.core.game import PLUGIN_FAULTS, Action, Game, PluginError, State, failed, guarded
from parlour.core.inputs import shown
from parlour.core.rulesets import RulesetFile, clean_settings, load_ruleset
from parlour.core.tensors import Layout, layout_size
from parlour.core.yamlsource import RulesetError

PREFIX = "parlour_"
#: the deals the opening chance node chooses among: its outcome seeds the game's generator
DEALS = 1 << 16
_DEAL_CHANCES = [(seed, 1.0 / DEALS) for seed in range(DEALS)]
#: an upper bound on the moves of any game (OpenSpiel asks for one; the built-in games end far sooner)
MAX_GAME_LENGTH = 100_000
#: the scalar types OpenSpiel takes as game parameters; other settings travel as JSON text
_SCALARS = (bool, int, float, str)
#: the most action numbers OpenSpiel can hold (its ``num_distinct_actions`` is a C ``int``)
MAX_ACTIONS = 2**31 - 1


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a Parlour game: ``parlour_`` and its id with underscores."""
    return PREFIX + game_id.replace("-", "_")


def parameters(game: Game, ruleset: RulesetFile) -> dict[str, Any]:
    """The game parameters and their defaults: ``players`` and every setting (a list or a
    table of settings as JSON text, its commas written as semicolons so that OpenSpiel's game
    strings, which split on commas, keep it whole)."""
    params: dict[str, Any] = {"players": max(2, game.min_players)}
    for key, value in ruleset.defaults.items():
        params[key] = as_parameter(value)
    return params


def as_parameter(value: Any) -> Any:
    """A setting as an OpenSpiel game parameter."""
    return value if isinstance(value, _SCALARS) else json.dumps(value, separators=(";", ":"))


def rules_from(game: Game, ruleset: RulesetFile, params: Mapping[str, Any]) -> dict[str, Any]:
    """The ruleset the parameters describe, checked as a ruleset file is; a ``ValueError``
    in one line when a setting is wrong."""
    settings: dict[str, Any] = {}
    for key, default in ruleset.defaults.items():
        value = params.get(key, default)
        if not isinstance(default, _SCALARS) and isinstance(value, str):
            try:
                value = json.loads(value.replace(";", ","))
            except ValueError as exc:
                raise ValueError(f"{short_name(game.id)}: setting {key!r} is not JSON: {exc}") from None
        elif isinstance(default, float) and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        settings[key] = value
    try:
        with guarded(game.title, "to check its settings", (PluginError, RulesetError)):
            rules = clean_settings(game, settings, f"{short_name(game.id)} parameters")
            problems = "; ".join(f"{k}: {m}" for k, m in game.validate_rules(rules))
    except RulesetError as exc:
        raise ValueError(str(exc)) from None
    if problems:
        raise ValueError(f"{short_name(game.id)}: {problems}")
    return rules


def _many(value: object, kind: type = Sequence) -> bool:
    """Whether ``value`` is a ``kind`` of things (a list, a tuple...), not a text."""
    return isinstance(value, kind) and not isinstance(value, (str, bytes))


def checked_state(title: str, value: object, what: str) -> State:
    """``value``, which the game's code gave ``what`` (``"to deal"``), if it is a state."""
    if not isinstance(value, State):
        raise failed(title, what, f"it gave a {type(value).__name__}, not a game state")
    return value


def _checked_codec(title: str, codec: object) -> ActionCodec:
    """The game's action numbering (its own, else checksums of the texts), if it is one
    OpenSpiel can hold."""
    if codec is None:
        return ActionCodec([Hashed()])
    if not isinstance(codec, ActionCodec):
        raise failed(title, "to number its moves", f"it gave a {type(codec).__name__}, not an ActionCodec")
    size = codec.size
    if not (isinstance(size, int) and 0 < size <= MAX_ACTIONS):
        raise failed(title, "to number its moves", f"it has {shown(size)} numbers, where OpenSpiel takes 1 to "
                                                   f"{MAX_ACTIONS:,}")
    return codec


def _checked_layout(title: str, layout: object) -> Layout | None:
    """The pieces of the game's view tensor, if they are pieces: a name and a length each,
    no name twice."""
    if layout is None:
        return None
    pieces = list(layout) if _many(layout) else None  # type: ignore[call-overload]
    if pieces is None or not all(
            _many(piece) and len(piece) == 2 and isinstance(piece[0], str)  # type: ignore[index,arg-type]
            and isinstance(piece[1], int) and piece[1] >= 0 for piece in pieces) \
            or len({name for name, _ in pieces}) != len(pieces):
        raise failed(title, "to lay out its view tensor", f"{shown(layout)} is not a list of (name, length) pairs "
                                                          f"with distinct names")
    return [(name, size) for name, size in pieces]


def win_shares(title: str, winners: object, players: int) -> list[float]:
    """Each seat's share of the win (1/k for each of k winners), from what the game's
    ``winners()`` gave, if it names at least one seat of the table and none twice."""
    seats = list(winners) if _many(winners, Collection) else None  # type: ignore[arg-type]
    if not seats or not all(isinstance(seat, int) and 0 <= seat < players for seat in seats) \
            or len(set(seats)) != len(seats):
        raise failed(title, "to name the winners", f"{shown(winners)} is not a list of distinct seats from 0 to "
                     f"{players - 1}")
    share = 1.0 / len(seats)
    return [share if seat in seats else 0.0 for seat in range(players)]


def game_type(game: Game, ruleset: RulesetFile) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"Parlour {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=game.encodes_views,
        parameter_specification=parameters(game, ruleset),
    )


class ParlourGame(pyspiel.Game):
    """One Parlour game under one ruleset, for a number of players.

    Its one chance node opens the game: it chooses one of :data:`DEALS` seeds, all alike, and
    the Parlour game is dealt from it. Every later draw of chance comes from the generator that
    seed started, inside the moves (a Parlour state keeps its chance in its own generator), so
    the seed and the moves replay a game exactly."""

    #: the Parlour game and its ruleset, set on the subclass :func:`register` makes per game
    parlour: ClassVar[Game]
    ruleset: ClassVar[RulesetFile]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game, ruleset = self.parlour, self.ruleset
        params = params or {}
        merged = {**parameters(game, ruleset), **params}
        players = int(merged["players"])
        game.require_players(players)
        self.rules = rules_from(game, ruleset, merged)
        self.players = players
        self.deals = _DEAL_CHANCES
        #: the game's name in its errors, and the door of its code asked most often
        self.title = title = game.title
        self.turn_door = guarded(title, "to say whose turn it is")
        with guarded(title, "to number its moves"):
            codec = game.action_codec(self.rules, players)
        self.codec: ActionCodec = _checked_codec(title, codec)
        #: the numbers of the actions met so far, each checked once (:meth:`number`)
        self.numbers: dict[Action, int] = {}
        with guarded(title, "to lay out its view tensor"):
            layout = game.view_tensor_layout(self.rules, players)
        #: the pieces of the observation tensor (``Game.view_tensor_layout``); None: strings only
        self.layout: Layout | None = _checked_layout(title, layout)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size, max_chance_outcomes=DEALS, num_players=players,
            min_utility=0.0, max_utility=1.0, utility_sum=1.0, max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(game_type(game, ruleset), info, dict(params))

    def __deepcopy__(self, memo: Any) -> ParlourGame:
        return self  # nothing of it ever changes

    def number(self, action: Action) -> int:
        """The number of ``action`` by the game's codec, checked to be one of its numbers the
        first time, and remembered in :attr:`numbers` (call it inside the game's door)."""
        numbers = self.numbers
        if len(numbers) >= REMEMBERED:
            numbers.clear()
        code = self.codec.number(action)
        size = self.codec.size
        if not (isinstance(code, int) and 0 <= code < size):
            raise failed(self.title, "to list the moves", f"it numbered {shown(action.text)!r} {shown(code)}, not one "
                                                          f"of 0 to {size - 1}")
        numbers[action] = code
        return code

    def __reduce__(self) -> tuple[Any, ...]:
        return _load_game, (str(self),)

    def new_initial_state(self) -> ParlourState:
        """The opening chance node, before the deal."""
        return ParlourState(self, None)

    def dealt(self, seed: int) -> ParlourState:
        """The state after the opening chance node chose ``seed``."""
        state = self.new_initial_state()
        state.apply_action(seed)
        return state

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(recall, None if recall else self.layout)


def _view_text(title: str, state: State, seat: int | None) -> str:
    """What ``seat`` (None: an onlooker) sees of ``state``, as JSON."""
    with guarded(title, lambda: "to show an onlooker's view" if seat is None else f"to show seat {seat + 1} its view"):
        return json.dumps(state.view(seat), sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


class _Memory:
    """What each seat was shown and did, in order: its view each time it changed and each of
    its own moves. Built when asked for, by replaying the moves made since it was last built
    from a copy of the state as it was then, so that play-outs nobody asks about cost
    nothing more than a list of moves. Each seat's text is kept whole as it grows, so copies
    share it (and the hash a search's table of nodes takes of it)."""

    def __init__(self, title: str, players: int, state: State, start: Sequence[Sequence[str]] | None = None) -> None:
        self.title = title
        self.lines: list[list[str]] = (
            [list(lines) for lines in start] if start is not None
            else [[_view_text(title, state, seat)] for seat in range(players)]
        )
        self.texts = ["\n".join(lines) for lines in self.lines]
        self.base: State | None = None
        self.pending: list[Action] = []

    def copy(self) -> _Memory:
        other = object.__new__(_Memory)
        other.title = self.title
        other.lines = [list(lines) for lines in self.lines]
        other.texts = list(self.texts)
        other.base = self.base  # never played on: replays start from a clone of it
        other.pending = list(self.pending)
        return other

    def drawn(self, seat: int, world: State) -> _Memory:
        """The memory of ``world``, drawn for ``seat``: that seat's own, and for every other
        seat only its view in that world (what it saw before is not known there)."""
        lines = self.settle()
        start = [lines[who] if who == seat else ["(drawn) " + _view_text(self.title, world, who)]
                 for who in range(len(lines))]
        return _Memory(self.title, len(lines), world, start)

    def before(self, state: State) -> None:
        """A move is about to be played on ``state`` (call it inside the game's door): the
        copy that replays start from is made now, unless there is one."""
        if self.base is None:
            self.base = checked_state(self.title, state.clone(), "to copy a state")

    def settle(self) -> list[list[str]]:
        """Every seat's lines, brought up to date; as they were if the game's code fails."""
        if self.pending:
            assert self.base is not None
            title = self.title
            last = [lines[-1] for lines in self.lines]
            added: list[list[str]] = [[] for _ in last]
            with guarded(title, "to replay the moves of the seats' histories"):
                replay = self.base.clone()
                for action in self.pending:
                    mover = replay.to_move
                    line = f"I play: {action.text}"
                    added[mover].append(line)  # type: ignore[index]
                    last[mover] = line  # type: ignore[index]
                    replay.apply_trusted(action)
                    for seat, seen in enumerate(last):
                        text = _view_text(title, replay, seat)
                        if text != seen or seen.startswith("I play: "):
                            added[seat].append(text)
                            last[seat] = text
            for seat, lines in enumerate(added):
                if lines:
                    self.lines[seat].extend(lines)
                    self.texts[seat] += "\n" + "\n".join(lines)
            self.base, self.pending = None, []
        return self.lines

    def text(self, seat: int) -> str:
        """What ``seat`` was shown and did, one line each, up to date."""
        self.settle()
        return self.texts[seat]


class _Core:
    """Everything of a :class:`ParlourState` that changes, in one object: OpenSpiel copies a
    Python state by deep-copying each attribute, and this one copies itself with the game's
    own fast ``clone``. Pickled (OpenSpiel's ``serialize``) as the game and its moves."""

    def __init__(self, game: ParlourGame, inner: State | None, memory: _Memory | None = None,
                 resampler: Callable[[int, random.Random], State] | None = None,
                 codes: list[int] | None = None) -> None:
        self.game = game
        self.inner = inner  # None: the deal is still to be made
        self.memory = memory or (_Memory(game.title, game.players, inner) if inner is not None else None)
        #: draws a world for a seat; the game's own ``sample_world`` unless the state was
        #: made for a computer player who knows only its view (``ParlourState.from_world``)
        self.resampler = resampler
        #: the moves from the deal (the deal first); None for a world drawn for a search
        self.codes = codes if codes is not None else ([] if inner is None else None)
        self.legal: list[int] | None = None
        self.by_code: dict[int, Action] | None = None

    def __deepcopy__(self, memo: Any) -> _Core:
        inner = self.inner
        if inner is not None:
            try:  # the door, made only on a failure: OpenSpiel's searches copy states often
                inner = inner.clone()
            except PLUGIN_FAULTS as exc:
                guarded(self.game.title, "to copy a state").fail(exc)
            if not isinstance(inner, State):
                checked_state(self.game.title, inner, "to copy a state")
        memory = self.memory.copy() if self.memory is not None else None
        codes = list(self.codes) if self.codes is not None else None
        return _Core(self.game, inner, memory, self.resampler, codes)

    def __reduce__(self) -> tuple[Any, ...]:
        if self.codes is None:
            raise pyspiel.SpielError("a world drawn for a search cannot be serialised: it has no moves from a deal")
        return _replayed_core, (str(self.game), tuple(self.codes))

    def actions(self) -> dict[int, Action]:
        """The legal moves by their numbers, listed and numbered through the game's door:
        each number below the codec's size and none shared, and some move unless the game
        is over."""
        found = self.by_code
        if found is None:
            game = self.game
            title, inner = game.title, self.inner
            numbers, number = game.numbers, game.number
            found = {}
            with guarded(title, "to list the moves"):
                for action in inner.legal_actions():  # type: ignore[union-attr]
                    code = numbers.get(action)
                    if code is None:
                        code = number(action)
                    if code in found:
                        both = f"{shown(found[code].text)!r} and {shown(action.text)!r}"
                        raise failed(title, "to list the moves", f"{both} share the action number {code}")
                    found[code] = action
                if not found and inner.to_move is not None:  # type: ignore[union-attr]
                    raise failed(title, "to list the moves", "none, and the game is not over")
            self.by_code = found
        return found


class ParlourState(pyspiel.State):
    """A Parlour state seen through OpenSpiel: the deal as its one chance node, actions as
    the game's numbers (its ``action_codec``), returns as each seat's share of the win."""

    def __init__(self, game: ParlourGame, core: _Core | None = None) -> None:
        super().__init__(game)
        self._game = game
        self._core = core or _Core(game, None)

    @classmethod
    def from_world(cls, game: ParlourGame, world: State, sampler: Callable[[random.Random], State]) -> ParlourState:
        """A state for the seat to move in ``world``, a world drawn for it: each seat's
        memory starts with its view now, and resampling for that seat draws from ``sampler``."""
        with game.turn_door:
            seat = world.to_move

        def resample(who: int, rng: random.Random) -> State:
            return sampler(rng) if who == seat else world.sample_world(who, rng)

        return cls(game, _Core(game, world, resampler=resample))

    @property
    def inner(self) -> State | None:
        """The Parlour state (None before the deal)."""
        return self._core.inner

    # -- who and what ----------------------------------------------------------------
    def current_player(self) -> int:
        inner = self._core.inner
        if inner is None:
            return pyspiel.PlayerId.CHANCE
        game = self._game
        try:  # the door, made only on a failure: OpenSpiel asks this all the time
            seat = inner.to_move
        except PLUGIN_FAULTS as exc:
            game.turn_door.fail(exc)
        if seat is None:
            return pyspiel.PlayerId.TERMINAL
        if not (isinstance(seat, int) and 0 <= seat < game.players):
            raise failed(game.title, "to say whose turn it is", f"{shown(seat)} is no seat of {game.players}")
        return seat

    def is_terminal(self) -> bool:
        inner = self._core.inner
        if inner is None:
            return False
        try:
            return inner.is_over
        except PLUGIN_FAULTS as exc:
            self._game.turn_door.fail(exc)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._game.deals if self._core.inner is None else []

    def _legal_actions(self, player: int) -> list[int]:
        core = self._core
        if player != self.current_player():
            return []
        if core.legal is None:
            core.legal = sorted(core.actions())
        return core.legal

    def _apply_action(self, action: int) -> None:
        core = self._core
        if core.inner is None:
            if not 0 <= action < DEALS:
                raise pyspiel.SpielError(f"deal {action} is not one of the {DEALS} deals")
            game = self._game
            what = f"to deal (deal {action})"
            with guarded(game.title, what):
                dealt = game.parlour.new_game(game.players, game.rules, action)
            dealt = checked_state(game.title, dealt, what)
            core.memory = _Memory(game.title, game.players, dealt)
            core.inner = dealt
        else:
            chosen = core.actions().get(action)
            if chosen is None:
                raise pyspiel.SpielError(f"action {action} is not legal now")
            memory = core.memory
            with guarded(self._game.title, lambda: f"on the move {shown(chosen.text)!r}"):
                memory.before(core.inner)  # type: ignore[union-attr,arg-type]
                core.inner.apply_trusted(chosen)  # type: ignore[union-attr]
            memory.pending.append(chosen)  # type: ignore[union-attr]
            core.legal = core.by_code = None
        if core.codes is not None:
            core.codes.append(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        by_code = self._core.by_code
        known = by_code.get(action) if by_code is not None else None
        with guarded(self._game.title, lambda: f"to write the move numbered {action}"):
            if known is not None:
                return known.text
            try:
                return self._game.codec.decode(action)
            except ValueError:
                return f"#{action}"

    def returns(self) -> list[float]:
        players = self._game.players
        inner = self._core.inner
        if inner is None or not self.is_terminal():
            return [0.0] * players
        with guarded(self._game.title, "to name the winners"):
            winners = inner.winners()
        return win_shares(self._game.title, winners, players)

    # -- what a seat knows --------------------------------------------------------------
    def information_text(self, seat: int) -> str:
        """What ``seat`` was shown and did, in order (perfect recall)."""
        memory = self._core.memory
        return "" if memory is None else memory.text(seat)

    def observation_text(self, seat: int) -> str:
        """What ``seat`` sees now: its view."""
        inner = self._core.inner
        return "" if inner is None else _view_text(self._game.title, inner, seat)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ParlourState:
        """A state ``player_id`` cannot tell from this one, drawn with the game's own
        ``sample_world``; ``probability_sampler`` (a number in [0, 1) when called) seeds it."""
        core = self._core
        if core.inner is None:
            return self.clone()
        rng = random.Random(int(probability_sampler() * 2**53))
        title = self._game.title
        what = f"to draw a world for seat {player_id + 1}"
        with guarded(title, what):
            if core.resampler is not None:
                world = core.resampler(player_id, rng)
            else:
                world = core.inner.sample_world(player_id, rng)
        world = checked_state(title, world, what)
        return ParlourState(self._game, _Core(self._game, world, core.memory.drawn(player_id, world), core.resampler))  # type: ignore[union-attr]

    def __str__(self) -> str:
        """An onlooker's view (OpenSpiel prints states; nothing hidden is in it)."""
        inner = self._core.inner
        if inner is None:
            return "before the deal"
        return _view_text(self._game.title, inner, None)


class Observer:
    """OpenSpiel's observer of a Parlour state.

    Strings: the seat's history (perfect recall) or its view now. The observation tensor,
    when the game writes views as numbers (``Game.view_tensor``): the seat's view now, each
    piece of the game's layout under its name in ``dict`` (all 0 before the deal). It is
    made from the view alone, so it holds nothing the seat cannot see.

    No information-state tensor (perfect recall): a seat's history grows with the game, with
    no length a ruleset fixes, and cutting or summing it to a fixed size would be a feature
    chosen for each game rather than the history; algorithms that need one can read the
    information-state string, or stack the observation tensors of the seat's turns."""

    def __init__(self, perfect_recall: bool, layout: Layout | None = None) -> None:
        self.perfect_recall = perfect_recall
        pieces = [(name, size) for name, size in layout or () if size > 0]
        self.tensor = np.zeros(layout_size(pieces), np.float32)
        self.dict: dict[str, Any] = {}
        start = 0
        for name, size in pieces:
            self.dict[name] = self.tensor[start:start + size]
            start += size

    def set_from(self, state: ParlourState, player: int) -> None:
        if not self.dict:
            return
        inner = state.inner
        if inner is None:
            self.tensor.fill(0.0)
            return
        game = state._game
        title = game.title
        def what() -> str:
            return f"to write seat {player + 1}'s view as numbers"

        with guarded(title, what):
            written = game.parlour.view_tensor(inner.view(player), game.rules, game.players)
            with np.errstate(over="ignore", invalid="ignore"):
                values = np.asarray(written, dtype=np.float32)
        if values.shape != self.tensor.shape:
            raise failed(title, what(), f"{values.size} numbers in the shape {values.shape}, where its layout "
                                        f"has {self.tensor.size}")
        if not np.isfinite(values).all():
            raise failed(title, what(), "one is not a finite number (of 32 bits)")
        self.tensor[:] = values

    def string_from(self, state: ParlourState, player: int) -> str:
        if self.perfect_recall:
            return state.information_text(player)
        return state.observation_text(player)


_CLASSES: dict[str, type[ParlourGame]] = {}


def register(game: Game, ruleset: RulesetFile) -> str:
    """Register ``game`` with OpenSpiel (once) and return its name there."""
    name = short_name(game.id)
    if name not in _CLASSES and name not in pyspiel.registered_names():
        with guarded(game.title, "to register with OpenSpiel"):
            kind = game_type(game, ruleset)
        # a class, not a closure: OpenSpiel keeps what it is given until the process ends, and
        # a closure it lets go of after Python has stopped aborts the process
        made = type(f"Parlour_{game.id.replace('-', '_')}", (ParlourGame,), {"parlour": game, "ruleset": ruleset})
        pyspiel.register_game(kind, made)
        _CLASSES[name] = made
    return name


def register_all(plugins: Iterable[str] = ()) -> list[str]:
    """Register every installed Parlour game with OpenSpiel (once); their OpenSpiel names."""
    from parlour.core.registry import discover

    registry = discover(tuple(plugins))
    names = []
    for game_id, game in registry.games.items():
        try:
            names.append(register(game, registry.ruleset(game_id)))
        except PluginError as exc:  # left out, as the registry leaves out a broken plugin, and said
            warnings.warn(str(exc), RuntimeWarning, stacklevel=2)
    return names


def _load_game(text: str) -> pyspiel.Game:
    register_all()
    return pyspiel.load_game(text)


def _replayed_core(game_text: str, codes: Sequence[int]) -> _Core:
    """The state of a pickled :class:`_Core`: its game's deal and moves, played again."""
    state = _load_game(game_text).new_initial_state()
    for code in codes:
        state.apply_action(code)
    return state._core  # type: ignore[attr-defined,no-any-return]


def game_for(game: Game, rules: Mapping[str, Any], players: int) -> ParlourGame:
    """The OpenSpiel game of ``game`` played under the resolved ``rules`` by ``players``."""
    name = short_name(game.id)
    if name not in _CLASSES:
        register(game, load_ruleset(game))
    if name not in _CLASSES:
        raise pyspiel.SpielError(f"another game is registered with OpenSpiel as {name!r}")
    return _CLASSES[name]({"players": players, **{k: as_parameter(v) for k, v in rules.items()}})
