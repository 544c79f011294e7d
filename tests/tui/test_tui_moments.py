"""The table holds a moment (issue 12): after a move that logs a kind of event the game names in
``Game.pauses``, the table shows what that move did and waits for the player to go on."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import sevens
from tui_helpers import SIZE, run, sevens_registry, wait_for

from parlour.core.record import HUMAN, Seat
from parlour.core.rulesets import load_ruleset
from parlour.core.saves import SaveFolder
from parlour.core.seating import start_match
from parlour.testing.boards import ManualClock
from parlour.tui.app import ParlourApp
from parlour.tui.board import Board
from parlour.tui.results import ResultsScreen
from parlour.tui.table import LiveGame, Phase, TableScreen


class PausingSevens(sevens.Sevens):
    """Sevens whose scoring plays are moments worth stopping for."""

    pauses = frozenset({"score"})


def open_table(app: ParlourApp, game: Any, seats: list[Seat], path: Path, seed: int = 3) -> TableScreen:
    match = start_match(game, load_ruleset(game).resolve(), seed, seats)
    screen = TableScreen(LiveGame(game, match, path))
    app.push_screen(screen)
    return screen


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> ManualClock:
    clock = ManualClock()
    monkeypatch.setattr(Board, "clock", clock)
    monkeypatch.setattr(Board, "decision_delay", 0.5)
    return clock


def _ada_and_bob(tmp_path: Path) -> tuple[PausingSevens, ParlourApp, list[Seat]]:
    """A game with moments to hold, Ada at the keyboard against a random Bob."""
    game = PausingSevens()
    return game, ParlourApp(sevens_registry(game=game), saves=SaveFolder(tmp_path), ai_delay=0), [
        Seat("Ada", HUMAN), Seat("Bob", "random")]


def test_a_scoring_move_is_held_until_the_player_goes_on(tmp_path: Path, clock: ManualClock) -> None:
    game, app, seats = _ada_and_bob(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            screen = open_table(app, game, seats, tmp_path / "s.json")
            paused = 0
            while not screen.match.state.is_over:
                await wait_for(pilot, lambda: screen.phase in (Phase.DECIDING, Phase.PAUSED, Phase.OVER))
                if screen.phase is Phase.OVER:
                    break
                moves = len(screen.match.record.actions)
                if screen.phase is Phase.PAUSED:
                    paused += 1
                    scored = [e for e in screen.match.state.events if e.kind == "score"][-1]
                    assert screen.moment_panel.display and screen.moment_panel.lines[-1].endswith("scores it")
                    assert scored.text.endswith(screen.moment_panel.lines[-1].split(" plays ")[1])
                    assert screen.awaiting is None
                    await wait_for(pilot, lambda: app.focused is screen.moment_panel)
                    await pilot.press("enter")  # too soon: a key pressed while it appeared
                    await pilot.pause()
                    assert screen.phase is Phase.PAUSED and len(screen.match.record.actions) == moves
                    clock.advance(0.5)
                    await pilot.press("enter")
                    await wait_for(pilot, lambda: screen.phase is not Phase.PAUSED)
                    assert not screen.moment_panel.display
                    continue
                clock.advance(0.5)
                await pilot.press("enter")
                await wait_for(pilot, lambda: len(screen.match.record.actions) > moves)
            assert paused == sum(e.kind == "score" for e in screen.match.state.events) > 0
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))

    run(scenario())


def test_a_table_of_computers_never_waits(tmp_path: Path) -> None:
    game = PausingSevens()
    app = ParlourApp(sevens_registry(game=game), saves=SaveFolder(tmp_path), ai_delay=0)
    seats = [Seat("Cyd", "high"), Seat("Bob", "high")]

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            screen = open_table(app, game, seats, tmp_path / "s.json", seed=8)  # two scoring plays
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
            assert any(e.kind == "score" for e in screen.match.state.events)
            await pilot.pause()  # the results screen settles before the app closes

    run(scenario())


async def _play_to_a_moment(pilot: Any, screen: Any, clock: ManualClock,
                            each: Callable[[], Any] = lambda: None) -> Any:
    """Ada presses Enter until a moment is held; ``each`` runs before each of her moves, and
    what it made before the last is returned."""
    made = None
    while True:
        await wait_for(pilot, lambda: screen.phase in (Phase.DECIDING, Phase.PAUSED, Phase.OVER))
        assert screen.phase is not Phase.OVER, "no moment in this game"
        if screen.phase is Phase.PAUSED:
            return made
        made = each()
        moves = len(screen.match.record.actions)
        clock.advance(0.5)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.phase is Phase.PAUSED or len(screen.match.record.actions) > moves)


def test_an_enter_typed_before_the_moment_appeared_does_not_skip_it(tmp_path: Path, clock: ManualClock) -> None:
    """An Enter typed with the move that led to the moment (or while a computer made it),
    read only once the moment was up and its pause over, skipped it unread."""
    from textual import events

    game, app, seats = _ada_and_bob(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            screen = open_table(app, game, seats, tmp_path / "s.json")
            # typed with the move that leads to the moment, read below
            typed_ahead = await _play_to_a_moment(pilot, screen, clock, lambda: events.Key("enter", "\r"))
            await wait_for(pilot, lambda: app.focused is screen.moment_panel)
            clock.advance(0.5)  # the moment's pause is over: only the key's stamp tells
            app.post_message(typed_ahead)
            await wait_for(pilot, lambda: typed_ahead._stop_propagation)
            await pilot.pause()
            assert screen.phase is Phase.PAUSED, "the Enter typed ahead skipped the moment"
            await pilot.press("enter")
            await wait_for(pilot, lambda: screen.phase is not Phase.PAUSED)

    run(scenario())


def test_the_log_and_back_leave_a_held_moment_able_to_go_on(tmp_path: Path, clock: ManualClock) -> None:
    """A playtest hung: with a moment held, F2 (the log) then F3 (back) gave the focus to the
    board, whose Enter has nothing to answer, and the moment waited for ever."""
    game, app, seats = _ada_and_bob(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            screen = open_table(app, game, seats, tmp_path / "s.json")
            await _play_to_a_moment(pilot, screen, clock)
            await wait_for(pilot, lambda: app.focused is screen.moment_panel)
            await pilot.press("f2")
            await wait_for(pilot, lambda: app.focused is not screen.moment_panel)
            await pilot.press("f3")
            await wait_for(pilot, lambda: app.focused is screen.moment_panel)
            clock.advance(0.5)
            await pilot.press("enter")
            await wait_for(pilot, lambda: screen.phase is not Phase.PAUSED)

    run(scenario())
