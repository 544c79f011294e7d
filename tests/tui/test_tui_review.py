"""The review of a finished game in the app (issue 12): the scores round by round on the
results screen, and a step-through from each seat's point of view that shows that seat's
view and nothing more."""

from __future__ import annotations

from typing import Any

import pytest
from tui_helpers import run, wait_for

from games.banque_fatale import GAME as BANQUE
from games.banque_fatale.board import BanqueFataleBoard
from games.casablanca import GAME as CASABLANCA
from games.casablanca.board import CasablancaBoard
from games.monte_carlo import GAME as MONTE
from games.monte_carlo.board import MonteCarloBoard
from parlour.core.record import HUMAN, Record, Seat
from parlour.core.registry import Registry
from parlour.core.rulesets import load_ruleset
from parlour.core.saves import SaveFolder
from parlour.core.seating import start_match
from parlour.testing.boards import panel_text
from parlour.tui.app import ParlourApp
from parlour.tui.dialogs import ConfirmDialog
from parlour.tui.review import ReviewScreen


def finished(game: Any, agents: list[str], seed: int = 5) -> Record:
    seats = [Seat(f"P{i}", "random") for i in range(len(agents))]
    match = start_match(game, load_ruleset(game).resolve(), seed, seats)
    match.play_out()
    record = match.record
    record.seats = [Seat(f"P{i}", agent) for i, agent in enumerate(agents)]
    return record


def app_for(tmp_path: Any) -> ParlourApp:
    registry = Registry()
    for game in (BANQUE, MONTE, CASABLANCA):
        registry.add(game.id, "tests", lambda game=game: game)
    return ParlourApp(registry, saves=SaveFolder(tmp_path), ai_delay=0)


async def review_up(pilot: Any, app: ParlourApp) -> ReviewScreen:
    """The review screen, once it is up."""
    await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen) and bool(app.screen.query("#review-where")))
    assert isinstance(app.screen, ReviewScreen)
    return app.screen


@pytest.mark.parametrize("game, board", [(BANQUE, BanqueFataleBoard), (MONTE, MonteCarloBoard),
                                         (CASABLANCA, CasablancaBoard)])
def test_every_step_shows_exactly_the_seats_view(tmp_path, game, board) -> None:
    record = finished(game, [HUMAN, "random", "random"])
    app = app_for(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            app.show_review(game, record)
            screen = await review_up(pilot, app)
            assert screen.seat == 0 and screen.step == len(record.actions)
            shown: list[Any] = []
            real = screen.board.show
            screen.board.show = lambda view, legal: (shown.append((view, legal)), real(view, legal))[1]
            for seat in (0, 1, 2, None):
                screen.seat = seat
                for step in range(0, len(screen.states), 7):
                    screen.go(step)
                    assert shown[-1] == (screen.states[step].view(seat), None)
                    seen = [e.text for e in screen.states[step].events_for(seat)]
                    assert len(screen.log_panel.entries) == len(seen)
            await pilot.pause()
            assert type(screen.board) is board, "the game's board showed every step"
            assert not [n for n in app._notifications if n.severity == "error"]

    run(scenario())


def test_keys_step_jump_by_round_and_switch_seats(tmp_path) -> None:
    record = finished(BANQUE, [HUMAN, "random", "random"])
    app = app_for(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            app.show_review(BANQUE, record)
            screen = await review_up(pilot, app)
            last = len(record.actions)
            await pilot.press("home")
            assert screen.step == 0
            await pilot.press("right", "right", "left")
            assert screen.step == 1
            await pilot.press("pagedown")
            assert screen.step == screen.stage_starts[1] and screen.states[screen.step].stage() == "Round 2"
            await pilot.press("pageup")
            assert screen.step == 0
            await pilot.press("end")
            assert screen.step == last
            await pilot.press("s")
            assert screen.seat == 1
            await pilot.press("s", "s")
            assert screen.seat is None, "after the last seat, the onlooker's view"
            where = str(screen.query_one("#review-where").render())
            assert f"Move {last} of {last}" in where and "onlooker" in where

    run(scenario())


def test_in_a_hot_seat_game_another_persons_view_is_shown_only_when_asked(tmp_path) -> None:
    record = finished(CASABLANCA, [HUMAN, "random", HUMAN])
    app = app_for(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            app.show_review(CASABLANCA, record)
            screen = await review_up(pilot, app)
            assert screen.seat is None, "two people played: it opens on the onlooker's view"
            await pilot.press("s")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
            await pilot.press("n")
            await wait_for(pilot, lambda: app.screen is screen)
            assert screen.seat is None
            await pilot.press("s")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
            await pilot.press("y")
            await wait_for(pilot, lambda: app.screen is screen and screen.seat == 0)
            await pilot.press("s")  # a computer's seat: no question
            assert screen.seat == 1 and app.screen is screen

    run(scenario())


def test_the_results_show_the_scores_round_by_round_and_open_the_review(tmp_path) -> None:
    from parlour.tui.results import ResultsScreen
    from parlour.tui.table import LiveGame

    seats = [Seat("Ada", HUMAN), Seat("Bob", "random"), Seat("Cyd", "random")]
    match = start_match(MONTE, load_ruleset(MONTE).resolve(), 2, seats)
    while not match.state.is_over:
        if match.state.to_move == 0:
            match.play(match.state.legal_actions()[-1])
        else:
            match.step()
    app = app_for(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            app.push_screen(ResultsScreen(LiveGame(MONTE, match, tmp_path / "mc.json")))
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen) and bool(app.screen.query("#results-history")))
            results = app.screen
            history = panel_text(results.query_one("#results-history"))
            for game_no in range(1, 4):
                assert f"Game {game_no}" in history
            await pilot.press("v")
            assert (await review_up(pilot, app)).seat == 0, "the person who played sees the game as they saw it"
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is results)

    run(scenario())
