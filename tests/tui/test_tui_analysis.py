"""The computer's analysis in the app (issue 26): ``a`` in the review (and from the results)
analyses the shown seat in a worker thread with a progress bar, Esc stops it, it is kept
beside the record; then each decision shows its evaluation, n/p jump between the key
moments and the side panel plots the win chance. At a tiny budget, on a short game."""

from __future__ import annotations

import asyncio
import json
import re
import threading
from typing import Any

import pytest
from tui_helpers import run, wait_for

from parlour.games.banque_fatale import GAME as BANQUE
from parlour.core import analysis as engine
from parlour.core.record import HUMAN, Record, Seat
from parlour.core.registry import Registry
from parlour.core.rulesets import load_ruleset
from parlour.core.saves import SaveFolder
from parlour.core.seating import start_match
from parlour.testing.boards import screen_text
from parlour.tui.app import ParlourApp
from parlour.tui.review import ReviewScreen
from parlour.tui.screen import chance_text

BUDGET = 8


@pytest.fixture(autouse=True)
def tiny_budget(monkeypatch) -> None:
    monkeypatch.setattr("parlour.tui.review.APP_BUDGET", BUDGET)


def short_game(humans: tuple[int, ...] = (0,)) -> Record:
    """Banque Fatale on a seven-card deck (four rounds): 16 decisions of Ann's (her last three
    picks from the pool change no score and are forced), three key moments at this budget."""
    rules = dict(load_ruleset(BANQUE).resolve())
    rules["deck"] = ["R", "Y", "G", "B", "O", "RY", "RG"]
    match = start_match(BANQUE, rules, 0, [Seat(f"P{i}", "random") for i in range(3)])
    match.play_out()
    record = match.record
    record.seats = [Seat(name, HUMAN if i in humans else "random") for i, name in enumerate(("Ann", "Bea", "Cyd"))]
    return record


def app_for(tmp_path: Any) -> ParlourApp:
    registry = Registry()
    registry.add(BANQUE.id, "tests", lambda: BANQUE)
    return ParlourApp(registry, saves=SaveFolder(tmp_path), ai_delay=0)


async def review_up(pilot: Any, app: ParlourApp) -> ReviewScreen:
    await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen) and bool(app.screen.query("#review-where")))
    assert isinstance(app.screen, ReviewScreen)
    return app.screen


async def analysed(pilot: Any, screen: ReviewScreen) -> None:
    """Wait for the analysis worker to end and its end to be handled on the app's loop."""
    await wait_for(pilot, lambda: all(w.is_finished for w in screen.workers) and screen.analysing is None)


async def analysed_review(pilot: Any, app: ParlourApp, record: Record, path: Any) -> ReviewScreen:
    """Open the review of ``record`` (kept at ``path``), ask for its analysis (``a``) and wait
    until it is done."""
    app.show_review(BANQUE, record, path=path)
    screen = await review_up(pilot, app)
    await pilot.press("a")
    await analysed(pilot, screen)
    return screen


def where(screen: ReviewScreen) -> str:
    return str(screen.query_one("#review-where").render())


def errors(app: ParlourApp) -> list[str]:
    return [n.message for n in app._notifications if n.severity == "error"]


def test_a_analyses_the_seat_then_marks_each_decision_jumps_to_key_moments_and_plots(tmp_path) -> None:
    record = short_game()
    path = tmp_path / "game.json"
    expected = engine.analyse(BANQUE, record, 0, BUDGET)
    moments = [d.move for d in expected.key_moments()]
    assert len(moments) == 3, "the short game has key moments to jump to"
    app = app_for(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            app.show_review(BANQUE, record, path=path)
            screen = await review_up(pilot, app)
            assert "Key moment" not in screen_text(app), "no n/p before there is an analysis"
            await pilot.press("a")
            await analysed(pilot, screen)
            assert screen.analyses[0].to_json() == expected.to_json(), "the engine's analysis, same budget and seed"
            assert not screen.query_one("#review-analysing").display
            first = expected.decisions[0]
            screen.go(first.move)
            await pilot.pause()
            assert f"you: {first.played_label} · win {chance_text(first.win_played)}" in where(screen)
            await pilot.press("home", "n")
            assert screen.step == moments[0]
            moment = next(d for d in expected.decisions if d.move == moments[0])
            assert f"{moment.mark} (−{moment.lost * 100:.0f} %)" in where(screen)
            assert f"best: {moment.best_label}" in where(screen)
            await pilot.press("n", "n")
            assert screen.step == moments[2]
            await pilot.press("n")
            assert screen.step == moments[0], "after the last key moment, round to the first"
            assert f"back to the first (move {moments[0]})" in str(screen.query_one("#review-note").render())
            await pilot.press("p")
            assert screen.step == moments[2], "before the first, round to the last"
            await pilot.press("p")
            assert screen.step == moments[1]
            assert not screen.query_one("#review-note").display, "the note goes with the next step"
            screen.go(0)
            await pilot.pause()
            text = screen_text(app)
            assert "16 decisions: " in text and f"key moments (n/p): {', '.join(map(str, moments))}" in text
            assert "Ann's win chance\n" in text and "100%" in text and "▕" in text
            assert "n/p" in text.splitlines()[-1], "the key-moment keys in the footer"
            assert not errors(app)
        kept = json.loads(engine.cache_path(path).read_text())
        assert [e["seat"] for e in kept["analyses"]] == [0]

    run(scenario())


def test_a_kept_analysis_is_reused(tmp_path, monkeypatch) -> None:
    record = short_game()
    path = tmp_path / "game.json"
    engine.keep(path, engine.analyse(BANQUE, record, 0, BUDGET))

    def never(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("analysed again")

    monkeypatch.setattr(engine, "analyse", never)
    app = app_for(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            screen = await analysed_review(pilot, app, record, path)
            assert 0 in screen.analyses and not errors(app)

    run(scenario())


@pytest.mark.parametrize("broken", ["{not json", '{"analyses": [1, "x"]}',
                                    '{"analyses": [{"format": "parlour-analysis", "decisions": ["x"]}]}'])
def test_a_broken_kept_analysis_is_made_again(tmp_path, broken) -> None:
    record = short_game()
    path = tmp_path / "game.json"
    engine.cache_path(path).write_text(broken)
    app = app_for(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            screen = await analysed_review(pilot, app, record, path)
            assert len(screen.analyses[0].decisions) == 16 and not errors(app)
        assert engine.kept(path, BANQUE, record, 0, BUDGET, 0) is not None, "the file is written anew"

    run(scenario())


def test_escape_stops_the_analysis_and_the_review_stays(tmp_path, monkeypatch) -> None:
    record = short_game()
    started, release = threading.Event(), threading.Event()

    def slow(game: Any, record: Any, seat: int, budget: int, seed: int, jobs: int, progress: Any) -> Any:
        progress(0, 19, 0.0)
        started.set()
        release.wait(30)
        progress(1, 19, 0.05)  # Esc was pressed: this raises
        raise AssertionError("the analysis went on after Esc")

    monkeypatch.setattr(engine, "analyse", slow)
    app = app_for(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            app.show_review(BANQUE, record)
            screen = await review_up(pilot, app)
            await pilot.press("a")
            assert await asyncio.to_thread(started.wait, 30)
            assert screen.query_one("#review-analysing").display, "the progress bar shows while it runs"
            assert "Analysing Ann's decisions" in screen_text(app)
            await pilot.press("right")
            assert screen.step == len(record.actions), "the review still takes keys (at the end already)"
            await pilot.press("left")
            assert screen.step == len(record.actions) - 1
            await pilot.press("escape")
            release.set()
            await analysed(pilot, screen)
            assert app.screen is screen, "Esc stopped the analysis, not the review"
            assert not screen.analyses and not errors(app)
            assert any("stopped" in n.message for n in app._notifications)
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is not screen)

    run(scenario())


def test_a_failing_analysis_is_said_and_the_review_stays(tmp_path, monkeypatch) -> None:
    record = short_game()

    def fail(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the game broke")

    monkeypatch.setattr(engine, "analyse", fail)
    app = app_for(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            app.show_review(BANQUE, record)
            screen = await review_up(pilot, app)
            await pilot.press("a")
            await analysed(pilot, screen)
            assert app.screen is screen and not screen.analyses
            assert errors(app) == ["The analysis failed (RuntimeError: the game broke)."]

    run(scenario())


def test_an_onlookers_view_is_not_analysed(tmp_path) -> None:
    """Two people shared the table: the review opens on the onlooker's view, and ``a``
    analyses no one's seat until a seat is chosen (and agreed to)."""
    record = short_game(humans=(0, 2))
    app = app_for(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            app.show_review(BANQUE, record)
            screen = await review_up(pilot, app)
            assert screen.seat is None
            await pilot.press("a")
            await pilot.pause()
            assert screen.analysing is None and not screen.analyses and not list(screen.workers)
            assert any("choose a seat" in n.message for n in app._notifications)

    run(scenario())


def test_a_on_the_results_opens_the_review_analysing_the_players_seat(tmp_path) -> None:
    from parlour.tui.results import ResultsScreen
    from parlour.tui.table import LiveGame

    record = short_game()
    path = tmp_path / "game.json"
    match = start_match(BANQUE, dict(record.rules), record.seed, record.seats)
    for action in record.actions:
        match.play(BANQUE.legal_action(match.state, action))
    app = app_for(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            app.push_screen(ResultsScreen(LiveGame(BANQUE, match, path)))
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
            await pilot.press("a")
            screen = await review_up(pilot, app)
            await analysed(pilot, screen)
            assert screen.seat == 0 and list(screen.analyses) == [0] and screen.path == path
            assert engine.kept(path, BANQUE, record, 0, BUDGET, 0) is not None

    run(scenario())


def test_a_review_opened_again_or_switched_back_shows_the_kept_analysis_without_a(tmp_path) -> None:
    """A playtest: the review opened again from the results (``v``), or switched to another
    seat and back, showed no analysis until ``a``. The kept one is recalled at once; a seat
    never analysed has none until ``a``."""
    record = short_game()
    path = tmp_path / "game.json"
    app = app_for(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            first = await analysed_review(pilot, app, record, path)
            assert list(first.analyses) == [0]
            app.pop_screen()
            app.show_review(BANQUE, record, path=path)
            await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen) and app.screen is not first
                           and bool(app.screen.query("#review-where")))
            again = app.screen
            assert isinstance(again, ReviewScreen)
            assert list(again.analyses) == [0] and again.analysing is None, "recalled, not analysed again"
            assert again.check_action("moment", (1,)), "n/p work at once"
            again.action_switch_seat()
            assert again.seat == 1 and 1 not in again.analyses
            again.analyses.pop(0)  # forgotten: switching back recalls it from the file (once a seat)
            again.recalled.discard(0)
            again.seat = 2
            again.action_switch_seat()  # 2 -> onlooker
            again.action_switch_seat()  # -> 0
            assert again.seat == 0 and 0 in again.analyses

    run(scenario())


def test_replay_review_keeps_the_analysis_beside_the_record(tmp_path) -> None:
    """``parlour replay NAME --review`` passes the record's file: the analysis is kept there."""
    record = short_game()
    path = tmp_path / "game.json"
    registry = Registry()
    registry.add(BANQUE.id, "tests", lambda: BANQUE)
    app = ParlourApp(registry, saves=SaveFolder(tmp_path), ai_delay=0, start_review=(BANQUE, record, path))

    async def scenario() -> None:
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            screen = await review_up(pilot, app)
            assert screen.path == path and screen.seat == 0
            await pilot.press("a")
            await analysed(pilot, screen)
        assert engine.kept(path, BANQUE, record, 0, BUDGET, 0) is not None

    run(scenario())


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_the_reviews_evaluations_write_their_shares_one_way(tmp_path, size) -> None:
    """At 80 columns a playtest stepping through the review read "win 47 %" on one move and
    "win 47%" on the next: each line went tight only where it had to. All the seat's lines
    now write them one way at a width, the language's where every line fits so, each line
    within the width."""
    record = short_game()
    app = app_for(tmp_path)

    async def scenario() -> list[str]:
        async with app.run_test(size=size) as pilot:
            screen = await analysed_review(pilot, app, record, tmp_path / "game.json")
            lines = []
            for decision in screen.analyses[0].decisions:
                screen.go(decision.move)
                await pilot.pause()
                lines.append(where(screen).splitlines()[1])
            return lines

    lines = run(scenario())
    assert len(lines) == 16 and all(line.startswith("you: ") for line in lines), lines
    assert all(len(line) <= size[0] - 2 for line in lines), lines
    wide = [line for line in lines if re.search(r"\d %", line)]
    tight = [line for line in lines if re.search(r"\d%", line)]
    assert wide and not tight, "\n".join(lines)  # each fits "47 %", the moves' short texts at 80


def test_where_one_evaluation_does_not_fit_the_languages_shares_none_is_written_so() -> None:
    from parlour.tui.analysis_view import evaluation, tight_shares

    short = engine.Decision(3, None, "bid 0", "bid 0", "pass", "pass", 0.41, 0.50, 0.09, "inaccuracy", 5, 8)
    long = engine.Decision(5, None, "bet row3-right", "bet a chip on row 3 (right)", "bet row3-left",
                           "bet a chip on row 3 (left)", 0.14, 0.52, 0.38, "blunder", 5, 8)
    assert evaluation(short, "you", 74).plain == "you: bid 0 · win 41 % · best: pass 50 % · inaccuracy (−9 %)"
    assert "14 %" not in evaluation(long, "you", 74).plain, "alone it goes tight"
    assert not tight_shares([short], "you", 74) and tight_shares([short, long], "you", 74)
    for decision in (short, long):
        line = evaluation(decision, "you", 74, tight=True).plain
        assert len(line) <= 74 and " %" not in line and "%" in line, line
        assert evaluation(decision, "you", 200, tight=True).plain.count("%") == 3


def test_an_evaluation_narrows_to_the_moves_texts_then_keeps_its_mark() -> None:
    from parlour.tui.analysis_view import evaluation

    d = engine.Decision(3, None, "bet row3-right", "bet a chip on row 3 (right)", "bet row3-left",
                        "bet a chip on row 3 (left)", 0.14, 0.52, 0.38, "blunder", 5, 8)
    assert evaluation(d, "you").plain == ("you: bet a chip on row 3 (right) · win 14 % · "
                                          "best: bet a chip on row 3 (left) 52 % · blunder (−38 %)")
    assert evaluation(d, "you", 78).plain == "you: bet row3-right · win 14% · best: bet row3-left 52% · blunder (−38%)"
    assert evaluation(d, "you", 40).plain == "you: bet row3-right · blunder (−38%) · …"


def test_a_narrow_evaluation_names_monte_carlos_fields_as_the_board_does() -> None:
    """A playtest at 80 columns read "best: bet n3-top", "bet m-rows12", "bet col4-bottom": the
    record's texts name fields by their ids. Worded for the reader (``Decision.worded``), the
    narrow line takes the game's few words (``Game.short_label``): the board's names with
    their side, in the reader's language; the analysis's file keeps the texts only."""
    from parlour.games.monte_carlo import GAME as MONTE
    from parlour.core.i18n import in_language
    from parlour.tui.analysis_view import evaluation

    rules = load_ruleset(MONTE).resolve([])
    d = engine.Decision(154, None, "bet m-rows12", "bet a chip on majority rows 1-2", "bet n3-top",
                        "bet a chip on number 3 (top)", 0.03, 0.22, 0.19, "mistake", 5, 8)
    worded = d.worded(MONTE, rules)
    assert evaluation(worded, "you", 78).plain == (
        "you: bet majority rows 1-2 · win 3% · best: bet 3 (top) 22% · mistake (−19%)")
    lay = engine.Decision(173, None, "lay 2 r1c3", "", "lay 3 r1c6", "", 0.51, 0.65, 0.14, "mistake", 5, 8)
    column = engine.Decision(31, None, "bet col4-bottom", "", "stop", "", 0.4, 0.5, 0.1, "mistake", 5, 8)
    with in_language("de"):
        assert evaluation(lay.worded(MONTE, rules), "Sie", 90).plain.startswith("Sie: 2 auf r1c3 legen")
        assert "Sie: auf C4 (unten) setzen · " in evaluation(column.worded(MONTE, rules), "Sie", 105).plain
    kept = engine.Analysis("monte-carlo", "", 0, "P1", 5, 0, [worded]).to_json()
    assert "played_short" not in kept["decisions"][0] and "bet 3 (top)" not in json.dumps(kept)
    assert engine.Analysis.from_json(kept).decisions == [d]


def test_a_game_whose_texts_count_otherwise_narrows_to_its_labels_not_its_texts() -> None:
    """A playtest at 80 columns read "you: pick 11 · … best: pick 9" where the board said the
    chip on field 12 was picked up: Casablanca's texts count the ring from 0. Such a game's
    narrow line keeps the labels (shares written tight) and cuts them, never the texts."""
    from parlour.games.casablanca import GAME as CASABLANCA
    from parlour.tui.analysis_view import evaluation

    assert not CASABLANCA.texts_read_as_labels and BANQUE.texts_read_as_labels
    d = engine.Decision(44, None, "pick 11", "pick up the chip on field 12 (Lamp)", "pick 9",
                        "pick up the chip on field 10 (Moon)", 0.30, 0.64, 0.34, "blunder", 5, 8)
    wide = evaluation(d, "you", 200, texts=False).plain
    assert wide == ("you: pick up the chip on field 12 (Lamp) · win 30 % · "
                    "best: pick up the chip on field 10 (Moon) 64 % · blunder (−34 %)")
    tight = evaluation(d, "you", 115, texts=False).plain
    assert tight == ("you: pick up the chip on field 12 (Lamp) · win 30% · "
                     "best: pick up the chip on field 10 (Moon) 64% · blunder (−34%)")
    for width in (78, 60, 40):
        narrow = evaluation(d, "you", width, texts=False).plain
        assert len(narrow) <= width and "pick 11" not in narrow and "pick 9" not in narrow
        assert "blunder" in narrow or width < 50
    # at 80 columns the words both labels begin with give way (the verb of the move played
    # stays), then the words in brackets, not the best move's share
    assert evaluation(d, "you", 78, texts=False).plain == (
        "you: pick up the …field 12 · win 30% · best: …field 10 64% · blunder (−34%)")


def test_an_evaluation_does_not_call_a_move_of_the_same_win_chance_better() -> None:
    """A playtest read "win 0 % · best: reshuffle the chips 0 %" as if reshuffling were
    better: where the two win chances read the same, the other is the computer's choice."""
    from parlour.tui.analysis_view import evaluation

    d = engine.Decision(9, None, "pick 27", "pick up the chip on field 27", "shuffle", "reshuffle the chips",
                        0.001, 0.004, 0.003, None, 5, 8)
    assert evaluation(d, "you").plain == "you: pick up the chip on field 27 · win <1 % · the computer's choice: reshuffle the chips"
    assert "best" not in evaluation(d, "you", 60).plain
    better = engine.Decision(9, None, "pick 27", "pick up the chip on field 27", "shuffle", "reshuffle the chips",
                             0.001, 0.02, 0.019, None, 5, 8)
    assert "best: reshuffle the chips 2 %" in evaluation(better, "you").plain


def analysed_from_the_command_line(record: Record, path: Any) -> engine.Analysis:
    """``parlour analyse --json --lang en`` on the record saved at ``path``: the analysis it
    keeps beside it, its moves labelled in English."""
    from parlour.cli import main

    record.save(path)
    assert main(["analyse", str(path), "--budget", str(BUDGET), "--json", "--lang", "en"]) == 0
    found = engine.kept(path, BANQUE, record, 0, BUDGET, 0)
    assert found is not None
    return found


def french_app(tmp_path: Any, lang: str) -> ParlourApp:
    registry = Registry()
    registry.add(BANQUE.id, "tests", lambda: BANQUE)
    return ParlourApp(registry, saves=SaveFolder(tmp_path), ai_delay=0, language=lang)


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_moves_are_worded_in_the_readers_language_whatever_the_analysiss(tmp_path, monkeypatch, capsys,
                                                                             lang: str) -> None:
    """An analysis made in English (``parlour analyse --json``) opened in a French or German
    app: each move's label is read back from its record text and worded in the app's
    language, not shown as the analysis kept it."""
    from parlour.core.i18n import in_language
    from parlour.core.record import clean_record_rules

    record = short_game()
    path = tmp_path / "game.json"
    made = analysed_from_the_command_line(record, path)
    capsys.readouterr()
    rules = clean_record_rules(BANQUE, record)
    chosen = [d for d in made.decisions if d.best != d.played]
    assert chosen, "a decision where the computer prefers another move"
    decision = min(chosen, key=lambda d: len(d.played_label) + len(d.best_label))  # the line fits
    with in_language(lang):
        played, best = (BANQUE.action_from_text(text, rules).label for text in (decision.played, decision.best))
    assert played != decision.played_label and best != decision.best_label, "the game's catalog words them"

    def never(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("analysed again")

    monkeypatch.setattr(engine, "analyse", never)
    app = french_app(tmp_path, lang)

    async def scenario() -> str:
        async with app.run_test(size=(160, 40), notifications=True) as pilot:
            screen = await analysed_review(pilot, app, record, path)
            screen.go(decision.move)
            await wait_for(pilot, lambda: "\n" + {"fr": "vous", "de": "Sie"}[lang] in where(screen))
            assert not errors(app)
            return where(screen)

    shown = run(scenario())
    assert played in shown and best in shown, shown
    assert decision.played_label not in shown and decision.best_label not in shown, shown


def test_a_kept_move_the_game_cannot_read_shows_its_kept_label(tmp_path, monkeypatch) -> None:
    """A kept analysis edited by hand (or from another version of the game): a move text the
    game cannot read back keeps the label stored with it, and the review does not fail."""
    record = short_game()
    path = tmp_path / "game.json"
    made = engine.analyse(BANQUE, record, 0, BUDGET)
    engine.keep(path, made)
    kept = json.loads(engine.cache_path(path).read_text())
    first, second = kept["analyses"][0]["decisions"][:2]
    first.update(played="nonsense 42", played_label="my own words", best="pick", best_label="somebody's pick")
    second.update(played=7, played_label=["a", "list"], best=None, best_label=None)
    engine.cache_path(path).write_text(json.dumps(kept))
    monkeypatch.setattr(engine, "analyse", lambda *args, **kwargs: pytest.fail("analysed again"))
    app = french_app(tmp_path, "fr")

    async def scenario() -> tuple[str, str]:
        async with app.run_test(size=(160, 40), notifications=True) as pilot:
            screen = await analysed_review(pilot, app, record, path)
            shown = []
            for move in (first["move"], second["move"]):
                screen.go(move)
                await wait_for(pilot, lambda: "\nvous" in where(screen))
                shown.append(where(screen))
            assert not errors(app)
            return shown[0], shown[1]

    one, two = run(scenario())
    assert "vous\u00a0: my own words" in one and "somebody's pick" in one, one
    assert "['a', 'list']" in two, two


def test_the_log_keeps_its_end_in_view_when_the_plot_appears_above_it(tmp_path) -> None:
    """The review opens on the last move with the log at its end; the analysis done, the
    win chance's plot takes eight lines above the log, which kept its place and hid its
    last lines (the end of the game) until the next step."""
    record = short_game()
    app = app_for(tmp_path)

    def at_end(screen: ReviewScreen) -> bool:
        log = screen.log_panel
        return log.max_scroll_y > 0 and log.scroll_y >= log.max_scroll_y

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            app.show_review(BANQUE, record, path=tmp_path / "game.json")
            screen = await review_up(pilot, app)
            await wait_for(pilot, lambda: screen.log_panel.max_scroll_y > 0 and at_end(screen))
            await pilot.press("a")
            await analysed(pilot, screen)
            await wait_for(pilot, lambda: screen.query_one("#review-chart").display
                           and screen.query_one("#review-chart").size.height > 0)
            await wait_for(pilot, lambda: at_end(screen))
            await pilot.press("left", "right")  # a step away and back (the note under the header gone)
            await wait_for(pilot, lambda: at_end(screen))

    run(scenario())


def test_in_a_narrow_side_panel_the_count_of_decisions_joins_the_title_and_the_marks_show_whole() -> None:
    """A playtest at 120x40 (a side panel 40 columns wide): "49 decisions: 3 blunders,
    7 mistakes,…" hid the inaccuracies. Too narrow for that line, the count of decisions
    goes beside the title and the marks have their line; wide enough, as before. The
    results' one line under the bars keeps the marks before the key moments."""
    from textual.app import App, ComposeResult

    from parlour.core.analysis import Analysis, Decision
    from parlour.tui.analysis_view import WinChart

    marks = ["blunder"] * 3 + ["mistake"] * 7 + ["inaccuracy"] * 5 + [None] * 34
    lost = {"blunder": 0.3, "mistake": 0.15, "inaccuracy": 0.06, None: 0.0}
    decisions = [Decision(move=2 * i + 1, stage=None, played="a", played_label="a", best="b", best_label="b",
                          win_played=0.3, win_best=0.3 + lost[mark], lost=lost[mark], mark=mark, choices=2,
                          simulations=8) for i, mark in enumerate(marks)]
    found = Analysis(game="monte-carlo", record="", seat=0, name="Tess", budget=8, seed=0, decisions=decisions)

    class Chart(App[None]):
        def __init__(self, width: int, review: bool) -> None:
            super().__init__()
            self.width = width
            self.review = review

        def compose(self) -> ComposeResult:
            chart = WinChart(id="chart", review=self.review)
            chart.styles.width = self.width
            yield chart

    async def lines(width: int, review: bool = True) -> list[str]:
        app = Chart(width, review)
        async with app.run_test(size=(120, 40)) as pilot:
            chart = app.query_one(WinChart)
            chart.show(found, 1)
            await wait_for(pilot, lambda: chart.size.width == width)
            return chart.render().plain.splitlines()

    narrow = run(lines(38))
    assert narrow[-3:] == ["Tess's win chance · 49 decisions", "3 blunders, 7 mistakes, 5 inaccuracies",
                           "key moments (n/p): 1, 3, 5"], narrow
    wide = run(lines(60))
    assert wide[-3:] == ["Tess's win chance", "49 decisions: 3 blunders, 7 mistakes, 5 inaccuracies",
                         "key moments (n/p): 1, 3, 5"], wide
    # the results' one line under the bars (120x40: about 60 columns) cut the marks too
    assert run(lines(60, review=False))[-1] == "Tess's win chance · 3 blunders, 7 mistakes, 5 inaccuracies"
    assert run(lines(80, review=False))[-1] == ("Tess's win chance · 49 decisions: 3 blunders, 7 mistakes, "
                                               "5 inaccuracies")
    assert run(lines(110, review=False))[-1] == ("Tess's win chance · 49 decisions: 3 blunders, 7 mistakes, "
                                                "5 inaccuracies · key moments: 1, 3, 5")


def test_the_note_about_one_seats_analysis_goes_when_another_seat_is_shown(tmp_path) -> None:
    """A playtest: "No earlier key moment: on to the last (move 165)." stayed under the
    header after ``s`` showed Blaise's view, where n and p do nothing."""
    record = short_game()
    app = app_for(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            app.show_review(BANQUE, record, path=tmp_path / "game.json")
            screen = await review_up(pilot, app)
            await pilot.press("a")
            await analysed(pilot, screen)
            note = screen.query_one("#review-note")
            assert note.display and "decisions analysed" in str(note.render())
            await pilot.press("s")
            await wait_for(pilot, lambda: screen.seat == 1)
            assert not note.display, str(note.render())

    run(scenario())


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_side_panels_summary_keeps_every_count_of_two_digits(tmp_path, size, lang) -> None:
    """Playtest (Monte Carlo against three ``hard``): "Tess's win chance · 49 decisions"
    then "12 blunders, 17 mistakes, 20 inaccuracies", cut at the side panel's edge (40
    columns at 120x40). Every count shows, each line within the panel, in every language,
    at 120x40 and at 80x24 (F4: the side panel instead of the board)."""
    from rich.cells import cell_len

    from parlour.core.analysis import Analysis, Decision
    from parlour.tui.analysis_view import WinChart

    marks = ["blunder"] * 12 + ["mistake"] * 17 + ["inaccuracy"] * 20
    lost = {"blunder": 0.3, "mistake": 0.15, "inaccuracy": 0.06, None: 0.0}
    decisions = [Decision(move=200 + i, stage=None, played="a", played_label="a", best="b", best_label="b",
                          win_played=0.3, win_best=0.3 + lost[mark], lost=lost[mark], mark=mark, choices=2,
                          simulations=8) for i, mark in enumerate(marks)]  # moves past the game's: no evaluation
    found = Analysis(game=BANQUE.id, record="", seat=0, name="Tess", budget=8, seed=0, decisions=decisions)
    app = french_app(tmp_path, lang)

    async def scenario() -> None:
        async with app.run_test(size=size) as pilot:
            app.show_review(BANQUE, short_game())
            screen = await review_up(pilot, app)
            if size[0] < ReviewScreen.WIDE:
                await pilot.press("f4")
            screen.analyses[0] = found
            screen.show_step()
            chart = screen.query_one(WinChart)
            await wait_for(pilot, lambda: chart.display and chart.size.width > 0)
            lines = chart.render().plain.splitlines()[-3:]
            assert all(cell_len(line) <= chart.size.width for line in lines), (chart.size.width, lines)
            marked = lines[1]
            for count in ("12", "17", "20"):
                assert count in marked.split(), (count, lines)
            assert "49" in " ".join(lines[:2]).split(), lines

    run(scenario())
