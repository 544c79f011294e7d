"""The Monte Carlo board widget in a minimal app, driven by keys only."""

from __future__ import annotations

import asyncio
import functools
import random
from collections.abc import Callable, Coroutine
from typing import Any

import pytest
from mc_helpers import new, rig, rules, stop_all
from rich.text import Text
from textual.widgets import Static

from parlour.games.monte_carlo import GAME
from parlour.games.monte_carlo.board import MonteCarloBoard
from parlour.games.monte_carlo.actions import PASS, STOP, bet_on
from parlour.games.monte_carlo.state import MonteCarloState
from parlour.games.monte_carlo.layout import CELL_BY_NAME
from parlour.testing.boards import BoardHost, ManualClock, wait_for
from parlour.tui.board import Board

NAMES = ["Anna", "Bruno", "Carla", "Dario"]


@pytest.fixture(autouse=True)
def _keys_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The board takes keys at once here; the test of the pause sets its own."""
    monkeypatch.setattr(MonteCarloBoard, "decision_delay", 0.0)


class BoardApp(BoardHost[MonteCarloBoard]):
    """Shows one seat's board; a chosen action is recorded and played, as the app would."""

    def __init__(self, state: MonteCarloState, seat: int) -> None:
        super().__init__(MonteCarloBoard, GAME, state.rules, NAMES[: state.players])
        self.state = state
        self.seat = seat

    def on_mount(self) -> None:
        self.present()

    def present(self) -> None:
        mine = self.state.current == self.seat
        self.board.show(self.state.view(self.seat), self.state.legal_actions() if mine else None)
        self.board.focus()

    def on_board_chosen(self, message: Board.Chosen) -> None:
        """Played here; BoardHost's own handler then records it in ``chosen``."""
        self.state.apply(message.action)
        self.present()


def synchronous(test: Callable[[], Coroutine[Any, Any, None]]) -> Callable[[], None]:
    """Run an async Pilot test from plain pytest."""

    @functools.wraps(test)
    def run() -> None:
        asyncio.run(test())

    return run


def plain(app: BoardApp) -> str:
    """The text the board shows now."""
    shown = app.query_one("#mc-table", Static).content
    assert isinstance(shown, Text)
    return shown.plain


@synchronous
async def test_board_bets_with_the_cursor_and_stops() -> None:
    state = new(4, seed=2)
    app = BoardApp(state, 0)
    async with app.run_test(size=(110, 50)) as pilot:
        await pilot.press("right", "right", "enter")
        await wait_for(pilot, lambda: len(app.chosen) == 1)
        assert app.chosen == [bet_on("n3-top")]
        # the other seats bet; seat 0's chip shows as "1" on the field
        for fid in ("n3-top", "n3-top", "cross"):
            state.apply(bet_on(fid))
        app.present()
        assert "3 123" in plain(app)
        # down from number 3 passes D 1-9 and lands on the nearest column field, column 2
        await pilot.press("down", "down", "enter")
        await wait_for(pilot, lambda: len(app.chosen) == 2)
        assert app.chosen[1] == bet_on("col2-top")
        for fid in ("n1-top", "n1-top", "n1-top"):
            state.apply(bet_on(fid))
        app.present()
        await pilot.press("s")
        await pilot.pause()
        assert len(app.chosen) == 2, "stopping is for the rest of the game: one s only asks"
        assert "Stop betting for this game? s again" in plain(app)
        await pilot.press("s")
        await wait_for(pilot, lambda: len(app.chosen) == 3)
        assert app.chosen[2] == STOP


@synchronous
async def test_board_a_lone_s_then_another_key_goes_on_betting() -> None:
    """Issue 12: `s` stopped betting for good at once."""
    state = new(4, seed=2)
    app = BoardApp(state, 0)
    async with app.run_test(size=(110, 50)) as pilot:
        await pilot.press("s")
        await wait_for(pilot, lambda: "s again" in plain(app))
        await pilot.press("right")
        await wait_for(pilot, lambda: "s again" not in plain(app))
        await pilot.press("s")
        await pilot.pause()
        assert app.chosen == [] and "s again" in plain(app), "asked afresh, not taken as the second s"


@synchronous
async def test_board_offers_the_keys_of_the_phase_only() -> None:
    """Issue 12: the footer offered "s Stop betting" while laying tiles."""
    state = new(2, seed=2)
    app = BoardApp(state, 0)
    async with app.run_test(size=(110, 50)) as pilot:
        assert app.board.check_action("stop", ()) is True
        assert app.board.check_action("next_tile", ()) is False
        stop_all(state)
        app.present()
        await pilot.pause()
        assert state.phase == "laying"
        assert app.board.check_action("stop", ()) is False
        assert app.board.check_action("next_tile", ()) is (state.current == 0)


def test_board_says_an_8_and_1_chip() -> None:
    """Issue 12: "a 8", "1 chips"."""
    from parlour.games.monte_carlo.layout import a_digit
    assert [a_digit(d) for d in (1, 8, 9)] == ["a 1", "an 8", "a 9"]
    state = new(2, seed=2)
    state.chips[1] = 1
    board = MonteCarloBoard(GAME, state.rules, NAMES[:2])
    board.show(state.view(0), None)
    text = board._players_line().plain
    assert "  1 chip" in text and "1 chips" not in text


@synchronous
async def test_board_a_field_of_ones_own_is_not_someone_elses() -> None:
    """Issue 12: the board told Player 1 a field "belongs to Player 1 alone"."""
    state = new(2, seed=3)
    app = BoardApp(state, 0)
    async with app.run_test(size=(110, 50)) as pilot:
        await pilot.pause()
        app.board.view = {**app.board.view, "locked": {"n1-top": 0}}
        assert app.board._why_closed("n1-top") == "Number 1 (top) is full: every chip on it is yours."
        app.board.view = {**app.board.view, "locked": {"n1-top": 1}}
        assert "belongs to Bruno alone" in app.board._why_closed("n1-top")


@synchronous
async def test_board_refuses_a_full_field_and_waits_for_a_legal_one() -> None:
    state = new(4, seed=3)
    app = BoardApp(state, 0)
    async with app.run_test(size=(110, 50)) as pilot:
        for fid in ("n1-top", "n1-top", "n1-top", "n2-top"):
            state.apply(bet_on(fid))
        app.present()
        assert "n1-top" not in {a.text.split()[-1] for a in state.legal_actions()}
        await pilot.press("enter")      # the cursor starts on number 1 (top): full
        await pilot.press("right", "enter")
        await wait_for(pilot, lambda: len(app.chosen) == 1)
        assert app.chosen == [bet_on("n2-top")]


@synchronous
async def test_board_notices_about_a_field_start_with_a_capital() -> None:
    """Field names are lower case; a notice that starts with one is still a sentence."""
    state = new(2, seed=3)
    app = BoardApp(state, 0)
    async with app.run_test(size=(110, 50)) as pilot:
        notices: list[str] = []
        app.query_one(MonteCarloBoard).notify = lambda message, **_: notices.append(message)  # type: ignore[method-assign]
        for fid in ("n1-top", "n2-top", "n1-top", "n2-top", "n1-top"):
            state.apply(bet_on(fid))  # seat 0 locks number 1 (top)
        app.seat = 1
        app.present()
        await pilot.press("enter")  # the cursor starts on number 1 (top)
        await wait_for(pilot, lambda: len(notices) == 1)
        assert notices == ["Number 1 (top) belongs to Anna alone."]
        state = new(3, seed=3)
        for fid in ("n1-top", "n1-top", "n1-top"):
            state.apply(bet_on(fid))
        app.state, app.seat = state, 0
        app.present()
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(notices) == 2)
        assert notices[1] == "Number 1 (top) is full."


@synchronous
async def test_board_lays_a_picked_tile_on_a_picked_cell() -> None:
    state = new(4, seed=4)
    rig(state, {0: [1, 1, 3, 5, 5, 7, 8, 9, 9]})
    stop_all(state)
    app = BoardApp(state, 0)
    async with app.run_test(size=(110, 50)) as pilot:
        text = plain(app)
        assert "Your tiles:  1  1  3  5  5  7  8  9  9" in text
        await pilot.press("5", "down", "enter")   # first free 5 is r3c3; one down is r4c3
        await wait_for(pilot, lambda: len(app.chosen) == 1)
        assert app.chosen[0].text == "lay 5 r4c3"
        assert state.grid[CELL_BY_NAME["r4c3"]] == 0
        # the others lay; then a cell that does not match the picked tile is refused
        while state.current != 0:
            state.apply(state.legal_actions()[0])
        app.present()
        assert "[5]" in plain(app)
        await pilot.press("9", "left", "left", "left", "enter")
        await pilot.press("t")                    # next tile after 9 wraps to 1
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(app.chosen) == 2)
        assert app.chosen[1].digit == 1


@synchronous
async def test_board_a_digit_typed_while_others_lay_is_no_field_and_no_tile() -> None:
    """Playtest: a 5 typed while the computers laid jumped to the field of number 5, and one
    read only once the player's lay was up picked the tile 5 (the cursor jumped to its
    cell). The first is dropped with a note, the second before the board sees it."""
    from textual import events

    state = new(4, seed=4)
    rig(state, {0: [1, 1, 3, 5, 5, 7, 8, 9, 9]})
    stop_all(state)
    state.apply(state.legal_actions()[0])  # seat 0 lays; the others are next
    app = BoardApp(state, 0)
    async with app.run_test(size=(110, 50)) as pilot:
        board = app.board
        assert state.current != 0 and not board.laying
        field, cell = board.cursor_field, board.cursor_cell
        await pilot.press("5")
        await pilot.pause()
        assert board.cursor_field == field and board.typed == "", "a tile's digit is no field's name here"
        assert "It is not your turn to lay." in [n.message for n in app._notifications]
        typed_ahead = events.Key("5", "5")  # typed while the others lay, read below
        while state.current != 0:
            state.apply(state.legal_actions()[0])
        app.present()
        cell = board.cursor_cell
        assert board.laying and board.tile is None
        app.post_message(typed_ahead)
        await wait_for(pilot, lambda: typed_ahead._stop_propagation)
        await pilot.pause()
        assert board.tile is None and board.cursor_cell == cell, "the digit typed ahead picked a tile"
        await pilot.press("5")
        await wait_for(pilot, lambda: board.tile == 5)


@synchronous
async def test_board_the_stop_question_fits_80_columns_in_every_language() -> None:
    """Playtest: "... s again: stop · any other key: go on b" ran off the edge at 80 columns."""
    from parlour.core.i18n import set_language

    for lang in ("en", "de", "fr"):
        set_language(lang)
        try:
            state = new(4, seed=2)
            app = BoardApp(state, 0)
            async with app.run_test(size=(80, 40)) as pilot:
                await pilot.press("s")
                await wait_for(pilot, lambda: app.board.confirming_stop)
                await pilot.pause()
                text = plain(app)
                last = text.splitlines()[-1]
                assert last == app.board._help(), (lang, last)
                assert len(last) <= app.board.size.width - 2, (lang, last)  # inside the padding
        finally:
            set_language("en")


@synchronous
async def test_board_reads_without_colour() -> None:
    state = new(4, seed=5)
    rng = random.Random(5)
    while state.phase == "betting":
        state.apply(state.legal_actions()[rng.randrange(len(state.legal_actions()))])
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    app = BoardApp(state, 1)
    async with app.run_test(size=(110, 50)):
        text = plain(app)
        grid_lines = [line for line in text.splitlines() if line.startswith(("R1", "R4"))]
        assert len(grid_lines) == 2
        assert grid_lines[0].count(" y ") == 3 and grid_lines[0].count(" b ") == 3
        assert grid_lines[1].count(" r ") == 3 and grid_lines[1].count(" g ") == 3
        assert text.count("[") >= 6, "laid tiles are bracketed"
        assert "·1·" in text or "[1]" in text
        for name in NAMES:
            assert name in text


@synchronous
async def test_board_shows_each_field_won_or_lost_and_the_standings() -> None:
    state = GAME.new_game(4, rules(), 6)
    rng = random.Random(6)
    while state.current is not None:
        state.apply(state.legal_actions()[rng.randrange(len(state.legal_actions()))])
    app = BoardApp(state, 2)
    async with app.run_test(size=(110, 50)) as pilot:
        text = plain(app)
        last = state.history[-1]
        assert "the match is over; the last game's result" in text
        assert ("✓" in text) == any(r["won"] for r in last["fields"])
        assert "✗" in text
        for seat in range(4):
            track = " → ".join(str(h["chips"][seat]) for h in state.history)
            assert f"after each game: {track}" in text
        await pilot.press("l")
        await wait_for(pilot, lambda: "the last game's result" not in plain(app))
        assert "✓" not in plain(app).split("Game 3:")[0]


def test_the_app_finds_the_board_widget() -> None:
    from parlour.tui.board_loader import board_class

    assert board_class(GAME) == (MonteCarloBoard, None)


@synchronous
async def test_board_for_an_onlooker_and_six_players_hides_every_hand() -> None:
    state = GAME.new_game(6, rules("six-player-odds"), 9)
    app = BoardApp(state, 0)
    async with app.run_test(size=(110, 50)):
        board = app.query_one(MonteCarloBoard)
        board.seat_names = NAMES + ["Elsa", "Fritz"]
        board.show(state.view(None), None)
        text = plain(app)
        assert "hidden: you are watching" in text
        assert "Fritz" in text and "(you)" not in text
        assert max(len(line) for line in text.splitlines()[:20]) <= 80
        assert "pays 4 for 1" in text, "the six-player odds are shown"


class PlayingApp(BoardApp):
    """Every seat at one board, as at a table of people: the board follows the seat to move."""

    def present(self) -> None:
        self.seat = self.state.current
        super().present()


@synchronous
async def test_board_a_doubled_key_does_not_answer_the_next_decision() -> None:
    """Anna bets with a doubled Enter: the second must not bet Bruno's chip on the same field.
    After the pause Bruno's own Enter counts."""
    delay = 0.8
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(MonteCarloBoard, "decision_delay", delay)
        clock = ManualClock()  # the pause ends when the test says, not when a busy machine gets there
        patch.setattr(MonteCarloBoard, "clock", clock)
        state = new(4, seed=2)
        app = PlayingApp(state, 0)
        async with app.run_test(size=(110, 50)) as pilot:
            clock.advance(delay)
            await pilot.press("enter", "enter")
            await wait_for(pilot, lambda: len(app.chosen) == 1)
            await pilot.pause()
            assert len(app.chosen) == 1 and state.current == 1
            await pilot.press("s", "enter")
            await pilot.pause()
            assert len(app.chosen) == 1, "nothing counts during the pause"
            clock.advance(delay)
            await pilot.press("enter")
            await wait_for(pilot, lambda: len(app.chosen) == 2)
            assert app.chosen[1] == app.chosen[0] and state.current == 2


@synchronous
async def test_board_shows_the_game_just_settled_while_the_table_holds_it() -> None:
    """Issue 12: after the last tile of a game the table waits, and the board shows that
    game's grid with every field won or lost, not the next game's empty grid."""
    state = GAME.new_game(3, rules(), 4)
    rng = random.Random(4)
    while not state.history:
        state.apply(state.legal_actions()[rng.randrange(len(state.legal_actions()))])
    assert state.phase == "betting" and state.game_no == 1
    app = BoardApp(state, 0)
    async with app.run_test(size=(110, 50)) as pilot:
        app.board.show(state.view(0), None)
        before = plain(app)
        assert "Game 2 of" in before and "✗" not in before.split("Game 1:")[0]
        app.board.show_moment(state.view(0), [])
        await pilot.pause()
        held = plain(app)
        assert held.startswith("Game 1 of") and "settled" in held and "enter: go on to the next game" in held
        assert "✗" in held.split("Game 1:")[0], "the settled grid marks the fields lost"
        # the hand is already the next game's, and says so under the settled grid
        assert "Your tiles for game 2:" in held and "Your tiles for game" not in before
        app.board.end_moment()
        await pilot.pause()
        assert plain(app) == before


@synchronous
async def test_board_footer_says_pass_this_round_where_s_only_passes() -> None:
    """Issue 24: with pass-and-return the footer said "s Stop betting" while the help line said
    "s: pass this round"; now the footer says what s does, and s passes (once, without asking)."""
    state = new(4, seed=2, stop_is_final=False)
    app = BoardApp(state, 0)
    async with app.run_test(size=(110, 50)) as pilot:
        assert app.board.check_action("pass_round", ()) is True
        assert app.board.check_action("stop", ()) is False
        await pilot.press("s")
        await wait_for(pilot, lambda: len(app.chosen) == 1)
        assert app.chosen == [PASS]
    ordinary = BoardApp(new(4, seed=2), 0)
    async with ordinary.run_test(size=(110, 50)):
        assert ordinary.board.check_action("stop", ()) is True
        assert ordinary.board.check_action("pass_round", ()) is False


@synchronous
async def test_players_lines_fit_an_80_column_board_while_laying_with_chips_down() -> None:
    """At 120x40 the side panel leaves the board 80 columns: a playtest read 'after each
    game:' cut at the board's edge, the chips after it unseen, on the laying player's own line
    (ten chips on the fields in the third game)."""
    state = new(4, seed=3)
    rng = random.Random(3)
    while state.game_no < 2:
        legal = state.legal_actions()
        state.apply(STOP if state.current == 0 and STOP in legal else legal[rng.randrange(len(legal))])
    while state.phase != "laying":
        legal = state.legal_actions()
        bets = [a for a in legal if a not in (STOP, PASS)]
        state.apply(bets[0] if state.current == 0 and state.staked[0] < 10 else STOP)
    assert state.staked[0] == 10 and len(state.history) == 2
    app = BoardApp(state, 0)
    async with app.run_test(size=(80, 40)):
        text = plain(app)
        width = app.board.size.width - 2
        assert all(len(line) <= width for line in text.splitlines()), text
        track = " → ".join(str(h["chips"][0]) for h in state.history)
        assert f"after each game: {track}" in text
        mine = next(line for line in text.splitlines() if "(you)" in line)
        assert "7 to lay" in mine and "10 on the fields" in mine


@synchronous
async def test_one_seats_pile_reads_the_same_on_every_kind_of_field() -> None:
    """Playtest: four chips of one seat read "4444" on a number field but "4x4" on a column's
    label, where "4444" does not fit. A seat's pile reads "4x4" wherever it fits, on the
    number fields as on the columns (the shorter form, once shorter than the digits); three
    chips, "444", fit everywhere; a house rule's pile too long for a column's label keeps the
    label's width, and the fields after it stay where they were."""
    state = new(4, seed=2)
    app = BoardApp(state, 0)
    async with app.run_test(size=(80, 40)) as pilot:
        board = app.board
        view = dict(state.view(0))
        bare = plain(app).splitlines()
        bets = {"n4-top": [3] * 4, "col3-top": [3] * 4, "row2-left": [3] * 4, "m-yellow": [3] * 4,
                "n6-top": [1] * 3, "col5-top": [1] * 3}
        board.show({**view, "bets": bets}, state.legal_actions())
        await wait_for(pilot, lambda: "4x4" in plain(app))
        shown = plain(app).splitlines()
        top = next(n for n, line in enumerate(shown) if line.startswith("1 ") and "4 " in line)
        numbers = shown[top]
        columns = next(line for line in shown[top:] if line.strip().startswith("C1"))
        assert "4 4x4" in numbers and "C3 4x4" in columns, (numbers, columns)
        assert "R2 4x4" in plain(app) and "MY 4x4" in plain(app), plain(app)
        assert "4444" not in plain(app)
        assert "6 222" in numbers and "C5 222" in columns
        board.show({**view, "bets": {"col3-top": [3] * 12}}, state.legal_actions())
        await wait_for(pilot, lambda: "C3 44+" in plain(app))
        wide = plain(app).splitlines()
        before = next(line for line in bare if line.strip().startswith("C1"))
        after = next(line for line in wide if line.strip().startswith("C1"))
        assert after.index("C4") == before.index("C4"), (before, after)


@synchronous
async def test_the_column_labels_stand_over_their_columns() -> None:
    """Playtest: the cells were a column wider than the layout gave them, so each pushed the
    next one over: "C6" stood four columns left of its cells, over the gap between columns 5
    and 6, and the row labels on the right drifted off the blue and green fields above them.
    Each column's label starts where its cells do, above and below the grid, and the right-hand
    row labels stand under the blue field's."""
    state = new(4, seed=2)
    app = BoardApp(state, 0)
    async with app.run_test(size=(110, 50)):
        lines = plain(app).splitlines()
        labels = [line for line in lines if line.lstrip().startswith("C1 ")]
        row = next(line for line in lines if line.startswith("R1 "))
        blue = next(line for line in lines if "Blu " in line)
        assert len(labels) == 2, lines
        for column in range(6):
            digit = f"·{column // 2 + 1}·"
            cell = [i for i in range(len(row)) if row.startswith(digit, i)][column % 2]
            for label in labels:
                assert label.index(f"C{column + 1}") == cell - 1, (label, row)
        assert row.rindex("R1 ") == blue.index("Blu "), (blue, row)
