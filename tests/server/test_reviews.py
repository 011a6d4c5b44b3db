"""Reviews of finished games, made in the background and kept in the database across
restarts (SQLite and PostgreSQL), and hints: only where the table's creator allowed them,
never at a rated table, each one taken kept in the record and shown in the review."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx2
from sqlalchemy import select

from kaido.server.db import ReviewRow
from tests.server.harness import Harness, Player, wait_for
from tests.server.live import LiveServer
from tests.server.test_thinking import alive

REVIEWS = {"review_workers": 1}


def finish(harness: Harness, player: Player, table: str) -> dict[str, Any]:
    return wait_for(
        lambda: (s := player.state(table))["status"] == "finished" and s,
        timeout=120,  # bots-only tables think at the lowest priority: slow on a busy machine
        what="the bots to finish the game",
    )


def ready(player: Player, table: str, lang: str = "en") -> dict[str, Any]:
    def review() -> dict[str, Any] | None:
        response = player.get(f"/api/tables/{table}/review?lang={lang}")
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        assert body["status"] in ("running", "ready"), body
        return body if body["status"] == "ready" else None

    found: dict[str, Any] = wait_for(review, timeout=60, what="the review")
    return found


def stored_status(harness: Harness, table: str) -> str | None:
    with harness.services.store.engine.connect() as connection:
        return connection.scalar(select(ReviewRow.status).where(ReviewRow.table_id == table))


def test_a_finished_game_is_reviewed_in_the_background_and_the_review_survives_restarts(
    tmp_path: Path, database_url: str
) -> None:
    with Harness(tmp_path, database_url, **REVIEWS) as first:
        ann = first.player("Ann")
        table = ann.create(["easy", "easy"], my_seat=None)
        finish(first, ann, table)
        # Queued as the game ended; the server stops before the review is done (the
        # worker process takes a while to start).
        wait_for(lambda: stored_status(first, table), what="the review to be queued")
    assert stored_status(first, table) == "queued"
    with Harness(tmp_path, database_url, **REVIEWS) as second:
        ann2 = second.returning(ann)
        review = ready(ann2, table)  # made again at the start: it was still queued
        assert stored_status(second, table) == "ready"
        assert len(review["chances"]) == len(review["decisions"]) + 1
        assert review["players"] == ["P1", "P2"] and review["decisions"][0]["played_text"]
    with Harness(tmp_path, database_url, review_workers=0) as third:
        # Stored: a server that makes no reviews still shows it.
        assert ready(third.returning(ann), table) == review


def test_a_review_shows_its_progress_and_is_for_finished_games_only(tmp_path: Path) -> None:
    with Harness(tmp_path, **REVIEWS) as harness:
        ann = harness.player("Ann")
        table = ann.create(["easy", "easy", "easy"], game="catan", my_seat=None)
        early = ann.get(f"/api/tables/{table}/review")
        assert early.status_code == 409 and "finished games only" in early.json()["error"]
        finish(harness, ann, table)
        first = ann.get(f"/api/tables/{table}/review").json()
        assert first["status"] == "running" and 0 <= first["progress"] <= 1
        told = []

        def made() -> bool:
            body = ann.get(f"/api/tables/{table}/review").json()
            if body["status"] == "running":
                told.append(body["progress"])
            return bool(body["status"] == "ready")

        wait_for(made, timeout=60, what="the review")
        assert any(0 < share < 1 for share in told), told  # the worker told its progress
        review = ready(ann, table, lang="ja")
        assert review["players"] == ["赤", "青", "白"]
        assert len(review["turning_points"]) == 5 and len(review["accuracy"]) == 3
        assert all("盗賊" in fact["text"] for fact in review["facts"])
        assert ann.get(f"/api/tables/{table}/review?lang=xx").status_code == 400


def test_hints_are_given_only_where_allowed_and_never_at_a_rated_table(tmp_path: Path) -> None:
    with Harness(tmp_path, **REVIEWS) as harness:
        ann, bob = harness.player("Ann"), harness.player("Bob")
        refused = ann.post(
            "/api/tables",
            {"game": "tiny", "seats": [{"kind": "human"}, {"kind": "human"}], "hints": True},
        )
        assert refused.status_code == 400 and "rated" in refused.json()["error"]
        rated = ann.create(["human", "easy"])
        answer = ann.post(f"/api/tables/{rated}/hint", {"move": 0})
        assert answer.status_code == 403 and "rated" in answer.json()["error"]
        plain = ann.create(["human", "easy"], private=True)
        answer = ann.post(f"/api/tables/{plain}/hint", {"move": 0})
        assert answer.status_code == 403 and "did not allow" in answer.json()["error"]

        table = ann.create(["human", "human"], private=True, hints=True)
        bob.join(table)
        state = ann.state(table)
        assert state["hints"] is True
        assert bob.post(f"/api/tables/{table}/hint", {"move": 0}).status_code == 403
        assert ann.post(f"/api/tables/{table}/hint", {"move": 7}).status_code == 409
        only = ann.post(f"/api/tables/{table}/hint", {"move": 0}).json()
        assert [m["action"] for m in only["moves"]] == [state["legal"][0]["action"]]
        ann.act(table, state["legal"][0]["action"], move=0)  # the draw: then a choice
        state = ann.state(table)
        hint = ann.post(f"/api/tables/{table}/hint?lang=ja", {"move": 1}).json()
        legal = [item["action"] for item in state["legal"]]
        assert hint["step"] == 1 and hint["seat"] == 0 and 2 <= len(hint["moves"]) <= 3
        assert all(m["action"] in legal and 0 <= m["chance"] <= 1 for m in hint["moves"])
        assert any(word in m["text"] for m in hint["moves"] for word in ("預ける", "終了"))
        again = ann.post(f"/api/tables/{table}/hint?lang=ja", {"move": 1}).json()
        assert again == hint  # the same position: the same hint, taken once

        players = {0: ann, 1: bob}
        while (state := ann.state(table))["status"] == "playing":
            mover = players[state["to_move"]]
            mine = mover.state(table)
            mover.act(table, mine["legal"][-1]["action"], move=mine["version"])
        record = ann.get(f"/api/tables/{table}/record").json()
        assert record["hints"] == [[0, 0], [1, 0]]
        review = ready(ann, table)
        assert [d["step"] for d in review["decisions"] if d["hinted"]] == [0, 1]
        assert [row["hints"] for row in review["accuracy"]] == [2, 0]


def test_every_process_of_a_server_killed_outright_ends_with_it(tmp_path: Path) -> None:
    """Its review workers (waiting on their pool's queue), its bot processes and their fork
    server: none is left waiting for a server that is gone."""
    with LiveServer(tmp_path / "data", reviews=True) as server:
        visitor = httpx2.Client(base_url=server.url, timeout=20)
        assert visitor.post("/api/guest").status_code == 200
        bots = [{"kind": "bot", "bot": "easy"}] * 2
        made = visitor.post("/api/tables", json={"game": "tiny", "seats": bots, "my_seat": None})
        table = made.json()["table"]["id"]
        wait_for(
            lambda: visitor.get(f"/api/tables/{table}/review").json().get("status") == "ready",
            timeout=120,
            what="the review",
        )
        assert server.process is not None
        started = descendants(server.process.pid)
        assert any(b"spawn_main" in command_of(pid) for pid in started)  # a review worker
        server.kill()
    wait_for(lambda: not any(alive(pid) for pid in started), what="the server's processes to end")


def descendants(pid: int) -> set[int]:
    """The processes `pid` started, and theirs (Linux's /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # ended meanwhile
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def command_of(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""
