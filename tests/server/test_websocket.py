"""Live updates: every connection hears of each change once it is stored, a reconnection
resumes exactly where the game is, and bad messages are answered with an error."""

from __future__ import annotations

from starlette.websockets import WebSocketDisconnect

from tests.server.harness import Harness, receive_state


def test_both_seats_and_a_spectator_hear_each_move(harness: Harness) -> None:
    ann, bob, watcher = harness.player("Ann"), harness.player("Bob"), harness.player("W")
    table = ann.create(["human", "human"])
    with ann.socket(table) as ann_ws, watcher.socket(table) as watch_ws:
        assert receive_state(ann_ws)["status"] == "open"
        assert receive_state(watch_ws)["status"] == "open"
        bob.join(table)
        for socket in (ann_ws, watch_ws):
            assert receive_state(socket)["seats"][1]["user"] == "Bob"  # joined
            started = receive_state(socket)
            assert started["status"] == "playing" and started["log_from"] == 0
        ann_ws.send_json({"type": "act", "action": ["draw"], "move": 0, "id": 1})
        mine, theirs = receive_state(ann_ws), receive_state(watch_ws)
        assert mine["version"] == theirs["version"] == 1
        assert mine["log_from"] == theirs["log_from"] == 0 and len(mine["log"]) == 1
        # What was stored is what everyone was told of.
        assert harness.services.store.actions(table) == [["draw"]]
        assert "card" in mine["log"][0]["events"][0]["data"]
        assert "card" not in theirs["log"][0]["events"][0]["data"]
        assert theirs["view"]["hand"] is None and theirs["legal"] == []
        assert mine["legal"][0]["text"] == "end"


def test_a_reconnection_gets_the_whole_game_back(harness: Harness) -> None:
    ann, bob = harness.player("Ann"), harness.player("Bob")
    table = ann.create(["human", "human"])
    bob.join(table)
    ann.act(table, ["draw"], move=0)
    ann.act(table, ["end"], move=1)
    bob.act(table, ["draw"], move=2)
    with bob.socket(table, lang="ja") as socket:
        state = receive_state(socket)
    assert state["version"] == 3 and state["log_from"] == 0
    assert [step["player"] for step in state["log"]] == [0, 0, 1]
    assert state["legal"][0]["text"] == "終了"
    assert state == {**bob.state(table, lang="ja"), "type": "state"}


def test_undo_shortens_everyones_log(harness: Harness) -> None:
    ann, bob = harness.player("Ann"), harness.player("Bob")
    table = ann.create(["human", "human"])
    bob.join(table)
    ann.act(table, ["draw"], move=0)
    card = ann.state(table)["view"]["hand"][0]
    with ann.socket(table) as ann_ws, bob.socket(table) as bob_ws:
        receive_state(ann_ws), receive_state(bob_ws)
        ann_ws.send_json({"type": "act", "action": ["bank", card], "move": 1})
        assert receive_state(ann_ws)["can_undo"] is True
        assert len(receive_state(bob_ws)["log"]) == 1
        ann_ws.send_json({"type": "undo", "move": 2})
        for socket in (ann_ws, bob_ws):
            after = receive_state(socket)
            assert after["version"] == 3 and after["log_from"] == 1 and after["log"] == []


def test_bad_messages_get_an_error_and_change_nothing(harness: Harness) -> None:
    ann, bob = harness.player("Ann"), harness.player("Bob")
    table = ann.create(["human", "human"])
    bob.join(table)
    with ann.socket(table) as socket, bob.socket(table) as bob_socket:
        receive_state(socket), receive_state(bob_socket)
        cases = [
            ("not json", "bad_request", "JSON object"),
            ("[1]", "bad_request", "JSON object"),
            ('{"type": "act", "action": ["draw"], "move": 3, "id": 7}', "stale", "moved on"),
            ('{"type": "act", "action": ["end"], "move": 0}', "illegal", "TINY-TURN-1"),
            ('{"type": "act", "action": "draw", "move": 0}', "bad_request", "JSON list"),
            ('{"type": "act", "action": ["draw"]}', "bad_request", "move counter"),
            ('{"type": "dance", "move": 0}', "bad_request", "unknown message type"),
            ('{"type": "act", "pad": "' + "x" * 70_000 + '", "move": 0}', "bad_request", "most"),
        ]
        for text, code, words in cases:
            socket.send_text(text)
            reply = socket.receive_json()
            assert reply["type"] == "error" and reply["code"] == code, (text[:40], reply)
            assert words in reply["error"]
        bob_socket.send_json({"type": "act", "action": ["draw"], "move": 0, "id": 9})
        refused = bob_socket.receive_json()
        assert refused == {**refused, "type": "error", "code": "forbidden", "id": 9}
        socket.send_json({"type": "act", "action": ["draw"], "move": 0})
        assert receive_state(socket)["version"] == 1
    assert harness.services.store.actions(table) == [["draw"]]


def test_an_anonymous_watcher_cannot_act(harness: Harness) -> None:
    ann, bob = harness.player("Ann"), harness.player("Bob")
    table = ann.create(["human", "human"])
    bob.join(table)
    with harness.anonymous().socket(table) as socket:
        assert receive_state(socket)["seat"] is None
        socket.send_json({"type": "act", "action": ["draw"], "move": 0})
        assert socket.receive_json()["code"] == "not_signed_in"


def test_an_unknown_table_closes_the_socket_with_an_error(harness: Harness) -> None:
    with harness.player("Ann").socket("nothing-here") as socket:
        message = socket.receive_json()
    assert message["type"] == "error" and message["code"] == "not_found"


def test_a_page_of_another_site_cannot_open_the_socket(harness: Harness) -> None:
    ann = harness.player("Ann")
    table = ann.create(["human", "human"])
    url = f"/ws/tables/{table}"
    try:
        with ann.http.websocket_connect(url, headers={"origin": "http://evil.example"}) as ws:
            ws.receive_json()
        raise AssertionError("the socket opened")
    except WebSocketDisconnect as closed:
        assert closed.code == 4403
    with ann.http.websocket_connect(url, headers={"origin": "http://testserver"}) as socket:
        assert receive_state(socket)["table"] == table
