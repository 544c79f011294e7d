"""The messages between a host and the players who join its table: versioned JSON objects,
each one line, bounded in size and read through the project's gate for outside input.

A client sends::

    {"v": 1, "type": "hello", "code": "..."}            # sit down at the seat the code is for
    {"v": 1, "type": "move", "turn": 12, "text": "..."}  # the move for decision ``turn``

(the hello first: anything else before it is refused, "say hello first") and receives::

    {"v": 1, "type": "welcome", "seat": 2, "game": "...", "names": [...], "agents": [...],
     "variants": [...], "rules": {...}}
    {"v": 1, "type": "table", "turn": 12, "to_move": 0 | null, "view": {...},
     "events": [{"text", "kind"}, ...], "legal": [{"text", "label"}, ...] | null,
     "moves": 243 | null, "over": false, "stage": "Round 2" | null}
    {"v": 1, "type": "presence", "away": [1], "takeover": 120 | null}
    {"v": 1, "type": "seats", "agents": [...]}
    {"v": 1, "type": "refused", "why": "..."}
    {"v": 1, "type": "results", "scores": [...], "winners": [...], "breakdown": [{...}, ...]}

A ``table`` message carries only what the seat may know: its own view, the events it saw, and
its legal moves when it must decide (at most :data:`LEGAL_LIMIT` of them; ``moves`` says how
many there are, and a move beyond the list is the host's to judge), and the stage of the game
(public: the seat's own review marks its rounds with it). The seed and the record never go
out, not even in ``results``, which says only what every seat may know at the end: a seed
rebuilds every hidden shuffle, and a record holds every secret answer.
``presence`` names the seats whose players are away and, when the host gives up waiting, in
how many seconds a computer takes such a seat; ``seats`` says who plays each seat after one did.
"""

from __future__ import annotations

import json
from typing import Any

from parlour.core.inputs import RECORD_BYTES, InputProblem, check_data, shown

#: the protocol's version; a message of another version is refused
VERSION = 1
#: the longest message a client may send (a move's text is short)
CLIENT_BYTES = 4096
#: the longest message a host sends: the table sent to a player who joins again carries every
#: event he saw (a view of the largest table is a few tens of kilobytes)
HOST_BYTES = RECORD_BYTES + (1 << 20)
#: the most legal moves a table message lists (a Banque Fatale bid of a rich seat has more)
LEGAL_LIMIT = 5000


class ProtocolError(Exception):
    """A message that cannot be read, in one line (its content quoted safely)."""


def encode(message: dict[str, Any]) -> str:
    """One message as one line of JSON (no NaN, keys in a stable order)."""
    return json.dumps({"v": VERSION, **message}, sort_keys=True, allow_nan=False, separators=(",", ":"))


def _load(raw: str | bytes, limit: int, speaker: str) -> dict[str, Any]:
    """One message as a JSON object of this protocol's version: at most ``limit`` bytes,
    strict UTF-8 JSON without NaN, nesting, texts and numbers bounded."""
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
        raise ProtocolError(f"protocol version {shown(message.get('v'))}: {speaker} speaks {VERSION}")
    return message


def decode(raw: str | bytes, limit: int = CLIENT_BYTES) -> dict[str, Any]:
    """A client's message, checked: at most ``limit`` bytes, strict UTF-8 JSON without NaN,
    nesting and numbers bounded, an object of this protocol's version with a known type."""
    message = _load(raw, limit, "this host")
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


def _whole(value: Any, low: int = 0) -> bool:
    return type(value) is int and value >= low


def _texts(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _pairs(value: Any, *keys: str) -> bool:
    return isinstance(value, list) and all(
        isinstance(item, dict) and all(isinstance(item.get(key), str) for key in keys) for item in value)


#: what each kind of host message must carry: a field's name and its check
_HOST_FIELDS: dict[str, dict[str, Any]] = {
    "welcome": {"seat": _whole, "game": lambda v: isinstance(v, str), "names": _texts, "agents": _texts,
                "variants": _texts, "rules": lambda v: isinstance(v, dict)},
    "table": {"turn": _whole, "to_move": lambda v: v is None or _whole(v), "view": lambda v: isinstance(v, dict),
              "events": lambda v: _pairs(v, "text", "kind"),
              "legal": lambda v: v is None or _pairs(v, "text", "label"),
              "moves": lambda v: v is None or _whole(v), "over": lambda v: isinstance(v, bool),
              "stage": lambda v: v is None or isinstance(v, str)},
    "presence": {"away": lambda v: isinstance(v, list) and all(_whole(s) for s in v),
                 "takeover": lambda v: v is None or (isinstance(v, (int, float)) and not isinstance(v, bool)
                                                     and v >= 0)},
    "seats": {"agents": _texts},
    "refused": {"why": lambda v: isinstance(v, str)},
    "results": {"scores": lambda v: isinstance(v, list) and all(
                    isinstance(s, (int, float)) and not isinstance(s, bool) for s in v),
                "winners": lambda v: isinstance(v, list) and all(_whole(s) for s in v),
                "breakdown": lambda v: isinstance(v, list) and all(isinstance(d, dict) for d in v)},
}


def read_host(raw: str | bytes, limit: int = HOST_BYTES) -> dict[str, Any]:
    """A host's message, checked as :func:`decode` checks a client's, and each field of its
    type of the kind it must be (a host is outside input to the player's app too)."""
    message = _load(raw, limit, "this app")
    fields = _HOST_FIELDS.get(message.get("type"))  # type: ignore[arg-type]
    if fields is None:
        raise ProtocolError(f"unknown message type {shown(message.get('type'))}")
    for name, check in fields.items():
        if not check(message.get(name)):
            raise ProtocolError(f"a {message['type']} message with a bad {name!r}: {shown(message.get(name), 60)}")
    return message


#: where ``parlour join`` finds the code when it is not on the command line (which any user of
#: the machine can read in the process list; a process's environment only its owner can)
CODE_VARIABLE = "PARLOUR_CODE"


def join_line(address: str, code: str) -> str:
    """The line a player types to join: the code in the environment, not the command line."""
    return f"{CODE_VARIABLE}={code} parlour join {address}"


def read_join_line(text: str) -> tuple[str | None, str]:
    """The address and the code in a pasted join line — :func:`join_line`'s, or the older
    ``parlour join HOST:PORT CODE`` — or (None, ``text``) when it is a code alone."""
    words = text.split()
    if len(words) < 2:
        return None, text.strip()
    given = [w.partition("=")[2] for w in words if w.startswith(f"{CODE_VARIABLE}=")]
    address = next((w for w in words if ":" in w and "=" not in w), None)
    return address, given[0] if given else words[-1]
