"""Advanced tracks (CE-ADV): tiles b01-b03 and c01-c03, the any-card and city-or-goal
icons, wide spaces and how markers on them compare; worked example EX-X."""

from __future__ import annotations

from collections import Counter

import pytest

from kaido.games.cargo_empire import GAME
from kaido.games.cargo_empire.board import EUROPE, DataError, load_components
from kaido.games.cargo_empire.engine import maintenance, settle
from kaido.games.cargo_empire.scoring import goal_value
from kaido.games.cargo_empire.state import F_CARD, F_CITY, F_CITY_GOAL, F_GOAL, F_MOVE
from kaido.games.cargo_empire.track import position
from tests.games.cargo_empire.helpers import act, bare, legal
from tests.games.cargo_empire.test_components import broken

CAR, LOCO, SHIP = range(3)
A01, B01, C01 = 0, 6, 9  # indices of the tiles in EUROPE.track_tiles
UPPER, LOWER = 1, 2  # row bits
RED, YELLOW, BLUE = range(3)


def advanced(players: int = 3):
    """A bare position on a01 (side a), b01 (side a) and c01 (side a)."""
    st = bare(players, tracks="advanced", colours="red,yellow,blue")
    st.track = [2 * A01, 2 * B01, 2 * C01]
    return st


def on_tile3(st, p: int, t: int, row: int, space: int) -> None:
    """Marker t of p on tile slot 3, `row` (UPPER or LOWER), `space` spaces along it."""
    st.rows[3 * p + t] = LOWER | LOWER << 2 | row << 4
    st.marker[3 * p + t] = 5 * 64 + space


def move(st, p: int, t: int, steps: int) -> None:
    st.stack.append([F_MOVE, p, t, steps])
    settle(st, None)


def test_setup_draws_one_a_b_and_c_tile_CE_ADV_1_AMB_42() -> None:
    """CE-ADV-1: a01-a06 left, b01-b03 middle, c01-c03 right; AMB-42: sides at random."""
    seen = Counter()
    for seed in range(40):
        st = GAME.setup(GAME.make_options(players=3, tracks="advanced"), seed)
        ids = [EUROPE.track_tiles[code // 2][code % 2].id for code in st.track]
        assert [i[0] for i in ids] == ["a", "b", "c"]
        seen.update((i, code % 2) for i, code in zip(ids, st.track, strict=True))
    assert {side for _, side in seen} == {0, 1}
    assert {i for i, _ in seen} >= {"b01", "b02", "b03", "c01", "c02", "c03"}


def test_basic_setup_keeps_to_a_tiles_CE_SET_3() -> None:
    """CE-SET-3, AMB-1: without the variant, three of a01-a06."""
    for seed in range(20):
        st = GAME.setup(GAME.make_options(players=3), seed)
        assert all(code // 2 < 6 for code in st.track) and len(set(st.track)) == 3


def test_mixed_setup_ignores_letters_CE_ADV_2() -> None:
    """CE-ADV-2: by consent all tiles at random, letters ignored: b and c tiles turn up in
    any slot, a tiles in the middle and right."""
    slots = [set() for _ in range(3)]
    for seed in range(60):
        st = GAME.setup(GAME.make_options(players=3, tracks="mixed"), seed)
        assert len({code // 2 for code in st.track}) == 3
        for slot, code in enumerate(st.track):
            slots[slot].add(EUROPE.track_tiles[code // 2][0].id[0])
    assert all(letters == {"a", "b", "c"} for letters in slots)


def test_any_card_icon_CE_ADV_3() -> None:
    """CE-ADV-3: the any-card icon gives any 1 transport card, the player's choice."""
    st = advanced()
    on_tile3(st, RED, CAR, LOWER, 2)  # c01 a lower: car, -, loco, any
    move(st, RED, CAR, 1)
    assert st.stack[-1] == [F_CARD, RED]
    assert legal(st) == [("take_card", 0), ("take_card", 1), ("take_card", 2)]
    act(st, "take_card", SHIP)
    assert st.cards[3 * RED : 3 * RED + 3] == [0, 0, 1]


def test_city_or_goal_icon_CE_ADV_4() -> None:
    """CE-ADV-4: a city card as CE-DEV-15 (from the display) or goal cards as CE-DEV-18
    (draw 2, keep 1)."""
    st = advanced()
    on_tile3(st, RED, CAR, UPPER, 1)  # c01 a upper: -*2, -, city_or_goal
    move(st, RED, CAR, 1)
    assert st.stack[-1] == [F_CITY_GOAL, RED]
    taker = st.copy()
    act(taker, "city_or_goal", 0)
    assert taker.stack[-1] == [F_CITY, RED]
    act(taker, "city_card", 0)
    assert len(taker.pcities[RED]) == 1 and len(taker.display) == 4
    held = len(st.goals[RED])
    act(st, "city_or_goal", 1)
    assert st.stack[-1][0] == F_GOAL and len(st.stack[-1]) == 4
    act(st, "keep_goal", max(st.stack[-1][2:4]))
    assert len(st.goals[RED]) == held + 1


def test_a_wide_space_is_one_step_CE_ADV_5() -> None:
    """CE-ADV-5: moving, a wide space counts as 1 space, so the wide row runs ahead: 2
    steps from the intermediate space reach column 3 of c01's upper row, column 2 below."""
    st = advanced()
    for p, row in ((RED, UPPER), (YELLOW, LOWER)):
        st.rows[3 * p + CAR] = LOWER | LOWER << 2 | row << 4
        st.marker[3 * p + CAR] = 4 * 64  # the intermediate space before tile 3
        move(st, p, CAR, 2)
        assert st.marker[3 * p + CAR] == 5 * 64 + 1
    start = position(st, 3 * BLUE + CAR)
    assert position(st, 3 * RED + CAR) == position(st, 3 * YELLOW + CAR) + 1 != start


def test_ex_x_wide_space_stands_level_with_the_rightmost_space_CE_ADV_6() -> None:
    """EX-X, CE-ADV-6: red on the upper wide space counts level with blue on the rightmost
    lower space of those columns; both lead yellow; red, earlier in turn order, wins the
    car comparison and starts the next round. Blue earlier: blue wins the tie."""
    st = advanced()
    st.stack = []
    on_tile3(st, RED, CAR, UPPER, 0)  # -*2: columns 1-2 of c01
    on_tile3(st, BLUE, CAR, LOWER, 1)  # the lower row's space in column 2
    on_tile3(st, YELLOW, CAR, LOWER, 0)
    assert position(st, 3 * RED + CAR) == position(st, 3 * BLUE + CAR)
    assert position(st, 3 * YELLOW + CAR) < position(st, 3 * RED + CAR)
    other = st.copy()
    st.order = [YELLOW, RED, BLUE]
    maintenance(st, None)
    assert st.order[0] == RED
    other.order = [BLUE, YELLOW, RED]
    maintenance(other, None)
    assert other.order[0] == BLUE


def test_track_goals_compare_wide_spaces_the_same_way_CE_ADV_7() -> None:
    """CE-ADV-7, CE-GOAL-22: in final scoring too, red on the wide space is level with blue
    (not ahead of it) and ahead of yellow."""
    st = advanced()
    on_tile3(st, RED, CAR, UPPER, 0)
    on_tile3(st, BLUE, CAR, LOWER, 1)
    on_tile3(st, YELLOW, CAR, LOWER, 0)
    car_goal = EUROPE.goals[21]
    assert goal_value(st, RED, car_goal) == 5  # only yellow behind (3 players: 5 VP)
    assert goal_value(st, BLUE, car_goal) == 5
    assert goal_value(st, YELLOW, car_goal) == 0


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('upper = ["car", "city", "loco", "-"]', 'upper = ["car*2", "loco", "-"]', "only c tiles"),
        ('lower = ["-", "-*2", "goal"]', 'lower = ["-", "-*2", "goal", "-"]', "same columns"),
        ('upper = ["-*3", "city_or_goal"]', 'upper = ["-*4"]', "2 or 3 wide"),
        ('"ship", "any", "any+step"]', '"ship", "any"]', "5 spaces"),
    ],
)
def test_loader_checks_the_advanced_tiles(tmp_path, old: str, new: str, message: str) -> None:
    """DATA-7: the designed b and c tiles are checked on load like every component."""
    folder = broken(tmp_path, "development.toml", old, new)
    with pytest.raises(DataError, match=message):
        load_components(folder)
