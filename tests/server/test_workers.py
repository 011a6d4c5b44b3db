"""`kaido serve --workers 2`: two nodes behind nginx on one port and one PostgreSQL
database, the same mechanism as several hosts (tests/server/test_nodes.py). A node killed
outright in the middle of games: what was asked of it meanwhile got the documented 503
(issue 35, finding 3: not a 500 or a dropped connection), its tables answer again within
seconds on the other node, and the supervisor starts it again as a new node. The node
running the server's duties killed outright: another takes them over, and a quick match
through the proxy is made."""

from __future__ import annotations

import os
import signal
import threading
from pathlib import Path

import httpx2
from sqlalchemy import create_engine, text

from kaido.server.nodes import DUTIES_LOCK, LOCK_SPACE
from tests.server.harness import wait_for
from tests.server.live import LiveServer
from tests.server.services import fresh_postgres_database
from tests.server.test_nodes import Play, actions_of, browser, table_for


def node_pids(database_url: str) -> dict[str, int]:
    """Each leased table's node process."""
    engine = create_engine(database_url)
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT l.table_id, n.pid FROM leases l JOIN nodes n ON n.id = l.node_id")
        ).all()
    engine.dispose()
    return {table: pid for table, pid in rows}


def duties_node(database_url: str) -> int | None:
    """The process of the node holding the duties' lock: the session holding it holds its
    node's lock too."""
    engine = create_engine(database_url)
    with engine.connect() as connection:
        pid = connection.execute(
            text(
                "SELECT n.pid FROM pg_locks d JOIN pg_locks l ON l.pid = d.pid "
                "JOIN nodes n ON n.id = l.objid::bigint "
                "WHERE d.locktype = 'advisory' AND d.granted AND d.objsubid = 1 "
                "AND d.classid::bigint * 4294967296 + d.objid::bigint = :duties "
                "AND l.locktype = 'advisory' AND l.granted AND l.objsubid = 2 "
                "AND l.classid::bigint = :space"
            ),
            {"duties": DUTIES_LOCK, "space": LOCK_SPACE},
        ).scalar()
    engine.dispose()
    return pid


def test_a_killed_worker_answers_503_and_its_tables_and_duties_move_to_the_other(
    tmp_path: Path,
) -> None:
    with fresh_postgres_database() as url:
        server = LiveServer(tmp_path / "data", database_url=url, options=("--workers", "2"))
        with server:
            ann, bob = browser(server.url, "Ann"), browser(server.url, "Bob")
            duels = [table_for(ann, bob, ["human", "human"]) for _ in range(4)]
            play = Play([ann, bob], duels)
            player = threading.Thread(target=play.run, daemon=True)
            player.start()
            wait_for(lambda: sum(map(len, play.acknowledged.values())) >= 8, what="moves")
            victim = node_pids(url)[duels[0]]
            os.kill(victim, signal.SIGKILL)
            moved_on = {t: len(play.acknowledged[t]) for t in duels}
            wait_for(
                lambda: all(len(play.acknowledged[t]) >= moved_on[t] + 2 for t in duels),
                timeout=60,
                what="every table to take moves again",
            )
            play.stop.set()
            player.join(timeout=30)
            assert {status for status, _body in play.statuses} <= {503, 409}
            assert play.cut_off <= 1  # at most the one answer the kill landed in
            for table in duels:
                assert play.lost(table, actions_of(url, table)) == {}
            # The supervisor started a new node in place of the killed one.
            wait_for(lambda: len(live_nodes(url)) == 2, timeout=60, what="a new node")
            assert victim not in live_nodes(url)

            leader = wait_for(lambda: duties_node(url), what="a node running the duties")
            os.kill(leader, signal.SIGKILL)
            successor = wait_for(
                lambda: (pid := duties_node(url)) != leader and pid,
                timeout=60,
                what="another node to run the duties",
            )
            assert successor in live_nodes(url)
            for player in (ann, bob):
                assert join_quick_match(player).status_code == 200
            table = wait_for(
                lambda: ann.get("/api/quickmatch").json().get("table"),
                timeout=60,
                what="the quick match",
            )
            assert bob.get("/api/quickmatch").json()["table"] == table
            assert ann.get(f"/api/tables/{table}").json()["status"] == "playing"
        assert "Exception in ASGI application" not in server.log.read_text()


def join_quick_match(player: httpx2.Client) -> httpx2.Response:
    """Ask for a place in the queue until the answer is not 503: nginx may still send a
    request to a killed node's place a moment, and 503 (try again soon) is the documented
    answer to that."""

    def ask() -> httpx2.Response | None:
        answer = player.post("/api/quickmatch", json={"game": "tiny", "players": 2})
        return None if answer.status_code == 503 else answer

    joined: httpx2.Response = wait_for(ask, timeout=60, what="the queue to take the player")
    return joined


def live_nodes(database_url: str) -> list[int]:
    engine = create_engine(database_url)
    with engine.connect() as connection:
        pids = list(connection.execute(text("SELECT pid FROM nodes")).scalars())
    engine.dispose()
    return pids
