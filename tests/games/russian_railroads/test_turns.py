"""Turns, passing, turn order, worker reuse and round end (RR-PLAY, RR-PASS, RR-ORDER,
RR-REUSE, RR-FLOW, RR-ROUND)."""

from __future__ import annotations

from kaido.games.russian_railroads.components import (
    BLACK,
    BROWN,
    KIEV,
    SPACES,
    TSR,
    TURN_ORDER_VP,
)
from kaido.games.russian_railroads.state import (
    F_REUSE,
    HAND,
    PASSED,
    RUBLES,
    TEMP,
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
    to_move,
    top,
)


def pass_until_reuse_or_next_round(st) -> None:  # type: ignore[no-untyped-def]
    start = st.round
    while st.round == start and not (top(st) and top(st)[0] == F_REUSE):
        act(st, "pass")


def test_order_change_example_rr_ex_15_rr_order_5() -> None:
    """RR-EX-15 / RR-ORDER-5: Y, B, G, R; G claims 1 and R claims 2: G, R, Y, B."""
    st = ready()
    yellow, blue, green, red = 0, 1, 2, 3
    act(st, "pass")  # yellow
    act(st, "pass")  # blue
    place(st, "order_1")  # green
    place(st, "order_2")  # red
    pass_until_reuse_or_next_round(st)
    assert st.order == [green, red, yellow, blue]
    # RR-REUSE-1: the claimant of space 2 (red) reuses first, then green.
    assert top(st)[0] == F_REUSE and to_move(st) == red


def test_first_player_claiming_second_changes_nothing_rr_ex_16_rr_order_6() -> None:
    """RR-EX-16 / RR-ORDER-6: Y (1st) claims space 2, nobody space 1: order unchanged."""
    st = ready()
    place(st, "order_2")
    pass_until_reuse_or_next_round(st)
    assert st.order == [0, 1, 2, 3]


def test_reuse_example_rr_ex_17_rr_reuse_2() -> None:
    """RR-EX-17 / RR-REUSE-2: Red moves the turn-order worker to a free 'brown +1' space."""
    st = ready()
    red = 3
    set_markers(st, red, TSR, 7, 5, 2)
    mark_done(st, red)
    act(st, "pass")
    act(st, "pass")
    act(st, "pass")
    place(st, "order_1")
    pass_until_reuse_or_next_round(st)
    assert to_move(st) == red
    options = legal(st)
    assert ("reuse", space("brown_1")) in options and ("reuse_skip",) in options
    # Only spaces needing exactly one worker and nothing else (no 2-worker, no ruble ones).
    assert ("reuse", space("black_3")) not in options
    assert ("reuse", space("any_2")) not in options
    act(st, "reuse", space("brown_1"))
    assert markers(st, red, TSR)[BROWN] == 3
    assert st.round == 2


def test_reuse_falls_back_to_the_multi_space_rr_reuse_3() -> None:
    """RR-REUSE-3: the lowest track space is always there to take the worker."""
    st = ready()
    place(st, "order_2")
    pass_until_reuse_or_next_round(st)
    assert ("reuse", space("multi")) in legal(st)
    act(st, "reuse", space("multi"))
    act(st, "step", KIEV, BLACK) if top(st) else None
    assert st.round == 2


def test_turn_order_space_rules_rr_order_1_to_4() -> None:
    """RR-ORDER-1..4: the track gives the order; spaces under positions 1 and 2 cost 1
    worker; not your own position (3-4 players); not both spaces."""
    st = ready()
    assert to_move(st) == st.order[0]  # RR-ORDER-1
    refused(st, "RR-ORDER-3", "place", space("order_1"), 0, 0, 0)
    hand = st.boards[0][HAND]
    place(st, "order_2")
    assert st.boards[0][HAND] == hand - 1  # RR-ORDER-2
    st.current = 0
    refused(st, "RR-ORDER-4", "place", space("order_1"), 0, 0, 0)


def test_ruble_on_turn_order_space_rr_order_7() -> None:
    """RR-ORDER-7 / R-6: a ruble is swapped for a worker at once, so it is offered only
    to a player without workers; then it stays and reuse is impossible."""
    st = ready()
    refused(st, "RR-ORDER-7", "place", space("order_2"), 1, 0, 0)
    b = st.boards[0]
    b[27] += b[HAND]  # all workers to the stock (totals kept)
    b[HAND] = 0
    place(st, "order_2", rubles=1)
    pass_until_reuse_or_next_round(st)
    assert st.round == 2  # no reuse frame: the claim was a ruble


def test_two_players_may_keep_first_place_rr_2p_7() -> None:
    """RR-2P-7: with 2 players you may take your own position's space."""
    st = ready(2)
    assert ("place", space("order_1"), 0, 0, 0) in legal(st)
    assert all(key[1] != space("order_2") for key in legal(st) if key[0] == "place")
    place(st, "order_1")
    pass_until_reuse_or_next_round(st)
    assert st.order == [0, 1]


def test_pass_scores_turn_order_card_and_is_final_rr_pass_1_rr_pass_2() -> None:
    """RR-PASS-1 / RR-PASS-2: passing scores the card's VP; passed players are skipped."""
    st = ready()
    st.current = 3
    act(st, "pass")
    assert st.boards[3][VP] == TURN_ORDER_VP[3] and st.boards[3][PASSED]
    st.current = 2
    place(st, "rubles")
    assert to_move(st) == 0  # seat 3 is skipped


def test_no_workers_does_not_force_a_pass_rr_pass_3_rr_play_3() -> None:
    """RR-PASS-3 / RR-PLAY-3: rubles stand in; only workers you hold may be placed."""
    st = ready()
    b = st.boards[0]
    b[27] += b[HAND]
    b[HAND] = 0
    b[RUBLES] = 1
    keys = legal(st)
    assert ("place", space("industry_1"), 1, 0, 0) in keys
    refused(st, "RR-PLAY-3", "place", space("industry_1"), 0, 0, 0)
    refused(st, "RR-PLAY-3", "place", space("industry_1"), 0, 0, 1)


def test_one_unoccupied_space_exact_workers_rr_play_1_rr_play_2_rr_play_5() -> None:
    """RR-PLAY-1 / RR-PLAY-2 / RR-PLAY-5: one free space, exactly its workers, one action."""
    st = ready()
    place(st, "industry_1")
    assert to_move(st) == 1
    refused(st, "RR-PLAY-2", "place", space("industry_1"), 0, 0, 0)
    place(st, "black_3")
    refused(st, "RR-PLAY-5", "place", space("rubles"), 0, 0, 0)


def test_six_kinds_of_action_rr_play_6() -> None:
    """RR-PLAY-6: track, loco/factory, industry, auxiliary, engineers and turn order."""
    st = ready()
    groups = {SPACES[key[1]].group for key in legal(st) if key[0] == "place"}
    assert groups >= {"track", "tile", "industry", "aux", "engineer", "order"}


def test_action_must_be_fully_executable_rr_play_4() -> None:
    """RR-PLAY-4: a main-board space is refused if its action cannot be done in full."""
    st = ready()
    refused(st, "RR-PLAY-4", "place", space("white_1"), 0, 0, 0)


def test_turns_wrap_until_all_pass_rr_flow_2_rr_flow_3() -> None:
    """RR-FLOW-2 / RR-FLOW-3: turns go round in order until all pass; then order change,
    reuse, scoring and upkeep."""
    st = ready()
    place(st, "industry_1")
    act(st, "pass")
    act(st, "pass")
    act(st, "pass")
    assert to_move(st) == 0  # only seat 0 is left
    vp_before = [b[VP] for b in st.boards]
    act(st, "pass")
    assert st.round == 2
    assert st.boards[0][VP] == vp_before[0] + TURN_ORDER_VP[0] + 1  # industry square 1


def test_round_end_upkeep_rr_round_1_rr_round_2_rr_round_3() -> None:
    # RR-ROUND-2, RR-ROUND-3
    """RR-ROUND-1..3: workers home, rubles to the stock, temp workers back, engineers slide
    right (the unhired hire tile leaves), new turn order cards."""
    st = ready()
    strip = st.strip[:]
    place(st, "temp")
    place(st, "industry_1", rubles=1)
    pass_until_reuse_or_next_round(st)
    assert st.strip == [0, *strip[:-1]]
    assert st.boards[0][HAND] == 5 and st.boards[1][RUBLES] == 0
    assert st.temp_on_space == 2 and st.boards[0][TEMP] == 0
    assert st.placements == [] and all(o < 0 for o in st.occ)


def test_last_round_turn_order_spaces_become_industry_rr_round_4() -> None:
    """RR-ROUND-4: in the last round the turn-order spaces give industry +3."""
    st = ready()
    st.round = st.rounds
    refused(st, "RR-ROUND-4", "place", space("order_2"), 0, 0, 0)
    place(st, "last_1")
    assert st.boards[0][24] == 3


def test_rounds_per_player_count_rr_flow_1() -> None:
    # RR-FLOW-1
    assert ready(4).rounds == 7 and ready(3).rounds == 6 and ready(2).rounds == 6


def test_black_worker_space_on_track_steps_rr_track_1() -> None:
    # RR-TRACK-1
    st = ready()
    place(st, "black_2")
    act(st, "step", TSR, BLACK)
    act(st, "step", KIEV, BLACK)
    assert markers(st, 0, TSR)[0] == 2 and markers(st, 0, KIEV)[0] == 2
