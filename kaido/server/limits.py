"""Limits that keep one client from taking the server down: rates per key (client address,
account name with client address, user, connection) kept by the `limits` library, and a
small bounded pool of its own for password hashing.

The counts live where every process that serves the site sees them: in memory for a server
of one process, and in the database for the nodes of one server (`DatabaseStorage`), so
that a client spread over several nodes gets no more than from one. `limits` stores counts
in memory, Redis, Memcached, MongoDB or etcd, not in PostgreSQL; the nodes already share a
PostgreSQL database and every count here guards a request that costs far more than one
more statement (a password hash, a new account, a new table, a stored chat line), so a
storage of a few lines on that database spares the nodes a second shared service.

Each password hash takes 64 MiB and tens of milliseconds of a core. Run on the threads
that serve moves, a login flood took memory to gigabytes and moves to seconds; here at most
`threads` hashes run at once, at most `queue` more wait, and the rest are told to retry.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage, Storage
from limits.strategies import FixedWindowRateLimiter, MovingWindowRateLimiter
from sqlalchemy import Engine, text
from sqlalchemy.exc import SQLAlchemyError

from kaido.server.errors import TooMany

T = TypeVar("T")

NOW = "extract(epoch from clock_timestamp())"
"""The database's clock, the same for every node."""


class Rate:
    """One limit: `rate` in the `limits` notation ("20/minute") and what it counts."""

    def __init__(self, rate: str, what: str) -> None:
        self.item: RateLimitItem = parse(rate)
        self.what = what


class Limits:
    """Every rate limit of the server. `storage` holds the counts (shared by the nodes)."""

    def __init__(self, enabled: bool, storage: Storage | None = None) -> None:
        self.enabled = enabled
        self.limiter = FixedWindowRateLimiter(storage or MemoryStorage())
        self.sign_in_by_address = Rate("20/minute", "sign-in attempts from your address")
        self.failures_by_name_and_address = Rate(
            "5/minute", "failed sign-ins for this name from your address"
        )
        self.guests_by_address = Rate("10/10minutes", "guest accounts from your address")
        self.tables_by_address = Rate("30/minute", "new tables from your address")
        self.chat_by_user = Rate("5/10seconds", "chat messages")

    def check(self, rate: Rate, key: str, *, spend: bool = True) -> None:
        """Count one attempt of `key` (or, without `spend`, only check one is left), or
        raise TooMany saying when to retry."""
        if not self.enabled:
            return
        allowed = self.limiter.hit(rate.item, key) if spend else self.limiter.test(rate.item, key)
        if not allowed:
            reset = self.limiter.get_window_stats(rate.item, key).reset_time
            raise TooMany(
                f"too many {rate.what}; try again later", retry_after=max(1.0, reset - time.time())
            )

    def failed(self, rate: Rate, key: str) -> None:
        """Count a failure against `key` (already refused or not)."""
        if self.enabled:
            self.limiter.hit(rate.item, key)


class SocketRate:
    """The messages one WebSocket may send: far above what a person (or a scripted player
    waiting for answers) sends. Each connection's own count, in this process's memory."""

    ITEM = parse("100/second")

    def __init__(self) -> None:
        self.limiter = MovingWindowRateLimiter(MemoryStorage())

    def take(self, connection: str) -> None:
        if not self.limiter.hit(self.ITEM, connection):
            raise TooMany("too many messages on this connection; try again later", retry_after=1)

    def forget(self, connection: str) -> None:
        self.limiter.clear(self.ITEM, connection)


class DatabaseStorage(Storage):
    """`limits`' counts in the server's PostgreSQL database (table `rate_counts`): each
    count one row, raised by one upsert that starts a new window once the last expired."""

    STORAGE_SCHEME = ["kaido+postgresql"]

    def __init__(self, engine: Engine) -> None:
        super().__init__()
        self.engine = engine

    @property
    def base_exceptions(self) -> type[Exception]:
        return SQLAlchemyError

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        with self.engine.begin() as connection:
            count = connection.execute(
                text(
                    "INSERT INTO rate_counts (key, count, expires_at) "
                    f"VALUES (:k, :a, {NOW} + :e) ON CONFLICT (key) DO UPDATE SET "
                    f"count = CASE WHEN rate_counts.expires_at <= {NOW} THEN :a "
                    "ELSE rate_counts.count + :a END, "
                    f"expires_at = CASE WHEN rate_counts.expires_at <= {NOW} THEN {NOW} + :e "
                    "ELSE rate_counts.expires_at END RETURNING count"
                ),
                {"k": key, "a": amount, "e": expiry},
            ).scalar_one()
        return int(count)

    def get(self, key: str) -> int:
        with self.engine.connect() as connection:
            count = connection.execute(
                text(f"SELECT count FROM rate_counts WHERE key = :k AND expires_at > {NOW}"),
                {"k": key},
            ).scalar()
        return int(count or 0)

    def get_expiry(self, key: str) -> float:
        with self.engine.connect() as connection:
            expiry = connection.execute(
                text(f"SELECT GREATEST(expires_at, {NOW}) FROM rate_counts WHERE key = :k"),
                {"k": key},
            ).scalar()
        return float(expiry) if expiry is not None else time.time()

    def check(self) -> bool:
        with self.engine.connect() as connection:
            connection.execute(text("SELECT 1"))
        return True

    def reset(self) -> int | None:
        with self.engine.begin() as connection:
            return connection.execute(text("DELETE FROM rate_counts")).rowcount

    def clear(self, key: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(text("DELETE FROM rate_counts WHERE key = :k"), {"k": key})

    def forget_expired(self) -> int:
        """Delete the counts whose window is over (housekeeping); how many."""
        with self.engine.begin() as connection:
            return connection.execute(
                text(f"DELETE FROM rate_counts WHERE expires_at <= {NOW}")
            ).rowcount


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
