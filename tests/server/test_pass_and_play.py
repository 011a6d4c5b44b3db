"""Pass and play: one account plays every human seat of a table it created, on one device.
Each message shows the game through the seat that decides now (or, while a bot plays, the
holder's seat that acted last), with the whole log as that seat may see it; only the
creator's session acts for those seats, and the table is private (not listed, not rated)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.server.harness import Harness, Player, receive_state


def hot_seat(player: Player, seats: tuple[str, ...] = ("human", "human")) -> str:
    return player.create(list(seats), pass_and_play=True, my_seat=None)


def drawn(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The draw events of the log as this message tells them."""
    return [e["data"] for step in state["log"] for e in step["events"] if "card" in e["data"]]


def test_the_creator_holds_every_human_seat_and_sees_through_the_deciding_one(
    harness: Harness,
) -> None:
    ann = harness.player("Ann")
    table = hot_seat(ann, ("human", "human", "easy"))
    state = ann.state(table)
    assert state["status"] == "playing" and state["private"] is True
    assert state["my_seats"] == [0, 1] and state["seat"] == 0 == state["to_move"]
    assert [s["user"] for s in state["seats"]] == ["Ann", "Ann", None]
    assert ann.act(table, ["draw"]).status_code == 200
    assert ann.act(table, ["end"]).status_code == 200
    state = ann.state(table)
    assert state["seat"] == 1 == state["to_move"]  # the device goes to seat 1
    sizes = state["view"]["hand_sizes"]  # seat 0 drew a card; two hands may look alike
    assert len(state["view"]["hand"]) == sizes[1] != sizes[0] and state["legal"]
    assert drawn(state) == []  # seat 0's draw is told as seat 1 may see it


def test_while_a_bot_plays_the_device_stays_with_the_seat_that_acted_last(
    tmp_path: Path,
) -> None:
    with Harness(tmp_path, bot_delay=30) as harness:  # the bot's move waits: time to look
        ann = harness.player("Ann")
        table = hot_seat(ann, ("human", "human", "easy"))
        for action in (["draw"], ["end"], ["draw"], ["end"]):
            assert ann.act(table, action).status_code == 200
        state = ann.state(table)
        assert state["to_move"] == 2 and state["seat"] == 1 and state["legal"] == []


def test_every_socket_message_carries_the_log_as_its_seat_sees_it(harness: Harness) -> None:
    ann = harness.player("Ann")
    table = hot_seat(ann)
    with ann.socket(table) as socket:
        assert receive_state(socket)["seat"] == 0
        socket.send_json({"type": "act", "action": ["draw"], "move": 0})
        mine = receive_state(socket)
        assert mine["log_from"] == 0 and len(drawn(mine)) == 1  # seat 0 sees its card
        socket.send_json({"type": "act", "action": ["end"], "move": 1})
        passed = receive_state(socket)
        assert passed["seat"] == 1 and passed["log_from"] == 0 and len(passed["log"]) == 2
        assert drawn(passed) == []


def test_only_the_creator_acts_and_no_one_can_join(harness: Harness) -> None:
    ann, bob = harness.player("Ann"), harness.player("Bob")
    table = hot_seat(ann)
    assert bob.join(table).status_code == 409
    assert bob.act(table, ["draw"]).json()["code"] == "forbidden"
    assert harness.anonymous().act(table, ["draw"]).status_code == 401
    watched = bob.state(table)
    assert watched["seat"] is None and watched["my_seats"] == [] and watched["legal"] == []
    assert watched["view"]["hand"] is None
    assert table not in [t["id"] for t in bob.get("/api/tables?status=playing").json()["tables"]]
    assert ann.act(table, ["draw"]).status_code == 200


def test_it_needs_two_human_seats_and_one_vote_abandons_it(harness: Harness) -> None:
    ann = harness.player("Ann")
    refused = ann.post(
        "/api/tables",
        {
            "game": "tiny",
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "easy"}],
            "pass_and_play": True,
            "my_seat": None,
        },
    )
    assert refused.status_code == 400 and "two human seats" in refused.json()["error"]
    table = hot_seat(ann, ("human", "human", "easy"))
    assert ann.post(f"/api/tables/{table}/abandon").status_code == 200
    assert ann.state(table)["status"] == "abandoned"
