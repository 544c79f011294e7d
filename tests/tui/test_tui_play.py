"""The app end to end on the test game Sevens: keys only, hot-seat secrecy, boards, thinking."""

from __future__ import annotations

import random
import threading
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
import sevens
from tui_helpers import SIZE, pass_hand_over, run, sevens_registry, wait_for
from textual.widgets import Checkbox, Select

from parlour.core.agents import RandomAgent
from parlour.core.game import Action
from parlour.core.record import Record, replay
from parlour.core.saves import SaveFolder
from parlour.tui.app import ParlourApp
from parlour.tui.board import GenericBoard
from parlour.tui.dialogs import HandOverScreen, ProblemDialog
from parlour.tui.home import HomeScreen
from parlour.tui.results import ResultsScreen
from parlour.tui.rules import RulesScreen
from parlour.tui.setup import SetupScreen
from parlour.tui.table import TableScreen


def app_for(registry: Any = None, **kwargs: Any) -> ParlourApp:
    kwargs.setdefault("ai_delay", 0)
    kwargs.setdefault("rng", random.Random(11))
    return ParlourApp(registry or sevens_registry(), **kwargs)


def table(app: ParlourApp) -> TableScreen:
    screen = app.screen
    assert isinstance(screen, TableScreen), type(screen).__name__
    return screen


def human_to_decide(app: ParlourApp) -> bool:
    return isinstance(app.screen, TableScreen) and app.screen.awaiting is not None


def at_results(app: ParlourApp) -> bool:
    return isinstance(app.screen, ResultsScreen)


async def open_setup(pilot: Any, app: ParlourApp) -> SetupScreen:
    await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
    assert isinstance(app.screen, SetupScreen)
    return app.screen


async def sit_down(pilot: Any, app: ParlourApp) -> None:
    """From the home screen: set up the highlighted game as it comes, start it, and wait for
    the person's first decision."""
    await open_setup(pilot, app)
    await pilot.press("ctrl+s")
    await wait_for(pilot, lambda: human_to_decide(app))


async def play_to_results(pilot: Any, app: ParlourApp, keys: Sequence[str] = ("enter",)) -> None:
    """Answer every human decision with ``keys`` (hand-overs with Enter) until the results."""
    while True:
        await wait_for(pilot, lambda: at_results(app) or human_to_decide(app)
                       or isinstance(app.screen, HandOverScreen))
        if at_results(app):
            return
        if isinstance(app.screen, HandOverScreen):
            await pass_hand_over(pilot)
            await wait_for(pilot, lambda: not isinstance(app.screen, HandOverScreen))
            continue
        moves = len(table(app).match.record.actions)
        screen = table(app)
        await pilot.press(*keys)
        await wait_for(pilot, lambda: len(screen.match.record.actions) > moves)


def test_whole_game_from_home_to_results_with_keys_only(saves: SaveFolder) -> None:
    async def scenario() -> None:
        app = app_for()
        async with app.run_test(size=SIZE) as pilot:
            setup = await open_setup(pilot, app)
            # players, name 1, kind 1, name 2, kind 2, then the first variant: no-discards
            await pilot.press("tab", "tab", "tab", "tab", "tab", "space")
            assert setup.query_one("#variant-0", Checkbox).value is True
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            screen = table(app)
            assert [s.agent for s in screen.match.seats] == ["human", "high"]
            assert screen.match.record.variants == ["no-discards"]
            assert screen.match.rules["discard_allowed"] is False
            await wait_for(pilot, lambda: "Rules: no-discards" in screen.status_panel.lines_shown)
            await play_to_results(pilot, app)
            results = app.screen
            assert isinstance(results, ResultsScreen)
            assert "Variants: no-discards." in str(results.query_one("#results-note").render())
            state = results.live.match.state
            assert state.is_over
            names = results.live.names
            shown = str(results.query_one("#results-winners").render())
            assert all(names[w] in shown for w in state.winners())
            # the finished game left the saves for the records, and replays to the same scores
            assert list(saves.saves.glob("*.json")) == []
            [record_path] = saves.records.glob("*.json")
            record = Record.load(record_path)
            assert record.finished and record.scores == state.scores()
            assert replay(sevens.GAME, record).scores() == state.scores()
            await pilot.press("m")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            assert app.screen.saved == []

    run(scenario())


def test_play_again_keeps_the_table_with_a_new_seed() -> None:
    async def scenario() -> None:
        app = app_for()
        async with app.run_test(size=SIZE) as pilot:
            await open_setup(pilot, app)
            await pilot.press("ctrl+s")
            await play_to_results(pilot, app)
            first = app.screen.live.match
            await pilot.press("n")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            again = table(app).match
            assert again.seats == first.seats and again.rules == first.rules
            assert again.seed != first.seed
            assert again.record.actions == [] or again.state.to_move is not None

    run(scenario())


def test_hot_seat_one_human_never_sees_the_others_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[dict[str, Any]] = []
    original = GenericBoard.show

    def spy(self: GenericBoard, view: Mapping[str, Any], legal: Sequence[Action] | None) -> None:
        screen = self.screen
        assert isinstance(screen, TableScreen)
        state = screen.match.state
        shown.append({
            "view": dict(view), "legal": legal is not None, "at_table": screen.at_table,
            "to_move": state.to_move, "truth": state.view(screen.at_table),
        })
        original(self, view, legal)

    monkeypatch.setattr(GenericBoard, "show", spy)

    async def scenario() -> None:
        app = app_for()
        async with app.run_test(size=SIZE) as pilot:
            setup = await open_setup(pilot, app)
            setup.query_one("#kind-1", Select).value = "human"
            setup.query_one("#name-1").value = "Bea"
            await pilot.press("ctrl+s")
            hand_overs = 0
            decisions = 0
            while True:
                await wait_for(pilot, lambda: at_results(app) or human_to_decide(app)
                               or isinstance(app.screen, HandOverScreen))
                if at_results(app):
                    break
                if isinstance(app.screen, HandOverScreen):
                    hand_overs += 1
                    behind = app.screen_stack[-2]
                    assert isinstance(behind, TableScreen)
                    # while the table is hidden it holds only the onlooker's view
                    assert behind.at_table is None and behind.view.last_view is not None
                    assert "hand" not in behind.view.last_view
                    text = str(behind.query_one("#generic-text").render())
                    assert not any(line.startswith(("hand:", "discards:")) for line in text.splitlines())
                    await pass_hand_over(pilot)
                    await wait_for(pilot, lambda: human_to_decide(app))
                    continue
                screen = table(app)
                state = screen.match.state
                seat = screen.awaiting
                assert seat == state.to_move == screen.at_table
                # the log holds exactly what this seat saw, and only its own secret discards
                assert screen.log_panel.entries == [e.text for e in state.events_for(seat)]
                own_discards = sum(1 for line in screen.log_panel.entries if line.startswith("you discard"))
                assert own_discards == len(state.discards[seat])
                moves = len(screen.match.record.actions)
                # seat 0 plays its lowest card, seat 1 discards face down (the last option)
                await pilot.press(*(("enter",) if seat == 0 else ("end", "enter")))
                await wait_for(pilot, lambda: len(screen.match.record.actions) > moves)
                decisions += 1
            assert decisions > 2 and hand_overs == decisions
            assert app.screen.live.match.state.discards[1], "seat 1 kept a secret"

    run(scenario())
    seen_hands = [entry for entry in shown if "hand" in entry["view"]]
    assert seen_hands, "the board was never shown to a seat"
    for entry in shown:
        seat = entry["view"]["seat"]
        assert seat == entry["at_table"]
        assert entry["view"] == entry["truth"]
        if seat is not None and entry["legal"]:
            assert seat == entry["to_move"]


class GatedSevens(sevens.Sevens):
    """Sevens whose computer player decides only once the test opens its gate."""

    gate = threading.Event()

    def agent_kinds(self) -> dict[str, Any]:
        gate = self.gate

        class Gated(sevens.HighCardAgent):
            def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
                gate.wait(10)
                return super().choose(view, legal, rng)

        return {"random": lambda rules: RandomAgent(), "gated": lambda rules: Gated()}


def test_computer_thinks_in_a_worker_while_rules_and_log_stay_usable() -> None:
    game = GatedSevens()
    game.gate = threading.Event()

    async def scenario() -> None:
        app = app_for(sevens_registry(game=game))
        async with app.run_test(size=(120, 32)) as pilot:
            await sit_down(pilot, app)
            screen = table(app)
            await pilot.press("enter")
            await wait_for(pilot, lambda: screen.thinking == 1)
            assert screen.status_panel.lines_shown[0] == f"{screen.live.names[1]} is thinking..."
            assert screen.query_one("#side").display, "at 120 columns the side panel shows"
            await pilot.press("f4")  # the side panel hides; the header still says who thinks
            assert not screen.query_one("#side").display
            assert screen.sub_title.endswith("is thinking...")
            await pilot.press("f2")  # the log comes back, with the focus
            await wait_for(pilot, lambda: app.focused is screen.query_one("#log"))
            await pilot.press("pageup", "pagedown")
            await pilot.press("f1")
            await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
            assert "multiple of the" in str(app.screen.query_one("#rules-text").source)
            # the decision arrives while the rules are open and waits for them to close
            game.gate.set()
            await wait_for(pilot, lambda: screen.turns.pending is not None)
            assert len(screen.match.record.actions) == 1
            await pilot.press("escape")
            await wait_for(pilot, lambda: human_to_decide(app))
            assert len(screen.match.record.actions) == 2

    try:
        run(scenario())
    finally:
        game.gate.set()


def test_computer_only_table_shows_the_onlooker_view(monkeypatch: pytest.MonkeyPatch) -> None:
    views: list[dict[str, Any]] = []
    original = GenericBoard.show

    def spy(self: GenericBoard, view: Mapping[str, Any], legal: Sequence[Action] | None) -> None:
        views.append(dict(view))
        assert legal is None
        original(self, view, legal)

    monkeypatch.setattr(GenericBoard, "show", spy)

    async def scenario() -> None:
        app = app_for()
        async with app.run_test(size=SIZE) as pilot:
            setup = await open_setup(pilot, app)
            setup.query_one("#kind-0", Select).value = "random"
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: at_results(app))

    run(scenario())
    assert views and all(v["seat"] is None and "hand" not in v for v in views)


class BoardSevens(sevens.Sevens):
    board = "tui_boards:SevensHandBoard"


class MissingBoardSevens(sevens.Sevens):
    board = "no_such_module.board:Board"


class FailingBoardSevens(sevens.Sevens):
    board = "tui_boards:FailingBoard"


def test_the_games_own_board_widget_is_used_and_driven_by_its_keys() -> None:
    from tui_boards import SevensHandBoard

    async def scenario() -> None:
        app = app_for(sevens_registry(game=BoardSevens()))
        async with app.run_test(size=SIZE) as pilot:
            await sit_down(pilot, app)
            board = table(app).board
            assert isinstance(board, SevensHandBoard)
            assert app.focused is board
            await play_to_results(pilot, app, keys=("1",))
            assert all(view["seat"] == 0 for view, _ in board.shown)

    run(scenario())


@pytest.mark.parametrize("game", [MissingBoardSevens(), FailingBoardSevens()], ids=["import-fails", "show-fails"])
def test_a_broken_board_falls_back_to_the_generic_one(game: sevens.Sevens) -> None:
    async def scenario() -> None:
        app = app_for(sevens_registry(game=game))
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await open_setup(pilot, app)
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: human_to_decide(app) and isinstance(app.screen.board, GenericBoard)
                           and app.screen.board.is_mounted)
            await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "generic-actions")
            assert any("plain table" in n.message for n in app._notifications)
            await play_to_results(pilot, app)

    run(scenario())


def test_rules_from_home_and_palette_knows_the_main_actions() -> None:
    async def scenario() -> None:
        app = app_for()
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            titles = [c.title for c in app.get_system_commands(app.screen)]
            assert "Play Sevens" in titles and "Rules of Sevens" in titles
            await pilot.press("r")
            await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
            shown = app.screen.query_one("#rules-text").source
            assert shown.startswith(sevens.GAME.rules_markdown().rstrip("\n"))
            assert "## Variants" in shown and "**no-discards**" in shown and "`discard_allowed: false`" in shown
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
            titles = [c.title for c in app.get_system_commands(app.screen)]
            assert "Start the game" in titles
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: human_to_decide(app))
            titles = [c.title for c in app.get_system_commands(app.screen)]
            assert {"Rules of Sevens", "Leave the table"} <= set(titles)

    run(scenario())


def test_setup_player_count_shows_that_many_seats() -> None:
    async def scenario() -> None:
        app = app_for()
        async with app.run_test(size=SIZE) as pilot:
            setup = await open_setup(pilot, app)
            assert [setup.query_one(f"#seat-{i}").display for i in range(4)] == [True, True, False, False]
            # open the player count, move down twice (2 -> 4), pick it
            await pilot.press("enter", "down", "down", "enter")
            await wait_for(pilot, lambda: setup.players() == 4)
            assert all(setup.query_one(f"#seat-{i}").display for i in range(4))
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            assert len(table(app).match.seats) == 4

    run(scenario())


def test_setup_refuses_a_bad_seed_and_duplicate_names() -> None:
    async def scenario() -> None:
        app = app_for()
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            setup = await open_setup(pilot, app)
            setup.query_one("#seed").value = ""
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen)
            setup.query_one("#seed").value = "42"
            setup.query_one("#name-1").value = "Player 1"
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen)
            setup.query_one("#name-1").value = "Bea"
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            assert table(app).match.seed == 42

    run(scenario())


def test_play_with_a_game_opens_its_setup_and_an_unknown_game_is_a_usage_error(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from parlour.cli import main

    monkeypatch.setenv("PARLOUR_GAMES", "sevens")
    monkeypatch.setenv("PARLOUR_PLUGINS", "sevens:GAME")
    with pytest.raises(SystemExit) as exc:
        main(["play", "no-such-game"])
    assert exc.value.code == 2
    assert "no game 'no-such-game'" in capsys.readouterr().err

    async def scenario() -> None:
        app = app_for(start_game="sevens")
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
            assert app.screen.game.id == "sevens"
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))

    run(scenario())


def test_setup_offers_house_rules_from_the_config_folder_and_shows_broken_ones() -> None:
    import os
    from pathlib import Path

    folder = Path(os.environ["XDG_CONFIG_HOME"]) / "parlour" / "rulesets"
    folder.mkdir(parents=True)
    (folder / "quick.yaml").write_text(
        "game: sevens\nname: quick\ndescription: Two cards each.\nsettings:\n  hand_size: 2\n", encoding="utf-8")
    (folder / "typo.yaml").write_text("game: sevens\nsettings:\n  hand_sise: 2\n", encoding="utf-8")
    (folder / "other.yaml").write_text("game: whist\nsettings: {}\n", encoding="utf-8")

    async def scenario() -> None:
        app = app_for()
        async with app.run_test(size=SIZE) as pilot:
            setup = await open_setup(pilot, app)
            assert setup.variant_names == ["no-discards", "long", "quick"]
            assert "quick (your house rules)" in str(setup.query_one("#variant-2", Checkbox).label)
            errors = [str(e) for e in setup.house_errors]
            assert len(errors) == 1 and "typo.yaml:3" in errors[0] and "hand_sise" in errors[0]
            assert setup.query(".setup-error")
            setup.query_one("#variant-2", Checkbox).value = True
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            match = table(app).match
            assert match.rules["hand_size"] == 2 and match.record.variants == ["quick"]
            assert match.state.view(0)["hand_sizes"] == [2, 2]

    run(scenario())


class BrokenAgentSevens(sevens.Sevens):
    def agent_kinds(self) -> dict[str, Any]:
        class Broken:
            def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
                raise ZeroDivisionError("the agent divided by zero")

        return {"random": lambda rules: RandomAgent(), "broken": lambda rules: Broken()}


def test_a_failing_computer_player_stops_the_table_with_a_dialog_and_the_game_saved() -> None:
    """Issue 16: the app names the plugin that failed in a dialog, leaves the table with the
    game saved up to the last good move, and goes on (it used to play a random move)."""
    async def scenario() -> None:
        app = app_for(sevens_registry(game=BrokenAgentSevens()))
        async with app.run_test(size=SIZE) as pilot:
            await sit_down(pilot, app)
            await pilot.press("enter")  # the person at seat 1 plays; then the computer fails
            await wait_for(pilot, lambda: isinstance(app.screen, ProblemDialog))
            text = app.screen.text
            assert "the computer player 'broken' in seat" in text and "ZeroDivisionError: the agent divided by zero" in text
            assert "saved up to the last good move" in text
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            saved = list(app.saves.saves.glob("*.json"))
            assert len(saved) == 1
            record = Record.load(saved[0])
            assert not record.finished and len(record.actions) == 1 and record.seats[1].agent == "broken"

    run(scenario())


class StallingSevens(sevens.Sevens):
    never = threading.Event()

    def agent_kinds(self) -> dict[str, Any]:
        class Stalls:
            def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
                StallingSevens.never.wait()
                return legal[0]

        return {"random": lambda rules: RandomAgent(), "stalls": lambda rules: Stalls()}


def test_a_computer_player_past_its_time_limit_is_reported_and_the_app_quits_at_once() -> None:
    """A limit of 0 s: the table gives up on the first poll, without waiting on any clock;
    the stuck decision is left in a daemon thread, which quitting does not wait for."""
    async def scenario() -> None:
        app = app_for(sevens_registry(game=StallingSevens()), agent_time_limit=0.0)
        async with app.run_test(size=SIZE) as pilot:
            await sit_down(pilot, app)
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, ProblemDialog))
            assert "'stalls' in seat" in app.screen.text and "took longer than 0 s to decide" in app.screen.text
            stuck = [t for t in threading.enumerate() if t.name.startswith("parlour-seat-")]
            assert stuck and all(t.daemon for t in stuck)
            await pilot.press("ctrl+q")

    run(scenario())


def test_a_doubled_key_cannot_dismiss_the_hand_over(monkeypatch) -> None:
    """The player who just moved presses Enter twice: the second press must not lift the
    hand-over and show the next player's hand. The guard's delay is made longer than any
    test, and the test lifts it itself (``accept``) where the delay would have run out, so
    a slow machine cannot turn the doubled key into a late one."""
    monkeypatch.setattr(HandOverScreen, "ready_delay", 3600.0)

    async def scenario() -> None:
        app = app_for()
        async with app.run_test(size=SIZE) as pilot:
            setup = await open_setup(pilot, app)
            setup.query_one("#kind-1", Select).value = "human"
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
            app.screen.accept()
            await pass_hand_over(pilot)
            await wait_for(pilot, lambda: human_to_decide(app))
            screen = table(app)
            first = screen.at_table
            await pilot.press("enter", "enter", "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
            await pilot.press("enter")  # one more, after the hand-over is up
            assert isinstance(app.screen, HandOverScreen), "a doubled Enter lifted the hand-over"
            assert screen.at_table is None
            app.screen.accept()
            await pass_hand_over(pilot)
            await wait_for(pilot, lambda: human_to_decide(app))
            assert screen.at_table is not None and screen.at_table != first

    run(scenario())


def test_a_narrow_table_gives_the_board_the_width_and_the_log_rewraps() -> None:
    async def scenario() -> None:
        app = app_for()
        async with app.run_test(size=(90, 30)) as pilot:
            await sit_down(pilot, app)
            screen = table(app)
            side = screen.query_one("#side")
            assert not side.display, "below 110 columns the side panel starts hidden"
            await pilot.press("enter")
            await wait_for(pilot, lambda: human_to_decide(app) and len(screen.match.record.actions) >= 2)
            await pilot.press("f4")
            await wait_for(pilot, lambda: side.display)
            log = screen.query_one("#log")
            await wait_for(pilot, lambda: log.lines and max(len(line.text) for line in log.lines) > 10)
            widest = max(len(line.text) for line in log.lines)
            assert widest <= log.scrollable_content_region.width
            await pilot.resize_terminal(130, 30)
            await pilot.pause(0.1)
            assert side.display, "the player's own choice survives a resize"

    run(scenario())


def test_the_generic_board_ignores_a_doubled_key_after_a_new_decision(monkeypatch) -> None:
    from parlour.testing.boards import ManualClock
    from parlour.tui.board import Board

    clock = ManualClock()
    monkeypatch.setattr(Board, "decision_delay", 0.6)
    monkeypatch.setattr(Board, "clock", clock)

    async def scenario() -> None:
        app = app_for()
        async with app.run_test(size=SIZE) as pilot:
            await sit_down(pilot, app)
            screen = table(app)
            clock.advance(0.6)
            await pilot.press("enter", "enter")  # the second Enter falls on the next decision
            await wait_for(pilot, lambda: human_to_decide(app) and len(screen.match.record.actions) >= 2)
            await pilot.pause()
            assert len(screen.match.record.actions) == 2, "the doubled Enter answered the next decision"
            clock.advance(0.6)
            await pilot.press("enter")
            await wait_for(pilot, lambda: len(screen.match.record.actions) >= 3)

    run(scenario())


def test_a_key_typed_before_the_decision_appeared_does_not_answer_it() -> None:
    """Playtest: an Enter typed while the computer moved, read by a busy machine only once
    the person's next decision was up, played that decision. Stamped before the decision
    appeared, it is dropped however late it is read; a key typed afterwards counts."""
    from textual import events

    async def scenario() -> None:
        app = app_for()
        async with app.run_test(size=SIZE) as pilot:
            await sit_down(pilot, app)
            screen = table(app)
            moves = len(screen.match.record.actions)
            typed_ahead = events.Key("enter", "\r")  # typed now, read below
            await pilot.press("enter")
            await wait_for(pilot, lambda: human_to_decide(app) and len(screen.match.record.actions) > moves + 1)
            moves = len(screen.match.record.actions)
            app.post_message(typed_ahead)
            await wait_for(pilot, lambda: typed_ahead._stop_propagation)
            await pilot.pause()
            assert len(screen.match.record.actions) == moves, "the key typed ahead answered the decision"
            await pilot.press("enter")
            await wait_for(pilot, lambda: len(screen.match.record.actions) > moves)

    run(scenario())


class BlindSevens(sevens.Sevens):
    """Sevens whose view fails once a card has been played, and whose scores fail at the end."""

    def new_game(self, players: int, rules: Mapping[str, Any], seed: int) -> Any:
        state = super().new_game(players, rules, seed)

        class Blind(type(state)):  # type: ignore[misc]
            def view(self, seat: int | None) -> dict[str, Any]:
                if self.row:
                    raise IndexError("the view fell over")
                return super().view(seat)

        state.__class__ = Blind
        return state


def test_a_game_whose_view_fails_stops_the_table_with_a_dialog() -> None:
    """Issue 16: the game's own view (and log, and running scores) is plugin code too."""
    async def scenario() -> None:
        app = app_for(sevens_registry(game=BlindSevens()))
        async with app.run_test(size=SIZE) as pilot:
            await sit_down(pilot, app)
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, ProblemDialog))
            assert "failed to show the table: IndexError: the view fell over" in app.screen.text
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            assert len(list(app.saves.saves.glob("*.json"))) == 1, "the game is saved"

    run(scenario())


def test_results_whose_scores_fail_say_so_and_keep_the_record(tmp_path) -> None:
    from parlour.core.record import Seat
    from parlour.core.rulesets import load_ruleset
    from parlour.core.seating import start_match
    from parlour.tui.table import LiveGame

    match = start_match(sevens.GAME, load_ruleset(sevens.GAME).resolve(), 3, [Seat("A", "high"), Seat("B", "high")])
    match.play_out()
    match.state.scores = lambda: [float("nan")]  # type: ignore[method-assign]
    app = app_for()

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            app.push_screen(ResultsScreen(LiveGame(sevens.GAME, match, tmp_path / "r.json")))
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen) and bool(app.screen.query("#results-winners")))
            text = str(app.screen.query_one("#results-winners").render())
            assert "could not count the scores" in text and "r.json" in text
            await pilot.press("m")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))

    run(scenario())


def test_the_log_follows_new_lines_unless_the_player_scrolled_up_to_read() -> None:
    """Playtest: Banque Fatale's log once stayed scrolled up, new lines out of view. It follows
    them; a player who scrolled up keeps his place until he goes back to the end."""
    from textual.app import App, ComposeResult

    from parlour.core.game import Event
    from parlour.tui.panels import LogPanel

    class Logged:
        def __init__(self) -> None:
            self.events: list[Event] = []

        def add(self, n: int) -> None:
            self.events += [Event(f"line {len(self.events) + i}") for i in range(n)]

        def events_for(self, seat: int | None, start: int) -> list[Event]:
            return self.events[start:]

    class LogApp(App[None]):
        def compose(self) -> ComposeResult:
            yield LogPanel(["Ada", "Bea"], id="log")

    state = Logged()

    async def scenario() -> None:
        app = LogApp()
        async with app.run_test(size=(60, 12)) as pilot:
            log = app.query_one(LogPanel)
            state.add(40)
            log.show(state, 0)
            await wait_for(pilot, lambda: log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y)
            state.add(3)
            log.show(state, 0)
            await wait_for(pilot, lambda: log.scroll_y == log.max_scroll_y and len(log.lines) == 43)
            log.focus()
            await pilot.press("up", "up", "up")
            await wait_for(pilot, lambda: log.scroll_y == log.max_scroll_y - 3)
            place = log.scroll_y
            state.add(3)
            log.show(state, 0)
            await pilot.pause()
            await pilot.pause()
            assert len(log.lines) == 46 and log.scroll_y == place, "scrolled up to read, the player keeps his place"
            assert log.border_subtitle == "new lines below: End"
            await pilot.press("end")
            await wait_for(pilot, lambda: log.scroll_y == log.max_scroll_y)
            state.add(3)
            log.show(state, 0)
            await wait_for(pilot, lambda: len(log.lines) == 49 and log.scroll_y == log.max_scroll_y)
            assert not log.border_subtitle
            await pilot.press("up")  # and the mouse or a key going down to the end follows again
            await pilot.press("down")
            state.add(2)
            log.show(state, 0)
            await wait_for(pilot, lambda: len(log.lines) == 51 and log.scroll_y == log.max_scroll_y)

    run(scenario())
