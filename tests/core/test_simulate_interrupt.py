"""Issue 25: ctrl+c stops ``parlour simulate --jobs 2`` at once, even while a computer player
in a worker never returns, and without a traceback from each worker."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _wait_for(path: Path, proc: subprocess.Popen[str]) -> None:
    """Until a stalled player has written ``path`` (or the program ended: a failure)."""
    while not path.exists():
        assert proc.poll() is None, proc.communicate()
        try:
            proc.wait(timeout=0.05)
        except subprocess.TimeoutExpired:
            pass


@pytest.mark.parametrize("to_group", [False, True], ids=["to-the-program", "ctrl-c-in-a-terminal"])
def test_ctrl_c_stops_simulate_with_workers_while_a_player_never_returns(tmp_path: Path, to_group: bool) -> None:
    """SIGINT to the program alone, or (as ctrl+c in a terminal does) to its whole process
    group, workers included: exit 130, nothing on stderr, no worker left running."""
    stalled = tmp_path / "stalled"
    env = {**os.environ, "PARLOUR_PLUGINS": "faulty_sevens:GAME", "PYTHONPATH": str(FIXTURES),
           "PARLOUR_STALLED": str(stalled)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "parlour", "simulate", "faulty-sevens", "--agents", "stalls,random", "--games", "40",
         "--jobs", "2", "--time-limit", "600"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=FIXTURES, start_new_session=True)
    try:
        _wait_for(stalled, proc)
        worker = int(stalled.read_text())
        assert worker != proc.pid
        if to_group:
            os.killpg(proc.pid, signal.SIGINT)
        else:
            proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)  # a guard against a hang, not a measure
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, err
    assert err == "" and out == ""
    with pytest.raises(ProcessLookupError):
        os.kill(worker, 0)
