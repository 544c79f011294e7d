"""The host's websocket server (issue 14): one hosted table, its remote seats joining with their
codes. Each message in or out is one line of the protocol (:mod:`parlour.net.protocol`); the
table decides what each seat is sent (:mod:`parlour.net.table`).

A seat is taken by the first connection that says hello with its code; a second one with the
same code is refused while the first is connected, and takes the seat once it has gone (a
player who lost the connection joins again with his code and is sent the whole table anew).
The server saves the game after every move when given a save path.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed

from parlour.net.protocol import CLIENT_BYTES, ProtocolError, decode, encode
from parlour.net.table import HostedTable

#: seconds a new connection has to say hello before it is closed
HELLO_SECONDS = 10.0
#: connections at most that have not said hello yet; more are refused at once
PENDING_LIMIT = 64


class TableServer:
    """Serve ``table`` on ``host``:``port`` (port 0: any free port, see :attr:`port`)."""

    def __init__(self, table: HostedTable, host: str = "127.0.0.1", port: int = 0,
                 save: Callable[[], None] | None = None, *, wait: float | None = None,
                 level: str = "medium", offload: bool = True) -> None:
        """``wait``: seconds the table waits for a player who has left when it is his move,
        before a computer player of ``level`` takes his seat (None: it waits for ever).
        ``offload``: the computers think in a worker thread, so the server keeps answering
        (pings, the other players) while a searching player takes its seconds; False plays
        them in the event loop (the benchmark compares the two)."""
        self.table = table
        self.host = host
        self.port = port
        self.save = save
        self.wait = wait
        self.level = level
        self.offload = offload
        self.seated: dict[int, Any] = {}  #: seat -> its connection
        self.joined: set[int] = set()  #: the seats whose players have sat down at least once
        self.pending = 0  #: connections that have not said hello yet
        self.finished = asyncio.Event()
        self.stopped = asyncio.Event()  #: set by :meth:`close`
        self._changed = asyncio.Event()  #: a player came or went, or a move was played
        #: held while the table is read or played on: the computers think in a thread (the
        #: server keeps answering meanwhile), and nothing reads a table half played
        self._lock = asyncio.Lock()
        self._server: Any = None
        self._watcher: asyncio.Task[None] | None = None

    async def start(self) -> None:
        from websockets.asyncio.server import serve

        self._server = await serve(self._handle, self.host, self.port, max_size=CLIENT_BYTES)
        self.port = self._server.sockets[0].getsockname()[1]
        if self.table.match.state.is_over:
            self.finished.set()
        elif self.wait is not None:
            self._watcher = asyncio.create_task(self._watch_the_away())

    async def close(self) -> None:
        self.stopped.set()
        if self._watcher is not None:
            self._watcher.cancel()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    @property
    def away(self) -> list[int]:
        """The remote seats whose players are not connected now."""
        return [seat for seat in self.table.remote if seat not in self.seated]

    def _awaited_away(self) -> int | None:
        """The seat the table waits for, when its player has left (one who has not come yet
        is waited for without a limit: the host hands out the codes at his own pace)."""
        state = self.table.match.state
        seat = state.to_move
        gone = seat in self.joined and seat in self.table.remote and seat not in self.seated
        return seat if gone and not state.is_over else None

    async def _watch_the_away(self) -> None:
        """Give a computer the seat of a player the table has waited for ``wait`` seconds."""
        assert self.wait is not None
        loop = asyncio.get_running_loop()
        waiting: tuple[int, float] | None = None  # the seat waited for and since when
        while not self.finished.is_set():
            self._changed.clear()
            seat = self._awaited_away()
            if seat is None:
                waiting = None
                await self._changed.wait()
                continue
            if waiting is None or waiting[0] != seat:
                waiting = (seat, loop.time())
            left = waiting[1] + self.wait - loop.time()
            if left > 0:
                try:
                    await asyncio.wait_for(self._changed.wait(), left)
                except TimeoutError:
                    pass
                continue
            async with self._lock:
                await asyncio.to_thread(self.table.take_over, seat, self.level)
                waiting = None
                if self.save is not None:
                    self.save()
                await self._send_all(lambda s: {"type": "seats", "agents": [p.agent for p in self.table.match.seats]})
                await self._broadcast()

    async def _send_all(self, message: Callable[[int], dict[str, Any]]) -> None:
        for seat, connection in list(self.seated.items()):
            try:
                await connection.send(encode(message(seat)))
            except Exception:  # noqa: BLE001 - a player gone: he is sent everything when he joins again
                continue

    async def _presence(self) -> None:
        """Tell every connected player who is away, and how long the table waits for them."""
        self._changed.set()
        away = self.away
        await self._send_all(lambda s: {"type": "presence", "away": away, "takeover": self.wait})

    async def _handle(self, connection: Any) -> None:
        try:
            await self._sit_down(connection)
        except ConnectionClosed:
            pass  # gone without a word (a closed laptop, a killed app): he may join again

    async def _sit_down(self, connection: Any) -> None:
        """One connection: its hello, then its player's moves until he goes."""
        if self.pending >= PENDING_LIMIT:
            await connection.send(encode({"type": "refused", "why": "too many connections waiting to say hello"}))
            return
        self.pending += 1
        try:
            raw = await asyncio.wait_for(connection.recv(), HELLO_SECONDS)
        except Exception:  # noqa: BLE001 - no hello in time, or gone: nothing was seated
            return
        finally:
            self.pending -= 1
        try:
            hello = decode(raw)
        except ProtocolError as exc:
            await connection.send(encode({"type": "refused", "why": str(exc)}))
            return
        seat = self.table.seat_of(hello["code"]) if hello["type"] == "hello" else None
        if seat is None:
            await connection.send(encode({"type": "refused", "why": "no seat has that code"}))
            return
        if seat not in self.table.remote:
            await connection.send(encode({"type": "refused", "why": "a computer player took that seat while you were away"}))
            return
        if seat in self.seated:
            await connection.send(encode({"type": "refused", "why": "that seat is taken by a connected player"}))
            return
        self.seated[seat] = connection
        self.joined.add(seat)
        try:
            async with self._lock:
                await connection.send(encode(self.table.welcome(seat)))
                await connection.send(encode(self.table.update_for(seat, resend=True)))
                if self.table.match.state.is_over:
                    await connection.send(encode(self.table.results()))
            await self._presence()
            async for raw in connection:  # until the player goes (cleanly or not: see below)
                try:
                    message = decode(raw)  # garbage is refused here, at once: a flood costs no thread
                except ProtocolError as exc:
                    await connection.send(encode({"type": "refused", "why": str(exc)}))
                    continue
                async with self._lock:
                    why = (await asyncio.to_thread(self.table.play_message, seat, message) if self.offload
                           else self.table.play_message(seat, message))
                    if why is not None:
                        await connection.send(encode({"type": "refused", "why": why}))
                        continue
                    if self.save is not None:
                        self.save()
                    await self._broadcast()
        finally:
            if self.seated.get(seat) is connection:
                del self.seated[seat]
                await self._presence()

    async def _broadcast(self) -> None:
        """Each connected seat's update after a move, and the results once the game is over."""
        self._changed.set()
        over = self.table.match.state.is_over
        for seat, connection in list(self.seated.items()):
            try:
                await connection.send(encode(self.table.update_for(seat)))
                if over:
                    await connection.send(encode(self.table.results()))
            except Exception:  # noqa: BLE001 - a player gone: he is sent everything when he joins again
                continue
        if over:
            self.finished.set()


def codes_file(save: Path) -> Path:
    """Where the join codes' hashes of the game saved at ``save`` are kept (beside it, with a
    name the save folder does not take for a save)."""
    return save.with_name(save.name + ".codes")


async def open_table(table: HostedTable, save: Path, host: str, port: int, *, wait: float | None = None,
                     level: str = "medium") -> TableServer:
    """Serve ``table`` on ``host``:``port``, saved to ``save`` now and after every move, with
    its codes' hashes beside the save (readable by this user only). An ``OSError`` when the
    address cannot be listened on."""
    from parlour.core.record import write_json

    server = TableServer(table, host, port, save=save_to(table, save), wait=wait, level=level)
    await server.start()
    assert server.save is not None
    server.save()
    kept = codes_file(save)
    write_json(kept, table.code_hashes())
    kept.chmod(0o600)
    return server


async def close_table(server: TableServer, save: Path) -> None:
    """Stop serving; a finished game's codes' hashes go (its record is in the records)."""
    await server.close()
    if server.table.match.state.is_over:
        codes_file(save).unlink(missing_ok=True)


def save_to(table: HostedTable, path: Path) -> Callable[[], None]:
    """A saver for :class:`TableServer`: the game's record into the save folder's ``path``."""
    from parlour.core.saves import SaveFolder

    folder = SaveFolder()

    def save() -> None:
        folder.save(table.match.record, path)

    return save
