"""Russian Railroads' observation encoding: fixed length, the seat's view only (RR-EB: the
others' end bonus cards and the deck stay hidden), seats counted from the encoding seat."""

from __future__ import annotations

import pytest

from kaido.games.russian_railroads import GAME
from kaido.games.russian_railroads.encode import GLOBAL_SLOTS, seat_slots, size
from kaido.games.russian_railroads.state import POS, VP
from tests.conformance.encoding import (
    check_redeal_invariant,
    check_well_formed,
    distinct_share,
)
from tests.conformance.play import played_states
from tests.games.russian_railroads.helpers import ready

VARIANTS = [
    {},
    {"public_engineers_partial": True, "industry_end_vp": 50},
    {"loco_and_factory_workers": 3, "transsib_worker_marker": "black"},
]


@pytest.mark.parametrize("players", GAME.player_counts)
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_every_state_encodes_to_one_length_of_small_numbers(players: int, variant: int) -> None:
    options = GAME.make_options(players=players, **VARIANTS[variant])
    for agent in ("random", "heuristic"):
        states = played_states(GAME, options, seed=players + variant, agent=agent)
        check_well_formed(GAME, states, size(options))
    assert size(GAME.make_options(players=players)) == size(options)


@pytest.mark.parametrize("players", GAME.player_counts)
def test_dealing_the_hidden_cards_again_changes_no_encoding_RR_EB(players: int) -> None:
    options = GAME.make_options(players=players)
    for seed, agent in ((1, "random"), (2, "heuristic")):
        states = played_states(GAME, options, seed, agent, every=3)
        check_redeal_invariant(GAME, states, deals=(1, 2, 3))


@pytest.mark.parametrize("players", GAME.player_counts)
def test_states_seen_differently_are_encoded_differently(players: int) -> None:
    options = GAME.make_options(players=players)
    states = played_states(GAME, options, seed=5, agent="heuristic", every=1)
    assert distinct_share(GAME, states) >= 0.99


def test_what_another_seat_does_in_the_open_changes_the_encoding() -> None:
    state = ready(players=3)
    before = GAME.encode(state, 0)
    state.boards[2][POS + 1] = 3  # seat 2's black marker on the St. Petersburg line
    assert GAME.encode(state, 0) != before


def test_seats_are_written_from_the_encoding_seat_on() -> None:
    """Seat 1's board is the first block of its own encoding, and the last of seat 2's
    (3 players: seat 2, then 0, then 1)."""
    state = ready(players=3)
    state.boards[1][VP] = 40
    state.boards[1][POS + 5] = 4
    block = seat_slots(3)
    own = GAME.encode(state, 1)[GLOBAL_SLOTS : GLOBAL_SLOTS + block]
    from_two = GAME.encode(state, 2)[GLOBAL_SLOTS + 2 * block : GLOBAL_SLOTS + 3 * block]
    assert own == from_two
    assert own != GAME.encode(state, 0)[GLOBAL_SLOTS : GLOBAL_SLOTS + block]
