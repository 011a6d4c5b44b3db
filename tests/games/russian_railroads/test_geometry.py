"""The browser's drawing data (`geometry.py`) against the engine: every place an action
names is on it, effects say what the data files say, names exist in both languages; and
the view's loco reach."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kaido.core.rng import Rng
from kaido.games.russian_railroads import GAME
from kaido.games.russian_railroads.components import (
    ENGINEER_EFFECTS,
    SPACES,
    STRIPS,
    parse_effect,
    spaces_for,
)
from kaido.games.russian_railroads.geometry import board_geometry, effect_parts
from kaido.games.russian_railroads.markers import reach
from kaido.games.russian_railroads.state import RRState


def geometry(players: int) -> dict[str, Any]:
    return board_geometry(GAME.make_options(players=players))


def effect_text(parts: list[list[Any]]) -> str:
    return "; ".join(" ".join(str(word) for word in part) for part in parts)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_spaces_are_the_board_side_of_the_player_count(players: int) -> None:
    drawn = geometry(players)
    assert [space["index"] for space in drawn["spaces"]] == [s.index for s in spaces_for(players)]
    strip = STRIPS[players]
    assert drawn["strip"] == {
        "length": strip.length,
        "public": list(strip.public),
        "hire": strip.hire,
    }
    publics = [s["strip_position"] for s in drawn["spaces"] if s["strip_position"] >= 0]
    assert publics == list(strip.public)
    assert len(drawn["turn_order_vp"]) == players
    json.dumps(drawn)  # served as it is


def test_effects_read_back_as_the_data_files_write_them() -> None:
    for space in SPACES:
        assert parse_effect(effect_text(effect_parts(space.effect))) == space.effect
    drawn = geometry(4)
    for engineer in drawn["engineers"]:
        effect = ENGINEER_EFFECTS[engineer["number"]]
        assert parse_effect(effect_text(engineer["effect"])) == effect
        assert SPACES[engineer["space"]].engineer == engineer["number"]
    assert drawn["spaces"][0]["effect"] == [["track", "black", 2]]


def test_every_name_in_english_and_japanese() -> None:
    drawn = geometry(4)
    named = [*drawn["spaces"], *drawn["engineers"], *drawn["lines"], *drawn["slots"]]
    named += [*drawn["advantage_tokens"], *drawn["advantage_cards"], *drawn["start_bonus"]]
    named += drawn["end_bonus"]
    for item in named:
        assert (
            item["name"]["en"] and item["name"]["ja"] and item["name"]["en"] != item["name"]["ja"]
        )
    assert drawn["spaces"][1]["name"] == {"en": "3 black (2 workers)", "ja": "黒3マス（ワーカー2）"}


def places_named(key: tuple[Any, ...]) -> tuple[str, int] | None:
    """The part of the drawing an action names (as the browser maps it)."""
    kind = key[0]
    if kind in ("place", "repeat", "reuse"):
        return ("space", key[1])
    if kind == "loco":
        return ("slot", key[1])
    if kind == "replace_factory":
        return ("factory", key[1])
    if kind == "step":
        return ("line", key[1])
    return None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_place_an_action_names_is_drawn(players: int) -> None:
    drawn = geometry(players)
    spaces = {s["index"] for s in drawn["spaces"]} | {e["space"] for e in drawn["engineers"]}
    factories = {square["factory_space"] for square in drawn["industry"]} - {-1}
    parts = {
        "space": spaces,
        "slot": set(range(len(drawn["slots"]))),
        "factory": factories,
        "line": set(range(len(drawn["lines"]))),
    }
    rng = Rng(players)
    for seed in range(3):
        st: RRState = GAME.setup(GAME.make_options(players=players), seed)
        while not GAME.is_over(st):
            legal = GAME.legal_actions(st)
            for action in legal:
                named = places_named((action.kind, *action.args))
                if named is not None:
                    assert named[1] in parts[named[0]], action
            GAME.apply(st, rng.choice(legal))
        for board, seen in zip(st.boards, GAME.view(st, None)["players"], strict=True):
            assert seen["reach"] == [reach(board, line) for line in range(3)]
