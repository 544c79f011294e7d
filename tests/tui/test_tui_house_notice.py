"""Issue 25: a broken house-rules file of the player's is announced at the top of setup, where
he looks — naming the file and the line — not only at the very bottom of the variants, below
the fold even on a large terminal."""

from __future__ import annotations

import os
from pathlib import Path

from textual.widgets import Static
from tui_helpers import run, wait_for

from parlour.core.registry import discover
from parlour.tui.app import ParlourApp
from parlour.tui.setup import SetupScreen

SMALL = (80, 24)


def house_rules_folder() -> Path:
    folder = Path(os.environ["XDG_CONFIG_HOME"]) / "parlour" / "rulesets"
    folder.mkdir(parents=True)
    return folder


def test_a_broken_house_rules_file_is_announced_at_the_top_of_setup_at_80x24() -> None:
    folder = house_rules_folder()
    broken = folder / "fast-bank.yaml"
    broken.write_text("game: banque-fatale\nname: fast\nsettings:\n  jetons_per_colour: lots\n", encoding="utf-8")

    async def scenario() -> None:
        app = ParlourApp(discover(), ai_delay=0, start_game="banque-fatale")
        async with app.run_test(size=SMALL) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
            await pilot.pause()
            setup = app.screen
            notice = setup.query_one("#house-notice", Static)
            text = str(notice.render())
            assert f"{broken}:4" in text.replace("\n", "") and "jetons_per_colour" in text
            footer_top = SMALL[1] - 1
            assert notice.region.height > 0 and notice.region.bottom <= footer_top, notice.region
            assert setup.query_one("#players").region.y > notice.region.y, "above the table's setup"
            # the full list, at the end of the variants, is below the fold
            assert setup.query(".setup-error").first().region.y >= footer_top

    run(scenario())


def test_no_notice_without_a_broken_file() -> None:
    (house_rules_folder() / "good.yaml").write_text(
        "game: banque-fatale\nname: good\ndescription: Fine.\nsettings: {}\n", encoding="utf-8")

    async def scenario() -> None:
        app = ParlourApp(discover(), ai_delay=0, start_game="banque-fatale")
        async with app.run_test(size=SMALL) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
            assert not app.screen.query("#house-notice") and not app.screen.query(".setup-error")
            assert "good" in app.screen.variant_names

    run(scenario())
