"""Work off the event loop on threads: clocks, and chores that may take a while.

One timer thread keeps a heap of due jobs and hands each to its pool when its time comes,
so a waiting bot move (the visible pause) or a clock holds no thread. Clocks, offer lapses
and bots' moves run on a pool of their own, so a chore (sweeping idle games, reloading a
table) can never delay them. Bots think in processes of their own (thinking.py).
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
    def __init__(self) -> None:
        self.chores = ThreadPoolExecutor(1, thread_name_prefix="kaido-chore")
        self.clocks = ThreadPoolExecutor(1, thread_name_prefix="kaido-clock")
        self._heap: list[tuple[float, int, ThreadPoolExecutor, Job]] = []
        self._counter = itertools.count()
        self._wake = threading.Condition()
        self._stopped = False
        self._timer = threading.Thread(target=self._run_timer, name="kaido-timer", daemon=True)
        self._timer.start()

    def later(self, delay: float, job: Job, *, clock: bool = False) -> None:
        """Run `job` after `delay` seconds (at once if it is not positive), on the clock
        pool if `clock`, else on the chores' pool."""
        pool = self.clocks if clock else self.chores
        if delay <= 0:
            self._submit(pool, job)
            return
        with self._wake:
            entry = (time.monotonic() + delay, next(self._counter), pool, job)
            heapq.heappush(self._heap, entry)
            self._wake.notify()

    def _submit(self, pool: ThreadPoolExecutor, job: Job) -> None:
        if not self._stopped:
            pool.submit(_logged, job)

    def _run_timer(self) -> None:
        with self._wake:
            while not self._stopped:
                now = time.monotonic()
                while self._heap and self._heap[0][0] <= now:
                    _due, _n, pool, job = heapq.heappop(self._heap)
                    self._submit(pool, job)
                timeout = self._heap[0][0] - now if self._heap else None
                self._wake.wait(timeout)

    def stop_taking(self) -> None:
        """Take no more jobs: due and later ones are dropped."""
        with self._wake:
            self._stopped = True
            self._wake.notify()

    def shutdown(self) -> None:
        """Stop taking jobs and wait for the running ones."""
        self.stop_taking()
        for pool in (self.clocks, self.chores):
            pool.shutdown(wait=True, cancel_futures=True)


def _logged(job: Job) -> None:
    try:
        job()
    except Exception:
        log.exception("a background job failed")
