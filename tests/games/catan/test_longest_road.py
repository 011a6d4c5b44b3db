"""Longest Road: length, branches, loops, breaks and ties (CT-LR-1..6, R-9, R-10)."""

from __future__ import annotations

from kaido.games.catan.board import edge_between
from kaido.games.catan.engine import opponents_buildings
from kaido.games.catan.roads import longest_road
from tests.games.catan.helpers import TOP, act, blank, check, corner, give, road, settle


def test_five_roads_take_the_card_CT_LR_1_CT_WIN_1() -> None:
    """CT-LR-1, CT-WIN-1."""
    s = blank()
    settle(s, 0, TOP[0])
    road(s, 0, *TOP[:5])
    assert s.road_len[0] == 4 and s.lr_holder == -1
    give(s, 0, lumber=1, brick=1)
    from kaido.games.catan.board import edge_between

    events = act(s, "road", edge_between(TOP[4], TOP[5]))
    assert s.road_len[0] == 5 and s.lr_holder == 0
    assert s.vp[0] == 1 + 2  # settlement + Longest Road
    assert any(e.kind == "longest_road" for e in events)
    check(s)


def test_branches_do_not_count_CT_LR_2() -> None:
    """CT-LR-2."""
    s = blank()
    road(s, 0, *TOP[:5])  # 16-11-7-12-8: 4 long
    road(s, 0, TOP[2], 3)  # a branch at 7 toward the coast
    assert s.road_len[0] == 4
    road(s, 0, 3, 0)  # the branch grows to 2: still no single stroke longer than 4
    assert s.road_len[0] == 4
    road(s, 0, TOP[3], 17)  # a second branch at 12
    assert s.road_len[0] == 4
    check(s)


def test_closed_ring_counts_every_road_CT_LR_2() -> None:
    """CT-LR-2."""
    s = blank()
    ring = [corner(8, i) for i in range(6)] + [corner(8, 0)]
    road(s, 0, *ring)
    assert s.road_len[0] == 6
    assert s.lr_holder == 0
    check(s)


def test_loop_with_tail_passes_an_intersection_twice_CT_LR_2() -> None:
    """CT-LR-2."""
    s = blank()
    ring = [corner(8, i) for i in range(6)] + [corner(8, 0)]
    road(s, 0, *ring)
    road(s, 0, corner(8, 3), 39)  # a tail: 39-34, round the ring back through 34
    assert s.road_len[0] == 7
    road(s, 0, corner(8, 0), 12)  # a second tail: four odd ends, so no stroke takes all 8
    assert s.road_len[0] == 7
    check(s)


def test_own_buildings_do_not_cut_opponent_buildings_do_CT_LR_2() -> None:
    """CT-LR-2."""
    s = blank()
    road(s, 0, *TOP[:6])
    settle(s, 0, TOP[2])
    assert s.road_len[0] == 5
    settle(s, 1, TOP[4])  # not legal in play, but shows the cut: 4 | 1
    assert longest_road(s.roads[0], opponents_buildings(s, 0)) == 4
    assert s.road_len[0] == 4


def test_longer_road_takes_the_card_tie_does_not_CT_LR_3() -> None:
    """CT-LR-3."""
    s = blank()
    road(s, 0, *TOP[:6])
    assert s.lr_holder == 0 and s.vp[0] == 2
    other = [corner(16, 4), corner(16, 5), corner(16, 0), corner(17, 5), corner(17, 0)]
    other += [corner(18, 5), corner(18, 0)]
    road(s, 1, *other[:6])
    assert s.road_len[1] == 5 and s.lr_holder == 0  # a tie does not take it
    road(s, 1, other[5], other[6])
    assert s.road_len[1] == 6 and s.lr_holder == 1
    assert s.vp[0] == 0 and s.vp[1] == 2  # 2 points moved: a swing of 4
    check(s)


def test_settlement_breaks_an_opponent_road_CT_LR_4() -> None:
    """CT-LR-4."""
    s = blank()
    road(s, 0, *TOP)  # 7
    assert s.road_len[0] == 7
    road(s, 1, 4, 8)
    s.turn = 1
    give(s, 1, lumber=1, brick=1, wool=1, grain=1)
    act(s, "settlement", 8)
    assert s.road_len[0] == 4  # split at 8 into 4 | 3
    check(s)


def test_break_leaves_sole_longest_holder_or_moves_card_CT_LR_5_CT_EX_11() -> None:
    """CT-LR-5, CT-EX-11.

    L103: Blue builds at C on Red's road; Red drops below Blue, the card moves."""
    s = blank()
    red, blue = 0, 1
    road(s, red, *TOP)  # 7
    blue_road = [corner(16, 4), corner(16, 5), corner(16, 0), corner(17, 5), corner(17, 0)]
    blue_road += [corner(18, 5)]
    road(s, blue, *blue_road)  # 5
    assert s.lr_holder == red
    road(s, blue, 4, 8)
    s.turn = blue
    give(s, blue, lumber=1, brick=1, wool=1, grain=1)
    act(s, "settlement", 8)  # C
    assert s.road_len[red] == 4 and s.road_len[blue] == 5
    assert s.lr_holder == blue
    assert s.vp[blue] == 1 + 2 and s.vp[red] == 0
    check(s)


def test_break_below_five_sets_the_card_aside_CT_LR_5() -> None:
    """CT-LR-5: after the break nobody has 5 or more."""
    s = blank()
    road(s, 0, *TOP)  # 7
    third = [corner(16, 4), corner(16, 5), corner(16, 0), corner(17, 5), corner(17, 0)]
    road(s, 2, *third)  # 4
    road(s, 1, 4, 8)
    s.turn = 1
    give(s, 1, lumber=1, brick=1, wool=1, grain=1)
    act(s, "settlement", 8)  # red 4 | 3, ties player 2 at 4: nobody has 5
    assert s.lr_holder == -1 and s.vp[0] == 0
    check(s)


# Red's 12 roads, 15-10-14-9-13-8-12-7-11-16-21-27-33: blue's settlement at 8 leaves 5 | 7.
LONG = [15, 10, *TOP[::-1], 21, 27, 33]
SEVEN = [47, 43, 39, 44, 40, 45, 41, 36]  # 7 roads along hexes 16 to 18


def test_break_into_a_tie_sets_the_card_aside_CT_LR_5_R_10() -> None:
    """CT-LR-5, R-10: the holder's road is broken to 7, tied with player 2's 7: the card is
    set aside although the holder is among the tied (the text, not the almanac); a later
    road that makes one player alone longest takes it (CT-LR-6)."""
    s = blank()
    road(s, 0, *LONG)
    road(s, 2, *SEVEN)
    assert s.road_len[0] == 12 and s.road_len[2] == 7 and s.lr_holder == 0
    road(s, 1, 4, 8)
    s.turn = 1
    give(s, 1, lumber=1, brick=1, wool=1, grain=1)
    act(s, "settlement", 8)
    assert s.road_len[0] == 7 == s.road_len[2]
    assert s.lr_holder == -1 and s.vp[0] == 0 and s.vp[2] == 0
    s.turn = 2
    give(s, 2, lumber=1, brick=1)
    act(s, "road", edge_between(36, 30))
    assert s.road_len[2] == 8 and s.lr_holder == 2 and s.vp[2] == 2
    check(s)


def test_break_below_a_tie_of_others_sets_the_card_aside_CT_LR_5() -> None:
    """CT-LR-5: the holder drops below two players tied at 6: nobody gets the card."""
    s = blank()
    road(s, 0, *LONG[:10])  # 9
    road(s, 2, *SEVEN[:7])  # 6
    road(s, 3, 17, 22, 28, 34, 29, 23, 18)  # 6
    assert s.lr_holder == 0
    road(s, 1, 4, 8)
    s.turn = 1
    give(s, 1, lumber=1, brick=1, wool=1, grain=1)
    act(s, "settlement", 8)
    assert s.road_len[0] == 5 and s.road_len[2] == s.road_len[3] == 6
    assert s.lr_holder == -1 and s.vp[0] == 0
    check(s)


def test_break_into_a_tie_of_five_sets_aside_unless_option_CT_LR_5() -> None:
    """CT-LR-5."""
    for keeps in (False, True):
        s = blank(longest_road_holder_keeps_on_tie=keeps)
        chain = [15, 10, *TOP[::-1]]  # 9 long: 15-10-14-9-13-8-12-7-11-16
        road(s, 0, *chain)
        other = [corner(16, 4), corner(16, 5), corner(16, 0), corner(17, 5), corner(17, 0)]
        other += [corner(18, 5), corner(18, 0)]
        road(s, 2, *other[:6])  # 5
        road(s, 1, 4, 8)
        s.turn = 1
        give(s, 1, lumber=1, brick=1, wool=1, grain=1)
        act(s, "settlement", 8)  # red: 5 | 4, tied with player 2 at 5
        assert s.road_len[0] == 5 and s.road_len[2] == 5
        assert s.lr_holder == (0 if keeps else -1)
        check(s)


def test_break_of_a_non_holder_changes_nothing_for_the_holder_CT_LR_5() -> None:
    """CT-LR-5."""
    s = blank()
    road(s, 2, *TOP)  # holder with 7 elsewhere? use a separate long road
    other = [corner(16, 4), corner(16, 5), corner(16, 0), corner(17, 5), corner(17, 0)]
    road(s, 0, *other)  # 4, not the holder
    assert s.lr_holder == 2
    road(s, 1, 48, 44)
    s.turn = 1
    give(s, 1, lumber=1, brick=1, wool=1, grain=1)
    act(s, "settlement", 44)  # cuts player 0's 47-43-39-44-40 into 3 | 1
    assert s.road_len[0] == 3 and s.lr_holder == 2
    check(s)


def test_set_aside_card_goes_to_the_next_sole_longest_CT_LR_6() -> None:
    """CT-LR-6."""
    s = blank()
    road(s, 0, *TOP)  # 7
    third = [corner(16, 4), corner(16, 5), corner(16, 0), corner(17, 5), corner(17, 0)]
    road(s, 2, *third)  # 4
    road(s, 1, 4, 8)
    s.turn = 1
    give(s, 1, lumber=1, brick=1, wool=1, grain=1)
    act(s, "settlement", 8)
    assert s.lr_holder == -1
    s.turn = 2
    give(s, 2, lumber=1, brick=1)
    from kaido.games.catan.board import edge_between

    act(s, "road", edge_between(corner(17, 0), corner(18, 5)))
    assert s.road_len[2] == 5 and s.lr_holder == 2
    check(s)


def test_example_seven_with_branches_CT_EX_10() -> None:
    """CT-EX-10: L101: a 7-segment chain with branches counts 7; Red takes the card."""
    s = blank()
    red = 0
    road(s, red, *TOP)
    road(s, red, TOP[2], 3)  # branch toward the coast
    road(s, red, TOP[3], 17)  # branch downward
    assert s.road_len[red] == 7
    assert s.lr_holder == red
    check(s)
