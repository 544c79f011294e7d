"""A searching computer player in the app: it thinks against the app's clock, shows how far it
has got, and never keeps a person from leaving or quitting; setup says what to expect of each
level. The searching player here is a stand-in that blocks on an event the test controls."""

from __future__ import annotations

import random
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
import sevens
from tui_helpers import SIZE, run, sevens_registry, wait_for
from textual.widgets import Select, Static
from textual.worker import Worker

from parlour.core.agents import AgentKind, Budget, RandomAgent
from parlour.core.game import Action
from parlour.core.saves import SaveFolder
from parlour.testing.boards import panel_text
from parlour.tui.app import AI_THINK_ENV, DEFAULT_AI_THINK, ParlourApp, ai_think_from_env
from parlour.tui.home import HomeScreen
from parlour.tui.rules import RulesScreen
from parlour.tui.setup import SetupScreen
from parlour.tui.table import TableScreen

HARD_ABOUT = "wins about 4 in 10 games against three medium players"


class SearchingSevens(sevens.Sevens):
    """Sevens with a ``hard`` level that searches as the real one does as far as the app can
    tell: it wants worlds, reports progress, and stops when a progress report raises. It
    reports 40 %, then waits for the test's ``gate`` before reporting 90 % and choosing."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.stopped = threading.Event()
        self.stopped_by: BaseException | None = None
        self.budgets: list[Budget] = []
        self.worlds_drawn = 0

    def agent_kinds(self) -> dict[str, Any]:
        game = self

        class Searching(sevens.HighCardAgent):
            wants_worlds = True
            reports_progress = True

            def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random,
                       worlds: Any = None, progress: Any = None) -> Action:
                assert worlds is not None and progress is not None
                worlds(rng)
                game.worlds_drawn += 1
                progress(0.0)
                progress(0.4)
                game.gate.wait(10)  # the test opens it; the timeout only keeps a failure from hanging
                try:
                    progress(0.9)
                except BaseException as exc:
                    game.stopped_by = exc
                    game.stopped.set()
                    raise
                return super().choose(view, legal, rng)

        def build(rules: Mapping[str, Any], budget: Budget) -> Searching:
            game.budgets.append(budget)
            return Searching()

        return {
            "random": lambda rules: RandomAgent(),
            "easy": AgentKind(lambda rules: sevens.HighCardAgent(), about="plays its highest card"),
            "hard": AgentKind(build, about=HARD_ABOUT, budget=Budget(iterations=50)),
        }


def app_for(game: SearchingSevens, **kwargs: Any) -> ParlourApp:
    kwargs.setdefault("ai_delay", 0)
    kwargs.setdefault("ai_think", 2.5)
    return ParlourApp(sevens_registry(game=game), rng=random.Random(3), **kwargs)


def table(app: ParlourApp) -> TableScreen:
    screen = app.screen
    assert isinstance(screen, TableScreen), type(screen).__name__
    return screen


def thinking_worker(app: ParlourApp) -> Worker[Any]:
    [worker] = [w for w in app.workers if w.group == "computer" and not w.is_finished]
    return worker


async def sit_down_and_move(pilot: Any, app: ParlourApp) -> TableScreen:
    """From home to the table (a person, then ``hard``), and the person's first move."""
    await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
    await pilot.press("ctrl+s")
    await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.awaiting == 0)
    screen = table(app)
    assert [s.agent for s in screen.match.seats] == ["human", "hard"]
    await pilot.press("enter")
    await wait_for(pilot, lambda: screen.thinking == 1)
    return screen


def test_a_searching_player_shows_its_progress_and_the_table_stays_usable() -> None:
    game = SearchingSevens()

    async def scenario() -> None:
        app = app_for(game)
        async with app.run_test(size=(120, 32)) as pilot:
            screen = await sit_down_and_move(pilot, app)
            name = screen.live.names[1]
            assert game.budgets == [Budget(seconds=2.5)], "the app gives `hard` its thinking time"
            await wait_for(pilot, lambda: screen.thought == 40)
            assert screen.status_panel.lines_shown[0] == f"{name} is thinking... 40%"
            assert screen.sub_title.endswith(f"{name} is thinking... 40%")
            status = panel_text(screen.query_one("#status", Static))
            lines = [line.strip() for line in status.splitlines()]
            assert lines[0] == f"{name} is thinking... 40%"
            assert set(lines[1]) == {"━"}, "a progress bar under the line"
            assert lines[2] == "Moves played (all players): 1"
            # rules, the log and the side panel all answer while it thinks
            await pilot.press("f1")
            await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is screen)
            await pilot.press("f2")
            await wait_for(pilot, lambda: app.focused is screen.query_one("#log"))
            await pilot.press("f4")
            await wait_for(pilot, lambda: not screen.query_one("#side").display)
            assert screen.thinking == 1 and len(screen.match.record.actions) == 1
            game.gate.set()
            await wait_for(pilot, lambda: screen.awaiting == 0)
            assert len(screen.match.record.actions) == 2
            assert screen.thought is None and game.stopped_by is None
            assert screen.status_panel.lines_shown[0].endswith(": your move")
            assert game.worlds_drawn == 1

    try:
        run(scenario())
    finally:
        game.gate.set()


def test_leaving_while_it_thinks_does_not_wait_and_stops_the_search(saves: SaveFolder) -> None:
    game = SearchingSevens()

    async def scenario() -> None:
        app = app_for(game)
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            screen = await sit_down_and_move(pilot, app)
            await wait_for(pilot, lambda: screen.thought == 40)
            worker = thinking_worker(app)
            await pilot.press("escape", "l")  # the menu, then leave (saved)
            # home is back while the searching player is still inside its decision
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            assert not game.gate.is_set() and not game.stopped.is_set()
            assert worker.is_cancelled
            game.gate.set()
            await wait_for(pilot, game.stopped.is_set)
            assert type(game.stopped_by).__name__ == "_LeftTheTable"
            # it stopped quietly: no error for the person, and its move was never played
            messages = [(n.severity, str(n.message)) for n in app._notifications]
            assert ("information", "Saved: continue it from the home screen.") in messages
            assert not [m for m in messages if m[0] == "error"]
            assert len(screen.match.record.actions) == 1
            [saved] = app.screen.saved
            assert saved.moves == 1

    try:
        run(scenario())
    finally:
        game.gate.set()


def test_quitting_while_it_thinks_does_not_wait_and_stops_the_search() -> None:
    game = SearchingSevens()
    seen: dict[str, Any] = {}

    async def scenario() -> None:
        app = app_for(game)
        async with app.run_test(size=SIZE) as pilot:
            screen = await sit_down_and_move(pilot, app)
            await wait_for(pilot, lambda: screen.thought == 40)
            seen["worker"] = thinking_worker(app)
            await pilot.press("ctrl+q")
        # the app has closed with the searching player still blocked inside its decision
        worker = seen["worker"]
        assert not game.gate.is_set() and worker.is_cancelled
        game.gate.set()
        assert game.stopped.wait(10)
        assert type(game.stopped_by).__name__ == "_LeftTheTable"

    try:
        run(scenario())
    finally:
        game.gate.set()


def test_setup_says_what_to_expect_of_the_level_chosen_and_highlighted() -> None:
    game = SearchingSevens()

    async def scenario() -> None:
        app = app_for(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
            setup = app.screen
            about = setup.query_one("#level-about", Static)
            kind = setup.query_one("#kind-1", Select)
            assert [v for _, v in setup.seat_kinds] == ["human", "random", "easy", "hard", "remote"]
            assert kind.value == "hard"
            await wait_for(pilot, lambda: str(about.render()) == f"hard — {HARD_ABOUT}")
            # as many rows as the longest line needs, a remote seat's too ("… who joins with a code")
            assert about.region.height == 2 and about.region.width <= 80
            # the level under the cursor of an open list is described; a level with no
            # line says nothing; choosing one describes it
            kind.focus()
            await pilot.press("enter")
            await wait_for(pilot, lambda: kind.expanded)
            await pilot.press("up")
            await wait_for(pilot, lambda: str(about.render()) == "easy — plays its highest card")
            await pilot.press("up")
            await wait_for(pilot, lambda: str(about.render()) == "")
            await pilot.press("enter")
            await wait_for(pilot, lambda: kind.value == "random" and not kind.expanded)
            assert str(about.render()) == ""
            kind.value = "hard"
            await wait_for(pilot, lambda: str(about.render()) == f"hard — {HARD_ABOUT}")
            # focusing a person's seat says nothing about levels
            setup.query_one("#kind-0", Select).focus()
            await wait_for(pilot, lambda: str(about.render()) == "")

    run(scenario())


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_hard_levels_line_is_read_whole_with_the_players_list_open(tmp_path: Path, lang: str,
                                                                       size: tuple[int, int]) -> None:
    """A playtest at 80x24: Casablanca's ``hard`` line (its measured figures) wrapped onto a
    second line, and the open list of the number of players, just above it, covered it. The
    line sits above that list now, with the rows it needs: every word of it on the screen,
    the list open or not, at 80x24 and 120x40, in English, German and French."""
    from parlour.core.i18n import in_language
    from parlour.core.registry import discover
    from parlour.testing.boards import screen_text
    from parlour.tui.setup import level_line

    app = ParlourApp(discover(), saves=SaveFolder(tmp_path), ai_delay=0, start_game="casablanca", language=lang)

    def shown() -> str:
        region = app.screen.query_one("#level-about").region
        lines = screen_text(app).splitlines()[region.y:region.bottom]
        return " ".join(" ".join(line[region.x:region.right] for line in lines).split())

    async def scenario() -> tuple[str, str, str]:
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen) and bool(app.screen.query("#seed")))
            setup = app.screen
            with in_language(lang):
                line = " ".join(level_line(setup.game, "hard").split())
            await wait_for(pilot, lambda: shown() == line)
            players = setup.query_one("#players", Select)
            players.focus()
            await pilot.press("enter")
            await wait_for(pilot, lambda: players.expanded)
            await pilot.pause()
            return line, shown(), screen_text(app)

    line, with_list_open, text = run(scenario())
    assert " — " in line and line.endswith("10") and len(line) > 120, line  # two lines' worth at 80 columns
    assert with_list_open == line, text


def test_setup_shows_no_level_line_when_the_game_describes_no_level() -> None:
    async def scenario() -> None:
        app = ParlourApp(sevens_registry(), ai_delay=0, rng=random.Random(3))
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
            assert not app.screen.query_one("#level-about").display

    run(scenario())


def test_the_thinking_time_comes_from_the_environment_within_bounds(monkeypatch: Any) -> None:
    for raw, expected in [("", DEFAULT_AI_THINK), ("2.5", 2.5), ("nonsense", DEFAULT_AI_THINK),
                          ("nan", DEFAULT_AI_THINK), ("-3", 0.05), ("0", 0.05), ("1e9", 60.0)]:
        monkeypatch.setenv(AI_THINK_ENV, raw)
        assert ai_think_from_env() == expected, raw


def test_a_level_line_names_the_level_once() -> None:
    from parlour.tui.setup import level_line

    class Named(SearchingSevens):
        def agent_kinds(self) -> dict[str, Any]:
            kinds = super().agent_kinds()
            kinds["hard"] = AgentKind(kinds["hard"].build, about=f"hard — {HARD_ABOUT}", budget=Budget(iterations=5))
            return kinds

    assert level_line(Named(), "hard") == f"hard — {HARD_ABOUT}"
    assert level_line(SearchingSevens(), "hard") == f"hard — {HARD_ABOUT}"
    assert level_line(SearchingSevens(), "hard:400") == f"hard:400 — {HARD_ABOUT}"
    assert level_line(SearchingSevens(), "random") == ""
    assert level_line(SearchingSevens(), "human") == ""


def test_the_real_searching_player_reports_progress_and_stops_when_the_table_is_left(
        monkeypatch: Any) -> None:
    """``hard`` itself (the host's searching player, on Sevens) given a minute a decision:
    the table shows its progress, and leaving stops its search long before the minute."""
    import searching_sevens

    from parlour.core.search import SearchAgent

    ended: list[BaseException | None] = []
    original = SearchAgent.choose

    def spy(self: SearchAgent, *args: Any, **kwargs: Any) -> Action:
        try:
            action = original(self, *args, **kwargs)
        except BaseException as exc:
            ended.append(exc)
            raise
        ended.append(None)
        return action

    monkeypatch.setattr(SearchAgent, "choose", spy)

    async def scenario() -> None:
        app = ParlourApp(sevens_registry(game=searching_sevens.SearchingSevens()), ai_delay=0, ai_think=60,
                         rng=random.Random(3))
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
            app.screen.query_one("#kind-1", Select).value = "hard"
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.awaiting == 0)
            screen = table(app)
            await pilot.press("enter")
            await wait_for(pilot, lambda: screen.thinking == 1 and (screen.thought or 0) >= 1)
            assert screen.status_panel.lines_shown[0] == f"{screen.live.names[1]} is thinking... {screen.thought}%"
            await pilot.press("escape", "l")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            await wait_for(pilot, lambda: bool(ended))
            assert [type(e).__name__ for e in ended] == ["_LeftTheTable"]
            assert len(screen.match.record.actions) == 1

    run(scenario())


class TwiceSearchingSevens(SearchingSevens):
    """``hard`` reports as a decision that searches twice, each search from 0 and to 1.0,
    then waits for the test's ``gate``."""

    REPORTS = (0.0, 0.6, 1.0, 0.0, 0.3, 0.8, 1.0, 0.1)

    def agent_kinds(self) -> dict[str, Any]:
        game = self

        class Searching(sevens.HighCardAgent):
            wants_worlds = True
            reports_progress = True

            def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random,
                       worlds: Any = None, progress: Any = None) -> Action:
                for share in game.REPORTS:
                    progress(share)
                game.gate.wait(10)
                return super().choose(view, legal, rng)

        kinds = super().agent_kinds()
        kinds["hard"] = AgentKind(lambda rules, budget: Searching(), about=HARD_ABOUT, budget=Budget(iterations=50))
        return kinds


def test_the_thinking_percentage_never_goes_back_within_a_computers_turn(monkeypatch: Any) -> None:
    """Issue 24: hard's percentage jumped 100 % -> 0 % -> 78 %: every search of a decision
    reported from 0, and a move it did not search reported 1.0 at once."""
    game = TwiceSearchingSevens()
    shown: list[int | None] = []
    handled = TableScreen.on_table_screen_thought

    def recording(screen: TableScreen, message: TableScreen.Thought) -> None:
        handled(screen, message)
        shown.append(screen.thought)

    monkeypatch.setattr(TableScreen, "on_table_screen_thought", recording)

    async def scenario() -> None:
        app = app_for(game)
        async with app.run_test(size=(120, 32)) as pilot:
            screen = await sit_down_and_move(pilot, app)
            await wait_for(pilot, lambda: screen.thought == 80)
            assert shown == [0, 60, 80], "each report shown once, going up, never 100"
            # the same computer decides again at once (as a start player who picks, then bids)
            screen.turns.advance()
            await wait_for(pilot, lambda: len(shown) >= 6)
            assert screen.thought == 80 and shown[3:] == [80, 80, 80], "its next decision starts where it was"
            game.gate.set()
            await wait_for(pilot, lambda: screen.awaiting == 0)

    try:
        run(scenario())
    finally:
        game.gate.set()
