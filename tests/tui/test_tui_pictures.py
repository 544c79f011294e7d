"""A picture of the game (issue 26): the scores round by round as a plot, and the seat's
win chance once its analysis is kept beside the record, on the results screen (at 80x24
too) and in the review's side panel. What is plotted, game by game: Banque Fatale each
player's score after each of its rounds, Monte Carlo after each game of the match; a
Casablanca match of one round has nothing to plot round by round, and says so.

The plots are checked against text snapshots in ``tests/tui/screens/`` through
``screen_snapshots.matches`` (written anew with ``PARLOUR_UPDATE_SCREENS=1``)."""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from screen_snapshots import matches
from textual.screen import Screen
from tui_helpers import run, wait_for

from parlour.games.banque_fatale import GAME as BANQUE
from parlour.games.casablanca import GAME as CASABLANCA
from parlour.games.monte_carlo import GAME as MONTE
from parlour.core import analysis as engine
from parlour.core.record import HUMAN, Seat
from parlour.core.registry import Registry
from parlour.core.review import StageScores
from parlour.core.rulesets import load_ruleset
from parlour.core.saves import SaveFolder
from parlour.core.seating import start_match
from parlour.testing.boards import settled_text
from parlour.tui.app import ParlourApp
from parlour.tui.results import ResultsScreen
from parlour.tui.review import ReviewScreen
from parlour.tui.scores_chart import plot
from parlour.tui.table import LiveGame

BUDGET = 8
SIZES = [(80, 24), (120, 40)]


@pytest.fixture(autouse=True)
def tiny_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("parlour.tui.review.APP_BUDGET", BUDGET)
    monkeypatch.setattr("parlour.tui.results.APP_BUDGET", BUDGET)


def played(game: Any, seed: int = 5, rules: dict[str, Any] | None = None,
           names: tuple[str, ...] = ("Ann", "Bea", "Cyd", "Dan")) -> Any:
    """A finished match of four (Ann, the first, the person) of seeded random players."""
    rules = rules or dict(load_ruleset(game).resolve())
    seats = [Seat(names[0], HUMAN), *(Seat(name, "random") for name in names[1:])]
    match = start_match(game, rules, seed, [Seat(s.name, "random") for s in seats])
    match.play_out()
    match.replace_seat(0, seats[0], match.agents[0])
    return match


def app_for(tmp_path: Path) -> ParlourApp:
    registry = Registry()
    for game in (BANQUE, MONTE, CASABLANCA):
        registry.add(game.id, "tests", lambda game=game: game)
    return ParlourApp(registry, saves=SaveFolder(tmp_path), ai_delay=0)


def region_text(text: str, region: Any) -> str:
    lines = text.splitlines()[region.y: region.y + region.height]
    return "\n".join(line[region.x: region.right].rstrip() for line in lines) + "\n"


def matches_snapshot(text: str, screen_class: str, case: str, size: tuple[int, int]) -> None:
    """The plot's part of the screen against its snapshot, as every screen's is."""
    matches(text.rstrip("\n"), screen_class, case, size)


#: the record's path, always this long (as the app's own folder gives, "/home/…/.local/share/parlour/records/…"):
#: it takes two lines of the results at 80x24, one at 120x40, whatever folder pytest gives the test
RECORD_PATH = 75
#: each test's short folder for its record (pytest's own, with xdist's "popen-gw0", is longer
#: than the path)
_FOLDERS: dict[Path, Path] = {}


@pytest.fixture(autouse=True)
def _short_folders():
    yield
    for folder in _FOLDERS.values():
        shutil.rmtree(folder, ignore_errors=True)
    _FOLDERS.clear()


def record_at(tmp_path: Path) -> Path:
    """The test's record (one for each ``tmp_path``), its path :data:`RECORD_PATH` characters
    long: the plots give rows to the note when it takes two lines, so the snapshots hang on it."""
    folder = _FOLDERS.setdefault(tmp_path, Path(tempfile.mkdtemp(prefix="p")))
    pad = RECORD_PATH - len(str(folder)) - len("/.json")
    assert pad >= 1, f"the temporary folder is too long for the pictures' snapshots: {folder}"
    return folder / ("g" * pad + ".json")


def results_picture(tmp_path: Path, game: Any, match: Any, size: tuple[int, int]) -> tuple[str, str, int]:
    app = app_for(tmp_path)
    path = record_at(tmp_path)

    async def scenario() -> tuple[str, str, int]:
        async with app.run_test(size=size) as pilot:
            app.push_screen(ResultsScreen(LiveGame(game, match, path)))
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen) and bool(app.screen.query("#results-picture")))
            text = await settled_text(pilot)
            picture = app.screen.query_one("#results-picture").region
            return text, region_text(text, picture), int(app.screen.query_one("#results").max_scroll_y)

    return run(scenario())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_results_plot_the_scores_and_the_kept_win_chance(tmp_path: Path, size: tuple[int, int]) -> None:
    rules = dict(load_ruleset(BANQUE).resolve())
    rules["deck"] = ["R", "Y", "G", "B", "O", "RY", "RG"]  # four rounds: a short analysis
    match = played(BANQUE, 0, rules)
    text, picture, overflow = results_picture(tmp_path, BANQUE, match, size)
    assert "Round by round" in text and "round 1 → " in picture and "win chance" not in picture, "no analysis kept"
    engine.keep(record_at(tmp_path), engine.analyse(BANQUE, match.record, 0, BUDGET))
    text, picture, overflow = results_picture(tmp_path, BANQUE, match, size)
    assert "Round by round" in text and "Ann's win chance" in picture, text
    assert re.search(r"[\u2801-\u28ff]", picture), "the scores are drawn, not written"
    assert re.search(r"[▁▂▃▄▅▆▇█]", picture), "the win chance is drawn"
    assert "━ Ann" in picture and "━ Dan" in picture
    assert overflow == 0, f"the results scroll at {size[0]}x{size[1]}\n{text}"
    matches_snapshot(picture, "ResultsScreen", "picture-banque-fatale", size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_monte_carlo_plots_the_score_after_each_game_and_a_one_round_casablanca_says_there_is_none(
        tmp_path: Path, size: tuple[int, int]) -> None:
    text, picture, overflow = results_picture(tmp_path, MONTE, played(MONTE), size)
    assert "Game by game" in text and "game 1 → 3" in picture and overflow == 0
    matches_snapshot(picture, "ResultsScreen", "picture-monte-carlo", size)
    _, picture, overflow = results_picture(tmp_path, CASABLANCA, played(CASABLANCA), size)
    # whole, never cut: the long line where it fits, else its short form (a playtest read
    # "…nothing to plot round…" at 120x40 and "…scored at its end: n…" at 80x24)
    assert picture.strip() in ("One round only, scored at its end: nothing to plot round by round.",
                               "One round only: no scores to plot.") and overflow == 0


def test_the_review_plots_the_scores_beside_the_win_chance(tmp_path: Path) -> None:
    rules = dict(load_ruleset(BANQUE).resolve())
    rules["deck"] = ["R", "Y", "G", "B", "O", "RY", "RG"]
    match = played(BANQUE, 0, rules)
    app = app_for(tmp_path)

    async def scenario() -> str:
        async with app.run_test(size=(120, 40)) as pilot:
            app.show_review(BANQUE, match.record, path=record_at(tmp_path))
            await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
            screen = app.screen
            await pilot.press("a")
            await wait_for(pilot, lambda: 0 in screen.analyses)
            text = await settled_text(pilot)
            return region_text(text, screen.query_one("#review-chart").region) + \
                region_text(text, screen.query_one("#review-plot").region)

    picture = run(scenario())
    assert "Ann's win chance" in picture and "Score after each round" in picture and "━ Dan" in picture
    matches_snapshot(picture, "ReviewScreen", "picture-banque-fatale", (120, 40))


def test_at_80x24_the_plots_key_beside_the_win_chance_names_every_player_whole(tmp_path: Path) -> None:
    """Four names beside the win chance at 80x24: the key read "━ Tess  ━ Blaise  ━ Dmi…",
    the last player cut (a playtest). It goes on to another line, each name whole; the
    results still fit without scrolling."""
    names = ("Tess", "Blaise", "Dominique", "Dmitri")
    rules = dict(load_ruleset(BANQUE).resolve())
    rules["deck"] = ["R", "Y", "G", "B", "O", "RY", "RG"]
    match = played(BANQUE, 0, rules, names)
    engine.keep(record_at(tmp_path), engine.analyse(BANQUE, match.record, 0, BUDGET))
    text, picture, overflow = results_picture(tmp_path, BANQUE, match, (80, 24))
    assert "Tess's win chance" in picture, text
    for name in names:
        assert re.search(rf"━ {name}(  |$)", picture, re.MULTILINE), f"{name} not whole in the key:\n{picture}"
    assert "━ Dmi…" not in picture and overflow == 0, text
    assert plot(names, [StageScores("Round 1", [0.0] * 4), StageScores("Round 2", [1.0] * 4)], 36, 2).plain \
        .splitlines()[2:] == ["━ Tess  ━ Blaise  ━ Dominique", "━ Dmitri                 round 1 → 2"]


def test_the_plot_puts_each_players_line_where_his_scores_are() -> None:
    """Two players, three rounds: the rising one's dots climb from the bottom row to the top,
    the flat one stays on the bottom; the key says who is which colour and, where it fits,
    what runs across; a score not shown leaves no dot and a "?" in the key."""
    stages = [StageScores("Round 1", [0.0, 0.0]), StageScores("Round 2", [5.0, 0.0]),
              StageScores("Round 3", [10.0, 0.0])]
    rows = plot(["Ann", "Bea"], stages, 14, 2).plain.splitlines()
    assert rows[0].startswith("10 ▕") and rows[1].startswith(" 0 ▕")
    top, bottom = rows[0][4:], rows[1][4:]
    assert top[0] == "\u2800" and top[-1] != "\u2800", "Ann reaches the top at the end only"
    assert all(c != "\u2800" for c in bottom[:2]), "both start at the bottom"
    assert rows[2] == "━ Ann  ━ Bea", "no room for what runs across"
    assert plot(["Ann", "Bea"], stages, 40, 2).plain.splitlines()[2] == "━ Ann  ━ Bea" + " " * 17 + "round 1 → 3"
    hidden = [StageScores(s.stage, [s.scores[0], None]) for s in stages]
    assert plot(["Ann", "Bea"], hidden, 14, 2).plain.splitlines()[2] == "━ Ann  ? Bea"
    assert plot(["Ann"], stages[:1], 80, 2).plain == "One round only, scored at its end: nothing to plot round by round."
    assert plot(["Ann"], stages[:1], 40, 2).plain == "One round only: no scores to plot.", "the short form where it is cut"
    assert plot(["Ann", "Bea"], [StageScores(s.stage, [None, None]) for s in stages], 30, 2).plain == \
        "No scores shown: nothing to plot."


def test_the_win_chance_analysed_with_a_shows_on_the_results_when_back_from_the_review(tmp_path: Path) -> None:
    rules = dict(load_ruleset(BANQUE).resolve())
    rules["deck"] = ["R", "Y", "G", "B", "O", "RY", "RG"]
    match = played(BANQUE, 0, rules)
    app = app_for(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(ResultsScreen(LiveGame(BANQUE, match, record_at(tmp_path))))
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen) and bool(app.screen.query("#results-picture")))
            results = app.screen
            assert "win chance" not in await settled_text(pilot)
            await pilot.press("a")
            await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen) and 0 in app.screen.analyses)
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is results)
            text = await settled_text(pilot)
            assert "Ann's win chance" in text and results.query_one("#results").max_scroll_y == 0, text

    run(scenario())


def test_back_from_the_review_the_results_keep_the_notes_keys(tmp_path: Path) -> None:
    """At 80x24 a one-round Casablanca's results show the note's keys ("v: review the game
    move by move" ...). A playtest opened the review, analysed with a, came back with Esc: the
    win chance stood beside the plot's line and the keys were gone, though the plots could give
    up a row for them. The plots give up rows (down to two) before the keys go that the results
    showed without the win chance; the results do not scroll. The record's line there takes
    74 columns, all a line holds with room for a scrollbar."""
    match = played(CASABLANCA)
    app = app_for(tmp_path)
    short = Path(tempfile.mkdtemp(prefix="p"))  # a record's path as long as the playtest's: its line
    path = short / ("g" * (74 - len("Record: ") - len(str(short)) - len("/.json")) + ".json")  # 74 columns
    keys = ("n: play again with the same table (a new seed)", "v: review the game move by move",
            "a: analyse your decisions", "m: back to the games", "r: rules")

    async def scenario() -> tuple[str, str, int]:
        async with app.run_test(size=(80, 24)) as pilot:
            await app.push_screen(Screen())
            app.show_results(LiveGame(CASABLANCA, match, path))  # with the ratings, as played
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen) and bool(app.screen.query("#results-picture")))
            results = app.screen
            before = await settled_text(pilot)
            await pilot.press("v")
            await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
            await pilot.press("a")
            await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen) and 0 in app.screen.analyses)
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is results)
            after = await settled_text(pilot)
            return before, after, int(results.query_one("#results").max_scroll_y)

    try:
        before, after, overflow = run(scenario())
    finally:
        shutil.rmtree(short)
    assert f"  Record: {path}" in before.splitlines(), "the path on the line, whole"
    assert all(key in before for key in keys), before
    assert "100% ▕" in after and "blunders" in after, after  # the win chance: its bars, every count (no title)
    # every key stays; ``a`` now offers to read the analysis kept (not to make it again)
    keys_after = tuple(key.replace("a: analyse your decisions", "a: read the analysis of your decisions") for key in keys)
    assert all(key in after for key in keys_after) and keys[2] not in after, f"the keys are gone:\n{after}"
    keys_before = [line for line in before.splitlines() if any(key in line for key in keys)]
    assert len(keys_before) == len([line for line in after.splitlines() if any(key in line for key in keys_after)])
    assert overflow == 0, after
