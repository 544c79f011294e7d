"""Every screen and every dialog of the app, pinned as text at 80x24 and 120x40 through the one
``screen_snapshot`` fixture (``tests/tui/screen_snapshots.py``); the boards of each game's table
are in ``test_tui_screens.py``. A screen or dialog class of ``parlour/tui`` without a snapshot
fails ``test_every_screen_and_dialog_has_a_snapshot``: the classes are found, not listed."""

from __future__ import annotations

import importlib
import random
from pathlib import Path
from typing import Any

import parlour.tui
from screen_snapshots import SCREENS, SIZES, UPDATE
from textual.screen import Screen
from tui_helpers import sevens_registry, wait_for

from parlour.core.record import HUMAN, Seat
from parlour.core.rulesets import load_ruleset
from parlour.core.seating import start_match
from parlour.net.server import TableServer
from parlour.net.table import hosted
from parlour.tui.app import ParlourApp
from parlour.tui.dialogs import CodesDialog, ConfirmDialog, HandOverScreen, JoinDialog, LeaveDialog, ProblemDialog
from parlour.tui.home import HomeScreen
from parlour.tui.remote import RemoteTableScreen
from parlour.tui.results import ResultsScreen
from parlour.tui.review import ReviewScreen
from parlour.tui.rules import RulesScreen
from parlour.tui.screen import KeysDialog
from parlour.tui.setup import SetupScreen
from parlour.tui.table import LiveGame, Phase


def screen_classes() -> set[type[Screen[Any]]]:
    """The screens and dialogs defined in ``parlour/tui``, but not the bases others build on
    (``ParlourScreen``, ``TableShell``): a class another one subclasses is not shown itself."""
    found: set[type[Screen[Any]]] = set()
    for path in sorted(Path(parlour.tui.__file__).parent.glob("*.py")):
        module = importlib.import_module(f"parlour.tui.{path.stem}")
        found |= {value for value in vars(module).values() if isinstance(value, type)
                  and issubclass(value, Screen) and value.__module__ == module.__name__}
    return {cls for cls in found if not any(other is not cls and issubclass(other, cls) for other in found)}


def test_every_screen_and_dialog_has_a_snapshot() -> None:
    classes = {cls.__name__ for cls in screen_classes()}
    assert {"HomeScreen", "TableScreen", "RemoteTableScreen", "ConfirmDialog"} <= classes, "the search finds them"
    missing = [f"{name} at {w}x{h}" for name in sorted(classes) for w, h in SIZES
               if not any(SCREENS.glob(f"{name}-*-{w}x{h}.txt"))]
    assert not missing, f"no snapshot (use the screen_snapshot fixture): {missing}"
    orphans = sorted({path.name for path in SCREENS.glob("*.txt") if path.name.split("-")[0] not in classes})
    assert not orphans, f"snapshots of no screen class: {orphans}"


def sevens_app(broken: bool = False) -> ParlourApp:
    return ParlourApp(sevens_registry(broken=broken), ai_delay=0, rng=random.Random(7))


def over_home(make_dialog: Any) -> Any:
    """A script: the home screen, then ``make_dialog()`` on top of it."""
    async def before(pilot: Any) -> None:
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, HomeScreen))
        pilot.app.push_screen(make_dialog())
        await wait_for(pilot, lambda: not isinstance(pilot.app.screen, HomeScreen))

    return before


def key_on_home(key: str, opens: type) -> Any:
    """A script: the home screen, then ``key``, until a screen of type ``opens`` is up."""
    async def before(pilot: Any) -> None:
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, HomeScreen))
        await pilot.press(key)
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, opens))

    return before


def finished_sevens() -> LiveGame:
    import sevens

    seats = [Seat("Ada", "random"), Seat("Bea", "random"), Seat("Cyd", "random")]
    match = start_match(sevens.GAME, load_ruleset(sevens.GAME).resolve(), 3, seats)
    match.play_out()
    match.record.seats = [Seat("Ada", HUMAN), *seats[1:]]  # the record says Ada played here
    return LiveGame(sevens.GAME, match, Path("/saves/sevens-1.json"))


class TestHome:
    def test_the_games_and_a_broken_plugin(self, screen_snapshot: Any) -> None:
        async def before(pilot: Any) -> None:
            await wait_for(pilot, lambda: isinstance(pilot.app.screen, HomeScreen))

        screen_snapshot("games", lambda: sevens_app(broken=True), before)

    def test_the_setup_with_seats_variants_and_seed(self, screen_snapshot: Any) -> None:
        screen_snapshot("sevens", sevens_app, key_on_home("enter", SetupScreen))

    def test_the_rules(self, screen_snapshot: Any) -> None:
        import sevens

        async def before(pilot: Any) -> None:
            pilot.app.show_rules(sevens.GAME)
            await wait_for(pilot, lambda: isinstance(pilot.app.screen, RulesScreen))

        screen_snapshot("sevens", sevens_app, before)


class TestAfterAGame:
    def test_the_results(self, screen_snapshot: Any) -> None:
        async def before(pilot: Any) -> None:
            pilot.app.push_screen(ResultsScreen(finished_sevens()))
            await wait_for(pilot, lambda: isinstance(pilot.app.screen, ResultsScreen))

        screen_snapshot("sevens", sevens_app, before)

    def test_the_review(self, screen_snapshot: Any) -> None:
        async def before(pilot: Any) -> None:
            live = finished_sevens()
            pilot.app.show_review(live.game, live.match.record, seat=0)
            await wait_for(pilot, lambda: isinstance(pilot.app.screen, ReviewScreen)
                           and bool(pilot.app.screen.query("#review-where")))

        screen_snapshot("sevens", sevens_app, before)


class TestHostedTable:
    def test_a_seat_at_a_hosted_table(self, screen_snapshot: Any) -> None:
        from parlour.games.casablanca import GAME

        servers: list[TableServer] = []

        def make_app() -> ParlourApp:
            registry = sevens_registry()
            registry.add(GAME.id, "tests", lambda: GAME)
            return ParlourApp(registry, ai_delay=0)

        async def before(pilot: Any) -> None:
            table = hosted(GAME, load_ruleset(GAME).resolve(), 5, [Seat("Ada", HUMAN), Seat("cpu", "easy")])
            codes = table.issue_codes()
            servers.append(TableServer(table))
            await servers[-1].start()
            pilot.app.join_table(f"127.0.0.1:{servers[-1].port}", codes[0])
            await wait_for(pilot, lambda: isinstance(pilot.app.screen, RemoteTableScreen)
                           and pilot.app.screen.phase is Phase.DECIDING, timeout=60)

        async def after(pilot: Any) -> None:
            await servers[-1].close()

        def board_and_footer(app: Any, text: str) -> str:
            right = app.screen.query_one("#board-holder").region.right
            lines = text.splitlines()
            return "\n".join([line[:right].rstrip() for line in lines[:-1]] + [lines[-1]])

        screen_snapshot("casablanca", make_app, before, crop=board_and_footer, after=after)


class TestDialogs:
    def test_the_hand_over(self, screen_snapshot: Any) -> None:
        screen_snapshot("sevens", sevens_app, over_home(lambda: HandOverScreen("Bea", "Sevens")))

    def test_a_question(self, screen_snapshot: Any) -> None:
        screen_snapshot("abandon", sevens_app, over_home(lambda: ConfirmDialog(
            "Abandon this game of Sevens?\nIt cannot be continued afterwards.", yes="Abandon it", no="Keep it")))

    def test_a_problem(self, screen_snapshot: Any) -> None:
        screen_snapshot("plugin", sevens_app, over_home(lambda: ProblemDialog(
            "Sevens stopped: a plugin failed", "ValueError: no such card\n\nThe game is saved up to the last good move.")))

    def test_leaving_a_table(self, screen_snapshot: Any) -> None:
        screen_snapshot("local", sevens_app, over_home(lambda: LeaveDialog("Sevens")))
        screen_snapshot("hosting", sevens_app, over_home(lambda: LeaveDialog("Sevens", hosted=True, hosting=True)))

    def test_joining_a_table(self, screen_snapshot: Any) -> None:
        screen_snapshot("empty", sevens_app, over_home(JoinDialog))

    def test_advice(self, screen_snapshot: Any) -> None:
        from parlour.core.advice import Advice, Suggestion
        from parlour.tui.advice import AdviceDialog

        given = Advice(seat=0, choices=5, simulations=900, suggestions=(
            Suggestion("play 7", "Play the 7", 0.412, 520), Suggestion("play 3", "Play the 3", 0.305, 250),
            Suggestion("discard", "Discard a card", 0.118, 130)))
        screen_snapshot("three-moves", sevens_app, over_home(lambda: AdviceDialog(
            sevens_registry().get("sevens"), {}, None, "Ada", advice=given)))

    def test_the_keys_of_the_home_screen(self, screen_snapshot: Any) -> None:
        """``?``: every key of the screen below, with what it does."""
        screen_snapshot("home", sevens_app, key_on_home("question_mark", KeysDialog))

    def test_the_codes_of_a_hosted_table(self, screen_snapshot: Any) -> None:
        screen_snapshot("two", sevens_app, over_home(lambda: CodesDialog(
            "Sevens", "127.0.0.1:7531", [("Bea", "BEA-1234"), ("Cyd", "CYD-5678")], "ADA-0000")))


def test_the_fixture_fails_on_a_changed_screen(screen_snapshot: Any, monkeypatch: Any) -> None:
    """A screen that no longer matches its snapshot fails, and says how it changed."""
    monkeypatch.delenv(UPDATE, raising=False)
    try:
        screen_snapshot("abandon", sevens_app, over_home(lambda: ConfirmDialog(
            "Abandon this game of Whist?\nIt cannot be continued afterwards.", yes="Abandon it", no="Keep it")),
            sizes=SIZES[:1])
    except AssertionError as exc:
        assert "ConfirmDialog-abandon-80x24.txt changed" in str(exc) and "Whist" in str(exc)
    else:
        raise AssertionError("a changed dialog passed its snapshot")
