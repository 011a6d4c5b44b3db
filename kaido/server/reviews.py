"""Reviews of finished games and hints during play (kaido/review), worked out in a bounded
pool of worker processes, never on the event loop or the bots' threads.

A game that ends with a result is queued for its review at once: a row `queued` in the
`reviews` table, the work in the review pool (`Settings.review_workers` processes), its
progress told back through a queue and shown by `GET /api/tables/ID/review`, the review
stored in the row when done. A server that stops meanwhile queues the review again when it
starts; an older game without a review gets one the first time it is asked for.

Hints (`POST /api/tables/ID/hint`) are the bot's three best moves for the seat deciding
now, from that seat's view only, at tables whose creator allowed them, which are never
rated (a rated table is a public one, kaido/server/leaderboard.py); each hint taken is
stored and shows in the table's record and review.
"""

from __future__ import annotations

import logging
import multiprocessing
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from fastapi import FastAPI, Request
from pydantic import BaseModel, ConfigDict
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from kaido.core.errors import KaidoError
from kaido.core.game import Lang
from kaido.core.records import Record
from kaido.games import get_game
from kaido.review.worker import hint_moves, review_job, sendable, start_worker
from kaido.server.db import HintRow, ReviewRow
from kaido.server.errors import Elsewhere, Forbidden, NotFound, Unavailable
from kaido.server.lifeline import Lifeline
from kaido.server.runtime import TableRuntime
from kaido.server.store import Store, TableInfo, User
from kaido.server.tables import TableManager

log = logging.getLogger("kaido.server")


def is_rated(info: TableInfo) -> bool:
    """A public table is rated (kaido/server/leaderboard.py); hints are never given there."""
    return not info.private


class HintIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    move: int


class Reviews:
    """The review pool, the hint pool, and the reviews' and hints' rows."""

    def __init__(
        self,
        store: Store,
        tables: TableManager,
        *,
        review_workers: int,
        review_worlds: int,
        hint_worlds: int,
    ) -> None:
        self.tables = tables
        self.review_worlds = review_worlds
        self.hint_worlds = hint_worlds
        self._sessions = sessionmaker(store.engine, expire_on_commit=False)
        spawn = multiprocessing.get_context("spawn")  # a threaded server must not fork
        # Progress comes back on a pipe: each message is one write shorter than the pipe's
        # atomic size, so the workers need no lock to share it.
        self._progress, self._progress_writer = spawn.Pipe(duplex=False)
        self._lifeline = Lifeline(spawn)  # the workers end with the server, even killed
        setup = (self._progress_writer, self._lifeline.worker_end)

        def pool(processes: int) -> ProcessPoolExecutor:
            return ProcessPoolExecutor(processes, spawn, start_worker, setup)

        self._pool = pool(review_workers) if review_workers else None
        self._hints = pool(1)
        self._queuing = ThreadPoolExecutor(1, thread_name_prefix="kaido-review-queue")
        self._lock = threading.Lock()
        self._closing = False
        self._running: dict[str, float] = {}
        """Reviews queued or under way in this process: their progress, 0 to 1."""
        self._listener = threading.Thread(target=self._listen, name="kaido-reviews", daemon=True)
        self._listener.start()
        tables.on_finish = self.finished

    # ---- reviews ------------------------------------------------------------------------

    def finished(self, runtime: TableRuntime) -> None:
        """A game ended with a result (called under its table's lock): queue its review."""
        if self._pool is not None:
            self._queue(runtime.id, runtime.require_match().record())

    def resume(self) -> int:
        """Queue again the reviews a stopped server had queued; how many. One node of
        several takes those of the tables it may serve: reading the record claims the
        table, and a table another node serves is that node's to review."""
        if self._pool is None:
            return 0
        with self._sessions() as session:
            ids = list(
                session.scalars(select(ReviewRow.table_id).where(ReviewRow.status == "queued"))
            )
        queued = 0
        for table_id in ids:
            try:
                record = self.tables.record(table_id)
            except (Elsewhere, Unavailable):  # another node's, or changing hands: asked later
                continue
            except KaidoError as error:  # its game is gone from this server, or changed
                log.error("the review of table %s cannot be made: %s", table_id, error)
                self._store(table_id, "failed", error=str(error)[:1000])
                continue
            self._queue(table_id, record)
            queued += 1
        return queued

    def _queue(self, table_id: str, record: Record) -> None:
        """Count the review as under way, and hand it to the pool on the queuing thread
        (the first hand-over waits for a worker process to start)."""
        with self._lock:
            if table_id in self._running:
                return
            self._running[table_id] = 0.0
        try:
            self._queuing.submit(self._submit, table_id, record)
        except RuntimeError:  # shut down: the server is stopping
            with self._lock:
                self._running.pop(table_id, None)

    def _submit(self, table_id: str, record: Record) -> None:
        assert self._pool is not None
        try:
            hints = self.hints_of(table_id)
            if hints:
                record.hints = hints
            self._store(table_id, "queued")
            game = sendable(get_game(record.game))
            job = (table_id, game, record.to_json(), self.review_worlds)
            future = self._pool.submit(review_job, *job)
        except Exception as error:  # the database is away, or the server is stopping
            if not self._closing:
                log.error("the review of table %s was not queued: %s", table_id, error)
            with self._lock:  # asked for again, it is queued again
                self._running.pop(table_id, None)
            return
        future.add_done_callback(lambda done: self._done(table_id, done))

    def _done(self, table_id: str, future: Future[dict[str, Any]]) -> None:
        try:
            if self._closing or future.cancelled():
                return  # the server stopped: the row stays queued for its next start
            error = future.exception()
            if error is None:
                self._store(table_id, "ready", review=future.result())
            else:
                log.error("the review of table %s failed: %s", table_id, error)
                self._store(table_id, "failed", error=str(error)[:1000])
        finally:  # once stored, so that nobody queues it again meanwhile
            with self._lock:
                self._running.pop(table_id, None)

    def _store(
        self,
        table_id: str,
        status: str,
        review: dict[str, Any] | None = None,
        error: str | None = None,
    ) -> None:
        with self._sessions.begin() as session:
            row = session.get(ReviewRow, table_id)
            if row is None:
                row = ReviewRow(table_id=table_id)
                session.add(row)
            row.status, row.review, row.error = status, review, error
            row.updated_at = time.time()

    def _listen(self) -> None:
        """Progress told by the workers: (table id, share done); None ends it."""
        while True:
            update = self._progress.recv()
            if update is None:
                return
            table_id, share = update
            with self._lock:
                if table_id in self._running:
                    self._running[table_id] = share

    def review(self, table_id: str, lang: Lang) -> dict[str, Any]:
        """A finished table's review as the browser shows it, or how far it has come."""
        runtime = self.tables.finished(table_id)
        with self._sessions() as session:
            row = session.get(ReviewRow, table_id)
            stored = None if row is None else (row.status, row.review, row.error)
        with self._lock:
            progress = self._running.get(table_id)
        if progress is not None:
            return {"table": table_id, "status": "running", "progress": round(progress, 3)}
        if stored is None or stored[0] == "queued":
            if self._pool is None:
                raise NotFound("this server makes no reviews")
            self._queue(table_id, self.tables.record(table_id))
            return {"table": table_id, "status": "running", "progress": 0.0}
        status, review, error = stored
        if status == "failed":
            return {"table": table_id, "status": "failed", "error": error}
        assert review is not None
        return {"table": table_id, "status": "ready", **present(runtime, review, lang)}

    # ---- hints --------------------------------------------------------------------------

    def hint(self, user: User, table_id: str, move: int, lang: Lang) -> dict[str, Any]:
        """The bot's best moves for the seat `user` decides for now (stored as taken)."""
        runtime = self.tables.get(table_id)
        if is_rated(runtime.info):
            raise Forbidden("no hints at a rated table")
        if not runtime.info.hints:
            raise Forbidden("this table's creator did not allow hints")
        seat, record = self.tables.deciding(user, table_id, move)
        step = len(record.actions)
        moves = self._stored_hint(table_id, move)
        if moves is None:
            game = sendable(runtime.game)
            job = self._hints.submit(hint_moves, game, record.to_json(), seat, self.hint_worlds)
            moves = self._keep_hint(table_id, move, step, seat, job.result())
        game, options = runtime.game, runtime.options
        table = game.action_table(options)
        return {
            "table": table_id,
            "step": step,
            "seat": seat,
            "moves": [
                {**m, "text": game.action_text(table.from_json(m["action"]), lang, options)}
                for m in moves
            ],
        }

    def _stored_hint(self, table_id: str, version: int) -> list[dict[str, Any]] | None:
        with self._sessions() as session:
            return _hint_at(session, table_id, version)

    def _keep_hint(
        self, table_id: str, version: int, step: int, seat: int, moves: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        """Store a hint; the one stored first if two were asked at once."""
        row = HintRow(
            table_id=table_id,
            version=version,
            step=step,
            seat=seat,
            moves=moves,
            created_at=time.time(),
        )
        try:
            with self._sessions.begin() as session:
                session.add(row)
        except IntegrityError:
            with self._sessions() as session:
                stored = _hint_at(session, table_id, version)
            assert stored is not None
            return stored
        return moves

    def hints_of(self, table_id: str) -> list[list[int]]:
        """`[step, seat]` of the hints taken at a table, in order."""
        with self._sessions() as session:
            rows = session.execute(
                select(HintRow.step, HintRow.seat)
                .where(HintRow.table_id == table_id)
                .order_by(HintRow.id)
            ).all()
        return [[step, seat] for step, seat in rows]

    def close(self) -> None:
        """Stop at once: a review under way is dropped (queued again at the next start)."""
        self._closing = True
        self._queuing.shutdown(wait=False, cancel_futures=True)
        for pool in (self._pool, self._hints):
            if pool is not None:
                _stop(pool)
        self._progress_writer.send(None)
        self._listener.join(timeout=5)
        self._lifeline.close()


def _stop(pool: ProcessPoolExecutor) -> None:
    """Shut `pool` down without waiting for the work under way: its processes are ended
    (ProcessPoolExecutor gains `terminate_workers` only in Python 3.14)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(timeout=5)
    pool.shutdown(wait=True)  # its processes gone, this only lets it release its queues


def _hint_at(session: Session, table_id: str, version: int) -> list[dict[str, Any]] | None:
    return session.scalar(
        select(HintRow.moves).where(HintRow.table_id == table_id, HintRow.version == version)
    )


def present(runtime: TableRuntime, review: dict[str, Any], lang: Lang) -> dict[str, Any]:
    """A stored review with what the browser writes of it: the moves' texts, the facts in
    `lang`, the players' names."""
    game, options = runtime.game, runtime.options
    table = game.action_table(options)

    def text(action: list[Any] | None) -> str | None:
        return None if action is None else game.action_text(table.from_json(action), lang, options)

    return {
        **review,
        "players": [
            game.player_name(seat, lang, options) for seat in range(len(runtime.info.seats))
        ],
        "decisions": [
            {**d, "played_text": text(d["played"]), "best_text": text(d["best"])}
            for d in review["decisions"]
        ],
        "facts": [{**f, "text": f["text"][lang]} for f in review["facts"]],
    }


# ---- routes ----------------------------------------------------------------------------------


def add_review_routes(
    app: FastAPI,
    reviews: Reviews,
    signed_in: Callable[[Request], User],
    lang_of: Callable[[str], Lang],
) -> None:
    @app.get("/api/tables/{table_id}/review")
    def table_review(table_id: str, lang: str = "en") -> dict[str, Any]:
        return reviews.review(table_id, lang_of(lang))

    @app.post("/api/tables/{table_id}/hint")
    def hint(table_id: str, body: HintIn, request: Request, lang: str = "en") -> dict[str, Any]:
        user = signed_in(request)
        return reviews.hint(user, table_id, body.move, lang_of(lang))
