"""Set-up: board, robber, snake placement, starting resources (CT-SETUP, CT-EX-13)."""

from __future__ import annotations

from kaido.agents import RandomAgent
from kaido.core.rng import Rng
from kaido.games.catan import GAME
from kaido.games.catan.board import (
    CORNER_HEXES,
    HEX_NEIGHBORS,
    VERTEX_EDGES,
    VERTEX_HEXES,
    random_board,
    red_numbers_touch,
    spiral,
)
from kaido.games.catan.state import PRE_ROLL, SETUP_ROAD, SETUP_SETTLEMENT
from tests.games.catan.helpers import act, check, refused


def test_robber_starts_on_the_desert_CT_SETUP_1() -> None:
    """CT-SETUP-1."""
    for layout in ("beginner", "random"):
        for seed in range(5):
            s = GAME.setup(GAME.make_options(players=4, layout=layout), seed)
            assert s.robber == s.board.desert
            assert s.board.terrain[s.robber] == "desert"


def test_random_layout_lays_letters_along_the_spiral_CT_SETUP_3() -> None:
    """CT-SETUP-3."""
    letters = [5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11]
    for seed in range(30):
        board = random_board(Rng(seed))
        assert not red_numbers_touch(list(board.number))  # no 6 and 8 touch
        assert any(
            [board.number[h] for h in spiral(c) if h != board.desert] == letters
            for c in CORNER_HEXES
        )
        assert sorted(board.harbours) == [0, 1, 2, 3, 4, 5, 5, 5, 5]
    assert len({random_board(Rng(seed)).terrain for seed in range(10)}) == 10
    # The 6s and 8s never touch:
    board = random_board(Rng(3))
    for h, number in enumerate(board.number):
        if number in (6, 8):
            assert all(board.number[g] not in (6, 8) for g in HEX_NEIGHBORS[h])


def place_first_legal(s) -> list[int]:  # type: ignore[no-untyped-def]
    """Play the whole set-up, each player taking the first legal site and road; the
    order of players who placed."""
    order = []
    while s.phase in (SETUP_SETTLEMENT, SETUP_ROAD):
        order.append(GAME.to_move(s))
        GAME.apply(s, GAME.legal_actions(s)[0])
    return order


def test_snake_order_settlement_then_road_CT_SETUP_4_CT_SETUP_7() -> None:
    """CT-SETUP-4, CT-SETUP-7."""
    s = GAME.setup(GAME.make_options(players=4), 11)
    start = s.setup_order[0]
    movers = place_first_legal(s)
    first = [(start + i) % 4 for i in range(4)]
    expected = [p for p in first + first[::-1] for _ in range(2)]
    assert movers == expected
    assert s.phase == PRE_ROLL and s.turn == start  # CT-SETUP-7
    starts = {GAME.setup(GAME.make_options(players=4), seed).setup_order[0] for seed in range(40)}
    assert starts == {0, 1, 2, 3}  # drawn from the seeded generator


def test_setup_road_touches_the_new_settlement_CT_SETUP_4() -> None:
    """CT-SETUP-4."""
    s = GAME.setup(GAME.make_options(players=3), 2)
    v = 23
    act(s, "settlement", v)
    assert sorted(a.args[0] for a in GAME.legal_actions(s)) == sorted(VERTEX_EDGES[v])
    assert refused(s, "road", 0) == "CT-SETUP-4"
    assert refused(s, "settlement", 30) == "CT-SETUP-4"


def test_distance_rule_but_no_connection_and_free_CT_SETUP_5() -> None:
    """CT-SETUP-5."""
    s = GAME.setup(GAME.make_options(players=3), 2)
    act(s, "settlement", 23)
    act(s, "road", VERTEX_EDGES[23][0])
    assert refused(s, "settlement", 23) == "CT-SETTLE-1"
    assert refused(s, "settlement", 18) == "CT-SETUP-5"  # next to 23
    act(s, "settlement", 0)  # far away, no road needed
    assert sum(s.hand) == 0 and s.bank == [19] * 5  # cost nothing, first round pays nothing


def test_second_settlement_yields_its_hexes_CT_SETUP_6() -> None:
    """CT-SETUP-6."""
    s = GAME.setup(GAME.make_options(players=3, layout="beginner"), 4)
    sites = [23, 0, 45, 30, 10, 50]  # 30 touches the desert
    for v in sites:
        p = GAME.to_move(s)
        act(s, "settlement", v)
        act(s, "road", GAME.legal_actions(s)[0].args[0])
        kinds = sorted(s.board.resource[h] for h in VERTEX_HEXES[v] if s.board.resource[h] >= 0)
        held = sorted(k for k in range(5) for _ in range(s.hand[p * 5 + k]))
        if s.setup_step <= 3:
            assert held == []
        else:
            assert held == kinds
    check(s)


def test_everyone_starts_with_two_points_CT_SETUP_2_CT_EX_13() -> None:
    """CT-SETUP-2, CT-EX-13."""
    for players in (3, 4):
        for seed in range(10):
            s = GAME.setup(GAME.make_options(players=players), seed)
            agents = [RandomAgent(seed + p) for p in range(players)]
            while s.phase in (SETUP_SETTLEMENT, SETUP_ROAD):
                GAME.apply(s, agents[GAME.to_move(s)].choose(GAME, s))
            assert s.vp == [2] * players
            assert [s.pieces[p * 3 : p * 3 + 3] for p in range(players)] == [[13, 3, 4]] * players
            check(s)
