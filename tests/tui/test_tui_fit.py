"""Every board fits every terminal (issue 24): at 80x24, 100x30, 120x40 and 160x50, in every
phase of every game, from late positions with the hints on, the board, the status and the
decision are on screen without scrolling; so are the review's boards; the side panel never
squeezes a board into wrapping (F4), and the footer says how to go back from the log (F2).

Positions are the *last* decision of each kind that Ada (the person) meets in a game of
random players played to its end: the latest rounds, the fullest hands and logs."""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Callable, Mapping
from typing import Any

import pytest
from textual.containers import ScrollableContainer
from tui_helpers import run, wait_for

from parlour.core.match import Match
from parlour.core.record import HUMAN, Record, Seat
from parlour.core.registry import discover
from parlour.core.saves import SaveFolder
from parlour.core.seating import start_match
from parlour.testing.boards import settled_text
from parlour.tui.app import ParlourApp
from parlour.tui.review import ReviewScreen
from parlour.tui.table import LiveGame, Phase, TableScreen

REGISTRY = discover()
SIZES = [(80, 24), (100, 30), (120, 40), (160, 50)]
View = Mapping[str, Any]

#: lines every board of a game keeps in view: its chart, ring or grid rows (as patterns)
BOARD_ROWS = {
    "banque-fatale": [r"^ *value +2 +3 ", r"^ *R red ", r"^ *O orange "],
    "monte-carlo": [r"^ *1[ ✓✗].* 9[ ✓✗]", r"^ *R1[ ✓✗]", r"^ *R6[ ✓✗]", r"^ *Red[ ✓✗]"],
    "casablanca": [r"^ *1[A-Z] ?[(\[<]?.* 8[A-Z]", r"^ *22[A-Z] ?.*15[A-Z]"],
}
#: game, phase, when Ada decides in it, and what must be on screen then: the round or turn
#: line, the thing decided and its key line
CASES: list[tuple[str, str, Callable[[View], bool], tuple[str, ...]]] = [
    ("banque-fatale", "pick", lambda v: v["phase"] == "pick",
     ("ound ", "choosing a card", "Choose the card to auction", "Enter auction it", "Dan")),
    ("banque-fatale", "bid", lambda v: v["phase"] == "bid",
     ("ound ", "sealed bids", "Your sealed bid", "otal", "Enter bids", "Dan")),
    # a colour whose aces every player holds: its hint line wrapped at 120 columns
    ("banque-fatale", "bid-crowded", lambda v: v["phase"] == "bid" and v["round"] >= 11 and any(
        all(letter in "".join(cards) for cards in v["cards"]) for letter in v["letters"]),
     ("ound ", "sealed bids", "Your sealed bid", "otal", "Enter bids", "Dan")),
    ("banque-fatale", "draft", lambda v: v["phase"] == "draft",
     ("ound ", "the pool goes round", "Take a jeton from the pool", "Enter takes")),
    ("banque-fatale", "sale", lambda v: v["phase"] == "sale",
     ("ound ", "the sale", "Sell one card", "keep", "Enter confirms")),
    ("banque-fatale", "sale-of-one", lambda v: v["phase"] == "sale" and len(v["cards"][0]) == 1,
     ("ound ", "the sale", "Sell one card", "keep", "Enter confirms")),
    ("monte-carlo", "betting", lambda v: v["phase"] == "betting",
     ("betting, round", "you to bet", "Your tiles", "Dan", "pays", "enter: bet")),
    ("monte-carlo", "laying", lambda v: v["phase"] == "laying",
     ("laying tiles", "you to lay", "Your tiles", "to lay", "Dan", "enter: lay")),
    ("casablanca", "figure", lambda v: v["phase"] == "figure",
     ("ound 1 of", "Pot $", "Put your figure on the ring", "Enter confirm", "Dan")),
    ("casablanca", "turn", lambda v: v["phase"] == "turn",
     ("ound 1 of", "Pot $", "Top card", "Pick up the chip", "Enter confirm", "Dan")),
    ("casablanca", "announce", lambda v: v["phase"] == "announce",
     ("ound 1 of", "Pot $", "Announce a number", "0-6 or ←/→ and Enter", "Dan")),
    ("casablanca", "commit", lambda v: v["phase"] == "commit",
     ("ound 1 of", "Pot $", "Do you believe it?", "c challenge", "Dan")),
    ("casablanca", "respond", lambda v: v["phase"] == "respond",
     ("ound 1 of", "Pot $", "challenges", "The exchange", "admit", "a admit", "Dan")),
    ("casablanca", "exchange", lambda v: v["phase"] == "exchange",
     ("ound 1 of", "Pot $", "challenges", "The exchange", "fold", "f fold", "Dan")),
    ("casablanca", "claim", lambda v: v["phase"] == "claim",
     ("ound 1 of", "Pot $", "You won the exchange", "top card", "Enter take it", "Dan")),
]
HINTS = {"banque-fatale", "monte-carlo"}


@functools.cache
def last_decision(game_id: str, phase: str) -> tuple[int, list[str]]:
    """The seed and the moves that bring a game of four to Ada's last decision in ``phase``."""
    when = next(case[2] for case in CASES if case[:2] == (game_id, phase))
    game = REGISTRY.get(game_id)
    rules = REGISTRY.ruleset(game_id).resolve([])
    for seed in range(1, 300):
        match = start_match(game, rules, seed, seats())
        rng = random.Random(seed)
        found: list[str] | None = None
        while not match.state.is_over:
            if match.state.to_move == 0 and when(match.state.view(0)):
                found = list(match.record.actions)
            match.play(rng.choice(match.state.legal_actions()))
        if found is not None:
            return seed, found
    raise AssertionError(f"no {game_id} game reached a {phase} decision")


def seats() -> list[Seat]:
    return [Seat("Ada", HUMAN), Seat("Bea", "random"), Seat("Cyd", "random"), Seat("Dan", "random")]


def replayed(game_id: str, phase: str) -> Match:
    seed, actions = last_decision(game_id, phase)
    game = REGISTRY.get(game_id)
    match = start_match(game, REGISTRY.ruleset(game_id).resolve([]), seed, seats())
    for text in actions:
        match.play(game.legal_action(match.state, text))
    return match


def scrolled(board: Any) -> bool:
    """Whether part of the board is out of view, to be scrolled to."""
    return any(container.max_scroll_y > 0 for container in board.query(ScrollableContainer))


async def fitted_text(pilot: Any, board: Any) -> tuple[str, bool]:
    """The screen once the board stops scrolling (a compact form is laid out a refresh or
    two after the board learns its size), or after the timeout; and whether it still scrolls."""
    try:
        await wait_for(pilot, lambda: not scrolled(board))
    except AssertionError:
        pass  # reported by the caller, with the screen
    return await settled_text(pilot), scrolled(board)


def missing_rows(game_id: str, text: str) -> list[str]:
    return [row for row in BOARD_ROWS[game_id] if not re.search(row, text, re.MULTILINE)]


async def at_table(pilot: Any, app: ParlourApp, game_id: str, match: Match, tmp_path: Any) -> TableScreen:
    app.push_screen(TableScreen(LiveGame(REGISTRY.get(game_id), match, tmp_path / "game.json")))
    await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.phase is Phase.DECIDING)
    assert isinstance(app.screen, TableScreen)
    return app.screen


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id, phase, when, needed", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_the_last_decision_of_each_phase_fits_without_scrolling(tmp_path, game_id, phase, when, needed,
                                                                 size) -> None:
    match = replayed(game_id, phase)
    app = ParlourApp(REGISTRY, saves=SaveFolder(tmp_path), ai_delay=0)
    app.hints = game_id in HINTS

    async def scenario() -> tuple[str, Any, int]:
        async with app.run_test(size=size) as pilot:
            screen = await at_table(pilot, app, game_id, match, tmp_path)
            text, scrolls = await fitted_text(pilot, screen.board)
            return text, scrolls, screen.query_one("#board-holder").region.right

    text, scroller, right = run(scenario())
    missing = [word for word in needed if word not in text] + missing_rows(game_id, text)
    assert not missing, f"not on screen at {size[0]}x{size[1]}: {missing}\n{text}"
    if game_id == "monte-carlo":  # the chips on the fields are seat digits: their legend
        assert re.search(r"1=Ada\b.*2=Bea\b.*3=Cyd\b.*4=Dan\b", text, re.DOTALL), text
    assert "your move" in text.splitlines()[0], "whose turn it is, in the header"
    board = "\n".join(line[:right] for line in text.splitlines()[1:-1])
    wrapped = re.findall(r"^ ?\S{1,3} *$", board, re.MULTILINE) if game_id == "banque-fatale" else []
    assert not wrapped, f"a line wrapped at {size[0]}x{size[1]}: {wrapped}\n{text}"
    assert not scroller, f"the board scrolls at {size[0]}x{size[1]}: part of it is out of view\n{text}"


def finished(game_id: str) -> Record:
    game = REGISTRY.get(game_id)
    match = start_match(game, REGISTRY.ruleset(game_id).resolve([]), 5,
                        [Seat(s.name, "random") for s in seats()])
    match.play_out()
    record = match.record
    record.seats = seats()
    return record


#: what the review of a finished game keeps in view besides the board's rows
REVIEW_NEEDS = {
    "banque-fatale": ("ound 12 of 12", "game over", "Dan"),
    "monte-carlo": ("Game 3 of 3", "Your tiles", "Game 3: "),
    "casablanca": ("ound 1 of", "Pot $", "The round is over"),
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", sorted(REVIEW_NEEDS))
def test_the_review_of_a_finished_game_fits(tmp_path, game_id, size) -> None:
    record = finished(game_id)
    app = ParlourApp(REGISTRY, saves=SaveFolder(tmp_path), ai_delay=0)

    async def scenario() -> tuple[str, Any]:
        async with app.run_test(size=size) as pilot:
            app.show_review(REGISTRY.get(game_id), record)
            await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen) and bool(app.screen.query("#review-where")))
            assert isinstance(app.screen, ReviewScreen)
            return await fitted_text(pilot, app.screen.board)

    text, scroller = run(scenario())
    missing = [word for word in (*REVIEW_NEEDS[game_id], "Move ") if word not in text] + missing_rows(game_id, text)
    assert not missing, f"not on screen at {size[0]}x{size[1]}: {missing}\n{text}"
    assert not scroller, f"the review's board scrolls at {size[0]}x{size[1]}\n{text}"


def test_f4_on_a_small_terminal_swaps_the_board_for_the_side_panel(tmp_path) -> None:
    """Beside the side panel, at 80 columns, Casablanca's ring wrapped into garbage: now the
    side panel takes the whole width, and F4 gives it back to the board, ring unwrapped."""
    match = replayed("casablanca", "respond")
    app = ParlourApp(REGISTRY, saves=SaveFolder(tmp_path), ai_delay=0)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await at_table(pilot, app, "casablanca", match, tmp_path)
            await pilot.press("f4")
            await wait_for(pilot, lambda: screen.query_one("#side").display)
            text = await settled_text(pilot)
            board = screen.query_one("#board-holder")
            assert not board.display or board.region.width >= 76, f"the board squeezed beside the side\n{text}"
            assert "Log" in text and "your move" in text
            await pilot.press("f4")
            await wait_for(pilot, lambda: not screen.query_one("#side").display)
            text = await settled_text(pilot)
            assert not missing_rows("casablanca", text), text
            assert not scrolled(screen.board)

    run(scenario())


def test_the_log_says_how_to_go_back_to_the_board(tmp_path) -> None:
    match = replayed("banque-fatale", "bid")
    app = ParlourApp(REGISTRY, saves=SaveFolder(tmp_path), ai_delay=0)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await at_table(pilot, app, "banque-fatale", match, tmp_path)
            await pilot.press("f2")
            await wait_for(pilot, lambda: app.focused is screen.log_panel)
            footer = (await settled_text(pilot)).splitlines()[-1]
            assert "f3" in footer.lower() and "board" in footer.lower(), footer
            await pilot.press("f3")
            await wait_for(pilot, lambda: app.focused is not None and (app.focused is screen.board
                                                                        or screen.board in app.focused.ancestors))
            text = await settled_text(pilot)
            assert "Your sealed bid" in text and not missing_rows("banque-fatale", text), text

    run(scenario())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", sorted(REVIEW_NEEDS))
def test_the_results_fit(tmp_path, game_id, size) -> None:
    """Banque Fatale's twelve rounds by round ran off an 80x24 results screen: they turn on
    their side (a row a player) where the table of rounds would not fit."""
    from textual.containers import VerticalScroll
    from textual.screen import Screen

    from parlour.tui.results import ResultsScreen

    record = finished(game_id)
    game = REGISTRY.get(game_id)
    match = start_match(game, record.rules, record.seed, [Seat(s.name, "random") for s in seats()])
    match.play_out()
    match.replace_seat(0, seats()[0], match.agents[0])  # Ada played: the results show the ratings too
    app = ParlourApp(REGISTRY, saves=SaveFolder(tmp_path), ai_delay=0)

    async def scenario() -> tuple[str, int]:
        async with app.run_test(size=size) as pilot:
            await app.push_screen(Screen())
            app.show_results(LiveGame(game, match, tmp_path / "game.json"))
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
            text = await settled_text(pilot)
            return text, app.screen.query_one("#results", VerticalScroll).max_scroll_y

    text, overflow = run(scenario())
    assert "win" in text and all(name in text for name in ("Ada", "Bea", "Cyd", "Dan")), text
    # Ada's first game: provisional ("?", and the line that says so); the ladder's random is not
    assert re.search(r"Ratings +Ada 1,\d{3}\?, [+\u2212\u00b1]\d+ +random [\d,]+, ", text), text
    assert "? provisional: fewer than 5 games" in text, text
    assert "Review" in text.splitlines()[-1], "the footer keeps the review's key"
    assert overflow == 0, f"the results scroll at {size[0]}x{size[1]}\n{text}"


def test_six_players_chip_legend_fits_at_80x24(tmp_path) -> None:
    """Chips on Monte Carlo's fields are seat digits: the players' line is their legend
    (``1=Ada``), kept in view at 80x24 with six players and long names."""
    names = ["Ada", "Bernadette", "Cornelius", "Dorothea", "Evangeline", "Fitzgerald"]
    game = REGISTRY.get("monte-carlo")
    seats6 = [Seat("Ada", HUMAN)] + [Seat(name, "random") for name in names[1:]]
    match = start_match(game, REGISTRY.ruleset("monte-carlo").resolve([]), 3, seats6)
    rng = random.Random(3)
    while not (match.state.to_move == 0 and match.state.view(0)["phase"] == "betting"
               and match.state.view(0)["round"] >= 3):
        match.play(rng.choice(match.state.legal_actions()))
    app = ParlourApp(REGISTRY, saves=SaveFolder(tmp_path), ai_delay=0)
    app.hints = True

    async def scenario() -> tuple[str, bool]:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await at_table(pilot, app, "monte-carlo", match, tmp_path)
            return await fitted_text(pilot, screen.board)

    text, scrolls = run(scenario())
    legend = r".*".join(f"{seat + 1}={name}\\b" for seat, name in enumerate(names))
    assert re.search(legend, text, re.DOTALL), text
    assert not scrolls and not missing_rows("monte-carlo", text), text


@functools.cache
def analysed(game_id: str) -> Any:
    from parlour.core.analysis import analyse

    return analyse(REGISTRY.get(game_id), finished(game_id), 0, 2)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", sorted(REVIEW_NEEDS))
def test_the_review_with_its_analysis_fits(tmp_path, game_id, size) -> None:
    """At the decision with the longest evaluation (issue 26), the board still fits, the
    evaluation is one line with its mark (in place of the last move's), and the plot of the win chance shows in the side
    panel (F4 below 110 columns)."""
    from parlour.tui.analysis_view import evaluation

    found = analysed(game_id)
    longest = max((d for d in found.decisions if d.mark), key=lambda d: len(evaluation(d, "Ada").plain))
    app = ParlourApp(REGISTRY, saves=SaveFolder(tmp_path), ai_delay=0)

    async def scenario() -> tuple[str, bool, str, int]:
        async with app.run_test(size=size) as pilot:
            app.show_review(REGISTRY.get(game_id), finished(game_id))
            await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen) and bool(app.screen.query("#review-where")))
            screen = app.screen
            assert isinstance(screen, ReviewScreen)
            screen.analyses[0] = found
            screen.go(longest.move)
            text, scroller = await fitted_text(pilot, screen.board)
            where_rows = screen.query_one("#review-where").region.height
            if not screen.query_one("#review-side").display:
                await pilot.press("f4")
                await wait_for(pilot, lambda: screen.query_one("#review-side").display)
            return text, scroller, await settled_text(pilot), where_rows

    text, scroller, side, where_rows = run(scenario())
    assert f"{longest.mark} (−" in text, f"the mark is cut at {size[0]}x{size[1]}\n{text}"
    assert where_rows == 2, f"the evaluation wrapped at {size[0]}x{size[1]}\n{text}"
    assert not missing_rows(game_id, text), f"not on screen at {size[0]}x{size[1]}\n{text}"
    assert not scroller, f"the review's board scrolls at {size[0]}x{size[1]}\n{text}"
    # the count of decisions beside the title where the marks need the next line to themselves
    assert re.search(r"Ada's win chance( · \d+ decisions)?\n", side) and "100%" in side, side


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_review_with_its_analysis_keeps_the_log_readable(tmp_path, monkeypatch, size) -> None:
    """A playtest at 120x40 (names as long as "Player 1"): the win chance's title was cut
    ("…decision by de…"), the scores' header read "Player…" over sparklines cut short, the log
    was squeezed to a line or four, and the notice of the finished analysis covered the log's
    foot. The title is short, the scores' table shows whole or gives way, the log keeps its
    lines, and the notice is a line under the header, gone with the next step."""
    from parlour.core import analysis as engine

    names = ["Player 1", "Blaise", "Cleo", "Dmitri"]
    record = finished("banque-fatale")
    record.seats = [Seat(name, seat.agent) for name, seat in zip(names, seats())]
    found = engine.analyse(REGISTRY.get("banque-fatale"), record, 0, 2)
    monkeypatch.setattr(engine, "analyse", lambda *args, **kwargs: found)
    app = ParlourApp(REGISTRY, saves=SaveFolder(tmp_path), ai_delay=0)

    def part(text: str, screen: ReviewScreen, selector: str) -> str:
        region = screen.query_one(selector).region
        return "\n".join(line[region.x:region.right] for line in text.splitlines()[region.y:region.bottom])

    async def scenario() -> None:
        async with app.run_test(size=size, notifications=True) as pilot:
            app.show_review(REGISTRY.get("banque-fatale"), record)
            await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen) and bool(app.screen.query("#review-where")))
            screen = app.screen
            assert isinstance(screen, ReviewScreen)
            if not screen.query_one("#review-side").display:
                await pilot.press("f4")
            await wait_for(pilot, lambda: screen.query_one("#review-log").region.height > 0)
            text = await settled_text(pilot)
            history = screen.query_one("#review-history")
            if history.display:  # whole: every name in its header, a row a round, no sparkline cut short
                table = part(text, screen, "#review-history")
                assert all(name in table for name in names) and "…" not in table, table
                assert re.search(r"^│ ?12 ", table, re.MULTILINE), table
            else:
                assert size == (80, 24), f"the scores' table gave way at {size[0]}x{size[1]}\n{text}"
            await pilot.press("a")
            await wait_for(pilot, lambda: 0 in screen.analyses)
            text = await settled_text(pilot)
            chart = part(text, screen, "#review-chart")
            assert re.search(r"^ Player 1's win chance( · \d+ decisions)? *$", chart, re.MULTILINE), chart
            log = screen.query_one("#review-log").region
            assert log.height >= ReviewScreen.LOG_LEAST, f"the log is squeezed at {size[0]}x{size[1]}\n{text}"
            assert "decisions analysed" in part(text, screen, "#review-note"), text
            assert not [n for n in app._notifications if "analysed" in n.message], "a notice over the log's foot"
            if history.display:
                assert "…" not in part(text, screen, "#review-history"), text
            await pilot.press("left")
            await wait_for(pilot, lambda: not screen.query_one("#review-note").display)

    run(scenario())
