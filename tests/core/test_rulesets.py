"""Rulesets: schema checks, variants, house rules, and one-line errors with file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.core.rulesets import (
    load_house_rules,
    load_ruleset,
    scan_house_rules,
    user_ruleset_dir,
    with_house_rules,
)
from parlour.core.schema import Dict, Int, List, Map, Schema, Str
from parlour.core.yamlsource import RulesetError
from sevens import GAME as SEVENS, Sevens


class FileSevens(Sevens):
    """Sevens reading its ruleset from a file the test writes."""

    def __init__(self, path: Path) -> None:
        self._path = path

    @property
    def ruleset_path(self) -> Path:
        return self._path


def write(tmp_path: Path, text: str, name: str = "rules.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


GOOD = """\
game: sevens
settings:
  target: 7
  hand_size: 3
  max_card: 6
  copies: 3
  discard_allowed: true
variants:
  no-discards:
    description: No discards.
    settings:
      discard_allowed: false
"""


def test_defaults_and_variants_resolve() -> None:
    ruleset = load_ruleset(SEVENS)
    assert ruleset.defaults["target"] == 7
    assert set(ruleset.variants) == {"no-discards", "long"}
    assert ruleset.resolve(["no-discards"])["discard_allowed"] is False
    assert ruleset.resolve(["no-discards", "long"]) == {**ruleset.defaults, "discard_allowed": False, "hand_size": 4}
    assert ruleset.defaults["discard_allowed"] is True, "resolving must not change the defaults"


@pytest.mark.parametrize(
    ("edit", "line", "path", "message"),
    [
        (("  target: 7", "  target: seven"), 3, "settings.target", "expected a whole number, got str 'seven'"),
        (("  target: 7", "  target: 99"), 3, "settings.target", "99 is out of range (2 to 30)"),
        (("  copies: 3", "  copies: 3\n  colour: red"), 7, "settings.colour", "unknown key"),
        (("      discard_allowed: false", "      discard_allowed: 1"), 12, "variants.no-discards.settings.discard_allowed",
         "expected true or false, got int 1"),
        (("    description: No discards.", "    descripton: No discards."), 10, "variants.no-discards.descripton",
         "unknown key"),
        (("  max_card: 6", "  max_card: 2"), 4, "settings.hand_size", "too few cards to deal four hands"),
    ],
)
def test_broken_ruleset_names_file_line_and_key(tmp_path: Path, edit, line, path, message) -> None:
    file = write(tmp_path, GOOD.replace(*edit))
    with pytest.raises(RulesetError) as info:
        load_ruleset(FileSevens(file))
    error = str(info.value)
    assert error.startswith(f"{file}:{line}: {path}: {message}"), error
    assert "\n" not in error


def test_missing_setting_is_named(tmp_path: Path) -> None:
    file = write(tmp_path, GOOD.replace("  copies: 3\n", ""))
    with pytest.raises(RulesetError, match=r":2: settings: missing key\(s\): copies"):
        load_ruleset(FileSevens(file))


def test_invalid_yaml_names_the_line(tmp_path: Path) -> None:
    file = write(tmp_path, GOOD.replace("  hand_size: 3", "  hand_size: [3"))
    with pytest.raises(RulesetError) as info:
        load_ruleset(FileSevens(file))
    assert str(info.value).startswith(f"{file}:")
    assert "not valid YAML" in str(info.value)


def test_unsafe_yaml_is_refused(tmp_path: Path) -> None:
    file = write(tmp_path, GOOD.replace("  target: 7", "  target: !!python/object/apply:os.system ['echo hi']"))
    with pytest.raises(RulesetError, match="not valid YAML") as info:
        load_ruleset(FileSevens(file))
    assert "\n" not in str(info.value)


def test_wrong_game_is_refused(tmp_path: Path) -> None:
    file = write(tmp_path, GOOD.replace("game: sevens", "game: chess"))
    with pytest.raises(RulesetError, match=r":1: game: expected 'sevens', got 'chess'"):
        load_ruleset(FileSevens(file))


def test_unknown_variant_is_one_line_with_file_and_line() -> None:
    ruleset = load_ruleset(SEVENS)
    with pytest.raises(RulesetError) as info:
        ruleset.resolve(["no-such"])
    assert str(info.value) == (
        f"{SEVENS.ruleset_path}:9: variants: unknown variant 'no-such' (known: no-discards, long)"
    )


def test_house_rules_file_becomes_a_variant(tmp_path: Path) -> None:
    ruleset = load_ruleset(SEVENS)
    file = write(tmp_path, "game: sevens\nname: eights\ndescription: Aim for eight.\nsettings:\n  target: 8\n")
    variant = load_house_rules(SEVENS, ruleset, file)
    assert (variant.name, variant.description, variant.settings) == ("eights", "Aim for eight.", {"target": 8})
    offered = with_house_rules(ruleset, [variant])
    assert offered.resolve(["eights", "no-discards"])["target"] == 8
    assert "eights" not in ruleset.variants


def test_house_rules_errors_name_file_and_line(tmp_path: Path) -> None:
    ruleset = load_ruleset(SEVENS)
    file = write(tmp_path, "game: sevens\nsettings:\n  target: 1\n")
    with pytest.raises(RulesetError) as info:
        load_house_rules(SEVENS, ruleset, file)
    assert str(info.value) == f"{file}:3: settings.target: 1 is out of range (2 to 30)"


def test_user_folder_scan_keeps_good_files_and_reports_bad(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    folder = user_ruleset_dir()
    assert folder == tmp_path / "parlour" / "rulesets"
    folder.mkdir(parents=True)
    write(folder, "game: sevens\nsettings: {target: 9}\n", "nines.yaml")
    write(folder, "game: sevens\nsettings: {target: nine}\n", "broken.yaml")
    write(folder, "game: other\nsettings: {whatever: 1}\n", "other.yaml")
    write(folder, "game: [unclosed\n", "garbled.yml")
    scan = scan_house_rules(SEVENS, load_ruleset(SEVENS))
    assert [v.name for v in scan.variants] == ["nines"]
    assert scan.variants[0].source == str(folder / "nines.yaml")
    errors = sorted(str(e) for e in scan.errors)
    assert len(errors) == 2
    assert errors[0].startswith(f"{folder / 'broken.yaml'}:2: settings.target: expected a whole number")
    assert errors[1].startswith(f"{folder / 'garbled.yml'}:")


def test_specs_cover_lists_tables_and_choices(tmp_path: Path) -> None:
    schema = Schema({
        "colours": List(Str(), min_len=2, unique=True),
        "payout": Map(Int(11, 12), Int(0)),
        "mode": Str(("to", "by")),
        "nested": Dict({"a": Int()}),
    })

    class Custom(FileSevens):
        @property
        def schema(self) -> Schema:
            return schema

        def validate_rules(self, rules):
            return []

    body = "colours: [red, red]\npayout: {11: 5, 12: 6}\nmode: to\nnested: {a: 1}\n"
    file = write(tmp_path, "game: sevens\nsettings:\n" + "".join(f"  {line}\n" for line in body.splitlines()))
    with pytest.raises(RulesetError, match=r":3: settings.colours: items must all differ"):
        load_ruleset(Custom(file))
    file.write_text(file.read_text().replace("[red, red]", "[red, blue]").replace("12: 6", "13: 6"))
    with pytest.raises(RulesetError, match=r":4: settings.payout.13: 13 is out of range \(11 to 12\)"):
        load_ruleset(Custom(file))
    file.write_text(file.read_text().replace("13: 6", "12: 6").replace("mode: to", "mode: up"))
    with pytest.raises(RulesetError, match=r":5: settings.mode: 'up' is not one of to, by"):
        load_ruleset(Custom(file))
    file.write_text(file.read_text().replace("mode: up", "mode: by"))
    assert load_ruleset(Custom(file)).defaults["payout"] == {11: 5, 12: 6}


def test_duplicate_keys_are_refused(tmp_path: Path) -> None:
    file = write(tmp_path, GOOD.replace("  copies: 3\n", "  copies: 3\n  target: 8\n"))
    with pytest.raises(RulesetError) as info:
        load_ruleset(FileSevens(file))
    assert str(info.value) == f"{file}:7: settings.target: duplicate key (first on line 3)"


def test_house_rules_may_not_take_a_taken_name(tmp_path: Path, monkeypatch) -> None:
    ruleset = load_ruleset(SEVENS)
    clash = write(tmp_path, "game: sevens\nname: long\nsettings: {target: 9}\n")
    with pytest.raises(RulesetError, match=r":2: name: 'long' is already a built-in variant"):
        load_house_rules(SEVENS, ruleset, clash)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    folder = user_ruleset_dir()
    folder.mkdir(parents=True)
    write(folder, "game: sevens\nname: eights\nsettings: {target: 8}\n", "a.yaml")
    write(folder, "game: sevens\nname: eights\nsettings: {target: 9}\n", "b.yaml")
    scan = scan_house_rules(SEVENS, ruleset)
    assert [v.settings for v in scan.variants] == [{"target": 8}]
    [error] = scan.errors
    assert str(error).startswith(f"{folder / 'b.yaml'}:2: name: 'eights' is already the house rules in {folder / 'a.yaml'}")


class _Here:
    """A place that fails with its key path (for a spec cleaned alone)."""

    partial = False

    def __init__(self, path: tuple = ()) -> None:
        self.path = path

    def child(self, key):
        return _Here((*self.path, key))

    def fail(self, message: str):
        raise ValueError(f"{len(self.path)}: {message}")


def test_a_whole_number_key_of_thousands_of_digits_is_refused_not_raised() -> None:
    """JSON writes a Map's whole-number keys as text; a key of 5000 digits (past ``int``'s
    limit) is refused as a key, with the place's error."""
    spec = Map(Int(0, 20), Int(0))
    assert spec.clean({"12": 5}, _Here()) == {12: 5}
    with pytest.raises(ValueError, match="^1: expected a whole number"):
        spec.clean({"9" * 5000: 5}, _Here())
