"""Worker processes that end with their server, even when it is killed outright.

A process pool's workers wait for their next job on a queue whose ends they hold
themselves, so a server killed with SIGKILL (or crashing) leaves them waiting for ever.
Each worker reads a pipe whose other end only the server holds: the read returns (at its
end) once the server is gone, and the worker exits. (PR_SET_PDEATHSIG would watch the
process that started the worker, which for the bots' processes is a fork server that
waits for them.)
"""

from __future__ import annotations

import contextlib
import os
import threading
from multiprocessing.connection import Connection
from multiprocessing.context import BaseContext


class Lifeline:
    """The server's end of the pipe, made before its workers; `worker_end` goes to each."""

    def __init__(self, context: BaseContext) -> None:
        self.worker_end, self._held = context.Pipe(duplex=False)

    def close(self) -> None:
        self._held.close()
        self.worker_end.close()


def end_with_server(worker_end: Connection) -> None:
    """In a worker process: exit as soon as the server is gone."""
    threading.Thread(target=_wait, args=(worker_end,), name="kaido-lifeline", daemon=True).start()


def _wait(worker_end: Connection) -> None:
    with contextlib.suppress(EOFError, OSError):
        worker_end.recv_bytes()
    os._exit(0)
