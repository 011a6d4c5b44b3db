"""The clan variant (CE-CLAN) and worked examples EX-P, EX-Q, EX-R."""

from __future__ import annotations

from kaido.games.cargo_empire import GAME
from kaido.games.cargo_empire.board import EUROPE
from kaido.games.cargo_empire.scoring import category_scores, harbours_for
from kaido.games.cargo_empire.state import (
    ELLESTON,
    F_CARD,
    F_TINO,
    GLATT,
    KASHA,
    ROCKRIEL,
    TINO,
)
from tests.games.cargo_empire.helpers import (
    BROWN,
    GREY,
    ORANGE,
    WHITE,
    act,
    bare,
    c,
    give_tiles,
    hand,
    legal,
    payments,
    plans,
    refused,
    space_of,
)

KASHA_P, ROCK_P, GLATT_P, TINO_P = range(4)  # colours purple, red, green, blue
COLOURS = "purple,red,green,blue"


def clan_table(colours: str = COLOURS):
    st = bare(clans=True, colours=colours)
    st.emblem = [c("Oslo")] * 4  # CE-CLAN-4: emblems may share a city
    st.cubes = [0] * 4
    st.display = [c("Lisbon"), c("Madrid"), c("Athens"), c("Dublin")]
    return st


def test_clans_follow_colours_and_abilities_cost_cubes_CE_CLAN_1_2_6_8() -> None:
    """CE-CLAN-2 (AMB-26): the clan is on the colour's board; CE-CLAN-1, CE-CLAN-6: paid
    abilities cost 2 cubes, in the owner's turn only; CE-CLAN-8: every clan moves its
    emblem."""
    st = clan_table()
    assert st.clan == (KASHA, ROCKRIEL, GLATT, TINO)
    assert refused(st, "move_emblem", c("Rome")).clause == "CE-CLAN-6"
    st.cubes[0] = 2
    assert ("move_emblem", c("Rome")) in legal(st)
    assert refused(st, "rockriel").clause == "CE-CLAN-2"
    act(st, "move_emblem", c("Rome"))
    assert st.emblem[0] == c("Rome") and st.cubes[0] == 0
    st.cubes[1] = 4
    st.stack.append([F_CARD, 1])  # seat 1 decides off turn: no ability
    assert refused(st, "move_emblem", c("Riga")).clause == "CE-CLAN-6"


def test_cube_kept_and_worth_nothing_CE_CLAN_5_CE_CLAN_7() -> None:
    """CE-CLAN-5: the transporting clan player keeps the cube; CE-CLAN-7: it scores nothing."""
    st = clan_table()
    w, cph = c("Warsaw"), c("Copenhagen")
    give_tiles(st, {w: (ORANGE, ()), cph: (GREY, (ORANGE,))})
    st.dem[2 * w] = 0
    hand(st, 0, 2)
    before = category_scores(st, 0)
    act(st, "plan", w, cph, space_of(st, cph, ORANGE), ORANGE)
    act(st, "pay", 2, 0, 0, 0)
    assert st.cubes[0] == 1
    st.cubes[0] = 50
    assert category_scores(st, 0)[1:] == before[1:]


def test_ex_p_elleston_two_cards_any_distance_CE_CLAN_9_10_11() -> None:
    """EX-P (CE-CLAN-9, AMB-23): Bob (Elleston) with his emblem in Rome pays any 2 cards,
    Rome to Kiev whatever the distance; CE-CLAN-10: both cards' rewards; CE-CLAN-11."""
    st = clan_table("yellow,red,green,blue")
    rome, kiev = c("Rome"), c("Kiev")
    give_tiles(st, {rome: (ORANGE, ()), kiev: (GREY, (ORANGE,))})
    st.dem[2 * rome] = 0
    st.emblem[0] = rome
    hand(st, 0, 1, 0, 1)
    assert EUROPE.dist[rome][kiev] > 2
    act(st, "plan", rome, kiev, space_of(st, kiev, ORANGE), ORANGE)
    assert payments(st) == {(1, 0, 1, 1)}
    act(st, "pay", 1, 0, 1, 1)
    assert st.dev == [1, 0, 2] and st.dem[2 * kiev + space_of(st, kiev, ORANGE)] == 0
    st.cubes[0] = 2
    st.stack[-1:] = [[6, 0]]
    act(st, "elleston_car")
    assert st.cards[0] == 1


def test_ex_q_glatt_CE_CLAN_12_CE_CLAN_13() -> None:
    """EX-Q: Karl (Glatt) pays 2 cubes to move a white cube Dublin -> London, 2 to move
    his emblem to London, plays a locomotive: the white cube London -> Amsterdam onto
    either demand space; he keeps it (net -3 cubes). CE-CLAN-12, CE-CLAN-13."""
    st = clan_table("green,red,yellow,blue")
    dublin, london, ams = c("Dublin"), c("London"), c("Amsterdam")
    give_tiles(st, {dublin: (WHITE, ()), london: (WHITE, ()), ams: (GREY, (ORANGE, BROWN))})
    st.prod[2 * london : 2 * london + 2] = [-1, -1]
    st.dem[2 * london] = 0
    st.cubes[0] = 5
    hand(st, 0, 0, 1)
    assert (london, ams) not in plans(st)
    act(st, "glatt_move", dublin, london, WHITE)
    assert st.prod[2 * london : 2 * london + 2].count(WHITE) == 1
    assert refused(st, "glatt_move", dublin, c("Berlin"), ORANGE).clause == "CE-CLAN-13"
    act(st, "move_emblem", london)
    spaces = {k[3] for k in legal(st) if k[0] == "plan" and k[1:3] == (london, ams)}
    assert spaces == {0, 1}
    act(st, "plan", london, ams, 1, WHITE)
    act(st, "pay", 0, 1, 0, 0)
    assert st.cubes[0] == 5 - 4 + 1 and st.dem[2 * ams + 1] == 0


def test_rockriel_block_and_enhanced_locomotive_CE_CLAN_14_CE_CLAN_15() -> None:
    """CE-CLAN-14 (AMB-27): others cannot use Rockriel's emblem city; CE-CLAN-15 (AMB-22):
    an enhanced locomotive runs 1-3 routes and gives the locomotive marker 2 steps."""
    st = clan_table("red,yellow,green,blue")
    w, milan, rome = c("Warsaw"), c("Milan"), c("Rome")
    give_tiles(st, {w: (ORANGE, ()), milan: (GREY, (ORANGE,)), rome: (GREY, (ORANGE,))})
    st.dem[2 * w] = 0
    st.dem[2 * w + 1] = 1
    hand(st, 0, 0, 1)
    hand(st, 1, 5, 5, 5)
    st.emblem[0] = rome
    assert (w, milan) not in plans(st)
    st.cubes[0] = 2
    act(st, "rockriel")
    assert (w, milan) in plans(st)
    act(st, "plan", w, milan, space_of(st, milan, ORANGE), ORANGE)
    act(st, "pay", 0, 1, 0, 0)
    st2 = clan_table("red,yellow,green,blue")
    give_tiles(st2, {w: (ORANGE, ()), rome: (GREY, (ORANGE,))})
    st2.emblem[0] = rome
    st2.dem[2 * w + 1] = 1
    st2.stack = [[6, 1]]
    hand(st2, 1, 5, 5, 5)
    assert all(rome not in k[1:3] for k in legal(st2) if k[0] == "plan")
    space = space_of(st2, rome, ORANGE)
    assert refused(st2, "plan", w, rome, space, ORANGE).clause == "CE-CLAN-14"
    st2.stack = [[6, 0]]
    hand(st2, 0, 5, 5, 5)
    st2.dem[2 * w] = 0
    assert ("plan", w, rome, space, ORANGE) in legal(st2)  # not closed to Rockriel himself


def test_enhanced_reward_CE_CLAN_15() -> None:
    st = clan_table("red,yellow,green,blue")
    w, riga = c("Warsaw"), c("Riga")
    give_tiles(st, {w: (ORANGE, ()), riga: (GREY, (ORANGE,))})
    st.dem[2 * w] = 0
    hand(st, 0, 0, 1)
    st.cubes[0] = 2
    act(st, "rockriel")
    act(st, "plan", w, riga, space_of(st, riga, ORANGE), ORANGE)
    act(st, "pay", 0, 1, 0, 0)
    act(st, "row", 1)
    from kaido.games.cargo_empire.track import position

    assert position(st, 1) == 2


def test_ex_r_kasha_CE_CLAN_16_CE_CLAN_17() -> None:
    """EX-R: Eric (Kasha) pays 2 cubes for red's emblem ability (Bucharest, Rockriel's
    emblem city, becomes a legal origin), 2 for green's (any colour to Vienna), 2 to move
    his emblem to Vienna; one car moves a brown cube Bucharest -> Vienna onto either
    space; he keeps it; car marker +2 (card + emblem, AMB-20). CE-CLAN-16, CE-CLAN-17."""
    st = clan_table()
    buc, vie = c("Bucharest"), c("Vienna")
    give_tiles(st, {buc: (BROWN, ()), vie: (ORANGE, (WHITE, GREY))})
    st.emblem[ROCK_P] = buc
    st.emblem[GLATT_P] = vie
    st.tp[buc * st.n + KASHA_P] = 1
    st.cubes[KASHA_P] = 6
    hand(st, 0, 1)
    assert (buc, vie) not in plans(st)
    act(st, "kasha", ROCKRIEL)
    act(st, "kasha", GLATT)
    assert {k[3] for k in legal(st) if k[0] == "plan" and k[1:3] == (buc, vie)} == {0, 1}
    act(st, "move_emblem", vie)
    act(st, "plan", buc, vie, 0, BROWN)
    act(st, "pay", 1, 0, 0, 0)
    act(st, "row", 0)
    from kaido.games.cargo_empire.track import position

    assert position(st, 0) == 2 and st.cubes[KASHA_P] == 1


def test_tino_harbour_and_swap_CE_CLAN_18_to_21() -> None:
    """CE-CLAN-18: Tino may treat the emblem city as a harbour; CE-CLAN-19: discard a card
    for a ship; CE-CLAN-20: at the end Tino decides once for all goal cards; CE-CLAN-21:
    a Kasha never gets that harbour at scoring."""
    st = clan_table("blue,red,green,purple")
    w, cph = c("Warsaw"), c("Copenhagen")
    give_tiles(st, {w: (ORANGE, ()), cph: (GREY, (ORANGE,))})
    st.dem[2 * w] = 0
    hand(st, 0, 0, 0, 1)
    assert (w, cph) not in plans(st)
    st.emblem[0] = w
    act(st, "plan", w, cph, space_of(st, cph, ORANGE), ORANGE)
    assert payments(st) == {(0, 0, 1, 0)}
    st2 = clan_table("blue,red,green,purple")
    st2.cubes[0] = 2
    hand(st2, 0, 1)
    act(st2, "tino_swap", 0)
    assert st2.cards[0:3] == [0, 0, 1]
    st2.emblem[0] = w
    st2.tp[w * st2.n] = 1
    st2.tp[w * st2.n + 3] = 1
    assert not harbours_for(st2, 0)[w]
    st2.tino_harbour = 1
    assert harbours_for(st2, 0)[w] and not harbours_for(st2, 3)[w]


def test_tino_is_asked_at_final_scoring_CE_CLAN_20() -> None:
    from kaido.games.cargo_empire.engine import next_turn

    st = clan_table("blue,red,green,purple")
    st.emblem[0] = c("Warsaw")
    st.round, st.turn = 3, 15
    st.stack = []
    next_turn(st, None)
    assert st.stack[-1] == [F_TINO, 0]
    act(st, "tino_harbour", 1)
    assert GAME.is_over(st) and st.tino_harbour == 1


_ = ELLESTON, TINO
