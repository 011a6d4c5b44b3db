"""Work off the event loop on threads: clocks, and chores that may take a while.

One clock thread keeps a heap of due jobs: it runs clocks, offer lapses and bots' moves
itself when their time comes, and hands each chore (sweeping idle games, reloading a
table) to a pool of its own, so a chore can never delay a clock. A waiting bot move (the
visible pause) or a clock holds no thread, and a due clock job crosses no thread on its way
to running (a hand-over to a pool per bot move was a measurable share of a move's CPU).
Items scheduled with `gather` (bots' moves) that fall due together are run by one call,
so their tables' writes can share one commit. Bots think in processes of their own
(thinking.py).
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

log = logging.getLogger("kaido.server")

Job = Callable[[], None]
GATHER_AT_MOST = 16
"""Items of one `gather` call: a bound on how many tables one batch holds locked."""


@dataclass(frozen=True, slots=True)
class _Gathered:
    """An item for `run`, which takes every such item due at the same moment."""

    run: Callable[[list[Any]], None]
    item: Any


class Workers:
    def __init__(self) -> None:
        self.chores = ThreadPoolExecutor(1, thread_name_prefix="kaido-chore")
        self._heap: list[tuple[float, int, bool, Job | _Gathered]] = []
        """Jobs not run yet: (when due, their order, whether a clock job, the job)."""
        self._counter = itertools.count()
        self._wake = threading.Condition()
        self._stopped = False
        self._clock = threading.Thread(target=self._run_clock, name="kaido-clock", daemon=True)
        self._clock.start()

    def later(self, delay: float, job: Job, *, clock: bool = False) -> None:
        """Run `job` after `delay` seconds (as soon as may be if it is not positive): on the
        clock thread, in the order jobs fall due, if `clock`; else on the chores' pool."""
        if delay <= 0 and not clock:
            self._submit(job)
            return
        self._push(delay, clock, job)

    def gather(self, delay: float, item: Any, run: Callable[[list[Any]], None]) -> None:
        """Give `item` to `run` after `delay` seconds, on the clock thread, with the items
        for the same `run` that fall due with it (that are due when it is: up to
        GATHER_AT_MOST)."""
        self._push(delay, True, _Gathered(run, item))

    def _push(self, delay: float, clock: bool, job: Job | _Gathered) -> None:
        with self._wake:
            entry = (time.monotonic() + delay, next(self._counter), clock, job)
            heapq.heappush(self._heap, entry)
            if self._heap[0] is entry:  # else the clock thread wakes in time anyway
                self._wake.notify()

    def _submit(self, job: Job) -> None:
        if not self._stopped:
            self.chores.submit(_logged, job)

    def _run_clock(self) -> None:
        while (due := self._next_due()) is not None:
            clock, job = due
            if clock:
                _logged(job)
            else:
                self._submit(job)

    def _next_due(self) -> tuple[bool, Job] | None:
        """The next job once it is due (whether it is a clock job, and the job), or None
        once stopped."""
        with self._wake:
            while not self._stopped:
                now = time.monotonic()
                if self._heap and self._heap[0][0] <= now:
                    _due, _n, clock, job = heapq.heappop(self._heap)
                    if isinstance(job, _Gathered):
                        return True, self._gathered(job, now)
                    return clock, job
                self._wake.wait(self._heap[0][0] - now if self._heap else None)
            return None

    def _gathered(self, first: _Gathered, now: float) -> Job:
        """A job running `first` and the items for its `run` due next, in the order they
        fell due (call with `_wake` held)."""
        items = [first.item]
        while len(items) < GATHER_AT_MOST and self._heap and self._heap[0][0] <= now:
            job = self._heap[0][3]
            if not (isinstance(job, _Gathered) and job.run == first.run):
                break
            heapq.heappop(self._heap)
            items.append(job.item)
        return lambda: first.run(items)

    def stop_taking(self) -> None:
        """Take no more jobs: due and later ones are dropped."""
        with self._wake:
            self._stopped = True
            self._wake.notify()

    def shutdown(self) -> None:
        """Stop taking jobs and wait for the running ones."""
        self.stop_taking()
        if threading.current_thread() is not self._clock:
            self._clock.join()
        self.chores.shutdown(wait=True, cancel_futures=True)


def _logged(job: Job) -> None:
    try:
        job()
    except Exception:
        log.exception("a background job failed")
