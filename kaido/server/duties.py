"""The server's rounds that must run in one process only: the matchmaker, the turn mail and
the tournament director. Each looks at the database every `Settings.duty_seconds` and keeps
nothing that matters in memory, so whichever process runs them after a restart goes on
where the last one stopped. A server of several nodes runs them on the one node that holds
the duties' lock (kaido/server/nodes.py); when it dies, another takes the lock and goes on.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence

from sqlalchemy.exc import SQLAlchemyError

from kaido.core.errors import KaidoError

log = logging.getLogger("kaido.server")


class Duties:
    def __init__(
        self,
        jobs: Sequence[tuple[str, Callable[[], object]]],
        every: float,
        leads: Callable[[], bool] = lambda: True,
    ) -> None:
        self.jobs = list(jobs)
        self.every = every
        self.leads = leads
        """Whether this process runs the duties now (one node of several: `Node.leads`)."""
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="kaido-duties", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def run_once(self) -> None:
        """Each job once, while this process leads; a failure is logged and the next round
        tries again."""
        for name, job in self.jobs:
            if self._stop.is_set() or not self.leads():
                return
            try:
                job()
            except (KaidoError, SQLAlchemyError) as error:
                log.error("%s failed: %s", name, str(error).splitlines()[0])
            except Exception:
                log.exception("%s failed", name)

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            self.run_once()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=30)
