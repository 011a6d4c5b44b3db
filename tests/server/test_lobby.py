"""The lobby: creating tables, seats, joining, starting when full, listing, spectators."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.server.harness import Harness, wait_for


def seat_body(*specs: str) -> list[dict[str, Any]]:
    return [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in specs]


def test_a_table_waits_for_its_humans_then_starts(harness: Harness) -> None:
    ann, bob = harness.player("Ann"), harness.player("Bob")
    table = ann.create(["human", "human", "easy"])
    waiting = ann.state(table)
    assert waiting["status"] == "open" and waiting["seat"] == 0 and "view" not in waiting
    assert [s["user"] for s in waiting["seats"]] == ["Ann", None, None]
    joined = bob.join(table)
    assert joined.status_code == 200, joined.text
    started = bob.state(table)
    assert started["status"] == "playing" and started["seat"] == 1
    assert started["version"] == 0 and started["to_move"] == 0
    assert started["view"]["hand"] is not None


def test_a_table_of_bots_starts_at_once_and_plays_to_the_end(harness: Harness) -> None:
    ann = harness.player("Ann")
    table = ann.create(["easy", "normal"], my_seat=None)
    state = ann.state(table)
    assert state["status"] in ("playing", "finished") and state["seat"] is None
    final = wait_for(lambda: (s := ann.state(table))["status"] == "finished" and s, what="end")
    assert final["result"]["ranks"] and final["legal"] == []


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"game": "nosuch", "seats": seat_body("human", "human")}, "no game 'nosuch'"),
        ({"game": "tiny", "seats": seat_body("human")}, "for 2, 3 players"),
        (
            {"game": "tiny", "seats": seat_body("human", "human"), "options": {"copies": 7}},
            "must be one of 1, 2",
        ),
        (
            {"game": "tiny", "seats": seat_body("human", "human"), "options": {"speed": 1}},
            "unknown option 'speed'",
        ),
        ({"game": "tiny", "seats": seat_body("human", "wizard")}, "easy, normal, strong"),
        ({"game": "tiny", "seats": seat_body("human", "easy"), "my_seat": 1}, "not a human"),
        (
            {"game": "tiny", "seats": [{"kind": "robot"}, {"kind": "human"}]},
            "seats.0.kind",
        ),
        ({"game": "tiny", "seats": seat_body("human", "human"), "move_seconds": -5}, "clock"),
        ({"game": "tiny", "seats": seat_body("human", "human"), "colour": "red"}, "colour"),
    ],
)
def test_bad_tables_are_refused_clearly(
    harness: Harness, body: dict[str, Any], message: str
) -> None:
    ann = harness.player("Ann")
    response = ann.post("/api/tables", body)
    assert response.status_code == 400, response.text
    assert message in response.json()["error"]
    assert ann.get("/api/tables?status=open&mine=true").json()["tables"] == []


def test_creating_needs_a_session(harness: Harness) -> None:
    response = harness.anonymous().post(
        "/api/tables", {"game": "tiny", "seats": seat_body("human", "human")}
    )
    assert response.status_code == 401 and response.json()["code"] == "not_signed_in"


def test_joining_rules(harness: Harness) -> None:
    ann, bob, cid = harness.player("Ann"), harness.player("Bob"), harness.player("Cid")
    table = ann.create(["human", "human", "human"])
    assert ann.join(table).json()["error"] == "you already hold a seat at this table"
    assert bob.join(table, seat=0).json()["error"] == "seat 0 is not free"
    assert bob.join(table, seat=9).json()["error"] == "this table has no seat 9"
    assert bob.join(table, seat=2).status_code == 200
    assert bob.post(f"/api/tables/{table}/leave").status_code == 200
    assert bob.join(table, seat=1).status_code == 200
    assert cid.join(table).status_code == 200
    late = harness.player("Dee").join(table)
    assert late.status_code == 409 and "already started" in late.json()["error"]
    assert harness.player("Eve").join("no-such-table").status_code == 404


def test_lists_open_mine_in_play_and_finished(harness: Harness) -> None:
    ann, bob = harness.player("Ann"), harness.player("Bob")
    open_table = ann.create(["human", "human"])
    secret = ann.create(["human", "human"], private=True)
    playing = ann.create(["human", "easy"])
    finished = ann.create(["easy", "easy"], my_seat=None)
    wait_for(lambda: ann.state(finished)["status"] == "finished", what="the bots' game")

    def ids(player: Any, query: str) -> set[str]:
        return {t["id"] for t in player.get(f"/api/tables?{query}").json()["tables"]}

    assert ids(bob, "status=open") == {open_table}  # private tables are not listed
    assert ids(ann, "status=open&mine=true") == {open_table, secret}
    assert ids(bob, "status=playing") == {playing}
    assert ids(bob, "status=playing&mine=true") == set()
    assert ids(bob, "status=finished") == {finished}
    assert bob.join(secret).status_code == 200  # the invite link is enough
    assert ids(bob, "status=playing&mine=true") == {secret}
    bad = bob.get("/api/tables?status=everything")
    assert bad.status_code == 400 and "open, playing or finished" in bad.json()["error"]


def test_spectators_see_no_hand_and_cannot_act(harness: Harness) -> None:
    ann, bob = harness.player("Ann"), harness.player("Bob")
    table = ann.create(["human", "human"])
    bob.join(table)
    watcher = harness.player("Watcher")
    seen = watcher.state(table)
    assert seen["seat"] is None and seen["view"]["hand"] is None and seen["legal"] == []
    refused = watcher.act(table, ["draw"])
    assert refused.status_code == 403 and "hold no seat" in refused.json()["error"]
    anonymous = harness.anonymous().state(table)
    assert anonymous["view"]["hand"] is None


def test_table_seeds_deal_the_tables_in_order_so_deals_replay(tmp_path: Path) -> None:
    """`kaido serve --table-seeds N`: the tables are dealt from N, N+1, ...; by default
    each table's seed is drawn at random."""

    def seeds(**settings: Any) -> list[int]:
        with Harness(tmp_path / str(len(settings)), **settings) as harness:
            ann = harness.player("Ann")
            tables = [ann.create(["human", "easy"]) for _ in range(3)]
            return [harness.services.tables.get(t).info.seed for t in tables]

    assert seeds(table_seeds=7) == [7, 8, 9]
    assert len(set(seeds())) == 3
