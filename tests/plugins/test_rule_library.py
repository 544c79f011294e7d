"""The rule library (issue 13): the built-in rulesets and curated house rules in the top-level
``rulesets/``, the JSON Schema of their files, and the validator and that schema agreeing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from parlour import rulesets
from parlour.games.banque_fatale import GAME as BANQUE
from parlour.games.casablanca import GAME as CASABLANCA
from parlour.games.monte_carlo import GAME as MONTE
from parlour.core.record import Seat
from parlour.core.rulesets import deep_merge, json_schema, load_house_rules, load_ruleset, scan_house_rules
from parlour.core.schema import Bool, Dict, Float, Int, List, Map, Spec, Str
from parlour.core.seating import start_match
from parlour.core.yamlsource import Lines, RulesetError, Where

GAMES = [BANQUE, MONTE, CASABLANCA]


def parlour(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The installed command line, run outside the checkout."""
    return subprocess.run([sys.executable, "-m", "parlour", *args], capture_output=True, text=True, timeout=120,
                          env={**os.environ, **(env or {})}, cwd=Path(__file__).parent)
CURATED = sorted(rulesets.FOLDER.glob("house/*/*.yaml"))


def as_json(data: Any) -> Any:
    """What an editor sees: the YAML's mapping keys as text."""
    return json.loads(json.dumps(data))


def test_the_built_in_games_read_their_rulesets_from_the_library() -> None:
    for game in GAMES:
        assert game.ruleset_path == rulesets.FOLDER / f"{game.id}.yaml"
        assert load_ruleset(game).file == str(game.ruleset_path)
        assert game.house_rules_folder == rulesets.FOLDER / "house" / game.id
    assert not list(Path(BANQUE.folder).glob("*.yaml")), "no ruleset left beside an engine"


@pytest.mark.parametrize("path", CURATED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_each_curated_house_rule_loads_and_plays_a_game(path: Path) -> None:
    game = next(g for g in GAMES if g.id == path.parent.name)
    ruleset = load_ruleset(game)
    variant = load_house_rules(game, ruleset, path)
    assert variant.name == path.stem and len(variant.description) > 20
    assert path.read_text().startswith(f"# yaml-language-server: $schema=../../schemas/{game.id}.json\n")
    scan = scan_house_rules(game, ruleset, folder=path.parent / "no-such-folder")
    assert variant.name in [v.name for v in scan.variants] and not scan.errors
    rules = ruleset.resolve([])
    rules = {**rules, **variant.settings}
    match = start_match(game, rules, 3, [Seat(f"P{i}", "random") for i in range(game.min_players + 1)])
    match.play_out()
    assert match.state.is_over


def test_several_curated_house_rules_per_game() -> None:
    for game in GAMES:
        assert len(list((rulesets.FOLDER / "house" / game.id).glob("*.yaml"))) >= 3


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_shipped_schema_is_the_one_the_declarations_give(game) -> None:
    shipped = json.loads(rulesets.schema_file(game.id).read_text(encoding="utf-8"))
    assert shipped == json_schema(game), f"run: parlour schema {game.id} > rulesets/schemas/{game.id}.json"
    jsonschema.Draft202012Validator.check_schema(shipped)
    settings = shipped["properties"]["settings"]["properties"]
    assert set(settings) == set(game.schema.fields)
    assert all(prop.get("description") for prop in settings.values()), "every setting says what it means"
    import re

    internal = [d for d in (p["description"] for p in settings.values()) if re.search(r"\b(BF|MC|CB)-[A-Z]+\d", d)]
    assert not internal, f"a player's description carries our rule ids: {internal[0]}"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_shipped_and_curated_file_passes_the_schema(game) -> None:
    validator = jsonschema.Draft202012Validator(json_schema(game))
    files = [game.ruleset_path, *sorted(game.house_rules_folder.glob("*.yaml"))]
    for path in files:
        errors = list(validator.iter_errors(as_json(yaml.safe_load(path.read_text()))))
        assert not errors, f"{path.name}: {errors[0].message}"


BROKEN = {  # a house rule's settings the validator refuses on their own (no game-wide rule needed)
    "banque-fatale": [{"jetons_per_colour": "lots"}, {"rise": 21}, {"start_player": "eldest"},
                      {"payout": {"11": "five"}}, {"colours": [{"letter": "R"}] * 9}, {"chart": {"top": 3}},
                      {"closed_screens": 1}, {"payout": {"100": 5}}, {"no_such_setting": 1}],
    "monte-carlo": [{"start_chips": 0}, {"odds": {"number": -1}}, {"tiles": []}, {"stop_is_final": "yes"},
                    {"fields": {"row": 3}}],
    "casablanca": [{"symbols": ["A", "B"]}, {"money_step": 0}, {"premiums": [1]}, {"first_leader": "oldest"},
                   {"memory_aid": None}],
}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_validator_and_the_schema_refuse_the_same_broken_files(game, tmp_path: Path) -> None:
    validator = jsonschema.Draft202012Validator(json_schema(game))
    ruleset = load_ruleset(game)
    for i, settings in enumerate(BROKEN[game.id]):
        data = {"game": game.id, "name": f"broken-{i}", "description": "Broken.", "settings": settings}
        path = tmp_path / f"broken-{i}.yaml"
        path.write_text(yaml.safe_dump(data))
        with pytest.raises(RulesetError):
            load_house_rules(game, ruleset, path)
        assert list(validator.iter_errors(as_json(yaml.safe_load(path.read_text())))), f"the schema took {settings}"


def values(spec: Spec) -> st.SearchStrategy[Any]:
    """Values in and out of ``spec``'s range, of its type and of others (no whole-number floats:
    JSON Schema cannot tell 1.0 from 1, the validator can)."""
    other = st.one_of(st.none(), st.booleans(), st.text(max_size=4),
                      st.floats(allow_nan=False, allow_infinity=False).filter(lambda f: not f.is_integer()))
    if isinstance(spec, Int):
        lo = (spec.min or 0) - 3
        hi = (spec.max if spec.max is not None else lo + 20) + 3
        return st.one_of(st.integers(lo, hi), other)
    if isinstance(spec, Float):
        return st.one_of(st.floats(-10, 10, allow_nan=False).filter(lambda f: not f.is_integer()), other)
    if isinstance(spec, Bool):
        return st.one_of(st.booleans(), other)
    if isinstance(spec, Str):
        return st.one_of(st.sampled_from(list(spec.choices) + ["other"]) if spec.choices else st.text(max_size=6),
                         other)
    if isinstance(spec, List):
        top = (spec.max_len or spec.min_len + 3) + 1
        return st.one_of(st.lists(values(spec.item), min_size=max(0, spec.min_len - 1), max_size=top), other)
    if isinstance(spec, Dict):
        return st.one_of(st.dictionaries(st.sampled_from([*spec.fields, "unknown"]),
                                         st.deferred(lambda: st.one_of(*[values(s) for s in spec.fields.values()])),
                                         max_size=3), other)
    if isinstance(spec, Map):
        return st.one_of(st.dictionaries(st.integers(-2, 120) if isinstance(spec.key, Int) else st.text(max_size=3),
                                         values(spec.value), max_size=3), other)
    raise TypeError(spec)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_schema_and_the_validator_agree_on_any_setting(game) -> None:
    """Hypothesis: for a setting of any value, the exported schema accepts it exactly when the
    validator's own spec does (the game-wide rules between settings are the validator's alone)."""
    schema = json_schema(game)["properties"]["settings"]
    validator = jsonschema.Draft202012Validator(schema)
    fields = game.schema.fields

    @given(st.sampled_from(sorted(fields)).flatmap(lambda key: st.tuples(st.just(key), values(fields[key]))))
    def check(case: tuple[str, Any]) -> None:
        key, value = case
        settings = {key: value}
        try:
            game.schema.root.clean(settings, Where(Lines("<test>"), ("settings",), partial=True))
            ours = True
        except RulesetError:
            ours = False
        theirs = validator.is_valid(as_json(settings))
        assert ours == theirs, f"{settings!r}: validator {'took' if ours else 'refused'} it, schema did not"

    check()


def test_parlour_schema_and_rulesets_on_the_command_line() -> None:
    out = parlour("schema", "monte-carlo", env={"PARLOUR_PLUGINS": ""})
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == json_schema(MONTE)
    listing = parlour("rulesets", "--json", env={"PARLOUR_PLUGINS": ""})
    data = json.loads(listing.stdout)
    kinds = {(g["game"], r["name"]): r["kind"] for g in data["games"] for r in g["rules"]}
    assert kinds[("casablanca", "rich-bank")] == "curated" and kinds[("casablanca", "high-stakes")] == "variant"
    text = parlour("rulesets", "banque-fatale", env={"PARLOUR_PLUGINS": ""}).stdout
    assert "curated  rich-aces" in text and "house/banque-fatale/rich-aces.yaml" in text
    sim = parlour("simulate", "casablanca", "--variant", "rich-bank", "--games", "2", "--json",
                  env={"PARLOUR_PLUGINS": ""})
    assert sim.returncode == 0, sim.stderr


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_rules_text_lists_the_variants_and_house_rules_from_the_files(game) -> None:
    from parlour.core.rulesets import VARIANTS_MARK, rules_text, with_house_rules

    assert VARIANTS_MARK in game.rules_markdown(), "the text says where the generated section goes"
    ruleset = load_ruleset(game)
    full = with_house_rules(ruleset, scan_house_rules(game, ruleset).variants)
    text = rules_text(game, full)
    assert VARIANTS_MARK not in text and text.count("## Variants") == 1
    for name, variant in full.variants.items():
        line = next(line for line in text.splitlines() if line.startswith(f"- **{name}**"))
        assert variant.description.strip() in line
        for key in variant.settings:
            assert f"`{key}" in line, f"{name}: the change to {key} is not listed"


def test_the_command_line_refuses_variants_that_cannot_combine() -> None:
    for args, why in ((["--variant", "single-game", "--variant", "long-match"], "cannot go with 'single-game'"),
                      (["--variant", "six-player-odds", "--players", "5"], "is for 6 players, not 5")):
        out = parlour("simulate", "monte-carlo", "--games", "1", *args, env={"PARLOUR_PLUGINS": ""})
        assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1, out.stderr
        assert why in out.stderr and "monte-carlo.yaml:" in out.stderr


def test_bf_s3_and_cb_s1_simulate_can_say_who_begins() -> None:
    """--first-player SEAT (BF-S3, CB-S1): that seat's player begins every game; the results
    stay by seat. The records show the table turned so the chosen seat sits first."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        out = parlour("simulate", "banque-fatale", "--players", "3", "--games", "3", "--first-player", "2",
                      "--records", folder, "--json", env={"PARLOUR_PLUGINS": ""})
        assert out.returncode == 0, out.stderr
        from parlour.core.record import Record, replay

        for path in sorted(Path(folder).glob("*.json")):
            record = Record.load(path)
            assert record.rules["start_player"] == "first"
            assert record.seats[0].name.endswith("-2"), "the table turned: seat 2's player sits first"
            first_events = [e.text for e in replay(BANQUE, record, upto=0).events]
            assert "Round 1 of 13: Player 1 is start player" in first_events
        games = json.loads(out.stdout)["games"]
        for game, path in zip(games, sorted(Path(folder).glob("*.json")), strict=True):
            record = Record.load(path)
            by_name = dict(zip([seat.name for seat in record.seats], replay(BANQUE, record).scores(), strict=True))
            assert game["scores"] == [by_name[f"{agent}-{k + 1}"] for k, agent in enumerate(game["agents"])], \
                "the results are given for the seats as they were"
    refused = parlour("simulate", "monte-carlo", "--first-player", "1", env={"PARLOUR_PLUGINS": ""})
    assert refused.returncode == 2 and "there is no choice" in refused.stderr
    refused = parlour("simulate", "casablanca", "--players", "3", "--first-player", "4", env={"PARLOUR_PLUGINS": ""})
    assert refused.returncode == 2 and "from 1 to 3" in refused.stderr


def every_variant(game) -> tuple[Any, dict[str, Any]]:
    """The game's ruleset with its curated house rules added as variants."""
    ruleset = load_ruleset(game)
    for variant in scan_house_rules(game, ruleset, folder=rulesets.FOLDER / "no-such-folder").variants:
        ruleset.variants[variant.name] = variant
    return ruleset, ruleset.variants


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_pair_of_variants_and_house_rules_is_played_or_refused_with_the_reason(game) -> None:
    """Issue 24: two options that set the same rule differently never combine silently (the
    last one winning); every pair of shipped variants and curated house rules either plays a
    game or is refused, saying which two and why."""
    import itertools

    ruleset, variants = every_variant(game)
    players = game.max_players
    played = refused = 0
    for one, other in itertools.combinations(variants, 2):
        why = ruleset.why_not(other, [one], players)
        if why is None:
            rules = ruleset.resolve([n for n in (one, other) if variants[n].source == "built-in"])
            for name in (one, other):
                if variants[name].source != "built-in":
                    rules = deep_merge(rules, variants[name].settings)
            match = start_match(game, rules, 5, [Seat(f"P{i}", "random") for i in range(players)])
            match.play_out()
            assert match.state.is_over
            played += 1
        else:
            assert repr(one) in why and repr(other) in why, why
            with pytest.raises(RulesetError, match="cannot go with|is for"):
                ruleset.check_combination([one, other], players)
            refused += 1
    assert played and refused, (played, refused)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_files_declare_every_pair_that_sets_a_rule_two_ways(game) -> None:
    """What the core would refuse anyway (two options setting one rule to different values) is
    written in the files too, where a reader of the YAML sees it."""
    import itertools

    from parlour.core.rulesets import clashing_settings

    _, variants = every_variant(game)
    for one, other in itertools.combinations(variants, 2):
        if clashing_settings(variants[one].settings, variants[other].settings):
            assert other in variants[one].conflicts or one in variants[other].conflicts, (one, other)


def test_casablanca_no_reshuffle_and_two_reshuffles_are_refused_together() -> None:
    ruleset, _ = every_variant(CASABLANCA)
    assert ruleset.why_not("two-reshuffles", ["no-reshuffle"]) == "'two-reshuffles' cannot go with 'no-reshuffle'"
    ruleset.variants["two-reshuffles"].conflicts = ()
    assert ruleset.why_not("two-reshuffles", ["no-reshuffle"]) == \
        "'two-reshuffles' cannot go with 'no-reshuffle': both set reshuffles"
