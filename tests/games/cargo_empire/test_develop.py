"""Upgrades (CE-UPG) and development (CE-DEV), with worked examples EX-G..EX-L."""

from __future__ import annotations

from kaido.games.cargo_empire.board import EUROPE
from kaido.games.cargo_empire.state import BLANK, F_CITY, F_EXTRA, F_GOAL, F_ORDER, F_ROW
from kaido.games.cargo_empire.track import position, vp_of
from tests.games.cargo_empire.helpers import (
    GREY,
    ORANGE,
    WHITE,
    act,
    bare,
    c,
    give_tiles,
    hand,
    legal,
    refused,
    space_of,
)

W, CPH, B, R, AMS = (c(x) for x in ("Warsaw", "Copenhagen", "Berlin", "Riga", "Amsterdam"))
A01A = 0  # track code: tile a01, side a (fig. L)


def ana_to_copenhagen():
    """Ana (seat 0) in Warsaw, Copenhagen's orange space free, its other space David's
    (blue, seat 3), no cubes left on Copenhagen: EX-E's last move leads to EX-F..L."""
    st = bare()
    give_tiles(st, {W: (ORANGE, (WHITE,)), CPH: (GREY, (ORANGE,))})
    st.dem[2 * W + 1 - space_of(st, W, WHITE)] = 0
    st.dem[2 * CPH + 1 - space_of(st, CPH, ORANGE)] = 3
    st.prod[2 * CPH : 2 * CPH + 2] = [-1, -1]
    st.track = [A01A, 2 * 1, 2 * 2]
    st.display = [W, AMS, c("Oslo"), c("Dublin")]
    st.pcities[0] = [CPH]
    hand(st, 0, 1, 0, 1)
    act(st, "plan", W, CPH, space_of(st, CPH, ORANGE), ORANGE)
    act(st, "pay", 1, 0, 1, 0)
    return st


def test_ex_g_and_ex_k_full_upgrade_to_level_2_CE_UPG_1_to_4() -> None:
    """EX-G (CE-UPG-1, CE-UPG-3, CE-UPG-4; CE-TURN-12): both posts move to the trading-post
    spaces, the tile flips, 2 cubes refill it; EX-K (CE-UPG-2): it had no cubes: full."""
    st = ana_to_copenhagen()
    assert st.level[CPH] == 2
    assert st.dem[2 * CPH : 2 * CPH + 2] == [-1, -1]
    assert st.tp[CPH * st.n + 0] == 1 and st.tp[CPH * st.n + 3] == 1
    assert st.prod[2 * CPH : 2 * CPH + 2] == list(EUROPE.produce[st.tile[CPH]][1])
    assert st.plan[4] == 1


def test_one_cube_left_is_no_full_upgrade_CE_UPG_2() -> None:
    """CE-UPG-2: an upgrade is full only when no cube at all is left on the tile."""
    st = bare()
    give_tiles(st, {W: (ORANGE, ()), CPH: (GREY, (ORANGE,))})
    st.dem[2 * W] = 0
    st.dem[2 * CPH + 1 - space_of(st, CPH, ORANGE)] = 3
    st.prod[2 * CPH] = -1  # one of Copenhagen's two cubes is gone
    hand(st, 0, 0, 1)
    act(st, "plan", W, CPH, space_of(st, CPH, ORANGE), ORANGE)
    act(st, "pay", 0, 1, 0, 0)
    assert st.level[CPH] == 2 and st.plan[4] == 0


def test_ex_i_to_ex_l_development_CE_DEV_1_to_15() -> None:
    """EX-I (CE-DEV-2, CE-DEV-8): car 1 step (lower row), ship 2 (upper row); EX-J
    (CE-DEV-3): Warsaw's card in the display and Ana's own Copenhagen card, 2 city steps;
    EX-K (CE-DEV-4..6): +1 full upgrade, the 3 steps to car or ship only, ship 1, car 2;
    EX-L (CE-DEV-12..15): 1 car, 2 locomotive, 1 ship card and Amsterdam from the display.
    Clauses: CE-DEV-1, CE-DEV-6, CE-DEV-13, CE-DEV-14, CE-DEV-15."""
    st = ana_to_copenhagen()
    assert st.stack[-1][0] == F_ORDER  # CE-DEV-7: the player orders the markers
    assert legal(st) == [("advance", 0), ("advance", 2)]
    act(st, "advance", 0)
    assert st.stack[-1][0] == F_ROW  # CE-DEV-8: first move, choose the row
    act(st, "row", 1)
    assert st.cards[0:3] == [0, 0, 1]  # passed the lower row's ship bonus
    act(st, "row", 0)  # the ship marker's first move: the upper row
    assert st.stack[-1][0] == F_CITY and st.cards[0:3] == [1, 0, 1]
    deck_top = st.deck[-1]
    act(st, "city_card", 1)  # Amsterdam
    assert st.pcities[0] == [CPH, AMS] and st.display[1] == deck_top  # CE-DEF-8: same slot
    assert st.stack[-1][0] == F_EXTRA and st.stack[-2][3] == 3  # 2 city + 1 full upgrade
    assert legal(st) == [("extra", 0), ("extra", 2)]  # CE-DEV-5: no locomotive
    assert refused(st, "extra", 1).clause == "CE-DEV-5"
    act(st, "extra", 2)
    act(st, "extra", 0)
    act(st, "extra", 0)
    assert st.cards[0:3] == [1, 2, 1]
    assert [position(st, t) for t in range(3)] == [3, 0, 3]
    assert st.stack[-1] == [9 - 3, 1]  # the turn passed to seat 1 (F_PLAN)


def test_one_marker_takes_every_extra_step_CE_DEV_5_CE_DEV_6() -> None:
    """CE-DEV-5: with one card type played the city and full-upgrade steps all go to it."""
    st = bare()
    give_tiles(st, {W: (ORANGE, (WHITE,)), R: (GREY, (ORANGE,))})
    st.dem[2 * W] = 0
    st.display = [W, R, c("Oslo"), c("Dublin")]
    st.track = [2 * 1, 2 * 2, 2 * 3]
    st.rows[0] = 2  # car marker: lower row chosen on tile 1 (cards only)
    hand(st, 0, 1, 0, 0)
    act(st, "plan", W, R, space_of(st, R, ORANGE), ORANGE)
    act(st, "pay", 1, 0, 0, 0)
    assert position(st, 0) == 3 and position(st, 1) == position(st, 2) == 0


def test_ex_h_level_3_and_the_city_card_CE_UPG_5_CE_UPG_6() -> None:
    """EX-H (CE-UPG-5, CE-UPG-6, CE-DEF-3): Berlin level 2 fills: posts to its
    trading-post spaces, cubes to the supply, the tile leaves; its card goes from the
    display under the deck (below the blanks) and the display refills in the same slot."""
    st = bare()
    give_tiles(st, {B: (GREY, ())})
    wanted = EUROPE.demand[st.tile[B]][1][0]
    give_tiles(st, {W: (wanted, ())})
    st.level[B] = 2
    st.prod[2 * B : 2 * B + 2] = EUROPE.produce[st.tile[B]][1]
    st.dem[2 * W] = 0
    st.dem[2 * B + 1] = 1  # Bob's post
    st.display = [B, AMS, c("Oslo"), c("Dublin")]
    top = st.deck[-1]
    hand(st, 0, 1, 0, 0)
    act(st, "plan", W, B, 0, wanted)
    act(st, "pay", 1, 0, 0, 0)
    assert st.level[B] == 3 and st.tile[B] < 0
    assert st.prod[2 * B : 2 * B + 2] == [-1, -1] and st.dem[2 * B : 2 * B + 2] == [-1, -1]
    assert st.tp[B * st.n] == 1 and st.tp[B * st.n + 1] == 1
    assert st.bottom == [B] and st.display[0] == top
    assert st.plan[4] == 0  # cubes were left: no full upgrade


def test_level_3_cards_in_deck_and_owned_CE_UPG_7_CE_UPG_8_CE_DEV_16() -> None:
    """CE-UPG-7, CE-DEV-16: a level-3 city's card revealed later goes under the deck and
    the next is revealed; CE-UPG-8 (AMB-3): an owned one stays its owner's (5 VP)."""
    st = bare()
    st.level[B], st.tile[B] = 3, -1
    st.prod[2 * B : 2 * B + 2] = [-1, -1]
    st.deck.remove(B) if B in st.deck else None
    st.deck.append(B)
    nxt = st.deck[-2]
    st.stack.append([F_CITY, 0])
    act(st, "city_card", 0)
    assert st.display[0] == nxt and st.bottom[-1] == B
    st.pcities[1].append(R)
    st.level[R], st.tile[R] = 3, -1
    assert R in st.pcities[1]


def test_blanks_and_an_exhausted_deck_CE_DEV_17() -> None:
    """CE-DEV-17, AMB-43: blanks come up after the ordinary cards, then the cards under
    them; an empty deck, or one of level-3 cards only, yields a blank."""
    st = bare()
    st.deck = []
    st.blanks = 1
    st.bottom = [R, B]
    st.level[B], st.tile[B] = 3, -1
    for expected in (BLANK, R, BLANK, BLANK):
        st.stack.append([F_CITY, 0])
        act(st, "city_card", 0)
        assert st.display[0] == expected
    assert st.bottom == [B]


def test_goal_bonus_and_empty_goal_deck_CE_DEV_18_CE_DEV_19() -> None:
    """CE-DEV-18: draw 2, keep 1 secretly, the other under the goal deck; AMB-14: with 1
    left take it; CE-DEV-19: none, nothing."""
    from kaido.games.cargo_empire.engine import draw_goals

    st = bare()
    size = len(st.goal_deck)
    draw_goals(st, 0, None)
    assert st.stack[-1][0] == F_GOAL
    first, second = st.stack[-1][2:4]
    held = len(st.goals[0])
    act(st, "keep_goal", min(first, second))
    assert st.goals[0][-1] == min(first, second) and len(st.goals[0]) == held + 1
    assert st.goal_deck[0] == max(first, second) and st.goal_from[0] == 0
    assert len(st.goal_deck) == size - 1
    st.goal_deck, st.goal_from = [7], [-1]
    draw_goals(st, 0, None)
    assert st.goals[0][-1] == 7 and not st.goal_deck
    draw_goals(st, 0, None)
    assert len(st.goals[0]) == held + 2


def test_intermediate_space_and_row_rules_CE_DEV_9_to_11() -> None:
    """EX-H2 (CE-DEV-10): 3 steps enter the intermediate space, then the next tile's upper
    row; CE-DEV-9: a row kept within a tile; CE-DEV-11, AMB-13: after tile 3 the VP zone
    (bottom 2 VP), steps beyond its top are lost."""
    from kaido.games.cargo_empire.engine import settle

    st = bare()
    st.track = [2 * 1, 2 * 2, 2 * 3]
    st.rows[0] = 2  # car: lower row of tile 1
    st.marker[0] = 64 + 2  # tile 1, lower row, third space
    st.stack.append([11, 0, 0, 3])  # F_MOVE: 3 steps
    settle(st, None)
    assert st.marker[0] == 2 * 64 and st.stack[-1][0] == F_ROW  # intermediate, row asked
    act(st, "row", 0)
    assert st.marker[0] == 3 * 64 and st.rows[0] >> 2 & 3 == 1
    st.marker[0] = 5 * 64 + 3  # tile 3, last space
    st.rows[0] |= 1 << 4
    st.stack.append([11, 0, 0, 1])
    settle(st, None)
    assert st.marker[0] == 6 * 64 and vp_of(st, 0) == 2
    st.marker[0] = 6 * 64 + len(EUROPE.vp_zone) - 1
    st.stack.append([11, 0, 0, 5])
    settle(st, None)
    assert vp_of(st, 0) == EUROPE.vp_zone[-1]
