"""Playing over the network (issue 14): the round trip of a decision through the host on the
loopback address, and one host process carrying many tables at once.

    python benchmarks/net_latency.py [--game monte-carlo] [--tables 50] [--games 20]
    python benchmarks/net_latency.py --game casablanca --stalled 10 [--stall-seconds 10]

Round trip: ``--games`` games at one table each (the remote player and random computer
players), a client that answers each decision at once with a random legal move; the time from
sending a move to receiving the next table message (the host checks the move, lets the
computers play, and sends the update). The games alternate between the server's two ways of
playing the computers — in a worker thread (the default: it keeps answering while a searching
player thinks) and in the event loop — and the ratio of their medians is printed.
Many tables: ``--tables`` tables served by one process, each with one remote seat played by
its own client in the same event loop; decisions a second over all of them, and the process's
peak memory.
Stalled (``--stalled ROUNDS``, issue 25): Bea sits down on a socket that never reads (a tiny
receive buffer, the host's buffer to her made small as on a slow link) and sends 2,000 stale
moves; once the host's writes to her are held back, Ada moves, and the time until her answer is
noted. Bea closes her socket after ``--stall-seconds`` (a host that waits on her answers Ada
then). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from parlour.core.record import HUMAN, Seat  # noqa: E402
from parlour.core.registry import discover  # noqa: E402
from parlour.net.protocol import encode, read_host  # noqa: E402
from parlour.net.server import TableServer  # noqa: E402
from parlour.net.table import hosted  # noqa: E402


#: stale moves the player who reads nothing sends (--stalled): enough to fill the pipe to him
STALE_MOVES = 2000


def new_table(game_id: str, seed: int):
    registry = discover()
    game = registry.get(game_id)
    others = min(game.min_players, game.max_players - 1)  # the remote player and random players
    seats = [Seat("Ada", HUMAN)] + [Seat(f"cpu-{i}", "random") for i in range(others)]
    return hosted(game, registry.ruleset(game_id).resolve([]), seed, seats)


async def client(port: int, code: str, seed: int, times: list[float]) -> int:
    """Play seat 0 to the end; note each round trip; return the decisions made."""
    from websockets.asyncio.client import connect

    rng = random.Random(seed)
    decisions = 0
    async with connect(f"ws://127.0.0.1:{port}", max_size=None) as ws:
        await ws.send(encode({"type": "hello", "code": code}))
        sent = None
        async for raw in ws:
            message = read_host(raw)
            if message["type"] == "table" and sent is not None:
                times.append(time.perf_counter() - sent)
                sent = None
            if message["type"] == "results":
                return decisions
            if message["type"] == "table" and message["legal"]:
                sent = time.perf_counter()
                decisions += 1
                await ws.send(encode({"type": "move", "turn": message["turn"],
                                      "text": rng.choice(message["legal"])["text"]}))
    return decisions


async def run(game_id: str, tables: int, games: int) -> None:
    times: dict[bool, list[float]] = {True: [], False: []}
    for i in range(games):
        offload = i % 2 == 0
        table = new_table(game_id, 1 + i // 2)  # each deal once each way
        server = TableServer(table, offload=offload)
        await server.start()
        await client(server.port, table.issue_codes()[0], 1 + i // 2, times[offload])
        await server.close()
    medians = {}
    for offload in (True, False):
        ms = sorted(t * 1000 for t in times[offload])
        p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
        medians[offload] = statistics.median(ms)
        how = "computers in a thread (the default)" if offload else "computers in the event loop"
        print(f"{game_id}: round trip of a decision, {how}, {len(ms)} decisions: "
              f"p50 {medians[offload]:.2f} ms, p99 {p99:.2f} ms, max {ms[-1]:.2f} ms")
    print(f"{game_id}: thread / event loop, ratio of the medians: {medians[True] / medians[False]:.2f}")
    servers, clients = [], []
    for i in range(tables):
        table = new_table(game_id, 100 + i)
        server = TableServer(table)
        await server.start()
        servers.append(server)
        clients.append(client(server.port, table.issue_codes()[0], i, []))
    started = time.perf_counter()
    decisions = sum(await asyncio.gather(*clients))
    seconds = time.perf_counter() - started
    for server in servers:
        await server.close()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{game_id}: {tables} tables at once in one process: {decisions:,} remote decisions in "
          f"{seconds:.1f} s ({decisions / seconds:,.0f} a second), peak memory {peak:.0f} MB")


def _host_in_a_process(game_id: str, seed: int, offload: bool, pipe: Any) -> None:
    """A host in a process of its own (the benchmark's client must not share its event loop):
    Ada's seat, a hard computer and random ones; the port and Ada's code go back through ``pipe``."""
    registry = discover()
    game = registry.get(game_id)
    seats = [Seat("Ada", HUMAN), Seat("cpu-hard", "hard")]
    seats += [Seat(f"cpu-{k}", "random") for k in range(max(0, game.min_players - 2))]
    table = hosted(game, registry.ruleset(game_id).resolve([]), seed, seats)

    async def serve() -> None:
        server = TableServer(table, offload=offload)
        await server.start()
        pipe.send((server.port, table.issue_codes()[0]))
        await asyncio.get_running_loop().run_in_executor(None, pipe.recv)  # until the benchmark is done
        await server.close()

    asyncio.run(serve())


async def responsiveness(game_id: str, rounds: int) -> None:
    """Whether the host keeps answering while a searching computer thinks: Ada moves, then
    pings the host every 20 ms until her next table message arrives; the computers after her
    (one of them hard, at its own budget) think meanwhile. The host runs in a process of its
    own, with its computers in a thread, then in its event loop (where a ping waits for all
    their thinking)."""
    import multiprocessing

    from websockets.asyncio.client import connect

    for offload in (True, False):
        pongs: list[float] = []
        thinking: list[float] = []
        for i in range(rounds):
            ours, theirs = multiprocessing.Pipe()
            host = multiprocessing.Process(target=_host_in_a_process, args=(game_id, 300 + i, offload, theirs))
            host.start()
            port, code = await asyncio.get_running_loop().run_in_executor(None, ours.recv)
            async with connect(f"ws://127.0.0.1:{port}", max_size=None) as ada:
                await ada.send(encode({"type": "hello", "code": code}))
                message: dict = {}
                while not (message.get("type") == "table" and message.get("legal")):
                    message = read_host(await ada.recv())
                sent = time.perf_counter()
                await ada.send(encode({"type": "move", "turn": message["turn"], "text": message["legal"][0]["text"]}))

                async def next_table() -> None:
                    while read_host(await ada.recv())["type"] != "table":
                        pass

                answer = asyncio.ensure_future(next_table())
                while not answer.done():
                    await asyncio.sleep(0.02)  # a ping every 20 ms while the computers think
                    started = time.perf_counter()
                    await (await ada.ping())
                    pongs.append(time.perf_counter() - started)
                thinking.append(time.perf_counter() - sent)
            ours.send("done")
            host.join()
        ms = sorted(p * 1000 for p in pongs)
        how = "in a thread (the default)" if offload else "in the event loop"
        print(f"{game_id}: pings while the computers after a move think ({statistics.median(thinking) * 1000:.0f} ms "
              f"median), computers {how}, {len(ms)} pings at {rounds} tables: median {statistics.median(ms):.1f} ms, "
              f"max {ms[-1]:.1f} ms")


async def stalled(game_id: str, rounds: int, stall_seconds: float) -> None:
    """Ada's answer while Bea, seated, reads nothing (see the module's docstring), against the
    same tables with Bea reading what she is sent and sending nothing."""
    import socket

    from websockets.asyncio.client import connect

    from parlour.testing.net import NonReader

    registry = discover()
    game = registry.get(game_id)
    stale = encode({"type": "move", "turn": 10**6, "text": "pass"})
    for reads in (True, False):
        answers: list[float] = []
        still_seated = 0
        for i in range(rounds):
            seats = [Seat("Ada", HUMAN), Seat("Bea", HUMAN)]
            seats += [Seat(f"cpu-{k}", "random") for k in range(max(1, game.min_players - 2))]
            table = hosted(game, registry.ruleset(game_id).resolve([]), 400 + i, seats)
            codes = table.issue_codes()
            ada_seat = table.match.state.to_move
            bea_seat = 1 - ada_seat
            server = TableServer(table)
            await server.start()
            url = f"ws://127.0.0.1:{server.port}"
            async with connect(url, max_size=None) as ada, connect(url, max_size=None) as reader:
                await ada.send(encode({"type": "hello", "code": codes[ada_seat]}))
                message: dict = {}
                while not (message.get("type") == "table" and message.get("legal")):
                    message = read_host(await ada.recv())
                if reads:
                    await reader.send(encode({"type": "hello", "code": codes[bea_seat]}))
                    reading = asyncio.ensure_future(reader.wait_closed())  # the client reads all the while
                    while bea_seat not in server.seated:
                        await asyncio.sleep(0.001)
                    to_bea = server.seated[bea_seat]
                else:
                    bea = await NonReader.join(server.port, codes[bea_seat])
                    while bea_seat not in server.seated:
                        await asyncio.sleep(0.001)
                    to_bea = server.seated[bea_seat]
                    to_bea.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
                    reading = asyncio.ensure_future(bea.send(*[stale] * STALE_MOVES))
                    while to_bea.transport.get_write_buffer_size() <= to_bea.transport.get_write_buffer_limits()[1]:
                        await asyncio.sleep(0.001)
                    leaves = asyncio.get_running_loop().call_later(stall_seconds, bea.close)
                sent = time.perf_counter()
                await ada.send(encode({"type": "move", "turn": message["turn"], "text": message["legal"][0]["text"]}))
                while read_host(await ada.recv())["type"] != "table":
                    pass
                answers.append(time.perf_counter() - sent)
                still_seated += server.seated.get(bea_seat) is to_bea
                reading.cancel()
                if not reads:
                    leaves.cancel()
                    bea.close()
            await server.close()
        ms = sorted(a * 1000 for a in answers)
        how = "reads what she is sent" if reads else (
            f"reads nothing (and sent {STALE_MOVES:,} stale moves; she leaves after {stall_seconds:g} s)")
        print(f"{game_id}: Ada's move answered while Bea, seated, {how}, {rounds} tables: median "
              f"{statistics.median(ms):.1f} ms, max {ms[-1]:.1f} ms; Bea still seated at {still_seated}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", default="monte-carlo", choices=("banque-fatale", "monte-carlo", "casablanca"))
    p.add_argument("--tables", type=int, default=50)
    p.add_argument("--games", type=int, default=20, help="games for the round trip, half each way")
    p.add_argument("--hard", type=int, default=0, metavar="TABLES",
                   help="also time a hello while a hard computer thinks, at this many tables each way")
    p.add_argument("--stalled", type=int, default=0, metavar="ROUNDS",
                   help="only time a move's answer while another player reads nothing, at this many tables")
    p.add_argument("--stall-seconds", type=float, default=10.0,
                   help="with --stalled: the player who reads nothing leaves after this long")
    args = p.parse_args()
    if args.stalled:
        asyncio.run(stalled(args.game, args.stalled, args.stall_seconds))
        return
    asyncio.run(run(args.game, args.tables, args.games))
    if args.hard:
        asyncio.run(responsiveness(args.game, args.hard))


if __name__ == "__main__":
    main()
