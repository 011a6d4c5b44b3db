"""`kaido serve --workers N`: a supervisor and its N server processes.

The supervisor binds the port and prepares the data directory and the database schema
once (so the processes do not race to create them), then starts N fresh interpreters,
each given the listening socket and its number. Each also listens on a unix socket of its
own, in a directory only this server uses, where the others relay the requests and
WebSockets of the tables it owns (kaido/server/cluster.py). A process that dies is started
again (its tables resume as after a restart); SIGTERM or SIGINT stops them all, and they
stop by themselves if the supervisor is killed.
"""

from __future__ import annotations

import ctypes
import logging
import multiprocessing
import os
import shutil
import signal
import socket
import sys
import tempfile
import threading
from multiprocessing.process import BaseProcess
from pathlib import Path
from types import FrameType

from kaido.server.launch import Launch
from kaido.server.store import Store

log = logging.getLogger("kaido.server")

PR_SET_PDEATHSIG = 1
"""prctl(2): the signal a process gets when its parent dies (Linux)."""
STOP_SECONDS = 30.0


def supervise(launch: Launch, workers: int, sock: socket.socket) -> int:
    """Run `workers` server processes on `sock` until told to stop."""
    settings = launch.settings
    settings.prepare()
    assert settings.database_url is not None
    Store(settings.database_url).close()  # the schema, made once
    socket_dir = Path(tempfile.mkdtemp(prefix="kaido-workers-"))
    stop = threading.Event()

    def on_signal(_signum: int, _frame: FrameType | None) -> None:
        stop.set()

    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, on_signal)
    spawn = multiprocessing.get_context("spawn")

    def start(worker: int) -> BaseProcess:
        process = spawn.Process(
            target=_worker,
            args=(launch, workers, sock, worker, socket_dir, os.getpid()),
            name=f"kaido-worker-{worker}",
        )
        process.start()
        return process

    processes = [start(worker) for worker in range(workers)]
    try:
        while not stop.wait(0.5):
            for worker, process in enumerate(processes):
                if not process.is_alive() and not stop.is_set():
                    log.error(
                        "worker %d stopped (exit code %s); starting it again",
                        worker,
                        process.exitcode,
                    )
                    processes[worker] = start(worker)
    finally:
        for process in processes:
            if process.is_alive():
                process.terminate()  # SIGTERM: bots called off, writes finished
        for process in processes:
            process.join(STOP_SECONDS)
            if process.is_alive():
                process.kill()
        shutil.rmtree(socket_dir, ignore_errors=True)
    return 0


def _worker(
    launch: Launch,
    workers: int,
    sock: socket.socket,
    worker: int,
    socket_dir: Path,
    parent: int,
) -> None:
    """One server process: the application for the tables it owns, on the shared port and
    on its own unix socket."""
    import uvicorn

    from kaido.server.app import create_app
    from kaido.server.cluster import Cluster, Router

    _die_with(parent)
    launch.register_extras()  # games and bots given on the command line
    logging.basicConfig(
        level=launch.log_level.upper(), format="%(levelname)s %(name)s: %(message)s"
    )
    cluster = Cluster(worker, workers, socket_dir)
    app = create_app(launch.settings, cluster)
    router = Router(
        app, cluster, launch.settings.max_body_bytes, app.state.services.tables.preferences_changed
    )
    path = cluster.socket_path(worker)
    if os.path.exists(path):  # left by this worker's previous run
        os.unlink(path)
    peers = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    peers.bind(path)
    peers.listen(2048)
    uvicorn.Server(launch.uvicorn_config(router)).run(sockets=[sock, peers])


def _die_with(parent: int) -> None:
    """Stop (SIGTERM) when the supervisor dies, even by SIGKILL (Linux; elsewhere the
    supervisor's own shutdown stops its processes)."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:  # it died before that was set
        os.kill(os.getpid(), signal.SIGTERM)
