"""Industry, auxiliary actions and rubles (RR-IND, RR-AUX, RR-RUB)."""

from __future__ import annotations

from kaido.games.russian_railroads.components import BLACK, INDUSTRY_SCORE, STP, TSR
from kaido.games.russian_railroads.engine import INDUSTRY_SPOT_BIT
from kaido.games.russian_railroads.state import (
    DONE,
    F_STEPS,
    FACT,
    HAND,
    IND,
    IND2,
    RUBLES,
    TEMP,
    X2,
)
from tests.games.russian_railroads.helpers import (
    act,
    legal,
    place,
    put_factories,
    ready,
    refused,
    space,
    to_move,
    top,
)


def test_industry_one_step_rr_ex_12_rr_ind_1() -> None:
    """RR-EX-12 / RR-IND-1: 1 worker, +1 step."""
    st = ready()
    place(st, "industry_1")
    assert st.boards[0][IND] == 1 and to_move(st) == 1


def test_gaps_block_until_a_factory_fills_them_rr_ind_2() -> None:
    """RR-IND-2: from square 4 on, an empty gap stops the marker."""
    st = ready()
    b = st.boards[0]
    b[IND] = 3
    refused(st, "RR-IND-2", "place", space("industry_2"), 0, 0, 0)
    place(st, "industry_1")
    assert b[IND] == 4
    st.current = 0
    refused(st, "RR-IND-2", "place", space("industry_black"), 0, 0, 0)
    put_factories(st, 0, [6, 0, 0, 0, 0])
    place(st, "industry_2")
    assert b[IND] == 6  # over the factory tile's square and on


def test_last_square_needs_all_five_factories_rr_ind_3() -> None:
    """RR-IND-3: the end of the track lies past all 5 factory spaces."""
    st = ready()
    b = st.boards[0]
    put_factories(st, 0, [6, 6, 6, 6, 0])
    b[IND] = 12
    b[DONE] |= INDUSTRY_SPOT_BIT  # collected on the way
    refused(st, "RR-IND-2", "place", space("industry_2"), 0, 0, 0)
    put_factories(st, 0, [6, 6, 6, 6, 5])
    place(st, "industry_2")  # onto factory 5 (industry +1 at once), then onward
    assert b[IND] == 15 and INDUSTRY_SCORE[15] == 30


def test_factory_triggers_during_a_move_rr_ex_13_rr_ind_4() -> None:
    """RR-EX-13 / RR-IND-4: 2 steps, the first onto a factory tile (6: +1 ruble): the
    ability happens at once, then the second step moves beyond."""
    st = ready()
    b = st.boards[0]
    put_factories(st, 0, [6, 0, 0, 0, 0])
    b[IND] = 4
    rubles = b[RUBLES]
    narration = place(st, "industry_2")
    assert b[IND] == 6 and b[RUBLES] == rubles + 1
    used = [i for i, line in enumerate(narration) if "factory" in line]
    moved = [i for i, line in enumerate(narration) if "square 6" in line]
    assert used and moved and used[0] < moved[0]


def test_factory_ability_lost_when_not_fully_executable_rr_ind_4() -> None:
    """RR-IND-4: factory 4 (2 x2 tokens) with room for only 1 token: nothing is placed."""
    st = ready()
    b = st.boards[0]
    put_factories(st, 0, [4, 0, 0, 0, 0])
    b[IND] = 4
    b[X2] = 7
    st.x2_stock -= 7
    narration = place(st, "industry_1")
    assert b[X2] == 7 and any("cannot use a factory" in line for line in narration)


def test_three_industry_spaces_rr_ind_5() -> None:
    """RR-IND-5: top 1 worker +1; middle 2 workers +2; bottom 2 workers +1 and black +1."""
    st = ready()
    b = st.boards[0]
    hand = b[HAND]
    place(st, "industry_black")
    assert b[HAND] == hand - 2 and b[IND] == 0
    assert top(st)[0] == F_STEPS and ("industry", 0) in legal(st)
    act(st, "step", STP, BLACK)  # the steps in any order; the industry step follows
    assert b[IND] == 1 and st.boards[0][0 + STP * 5] == 2


def test_doubler_space_leftmost_and_doubled_square_rr_aux_1_rr_aux_2() -> None:
    """RR-AUX-1 / RR-AUX-2: a x2 token goes in the leftmost free space over the TSR; the
    square under it scores double."""
    from kaido.games.russian_railroads.scoring import line_score

    st = ready()
    b = st.boards[0]
    plain = line_score(b, TSR)
    place(st, "doubler")
    assert b[X2] == 1 and st.x2_stock == 19
    assert line_score(b, TSR) == plain  # square 1 is black: 0 doubled is 0


def test_two_rubles_rr_aux_3() -> None:
    # RR-AUX-3
    st = ready()
    rubles = st.boards[0][RUBLES]
    place(st, "rubles")
    assert st.boards[0][RUBLES] == rubles + 2


def test_temporary_workers_this_round_only_rr_aux_4() -> None:
    """RR-AUX-4: 2 temporary workers, usable with own workers and rubles, gone at round end."""
    st = ready()
    b = st.boards[0]
    place(st, "temp")
    assert b[TEMP] == 2
    st.current = 0
    assert ("place", space("black_3"), 1, 0, 1) in legal(st)
    place(st, "black_3", rubles=1, temp=1)
    act(st, "step", TSR, BLACK)
    act(st, "step", TSR, BLACK)
    act(st, "step", TSR, BLACK)
    assert b[TEMP] == 1
    while st.round == 1:
        act(st, "pass")
    assert st.round == 2 and b[TEMP] == 0 and st.temp_on_space == 2


def test_rubles_stand_in_for_workers_rr_rub_1() -> None:
    """RR-RUB-1 / RR-PASS-3: rubles replace workers one for one, also mixed."""
    st = ready()
    b = st.boards[0]
    b[HAND] = 0
    st.boards[0][26 + 1] += 5  # the five workers go to the stock, keeping totals
    b[RUBLES] = 2
    options = legal(st)
    assert ("place", space("black_3"), 2, 0, 0) in options
    assert ("pass",) in options


def test_ruble_requirements_never_paid_with_workers_rr_rub_2_rr_rub_4() -> None:
    """RR-RUB-2 / RR-RUB-4: hiring takes exactly 1 ruble; workers cannot pay it."""
    st = ready()
    st.boards[0][RUBLES] = 0
    refused(st, "RR-RUB-2", "place", space("hire"), 0, 0, 0)
    st.boards[0][RUBLES] = 1
    place(st, "hire")
    assert st.boards[0][RUBLES] == 0


def test_rubles_occupy_a_space_rr_rub_3() -> None:
    """RR-RUB-3: a space paid with a ruble is taken for the round."""
    st = ready()
    place(st, "industry_1", rubles=1)
    refused(st, "RR-PLAY-2", "place", space("industry_1"), 0, 0, 0)


def test_second_marker_scores_and_skips_rr_at_3_rr_score_10() -> None:
    # RR-SCORE-10
    """RR-AT-3 / R-10: two markers, both score; a marker skips the other's square."""
    from kaido.games.russian_railroads.scoring import industry_score

    st = ready()
    b = st.boards[0]
    b[IND2] = 0
    b[IND] = 2
    assert industry_score(b, st.variant) == 2
    place(st, "industry_2")
    assert ("industry", 1) in legal(st)
    act(st, "industry", 1)  # 0 -> 1
    act(st, "industry", 1)  # 1 -> 3, skipping square 2
    assert (b[IND], b[IND2]) == (2, 3)
    assert industry_score(b, st.variant) == 2 + 3
    _ = FACT
