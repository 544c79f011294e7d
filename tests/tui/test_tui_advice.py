"""Advice at the table (issue 26): F6 shows the searching player's three best moves with
their win chances, in a dialog with a progress bar that Esc stops; it is offered (and in the
footer) only when every other seat is a computer, like the take-back; each decision advised
on is counted once in the record, and the results say so."""

from __future__ import annotations

import asyncio
import random
import re
import threading
from pathlib import Path
from typing import Any

import pytest
import sevens
from tui_helpers import SIZE, run, sevens_registry, wait_for

from parlour.core.agents import Budget
from parlour.core.record import HUMAN, Record, Seat
from parlour.core.rulesets import load_ruleset
from parlour.core.saves import SaveFolder
from parlour.core.seating import start_match
from parlour.testing.boards import screen_text
from parlour.tui import advice
from parlour.tui.advice import AdviceDialog
from parlour.tui.app import ParlourApp
from parlour.tui.table import LiveGame, TableScreen


@pytest.fixture(autouse=True)
def counted_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A budget of simulations instead of the app's seconds: the same on any machine."""
    monkeypatch.setattr(advice, "budget", lambda app: Budget(iterations=60))


def open_table(app: ParlourApp, seats: list[Seat], path: Path) -> TableScreen:
    rules = {**load_ruleset(sevens.GAME).resolve(), "discard_allowed": True}  # six moves to choose from
    match = start_match(sevens.GAME, rules, 3, seats)
    screen = TableScreen(LiveGame(sevens.GAME, match, path))
    app.push_screen(screen)
    return screen


def footer(app: ParlourApp) -> str:
    return screen_text(app).splitlines()[-1]


@pytest.mark.parametrize("size", [(80, 24), SIZE], ids=lambda s: f"{s[0]}x{s[1]}")
def test_f6_shows_three_moves_with_their_win_chances_and_counts_the_decision_once(
        tmp_path: Path, size: tuple[int, int]) -> None:
    app = ParlourApp(sevens_registry(), saves=SaveFolder(tmp_path), ai_delay=0)
    path = tmp_path / "s.json"

    async def scenario() -> None:
        async with app.run_test(size=size, notifications=True) as pilot:
            screen = open_table(app, [Seat("Ann", HUMAN), Seat("Rex", "random"), Seat("Roy", "random")], path)
            await wait_for(pilot, lambda: screen.awaiting == 0 and "f6 Advice" in footer(app))
            await pilot.press("f6")
            await wait_for(pilot, lambda: isinstance(app.screen, AdviceDialog) and app.screen.advice is not None)
            text = screen_text(app)
            assert "Advice for Ann" in text and "60 simulations" in text
            rows = re.findall(r"^\W*([123])\. +(.+?) +win (\d+) %", text, re.MULTILINE)
            assert [r[0] for r in rows] == ["1", "2", "3"], text
            legal = {a.label for a in screen.match.state.legal_actions()}
            assert all(label in legal for _, label, _ in rows)
            dialog = app.screen.query_one("#advice").region
            assert dialog.right <= size[0] and dialog.bottom <= size[1] - 1, "the dialog fits above the footer"
            assert screen.match.record.advice == [1, 0, 0] and Record.load(path).advice == [1, 0, 0]
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is screen)
            await pilot.press("f6")  # the same decision: shown again, not counted again
            await wait_for(pilot, lambda: isinstance(app.screen, AdviceDialog) and app.screen.advice is not None)
            assert screen.match.record.advice == [1, 0, 0]
            await pilot.press("enter")
            await wait_for(pilot, lambda: app.screen is screen)
            await pilot.press("enter")  # Ann plays; at her next decision she asks again
            await wait_for(pilot, lambda: screen.awaiting == 0 and len(screen.match.record.actions) == 3)
            await pilot.press("f6")
            await wait_for(pilot, lambda: screen.match.record.advice == [2, 0, 0])

    run(scenario())


@pytest.mark.parametrize("agents", [(HUMAN, HUMAN, "random"), ("random", "random", "random")],
                         ids=["two-people", "no-one"])
def test_no_advice_unless_every_other_seat_is_a_computer(tmp_path: Path, agents: tuple[str, ...]) -> None:
    app = ParlourApp(sevens_registry(), saves=SaveFolder(tmp_path), ai_delay=10)
    seats = [Seat(name, agent) for name, agent in zip(("Ann", "Bea", "Cyd"), agents)]

    async def scenario() -> None:
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            screen = open_table(app, seats, tmp_path / "s.json")
            await wait_for(pilot, lambda: screen.phase.name in ("HANDING_OVER", "THINKING"))
            if screen.phase.name == "HANDING_OVER":
                from tui_helpers import pass_hand_over

                await pass_hand_over(pilot)
                await wait_for(pilot, lambda: screen.awaiting == 0)
            await wait_for(pilot, lambda: "Menu" in footer(app))
            assert "Advice" not in footer(app) and screen.check_action("advise", ()) is False
            await pilot.press("f6")
            await pilot.pause()
            assert not isinstance(app.screen, AdviceDialog) and screen.match.record.advice_asked(0) == 0

    run(scenario())


def test_escape_stops_the_advice_and_nothing_is_counted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started, release = threading.Event(), threading.Event()
    stopped: list[BaseException] = []

    def slow(game: Any, rules: Any, state: Any, budget: Any, seed: int, progress: Any) -> Any:
        progress(0.1)
        started.set()
        release.wait(30)
        try:
            progress(0.5)  # Esc was pressed: this raises
        except BaseException as exc:
            stopped.append(exc)
            raise
        raise AssertionError("the advice went on after Esc")

    monkeypatch.setattr(advice, "advise", slow)
    app = ParlourApp(sevens_registry(), saves=SaveFolder(tmp_path), ai_delay=0)

    async def scenario() -> None:
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            screen = open_table(app, [Seat("Ann", HUMAN), Seat("Rex", "random")], tmp_path / "s.json")
            await wait_for(pilot, lambda: screen.awaiting == 0)
            await pilot.press("f6")
            assert await asyncio.to_thread(started.wait, 30)
            dialog = app.screen
            assert isinstance(dialog, AdviceDialog) and dialog.query_one("#advice-progress").display
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is screen)
            release.set()
            await wait_for(pilot, lambda: bool(stopped) and all(w.is_finished for w in dialog.workers))
            assert isinstance(stopped[0], advice.AdviceStopped)
            assert screen.match.record.advice == [] and screen.awaiting == 0

    run(scenario())


def test_the_results_say_how_many_times_advice_was_asked(tmp_path: Path) -> None:
    from parlour.tui.results import ResultsScreen

    match = start_match(sevens.GAME, load_ruleset(sevens.GAME).resolve(), 3, [Seat("Ann", HUMAN), Seat("Rex", "random")])
    rng = random.Random(1)
    while not match.state.is_over:
        match.play(rng.choice(match.state.legal_actions()))
    for _ in range(3):
        match.record.count_advice(0)
    app = ParlourApp(sevens_registry(), saves=SaveFolder(tmp_path), ai_delay=0)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            app.push_screen(ResultsScreen(LiveGame(sevens.GAME, match, tmp_path / "s.json")))
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen) and "moves" in screen_text(app))
            assert "advice asked 3 times" in screen_text(app)

    run(scenario())


def test_advice_shown_again_words_its_moves_in_the_language_of_now(tmp_path: Path) -> None:
    """Advice kept from earlier (worded in English) shown in a French app: each move's label
    is read back from its text in French; a text the game cannot read keeps its label."""
    from parlour.core.advice import Advice, Suggestion
    from parlour.core.i18n import in_language
    from parlour.core.registry import Registry
    from parlour.games.banque_fatale import GAME as BANQUE

    rules = load_ruleset(BANQUE).resolve()
    moves = BANQUE.new_game(3, rules, 0).legal_actions()[:2]
    given = Advice(seat=0, choices=5, simulations=60, suggestions=(
        *(Suggestion(m.text, m.label, 0.4, 30) for m in moves), Suggestion("nonsense 9", "kept as it is", 0.1, 0)))
    english = [m.label for m in moves]
    with in_language("fr"):
        french = [m.label for m in moves]
    assert all(f != e for f, e in zip(french, english)), "the game's catalog words them"
    registry = Registry()
    registry.add(BANQUE.id, "tests", lambda: BANQUE)
    app = ParlourApp(registry, saves=SaveFolder(tmp_path), ai_delay=0, language="fr")

    async def scenario() -> str:
        async with app.run_test(size=(100, 32)) as pilot:
            app.push_screen(AdviceDialog(BANQUE, rules, None, "Ann", advice=given))
            await wait_for(pilot, lambda: "kept as it is" in screen_text(app))
            return screen_text(app)

    text = run(scenario())
    assert all(label in text for label in french), text
    assert not any(label in text for label in english), text
