"""The served app in a real browser (issue 14): headless Chromium (Debian's package) opens the
page ``parlour serve`` serves, the app's screen is drawn (a canvas: the screenshot is checked,
not the page's text), and a key pressed in the browser changes it. Driven over the Chrome
DevTools protocol with the ``websockets`` package; skipped where the machine has no Chromium."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import shutil
import struct
import subprocess
import urllib.request
import zlib
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual_serve", reason="the web extra (parlour[web]) is not installed")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine (Debian: apt install chromium)")

from test_serve import WAIT, Served  # noqa: E402

from parlour.net.protocol import join_line  # noqa: E402

#: a folder to keep the screenshots in, to look at them (PARLOUR_SHOTS)
SHOTS = os.environ.get("PARLOUR_SHOTS")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1100,760", "--remote-debugging-port=0"]


def pixels(png: bytes) -> tuple[int, int, list[bytes]]:
    """A PNG's width, height and rows of RGB(A) bytes (8 bits a channel, not interlaced: what
    Chromium's screenshots are)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, data, width = 8, b"", 0
    height = channels = 0
    while pos < len(png):
        size, kind = struct.unpack(">I4s", png[pos:pos + 8])
        body = png[pos + 8:pos + 8 + size]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, (depth, colour, interlace)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            data += body
        pos += 12 + size
    raw = zlib.decompress(data)
    stride = width * channels
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line))
        previous = line
    return width, channels, rows


def changed_share(before: bytes, after: bytes) -> float:
    """The share of pixels (sampled) that differ between two screenshots of one size: a new
    screen or dialog changes many, a blinking cursor a handful."""
    width, channels, rows = pixels(before)
    _, _, later = pixels(after)
    changed = total = 0
    for row, other in zip(rows[::4], later[::4]):
        for x in range(0, width * channels, channels * 4):
            total += 1
            changed += row[x:x + 3] != other[x:x + 3]
    return changed / total


def bright_share(png: bytes) -> float:
    """The share of pixels much brighter than the page's dark background: the drawn text."""
    width, channels, rows = pixels(png)
    bright = total = 0
    for row in rows[::4]:
        for x in range(0, width * channels, channels * 4):
            total += 1
            bright += row[x] + row[x + 1] + row[x + 2] > 300
    return bright / total


class DevTools:
    """The Chrome DevTools protocol on one page, over a websocket."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.next_id = 0

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.next_id += 1
        wanted = self.next_id
        await self.ws.send(json.dumps({"id": wanted, "method": method, "params": params}))
        while True:
            message = json.loads(await asyncio.wait_for(self.ws.recv(), WAIT))
            if message.get("id") == wanted:
                assert "error" not in message, message
                return message["result"]

    async def screenshot(self) -> bytes:
        return base64.b64decode((await self.call("Page.captureScreenshot", format="png"))["data"])

    async def until(self, test: Any, what: str) -> Any:
        """Poll ``test`` (an async function) until it returns something true, up to WAIT seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + WAIT
        while not (found := await test()):
            if loop.time() > deadline:
                raise AssertionError(f"timed out waiting for {what}")
            await asyncio.sleep(0.1)  # between polls of a condition, bounded by the deadline
        return found

    async def key(self, key: str, code: int, text: str) -> None:
        for kind in ("keyDown", "keyUp"):
            await self.call("Input.dispatchKeyEvent", type=kind, key=key, code=key, windowsVirtualKeyCode=code,
                            text=text if kind == "keyDown" else "")


def test_the_served_app_in_headless_chromium_draws_its_home_screen_and_takes_a_key(tmp_path: Path) -> None:
    from websockets.asyncio.client import connect

    served = Served(tmp_path)
    profile = tmp_path / "chromium"
    browser = subprocess.Popen([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        async def visit() -> None:
            loop = asyncio.get_running_loop()
            deadline = loop.time() + WAIT
            port_file = profile / "DevToolsActivePort"
            while not (port_file.exists() and port_file.read_text().strip()):
                assert loop.time() < deadline and browser.poll() is None, "Chromium did not start"
                await asyncio.sleep(0.05)  # until Chromium says where it listens
            port = int(port_file.read_text().split()[0])
            pages = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=WAIT).read())
            page = next(p for p in pages if p["type"] == "page")
            async with connect(page["webSocketDebuggerUrl"], max_size=None) as ws:
                tools = DevTools(ws)
                await tools.call("Page.enable")
                await tools.call("Page.navigate", url=f"http://127.0.0.1:{served.port}/?fontsize=14")

                async def first_byte() -> bool:
                    result = await tools.call("Runtime.evaluate", returnByValue=True,
                                              expression="document.body.classList.contains('-first-byte')")
                    return result["result"].get("value") is True

                await tools.until(first_byte, "the app's first output in the page")

                async def drawn() -> bytes | None:
                    shot = await tools.screenshot()
                    return shot if bright_share(shot) > 0.01 else None

                home = await tools.until(drawn, "the home screen drawn in the page")
                await tools.call("Runtime.evaluate", expression="document.querySelector('textarea').focus()")
                await tools.key("Enter", 13, "\r")  # Enter on the home screen: the setup of the game

                async def changed() -> bool:
                    shot = await tools.screenshot()
                    return changed_share(home, shot) > 0.05 and bright_share(shot) > 0.01

                await tools.until(changed, "the screen to change after Enter")
                if SHOTS:
                    Path(SHOTS, "home.png").write_bytes(home)
                    Path(SHOTS, "setup.png").write_bytes(await tools.screenshot())

        asyncio.run(visit())
    finally:
        browser.terminate()
        try:
            browser.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            browser.kill()
        served.stop()


def test_a_visitor_in_the_browser_joins_a_hosted_table(tmp_path: Path) -> None:
    """A friend without a terminal: in the served app in Chromium he presses j, types the
    host's address and his code, and sits down at the table (the host sees him seated)."""
    import threading

    from websockets.asyncio.client import connect

    from parlour.core.record import HUMAN, Seat
    from parlour.core.rulesets import load_ruleset
    from parlour.net.server import TableServer
    from parlour.net.table import hosted

    from parlour.games.casablanca import GAME as CASABLANCA

    table = hosted(CASABLANCA, load_ruleset(CASABLANCA).resolve(), 4, [Seat("Ada", HUMAN), Seat("cpu", "easy")])
    code = table.issue_codes()[0]
    ready, done = threading.Event(), threading.Event()
    hosting: dict[str, Any] = {}

    def host() -> None:
        async def run() -> None:
            server = TableServer(table)
            await server.start()
            hosting["server"] = server
            ready.set()
            while not done.is_set():
                await asyncio.sleep(0.05)  # the host's loop runs until the test is done
            await server.close()

        asyncio.run(run())

    thread = threading.Thread(target=host, daemon=True)
    thread.start()
    assert ready.wait(WAIT)
    server = hosting["server"]
    served = Served(tmp_path)
    profile = tmp_path / "chromium"
    browser = subprocess.Popen([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        async def visit() -> None:
            tools = await open_page(browser, profile, served.port, connect)
            async with tools.ws:
                await tools.call("Runtime.evaluate", expression="document.querySelector('textarea').focus()")
                home = await tools.screenshot()
                await tools.key("j", 74, "j")

                async def dialog_open() -> bool:
                    return changed_share(home, await tools.screenshot()) > 0.05

                await tools.until(dialog_open, "the join dialog")
                # every key through one channel, in order: key events (insertText may overtake them)
                for key in join_line(f"127.0.0.1:{server.port}", code):  # the host's line, into the code
                    await tools.call("Input.dispatchKeyEvent", type="char", text=key)
                if SHOTS:
                    Path(SHOTS, "join.png").write_bytes(await tools.screenshot())
                await tools.key("Enter", 13, "\r")

                async def seated() -> bool:
                    return 0 in server.seated

                await tools.until(seated, "the visitor seated at the host")

        asyncio.run(visit())
    finally:
        done.set()
        thread.join(WAIT)
        browser.terminate()
        try:
            browser.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            browser.kill()
        served.stop()


def test_in_chromium_a_page_of_another_site_cannot_open_the_app(tmp_path: Path) -> None:
    """Issue 25 as a browser lives it: evil.example made to resolve to this machine (DNS
    rebinding) gets no app under its own name, and its page cannot open a websocket to the
    real address either (cross-site websocket hijacking)."""
    import functools
    import http.server
    import threading

    from websockets.asyncio.client import connect

    (tmp_path / "evil").mkdir()
    (tmp_path / "evil" / "index.html").write_text("<title>evil</title><p>a page of another site</p>")

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            """Nothing on the test's output."""

    evil = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=tmp_path / "evil"))
    threading.Thread(target=evil.serve_forever, daemon=True).start()
    served = Served(tmp_path)
    profile = tmp_path / "chromium"
    browser = subprocess.Popen([CHROMIUM, *FLAGS, f"--user-data-dir={profile}",
                                "--host-resolver-rules=MAP evil.example 127.0.0.1", "about:blank"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        async def visit() -> None:
            tools = await devtools(browser, profile, connect)
            async with tools.ws:
                async def shown(expression: str) -> Any:
                    return (await tools.call("Runtime.evaluate", returnByValue=True,
                                             expression=expression))["result"].get("value")

                await tools.call("Page.navigate", url=f"http://evil.example:{served.port}/")
                text = await tools.until(lambda: shown("document.body && document.body.innerText"), "the answer")
                assert text.startswith("refused: Parlour does not answer to the address"), text
                await tools.call("Page.navigate", url=f"http://evil.example:{evil.server_address[1]}/")

                async def on_evil() -> bool:
                    return await shown("document.title") == "evil"

                await tools.until(on_evil, "the other site's page")
                opened = await tools.call("Runtime.evaluate", awaitPromise=True, returnByValue=True, expression=(
                    "new Promise(done => { const ws = new WebSocket('ws://127.0.0.1:%d/ws');"
                    " ws.onopen = () => { ws.close(); done('open'); }; ws.onclose = () => done('closed'); })"
                    % served.port))
                assert opened["result"]["value"] == "closed", "another site's page opened the app's websocket"

        asyncio.run(visit())
    finally:
        evil.shutdown()
        evil.server_close()
        browser.terminate()
        try:
            browser.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            browser.kill()
        err = served.stop()
    assert "Traceback" not in err, err


async def devtools(browser: subprocess.Popen, profile: Path, connect: Any) -> DevTools:
    """The DevTools protocol on Chromium's page, once Chromium has started."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    port_file = profile / "DevToolsActivePort"
    while not (port_file.exists() and port_file.read_text().strip()):
        assert loop.time() < deadline and browser.poll() is None, "Chromium did not start"
        await asyncio.sleep(0.05)  # until Chromium says where it listens
    devtools = int(port_file.read_text().split()[0])
    pages = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{devtools}/json/list", timeout=WAIT).read())
    page = next(p for p in pages if p["type"] == "page")
    tools = DevTools(await connect(page["webSocketDebuggerUrl"], max_size=None))
    await tools.call("Page.enable")
    return tools


async def open_page(browser: subprocess.Popen, profile: Path, port: int, connect: Any) -> DevTools:
    """The served app's page in Chromium, once its first output has arrived and is drawn."""
    tools = await devtools(browser, profile, connect)
    await tools.call("Page.navigate", url=f"http://127.0.0.1:{port}/?fontsize=14")

    async def drawn() -> bool:
        result = await tools.call("Runtime.evaluate", returnByValue=True,
                                  expression="document.body.classList.contains('-first-byte')")
        return result["result"].get("value") is True and bright_share(await tools.screenshot()) > 0.01

    await tools.until(drawn, "the app drawn in the page")
    return tools
