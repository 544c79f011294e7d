"""Playing over the network (issue 14): the round trip of a decision through the host on the
loopback address, and one host process carrying many tables at once.

    python benchmarks/net_latency.py [--game monte-carlo] [--tables 50] [--games 20]

Round trip: ``--games`` games at one table each (the remote player and random computer
players), a client that answers each decision at once with a random legal move; the time from
sending a move to receiving the next table message (the host checks the move, lets the
computers play, and sends the update). The games alternate between the server's two ways of
playing the computers — in a worker thread (the default: it keeps answering while a searching
player thinks) and in the event loop — and the ratio of their medians is printed.
Many tables: ``--tables`` tables served by one process, each with one remote seat played by
its own client in the same event loop; decisions a second over all of them, and the process's
peak memory. Prints figures; asserts nothing.
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


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", default="monte-carlo", choices=("banque-fatale", "monte-carlo", "casablanca"))
    p.add_argument("--tables", type=int, default=50)
    p.add_argument("--games", type=int, default=20, help="games for the round trip, half each way")
    p.add_argument("--hard", type=int, default=0, metavar="TABLES",
                   help="also time a hello while a hard computer thinks, at this many tables each way")
    args = p.parse_args()
    asyncio.run(run(args.game, args.tables, args.games))
    if args.hard:
        asyncio.run(responsiveness(args.game, args.hard))


if __name__ == "__main__":
    main()
