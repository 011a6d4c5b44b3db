"""Set-up: wagons, map, order deck and row, gems, stock, start player and starting places."""

from __future__ import annotations

import pytest

from kaido.core.errors import OptionError
from kaido.core.rng import Rng
from kaido.games.traveling_merchants import GAME
from kaido.games.traveling_merchants.board import DATA, END_CARD
from kaido.games.traveling_merchants.engine import ORDERS, _deal_orders, big_orders
from kaido.games.traveling_merchants.state import START, TURN
from tests.games.traveling_merchants.helpers import AR, ROAD, E, H, M, P, S, act, ready, refused


def fresh(players: int = 4, seed: int = 3, **options: object):  # type: ignore[no-untyped-def]
    return GAME.setup(GAME.make_options(players=players, **options), seed)


@pytest.mark.parametrize(
    ("players", "removed", "row", "stock"), [(4, 0, 6, 9), (3, 5, 5, 8), (2, 10, 4, 7)]
)
def test_player_count_table_TM_PC_1_TM_SETUP_3_TM_SETUP_5_TM_SETUP_10(
    players: int, removed: int, row: int, stock: int
) -> None:
    """TM-SETUP-3, TM-SETUP-5, TM-SETUP-10.
    TM-PC-1: removed cards, row size and goods per kind by player count; the removed
    cards are out of the game, unseen (TM-SETUP-3, R-13)."""
    s = fresh(players)
    assert len(s.removed) == removed
    assert len([o for o in s.row if o > 0]) == row == s.row_size
    assert s.stock == [stock] * 4
    assert len(s.deck) == 37 - removed - row + 1  # TM-SETUP-4 and the end card
    view = GAME.view(s, 0)
    assert view["removed"] == removed and "deck_order" not in view


def test_four_player_deck_holds_32_cards_with_the_end_card_in_the_bottom_9_TM_EX_4() -> None:
    """TM-EX-4 (L155 "8+1"), TM-SETUP-7: 31 orders + the end card, the end among the
    bottom 9 cards."""
    for seed in range(20):
        s = fresh(4, seed)
        assert len(s.deck) == 32
        assert END_CARD in s.deck[:9] and END_CARD not in s.deck[9:]


def test_reshuffle_until_at_most_two_big_orders_show_TM_SETUP_6_TM_D_2() -> None:
    """TM-SETUP-6: TM-D-2, R-14: a dealt row with 3 cards of 4+ goods (all kinds added) is put back,
    shuffled and dealt again; the removed cards stay out."""
    big = sorted(o for o in ORDERS if ORDERS[o].size >= 4)
    hits = 0
    for seed in range(300):
        s = fresh(4, seed, start_player=0)  # no draw before the deal
        assert big_orders(s.row) <= 2
        rng = Rng(seed)
        cards = sorted(ORDERS)
        rng.shuffle(cards)
        first_row = cards[::-1][:6]  # the top of the deck is its end
        if big_orders(first_row) >= 3:
            hits += 1
            assert s.row != first_row
    assert hits > 0, "no seed dealt 3 big orders first; the rule was never exercised"
    assert big


def test_reshuffle_keeps_removed_cards_out_TM_SETUP_6() -> None:
    """R-13/TM-SETUP-6: only the deck is reshuffled."""
    for seed in range(50):
        s = fresh(2, seed)
        rest = set(s.deck) | {o for o in s.row if o > 0}
        assert not rest & set(s.removed)


def test_gems_on_positions_1_and_2_and_specials_shown_TM_SETUP_8_TM_SETUP_9() -> None:
    """TM-SETUP-8, TM-SETUP-9."""
    s = fresh(3)
    assert (s.red_left, s.white_left) == (8, 8)
    assert s.specials == [-1] * 5
    view = GAME.view(s, None)
    assert view["gems"] == {"red": 8, "white": 8} and view["specials"] == [-1] * 5


def test_each_player_gets_a_wagon_and_houses_TM_SETUP_1_TM_VAR_3() -> None:
    """TM-SETUP-1: the normal side; TM-VAR-3: the beginner side with the option."""
    s = fresh(4)
    assert s.capacity == [DATA.normal_capacity] * 4 and s.houses_left == [4] * 4
    s = fresh(4, beginner_wagons=True)
    assert s.capacity == [DATA.beginner_capacity] * 4


def test_start_player_option_or_seeded_draw_TM_SETUP_11() -> None:
    """TM-SETUP-11, R-18: a table choice, or a seeded random draw."""
    assert fresh(4, start_player=2).start == 2
    drawn = {fresh(4, seed).start for seed in range(30)}
    assert drawn == {0, 1, 2, 3}
    assert fresh(4, 5).start == fresh(4, 5).start
    with pytest.raises(OptionError):
        GAME.setup(GAME.make_options(players=2, start_player=3), 1)


def test_starting_places_in_reverse_order_on_distribution_cities_TM_SETUP_12() -> None:
    """TM-SETUP-12, R-5: from the start player's right counter-clockwise, start player
    last; a distribution city only; several players may share one; a house and the wagon."""
    s = fresh(4, start_player=1)
    order = []
    while s.phase == START:
        order.append(s.cur)
        assert refused(s, "start", H) == "TM-SETUP-12"  # a production city
        act(s, "start", E)
    assert order == [0, 3, 2, 1]
    assert s.houses[E] == 0b1111 and s.pos == [E] * 4 and s.houses_left == [3] * 4
    assert s.phase == TURN and s.cur == 1
    assert refused(s, "start", M) == "TM-SETUP-12"


def test_first_turn_has_three_actions_TM_TURN_6_TM_TURN_1() -> None:
    """TM-TURN-1: TM-TURN-6: every wagon starts on its own house, so each first turn has 3 actions;
    turns go clockwise from the start player (TM-TURN-1)."""
    s = ready(3, (E, M, P))
    seen = []
    for _ in range(3):
        seen.append((s.cur, s.actions_left))
        act(s, "end")
    assert seen == [(0, 3), (1, 3), (2, 3)]


@pytest.mark.parametrize("layout", sorted(DATA.maps))
def test_every_map_with_and_without_the_road_TM_SETUP_2_TM_VAR_4_R_7(layout: str) -> None:
    """TM-VAR-4: TM-SETUP-2 / R-7: each layout is one connected map of edge-adjacent cards; the road
    card joins only with TM-VAR-4; random_cities deals the cards onto the positions."""
    plain = fresh(2, map=layout)
    assert ROAD not in plain.board.cards and len(plain.board.cards) == 9
    road = fresh(2, map=layout, road=True)
    assert ROAD in road.board.cards and len(road.board.adjacent[ROAD]) >= 2
    for s in (plain, road):
        for a in s.board.cards:
            for b in s.board.adjacent[a]:
                assert a in s.board.adjacent[b]
    layouts = {fresh(2, seed, map=layout, random_cities=True).board.cells for seed in range(5)}
    assert len(layouts) > 1
    assert {x for x, _, _ in plain.board.cells} == {x for x, _, _ in next(iter(layouts))}


def test_basic_map_adjacency_TM_MOVE_1() -> None:
    """TM-MOVE-1: The basic map: Heidifield next to Elkaibrand and Marktheim only (edge-sharing)."""
    s = fresh(2)
    assert s.board.adjacent[H] == (E, M)
    assert set(s.board.adjacent[P]) == {E, M, S, 8}
    assert AR in s.board.adjacent[E]


def test_titles_two_random_cards_random_sides_TM_VAR_1_R_17() -> None:
    """TM-VAR-1, R-17: 2 of the 5 cards at random, each on a random side."""
    assert fresh(4).titles == []
    picks = [fresh(4, seed, titles=True).titles for seed in range(40)]
    assert all(len(p) == 2 and p[0] // 2 != p[1] // 2 for p in picks)
    assert {code % 2 for p in picks for code in p} == {0, 1}
    assert len({tuple(p) for p in picks}) > 5


def test_variants_combine_freely_TM_VAR_6() -> None:
    """TM-VAR-6: every option at once gives a playable table."""
    s = fresh(
        3, map="4", road=True, titles=True, beginner_wagons=True, literal_refill=True,
        specials_count_for_houses=True, random_cities=True,
    )  # fmt: skip
    assert len(s.titles) == 2 and s.row_size == 6 and len(s.row) == 6
    assert len([o for o in s.row if o > 0]) == 5
    GAME.invariants(s)


def test_deal_is_deterministic_R_13() -> None:
    """R-13."""
    a, b = fresh(3, 9), fresh(3, 9)
    assert (a.deck, a.removed, a.row) == (b.deck, b.removed, b.row)
    s = fresh(3, 9)
    _deal_orders(s, Rng(1))
    assert len(s.removed) == 5
