"""Checks of a game's own observation encoding (`Game.encode`), shared by the conformance
test and each game's tests: fixed length, small finite numbers, nothing a seat cannot
see (the encoding survives `determinize`, as the views do) and enough of what it can see
that different views give different encodings."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from kaido.core.game import Game
from kaido.core.rng import Rng


def encodes_itself(game: Game[Any]) -> bool:
    """Whether the game gives its own encoding (else `kaido.env` hashes its view)."""
    return type(game).encode is not Game.encode


def check_well_formed(game: Game[Any], states: Sequence[Any], length: int) -> None:
    """Every seat's encoding of every state: `length` finite numbers within [-1, 1]."""
    for state in states:
        for player in range(game.num_players(state)):
            values = game.encode(state, player)
            assert values is not None and len(values) == length, (
                f"{game.id}: {None if values is None else len(values)} numbers, not {length}"
            )
            for slot, value in enumerate(values):
                assert math.isfinite(value) and -1.0 <= value <= 1.0, (
                    f"{game.id}: slot {slot} of P{player}'s encoding is {value}"
                )


def check_redeal_invariant(game: Game[Any], states: Sequence[Any], deals: Sequence[int]) -> None:
    """Dealing again everything a seat cannot see leaves that seat's encoding as it was."""
    for state in states:
        for player in range(game.num_players(state)):
            seen = list(game.encode(state, player) or ())
            for deal in deals:
                world = game.determinize(state, player, Rng(deal))
                assert list(game.encode(world, player) or ()) == seen, (
                    f"{game.id}: P{player}'s encoding depends on what it cannot see"
                )


def distinct_share(game: Game[Any], states: Sequence[Any]) -> float:
    """Of the pairs of consecutive states a seat sees differently (different views), the
    share whose encodings differ too, over every seat."""
    differ = told = 0
    for before, after in pairwise(states):
        for player in range(game.num_players(before)):
            if json.dumps(game.view(before, player)) == json.dumps(game.view(after, player)):
                continue
            differ += 1
            told += game.encode(before, player) != game.encode(after, player)
    assert differ, "no two states were seen differently"
    return told / differ
