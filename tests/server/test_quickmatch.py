"""Quick match: "Play now" queues per game, player count and pace; players of about the same
rating are seated together, the window widening with the wait; bots fill a table once the
chosen wait is over; leaving, a second tab, a reload and a restart keep or give up the place
as docs/play.md says. The server's clock is the test's (ManualClock), and the matchmaker
runs when the test says (`Duties.run_once`), so no test waits for real time."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from kaido.server import matchmaking
from kaido.server.matchmaking import Waiting, bot_level, form_tables
from tests.server.harness import Harness, ManualClock, Player

HOUR = 3600.0


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def server(tmp_path: Path, clock: ManualClock) -> Iterator[Harness]:
    with Harness(tmp_path, clock=clock, duty_seconds=HOUR) as running:
        yield running


def play_now(player: Player, **fields: Any) -> dict[str, Any]:
    body = {"game": "tiny", "players": 2, **fields}
    response = player.post("/api/quickmatch", body)
    assert response.status_code == 200, response.text
    status: dict[str, Any] = response.json()
    return status


def status(player: Player) -> dict[str, Any]:
    response = player.get("/api/quickmatch")
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


def match(server: Harness) -> None:
    server.services.duties.run_once()


def wait(clock: ManualClock, seconds: float, *pages: Player) -> None:
    """Time passes while the players' pages ask every 10 s, as an open page does."""
    while seconds > 0:
        step = min(seconds, 10.0)
        clock.advance(step)
        seconds -= step
        for page in pages:
            status(page)


def play_out(player: Player, table: str, pick: Callable[[list[Any]], Any]) -> None:
    while (state := player.state(table))["status"] != "finished":
        if state["legal"]:
            response = player.act(table, pick(state["legal"])["action"], move=state["version"])
            assert response.status_code == 200, response.text


def test_two_players_who_press_play_now_are_seated_together(server: Harness) -> None:
    ann, bob = server.player("Ann"), server.player("Bob")
    assert play_now(ann)["state"] == "waiting"
    assert play_now(bob)["in_queue"] == 2
    match(server)
    seated = status(ann)
    assert seated["state"] == "matched" and status(bob) == seated
    table = ann.state(seated["table"])
    assert table["status"] == "playing"
    assert sorted(seat["user"] for seat in table["seats"]) == ["Ann", "Bob"]
    assert table["move_seconds"] == server.settings.quick_move_seconds
    assert not table["private"]  # rated like any public game


def test_queues_are_per_game_player_count_and_pace(server: Harness) -> None:
    ann, bob, cat = server.player("Ann"), server.player("Bob"), server.player("Cat")
    play_now(ann)
    play_now(bob, players=3)
    play_now(cat, pace="turn-based")
    match(server)
    assert [status(p)["state"] for p in (ann, bob, cat)] == ["waiting"] * 3
    dan = server.player("Dan")
    play_now(dan, pace="turn-based")
    match(server)
    table = cat.state(status(cat)["table"])
    assert status(dan)["table"] == table["table"]
    assert table["move_seconds"] == server.settings.turn_move_seconds == 24 * 3600


def test_ratings_far_apart_wait_longer_than_close_ones(server: Harness, clock: ManualClock) -> None:
    dud = server.player("Dud")
    for _ in range(4):  # Dud never banks a card and loses to the easy bot
        play_out(dud, dud.create(["human", "easy"]), lambda legal: legal[0])
    ann, bob, eve = server.player("Ann"), server.player("Bob"), server.player("Eve")
    for player in (ann, bob, dud, eve):
        play_now(player)
    rating = {p.name: status(p)["rating"] for p in (ann, bob, dud, eve)}
    assert rating["Ann"] == rating["Bob"] == rating["Eve"] == matchmaking.DEFAULT_RATING
    gap = rating["Eve"] - rating["Dud"]
    assert gap > 3 * matchmaking.WINDOW_BASE, rating
    match(server)
    assert status(ann)["state"] == status(bob)["state"] == "matched"  # close: at once
    needed = (gap - matchmaking.WINDOW_BASE) / matchmaking.WINDOW_GROWTH
    wait(clock, needed - 5, dud, eve)
    match(server)
    assert status(dud)["state"] == "waiting" and status(eve)["state"] == "waiting"
    assert status(dud)["window"] < gap
    wait(clock, 10, dud, eve)
    match(server)
    assert status(dud)["state"] == "matched" and status(eve) == status(dud)


def test_bots_fill_the_seats_after_the_chosen_wait(server: Harness, clock: ManualClock) -> None:
    ann, bob = server.player("Ann"), server.player("Bob")
    play_now(ann, players=3, bots_after=30)
    play_now(bob, players=3, pace="turn-based")  # people only
    wait(clock, 20, ann, bob)
    match(server)
    assert status(ann)["state"] == "waiting"
    wait(clock, 15, ann, bob)
    match(server)
    seated = status(ann)
    assert seated["state"] == "matched"
    seats = ann.state(seated["table"])["seats"]
    assert sorted(seat["kind"] for seat in seats) == ["bot", "bot", "human"]
    assert {seat["bot"] for seat in seats if seat["kind"] == "bot"} == {"normal"}
    wait(clock, HOUR / 4, bob)  # a page still asks: the place is kept, no bot is seated
    match(server)
    assert status(bob)["state"] == "waiting"


def test_leaving_a_second_tab_and_a_page_gone_quiet(server: Harness, clock: ManualClock) -> None:
    ann, bob = server.player("Ann"), server.player("Bob")
    ann_tab = server.returning(ann)
    play_now(ann)
    assert status(ann_tab)["state"] == "waiting"  # every tab sees the one place
    assert ann_tab.post("/api/quickmatch/leave").json() == {"state": "idle"}
    play_now(bob)
    match(server)
    assert status(ann)["state"] == "idle" and status(bob)["state"] == "waiting"
    play_now(ann_tab, players=3)
    play_now(ann)  # pressing again (another game or count) replaces the place
    match(server)
    assert status(ann_tab) == status(bob) and status(bob)["state"] == "matched"

    cat, dan = server.player("Cat"), server.player("Dan")
    play_now(cat)
    clock.advance(matchmaking.STALE_SECONDS + 1)  # Cat closed every tab
    play_now(dan)
    match(server)
    assert status(cat)["state"] == "idle" and status(dan)["state"] == "waiting"


def test_the_queue_outlives_a_restart(tmp_path: Path, clock: ManualClock) -> None:
    with Harness(tmp_path, clock=clock, duty_seconds=HOUR) as first:
        ann, cat = first.player("Ann"), first.player("Cat")
        play_now(ann)
        play_now(cat, players=3)
    clock.advance(10 * matchmaking.STALE_SECONDS)  # the server was down a while
    with Harness(tmp_path, clock=clock, duty_seconds=HOUR) as second:
        match(second)  # after a restart everyone waiting gets time to come back
        ann2, cat2 = second.returning(ann), second.returning(cat)
        waiting = status(ann2)
        assert waiting["state"] == "waiting" and waiting["waited"] >= 10 * 30
        bob = second.player("Bob")
        play_now(bob)
        clock.advance(matchmaking.STALE_SECONDS + 1)  # Cat did not come back
        status(ann2)
        status(bob)
        match(second)
        assert status(ann2)["state"] == "matched" and status(cat2)["state"] == "idle"


def test_play_now_refuses_what_cannot_be_played(server: Harness) -> None:
    ann = server.player("Ann")
    for body, words in (
        ({"game": "chess", "players": 2}, "chess"),
        ({"game": "tiny", "players": 5}, "2, 3 players"),
        ({"game": "tiny", "players": 2, "pace": "slow"}, "pace"),
        ({"game": "tiny", "players": 2, "bots_after": -1}, "bots_after"),
    ):
        response = ann.post("/api/quickmatch", body)
        assert response.status_code == 400 and words in response.json()["error"], response.text
    assert status(ann)["state"] == "idle"
    assert server.anonymous().get("/api/quickmatch").status_code == 401


def test_matching_gathers_the_nearest_ratings_first() -> None:
    now = 1000.0
    places = [
        Waiting(1, 25.0, now, None),
        Waiting(2, 40.0, now, None),
        Waiting(3, 26.0, now, None),
        Waiting(4, 24.5, now, None),
    ]
    assert [[p.user_id for p in g] for g in form_tables(places, 2, now)] == [[1, 4]]
    assert [[p.user_id for p in g] for g in form_tables(places, 3, now)] == [[1, 4, 3]]
    # A player who allows no bots is left out of a table that bots complete.
    lone = [Waiting(1, 25.0, now - 60, 30.0), Waiting(2, 25.0, now, None)]
    assert [[p.user_id for p in g] for g in form_tables(lone, 3, now)] == [[1]]
    ratings = {"easy": 18.0, "normal": 25.0, "strong": 33.0}
    assert [bot_level([r], ratings) for r in (10.0, 24.0, 31.0)] == ["easy", "normal", "strong"]
