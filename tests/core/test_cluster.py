"""Issue 28: ``parlour simulate --backend dask`` on a local cluster of two workers gives exactly
the games of ``--jobs 2``, survives a worker killed mid-run without counting a game twice, and
ends every failure (no scheduler, no distributed, ctrl+c) as one line or exit 130."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from interrupts import assert_gone, ctrl_c, session, wait_for_file

from parlour.core.cluster import ClusterError, scheduler_address

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
distributed = pytest.importorskip("distributed")


def parlour(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full_env = {**os.environ, "PARLOUR_PLUGINS": "faulty_sevens:GAME", "PYTHONPATH": str(FIXTURES), **(env or {})}
    return subprocess.run([sys.executable, "-m", "parlour", *args], capture_output=True, text=True, env=full_env,
                          timeout=120, cwd=FIXTURES)


def one_line(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


RUN = ("simulate", "faulty-sevens", "--agents", "dies,random", "--games", "24", "--seed", "28", "--json", "--jobs", "2")


def games_and_records(folder: Path, *extra: str, env: dict[str, str] | None = None) -> tuple[list, dict[str, str]]:
    result = parlour(*RUN, "--records", str(folder), *extra, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    records = {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.iterdir())}
    return json.loads(result.stdout)["games"], records


@pytest.fixture(scope="module")
def on_processes(tmp_path_factory: pytest.TempPathFactory) -> tuple[list, dict[str, str]]:
    """The run on a pool of two processes, the reference."""
    return games_and_records(tmp_path_factory.mktemp("process"))


def test_dask_on_two_local_workers_gives_the_games_and_records_of_jobs_2(
        tmp_path: Path, on_processes: tuple[list, dict[str, str]]) -> None:
    games, records = on_processes
    on_dask = games_and_records(tmp_path / "dask", "--backend", "dask")
    assert on_dask == on_processes
    assert len(records) == 24 + 1 and len({g["seed"] for g in games}) == 24  # the records and the index


def test_a_worker_killed_mid_run_is_replaced_and_no_game_counts_twice(
        tmp_path: Path, on_processes: tuple[list, dict[str, str]]) -> None:
    """The ``dies`` player kills its own worker at its fifth decision, once (a marker file): in
    the second game of a chunk of three, so the chunk is played again after a game of it was
    done, and the run, records included, is still the run of ``--jobs 2``."""
    marker = tmp_path / "died"
    on_dask = games_and_records(tmp_path / "dask", "--backend", "dask",
                                env={"PARLOUR_DIES": str(marker), "PARLOUR_DIE_AT": "5"})
    worker = int(marker.read_text())  # a worker did die
    with pytest.raises(ProcessLookupError):
        os.kill(worker, 0)
    assert on_dask == on_processes


def test_a_worker_lost_more_often_than_dask_allows_is_one_line(tmp_path: Path) -> None:
    result = parlour(*RUN, "--backend", "dask", env={"PARLOUR_DIES": str(tmp_path / "died"), "PARLOUR_DIE_AT": "3",
                                                     "DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES": "0"})
    assert "a worker died 1 time while playing the same games" in one_line(result)


def test_the_failure_reported_is_the_first_in_the_run_s_order_whichever_ends_first(tmp_path: Path) -> None:
    """Game 1's player fails first; game 0's fails after it: game 0's failure is the line, as
    with a process pool, so the same arguments give the same line on any backend."""
    args = ("simulate", "faulty-sevens", "--agents", "raises-late,random", "--games", "4", "--jobs", "2")
    lines = {backend: one_line(parlour(*args, "--backend", backend, env={"PARLOUR_RAISED": str(tmp_path / backend)}))
             for backend in ("process", "dask")}
    assert lines["process"] == lines["dask"]
    assert "'raises-late' in seat 1 of Faulty Sevens failed: RuntimeError: seat 1 fell over" in lines["dask"]


def test_an_address_where_no_scheduler_listens_is_one_line() -> None:
    import socket

    with socket.socket() as probe:  # a loopback port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    line = one_line(parlour("simulate", "faulty-sevens", "--games", "2", "--backend", "dask",
                            "--address", f"127.0.0.1:{port}"))
    assert line.startswith(f"parlour: 127.0.0.1:{port}: no Dask scheduler there (ConnectionRefusedError")


@pytest.mark.parametrize("address", ["127.0.0.1:http", "127.0.0.1:70000", ":8786", "tcp://a b:1"])
def test_a_malformed_address_is_one_line_before_anything_runs(address: str) -> None:
    assert "expected HOST:PORT of a Dask scheduler" in one_line(
        parlour("simulate", "faulty-sevens", "--games", "2", "--backend", "dask", "--address", address))
    with pytest.raises(ClusterError):
        scheduler_address(address)


def test_addresses_dask_is_given() -> None:
    assert scheduler_address("127.0.0.1:8786") == "tcp://127.0.0.1:8786"
    assert scheduler_address("tcp://localhost:9000") == "tcp://localhost:9000"
    assert scheduler_address("localhost") == "tcp://localhost:8786"
    assert scheduler_address("[::1]:8786") == "tcp://[::1]:8786"


def test_an_address_without_the_dask_backend_is_refused() -> None:
    assert "--address is the scheduler of a Dask cluster" in one_line(
        parlour("simulate", "faulty-sevens", "--games", "2", "--address", "127.0.0.1:8786"))


def test_without_distributed_the_dask_backend_says_how_to_install_it(tmp_path: Path) -> None:
    (tmp_path / "distributed").mkdir()
    (tmp_path / "distributed" / "__init__.py").write_text("raise ImportError('not installed here')\n")
    line = one_line(parlour("simulate", "faulty-sevens", "--games", "2", "--backend", "dask",
                            env={"PYTHONPATH": os.pathsep.join([str(tmp_path), str(FIXTURES)])}))
    assert line == "parlour: the dask backend needs Dask's distributed: pip install 'parlour[cluster]'"


def test_a_running_scheduler_is_reached_by_its_address() -> None:
    """Games of an installed game (the test's own workers have no fixtures on their path)
    on a cluster started here, reached through ``--address``."""
    args = ("simulate", "banque-fatale", "--games", "4", "--seed", "3", "--json")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  scheduler_port=0, dashboard_address="127.0.0.1:0") as cluster:
        address = cluster.scheduler_address.removeprefix("tcp://")
        remote = parlour(*args, "--backend", "dask", "--address", address, env={"PARLOUR_PLUGINS": ""})
    alone = parlour(*args, env={"PARLOUR_PLUGINS": ""})
    assert remote.returncode == 0, remote.stderr
    assert json.loads(remote.stdout)["games"] == json.loads(alone.stdout)["games"]


def test_ctrl_c_stops_the_local_cluster_while_a_player_never_returns(tmp_path: Path) -> None:
    """ctrl+c in a terminal (SIGINT to the process group, workers included): exit 130, nothing
    printed, and the worker that was stuck is gone."""
    stalled = tmp_path / "stalled"
    env = {**os.environ, "PARLOUR_PLUGINS": "faulty_sevens:GAME", "PYTHONPATH": str(FIXTURES),
           "PARLOUR_STALLED": str(stalled)}
    with session([sys.executable, "-m", "parlour", "simulate", "faulty-sevens", "--agents", "stalls,random",
                  "--games", "40", "--jobs", "2", "--time-limit", "600", "--backend", "dask"],
                 env=env, cwd=FIXTURES) as proc:
        wait_for_file(stalled, proc)
        worker = int(stalled.read_text())
        out, err = ctrl_c(proc)
    assert proc.returncode == 130, err
    assert err == "" and out == ""
    assert_gone(worker)


def test_the_strength_benchmark_gives_the_same_line_on_a_dask_cluster(tmp_path: Path) -> None:
    script = Path(__file__).resolve().parents[2] / "benchmarks" / "strength.py"
    rows = {}
    for backend in ("process", "dask"):
        out = tmp_path / f"{backend}.json"
        done = subprocess.run([sys.executable, str(script), "--game", "casablanca", "--lines", "medium-random",
                               "--scale", "0.01", "--jobs", "2", "--backend", backend, "--json", str(out)],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        [row] = json.loads(out.read_text())
        rows[backend] = {k: v for k, v in row.items() if k not in ("seconds", "decision_ms", "simulations_per_second")}
    assert rows["process"] == rows["dask"]
    assert rows["dask"]["games"] == 4 and rows["dask"]["decisions"] > 0
