"""Forwarder of Xanadu's observation encoding: fixed length at every player count in both
styles, nothing hidden (FX-SETUP-9: the decks' order; FX-STYLE-1/2: the other hands, the
hands being passed, the cards out of the game), seats counted from the encoding seat."""

from __future__ import annotations

import pytest

from kaido.games.forwarder_of_xanadu import GAME
from kaido.games.forwarder_of_xanadu.board import AREAS
from kaido.games.forwarder_of_xanadu.encode import SEAT_SLOTS, size
from kaido.games.forwarder_of_xanadu.engine import PORT
from kaido.games.forwarder_of_xanadu.state import DRAFT
from tests.conformance.encoding import (
    check_redeal_invariant,
    check_well_formed,
    distinct_share,
)
from tests.conformance.play import played_states
from tests.games.forwarder_of_xanadu.helpers import act, fresh, ready

STYLES = ("standard", "custom")


@pytest.mark.parametrize("players", GAME.player_counts)
@pytest.mark.parametrize("style", STYLES)
def test_every_state_encodes_to_one_length_of_small_numbers(players: int, style: str) -> None:
    options = GAME.make_options(players=players, style=style)
    for agent, every in (("random", 3), ("heuristic", 3)):
        states = played_states(GAME, options, seed=players, agent=agent, every=every)
        check_well_formed(GAME, states, size(options))


@pytest.mark.parametrize("players", GAME.player_counts)
@pytest.mark.parametrize("style", STYLES)
def test_dealing_the_hidden_cards_again_changes_no_encoding_FX_STYLE_2(
    players: int, style: str
) -> None:
    """Both decks, the other skill hands, the draft hands in front of the others and the
    cards out of the game dealt again (`determinize`): the seat's encoding stays."""
    options = GAME.make_options(players=players, style=style)
    for agent, every in (("random", 2), ("heuristic", 3)):
        states = played_states(GAME, options, seed=7, agent=agent, every=every)
        check_redeal_invariant(GAME, states, deals=(1, 2))


def test_states_seen_differently_are_encoded_differently() -> None:
    """In the custom style, so that the draft is played too."""
    options = GAME.make_options(players=4, style="custom")
    states = played_states(GAME, options, seed=5, agent="heuristic", every=1)
    assert distinct_share(GAME, states) >= 0.99


def test_the_length_follows_the_player_count_alone() -> None:
    lengths = [size(GAME.make_options(players=n)) for n in GAME.player_counts]
    assert lengths == sorted(set(lengths))
    for n in GAME.player_counts:
        assert size(GAME.make_options(players=n, style="custom")) == size(
            GAME.make_options(players=n)
        )


def test_another_seats_public_things_change_the_encoding() -> None:
    """Another seat's cubes, share tokens and played skills are public (views.py)."""
    state = ready(players=3)
    before = GAME.encode(state, 0)
    state.wh[(2 * AREAS + PORT) * 3 + 1] += 1  # seat 2 holds an upper cube more at the port
    after_cube = GAME.encode(state, 0)
    assert after_cube != before
    state.played[1].append(state.hands[1].pop())
    assert GAME.encode(state, 0) != after_cube


def test_another_seats_hand_stays_hidden_and_its_size_shows_FX_STYLE_1() -> None:
    state = ready(players=3)
    before = [GAME.encode(state, p) for p in range(3)]
    state.hands[1], state.hands[2] = state.hands[2], state.hands[1]  # same sizes, swapped
    assert GAME.encode(state, 0) == before[0]
    assert GAME.encode(state, 1) != before[1] and GAME.encode(state, 2) != before[2]
    state.removed.append(state.hands[2].pop())  # one card fewer in seat 2's hand
    assert GAME.encode(state, 0) != before[0]


def test_the_draft_hand_in_front_of_the_seat_is_seen_and_no_other_FX_STYLE_2() -> None:
    state = fresh(players=3, style="custom")
    for company in range(3):
        act(state, "company", company)
    assert state.phase == DRAFT
    before = [GAME.encode(state, p) for p in range(3)]
    state.draft[1], state.draft[2] = state.draft[2], state.draft[1]
    assert GAME.encode(state, 0) == before[0]
    assert GAME.encode(state, 1) != before[1]


def test_seats_are_written_from_the_encoding_seat_on() -> None:
    """Seat 1's block is the first of its own encoding and the last of seat 2's (the seats'
    blocks end the vector)."""
    state = ready(players=3)
    state.wh[(1 * AREAS + PORT) * 3 + 2] = 1  # seat 1 holds a premium cube
    state.vp[1] = state.cats[1 * 7] = 7
    own = GAME.encode(state, 1)[-3 * SEAT_SLOTS : -2 * SEAT_SLOTS]
    assert own == GAME.encode(state, 2)[-SEAT_SLOTS:]
    assert own != GAME.encode(state, 0)[-3 * SEAT_SLOTS : -2 * SEAT_SLOTS]
