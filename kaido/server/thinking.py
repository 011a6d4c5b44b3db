"""Bots' thinking: a queue fair to every account and table, and processes that search in
parallel on every core.

Every bot decision is a `Job`. A bot that answers at once (a level's heuristic:
`kaido.server.bots.answers_at_once`) is answered on the server's thread that asks
(`answer_here`): its choice takes microseconds to a few milliseconds, where a
process's round trip costs half a millisecond. Every other job waits in a `FairQueue` and
runs in a pool of processes (`Thinkers`), so searches use every core instead of sharing
the server's interpreter. When a process is free, the job that runs next is chosen so:

- A table with no human seat (bots only) thinks in a pool of its own whose processes run
  at the lowest OS priority (nice 19): they get only the CPU that tables with people at
  them leave.
- Among accounts (a table's account is its creator's), the one with the fewest jobs
  running goes first, then the one that has used the least thinking time: one account's
  twenty tables take one process while another account waits, not the whole pool. An
  account coming back after a pause starts level with the least-served account waiting,
  with no credit banked while away.
- An account's tables take turns (each table has one decision waiting at most, and an
  account's jobs run in the order they came).

A search is cut at its job's time cap whatever its spec asks, and a job called off
(`Ticket.cancel`) never starts, or stops at its next iteration. A job names the game's
actions so far, not its state: each process keeps the state of the tables it thought for
last and plays only the actions that came since (one or two), replaying the game afresh
for a table it does not hold or whose history changed (an undo). Each process knows the
games and bot kinds registered when the pool was made (`--register`, plug-ins, tests).
"""

from __future__ import annotations

import itertools
import logging
import multiprocessing
import os
import signal
import threading
import time
import traceback
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.context import BaseContext
from multiprocessing.synchronize import Event
from typing import Any

import kaido.games
from kaido.agents import REGISTERED, make_agent
from kaido.core.actions import ActionTable
from kaido.core.game import Game
from kaido.server.lifeline import Lifeline, end_with_server

log = logging.getLogger("kaido.server")

LOWEST_PRIORITY = 19
"""The niceness of the processes that think for tables with no human seat."""
TABLES_KEPT = 2000
"""Tables whose state each process keeps (the least recently used are dropped)."""


@dataclass(frozen=True)
class Job:
    """One bot decision: who it is for, and all a process needs to make it."""

    account: int
    """Whose share it uses: the table's creator."""
    table: str
    background: bool
    """No person plays at the table: it thinks at the lowest priority."""
    game: str
    spec: str
    seed: int
    humans: frozenset[int]
    """The seats people play (`Agent.humans`)."""
    options: dict[str, Any]
    """The table's options, as stored."""
    table_seed: int
    actions: tuple[int, ...]
    """The game so far, each action by its index in the game's `ActionTable`: the process
    plays it on from the state it keeps for the table, so a decision sends a few numbers
    rather than a pickled state."""
    cap: float
    """The longest the search may take, in seconds."""


Done = Callable[["Ticket", "list[Any] | None"], None]
"""Told the ticket and its action's JSON form, or None if the bot failed (logged)."""


@dataclass(eq=False)
class Ticket:
    """A job on its way: waiting, then thinking, then done or called off."""

    job: Job
    done: Done
    number: int
    pool: _Pool | None = field(default=None, repr=False)
    slot: int | None = None
    started: float = 0.0
    finished: bool = False

    def cancel(self) -> None:
        """Call the job off: it is dropped if waiting, stopped if thinking; `done` is not
        told."""
        if self.pool is not None:
            self.pool.cancel(self)


@dataclass
class _Account:
    waiting: deque[Ticket] = field(default_factory=deque)
    running: int = 0
    used: float = 0.0
    """Seconds of thinking its jobs took."""

    @property
    def active(self) -> bool:
        return bool(self.waiting) or self.running > 0


class FairQueue:
    """Which waiting job runs next (see the module's docstring): not thread-safe, the pool
    holds its lock around every call."""

    def __init__(self) -> None:
        self._accounts: dict[int, _Account] = {}

    def push(self, ticket: Ticket) -> None:
        account = self._accounts.get(ticket.job.account)
        if account is None:
            waiting = [a.used for a in self._accounts.values() if a.active]
            account = _Account(used=min(waiting, default=0.0))
            self._accounts[ticket.job.account] = account
        account.waiting.append(ticket)

    def pop(self) -> Ticket | None:
        """The next job to run, counted as running; None if none waits."""
        ready = [a for a in self._accounts.values() if a.waiting]
        if not ready:
            return None
        account = min(ready, key=lambda a: (a.running, a.used, a.waiting[0].number))
        account.running += 1
        return account.waiting.popleft()

    def remove(self, ticket: Ticket) -> bool:
        """Drop a waiting job; False if it is not waiting."""
        account = self._accounts.get(ticket.job.account)
        if account is None or ticket not in account.waiting:
            return False
        account.waiting.remove(ticket)
        self._forget_if_idle(ticket.job.account)
        return True

    def finished(self, ticket: Ticket, seconds: float) -> None:
        """A popped job ended after `seconds` of thinking."""
        account = self._accounts[ticket.job.account]
        account.running -= 1
        account.used += seconds
        self._forget_if_idle(ticket.job.account)

    def waiting(self) -> int:
        return sum(len(a.waiting) for a in self._accounts.values())

    def _forget_if_idle(self, key: int) -> None:
        # An idle account starts level again when it comes back (no banked credit).
        if not self._accounts[key].active:
            del self._accounts[key]


class Thinkers:
    """The bots' processes: one pool for tables where people play, one at the lowest
    priority for tables of bots only, each with `processes` processes."""

    def __init__(self, processes: int) -> None:
        context = _context()
        self._counter = itertools.count()
        self._pools = {
            background: _Pool(context, max(1, processes), background)
            for background in (False, True)
        }

    def submit(self, job: Job, done: Done) -> Ticket:
        """Queue `job`; `done` is told its action (from another thread) unless it is
        called off."""
        ticket = Ticket(job, done, next(self._counter))
        self._pools[job.background].push(ticket)
        return ticket

    def warm_up(self) -> None:
        """Start the processes for tables with people now, so their first bot answers as
        fast as the next (the first start imports the games, a second or so)."""
        self._pools[False].warm_up()

    def busy(self) -> int:
        """Jobs thinking or waiting, in both pools."""
        return sum(pool.busy() for pool in self._pools.values())

    def close(self) -> None:
        """Call off every job and stop the processes."""
        for pool in self._pools.values():
            pool.close()


class _Pool:
    """Processes that each serve one slot over a pipe of their own: a job goes down it from
    the thread that starts it, and one thread per pool waits for every answer (a process
    pool's executor took a feeder thread and two wake-ups of its manager thread per job,
    more CPU than an easy bot's decision)."""

    def __init__(self, context: BaseContext, processes: int, background: bool) -> None:
        self._context = context
        self._background = background
        self._stops = [context.Event() for _ in range(processes)]
        """One per slot: set to stop the search in that slot."""
        self._lifeline = Lifeline(context)
        self._processes: list[_Process | None] = [None] * processes
        """Each slot's process, started when the slot is first used (or warmed up)."""
        self._free = list(range(processes))
        self._queue = FairQueue()
        self._running: dict[int, Ticket] = {}
        self._lock = threading.Lock()
        self._closed = False
        self._woken, self._wake_listener = context.Pipe(duplex=False)
        self._listener = threading.Thread(target=self._listen, name="kaido-bots", daemon=True)
        self._listener.start()

    def push(self, ticket: Ticket) -> None:
        with self._lock:
            if self._closed:
                return
            ticket.pool = self
            self._queue.push(ticket)
            self._start_waiting()

    def cancel(self, ticket: Ticket) -> None:
        with self._lock:
            if self._queue.remove(ticket):
                ticket.finished = True
            elif ticket.slot is not None and self._running.get(ticket.slot) is ticket:
                self._stops[ticket.slot].set()
            ticket.done = _ignore

    def busy(self) -> int:
        with self._lock:
            return len(self._running) + self._queue.waiting()

    def warm_up(self) -> None:
        with self._lock:
            if not self._closed:
                for slot in range(len(self._processes)):
                    self._process(slot)

    def _start_waiting(self) -> None:
        """Give free slots to the next jobs (call with the lock held)."""
        while self._free:
            ticket = self._queue.pop()
            if ticket is None:
                return
            slot = ticket.slot = self._free.pop()
            ticket.started = time.monotonic()
            self._stops[slot].clear()
            self._running[slot] = ticket
            try:
                self._process(slot).connection.send(ticket.job)
            except OSError:  # the process died since: the next one takes the job
                self._processes[slot] = None
                self._process(slot).connection.send(ticket.job)

    def _process(self, slot: int) -> _Process:
        """The slot's process, started if it has none (call with the lock held)."""
        process = self._processes[slot]
        if process is None:
            games = kaido.games.added_at_run_time()
            ours, theirs = self._context.Pipe()
            setup = (slot, theirs, self._stops, self._lifeline.worker_end, games)
            started = self._context.Process(  # type: ignore[attr-defined]
                target=_serve,
                args=(*setup, dict(REGISTERED), self._background),
                name=f"kaido-bot-{slot}",
                daemon=True,
            )
            started.start()
            theirs.close()
            process = self._processes[slot] = _Process(started, ours)
            self._wake_listener.send_bytes(b"")  # to wait for this process's answers too
        return process

    def _listen(self) -> None:
        """Wait for every process's answers and hand each to its job's `done`."""
        while True:
            with self._lock:
                if self._closed and not self._running:
                    return
                waiting = {p.connection: slot for slot, p in enumerate(self._processes) if p}
            for ready in wait([*waiting, self._woken]):
                if ready is self._woken:
                    self._woken.recv_bytes()
                    continue
                assert isinstance(ready, Connection)
                try:
                    answer: _Answer = ready.recv()
                except (EOFError, OSError):
                    ready.close()
                    answer = _Answer(None, "died")
                self._answered(waiting[ready], ready, answer)

    def _answered(self, slot: int, connection: Connection, answer: _Answer) -> None:
        with self._lock:
            process = self._processes[slot]
            if process is None or process.connection is not connection:
                return  # the end of a process already replaced
            if answer.failure == "died":
                self._processes[slot] = None
            ticket = self._running.pop(slot, None)
            if ticket is None:  # a process that died between jobs
                return
            if answer.failure == "died":
                log.error("a bot process died while thinking at table %s", ticket.job.table)
            elif answer.failure is not None:
                log.error("a bot failed at table %s:\n%s", ticket.job.table, answer.failure)
            self._free.append(slot)
            self._queue.finished(ticket, time.monotonic() - ticket.started)
            ticket.finished = True
            done = ticket.done
            if not self._closed:
                self._start_waiting()
        done(ticket, answer.value)

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            for stop in self._stops:
                stop.set()
            while (ticket := self._queue.pop()) is not None:
                ticket.finished = True
            processes = [p for p in self._processes if p is not None]
            self._wake_listener.send_bytes(b"")
        self._listener.join(timeout=30)  # the searches running stop at their next iteration
        for process in processes:
            process.connection.close()  # the process ends when it reads the end
            process.process.join(timeout=30)
        self._wake_listener.close()
        self._lifeline.close()


@dataclass(frozen=True)
class _Process:
    process: Any
    """A `multiprocessing` process (of the pool's context)."""
    connection: Connection
    """The server's end of the pipe to it: jobs down, answers up."""


@dataclass(frozen=True)
class _Answer:
    value: list[Any] | None
    """The action's JSON form, or None if the bot failed."""
    failure: str | None = None
    """Why it failed: the traceback, or "died" (the process is gone)."""


def _ignore(_ticket: Ticket, _value: list[Any] | None) -> None:
    pass


def _context() -> BaseContext:
    """Processes forked from a clean server process that imported the games once (spawned
    afresh where there is no fork)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["kaido.agents", *kaido.games.modules()])
    return context


# ---- in the thinking processes ---------------------------------------------------------------

_stops: list[Event] = []


def _start_process(
    stops: list[Event],
    server: Connection,
    games: list[Game[Any]],
    kinds: dict[str, str],
    background: bool,
) -> None:
    global _stops
    _stops = stops
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    end_with_server(server)  # a process left waiting would keep the fork server alive too
    if background and hasattr(os, "nice"):
        os.nice(LOWEST_PRIORITY)
    for game in games:
        kaido.games.register(game)
    REGISTERED.update(kinds)


@dataclass(frozen=True)
class _Stop:
    """Set when the server calls the search off or its time is up."""

    event: Event
    deadline: float

    def is_set(self) -> bool:
        return self.event.is_set() or time.monotonic() >= self.deadline


@dataclass
class _Kept:
    """A table's game as a process last replayed it."""

    actions: list[int]
    state: Any
    table: ActionTable


_kept: OrderedDict[str, _Kept] = OrderedDict()


def _state(game: Game[Any], job: Job) -> Any:
    """The job's state: the kept one moved on by the actions since, or a fresh replay."""
    kept = _kept.pop(job.table, None)
    known = 0 if kept is None else len(kept.actions)
    if kept is None or known > len(job.actions) or kept.actions != list(job.actions[:known]):
        options = game.make_options(job.options)
        kept = _Kept([], game.setup(options, job.table_seed), game.action_table(options))
    for index in job.actions[len(kept.actions) :]:
        game.apply(kept.state, kept.table[index], trusted=True)
        kept.actions.append(index)
    _kept[job.table] = kept
    while len(_kept) > TABLES_KEPT:
        _kept.popitem(last=False)
    return kept.state.copy()  # the agent may change what it is given


def _serve(
    slot: int,
    server: Connection,
    stops: list[Event],
    worker_end: Connection,
    games: list[Game[Any]],
    kinds: dict[str, str],
    background: bool,
) -> None:
    """A bot process: answer each job the server sends until it closes its end."""
    _start_process(stops, worker_end, games, kinds, background)
    while True:
        try:
            job = server.recv()
        except (EOFError, OSError):
            return
        try:
            answer = _Answer(_think(slot, job))
        except Exception:
            answer = _Answer(None, traceback.format_exc())
        server.send(answer)


def _think(slot: int, job: Job) -> list[Any]:
    game = kaido.games.get_game(job.game)
    return decide(game, _state(game, job), job, _Stop(_stops[slot], time.monotonic() + job.cap))


def answer_here(job: Job, state: Any) -> list[Any] | None:
    """`job`'s decision made on this thread from `state` (a copy the bot may change), or
    None if the bot failed (logged): for bots that answer at once, whose choice takes
    microseconds where a process's round trip takes half a millisecond."""
    try:
        return decide(kaido.games.get_game(job.game), state, job)
    except Exception:
        log.exception("a bot failed at table %s", job.table)
        return None


def decide(game: Game[Any], state: Any, job: Job, stop: Any = None) -> list[Any]:
    """The JSON form of the action `job`'s bot chooses in `state` (which it may change)."""
    agent = make_agent(job.spec, game, job.seed)
    agent.humans = job.humans
    if stop is not None:
        agent.stop = stop
    return agent.choose(game, state).to_json()
