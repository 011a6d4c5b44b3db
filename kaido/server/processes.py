"""`kaido serve --workers N`: N nodes and nginx in front of them, on one host.

The same as several hosts (kaido/server/nodes.py, kaido/server/proxy.py), on one: the
supervisor prepares the database schema once, starts N nodes (fresh interpreters), each on a
unix socket in a directory only this server can enter, and nginx on the port, in front of
them. A node that dies is started again as a new node (the others take its tables in play
over meanwhile), and so is nginx; SIGTERM or SIGINT stops them all, and the nodes stop by
themselves if the supervisor is killed.
"""

from __future__ import annotations

import ctypes
import dataclasses
import getpass
import logging
import multiprocessing
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from multiprocessing.process import BaseProcess
from pathlib import Path
from types import FrameType

from kaido.core.errors import KaidoError
from kaido.server.config import host_port
from kaido.server.launch import Launch
from kaido.server.proxy import nginx_config
from kaido.server.store import Store

log = logging.getLogger("kaido.server")

PR_SET_PDEATHSIG = 1
"""prctl(2): the signal a process gets when its parent dies (Linux)."""
STOP_SECONDS = 30.0
READY_SECONDS = 60.0


def find_nginx() -> str:
    found = shutil.which("nginx") or next(
        (path for path in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if Path(path).exists()),
        None,
    )
    if found is None:
        raise KaidoError(
            "--workers runs nginx in front of its nodes: install it (Debian: apt-get install "
            "nginx), or run one process"
        )
    return found


def supervise(launch: Launch, workers: int) -> int:
    """Run `workers` nodes behind nginx until told to stop."""
    settings = launch.settings
    settings.prepare()
    assert settings.database_url is not None
    if not settings.database_url.startswith("postgresql"):
        raise KaidoError(
            "--workers runs its nodes on one PostgreSQL database: give --database-url "
            "postgresql://..."
        )
    nginx = find_nginx()
    Store(settings.database_url).close()  # the schema, made once
    run_dir = Path(tempfile.mkdtemp(prefix="kaido-nodes-"))  # mode 700: ours only
    sockets = [run_dir / f"node-{n}.sock" for n in range(workers)]
    config = run_dir / "nginx.conf"
    user = getpass.getuser() if os.geteuid() == 0 else None
    nodes_at = [f"unix:{path}" for path in sockets]
    config.write_text(nginx_config(host_port(launch.host, launch.port), nodes_at, run_dir, user))
    stop = threading.Event()

    def on_signal(_signum: int, _frame: FrameType | None) -> None:
        stop.set()

    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, on_signal)
    spawn = multiprocessing.get_context("spawn")

    def start_node(n: int) -> BaseProcess:
        node = dataclasses.replace(
            launch,
            settings=dataclasses.replace(settings, node_address=f"unix:{sockets[n]}:"),
            uds=str(sockets[n]),
            forwarded_allow_ips="*",  # only nginx can reach the socket's directory
        )
        process = spawn.Process(target=_node, args=(node, os.getpid()), name=f"kaido-node-{n}")
        process.start()
        return process

    def start_nginx() -> subprocess.Popen[bytes]:
        return subprocess.Popen([nginx, "-p", str(run_dir), "-c", str(config), "-e", "stderr"])

    nodes = [start_node(n) for n in range(workers)]
    proxy: subprocess.Popen[bytes] | None = None
    try:
        _wait_for(sockets, nodes)
        proxy = start_nginx()
        while not stop.wait(0.5):
            for n, process in enumerate(nodes):
                if not process.is_alive():
                    log.error("node %d stopped (exit %s); starting it again", n, process.exitcode)
                    nodes[n] = start_node(n)
            if proxy.poll() is not None:
                log.error("nginx stopped (exit code %s); starting it again", proxy.returncode)
                proxy = start_nginx()
    finally:
        if proxy is not None and proxy.poll() is None:
            proxy.terminate()
        for process in nodes:
            if process.is_alive():
                process.terminate()  # SIGTERM: bots called off, writes finished, node gone
        for process in nodes:
            process.join(STOP_SECONDS)
            if process.is_alive():
                process.kill()
        if proxy is not None:
            proxy.wait(STOP_SECONDS)
        shutil.rmtree(run_dir, ignore_errors=True)
    return 0


def _wait_for(sockets: list[Path], nodes: list[BaseProcess]) -> None:
    """Until every node listens (nginx then starts with all of them up)."""
    deadline = time.monotonic() + READY_SECONDS
    while not all(path.exists() for path in sockets):
        if any(not process.is_alive() for process in nodes):
            raise KaidoError("a node could not start (see its messages above)")
        if time.monotonic() > deadline:
            raise KaidoError("the nodes did not start in time")
        time.sleep(0.05)


def _node(launch: Launch, parent: int) -> None:
    """One node: the application on its unix socket, behind nginx."""
    import uvicorn

    _die_with(parent)
    launch.register_extras()  # games and bots given on the command line
    logging.basicConfig(
        level=launch.log_level.upper(), format="%(levelname)s %(name)s: %(message)s"
    )
    uvicorn.Server(launch.server_config()).run()


def _die_with(parent: int) -> None:
    """Stop (SIGTERM) when the supervisor dies, even by SIGKILL (Linux; elsewhere the
    supervisor's own shutdown stops its processes)."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:  # it died before that was set
        os.kill(os.getpid(), signal.SIGTERM)
