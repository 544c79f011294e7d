"""Take-back at the table (issue 12): ctrl+z goes back to before the person's last decision
when every other seat is a computer; the computers then reply as they did to the same moves;
with two people at the table it is refused with the reason."""

from __future__ import annotations

from pathlib import Path

import sevens
from tui_helpers import SIZE, pass_hand_over, run, sevens_registry, wait_for

from parlour.core.game import with_names
from parlour.core.record import HUMAN, Record, Seat
from parlour.core.rulesets import load_ruleset
from parlour.core.saves import SaveFolder
from parlour.core.seating import start_match, take_back
from parlour.tui.app import ParlourApp
from parlour.tui.dialogs import HandOverScreen
from parlour.tui.results import ResultsScreen
from parlour.tui.table import LiveGame, Phase, TableScreen


def open_table(app: ParlourApp, seats: list[Seat], path: Path, seed: int = 0) -> TableScreen:
    match = start_match(sevens.GAME, load_ruleset(sevens.GAME).resolve(), seed, seats)
    screen = TableScreen(LiveGame(sevens.GAME, match, path))
    app.push_screen(screen)
    return screen


def test_a_move_taken_back_is_answered_as_before_and_counted(tmp_path: Path) -> None:
    app = ParlourApp(sevens_registry(), saves=SaveFolder(tmp_path), ai_delay=0)
    seats = [Seat("Ann", HUMAN), Seat("Rex", "random"), Seat("Roy", "random")]
    path = tmp_path / "s.json"

    async def scenario() -> None:
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            screen = open_table(app, seats, path)

            async def decide() -> None:
                await wait_for(pilot, lambda: screen.awaiting == 0)
                await pilot.press("enter")

            await wait_for(pilot, lambda: screen.awaiting == 0)
            await pilot.press("ctrl+z", "ctrl+z", "ctrl+z")  # nothing to take back yet, asked thrice
            await wait_for(pilot, lambda: any("not made a move" in n.message for n in app._notifications))
            await pilot.pause()
            assert sum("not made a move" in n.message for n in app._notifications) == 1, "refused once, said once"
            await decide()
            await decide()
            await wait_for(pilot, lambda: screen.awaiting == 0)
            before = list(screen.match.record.actions)  # Ann, Rex, Roy, Ann, Rex, Roy
            assert len(before) == 6
            await pilot.press("ctrl+z")
            await wait_for(pilot, lambda: screen.match.record.takebacks == 1 and screen.awaiting == 0)
            assert screen.match.record.actions == before[:3]
            assert Record.load(path).actions == before[:3] and Record.load(path).takebacks == 1
            await wait_for(pilot, lambda: screen.log_panel.entries == [
                with_names(e.text, screen.live.names) for e in screen.match.state.events_for(0)])
            await decide()  # the same move again: Rex and Roy reply as they did
            await wait_for(pilot, lambda: screen.awaiting == 0 and len(screen.match.record.actions) == 6)
            assert screen.match.record.actions == before
            fresh = take_back(sevens.GAME, screen.match, 0)
            assert fresh is not None
            fresh.play(fresh.state.legal_actions()[0])
            fresh.step()
            fresh.step()
            assert fresh.record.actions != before, "asked afresh, the random players would have replied otherwise"
            while not isinstance(app.screen, ResultsScreen):
                await wait_for(pilot, lambda: screen.awaiting == 0 or isinstance(app.screen, ResultsScreen))
                if screen.awaiting == 0:
                    moves = len(screen.match.record.actions)
                    await pilot.press("enter")
                    await wait_for(pilot, lambda: len(screen.match.record.actions) > moves)
            text = str(app.screen.query_one("#results-note").render())
            assert "1 taken back" in text and "Variants: none" in text

    run(scenario())


def test_with_two_people_at_the_table_take_back_is_refused_with_the_reason(tmp_path: Path) -> None:
    app = ParlourApp(sevens_registry(), saves=SaveFolder(tmp_path), ai_delay=0)
    seats = [Seat("Ann", HUMAN), Seat("Rex", "random"), Seat("Bea", HUMAN)]

    async def scenario() -> None:
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            screen = open_table(app, seats, tmp_path / "s.json")

            async def next_person() -> None:  # past the hand-over, if there is one, to a decision
                await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen) or screen.phase is Phase.DECIDING)
                if isinstance(app.screen, HandOverScreen):
                    await pass_hand_over(pilot)
                    await wait_for(pilot, lambda: screen.phase is Phase.DECIDING and app.screen is screen)

            for _ in range(2):
                await next_person()
                moves = len(screen.match.record.actions)
                await pilot.press("enter")
                await wait_for(pilot, lambda: len(screen.match.record.actions) > moves)
            await next_person()
            moves = list(screen.match.record.actions)
            await pilot.press("ctrl+z")
            await wait_for(pilot, lambda: any("another person sits at this table" in n.message
                                              for n in app._notifications))
            assert screen.match.record.actions == moves and screen.match.record.takebacks == 0

    run(scenario())
