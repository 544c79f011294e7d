"""``parlour serve``: the app in a web browser (issue 14), through textual-serve — an optional
extra (``pip install 'parlour[web]'``), imported only here.

Every browser tab runs its own app process. Each process sits in a data folder of its own,
made when the tab opens and removed when it closes (:func:`enter_tab`): a visitor never sees
the host's saved games, records or house rules, nor another visitor's — so nobody continues
someone else's game and reads his hand. textual-serve has no login: ``serve`` listens on the
loopback address unless told otherwise, and warns when it is. While served, the app's
standard output is the channel to the browser; nothing else may write to it.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

#: set in the environment of each tab's app process: the folder its own data folder goes in
SERVED = "PARLOUR_SERVED"
LOOPBACK = ("127.0.0.1", "localhost", "::1")


class WebUnavailable(Exception):
    """The web extra is not installed."""


def enter_tab() -> Path | None:
    """In an app process started by ``parlour serve`` (:data:`SERVED` set): give this tab a data
    and config folder of its own, removed when the process ends, and send anything printed to
    standard error (standard output carries the screen to the browser). Returns the tab's
    folder, or None when not served."""
    base = os.environ.get(SERVED)
    if not base:
        return None
    import atexit

    tab = Path(tempfile.mkdtemp(prefix="tab-", dir=base))
    os.environ["XDG_DATA_HOME"] = str(tab / "data")
    os.environ["XDG_CONFIG_HOME"] = str(tab / "config")
    sys.stdout = sys.stderr  # the web driver writes to sys.__stdout__ itself
    atexit.register(shutil.rmtree, tab, True)
    return tab


def serve(host: str, port: int, announce: Any = print) -> None:
    """Serve the app on ``host``:``port`` (0: any free port) until interrupted; ``announce``
    is told the address once it listens. A :class:`WebUnavailable` without the web extra;
    an ``OSError`` when the address cannot be listened on."""
    try:
        from aiohttp import web
        from textual_serve.server import Server
    except ImportError:
        raise WebUnavailable("parlour serve needs the web extra: pip install 'parlour[web]'") from None
    import asyncio
    import signal

    base = Path(tempfile.mkdtemp(prefix="parlour-serve-"))
    command = f"{shlex.quote(sys.executable)} -m parlour play"

    class ParlourServer(Server):  # type: ignore[misc]
        async def on_startup(self, app: Any) -> None:
            """Textual-serve's banner is replaced by the one line ``announce`` prints."""

    async def run() -> None:
        server = ParlourServer(command, host=host, port=port, title="Parlour")
        runner = web.AppRunner(await server._make_app(), handle_signals=False)
        await runner.setup()
        try:
            site = web.TCPSite(runner, host, port)
            await site.start()
            bound = runner.addresses[0][1]
            shown = f"[{host}]" if ":" in host else host
            server.port = bound
            server.public_url = f"http://{shown}:{bound}"
            announce(server.public_url)
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(sig, stop.set)
            await stop.wait()
        finally:
            await runner.cleanup()

    previous = os.environ.get(SERVED)
    os.environ[SERVED] = str(base)
    try:
        asyncio.run(run())
    finally:
        if previous is None:
            os.environ.pop(SERVED, None)
        else:
            os.environ[SERVED] = previous
        shutil.rmtree(base, ignore_errors=True)
