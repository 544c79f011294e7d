"""``parlour serve`` answers only to its own address and the origins it is told (issue 25): a
page on another site open in the user's browser may not start or drive the app through its
websocket, a foreign name pointed at the loopback address (DNS rebinding) gets nothing, and no
folder is listed. Requests are written by hand, so that any ``Host`` and ``Origin`` can be sent."""

from __future__ import annotations

import asyncio
import base64
import os
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual_serve", reason="the web extra (parlour[web]) is not installed")

from test_serve import WAIT, Served, Tab  # noqa: E402

from parlour.web import Gate, open_site, parse_origin  # noqa: E402

Reply = tuple[int, str]


async def ask(port: int, path: str, **headers: str | None) -> Reply:
    """One GET to the loopback address on ``port`` with exactly these headers (``Host`` too;
    None leaves one out); ``websocket=...`` asks for a websocket. The status and the body."""
    fields = {"Host": f"127.0.0.1:{port}", "Connection": "close"}
    if headers.pop("websocket", None):
        key = base64.b64encode(os.urandom(16)).decode()
        fields.update({"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                       "Sec-WebSocket-Key": key})
    fields.update({name.replace("_", "-"): value for name, value in headers.items()})
    request = f"GET {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in fields.items() if v is not None)
    reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), WAIT)
    try:
        writer.write(request.encode() + b"\r\n")
        head = (await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), WAIT)).decode("latin-1")
        status = int(head.split()[1])
        length = next((int(line.split(":")[1]) for line in head.lower().splitlines()
                       if line.startswith("content-length:")), 0)
        body = await asyncio.wait_for(reader.readexactly(length), WAIT) if status != 101 else b""
        return status, body.decode("utf-8", "replace")
    finally:
        writer.close()


@asynccontextmanager
async def site(monkeypatch: pytest.MonkeyPatch, *origins: str) -> AsyncIterator[tuple[int, list[Any]]]:
    """``serve``'s site on a free loopback port, its app processes replaced by a note of each
    one started (the tab's websocket is then closed)."""
    from textual_serve.app_service import AppService

    started: list[Any] = []

    async def start(self: AppService, width: int, height: int) -> None:
        started.append((width, height))
        await self.remote_close()

    monkeypatch.setattr(AppService, "start", start)
    runner, url = await open_site("127.0.0.1", 0, origins)
    try:
        yield int(url.rsplit(":", 1)[1]), started
    finally:
        await runner.cleanup()


async def until(test: Callable[[], bool], what: str) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while not test():
        assert loop.time() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.01)  # polling a condition, bounded by the deadline


def refused(reply: Reply) -> bool:
    status, body = reply
    return status == 403 and body.startswith("refused: ") and body.count("\n") == 1


def test_a_websocket_from_another_page_is_refused_before_an_app_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    async def run() -> None:
        async with site(monkeypatch) as (port, started):
            for origin in ("http://evil.example", f"http://evil.example:{port}", "null", f"https://127.0.0.1:{port}",
                           f"http://127.0.0.1:{port + 1}", f"http://127.0.0.1:{port}.evil.example", None):
                reply = await ask(port, "/ws", websocket=True, Origin=origin)
                assert refused(reply), (origin, reply)
            assert "page from 'http://evil.example' may not open Parlour" in (
                await ask(port, "/ws", websocket=True, Origin="http://evil.example"))[1]
            assert "needs an Origin header" in (await ask(port, "/ws", websocket=True))[1]
            assert started == [], "a refused websocket starts no app process"
            for name in ("127.0.0.1", "localhost", "[::1]"):  # the page's own origin, however spelt
                assert (await ask(port, "/ws?width=90&height=20", websocket=True, Host=f"{name}:{port}",
                                  Origin=f"http://{name}:{port}"))[0] == 101, name
            await until(lambda: len(started) == 3, "the allowed tabs' apps")
            assert started == [(90, 20)] * 3

    asyncio.run(run())


def test_a_foreign_host_is_refused_on_the_page_the_websocket_and_the_files(monkeypatch: pytest.MonkeyPatch) -> None:
    """DNS rebinding: evil.example made to resolve to 127.0.0.1, its page is same-origin with
    what it fetches from there; only the Host header tells."""
    async def run() -> None:
        async with site(monkeypatch) as (port, started):
            evil = f"evil.example:{port}"
            for path in ("/", "/?fontsize=20", "/static/js/textual.js", "/download/x", "/nowhere"):
                reply = await ask(port, path, Host=evil)
                assert refused(reply) and f"not answer to the address '{evil}'" in reply[1], (path, reply)
            assert refused(await ask(port, "/ws", websocket=True, Host=evil, Origin=f"http://{evil}"))
            assert (await ask(port, "/", Host=None))[0] in (400, 403), "no Host is no address of ours"
            assert started == []
            status, page = await ask(port, "/", Host=f"localhost:{port}")
            assert status == 200 and f'"ws://localhost:{port}/ws"' in page, "the page keeps to the origin it was asked on"
            assert f"http://localhost:{port}/static/js/textual.js" in page

    asyncio.run(run())


def test_no_folder_is_listed(monkeypatch: pytest.MonkeyPatch) -> None:
    async def run() -> None:
        async with site(monkeypatch) as (port, _):
            for path in ("/static/", "/static", "/static/js/", "/static/js", "/static/js/.", "/static/js/../"):
                status, body = await ask(port, path)
                assert status == 404 and "textual.js" not in body and "Index of" not in body, (path, status, body)
            status, script = await ask(port, "/static/js/textual.js")
            assert status == 200 and len(script) > 1000, "the page's files are still sent"

    asyncio.run(run())


def test_allow_origin_lets_a_reverse_proxys_page_in_and_no_other(tmp_path: Path) -> None:
    """``--allow-origin https://parlour.example.com``: behind a proxy that passes the Host on,
    the page points its websocket at the proxy (wss), and the websocket from that page plays."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import InvalidStatus

    proxy = "https://parlour.example.com"
    served = Served(tmp_path, "--allow-origin", proxy + "/", "--allow-origin", "http://lan.example:8080")
    try:
        async def visit() -> None:
            status, page = await ask(served.port, "/", Host="parlour.example.com")
            assert status == 200 and '"wss://parlour.example.com/ws"' in page, page
            assert "https://parlour.example.com/static/js/textual.js" in page
            assert (await ask(served.port, "/", Host="lan.example:8080"))[0] == 200
            assert refused(await ask(served.port, "/ws", websocket=True, Origin="https://other.example"))
            async with connect(f"ws://127.0.0.1:{served.port}/ws?width=100&height=30", max_size=None,
                               origin=proxy) as ws:
                await Tab(ws).until("Monte Carlo")
            with pytest.raises(InvalidStatus) as failed:
                await connect(f"ws://127.0.0.1:{served.port}/ws", origin="http://parlour.example.com")
            assert failed.value.response.status_code == 403, "the scheme is part of the origin"

        asyncio.run(visit())
    finally:
        err = served.stop()
    assert "Traceback" not in err, err


def test_a_wrong_allow_origin_is_one_line() -> None:
    for wrong in ("parlour.example.com", "https://parlour.example.com/play", "ftp://x.example", "https://a@b.example",
                  "https://x.example:99999", "https://"):
        out = subprocess.run([sys.executable, "-m", "parlour", "serve", "--port", "0", "--allow-origin", wrong],
                             capture_output=True, text=True, timeout=WAIT)
        assert out.returncode == 2 and out.stdout == "", (wrong, out)
        assert out.stderr == f"parlour: --allow-origin {wrong!r} is not an origin such as https://parlour.example.com\n"


def test_origins_are_compared_as_browsers_write_them() -> None:
    assert parse_origin("HTTPS://Parlour.Example.com:443/") == "https://parlour.example.com"
    assert parse_origin("http://[::1]:8000") == "http://[::1]:8000"
    gate = Gate(["https://parlour.example.com"])
    gate.listen("0.0.0.0", 8000)
    assert gate.refusal("0.0.0.0:8000", "http://0.0.0.0:8000", websocket=True) is None
    assert gate.refusal("parlour.example.com:443", "https://parlour.example.com", websocket=True) is None
    assert gate.refusal("localhost:8000", None, websocket=False), "a wildcard address is no loopback one"
    assert gate.refusal("PARLOUR.example.com", None, websocket=False) is None
    assert gate.page_origin("parlour.example.com") == "https://parlour.example.com"
    assert gate.refusal("parlour.example.com", None, websocket=True), "a websocket without Origin"
    assert gate.refusal(None, None, websocket=False), "no Host (HTTP/1.0) is no address of ours"


def test_tabs_beyond_the_limit_are_refused_before_an_app_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hostile-client review opened 8 websockets from one client: 8 app processes, 444 MB,
    and nothing counted them. ``--tabs`` (here 2) bounds the tabs served at once: one more is a
    503 with one line, starting no app; a closed tab's place is free again."""
    from textual_serve.app_service import AppService
    from websockets.asyncio.client import connect

    started: list[Any] = []

    async def start(self: AppService, width: int, height: int) -> None:
        started.append((width, height))  # the tab stays open until its client closes it

    async def stop(self: AppService) -> None:
        """No process was started."""

    monkeypatch.setattr(AppService, "start", start)
    monkeypatch.setattr(AppService, "stop", stop)

    async def run() -> None:
        runner, url = await open_site("127.0.0.1", 0, tabs=2)
        port = int(url.rsplit(":", 1)[1])
        origin = f"http://127.0.0.1:{port}"
        first = await connect(f"ws://127.0.0.1:{port}/ws", origin=origin)
        second = await connect(f"ws://127.0.0.1:{port}/ws", origin=origin)
        try:
            await until(lambda: len(started) == 2, "the two tabs' apps")
            status, body = await ask(port, "/ws", websocket=True, Origin=origin)
            assert status == 503 and body == ("refused: 2 tabs are open already, as many as this server lets play "
                                              "at once (parlour serve --tabs)\n"), (status, body)
            assert len(started) == 2, "a refused tab starts no app"
            await first.close()
            loop = asyncio.get_running_loop()
            deadline = loop.time() + WAIT
            while (await ask(port, "/ws", websocket=True, Origin=origin))[0] != 101:  # once the server saw it close
                assert loop.time() < deadline, "the closed tab's place never came free"
                await asyncio.sleep(0.01)  # polling a condition, bounded by the deadline
            await until(lambda: len(started) == 3, "the new tab's app")
        finally:
            await second.close()
            await runner.cleanup()

    asyncio.run(run())


def test_a_wrong_tabs_is_one_line() -> None:
    for wrong in ("0", "257", "-1"):
        out = subprocess.run([sys.executable, "-m", "parlour", "serve", "--port", "0", "--tabs", wrong],
                             capture_output=True, text=True, timeout=WAIT)
        assert out.returncode == 2 and out.stdout == "" and out.stderr == "parlour: --tabs must be 1 to 256\n", out
