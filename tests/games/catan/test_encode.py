"""Catan's observation encoding: fixed length, another seat's cards only as the public
record shows them (CT-ROBBER-5/6, CT-DEV-2), seats counted from the encoding seat."""

from __future__ import annotations

import pytest

from kaido.games.catan import GAME
from kaido.games.catan.encode import SEAT_SLOTS, size
from tests.conformance.encoding import (
    check_redeal_invariant,
    check_well_formed,
    distinct_share,
)
from tests.conformance.play import played_states
from tests.games.catan.helpers import RES, blank, give, settle

VARIANTS = [
    {},
    {"layout": "beginner", "separate_trade_build": True, "knight_to_desert": True},
    {"shortage_single_recipient": True, "longest_road_holder_keeps_on_tie": True},
]


@pytest.mark.parametrize("players", GAME.player_counts)
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_every_state_encodes_to_one_length_of_small_numbers(players: int, variant: int) -> None:
    options = GAME.make_options(players=players, **VARIANTS[variant])
    for agent, every in (("random", 8), ("heuristic", 3)):
        states = played_states(GAME, options, seed=players + variant, agent=agent, every=every)
        check_well_formed(GAME, states, size(options))
    assert size(GAME.make_options(players=players)) == size(options)


@pytest.mark.parametrize("players", GAME.player_counts)
def test_dealing_the_hidden_cards_again_changes_no_encoding_CT_DEV_2(players: int) -> None:
    options = GAME.make_options(players=players)
    for seed, agent, every in ((1, "random", 12), (2, "heuristic", 4)):
        states = played_states(GAME, options, seed, agent, every)
        check_redeal_invariant(GAME, states, deals=(1, 2))


@pytest.mark.parametrize("players", GAME.player_counts)
def test_states_seen_differently_are_encoded_differently(players: int) -> None:
    options = GAME.make_options(players=players)
    states = played_states(GAME, options, seed=5, agent="heuristic", every=1)
    assert distinct_share(GAME, states) >= 0.99


def test_what_the_seat_may_see_changes_its_encoding_and_what_it_may_not_does_not() -> None:
    state = blank(players=3)
    give(state, 2, lumber=1)
    before = GAME.encode(state, 0)
    settle(state, 2, 20)  # a settlement on the board
    assert GAME.encode(state, 0) != before
    before = GAME.encode(state, 0)
    state.hand[2 * 5 + RES["lumber"]] -= 1  # seat 2's card is ore now: same count, unseen
    state.hand[2 * 5 + RES["ore"]] += 1
    assert GAME.encode(state, 0) == before
    assert GAME.encode(state, 2) != GAME.encode(blank(players=3), 2)


def test_seats_are_written_from_the_encoding_seat_on() -> None:
    """Seat 1's block is the first of its own encoding and the last of seat 2's."""
    state = blank(players=3)
    give(state, 1, grain=2, ore=1)
    state.knights[1] = 2
    own = GAME.encode(state, 1)[-3 * SEAT_SLOTS : -2 * SEAT_SLOTS]
    assert own == GAME.encode(state, 2)[-SEAT_SLOTS:]
    assert own != GAME.encode(state, 0)[-3 * SEAT_SLOTS : -2 * SEAT_SLOTS]
