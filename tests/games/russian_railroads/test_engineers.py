"""Engineers (RR-ENG, RR-EN-1..15) and repeats (RR-FAQ-2..5)."""

from __future__ import annotations

import pytest

from kaido.games.russian_railroads import GAME
from kaido.games.russian_railroads.components import BLACK, BROWN, GREY, KIEV, STP, TSR
from kaido.games.russian_railroads.state import (
    BLACKW,
    ENGS,
    EXTRA,
    F_REPEAT,
    F_STEPS,
    FACT,
    IND,
    OWNS_BLACK,
    RUBLES,
    VP,
    X2,
)
from tests.games.russian_railroads.helpers import (
    act,
    eng,
    legal,
    mark_done,
    markers,
    own_engineer,
    place,
    public_engineer,
    put_factories,
    put_locos,
    ready,
    refused,
    set_markers,
    space,
    to_move,
    top,
)


def test_hire_the_rightmost_engineer_once_per_round_rr_eng_1_rr_eng_2() -> None:
    """RR-ENG-1 / RR-ENG-2: 1 ruble on the hire space takes the rightmost tile; one hire
    per round for the whole table."""
    st = ready()
    hired = st.strip[-1]
    place(st, "hire")
    assert st.boards[0][ENGS] == 1 << hired and st.strip[-1] == 0
    refused(st, "RR-PLAY-2", "place", space("hire"), 0, 0, 0)


def test_owned_engineer_private_once_per_round_rr_eng_3() -> None:
    """RR-ENG-3: an owned engineer is its owner's space, used once per round (R-13)."""
    st = ready()
    own_engineer(st, 1, 14)
    refused(st, "RR-ENG-3", "place", eng(14), 0, 0, 0)
    st.current = 1
    act(st, "place", eng(14), 0, 0, 0)
    act(st, "step", TSR, BLACK)
    act(st, "step", TSR, BLACK)
    st.current = 1
    refused(st, "RR-ENG-3", "place", eng(14), 0, 0, 0)


def test_owned_engineer_partial_and_any_order_rr_eng_4() -> None:
    """RR-ENG-4: an owned engineer may be used though not fully executable, and its
    owner may leave out parts; steps in any order."""
    st = ready()
    own_engineer(st, 0, 13)  # grey +1, brown +1: no grey or brown gained yet
    act(st, "place", eng(13), 0, 0, 0)
    assert to_move(st) == 1  # used, nothing could be done
    st = ready()
    own_engineer(st, 0, 14)
    act(st, "place", eng(14), 0, 0, 0)
    assert ("stop",) in legal(st)
    act(st, "step", KIEV, BLACK)
    act(st, "stop")
    assert markers(st, 0, KIEV)[0] == 2 and to_move(st) == 1


def test_public_engineer_example_rr_ex_14_rr_eng_5() -> None:
    """RR-EX-14 / RR-ENG-5: Red uses the left public engineer #4 with 1 worker: a x2
    token in the leftmost space and 3 VP. With no token placeable the space cannot be
    chosen (R-7, R-13); the guide's literal reading (option on) lets it give the 3 VP."""
    st = ready()
    public_engineer(st, 4, 4)
    b = st.boards[0]
    vp = b[VP]
    place(st, "engineer_left")
    assert b[X2] == 1 and b[VP] == vp + 3
    st = ready()
    public_engineer(st, 4, 4)
    st.boards[0][X2] = 8
    st.x2_stock -= 8
    refused(st, "RR-ENG-5", "place", space("engineer_left"), 0, 0, 0)
    st = ready(public_engineers_partial=True)
    public_engineer(st, 4, 4)
    st.boards[0][X2] = 8
    st.x2_stock -= 8
    place(st, "engineer_left")
    assert st.boards[0][X2] == 8 and st.boards[0][VP] == 3


def test_public_engineers_fully_executable_by_default_rr_eng_5_rr_play_4() -> None:
    """RR-ENG-5 / RR-PLAY-4 / R-13 / R-17 by default (the designers' clarification): 2
    players, set-up seed 1, the left public engineer is #8 (repeat). Seat 0 has placed
    only "industry 2" (two workers, not repeatable), so #8 has nothing to repeat and is
    refused, the state unchanged."""
    st = GAME.setup(GAME.make_options(players=2), 1)
    assert st.strip[4] == 8 and not st.options["public_engineers_partial"]
    act(st, "start_bonus", 4)  # seat 1, the second player
    place(st, "industry_2")  # seat 0
    act(st, "pass")  # seat 1
    assert to_move(st) == 0
    assert all(key[:2] != ("place", space("engineer_left")) for key in legal(st))
    refused(st, "RR-ENG-5", "place", space("engineer_left"), 0, 0, 0)


def test_vertical_engineers_neither_used_nor_hired_rr_eng_6() -> None:
    """RR-ENG-6: only the public and hire positions offer anything."""
    st = ready()
    offered = {key[1] for key in legal(st) if key[0] == "place"}
    assert all(e not in offered for e in (eng(st.strip[0]), eng(st.strip[1])))


def _use(st, number, *steps):  # type: ignore[no-untyped-def]
    own_engineer(st, 0, number)
    act(st, "place", eng(number), 0, 0, 0)
    for step in steps:
        if top(st) is not None and to_move(st) == 0:
            act(st, *step)


def test_en_1_any_two_steps_rr_en_1() -> None:
    # RR-EN-1
    st = ready()
    _use(st, 1, ("step", STP, BLACK), ("step", KIEV, BLACK))
    assert markers(st, 0, STP)[0] == 2 and markers(st, 0, KIEV)[0] == 2


def test_en_2_industry_and_vp_rr_en_2() -> None:
    # RR-EN-2
    st = ready()
    vp = st.boards[0][VP]
    _use(st, 2, ("industry", 0))
    assert st.boards[0][IND] == 1 and st.boards[0][VP] == vp + 3


def test_en_3_black_and_grey_rr_en_3() -> None:
    # RR-EN-3
    st = ready()
    set_markers(st, 0, TSR, 2)
    mark_done(st, 0)
    _use(st, 3, ("step", TSR, BLACK), ("step", TSR, GREY))
    assert markers(st, 0, TSR)[:2] == [3, 1]


def test_en_4_doubler_and_vp_rr_en_4() -> None:
    # RR-EN-4
    st = ready()
    _use(st, 4)
    assert st.boards[0][X2] == 1 and st.boards[0][VP] == 3


def test_en_5_any_and_vp_rr_en_5() -> None:
    # RR-EN-5
    st = ready()
    _use(st, 5, ("step", KIEV, BLACK))
    assert markers(st, 0, KIEV)[0] == 2 and st.boards[0][VP] == 3


def test_en_6_grey_and_vp_rr_en_6() -> None:
    # RR-EN-6
    st = ready()
    set_markers(st, 0, TSR, 3)
    mark_done(st, 0)
    _use(st, 6, ("step", TSR, GREY))
    assert markers(st, 0, TSR)[GREY] == 1 and st.boards[0][VP] == 5


def test_en_7_black_and_vp_rr_en_7() -> None:
    # RR-EN-7
    st = ready()
    _use(st, 7, ("step", KIEV, BLACK))
    assert markers(st, 0, KIEV)[0] == 2 and st.boards[0][VP] == 3


def test_en_8_repeat_owned_may_be_partial_rr_en_8() -> None:
    """RR-EN-8 / R-15: repeat a space used this round with exactly 1 worker or ruble."""
    st = ready()
    own_engineer(st, 0, 8)
    place(st, "rubles")
    st.current = 0
    rubles = st.boards[0][RUBLES]
    act(st, "place", eng(8), 0, 0, 0)
    assert legal(st) == [("repeat", space("rubles"))] or st.boards[0][RUBLES] == rubles + 2
    assert st.boards[0][RUBLES] == rubles + 2


def test_en_9_industry_two_rr_en_9() -> None:
    # RR-EN-9
    st = ready()
    _use(st, 9, ("industry", 0), ("industry", 0))
    assert st.boards[0][IND] == 2


def test_en_10_industry_and_black_rr_en_10() -> None:
    # RR-EN-10
    st = ready()
    _use(st, 10, ("industry", 0), ("step", STP, BLACK))
    assert st.boards[0][IND] == 1 and markers(st, 0, STP)[0] == 2


def test_en_11_any_and_black_rr_en_11() -> None:
    # RR-EN-11
    st = ready()
    _use(st, 11, ("step", STP, BLACK), ("step", KIEV, BLACK))
    assert markers(st, 0, STP)[0] == 2 and markers(st, 0, KIEV)[0] == 2


def test_en_12_loco_or_factory_rr_en_12() -> None:
    # RR-EN-12
    st = ready()
    _use(st, 12, ("take_factory",))
    assert st.boards[0][FACT] == 2


def test_en_13_grey_and_brown_rr_en_13() -> None:
    # RR-EN-13
    st = ready()
    set_markers(st, 0, TSR, 7, 3)
    mark_done(st, 0)
    _use(st, 13, ("step", TSR, GREY), ("step", TSR, BROWN))
    assert markers(st, 0, TSR)[:3] == [7, 4, 1]


def test_en_14_black_two_rr_en_14() -> None:
    # RR-EN-14
    st = ready()
    _use(st, 14, ("step", KIEV, BLACK), ("step", KIEV, BLACK))
    assert markers(st, 0, KIEV)[0] == 3


def test_en_15_brown_and_vp_rr_en_15() -> None:
    # RR-EN-15
    st = ready()
    set_markers(st, 0, TSR, 7, 3)
    mark_done(st, 0)
    _use(st, 15, ("step", TSR, BROWN))
    assert markers(st, 0, TSR)[BROWN] == 1 and st.boards[0][VP] == 5


def _give_black_worker(st, seat):  # type: ignore[no-untyped-def]
    b = st.boards[seat]
    st.adv_cards &= ~(1 << 4)
    b[BLACKW] = b[OWNS_BLACK] = 1
    b[EXTRA] += 1


def test_black_worker_repeat_example_rr_ex_24_rr_faq_5() -> None:
    """RR-EX-24 / RR-FAQ-5: the black worker on engineer #1 moves brown 2 (no bonus);
    factory 3 later repeats it: black +1 and grey +1, and the bonus makes black +2."""
    st = ready()
    _give_black_worker(st, 0)
    own_engineer(st, 0, 1)
    set_markers(st, 0, TSR, 8, 6, 3)
    mark_done(st, 0)
    put_factories(st, 0, [3, 0, 0, 0, 0])
    st.boards[0][IND] = 4
    act(st, "place", eng(1), 0, 1, 0)
    act(st, "step", TSR, BROWN)
    act(st, "step", TSR, BROWN)
    assert markers(st, 0, TSR)[:3] == [8, 6, 5]
    st.current = 0
    place(st, "industry_1")  # onto factory 3: repeat a 1-worker space
    assert top(st)[0] == F_REPEAT
    assert set(legal(st)) == {("repeat", eng(1)), ("repeat", space("industry_1"))}
    act(st, "repeat", eng(1))
    act(st, "step", TSR, BLACK)
    assert top(st)[0] == F_STEPS  # the black worker's extra step is now due
    act(st, "step", TSR, BLACK)
    act(st, "step", TSR, GREY)
    assert markers(st, 0, TSR)[:3] == [10, 7, 5]


def test_black_worker_on_worker_and_ruble_space_rr_faq_5_rr_ac_4() -> None:
    """RR-FAQ-5 / RR-AC-4: on the worker + ruble space, choosing black adds a black step."""
    st = ready()
    _give_black_worker(st, 0)
    place(st, "any_2", black=1)
    act(st, "step", KIEV, BLACK)
    act(st, "step", KIEV, BLACK)
    act(st, "step", KIEV, BLACK)
    assert markers(st, 0, KIEV)[0] == 4 and to_move(st) == 1


def test_repeat_only_single_worker_or_ruble_rr_faq_2() -> None:
    """RR-FAQ-2: 2 workers, or a worker and a ruble, cannot be repeated."""
    st = ready()
    own_engineer(st, 0, 8)
    place(st, "industry_2")
    act(st, "industry", 0) if top(st) else None
    st.current = 0
    place(st, "any_2")
    act(st, "step", STP, BLACK)
    act(st, "step", KIEV, BLACK)
    st.current = 0
    act(st, "place", eng(8), 0, 0, 0)
    assert top(st) is None or legal(st) == []  # nothing to repeat: lost


def test_repeat_any_marker_space_with_other_colours_rr_faq_3() -> None:
    """RR-FAQ-3: repeating an 'any marker' engineer may move other colours and lines."""
    st = ready()
    own_engineer(st, 0, 8)
    public_engineer(st, 4, 5)  # any marker +1, +3 VP
    set_markers(st, 0, TSR, 3)
    mark_done(st, 0)
    place(st, "engineer_left")
    act(st, "step", KIEV, BLACK)
    st.current = 0
    act(st, "place", eng(8), 0, 0, 0)
    act(st, "step", TSR, GREY)
    assert markers(st, 0, TSR)[GREY] == 1 and markers(st, 0, KIEV)[0] == 2


def test_temp_worker_space_cannot_be_repeated_rr_faq_4() -> None:
    # RR-FAQ-4
    st = ready()
    own_engineer(st, 0, 8)
    place(st, "temp")
    st.current = 0
    act(st, "place", eng(8), 0, 0, 0)
    assert st.boards[0][VP] == 0 and to_move(st) == 1


def test_public_repeat_needs_a_full_target_rr_faq_6_rr_play_4() -> None:
    """RR-FAQ-6 / RR-PLAY-4: a public engineer #8 needs a fully executable repeat."""
    st = ready()
    public_engineer(st, 4, 8)
    refused(st, "RR-ENG-5", "place", space("engineer_left"), 0, 0, 0)


@pytest.mark.parametrize("number", [3, 11, 13])
def test_public_mixed_engineers_checked_as_a_whole_rr_eng_5(number: int) -> None:
    """RR-ENG-5 / R-13: a public engineer with two parts needs both parts possible."""
    st = ready()
    public_engineer(st, 4, number)
    put_locos(st, 0, [1, 0, 0, 0])
    if number == 13:  # no grey or brown gained: impossible as a whole
        refused(st, "RR-ENG-5", "place", space("engineer_left"), 0, 0, 0)
        return
    # #3: black first (reaching TSR 2 gains grey), then grey: possible in that order only.
    place(st, "engineer_left")
    if number == 3:  # the only complete way was found and carried out at once
        assert markers(st, 0, TSR)[:2] == [2, 1] and to_move(st) == 1
    else:
        assert to_move(st) == 0
