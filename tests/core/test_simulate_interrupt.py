"""Issue 25: ctrl+c stops ``parlour simulate --jobs 2`` at once, even while a computer player
in a worker never returns, and without a traceback from each worker."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from interrupts import assert_gone, ctrl_c, session, wait_for_file

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.mark.parametrize("to_group", [False, True], ids=["to-the-program", "ctrl-c-in-a-terminal"])
def test_ctrl_c_stops_simulate_with_workers_while_a_player_never_returns(tmp_path: Path, to_group: bool) -> None:
    """SIGINT to the program alone, or (as ctrl+c in a terminal does) to its whole process
    group, workers included: exit 130, nothing on stderr, no worker left running."""
    stalled = tmp_path / "stalled"
    env = {**os.environ, "PARLOUR_PLUGINS": "faulty_sevens:GAME", "PYTHONPATH": str(FIXTURES),
           "PARLOUR_STALLED": str(stalled)}
    with session([sys.executable, "-m", "parlour", "simulate", "faulty-sevens", "--agents", "stalls,random",
                  "--games", "40", "--jobs", "2", "--time-limit", "600"], env=env, cwd=FIXTURES) as proc:
        wait_for_file(stalled, proc)
        worker = int(stalled.read_text())
        assert worker != proc.pid
        out, err = ctrl_c(proc, to_group=to_group, guard=30)
    assert proc.returncode == 130, err
    assert err == "" and out == ""
    assert_gone(worker)
