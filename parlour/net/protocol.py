"""The messages between a host and the players who join its table: versioned JSON objects,
each one line, bounded in size and read through the project's gate for outside input.

A client sends::

    {"v": 1, "type": "hello", "code": "..."}            # sit down at the seat the code is for
    {"v": 1, "type": "move", "turn": 12, "text": "..."}  # the move for decision ``turn``

(the hello first: anything else before it is refused, "say hello first") and receives::

    {"v": 1, "type": "welcome", "seat": 2, "game": "...", "names": [...], "agents": [...],
     "variants": [...], "rules": {...}}
    {"v": 1, "type": "table", "turn": 12, "to_move": 0 | null, "view": {...},
     "events": [{"text", "kind", "say"?, "worded"?, "args"?}, ...],
     "legal": [{"text", "label"}, ...] | null,
     "moves": 243 | null, "over": false, "stage": "Round 2" | null}
    {"v": 1, "type": "presence", "away": [1], "takeover": 120 | null}
    {"v": 1, "type": "seats", "agents": [...]}
    {"v": 1, "type": "refused", "why": "...", "say"?: "...", "args"?: {...}}
    {"v": 1, "type": "results", "scores": [...], "winners": [...], "breakdown": [{...}, ...]}

A ``table`` message carries only what the seat may know: its own view, the events it saw, and
its legal moves when it must decide (at most :data:`LEGAL_LIMIT` of them; ``moves`` says how
many there are, and a move beyond the list is the host's to judge), and the stage of the game
(public: the seat's own review marks its rounds with it). The seed and the record never go
out, not even in ``results``, which says only what every seat may know at the end: a seed
rebuilds every hidden shuffle, and a record holds every secret answer.
No message carries the host's language (issue 27): an event goes as what it was worded
from — its English template (``say``) or the name of its :class:`~parlour.core.events.Worded`
line (``worded``), and its values (``args``: plain data, a
:class:`~parlour.core.events.Term` as ``{"term": "Palm"}``, tuples as lists) — which the
player's app words in its own language with the game's catalog; ``text`` is the line in
English (or, for a line that cannot travel, as the host worded it), for an app that cannot
word it. A refusal of the host's own (a stale move, a wrong code) carries its English
template and values by name likewise, worded with the app's catalog; ``why`` is the English.
These fields are optional, so a version-1 app that predates them reads the messages as
before and shows ``text`` and ``why``: English.
``presence`` names the seats whose players are away and, when the host gives up waiting, in
how many seconds a computer takes such a seat; ``seats`` says who plays each seat after one did.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Mapping
from typing import Any

from parlour.core.events import Event, Term, Worded
from parlour.core.i18n import ENGLISH, in_language
from parlour.core.inputs import MAX_WHOLE, RECORD_BYTES, InputProblem, check_data, shown

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


class Refusal(str):
    """Why the host refuses a message, in English, with what it was worded from: its
    template (marked for the host's catalog with ``N_``) and the values by name, so the
    player's app words it in its own language (:func:`refused_message`)."""

    say: str
    values: dict[str, str | int]

    def __new__(cls, say: str, **values: str | int) -> Refusal:
        refusal = super().__new__(cls, say.format(**values) if values else say)
        refusal.say = say
        refusal.values = values
        return refusal


def refused_message(why: str) -> dict[str, Any]:
    """The ``refused`` message for ``why`` (with its template and values when it is a
    :class:`Refusal` that fits the protocol's bounds)."""
    message: dict[str, Any] = {"type": "refused", "why": str(why)}
    if isinstance(why, Refusal) and _fit_refusal(why.say, why.values):
        message["say"] = why.say
        if why.values:
            message["args"] = dict(why.values)
    return message


# -- what a line is worded from, on the wire -------------------------------------------
#: a template's length at most (the engines' are a line or two)
SAY_CHARS = 1000
#: a Worded line's name at most
NAME_CHARS = 100
#: an event's values at most, counting those inside lists
ARGS_LIMIT = 32
#: lists inside lists of values at most
ARGS_DEPTH = 3
#: a text among the values at most (names, words of the game)
ARG_CHARS = 200

_FIELD_NAME = re.compile(r"(?:\d{1,2}|[A-Za-z_]\w{0,30})?")
#: a format spec without a nested field or a wide width ("{:>99}" at most, "{:,}", "{:.1f}")
_FIELD_SPEC = re.compile(r"(?:[^{}]?[<>^=])?[-+ ]?z?#?0?\d{0,2}[,_]?(?:\.\d{1,2})?[a-zA-Z%]?")


def safe_template(say: Any) -> bool:
    """Whether ``say`` is a template a reader may fill with ``str.format`` whatever sent it:
    each field a position or a name (no attribute or index: nothing of the values' objects
    is reached), a short format spec (no width past 99, no nested field)."""
    if not isinstance(say, str) or len(say) > SAY_CHARS:
        return False
    try:
        parts = list(string.Formatter().parse(say))
    except ValueError:
        return False
    for _literal, name, spec, conversion in parts:
        if name is None:
            continue
        if not _FIELD_NAME.fullmatch(name) or conversion not in (None, "r", "s", "a") \
                or not _FIELD_SPEC.fullmatch(spec or ""):
            return False
    return True


class _Unfit(Exception):
    """A value that cannot travel as plain data."""


def wire_value(value: Any) -> Any:
    """A log line's value as JSON: a :class:`Term` as ``{"term": word}``, a tuple or list as a
    list, texts, numbers, booleans and None as they are; anything else is :class:`_Unfit`."""
    kind = type(value)
    if kind is Term:
        return {"term": str(value)}
    if value is None or kind is bool or kind is str:
        return value
    if isinstance(value, str):
        return str(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, (tuple, list)):
        return [wire_value(v) for v in value]
    raise _Unfit(kind.__name__)


def read_value(value: Any) -> Any:
    """A value as :func:`wire_value` sent it (already checked by :func:`_fit_args`): a
    ``{"term": word}`` is a :class:`Term` again, lists stay lists."""
    if isinstance(value, dict):
        return Term(value["term"])
    if isinstance(value, list):
        return [read_value(v) for v in value]
    return value


def _fit_args(args: Any) -> bool:
    """Whether ``args`` are an event's values as the protocol allows them: a list of at most
    :data:`ARGS_LIMIT` values in all, lists nested at most :data:`ARGS_DEPTH` deep, texts of
    at most :data:`ARG_CHARS`, finite numbers, each Term ``{"term": text}`` and nothing else."""
    if not isinstance(args, list):
        return False
    count = 0
    stack: list[tuple[Any, int]] = [(a, 0) for a in args]
    while stack:
        value, depth = stack.pop()
        count += 1
        if count > ARGS_LIMIT:
            return False
        if value is None or type(value) is bool:
            continue
        if type(value) is int:
            if not -MAX_WHOLE <= value <= MAX_WHOLE:
                return False
        elif type(value) is float:
            if not abs(value) <= MAX_WHOLE:  # NaN too
                return False
        elif type(value) is str:
            if len(value) > ARG_CHARS:
                return False
        elif type(value) is dict:
            if list(value) != ["term"] or type(value["term"]) is not str or not value["term"] \
                    or len(value["term"]) > ARG_CHARS:
                return False
        elif type(value) is list:
            if depth >= ARGS_DEPTH:
                return False
            stack.extend((v, depth + 1) for v in value)
        else:
            return False
    return True


def _fit_event(event: Any) -> bool:
    """Whether ``event`` is an event of a ``table`` message: its ``text`` and ``kind``, and
    at most one of a safe template (``say``) or a Worded line's name (``worded``, which
    needs its values), with values (``args``) only beside one of them."""
    if not isinstance(event, dict) or not isinstance(event.get("text"), str) or not isinstance(event.get("kind"), str):
        return False
    say, name, args = event.get("say"), event.get("worded"), event.get("args")
    if say is not None and name is not None:
        return False
    if say is not None and not safe_template(say):
        return False
    if name is not None and not (isinstance(name, str) and 0 < len(name) <= NAME_CHARS and args):
        return False
    if args is not None and (say is None and name is None or not _fit_args(args)):
        return False
    return True


def wire_event(event: Event) -> dict[str, Any]:
    """An event as a ``table`` message carries it: its text and kind, and what it was worded
    from when that can travel (a template and plain values, or a named Worded line and plain
    values). ``text`` is the line in English when it can travel (the host's language does
    not go out); a line that cannot travel (worded already, an unnamed Worded, values that
    are not plain data) goes as the host worded it."""
    say, args = event.say, event.args
    out: dict[str, Any] = {"text": event.text, "kind": event.kind}
    if args is None or not say:
        return out
    if isinstance(say, str):
        try:
            out["text"] = str(say).format(*args) if args else str(say)
        except Exception:  # noqa: BLE001 - the engine's template: its line goes as worded
            return out
        wired: dict[str, Any] = {**out, "say": str(say)}
    elif isinstance(say, Worded) and say.name:
        try:
            with in_language(ENGLISH):  # its function words in the language of the moment
                out["text"] = say.format(*args)
        except Exception:  # noqa: BLE001 - the engine's wording: its line goes as worded
            return out
        wired = {**out, "worded": say.name}
    else:
        return out
    try:
        values = [wire_value(a) for a in args]
    except _Unfit:
        return out
    if values:
        wired["args"] = values
    return wired if _fit_event(wired) else out


def _fit_refusal(say: Any, args: Any) -> bool:
    """Whether a refusal's template and values by name fit: a safe template, at most eight
    values, each a short text or a whole number."""
    if not safe_template(say):
        return False
    if args is None:
        return True
    return isinstance(args, Mapping) and len(args) <= 8 and all(
        isinstance(k, str) and _FIELD_NAME.fullmatch(k) and k
        and (type(v) is str and len(v) <= ARG_CHARS or type(v) is int and -MAX_WHOLE <= v <= MAX_WHOLE)
        for k, v in args.items())


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
              "events": lambda v: isinstance(v, list) and all(_fit_event(e) for e in v),
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
    if message["type"] == "refused" and ("say" in message or "args" in message):
        if not _fit_refusal(message.get("say"), message.get("args")):
            raise ProtocolError(f"a refused message with a bad 'say' or 'args': {shown(message.get('say'), 60)}")
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
