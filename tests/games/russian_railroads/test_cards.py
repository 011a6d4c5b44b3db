"""Start bonus cards, advantage tokens and cards, factories (RR-SB, RR-AT, RR-AC, RR-FA)."""

from __future__ import annotations

import pytest

from kaido.games.russian_railroads import GAME, engine
from kaido.games.russian_railroads.components import BLACK, GREY, KIEV, STP, TSR
from kaido.games.russian_railroads.state import (
    BLACKW,
    ENGS,
    EXTRA,
    F_ADV_CARD,
    F_ADV_TOKEN,
    F_AGAIN,
    F_EB,
    F_START,
    FACT,
    IND,
    IND2,
    LOCO,
    MEDAL,
    OWNS_BLACK,
    REVALUED,
    RUBLES,
    TOKENS,
    VP,
    X2,
)
from tests.games.russian_railroads.helpers import (
    act,
    legal,
    mark_done,
    markers,
    own_engineer,
    place,
    put_factories,
    put_locos,
    ready,
    set_markers,
    space,
    to_move,
    top,
)


def with_start_bonus(players: int = 4):  # type: ignore[no-untyped-def]
    return GAME.setup(GAME.make_options(players=players), 5)


def test_start_bonus_reverse_order_first_player_none_rr_setup_10() -> None:
    """RR-SETUP-10 / R-11: the last position picks first, back to the 2nd; the 1st none."""
    st = with_start_bonus()
    pickers = []
    while top(st) is not None and top(st)[0] == F_START:
        pickers.append(to_move(st))
        card = next(k for k in range(1, 5) if st.start_bonus >> k & 1)
        act(st, "start_bonus", 4 if card == 1 and st.start_bonus >> 4 & 1 else card)
        if top(st) is not None and top(st)[0] != F_START:
            act(st, *legal(st)[0])
    assert pickers == [st.order[3], st.order[2], st.order[1]]
    assert bin(st.start_bonus).count("1") == 1
    st2 = with_start_bonus(2)
    assert [f[1] for f in st2.stack] == [st2.order[1]]


@pytest.mark.parametrize("card", [1, 2, 3, 4])
def test_start_bonus_cards_rr_sb(card: int) -> None:
    """RR-SB-1 black +1, RR-SB-2 industry +1, RR-SB-3 a x2 token, RR-SB-4 1 ruble."""
    st = with_start_bonus()
    seat = to_move(st)
    b = st.boards[seat]
    rubles = b[RUBLES]
    act(st, "start_bonus", card)
    if card == 1:
        act(st, "step", STP, BLACK)
        assert markers(st, seat, STP)[0] == 2  # RR-SB-1
    elif card == 2:
        assert b[IND] == 1  # RR-SB-2
    elif card == 3:
        assert b[X2] == 1  # RR-SB-3
    else:
        assert b[RUBLES] == rubles + 1  # RR-SB-4
    assert not st.start_bonus >> card & 1


def _token(st, token: int):  # type: ignore[no-untyped-def]
    st.stack.append([F_ADV_TOKEN, 0])
    act(st, "advantage", token)


def test_at_1_four_steps_new_markers_may_use_them_rr_at_1_rr_at_8() -> None:
    """RR-AT-1 / R-16: 4 steps; a marker gained on the way may use the rest; partial ok."""
    st = ready()
    _token(st, 1)
    act(st, "step", TSR, BLACK)  # TSR 2: grey gained
    act(st, "step", TSR, BLACK)
    act(st, "step", TSR, GREY)
    act(st, "step", TSR, GREY)
    assert markers(st, 0, TSR)[:2] == [3, 2] and st.boards[0][TOKENS] == 1
    st = ready()
    _token(st, 1)
    act(st, "step", KIEV, BLACK)
    act(st, "stop")  # RR-AT-8: the rest may be lost
    assert top(st) is None


def test_at_2_industry_five_rr_at_2() -> None:
    # RR-AT-2
    st = ready()
    put_factories(st, 0, [6, 0, 0, 0, 0])
    _token(st, 2)
    while top(st) is not None:  # a token may be cut short, so each step is a choice
        act(st, "industry", 0)
    assert st.boards[0][IND] == 5  # 4 steps to square 4, the 5th onto the factory


def test_at_2_partial_when_blocked_rr_at_8() -> None:
    # RR-AT-8
    st = ready()
    _token(st, 2)
    for _ in range(4):
        act(st, "industry", 0)
    assert st.boards[0][IND] == 4 and top(st) is None  # the gap stops it: the rest is lost


def test_at_3_second_industry_marker_rr_at_3() -> None:
    # RR-AT-3
    st = ready()
    _token(st, 3)
    assert st.boards[0][IND2] == 0


def test_at_4_three_doublers_partial_rr_at_4_rr_at_8() -> None:
    # RR-AT-4, RR-AT-8
    st = ready()
    st.boards[0][X2] = 6
    st.x2_stock -= 6
    _token(st, 4)
    assert st.boards[0][X2] == 8 and st.x2_stock == 12  # 2 placed, 1 lost


def test_at_5_and_at_6_rr_at_5_rr_at_6() -> None:
    # RR-AT-5, RR-AT-6
    st = ready()
    _token(st, 5)
    _token(st, 6)
    assert st.boards[0][REVALUED] and st.boards[0][MEDAL]


def test_at_7_card_then_end_bonus_rr_at_7() -> None:
    """RR-AT-7: choose an advantage card, use it, it leaves the game; then an end bonus."""
    st = ready()
    _token(st, 7)
    assert top(st)[0] == F_ADV_CARD
    act(st, "advantage_card", 2)
    assert top(st)[0] == F_EB and not st.adv_cards >> 2 & 1
    act(st, "blind")
    assert st.boards[0][VP] == 10


def test_ac_1_three_parts_and_one_again_rr_ac_1() -> None:
    # RR-AC-1
    st = ready()
    st.stack.append([F_ADV_CARD, 0])
    act(st, "advantage_card", 1)
    assert st.boards[0][X2] == 1
    act(st, "industry", 0) if top(st) and top(st)[0] != F_AGAIN else None
    while top(st) is not None and top(st)[0] != F_AGAIN:
        act(st, *legal(st)[0])
    assert top(st)[0] == F_AGAIN
    act(st, "again", 1)
    assert st.boards[0][X2] == 2 and st.boards[0][IND] == 1


def test_ac_2_engineer_one_and_a_ruble_rr_ac_2() -> None:
    """RR-AC-2: engineer #1 and 1 ruble, usable from the next turn of the same round."""
    st = ready()
    rubles = st.boards[0][RUBLES]
    st.stack.append([F_ADV_CARD, 0])
    act(st, "advantage_card", 2)
    assert st.boards[0][ENGS] == 1 << 1 and st.boards[0][RUBLES] == rubles + 1
    assert ("place", 28, 0, 0, 0) in legal(st)  # engineer 1's space, this round


def test_ac_3_factory_then_industry_two_rr_ac_3() -> None:
    # RR-AC-3
    st = ready()
    st.boards[0][IND] = 3
    st.stack.append([F_ADV_CARD, 0])
    act(st, "advantage_card", 3)
    assert st.boards[0][FACT] == 2 and st.boards[0][IND] == 5


def test_ac_4_black_worker_rr_ac_4() -> None:
    # RR-AC-4
    st = ready()
    st.stack.append([F_ADV_CARD, 0])
    act(st, "advantage_card", 4)
    b = st.boards[0]
    assert b[BLACKW] == 1 and b[OWNS_BLACK] == 1 and b[EXTRA] == 1


def test_ac_5_special_nine_rr_ac_5() -> None:
    """RR-AC-5: the special 9 goes on a line by the normal rules; bonuses at once."""
    st = ready()
    set_markers(st, 0, KIEV, 4)
    st.stack.append([F_ADV_CARD, 0])
    act(st, "advantage_card", 5)
    act(st, "loco", 3)
    assert st.boards[0][LOCO + 3] == 10
    assert GAME.view(st, 0)["players"][0]["locos"][3] == 10
    from kaido.games.russian_railroads.scoring import line_score

    assert line_score(st.boards[0], KIEV) == 1 + 2 + 3 + 4  # stars earned at once


def test_ac_only_if_fully_executable_rr_ac_6() -> None:
    """RR-AC-6 / R-20: a card that cannot be done in full is not offered; none left: none."""
    st = ready()
    put_locos(st, 0, [9, 9, 9, 9])
    st.adv_cards = 1 << 5
    st.boards[0][OWNS_BLACK] = 0
    st.stack.append([F_ADV_CARD, 0])
    engine.settle(st, None)
    assert top(st) is None  # the 9 fits nowhere: nothing taken
    assert st.adv_cards == 1 << 5


@pytest.mark.parametrize("number", range(1, 10))
def test_factory_abilities_rr_fa(number: int) -> None:
    """RR-FA-1..9: each factory's ability when the marker enters it."""
    st = ready(2)
    b = st.boards[0]
    put_factories(st, 0, [number, 0, 0, 0, 0])
    put_locos(st, 0, [4, 2, 3, 0])
    own_engineer(st, 0, 6)
    own_engineer(st, 0, 9)
    b[IND] = 4
    rubles, vp = b[RUBLES], b[VP]
    place(st, "industry_1")
    if number == 1:
        assert b[VP] == vp + 15  # RR-FA-1: engineers 6 + 9
    elif number == 2:
        assert ("take_loco",) in legal(st)  # RR-FA-2
        act(st, "take_loco")
        act(st, "loco", 3)
        assert b[LOCO + 3] == 3  # the lowest pile left (both 2s are on this board)
    elif number == 3:
        assert b[VP] == vp  # RR-FA-3: industry 1 itself was used with 1 worker
        assert top(st) is None or top(st)[0] != F_ADV_TOKEN
    elif number == 4:
        assert b[X2] == 2  # RR-FA-4
    elif number == 5:
        assert b[IND] == 6  # RR-FA-5
    elif number == 6:
        assert b[RUBLES] == rubles + 1  # RR-FA-6
    elif number == 7:
        act(st, "step", STP, BLACK)  # RR-FA-7
        act(st, "step", KIEV, BLACK)
        assert markers(st, 0, STP)[0] == 2
    elif number == 8:
        assert b[VP] == vp + 7  # RR-FA-8: 4 + 3
    else:
        assert top(st)[0] == F_EB  # RR-FA-9


def test_doublers_limited_to_twenty_rr_faq_1() -> None:
    """RR-FAQ-1 / R-7: only 20 x2 tokens; the x2 space is closed once they are gone."""
    st = ready()
    st.x2_stock = 0
    st.boards[1][X2] = 8
    st.boards[2][X2] = 8
    st.boards[3][X2] = 4
    from tests.games.russian_railroads.helpers import refused

    refused(st, "RR-FAQ-1", "place", space("doubler"), 0, 0, 0)
    mark_done(st, 0)
