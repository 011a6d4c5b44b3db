"""Maintenance (CE-MNT), final scoring (CE-END) and the 24 goal cards (CE-GOAL);
worked examples EX-M, EX-N, EX-O."""

from __future__ import annotations

import pytest

from kaido.games.cargo_empire import GAME
from kaido.games.cargo_empire.board import CITY_COLOURS, EUROPE
from kaido.games.cargo_empire.engine import maintenance
from kaido.games.cargo_empire.scoring import (
    category_scores,
    goal_value,
    goal_values,
    ranking_keys,
)
from kaido.games.cargo_empire.state import BLANK, F_CARD
from tests.games.cargo_empire.helpers import act, bare, c

ANA, BOB, KARL, DAVID = range(4)


def at(st, p: int, t: int, steps: int) -> None:
    """Put marker t of p `steps` spaces along the track (lower rows)."""
    st.rows[3 * p + t] = 2 | 2 << 2 | 2 << 4
    seg, space = 0, 0
    for _ in range(steps):
        length = 4 if seg % 2 else 1
        if seg == 0 or (space + 1 >= length and seg < 6):
            seg, space = seg + 1, 0
        else:
            space += 1
    st.marker[3 * p + t] = seg * 64 + space


def test_ex_m_maintenance_CE_MNT_2_to_11() -> None:
    """EX-M: car Ana = Bob, Ana earlier: space 1, car card; locomotive Karl: space 2;
    ship Bob = David, David earlier: space 3, ship card; Bob space 4, any card (a ship).
    Clauses: CE-MNT-2, CE-MNT-4, CE-MNT-5, CE-MNT-6, CE-MNT-7, CE-MNT-8."""
    st = bare()
    st.order = [DAVID, ANA, KARL, BOB]
    st.stack = []
    at(st, ANA, 0, 5), at(st, BOB, 0, 5), at(st, KARL, 0, 2), at(st, DAVID, 0, 1)
    at(st, KARL, 1, 4), at(st, BOB, 1, 3)
    at(st, BOB, 2, 6), at(st, DAVID, 2, 6)
    maintenance(st, None)
    assert st.order == [ANA, KARL, DAVID, BOB]
    assert st.cards[3 * ANA : 3 * ANA + 3] == [1, 0, 0]
    assert st.cards[3 * KARL : 3 * KARL + 3] == [0, 1, 0]
    assert st.cards[3 * DAVID : 3 * DAVID + 3] == [0, 0, 1]
    assert st.stack[-1] == [F_CARD, BOB]
    act(st, "take_card", 2)
    assert st.cards[3 * BOB : 3 * BOB + 3] == [0, 0, 1]


@pytest.mark.parametrize(("players", "bonuses"), [(2, [0, 1]), (3, [0, 1, 2])])
def test_fewer_players_use_fewer_spaces_CE_MNT_9(players: int, bonuses: list[int]) -> None:
    """CE-MNT-9, CE-MNT-3: N = 2 uses spaces 1-2 (no ship card), N = 3 spaces 1-3; the last
    player takes the last space; CE-MNT-10: one card each."""
    st = bare(players)
    st.stack = []
    maintenance(st, None)
    for place, p in enumerate(st.order):
        got = st.cards[3 * p : 3 * p + 3]
        assert sum(got) == 1 and got[bonuses[place]] == 1
    assert not any(st.cards[3 * p + 2] for p in range(players)) or players == 3


def test_maintenance_only_after_rounds_1_and_2_CE_MNT_1_CE_TURN_1() -> None:
    """CE-TURN-1, CE-MNT-1, CE-MNT-11, CE-TURN-2: 3 rounds of 4 turns each; maintenance
    (a new order) after rounds 1 and 2 only; the game ends after round 3's actions."""
    from kaido.core.rng import Rng

    st = GAME.setup(GAME.make_options(players=3), 5)
    rng = Rng(5)
    turns = [0] * 3
    orders = []
    while not GAME.is_over(st):
        legal_now = GAME.legal_actions(st)
        events = GAME.apply(st, legal_now[rng.below(len(legal_now))], narrate=True)
        orders += [e.data["order"] for e in events if e.kind == "order"]
        turns = [max(t, 4 * (st.round - 1) + (4 - st.left[p])) for p, t in enumerate(turns)]
    assert len(orders) == 2 and st.round == 3 and turns == [12, 12, 12]
    assert all(left == 0 for left in st.left)


def test_ex_n_and_ex_o_track_and_level_3_VP_CE_END_2_CE_END_3() -> None:
    """EX-N: Ana 22, Bob 20, Karl 14 + 4 (two markers), David 0; EX-O: 3 VP per post in a
    level-3 city: Ana 5 -> 15, Bob 2 -> 6, Karl 6 -> 18, David 3 -> 9 (CE-END-2, CE-END-3)."""
    st = bare()
    zone = list(EUROPE.vp_zone)
    for p, t, vp in ((ANA, 0, 22), (BOB, 1, 20), (KARL, 0, 14), (KARL, 2, 4)):
        st.marker[3 * p + t] = 6 * 64 + zone.index(vp)
    level3 = [x for x in range(EUROPE.cities)][:6]
    for x in level3:
        st.level[x], st.tile[x] = 3, -1
    for p, posts in ((ANA, 5), (BOB, 2), (KARL, 6), (DAVID, 3)):
        for k in range(posts):
            st.tp[level3[k % 6] * st.n + p] += 1
    st.tp[c("Rome") * st.n + DAVID] = 1  # a level-1 city: no VP
    scores = [category_scores(st, p)[:2] for p in range(4)]
    assert scores == [(22, 15), (20, 6), (18, 18), (0, 9)]


def test_posts_in_a_level_2_city_score_nothing_CE_END_3() -> None:
    """CE-END-3: the 3 VP per post are for level-3 cities only. Ana's two trading posts in
    a level-2 city score nothing; the same posts once the city is level 3 score 6."""
    st = bare()
    city = c("Rome")
    st.level[city] = 2
    st.tp[city * st.n + ANA] = 2
    assert category_scores(st, ANA)[1] == 0
    st.level[city], st.tile[city] = 3, -1
    assert category_scores(st, ANA)[1] == 6


def test_city_cards_and_tie_breaks_CE_END_4_to_10() -> None:
    """CE-END-4: 5 VP per city card, blanks included; CE-END-6..9: highest total, then
    categories 1, 2, 3, 4 (CE-END-7, CE-END-8), then earliest in turn order (CE-END-9);
    CE-END-10: cards, cubes nothing;
    CE-END-1, CE-END-5: the four categories, goals revealed at the end."""
    st = bare(2)
    st.goals = [[], []]
    st.pcities = [[c("Rome"), BLANK], [c("Oslo")]]
    st.cards = [5, 5, 5, 0, 0, 0]
    st.cubes = [9, 0]
    assert category_scores(st, 0) == (0, 0, 10, 0) and category_scores(st, 1)[2] == 5
    keys = ranking_keys(st, [(0, 3, 5, 0), (3, 0, 5, 0)])
    assert keys[1] > keys[0]  # equal totals: category 1 decides
    keys = ranking_keys(st, [(2, 3, 0, 0), (2, 0, 3, 0)])
    assert keys[0] > keys[1]  # then category 2
    keys = ranking_keys(st, [(0, 0, 5, 0), (0, 0, 0, 5)])
    assert keys[0] > keys[1]  # then category 3 (before 4)
    st.order = [1, 0]
    keys = ranking_keys(st, [(1, 1, 1, 1), (1, 1, 1, 1)])
    assert keys[1] > keys[0]  # then turn order
    st.final = [(1, 1, 1, 1), (1, 1, 1, 1)]
    st.phase = 2
    assert GAME.result(st).ranks == (2, 1)
    assert GAME.view(st, None)["players"][0]["goals"] == []


def present_in(st, p: int, names: list[str]) -> None:
    for name in names:
        st.tp[c(name) * st.n + p] = 1


def cities_of(colour: str, harbour: bool | None = None) -> list[str]:
    k = CITY_COLOURS.index(colour)
    return [
        n
        for n, col, h in zip(EUROPE.names, EUROPE.colours, EUROPE.harbour, strict=True)
        if col == k and (harbour is None or h == harbour)
    ]


def value(st, p: int, goal: int) -> int:
    return goal_value(st, p, EUROPE.goals[goal - 1])


@pytest.mark.parametrize(
    ("goal", "a", "b"),
    [(1, "red", "blue"), (2, "red", "green"), (3, "red", "yellow"), (4, "blue", "green"),
     (5, "blue", "yellow"), (6, "yellow", "green")],
)  # fmt: skip
def test_colour_pair_goals_CE_GOAL_1_to_6(goal: int, a: str, b: str) -> None:
    """CE-GOAL-1, CE-GOAL-2, CE-GOAL-3, CE-GOAL-4, CE-GOAL-5, CE-GOAL-6 (AMB-8): 3 VP per
    set of a city of each colour where present."""
    st = bare()
    present_in(st, 0, cities_of(a)[:3] + cities_of(b)[:2])
    assert value(st, 0, goal) == 6
    st.dem[2 * c(cities_of(b)[3])] = 0  # presence by a demand post counts (CE-DEF-1)
    assert value(st, 0, goal) == 9


def test_goal_values_for_reports_CE_GOAL_1() -> None:
    """CE-GOAL-1: a kept goal card's value as the balance figure `kaido report` averages:
    the mean over the seats that kept the card, and no figure for a card nobody kept."""
    st = bare()
    st.goals = [[1], [1, 7], [], []]
    present_in(st, 0, cities_of("red")[:3] + cities_of("blue")[:2])  # goal 1: 6 VP
    present_in(st, 1, ["Riga", "Rome", "Oslo", "Warsaw"])  # goal 7: 3 VP
    assert (value(st, 0, 1), value(st, 1, 1), value(st, 1, 7)) == (6, 3, 3)
    assert goal_values(st) == {"goal 01: VP when kept": 4.5, "goal 07: VP when kept": 3.0}
    assert GAME.balance(st, [])["goal 07: VP when kept"] == 3.0


def test_harbour_and_four_colour_sets_CE_GOAL_7_CE_GOAL_8() -> None:
    """CE-GOAL-7: harbour + inland sets; CE-GOAL-8: 6 VP per set of all four colours."""
    st = bare()
    present_in(st, 0, ["Riga", "Rome", "Oslo", "Warsaw"])
    assert value(st, 0, 7) == 3
    present_in(st, 1, [cities_of(k)[0] for k in CITY_COLOURS] + cities_of("red")[1:3])
    assert value(st, 1, 8) == 6


def test_network_goal_CE_GOAL_9() -> None:
    """CE-GOAL-9: 1 VP per city of the largest network linked by land routes."""
    st = bare()
    present_in(st, 0, ["Warsaw", "Riga", "Moscow", "Rome", "Milan"])
    assert value(st, 0, 9) == 3


@pytest.mark.parametrize(
    ("goal", "colour"), [(10, "red"), (11, "blue"), (12, "green"), (13, "yellow")]
)
def test_colour_count_goals_CE_GOAL_10_to_13(goal: int, colour: str) -> None:
    """CE-GOAL-10, CE-GOAL-11, CE-GOAL-12, CE-GOAL-13 (AMB-6): 6 cities 12 VP; 4-5 6 VP."""
    st = bare()
    names = cities_of(colour)
    present_in(st, 0, names[:3])
    assert value(st, 0, goal) == 0
    present_in(st, 0, names[3:4])
    assert value(st, 0, goal) == 6
    present_in(st, 0, names[4:])
    assert value(st, 0, goal) == 12


def test_harbour_inland_level2_counts_CE_GOAL_14_15_17() -> None:
    """CE-GOAL-14, CE-GOAL-15, CE-GOAL-17: 6+ 10 VP, 4-5 5 VP."""
    st = bare()
    harbours = [n for n, h in zip(EUROPE.names, EUROPE.harbour, strict=True) if h]
    inland = [n for n, h in zip(EUROPE.names, EUROPE.harbour, strict=True) if not h]
    present_in(st, 0, harbours[:6] + inland[:4])
    assert (value(st, 0, 14), value(st, 0, 15)) == (10, 5)
    for name in harbours[:5]:
        st.level[c(name)] = 2
    assert value(st, 0, 17) == 5
    st.level[c(inland[0])] = 2
    assert value(st, 0, 17) == 10


def test_level_3_and_post_goals_CE_GOAL_18_to_20_AMB_7() -> None:
    """CE-GOAL-18: 3 per level-3 city where present; CE-GOAL-19 (AMB-7): 10 once for 4
    posts in one city; CE-GOAL-20: 3 per city with 2+ posts."""
    st = bare()
    for name in ("Rome", "Oslo"):
        st.level[c(name)], st.tile[c(name)] = 3, -1
    st.tp[c("Rome") * st.n] = 4
    st.tp[c("Oslo") * st.n] = 1
    st.tp[c("Riga") * st.n] = 1
    st.dem[2 * c("Riga")] = 0
    assert value(st, 0, 18) == 6
    assert value(st, 0, 19) == 10
    assert value(st, 0, 20) == 6
    st.tp[c("Oslo") * st.n] = 4
    assert value(st, 0, 19) == 10


def test_held_cards_goals_CE_GOAL_16_CE_GOAL_21() -> None:
    """CE-GOAL-16: city cards 5 -> 10, 3-4 -> 5; CE-GOAL-21 (AMB-9): goal cards, itself
    included."""
    st = bare()
    st.pcities[0] = [1, 2, BLANK]
    st.goals[0] = [21, 1, 2]
    assert value(st, 0, 16) == 5 and value(st, 0, 21) == 5
    st.pcities[0] += [3, 4]
    st.goals[0] += [3, 4]
    assert value(st, 0, 16) == 10 and value(st, 0, 21) == 10


@pytest.mark.parametrize(("players", "vp"), [(2, 8), (3, 5), (4, 4)])
def test_markers_behind_goals_CE_GOAL_22_to_25(players: int, vp: int) -> None:
    """CE-GOAL-22, CE-GOAL-23, CE-GOAL-24 (CE-DEF-9, CE-DEF-10): per other marker behind
    yours, by player count; CE-GOAL-25 (AMB-10): equal positions give nothing, unmoved = 0."""
    st = bare(players)
    for t, goal in enumerate((22, 23, 24)):
        at(st, 0, t, 3)
        at(st, 1, t, 3)
        assert value(st, 0, goal) == vp * (players - 2)
        at(st, 1, t, 2)
        assert value(st, 0, goal) == vp * (players - 1)
