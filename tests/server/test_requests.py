"""Acting over HTTP: the right seat, the current move counter, legal actions only; every
refusal says why and changes nothing (neither the game nor the database)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import func, select

from kaido.server.db import ActionRow
from tests.server.harness import Harness, Player, wait_for


def two_player_table(harness: Harness) -> tuple[Player, Player, str]:
    ann, bob = harness.player("Ann"), harness.player("Bob")
    table = ann.create(["human", "human"])
    assert bob.join(table).status_code == 200
    return ann, bob, table


def snapshot(harness: Harness, player: Player, table: str) -> tuple[Any, ...]:
    """Everything a refused request must leave as it was."""
    state = player.state(table)
    with harness.services.store.engine.connect() as connection:
        stored = connection.execute(
            select(func.count()).select_from(ActionRow).where(ActionRow.table_id == table)
        ).scalar_one()
    return state["version"], state["view"], state["legal"], len(state["log"]), stored


def test_a_legal_action_is_stored_and_shown(harness: Harness) -> None:
    ann, bob, table = two_player_table(harness)
    response = ann.act(table, ["draw"], move=0)
    assert response.status_code == 200 and response.json() == {
        "ok": True,
        "version": 1,
        "status": "playing",
    }
    state = ann.state(table)
    assert state["version"] == 1 and len(state["view"]["hand"]) == 3
    assert state["log"][0]["player"] == 0 and "card" in state["log"][0]["events"][0]["data"]
    assert "card" not in bob.state(table)["log"][0]["events"][0]["data"]
    assert harness.services.store.actions(table) == [["draw"]]


@pytest.mark.parametrize(
    ("who", "body", "status", "code", "words"),
    [
        ("bob", {"action": ["draw"], "move": 0}, 403, "forbidden", "not your decision"),
        ("ann", {"action": ["draw"], "move": 5}, 409, "stale", "moved on"),
        ("ann", {"action": ["end"], "move": 0}, 422, "illegal", "[TINY-TURN-1]"),
        ("ann", {"action": ["fly", 3], "move": 0}, 400, "bad_request", "no action"),
        ("ann", {"action": [True], "move": 0}, 400, "bad_request", "JSON list"),
        ("ann", {"action": ["draw"], "move": "0"}, 400, "bad_request", "move"),
        ("ann", {"action": ["draw"]}, 400, "bad_request", "move: Field required"),
        ("ann", {"action": ["draw"], "move": 0, "extra": 1}, 400, "bad_request", "extra"),
        ("watcher", {"action": ["draw"], "move": 0}, 403, "forbidden", "hold no seat"),
        ("nobody", {"action": ["draw"], "move": 0}, 401, "not_signed_in", "sign in"),
    ],
)
def test_refused_requests_say_why_and_change_nothing(
    harness: Harness, who: str, body: dict[str, Any], status: int, code: str, words: str
) -> None:
    ann, bob, table = two_player_table(harness)
    sender = {
        "ann": ann,
        "bob": bob,
        "watcher": harness.player("Watcher"),
        "nobody": harness.anonymous(),
    }[who]
    before = snapshot(harness, ann, table)
    response = sender.post(f"/api/tables/{table}/act", body)
    assert response.status_code == status, response.text
    assert response.json()["code"] == code and words in response.json()["error"]
    assert snapshot(harness, ann, table) == before


def test_illegal_actions_name_the_rule_clause(harness: Harness) -> None:
    ann, _bob, table = two_player_table(harness)
    response = ann.act(table, ["bank", 6], move=0)
    body = response.json()
    assert response.status_code == 422 and body["clause"] == "TINY-TURN-1"
    assert body["error"] == "illegal action: you must draw first [TINY-TURN-1]"


def test_bad_json_and_oversized_bodies(harness: Harness) -> None:
    ann, _bob, table = two_player_table(harness)
    before = snapshot(harness, ann, table)
    path = f"/api/tables/{table}/act"
    headers = {"content-type": "application/json"}
    bad = ann.http.post(path, content=b'{"action": ["draw"', headers=headers)
    assert bad.status_code == 400 and bad.json()["error"] == "the request body is not valid JSON"
    listed = ann.http.post(path, content=b"[1, 2]", headers=headers)
    assert listed.status_code == 400
    assert listed.json()["error"] == "the request body must be a JSON object"
    huge = ann.http.post(path, content=b'{"a": "' + b"x" * 100_000 + b'"}', headers=headers)
    assert huge.status_code == 413 and huge.json()["code"] == "too_large"

    def streamed() -> Any:
        for _ in range(100):
            yield b"x" * 1024

    chunked = ann.http.post(path, content=streamed(), headers=headers)
    assert chunked.status_code == 413
    assert snapshot(harness, ann, table) == before


def test_acting_before_the_start_and_after_the_end(harness: Harness) -> None:
    ann = harness.player("Ann")
    waiting = ann.create(["human", "human"])
    early = ann.act(waiting, ["draw"], move=0)
    assert early.status_code == 409 and "not started" in early.json()["error"]
    done = ann.create(["easy", "easy"], my_seat=None)
    wait_for(lambda: ann.state(done)["status"] == "finished", what="the end")
    late = ann.act(done, ["draw"], move=ann.state(done)["version"])
    assert late.status_code == 409 and late.json()["error"] == "the game is over"


def test_unknown_table(harness: Harness) -> None:
    ann = harness.player("Ann")
    response = ann.act("nope", ["draw"], move=0)
    assert response.status_code == 404 and response.json()["error"] == "no table 'nope'"
    assert ann.get("/api/tables/nope").status_code == 404


def test_undo_follows_the_match_policy(harness: Harness) -> None:
    ann, bob, table = two_player_table(harness)
    ann.act(table, ["draw"], move=0)
    refused = ann.post(f"/api/tables/{table}/undo", {"move": 1})
    assert refused.status_code == 409 and "cannot be taken back" in refused.json()["error"]
    hand = ann.state(table)["view"]["hand"]
    ann.act(table, ["bank", hand[0]], move=1)
    assert ann.state(table)["can_undo"] and not bob.state(table)["can_undo"]
    not_yours = bob.post(f"/api/tables/{table}/undo", {"move": 2})
    assert not_yours.status_code == 409 and "another player's" in not_yours.json()["error"]
    stale = ann.post(f"/api/tables/{table}/undo", {"move": 1})
    assert stale.status_code == 409 and stale.json()["code"] == "stale"
    undone = ann.post(f"/api/tables/{table}/undo", {"move": 2})
    assert undone.status_code == 200 and undone.json()["version"] == 3
    state = ann.state(table)
    assert state["view"]["hand"] == hand and state["view"]["banks"][0] == []
    assert len(state["log"]) == 1 and harness.services.store.actions(table) == [["draw"]]
