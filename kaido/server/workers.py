"""Work off the event loop: bots thinking and clocks running out, on a small thread pool.

One timer thread keeps a heap of due jobs and hands each to the pool when its time comes,
so a waiting bot (the visible pause) or a clock holds no thread.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

log = logging.getLogger("kaido.server")

Job = Callable[[], None]


class Workers:
    def __init__(self, threads: int) -> None:
        self._pool = ThreadPoolExecutor(max(1, threads), thread_name_prefix="kaido-worker")
        self._heap: list[tuple[float, int, Job]] = []
        self._counter = itertools.count()
        self._wake = threading.Condition()
        self._stopped = False
        self._timer = threading.Thread(target=self._run_timer, name="kaido-timer", daemon=True)
        self._timer.start()

    def later(self, delay: float, job: Job) -> None:
        """Run `job` on the pool after `delay` seconds (at once if it is not positive)."""
        if delay <= 0:
            self.submit(job)
            return
        with self._wake:
            heapq.heappush(self._heap, (time.monotonic() + delay, next(self._counter), job))
            self._wake.notify()

    def submit(self, job: Job) -> None:
        if not self._stopped:
            self._pool.submit(_logged, job)

    def _run_timer(self) -> None:
        with self._wake:
            while not self._stopped:
                now = time.monotonic()
                while self._heap and self._heap[0][0] <= now:
                    self.submit(heapq.heappop(self._heap)[2])
                timeout = self._heap[0][0] - now if self._heap else None
                self._wake.wait(timeout)

    def shutdown(self) -> None:
        with self._wake:
            self._stopped = True
            self._wake.notify()
        self._pool.shutdown(wait=True, cancel_futures=True)


def _logged(job: Job) -> None:
    try:
        job()
    except Exception:
        log.exception("a background job failed")
