"""Track extension, markers and board bonuses (RR-TRACK, RR-MARK, RR-BONUS)."""

from __future__ import annotations

from kaido.games.russian_railroads.components import (
    BLACK,
    BROWN,
    GREY,
    KIEV,
    SPECIAL_BY_KEY,
    STP,
    TSR,
    VANILLA,
    WHITE,
)
from kaido.games.russian_railroads.state import (
    DONE,
    EXTRA,
    F_ADV_TOKEN,
    F_STEPS,
    HAND,
    LOCO,
    POS,
    STOCKW,
    TOKENS,
    VP,
)
from tests.games.russian_railroads.helpers import (
    act,
    legal,
    mark_done,
    markers,
    place,
    ready,
    refused,
    set_markers,
    space,
    take_out,
    to_move,
    top,
)


def test_split_black_steps_between_lines_rr_ex_1_rr_track_1_rr_track_2() -> None:
    """RR-EX-1 / RR-TRACK-1 / RR-TRACK-2: 2 workers on '3 black': all on the TSR, or split."""
    st = ready()
    place(st, "black_3")
    assert top(st)[0] == F_STEPS and to_move(st) == 0
    options = legal(st)
    assert ("step", TSR, BLACK) in options and ("step", STP, BLACK) in options
    act(st, "step", TSR, BLACK)
    act(st, "step", TSR, BLACK)
    act(st, "step", STP, BLACK)
    assert markers(st, 0, TSR)[0] == 3 and markers(st, 0, STP)[0] == 2
    assert to_move(st) == 1  # the action is done; the turn passed on


def test_all_three_on_the_tsr_rr_ex_1() -> None:
    # RR-EX-1
    st = ready()
    place(st, "black_3")
    for _ in range(3):
        act(st, "step", TSR, BLACK)
    assert markers(st, 0, TSR)[0] == 4


def test_grey_gained_at_tsr_two_rr_ex_2_rr_mark_1() -> None:
    """RR-EX-2 / RR-MARK-1: black reaching TSR 2 gains grey markers at once."""
    st = ready()
    b = st.boards[0]
    place(st, "black_2")
    assert ("step", TSR, GREY) not in legal(st)
    act(st, "step", TSR, BLACK)
    assert b[DONE] >> SPECIAL_BY_KEY["unlock_grey"].index & 1
    # the gained grey marker may not use black steps, but grey spaces now work.
    act(st, "step", TSR, BLACK)
    st.current = 0
    place(st, "grey_2")
    assert markers(st, 0, TSR)[:2] == [3, 2]


def test_first_step_enters_square_one_rr_ex_3_rr_track_3_rr_track_11() -> None:
    """RR-EX-3 / RR-TRACK-3 / RR-TRACK-11: a fresh grey marker enters square 1 first, and
    only once the line's black marker has left square 1."""
    st = ready()
    set_markers(st, 0, TSR, 3)
    set_markers(st, 0, STP, 1)
    set_markers(st, 0, KIEV, 3)
    mark_done(st, 0)
    place(st, "grey_2")
    # StP black is still on square 1: grey cannot enter there (RR-TRACK-11).
    assert ("step", STP, GREY) not in legal(st)
    refused(st, "RR-TRACK-11", "step", STP, GREY)
    act(st, "step", TSR, GREY)
    assert markers(st, 0, TSR)[:2] == [3, 1]
    act(st, "step", TSR, GREY)
    assert markers(st, 0, TSR)[:2] == [3, 2]


def test_worker_and_ruble_space_any_colours_rr_ex_4_rr_track_8() -> None:
    """RR-EX-4 / RR-TRACK-8: 1 worker + 1 ruble, black +1 then grey +1."""
    st = ready()
    set_markers(st, 0, TSR, 2)
    mark_done(st, 0)
    b = st.boards[0]
    rubles = b[9 + 21]  # RUBLES offset is 30
    place(st, "any_2")
    assert b[30] == rubles - 1
    act(st, "step", TSR, BLACK)
    act(st, "step", TSR, GREY)
    assert markers(st, 0, TSR)[:2] == [3, 1]


def test_worker_and_ruble_space_ruble_for_worker_not_reverse_rr_track_8_rr_rub_2() -> None:
    """RR-TRACK-8: the worker may be a ruble (2 rubles), never the ruble a worker."""
    st = ready()
    st.boards[0][30] = 2
    assert ("place", space("any_2"), 1, 0, 0) in legal(st)
    st.boards[0][30] = 0
    refused(st, "RR-RUB-2", "place", space("any_2"), 0, 0, 0)


def test_multi_use_space_rr_ex_5_rr_track_9() -> None:
    """RR-EX-5 / RR-TRACK-9: the lowest space takes anyone's workers any number of times."""
    st = ready()
    place(st, "multi")
    act(st, "step", TSR, BLACK) if top(st) else None
    assert to_move(st) == 1
    assert ("place", space("multi"), 0, 0, 0) in legal(st)
    place(st, "multi")
    assert to_move(st) == 1 and top(st)[0] == F_STEPS
    act(st, "step", KIEV, BLACK)
    assert markers(st, 1, KIEV)[0] == 2


def test_colour_order_and_no_overtaking_rr_track_4_rr_track_5_rr_track_6() -> None:
    # RR-TRACK-5, RR-TRACK-6
    """RR-TRACK-4..6: black ahead of grey; a marker never reaches the one ahead."""
    st = ready()
    set_markers(st, 0, TSR, 6, 5)
    mark_done(st, 0)
    # TSR grey is right behind black: it cannot move; StP/Kiev grey cannot enter.
    refused(st, "RR-PLAY-4", "place", space("grey_2"), 0, 0, 0)
    set_markers(st, 0, TSR, 6, 3)
    place(st, "grey_2")
    assert markers(st, 0, TSR)[:2] == [6, 5]  # the only way: up to just behind black
    st2 = ready()
    set_markers(st2, 0, TSR, 6, 4)
    mark_done(st2, 0)
    refused(st2, "RR-PLAY-4", "place", space("grey_3"), 0, 0, 0)


def test_line_colours_rr_track_7() -> None:
    """RR-TRACK-7: Kiev takes black, grey and brown only."""
    st = ready()
    set_markers(st, 0, TSR, 10, 9, 8, 0)
    set_markers(st, 0, STP, 5, 4, 3)
    set_markers(st, 0, KIEV, 5, 4, 3)
    mark_done(st, 0)
    place(st, "vanilla_1")
    assert ("step", KIEV, VANILLA) not in legal(st)
    refused(st, "RR-TRACK-7", "step", KIEV, VANILLA)


def test_black_stops_at_the_end_and_completion_rr_track_10_rr_bonus_1() -> None:
    """RR-TRACK-10 / RR-BONUS-1: black stops on the last square; 10 VP once."""
    st = ready()
    set_markers(st, 0, KIEV, 7)
    mark_done(st, 0)
    vp = st.boards[0][VP]
    place(st, "black_3")
    act(st, "step", KIEV, BLACK)
    act(st, "step", KIEV, BLACK)
    assert markers(st, 0, KIEV)[0] == 9
    assert st.boards[0][VP] == vp + 10
    assert ("step", KIEV, BLACK) not in legal(st)
    refused(st, "RR-TRACK-10", "step", KIEV, BLACK)


def test_white_bonus_moves_up_to_two_rr_mark_2() -> None:
    """RR-MARK-2 / R-2: at TSR 15 the white marker moves at once, as far as it can (<= 2)."""
    st = ready()
    set_markers(st, 0, TSR, 14, 13, 12, 2)
    mark_done(st, 0)
    place(st, "black_2")
    act(st, "step", TSR, BLACK)
    assert markers(st, 0, TSR) == [15, 13, 12, 2, 1]  # vanilla on 2: only 1 step possible
    st = ready()
    set_markers(st, 0, TSR, 14, 13, 12, 5)
    mark_done(st, 0)
    place(st, "black_2")
    act(st, "step", TSR, BLACK)
    assert markers(st, 0, TSR) == [15, 13, 12, 5, 2]


def test_kiev_seven_worker_rr_bonus_2_rr_bonus_8() -> None:
    """RR-BONUS-2 / RR-BONUS-8: black on Kiev 7 gives a worker, no loco needed."""
    st = ready()
    set_markers(st, 0, KIEV, 6)
    mark_done(st, 0)
    b = st.boards[0]
    hand, stock = b[HAND], b[STOCKW]
    place(st, "black_2")
    act(st, "step", KIEV, BLACK)
    assert b[HAND] == hand - 1 + 1 and b[STOCKW] == stock - 1 and b[EXTRA] == 1


def test_tsr_three_worker_needs_brown_and_loco_rr_bonus_3() -> None:
    """RR-BONUS-3: brown on TSR 3 and reach >= 3."""
    st = ready()
    set_markers(st, 0, TSR, 7, 5, 2)
    mark_done(st, 0)
    b = st.boards[0]
    place(st, "brown_1")
    assert b[STOCKW] == 2  # reach is 1: no worker yet
    b[LOCO + 1] = 2  # TSR 1 + 2 = reach 3 (placed directly)
    st.piles[2] -= 1
    from kaido.games.russian_railroads import engine

    engine.check_specials(st, 0, None)
    assert b[STOCKW] == 1 and b[EXTRA] == 1


def test_stp_doubling_rr_bonus_4() -> None:
    """RR-BONUS-4: grey on StP 7 and StP reach >= 7 doubles St Petersburg."""
    st = ready()
    set_markers(st, 0, TSR, 3)
    set_markers(st, 0, STP, 9, 6)
    st.boards[0][LOCO + 2] = 7
    st.piles[7] -= 1
    mark_done(st, 0)
    place(st, "grey_2")
    act(st, "step", STP, GREY)
    assert st.boards[0][DONE] >> SPECIAL_BY_KEY["double_stp"].index & 1


def test_kiev_stars_rr_bonus_5_rr_ex_19() -> None:
    """RR-BONUS-5 / RR-EX-19: black and loco on Kiev 3: stars 1+2+3 = 6 every scoring."""
    from kaido.games.russian_railroads.scoring import line_score

    st = ready()
    set_markers(st, 0, TSR, 2)
    set_markers(st, 0, KIEV, 2)
    st.boards[0][LOCO + 3] = 3
    st.piles[3] -= 1
    mark_done(st, 0)
    place(st, "black_2")
    act(st, "step", KIEV, BLACK)
    assert markers(st, 0, KIEV)[0] == 3
    assert line_score(st.boards[0], KIEV) == 6


def test_advantage_spot_needs_loco_rr_bonus_6_rr_ex_18() -> None:
    """RR-EX-18 / RR-BONUS-6: StP black on 6 with a '5': StP 4 pays, StP 6 does not."""
    st = ready()
    set_markers(st, 0, STP, 5)
    st.boards[0][LOCO + 2] = 5
    st.piles[5] -= 1
    place(st, "black_2")
    act(st, "step", STP, BLACK)
    assert top(st)[0] == F_ADV_TOKEN and to_move(st) == 0
    act(st, "advantage", 2)  # industry +5
    assert st.boards[0][TOKENS] == 1 << 1
    b = st.boards[0]
    assert b[DONE] >> SPECIAL_BY_KEY["advantage_stp4"].index & 1
    assert not b[DONE] >> SPECIAL_BY_KEY["advantage_stp6"].index & 1


def test_bonus_triggers_when_the_later_condition_comes_rr_bonus_8() -> None:
    """RR-BONUS-8: a loco placement completes a marker+loco bonus too (Kiev stars)."""
    st = ready()
    set_markers(st, 0, KIEV, 4)
    take_out(st, 2, 4)
    take_out(st, 3, 4)
    place(st, "tile_top")
    act(st, "take_loco")
    act(st, "loco", 3)
    star4 = SPECIAL_BY_KEY["star_kiev4"].index
    assert st.boards[0][DONE] >> star4 & 1


def test_achievements_stay_rr_bonus_9_rr_ex_25() -> None:
    """RR-BONUS-9 / RR-EX-25: grey passing starred Kiev squares keeps the stars."""
    from kaido.games.russian_railroads.scoring import line_score

    st = ready()
    set_markers(st, 0, TSR, 2)
    set_markers(st, 0, KIEV, 4)
    st.boards[0][LOCO + 3] = 2
    st.piles[2] -= 1
    mark_done(st, 0)
    before = line_score(st.boards[0], KIEV)
    assert before == 3
    place(st, "grey_2")
    act(st, "step", KIEV, GREY)
    act(st, "step", KIEV, GREY)
    # Grey now fills squares 1-2 (1 VP each) and the stars 1 + 2 still count.
    assert line_score(st.boards[0], KIEV) == 2 + 3


def test_industry_advantage_spot_rr_bonus_7() -> None:
    """RR-BONUS-7: the industry marker reaching the spot pays a token, no loco needed."""
    from kaido.games.russian_railroads.state import FACT, IND

    st = ready()
    b = st.boards[0]
    b[FACT : FACT + 3] = [5, 6, 6]
    st.piles[5] -= 1
    st.piles[6] -= 2
    b[IND] = 9
    place(st, "industry_1")
    assert top(st)[0] == F_ADV_TOKEN
    act(st, "advantage", 4)
    assert b[IND] == 10 and st.boards[0][POS] == 1


def test_brown_and_white_single_step_spaces_rr_track_1() -> None:
    # RR-TRACK-1
    st = ready()
    set_markers(st, 0, TSR, 15, 14, 13, 12, 5)
    mark_done(st, 0)
    place(st, "white_2")  # one marker can move: both steps are carried out at once
    assert markers(st, 0, TSR)[WHITE] == 7
    assert markers(st, 0, TSR)[BROWN] == 13


def _random_boards(count: int) -> list[list[int]]:
    """Boards with markers in random legal places (each behind the one ahead, or beside its
    line), many of them without room, as late in a game."""
    from kaido.core.rng import Rng
    from kaido.games.russian_railroads.components import LINE_COLOURS, LINE_LENGTH
    from kaido.games.russian_railroads.state import BOARD_SIZE

    rng = Rng(11)
    boards = []
    for _ in range(count):
        b = [0] * BOARD_SIZE
        for line in range(3):
            ahead = LINE_LENGTH[line] + 1
            for colour in range(LINE_COLOURS[line]):
                at = 1 + rng.below(ahead - 1) if ahead > 1 else 0
                roll = rng.below(4)
                if roll < 2:
                    at = ahead - 1  # right behind the marker ahead: no room
                elif roll == 2 and colour:
                    at = 0  # still beside the line
                b[POS + line * 5 + colour] = at
                ahead = at
        boards.append(b)
    return boards


def test_feasibility_shortcut_agrees_with_the_search_rr_play_4_rr_track_6() -> None:
    """RR-PLAY-4 / RR-TRACK-5, -6, -11: whether a space's steps can all be done is decided
    from each colour's room when every step can have its own (`markers.fits`); that must
    agree with trying every order (`_search`) for every mix of up to 3 steps of any kinds."""
    from itertools import product

    from kaido.games.russian_railroads.markers import _search, colours_gained, track_feasible

    mixes = [list(t) for t in product(range(4), repeat=7) if 0 < sum(t) <= 3]
    for b in _random_boards(300):
        for tokens in mixes:
            expected = _search(b[:], tokens[:], colours_gained(b))
            assert track_feasible(b, tokens[:]) == expected, (b, tokens)
