"""Variants that know their limits (issue 13): setup greys out a variant that cannot go with
those chosen, or does not suit the table size, and says why; the command line refuses them."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Checkbox, Select, Static
from tui_helpers import SIZE, run, wait_for

from parlour.games.monte_carlo import GAME as MONTE
from parlour.core.registry import Registry
from parlour.core.rulesets import load_ruleset
from parlour.core.saves import SaveFolder
from parlour.core.yamlsource import RulesetError
from parlour.tui.app import ParlourApp
from parlour.tui.setup import SetupScreen


def test_the_ruleset_knows_which_variants_combine() -> None:
    ruleset = load_ruleset(MONTE)
    assert ruleset.why_not("long-match", ["single-game"], 4) == "'long-match' cannot go with 'single-game'"
    assert ruleset.why_not("single-game", ["long-match"], 4) is not None, "either side's word counts"
    assert ruleset.why_not("six-player-odds", [], 5) == "'six-player-odds' is for 6 players, not 5"
    assert ruleset.why_not("six-player-odds", ["long-match"], 6) is None
    with pytest.raises(RulesetError, match=r"monte-carlo.yaml:\d+: variants.long-match: .*cannot go with"):
        ruleset.check_combination(["single-game", "long-match"], 3)
    ruleset.check_combination(["pass-and-return", "long-match"], 3)


def test_a_house_rule_may_declare_its_limits(tmp_path: Path) -> None:
    from parlour.core.rulesets import load_house_rules

    path = tmp_path / "duel.yaml"
    path.write_text("game: monte-carlo\nname: duel\ndescription: For two.\nplayers: {max: 2}\n"
                    "conflicts: [long-match]\nsettings: {start_chips: 30}\n")
    variant = load_house_rules(MONTE, load_ruleset(MONTE), path)
    assert variant.players == (2, 2) and variant.conflicts == ("long-match",)
    path.write_text("game: monte-carlo\nname: duel\nplayers: {min: 9}\nsettings: {}\n")
    with pytest.raises(RulesetError, match=r"duel.yaml:3: players.min: expected a number of players from 2 to 6"):
        load_house_rules(MONTE, load_ruleset(MONTE), path)


def test_setup_greys_out_what_cannot_combine_and_says_why(tmp_path: Path) -> None:
    registry = Registry()
    registry.add(MONTE.id, "tests", lambda: MONTE)
    app = ParlourApp(registry, saves=SaveFolder(tmp_path), ai_delay=0, start_game=MONTE.id)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen) and bool(app.screen.query("#seed")))
            setup = app.screen
            names = setup.variant_names
            toggle = {name: setup.query_one(f"#variant-{i}", Checkbox) for i, name in enumerate(names)}
            why = {name: setup.query_one(f"#variant-why-{i}", Static) for i, name in enumerate(names)}
            assert toggle["six-player-odds"].disabled, "two players: the six-player table is greyed out"
            assert "is for 6 players, not 2" in str(why["six-player-odds"].render())
            toggle["single-game"].value = True
            await wait_for(pilot, lambda: toggle["long-match"].disabled)
            assert "cannot go with 'single-game'" in str(why["long-match"].render())
            toggle["single-game"].value = False
            await wait_for(pilot, lambda: not toggle["long-match"].disabled)
            setup.query_one("#players", Select).value = 6
            await wait_for(pilot, lambda: not toggle["six-player-odds"].disabled)
            toggle["six-player-odds"].value = True
            await pilot.pause()
            setup.query_one("#players", Select).value = 5
            await wait_for(pilot, lambda: toggle["six-player-odds"].disabled)
            assert toggle["six-player-odds"].value is False, "a chosen variant that no longer suits is taken off"

    run(scenario())
