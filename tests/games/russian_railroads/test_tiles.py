"""Locos, factories and the tile spaces (RR-LOCO, RR-FACT, RR-TILE)."""

from __future__ import annotations

from kaido.games.russian_railroads.components import BLACK, FACTORY_EFFECTS, KIEV, TSR
from kaido.games.russian_railroads.markers import reach
from kaido.games.russian_railroads.state import F_FREPLACE, F_LOCO, F_TILE, FACT, LOCO
from tests.games.russian_railroads.helpers import (
    act,
    legal,
    place,
    put_factories,
    put_locos,
    ready,
    refused,
    space,
    take_out,
    top,
)


def locos(st, seat=0):  # type: ignore[no-untyped-def]
    return st.boards[seat][LOCO : LOCO + 4]


def test_take_the_lowest_loco_onto_stp_rr_ex_6_rr_loco_1_rr_tile_1() -> None:
    """RR-EX-6 / RR-LOCO-1 / RR-TILE-1: 1 worker, the lowest pile's '2', onto StP."""
    st = ready()
    place(st, "tile_top")
    assert top(st)[0] == F_TILE
    act(st, "take_loco")
    assert top(st)[0] == F_LOCO and top(st)[2] == 2
    act(st, "loco", 2)
    assert locos(st) == [1, 0, 2, 0] and st.piles[2] == 3


def test_reach_rr_ex_7_rr_loco_3() -> None:
    """RR-EX-7 / RR-LOCO-3: a 1 reaches 1, a 4 reaches 4, TSR 1 + 4 reaches 5; none: 0."""
    st = ready()
    b = st.boards[0]
    assert reach(b, TSR) == 1 and reach(b, KIEV) == 0
    b[LOCO + 1] = 4
    st.piles[4] -= 1
    assert reach(b, TSR) == 5
    b[LOCO + 3] = 4
    st.piles[4] -= 1
    assert reach(b, KIEV) == 4


def test_slots_per_line_rr_loco_2_rr_loco_4() -> None:
    """RR-LOCO-2 / RR-LOCO-4: TSR takes 2 locos, StP and Kiev 1; a full line only takes an
    upgrade of a lower loco."""
    st = ready()
    put_locos(st, 0, [4, 3, 3, 3])
    take_out(st, 2, 4)
    take_out(st, 5, 1)
    st.removed_tiles[5] -= 1
    st.fstock[5] = 1  # a factory in the stock, so the tile space asks what to take
    place(st, "tile_top")
    # A 3 cannot go anywhere (no free slot, nothing lower): only factories are offered.
    assert ("take_loco",) not in legal(st)
    refused(st, "RR-LOCO-8", "take_loco")
    put_locos(st, 0, [4, 0, 3, 3])
    assert ("take_loco",) in legal(st)
    act(st, "take_loco")  # a 4: the TSR's free second slot, or replacing a 3
    assert set(legal(st)) == {("loco", 1), ("loco", 2), ("loco", 3)}
    act(st, "loco", 1)
    assert locos(st) == [4, 4, 3, 3]


def test_upgrade_moves_the_old_loco_rr_ex_8_rr_loco_5() -> None:
    """RR-EX-8 / RR-LOCO-5: TSR 3+1, Kiev empty; a 4 replaces the 1, the 1 goes to Kiev."""
    st = ready(2)
    b = st.boards[0]
    put_locos(st, 0, [3, 1, 5, 0])
    take_out(st, 2, 2)
    take_out(st, 3, 1)
    place(st, "tile_top")
    act(st, "take_loco")
    act(st, "loco", 1)  # the 4 replaces the 1
    # RR-LOCO-7: Kiev has no loco, so the 1 must go there (placed at once: one choice).
    assert locos(st) == [3, 4, 5, 1]
    assert reach(b, TSR) == 7


def test_chain_and_factory_rr_ex_9_rr_loco_6_rr_loco_7() -> None:
    """RR-EX-9 / RR-LOCO-6 / RR-LOCO-7: StP 2, Kiev 1, TSR full; a 4 on StP pushes the 2
    to Kiev, the 1 has nowhere to go and becomes a factory. Or stop one step earlier."""
    for stop_early in (False, True):
        st = ready(2)
        put_locos(st, 0, [1, 1, 2, 1])
        take_out(st, 2, 1)
        take_out(st, 3, 2)
        place(st, "tile_top")
        act(st, "take_loco")
        act(st, "loco", 2)  # the 4 on StP; the 2 is displaced
        assert top(st)[0] == F_LOCO and top(st)[2] == 2
        if stop_early:
            act(st, "loco_factory")
            assert locos(st) == [1, 1, 4, 1] and st.fstock[2] == 1
        else:
            assert set(legal(st)) == {("loco", 0), ("loco", 3), ("loco_factory",)}
            act(st, "loco", 3)  # the 2 onto Kiev; the 1 has nowhere to go: a factory
            assert locos(st) == [1, 1, 4, 2] and st.fstock[1] == 1


def test_displaced_loco_must_fill_an_empty_line_rr_loco_7() -> None:
    """RR-LOCO-7: while a line has no loco, a displaced loco must go there."""
    st = ready()
    put_locos(st, 0, [1, 3, 0, 0])
    take_out(st, 2, 4)
    place(st, "tile_top")
    act(st, "take_loco")
    act(st, "loco", 0)  # the 3 replaces the 1
    assert set(legal(st)) == {("loco", 2), ("loco", 3)}
    refused(st, "RR-LOCO-7", "loco_factory")


def test_unplaceable_loco_is_not_offered_rr_loco_8() -> None:
    """RR-LOCO-8 / R-8: no free slot and nothing lower: the loco cannot be taken."""
    st = ready()
    put_locos(st, 0, [9, 9, 9, 9])
    # Only a factory remains possible: the tile space gives the '2' as a factory at once.
    refused(st, "RR-LOCO-8", "place", space("tile_bottom"), 0, 0, 0)
    place(st, "tile_top")
    assert st.boards[0][FACT] == 2


def test_factory_to_leftmost_space_rr_ex_10_rr_fact_1_rr_fact_2() -> None:
    """RR-EX-10 / RR-FACT-1 / RR-FACT-2: a '2' factory side up in the leftmost space."""
    st = ready()
    place(st, "tile_top")
    act(st, "take_factory")
    assert st.boards[0][FACT : FACT + 5] == [2, 0, 0, 0, 0]
    assert FACTORY_EFFECTS[2]  # every number has its factory ability


def test_replace_any_factory_when_full_rr_fact_3() -> None:
    """RR-FACT-3 / R-18: five full: replace any one; the old one goes to the stock."""
    st = ready()
    b = st.boards[0]
    put_factories(st, 0, [2, 3, 4, 5, 6])
    place(st, "tile_top")
    act(st, "take_factory")
    assert top(st)[0] == F_FREPLACE
    act(st, "replace_factory", 4)
    assert b[FACT : FACT + 5] == [2, 3, 4, 5, 2] and st.fstock[6] == 1


def test_factory_from_the_stock_only_for_factories_rr_tile_2() -> None:
    """RR-TILE-2: a factory may come from the factory stock; a loco never does."""
    st = ready()
    st.fstock[7] = 1
    take_out(st, 7, 1)
    st.removed_tiles[7] -= 1
    place(st, "tile_top")
    assert ("take_stock", 7) in legal(st)
    refused(st, "RR-TILE-2", "take_stock", 5)
    act(st, "take_stock", 7)
    assert st.boards[0][FACT] == 7 and st.fstock[7] == 0


def test_three_tile_spaces_rr_tile_3() -> None:
    """RR-TILE-3: top 1 worker, middle 2 workers (loco or factory), bottom both."""
    st = ready()
    before = st.boards[0][26]
    place(st, "tile_middle")
    assert st.boards[0][26] == before - 2
    assert set(legal(st)) >= {("take_loco",), ("take_factory",)}


def test_bottom_space_either_order_rr_ex_11_rr_tile_3() -> None:
    """RR-EX-11 / RR-TILE-3: the last '3' may be the loco or the factory; the other part
    comes from the next pile (or the factory stock for the factory)."""
    for loco_first in (True, False):
        st = ready()
        take_out(st, 2, 4)
        take_out(st, 3, 3)
        place(st, "tile_bottom")
        if loco_first:
            act(st, "take_loco")
            act(st, "loco", 1)
            assert st.boards[0][LOCO + 1] == 3
            assert st.boards[0][FACT] == 4  # the factory from the next pile, taken at once
        else:
            act(st, "take_factory")
            assert st.boards[0][FACT] == 3
            act(st, "loco", 1)
            assert st.boards[0][LOCO + 1] == 4


def test_take_back_your_own_displaced_loco_as_factory_rr_tile_4() -> None:
    """RR-TILE-4: loco first, turn the displaced loco into a factory, take that factory."""
    st = ready(2)
    b = st.boards[0]
    put_locos(st, 0, [1, 0, 1, 1])
    place(st, "tile_bottom")
    act(st, "take_loco")
    act(st, "loco", 3)  # the 2 replaces Kiev's 1
    assert set(legal(st)) == {("loco", 1), ("loco_factory",)}  # TSR's free slot
    act(st, "loco_factory")
    assert st.fstock[1] == 1
    assert ("take_stock", 1) in legal(st)
    act(st, "take_stock", 1)
    assert b[FACT] == 1 and b[LOCO + 3] == 2 and st.fstock[1] == 0


def test_bottom_space_needs_a_loco_in_the_supply_rr_tile_5() -> None:
    """RR-TILE-5: no loco tiles in the supply: the bottom space is closed; the top space
    still gives a factory from the factory stock."""
    st = ready()
    for number in range(2, 10):
        take_out(st, number, 4)
    st.fstock[2] = 1
    st.removed_tiles[2] -= 1
    refused(st, "RR-TILE-5", "place", space("tile_bottom"), 0, 0, 0)
    place(st, "tile_top")
    assert st.boards[0][FACT] == 2


def test_black_not_involved_in_tiles() -> None:
    st = ready()
    place(st, "tile_top")
    assert ("step", TSR, BLACK) not in legal(st)


def test_displaced_loco_may_fill_the_tsr_second_slot_rr_loco_5_r_9() -> None:
    """RR-LOCO-5 / R-9: a displaced loco may fill the Trans-Siberian's empty second slot,
    whatever the TSR already holds. 4 players, set-up seed 0: seat 0 has TSR [6, empty],
    StP 5, Kiev 4, the lowest pile is 7; the 7 onto StP displaces the 5, which may go to
    the TSR's second slot (reach 11), onto Kiev's 4, or become a factory: every line holds
    a loco, so the empty second slot does not force a move (R-9, RR-LOCO-7)."""
    st = ready(4, 0)
    put_locos(st, 0, [6, 0, 5, 4])
    for number in range(2, 7):
        take_out(st, number, st.piles[number])
    place(st, "tile_top")
    act(st, "take_loco")  # the 7
    act(st, "loco", 2)  # replaces StP's 5
    assert top(st)[0] == F_LOCO and top(st)[2] == 5
    assert set(legal(st)) == {("loco", 1), ("loco", 3), ("loco_factory",)}
    act(st, "loco", 1)
    assert locos(st) == [6, 5, 7, 4] and reach(st.boards[0], TSR) == 11


def test_displaced_loco_to_a_smaller_one_or_a_free_slot_rr_loco_5() -> None:
    """RR-LOCO-5: a displaced loco may replace a smaller loco on another line or fill a
    free slot; not a loco as big or bigger, and not its own line."""
    st = ready(2)
    put_locos(st, 0, [5, 0, 2, 1])
    take_out(st, 2, 1)
    take_out(st, 3, 2)
    place(st, "tile_top")
    act(st, "take_loco")  # a 4
    act(st, "loco", 2)  # replaces StP's 2
    assert set(legal(st)) == {("loco", 1), ("loco", 3), ("loco_factory",)}
    refused(st, "RR-LOCO-4", "loco", 0)
    put_locos(st, 0, [1, 0, 4, 5])
    assert set(legal(st)) == {("loco", 0), ("loco", 1), ("loco_factory",)}  # TSR has a 1
    put_locos(st, 0, [1, 1, 4, 5])
    assert set(legal(st)) == {("loco", 0), ("loco_factory",)}  # one of two equal tiles
