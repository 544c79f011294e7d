"""A player at a hosted table in the app (issue 14): the ordinary table screen, with the game's
own board, reading what the host sends (only its seat's view, events and legal moves) and
sending its moves. Whole games of each built-in game: this app's player, a second player on
a plain websocket client, and a computer, through the host; then the ordinary results."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import AsyncIterator
from typing import Any

import pytest
from tui_helpers import SIZE, wait_for

from parlour.testing.boards import screen_text

from parlour.games.banque_fatale import GAME as BANQUE
from parlour.games.casablanca import GAME as CASABLANCA
from parlour.games.monte_carlo import GAME as MONTE
from parlour.core.record import HUMAN, Seat
from parlour.core.registry import Registry
from parlour.core.rulesets import load_ruleset
from parlour.net.protocol import encode, join_line
from parlour.net.server import TableServer
from parlour.net.table import HostedTable, hosted
from parlour.tui.app import ParlourApp
from parlour.tui.board import GenericBoard
from parlour.tui.dialogs import ProblemDialog
from parlour.tui.remote import RemoteTableScreen
from parlour.tui.results import ResultsScreen
from parlour.tui.review import ReviewScreen
from parlour.tui.table import Phase

GAMES = [BANQUE, MONTE, CASABLANCA]
#: a test waits at most this long for the app or a message (a bound on a wait for a condition)
WAIT = 60.0


def registry_of(*games: Any) -> Registry:
    registry = Registry()
    for game in games:
        registry.add(game.id, "tests", lambda game=game: game)
    return registry


def table_for(game: Any, seed: int = 5, seats: list[Seat] | None = None) -> HostedTable:
    seats = seats or [Seat("Ada", HUMAN), Seat("Bea", HUMAN), Seat("cpu", "medium")]
    return hosted(game, load_ruleset(game).resolve(), seed, seats)


async def scripted_player(port: int, code: str, seed: int) -> dict:
    """Bea, on a plain websocket client: a random legal move at each decision."""
    from websockets.asyncio.client import connect

    rng = random.Random(seed)
    async with connect(f"ws://127.0.0.1:{port}", max_size=None) as ws:
        await ws.send(encode({"type": "hello", "code": code}))
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
            if message["type"] == "results":
                return message
            if message["type"] == "table" and message["legal"]:
                await ws.send(encode({"type": "move", "turn": message["turn"],
                                      "text": rng.choice(message["legal"])["text"]}))


async def play_in_the_app(pilot: Any, app: ParlourApp, seed: int) -> int:
    """Answer each of this app's decisions with a random legal move chosen on its board, and
    go on after each moment, until the results; the number of moves sent."""
    rng = random.Random(seed)
    sent = 0
    while True:
        await wait_for(pilot, lambda: isinstance(app.screen, (ResultsScreen, ProblemDialog)) or (
            isinstance(app.screen, RemoteTableScreen) and (
                app.screen.phase is Phase.PAUSED or (app.screen.phase is Phase.DECIDING and app.screen.turns.sent is None))),
            timeout=WAIT)
        screen = app.screen
        if not isinstance(screen, RemoteTableScreen):
            assert isinstance(screen, ResultsScreen), getattr(screen, "text", type(screen).__name__)
            await wait_for(pilot, lambda: ": results" in screen_text(app), timeout=WAIT)  # drawn, header and all
            return sent
        if screen.phase is Phase.PAUSED:
            await wait_for(pilot, lambda: app.focused is screen.moment_panel, timeout=WAIT)
            held = screen.moments_held
            await pilot.press("enter")
            await wait_for(pilot, lambda: screen.phase is not Phase.PAUSED or screen.moments_held > held, timeout=WAIT)
            continue
        legal = screen.remote.state.legal_actions()
        turn = screen.remote.moves
        screen.board.choose(legal[rng.randrange(len(legal))])
        sent += 1
        await wait_for(pilot, lambda: screen.remote.moves != turn or not screen.is_current, timeout=WAIT)


def kept_games(app: ParlourApp) -> list[Any]:
    """The games in the app's record of games (issue 26)."""
    from parlour.core.ledger import Ledger, ledger_path

    ledger, _ = Ledger.open(ledger_path(app.saves.root))
    try:
        return ledger.recent()
    finally:
        ledger.close()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_whole_game_at_a_hosted_table_in_the_app(game: Any) -> None:
    """Then the player's results and review, made of what his seat was sent: his seat only
    (no other, no onlooker's), no seed, and no record kept here (the host keeps it)."""
    table = table_for(game, seed=987_654_321)
    codes = table.issue_codes()

    async def scenario() -> None:
        async with app_at_host(table, game, rng=random.Random(3)) as (server, app, pilot):
            bea = asyncio.create_task(scripted_player(server.port, codes[1], 2))
            app.join_table(f"127.0.0.1:{server.port}", codes[0])
            await wait_for(pilot, lambda: isinstance(app.screen, RemoteTableScreen), timeout=WAIT)
            screen = app.screen
            assert isinstance(screen, RemoteTableScreen)
            assert not isinstance(screen.board, GenericBoard), "the game's own board"
            sent = await play_in_the_app(pilot, app, 1)
            await asyncio.wait_for(bea, WAIT)
            results = app.screen
            assert isinstance(results, ResultsScreen) and results.remote == 0
            assert results.live.match.state.scores() == table.match.state.scores()
            assert sent == sum(1 for seat in movers(table) if seat == 0)
            assert not list(app.saves.records.glob("*")) and not list(app.saves.saves.glob("*.json"))
            assert results.seen is not None and results.at_table == 0
            assert not results.query("#results-ratings") and kept_games(app) == [], "the host keeps it"
            assert "987654321" not in screen_text(app) and "Record:" not in screen_text(app)
            await pilot.press("v")
            await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), timeout=WAIT)
            review = app.screen
            assert isinstance(review, ReviewScreen) and review.seat == 0
            await wait_for(pilot, lambda: ": review" in screen_text(app), timeout=WAIT)
            assert "as Ada saw it" in screen_text(app) and "987654321" not in screen_text(app)
            assert review.review.seats == [0] and review.step == review.review.last
            last_view = json.dumps(review.states[-1].view(None), sort_keys=True)
            assert last_view == json.dumps(table.match.state.view(0), sort_keys=True)
            assert [e.text for e in review.states[-1].events] == [e.text for e in table.match.state.events_for(0)]
            await pilot.press("s")  # another seat's view: not his to see
            await pilot.press("home")
            await wait_for(pilot, lambda: review.step == 0, timeout=WAIT)
            assert review.seat == 0 and "as Ada saw it" in screen_text(app)
            assert not review.check_action("switch_seat", ())

    asyncio.run(scenario())


def movers(table: HostedTable) -> list[int]:
    """Who made each move of the table's game."""
    from parlour.core.record import replay_actions

    game, record = table.game, table.match.record
    state = game.new_game(len(record.seats), table.match.rules, record.seed)
    seats: list[int] = []

    def play(action: Any) -> None:
        seats.append(state.to_move)
        state.apply(action)

    replay_actions(game, state, record.actions, play)
    return seats


@contextlib.asynccontextmanager
async def app_at_host(table: HostedTable, game: Any, rng: random.Random | None = None,
                      **server_options: Any) -> AsyncIterator[tuple[TableServer, ParlourApp, Any]]:
    """A host serving ``table`` and an app with ``game`` installed, under a pilot; the host
    closes after, however the test ends."""
    server = TableServer(table, **server_options)
    await server.start()
    app = ParlourApp(registry_of(game), ai_delay=0, rng=rng)
    try:
        async with app.run_test(size=SIZE) as pilot:
            yield server, app, pilot
    finally:
        await server.close()


async def seated(pilot: Any, app: ParlourApp, port: int, code: str) -> RemoteTableScreen:
    app.join_table(f"127.0.0.1:{port}", code)
    await wait_for(pilot, lambda: isinstance(app.screen, RemoteTableScreen), timeout=WAIT)
    assert isinstance(app.screen, RemoteTableScreen)
    return app.screen


def status_text(screen: RemoteTableScreen) -> str:
    return " ".join(screen.status_panel.lines_shown)


def test_a_refused_move_is_said_and_the_decision_stays_open() -> None:
    from parlour.games.casablanca.actions import Challenge

    table = table_for(CASABLANCA, seats=[Seat("Ada", HUMAN), Seat("cpu", "easy")])
    codes = table.issue_codes()

    async def scenario() -> None:
        async with app_at_host(table, CASABLANCA) as (server, app, pilot):
            screen = await seated(pilot, app, server.port, codes[0])
            await wait_for(pilot, lambda: screen.phase is Phase.DECIDING, timeout=WAIT)
            turn = screen.remote.moves
            screen.board.choose(Challenge(10**9))
            await wait_for(pilot, lambda: any("Not allowed" == n.title for n in app._notifications), timeout=WAIT)
            await wait_for(pilot, lambda: screen.turns.sent is None, timeout=WAIT)
            assert screen.phase is Phase.DECIDING and screen.remote.moves == turn == table.turn

    asyncio.run(scenario())


def test_a_move_sent_no_longer_says_your_move_while_the_hosts_computers_play() -> None:
    """The host answers a move once its computers have played (a hard one thinks for seconds):
    meanwhile the table kept saying "Ada: your move" after Ada had moved. It says the move is
    on its way, and goes on when the host answers."""
    import threading

    table = table_for(CASABLANCA, seats=[Seat("Ada", HUMAN), Seat("cpu", "easy")])
    codes = table.issue_codes()
    answer = threading.Event()  # the host's computers play once it is set
    answer.set()
    play_computers = table.play_computers

    def held(limit: int = 100_000) -> None:
        answer.wait(WAIT)
        play_computers(limit)

    table.play_computers = held  # type: ignore[method-assign]

    async def scenario() -> None:
        async with app_at_host(table, CASABLANCA) as (server, app, pilot):
            try:
                screen = await seated(pilot, app, server.port, codes[0])
                await wait_for(pilot, lambda: screen.phase is Phase.DECIDING, timeout=WAIT)
                assert "Ada: your move" in status_text(screen)
                turn = table.turn
                answer.clear()
                screen.board.choose(screen.remote.state.legal_actions()[0])
                await wait_for(pilot, lambda: table.turn != turn, timeout=WAIT)  # played; the computers wait
                await wait_for(pilot, lambda: "your move" not in status_text(screen), timeout=WAIT)
                assert "on its way" in status_text(screen) and "your move" not in screen_text(app).splitlines()[0]
                answer.set()
                await wait_for(pilot, lambda: screen.remote.moves != turn and screen.turns.sent is None, timeout=WAIT)
                assert "on its way" not in status_text(screen)
            finally:
                answer.set()  # the host's held computers go on, so it can close

    asyncio.run(scenario())


def test_the_table_says_who_it_waits_for_and_a_computer_takes_an_away_seat() -> None:
    """Bea sits down and leaves: the table shows it waits for her, away, and how long; with
    no time at all, a computer takes her seat at her move and the game is played out."""
    for wait in (3600.0, 0.0):
        table = table_for(MONTE, seed=8)
        codes = table.issue_codes()

        async def scenario() -> None:
            async with app_at_host(table, MONTE, wait=wait, level="easy", rng=random.Random(3)) as (server, app, pilot):
                screen = await seated(pilot, app, server.port, codes[0])
                await sit_and_leave(server.port, codes[1])
                if wait:
                    await wait_for(pilot, lambda: screen.remote.state.to_move is not None, timeout=WAIT)
                    if screen.remote.state.to_move == 0:
                        await play_one(pilot, screen)
                    await wait_for(pilot, lambda: "Waiting for Bea (away: a computer takes the seat after "
                                                  "60 min)" in status_text(screen), timeout=WAIT)
                    assert table.match.seats[1].agent == HUMAN
                    return
                await play_in_the_app(pilot, app, 4)
                assert table.match.seats[1].agent == "easy" and table.match.state.is_over
                assert isinstance(app.screen, ResultsScreen)
                assert app.screen.live.match.seats[1].agent == "easy", "the results say who played"
                await wait_for(pilot, lambda: "Bea (computer: easy)" in screen_text(app), timeout=WAIT)

        asyncio.run(scenario())


async def sit_and_leave(port: int, code: str) -> None:
    from websockets.asyncio.client import connect

    async with connect(f"ws://127.0.0.1:{port}", max_size=None) as ws:
        await ws.send(encode({"type": "hello", "code": code}))
        assert json.loads(await asyncio.wait_for(ws.recv(), WAIT))["type"] == "welcome"


async def play_one(pilot: Any, screen: RemoteTableScreen) -> None:
    await wait_for(pilot, lambda: screen.phase is Phase.DECIDING, timeout=WAIT)
    turn = screen.remote.moves
    screen.board.choose(screen.remote.state.legal_actions()[0])
    await wait_for(pilot, lambda: screen.remote.moves != turn, timeout=WAIT)


def test_when_the_host_goes_away_the_table_says_so_and_joins_again_when_it_is_back() -> None:
    table = table_for(CASABLANCA, seed=2, seats=[Seat("Ada", HUMAN), Seat("cpu", "easy")])
    codes = table.issue_codes()

    async def scenario() -> None:
        async with app_at_host(table, CASABLANCA, rng=random.Random(3)) as (server, app, pilot):
            port = server.port
            screen = await seated(pilot, app, port, codes[0])
            await play_one(pilot, screen)
            await server.close()  # the host stops; the table and its codes are kept
            await wait_for(pilot, lambda: "cannot be reached" in status_text(screen), timeout=WAIT)
            again = TableServer(table, port=port)  # a restarted host (the CLI's --resume)
            await again.start()
            try:
                await wait_for(pilot, lambda: screen.turns.trouble is None, timeout=WAIT)
                seen = len(table.match.state.events_for(0))
                await wait_for(pilot, lambda: len(screen.remote.state.events) == seen, timeout=WAIT)
                assert len(screen.log_panel.entries) == seen, "the log written anew, nothing twice"
                await play_in_the_app(pilot, app, 5)
                assert table.match.state.is_over
            finally:
                await again.close()

    asyncio.run(scenario())


def test_a_plugin_game_plays_over_the_network_with_no_code_of_its_own() -> None:
    """Sevens, the example plugin, cannot read its actions without a state: the remote table
    shows the plain board with the moves as the host sent them, and the game plays out."""
    import sevens

    table = hosted(sevens.GAME, load_ruleset(sevens.GAME).resolve(), 3, [Seat("Ada", HUMAN), Seat("cpu", "random")])
    codes = table.issue_codes()

    async def scenario() -> None:
        async with app_at_host(table, sevens.GAME, rng=random.Random(3)) as (server, app, pilot):
            screen = await seated(pilot, app, server.port, codes[0])
            await wait_for(pilot, lambda: isinstance(screen.board, GenericBoard) or not screen.is_current,
                           timeout=WAIT)
            await play_in_the_app(pilot, app, 6)
            assert table.match.state.is_over
            assert app.screen.live.match.state.scores() == table.match.state.scores()

    asyncio.run(scenario())


def test_the_home_screen_joins_a_table_with_an_address_and_a_code() -> None:
    """``j`` on the home screen: the address and the code typed in, checked before joining;
    a wrong code is said in a dialog and the app goes on."""
    from parlour.tui.dialogs import JoinDialog

    table = table_for(CASABLANCA, seats=[Seat("Ada", HUMAN), Seat("cpu", "easy")])
    codes = table.issue_codes()

    async def scenario() -> None:
        async with app_at_host(table, CASABLANCA) as (server, app, pilot):
            pasted = join_line(f"127.0.0.1:{server.port}", codes[0])  # the host's whole line
            for code, seated_there in (("wrong", False), (pasted, True)):
                await pilot.press("j")
                await wait_for(pilot, lambda: isinstance(app.screen, JoinDialog), timeout=WAIT)
                await pilot.press("enter")  # no code yet: said, and the dialog stays
                await wait_for(pilot, lambda: "Give the join code." in screen_text(app), timeout=WAIT)
                if not seated_there:
                    app.screen.query_one("#join-address").value = f"127.0.0.1:{server.port}"
                app.screen.query_one("#join-code").value = code
                await pilot.press("enter")
                if seated_there:
                    await wait_for(pilot, lambda: isinstance(app.screen, RemoteTableScreen), timeout=WAIT)
                else:
                    await wait_for(pilot, lambda: isinstance(app.screen, ProblemDialog), timeout=WAIT)
                    assert app.screen.text == "the host refused: no seat has that code"
                    await pilot.press("escape")

    asyncio.run(scenario())


def test_setup_hosts_a_table_with_two_remote_seats_and_plays_it_here(tmp_path: Any) -> None:
    """Two seats set to Remote in setup: the app hosts the table, shows the others' codes,
    then this player sits down at it; they join with the codes and the game is played out.
    The host's results and review are of its own seat (not an onlooker's), from the one
    record it keeps."""
    from textual.widgets import Input, Select

    from parlour.core.seating import REMOTE
    from parlour.tui.dialogs import CodesDialog
    from parlour.tui.setup import SetupScreen

    async def scenario() -> None:
        app = ParlourApp(registry_of(MONTE), ai_delay=0, rng=random.Random(3))
        async with app.run_test(size=SIZE) as pilot:
            app.set_up(MONTE)
            await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), timeout=WAIT)
            setup = app.screen
            await wait_for(pilot, lambda: bool(setup.query("#kind-2")), timeout=WAIT)
            setup.query_one("#players", Select).value = 3
            setup.query_one("#kind-1", Select).value = REMOTE
            setup.query_one("#kind-2", Select).value = REMOTE
            await wait_for(pilot, lambda: setup.query_one("#listen-row").display, timeout=WAIT)
            setup.query_one("#listen", Input).value = "127.0.0.1:0"
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: isinstance(app.screen, CodesDialog), timeout=WAIT)
            dialog = app.screen
            assert len(dialog.codes) == 2
            port = int(dialog.address.rsplit(":", 1)[1])
            others = [asyncio.create_task(scripted_player(port, code, 9 + i)) for i, (_, code) in enumerate(dialog.codes)]
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, RemoteTableScreen), timeout=WAIT)
            assert app.screen.turns.hosting is not None
            server, path = app.screen.turns.hosting
            here = app.screen.at_table
            await play_in_the_app(pilot, app, 2)
            for other in others:
                results = await asyncio.wait_for(other, WAIT)
                assert results["scores"] == app.screen.live.match.state.scores()
                assert "seed" not in results and "record" not in results
            await wait_for(pilot, lambda: server.stopped.is_set(), timeout=WAIT)
            assert not path.exists() and not path.with_name(path.name + ".codes").exists(), "moved to the records"
            assert [type(s).__name__ for s in app.screen_stack] == ["HomeScreen", "ResultsScreen"]
            results_screen = app.screen
            assert isinstance(results_screen, ResultsScreen)
            assert results_screen.seen is None and results_screen.at_table == here
            assert results_screen.live.match is server.table.match
            records = list(app.saves.records.glob("*.json"))
            assert records == [results_screen.live.path], "the host's one record, kept once"
            [played] = kept_games(app)
            assert played.record == records[0].name and [s["agent"] for s in played.seats] == ["human"] * 3
            assert results_screen.query("#results-ratings")
            await pilot.press("v")
            await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), timeout=WAIT)
            assert app.screen.seat == here and app.screen.review.seats[-1] is None

    asyncio.run(scenario())


@pytest.mark.parametrize("bad", [
    "{not json",
    '{"v": 1, "type": "table", "turn": 0}',
    '{"v": 1, "type": "table", "turn": 0, "to_move": 7, "view": {}, "events": [], "legal": null, '
    '"moves": null, "over": false}',
    '{"v": 1, "type": "table", "turn": 0, "to_move": 0, "view": {"phase": 3}, "events": [], '
    '"legal": [{"text": "nonsense", "label": "x"}], "moves": 1, "over": false}',
], ids=["not-json", "fields-missing", "seat-out-of-range", "view-and-moves-wrong"])
def test_a_hostile_host_cannot_crash_the_app(bad: str) -> None:
    """What a host sends is outside input: a message the app cannot read ends the table with a
    dialog; a view the board cannot draw falls back to the plain board. The app goes on."""
    from websockets.asyncio.server import serve

    welcome = encode({"type": "welcome", "seat": 0, "game": CASABLANCA.id, "names": ["Ada", "Bea"],
                      "agents": [HUMAN, HUMAN], "variants": [], "rules": load_ruleset(CASABLANCA).resolve()})

    async def host(connection: Any) -> None:
        await connection.recv()
        await connection.send(welcome)
        await connection.send(bad)
        await connection.wait_closed()

    async def scenario() -> None:
        async with serve(host, "127.0.0.1", 0) as server:
            port = server.sockets[0].getsockname()[1]
            app = ParlourApp(registry_of(CASABLANCA), ai_delay=0)
            async with app.run_test(size=SIZE) as pilot:
                app.join_table(f"127.0.0.1:{port}", "any")
                await wait_for(pilot, lambda: isinstance(app.screen, ProblemDialog) or (
                    isinstance(app.screen, RemoteTableScreen) and isinstance(app.screen.board, GenericBoard)),
                    timeout=WAIT)
                if isinstance(app.screen, ProblemDialog):
                    assert "cannot read" in app.screen.text
                await pilot.press("escape")
                assert app.is_running

    asyncio.run(scenario())


def test_a_host_that_goes_once_the_game_is_over_is_no_trouble() -> None:
    """The results came while the last moment is held, and the host stopped (``parlour host``
    exits at the end): the table does not try to join again; Enter shows the results."""
    table = table_for(BANQUE, seed=3, seats=[Seat("Ada", HUMAN), Seat("cpu", "easy"), Seat("cpu2", "easy")])
    codes = table.issue_codes()

    async def scenario() -> None:
        async with app_at_host(table, BANQUE, rng=random.Random(3)) as (server, app, pilot):
            screen = await seated(pilot, app, server.port, codes[0])
            rng = random.Random(1)
            while screen.remote.state.final is None:
                await wait_for(pilot, lambda: screen.phase is Phase.PAUSED or screen.remote.state.final is not None
                               or (screen.phase is Phase.DECIDING and screen.turns.sent is None), timeout=WAIT)
                if screen.remote.state.final is not None:
                    break
                if screen.phase is Phase.PAUSED:
                    held = screen.moments_held
                    await wait_for(pilot, lambda: app.focused is screen.moment_panel, timeout=WAIT)
                    if screen.turns.queue and screen.turns.queue[-1]["type"] == "results":
                        break  # the last moment, with the results behind it
                    await pilot.press("enter")
                    await wait_for(pilot, lambda: screen.phase is not Phase.PAUSED
                                   or screen.moments_held > held, timeout=WAIT)
                    continue
                legal = screen.remote.state.legal_actions()
                turn = screen.remote.moves
                screen.board.choose(legal[rng.randrange(len(legal))])
                await wait_for(pilot, lambda: screen.remote.moves != turn or screen.phase is Phase.PAUSED,
                               timeout=WAIT)
            assert screen.phase is Phase.PAUSED, "the game's end is a moment in Banque Fatale"
            await server.close()
            await wait_for(pilot, lambda: not any(w.group == "link" and w.is_running for w in screen.workers),
                           timeout=WAIT)
            assert screen.turns.trouble is None
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen), timeout=WAIT)

    asyncio.run(scenario())


def test_parlour_join_with_a_wrong_code_or_no_host_ends_the_app_with_one_line_and_code_2() -> None:
    """``parlour join`` opens the app on the table; when the host refuses the code or cannot be
    reached, the app ends at once with exit code 2 and the reason in one line."""
    table = table_for(CASABLANCA, seats=[Seat("Ada", HUMAN), Seat("cpu", "easy")])
    table.issue_codes()

    async def scenario(address: str) -> tuple[int | None, str | None]:
        app = ParlourApp(registry_of(CASABLANCA), ai_delay=0, start_join=(address, "wrong"))
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: app.join_problem is not None, timeout=WAIT)
        return app.return_code, app.join_problem

    async def hosted_scenario() -> tuple[int | None, str | None]:
        server = TableServer(table)
        await server.start()
        try:
            return await scenario(f"127.0.0.1:{server.port}")
        finally:
            await server.close()

    assert asyncio.run(hosted_scenario()) == (2, "the host refused: no seat has that code")
    code, problem = asyncio.run(scenario("127.0.0.1:1"))
    assert code == 2 and problem is not None and problem.startswith("cannot reach 127.0.0.1:1") and "\n" not in problem


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_local_match_and_a_hosted_table_are_shown_through_one_interface(game: Any) -> None:
    """The table screen and its panels read a game through ``ShownTable`` and ``ShownState``:
    a local match and a player's side of a hosted table both provide every member."""
    from parlour.net.client import RemoteMatch
    from parlour.tui.panels import ShownState, ShownTable

    table = table_for(game)
    remote = RemoteMatch(game, table.welcome(0))
    remote.update(table.update_for(0, resend=True))
    for shown in (table.match, remote):
        assert isinstance(shown, ShownTable) and isinstance(shown.state, ShownState)
    assert remote.moves == table.match.moves and remote.state.view(0) == table.match.state.view(0)
    assert [e.text for e in remote.state.events_for(0)] == [e.text for e in table.match.state.events_for(0)]
