"""The trading-house step (TM-HOUSE), the worked example TM-EX-3 and rulings R-3, R-4,
R-10, R-11, R-16."""

from __future__ import annotations

from kaido.games.traveling_merchants.state import HOUSE, TURN
from tests.games.traveling_merchants.helpers import (
    AR,
    ARMS,
    LIQUOR,
    TEXTILES,
    WHEAT,
    C,
    E,
    H,
    M,
    P,
    S,
    act,
    carry,
    give_taken,
    legal,
    order_id,
    ready,
    refused,
    set_row,
)

RED = 0


def _elkaibrand_ship(players: int = 2, **options: object):  # type: ignore[no-untyped-def]
    """Red at Elkaibrand, about to ship an arms + textile order there."""
    s = ready(players, (E,) * players, **options)
    s.pos[RED] = E
    set_row(s, order_id(E, {ARMS: 1, TEXTILES: 1}))
    carry(s, RED, {ARMS: 1, TEXTILES: 1})
    return s


def test_house_example_TM_EX_3_R_3_R_16_TM_HOUSE_4_TM_HOUSE_6() -> None:
    """R-3, R-16, TM-HOUSE-4, TM-HOUSE-6.
    TM-EX-3 (L225, L237): unused Elkaibrand and Heidifield cards, Red's own house on
    Heidifield. Shipping another Elkaibrand order meets ① and ②; Heidifield is not
    allowed; Red chooses ① or ② at Elkaibrand. ① leaves Heidifield unused (L237)."""
    s = _elkaibrand_ship()
    s.houses[E] = 0b10  # the starting houses are Blue's here: other houses do not block
    s.houses_left[RED] = 3
    s.houses[H] |= 1 << RED  # Red's own house on Heidifield
    give_taken(s, RED, order_id(E, {WHEAT: 2}))
    give_taken(s, RED, order_id(H, {ARMS: 1, LIQUOR: 1}))
    act(s, "ship", 0)
    assert s.phase == HOUSE
    assert legal(s) == [("pair", E), ("three", E, H, E)]
    assert refused(s, "three", H, E, E) == "TM-HOUSE-6"
    act(s, "pair", E)
    assert s.houses[E] >> RED & 1 and s.houses_left[RED] == 2
    assert s.unused[RED * 9 + E] == 0 and s.unused[RED * 9 + H] == 1 and s.used[RED] == 2
    assert s.phase == TURN


def test_condition_two_uses_three_cards_TM_HOUSE_3_TM_HOUSE_5() -> None:
    """TM-HOUSE-3: 3 unused cards, the house on the city of one of them; TM-HOUSE-5: used
    cards never count again."""
    s = _elkaibrand_ship()
    give_taken(s, RED, order_id(M, {WHEAT: 1, LIQUOR: 1}))
    give_taken(s, RED, order_id(P, {TEXTILES: 2}))
    give_taken(s, RED, order_id(S, {WHEAT: 1, ARMS: 1}), used=True)
    act(s, "ship", 0)
    options = legal(s)
    assert ("three", M, E, P) in options and ("three", P, E, M) in options
    assert all(k[0] == "three" and k[1] != E for k in options)  # Red's house is on E
    assert refused(s, "three", S, E, M) == "TM-HOUSE-3"  # the used Salzbrunn card
    assert refused(s, "pair", M) == "TM-HOUSE-2"
    act(s, "three", P, E, M)
    assert s.unused[RED * 9 : RED * 9 + 9] == [0] * 9 and s.used[RED] == 4


def test_only_after_a_ship_of_an_order_card_TM_HOUSE_1() -> None:
    """TM-HOUSE-1: the step follows a Ship; special orders do not count (R-4)."""
    s = ready(2, (E, E))
    give_taken(s, RED, order_id(M, {WHEAT: 1, LIQUOR: 1}))
    give_taken(s, RED, order_id(M, {ARMS: 2}))
    assert s.phase == TURN and refused(s, "pair", M) == "TM-HOUSE-1"
    s.pos[RED] = M
    s.capacity[RED] = 6
    carry(s, RED, {WHEAT: 2, ARMS: 1, LIQUOR: 1, TEXTILES: 1})
    act(s, "special", 1)
    assert s.phase == TURN  # a special order's Ship has no house step
    set_row(s, order_id(M, {WHEAT: 1, ARMS: 1, TEXTILES: 1}))
    carry(s, RED, {WHEAT: 1, ARMS: 1, TEXTILES: 1})
    act(s, "ship", 0)
    assert s.phase == HOUSE and ("pair", M) in legal(s)
    s2 = ready(2, (E, E))
    give_taken(s2, RED, order_id(M, {WHEAT: 1, LIQUOR: 1}))
    s2.pos[RED] = E
    s2.capacity[RED] = 6
    carry(s2, RED, {WHEAT: 1, ARMS: 1, LIQUOR: 1, TEXTILES: 1})
    act(s2, "special", 0)
    assert s2.phase == TURN and s2.unused[RED * 9 + E] == 0  # the special is not a card


def test_specials_count_for_houses_option_R_4() -> None:
    """R-4 option: a special order counts as a card of its city for houses."""
    s = ready(2, (M, M), specials_count_for_houses=True)
    give_taken(s, RED, order_id(E, {WHEAT: 2}))
    s.pos[RED] = E
    s.capacity[RED] = 6
    carry(s, RED, {WHEAT: 1, ARMS: 1, LIQUOR: 1, TEXTILES: 1})
    act(s, "special", 0)
    assert s.phase == HOUSE and legal(s) == [("pair", E)]
    act(s, "pair", E)
    assert s.used[RED] == 2


def test_pair_placement_TM_HOUSE_2() -> None:
    """TM-HOUSE-2."""
    s = _elkaibrand_ship()
    s.houses[E] = 0b10
    s.houses_left[RED] = 4
    give_taken(s, RED, order_id(E, {WHEAT: 2}))
    act(s, "ship", 0)
    assert legal(s) == [("pair", E)]
    act(s, "pair", E)
    assert s.houses[E] == 0b11


def test_placement_is_compulsory_when_possible_TM_HOUSE_7_R_11() -> None:
    """TM-HOUSE-7, R-11: a possible placement must be made (no other action is offered);
    skipped only when none is possible, also with no house left in hand."""
    s = _elkaibrand_ship()
    s.houses[E] = 0
    s.houses_left[RED] = 4
    give_taken(s, RED, order_id(E, {WHEAT: 2}))
    act(s, "ship", 0)
    assert {k[0] for k in legal(s)} == {"pair"}
    assert refused(s, "end") == "TM-HOUSE-7"
    assert refused(s, "move", H) == "TM-HOUSE-7"
    s = _elkaibrand_ship()
    give_taken(s, RED, order_id(E, {WHEAT: 2}))
    s.houses_left[RED] = 0
    for city in range(9):
        s.houses[city] |= 1 << RED if city in (E, M, P, S) else 0
    s.houses[E] = 0b11
    s.houses_left[RED] = 0
    act(s, "ship", 0)
    assert s.phase == TURN and s.unused[RED * 9 + E] == 2


def test_no_second_own_house_and_blocked_cards_still_count_for_three_R_10() -> None:
    """R-10: cards whose city holds your house still count toward ②; any 3 unused cards,
    the new one not required; one house per Ship."""
    s = _elkaibrand_ship()  # Red's starting house is on Elkaibrand
    give_taken(s, RED, order_id(E, {WHEAT: 2}))
    give_taken(s, RED, order_id(C, {ARMS: 1, LIQUOR: 1}))
    give_taken(s, RED, order_id(AR, {WHEAT: 1, TEXTILES: 1}))
    act(s, "ship", 0)
    options = legal(s)
    assert ("pair", E) not in options
    assert ("three", C, E, E) in options and ("three", AR, E, C) in options
    act(s, "three", C, E, E)
    assert s.phase == TURN and s.unused[RED * 9 + AR] == 1 and s.houses_left[RED] == 2


def test_houses_on_cities_only_TM_HOUSE_8_and_bookkeeping_TM_HOUSE_9() -> None:
    """TM-HOUSE-8: never on the road (no order names it); TM-HOUSE-9: software keeps the
    used/unused split, shown in every view."""
    from kaido.games.traveling_merchants import GAME

    s = _elkaibrand_ship(road=True)
    give_taken(s, RED, order_id(M, {WHEAT: 1, LIQUOR: 1}))
    give_taken(s, RED, order_id(M, {ARMS: 2}))
    act(s, "ship", 0)
    assert all(k[1] < 9 for k in legal(s))
    assert ("pair", 9) not in GAME.by_key  # no such action exists at all
    view = GAME.view(s, 1)
    assert view["wagons"][RED]["unused"][M] == 2 and view["wagons"][RED]["unused"][E] == 1


def test_fourth_house_triggers_the_end_TM_END_1() -> None:
    """TM-END-1 ③: all 4 houses out (the starting house included)."""
    s = _elkaibrand_ship()
    s.houses_left[RED] = 1
    give_taken(s, RED, order_id(M, {WHEAT: 1, LIQUOR: 1}))
    give_taken(s, RED, order_id(M, {ARMS: 2}))
    lines = act(s, "ship", 0)
    act(s, "pair", M)
    assert s.triggers == 4 and s.houses_left[RED] == 0
    assert lines
