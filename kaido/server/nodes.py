"""One server as several nodes on one PostgreSQL database (`kaido serve --node`, and
`kaido serve --workers N`, which runs N nodes behind nginx on one host).

Each node has a row in `nodes`, kept alive by a heartbeat and by an advisory lock that its
listening connection holds: the lock goes the moment the process or its connection dies.
Every node reaps, once a second, the nodes whose lock went or whose heartbeat expired;
deleting a node's row deletes its leases. A table is served by the node holding its row in
`leases`: the first node asked for it claims it, and keeps it while it is in play. Tables in
play that lost their node are claimed by the live nodes (shared out by rendezvous hashing)
and replayed from the database, bots and clocks included.

Every write a node makes to its tables first checks, in the same transaction, that the node
is still alive (`guard`): once other nodes have reaped it, none of its writes can commit, so
a node that stalled cannot write a move after another took its table over. A node that finds
itself reaped exits at once; its supervisor starts it again as a new node.

One node at a time runs the server's duties: the first to take the duties' advisory lock on
its listening connection, which it holds until it dies (or is reaped: the reaper ends the
database sessions of the nodes it reaps, so a node that hung loses the lock too); another
node takes the lock at its next heartbeat.

Nodes tell each other what changed (chat lines, ended sessions, preferences, the lobby,
finished games, seats a tournament retires, nodes gone) with PostgreSQL's NOTIFY on one
channel (`Bus`).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any, Protocol

import psycopg
from sqlalchemy import Engine, text
from sqlalchemy.exc import SQLAlchemyError

from kaido.server.errors import Elsewhere, Unavailable

log = logging.getLogger("kaido.server")

CHANNEL = "kaido"
LOCK_SPACE = 0x4B41
"""The first key of the advisory locks `(LOCK_SPACE, node id)` that mark live nodes."""
DUTIES_LOCK = 0x4B41_0002
"""The advisory lock held by the one node that runs the server's duties (the matchmaker,
turn mail, the tournament director: kaido/server/duties.py)."""
BEAT_SECONDS = 1.0
ORPHAN_SCAN_SECONDS = 5.0
"""How often a node looks for tables in play that no node serves (also when told a node
went)."""
GONE_EXIT_CODE = 75
NOW = "extract(epoch from clock_timestamp())"
"""The database's clock: every node's times are on it, whatever the hosts' clocks say."""

Event = dict[str, Any]
Handler = Callable[[Event], None]


class Bus:
    """Events that every node of the server hears. With one node (no `--node`), they are
    handed to the handlers in this process as they are published."""

    def __init__(self) -> None:
        self._handlers: dict[str, list[Handler]] = {}

    def on(self, kind: str, handler: Handler) -> None:
        self._handlers.setdefault(kind, []).append(handler)

    def publish(self, kind: str, **payload: Any) -> None:
        self.deliver({"kind": kind, **payload})

    def deliver(self, event: Event) -> None:
        for handler in self._handlers.get(event.get("kind", ""), []):
            try:
                handler(event)
            except Exception:
                log.exception("a handler of %r failed", event.get("kind"))


class NotifyBus(Bus):
    """Events through PostgreSQL: NOTIFY on publishing, and the node's listening
    connection delivers what every node published (this one's too)."""

    def __init__(self, engine: Engine) -> None:
        super().__init__()
        self.engine = engine

    def publish(self, kind: str, **payload: Any) -> None:
        message = json.dumps({"kind": kind, **payload})
        try:
            with self.engine.begin() as connection:
                connection.execute(text("SELECT pg_notify(:c, :m)"), {"c": CHANNEL, "m": message})
        except SQLAlchemyError as error:  # what it tells is read again later anyway
            log.error("other nodes were not told of %s: %s", kind, str(error).splitlines()[0])


class Placement(Protocol):
    """Which tables this process serves."""

    def claim(self, table_id: str) -> None:
        """Serve `table_id` from now on, or raise Elsewhere naming the node that does."""

    def release(self, table_id: str) -> None:
        """Serve `table_id` no more (it left memory and is not in play)."""

    def held(self, table_ids: Iterable[str]) -> list[str]:
        """Those of `table_ids` this process serves."""


class Sole:
    """The only server of its database: it serves every table."""

    def claim(self, table_id: str) -> None:
        return None

    def release(self, table_id: str) -> None:
        return None

    def held(self, table_ids: Iterable[str]) -> list[str]:
        return list(table_ids)


class NodeGone(Exception):
    """This node was reaped by the others: what it still holds is theirs now."""


def rendezvous(table_id: str, nodes: Iterable[int]) -> int:
    """The node that takes over `table_id` (highest random weight: every node computes
    the same, and a node that goes moves only its own tables)."""

    def weight(node: int) -> bytes:
        return hashlib.blake2b(f"{node}/{table_id}".encode(), digest_size=8).digest()

    return max(nodes, key=weight)


class Node:
    """This process as one node: its row, its leases and its listening connection."""

    def __init__(self, engine: Engine, address: str, bus: NotifyBus, ttl: float) -> None:
        self.engine = engine
        self.address = address
        self.bus = bus
        self.ttl = ttl
        self.id = 0
        self.resume: Callable[[list[str]], None] = lambda _ids: None
        """Replays claimed tables in play (set by the table manager)."""
        self._listener: psycopg.Connection[Any] | None = None
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="kaido-node", daemon=True)
        self._next_scan = 0.0
        self._leading = False
        self._beaten_at = float("-inf")
        """When (time.monotonic) the last heartbeat was stored."""
        bus.on("nodes", lambda _event: self._scan_soon())

    # ---- joining and leaving ------------------------------------------------------------

    def start(self) -> None:
        """Join: take a node id and its lock, insert the row, listen, start the heartbeat."""
        url = self.engine.url.set(drivername="postgresql")
        listener = psycopg.connect(url.render_as_string(hide_password=False), autocommit=True)
        listener.execute("SET lock_timeout = '2s'")
        node_id = listener.execute("SELECT nextval('node_ids')").fetchone()
        assert node_id is not None
        self.id = int(node_id[0])
        listener.execute("SELECT pg_advisory_lock(%s, %s)", (LOCK_SPACE, self.id))
        listener.execute(
            f"INSERT INTO nodes (id, address, pid, started_at, expires_at) "
            f"VALUES (%s, %s, %s, {NOW}, {NOW} + %s)",
            (self.id, self.address, os.getpid(), self.ttl),
        )
        listener.execute(f"LISTEN {CHANNEL}")
        self._listener = listener
        self._thread.start()
        log.info("node %d serves at %s", self.id, self.address)

    def stop(self) -> None:
        """Take no more tables over and hear no more events (on stopping, first)."""
        self._stopped.set()
        if self._thread.is_alive():
            self._thread.join(timeout=10)

    def leave(self) -> None:
        """Go for good (on stopping, once the tables' writes are done): the other nodes
        take this one's tables in play over at once."""
        self.stop()
        if self._listener is not None:
            self._listener.execute("DELETE FROM nodes WHERE id = %s", (self.id,))
            self._listener.execute("SELECT pg_notify(%s, %s)", (CHANNEL, '{"kind": "nodes"}'))
            self._listener.close()

    def leads(self) -> bool:
        """This node runs the server's duties now: it holds the duties' lock, and its last
        heartbeat is recent (a node that hung past its time is being reaped)."""
        fresh = time.monotonic() - self._beaten_at < self.ttl
        return self._leading and fresh and not self._stopped.is_set()

    # ---- tables ---------------------------------------------------------------------------

    def claim(self, table_id: str) -> None:
        for _attempt in range(3):
            with self.engine.begin() as connection:
                connection.execute(
                    text(
                        "INSERT INTO leases (table_id, node_id) SELECT id, :me FROM tables "
                        "WHERE id = :t "
                        "ON CONFLICT (table_id) DO NOTHING"
                    ),
                    {"t": table_id, "me": self.id},
                )
                owner = connection.execute(
                    text(
                        "SELECT n.id, n.address FROM leases l JOIN nodes n ON n.id = l.node_id "
                        "WHERE l.table_id = :t"
                    ),
                    {"t": table_id},
                ).first()
            if owner is None:
                exists = self._exists(table_id)
                if not exists:
                    return  # no such table: loading it says so
                continue  # released meanwhile: claim again
            if owner[0] == self.id:
                return
            if owner[1] == self.address:  # this node's last run, not reaped yet
                raise Unavailable(f"table {table_id!r} is changing hands; try again soon")
            raise Elsewhere(f"table {table_id!r} is served by node {owner[0]}", owner[1])
        raise Unavailable(f"table {table_id!r} is changing hands; try again soon")

    def _exists(self, table_id: str) -> bool:
        with self.engine.connect() as connection:
            found = connection.execute(text("SELECT 1 FROM tables WHERE id = :t"), {"t": table_id})
            return found.first() is not None

    def release(self, table_id: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                text("DELETE FROM leases WHERE table_id = :t AND node_id = :me"),
                {"t": table_id, "me": self.id},
            )

    def held(self, table_ids: Iterable[str]) -> list[str]:
        wanted = list(table_ids)
        if not wanted:
            return []
        with self.engine.connect() as connection:
            rows = connection.execute(
                text("SELECT table_id FROM leases WHERE node_id = :me"), {"me": self.id}
            )
            mine = {row[0] for row in rows}
        return [table_id for table_id in wanted if table_id in mine]

    def claim_orphans(self) -> list[str]:
        """Claim the tables in play that no node serves and that fall to this node among
        the live ones; their ids."""
        with self.engine.connect() as connection:
            orphans = [
                row[0]
                for row in connection.execute(
                    text(
                        "SELECT t.id FROM tables t WHERE t.status = 'playing' AND NOT EXISTS "
                        "(SELECT 1 FROM leases l WHERE l.table_id = t.id)"
                    )
                )
            ]
            if not orphans:
                return []
            live = [row[0] for row in connection.execute(text("SELECT id FROM nodes"))]
        claimed = []
        for table_id in orphans:
            if self.id in live and rendezvous(table_id, live) == self.id:
                try:
                    self.claim(table_id)
                except Elsewhere:
                    continue  # a request brought it to another node first
                claimed.append(table_id)
        return claimed

    # ---- the writes' guard ----------------------------------------------------------------

    def alive_query(self) -> tuple[str, dict[str, Any]]:
        """What each write transaction checks first (`kaido.server.store.WriteGuard`): the
        node is alive, and no node can reap it before the transaction ends (the row is
        locked against the reaper's DELETE)."""
        query = f"SELECT 1 FROM nodes WHERE id = %(node_id)s AND expires_at > {NOW} FOR SHARE"
        return query, {"node_id": self.id}

    def refused(self) -> None:
        self._gone("its writes were refused")

    def _gone(self, how: str) -> None:
        log.critical("node %d was taken for gone by the others (%s); exiting", self.id, how)
        logging.shutdown()
        os._exit(GONE_EXIT_CODE)

    # ---- the node's thread: notifications, heartbeat, reaping, orphans ---------------------

    def _scan_soon(self) -> None:
        self._next_scan = 0.0

    def _run(self) -> None:
        listener = self._listener
        assert listener is not None
        while not self._stopped.is_set():
            try:
                for notice in listener.notifies(timeout=BEAT_SECONDS):
                    self.bus.deliver(json.loads(notice.payload))
                self._beat(listener)
            except psycopg.errors.LockNotAvailable:
                log.warning("node %d: reaping waited too long; trying again", self.id)
            except psycopg.Error as error:
                if self._stopped.is_set():
                    return
                self._gone(f"its database connection failed: {error}")
            if time.monotonic() >= self._next_scan:
                self._next_scan = time.monotonic() + ORPHAN_SCAN_SECONDS
                try:
                    self.resume(self.claim_orphans())
                except Exception:  # the database away a moment: scanned again soon
                    log.exception("node %d: looking for tables to take over failed", self.id)

    def _beat(self, listener: psycopg.Connection[Any]) -> None:
        beat = listener.execute(
            f"UPDATE nodes SET expires_at = {NOW} + %s WHERE id = %s", (self.ttl, self.id)
        )
        if beat.rowcount == 0:
            self._gone("its row was deleted")
        self._beaten_at = time.monotonic()
        reaped = listener.execute(
            f"DELETE FROM nodes WHERE expires_at < {NOW} OR NOT EXISTS ("
            "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted "
            "AND database = (SELECT oid FROM pg_database WHERE datname = current_database()) "
            "AND classid::bigint = %s AND objid::bigint = nodes.id AND objsubid = 2"
            ") RETURNING id",
            (LOCK_SPACE,),
        ).fetchall()
        if reaped:
            log.warning("nodes %s are gone; their tables in play are taken over", reaped)
            self._cut_off(listener, [row[0] for row in reaped])
            listener.execute("SELECT pg_notify(%s, %s)", (CHANNEL, '{"kind": "nodes"}'))
        if not self._leading:
            taken = listener.execute("SELECT pg_try_advisory_lock(%s)", (DUTIES_LOCK,)).fetchone()
            self._leading = bool(taken and taken[0])
            if self._leading:
                log.info("node %d runs the duties", self.id)

    def _cut_off(self, listener: psycopg.Connection[Any], reaped: list[int]) -> None:
        """End the database sessions that still hold the locks of reaped nodes (a node that
        hung), so that what they held, the duties' lock among it, goes to the live ones."""
        try:
            listener.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' "
                "AND granted "
                "AND database = (SELECT oid FROM pg_database WHERE datname = current_database()) "
                "AND classid::bigint = %s AND objid::bigint = ANY(%s) AND objsubid = 2",
                (LOCK_SPACE, reaped),
            )
        except psycopg.errors.InsufficientPrivilege as error:
            log.warning("node %d cannot end the sessions of reaped nodes: %s", self.id, error)
