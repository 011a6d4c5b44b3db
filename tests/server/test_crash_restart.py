"""Kill a real `kaido serve` in the middle of games and start it again: no accepted move is
lost and every table goes on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx2

from tests.server.harness import PASSWORD, wait_for
from tests.server.live import LiveServer


def browser(server: LiveServer, name: str) -> httpx2.Client:
    client = httpx2.Client(base_url=server.url, timeout=10)
    response = client.post("/api/register", json={"name": name, "password": PASSWORD})
    assert response.status_code == 200, response.text
    return client


def state(client: httpx2.Client, table: str) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table}")
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def play(clients: list[httpx2.Client], table: str, moves: int) -> list[list[Any]]:
    """Play `moves` decisions; the actions the server accepted (answered 200)."""
    accepted = []
    for _ in range(moves):
        current = state(clients[0], table)
        if current["status"] != "playing":
            break
        mover = clients[current["to_move"]]
        mine = state(mover, table)
        action = mine["legal"][-1]["action"]
        response = mover.post(
            f"/api/tables/{table}/act", json={"action": action, "move": mine["version"]}
        )
        assert response.status_code == 200, response.text
        accepted.append(action)
    return accepted


def test_a_killed_server_loses_no_accepted_move(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "data", bot_delay=0.1)
    with server:
        ann, bob = browser(server, "Ann"), browser(server, "Bob")
        duel = ann.post(
            "/api/tables", json={"game": "tiny", "seats": [{"kind": "human"}, {"kind": "human"}]}
        ).json()["table"]["id"]
        assert bob.post(f"/api/tables/{duel}/join", json={}).status_code == 200
        bots_only = ann.post(
            "/api/tables",
            json={"game": "tiny", "seats": [{"kind": "bot", "bot": "easy"}] * 3, "my_seat": None},
        ).json()["table"]["id"]
        accepted = play([ann, bob], duel, 7)
        before = state(ann, duel)
        assert state(ann, bots_only)["status"] == "playing"
        server.kill()  # in the middle of both games

        server.start()
        after = state(ann, duel)  # the session cookie is still good
        assert after["version"] == before["version"] == len(accepted)
        assert after["view"] == before["view"] and after["log"] == before["log"]
        play([ann, bob], duel, 200)
        assert state(bob, duel)["status"] == "finished"
        record = ann.get(f"/api/tables/{duel}/record").json()
        assert record["actions"][: len(accepted)] == accepted
        wait_for(lambda: state(ann, bots_only)["status"] == "finished", timeout=60)
