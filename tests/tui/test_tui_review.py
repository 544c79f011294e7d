"""The review of a finished game in the app (issue 12): the scores round by round on the
results screen, and a step-through from each seat's point of view that shows that seat's
view and nothing more."""

from __future__ import annotations

from typing import Any

import pytest
from textual.containers import ScrollableContainer
from tui_helpers import run, wait_for

from parlour.games.banque_fatale import GAME as BANQUE
from parlour.games.banque_fatale.board import BanqueFataleBoard
from parlour.games.casablanca import GAME as CASABLANCA
from parlour.games.casablanca.board import CasablancaBoard
from parlour.games.monte_carlo import GAME as MONTE
from parlour.games.monte_carlo.board import MonteCarloBoard
from parlour.core.record import HUMAN, Record, Seat
from parlour.core.registry import Registry
from parlour.core.rulesets import load_ruleset
from parlour.core.saves import SaveFolder
from parlour.core.seating import start_match
from parlour.testing.boards import panel_text
from parlour.tui.app import ParlourApp
from parlour.tui.dialogs import ConfirmDialog
from parlour.tui.review import ReviewScreen


def finished(game: Any, agents: list[str], seed: int = 5) -> Record:
    seats = [Seat(f"P{i}", "random") for i in range(len(agents))]
    match = start_match(game, load_ruleset(game).resolve(), seed, seats)
    match.play_out()
    record = match.record
    record.seats = [Seat(f"P{i}", agent) for i, agent in enumerate(agents)]
    return record


def app_for(tmp_path: Any) -> ParlourApp:
    registry = Registry()
    for game in (BANQUE, MONTE, CASABLANCA):
        registry.add(game.id, "tests", lambda game=game: game)
    return ParlourApp(registry, saves=SaveFolder(tmp_path), ai_delay=0)


async def review_up(pilot: Any, app: ParlourApp) -> ReviewScreen:
    """The review screen, once it is up."""
    await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen) and bool(app.screen.query("#review-where")))
    assert isinstance(app.screen, ReviewScreen)
    return app.screen


@pytest.mark.parametrize("game, board", [(BANQUE, BanqueFataleBoard), (MONTE, MonteCarloBoard),
                                         (CASABLANCA, CasablancaBoard)])
def test_every_step_shows_exactly_the_seats_view(tmp_path, game, board) -> None:
    record = finished(game, [HUMAN, "random", "random"])
    app = app_for(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            app.show_review(game, record)
            screen = await review_up(pilot, app)
            assert screen.seat == 0 and screen.step == len(record.actions)
            shown: list[Any] = []
            real = screen.board.show
            screen.board.show = lambda view, legal: (shown.append((view, legal)), real(view, legal))[1]
            for seat in (0, 1, 2, None):
                screen.seat = seat
                for step in range(0, len(screen.states), 7):
                    screen.go(step)
                    assert shown[-1] == (screen.states[step].view(seat), None)
                    seen = [e.text for e in screen.states[step].events_for(seat)]
                    assert len(screen.log_panel.entries) == len(seen)
            await pilot.pause()
            assert type(screen.board) is board, "the game's board showed every step"
            assert not [n for n in app._notifications if n.severity == "error"]

    run(scenario())


def test_keys_step_jump_by_round_and_switch_seats(tmp_path) -> None:
    record = finished(BANQUE, [HUMAN, "random", "random"])
    app = app_for(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            app.show_review(BANQUE, record)
            screen = await review_up(pilot, app)
            last = len(record.actions)
            await pilot.press("home")
            assert screen.step == 0
            await pilot.press("right", "right", "left")
            assert screen.step == 1
            await pilot.press("pagedown")
            assert screen.step == screen.stage_starts[1] and screen.states[screen.step].stage() == "Round 2"
            await pilot.press("pageup")
            assert screen.step == 0
            await pilot.press("end")
            assert screen.step == last
            await pilot.press("s")
            assert screen.seat == 1
            await pilot.press("s", "s")
            assert screen.seat is None, "after the last seat, the onlooker's view"
            where = str(screen.query_one("#review-where").render())
            assert f"Move {last} of {last}" in where and "onlooker" in where

    run(scenario())


def test_in_a_hot_seat_game_another_persons_view_is_shown_only_when_asked(tmp_path) -> None:
    record = finished(CASABLANCA, [HUMAN, "random", HUMAN])
    app = app_for(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            app.show_review(CASABLANCA, record)
            screen = await review_up(pilot, app)
            assert screen.seat is None, "two people played: it opens on the onlooker's view"
            await pilot.press("s")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
            await pilot.press("n")
            await wait_for(pilot, lambda: app.screen is screen)
            assert screen.seat is None
            await pilot.press("s")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
            await pilot.press("y")
            await wait_for(pilot, lambda: app.screen is screen and screen.seat == 0)
            await pilot.press("s")  # a computer's seat: no question
            assert screen.seat == 1 and app.screen is screen

    run(scenario())


def test_the_results_show_the_scores_round_by_round_and_open_the_review(tmp_path) -> None:
    from parlour.tui.results import ResultsScreen
    from parlour.tui.table import LiveGame

    seats = [Seat("Ada", HUMAN), Seat("Bob", "random"), Seat("Cyd", "random")]
    match = start_match(MONTE, load_ruleset(MONTE).resolve(), 2, seats)
    while not match.state.is_over:
        if match.state.to_move == 0:
            match.play(match.state.legal_actions()[-1])
        else:
            match.step()
    app = app_for(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            app.push_screen(ResultsScreen(LiveGame(MONTE, match, tmp_path / "mc.json")))
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen) and bool(app.screen.query("#results-history")))
            results = app.screen
            history = panel_text(results.query_one("#results-history"))
            for game_no in range(1, 4):
                assert f"Game {game_no}" in history
            await pilot.press("v")
            assert (await review_up(pilot, app)).seat == 0, "the person who played sees the game as they saw it"
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is results)

    run(scenario())


def test_bf_r2_the_review_screen_shows_no_seat_anothers_sealed_bid(tmp_path, monkeypatch) -> None:
    """Issue 24 through the real screen: every bid and the step after it from every seat's
    chair, read off the terminal. A sealed bid's label carries a marker, and so does every event meant for some
    seats only: the marker of a bid shows only to its bidder, when he made it, and an event
    only to the seats it was for. Behind closed screens, the others' scores by round are "?"."""
    from parlour.games.banque_fatale.actions import Bid
    from parlour.testing.boards import screen_text
    from parlour.testing.secrets import SECRET, mark_private_events, plant_secret_labels, readers

    plant_secret_labels(monkeypatch, (Bid,))
    variants = ("closed-screens",)
    rules = dict(load_ruleset(BANQUE).resolve(variants))
    rules["deck"] = ["R", "Y", "G", "B", "O", "RY", "RG"]  # a short game: four rounds
    match = start_match(BANQUE, rules, 4, [Seat(f"P{i}", "random") for i in range(3)], variants)
    match.play_out()
    record = match.record
    record.seats = [Seat("Ann", HUMAN), Seat("Bea", "random"), Seat("Cyd", "random")]
    app = app_for(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(120, 50)) as pilot:
            app.show_review(BANQUE, record)
            screen = await review_up(pilot, app)
            assert mark_private_events(screen.states) > 0
            bids = {step: screen.states[step - 1].to_move for step in range(1, len(screen.states))
                    if record.actions[step - 1].startswith("bid")}
            # a bid's marker could show from its step on (the whole game is checked headless)
            steps = sorted({*bids, *(step + 1 for step in bids if step < len(record.actions)), 0})
            own = 0
            for seat in (0, 1, 2, None):
                assert screen.seat == seat
                for step in steps:
                    screen.go(step)
                    await pilot.pause()
                    text = screen_text(app)
                    where = f"step {step} as seat {seat}"
                    assert f"Move {step} of" in text, where
                    for meant_for in readers(text):
                        assert seat in meant_for, f"{where}: another's event"
                    if bids.get(step, -1) == seat:
                        assert SECRET in text, f"{where}: the bidder sees his own bid"
                        own += 1
                    else:
                        assert SECRET not in text, f"{where}: {text}"
                history = panel_text(screen.query_one("#review-history"))
                assert history.count("?") == (6 if seat is not None else 9), history
                await pilot.press("s")
            assert own == sum(1 for mover in bids.values() if mover is not None)

    run(scenario())


def test_behind_closed_screens_the_results_show_only_ones_own_score_round_by_round(tmp_path) -> None:
    """Banque Fatale's closed screens hide the others' cash and jetons until the end: the
    results' round by round table shows the person who played his own, "?" for the others
    before the last row."""
    from parlour.tui.results import ResultsScreen
    from parlour.tui.table import LiveGame

    variants = ("closed-screens",)
    rules = dict(load_ruleset(BANQUE).resolve(variants))
    rules["deck"] = ["R", "Y", "G", "B", "O", "RY", "RG"]
    seats = [Seat("Ada", HUMAN), Seat("Bob", "random"), Seat("Cyd", "random")]
    match = start_match(BANQUE, rules, 4, seats, variants)
    while not match.state.is_over:
        if match.state.to_move == 0:
            match.play(match.state.legal_actions()[0])
        else:
            match.step()
    app = app_for(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            app.push_screen(ResultsScreen(LiveGame(BANQUE, match, tmp_path / "bf.json")))
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen)
                           and bool(app.screen.query("#results-history")))
            rows = panel_text(app.screen.query_one("#results-history")).splitlines()
            rounds = [row.split() for row in rows if row.startswith("Round")]
            assert len(rounds) > 2
            assert all(row[3:] == ["?", "?"] and row[2] != "?" for row in rounds[:-1]), rows
            assert "?" not in rounds[-1], "at the end every score is shown"

    run(scenario())


def test_mc_stepping_back_from_the_end_shows_each_moves_position_not_the_last_games_result(tmp_path) -> None:
    """The review opens on the last move, where Monte Carlo's board shows the last game's
    result. A step back (and a key moment in an earlier game) shows that move's position:
    it kept showing the result of the game before, "showing game 2's result (l: back)",
    with ``l`` doing nothing in the review, on every move of games 2 and 3."""
    record = finished(MONTE, [HUMAN, "random", "random"])
    app = app_for(tmp_path)

    def board_text(screen: ReviewScreen) -> str:
        return panel_text(screen.board.query_one("#mc-table"), width=120)

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            app.show_review(MONTE, record)
            screen = await review_up(pilot, app)
            await wait_for(pilot, lambda: "the last game's result" in board_text(screen))
            await pilot.press("left")
            await wait_for(pilot, lambda: screen.step == len(record.actions) - 1)
            text = board_text(screen)
            assert "Game 3 of 3" in text and "laying tiles" in text, text
            assert "result" not in text.splitlines()[0], text
            second = next(s for s in range(len(screen.states)) if screen.states[s].stage() == "Game 2")
            screen.go(second + 5)
            text = board_text(screen)
            assert "Game 2 of 3" in text and "showing game" not in text, text
            await pilot.press("end")
            await wait_for(pilot, lambda: "the last game's result" in board_text(screen))

    run(scenario())


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_mc_the_reviews_board_words_none_of_the_tables_keys_and_fits_under_a_note(tmp_path, size) -> None:
    """Monte Carlo's board ends with a line of its keys at the table; in the review those keys
    do nothing (the arrows step through the game there): it read "l or enter: back to the
    table" on the last move, the result "(arrows: each field)" and "and 9 more (l shows
    them all)" (the review shows them all, where they fit), and at 80x24 a note under the header (the analysis done, the
    key moments gone round) pushed that line out of view, the board scrolling with PgUp and
    PgDn taken by the review's rounds."""
    from parlour.testing.boards import screen_text

    record = finished(MONTE, [HUMAN, "random", "random"])
    app = app_for(tmp_path)

    def scrolls(screen: ReviewScreen) -> bool:
        return any(c.max_scroll_y > 0 for c in screen.board.query(ScrollableContainer))

    async def scenario() -> None:
        async with app.run_test(size=size) as pilot:
            app.show_review(MONTE, record)
            screen = await review_up(pilot, app)
            second = next(s for s in range(len(screen.states)) if screen.states[s].stage() == "Game 2")
            laying = next(s for s in range(second, len(screen.states)) if screen.states[s].view(0)["phase"] == "laying")
            for step in (len(record.actions), len(record.actions) - 1, second + 3, laying + 1):
                screen.go(step)
                screen.say("A note under the header.")
                await wait_for(pilot, lambda: screen.query_one("#review-note").region.height == 1)
                await wait_for(pilot, lambda: not scrolls(screen))
                board = panel_text(screen.board.query_one("#mc-table"), width=size[0])
                for keys in ("l or enter", "l: last game", "enter: lay", "enter: bet", "enter: go on", "arrows",
                             "l shows"):
                    assert keys not in board, f"move {step}: {keys!r}\n{board}"
                assert f"Move {step} of" in screen_text(app)

    run(scenario())


def test_mc_the_header_names_the_game_a_move_was_played_in(tmp_path) -> None:
    """Playtest: the header read "Move 124 · Game 3" for the lay that ended game 2 (the state
    after it is already game 3's). The header names the game the move was played in, and at
    the move that ended a game the next as well ("Game 2 → Game 3": PgDn lands there, and
    the board shows the next game); the move after it, the next game's first, names the
    next game."""
    record = finished(MONTE, [HUMAN, "random", "random"])
    app = app_for(tmp_path)

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            app.show_review(MONTE, record)
            screen = await review_up(pilot, app)
            states = screen.states
            ends = [s for s in range(1, len(states)) if states[s].stage() != states[s - 1].stage()]
            assert len(ends) == 2, [states[s].stage() for s in ends]
            for game, end in enumerate(ends, start=1):
                for step, named in ((end, f"Game {game} → Game {game + 1}"), (end + 1, f"Game {game + 1}")):
                    screen.go(step)
                    await wait_for(pilot, lambda step=step: f"Move {step} of" in where_text(screen))
                    head = where_text(screen).splitlines()[0]
                    assert f"·  {named}  ·" in head, (step, head)
                screen.action_stage(-1)  # PgUp from the next game's first move: its start
                await wait_for(pilot, lambda end=end: f"Move {end} of" in where_text(screen))
            screen.go(0)
            await wait_for(pilot, lambda: "Move 0 of" in where_text(screen))
            assert "·  Game 1  ·" in where_text(screen).splitlines()[0]

    run(scenario())


def where_text(screen: ReviewScreen) -> str:
    return str(screen.query_one("#review-where").render())


def test_at_80_columns_the_last_move_keeps_to_one_line_under_the_header(tmp_path, monkeypatch) -> None:
    """A playtest at 80x24 read "… win the pot" / "of $1,200! (and 1 more in the log)": the
    last move took two lines and pushed the board down. It keeps to one, cut with "…" (the log
    has the whole of it)."""
    record = finished(CASABLANCA, [HUMAN, "random", "random"])
    app = app_for(tmp_path)
    long = "Player 2 wins the exchange and the pot of $1,200, the fourth Moon card of the round! (and 1 more in the log)"

    async def scenario() -> list[str]:
        async with app.run_test(size=(80, 24)) as pilot:
            app.show_review(CASABLANCA, record, seat=None)
            screen = await review_up(pilot, app)
            monkeypatch.setattr(screen.review, "last_move", lambda step, seat: long)
            return screen.where().plain.splitlines()

    lines = run(scenario())
    assert len(lines) == 2 and len(lines[1]) <= 78 and lines[1].endswith("…"), lines
    assert lines[1].startswith("P1 wins the exchange"), "seat labels named"
