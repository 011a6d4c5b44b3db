"""Leaving a started game: resigning (a bot plays on, or in a game of two the other player
wins), removing a player absent past their clock, abandoning by agreement, and games
nobody moves leaving the lists."""

from __future__ import annotations

import time
from pathlib import Path

from tests.server.harness import Harness, Player, wait_for


def three_players(harness: Harness, **fields: object) -> tuple[Player, Player, Player, str]:
    ann, bob, cid = harness.player("Ann"), harness.player("Bob"), harness.player("Cid")
    table = ann.create(["human", "human", "human"], **fields)
    bob.join(table)
    cid.join(table)
    return ann, bob, cid, table


def listed(player: Player, status: str, table: str) -> bool:
    tables = player.get(f"/api/tables?status={status}").json()["tables"]
    return any(t["id"] == table for t in tables)


def test_resigning_a_game_of_two_gives_it_to_the_other(harness: Harness) -> None:
    ann, bob = harness.player("Ann"), harness.player("Bob")
    table = ann.create(["human", "human"])
    bob.join(table)
    ann.act(table, ["draw"], move=0)
    reply = bob.post(f"/api/tables/{table}/resign")
    assert reply.status_code == 200 and reply.json()["status"] == "finished"
    state = ann.state(table)
    assert state["status"] == "finished" and state["result"]["resigned"] == [1]
    summary = next(t for t in ann.get("/api/tables?status=finished").json()["tables"])
    assert summary["result"]["ranks"] == [1, 2] and summary["result"]["resigned"] == [1]
    assert ann.act(table, ["end"], move=1).status_code == 409
    assert ann.get(f"/api/tables/{table}/replay").status_code == 200


def test_resigning_hands_the_seat_to_a_bot_for_good(harness: Harness) -> None:
    ann, bob, _cid, table = three_players(harness)
    assert bob.post(f"/api/tables/{table}/resign").status_code == 200
    seat = ann.state(table)["seats"][1]
    assert seat["kind"] == "bot" and seat["user"] == "Bob" and seat["bot"]
    refused = bob.post(f"/api/tables/{table}/resign")
    assert refused.status_code == 409 and refused.json()["reason"] == "left"
    assert bob.post(f"/api/tables/{table}/take-back").status_code == 409
    ann.act(table, ["draw"], move=0)
    ann.act(table, ["end"], move=1)
    # The bot plays Bob's turn; then it is Cid's (or a discard asked of Ann, TINY-ONE-1).
    wait_for(lambda: ann.state(table)["to_move"] != 1, what="the bot's turn")
    assert listed(ann, "playing", table)


def test_the_last_person_resigning_lets_the_bots_finish_the_game(harness: Harness) -> None:
    """Fails on the main before issue 34 (bug 2): the table was abandoned, no result, no
    replay, though the dialog said a bot plays the seat to the end."""
    ann = harness.player("Ann")
    table = ann.create(["human", "easy", "easy"])
    assert ann.post(f"/api/tables/{table}/resign").json()["status"] == "playing"
    state = wait_for(
        lambda: (s := ann.state(table))["status"] == "finished" and s, what="the bots' end"
    )
    result = state["result"]
    assert result["resigned"] == [0] and result["ranks"][0] == 3  # below both who stayed
    assert sorted(result["ranks"][1:]) in ([1, 2], [1, 1])
    assert ann.get(f"/api/tables/{table}/replay").status_code == 200
    summary = next(t for t in ann.get("/api/tables?status=finished").json()["tables"])
    assert summary["id"] == table and summary["result"] == result


def test_a_player_who_resigns_places_below_everyone_who_stayed(harness: Harness) -> None:
    ann, bob, cid, table = three_players(harness)
    assert bob.post(f"/api/tables/{table}/resign").status_code == 200
    people = {0: ann, 2: cid}
    while (state := ann.state(table))["status"] == "playing":
        if state["to_move"] == 1:  # Bob's bot
            wait_for(lambda: ann.state(table)["version"] > state["version"], what="the bot")
            continue
        player = people[state["to_move"]]
        mine = player.state(table)
        reply = player.act(table, mine["legal"][0]["action"], move=mine["version"])
        assert reply.status_code == 200, reply.text
    assert state["result"]["resigned"] == [1] and state["result"]["ranks"][1] == 3


def test_resigning_a_solo_game_loses_it_to_the_game_s_own_bot(harness: Harness) -> None:
    """Cargo Empire's solo game (CE-BOT-1): nobody stays but the rulebook's bot, which
    wins at once."""
    ann = harness.player("Ann")
    table = ann.create(["human"], game="cargo_empire")
    reply = ann.post(f"/api/tables/{table}/resign").json()
    assert reply["status"] == "finished"
    assert ann.state(table)["result"] == {"scores": [0.0], "ranks": [2], "resigned": [0]}
    assert ann.get(f"/api/tables/{table}/replay").status_code == 200


def test_a_player_absent_past_their_clock_can_be_removed(harness: Harness) -> None:
    ann, bob, _cid, table = three_players(harness, move_seconds=1)
    assert ann.post(f"/api/tables/{table}/kick", {"seat": 1}).status_code == 409  # present
    ann.act(table, ["draw"], move=0)
    ann.act(table, ["end"], move=1)
    wait_for(lambda: ann.state(table)["seats"][1]["timed_out"], timeout=10, what="Bob's clock")
    assert ann.post(f"/api/tables/{table}/kick", {"seat": 0}).status_code == 409  # oneself
    assert ann.post(f"/api/tables/{table}/kick", {"seat": 7}).status_code == 400
    assert ann.post(f"/api/tables/{table}/kick", {"seat": 1}).status_code == 200
    seat = ann.state(table)["seats"][1]
    assert seat["kind"] == "bot" and not seat["timed_out"]
    refused = bob.post(f"/api/tables/{table}/take-back")
    assert refused.status_code == 409 and refused.json()["reason"] == "left"


def test_abandoning_needs_everyone_still_playing(harness: Harness) -> None:
    ann, bob, cid, table = three_players(harness)
    assert bob.post(f"/api/tables/{table}/abandon").json()["status"] == "playing"
    assert ann.post(f"/api/tables/{table}/abandon").json()["status"] == "playing"
    assert ann.state(table)["abandon_votes"] == [0, 1]
    assert cid.post(f"/api/tables/{table}/resign").status_code == 200  # Cid left instead
    assert ann.state(table)["status"] == "abandoned"
    assert ann.act(table, ["draw"], move=0).json()["error"] == "the game was abandoned"
    assert not listed(ann, "playing", table)


def test_the_creator_must_agree_to_abandon(harness: Harness) -> None:
    ann, bob = harness.player("Ann"), harness.player("Bob")
    table = ann.create(["human", "human", "easy"])
    bob.join(table)
    assert bob.post(f"/api/tables/{table}/abandon").json()["status"] == "playing"
    assert harness.player("Dan").post(f"/api/tables/{table}/abandon").status_code == 403
    assert ann.post(f"/api/tables/{table}/abandon").json()["status"] == "abandoned"


def test_games_nobody_moves_are_abandoned(tmp_path: Path) -> None:
    with Harness(tmp_path) as first:
        ann, bob = first.player("Ann"), first.player("Bob")
        idle = ann.create(["human", "human"])
        bob.join(idle)
    time.sleep(0.2)
    with Harness(tmp_path, idle_days=0.1 / 86400) as second:  # idle for a tenth of a second
        again = second.returning(ann)
        wait_for(lambda: again.state(idle)["status"] == "abandoned", what="the sweep at start")
        assert not listed(again, "playing", idle)
