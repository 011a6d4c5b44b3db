"""Games that last: on SQLite and on a real PostgreSQL server, every accepted action is
stored before anyone hears of it, a restarted server resumes every table where it was, and
a database that refuses a write loses nothing."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import QueuePool

from kaido.server.nodes import Node, NotifyBus
from kaido.server.store import Seat, Store, TableInfo, Write, action_write
from tests.server.harness import Harness, Player, receive_state, wait_for
from tests.server.services import fresh_postgres_database


def play_moves(players: list[Player], table: str, moves: int) -> None:
    """Each time, the seat to move takes its last legal action (banking when it can)."""
    for _ in range(moves):
        state = players[0].state(table)
        mover = players[state["to_move"]]
        mine = mover.state(table)
        response = mover.act(table, mine["legal"][-1]["action"], move=mine["version"])
        assert response.status_code == 200, response.text


def test_a_restart_resumes_the_game_exactly(tmp_path: Path, database_url: str) -> None:
    with Harness(tmp_path, database_url) as first:
        ann, bob = first.player("Ann"), first.player("Bob")
        table = ann.create(["human", "human"])
        bob.join(table)
        play_moves([ann, bob], table, 5)
        before = {name: p.state(table) for name, p in (("ann", ann), ("bob", bob))}
        stored = first.services.store.actions(table)
    with Harness(tmp_path, database_url) as second:
        ann2, bob2 = second.returning(ann), second.returning(bob)
        assert ann2.get("/api/me").json()["user"]["name"] == "Ann"  # the session survived
        assert ann2.state(table) == before["ann"] and bob2.state(table) == before["bob"]
        play_moves([ann2, bob2], table, 3)
        assert second.services.store.actions(table)[:5] == stored
        assert ann2.state(table)["version"] == 8


def test_bots_go_on_after_a_restart(tmp_path: Path, database_url: str) -> None:
    with Harness(tmp_path, database_url, bot_delay=0.05) as first:
        ann = first.player("Ann")
        table = ann.create(["easy", "easy", "easy"], my_seat=None)
        wait_for(lambda: len(first.services.store.actions(table)) >= 3, what="a few moves")
        assert ann.state(table)["status"] == "playing"
    with Harness(tmp_path, database_url) as second:
        watcher = second.returning(ann)
        final = wait_for(
            lambda: (s := watcher.state(table))["status"] == "finished" and s,
            what="the bots to finish after the restart",
        )
        assert final["result"] is not None


def test_every_message_follows_its_commit(tmp_path: Path, database_url: str) -> None:
    with Harness(tmp_path, database_url) as harness:
        ann = harness.player("Ann")
        table = ann.create(["human", "easy"])
        with ann.socket(table) as socket:
            message = receive_state(socket)
            for _ in range(30):
                if message["status"] == "finished":
                    break
                if message["legal"]:
                    action = message["legal"][-1]["action"]
                    socket.send_json({"type": "act", "action": action, "move": message["version"]})
                message = receive_state(socket)
                told = message["log_from"] + len(message["log"])
                assert len(harness.services.store.actions(table)) >= told


REFUSE_SQLITE = (
    "CREATE TRIGGER refuse BEFORE INSERT ON actions BEGIN SELECT RAISE(ABORT, 'disk full'); END",
)
REFUSE_POSTGRES = (
    "CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$ "
    "LANGUAGE plpgsql",
    "CREATE TRIGGER refuse BEFORE INSERT ON actions FOR EACH ROW EXECUTE FUNCTION refuse()",
)


def test_a_refused_write_loses_nothing(tmp_path: Path, database_url: str) -> None:
    with Harness(tmp_path, database_url) as harness:
        ann, bob = harness.player("Ann"), harness.player("Bob")
        table = ann.create(["human", "human"])
        bob.join(table)
        ann.act(table, ["draw"], move=0)
        before = ann.state(table)
        engine = harness.services.store.engine
        refuse = REFUSE_SQLITE if database_url.startswith("sqlite") else REFUSE_POSTGRES
        with engine.begin() as connection:
            for statement in refuse:
                connection.execute(text(statement))
        with ann.socket(table) as socket:
            receive_state(socket)
            response = ann.act(table, ["end"], move=1)
            assert response.status_code == 503 and "nothing changed" in response.json()["error"]
            assert socket.receive_json() == {"type": "reconnect"}
        assert ann.state(table) == before
        with engine.begin() as connection:
            connection.execute(
                text("DROP TRIGGER refuse" + ("" if "sqlite" in database_url else " ON actions"))
            )
        assert ann.act(table, ["end"], move=1).status_code == 200
        assert harness.services.store.actions(table) == [["draw"], ["end"]]


def test_writes_from_many_threads_at_once_are_each_committed_in_order(database_url: str) -> None:
    """The group commit under contention: each thread's writes to its own table end, in its
    order, with none lost or left waiting."""
    store = Store(database_url)
    try:
        owner = store.create_user("Ann", None, is_guest=False)
        ids = [f"t{n}" for n in range(8)]
        for table_id in ids:
            now = time.time()
            seats = [Seat(0, "human", user_id=owner.id), Seat(1, "bot", "easy")]
            store.create_table(
                TableInfo(
                    table_id, "tiny", "1", {}, 0, "playing", False, owner.id, now, now, seats=seats
                )
            )

        def play(table_id: str) -> None:
            for ply in range(1, 31):
                store.commit(
                    action_write(
                        table_id,
                        ply,
                        ply % 2,
                        [ply],
                        version=ply,
                        status="playing",
                        result=None,
                        deadline=None,
                    )
                )

        threads = [threading.Thread(target=play, args=(table_id,), daemon=True) for table_id in ids]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 60
        for thread in threads:
            thread.join(timeout=max(0.0, deadline - time.monotonic()))
        assert not any(thread.is_alive() for thread in threads)
        assert all(store.actions(table_id) == [[ply] for ply in range(1, 31)] for table_id in ids)
        stored = [store.table(table_id) for table_id in ids]
        assert all(info is not None and info.version == 30 for info in stored)
    finally:
        store.close()


def test_an_empty_batch_is_settled_at_once_even_once_the_store_is_closed(
    database_url: str,
) -> None:
    """A batch of bots' moves all called off while the server stops has nothing to commit:
    it must not fail as if it had (the move that was called off is not lost)."""
    store = Store(database_url)
    store.close()
    assert store.commit_together([]) == []


def test_each_kind_of_write_reads_back_as_the_columns_types_say(database_url: str) -> None:
    """The writer sends each statement in the database driver's own SQL: every value must
    still go in as its column's type stores it (JSON, floats, booleans, NULL) and come back
    the same, on SQLite and on PostgreSQL."""
    store = Store(database_url)
    try:
        owner = store.create_user("Ann", None, is_guest=False)
        now = time.time()
        seats = [Seat(0, "human", user_id=owner.id), Seat(1, "human", user_id=None)]
        store.create_table(
            TableInfo("t", "tiny", "1", {}, 0, "playing", False, owner.id, now, now, seats=seats)
        )
        action = ["move", {"to": [1, 2], "note": "\u6728\u6750 \U0001f332"}, None, 2.5, True]

        def append(ply: int, seat: int, action: list[Any], **values: Any) -> None:
            store.commit(action_write("t", ply, seat, action, **values))

        append(1, 0, action, version=1, status="playing", result=None, deadline=now + 30.25)
        first = store.table("t")
        assert first is not None and first.deadline == now + 30.25  # every bit of the float
        append(2, 1, ["undo me"], version=2, status="playing", result=None, deadline=None)
        store.remove_action("t", 2, version=3, deadline=now + 60.5)
        store.set_seat_bot("t", 1, "easy", deadline=None)
        store.set_timed_out("t", 0, True, deadline=None)
        assert store.actions("t") == [action]
        info = store.table("t")
        assert info is not None
        assert (info.version, info.status, info.result) == (3, "playing", None)
        assert info.deadline is None and info.updated_at >= now
        assert [(s.kind, s.bot, s.timed_out) for s in info.seats] == [
            ("human", None, True),
            ("bot", "easy", False),
        ]
        result = {"ranks": [0, 1], "names": ["\u884c\u5546", None]}
        append(2, 0, ["end"], version=4, status="finished", result=result, deadline=1.5)
        info = store.table("t")
        assert info is not None
        assert (info.status, info.result, info.deadline) == ("finished", result, 1.5)
        assert store.actions("t") == [action, ["end"]]
    finally:
        store.close()


@pytest.fixture
def three_tables(database_url: str) -> Iterator[Store]:
    """A store with tables "a", "b" and "c" in play."""
    store = Store(database_url)
    try:
        owner = store.create_user("Ann", None, is_guest=False)
        for table_id in "abc":
            store.create_table(
                TableInfo(table_id, "tiny", "1", {}, 0, "playing", False, owner.id, 0, 0)
            )
        yield store
    finally:
        store.close()


def move(table_id: str, ply: int, action: list[Any]) -> Write:
    return action_write(
        table_id, ply, 0, action, version=ply, status="playing", result=None, deadline=None
    )


def test_moves_of_several_tables_commit_together_and_a_refused_one_fails_alone(
    three_tables: Store,
) -> None:
    """Moves that fall due together share one commit (on PostgreSQL one statement for them
    all); when the database refuses one, the others are still committed, each alone."""
    store = three_tables
    batch = [move("a", 1, ["x"]), move("b", 1, ["y"]), move("c", 1, ["z"])]
    assert store.commit_together(batch) == [None] * 3
    again = store.commit_together([move(t, 1, [t]) for t in "abc"])  # each ply 1 is taken
    assert all(isinstance(failure, SQLAlchemyError) for failure in again)
    failures = store.commit_together([move("a", 2, ["x2"]), move("b", 1, ["y"]), move("c", 2, [])])
    assert failures[0] is None and failures[2] is None
    assert isinstance(failures[1], SQLAlchemyError)  # b's ply 1 is stored already
    assert [store.actions(t) for t in "abc"] == [[["x"], ["x2"]], [["y"]], [["z"], []]]
    assert [info.version for t in "abc" if (info := store.table(t))] == [2, 1, 2]


def test_two_moves_of_one_table_in_a_batch_keep_their_order(three_tables: Store) -> None:
    store = three_tables
    assert store.commit_together([move("a", 1, ["x"]), move("a", 2, ["y"])]) == [None, None]
    info = store.table("a")
    assert store.actions("a") == [["x"], ["y"]] and info is not None and info.version == 2


REFUSE_TABLE_UPDATES = {
    "sqlite": (
        "CREATE TRIGGER refuse BEFORE UPDATE ON tables BEGIN SELECT RAISE(ABORT, 'full'); END",
    ),
    "postgresql": (
        "CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'full'; END $$ "
        "LANGUAGE plpgsql",
        "CREATE TRIGGER refuse BEFORE UPDATE ON tables FOR EACH ROW EXECUTE FUNCTION refuse()",
    ),
}


def test_a_change_of_several_statements_after_moves_is_still_all_or_nothing(
    three_tables: Store,
) -> None:
    """On PostgreSQL the writer's connection is in autocommit, a batch of moves being one
    statement: a change of several statements must still be one transaction. An undo (the
    action deleted, then the table row updated) whose update is refused keeps the action."""
    store = three_tables
    assert store.commit_together([move("a", 1, ["x"]), move("b", 1, ["y"])]) == [None, None]
    store.commit(move("a", 2, ["z"]))
    with store.engine.begin() as connection:
        for statement in REFUSE_TABLE_UPDATES[store.engine.dialect.name]:
            connection.execute(text(statement))
    with pytest.raises(SQLAlchemyError):
        store.remove_action("a", 2, version=3, deadline=None)
    assert store.actions("a") == [["x"], ["z"]]


def test_the_writers_autocommit_connection_never_goes_back_to_the_pool() -> None:
    """On PostgreSQL the writer's connection is in autocommit for its life; dropped after a
    failure, it is closed rather than pooled, or a request's transaction would commit
    statement by statement on it."""
    with fresh_postgres_database() as url:
        store = Store(url)
        try:
            owner = store.create_user("Ann", None, is_guest=False)
            store.create_table(TableInfo("a", "tiny", "1", {}, 0, "playing", False, owner.id, 0, 0))
            store.commit(move("a", 1, ["x"]))
            with pytest.raises(SQLAlchemyError):  # the ply is taken: the writer fails
                store.commit(move("a", 1, ["y"]))
            pool = store.engine.pool
            assert isinstance(pool, QueuePool)
            pooled = [store.engine.raw_connection() for _ in range(pool.checkedin())]
            try:
                drivers: list[Any] = [connection.driver_connection for connection in pooled]
                assert drivers and not any(driver.autocommit for driver in drivers)
            finally:
                for connection in pooled:
                    connection.close()
        finally:
            store.close()


class NodeGone(Exception):
    """Stands in for the node's exit (`Node._gone` ends the process)."""


@pytest.fixture
def guarded() -> Iterator[tuple[Store, Node]]:
    """A store on PostgreSQL whose writes a node's check guards (the node not started: its
    row is the test's to write), with table "t" in play."""
    with fresh_postgres_database() as url:
        store = Store(url)
        try:
            node = Node(store.engine, "here:1", NotifyBus(store.engine), ttl=30)
            node.id = 1
            store.guard_writes(node)
            owner = store.create_user("Ann", None, is_guest=False)
            store.create_table(TableInfo("t", "tiny", "1", {}, 0, "playing", False, owner.id, 0, 0))
            yield store, node
        finally:
            store.close()


def test_a_node_taken_for_gone_commits_nothing(
    guarded: tuple[Store, Node], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each write transaction first checks, on the writer's own connection, that the node is
    still alive (its row not expired): once the others may have taken its tables over, a
    move is refused and the node leaves, with nothing of the move stored."""
    store, node = guarded
    with store.engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO nodes (id, address, pid, started_at, expires_at) "
                "VALUES (1, 'here:1', 1, 0, 1e12)"
            )
        )
    gone: list[str] = []

    def leave(how: str) -> None:
        gone.append(how)
        raise NodeGone(how)

    monkeypatch.setattr(node, "_gone", leave)
    store.commit(move("t", 1, ["a"]))
    assert gone == []
    with store.engine.begin() as connection:
        connection.execute(text("UPDATE nodes SET expires_at = 0 WHERE id = 1"))
    with pytest.raises(NodeGone):
        store.commit(move("t", 2, ["b"]))
    assert gone == ["its writes were refused"]
    assert store.actions("t") == [["a"]]
    info = store.table("t")
    assert info is not None and info.version == 1


def test_a_node_check_the_database_refuses_is_told_as_sqlalchemy_tells_it(
    guarded: tuple[Store, Node],
) -> None:
    """The node's check runs on the driver's own cursor: when the database refuses it (here
    its table is gone), the error still comes as SQLAlchemy's, which the tables answer with
    the documented 503, and nothing of the move is stored."""
    store, _node = guarded
    with store.engine.begin() as connection:
        connection.execute(text("DROP TABLE nodes CASCADE"))
    with pytest.raises(SQLAlchemyError):
        store.commit(move("t", 1, ["a"]))
    assert store.actions("t") == []
