"""Patches instead of whole states (issue 35): a connection is sent the whole state once,
then the changes of what it sees, numbered so that a missed one is noticed and answered with
the whole state. Patches are applied here with the `jsonpatch` library (kaido.server.follow),
not with the server's own code."""

from __future__ import annotations

import json
import random
from contextlib import ExitStack
from typing import Any

import jsonpatch
from hypothesis import given
from hypothesis import strategies as st

from kaido.server.follow import SYNC, Follower, PatchGap
from kaido.server.messages import LOG_KEYS, changes, json_text, texts_of
from tests.server.harness import Harness, Player


def fields(state: dict[str, Any]) -> dict[str, Any]:
    return {name: value for name, value in state.items() if name not in {*LOG_KEYS, "type"}}


class Browser:
    """One connection's state and log, kept as kaido/web/table.js keeps them; and, beside it,
    only the fields the load benchmark reads (`Follower(keys=...)`)."""

    LIGHT = ("version", "legal")

    def __init__(self) -> None:
        self.follower = Follower()
        self.light = Follower(keys=self.LIGHT)
        self.log: list[Any] = []
        self.state: dict[str, Any] = {}
        self.light_state: dict[str, Any] = {}

    def take(self, message: dict[str, Any]) -> None:
        self.state = self.follower.take(message)
        self.light_state = self.light.take(message)
        if "log" in self.state:
            self.log[self.state["log_from"] :] = self.state["log"]

    def light_matches(self, whole: dict[str, Any]) -> bool:
        return fields(self.light_state) == {name: whole[name] for name in self.LIGHT}


def test_patches_rebuild_every_seats_whole_state_move_after_move(harness: Harness) -> None:
    """Three seats and a watcher of a Catan game, 30 random moves and undos: after each,
    every connection got a patch, and its state and log, rebuilt from the patches, are
    exactly the whole state the server gives that viewer afresh; a follower of only some
    fields holds exactly those."""
    players = [harness.player() for _ in range(3)]
    table = players[0].create(["human"] * 3, game="catan")
    for player in players[1:]:
        assert player.join(table).status_code == 200
    viewers: list[Player] = [*players, harness.anonymous()]
    browsers = [Browser() for _ in viewers]
    rng = random.Random(5)
    with ExitStack() as stack:
        sockets = [stack.enter_context(viewer.socket(table)) for viewer in viewers]
        for socket, browser in zip(sockets, browsers, strict=True):
            first = socket.receive_json()
            assert first["type"] == "state" and first["log_from"] == 0
            browser.take(first)
        for _ in range(30):
            mover = browsers[0].state["to_move"]
            state = browsers[mover].state
            version = state["version"]
            if state["can_undo"] and rng.random() < 0.2:
                sockets[mover].send_json({"type": "undo", "move": version})
            else:
                action = rng.choice(state["legal"])["action"]
                sockets[mover].send_json({"type": "act", "action": action, "move": version})
            for viewer, socket, browser in zip(viewers, sockets, browsers, strict=True):
                message = socket.receive_json()
                assert message["type"] == "patch"
                browser.take(message)
                whole = viewer.state(table)
                assert fields(browser.state) == fields(whole)
                assert browser.log == whole["log"]
                assert browser.light_matches(whole)
        assert browsers[0].state["version"] == 30


def test_a_missed_patch_is_noticed_and_the_whole_state_sent(harness: Harness) -> None:
    ann, bob = harness.player("Ann"), harness.player("Bob")
    table = ann.create(["human", "human"])
    bob.join(table)
    turns = iter([*[(ann, ["draw"]), (ann, ["end"])], *[(bob, ["draw"]), (bob, ["end"])]] * 2)

    def move() -> None:
        player, action = next(turns)
        assert player.act(table, action).status_code == 200

    for watcher in (ann, harness.anonymous()):  # a seat, and a watcher who is not signed in
        with watcher.socket(table) as socket:
            follower = Follower()
            follower.take(socket.receive_json())
            move()
            missed = socket.receive_json()  # lost on the way: never applied
            move()
            late = socket.receive_json()
            assert late["base"] == missed["revision"] != follower.revision
            try:
                follower.take(late)
                raise AssertionError("a patch that does not follow was applied")
            except PatchGap:
                socket.send_json(SYNC)
            whole = socket.receive_json()
            assert whole["type"] == "state" and whole["revision"] > late["revision"]
            assert {**follower.take(whole), "type": "state"} == {
                **watcher.state(table),
                "type": "state",
            }
            move()
            after = socket.receive_json()
            assert after["type"] == "patch" and after["base"] == whole["revision"]
            assert fields(follower.take(after)) == fields(watcher.state(table))


def test_message_text_reads_back_as_the_json_module_writes_it() -> None:
    """`json_text` writes what `json.dumps` would mean: keys that are not strings as JSON
    writes them, letters as themselves, and integers past 64 bits (which orjson refuses)
    whole."""
    message = {
        "type": "state",
        "counts": {1: 2, 3: [4, 5.5]},
        "name": "行商の時代",
        "seed": 2**70 + 1,
        "pair": (1, "two"),
        "none": None,
    }
    text = json_text(message)
    assert json.loads(text) == json.loads(json.dumps(message))
    assert json.loads(json_text({2: "a", True: "b"})) == {"2": "a", "true": "b"}
    assert "行商" in json_text({"name": "行商"})


_leaves = st.none() | st.booleans() | st.integers(-5, 5) | st.text("ab~/", max_size=3)
_values = st.recursive(
    _leaves,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.text("ab~/", max_size=2), inner, max_size=3)
    ),
    max_leaves=12,
)
_messages = st.dictionaries(st.sampled_from(["view", "legal", "a/b", "t~"]), _values, max_size=4)


@given(before=_messages, after=_messages)
def test_the_changes_between_two_messages_turn_one_into_the_other(
    before: dict[str, Any], after: dict[str, Any]
) -> None:
    """The patch made from two messages' texts, applied to the first as a client holds it
    (JSON), gives the second: objects key by key (keys needing JSON Pointer's escapes
    among them), an object becoming something else and back, keys added and removed."""
    ops = json.loads(json_text(changes(texts_of(before), texts_of(after))))
    assert jsonpatch.apply_patch(json.loads(json_text(before)), ops) == after
    assert changes(texts_of(after), texts_of(after)) == []
