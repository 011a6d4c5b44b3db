"""Leaderboards: openskill ratings of people and bots from finished public games, updated
when a game ends, and a player's rated games with their rating after each."""

from __future__ import annotations

from typing import Any

from tests.server.harness import Harness, Player, wait_for


def play_to_the_end(player: Player, table: str) -> None:
    """Play `player`'s decisions (the last legal action each time) until the game ends."""
    while True:
        state = player.state(table)
        if state["status"] == "finished":
            return
        if state["legal"]:
            response = player.act(table, state["legal"][-1]["action"], move=state["version"])
            assert response.status_code == 200, response.text


def board(player: Player) -> dict[str, Any]:
    response = player.get("/api/leaderboards/tiny")
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def test_finished_public_games_rate_people_and_bots(harness: Harness) -> None:
    ann = harness.player("Ann")
    for _ in range(2):
        play_to_the_end(ann, ann.create(["human", "easy"]))
    play_to_the_end(ann, ann.create(["human", "easy"], private=True))  # not rated
    bots = ann.create(["easy", "normal"], my_seat=None)
    wait_for(lambda: ann.state(bots)["status"] == "finished", what="the bots' game")

    first = board(ann)
    assert first["games"] == 3
    rows = {row["name"]: row for row in first["players"]}
    assert set(rows) == {"Ann", "bot:easy", "bot:normal"}
    assert (rows["Ann"]["games"], rows["bot:easy"]["games"], rows["bot:normal"]["games"]) == (
        2,
        3,
        1,
    )
    assert rows["bot:easy"]["bot"] and not rows["Ann"]["bot"]
    assert [row["rating"] for row in first["players"]] == sorted(
        (row["rating"] for row in first["players"]), reverse=True
    )

    history = ann.get("/api/leaderboards/tiny/players/Ann").json()
    assert [game["players"] for game in history["games"]] == [["Ann", "bot:easy"]] * 2
    assert history["games"][-1]["rating"] == rows["Ann"]["rating"]
    assert all(game["place"] in (1, 2) for game in history["games"])

    # Another game ends: the board follows.
    play_to_the_end(ann, ann.create(["human", "easy"]))
    after = board(ann)
    assert after["games"] == 4
    ann_after = next(row for row in after["players"] if row["name"] == "Ann")
    assert ann_after["games"] == 3 and ann_after["rating"] != rows["Ann"]["rating"]


def test_unknown_games_and_players_are_not_found(harness: Harness) -> None:
    ann = harness.player("Ann")
    response = ann.get("/api/leaderboards/nosuchgame")
    assert response.status_code == 404 and "no game 'nosuchgame'" in response.json()["error"]
    response = ann.get("/api/leaderboards/tiny/players/Nobody")
    assert response.status_code == 404 and "no rated tiny game" in response.json()["error"]
