"""Playing chunks of a run on a Dask cluster: one already running, reached by its scheduler's
address, or a local one of single-threaded worker processes started for the run and closed
after it.

Dask's ``distributed`` is an optional extra (``parlour[cluster]``), imported only inside
:func:`play_chunks`. The driver hands out the chunks and takes each chunk's result once, as it
finishes; a chunk whose worker is lost is run again by the scheduler on another worker (up to
its ``distributed.scheduler.allowed-failures``, 3 by default), and since a chunk's games depend
only on their indices, the result of the run again is the one that was lost. Every failure ends
as a :class:`ClusterError` of one line.
"""

from __future__ import annotations

import logging
import os
import signal
import socket
import threading
from collections.abc import Callable, Sequence
from typing import Any

from parlour.core.game import PluginError

#: how long to wait for a scheduler to answer, or for a local cluster to start
CONNECT_SECONDS = 10
#: the scheduler's default port, for an address given without one
DEFAULT_PORT = 8786
EXTRA = "pip install 'parlour[cluster]'"
#: the loggers that would print a line on every lost worker and every closed connection
QUIET = ("distributed", "tornado", "asyncio")


class ClusterError(Exception):
    """The cluster could not be reached or started, or could not finish the run."""


def scheduler_address(text: str) -> str:
    """``HOST:PORT`` (or ``tcp://HOST:PORT``) as Dask's address, checked before any connection."""
    rest = text.strip().removeprefix("tcp://")
    host, colon, port = rest.rpartition(":")
    if not colon:
        host, port = rest, str(DEFAULT_PORT)
    host = host.removeprefix("[").removesuffix("]")
    if not host or any(c in host for c in "/ \t") or not port.isdigit() or not 0 < int(port) < 65536:
        raise ClusterError(f"--address {text!r}: expected HOST:PORT of a Dask scheduler (such as 127.0.0.1:8786)")
    return f"tcp://[{host}]:{port}" if ":" in host else f"tcp://{host}:{port}"


def play_chunks(work: Callable[..., Any], args: tuple[Any, ...], chunks: Sequence[Any], keep: Callable[[Any], None],
                jobs: int, address: str | None = None) -> None:
    """``keep(work(*args, chunk))`` for every chunk, in the driver, once a chunk, in the order
    they finish. With ``address`` on that scheduler's workers; else on a local cluster of
    ``jobs`` single-threaded worker processes. ctrl+c (KeyboardInterrupt) kills the local
    cluster's workers; a remote cluster is told to drop the run's tasks (a game under way
    finishes there, unread)."""
    try:
        import distributed
    except ImportError:
        raise ClusterError(f"the dask backend needs Dask's distributed: {EXTRA}") from None
    target = scheduler_address(address) if address else None
    # Dask sets levels on some of its loggers (distributed.client): each is quietened
    loggers = [name for name in logging.root.manager.loggerDict if name.startswith(QUIET)]
    levels = {name: logging.getLogger(name).level for name in {*QUIET, *loggers}}
    for name in levels:
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)
    cluster = client = None
    try:
        if target is None:
            try:
                cluster = _local_cluster(distributed, jobs)
                client = _connect(distributed, cluster)
            except (OSError, TimeoutError, RuntimeError, distributed.comm.CommClosedError) as exc:
                raise ClusterError(f"the local Dask cluster did not start ({_why(exc)})") from None
        else:
            try:
                _reachable(target)
                client = _connect(distributed, target)
            except (OSError, TimeoutError, distributed.comm.CommClosedError) as exc:
                raise ClusterError(f"{address}: no Dask scheduler there ({_why(exc)}; "
                                   f"waited at most {CONNECT_SECONDS} s)") from None
        try:
            _run(distributed, client, work, args, chunks, keep)
        except BaseException:
            if cluster is not None:
                _stop_workers(cluster)
            raise
    finally:
        try:
            if client is not None:
                client.close(timeout=CONNECT_SECONDS)
            if cluster is not None:
                cluster.close(timeout=CONNECT_SECONDS)
        except (OSError, TimeoutError, RuntimeError):
            pass  # what was left is stopped with this process
        finally:
            for name, level in levels.items():
                logging.getLogger(name).setLevel(level)


def _reachable(address: str) -> None:
    """Fail at once where nothing listens (Dask would try again until its time is up)."""
    host, _, port = address.removeprefix("tcp://").rpartition(":")
    with socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS):
        pass


def _connect(distributed: Any, target: Any) -> Any:
    """A client of ``target``, or TimeoutError after :data:`CONNECT_SECONDS`: Dask's own
    timeout does not cover a listener that accepts and never answers."""
    box: dict[str, Any] = {}

    def attempt() -> None:
        try:
            box["client"] = distributed.Client(target, timeout=CONNECT_SECONDS, set_as_default=False)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread
            box["error"] = exc

    thread = threading.Thread(target=attempt, name="parlour-dask-connect", daemon=True)
    thread.start()
    thread.join(CONNECT_SECONDS + 1)
    if thread.is_alive():
        raise TimeoutError("it accepted the connection but never answered")
    if "error" in box:
        raise box["error"]
    return box["client"]


def _local_cluster(distributed: Any, jobs: int) -> Any:
    return distributed.LocalCluster(
        n_workers=jobs, threads_per_worker=1, processes=True, host="127.0.0.1", scheduler_port=0,
        dashboard_address="127.0.0.1:0", memory_limit=0, silence_logs=logging.CRITICAL,
        preload=[__name__],  # the workers leave ctrl+c to the driver: see dask_setup
    )


def _stop_workers(cluster: Any) -> None:
    """Kill a local cluster's worker processes now: a computer player may never return, and
    Dask would give a busy worker seconds to finish before it kills it."""
    for nanny in list(cluster.workers.values()):
        pid = getattr(nanny, "pid", None)
        if pid:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass  # already gone


def dask_setup(worker: Any) -> None:
    """Run in each local worker process as it starts (Dask's preload): a terminal's ctrl+c,
    sent to the workers too, is left to the driver, which closes the cluster."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run(distributed: Any, client: Any, work: Callable[..., Any], args: tuple[Any, ...], chunks: Sequence[Any],
         keep: Callable[[Any], None]) -> None:
    """After a failure, the chunks before it still finish, so that the failure reported is the
    first one in the run's order, as with a process pool: the same arguments, the same line."""
    futures = [client.submit(work, *args, chunk, pure=False) for chunk in chunks]
    place = {future.key: at for at, future in enumerate(futures)}
    failure: tuple[int, Exception] | None = None
    try:
        for future in distributed.as_completed(futures, loop=client.loop):
            at = place[future.key]
            if failure is not None and at > failure[0]:
                continue
            try:
                part = future.result()
            except Exception as exc:  # noqa: BLE001 - whatever failed on a worker: one line
                failure = (at, _failure(distributed, exc))
                client.cancel(futures[at + 1:])
                continue
            keep(part)
            future.release()
    finally:
        client.cancel(futures)
    if failure is not None:
        raise failure[1]


def _failure(distributed: Any, exc: Exception) -> Exception:
    """What a chunk's failure is said as: a player's own failure as itself, the rest as one line."""
    if isinstance(exc, PluginError):
        return exc
    if isinstance(exc, distributed.KilledWorker):
        times = exc.allowed_failures + 1
        return ClusterError(f"a worker died {times} time{'s' if times > 1 else ''} while playing the same games "
                            "(Dask's allowed-failures): stopped")
    if isinstance(exc, (distributed.comm.CommClosedError, distributed.client.FutureCancelledError)):
        return ClusterError(f"lost the connection to the Dask scheduler during the run ({_why(exc)})")
    if isinstance(exc, (ImportError, AttributeError)):
        return ClusterError(f"a worker cannot run Parlour's games (is the same Parlour installed on every "
                            f"worker?): {_why(exc)}")
    return ClusterError(f"a worker failed: {_why(exc)}")


def _why(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
