"""The host's websocket server (issue 14): one hosted table, its remote seats joining with their
codes. Each message in or out is one line of the protocol (:mod:`parlour.net.protocol`); the
table decides what each seat is sent (:mod:`parlour.net.table`).

A seat is taken by the first connection that says hello with its code; a second one with the
same code is refused while the first is connected, and takes the seat once it has gone (a
player who lost the connection joins again with his code and is sent the whole table anew).
The server saves the game after every move when given a save path.

Nothing waits on one player's connection while the table is held (issue 25): each seated
player has an :class:`Outbox`, a queue the table drops his messages into at once and a task of
its own that writes them; a player who falls :data:`OUTBOX_BYTES` behind (who stopped reading)
or whose keepalive fails is let go and shown as away, and the table plays on. A new connection
always gets a hearing: when too many wait to say hello, the one that has waited longest from
the busiest address is closed to make room.
"""

from __future__ import annotations

import asyncio
import ipaddress
import time
from collections import Counter, deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed

from parlour.core.i18n import N_
from parlour.net.protocol import CLIENT_BYTES, ProtocolError, Refusal, decode, encode, refused_message
from parlour.net.table import HostedTable

#: seconds a new connection has to say hello before it is closed
HELLO_SECONDS = 10.0
#: connections at most waiting to say hello; past it, the one that has waited longest from the
#: address with the most waiting is closed to make room for the newcomer
PENDING_LIMIT = 64
#: connections at most waiting to say hello from one address (an IPv6 /64); past it, that
#: address's longest waiting is closed
PENDING_PER_ADDRESS = 8
#: bytes of messages at most waiting for one player (besides the one being written): one more
#: behind than that has stopped reading, and is let go
OUTBOX_BYTES = 1 << 20
#: seconds between the host's pings to a seated player, and how long his pong may take
PING_SECONDS = 20.0
#: seconds a closing host gives each player to be written what is waiting for him
CLOSE_SECONDS = 5.0
#: sit-downs at most of one seat within :data:`REJOIN_SECONDS`: each tells every other seat
#: who is away, and a client sitting down and leaving in a loop sent the others 510 messages
#: a second (half a core of a player's app); one more is refused, the seat left as it was
REJOIN_LIMIT = 20
REJOIN_SECONDS = 60.0


def _refused(why: str) -> str:
    """A refusal: in English, and as a :class:`Refusal`'s template and values for the
    player's app to word in its language."""
    return encode(refused_message(why))


def _address(connection: Any) -> str:
    """Where a connection comes from, as limits count it: its IPv4 address (also when a
    dual-stack socket shows it as IPv6), an IPv6 one's /64 (one machine has a whole /64)."""
    try:
        ip = ipaddress.ip_address(str(connection.remote_address[0]).split("%")[0])
    except (TypeError, IndexError, ValueError):
        return "?"
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(getattr(ip, "ipv4_mapped", None) or ip)


class Outbox:
    """One seated player's messages on their way: :meth:`put` queues one at once, whatever his
    connection does, and a task of its own writes them, so that a player who does not read
    holds up nobody but himself. ``gone`` is called when he is to be let go: more than
    :data:`OUTBOX_BYTES` waiting when another message comes, or a ping unanswered for
    :data:`PING_SECONDS` (a full socket holds a ping back too)."""

    def __init__(self, connection: Any, gone: Callable[[], None]) -> None:
        self.connection = connection
        self.waiting = 0  #: bytes queued, not counting the message being written
        self.closed = False
        self._gone = gone
        self._queue: deque[str] = deque()
        self._more = asyncio.Event()
        self._idle = asyncio.Event()  #: nothing queued, nothing being written
        self._idle.set()
        self._tasks = [asyncio.create_task(self._write()), asyncio.create_task(self._keepalive())]

    def put(self, text: str) -> None:
        if self.closed:
            return
        if self.waiting > OUTBOX_BYTES:
            self._gone()
            return
        self._queue.append(text)
        self.waiting += len(text)  # encode() writes ASCII: a character is a byte
        self._idle.clear()
        self._more.set()

    @property
    def written(self) -> bool:
        """Whether every message queued has been written to the connection."""
        return self._idle.is_set()

    async def flushed(self) -> None:
        """Until :attr:`written`."""
        await self._idle.wait()

    def close(self, *, abort: bool = False) -> None:
        """Stop writing; ``abort`` cuts the connection too (a player let go)."""
        if self.closed:
            return
        self.closed = True
        self._queue.clear()
        self.waiting = 0
        self._idle.set()
        for task in self._tasks:
            task.cancel()
        if abort:
            self.connection.transport.abort()

    async def _write(self) -> None:
        try:
            while True:
                while not self._queue:
                    self._idle.set()
                    self._more.clear()
                    await self._more.wait()
                text = self._queue.popleft()
                self.waiting -= len(text)
                await self.connection.send(text)
        except ConnectionClosed:
            pass  # the player's handler sees it too, and frees the seat

    async def _keepalive(self) -> None:
        while True:
            await asyncio.sleep(PING_SECONDS)
            try:
                async with asyncio.timeout(PING_SECONDS):
                    await (await self.connection.ping())
            except TimeoutError:
                self._gone()
                return
            except ConnectionClosed:
                return


class TableServer:
    """Serve ``table`` on ``host``:``port`` (port 0: any free port, see :attr:`port`)."""

    def __init__(self, table: HostedTable, host: str = "127.0.0.1", port: int = 0,
                 save: Callable[[], None] | None = None, *, wait: float | None = None,
                 level: str = "medium", offload: bool = True, clock: Callable[[], float] = time.monotonic) -> None:
        """``wait``: seconds the table waits for a player who has left when it is his move,
        before a computer player of ``level`` takes his seat (None: it waits for ever).
        ``offload``: the computers think in a worker thread, so the server keeps answering
        (pings, the other players) while a searching player takes its seconds; False plays
        them in the event loop (the benchmark compares the two). ``clock``: seconds, for the
        limit on sit-downs (:data:`REJOIN_LIMIT`)."""
        self.table = table
        self.host = host
        self.port = port
        self.save = save
        self.wait = wait
        self.level = level
        self.offload = offload
        self.outboxes: dict[int, Outbox] = {}  #: seat -> its connected player's outbox
        self.joined: set[int] = set()  #: the seats whose players have sat down at least once
        self.clock = clock
        self._sittings: dict[int, deque[float]] = {}  #: seat -> when it sat down lately
        #: connections waiting to say hello, the longest waiting first, each with the event
        #: that closes it to make room
        self._pending: dict[Any, asyncio.Event] = {}
        self.finished = asyncio.Event()
        self.stopped = asyncio.Event()  #: set by :meth:`close`
        self._changed = asyncio.Event()  #: a player came or went, or a move was played
        #: held while the table is read or played on: the computers think in a thread (the
        #: server keeps answering meanwhile), and nothing reads a table half played. Nothing
        #: holding it waits on a connection: messages go into the players' outboxes.
        self._lock = asyncio.Lock()
        self._server: Any = None
        self._watcher: asyncio.Task[None] | None = None

    async def start(self) -> None:
        from websockets.asyncio.server import serve

        # no keepalive of the library's: its ping waits behind a full socket; each Outbox pings
        self._server = await serve(self._handle, self.host, self.port, max_size=CLIENT_BYTES, ping_interval=None)
        self.port = self._server.sockets[0].getsockname()[1]
        if self.table.match.state.is_over:
            self.finished.set()
        elif self.wait is not None:
            self._watcher = asyncio.create_task(self._watch_the_away())

    async def close(self) -> None:
        """Stop serving, once each player has been written what waits for him (the results)
        or :data:`CLOSE_SECONDS` have gone; one who is not reading is cut off then."""
        self.stopped.set()
        if self._watcher is not None:
            self._watcher.cancel()
        outboxes = list(self.outboxes.values())
        if outboxes:
            await asyncio.wait([asyncio.ensure_future(o.flushed()) for o in outboxes], timeout=CLOSE_SECONDS)
        for outbox in outboxes:
            if not outbox.written:
                outbox.close(abort=True)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    @property
    def seated(self) -> dict[int, Any]:
        """The seats whose players are connected now, and their connections."""
        return {seat: outbox.connection for seat, outbox in self.outboxes.items()}

    @property
    def pending(self) -> int:
        """How many connections are waiting to say hello."""
        return len(self._pending)

    @property
    def away(self) -> list[int]:
        """The remote seats whose players are not connected now."""
        return [seat for seat in self.table.remote if seat not in self.outboxes]

    def _awaited_away(self) -> int | None:
        """The seat the table waits for, when its player has left (one who has not come yet
        is waited for without a limit: the host hands out the codes at his own pace)."""
        state = self.table.match.state
        seat = state.to_move
        gone = seat in self.joined and seat in self.table.remote and seat not in self.outboxes
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
                self._send_all(lambda s: {"type": "seats", "agents": [p.agent for p in self.table.match.seats]})
                self._broadcast()

    def _send_all(self, message: Callable[[int], dict[str, Any]]) -> None:
        for seat, outbox in list(self.outboxes.items()):
            outbox.put(encode(message(seat)))

    def _presence(self) -> None:
        """Tell every connected player who is away, and how long the table waits for them."""
        self._changed.set()
        away = self.away
        self._send_all(lambda s: {"type": "presence", "away": away, "takeover": self.wait})

    def _unseat(self, seat: int, outbox: Outbox, *, abort: bool = False) -> None:
        """``seat``'s player is gone, or let go (``abort``: his connection is cut): the others
        hear he is away; he may join again."""
        outbox.close(abort=abort)
        if self.outboxes.get(seat) is outbox:
            del self.outboxes[seat]
            self._presence()

    async def _handle(self, connection: Any) -> None:
        try:
            await self._sit_down(connection)
        except ConnectionClosed:
            pass  # gone without a word (a closed laptop, a killed app): he may join again

    def _make_room(self, connection: Any) -> None:
        """Close a connection waiting to say hello, if ``connection`` makes too many: the longest
        waiting from its address past :data:`PENDING_PER_ADDRESS`, else past
        :data:`PENDING_LIMIT` the longest waiting from the address with the most waiting."""
        here = _address(connection)
        counts = Counter(_address(c) for c in self._pending)
        if counts[here] >= PENDING_PER_ADDRESS:
            busiest = here
        elif len(self._pending) >= PENDING_LIMIT:
            busiest = max(counts, key=counts.__getitem__)  # the first such: its longest waiting
        else:
            return
        oldest = next(c for c in self._pending if _address(c) == busiest)
        self._pending.pop(oldest).set()

    async def _first_message(self, connection: Any) -> str | bytes | None:
        """The connection's first message; None when it says nothing for :data:`HELLO_SECONDS`
        or is closed to make room (it is told why)."""
        self._make_room(connection)
        self._pending[connection] = evicted = asyncio.Event()
        first = asyncio.ensure_future(connection.recv())
        closing = asyncio.ensure_future(evicted.wait())
        try:
            done, _ = await asyncio.wait((first, closing), timeout=HELLO_SECONDS,
                                         return_when=asyncio.FIRST_COMPLETED)
        finally:
            if self._pending.get(connection) is evicted:
                del self._pending[connection]
            closing.cancel()
            if not first.done():
                first.cancel()
        if first in done:
            return first.result()
        if closing in done:
            await connection.send(_refused(Refusal(N_("too many connections waiting to say hello"))))
        return None

    async def _sit_down(self, connection: Any) -> None:
        """One connection: its hello, then its player's moves until he goes."""
        raw = await self._first_message(connection)
        if raw is None:
            return
        try:
            hello = decode(raw)
        except ProtocolError as exc:
            await connection.send(_refused(str(exc)))
            return
        if hello["type"] != "hello":
            await connection.send(_refused(Refusal(N_("say hello first"))))
            return
        seat = self.table.seat_of(hello["code"])
        if seat is None:
            await connection.send(_refused(Refusal(N_("no seat has that code"))))
            return
        if seat not in self.table.remote:
            await connection.send(_refused(Refusal(N_("a computer player took that seat while you were away"))))
            return
        if seat in self.outboxes:
            await connection.send(_refused(Refusal(N_("that seat is taken by a connected player"))))
            return
        if not self._may_sit(seat):
            await connection.send(_refused(Refusal(N_("that seat joined too often in the last minute: "
                                                      "join again in a moment"))))
            return
        outbox = Outbox(connection, lambda: self._unseat(seat, outbox, abort=True))
        self.outboxes[seat] = outbox
        self.joined.add(seat)
        try:
            async with self._lock:
                outbox.put(encode(self.table.welcome(seat)))
                outbox.put(encode(self.table.update_for(seat, resend=True)))
                if self.table.match.state.is_over:
                    outbox.put(encode(self.table.results()))
            self._presence()
            async for raw in connection:  # until the player goes (cleanly or not: see below)
                try:
                    message = decode(raw)  # garbage is refused here, at once: a flood costs no thread
                except ProtocolError as exc:
                    outbox.put(_refused(str(exc)))
                    continue
                async with self._lock:
                    if self.outboxes.get(seat) is not outbox:
                        return  # let go while this message waited: it is not played
                    why = self.table.refusal(seat, message)
                    if why is None:
                        why = (await asyncio.to_thread(self.table.play_message, seat, message) if self.offload
                               else self.table.play_message(seat, message))
                    if why is None:
                        if self.save is not None:
                            self.save()
                        self._broadcast()
                if why is not None:
                    outbox.put(_refused(why))
        finally:
            self._unseat(seat, outbox)

    def _may_sit(self, seat: int) -> bool:
        """Whether ``seat`` may sit down now: fewer than :data:`REJOIN_LIMIT` sit-downs in the
        last :data:`REJOIN_SECONDS` (a refused one does not count)."""
        now = self.clock()
        times = self._sittings.setdefault(seat, deque())
        while times and now - times[0] >= REJOIN_SECONDS:
            times.popleft()
        if len(times) >= REJOIN_LIMIT:
            return False
        times.append(now)
        return True

    def _broadcast(self) -> None:
        """Each connected seat's update after a move, and the results once the game is over."""
        self._changed.set()
        over = self.table.match.state.is_over
        results = encode(self.table.results()) if over else None
        for seat, outbox in list(self.outboxes.items()):
            outbox.put(encode(self.table.update_for(seat)))
            if results is not None:
                outbox.put(results)
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
