"""`kaido serve --workers 2`: two real server processes on one port. Tables of both
processes are played over HTTP and WebSockets reaching either process (what reaches the
one that does not own a table is relayed to its owner); every move lands once, every
socket sees every move, and a server killed outright resumes every table once."""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx2
import pytest
from sqlalchemy import create_engine, text
from websockets.sync.client import ClientConnection, connect

from kaido.server.cluster import owner_of
from tests.server.harness import PASSWORD, wait_for
from tests.server.live import LiveServer

WORKERS = 2


def fresh(server: LiveServer, cookies: httpx2.Cookies | None = None) -> httpx2.Client:
    """A client on a new connection (the kernel hands it to either process)."""
    return httpx2.Client(base_url=server.url, timeout=20, cookies=cookies)


def request(
    server: LiveServer, cookies: httpx2.Cookies, method: str, path: str, body: Any = None
) -> httpx2.Response:
    with fresh(server, cookies) as client:
        return client.request(method, path, json=body)


def sign_up(server: LiveServer, name: str) -> httpx2.Cookies:
    with fresh(server) as client:
        response = client.post("/api/register", json={"name": name, "password": PASSWORD})
        assert response.status_code == 200, response.text
        return client.cookies


def new_table(server: LiveServer, cookies: httpx2.Cookies, seats: list[str]) -> str:
    body = {
        "game": "tiny",
        "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats],
        "my_seat": 0 if seats[0] == "human" else None,
    }
    response = request(server, cookies, "POST", "/api/tables", body)
    assert response.status_code == 200, response.text
    table: str = response.json()["table"]["id"]
    return table


def tables_of_both_workers(
    server: LiveServer, ann: httpx2.Cookies, bob: httpx2.Cookies
) -> list[str]:
    """Two-player tables of Ann and Bob, at least two owned by each process."""
    tables: list[str] = []
    while min(sum(owner_of(t, WORKERS) == w for t in tables) for w in range(WORKERS)) < 2:
        assert len(tables) < 40, "tables are not shared out among the processes"
        table = new_table(server, ann, ["human", "human"])
        joined = request(server, bob, "POST", f"/api/tables/{table}/join", {})
        assert joined.status_code == 200, joined.text
        tables.append(table)
    return tables


def open_socket(server: LiveServer, table: str, cookies: httpx2.Cookies | None) -> ClientConnection:
    headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())} if cookies else {}
    address = server.url.replace("http://", "ws://") + f"/ws/tables/{table}"
    return connect(address, additional_headers=headers, open_timeout=20)


def states_until(socket: ClientConnection, version: int) -> dict[str, Any]:
    """Read `socket` up to the state at move counter `version` (no later one may come)."""
    while True:
        message = json.loads(socket.recv(timeout=20))
        assert message["type"] == "state", message
        assert message["version"] <= version, message
        if message["version"] == version:
            return message


@contextmanager
def watching(
    server: LiveServer, tables: list[str], people: list[Any]
) -> Iterator[dict[str, list[ClientConnection]]]:
    """A socket for each person (None: a spectator) at each table, each past its first
    state; which process took it is recorded too."""
    with ExitStack() as stack:
        sockets: dict[str, list[ClientConnection]] = {}
        for table in tables:
            sockets[table] = []
            for cookies in people:
                socket = stack.enter_context(open_socket(server, table, cookies))
                states_until(socket, 0)
                sockets[table].append(socket)
        yield sockets


def accepted_by(response_headers: Any) -> int:
    return int(response_headers["x-kaido-worker"])


def test_two_workers_play_every_table_once_and_resume_after_a_kill(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "data", bot_delay=0.3, options=("--workers", str(WORKERS)))
    with server:
        ann, bob = sign_up(server, "Ann"), sign_up(server, "Bob")
        tables = tables_of_both_workers(server, ann, bob)
        with watching(server, tables, [ann, bob, None]) as sockets:
            # Whichever process takes a connection, it owns some of these tables and not
            # the others: both ways in are used.
            took = [(accepted_by(s.response.headers), t) for t in tables for s in sockets[t]]
            assert {worker == owner_of(table, WORKERS) for worker, table in took} == {True, False}
            for move in range(6):
                for table in tables:
                    play_one(server, [ann, bob], table, sockets[table], move)
        bots: list[str] = []
        while {owner_of(t, WORKERS) for t in bots} != set(range(WORKERS)):
            assert len(bots) < 10, "tables are not shared out among the processes"
            bots.append(new_table(server, bob, ["easy", "easy", "easy"]))
        crash(server)
        server.start()
        # Nothing lost; the bot tables of both processes play on, each move once.
        for table in tables:
            after = request(server, ann, "GET", f"/api/tables/{table}").json()
            assert after["version"] == 6 and len(after["log"]) == 6
        for table in bots:
            wait_for(
                lambda t=table: (
                    request(server, ann, "GET", f"/api/tables/{t}").json()["status"] == "finished"
                ),
                timeout=60,
                what="the bots to finish",
            )
        each_move_stored_once(tmp_path / "data" / "kaido.sqlite3", [*tables, *bots])


def play_one(
    server: LiveServer,
    players: list[httpx2.Cookies],
    table: str,
    sockets: list[ClientConnection],
    move: int,
) -> None:
    """The player to move acts: over their socket at even moves, over HTTP (a new
    connection) at odd ones; the move is accepted once and every socket sees it."""
    seat = request(server, players[0], "GET", f"/api/tables/{table}").json()["to_move"]
    mine = request(server, players[seat], "GET", f"/api/tables/{table}").json()
    action = mine["legal"][-1]["action"]
    if move % 2 == 0:
        sockets[seat].send(json.dumps({"type": "act", "action": action, "move": move}))
    else:
        body = {"action": action, "move": move}
        response = request(server, players[seat], "POST", f"/api/tables/{table}/act", body)
        assert response.status_code == 200, response.text
    for socket in sockets:
        assert states_until(socket, move + 1)["version"] == move + 1


def each_move_stored_once(database: Path, tables: list[str]) -> None:
    """Every table's actions are plies 1..n with no gap or double, and its counter is n."""
    engine = create_engine(f"sqlite:///{database}")
    with engine.connect() as connection:
        for table in tables:
            plies = connection.execute(
                text("SELECT ply FROM actions WHERE table_id = :t ORDER BY ply"), {"t": table}
            ).scalars()
            version = connection.execute(
                text("SELECT version FROM tables WHERE id = :t"), {"t": table}
            ).scalar_one()
            assert list(plies) == list(range(1, version + 1))
    engine.dispose()


def crash(server: LiveServer) -> None:
    """SIGKILL the supervisor and every server process: no shutdown code runs."""
    assert server.process is not None
    pids = [server.process.pid, *children(server.process.pid)]
    for pid in pids:
        os.kill(pid, signal.SIGKILL)
    server.process.wait(timeout=10)
    server.process = None
    deadline = time.monotonic() + 20
    while any(Path(f"/proc/{pid}").exists() and not zombie(pid) for pid in pids):
        assert time.monotonic() < deadline, "the server processes did not stop"
        time.sleep(0.05)


def children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        listed = task / "children"
        if listed.exists():
            found += [int(child) for child in listed.read_text().split()]
    return found


def zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def test_preferences_set_on_one_worker_hold_on_every_worker(tmp_path: Path) -> None:
    with LiveServer(tmp_path / "data", options=("--workers", str(WORKERS))) as server:
        ann = sign_up(server, "Ann")
        seen = set()
        for _ in range(20):  # fill each process's memory of Ann's preferences
            response = request(server, ann, "GET", "/api/me")
            assert response.json()["preferences"]["ignore_offers"] is False
            seen.add(accepted_by(response.headers))
        stored = request(server, ann, "POST", "/api/preferences", {"ignore_offers": True})
        assert stored.status_code == 200, stored.text
        for _ in range(20):
            response = request(server, ann, "GET", "/api/me")
            assert response.json()["preferences"]["ignore_offers"] is True
            seen.add(accepted_by(response.headers))
        assert seen == set(range(WORKERS))


@pytest.mark.parametrize("path", ["/internal/preferences/1"])
def test_internal_paths_are_not_served_to_clients(tmp_path: Path, path: str) -> None:
    with LiveServer(tmp_path / "data", options=("--workers", str(WORKERS))) as server:
        for _ in range(6):
            with fresh(server) as client:
                response = client.post(path)
                assert response.status_code == 404
                assert response.json()["code"] == "not_found"
