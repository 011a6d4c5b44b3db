"""Turns and the three actions: Move, Load, Ship; gems (TM-TURN, TM-MOVE, TM-LOAD,
TM-SHIP, TM-GEM)."""

from __future__ import annotations

from kaido.games.traveling_merchants.engine import ORDERS, SPECIALS
from kaido.games.traveling_merchants.state import HOUSE, TURN
from tests.games.traveling_merchants.helpers import (
    AR,
    ARMS,
    LIQUOR,
    ROAD,
    TEXTILES,
    WHEAT,
    C,
    E,
    H,
    M,
    P,
    act,
    carry,
    legal,
    order_id,
    ready,
    refused,
    set_row,
    zone_add,
)

GREEN = 2  # the examples' green player


def test_load_at_armsburg_TM_EX_1_TM_LOAD_2_TM_LOAD_3() -> None:
    """TM-LOAD-2, TM-LOAD-3.
    TM-EX-1 (L187): Green at Armsburg may load grey from the stock, and the orange and
    white cubes of other players' zones; never the purple cube in Green's own zone."""
    s = ready(4)
    s.cur = GREEN
    s.pos[GREEN] = AR
    zone_add(s, AR, 0, {WHEAT: 1})
    zone_add(s, AR, 1, {TEXTILES: 1})
    zone_add(s, AR, GREEN, {LIQUOR: 1})
    loads = {k[1:3] for k in legal(s) if k[0] == "load"}
    assert loads == {(ARMS, -1), (WHEAT, 0), (TEXTILES, 1)}
    assert refused(s, "load", LIQUOR, GREEN, -1) == "TM-LOAD-3"
    act(s, "load", WHEAT, 0, -1)
    assert s.cargo[GREEN * 4 + WHEAT] == 1 and s.zone[(AR * 4 + 0) * 4 + WHEAT] == 0


def test_ship_at_elkaibrand_TM_EX_2_TM_SHIP_1_TM_SHIP_2_TM_SHIP_4_TM_GEM_2() -> None:
    """TM-SHIP-1, TM-SHIP-2, TM-SHIP-4, TM-GEM-2.
    TM-EX-2 (L205): arms + textile go into Green's zone at Elkaibrand, the card becomes a
    cart (+1 capacity), Green takes 1 white gem (7 left), one action is used."""
    s = ready(4)
    s.cur = GREEN
    s.pos[GREEN] = E
    s.actions_left = 2
    order = order_id(E, {ARMS: 1, TEXTILES: 1})
    set_row(s, order_id(M, {WHEAT: 1, LIQUOR: 1}), order)
    carry(s, GREEN, {ARMS: 1, TEXTILES: 1})
    capacity = s.capacity[GREEN]
    act(s, "ship", 1)
    zone = (E * 4 + GREEN) * 4
    assert s.zone[zone : zone + 4] == [0, 1, 0, 1]
    assert s.stock[ARMS] == 8  # not returned to the stock
    assert s.cargo[GREEN * 4 : GREEN * 4 + 4] == [0, 0, 0, 0]
    assert s.taken[GREEN] == [order] and s.capacity[GREEN] == capacity + 1
    assert (s.white[GREEN], s.white_left, s.red_left) == (1, 7, 8)
    assert s.actions_left == 1 and s.row[1] == -1


def test_move_one_step_to_an_adjacent_card_TM_MOVE_1_TM_MOVE_2() -> None:
    """TM-MOVE-1: one action, one step to an adjacent card; TM-MOVE-2 / R-5: cards are
    shared freely."""
    s = ready(2, (E, E))
    assert {k[1] for k in legal(s) if k[0] == "move"} == {H, AR, P}
    assert refused(s, "move", C) == "TM-MOVE-1"
    act(s, "move", H)
    assert s.pos[0] == H and s.actions_left == 2
    act(s, "move", E)
    act(s, "move", P)
    act(s, "move", P)  # player 1's turn: both wagons share the card
    assert s.pos == [P, P]


def test_load_one_good_per_action_and_only_here_TM_LOAD_1_TM_LOAD_4() -> None:
    """TM-LOAD-1: one good onto the wagon per action; TM-LOAD-4: nothing to load, no Load."""
    s = ready(2, (E, E))
    assert not [k for k in legal(s) if k[0] == "load"]  # a distribution city, empty zones
    assert refused(s, "load", WHEAT, 1, -1) == "TM-LOAD-4"
    assert refused(s, "load", WHEAT, -1, -1) == "TM-LOAD-2"  # Elkaibrand makes nothing
    act(s, "move", H)
    act(s, "load", WHEAT, -1, -1)
    assert s.cargo[0:4] == [1, 0, 0, 0] and s.stock[WHEAT] == 6 and s.actions_left == 1
    assert refused(s, "load", ARMS, -1, -1) == "TM-LOAD-2"
    s.stock[WHEAT], s.stock[ARMS] = 0, 6  # an empty stock gives nothing
    assert refused(s, "load", WHEAT, -1, -1) == "TM-LOAD-4"
    s.stock[WHEAT], s.stock[ARMS] = 6, 7


def test_capacity_counts_carts_not_specials_TM_LOAD_5() -> None:
    """TM-LOAD-5: wagon spaces + 1 per order card; a special order adds nothing."""
    s = ready(2, (E, E))
    base = s.capacity[0]
    carry(s, 0, {WHEAT: 1, ARMS: 1, LIQUOR: 1, TEXTILES: 1})
    s.capacity[0] = base + 1  # as if holding one cart
    s.taken[0].append(order_id(E, {WHEAT: 2}))
    s.deck.remove(s.taken[0][0]) if s.taken[0][0] in s.deck else None
    s.unused[E] = 1
    act(s, "special", 0)
    assert s.capacity[0] == base + 1


def test_full_wagon_returns_a_good_as_part_of_a_load_TM_LOAD_6_R_12() -> None:
    """TM-LOAD-6, R-12: never above capacity; a full wagon may first return a good of its
    choice to the stock as part of the Load, at no extra action; not otherwise."""
    s = ready(2, (E, E))
    s.pos[0] = H
    carry(s, 0, {ARMS: 2, LIQUOR: 1})
    assert sum(s.cargo[0:4]) == s.capacity[0]
    loads = [k for k in legal(s) if k[0] == "load"]
    assert loads == [("load", WHEAT, -1, ARMS), ("load", WHEAT, -1, LIQUOR)]
    assert refused(s, "load", WHEAT, -1, -1) == "TM-LOAD-6"
    assert refused(s, "load", WHEAT, -1, TEXTILES) == "TM-LOAD-6"
    act(s, "load", WHEAT, -1, ARMS)
    assert s.cargo[0:4] == [1, 1, 1, 0] and s.stock[ARMS] == 6 and s.actions_left == 2
    s.cargo[2] = 0
    s.stock[LIQUOR] += 1
    assert refused(s, "load", WHEAT, -1, ARMS) == "TM-LOAD-6"  # not full: no return


def test_ship_needs_the_city_and_the_exact_goods_TM_SHIP_1() -> None:
    """TM-SHIP-1."""
    s = ready(2, (E, E))
    order = order_id(E, {WHEAT: 2})
    set_row(s, order)
    carry(s, 0, {WHEAT: 1})
    assert refused(s, "ship", 0) == "TM-SHIP-1"
    carry(s, 0, {WHEAT: 2})
    s.pos[0] = H
    assert refused(s, "ship", 0) == "TM-SHIP-1"
    s.pos[0] = E
    act(s, "ship", 0)
    assert s.cargo[0:4] == [1, 0, 0, 0]  # exactly the listed goods are paid


def test_special_order_goods_one_each_to_zone_rest_to_stock_TM_SHIP_3_TM_SHIP_5() -> None:
    """TM-SHIP-3: one of each kind into the zone, the rest back to the stock; TM-SHIP-5: it
    stays face up with its owner and is never replaced; TM-GEM-5: no gem."""
    s = ready(2, (M, M), beginner_wagons=True)
    s.capacity[0] = 5
    carry(s, 0, {WHEAT: 2, ARMS: 1, LIQUOR: 1, TEXTILES: 1})
    stock = s.stock[:]
    act(s, "special", 1)  # Marktheim: 2 wheat + 1 of each other kind
    zone = (M * 2 + 0) * 4
    assert s.zone[zone : zone + 4] == [1, 1, 1, 1]
    assert s.stock == [stock[0] + 1, *stock[1:]]
    assert s.specials[1] == 0 and s.taken[0] == [] and s.capacity[0] == 5
    assert s.red == [0, 0] and s.white == [0, 0]  # TM-GEM-5
    assert refused(s, "special", 1) == "TM-SHIP-5"


def test_emptied_position_stays_empty_this_turn_TM_SHIP_7() -> None:
    """TM-SHIP-7."""
    s = ready(2, (E, E))
    a, b = order_id(E, {WHEAT: 2}), order_id(E, {ARMS: 1, TEXTILES: 1})
    set_row(s, a, b)
    carry(s, 0, {WHEAT: 2})
    act(s, "ship", 0)
    assert s.row[0] == -1 and s.row[1] == b
    assert refused(s, "ship", 0) == "TM-SHIP-7"


def test_ship_then_gem_then_house_step_TM_SHIP_6() -> None:
    """TM-SHIP-6: the gem comes first, then the house step, before the next action."""
    s = ready(2, (E, E))
    a, b = order_id(P, {LIQUOR: 1, TEXTILES: 1}), order_id(P, {TEXTILES: 2})
    s.pos[0] = P
    set_row(s, a, b)
    carry(s, 0, {LIQUOR: 1, TEXTILES: 3})
    s.capacity[0] = 4
    act(s, "ship", 0)
    lines = act(s, "ship", 1)
    assert s.phase == HOUSE and lines[-1].startswith("Red takes a white gem")
    assert refused(s, "move", E) == "TM-HOUSE-7"


def test_red_gem_at_front_white_at_second_TM_GEM_1_TM_GEM_2_R_1() -> None:
    """TM-GEM-2.
    TM-GEM-1/2, R-1: the stacks belong to positions 1 and 2 and give one gem each; other
    positions none; the stacks stay when cards slide."""
    s = ready(4, (E, E, E, E))
    orders = [order_id(E, g) for g in ({WHEAT: 2}, {ARMS: 1, TEXTILES: 1})]
    orders.append(order_id(E, {WHEAT: 1, ARMS: 1, LIQUOR: 1}))
    set_row(s, orders[1], orders[2], orders[0])
    carry(s, 0, {WHEAT: 2})
    act(s, "ship", 2)
    assert (s.red[0], s.white[0], s.red_left, s.white_left) == (0, 0, 8, 8)
    carry(s, 0, {ARMS: 1, TEXTILES: 1})
    act(s, "ship", 0)
    assert (s.red[0], s.red_left) == (1, 7)


def test_red_runs_out_then_white_moves_to_the_front_TM_GEM_3_TM_GEM_4_TM_D_3() -> None:
    """TM-GEM-3, TM-GEM-4.
    TM-D-3: 8 red gems given at position 1, then the white stack is at position 1 and
    the next card taken there gives a white gem; when both are gone, no more gems."""
    s = ready(4, (E, E, E, E))
    order = order_id(E, {WHEAT: 2})
    for _ in range(8):
        set_row(s, order)
        carry(s, 0, {WHEAT: 2})
        s.actions_left = 2
        act(s, "ship", 0)
        s.stock[WHEAT] += 2
        s.zone[(E * 4) * 4] -= 2
        s.taken[0].remove(order)
        s.capacity[0] -= 1
        s.unused[E] -= 1
        s.phase = TURN
    assert (s.red[0], s.red_left, s.white_left) == (8, 0, 8)
    set_row(s, order)
    carry(s, 0, {WHEAT: 2})
    s.actions_left = 3
    act(s, "ship", 0)
    assert (s.white[0], s.white_left) == (1, 7)
    s.white_left, s.white[1] = 0, 7 + s.white_left - 1  # all white gone
    set_row(s, order_id(E, {ARMS: 1, TEXTILES: 1}))
    carry(s, 0, {ARMS: 1, TEXTILES: 1})
    s.actions_left = 2
    s.phase = TURN
    act(s, "ship", 0)
    assert (s.red[0], s.white[0]) == (8, 1)


def test_white_runs_out_first_red_stays_on_position_1_TM_GEM_4() -> None:
    """TM-GEM-4."""
    s = ready(2, (E, E))
    s.white_left, s.white[1] = 0, 8
    a, b = order_id(E, {WHEAT: 2}), order_id(E, {ARMS: 1, TEXTILES: 1})
    set_row(s, a, b)
    carry(s, 0, {ARMS: 1, TEXTILES: 1})
    act(s, "ship", 1)
    assert (s.red[0], s.white[0], s.red_left) == (0, 0, 8)


def test_two_actions_three_at_own_house_fixed_at_turn_start_TM_TURN_2_TM_TURN_3_TM_D_1() -> None:
    """TM-TURN-2, TM-TURN-3.
    TM-D-1: starting on a city with your own house gives 3 actions, also if you leave
    and come back; next turn, starting elsewhere, 2."""
    s = ready(2, (E, M))
    assert s.allowance == 3
    act(s, "move", H)
    act(s, "move", E)
    assert s.actions_left == 1 and s.allowance == 3
    act(s, "move", H)  # third action ends the turn
    assert s.cur == 1
    act(s, "end")
    assert s.cur == 0 and s.allowance == 2 and s.actions_left == 2


def test_other_players_houses_give_no_third_action_TM_TURN_3() -> None:
    """TM-TURN-3."""
    s = ready(2, (E, M))
    s.pos[0] = M
    act(s, "end")
    act(s, "move", P)  # player 1 leaves Marktheim
    act(s, "move", M)
    act(s, "end")
    assert s.cur == 0 and s.pos[0] == M and s.allowance == 2


def test_a_turn_may_end_early_TM_TURN_4_R_6() -> None:
    """TM-TURN-4, R-6: actions may be left unused."""
    s = ready(2, (E, E))
    assert ("end",) in legal(s)
    act(s, "move", H)
    lines = act(s, "end")
    assert lines[0] == "Red ends the turn" and s.cur == 1


def test_refill_after_the_actions_then_next_player_TM_TURN_5() -> None:
    """TM-TURN-5."""
    s = ready(2, (E, E))
    set_row(s, order_id(E, {WHEAT: 2}), *[o for o in s.row if o > 0][1:4])
    carry(s, 0, {WHEAT: 2})
    deck = len(s.deck)
    act(s, "ship", 0)
    assert s.row[0] == -1 and len(s.deck) == deck
    act(s, "end")
    assert -1 not in s.row and len(s.deck) == deck - 1 and s.cur == 1


def test_on_the_road_only_move_TM_VAR_5() -> None:
    """TM-VAR-5: the road card has no stock or shipping area and no order names it."""
    s = ready(2, (E, E), road=True)
    s.pos[0] = ROAD
    assert {k[0] for k in legal(s)} == {"move", "end"}
    assert refused(s, "load", WHEAT, 1, -1) == "TM-VAR-5"
    set_row(s, order_id(E, {WHEAT: 2}))
    assert refused(s, "ship", 0) == "TM-VAR-5"
    assert all(o.city != ROAD for o in [*ORDERS.values(), *SPECIALS])
