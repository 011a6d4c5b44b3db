"""Building: costs, roads, settlements, cities, supply (CT-BUILD, CT-ROAD, CT-SETTLE, CT-CITY)."""

from __future__ import annotations

import itertools

from kaido.games.catan.board import EDGE_VERTICES, VERTEX_NEIGHBORS, edge_between
from tests.games.catan.helpers import (
    act,
    blank,
    check,
    corner,
    give,
    hand,
    legal,
    refused,
    road,
    settle,
)


def test_costs_are_paid_to_the_bank_CT_BUILD_1_CT_BUILD_4() -> None:
    """CT-BUILD-1, CT-BUILD-4."""
    s = blank()
    a, b, c = corner(8, 0), corner(8, 1), corner(8, 2)
    settle(s, 0, a)
    give(s, 0, lumber=3, brick=3, wool=2, grain=4, ore=4)
    bank = s.bank[:]
    act(s, "road", edge_between(a, b))  # road = 1 brick + 1 lumber
    assert hand(s, 0) == {"lumber": 2, "brick": 2, "wool": 2, "grain": 4, "ore": 4}
    act(s, "road", edge_between(b, c))
    act(s, "settlement", c)  # settlement = brick + lumber + wool + grain
    assert hand(s, 0) == {"wool": 1, "grain": 3, "ore": 4}
    act(s, "city", c)  # city = 2 grain + 3 ore
    assert hand(s, 0) == {"wool": 1, "grain": 1, "ore": 1}
    act(s, "buy")  # development card = wool + grain + ore
    assert hand(s, 0) == {}
    assert [s.bank[k] - bank[k] for k in range(5)] == [3, 3, 2, 4, 4]
    check(s)


def test_unaffordable_build_is_refused_CT_BUILD_1() -> None:
    """CT-BUILD-1."""
    s = blank()
    a, b = corner(8, 0), corner(8, 1)
    settle(s, 0, a)
    give(s, 0, lumber=1)
    assert refused(s, "road", edge_between(a, b)) == "CT-BUILD-1"
    assert refused(s, "buy") == "CT-BUILD-1"
    assert refused(s, "city", a) == "CT-BUILD-1"


def test_any_number_of_builds_per_turn_CT_BUILD_2() -> None:
    """CT-BUILD-2."""
    s = blank()
    ring = [corner(8, i) for i in range(6)] + [corner(8, 0)]
    settle(s, 0, ring[0])
    give(s, 0, lumber=5, brick=5)
    for a, b in itertools.pairwise(ring[:6]):
        act(s, "road", edge_between(a, b))
    assert s.roads[0].bit_count() == 5
    assert s.phase == 5  # still the player's main phase


def test_piece_supply_15_5_4_CT_BUILD_3() -> None:
    """CT-BUILD-3."""
    s = blank()
    assert s.pieces[0:3] == [15, 5, 4]
    s.pieces[0] = 0
    a, b = corner(8, 0), corner(8, 1)
    settle(s, 0, a)
    s.pieces[0] = 0
    give(s, 0, lumber=1, brick=1, grain=2, ore=3)
    assert refused(s, "road", edge_between(a, b)) == "CT-BUILD-3"
    s.pieces[2] = 0
    assert refused(s, "city", a) == "CT-BUILD-3"


def test_road_needs_connection_and_opponent_building_cuts_it_CT_ROAD_1() -> None:
    """CT-ROAD-1."""
    s = blank()
    a, b, c, d = (corner(8, i) for i in range(4))
    settle(s, 0, a)
    road(s, 0, a, b, c)
    give(s, 0, lumber=3, brick=3)
    far = edge_between(corner(0, 0), corner(0, 1))
    assert refused(s, "road", far) == "CT-ROAD-1"
    assert (edge_between(c, d),) in legal(s, "road")
    settle(s, 1, c)  # an opponent's settlement at the joint
    assert (edge_between(c, d),) not in legal(s, "road")
    assert refused(s, "road", edge_between(c, d)) == "CT-ROAD-1"
    check(s)


def test_roads_give_no_points_and_may_follow_the_coast_CT_ROAD_2_CT_ROAD_3() -> None:
    """CT-ROAD-2, CT-ROAD-3."""
    s = blank()
    coast_a, coast_b = 0, 3  # the top-left hex's upper-left side faces the sea
    settle(s, 0, coast_a)
    give(s, 0, lumber=1, brick=1)
    before = s.vp[0]
    act(s, "road", edge_between(coast_a, coast_b))
    assert s.vp[0] == before
    assert EDGE_VERTICES[edge_between(coast_a, coast_b)] == (0, 3)


def test_settlement_needs_empty_intersection_CT_SETTLE_1() -> None:
    """CT-SETTLE-1."""
    s = blank()
    a, b, c = corner(8, 0), corner(8, 1), corner(8, 2)
    settle(s, 0, a)
    road(s, 0, a, b, c)
    settle(s, 1, c)
    give(s, 0, lumber=1, brick=1, wool=1, grain=1)
    assert refused(s, "settlement", c) == "CT-SETTLE-1"
    assert s.vp[0] == 1


def test_settlement_must_touch_own_road_CT_SETTLE_2() -> None:
    """CT-SETTLE-2."""
    s = blank()
    settle(s, 0, corner(8, 0))
    give(s, 0, lumber=1, brick=1, wool=1, grain=1)
    assert refused(s, "settlement", corner(0, 0)) == "CT-SETTLE-2"


def test_distance_rule_CT_SETTLE_3() -> None:
    """CT-SETTLE-3."""
    s = blank()
    a, b, c = corner(8, 0), corner(8, 1), corner(8, 2)
    settle(s, 0, a)
    road(s, 0, a, b, c)
    give(s, 0, lumber=1, brick=1, wool=1, grain=1)
    assert refused(s, "settlement", b) == "CT-SETTLE-3"
    assert legal(s, "settlement") == [(c,)]
    for w in VERTEX_NEIGHBORS[a]:
        assert s.blocked >> w & 1


def test_all_five_settlements_out_CT_SETTLE_4() -> None:
    """CT-SETTLE-4."""
    s = blank()
    a, b, c = corner(8, 0), corner(8, 1), corner(8, 2)
    settle(s, 0, a)
    road(s, 0, a, b, c)
    s.pieces[1] = 0
    give(s, 0, lumber=1, brick=1, wool=1, grain=1)
    assert refused(s, "settlement", c) == "CT-SETTLE-4"


def test_city_only_on_own_settlement_CT_CITY_1_CT_CITY_2_CT_CITY_3() -> None:
    """CT-CITY-1, CT-CITY-2, CT-CITY-3."""
    s = blank()
    a = corner(8, 0)
    settle(s, 0, a)
    settle(s, 1, corner(0, 0))
    give(s, 0, grain=4, ore=6)
    assert refused(s, "city", corner(0, 0)) == "CT-CITY-1"
    assert refused(s, "city", corner(4, 0)) == "CT-CITY-1"
    s.pieces[1] = 0  # all settlements out: the upgrade returns one (CT-CITY-3)
    act(s, "city", a)
    assert s.vp[0] == 2  # CT-CITY-2
    assert s.pieces[0:3] == [15, 1, 3]
    assert refused(s, "city", a) == "CT-CITY-1"
    s.pieces[1] = 5
    check(s)


def test_returned_settlement_rebuilt_same_turn_CT_CITY_3() -> None:
    """CT-CITY-3."""
    s = blank()
    a, b, c = corner(8, 0), corner(8, 1), corner(8, 2)
    for v in (corner(0, 0), corner(2, 0), corner(16, 3), corner(12, 3)):
        settle(s, 0, v)
    settle(s, 0, a)
    road(s, 0, a, b, c)
    give(s, 0, grain=3, ore=3, lumber=1, brick=1, wool=1)
    assert s.pieces[1] == 0
    act(s, "city", a)
    act(s, "settlement", c)
    assert s.pieces[1] == 0
    check(s)


def test_example_settlement_sites_CT_EX_8() -> None:
    """CT-EX-8: L63: B sites are legal, A breaks the distance rule, C is not on Blue's roads."""
    s = blank()
    blue = 0
    a, b1, b2 = corner(8, 0), corner(8, 2), corner(8, 3)
    settle(s, blue, a)
    road(s, blue, a, corner(8, 1), b1, b2)
    give(s, blue, lumber=1, brick=1, wool=1, grain=1)
    assert legal(s, "settlement") == [(b1,), (b2,)] or sorted(legal(s, "settlement")) == [
        (b1,),
        (b2,),
    ]
    site_a, site_c = corner(8, 1), corner(0, 0)
    assert refused(s, "settlement", site_a) == "CT-SETTLE-3"
    assert refused(s, "settlement", site_c) == "CT-SETTLE-2"


def test_example_road_sites_CT_EX_9() -> None:
    """CT-EX-9: L58: every empty path touching Red's road or settlement is legal."""
    s = blank()
    red = 0
    a, b = corner(8, 0), corner(8, 1)
    settle(s, red, a)
    road(s, red, a, b)
    give(s, red, lumber=1, brick=1)
    expected = set()
    for v in (a, b):
        for w in VERTEX_NEIGHBORS[v]:
            e = edge_between(v, w)
            if not s.occupied_edges >> e & 1:
                expected.add((e,))
    assert set(legal(s, "road")) == expected
    assert len(expected) == 4
