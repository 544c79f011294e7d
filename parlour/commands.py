"""What the ``parlour`` commands share: the one-line mistake, finding a game, and its rules
resolved from the command line's options."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported where used: `parlour --help` loads none of the core
    from parlour.core.game import Game
    from parlour.core.registry import Registry
    from parlour.core.rulesets import TableRules


class UserError(Exception):
    """A mistake in what the user asked for: one line on stderr, exit code 2."""


def load_registry() -> Registry:
    from parlour.core.registry import discover

    return discover()


def find_game(registry: Registry, game_id: str) -> Game:
    try:
        return registry.get(game_id)
    except KeyError as exc:
        raise UserError(exc.args[0]) from None


def plugin_failure(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def resolve_rules(registry: Registry, game: Game, variants: list[str], house: Path | None,
                  players: int | None = None, *, chosen_first: bool = False) -> TableRules:
    """The table's settings from the command line's options (see
    :func:`parlour.core.rulesets.table_rules`); errors as UserError."""
    from parlour.core.rulesets import table_rules
    from parlour.core.yamlsource import RulesetError

    try:
        return table_rules(game, registry.ruleset(game.id), variants, players, house=house,
                           chosen_first=chosen_first)
    except RulesetError as exc:
        raise UserError(str(exc)) from None
