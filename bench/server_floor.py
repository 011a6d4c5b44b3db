"""The load of bench/server_load.py played inside one process, with no web stack: what a
move costs the server's own work (rules, bots, messages, the writer) without HTTP,
WebSockets and the event loop.

The same tables (one scripted human and two bots each) are opened on `Services` directly;
each table's connection is a sink that only counts what it is sent (every message is
still built and encoded, as for a socket). The human of a table acts `--think` seconds
after it is told it decides, through `TableManager.act` on this process's main thread (as
a socket thread would), and the bots move on the server's own clock. Prints the CPU of the
whole process per move, and of each of its threads:

    .venv/bin/python bench/server_floor.py --tables 500 --seconds 30
    .venv/bin/python bench/server_floor.py --tables 500 --seconds 30 --tree ../before

Set side by side with `bench/server_load.py` at the same load, the difference is what the
web stack and its hand-overs between threads cost a move.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import heapq
import os
import queue
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]


class Sink:
    """A table's connection that keeps nothing: it tells the driver the table changed."""

    def __init__(self, user_id: int, table: int, changed: queue.SimpleQueue[int]) -> None:
        self.user_id: int | None = user_id
        self.lang = "en"
        self.table, self.changed = table, changed

    def send(self, message: Any) -> None:
        self.changed.put(self.table)


Ticks = dict[tuple[str, str], int]
"""CPU clock ticks (user + system) by thread: (its task id, its name)."""


def thread_times() -> Ticks:
    """Each live thread's CPU so far."""
    names = {str(thread.native_id): thread.name for thread in threading.enumerate()}
    times: Ticks = {}
    for task in os.listdir("/proc/self/task"):
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/self/task/{task}/stat").read_text().rsplit(")", 1)[1].split()
            times[task, names.get(task, "?")] = int(fields[11]) + int(fields[12])
    return times


def per_thread(before: Ticks, after: Ticks, moves: int) -> str:
    """Each kind of thread's CPU between two `thread_times`, in µs a move."""
    spent: collections.Counter[str] = collections.Counter()
    for (task, name), ticks in after.items():
        kind = re.sub(r"_\d+$", "_N", name)  # a pool's threads together
        spent[kind] += ticks - before.get((task, name), 0)
    tick = 1e6 / os.sysconf("SC_CLK_TCK") / max(1, moves)
    return ", ".join(f"{kind} {ticks * tick:.0f}" for kind, ticks in spent.most_common() if ticks)


def run(args: argparse.Namespace, database_url: str | None) -> None:
    from kaido.server.app import Services
    from kaido.server.auth import new_guest
    from kaido.server.config import Settings
    from kaido.server.tables import SeatRequest

    with tempfile.TemporaryDirectory(prefix="kaido-floor-") as data:
        settings = Settings(
            data_dir=Path(data), database_url=database_url, bot_delay=args.bot_delay
        )
        services = Services(settings)
        seats = [SeatRequest("human"), SeatRequest("bot", "easy"), SeatRequest("bot", "easy")]
        changed: queue.SimpleQueue[int] = queue.SimpleQueue()
        tables = []
        for number in range(args.tables):
            user = new_guest(services.store)
            runtime = services.tables.create(
                user, args.game, {}, seats, my_seat=0, private=False, move_seconds=0
            )
            services.tables.subscribe(runtime.id, Sink(user.id, number, changed))
            tables.append((user, runtime))
        print(f"({args.tables} tables set up; measuring {args.seconds:.0f} s)", file=sys.stderr)
        try:
            drive(args, services, tables, changed)
        finally:
            services.tables.close()
            services.store.close()


def drive(
    args: argparse.Namespace,
    services: Any,
    tables: list[tuple[Any, Any]],
    changed: queue.SimpleQueue[int],
) -> None:
    """Play until the time is up, then print the run's row."""
    rng = random.Random(args.seed)
    due: list[tuple[float, int]] = []  # (when the human acts, table)
    waiting: set[int] = set()

    def moves() -> int:
        return sum(runtime.info.version for _user, runtime in tables)

    for number in range(len(tables)):
        changed.put(number)
    start_moves, start_cpu, start = moves(), time.process_time(), time.monotonic()
    start_threads = thread_times()
    until = start + args.seconds
    while (now := time.monotonic()) < until:
        with contextlib.suppress(queue.Empty):
            number = changed.get(timeout=max(0.0, (min(due[0][0], until) if due else until) - now))
            while True:  # each table told of a change: its human acts later if it decides
                match = tables[number][1].match
                deciding = match is not None and not match.is_over and match.to_move == 0
                if deciding and number not in waiting:
                    waiting.add(number)
                    heapq.heappush(due, (now + rng.uniform(*args.think), number))
                number = changed.get_nowait()
        while due and due[0][0] <= time.monotonic():
            _when, number = heapq.heappop(due)
            waiting.discard(number)
            user, runtime = tables[number]
            with runtime.lock:
                state = runtime.require_match().state
                action = rng.choice(runtime.game.legal_actions(state)).to_json()
                version = runtime.info.version
            services.tables.act(user, runtime.id, action, version)
    elapsed = time.monotonic() - start
    made = moves() - start_moves
    cpu = time.process_time() - start_cpu
    threads = per_thread(start_threads, thread_times(), made)
    print(
        f"| {len(tables)} | {made / elapsed:.0f} | {1000 * cpu / max(1, made):.2f} | {threads} |",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--game", default="catan")
    parser.add_argument("--seconds", type=float, default=30, help="measured time")
    parser.add_argument("--think", type=float, nargs=2, default=(1.0, 3.0), help="seconds")
    parser.add_argument("--bot-delay", type=float, default=0.8)
    parser.add_argument("--runs", type=int, default=1, help="runs, one row each")
    parser.add_argument(
        "--database-url",
        default=None,
        help="a PostgreSQL server (any database on it): each run makes a database of its own",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--tree",
        type=Path,
        default=REPO,
        help="the source tree whose server code runs (another commit checked out)",
    )
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if not args.child:  # each run in a process of its own, importing the tree's code
        print("| tables | moves/s | CPU ms/move | CPU by thread, µs/move |")
        print("| ---: | ---: | ---: | --- |", flush=True)
        env = {**os.environ, "PYTHONPATH": str(args.tree.resolve())}
        for _run in range(args.runs):
            command = [sys.executable, __file__, *sys.argv[1:], "--child"]
            subprocess.run(command, cwd=args.tree, env=env, check=True)
        return
    if args.database_url:
        from kaido.server.db import scratch_database

        with scratch_database(args.database_url, "kaido_floor") as url:
            run(args, url)
    else:
        run(args, None)


if __name__ == "__main__":
    main()
