"""What the ``parlour`` commands share: the one-line mistake, finding a game, and its rules
resolved from the command line's options."""

from __future__ import annotations

from pathlib import Path
from typing import Any


class UserError(Exception):
    """A mistake in what the user asked for: one line on stderr, exit code 2."""


def load_registry() -> Any:
    from parlour.core.registry import discover

    return discover()


def find_game(registry: Any, game_id: str) -> Any:
    try:
        return registry.get(game_id)
    except KeyError as exc:
        raise UserError(exc.args[0]) from None


def plugin_failure(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def resolve_rules(registry: Any, game: Any, variants: list[str], house: Path | None,
                  players: int | None = None) -> dict[str, Any]:
    """Defaults, then a house-rules file, then the named variants (checked to go together and
    to suit a table of ``players``); errors as UserError."""
    from parlour.core.rulesets import load_house_rules, with_house_rules
    from parlour.core.yamlsource import RulesetError

    from parlour.core.rulesets import scan_house_rules

    ruleset = registry.ruleset(game.id)
    try:
        if any(name not in ruleset.variants for name in variants):
            # not a variant of the game's own: a curated house rule, or one of the player's
            ruleset = with_house_rules(ruleset, scan_house_rules(game, ruleset).variants)
        if house is not None:
            variant = load_house_rules(game, ruleset, house)
            ruleset = with_house_rules(ruleset, [variant])
            variants = [variant.name, *[v for v in variants if v != variant.name]]
        settings = ruleset.resolve(variants)
        ruleset.check_combination(variants, players)
        return settings
    except RulesetError as exc:
        raise UserError(str(exc)) from None
