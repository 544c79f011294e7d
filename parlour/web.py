"""``parlour serve``: the app in a web browser (issue 14), through textual-serve — an optional
extra (``pip install 'parlour[web]'``), imported only here.

Every browser tab runs its own app process. Each process sits in a data folder of its own,
made when the tab opens and removed when it closes (:func:`enter_tab`): a visitor never sees
the host's saved games, records or house rules, nor another visitor's — so nobody continues
someone else's game and reads his hand. textual-serve has no login: ``serve`` listens on the
loopback address unless told otherwise, and warns when it is. While served, the app's
standard output is the channel to the browser; nothing else may write to it.

A web page the user has open elsewhere must not start or drive the app (issue 25): every
request passes the :class:`Gate` first, which answers only to the address ``serve`` listens on
and the origins named with ``--allow-origin``, and refuses a websocket from any other page.
"""

from __future__ import annotations

import ipaddress
import os
import shlex
import shutil
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

#: set in the environment of each tab's app process: the folder its own data folder goes in
SERVED = "PARLOUR_SERVED"
LOOPBACK = ("127.0.0.1", "localhost", "::1")
#: the names a browser on this machine may use for a loopback address
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
DEFAULT_PORTS = {"http": 80, "https": 443}
#: browser tabs served at once by default (``--tabs``): each is an app process of about 55 MB
TABS = 8


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

    tab = Path(tempfile.mkdtemp(prefix="tab-", dir=base))  # mode 0700: no other user lists it
    os.environ["XDG_DATA_HOME"] = str(tab / "data")
    os.environ["XDG_CONFIG_HOME"] = str(tab / "config")
    sys.stdout = sys.stderr  # the web driver writes to sys.__stdout__ itself
    atexit.register(shutil.rmtree, tab, True)
    return tab


def parse_origin(text: str) -> str:
    """``--allow-origin``'s value as a browser writes an ``Origin`` header: the scheme (http or
    https), the host and a port unless the scheme's own, in lower case. A ``ValueError`` for
    anything else (a path, a query, a login)."""
    wrong = ValueError(f"--allow-origin {text!r} is not an origin such as https://parlour.example.com")
    try:
        parts = urlsplit(text.strip().lower())
        port = parts.port
    except ValueError:
        raise wrong from None
    if (parts.scheme not in DEFAULT_PORTS or not parts.hostname or parts.username is not None
            or parts.path not in ("", "/") or parts.query or parts.fragment):
        raise wrong
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    if port is None or port == DEFAULT_PORTS[parts.scheme]:
        return f"{parts.scheme}://{host}"
    return f"{parts.scheme}://{host}:{port}"


class Gate:
    """Who may open the served app. A page and its websocket must name, in ``Host``, the
    address ``serve`` listens on (for a loopback address, any of :data:`LOOPBACK_NAMES`) or an
    allowed origin's host: another name means a foreign site made its name point here (DNS
    rebinding). A request with an ``Origin`` must come from one of those addresses over http,
    or from an allowed origin. A websocket without ``Origin`` is refused too: every browser
    sends one, so only a client outside a browser leaves it out, and such a client can send
    the page's own as easily."""

    def __init__(self, origins: Iterable[str] = ()) -> None:
        self.allowed = [parse_origin(origin) for origin in origins]
        self.hosts: dict[str, str] = {}  # a Host header accepted -> the origin the page then uses
        for origin in self.allowed:
            parts = urlsplit(origin)
            self.hosts.setdefault(parts.netloc, origin)
            if parts.port is None:  # a proxy may write the scheme's own port
                self.hosts.setdefault(f"{parts.netloc}:{DEFAULT_PORTS[parts.scheme]}", origin)
        self.origins = set(self.allowed)

    def listen(self, host: str, port: int) -> str:
        """Answer to ``host``:``port``, where ``serve`` listens; returns the address announced."""
        shown = f"[{host}]" if ":" in host else host
        names = {shown.lower()}
        if _loopback(host):
            names.update(LOOPBACK_NAMES)
        for name in names:
            for netloc in (f"{name}:{port}", name) if port == 80 else (f"{name}:{port}",):
                self.hosts.setdefault(netloc, f"http://{netloc}")
                self.origins.add(f"http://{netloc}")
        return f"http://{shown}:{port}"

    def refusal(self, host: str | None, origin: str | None, websocket: bool) -> str | None:
        """Why a request with these headers is refused (one line), or None to let it in."""
        if host is None:
            return "refused: the request has no Host header"
        if host.lower() not in self.hosts:
            return (f"refused: Parlour does not answer to the address {host!r} "
                    "(parlour serve --allow-origin lets another in)")
        if origin is None:
            return "refused: a websocket needs an Origin header, which browsers send" if websocket else None
        if origin.lower() not in self.origins:
            return (f"refused: a page from {origin!r} may not open Parlour "
                    "(parlour serve --allow-origin lets another in)")
        return None

    def page_origin(self, host: str) -> str:
        """The origin the page's links and websocket use when it was asked for by ``host``
        (a Host header :meth:`refusal` let in): the one the browser already has."""
        return self.hosts[host.lower()]


def _loopback(host: str) -> bool:
    try:
        return host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


async def open_site(host: str, port: int, origins: Iterable[str] = (), command: str | None = None,
                    tabs: int = TABS) -> tuple[Any, str]:
    """Listen on ``host``:``port`` (0: any free port), serving ``command`` (the app) to each
    browser tab behind a :class:`Gate` allowing ``origins``, at most ``tabs`` tabs at once (a
    tab's websocket beyond them is refused before its app process starts: a hostile-client
    review opened 8 from one client, 8 processes and 444 MB, and nothing counted them).
    Returns the aiohttp runner (its ``cleanup()`` stops serving) and the address announced. A
    :class:`WebUnavailable` without the web extra; an ``OSError`` when the address cannot be
    listened on."""
    try:
        import aiohttp_jinja2
        from aiohttp import web
        from textual_serve.server import Server, to_int
    except ImportError:
        raise WebUnavailable("parlour serve needs the web extra: pip install 'parlour[web]'") from None
    gate = Gate(origins)
    open_tabs = [0]

    @web.middleware
    async def guard(request: web.Request, handler: Any) -> web.StreamResponse:
        """The gate before every route; and no folder is listed, only files sent."""
        route = request.match_info.route
        websocket = route.name == "websocket" or request.headers.get("Upgrade", "").lower() == "websocket"
        reason = gate.refusal(request.headers.get("Host"), request.headers.get("Origin"), websocket)
        if reason:
            return web.Response(status=403, text=reason + "\n")
        if websocket:  # a tab: its app process runs as long as the websocket is open
            if open_tabs[0] >= tabs:
                return web.Response(status=503, text=f"refused: {tabs} tabs are open already, as many as this "
                                                     f"server lets play at once (parlour serve --tabs)\n")
            open_tabs[0] += 1
            try:
                return await handler(request)
            finally:
                open_tabs[0] -= 1
        if isinstance(route.resource, web.StaticResource):
            folder = Path(route.resource.get_info()["directory"]).resolve()
            target = (folder / request.match_info.get("filename", "").lstrip("/")).resolve()
            if not (target.is_relative_to(folder) and target.is_file()):
                raise web.HTTPNotFound()
        return await handler(request)

    class ParlourServer(Server):  # type: ignore[misc]
        async def on_startup(self, app: Any) -> None:
            """Textual-serve's banner is replaced by the one line ``serve`` announces."""

        async def handle_index(self, request: web.Request) -> web.StreamResponse:
            """textual-serve's page, its links and websocket on the origin the browser asked."""
            base = gate.page_origin(request.headers["Host"])
            router = request.app.router
            socket = base.replace("http", "ws", 1) + str(router["websocket"].url_for())
            context = {"font_size": to_int(request.query.get("fontsize", "16"), 16), "app_websocket_url": socket,
                       "config": {"static": {"url": base + str(router["static"].url_for(filename="/"))}},
                       "application": {"name": self.title}}
            return aiohttp_jinja2.render_template("app_index.html", request, context)

    server = ParlourServer(command or f"{shlex.quote(sys.executable)} -m parlour play", host=host, port=port,
                           title="Parlour")
    app = await server._make_app()
    app.middlewares.append(guard)
    runner = web.AppRunner(app, handle_signals=False)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
    except BaseException:
        await runner.cleanup()
        raise
    server.port = runner.addresses[0][1]
    server.public_url = gate.listen(host, server.port)
    return runner, server.public_url


def serve(host: str, port: int, announce: Any = print, origins: Iterable[str] = (), tabs: int = TABS) -> None:
    """Serve the app on ``host``:``port`` (0: any free port), to pages from there or from
    ``origins``, at most ``tabs`` browser tabs at once, until interrupted; ``announce`` is told
    the address once it listens. A
    :class:`WebUnavailable` without the web extra; an ``OSError`` when the address cannot be
    listened on."""
    import asyncio
    import signal

    base = Path(tempfile.mkdtemp(prefix="parlour-serve-"))  # mode 0700, as is each tab's in it

    async def run() -> None:
        runner, url = await open_site(host, port, origins, tabs=tabs)
        try:
            announce(url)
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
