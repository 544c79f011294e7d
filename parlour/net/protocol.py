"""The messages between a host and the players who join its table: versioned JSON objects,
each one line, bounded in size and read through the project's gate for outside input.

A client sends::

    {"v": 1, "type": "hello", "code": "..."}            # sit down at the seat the code is for
    {"v": 1, "type": "move", "turn": 12, "text": "..."}  # the move for decision ``turn``

and receives::

    {"v": 1, "type": "welcome", "seat": 2, "game": "...", "names": [...], "variants": [...]}
    {"v": 1, "type": "table", "turn": 12, "view": {...}, "events": [{"text", "kind"}, ...],
     "legal": [{"text", "label"}, ...] | null, "over": false}
    {"v": 1, "type": "refused", "why": "..."}
    {"v": 1, "type": "results", "scores": [...], "winners": [...], "seed": ..., "record": {...}}

A ``table`` message carries only what the seat may know: its own view, the events it saw, and
its legal moves when it must decide. The seed and the record go out only in ``results``, once
the game is over (a seed rebuilds every hidden shuffle).
"""

from __future__ import annotations

import json
from typing import Any

from parlour.core.inputs import InputProblem, check_data, shown

#: the protocol's version; a message of another version is refused
VERSION = 1
#: the longest message a client may send (a move's text is short)
CLIENT_BYTES = 4096
#: the longest message a host sends (a view of the largest table is a few tens of kilobytes)
HOST_BYTES = 1 << 20


class ProtocolError(Exception):
    """A message that cannot be read, in one line (its content quoted safely)."""


def encode(message: dict[str, Any]) -> str:
    """One message as one line of JSON (no NaN, keys in a stable order)."""
    return json.dumps({"v": VERSION, **message}, sort_keys=True, allow_nan=False, separators=(",", ":"))


def decode(raw: str | bytes, limit: int = CLIENT_BYTES) -> dict[str, Any]:
    """A client's message, checked: at most ``limit`` bytes, strict UTF-8 JSON without NaN,
    nesting and numbers bounded, an object of this protocol's version with a known type."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    if len(data) > limit:
        raise ProtocolError(f"a message of {len(data):,} bytes: at most {limit:,}")
    try:
        text = data.decode("utf-8")

        def no_constant(name: str) -> Any:
            raise InputProblem(f"not a finite number: {name}")

        message = json.loads(text, parse_constant=no_constant)
        check_data(message)
    except UnicodeDecodeError:
        raise ProtocolError("a message that is not UTF-8") from None
    except (InputProblem, ValueError, RecursionError) as exc:
        raise ProtocolError(f"a message that is not valid JSON: {shown(str(exc), 80)}") from None
    if not isinstance(message, dict):
        raise ProtocolError(f"a message is a JSON object, not {type(message).__name__}")
    if message.get("v") != VERSION:
        raise ProtocolError(f"protocol version {shown(message.get('v'))}: this host speaks {VERSION}")
    kind = message.get("type")
    if kind == "hello":
        if not isinstance(message.get("code"), str) or not 0 < len(message["code"]) <= 100:
            raise ProtocolError("a hello needs its join code")
    elif kind == "move":
        turn, text = message.get("turn"), message.get("text")
        if isinstance(turn, bool) or not isinstance(turn, int) or turn < 0:
            raise ProtocolError(f"a move needs the turn it answers, not {shown(turn)}")
        if not isinstance(text, str) or not 0 < len(text) <= 200:
            raise ProtocolError("a move needs its text")
    else:
        raise ProtocolError(f"unknown message type {shown(kind)}")
    return message
