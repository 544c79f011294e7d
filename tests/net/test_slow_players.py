"""Players who hold the host up (issue 25): one seated who stops reading, connections that never
say hello, a move before the hello. The table plays on for the others in each case; every wait
here is on a condition (bounded by ``WAIT`` against a hang), never on the clock."""

from __future__ import annotations

import asyncio
import socket

import pytest
from net_helpers import WAIT, receive, until
from websockets.asyncio.client import connect

from parlour.games.banque_fatale import GAME as BANQUE
from parlour.games.casablanca import GAME as CASABLANCA
from parlour.games.monte_carlo import GAME as MONTE
from parlour.core.record import HUMAN, Seat
from parlour.core.rulesets import load_ruleset
from parlour.net import server as server_module
from parlour.net.protocol import encode
from parlour.net.server import TableServer
from parlour.net.table import hosted
from parlour.testing.net import NonReader

STALE = encode({"type": "move", "turn": 10**6, "text": "pass"})
TOO_MANY = "too many connections waiting to say hello"


def table_for(game):
    seats = [Seat("Ada", HUMAN), Seat("Bea", HUMAN), Seat("cpu", "random")]
    return hosted(game, load_ruleset(game).resolve(), 5, seats)


def pipe_full(connection) -> bool:
    """The host's writes to ``connection`` are held back: the kernel's buffers are full and more
    than the transport's high-water mark waits above them (the library waits to write more)."""
    transport = connection.transport
    return transport.get_write_buffer_size() > transport.get_write_buffer_limits()[1]


async def keep_sending(player: NonReader, text: str) -> None:
    """``text`` again and again, until the host cuts the connection."""
    try:
        while True:
            await player.send(*[text] * 200)
    except OSError:
        return


@pytest.mark.parametrize("game", [BANQUE, MONTE, CASABLANCA], ids=lambda g: g.id)
def test_a_player_who_stops_reading_holds_up_nobody_and_is_let_go(game, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bea sits down on a socket that never reads, sends stale moves until the host's writes to
    her are held back (its buffer to her made small too, as on a slow link), and stays seated:
    Ada's move is answered meanwhile. When Bea falls too far behind she is let go and shown as
    away, and sits down again with her code."""
    # no keepalive lets her go meanwhile, however slow a busy machine (a host before the
    # outboxes has no such setting: it is set all the same)
    monkeypatch.setattr(server_module, "PING_SECONDS", 10 * WAIT, raising=False)
    table = table_for(game)
    codes = table.issue_codes()
    honest = table.match.state.to_move
    stalled = 1 - honest
    assert honest in (0, 1)

    async def scenario() -> None:
        server = TableServer(table)
        await server.start()
        url = f"ws://127.0.0.1:{server.port}"
        bea: NonReader | None = None
        sending: list[asyncio.Future] = []
        try:
            async with connect(url, max_size=None) as ada:
                await ada.send(encode({"type": "hello", "code": codes[honest]}))
                assert (await receive(ada))["type"] == "welcome"
                first = await receive(ada)
                assert first["type"] == "table" and first["legal"]
                bea = await NonReader.join(server.port, codes[stalled])
                await until(lambda: stalled in server.seated, "Bea to sit down")
                to_bea = server.seated[stalled]
                to_bea.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
                sending.append(asyncio.ensure_future(bea.send(*[STALE] * 2000)))
                await until(lambda: pipe_full(to_bea), "the host's writes to Bea to be held back")

                await ada.send(encode({"type": "move", "turn": first["turn"], "text": first["legal"][0]["text"]}))
                answer = await receive(ada)
                assert answer["type"] == "table" and answer["turn"] > first["turn"]
                assert server.seated.get(stalled) is to_bea and pipe_full(to_bea), \
                    "Ada was answered while Bea sat with her pipe full, not because Bea was let go"

                await asyncio.wait_for(sending[0], WAIT)  # the host read all she sent
                monkeypatch.setattr(server_module, "OUTBOX_BYTES", 1 << 16)  # behind sooner: a quicker test
                sending.append(asyncio.ensure_future(keep_sending(bea, "{garbage")))  # refused, never read
                while stalled not in (await receive(ada, presence=True)).get("away", []):
                    pass
                assert stalled not in server.seated
                await asyncio.wait_for(sending[1], WAIT)  # her connection was cut
                played = table.turn
                async with connect(url, max_size=None) as again:
                    await again.send(encode({"type": "hello", "code": codes[stalled]}))
                    assert (await receive(again))["type"] == "welcome"
                    resent = await receive(again)
                    assert resent["view"] == table.match.state.view(stalled) and resent["turn"] == played
        finally:
            for task in sending:
                task.cancel()
            if bea is not None:
                bea.close()
            await server.close()

    asyncio.run(scenario())


def test_a_player_whose_keepalive_fails_is_let_go(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bea stops reading with little waiting for her (far below the outbox's bound): the host's
    ping to her cannot even be written, she is let go and shown as away, and the table waits
    for her to come back."""
    monkeypatch.setattr(server_module, "PING_SECONDS", 0.2)
    table = table_for(CASABLANCA)
    codes = table.issue_codes()

    async def scenario() -> None:
        server = TableServer(table)
        await server.start()
        bea: NonReader | None = None
        try:
            bea = await NonReader.join(server.port, codes[1])
            await until(lambda: 1 in server.seated, "Bea to sit down")
            to_bea = server.seated[1]
            to_bea.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
            await bea.send(*[STALE] * 2000)
            await until(lambda: pipe_full(to_bea) or 1 not in server.seated, "the host's writes to Bea to be held back")
            await until(lambda: 1 not in server.seated, "Bea to be let go")
            assert 1 in server.away
            await until(lambda: to_bea.state.name == "CLOSED", "her connection to be cut")
        finally:
            if bea is not None:
                bea.close()
            await server.close()

    asyncio.run(scenario())


def test_silent_connections_at_the_cap_do_not_keep_a_player_from_his_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """64 connections from eight addresses sit without a word, and one from elsewhere came before
    them: a player with his code still sits down (a silent one from the busiest address is
    closed, told why), and so does the one who came early, once he says hello."""
    monkeypatch.setattr(server_module, "HELLO_SECONDS", 10 * WAIT)  # none times out meanwhile
    table = table_for(MONTE)
    codes = table.issue_codes()

    async def scenario() -> None:
        server = TableServer(table)
        await server.start()
        url = f"ws://127.0.0.1:{server.port}"
        silent = []
        try:
            early = await connect(url, local_addr=("127.0.0.10", 0))
            silent.append(early)
            for address in range(2, 10):
                for _ in range(8):
                    silent.append(await connect(url, local_addr=(f"127.0.0.{address}", 0)))
            await until(lambda: server.pending == 64, "64 connections waiting to say hello")
            first_of_the_busiest = silent[1]
            assert (await receive(first_of_the_busiest))["why"] == TOO_MANY
            async with connect(url, local_addr=("127.0.0.1", 0)) as ada:
                await ada.send(encode({"type": "hello", "code": codes[0]}))
                assert (await receive(ada))["type"] == "welcome"
                assert (await receive(silent[9]))["why"] == TOO_MANY  # then the next busiest's first
                await early.send(encode({"type": "hello", "code": codes[1]}))
                assert (await receive(early))["type"] == "welcome"
                await until(lambda: server.seated.keys() == {0, 1}, "both players seated")
            assert server.pending == 62
        finally:
            for ws in silent:
                await ws.close()
            await server.close()

    asyncio.run(scenario())


def test_one_address_has_at_most_eight_connections_waiting_to_say_hello(monkeypatch: pytest.MonkeyPatch) -> None:
    """Twenty silent connections from one address: the twelve that waited longest are closed,
    told why; a player from that same address still sits down."""
    monkeypatch.setattr(server_module, "HELLO_SECONDS", 10 * WAIT)
    table = table_for(CASABLANCA)
    codes = table.issue_codes()

    async def scenario() -> None:
        server = TableServer(table)
        await server.start()
        url = f"ws://127.0.0.1:{server.port}"
        silent = []
        try:
            for _ in range(20):
                silent.append(await connect(url, local_addr=("127.0.0.2", 0)))
                await until(lambda: server.pending == min(len(silent), 8), "the host to take the connection in")
            for ws in silent[:12]:
                assert (await receive(ws))["why"] == TOO_MANY
            async with connect(url, local_addr=("127.0.0.2", 0)) as ada:
                await ada.send(encode({"type": "hello", "code": codes[0]}))
                assert (await receive(ada))["type"] == "welcome"
        finally:
            for ws in silent:
                await ws.close()
            await server.close()

    asyncio.run(scenario())


def test_a_move_before_the_hello_is_answered_say_hello_first() -> None:
    table = table_for(BANQUE)
    table.issue_codes()

    async def scenario() -> None:
        server = TableServer(table)
        await server.start()
        try:
            async with connect(f"ws://127.0.0.1:{server.port}") as ws:
                await ws.send(encode({"type": "move", "turn": table.turn, "text": "pass"}))
                assert (await receive(ws)) == {"v": 1, "type": "refused", "why": "say hello first",
                                               "say": "say hello first"}
        finally:
            await server.close()

    asyncio.run(scenario())
