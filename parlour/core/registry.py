"""Game discovery through the ``parlour.games`` entry-point group.

Built-in games register exactly as a third-party package would. A plugin that fails to
import or breaks the contract is kept as :class:`BrokenPlugin` (with its error) and the
others work. Two environment variables help:

- ``PARLOUR_GAMES``: a comma-separated list of game ids (or entry-point names); only those load.
- ``PARLOUR_PLUGINS``: extra ``module:attribute`` specs, loaded as if they were entry points —
  for trying a game before it is packaged.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from parlour.core.game import Game, GameDefinitionError
from parlour.core.rulesets import RulesetFile, load_ruleset
from parlour.core.yamlsource import RulesetError

GROUP = "parlour.games"


@dataclass(frozen=True)
class BrokenPlugin:
    name: str
    distribution: str
    error: str


@dataclass
class Registry:
    games: dict[str, Game] = field(default_factory=dict)
    broken: list[BrokenPlugin] = field(default_factory=list)
    rulesets: dict[str, RulesetFile] = field(default_factory=dict)

    def get(self, game_id: str) -> Game:
        try:
            return self.games[game_id]
        except KeyError:
            known = ", ".join(sorted(self.games)) or "none installed"
            raise KeyError(f"no game {game_id!r} (known: {known})") from None

    def ruleset(self, game_id: str) -> RulesetFile:
        return self.rulesets[game_id]

    def add(self, name: str, distribution: str, loader: Any) -> None:
        """Load one plugin; record it as broken instead of raising."""
        try:
            obj = loader()
            game = obj() if isinstance(obj, type) else obj
            check_game(game)
            if game.id in self.games:
                raise GameDefinitionError(f"game id {game.id!r} is already taken")
            ruleset = load_ruleset(game)
            smoke_test(game, ruleset)
        except (Exception, SystemExit) as exc:  # noqa: BLE001 - any plugin failure is reported
            self.broken.append(BrokenPlugin(name, distribution, _one_line(exc)))
            return
        self.games[game.id] = game
        self.rulesets[game.id] = ruleset


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, RulesetError):
        return str(exc)
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


_REQUIRED = ("id", "title", "min_players", "max_players")


def check_game(game: Any) -> None:
    """Raise :class:`GameDefinitionError` unless ``game`` honours the contract's shape."""
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


def smoke_test(game: Game, ruleset: RulesetFile) -> None:
    """Deal one game under the defaults: a plugin that cannot even start is broken."""
    state = game.new_game(game.min_players, ruleset.defaults, 0)
    if state.is_over:
        raise GameDefinitionError("a new game is already over")
    if not state.legal_actions():
        raise GameDefinitionError("a new game offers no legal action")


def _wanted() -> set[str] | None:
    raw = os.environ.get("PARLOUR_GAMES", "").strip()
    return {part.strip() for part in raw.split(",") if part.strip()} or None if raw else None


def _spec_loader(spec: str) -> Any:
    module, _, attr = spec.partition(":")

    def load() -> Any:
        obj: Any = importlib.import_module(module)
        for part in filter(None, attr.split(".")):
            obj = getattr(obj, part)
        return obj

    return load


def discover(extra: Iterable[str] = ()) -> Registry:
    """Every game from the entry points, ``PARLOUR_PLUGINS`` and ``extra`` specs."""
    wanted = _wanted()
    registry = Registry()
    points: list[tuple[str, str, Any]] = []
    for ep in sorted(entry_points(group=GROUP), key=lambda e: e.name):
        dist = ep.dist.name if getattr(ep, "dist", None) else "?"
        points.append((ep.name, dist, _ep_loader(ep)))
    specs = [*os.environ.get("PARLOUR_PLUGINS", "").split(","), *extra]
    for spec in filter(None, (s.strip() for s in specs)):
        points.append((spec, "PARLOUR_PLUGINS", _spec_loader(spec)))
    for name, dist, loader in points:
        if wanted is not None and name not in wanted:
            before = len(registry.games)
            registry.add(name, dist, loader)
            if len(registry.games) > before:
                game_id = list(registry.games)[-1]
                if game_id not in wanted:
                    del registry.games[game_id]
                    del registry.rulesets[game_id]
            elif registry.broken and registry.broken[-1].name == name:
                registry.broken.pop()  # a plugin nobody asked for is not reported either
            continue
        registry.add(name, dist, loader)
    return registry


def _ep_loader(ep: EntryPoint) -> Any:
    return ep.load
