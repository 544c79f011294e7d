"""One way from a table's choices to its settings (``table_rules``), used by the command line,
setup and hosting alike."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from parlour.games.banque_fatale import GAME as BANQUE
from parlour.games.monte_carlo import GAME as MONTE
from parlour.core.rulesets import load_ruleset, offered_rules, table_rules, turned
from parlour.core.yamlsource import RulesetError
from sevens import GAME as SEVENS, Sevens

ROOT = Path(__file__).parents[2]

CLASHING = """\
game: sevens
settings: {target: 7, hand_size: 3, max_card: 6, copies: 3, discard_allowed: true}
variants:
  long: {description: Four cards each., settings: {hand_size: 4}}
  fewer: {description: Two of each card., settings: {copies: 2}}
"""


class FileSevens(Sevens):
    def __init__(self, path: Path) -> None:
        self._path = path

    @property
    def ruleset_path(self) -> Path:
        return self._path


def test_defaults_then_variants_in_order() -> None:
    ruleset = load_ruleset(SEVENS)
    table = table_rules(SEVENS, ruleset, ["long", "no-discards"], 2)
    assert table.settings == {**ruleset.defaults, "hand_size": 4, "discard_allowed": False}
    assert table.variants == ["long", "no-discards"]
    assert ruleset.defaults["hand_size"] == 3


def test_a_curated_house_rule_is_found_by_name() -> None:
    ruleset = load_ruleset(BANQUE)
    assert "rich-aces" not in ruleset.variants
    table = table_rules(BANQUE, ruleset, ["rich-aces"], 3)
    assert table.settings == offered_rules(BANQUE, ruleset).ruleset.resolve(["rich-aces"])
    assert table.settings != ruleset.resolve()


def test_a_house_rules_file_comes_first(tmp_path: Path) -> None:
    house = tmp_path / "mine.yaml"
    house.write_text("game: sevens\nname: mine\nsettings: {target: 9}\n")
    table = table_rules(SEVENS, load_ruleset(SEVENS), ["long"], 2, house=house)
    assert table.variants == ["mine", "long"]
    assert table.settings["target"] == 9 and table.settings["hand_size"] == 4


def test_unknown_variant_names_the_file() -> None:
    with pytest.raises(RulesetError, match=r"sevens.*unknown variant 'nope'"):
        table_rules(SEVENS, load_ruleset(SEVENS), ["nope"], 2)


def test_variants_that_make_no_sense_together_are_refused(tmp_path: Path) -> None:
    """Each variant alone passes the game's own check; together they deal too few cards."""
    path = tmp_path / "sevens.yaml"
    path.write_text(CLASHING)
    game = FileSevens(path)
    ruleset = load_ruleset(game)
    assert table_rules(game, ruleset, ["long"], 2) and table_rules(game, ruleset, ["fewer"], 2)
    with pytest.raises(RulesetError, match="hand_size: these variants do not go together: too few cards"):
        table_rules(game, ruleset, ["long", "fewer"], 2)


def test_bf_s3_a_chosen_first_seat_sets_the_starter() -> None:
    ruleset = load_ruleset(BANQUE)
    key, first, _label = BANQUE.starter  # type: ignore[misc]
    assert table_rules(BANQUE, ruleset, [], 3, chosen_first=True).settings[key] == first
    assert table_rules(BANQUE, ruleset, [], 3).settings[key] == ruleset.defaults[key]


def test_no_starter_to_choose_is_said() -> None:
    with pytest.raises(RulesetError, match="there is no choice"):
        table_rules(MONTE, load_ruleset(MONTE), [], 3, chosen_first=True)


def test_turned_puts_the_chosen_seat_first() -> None:
    assert turned(["a", "b", "c", "d"], 2) == ["c", "d", "a", "b"]
    assert turned(["a", "b"], 0) == ["a", "b"]


def test_only_table_rules_resolves_a_table() -> None:
    """Nothing outside ``rulesets.py`` checks a combination, adds house rules or sets the
    starter by hand: a second copy of the steps would drift from this one."""
    by_hand = re.compile(r"check_combination\(|with_house_rules\("  # the combination check, the house rules
                         r"|\.starter\[[01]\]|= (self\.)?game\.starter$"  # the starter setting
                         r"|\[\w+:\] \+ \w+\[:\w+\]")  # the seats turned
    found = [f"{path.relative_to(ROOT)}:{n}" for folder in ("parlour", "games")
             for path in sorted((ROOT / folder).rglob("*.py")) if path.name != "rulesets.py"
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if by_hand.search(line)]
    assert found == []
