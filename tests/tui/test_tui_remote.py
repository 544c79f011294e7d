"""A player at a hosted table in the app (issue 14): the ordinary table screen, with the game's
own board, reading what the host sends (only its seat's view, events and legal moves) and
sending its moves. Whole games of each built-in game: this app's player, a second player on
a plain websocket client, and a computer, through the host; then the ordinary results."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from tui_helpers import SIZE, wait_for

from games.banque_fatale import GAME as BANQUE
from games.casablanca import GAME as CASABLANCA
from games.monte_carlo import GAME as MONTE
from parlour.core.record import HUMAN, Record, Seat
from parlour.core.registry import Registry
from parlour.core.rulesets import load_ruleset
from parlour.net.protocol import encode
from parlour.net.server import TableServer
from parlour.net.table import HostedTable, hosted
from parlour.tui.app import ParlourApp
from parlour.tui.board import GenericBoard
from parlour.tui.dialogs import ProblemDialog
from parlour.tui.remote import RemoteTableScreen
from parlour.tui.results import ResultsScreen
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
                app.screen.phase is Phase.PAUSED or (app.screen.phase is Phase.DECIDING and app.screen.sent is None))),
            timeout=WAIT)
        screen = app.screen
        if not isinstance(screen, RemoteTableScreen):
            assert isinstance(screen, ResultsScreen), getattr(screen, "text", type(screen).__name__)
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


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_whole_game_at_a_hosted_table_in_the_app(game: Any) -> None:
    table = table_for(game)
    codes = table.issue_codes()

    async def scenario() -> None:
        server = TableServer(table)
        await server.start()
        app = ParlourApp(registry_of(game), ai_delay=0, rng=random.Random(3))
        try:
            async with app.run_test(size=SIZE) as pilot:
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
                records = list(app.saves.records.glob(f"{game.id}-*.json"))
                assert len(records) == 1 and Record.load(records[0]).actions == table.match.record.actions
        finally:
            await server.close()

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
