"""A player's name is text, never Rich markup: a name is typed in setup, given with
``parlour host --names`` or sent by a host to the players who join. A hostile-client review
found a host's ``--names 'Ada[/],Bea,Cleo'`` ending a joining player's app (``MarkupError``
from the seats' panel) and ``[reverse]Ada[/]`` styling it. The seats' panel, the results'
table and the scores round by round show such names as typed."""

from __future__ import annotations

from pathlib import Path

import sevens
from tui_helpers import SIZE, run, sevens_registry, wait_for

from parlour.core.record import HUMAN, Seat
from parlour.core.rulesets import load_ruleset
from parlour.core.saves import SaveFolder
from parlour.core.seating import start_match
from parlour.testing.boards import panel_text, screen_text
from parlour.tui.app import ParlourApp
from parlour.tui.results import ResultsScreen
from parlour.tui.table import LiveGame, TableScreen

NAMES = ["Ada[/]", "[reverse]Bea[/]", "[@click=app.quit]Cy"]


def test_names_that_look_like_markup_are_shown_as_typed(tmp_path: Path) -> None:
    app = ParlourApp(sevens_registry(), saves=SaveFolder(tmp_path), ai_delay=0)
    seats = [Seat(NAMES[0], HUMAN), Seat(NAMES[1], "random"), Seat(NAMES[2], "random")]

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            match = start_match(sevens.GAME, load_ruleset(sevens.GAME).resolve(), 0, seats)
            screen = TableScreen(LiveGame(sevens.GAME, match, tmp_path / "s.json"))
            app.push_screen(screen)
            await wait_for(pilot, lambda: screen.awaiting == 0)
            status = panel_text(screen.query_one("#status"), 60)  # the seats' panel
            for name in NAMES:
                assert name in status, (name, status)
            while not isinstance(app.screen, ResultsScreen):  # to the results: their tables
                await wait_for(pilot, lambda: screen.awaiting == 0 or isinstance(app.screen, ResultsScreen))
                if screen.awaiting == 0:
                    moves = len(screen.match.record.actions)
                    await pilot.press("enter")
                    await wait_for(pilot, lambda: len(screen.match.record.actions) > moves
                                   or isinstance(app.screen, ResultsScreen))
            await pilot.pause()
            text = screen_text(app)
            for name in NAMES:
                assert name in text, (name, text)

    run(scenario())
