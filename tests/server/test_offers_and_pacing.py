"""An offer never holds a table up: it lapses after `offer_seconds`, and a player who
ignores offers (a preference kept per user) declines them at once. Bots show what they do
at a readable pace, take silent steps at once, and say when they are thinking."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kaido.core.actions import Action
from kaido.core.events import Event
from kaido.games import register, unregister
from tests.core.tiny_game import TinyGame, TinyState
from tests.server.harness import Harness, Player, receive_state, wait_for

OFFERS = {"offers": True}


def offer_a_card(ann: Player, table: str) -> dict[str, Any]:
    """Ann draws and offers her first card to Bob (TINY-OFFER-1); the state after."""
    ann.act(table, ["draw"], move=0)
    card = ann.state(table)["view"]["hand"][0]
    assert ann.act(table, ["offer", card], move=1).status_code == 200
    return ann.state(table)


def two_players(harness: Harness) -> tuple[Player, Player, str]:
    ann, bob = harness.player("Ann"), harness.player("Bob")
    table = ann.create(["human", "human"], options=OFFERS)
    bob.join(table)
    return ann, bob, table


def answered(player: Player, table: str) -> dict[str, Any] | None:
    state = player.state(table)
    return state if state["to_move"] == 0 and state["version"] == 3 else None


def test_an_unanswered_offer_lapses(tmp_path: Path) -> None:
    with Harness(tmp_path, offer_seconds=0.5) as harness:
        ann, bob, table = two_players(harness)
        offered = offer_a_card(ann, table)
        assert offered["to_move"] == 1 and offered["offer_deadline"] > time.time()
        assert [item["action"] for item in bob.state(table)["legal"]] == [["refuse"], ["take"]]
        done = wait_for(lambda: answered(bob, table), timeout=10, what="the offer's lapse")
        assert done["log"][-1]["player"] == 1
        assert done["log"][-1]["events"][0]["data"]["kind"] == "refuse"
        assert done["offer_deadline"] is None


def test_an_answer_in_time_stands(tmp_path: Path) -> None:
    with Harness(tmp_path, offer_seconds=30) as harness:
        ann, bob, table = two_players(harness)
        offer_a_card(ann, table)
        assert bob.act(table, ["take"], move=2).status_code == 200
        state = bob.state(table)
        assert state["log"][-1]["events"][0]["data"]["kind"] == "take"
        assert state["offer_deadline"] is None and len(state["view"]["banks"][1]) == 1


def test_a_player_who_ignores_offers_declines_them_at_once(tmp_path: Path) -> None:
    with Harness(tmp_path, offer_seconds=3600) as harness:
        ann, bob, table = two_players(harness)
        assert bob.get("/api/me").json()["preferences"] == {
            "ignore_offers": False,
            "auto_forced": True,
        }
        reply = bob.post("/api/preferences", {"ignore_offers": True})
        assert reply.json() == {"preferences": {"ignore_offers": True, "auto_forced": True}}
        offer_a_card(ann, table)
        done = wait_for(lambda: answered(bob, table), timeout=10, what="the refusal")
        assert done["log"][-1]["events"][0]["data"]["kind"] == "refuse"


def test_ignoring_offers_declines_the_one_waiting(tmp_path: Path) -> None:
    with Harness(tmp_path, offer_seconds=3600) as harness:
        ann, bob, table = two_players(harness)
        offer_a_card(ann, table)
        assert bob.state(table)["to_move"] == 1
        bob.post("/api/preferences", {"ignore_offers": True})
        wait_for(lambda: answered(bob, table), timeout=10, what="the refusal")


def test_preferences_are_kept_and_checked(tmp_path: Path) -> None:
    with Harness(tmp_path) as first:
        bob = first.player("Bob")
        assert bob.post("/api/preferences", {"ignore_offers": True}).status_code == 200
        bad = bob.post("/api/preferences", {"ignore_offers": "yes"})
        assert bad.status_code == 400 and "ignore_offers" in bad.json()["error"]
        unknown = bob.post("/api/preferences", {"sound": True})
        assert unknown.status_code == 400
        assert first.anonymous().post("/api/preferences", {}).status_code == 401
    with Harness(tmp_path) as second:
        again = second.returning(bob)
        assert again.get("/api/me").json()["preferences"] == {
            "ignore_offers": True,
            "auto_forced": True,
        }


def test_games_say_whether_they_have_offers(harness: Harness) -> None:
    games = {g["id"]: g for g in harness.player().get("/api/games").json()["games"]}
    assert games["tiny"]["offers"] and games["catan"]["offers"]
    assert not games["russian_railroads"]["offers"]


# ---- pacing -----------------------------------------------------------------------------


class QuietDraw(TinyGame):
    """Tiny, but drawing shows nothing (as writing an offer card by card shows nothing)."""

    id = "tiny_quiet"

    def step(self, state: TinyState, action: Action, events: list[Event] | None) -> None:
        super().step(state, action, None if action.kind == "draw" else events)


@pytest.fixture
def quiet() -> Iterator[None]:
    register(QuietDraw())
    yield
    unregister("tiny_quiet")


def test_silent_bot_steps_wait_for_nothing(tmp_path: Path, quiet: None) -> None:
    # A bot waits an hour between two things it shows, but its silent draw is at once.
    with Harness(tmp_path, bot_delay=3600) as harness:
        ann = harness.player("Ann")
        table = ann.create(["human", "easy"], game="tiny_quiet")
        ann.act(table, ["draw"], move=0)
        ann.act(table, ["end"], move=1)  # shown now
        drew = wait_for(lambda: (s := ann.state(table))["version"] == 3 and s, what="its draw")
        assert drew["log"][-1] == {"step": 3, "player": 1, "events": []}
        time.sleep(0.5)
        assert ann.state(table)["version"] == 3  # its next step shows something: it waits


def test_a_searching_bot_is_announced(harness: Harness) -> None:
    ann = harness.player("Ann")
    table = ann.create(["human", "strong"])
    with ann.socket(table) as socket:
        assert receive_state(socket)["thinking"] is None
        socket.send_json({"type": "act", "action": ["draw"], "move": 0})
        receive_state(socket)
        socket.send_json({"type": "act", "action": ["end"], "move": 1})
        # Its draw is its only choice; then it searches a second for what to bank.
        seen = [receive_state(socket)]
        while seen[-1]["thinking"] is None:
            seen.append(receive_state(socket))
            assert seen[-1]["version"] <= 3
        assert seen[-1]["thinking"] == 1 and seen[-1]["to_move"] == 1
        moved = receive_state(socket)
        assert moved["version"] == seen[-1]["version"] + 1 and moved["thinking"] is None
