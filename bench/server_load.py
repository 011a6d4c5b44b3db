"""Load on `kaido serve`, measured from outside as players feel it.

Starts `kaido serve` on a free loopback port (a fresh data directory; SQLite, or a new
database on the PostgreSQL server `--database-url` names, dropped after the run: until
2026-12-01 runs shared the database named, and each run's nodes resumed every table of the
runs before), opens N tables of one scripted human and two bots, and drives every human
over its WebSocket: when the human may act it waits a human pause, sends a random legal
action and times how long its update takes to come back (bots' thinking is not in it: only
the human's own moves are timed), and how long, from its move landing, it waits for its
next decision while the bots move (their visible pauses, `--bot-delay` each, and however
late a busy server makes them). The sockets are opened, and their first whole states
received, before the measured time starts (until 2026-11-28 they were opened in it: at
500-2,000 tables their whole states were a large share of the CPU per move). Prints one row a run:

    .venv/bin/python bench/server_load.py --tables 100 200 500 --seconds 60
    .venv/bin/python bench/server_load.py --tables 500 --database-url postgresql://...
    .venv/bin/python bench/server_load.py --tables 500 --nodes 2 --database-url postgresql://...

`--tree DIR` runs the server of another source tree (an older commit checked out, with
`git worktree add` or `git archive`) with this client, to compare the two side by side;
`--compiled` runs it on the tree's compiled build (`make build/compiled/.installed`), as
`make run` does:

    .venv/bin/python bench/server_load.py --tables 200 --seconds 20 --tree ../before
    .venv/bin/python bench/server_load.py --tables 200 --seconds 20 --compiled

The client runs on the same machine (one process on uvloop, following only the fields it
reads of each table's state) and takes CPU of its own, in the last column; the server CPU
column is the server processes' own time (user + system) over the measured interval, in %
of one core: with `--nodes N` (N > 1: `kaido serve --workers N`, N nodes behind nginx, on
PostgreSQL) the nodes', the supervisor's and nginx's; PostgreSQL's own processes are not
counted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
import uvloop
import websockets

from kaido.server.db import scratch_database
from kaido.server.follow import SYNC, Follower, PatchGap

REPO = Path(__file__).resolve().parents[1]


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    waits: list[float] = field(default_factory=list)
    """Seconds from a human's move landing, when others decide next, to the human's next
    decision: the bots' visible pauses, and how late the server makes them."""
    moves: int = 0
    errors: int = 0
    reconnects: int = 0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """`kaido serve` in a subprocess, with the limits a load test needs lifted."""

    def __init__(self, args: argparse.Namespace, data_dir: Path, database_url: str | None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "kaido.cli.main", "serve", "--port", str(self.port)]
        command += ["--data-dir", str(data_dir), "--bot-delay", str(args.bot_delay)]
        command += ["--no-rate-limits", "--sockets-per-client", "100000"]
        command += ["--max-tables-per-user", "100000", "--log-level", "warning"]
        if database_url:
            command += ["--database-url", database_url]
        if args.nodes > 1:
            command += ["--workers", str(args.nodes)]
        tree = args.tree.resolve()
        imports = tree / "build" / "compiled" if args.compiled else tree
        if args.compiled and not (imports / ".installed").exists():
            raise SystemExit(f"no compiled build in {tree}: run `make build/compiled/.installed`")
        env = {**os.environ, "PYTHONPATH": str(imports)}
        self.log = (data_dir / "server.log").open("wb")
        self.process = subprocess.Popen(
            command, cwd=tree, env=env, stdout=self.log, stderr=self.log
        )

    def wait_ready(self) -> None:
        for _ in range(1200):  # two minutes: nodes start slowly on a loaded machine
            try:
                if httpx2.get(f"{self.url}/api/me", timeout=1).status_code == 200:
                    return
            except httpx2.TransportError:
                pass
            time.sleep(0.1)
        raise SystemExit("kaido serve did not start")

    def cpu_seconds(self) -> float:
        """User + system time of the server and every process under it (nodes, nginx)."""
        total = 0.0
        for pid in _tree(self.process.pid):
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return total

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


def _tree(pid: int) -> list[int]:
    """`pid` and its descendants."""
    found = [pid]
    for task in Path(f"/proc/{pid}/task").glob("*"):
        children = task / "children"
        if children.exists():
            for child in children.read_text().split():
                found += _tree(int(child))
    return found


async def new_table(client: httpx2.AsyncClient, game: str) -> str:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "easy"}]
    response = await client.post("/api/tables", json={"game": game, "seats": seats})
    response.raise_for_status()
    table: str = response.json()["table"]["id"]
    return table


async def set_up(url: str, game: str, count: int) -> list[tuple[str, str]]:
    """`count` guests with a table each: (cookie, table id)."""

    async def one() -> tuple[str, str]:
        async with httpx2.AsyncClient(base_url=url, timeout=60) as client:
            (await client.post("/api/guest")).raise_for_status()
            table = await new_table(client, game)
            return f"kaido_session={client.cookies['kaido_session']}", table

    gate = asyncio.Semaphore(20)

    async def gated() -> tuple[str, str]:
        async with gate:
            return await one()

    return list(await asyncio.gather(*(gated() for _ in range(count))))


async def connect(url: str, cookie: str, table: str) -> Any:
    address = url.replace("http://", "ws://") + f"/ws/tables/{table}"
    return await websockets.connect(
        address, additional_headers={"Cookie": cookie}, max_size=None, open_timeout=60
    )


async def connect_all(url: str, seated: list[tuple[str, str]]) -> list[tuple[Any, str]]:
    """A socket for each human, with the whole state it was sent first: opening them is
    not measured (each costs the server a whole state, not a move)."""
    gate = asyncio.Semaphore(50)

    async def one(cookie: str, table: str) -> tuple[Any, str]:
        async with gate:
            ws = await connect(url, cookie, table)
            return ws, await asyncio.wait_for(ws.recv(), timeout=60)

    return list(await asyncio.gather(*(one(cookie, table) for cookie, table in seated)))


async def play(
    url: str,
    cookie: str,
    table: str,
    opened: tuple[Any, str],
    stats: Stats,
    until: float,
    args: argparse.Namespace,
    rng: random.Random,
) -> None:
    """One human at one table until the time is up or it made `--moves` moves, on the
    socket opened for it, then on new ones if told to reconnect."""
    ws, first = opened
    async with ws:
        made = await _play_connected(ws, first, stats, until, args, rng, 0)
    while time.monotonic() < until and made < args.moves:
        async with await connect(url, cookie, table) as ws:
            made = await _play_connected(ws, None, stats, until, args, rng, made)


async def _play_connected(
    ws: Any,
    first: str | None,
    stats: Stats,
    until: float,
    args: argparse.Namespace,
    rng: random.Random,
    made: int,
) -> int:
    """Play on `ws`, whose first message (already received) is `first` if not None, until
    the time is up (one timer for the connection: one a message was a tenth of the client's
    CPU), it made `--moves` moves, or it is told to reconnect."""
    human = Human(stats, args, rng, made)
    try:
        async with asyncio.timeout(max(0.1, until - time.monotonic())):
            while human.made < args.moves:
                raw = first or await ws.recv()
                first = None
                if not await human.take(ws, raw):
                    break
    except TimeoutError:
        pass
    return human.made


class Human:
    """One scripted human's side of a connection: what it was last sent, and its move in
    flight."""

    def __init__(
        self, stats: Stats, args: argparse.Namespace, rng: random.Random, made: int
    ) -> None:
        self.stats, self.args, self.rng, self.made = stats, args, rng, made
        self.follower = Follower(keys=("version", "legal"))  # all that `take` reads
        self.sent: tuple[int, float] | None = None
        self.landed: float | None = None
        self.version = -1

    async def take(self, ws: Any, raw: str) -> bool:
        """Take one message (and move if it may); False once told to reconnect."""
        stats = self.stats
        try:
            message = self.follower.take(json.loads(raw))
        except PatchGap:
            await ws.send(json.dumps(SYNC))
            return True
        kind = message.get("type")
        if kind == "reconnect":
            stats.reconnects += 1
            return False
        if kind == "error":
            stats.errors += 1
            self.sent = None
            return True
        if kind != "state":
            return True
        if self.version >= 0:
            stats.moves += max(0, message["version"] - self.version)
        self.version = message["version"]
        legal = message.get("legal") or []
        if self.sent is not None and self.version > self.sent[0]:
            stats.latencies.append(time.monotonic() - self.sent[1])
            self.sent = None
            self.landed = None if legal else time.monotonic()
        if legal and self.landed is not None:
            stats.waits.append(time.monotonic() - self.landed)
            self.landed = None
        if legal and self.sent is None:
            await asyncio.sleep(self.rng.uniform(*self.args.think))
            action = self.rng.choice(legal)["action"]
            self.sent = (self.version, time.monotonic())
            await ws.send(json.dumps({"type": "act", "action": action, "move": self.version}))
            self.made += 1
        return True


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run_once(args: argparse.Namespace, tables: int) -> dict[str, Any]:
    with contextlib.ExitStack() as scratch:
        data = scratch.enter_context(tempfile.TemporaryDirectory(prefix="kaido-load-"))
        database_url = None
        if args.database_url:
            database_url = scratch.enter_context(scratch_database(args.database_url, "kaido_load"))
        server = Server(args, Path(data), database_url)
        try:
            server.wait_ready()
            try:
                seated = await set_up(server.url, args.game, tables)
            except httpx2.HTTPStatusError as error:
                server.log.flush()
                tail = (Path(data) / "server.log").read_text()[-3000:]
                raise SystemExit(f"setting up failed: {error.response.text}\n{tail}") from None
            sockets = await connect_all(server.url, seated)
            stats = Stats()
            print(f"({tables} tables set up; measuring {args.seconds:.0f} s)", file=sys.stderr)
            start_cpu, start = server.cpu_seconds(), time.monotonic()
            start_client = time.process_time()
            until = start + args.seconds
            rngs = [random.Random(args.seed * 100_003 + n) for n in range(tables)]
            await asyncio.gather(
                *(
                    play(server.url, cookie, table, sockets[n], stats, until, args, rngs[n])
                    for n, (cookie, table) in enumerate(seated)
                )
            )
            elapsed = time.monotonic() - start
            cpu = server.cpu_seconds() - start_cpu
            client_cpu = time.process_time() - start_client
        finally:
            server.stop()
    ms = [1000 * value for value in stats.latencies]
    return {
        "tables": tables,
        "moves/s": stats.moves / elapsed,
        "timed": len(ms),
        "p50": statistics.median(ms) if ms else float("nan"),
        "p95": percentile(ms, 0.95),
        "p99": percentile(ms, 0.99),
        "wait p50": statistics.median(stats.waits) if stats.waits else float("nan"),
        "wait p95": percentile(stats.waits, 0.95),
        "cpu%": 100 * cpu / elapsed,
        "cpu ms/move": 1000 * cpu / max(1, stats.moves),
        "client cpu%": 100 * client_cpu / elapsed,
        "errors": stats.errors,
        "reconnects": stats.reconnects,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[100, 200, 500])
    parser.add_argument("--game", default="catan")
    parser.add_argument("--seconds", type=float, default=60, help="measured time per run")
    parser.add_argument("--moves", type=int, default=60, help="at most, per human")
    parser.add_argument("--think", type=float, nargs=2, default=(1.0, 3.0), help="seconds")
    parser.add_argument("--bot-delay", type=float, default=0.8)
    parser.add_argument(
        "--database-url",
        default=None,
        help="a PostgreSQL server (any database on it): each run makes a database of its own there",
    )
    parser.add_argument(
        "--nodes", type=int, default=1, help="server nodes behind nginx (needs --database-url)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--tree",
        type=Path,
        default=REPO,
        help="the source tree whose server runs (another commit checked out, to compare "
        "side by side; the client is always this one)",
    )
    parser.add_argument(
        "--compiled",
        action="store_true",
        help="run the server on the tree's compiled build (build/compiled, as `make run`)",
    )
    args = parser.parse_args()
    if args.nodes > 1 and not args.database_url:
        parser.error("--nodes N runs N nodes on one PostgreSQL database: give --database-url")
    print(
        "| tables | moves/s | timed moves | p50 ms | p95 ms | p99 ms | turn wait p50, p95 s "
        "| server CPU | CPU ms/move | errors | client CPU |"
    )
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for tables in args.tables:
        row = uvloop.run(run_once(args, tables))
        print(
            f"| {row['tables']} | {row['moves/s']:.0f} | {row['timed']} | {row['p50']:.1f} "
            f"| {row['p95']:.1f} | {row['p99']:.1f} "
            f"| {row['wait p50']:.2f}, {row['wait p95']:.2f} | {row['cpu%']:.0f}% "
            f"| {row['cpu ms/move']:.2f} | {row['errors']} | {row['client cpu%']:.0f}% |",
            flush=True,
        )


if __name__ == "__main__":
    main()
