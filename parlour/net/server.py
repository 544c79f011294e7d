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

from parlour.net.protocol import CLIENT_BYTES, ProtocolError, decode, encode
from parlour.net.table import HostedTable

#: seconds a new connection has to say hello before it is closed
HELLO_SECONDS = 10.0


class TableServer:
    """Serve ``table`` on ``host``:``port`` (port 0: any free port, see :attr:`port`)."""

    def __init__(self, table: HostedTable, host: str = "127.0.0.1", port: int = 0,
                 save: Callable[[], None] | None = None) -> None:
        self.table = table
        self.host = host
        self.port = port
        self.save = save
        self.seated: dict[int, Any] = {}  #: seat -> its connection
        self.finished = asyncio.Event()
        self._server: Any = None

    async def start(self) -> None:
        from websockets.asyncio.server import serve

        self._server = await serve(self._handle, self.host, self.port, max_size=CLIENT_BYTES)
        self.port = self._server.sockets[0].getsockname()[1]
        if self.table.match.state.is_over:
            self.finished.set()

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    async def _handle(self, connection: Any) -> None:
        try:
            raw = await asyncio.wait_for(connection.recv(), HELLO_SECONDS)
        except Exception:  # noqa: BLE001 - no hello in time, or gone: nothing was seated
            return
        try:
            hello = decode(raw)
        except ProtocolError as exc:
            await connection.send(encode({"type": "refused", "why": str(exc)}))
            return
        seat = self.table.seat_of(hello["code"]) if hello["type"] == "hello" else None
        if seat is None:
            await connection.send(encode({"type": "refused", "why": "no seat has that code"}))
            return
        if seat in self.seated:
            await connection.send(encode({"type": "refused", "why": "that seat is taken by a connected player"}))
            return
        self.seated[seat] = connection
        try:
            match = self.table.match
            await connection.send(encode({"type": "welcome", "seat": seat, "game": self.table.game.id,
                                          "names": [s.name for s in match.seats],
                                          "variants": list(match.variants)}))
            await connection.send(encode(self.table.update_for(seat, resend=True)))
            if match.state.is_over:
                await connection.send(encode(self.table.results()))
            async for raw in connection:
                why = self.table.receive(seat, raw)
                if why is not None:
                    await connection.send(encode({"type": "refused", "why": why}))
                    continue
                if self.save is not None:
                    self.save()
                await self._broadcast()
        finally:
            if self.seated.get(seat) is connection:
                del self.seated[seat]

    async def _broadcast(self) -> None:
        """Each connected seat's update after a move, and the results once the game is over."""
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


def save_to(table: HostedTable, path: Path) -> Callable[[], None]:
    """A saver for :class:`TableServer`: the game's record into the save folder's ``path``."""
    from parlour.core.saves import SaveFolder

    folder = SaveFolder()

    def save() -> None:
        folder.save(table.match.record, path)

    return save
