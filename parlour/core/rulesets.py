"""Rulesets: YAML files of settings with named variants, checked against a game's schema.

A game's ruleset file looks like this::

    game: banque-fatale
    settings:            # every setting, with its default
      start_value: 6
    variants:
      worthless-jetons:
        description: Jetons are worth nothing at the end.
        settings: {jeton_value: 0}

A house-rules file (``--ruleset FILE`` or one in the user config folder) names the game
and gives ``settings`` to change, plus an optional ``name`` and ``description``; it is
offered as one more variant. Every error names the file, the line and the key path.

The settings language is :mod:`parlour.core.schema`, the YAML reader that keeps line
numbers :mod:`parlour.core.yamlsource`. Naming: a ``clean`` function takes outside data and
returns it cleaned or raises the located one-line :class:`RulesetError`; a ``reject``
function does the same but returns nothing.
"""

from __future__ import annotations

import copy
import json
import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from parlour.core import schema
from parlour.core.i18n import _, in_language
from parlour.core.schema import show_value
from parlour.core.yamlsource import Lines, RulesetError, Where, load_yaml

if TYPE_CHECKING:
    from parlour.core.game import Game

T = TypeVar("T")

#: names this module had before the settings language moved to :mod:`parlour.core.schema`
#: (deprecated since 0.1, kept through 0.2): each still answers, with a warning naming its new home
_MOVED = {"Spec": "Spec", "Int": "Int", "Float": "Float", "Bool": "Bool", "Str": "Str", "List": "List",
          "Dict": "Dict", "Table": "Map", "Schema": "Schema"}


def __getattr__(name: str) -> Any:
    new = _MOVED.get(name)
    if new is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(f"parlour.core.rulesets.{name} is deprecated; use parlour.plugin.{new}", DeprecationWarning,
                  stacklevel=2)
    return getattr(schema, new)


@dataclass
class Variant:
    name: str
    description: str
    settings: dict[str, Any]
    source: str = "built-in"  #: "built-in", or the house-rules file it came from
    #: variants it cannot be played with (either side may say so)
    conflicts: tuple[str, ...] = ()
    #: the table sizes it is meant for, fewest and most players (None: any the game allows)
    players: tuple[int, int] | None = None
    #: ``description`` in other languages, by language code (``de``, ``fr``)
    descriptions: dict[str, str] = field(default_factory=dict)

    def described(self, lang: str = "en") -> str:
        """The description in ``lang``; the file's own (English) one where it has none."""
        return self.descriptions.get(lang, self.description).strip()

    def unsuited(self, players: int) -> str | None:
        """Why this variant is not for a table of ``players``; None when it is."""
        if self.players is None or self.players[0] <= players <= self.players[1]:
            return None
        low, high = self.players
        if low == high:
            return _("{name} is for {low} players, not {players}").format(name=repr(self.name), low=low, players=players)
        return _("{name} is for {low} to {high} players, not {players}").format(
            name=repr(self.name), low=low, high=high, players=players)


@dataclass
class RulesetFile:
    """A game's ruleset: validated defaults, its variants, and where they came from."""

    game_id: str
    file: str
    defaults: dict[str, Any]
    variants: dict[str, Variant] = field(default_factory=dict)
    _lines: Lines | None = None

    def resolve(self, variants: Iterable[str] = ()) -> dict[str, Any]:
        """The defaults with the named variants applied in order."""
        settings = copy.deepcopy(self.defaults)
        for name in variants:
            if name not in self.variants:
                known = ", ".join(self.variants) or "none"
                line = self._lines.line(("variants",)) if self._lines else None
                raise RulesetError(self.file, line, "variants", f"unknown variant {name!r} (known: {known})")
            settings = deep_merge(settings, self.variants[name].settings)
        return settings

    def why_not(self, name: str, chosen: Iterable[str], players: int | None = None) -> str | None:
        """Why the variant ``name`` cannot be played with the variants ``chosen`` (the others
        on) at a table of ``players``; None when it can."""
        variant = self.variants[name]
        for other in chosen:
            if other == name or other not in self.variants:
                continue
            if other in variant.conflicts or name in self.variants[other].conflicts:
                return _("{name} cannot go with {other}").format(name=repr(name), other=repr(other))
            clash = clashing_settings(variant.settings, self.variants[other].settings)
            if clash:
                return _("{name} cannot go with {other}: both set {setting}").format(
                    name=repr(name), other=repr(other), setting=clash[0])
        return variant.unsuited(players) if players is not None else None

    def check_combination(self, chosen: Sequence[str], players: int | None = None) -> None:
        """Fail (a RulesetError naming the file) when the variants ``chosen`` do not go
        together or do not suit ``players``."""
        for index, name in enumerate(chosen):
            if name not in self.variants:
                continue  # resolve names it
            why = self.why_not(name, chosen[:index], players)
            if why is not None:
                source = self.variants[name].source
                if source == "built-in":
                    line = self._lines.line(("variants", name)) if self._lines else None
                    raise RulesetError(self.file, line, f"variants.{name}", why)
                raise RulesetError(source, None, "", why)


def clashing_settings(one: Mapping[str, Any], other: Mapping[str, Any], at: str = "") -> list[str]:
    """The settings (dotted paths) that ``one`` and ``other`` both set, to different values:
    played together, one would silently undo the other."""
    clashes: list[str] = []
    for key, value in one.items():
        if key not in other:
            continue
        path = f"{at}{key}"
        theirs = other[key]
        if isinstance(value, Mapping) and isinstance(theirs, Mapping) and value and theirs:
            clashes.extend(clashing_settings(value, theirs, f"{path}."))
        elif value != theirs:
            clashes.append(path)
    return clashes


def deep_merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(dict(base))
    for key, value in over.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping) and value:
            out[key] = deep_merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


_TOP_KEYS = {"game", "description", "settings", "variants"}
_VARIANT_KEYS = {"description", "descriptions", "settings", "conflicts", "players"}
_HOUSE_KEYS = {"game", "name", "description", "descriptions", "settings", "conflicts", "players"}


def _clean_mapping(data: Any, at: Where, what: str) -> dict[str, Any]:
    """``data`` if it is a mapping; else fail, saying it should be ``what``."""
    if not isinstance(data, dict):
        at.fail(f"expected {what}, got {show_value(data)}")
    return data


def _reject_unknown_keys(data: Mapping[str, Any], allowed: set[str], at: Where) -> None:
    """Fail at the first key of ``data`` not in ``allowed``."""
    for key in data:
        if key not in allowed:
            at.child(key).fail(f"unknown key (known: {', '.join(sorted(allowed))})")


def load_ruleset(game: Game, path: Path | None = None, display: str | None = None) -> RulesetFile:
    """Load and check a game's own ruleset file (defaults and variants)."""
    path = path or game.ruleset_path
    data, lines = load_yaml(path, display)
    top = Where(lines, ())
    data = _clean_mapping(data, top, "a mapping with game, settings and variants")
    _reject_unknown_keys(data, _TOP_KEYS, top)
    if data.get("game") != game.id:
        top.child("game").fail(f"expected {game.id!r}, got {data.get('game')!r}")
    if "settings" not in data:
        top.fail("missing key: settings")
    root = game.schema.root
    defaults = root.clean(data["settings"], top.child("settings"))
    _reject_conflicts(game, defaults, top.child("settings"))
    result = RulesetFile(game.id, lines.file, defaults, _lines=lines)
    raw_variants = data.get("variants") or {}
    vat = top.child("variants")
    _clean_mapping(raw_variants, vat, "a mapping of variant names")
    for name, body in raw_variants.items():
        at = vat.child(name)
        body = _clean_mapping(body, at, "a mapping with description and settings")
        _reject_unknown_keys(body, _VARIANT_KEYS, at)
        result.variants[str(name)] = _variant(game, str(name), body, at, defaults, "built-in")
    for name, variant in result.variants.items():
        for other in variant.conflicts:
            if other not in result.variants:
                vat.child(name).child("conflicts").fail(f"no variant {other!r} here to conflict with")
    return result


def _variant(
    game: Game, name: str, body: Mapping[str, Any], at: Where, defaults: Mapping[str, Any], source: str
) -> Variant:
    description = body.get("description", "")
    if not isinstance(description, str):
        at.child("description").fail(f"expected text, got {show_value(description)}")
    descriptions = _clean_mapping(body.get("descriptions", {}), at.child("descriptions"),
                                  "a mapping of language codes to descriptions")
    for lang, text in descriptions.items():
        if not isinstance(lang, str) or not isinstance(text, str) or not lang:
            at.child("descriptions").child(str(lang)).fail(f"expected text, got {show_value(text)}")
    conflicts = body.get("conflicts", [])
    if not isinstance(conflicts, list) or not all(isinstance(c, str) and c for c in conflicts):
        at.child("conflicts").fail(f"expected a list of variant names, got {show_value(conflicts)}")
    players = _players(body.get("players"), at.child("players"), game) if "players" in body else None
    sat = Where(at.lines, (*at.path, "settings"), partial=True)
    settings = _clean_mapping(body.get("settings") or {}, sat, "a mapping of settings")
    settings = game.schema.root.clean(settings, sat)
    merged = deep_merge(defaults, settings)
    # complete after merging: every setting the engine reads is there (a variant's empty
    # mapping replaces the default one, so ``chart: {}`` would leave the chart without keys)
    game.schema.root.clean(merged, Where(at.lines, sat.path, partial=False))
    _reject_conflicts(game, merged, sat)
    return Variant(name, description, settings, source, tuple(conflicts), players, dict(descriptions))


def _players(value: Any, at: Where, game: Game) -> tuple[int, int]:
    """``players: {min: 6, max: 6}`` (either may be left out): within the game's range."""
    value = _clean_mapping(value, at, "a mapping with min and max")
    _reject_unknown_keys(value, {"min", "max"}, at)
    low, high = value.get("min", game.min_players), value.get("max", game.max_players)
    for key, number in (("min", low), ("max", high)):
        if isinstance(number, bool) or not isinstance(number, int) or not game.min_players <= number <= game.max_players:
            at.child(key).fail(f"expected a number of players from {game.min_players} to {game.max_players}, "
                               f"got {show_value(number)}")
    if low > high:
        at.fail(f"min ({low}) is above max ({high})")
    return low, high


def _reject_conflicts(game: Game, settings: Mapping[str, Any], at: Where) -> None:
    """Fail at the first conflict between settings the game reports (:meth:`Game.validate_rules`)."""
    for key_path, message in game.validate_rules(settings):
        keys = tuple(key_path.split(".")) if key_path else ()
        where = Where(at.lines, (*at.path, *keys))
        where.fail(message)


def load_house_rules(game: Game, ruleset: RulesetFile, path: Path) -> Variant:
    """Check a house-rules file against ``game`` and return it as a variant."""
    data, lines = load_yaml(path)
    top = Where(lines, ())
    data = _clean_mapping(data, top, "a mapping with game, name, description and settings")
    _reject_unknown_keys(data, _HOUSE_KEYS, top)
    if data.get("game") != game.id:
        top.child("game").fail(f"this file is for {data.get('game')!r}, not {game.id!r}")
    name = data.get("name", path.stem)
    if not isinstance(name, str) or not name:
        top.child("name").fail(f"expected a name, got {show_value(name)}")
    taken = ruleset.variants.get(name)
    if taken is not None:
        where = "a built-in variant" if taken.source == "built-in" else f"the house rules in {taken.source}"
        top.child("name").fail(f"{name!r} is already {where}: give these house rules another name")
    return _variant(game, name, data, top, ruleset.defaults, str(path))


def clean_settings(game: Game, settings: Any, source: str) -> dict[str, Any]:
    """A complete resolved ruleset from elsewhere (a game record) cleaned like a file's
    defaults; errors name ``source`` and the key path."""
    at = Where(Lines(source), ())
    cleaned = game.schema.root.clean(settings, at)
    _reject_conflicts(game, cleaned, at)
    return cleaned


def user_ruleset_dir() -> Path:
    """The player's own rules folder: ``rulesets`` in the platform's config folder for parlour
    (``$XDG_CONFIG_HOME/parlour/rulesets``, by default ``~/.config/parlour/rulesets``, on Linux)."""
    import platformdirs

    return platformdirs.user_config_path("parlour") / "rulesets"


@dataclass
class HouseRulesScan:
    variants: list[Variant]
    errors: list[RulesetError]


def scan_house_rules(game: Game, ruleset: RulesetFile, folder: Path | None = None) -> HouseRulesScan:
    """House-rules files for ``game``: the curated ones it ships (``Game.house_rules_folder``),
    then the player's own in ``folder`` (by default :func:`user_ruleset_dir`). Files for other
    games are skipped, broken ones reported without stopping the others."""
    found: list[Variant] = []
    errors: list[RulesetError] = []
    for where in (game.house_rules_folder, folder or user_ruleset_dir()):
        if where is not None and where.is_dir():
            _scan_folder(game, ruleset, where, found, errors)
    return HouseRulesScan(found, errors)


def _scan_folder(game: Game, ruleset: RulesetFile, folder: Path, found: list[Variant],
                 errors: list[RulesetError]) -> None:
    for path in sorted([*folder.glob("*.yaml"), *folder.glob("*.yml")]):
        try:
            data, _lines = load_yaml(path)
        except RulesetError as exc:
            errors.append(exc)
            continue
        if not isinstance(data, dict) or data.get("game") != game.id:
            continue
        try:
            variant = load_house_rules(game, with_house_rules(ruleset, found), path)
        except RulesetError as exc:
            errors.append(exc)
            continue
        except Exception as exc:  # noqa: BLE001 - the game's own checks failed on this file: report it
            errors.append(RulesetError(path, None, "", f"{game.title} could not check it ({type(exc).__name__}: {exc})"))
            continue
        found.append(variant)


def origin(game: Game, variant: Variant) -> str:
    """Where ``variant`` comes from: ``"variant"`` (the game's ruleset), ``"curated"`` (the
    house rules the game ships, :attr:`Game.house_rules_folder`) or ``"yours"`` (the player's)."""
    if variant.source == "built-in":
        return "variant"
    curated = game.house_rules_folder
    return "curated" if curated is not None and Path(variant.source).parent == curated else "yours"


def with_house_rules(ruleset: RulesetFile, extra: Iterable[Variant]) -> RulesetFile:
    """A copy of ``ruleset`` that also offers the house-rules variants ``extra``."""
    merged = RulesetFile(ruleset.game_id, ruleset.file, ruleset.defaults, dict(ruleset.variants), ruleset._lines)
    for variant in extra:
        merged.variants[variant.name] = variant
    return merged


@dataclass(frozen=True)
class OfferedRules:
    """A game's ruleset with every house rule a player may choose (the curated ones and the
    player's own) added as a variant, and the house-rules files that cannot be used."""

    ruleset: RulesetFile
    errors: list[RulesetError]


def offered_rules(game: Game, ruleset: RulesetFile) -> OfferedRules:
    scan = scan_house_rules(game, ruleset)
    return OfferedRules(with_house_rules(ruleset, scan.variants), scan.errors)


@dataclass(frozen=True)
class TableRules:
    """What a table plays by: the settings, and the variants they came from by name (a
    house-rules file's first), as a record keeps them."""

    settings: dict[str, Any]
    variants: list[str]


def table_rules(game: Game, ruleset: RulesetFile, variants: Sequence[str] = (), players: int | None = None, *,
                house: Path | None = None, chosen_first: bool = False) -> TableRules:
    """The one way from choices to settings: the defaults, then the house-rules file
    ``house``, then ``variants`` in order (a name ``ruleset`` does not offer is looked up among
    the curated and the player's house rules), checked to go together, to suit a table of
    ``players`` and to make sense (:meth:`Game.validate_rules`). ``chosen_first``: a seat was
    chosen to begin and the table turned so it sits first (:func:`turned`), so the game's
    ``starter`` setting says the first seat begins. Any problem raises RulesetError."""
    names = list(variants)
    if any(name not in ruleset.variants for name in names):
        ruleset = offered_rules(game, ruleset).ruleset
    if house is not None:
        variant = load_house_rules(game, ruleset, house)
        ruleset = with_house_rules(ruleset, [variant])
        names = [variant.name, *[v for v in names if v != variant.name]]
    settings = ruleset.resolve(names)
    ruleset.check_combination(names, players)
    if chosen_first:
        if game.starter is None:
            raise RulesetError(ruleset.file, None, "", f"{game.title}'s rules say who begins; there is no choice")
        key, first, _label = game.starter
        settings = {**settings, key: first}
    for key_path, message in game.validate_rules(settings):
        raise RulesetError(ruleset.file, None, key_path, f"these variants do not go together: {message}")
    return TableRules(settings, names)


def turned(seats: Sequence[T], first: int) -> list[T]:
    """The seats turned round the table so that seat ``first`` sits first."""
    return [*seats[first:], *seats[:first]]


def json_schema(game: Game) -> dict[str, Any]:
    """A JSON Schema (draft 2020-12) for ``game``'s ruleset and house-rules files, made from
    the declarations the validator uses (:attr:`Game.schema`), for an editor with a YAML
    language server. It checks each setting's type and range; the validator checks more (the
    settings merged whole, and the game's own rules between settings) and names file and line."""
    settings = game.schema.json_schema()
    limits = {
        "conflicts": {"type": "array", "items": {"type": "string", "minLength": 1},
                      "description": "variants these rules cannot be played with"},
        "players": {"type": "object", "additionalProperties": False,
                    "description": "the table sizes these rules are meant for",
                    "properties": {k: {"type": "integer", "minimum": game.min_players, "maximum": game.max_players}
                                   for k in ("min", "max")}},
    }
    translated = {"type": "object", "additionalProperties": {"type": "string"},
                  "propertyNames": {"minLength": 1},
                  "description": "the description in other languages, by language code (de, fr)"}
    body = {"type": "object", "additionalProperties": False,
            "properties": {"description": {"type": "string"}, "descriptions": translated, "settings": settings,
                           **limits}}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"{game.title}: a ruleset or house-rules file",
        "description": (f"Settings for {game.title} in Parlour. A house-rules file names the game, "
                        "gives its rules a name and a description, and changes some settings."),
        "type": "object",
        "additionalProperties": False,
        "required": ["game", "settings"],
        "properties": {
            "game": {"const": game.id, "description": "the game these settings are for"},
            "name": {"type": "string", "minLength": 1, "description": "what setup and --variant call these rules"},
            "description": {"type": "string", "description": "one or two sentences for players"},
            "descriptions": translated,
            "settings": settings,
            **limits,
            "variants": {"type": "object", "additionalProperties": body,
                         "description": "named variants (a game's own ruleset file)"},
        },
    }


#: where a game's rules text wants its generated list of variants (else it goes at the end)
VARIANTS_MARK = "<!-- variants -->"


def _changes(settings: Mapping[str, Any], prefix: str = "") -> list[str]:
    out: list[str] = []
    for key, value in settings.items():
        if isinstance(value, Mapping) and value:
            out += _changes(value, f"{prefix}{key}.")
        else:
            out.append(f"`{prefix}{key}: {json.dumps(value)}`")
    return out


#: the words of the generated sections, by language; English is the text in the code
_WORDS: dict[str, dict[str, str]] = {
    "de": {"## Variants": "## Varianten", "### House rules": "### Hausregeln",
           "This game has no variants of its own.": "Dieses Spiel hat keine eigenen Varianten.",
           "Changes": "Ändert", "## At this table": "## An diesem Tisch",
           "The rules as written below, without variants or house rules.":
               "Es gelten die Regeln, wie sie unten stehen, ohne Varianten und Hausregeln.",
           "Where the text below says otherwise, this table plays with:":
               "Wo der Text unten anderes sagt, spielt dieser Tisch mit:",
           "the text": "im Text", "yes": "ja", "no": "nein"},
    "fr": {"## Variants": "## Variantes", "### House rules": "### Règles maison",
           "This game has no variants of its own.": "Ce jeu n’a pas de variantes propres.",
           "Changes": "Modifie", "## At this table": "## À cette table",
           "The rules as written below, without variants or house rules.":
               "Les règles telles qu’elles sont écrites ci-dessous, sans variante ni règle maison.",
           "Where the text below says otherwise, this table plays with:":
               "Là où le texte ci-dessous dit autre chose, cette table joue avec :",
           "the text": "dans le texte", "yes": "oui", "no": "non", ": ": "\u00a0: "},
}


def _say(text: str, lang: str) -> str:
    return _WORDS.get(lang, {}).get(text, text)


def variants_markdown(ruleset: RulesetFile, lang: str = "en") -> str:
    """The variants and house rules ``ruleset`` offers, as a Markdown section made from the
    files themselves (name, description, the settings each changes), so the rules text and
    the files cannot drift apart. ``lang``: the language of the words and descriptions."""
    built_in = [v for v in ruleset.variants.values() if v.source == "built-in"]
    house = [v for v in ruleset.variants.values() if v.source != "built-in"]
    changes, colon = _say("Changes", lang), _say(": ", lang)
    lines = [_say("## Variants", lang), ""]
    if not built_in:
        lines.append(_say("This game has no variants of its own.", lang))
    for variant in built_in:
        lines.append(f"- **{variant.name}**{colon}{variant.described(lang)} {changes} {', '.join(_changes(variant.settings))}.")
    if house:
        lines += ["", _say("### House rules", lang), ""]
        for variant in house:
            lines.append(f"- **{variant.name}** ({Path(variant.source).name}){colon}{variant.described(lang)} "
                         f"{changes} {', '.join(_changes(variant.settings))}.")
    return "\n".join(lines) + "\n"


def rules_text(game: Game, ruleset: RulesetFile, table: Mapping[str, Any] | None = None,
               variants: Sequence[str] = (), lang: str = "en") -> str:
    """The game's rules for players with its variants section made from ``ruleset`` (at the
    ``VARIANTS_MARK`` line of its text, else at the end). ``table``: the settings a table plays
    with (its ``variants`` by name): a section at the top says how they differ from the text.
    ``lang``: the language to read them in (``de``, ``de_AT.UTF-8``); English where the game
    has no such text."""
    lang = lang.replace("-", "_").split("_")[0].split(".")[0].lower()
    text = game.rules_markdown_in(lang) if lang != "en" else None
    if text is None:
        text = game.rules_markdown()
    if not isinstance(text, str):
        raise TypeError(f"rules_markdown returned a {type(text).__name__}, not text")
    section = variants_markdown(ruleset, lang)
    if VARIANTS_MARK in text:
        text = text.replace(VARIANTS_MARK, section.rstrip("\n"), 1)
    else:
        text = text.rstrip("\n") + "\n\n" + section
    if table is None:
        return text
    note = table_markdown(game, ruleset, table, variants, lang)
    title, rest = text.split("\n", 1) if text.startswith("# ") else ("", text)
    return f"{title}\n\n{note}\n{rest}" if title else f"{note}\n{rest}"


def table_markdown(game: Game, ruleset: RulesetFile, table: Mapping[str, Any], variants: Sequence[str],
                   lang: str = "en") -> str:
    """"At this table": the variants and house rules in play, and each setting whose value
    differs from the ruleset's defaults (which the rules text describes), old and new."""
    lines = [_say("## At this table", lang), ""]
    changed = clashing_settings(table, ruleset.defaults)
    if not variants and not changed:
        return "\n".join(lines + [_say("The rules as written below, without variants or house rules.", lang), ""])
    for name in variants:
        known = ruleset.variants.get(name)
        lines.append(f"- **{name}**" + (f"{_say(': ', lang)}{known.described(lang)}" if known else ""))
    if changed:
        about = game.schema.about
        lines += ["", _say("Where the text below says otherwise, this table plays with:", lang), ""]
        for path in changed:
            here, book = _at(table, path), _at(ruleset.defaults, path)
            meaning = about.get(path.split(".")[0])
            if meaning and game.words is not None:  # the schema keeps the game's English
                with in_language(lang):
                    meaning = game.words.gettext(meaning)
            colon = _say(": ", lang)
            lines.append(f"- {meaning or path}{colon}**{_shown(here, lang)}** ({_say('the text', lang)}{colon}{_shown(book, lang)})")
    return "\n".join(lines) + "\n"


def _at(settings: Mapping[str, Any], path: str) -> Any:
    for key in path.split("."):
        settings = settings[key]
    return settings


def _shown(value: Any, lang: str = "en") -> str:
    if isinstance(value, bool):
        return _say("yes" if value else "no", lang)
    if isinstance(value, (list, tuple)):
        return ", ".join(_shown(v, lang) for v in value)
    if isinstance(value, Mapping):
        return ", ".join(f"{k}: {_shown(v, lang)}" for k, v in value.items())
    return str(value)
