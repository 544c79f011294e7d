"""Game discovery through the ``parlour.games`` entry-point group.

Built-in games register exactly as a third-party package would. What is installed is read
from the entry points' metadata (name, distribution) without importing anything; a plugin is
imported, and its shape and first deal verified, only when one of its games is asked for,
once. A plugin that fails to import or breaks the contract is kept as :class:`BrokenPlugin`
(with its error) and the others work. Two environment variables help:

- ``PARLOUR_GAMES``: a comma-separated list of game ids (or entry-point names); only those are
  offered, and only those plugins' failures reported.
- ``PARLOUR_PLUGINS``: extra ``module:attribute`` specs, loaded as if they were entry points —
  for trying a game before it is packaged.
"""

from __future__ import annotations

import functools
import os
import pkgutil
import threading
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any

from parlour.core.game import Game, GameDefinitionError
from parlour.core.inputs import clean_message
from parlour.core.rulesets import RulesetFile, load_ruleset
from parlour.core.yamlsource import RulesetError

#: seconds a plugin may take to import and deal its first game before it counts as broken
LOAD_SECONDS = 30.0

GROUP = "parlour.games"


@dataclass(frozen=True)
class Plugin:
    """An installed game as its metadata names it, before anything of it is imported."""

    name: str
    distribution: str
    load: Callable[[], Any] = field(repr=False, compare=False)


@dataclass(frozen=True)
class BrokenPlugin:
    name: str
    distribution: str
    error: str
    #: the id of its game, when it got as far as naming one
    game_id: str | None = field(default=None, compare=False)


@dataclass(frozen=True)
class _Loaded:
    """What loading one plugin gave: its game once its shape is verified, its ruleset once it
    deals, or the one-line error that stopped it."""

    game: Game | None
    ruleset: RulesetFile | None = None
    error: str | None = None

    def works_as(self, game_id: str) -> bool:
        return self.error is None and self.game is not None and self.game.id == game_id


class Registry:
    """The installed plugins, each loaded when first needed and then kept.

    :meth:`get` and :meth:`ruleset` load only what it takes to find one game: the plugin named
    after it, else the others in order until one has that id. :attr:`games`, :attr:`rulesets`
    and :attr:`broken` are about every plugin, so they load them all.

    Two plugins with the same game id: the one named after the id keeps it, else the first in
    order; the other is broken.
    """

    def __init__(self, plugins: Iterable[Plugin] = (), wanted: Collection[str] | None = None,
                 load_seconds: float = LOAD_SECONDS) -> None:
        #: in order: the entry points sorted by name, then the ``module:attr`` specs as given
        self.plugins: list[Plugin] = list(plugins)
        #: how long one plugin may take to import and deal its first game
        self.load_seconds = load_seconds
        #: ``PARLOUR_GAMES``: the plugin names or game ids to keep; ``None`` keeps all
        self.wanted = set(wanted) if wanted is not None else None
        self._loaded: dict[int, _Loaded] = {}
        self._all: tuple[dict[str, Game], dict[str, RulesetFile], list[BrokenPlugin]] | None = None

    def add(self, name: str, distribution: str, loader: Callable[[], Any]) -> None:
        """One more plugin; ``loader`` is called when the plugin is first needed."""
        self.plugins.append(Plugin(name, distribution, loader))
        self._all = None

    def get(self, game_id: str) -> Game:
        owner = self._owner(game_id)
        if owner is None:
            raise KeyError(self._missing(game_id))
        game = self._load(owner).game
        assert game is not None
        return game

    def ruleset(self, game_id: str) -> RulesetFile:
        owner = self._owner(game_id)
        if owner is None:
            raise KeyError(game_id)
        ruleset = self._load(owner).ruleset
        assert ruleset is not None
        return ruleset

    def _missing(self, game_id: str) -> str:
        """Why there is no ``game_id``, in one line: the broken plugin that is it (by its name
        or its game's id), else the games there are and every broken plugin with its error —
        a plugin that failed to import may be the one asked for."""
        broken = self.broken
        for b in broken:
            if game_id in (b.name, b.game_id):
                return f"game {game_id!r} is broken (plugin {b.name} from {b.distribution}): {b.error}"
        known = ", ".join(sorted(self.games)) or "none installed"
        found = f"no game {game_id!r} (known: {known})"
        if broken:
            found += "; broken: " + "; ".join(f"{b.name} from {b.distribution}: {b.error}" for b in broken)
        return found

    @property
    def games(self) -> dict[str, Game]:
        """Every working game by id, in plugin order."""
        return self._everything()[0]

    @property
    def rulesets(self) -> dict[str, RulesetFile]:
        return self._everything()[1]

    @property
    def broken(self) -> list[BrokenPlugin]:
        """Every plugin that failed, in plugin order, each with its error in one line."""
        return self._everything()[2]

    def _load(self, index: int) -> _Loaded:
        if index not in self._loaded:
            self._loaded[index] = _load(self.plugins[index], self.load_seconds)
        return self._loaded[index]

    def _offered(self, index: int, game_id: str) -> bool:
        return self.wanted is None or game_id in self.wanted or self.plugins[index].name in self.wanted

    def _claim_order(self, game_id: str) -> list[int]:
        """Who may hold ``game_id`` first: the plugin named after it, then the others in order."""
        return sorted(range(len(self.plugins)), key=lambda i: self.plugins[i].name != game_id)

    def _owner(self, game_id: str) -> int | None:
        """The plugin that holds ``game_id``, loading plugins in claim order until it is found."""
        for index in self._claim_order(game_id):
            if self._load(index).works_as(game_id) and self._offered(index, game_id):
                return index
        return None

    def _everything(self) -> tuple[dict[str, Game], dict[str, RulesetFile], list[BrokenPlugin]]:
        if self._all is not None:
            return self._all
        games: dict[str, Game] = {}
        rulesets: dict[str, RulesetFile] = {}
        broken: list[BrokenPlugin] = []
        for index, plugin in enumerate(self.plugins):
            loaded = self._load(index)
            error = loaded.error
            if loaded.game is not None and self._offered(index, loaded.game.id):
                game_id = loaded.game.id
                owner = self._owner(game_id)
                if owner == index:
                    games[game_id] = loaded.game
                    assert loaded.ruleset is not None
                    rulesets[game_id] = loaded.ruleset
                    continue
                order = self._claim_order(game_id)
                if owner is not None and order.index(owner) < order.index(index):
                    error = _one_line(GameDefinitionError(f"game id {game_id!r} is already taken"))
            if error is not None and (self.wanted is None or plugin.name in self.wanted):
                broken.append(BrokenPlugin(plugin.name, plugin.distribution, error,
                                           loaded.game.id if loaded.game is not None else None))
        self._all = games, rulesets, broken
        return self._all


def _load(plugin: Plugin, seconds: float = LOAD_SECONDS) -> _Loaded:
    """Import one plugin and verify it, in a thread of its own that is waited on for at most
    ``seconds``: a plugin whose import never ends is broken, not a hang of every command (its
    thread is a daemon, left behind)."""
    found: list[_Loaded] = []
    thread = threading.Thread(target=lambda: found.append(_load_now(plugin)), daemon=True,
                              name=f"parlour-load-{plugin.name}")
    thread.start()
    thread.join(seconds)
    if not found:
        return _Loaded(None, error=f"did not finish loading within {seconds:g} s (an import that never ends?)")
    return found[0]


def _load_now(plugin: Plugin) -> _Loaded:
    """Import one plugin and verify it; any failure, even ``SystemExit`` or a
    ``KeyboardInterrupt`` raised by its code, is its error."""
    game: Game | None = None
    try:
        obj = plugin.load()
        candidate = obj() if isinstance(obj, type) else obj
        verify_shape(candidate)
        game = candidate
        ruleset = load_ruleset(game)
        verify_deal(game, ruleset)
    except (Exception, SystemExit, KeyboardInterrupt) as exc:  # noqa: BLE001 - any plugin failure is reported
        return _Loaded(game, error=_one_line(exc))
    return _Loaded(game, ruleset)


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, RulesetError):
        return str(exc)
    text = str(exc).strip().splitlines()
    return clean_message(f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__)


_REQUIRED = ("id", "title", "min_players", "max_players")


def verify_shape(game: Any) -> None:
    """At load: raise :class:`GameDefinitionError` unless ``game`` has the contract's shape
    (a :class:`Game` with an id, a title, a player range and a random agent)."""
    if not isinstance(game, Game):
        raise GameDefinitionError(f"{type(game).__name__} is not a parlour Game")
    for attr in _REQUIRED:
        if getattr(game, attr, None) in (None, ""):
            raise GameDefinitionError(f"the game has no {attr}")
    if not isinstance(game.id, str) or not game.id.replace("-", "").isalnum() or game.id != game.id.lower():
        raise GameDefinitionError(f"game id {game.id!r} must be lower-case letters, digits and dashes")
    if not 1 <= game.min_players <= game.max_players:
        raise GameDefinitionError(f"bad player range {game.min_players}-{game.max_players}")
    if "random" not in game.agent_kinds():
        raise GameDefinitionError("the game offers no 'random' agent")


def verify_deal(game: Game, ruleset: RulesetFile) -> None:
    """At load: deal one game under the defaults; a plugin that cannot even start is broken.
    (The whole contract is asserted by the conformance suite, ``parlour.testing.conformance``.)"""
    state = game.new_game(game.min_players, ruleset.defaults, 0)
    if state.is_over:
        raise GameDefinitionError("a new game is already over")
    if not state.legal_actions():
        raise GameDefinitionError("a new game offers no legal action")


def _wanted() -> set[str] | None:
    raw = os.environ.get("PARLOUR_GAMES", "").strip()
    return {part.strip() for part in raw.split(",") if part.strip()} or None if raw else None


def discover(extra: Iterable[str] = ()) -> Registry:
    """Every plugin from the entry points, ``PARLOUR_PLUGINS`` and ``extra`` specs, read from
    metadata alone: nothing is imported until a game is asked for."""
    plugins = [
        Plugin(ep.name, ep.dist.name if ep.dist is not None else "?", ep.load)
        for ep in sorted(entry_points(group=GROUP), key=lambda e: e.name)
    ]
    specs = [*os.environ.get("PARLOUR_PLUGINS", "").split(","), *extra]
    for spec in filter(None, (s.strip() for s in specs)):
        plugins.append(Plugin(spec, "PARLOUR_PLUGINS", functools.partial(pkgutil.resolve_name, spec)))
    return Registry(plugins, _wanted())
