"""The transport action: plans (CE-TURN), payments (CE-PAY) and worked examples EX-A..EX-F."""

from __future__ import annotations

from kaido.games.cargo_empire.board import EUROPE
from kaido.games.cargo_empire.engine import present
from kaido.games.cargo_empire.payments import feasible, legal_payments
from kaido.games.cargo_empire.state import F_DEV, F_PAY, F_PLAN
from tests.games.cargo_empire.helpers import (
    BROWN,
    GREY,
    ORANGE,
    WHITE,
    act,
    bare,
    c,
    fill_demand,
    give_tiles,
    hand,
    legal,
    payments,
    plans,
    refused,
    space_of,
)

W, CPH, B, R, M, ROME = (c(x) for x in ("Warsaw", "Copenhagen", "Berlin", "Riga", "Milan", "Rome"))


def ex_a():
    """EX-A's position: Ana (seat 0) in Warsaw (a demand post) and Berlin (a trading post)."""
    st = bare()
    give_tiles(
        st,
        {
            W: (ORANGE, (WHITE,)),
            B: (WHITE, ()),
            CPH: (GREY, (ORANGE,)),
            R: (BROWN, (WHITE,)),
            M: (GREY, (ORANGE,)),
        },
    )
    st.dem[2 * W + 1 - space_of(st, W, WHITE)] = 0
    st.tp[B * st.n + 0] = 1
    keep = ((CPH, space_of(st, CPH, ORANGE)), (W, space_of(st, W, WHITE)))
    keep += ((R, space_of(st, R, WHITE)), (M, space_of(st, M, ORANGE)))
    fill_demand(st, 1, keep)
    hand(st, 0, 2, 1, 1)
    return st


def test_ex_a_legal_plans_CE_TURN_5_to_9_CE_DEF_1() -> None:
    """EX-A (CE-TURN-5, 6, 7, 8; CE-DEF-1: presence by a demand post or a trading post)."""
    st = ex_a()
    assert plans(st) == {(W, CPH), (W, M), (B, W), (B, R)}
    st.dem[2 * M + space_of(st, M, ORANGE)] = 1  # EX-A's picture: Milan takes no orange
    assert plans(st) == {(W, CPH), (B, W), (B, R)}


def test_plan_refusals_name_their_clause_CE_TURN_5_to_9() -> None:
    """CE-TURN-5 (different cities), 6 (presence), 7 (cubes), 8 (colour, empty space),
    9 (level 3)."""
    st = ex_a()
    assert refused(st, "plan", W, W, 0, ORANGE).clause == "CE-TURN-5"
    assert refused(st, "plan", R, W, space_of(st, W, WHITE), BROWN).clause == "CE-TURN-6"
    ko = space_of(st, CPH, ORANGE)
    assert refused(st, "plan", W, CPH, 1 - ko, ORANGE).clause == "CE-TURN-8"
    assert refused(st, "plan", B, CPH, ko, WHITE).clause == "CE-TURN-8"
    st.prod[2 * W : 2 * W + 2] = [-1, -1]
    assert refused(st, "plan", W, CPH, ko, ORANGE).clause == "CE-TURN-7"
    st.tile[CPH], st.level[CPH] = -1, 3
    st.dem[2 * CPH : 2 * CPH + 2] = [-1, -1]
    assert refused(st, "plan", B, CPH, ko, WHITE).clause == "CE-TURN-9"
    assert all(k[2] != CPH for k in legal(st) if k[0] == "plan")


def test_ex_b_three_ways_to_copenhagen_CE_PAY_2_to_5_CE_PAY_9() -> None:
    """EX-B (CE-PAY-2 car 1 route, CE-PAY-3 locomotive 1-2, CE-PAY-4 ship harbour to
    harbour, CE-PAY-5 one leg a card, CE-PAY-9 ships optional; CE-DEF-2, CE-DEF-4)."""
    st = ex_a()
    act(st, "plan", W, CPH, space_of(st, CPH, ORANGE), ORANGE)
    assert payments(st) == {(2, 0, 0, 0), (0, 1, 0, 0), (1, 0, 1, 0)}
    assert EUROPE.dist[W][CPH] == 2 and EUROPE.dist[W][R] == 1


def test_ex_c_locomotive_routes_are_consecutive_CE_PAY_6() -> None:
    """EX-C (CE-PAY-6): locomotive to Riga, ship to Rome, its second route to Milan."""
    assert not feasible(EUROPE, W, M, (0, 1, 1), 0, -1)
    st = ex_a()
    hand(st, 0, 0, 1, 1)
    assert (W, M) not in plans(st)


def test_ex_d_no_inefficient_play_CE_PAY_7() -> None:
    """EX-D: to Copenhagen overland, two locomotives or locomotive + car are refused."""
    st = ex_a()
    hand(st, 0, 2, 2, 1)
    act(st, "plan", W, CPH, space_of(st, CPH, ORANGE), ORANGE)
    assert refused(st, "pay", 0, 2, 0, 0).clause == "CE-PAY-7"
    assert refused(st, "pay", 1, 1, 0, 0).clause == "CE-PAY-7"
    assert (0, 1, 0, 0) in payments(st)


def test_ex_e_milan_CE_PAY_7_CE_PAY_8() -> None:
    """EX-E: car+car+ship legal; car+locomotive+ship refused (car+locomotive suffice);
    car+locomotive legal; and AMB-4: two locomotives over 3 routes are legal."""
    st = ex_a()
    hand(st, 0, 2, 2, 2)
    act(st, "plan", W, M, space_of(st, M, ORANGE), ORANGE)
    found = payments(st)
    assert {(2, 0, 1, 0), (1, 1, 0, 0), (0, 2, 0, 0)} <= found
    assert refused(st, "pay", 1, 1, 1, 0).clause == "CE-PAY-7"
    assert refused(st, "pay", 0, 0, 2, 0).clause == "CE-PAY-7"  # two ships never (AMB-4)


def test_shortest_route_no_detours_CE_PAY_8_CE_PAY_10() -> None:
    """CE-PAY-8: cards for a longer path than the shortest are refused; CE-PAY-10: a path
    runs through any city, a level-3 one included."""
    london, amsterdam = c("London"), c("Amsterdam")
    assert (2, 0, 0) in legal_payments(EUROPE, london, amsterdam, (5, 5, 0), 0, -1)
    assert (3, 0, 0) not in legal_payments(EUROPE, london, amsterdam, (5, 5, 0), 0, -1)
    assert (2, 0, 0) not in legal_payments(EUROPE, ROME, M, (5, 5, 0), 0, -1)
    st = ex_a()
    st.tile[B], st.level[B] = -1, 3  # Berlin level 3: Warsaw-Berlin-Copenhagen still 2
    st.dem[2 * B : 2 * B + 2] = [-1, -1]
    act(st, "plan", W, CPH, space_of(st, CPH, ORANGE), ORANGE)
    assert (2, 0, 0, 0) in payments(st)


def test_a_single_ship_is_not_replaced_by_ship_and_cars_CE_PAY_9() -> None:
    """CE-PAY-9, AMB-4: harbour to harbour a ship alone, or land cards alone."""
    found = legal_payments(EUROPE, CPH, R, (5, 5, 1), 0, -1)
    assert (0, 0, 1) in found and (1, 1, 0) in found and (3, 0, 0) in found
    assert not any(p[2] and p[0] + p[1] for p in found)


def test_ex_f_cube_to_supply_post_on_demand_space_CE_TURN_10_CE_TURN_11() -> None:
    """EX-F (CE-TURN-10, CE-TURN-11, CE-PAY-1): car to Riga + ship to Copenhagen; the
    orange cube leaves Warsaw for the supply; Ana's post on Copenhagen's orange space."""
    st = ex_a()
    space = space_of(st, CPH, ORANGE)
    st.dem[2 * CPH + 1 - space] = -1  # no upgrade yet (that is EX-G)
    cubes_before = st.prod[2 * W : 2 * W + 2].count(ORANGE)
    act(st, "plan", W, CPH, space, ORANGE)
    assert st.stack[-1][0] == F_PAY  # CE-TURN-4: plan, then pay
    act(st, "pay", 1, 0, 1, 0)
    assert st.prod[2 * W : 2 * W + 2].count(ORANGE) == cubes_before - 1
    assert st.dem[2 * CPH + space] == 0
    assert st.cards[0:3] == [1, 1, 0]
    assert st.cubes[0] == 0 and st.left[0] == 3  # CE-TURN-3: one post a turn
    assert st.stack[-1][0] not in (F_PLAN, F_PAY, F_DEV)


def test_forced_transport_and_no_transport_fallback_CE_PAY_11_to_14() -> None:
    """CE-PAY-11: a possible transport must be made; CE-PAY-12: an unpayable plan is
    refused; CE-PAY-13, CE-PAY-14, AMB-17: without one, a post leaves the game and the
    player refills a city where present with an empty production space, or takes 3 cards."""
    st = ex_a()
    assert refused(st, "take_three").clause == "CE-PAY-11"
    hand(st, 0, 0, 0, 1)  # a ship alone cannot leave Warsaw or Berlin
    assert refused(st, "plan", W, CPH, space_of(st, CPH, ORANGE), ORANGE).clause == "CE-PAY-12"
    assert not plans(st)
    assert legal(st) == [("take_three",)]  # no empty production space yet (AMB-17)
    st.prod[2 * W] = -1
    assert legal(st) == [("refill", W), ("take_three",)]
    act(st, "refill", W)
    assert st.prod[2 * W : 2 * W + 2] == [ORANGE, ORANGE]
    assert st.left[0] == 3 and st.removed[0] == 1
    assert st.stack[-1] == [F_PLAN, 1]  # the turn ended
    st.stack[-1] = [F_PLAN, 0]
    act(st, "take_three")
    assert st.cards[0:3] == [1, 1, 2] and st.removed[0] == 2


def test_the_fallback_refills_only_a_city_where_present_CE_PAY_14() -> None:
    """CE-PAY-14 (a): the city refilled is one where the player is present. Copenhagen
    (no post of Ana's) and Warsaw (her demand post) both have an empty production space;
    only Warsaw is offered, and refilling Copenhagen is refused by the clause."""
    st = ex_a()
    hand(st, 0, 0, 0, 1)  # no transport possible (CE-PAY-13)
    st.prod[2 * W] = st.prod[2 * CPH] = -1
    assert not present(st, 0, CPH) and present(st, 0, W)
    assert legal(st) == [("refill", W), ("take_three",)]
    assert refused(st, "refill", CPH).clause == "CE-PAY-14"


def test_colour_match_and_glatt_any_space_CE_TURN_8_CE_TURN_11() -> None:
    """CE-TURN-8: without Glatt's emblem only the demand space of the cube's colour."""
    st = ex_a()
    ko = space_of(st, CPH, ORANGE)
    assert [k for k in legal(st) if k[0] == "plan" and k[2] == CPH] == [
        ("plan", W, CPH, ko, ORANGE)
    ]


def test_no_cards_means_no_transport_CE_PAY_1() -> None:
    st = ex_a()
    hand(st, 0)
    assert not plans(st)
    assert ("take_three",) in legal(st)
