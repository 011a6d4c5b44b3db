"""Limits that keep one client from taking the server down: token buckets per key (client
address, account name with client address) and a small bounded pool of its own for password hashing.

Each password hash takes 64 MiB and tens of milliseconds of a core. Run on the threads
that serve moves, a login flood took memory to gigabytes and moves to seconds; here at most
`threads` hashes run at once, at most `queue` more wait, and the rest are told to retry.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TypeVar

from kaido.server.errors import TooMany

T = TypeVar("T")


@dataclass(frozen=True)
class Rate:
    """`burst` attempts at once, then one every `every` seconds."""

    burst: float
    every: float


class Buckets:
    """A token bucket per key; the least recently used keys are forgotten past `keys`."""

    def __init__(self, rate: Rate, what: str, keys: int = 100_000) -> None:
        self.rate = rate
        self.what = what
        self.keys = keys
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, key: str, *, spend: bool = True) -> None:
        """Spend one token of `key`'s bucket (or, without `spend`, only check one is
        left), or raise TooMany saying when to retry."""
        now = time.monotonic()
        with self._lock:
            tokens, then = self._buckets.pop(key, (self.rate.burst, now))
            tokens = min(self.rate.burst, tokens + (now - then) / self.rate.every)
            if tokens < 1:
                self._buckets[key] = (tokens, now)
                wait = (1 - tokens) * self.rate.every
                raise TooMany(f"too many {self.what}; try again later", retry_after=wait)
            self._buckets[key] = (tokens - spend, now)
            while len(self._buckets) > self.keys:
                self._buckets.popitem(last=False)


class Limits:
    """Every rate limit of the server, keyed by client address or account name."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.sign_in_by_address = Buckets(Rate(20, 3), "sign-in attempts from your address")
        self.failures_by_name_and_address = Buckets(
            Rate(5, 12), "failed sign-ins for this name from your address"
        )
        self.guests_by_address = Buckets(Rate(10, 60), "guest accounts from your address")
        self.tables_by_address = Buckets(Rate(30, 2), "new tables from your address")
        self.chat_by_user = Buckets(Rate(5, 2), "chat messages")

    def check(self, buckets: Buckets, key: str, *, spend: bool = True) -> None:
        if self.enabled:
            buckets.take(key, spend=spend)

    def failed(self, buckets: Buckets, key: str) -> None:
        """Count a failure against `key` (already refused or not)."""
        with contextlib.suppress(TooMany):
            self.check(buckets, key)


class Hashing:
    """A pool of its own for password hashing, bounded in threads and in waiting work."""

    def __init__(self, threads: int, queue: int) -> None:
        self.threads = max(1, threads)
        self.capacity = self.threads + queue
        self._pool = ThreadPoolExecutor(self.threads, thread_name_prefix="kaido-hash")
        self._lock = threading.Lock()
        self.in_flight = 0
        self.peak = 0
        """The most hashing jobs ever running or waiting at once (for tests and benches)."""

    async def run(self, job: Callable[[], T]) -> T:
        """`job` on the hashing pool; TooMany at once when the pool is full."""
        with self._lock:
            if self.in_flight >= self.capacity:
                raise TooMany("the server is busy signing people in; try again", retry_after=2)
            self.in_flight += 1
            self.peak = max(self.peak, self.in_flight)
        try:
            return await asyncio.wrap_future(self._pool.submit(job))
        finally:
            with self._lock:
                self.in_flight -= 1

    def shutdown(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)
