"""The host's websocket server on the loopback address (issue 14): two remote players and a
computer play whole games of each built-in game through it; wrong codes, a second client on a
taken seat and garbage are refused; a player who went away joins again and is sent the table."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from parlour.games.banque_fatale import GAME as BANQUE
from parlour.games.casablanca import GAME as CASABLANCA
from parlour.games.monte_carlo import GAME as MONTE
from parlour.core.record import HUMAN, Seat
from parlour.core.rulesets import load_ruleset
from parlour.net.protocol import encode
from parlour.net.server import TableServer
from parlour.net.table import hosted

from net_helpers import WAIT, receive, until
from websockets.asyncio.client import connect


def table_for(game, seed: int = 5):
    seats = [Seat("Ada", HUMAN), Seat("Bea", HUMAN), Seat("cpu", "medium")]
    return hosted(game, load_ruleset(game).resolve(), seed, seats)


async def player(port: int, code: str, seed: int, heard: list[str] | None = None) -> dict:
    """Join, answer every decision with a random legal move, return the results; every
    message received goes into ``heard`` as it came."""
    rng = random.Random(seed)
    async with connect(f"ws://127.0.0.1:{port}") as ws:
        await ws.send(encode({"type": "hello", "code": code}))
        first = await ws.recv()
        welcome = json.loads(first)
        assert welcome["type"] == "welcome"
        if heard is not None:
            heard.append(first)
        while True:
            raw = await asyncio.wait_for(ws.recv(), WAIT)
            if heard is not None:
                heard.append(raw)
            message = json.loads(raw)
            if message["type"] == "presence":
                continue
            if message["type"] == "results":
                return message
            if message["type"] == "table" and message["legal"]:
                await ws.send(encode({"type": "move", "turn": message["turn"],
                                      "text": rng.choice(message["legal"])["text"]}))


@pytest.mark.parametrize("game", [BANQUE, MONTE, CASABLANCA], ids=lambda g: g.id)
def test_two_remote_players_and_a_computer_play_a_whole_game_and_never_hear_the_seed_or_record(game) -> None:
    """From hello to results, no message a remote seat receives holds the seed (which
    rebuilds every hidden shuffle) or a record (every secret answer): the host keeps both."""
    seed = 987_654_321
    table = table_for(game, seed)
    codes = table.issue_codes()
    heard: list[list[str]] = [[], []]

    def keys(value) -> set[str]:
        if isinstance(value, dict):
            return set(value) | {k for v in value.values() for k in keys(v)}
        return {k for v in value for k in keys(v)} if isinstance(value, list) else set()

    async def scenario() -> None:
        server = TableServer(table)
        await server.start()
        try:
            results = await asyncio.gather(player(server.port, codes[0], 1, heard[0]),
                                           player(server.port, codes[1], 2, heard[1]))
        finally:
            await server.close()
        assert table.match.state.is_over
        for result, messages in zip(results, heard):
            assert result["scores"] == table.match.state.scores()
            assert result["winners"] == table.match.state.winners()
            assert len(messages) > 3 and json.loads(messages[-1])["type"] == "results"
            for raw in messages:
                assert str(seed) not in raw, raw[:200]
                assert not {"seed", "record", "actions"} & keys(json.loads(raw)), raw[:200]

    asyncio.run(scenario())


def test_wrong_codes_taken_seats_and_garbage_are_refused_and_a_player_may_join_again() -> None:
    table = table_for(CASABLANCA)
    codes = table.issue_codes()

    async def scenario() -> None:
        server = TableServer(table)
        await server.start()
        url = f"ws://127.0.0.1:{server.port}"
        try:
            async with connect(url) as ws:
                await ws.send(encode({"type": "hello", "code": "guessed"}))
                assert (await receive(ws))["why"] == "no seat has that code"
            async with connect(url) as ws:
                await ws.send("{garbage")
                assert "not valid JSON" in (await receive(ws))["why"]
            async with connect(url) as first:
                await first.send(encode({"type": "hello", "code": codes[0]}))
                assert (await receive(first))["seat"] == 0
                table_message = await receive(first)
                async with connect(url) as second:
                    await second.send(encode({"type": "hello", "code": codes[0]}))
                    assert "taken" in (await receive(second))["why"]
                await first.send(encode({"type": "move", "turn": table_message["turn"] + 9, "text": "x"}))
                assert (await receive(first))["type"] == "refused"
            # gone: the seat is free again, and the player is sent the whole table anew
            deadline = asyncio.get_running_loop().time() + WAIT
            while 0 in server.seated and asyncio.get_running_loop().time() < deadline:
                await asyncio.sleep(0.01)  # until the server has seen the connection go
            async with connect(url) as again:
                await again.send(encode({"type": "hello", "code": codes[0]}))
                assert (await receive(again))["type"] == "welcome"
                resent = await receive(again)
                assert resent["type"] == "table" and resent["view"] == table.match.state.view(0)
                assert len(resent["events"]) == len(table.match.state.events_for(0))
        finally:
            await server.close()

    asyncio.run(scenario())


def test_the_welcome_says_who_plays_and_the_rules_but_not_the_seed_and_others_hear_who_is_away() -> None:
    seats = [Seat("Ada", HUMAN), Seat("Bea", HUMAN), Seat("cpu", "medium")]
    table = hosted(MONTE, load_ruleset(MONTE).resolve(), 987_654_321, seats)
    codes = table.issue_codes()

    async def scenario() -> None:
        server = TableServer(table, wait=0.0, level="easy")
        await server.start()
        url = f"ws://127.0.0.1:{server.port}"
        try:
            async with connect(url) as ada:
                await ada.send(encode({"type": "hello", "code": codes[0]}))
                welcome = await receive(ada)
                assert welcome["agents"] == [HUMAN, HUMAN, "medium"] and welcome["rules"] == table.match.rules
                assert "987654321" not in json.dumps(welcome) and "seed" not in welcome
                message = await receive(ada)
                assert message["type"] == "table"
                assert (await receive(ada, presence=True)) == {"v": 1, "type": "presence", "away": [1], "takeover": 0.0}
                async with connect(url) as bea:
                    await bea.send(encode({"type": "hello", "code": codes[1]}))
                    assert (await receive(bea))["type"] == "welcome"
                    assert (await receive(ada, presence=True))["away"] == []
                assert (await receive(ada, presence=True))["away"] == [1], "Bea left"
                # Ada plays on; at Bea's move a computer sits down for her (no time allowed)
                while 1 in table.remote and not table.match.state.is_over:
                    if message["type"] == "table" and message["legal"]:
                        await ada.send(encode({"type": "move", "turn": message["turn"],
                                               "text": message["legal"][0]["text"]}))
                    message = await receive(ada)
                assert table.match.seats[1].agent == "easy"
            async with connect(url) as bea:
                await bea.send(encode({"type": "hello", "code": codes[1]}))
                assert (await receive(bea))["why"] == "a computer player took that seat while you were away"
        finally:
            await server.close()

    asyncio.run(scenario())


def test_a_player_gone_without_a_word_is_away_and_nothing_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    """A connection dropped without a closing handshake (a killed app, a closed laptop): the
    others hear the player is away, and the host writes no error."""
    table = table_for(CASABLANCA)
    codes = table.issue_codes()

    async def scenario() -> None:
        server = TableServer(table)
        await server.start()
        url = f"ws://127.0.0.1:{server.port}"
        try:
            async with connect(url) as ada:
                await ada.send(encode({"type": "hello", "code": codes[0]}))
                bea = await connect(url)
                await bea.send(encode({"type": "hello", "code": codes[1]}))
                assert (await receive(bea))["type"] == "welcome"
                while (await receive(ada, presence=True)).get("away") != []:
                    pass
                bea.transport.abort()  # no close frame
                while (await receive(ada, presence=True)).get("away") != [1]:
                    pass
        finally:
            await server.close()

    with caplog.at_level("ERROR"):
        asyncio.run(scenario())
    assert not [r for r in caplog.records if r.levelname == "ERROR"], caplog.text


@pytest.mark.parametrize("first", [
    {"type": "move", "turn": 0, "text": "pass"},  # a state request without credentials
    {"type": "hello", "code": "guessed-wrong"},  # a failed login
], ids=["no-hello", "wrong-code"])
def test_nothing_of_the_table_goes_to_a_connection_without_a_good_code(first: dict) -> None:
    """Side paths other frameworks leaked through: state answered to a request without a
    code, or sent after a failed login. The connection hears one refusal and is closed."""
    from websockets.exceptions import ConnectionClosed

    table = table_for(MONTE)
    table.issue_codes()

    async def scenario() -> None:
        server = TableServer(table)
        await server.start()
        try:
            async with connect(f"ws://127.0.0.1:{server.port}") as ws:
                await ws.send(encode(first))
                heard = [json.loads(await asyncio.wait_for(ws.recv(), WAIT))]
                try:
                    while True:
                        heard.append(json.loads(await asyncio.wait_for(ws.recv(), WAIT)))
                except ConnectionClosed:
                    pass
                assert [m["type"] for m in heard] == ["refused"]
        finally:
            await server.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("game", [BANQUE, MONTE, CASABLANCA], ids=lambda g: g.id)
def test_what_a_joining_player_is_sent_first_is_only_his(game) -> None:
    """The initial state, sent to each player as he sits down (welcome and the whole table so
    far): the same in any world his view allows, and none of the others' private events."""
    import random as chance

    from parlour.net.table import table_message

    table = table_for(game)
    for seat in table.remote:
        welcome, first = table.welcome(seat), table.update_for(seat, resend=True)
        assert "seed" not in welcome and "record" not in first
        state = table.match.state
        for k in range(5):
            world = state.sample_world(seat, chance.Random(k))
            assert encode({**table_message(world, seat, table.turn), "events": []}) == encode({**first, "events": []})
        text = encode(first)
        for event in state.events:
            if not event.visible_to(seat) and not any(e.text == event.text for e in state.events_for(seat)):
                assert event.text not in text


def test_a_flood_from_one_player_does_not_hold_up_the_others() -> None:
    """Bea sends 3,000 messages of garbage and stale moves as fast as she can: each is refused
    with its reason, the table does not move, and Ada, sitting down meanwhile, is seated and
    sent the table."""
    seats = [Seat("Ada", HUMAN), Seat("Bea", HUMAN), Seat("cpu", "easy")]
    table = hosted(CASABLANCA, load_ruleset(CASABLANCA).resolve(), 6, seats)
    codes = table.issue_codes()
    turn, view = table.turn, table.match.state.view(0)

    async def flood(url: str) -> list[str]:
        async with connect(url) as bea:
            await bea.send(encode({"type": "hello", "code": codes[1]}))
            for i in range(1500):
                await bea.send("{garbage" if i % 2 else encode({"type": "move", "turn": 10**6, "text": "pass"}))
                await bea.send(encode({"type": "move", "turn": 0, "text": "x" * 200}))
            why: list[str] = []
            while len(why) < 3000:
                message = json.loads(await asyncio.wait_for(bea.recv(), WAIT))
                if message["type"] == "refused":
                    why.append(message["why"])
            return why

    async def scenario() -> list[str]:
        server = TableServer(table)
        await server.start()
        url = f"ws://127.0.0.1:{server.port}"
        try:
            flooding = asyncio.create_task(flood(url))
            async with connect(url) as ada:
                await ada.send(encode({"type": "hello", "code": codes[0]}))
                assert (await receive(ada))["type"] == "welcome"
                assert (await receive(ada))["view"] == view
            return await asyncio.wait_for(flooding, WAIT)
        finally:
            await server.close()

    why = asyncio.run(scenario())
    assert all(w for w in why) and any("not valid JSON" in w for w in why) and any("decision" in w for w in why)
    assert (table.turn, table.match.state.view(0)) == (turn, view), "the flood moved nothing"



def test_a_seat_that_sits_down_and_leaves_in_a_loop_is_refused_for_a_while() -> None:
    """A hostile-client review sat a seat down and left in a loop: every other seat was sent
    510 presence messages a second. A seat sits down at most ``REJOIN_LIMIT`` times in
    ``REJOIN_SECONDS`` (the server's clock, here one that moves only when told); one more is
    refused with one line, the other seat hears nothing of it, and the minute over, the seat
    may join again."""
    from parlour.net.server import REJOIN_LIMIT, REJOIN_SECONDS

    table = table_for(CASABLANCA)
    codes = table.issue_codes()
    now = [1000.0]

    async def scenario() -> None:
        server = TableServer(table, clock=lambda: now[0])
        await server.start()
        url = f"ws://127.0.0.1:{server.port}"
        try:
            async with connect(url) as other:
                await other.send(encode({"type": "hello", "code": codes[1]}))
                assert (await receive(other))["type"] == "welcome"
                for _ in range(REJOIN_LIMIT):
                    async with connect(url) as ws:
                        await ws.send(encode({"type": "hello", "code": codes[0]}))
                        assert (await receive(ws))["type"] == "welcome"
                    await until(lambda: 0 not in server.seated, "the server to see seat 0 go")
                async with connect(url) as ws:
                    await ws.send(encode({"type": "hello", "code": codes[0]}))
                    reply = await receive(ws)
                    assert reply["type"] == "refused" and "too often" in reply["why"], reply
                assert 0 not in server.seated
                now[0] += REJOIN_SECONDS
                async with connect(url) as ws:
                    await ws.send(encode({"type": "hello", "code": codes[0]}))
                    assert (await receive(ws))["type"] == "welcome", "the minute over, the seat sits down again"
                    await until(lambda: 0 in server.seated, "seat 0 seated")
        finally:
            await server.close()

    asyncio.run(scenario())
