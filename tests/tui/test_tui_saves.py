"""Saving after every decision, quitting and resuming, abandoning, and corrupt save files."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
import sevens
from textual.widgets import OptionList
from tui_helpers import SIZE, run, sevens_registry, wait_for

from parlour.core.record import Record, Seat, replay
from parlour.core.saves import SaveFolder, SaveShelf, data_dir
from parlour.core.seating import resume_match, start_match
from parlour.testing.boards import panel_text
from parlour.tui.app import ParlourApp
from parlour.tui.dialogs import ConfirmDialog, LeaveDialog
from parlour.tui.home import HomeScreen
from parlour.tui.rules import RulesScreen
from parlour.tui.setup import SetupScreen
from parlour.tui.table import TableScreen


def app_for(**kwargs: Any) -> ParlourApp:
    return ParlourApp(sevens_registry(**kwargs), ai_delay=0, rng=random.Random(5))


def human_to_decide(app: ParlourApp) -> bool:
    return isinstance(app.screen, TableScreen) and app.screen.awaiting is not None


async def continue_asked(pilot: Any, app: ParlourApp) -> None:
    """``c`` on the home screen, then yes to the question it asks first."""
    await pilot.press("c")
    await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
    await pilot.press("y")
    await wait_for(pilot, lambda: human_to_decide(app))


def saved_record(rules_variant: str | None = None, actions: int = 0) -> Record:
    match = start_match(sevens.GAME, sevens_rules(), 9, [Seat("Ann", "human"), Seat("Ada", "high")])
    for _ in range(actions):
        match.play(match.state.legal_actions()[0])
    return match.record


def sevens_rules() -> dict[str, Any]:
    return sevens_registry().ruleset("sevens").resolve([])


def test_saves_live_in_xdg_data_home(data_home: Path) -> None:
    assert data_dir() == data_home / "parlour"
    assert SaveFolder().saves == data_home / "parlour" / "saves"


def test_quit_mid_game_and_continue_where_it_stopped(saves: SaveFolder) -> None:
    played: list[str] = []

    async def first_session() -> None:
        app = app_for()
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: human_to_decide(app))
            screen = app.screen
            assert isinstance(screen, TableScreen)
            await pilot.press("enter")
            await wait_for(pilot, lambda: len(screen.match.record.actions) >= 2 and human_to_decide(app))
            played.extend(screen.match.record.actions)
            # every decision was saved: the file on disk has both moves
            assert Record.load(screen.live.path).actions == played
            await pilot.press("ctrl+q")

    run(first_session())
    [path] = saves.saves.glob("*.json")

    async def second_session() -> None:
        app = app_for()
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            home = app.screen
            assert isinstance(home, HomeScreen)
            assert [s.path for s in home.saved] == [path]
            listing = home.query_one("#home-list", OptionList)
            assert listing.get_option_at_index(listing.highlighted).id == "save:0"
            assert "Continue" in str(listing.get_option_at_index(0).prompt.renderables[0])
            await pilot.press("c")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
            await pilot.press("n")
            await wait_for(pilot, lambda: app.screen is home)
            assert home.saved[0].path == path, "declining leaves the save where it was"
            await continue_asked(pilot, app)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            assert screen.match.record.actions == played
            expected = replay(sevens.GAME, Record.load(path))
            assert screen.match.state.view(0) == expected.view(0)
            assert screen.log_panel.entries == [e.text for e in expected.events_for(0)]
            # leave it saved, then abandon it from the home screen after confirming
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, LeaveDialog))
            await pilot.press("l")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            assert path.exists() and len(home.saved) == 1
            await pilot.press("x")
            await wait_for(pilot, lambda: not isinstance(app.screen, HomeScreen))
            await pilot.press("n")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            assert path.exists()
            await pilot.press("x")
            await wait_for(pilot, lambda: not isinstance(app.screen, HomeScreen))
            await pilot.press("y")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and not home.saved)
            assert not path.exists()

    run(second_session())


def quit_by_key(app: ParlourApp) -> bool:
    """Whether the app has been told to exit (by a key: the test's own end has not come yet)."""
    return bool(getattr(app, "_exit", False))


def test_a_stale_lock_goes_at_start_and_quitting_leaves_no_lock(saves: SaveFolder) -> None:
    """A playtest found ``.lock`` files left in the saves folder. The lock file of a copy that
    ended without quitting (its lock went with it) is removed when the app starts, and the
    game is offered here; a table's lock goes when it is left, and quitting (q at home, ctrl+q
    at a table) leaves none."""
    path = saves.new_path("sevens")
    saves.save(saved_record(actions=2), path)
    lock = path.with_name(path.name + ".lock")
    ended = SaveFolder().claim(path)
    assert ended is not None
    os.close(ended)  # the copy ended: its lock went, its lock file stayed
    assert lock.exists()

    async def leave_then_q() -> None:
        app = app_for()
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            home = app.screen
            assert isinstance(home, HomeScreen)
            assert not lock.exists(), "stale: removed at the start"
            assert [(s.path, s.problem) for s in home.saved] == [(path, None)], "offered here, not elsewhere"
            await continue_asked(pilot, app)
            assert lock.exists(), "the table holds its save"
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, LeaveDialog))
            await pilot.press("l")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            assert not lock.exists()
            await pilot.press("q")
            assert quit_by_key(app), "q quits the app"

    async def quit_at_the_table() -> None:
        app = app_for()
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            await continue_asked(pilot, app)
            assert lock.exists()
            await pilot.press("ctrl+q")
            assert quit_by_key(app), "ctrl+q quits the app"

    run(leave_then_q())
    assert list(saves.saves.glob("*.lock")) == [] and path.exists()
    run(quit_at_the_table())
    assert list(saves.saves.glob("*.lock")) == [] and path.exists()


def test_abandoning_at_the_table_asks_first_and_deletes_the_save(saves: SaveFolder) -> None:
    async def scenario() -> None:
        app = app_for()
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: human_to_decide(app))
            screen = app.screen
            assert isinstance(screen, TableScreen)
            await pilot.press("enter")
            await wait_for(pilot, lambda: screen.live.path.exists() and human_to_decide(app))
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, LeaveDialog))
            await pilot.press("escape")  # keep playing
            await wait_for(pilot, lambda: app.screen is screen)
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, LeaveDialog))
            await pilot.press("a")  # asks, as home's x does: no keeps the game
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
            await pilot.press("n")
            await wait_for(pilot, lambda: app.screen is screen)
            assert screen.live.path.exists()
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, LeaveDialog))
            await pilot.press("a")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
            await pilot.press("y")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            assert not screen.live.path.exists()
            assert list(saves.saves.glob("*.json")) == []

    run(scenario())


def test_corrupt_saves_are_reported_moved_aside_and_the_app_starts(saves: SaveFolder) -> None:
    saves.saves.mkdir(parents=True)
    garbage = saves.saves / "sevens-1.json"
    garbage.write_text("{ this is not json", encoding="utf-8")
    bad_moves = saves.saves / "sevens-2.json"
    record = saved_record(actions=2)
    data = record.to_json()
    data["actions"].append("play 99")
    bad_moves.write_text(json.dumps(data), encoding="utf-8")
    good = saves.saves / "sevens-3.json"
    saved_record(actions=2).save(good)

    async def scenario() -> None:
        app = app_for()
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            home = app.screen
            assert isinstance(home, HomeScreen)
            report = str(home.query_one("#home-problems").render())
            assert "sevens-1.json" in report and "sevens-2.json" in report
            assert "play 99" in report
            assert [s.path for s in home.saved] == [good]
            assert sum(n.severity == "error" for n in app._notifications) == 2
            assert app.screen.active_bindings["d"].enabled
            await pilot.press("d")  # the notes are put away, for good
            await wait_for(pilot, lambda: not home.query_one("#home-problems").display)
            assert not home.problems and "d" not in app.screen.active_bindings
            await continue_asked(pilot, app)

    run(scenario())
    assert not garbage.exists() and not bad_moves.exists()
    assert (saves.saves / "sevens-1.json.corrupt").read_text(encoding="utf-8") == "{ this is not json"
    assert json.loads((saves.saves / "sevens-2.json.corrupt").read_text(encoding="utf-8")) == data


def test_moving_aside_never_overwrites_an_earlier_corrupt_file(saves: SaveFolder) -> None:
    saves.saves.mkdir(parents=True)
    path = saves.saves / "sevens-1.json"
    path.write_text("first", encoding="utf-8")
    first = saves.move_aside(path)
    path.write_text("second", encoding="utf-8")
    second = saves.move_aside(path)
    assert first != second
    assert first.read_text(encoding="utf-8") == "first" and second.read_text(encoding="utf-8") == "second"
    assert not path.exists()


def test_new_save_paths_never_reuse_an_existing_file(saves: SaveFolder) -> None:
    first = saves.new_path("sevens")
    saved_record().save(first)
    second = saves.new_path("sevens")
    assert second != first and not second.exists()


def test_a_finished_game_moves_to_the_records(saves: SaveFolder) -> None:
    match = start_match(sevens.GAME, sevens_rules(), 3, [Seat("Ann", "random"), Seat("Ada", "high")])
    path = saves.new_path("sevens")
    saves.save(match.record, path)
    assert path.exists()
    match.play_out()
    where = saves.save(match.record, path)
    assert not path.exists() and where.parent == saves.records
    assert Record.load(where).finished


def test_a_save_of_a_game_not_installed_is_kept_but_not_offered(saves: SaveFolder) -> None:
    record = saved_record(actions=1)
    record.game = "whist"
    path = saves.saves / "whist-1.json"
    record.save(path)
    scan = SaveShelf(saves).scan({})
    assert scan.corrupt == [] and path.exists()
    [saved] = scan.saved
    assert saved.problem is not None and "whist" in saved.problem


def test_a_save_from_another_game_version_is_kept_explained_and_can_be_abandoned(saves: SaveFolder) -> None:
    """A saved game recorded under an older version of a game's rules is not "corrupt": it
    is kept untouched, listed with the reason, and may be abandoned."""
    record = saved_record(actions=2)
    data = record.to_json()
    del data["game_version"]  # written before the game's rules changed (and before versions)
    data["actions"].append("an action the game no longer knows")
    old = saves.saves / "sevens-old.json"
    old.parent.mkdir(parents=True)
    old.write_text(json.dumps(data), encoding="utf-8")

    class NewSevens(type(sevens.GAME)):  # the same game, its rules a version on
        version = 2

    scan = SaveShelf(saves).scan({"sevens": NewSevens()})
    assert scan.corrupt == [] and old.exists()
    [saved] = scan.saved
    assert saved.problem is not None and "older version of Sevens's rules (version 1; version 2" in saved.problem

    async def scenario() -> None:
        app = ParlourApp(sevens_registry(game=NewSevens()), ai_delay=0, rng=random.Random(5))
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            home = app.screen
            assert isinstance(home, HomeScreen)
            assert home.highlighted_game() is not None and home.highlighted_save() is None, \
                "the cursor starts on the game, not on the save that cannot go on"
            await pilot.press("up")
            assert home.highlighted_save() is saved_in(home, old)
            assert "It cannot be continued: it was recorded under an older version" in panel_text(
                home.query_one("#home-info"), width=200)
            await pilot.press("enter")
            await wait_for(pilot, lambda: any("older version" in str(n.message) for n in app._notifications))
            assert isinstance(app.screen, HomeScreen), "nothing is replayed"
            assert old.read_text(encoding="utf-8") == json.dumps(data)
            await pilot.press("x")
            await wait_for(pilot, lambda: not isinstance(app.screen, HomeScreen))
            await pilot.press("y")
            await wait_for(pilot, lambda: not old.exists())
            assert home.saved == []

    run(scenario())


def saved_in(home: HomeScreen, path: Path) -> Any:
    return next(s for s in home.saved if s.path == path)


def test_resume_rebuilds_the_same_state() -> None:
    record = saved_record(actions=3)
    match = resume_match(sevens.GAME, record)
    assert match.record.actions == record.actions
    assert match.state.view(1) == replay(sevens.GAME, record).view(1)


def test_the_saves_module_is_headless() -> None:
    import subprocess
    import sys

    code = "import sys, parlour.core.saves; print('textual' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


class CountingSevens(sevens.Sevens):
    """Sevens that counts the recorded actions it parses: each one parsed is one replayed."""

    def __init__(self) -> None:
        super().__init__()
        self.parsed: list[str] = []

    def legal_action(self, state: Any, text: str) -> Any:
        self.parsed.append(text)
        return super().legal_action(state, text)


def test_the_home_screen_replays_a_save_only_when_it_changed(saves: SaveFolder) -> None:
    """The first visit replays the save once; coming back replays nothing while the file is
    unchanged; continuing plays on from the match that visit rebuilt, replaying nothing."""
    record = saved_record(actions=3)
    path = saves.new_path("sevens")
    record.save(path)
    game = CountingSevens()

    async def scenario() -> None:
        registry = sevens_registry(game=game)
        game.parsed.clear()  # what loading the plugin parsed
        app = ParlourApp(registry, ai_delay=0, rng=random.Random(5))
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            home = app.screen
            assert isinstance(home, HomeScreen)
            assert [s.path for s in home.saved] == [path]
            assert game.parsed == record.actions, "the first visit replays the save once"
            await pilot.press("r")
            await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is home)
            assert [s.path for s in home.saved] == [path]
            assert game.parsed == record.actions, "an unchanged save is not replayed again"
            await continue_asked(pilot, app)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            assert screen.match.record.actions[:3] == record.actions
            assert game.parsed == record.actions, "continuing replays nothing"
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, LeaveDialog))
            await pilot.press("l")
            await wait_for(pilot, lambda: app.screen is home)
            # the match went to the table, which may have played on: the save is read anew, once
            now = Record.load(path).actions
            assert game.parsed == record.actions + now
            await pilot.press("r")
            await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is home)
            assert game.parsed == record.actions + now

    run(scenario())


def test_leaving_from_the_hand_over_keeps_the_game_saved(saves: SaveFolder) -> None:
    """Esc on the hot-seat hand-over opens the leave menu (awaited in a worker); "l" leaves
    the table saved, without showing anyone's hand."""
    from parlour.tui.dialogs import HandOverScreen

    async def scenario() -> None:
        app = app_for()
        match = start_match(sevens.GAME, sevens_rules(), 4, [Seat("Ann", "human"), Seat("Bea", "human")])
        async with app.run_test(size=SIZE) as pilot:
            app.open_table(sevens.GAME, match)
            await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen) and app.screen.accepting)
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, LeaveDialog))
            await pilot.press("l")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            assert not any(isinstance(s, TableScreen) for s in app.screen_stack)

    run(scenario())
    [path] = saves.saves.glob("*.json")
    assert Record.load(path).seats == [Seat("Ann", "human"), Seat("Bea", "human")]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_the_keys_of_a_saved_game_never_break_on_the_home_screen(saves: SaveFolder, size: tuple[int, int]) -> None:
    """A playtest at 80x24 read "Enter: continue   x: abandon" and "it   r: rules" below it
    beside a saved game; at 120x40 the games' note broke "j: join a" from "table somebody
    hosts". Each key now stays whole on its line (one wider than the panel breaks between its
    words, its key kept with the first)."""
    path = saves.new_path("sevens")
    saves.save(saved_record(actions=2), path)

    async def scenario() -> tuple[list[str], list[str], int]:
        app = app_for()
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            info = app.screen.query_one("#home-info")
            await wait_for(pilot, lambda: info.content_region.width > 0)
            saved = panel_text(info, info.content_region.width).splitlines()
            app.screen.query_one(OptionList).action_cursor_down()
            await wait_for(pilot, lambda: "Enter: set up a game" in panel_text(info, info.content_region.width))
            return saved, panel_text(info, info.content_region.width).splitlines(), info.content_region.width

    saved, game, width = run(scenario())
    lines = [" ".join(line.split()) for line in saved]
    assert any("x: abandon it" in line for line in lines), saved
    assert any("Enter: continue" in line for line in lines) and any("r: rules" in line for line in lines), saved
    for line in [*saved, *game]:
        assert not line.rstrip().endswith(("x: abandon", " r:", " j:", " l:", "Enter:")), [*saved, *game]
    assert any("r: rules" in line for line in game) and any("l: language" in line for line in game), game
    if width >= len("j: join a table somebody hosts"):
        assert any("j: join a table somebody hosts" in line for line in game), game
