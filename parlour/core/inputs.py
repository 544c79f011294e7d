"""The one door for files and values from outside: bounded, strict, and quoted safely.

Everything Parlour reads from a user's disk (rulesets, house rules, records, saves) comes
through :func:`read_text`: regular files only (a FIFO, a device or a folder is refused before
anything blocks), at most a given size, and strict UTF-8. :func:`check_data` bounds what the
text decodes to (nesting depth, whole numbers, finite numbers, text length), and
:func:`shown` quotes a value from the input for an error message with its control
characters and terminal escapes written out, never echoed raw.

This module imports nothing of ``parlour``: the loaders turn an :class:`InputProblem` into
their own one-line error (:class:`~parlour.core.yamlsource.RulesetError`,
:class:`~parlour.core.record.RecordError`).
"""

from __future__ import annotations

import math
import os
import stat
from pathlib import Path
from typing import Any

#: a ruleset or house-rules file: a few kilobytes in practice
RULESET_BYTES = 1 << 20
#: a record or a save (a long match of Casablanca writes a few hundred kilobytes)
RECORD_BYTES = 16 << 20
#: nesting of lists and maps in any file read
MAX_DEPTH = 32
#: whole numbers in any file read fit in 64 bits (seeds are 48-bit; money and counts are small)
MAX_WHOLE = 2**63 - 1
#: one text value: 10,000 characters
MAX_TEXT = 10_000


class InputProblem(Exception):
    """What is wrong with a file or value from outside, in one line (``line`` when known)."""

    def __init__(self, message: str, line: int | None = None, path: tuple[Any, ...] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.path = path


def shown(value: object, limit: int = 60) -> str:
    """``value`` quoted for a one-line message: control characters and escapes written out
    (``\\x1b``), and cut to about ``limit`` characters."""
    text = value if isinstance(value, str) else repr(value)
    out = []
    for ch in text[: limit + 1]:
        code = ord(ch)
        if code < 0x20 or 0x7F <= code < 0xA0 or ch in "\u2028\u2029\u200b\u200e\u200f\u202a\u202b\u202c\u202d\u202e":
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(ch)
    quoted = "".join(out)
    if len(text) > limit:
        quoted = quoted[:limit] + "…"
    return quoted


def clean_message(message: str) -> str:
    """A message made safe for one terminal line: control characters written out, no newline."""
    return shown(message, limit=2000)


_ASCII_DIGITS = frozenset("0123456789")


def whole_number(text: str, high: int = MAX_WHOLE, low: int = 0) -> int | None:
    """The plain whole number written ``text`` (ASCII digits only: no sign, no space, no
    leading zero, no other script's digits such as ``²`` or ``٣``) when it lies in
    ``low..high``, else None.

    ``str.isdigit`` admits digits ``int`` cannot read (``²``) and ``int`` admits signs,
    spaces, underscores and other scripts' digits, so neither is a reader for text from a
    player or a record; the length is bounded before converting, so a text of thousands of
    digits costs nothing."""
    if not text or len(text) > len(str(high)) or not _ASCII_DIGITS.issuperset(text) or text[0] == "0" != text:
        return None
    value = int(text)
    return value if low <= value <= high else None


def read_text(path: Path, limit: int) -> str:
    """The text of the regular file ``path``: at most ``limit`` bytes, strict UTF-8.

    A FIFO, a socket, a device or a folder is refused before it is opened for reading (a
    FIFO would block, ``/dev/zero`` never ends), and checked again on the open file, so a
    file swapped in between cannot slip through. An :class:`InputProblem` says why."""
    try:
        info = os.stat(path)
    except OSError as exc:
        raise InputProblem(f"cannot read: {exc.strerror or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise InputProblem(f"not a regular file ({_kind(info.st_mode)})")
    if info.st_size > limit:
        raise InputProblem(f"too large: {info.st_size:,} bytes (the limit is {limit:,})")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise InputProblem(f"cannot read: {exc.strerror or exc}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise InputProblem("not a regular file")
        chunks = []
        size = 0
        while True:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            size += len(chunk)
            if size > limit:
                raise InputProblem(f"too large: more than {limit:,} bytes")
            chunks.append(chunk)
    except OSError as exc:
        raise InputProblem(f"cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputProblem(f"not UTF-8 text (byte {data[exc.start]:#04x} at offset {exc.start})", line) from None


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket"),
                       (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device")):
        if test(mode):
            return name
    return "not a file"


def check_data(data: Any, max_depth: int = MAX_DEPTH) -> None:
    """Refuse decoded data nested deeper than ``max_depth``, with a whole number beyond
    +-:data:`MAX_WHOLE`, a number that is not finite, a text longer than :data:`MAX_TEXT`,
    or a map key that is a list or map; the :class:`InputProblem` carries the key path."""
    stack: list[tuple[Any, tuple[Any, ...], int]] = [(data, (), 0)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, int):
            if not -MAX_WHOLE <= value <= MAX_WHOLE:
                raise InputProblem("number out of range (more than 64 bits)", path=path)
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise InputProblem(f"not a finite number: {value!r}", path=path)
            if abs(value) > MAX_WHOLE:
                raise InputProblem("number out of range (more than 64 bits)", path=path)
        elif isinstance(value, str):
            if len(value) > MAX_TEXT:
                raise InputProblem(f"text too long ({len(value):,} characters; the limit is {MAX_TEXT:,})", path=path)
        elif isinstance(value, (list, tuple, dict)):
            if depth >= max_depth:
                raise InputProblem(f"nested too deep (more than {max_depth} levels)", path=path)
            if isinstance(value, dict):
                for key, item in value.items():
                    if isinstance(key, (list, tuple, dict)):
                        raise InputProblem("a key must be a name or a number, not a list or a map", path=path)
                    stack.append((key, path, depth + 1))
                    stack.append((item, (*path, key), depth + 1))
            else:
                for i, item in enumerate(value):
                    stack.append((item, (*path, i), depth + 1))
        else:
            raise InputProblem(f"a value of an unexpected kind ({type(value).__name__})", path=path)
