"""Two nodes of one server in this process, on one PostgreSQL database: the server's duties
(the matchmaker, turn mail, the tournament director) run on exactly one node, another takes
them over when it goes, and a seat the director retires at a table another node serves is
retired by that node, told through NOTIFY (kaido/server/nodes.py, kaido/server/duties.py)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from kaido.server.nodes import Node
from tests.server.harness import Harness, wait_for
from tests.server.services import fresh_postgres_database

DAY = 24 * 3600.0


def node_of(harness: Harness) -> Node:
    node = harness.services.node
    assert node is not None
    return node


Running = dict[Harness, ExitStack]
"""Each node and what stops it (a test may stop one early)."""


@pytest.fixture
def two_nodes(tmp_path: Path) -> Iterator[Running]:
    """Two nodes whose duties run only when the test says (`Duties.run_once`)."""
    with fresh_postgres_database() as url:
        running: Running = {}
        try:
            for name in ("first", "second"):
                stack = ExitStack()
                harness = Harness(tmp_path / name, url, node_address=f"{name}:1", duty_seconds=DAY)
                running[stack.enter_context(harness)] = stack
            yield running
        finally:
            for stack in running.values():
                stack.close()


def test_one_node_runs_the_duties_and_another_takes_them_when_it_goes(
    two_nodes: Running,
) -> None:
    first, second = two_nodes
    leader = wait_for(
        lambda: next((h for h in (first, second) if node_of(h).leads()), None),
        what="a node to lead",
    )
    other = second if leader is first else first
    assert not node_of(other).leads()

    # Ann and Bob wait for a quick match; only the leading node's matchmaker seats them.
    ann, bob = other.player("Ann"), other.player("Bob")
    for player in (ann, bob):
        joined = player.post("/api/quickmatch", {"game": "tiny", "players": 2})
        assert joined.json()["state"] == "waiting"
    other.services.duties.run_once()
    assert ann.get("/api/quickmatch").json()["state"] == "waiting"
    leader.services.duties.run_once()
    seated = ann.get("/api/quickmatch").json()
    assert seated["state"] == "matched"
    assert bob.get("/api/quickmatch").json()["table"] == seated["table"]

    # The leader goes; the other node takes the duties' lock at its next heartbeat.
    two_nodes[leader].close()
    wait_for(lambda: node_of(other).leads(), timeout=30, what="the other node to lead")


def test_a_seat_retired_from_another_node_is_retired_by_the_node_serving_its_table(
    two_nodes: Running,
) -> None:
    first, second = two_nodes
    ann = first.player("Ann")
    table = ann.create(["human", "human"])
    assert first.player("Bob").join(table).status_code == 200
    assert ann.state(table)["status"] == "playing"
    # The tournament director runs on the second node: the table is the first's.
    assert second.player("Cy").get(f"/api/tables/{table}").status_code == 421
    second.services.tables.retire_seat(table, 1)
    state = wait_for(
        lambda: (s := ann.state(table))["status"] == "finished" and s,
        timeout=30,
        what="the seat to be retired on the first node",
    )
    assert state["result"]["resigned"] == [1]
    assert state["seats"][1]["kind"] == "bot"
