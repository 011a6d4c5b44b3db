"""The rulings (AMB-n) of the rules file that sections 3.0-3.9 rely on, one test each where
no clause test already names them."""

from __future__ import annotations

from kaido.games.cargo_empire import GAME
from kaido.games.cargo_empire.engine import next_turn, settle
from kaido.games.cargo_empire.state import (
    F_CITY,
    F_EXTRA,
    F_MOVE,
    F_ORDER,
    F_ROW,
    GLATT,
    TINO,
)
from kaido.games.cargo_empire.track import position
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
from tests.games.cargo_empire.test_clans import clan_table

W, B, R, M, CPH = (c(x) for x in ("Warsaw", "Berlin", "Riga", "Milan", "Copenhagen"))
A01A = 0  # track code of tile a01 side a: upper car, city, loco, -; lower ship, loco, -, car
CAR, LOCO, SHIP = range(3)


def test_passing_a_bonus_gains_it_like_stopping_AMB_2_CE_DEV_12() -> None:
    """AMB-2: a marker gains the bonus of a space it passes as well as the one it stops on
    (a01a lower row: ship, then locomotive)."""
    st = bare()
    st.track = [A01A, 2, 4]
    st.rows[3 * 0 + CAR] = 2  # the car marker chose the lower row of tile 1
    hand(st, 0)
    st.stack.append([F_MOVE, 0, CAR, 2])
    settle(st, None)
    assert position(st, CAR) == 2
    assert st.cards[0:3] == [0, 1, 1]


def test_city_reward_is_counted_after_the_transport_steps_AMB_11_CE_DEV_3() -> None:
    """AMB-11: the city reward looks at the display when step 4.ii is reached. Berlin's card
    left the display when Berlin reached level 3 in step 3: no step for it; Warsaw's card
    in the display: 1 step."""
    st = bare()
    give_tiles(st, {B: (GREY, ())})
    wanted = st.comp.demand[st.tile[B]][1][0]
    give_tiles(st, {W: (wanted, ())})
    st.level[B] = 2
    st.prod[2 * B : 2 * B + 2] = st.comp.produce[st.tile[B]][1]
    st.dem[2 * W] = 0
    st.dem[2 * B + 1] = 1
    st.display = [B, W, c("Oslo"), c("Dublin")]
    st.deck = [d for d in st.deck if d not in (B, W)]
    hand(st, 0, 1)
    act(st, "plan", W, B, 0, wanted)
    act(st, "pay", 1, 0, 0, 0)
    act(st, "row", 1)  # the car marker's first move; a01-side rows do not matter here
    assert B not in st.display
    assert position(st, 3 * 0 + CAR) == 2  # 1 transport step + 1 city step (Warsaw only)


def test_a_card_arriving_during_the_transport_steps_counts_AMB_11() -> None:
    """AMB-11: a city bonus passed in the transport steps takes a display card; the refill
    brings Riga's card, and Riga, the destination, now gives a city step."""
    st = bare()
    give_tiles(st, {W: (ORANGE, ()), R: (GREY, (ORANGE,))})
    st.dem[2 * W] = 0
    st.track = [A01A, 2, 4]
    st.rows[3 * 0 + CAR] = 1  # upper row of tile 1: car, city, loco, -
    st.marker[3 * 0 + CAR] = 64  # on its first space
    st.display = [c("Oslo"), c("Dublin"), c("Paris"), c("Lisbon")]
    st.deck = [d for d in st.deck if d != R] + [R]  # Riga's card on top of the deck
    hand(st, 0, 1)
    act(st, "plan", W, R, space_of(st, R, ORANGE), ORANGE)
    act(st, "pay", 1, 0, 0, 0)
    assert st.stack[-1][0] == F_CITY  # the transport step entered the city bonus
    act(st, "city_card", 0)  # Oslo; Riga's card refills slot 0 (AMB-15)
    assert st.display[0] == R
    assert position(st, 3 * 0 + CAR) == 3  # then the city step for Riga


def test_transport_steps_all_come_before_city_steps_AMB_12_CE_DEV_7() -> None:
    """AMB-12: every transport step first, markers in the order the player chooses, then the
    city and full-upgrade steps one at a time."""
    st = bare()
    give_tiles(st, {W: (ORANGE, ()), CPH: (GREY, (ORANGE,))})
    st.dem[2 * W] = 0
    st.display = [W, CPH, c("Oslo"), c("Dublin")]
    hand(st, 0, 1, 0, 1)
    act(st, "plan", W, CPH, space_of(st, CPH, ORANGE), ORANGE)
    act(st, "pay", 1, 0, 1, 0)
    assert st.stack[-1][0] == F_ORDER and legal(st) == [("advance", CAR), ("advance", SHIP)]
    act(st, "advance", SHIP)
    act(st, "row", 1)
    assert st.stack[-1][0] == F_ROW and st.stack[-1][2] == CAR  # the car's transport step
    act(st, "row", 1)
    assert st.stack[-1][0] == F_EXTRA and st.dev == [0, 0, 0]
    assert (position(st, CAR), position(st, SHIP)) == (1, 2)
    act(st, "extra", CAR)
    assert st.stack[-1][0] == F_EXTRA  # the second city step is a choice of its own
    act(st, "extra", SHIP)
    assert (position(st, CAR), position(st, SHIP)) == (2, 3)


def test_unbought_abilities_do_not_make_a_transport_possible_AMB_18_CE_PAY_11() -> None:
    """AMB-18: Rockriel could reach Milan only by paying for an enhanced locomotive: he may
    take the no-transport fallback instead. An emblem ability counts: Glatt's emblem on Riga
    makes the orange cube deliverable there, so the fallback is refused."""
    st = clan_table("red,yellow,green,blue")
    give_tiles(st, {W: (ORANGE, ()), M: (GREY, (ORANGE,))})
    st.dem[2 * W] = 0
    fill_demand(st, 1, keep=((M, space_of(st, M, ORANGE)),))
    st.cubes[0] = 2
    st.emblem[0] = c("Lisbon")
    hand(st, 0, 0, 1)
    assert not plans(st)
    assert ("rockriel",) in legal(st) and ("take_three",) in legal(st)
    act(st, "take_three")
    st = clan_table("green,yellow,red,blue")
    give_tiles(st, {W: (ORANGE, ()), R: (GREY, (WHITE, BROWN))})
    st.dem[2 * W] = 0
    fill_demand(st, 1, keep=((R, 0), (R, 1)))
    st.emblem[0] = c("Lisbon")
    hand(st, 0, 1)
    assert not plans(st)
    st.emblem[0] = R  # Glatt's emblem: any colour to Riga
    assert plans(st) == {(W, R)}
    assert refused(st, "take_three").clause == "CE-PAY-11"


def test_emblem_conditions_hold_from_the_plan_on_AMB_19_CE_CLAN_6() -> None:
    """AMB-19: Elleston's emblem condition is checked when origin and destination are
    chosen; once the plan stands no ability (moving the emblem away) comes between it and
    the payment."""
    st = clan_table("yellow,red,green,blue")
    rome, kiev = c("Rome"), c("Kiev")
    give_tiles(st, {rome: (ORANGE, ()), kiev: (GREY, (ORANGE,))})
    st.dem[2 * rome] = 0
    st.emblem[0] = rome
    st.cubes[0] = 2
    hand(st, 0, 1, 0, 1)
    act(st, "plan", rome, kiev, space_of(st, kiev, ORANGE), ORANGE)
    assert refused(st, "move_emblem", c("Oslo")).clause == "CE-CLAN-6"
    assert payments(st) == {(1, 0, 1, 1)}


def test_a_gained_emblem_acts_at_its_owners_tile_AMB_21_CE_CLAN_17() -> None:
    """AMB-21: Glatt's emblem ability gained by Kasha works at Glatt's emblem city (Riga),
    not at Kasha's own (Milan)."""
    st = clan_table()  # seat 0 Kasha, seat 2 Glatt
    give_tiles(st, {W: (ORANGE, ()), R: (GREY, (WHITE, BROWN)), M: (GREY, (WHITE, BROWN))})
    st.dem[2 * W] = 0
    st.emblem[0], st.emblem[2] = M, R
    st.cubes[0] = 2
    hand(st, 0, 5, 5)
    assert (W, R) not in plans(st) and (W, M) not in plans(st)
    act(st, "kasha", GLATT)
    assert (W, R) in plans(st) and (W, M) not in plans(st)


def test_glatt_moves_a_cube_only_to_a_free_same_colour_space_AMB_24_CE_CLAN_13() -> None:
    """AMB-24: the target is an empty production space of the cube's colour on another
    level-1/2 tile; a full tile or a level-3 city are refused, the same tile is no action."""
    st = clan_table("green,red,yellow,blue")
    give_tiles(st, {W: (ORANGE, ()), R: (ORANGE, ()), M: (ORANGE, ())})
    st.cubes[0] = 10
    st.prod[2 * R] = -1
    assert refused(st, "glatt_move", W, M, ORANGE).clause == "CE-CLAN-13"  # Milan full
    st.prod[2 * M] = -1
    st.level[M], st.tile[M] = 3, -1
    assert refused(st, "glatt_move", W, M, ORANGE).clause == "CE-CLAN-13"
    targets = {k[2] for k in legal(st) if k[0] == "glatt_move" and k[1] == W}
    assert R in targets and M not in targets and W not in targets
    act(st, "glatt_move", W, R, ORANGE)
    assert st.prod[2 * R : 2 * R + 2] == [ORANGE, ORANGE] and st.prod[2 * W] == -1


def test_tinos_emblem_harbour_serves_a_kasha_who_gained_it_AMB_34_CE_CLAN_18() -> None:
    """AMB-34: Tino's emblem city is a harbour for Tino, and for a Kasha who gained Tino's
    ability this turn, for nobody else: Warsaw (no harbour) to Copenhagen by one ship."""
    st = clan_table()  # seat 0 Kasha, seat 3 Tino
    give_tiles(st, {W: (ORANGE, ()), CPH: (GREY, (ORANGE,))})
    st.dem[2 * W] = 0
    st.emblem[3] = W
    st.cubes[0] = 2
    hand(st, 0, 0, 0, 1)
    assert (W, CPH) not in plans(st)
    act(st, "kasha", TINO)
    act(st, "plan", W, CPH, space_of(st, CPH, ORANGE), ORANGE)
    assert payments(st) == {(0, 0, 1, 0)}


def test_the_last_tie_break_is_round_3s_turn_order_AMB_41_CE_END_9() -> None:
    """AMB-41: equal in everything, the player earlier in round 3's turn order wins, not
    the one earlier in round 1's."""
    st = bare(2)
    st.goals = [[], []]
    st.pcities = [[], []]
    st.round, st.turn, st.order = 3, 2 * st.turns - 1, [1, 0]
    st.stack = []
    next_turn(st, None)
    settle(st, None)
    assert GAME.is_over(st) and st.final == [(0, 0, 0, 0), (0, 0, 0, 0)]
    assert GAME.result(st).winners == (1,)
