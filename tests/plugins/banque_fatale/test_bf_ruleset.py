"""Banque Fatale's ruleset file, its variants, its checks, and the rules text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bf_helpers import RULESET
from parlour.games.banque_fatale import GAME
from parlour.core.rulesets import load_house_rules, load_ruleset, rules_text
from parlour.core.yamlsource import RulesetError

SEEDS = Path("/work/shared/seeds")


def test_bf_ruleset_defaults_hold_every_number() -> None:
    d = RULESET.defaults
    assert [c["letter"] for c in d["colours"]] == list("RYGBO")
    assert d["jetons_per_colour"] == 8 and d["start_jetons_per_colour"] == 2
    assert d["chart"] == {"min": 2, "max": 12, "start": 6}
    assert d["rise"] == 2 and d["rise_min_count"] == 2 and d["single_jeton_fall"] == 1
    assert d["zero_jetons"] == "to" and d["zero_jetons_amount"] == 2
    assert d["payout"] == {11: 5, 12: 6} and d["reset_value"] == 6
    assert d["jeton_value"] == 1
    assert d["sale_restriction"] == "card-just-won" and d["sales_per_round"] == 1
    assert d["closed_screens"] is False
    assert len(d["deck"]) == 16 and d["display_size"] == 3
    assert d["start_player"] == "random"


def test_bf_ruleset_variants_with_descriptions() -> None:
    assert set(RULESET.variants) == {"worthless-jetons", "translation-rules", "closed-screens"}
    for variant in RULESET.variants.values():
        assert len(variant.description) > 20
    assert RULESET.resolve(["worthless-jetons"])["jeton_value"] == 0
    translated = RULESET.resolve(["translation-rules"])
    assert translated["zero_jetons"] == "by" and translated["sale_restriction"] == "colour-rose"
    assert RULESET.resolve(["closed-screens"])["closed_screens"] is True


@pytest.mark.parametrize(
    ("settings", "where"),
    [
        ("colours: [{letter: R, name: red}, {letter: R, name: rose}]", "colours"),
        ("colours: [{letter: r, name: red}, {letter: Y, name: yellow}]", "colours.0.letter"),
        ("deck: [R, Y, G, B, O, RX]", "deck.5"),
        ("deck: [RG, YB, GO, RY, RB, BO]", "deck"),
        ("payout: {13: 7}", "payout.13"),
        ("payout: {6: 1}", "payout"),
        ("chart: {start: 1}", "chart"),
        ("start_jetons_per_colour: 3", "start_jetons_per_colour"),
        ("zero_jetons: down", "zero_jetons"),
        ("sale_restriction: never", "sale_restriction"),
    ],
)
def test_bf_ruleset_bad_house_rules_are_refused(tmp_path: Path, settings: str, where: str) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(f"game: banque-fatale\nsettings:\n  {settings}\n", encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_house_rules(GAME, RULESET, path)
    assert info.value.path.startswith(f"settings.{where}"), str(info.value)


def test_bf_ruleset_a_house_rule_changes_the_game(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("game: banque-fatale\nname: rich\nsettings:\n  start_jetons_per_colour: 1\n"
                    "  payout: {11: 7, 12: 9}\n", encoding="utf-8")
    variant = load_house_rules(GAME, RULESET, path)
    state = GAME.new_game(4, {**RULESET.defaults, **variant.settings}, 1)
    assert state.jetons[0] == [1] * 5
    assert state.cfg.payout[11] == 7 and state.cfg.payout[12] == 9


def test_bf_rules_text_covers_the_game_in_its_own_words() -> None:
    text = rules_text(GAME, load_ruleset(GAME))  # the variants section is made from the ruleset
    assert text.startswith("# Banque Fatale")
    for needle in ("worthless-jetons", "translation-rules", "closed-screens", "15 million", "16 million",
                   "13 rounds", "12 with four"):
        assert needle in text
    words = re.findall(r"[a-z']+", text.lower())
    ours = {" ".join(words[i:i + 7]) for i in range(len(words) - 6)}
    for book in ("banque-fatale.en.txt", "banque-fatale.fr.txt"):
        path = SEEDS / book
        if not path.exists():
            pytest.skip("the rulebooks are not beside the checkout")
        theirs = re.findall(r"[a-z']+", path.read_text(encoding="utf-8").lower())
        copied = [" ".join(theirs[i:i + 7]) for i in range(len(theirs) - 6)
                  if " ".join(theirs[i:i + 7]) in ours]
        assert not copied, f"seven words in a row copied from {book}: {copied[:3]}"
