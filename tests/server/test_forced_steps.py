"""Forced steps at a table (kaido.core.forced): the server takes a person's decision that has
one answer everyone can see, stores it as their action, and undo takes it back with the
decision before it; a person who turned it off decides it themselves."""

from __future__ import annotations

from typing import Any

from kaido.core.forced import forced_action
from kaido.games import get_game
from tests.server.harness import Harness, Player

GAME = get_game("cargo_empire")


def to_a_forced_payment(harness: Harness, ann: Player, table: str) -> list[Any]:
    """Play Ann's decisions (first legal action) until a transport she may pay only one
    way; that transport (not yet chosen)."""
    runtime = harness.services.tables.get(table)
    for _ in range(200):
        state = ann.state(table)
        plans = [item["action"] for item in state["legal"] if item["action"][0] == "plan"]
        for plan in plans:
            world = runtime.require_match().state.copy()
            GAME.apply(world, runtime.table.from_json(plan))
            if forced_action(GAME, world) is not None:
                return plan
        assert ann.act(table, state["legal"][0]["action"]).status_code == 200
    raise AssertionError("no transport with one way to pay")


def test_a_forced_payment_is_taken_stored_and_undone_with_the_transport(
    harness: Harness,
) -> None:
    ann = harness.player("Ann")
    table = ann.create(["human"], game="cargo_empire")  # against the game's bot (CE-BOT)
    plan = to_a_forced_payment(harness, ann, table)
    before = ann.state(table)
    assert ann.act(table, plan).status_code == 200
    after = ann.state(table)
    stored = harness.services.store.actions(table)
    assert stored[-2][0] == "plan" and stored[-1][0] == "pay"  # the record holds it
    assert after["version"] == before["version"] + 2
    assert after["log"][-1]["player"] == 0 and "ships" in after["log"][-1]["events"][0]["text"]
    undone = ann.post(f"/api/tables/{table}/undo", {"move": after["version"]})
    assert undone.status_code == 200, undone.text
    back = ann.state(table)
    assert back["view"] == before["view"] and back["legal"] == before["legal"]
    assert len(harness.services.store.actions(table)) == len(stored) - 2


def test_a_person_who_turned_it_off_pays_themselves(harness: Harness) -> None:
    ann = harness.player("Ann")
    assert ann.post("/api/preferences", {"auto_forced": False}).json()["preferences"] == {
        "ignore_offers": False,
        "auto_forced": False,
    }
    table = ann.create(["human"], game="cargo_empire")
    plan = to_a_forced_payment(harness, ann, table)
    assert ann.act(table, plan).status_code == 200
    state = ann.state(table)
    assert [item["action"][0] for item in state["legal"]] == ["pay"]
    assert harness.services.store.actions(table)[-1][0] == "plan"
