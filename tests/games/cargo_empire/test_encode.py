"""Cargo Empire's observation encoding under every option set: fixed length, nothing
secret (CE-DEF-6: another human's goal faces, an unrevealed setup card, the decks' order),
the bot's goals public (CE-BOT-9), seats counted from the encoding seat."""

from __future__ import annotations

from typing import Any

import pytest

from kaido.games.cargo_empire import GAME
from kaido.games.cargo_empire.encode import SEAT_SLOTS, size
from kaido.games.cargo_empire.state import PHASE_PLAY
from tests.conformance.encoding import (
    check_redeal_invariant,
    check_well_formed,
    distinct_share,
)
from tests.conformance.play import played_states

# (options, player counts): every variant and the counts it plays at.
SETS: list[tuple[dict[str, Any], tuple[int, ...]]] = [
    ({}, (1, 2, 3, 4, 5)),
    ({"clans": True}, (1, 2, 3, 4, 5)),
    ({"map": "dior"}, (1, 2, 4, 5)),
    ({"tracks": "advanced"}, (2, 5)),
    ({"tracks": "mixed", "clans": True, "map": "dior"}, (3, 4)),
    ({"bot": True}, (2, 3)),
    ({"vassals": True}, (2,)),
]
CASES = [
    pytest.param(
        options,
        players,
        id="-".join([*(f"{key}={value}" for key, value in options.items()), f"{players}p"]),
    )
    for options, counts in SETS
    for players in counts
]


@pytest.mark.parametrize(("extra", "players"), CASES)
def test_every_state_encodes_to_one_length_of_small_numbers(
    extra: dict[str, Any], players: int
) -> None:
    options = GAME.make_options(players=players, **extra)
    for agent in ("random", "heuristic"):
        states = played_states(GAME, options, seed=players, agent=agent, every=2)
        check_well_formed(GAME, states, size(options))


@pytest.mark.parametrize(("extra", "players"), CASES)
def test_dealing_the_secret_cards_again_changes_no_encoding_CE_DEF_6(
    extra: dict[str, Any], players: int
) -> None:
    options = GAME.make_options(players=players, **extra)
    states = played_states(GAME, options, seed=7, agent="heuristic", every=3)
    check_redeal_invariant(GAME, states, deals=(1, 2))


@pytest.mark.parametrize("players", [1, 4])
def test_states_seen_differently_are_encoded_differently(players: int) -> None:
    options = GAME.make_options(players=players, clans=True)
    states = played_states(GAME, options, seed=5, agent="heuristic", every=1)
    assert distinct_share(GAME, states) >= 0.99


def test_lengths_follow_the_player_count_and_the_blocks_a_game_has() -> None:
    """The bot counts as a player (CE-DEF-9) and has a block of its own; vassals add their
    posts to each city; Dior adds its express spaces; clans and tracks change nothing."""
    base = size(GAME.make_options(players=2))
    assert size(GAME.make_options(players=2, clans=True, tracks="mixed")) == base
    assert size(GAME.make_options(players=1)) > base  # one seat and the bot
    assert size(GAME.make_options(players=2, vassals=True)) > base
    assert size(GAME.make_options(players=2, map="dior")) == base + 24


def test_goal_faces_another_human_holds_stay_hidden_CE_DEF_6() -> None:
    state = GAME.setup(GAME.make_options(players=3), 4)
    while state.phase != PHASE_PLAY:
        GAME.apply(state, GAME.legal_actions(state)[0])
    before = [GAME.encode(state, p) for p in range(3)]
    state.goals[1], state.goals[2] = state.goals[2], state.goals[1]  # faces swapped, unseen
    assert GAME.encode(state, 0) == before[0]
    assert GAME.encode(state, 1) != before[1] and GAME.encode(state, 2) != before[2]


def test_the_bots_goal_faces_are_seen_CE_BOT_9() -> None:
    state = GAME.setup(GAME.make_options(players=1), 4)
    bot = state.bot
    before = GAME.encode(state, 0)
    state.goals[bot] = [g % 24 + 1 for g in state.goals[bot]]
    assert GAME.encode(state, 0) != before


def test_seats_are_written_from_the_encoding_seat_on() -> None:
    """Seat 1's block, as seats 0 and 2 see it, is the second of seat 0's encoding and the
    last of seat 2's (3 players, Europe, no bot: the players' blocks end the vector)."""
    state = GAME.setup(GAME.make_options(players=3), 4)
    while state.phase != PHASE_PLAY:
        GAME.apply(state, GAME.legal_actions(state)[0])
    state.cards[3 * 1 + 2] = 4  # seat 1 holds 4 ships
    block = SEAT_SLOTS + 3
    seen = GAME.encode(state, 0)[-2 * block : -block]
    assert seen == GAME.encode(state, 2)[-block:]
    assert seen != GAME.encode(state, 0)[-3 * block : -2 * block]
