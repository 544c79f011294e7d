"""ctrl+c in tests of commands that run workers: the program runs in a session of its own,
gets SIGINT alone or with its whole group (as ctrl+c in a terminal sends it), and is never
left running after the test."""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest


@contextmanager
def session(args: Sequence[str], **popen: Any) -> Iterator[subprocess.Popen[str]]:
    """``args`` running in a new session, its output piped; killed with its group on the way out."""
    proc = subprocess.Popen(list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, **popen)
    try:
        yield proc
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def wait_for_file(path: Path, proc: subprocess.Popen[str]) -> None:
    """Until ``path`` exists (a stalled player wrote it), or the program ended: a failure."""
    while not path.exists():
        assert proc.poll() is None, proc.communicate()
        try:
            proc.wait(timeout=0.05)
        except subprocess.TimeoutExpired:
            pass


def ctrl_c(proc: subprocess.Popen[str], *, to_group: bool = True, guard: float = 60) -> tuple[str, str]:
    """SIGINT to the program's group (or to it alone), then its output once it has left;
    ``guard`` seconds guard against a hang and measure nothing."""
    if to_group:
        os.killpg(proc.pid, signal.SIGINT)
    else:
        proc.send_signal(signal.SIGINT)
    return proc.communicate(timeout=guard)


def assert_gone(pid: int) -> None:
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
