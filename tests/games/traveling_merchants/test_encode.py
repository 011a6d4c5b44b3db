"""Traveling Merchants' observation encoding: fixed length under every option, nothing of
the deck but its size (TM-SETUP-3/4/7, R-13), seats counted from the encoding seat."""

from __future__ import annotations

import pytest

from kaido.games.traveling_merchants import GAME
from kaido.games.traveling_merchants.encode import SEAT_SLOTS, size
from tests.conformance.encoding import (
    check_redeal_invariant,
    check_well_formed,
    distinct_share,
)
from tests.conformance.play import played_states
from tests.games.traveling_merchants.helpers import ARMS, ready

VARIANTS = [
    {},
    {"map": "3", "random_cities": True, "road": True, "titles": True},
    {"beginner_wagons": True, "literal_refill": True, "specials_count_for_houses": True},
]


@pytest.mark.parametrize("players", GAME.player_counts)
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_every_state_encodes_to_one_length_of_small_numbers(players: int, variant: int) -> None:
    options = GAME.make_options(players=players, **VARIANTS[variant])
    for agent, every in (("random", 8), ("heuristic", 2)):
        states = played_states(GAME, options, seed=players + variant, agent=agent, every=every)
        check_well_formed(GAME, states, size(options))
    assert size(GAME.make_options(players=players)) == size(options)


@pytest.mark.parametrize("players", GAME.player_counts)
@pytest.mark.parametrize("variant", [0, 1])
def test_dealing_the_deck_again_changes_no_encoding_TM_SETUP_7(players: int, variant: int) -> None:
    options = GAME.make_options(players=players, **VARIANTS[variant])
    states = played_states(GAME, options, seed=7, agent="heuristic", every=3)
    check_redeal_invariant(GAME, states, deals=(1, 2, 3))


@pytest.mark.parametrize("players", GAME.player_counts)
def test_states_seen_differently_are_encoded_differently(players: int) -> None:
    options = GAME.make_options(players=players, titles=True)
    states = played_states(GAME, options, seed=5, agent="heuristic", every=1)
    assert distinct_share(GAME, states) >= 0.99


def test_another_seats_cargo_changes_the_encoding() -> None:
    state = ready(players=3)
    before = GAME.encode(state, 0)
    state.cargo[2 * 4 + ARMS] = 1  # seat 2 loaded arms (a test position, not conserved)
    assert GAME.encode(state, 0) != before


def test_seats_are_written_from_the_encoding_seat_on() -> None:
    """Seat 1's block is the first of its own encoding and the last of seat 2's."""
    state = ready(players=3)
    state.cargo[1 * 4 + ARMS] = 2
    state.red[1] = 1
    own = GAME.encode(state, 1)[-3 * SEAT_SLOTS : -2 * SEAT_SLOTS]
    assert own == GAME.encode(state, 2)[-SEAT_SLOTS:]
    assert own != GAME.encode(state, 0)[-3 * SEAT_SLOTS : -2 * SEAT_SLOTS]
