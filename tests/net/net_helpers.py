"""Helpers for the host's tests: reading a client's next message, and waiting on a condition
(each wait bounded by :data:`WAIT`, a guard against a hang, never a measure)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

#: a test waits at most this long for any one message or condition
WAIT = 30.0


async def receive(ws, *, presence: bool = False) -> dict:
    """The next message (news of who is away skipped, unless ``presence``)."""
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
        if presence or message["type"] != "presence":
            return message


async def until(condition: Callable[[], bool], what: str) -> None:
    """Until ``condition()`` holds; fails saying ``what`` was waited for after :data:`WAIT`."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while not condition():
        assert loop.time() < deadline, f"waited {WAIT:.0f} s for {what}"
        await asyncio.sleep(0.01)
