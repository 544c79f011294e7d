"""``parlour serve`` (issue 14): the app served to web browsers through textual-serve, checked
at the websocket level the browser page uses — the home screen arrives and takes keys — and
each tab in a data folder of its own (a saved game of the host's is not offered to a
visitor, and the tab's folder goes when the tab closes)."""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("textual_serve", reason="the web extra (parlour[web]) is not installed")

from parlour.core.record import Seat  # noqa: E402
from parlour.core.saves import SaveFolder  # noqa: E402

#: the longest wait for the server or a screen (a bound on a wait for a condition)
WAIT = 60.0
ANSI = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78]|\x1b\][^\x07]*\x07")


class Served:
    """``parlour serve --port 0`` in a process of its own, with the host's data in ``home``."""

    def __init__(self, home: Path, *args: str) -> None:
        env = {**os.environ, "XDG_DATA_HOME": str(home / "data"), "XDG_CONFIG_HOME": str(home / "config"),
               "TMPDIR": str(home / "tmp"), "PARLOUR_PLUGINS": ""}
        (home / "tmp").mkdir()
        self.tmp = home / "tmp"
        self.process = subprocess.Popen([sys.executable, "-m", "parlour", "serve", "--port", "0", *args], env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        self.line = self.process.stdout.readline()
        found = re.search(r"http://[^:]+:(\d+)", self.line)
        assert found, self.line + self.process.stderr.read()  # type: ignore[union-attr]
        self.port = int(found.group(1))

    def stop(self) -> str:
        self.process.terminate()
        try:
            _, err = self.process.communicate(timeout=WAIT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _, err = self.process.communicate()
        return err


class Tab:
    """A browser tab's websocket: the terminal's output as text, keys sent as the page sends them."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.seen = ""

    async def until(self, text: str) -> str:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + WAIT
        while text not in ANSI.sub("", self.seen):
            try:
                frame = await asyncio.wait_for(self.ws.recv(), deadline - loop.time())
            except TimeoutError:
                raise AssertionError(f"no {text!r} on the screen: {ANSI.sub('', self.seen)[-2000:]}") from None
            if isinstance(frame, bytes):
                self.seen += frame.decode("utf-8", "replace")
        return ANSI.sub("", self.seen)

    async def keys(self, keys: str) -> None:
        self.seen = ""
        await self.ws.send(json.dumps(["stdin", keys]))


def test_the_served_app_arrives_takes_keys_and_keeps_each_tab_apart(tmp_path: Path) -> None:
    from websockets.asyncio.client import connect

    from parlour.games.casablanca import GAME as CASABLANCA
    from parlour.core.rulesets import load_ruleset
    from parlour.core.seating import start_match

    host_saves = SaveFolder(tmp_path / "data" / "parlour")
    match = start_match(CASABLANCA, load_ruleset(CASABLANCA).resolve(), 4, [Seat("Host", "human"), Seat("cpu", "easy")])
    host_saves.saves.mkdir(parents=True)
    match.record.save(host_saves.saves / "casablanca-host-4.json")
    served = Served(tmp_path)
    try:
        page = urllib.request.urlopen(f"http://127.0.0.1:{served.port}/", timeout=WAIT).read().decode()
        assert f"ws://127.0.0.1:{served.port}/ws" in page and "Parlour" in page

        async def visit() -> None:
            async with connect(f"ws://127.0.0.1:{served.port}/ws?width=100&height=30", max_size=None,
                               origin=f"http://127.0.0.1:{served.port}") as ws:  # as the page's own
                tab = Tab(ws)
                home = await tab.until("Monte Carlo")
                assert "Banque Fatale" in home and "Casablanca" in home
                assert "Continue" not in home and "Saved" not in home, "a visitor is never offered the host's game"
                await tab.keys("\r")  # Enter: set up the highlighted game
                await tab.until("At the table")
                tabs = list(served.tmp.glob("parlour-serve-*/tab-*"))
                assert len(tabs) == 1, "the tab has a folder of its own"
                assert tabs[0].stat().st_mode & 0o777 == tabs[0].parent.stat().st_mode & 0o777 == 0o700, (
                    "no other user of the machine may list or read a tab's saves (issue 25)")

        asyncio.run(visit())
        loop_end = asyncio.run(_gone(served.tmp))
        assert loop_end, "the tab's folder goes when the tab closes"
        assert host_saves.saves.joinpath("casablanca-host-4.json").exists()
    finally:
        err = served.stop()
    assert "Traceback" not in err, err
    assert not list(served.tmp.glob("parlour-serve-*")), "serve removes its folder when it stops"


async def _gone(tmp: Path) -> bool:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while list(tmp.glob("parlour-serve-*/tab-*")):
        if loop.time() > deadline:
            return False
        await asyncio.sleep(0.05)  # polling a condition, bounded by the deadline
    return True


def test_serving_beyond_this_machine_warns_and_a_missing_extra_is_one_line(tmp_path: Path) -> None:
    served = Served(tmp_path, "--bind", "0.0.0.0")
    assert "http://0.0.0.0:" in served.line
    assert "there is no login, anyone who can reach it can play" in served.stop()
    out = subprocess.run([sys.executable, "-c", "import sys; sys.modules['textual_serve'] = None; "
                          "from parlour.cli import main; sys.exit(main(['serve', '--port', '0']))"],
                         capture_output=True, text=True, timeout=WAIT)
    assert out.returncode == 2 and out.stderr.strip() == (
        "parlour: parlour serve needs the web extra: pip install 'parlour[web]'")


def test_a_served_tab_prints_nothing_to_standard_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    from parlour.web import SERVED, enter_tab

    monkeypatch.setenv(SERVED, str(tmp_path))
    monkeypatch.setattr(sys, "stdout", sys.stdout)
    tab = enter_tab()
    assert tab is not None and tab.parent == tmp_path
    assert os.environ["XDG_DATA_HOME"].startswith(str(tab)) and os.environ["XDG_CONFIG_HOME"].startswith(str(tab))
    print("stray")
    captured = capsys.readouterr()
    assert "stray" not in captured.out and "stray" in captured.err
