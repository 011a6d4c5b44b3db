"""Three nodes of one server on one PostgreSQL database behind nginx (issue 35): games are
played through the proxy, one node is killed with SIGKILL in the middle of them, and the
others take its tables over: every acknowledged move, the lobby and the chat are there, the
tables answer again within seconds, and what was asked meanwhile got the documented 503."""

from __future__ import annotations

import json
import shutil
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from sqlalchemy import create_engine, text
from websockets.sync.client import connect

from kaido.server.follow import Follower
from kaido.server.proxy import nginx_config
from tests.server.harness import PASSWORD, wait_for
from tests.server.live import REPO
from tests.server.nodes import Nodes
from tests.server.services import fresh_postgres_database, service_missing

NODES = 3
TABLES = 6


@pytest.fixture(scope="module")
def nodes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Nodes, str]]:
    """One server of three nodes for this module's tests (the last one kills a node)."""
    root = tmp_path_factory.mktemp("nodes")
    with fresh_postgres_database() as url, Nodes(root, url, NODES, bot_delay=0.2) as running:
        yield running, url


def browser(url: str, name: str) -> httpx2.Client:
    client = httpx2.Client(base_url=url, timeout=20)
    response = client.post("/api/register", json={"name": name, "password": PASSWORD})
    assert response.status_code == 200, response.text
    return client


def table_for(ann: httpx2.Client, bob: httpx2.Client, seats: list[str]) -> str:
    body = {
        "game": "tiny",
        "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats],
        "my_seat": 0 if seats[0] == "human" else None,
    }
    created = ann.post("/api/tables", json=body)
    assert created.status_code == 200, created.text
    table: str = created.json()["table"]["id"]
    if seats.count("human") == 2:
        assert bob.post(f"/api/tables/{table}/join", json={}).status_code == 200
    return table


class Play:
    """Ann and Bob play every table in turn, each move over HTTP through the proxy; every
    move the server answered 200 is acknowledged and must never be lost.

    A move the dying node stored but could not answer is in the record without being
    acknowledged, so each acknowledged move is kept with its ply and checked there. A
    response the node was writing when it was killed reaches the client cut off (the proxy
    had passed its head on): not acknowledged either, and counted in `cut_off`."""

    def __init__(self, players: list[httpx2.Client], tables: list[str]) -> None:
        self.players = players
        self.tables = tables
        self.acknowledged: dict[str, dict[int, list[Any]]] = {table: {} for table in tables}
        """Each table's acknowledged moves by ply (1 is the game's first move)."""
        self.statuses: list[tuple[int, dict[str, Any]]] = []
        """Every answer other than 200 and what it said."""
        self.cut_off = 0
        self.stop = threading.Event()

    def move(self, table: str) -> None:
        try:
            self._move(table)
        except httpx2.TransportError:
            self.cut_off += 1

    def _move(self, table: str) -> None:
        seen = self.players[0].get(f"/api/tables/{table}")
        if not self._fine(seen) or seen.json()["status"] != "playing":
            return
        mover = self.players[seen.json()["to_move"]]
        mine = mover.get(f"/api/tables/{table}")
        if not self._fine(mine):
            return
        state = mine.json()
        action = state["legal"][0]["action"]
        body = {"action": action, "move": state["version"]}
        answer = mover.post(f"/api/tables/{table}/act", json=body)
        if self._fine(answer):
            self.acknowledged[table][state["version"] + 1] = action

    def lost(self, table: str, stored: list[list[Any]]) -> dict[int, list[Any]]:
        """The acknowledged moves of `table` that its stored actions do not hold at their
        ply: none, if nothing acknowledged was lost."""
        held = dict(enumerate(stored, start=1))
        return {ply: a for ply, a in self.acknowledged[table].items() if held.get(ply) != a}

    def _fine(self, response: httpx2.Response) -> bool:
        if response.status_code == 200:
            return True
        self.statuses.append((response.status_code, response.json()))
        return False

    def run(self) -> None:
        while not self.stop.is_set():
            for table in self.tables:
                self.move(table)


def owners(database_url: str) -> dict[str, str]:
    """Each leased table's node address."""
    engine = create_engine(database_url)
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT l.table_id, n.address FROM leases l JOIN nodes n ON n.id = l.node_id")
        ).all()
    engine.dispose()
    return {table: address for table, address in rows}


def test_sessions_preferences_the_lobby_and_limits_reach_every_node_at_once(
    nodes: tuple[Nodes, str],
) -> None:
    """What one node changes, the others know with no delay (LISTEN/NOTIFY), and the
    limits per client address count what every node saw."""
    cluster, _database_url = nodes
    first, second, _third = cluster.nodes
    ann = browser(first.url, "Cy")
    with httpx2.Client(base_url=second.url, cookies=ann.cookies) as elsewhere:
        assert elsewhere.get("/api/me").json()["preferences"]["ignore_offers"] is False
        assert elsewhere.get("/api/tables?status=open").json()["tables"] == []
        stored = ann.post("/api/preferences", json={"ignore_offers": True})
        assert stored.status_code == 200
        wait_for(
            lambda: elsewhere.get("/api/me").json()["preferences"]["ignore_offers"],
            timeout=5,
            what="the preference on the other node",
        )
        body = {"game": "tiny", "seats": [{"kind": "human"}, {"kind": "human"}]}
        created = ann.post("/api/tables", json=body)
        assert created.status_code == 200, created.text
        table = created.json()["table"]["id"]
        wait_for(
            lambda: (
                [t["id"] for t in elsewhere.get("/api/tables?status=open").json()["tables"]]
                == [table]
            ),
            timeout=3,
            what="the new table in the other node's lobby",
        )
        assert elsewhere.get("/api/me").json()["user"]["name"] == "Cy"
        # The limits hold across nodes: nginx spreads these over all three.
        guests = [httpx2.post(f"{cluster.url}/api/guest").status_code for _ in range(11)]
        assert guests == [200] * 10 + [429]
        ann.post("/api/logout")
        wait_for(
            lambda: elsewhere.get("/api/me").json()["user"] is None,
            timeout=3,
            what="the other node to end the session",
        )


def test_a_killed_node_loses_no_acknowledged_move_and_its_tables_move_on(
    nodes: tuple[Nodes, str],
) -> None:
    cluster, database_url = nodes
    ann, bob = browser(cluster.url, "Ann"), browser(cluster.url, "Bob")
    duels = [table_for(ann, bob, ["human", "human"]) for _ in range(TABLES)]
    bots = [table_for(ann, bob, ["easy", "easy", "easy"]) for _ in range(3)]
    for n, table in enumerate(duels):  # each writes 5 lines at most in 10 s
        writer = (ann, bob)[n % 2]
        said = writer.post(f"/api/tables/{table}/chat", json={"text": f"good luck at {table}"})
        assert said.status_code == 200, said.text

    # A request for a table that reaches another node is answered with where it lives.
    placed = owners(database_url)
    victim_address = placed[duels[0]]
    other = next(n for n in cluster.nodes if n.url.removeprefix("http://") != victim_address)
    with httpx2.Client(base_url=other.url, cookies=ann.cookies) as direct:
        answer = direct.get(f"/api/tables/{duels[0]}")
    assert answer.status_code == 421 and answer.json()["code"] == "elsewhere"
    assert answer.headers["x-kaido-owner"] == victim_address

    # A spectator's socket through the proxy sees Ann's move live.
    address = cluster.url.replace("http://", "ws://") + f"/ws/tables/{duels[0]}"
    with connect(address, open_timeout=20) as watcher:
        seen = Follower()
        assert seen.take(json.loads(watcher.recv(timeout=20)))["version"] == 0
        play = Play([ann, bob], duels)
        play.move(duels[0])
        assert seen.take(json.loads(watcher.recv(timeout=20)))["version"] == 1

    player = threading.Thread(target=play.run, daemon=True)
    player.start()
    wait_for(lambda: sum(map(len, play.acknowledged.values())) >= 12, what="moves in play")
    victim = next(n for n in cluster.nodes if n.url.removeprefix("http://") == victim_address)
    victim.kill()  # SIGKILL in the middle of the games
    moved_on = {t: len(play.acknowledged[t]) for t in duels}
    wait_for(
        lambda: all(len(play.acknowledged[t]) >= moved_on[t] + 2 for t in duels),
        timeout=60,
        what="every table to take moves again",
    )
    play.stop.set()
    player.join(timeout=30)

    # What was asked while the node died got the documented 503, or a stale move counter
    # (a move the dying node stored but could not answer): never a 500.
    assert {status for status, _body in play.statuses} <= {503, 409}
    assert play.cut_off <= 1  # at most the one answer the kill landed in
    assert all(body["code"] in ("unavailable", "stale") for _status, body in play.statuses)
    survivors = {n.url.removeprefix("http://") for n in cluster.nodes if n is not victim}
    assert set(owners(database_url).values()) <= survivors
    for table in duels:
        state = ann.get(f"/api/tables/{table}").json()
        record_actions = actions_of(database_url, table)
        assert play.lost(table, record_actions) == {}
        assert state["version"] == len(record_actions)
        chat = ann.get(f"/api/tables/{table}/chat").json()["messages"]
        assert [line["text"] for line in chat] == [f"good luck at {table}"]
    playing = {t["id"] for t in ann.get("/api/tables?status=playing").json()["tables"]}
    finished = {t["id"] for t in ann.get("/api/tables?status=finished").json()["tables"]}
    assert set(duels) <= playing | finished
    for table in bots:  # their bots go on, wherever their node was
        wait_for(
            lambda t=table: ann.get(f"/api/tables/{t}").json()["status"] == "finished",
            timeout=60,
            what="the bots to finish",
        )
    for node in cluster.nodes:
        if node is not victim:
            assert "Exception in ASGI application" not in node.log.read_text()


def actions_of(database_url: str, table: str) -> list[list[Any]]:
    """The table's stored actions, plies 1..n with no gap or double."""
    engine = create_engine(database_url)
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT ply, action FROM actions WHERE table_id = :t ORDER BY ply"), {"t": table}
        ).all()
    engine.dispose()
    assert [ply for ply, _action in rows] == list(range(1, len(rows) + 1))
    return [action if isinstance(action, list) else json.loads(action) for _ply, action in rows]


def test_the_deploy_config_is_the_one_kaido_makes_and_nginx_takes_it(tmp_path: Path) -> None:
    """deploy/nginx.conf is what kaido/server/proxy.py makes for its three nodes, and
    nginx accepts it."""
    nodes = ["10.0.0.11:8000", "10.0.0.12:8000", "10.0.0.13:8000"]
    shipped = (REPO / "deploy" / "nginx.conf").read_text()
    assert shipped == nginx_config("80", nodes)
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        service_missing("nginx")
    config = tmp_path / "nginx.conf"
    config.write_text(nginx_config("127.0.0.1:1", nodes, tmp_path))
    checked = subprocess.run(
        [nginx, "-t", "-p", str(tmp_path), "-c", str(config), "-e", "stderr"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stderr
