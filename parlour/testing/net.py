"""A player a host must survive: a websocket client on a raw socket with a tiny receive buffer,
which says hello with its code, sends what it is told to, and never reads another byte (the
host's messages pile up on its side). Used by the host's tests and ``benchmarks/net_latency.py``.
"""

from __future__ import annotations

import asyncio
import base64
import os
import socket
import struct

from parlour.net.protocol import encode


def frame(text: str) -> bytes:
    """``text`` as one masked websocket text frame, as a client must send it."""
    payload = text.encode("utf-8")
    if len(payload) < 126:
        head = struct.pack("!BB", 0x81, 0x80 | len(payload))
    else:
        head = struct.pack("!BBH", 0x81, 0x80 | 126, len(payload))
    mask = os.urandom(4)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


class NonReader:
    """A seated player who stops reading: :meth:`join` says hello, :meth:`send` writes frames
    (without waiting for the host to read them), and nothing it is sent is ever read."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock

    @classmethod
    async def join(cls, port: int, code: str, receive_buffer: int = 1024) -> NonReader:
        loop = asyncio.get_running_loop()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        sock.setblocking(False)
        await loop.sock_connect(sock, ("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        await loop.sock_sendall(sock, (
            f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        answer = b""
        while not answer.endswith(b"\r\n\r\n"):  # byte by byte: nothing past the handshake is read
            byte = await loop.sock_recv(sock, 1)
            if not byte:
                raise ConnectionError("the host closed the connection during the handshake")
            answer += byte
        if not answer.startswith(b"HTTP/1.1 101"):
            raise ConnectionError(f"the host refused the handshake: {answer.splitlines()[0]!r}")
        player = cls(sock)
        await player.send(encode({"type": "hello", "code": code}))
        return player

    async def send(self, *messages: str) -> None:
        """Write ``messages`` as frames; returns once the kernel took them (a host that stopped
        reading this socket makes it wait, so run it as a task then)."""
        await asyncio.get_running_loop().sock_sendall(self.sock, b"".join(frame(m) for m in messages))
        await asyncio.sleep(0)  # a send the kernel took at once never yielded: let a host in this loop read

    def close(self) -> None:
        self.sock.close()
