"""Turn order, production, the 7 and the robber (CT-TURN, CT-PROD, CT-BANK, CT-SEVEN,
CT-ROBBER, CT-BOARD)."""

from __future__ import annotations

from kaido.games.catan import GAME
from kaido.games.catan.board import (
    COAST_EDGES,
    EDGE_VERTICES,
    HEX_VERTICES,
    NUM_EDGES,
    NUM_VERTICES,
    VERTEX_HEXES,
    beginner_board,
    edge_between,
)
from kaido.games.catan.state import DISCARD, MAIN, PRE_ROLL, ROBBER
from tests.games.catan.helpers import (
    act,
    blank,
    check,
    city,
    corner,
    give,
    hand,
    legal,
    refused,
    roll,
    settle,
)

# Beginner board hexes used below: 0 forest 6, 1 pasture 3, 4 mountains 4, 8 hills 9,
# 9 desert, 10 mountains 6, 16 hills 8, 17 pasture 4.


def test_each_terrain_yields_its_resource_CT_BOARD_1() -> None:
    """CT-BOARD-1."""
    board = beginner_board()
    kinds = {t: board.resource[h] for h, t in enumerate(board.terrain)}
    assert kinds == {
        "forest": 0,
        "hills": 1,
        "pasture": 2,
        "fields": 3,
        "mountains": 4,
        "desert": -1,
    }
    s = blank()
    settle(s, 1, corner(0, 0))  # forest 6 only (coast)
    roll(s, 6)
    assert hand(s, 1) == {"lumber": 1}


def test_desert_never_produces_CT_BOARD_2() -> None:
    """CT-BOARD-2."""
    s = blank()
    desert = beginner_board().desert
    assert beginner_board().number[desert] == 0
    settle(s, 1, corner(desert, 0))  # touches the desert, hex 4 (4) and hex 5 (5)
    for total in (2, 3, 8, 9, 10, 11, 12):
        roll(s, total)
    assert hand(s, 1) == {}


def test_paths_and_intersections_CT_BOARD_3_CT_BOARD_4_CT_BOARD_5_CT_BOARD_6() -> None:
    """CT-BOARD-3, CT-BOARD-4, CT-BOARD-5, CT-BOARD-6."""
    assert NUM_EDGES == 72 and NUM_VERTICES == 54 and len(COAST_EDGES) == 30
    assert all(1 <= len(hexes) <= 3 for hexes in VERTEX_HEXES)
    coastal = [v for v in range(NUM_VERTICES) if len(VERTEX_HEXES[v]) < 3]
    assert len(coastal) == 30
    s = blank()
    a, _b = EDGE_VERTICES[COAST_EDGES[0]]
    settle(s, 0, a)  # a coastal intersection (CT-BOARD-6)
    give(s, 0, lumber=2, brick=2)
    act(s, "road", COAST_EDGES[0])  # a coastal path
    assert refused(s, "road", COAST_EDGES[0]) == "CT-BOARD-3"  # one road per path
    v = corner(4, 2)  # touches mountains 4, fields 5 and the desert... three hexes
    assert len(VERTEX_HEXES[v]) == 3


def test_number_tokens_CT_BOARD_7() -> None:
    """CT-BOARD-7."""
    from kaido.core.rng import Rng
    from kaido.games.catan.board import random_board

    expected = [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]
    assert sorted(n for n in beginner_board().number if n) == expected
    for seed in range(20):
        board = random_board(Rng(seed))
        assert sorted(n for n in board.number if n) == expected
        assert board.number[board.desert] == 0


def test_roll_comes_first_CT_TURN_1() -> None:
    """CT-TURN-1."""
    s = blank()
    s.phase = PRE_ROLL
    settle(s, 0, corner(8, 0))
    give(s, 0, lumber=1, brick=1)
    assert [a.kind for a in GAME.legal_actions(s)] == ["roll"]
    assert refused(s, "road", edge_between(corner(8, 0), corner(8, 1))) == "CT-TURN-1"
    assert refused(s, "end") == "CT-TURN-1"


def test_roll_then_production_then_free_play_CT_TURN_2() -> None:
    """CT-TURN-2."""
    s = blank()
    settle(s, 0, corner(0, 0))
    events = roll(s, 6)
    assert [e.kind for e in events] == ["roll", "produce"]
    assert s.phase == MAIN and hand(s, 0) == {"lumber": 1}
    assert refused(s, "roll") == "CT-TURN-1"


def test_turn_passes_clockwise_CT_TURN_4() -> None:
    """CT-TURN-4."""
    s = blank(players=3)
    for expected in (1, 2, 0, 1):
        act(s, "end")
        assert s.turn == expected and s.phase == PRE_ROLL
        s.phase = MAIN


def test_production_for_everyone_settlement_one_city_two_CT_PROD_1() -> None:
    """CT-PROD-1."""
    s = blank()
    settle(s, 0, corner(0, 0))
    city(s, 2, corner(0, 2))
    s.turn = 1
    roll(s, 6)  # player 1 rolls; forest 6 pays players 0 and 2
    assert hand(s, 0) == {"lumber": 1} and hand(s, 2) == {"lumber": 2} and hand(s, 1) == {}


def test_robber_hex_produces_nothing_CT_PROD_2_CT_ROBBER_3() -> None:
    """CT-PROD-2, CT-ROBBER-3."""
    s = blank()
    settle(s, 0, corner(0, 0))
    s.robber = 0
    roll(s, 6)
    assert hand(s, 0) == {}


def test_building_on_two_rolled_hexes_gets_both_CT_PROD_3() -> None:
    """CT-PROD-3."""
    from kaido.games.catan.board import Board

    board = beginner_board()
    numbers = list(board.number)
    numbers[4], numbers[11] = 9, 4  # mountains 9 now touches hills 9 (hex 8)
    s = blank()
    s.board = Board("beginner", list(board.terrain), numbers, list(board.harbours))
    shared = next(v for v in HEX_VERTICES[4] if v in HEX_VERTICES[8])
    settle(s, 0, shared)
    roll(s, 9)
    assert hand(s, 0) == {"brick": 1, "ore": 1}


def test_bank_shortage_nobody_gets_that_resource_CT_BANK_1() -> None:
    """CT-BANK-1."""
    s = blank()
    settle(s, 0, corner(0, 0))  # forest 6
    city(s, 1, corner(0, 2))  # forest 6
    settle(s, 2, corner(10, 0))  # mountains 6
    s.bank[0] = 2  # lumber owed: 1 + 2 = 3 > 2
    roll(s, 6)
    assert hand(s, 0) == {} and hand(s, 1) == {}
    assert hand(s, 2) == {"ore": 1}  # other resources are paid normally
    assert s.bank[0] == 2


def test_bank_shortage_single_recipient_option_R_2_CT_BANK_1() -> None:
    """CT-BANK-1, R-2."""
    for option, expected in ((False, {}), (True, {"lumber": 1})):
        s = blank(shortage_single_recipient=option)
        city(s, 0, corner(0, 0))
        s.bank[0] = 1
        roll(s, 6)
        assert hand(s, 0) == expected


def test_seven_produces_nothing_and_discards_half_CT_SEVEN_1_CT_SEVEN_2_CT_EX_2() -> None:
    """CT-SEVEN-1, CT-SEVEN-2, CT-EX-2.

    L23-24: A rolls 7 with 6 cards, B holds 8, C 11: A returns 0, B 4, C 5."""
    s = blank(players=3)
    settle(s, 1, corner(0, 0))
    give(s, 0, lumber=6)
    give(s, 1, brick=8)
    give(s, 2, wool=5, grain=6)
    s.dev[2 * 5 + 0] = 3  # development cards neither count nor are discarded
    for _ in range(3):
        s.deck.remove(0)
    events = roll(s, 7)
    assert [e.kind for e in events] == ["roll", "must_discard"]
    assert s.discard_left == [0, 4, 5] and s.phase == DISCARD
    assert GAME.to_move(s) == 1  # in turn order from the roller
    assert refused(s, "discard", 0) == "CT-SEVEN-2"
    assert refused(s, "end") == "CT-SEVEN-2"
    for _ in range(4):
        act(s, "discard", 1)
    assert GAME.to_move(s) == 2
    bank_lumber = s.bank[0]
    for _ in range(5):
        act(s, "discard", 3)
    assert hand(s, 1) == {"brick": 4} and hand(s, 2) == {"wool": 5, "grain": 1}
    assert s.bank[0] == bank_lumber and s.phase == ROBBER
    assert s.dev[2 * 5 + 0] == 3
    check(s)


def test_seven_cards_are_kept_eight_discard_CT_SEVEN_2() -> None:
    """CT-SEVEN-2: more than 7 (8 or more) discard; a hand of exactly 7 keeps every card,
    the roller's included."""
    s = blank()
    give(s, 0, lumber=7)
    give(s, 1, ore=4, grain=3)
    give(s, 2, wool=8)
    roll(s, 7)
    assert s.discard_left == [0, 0, 4, 0] and GAME.to_move(s) == 2
    s = blank()
    give(s, 0, lumber=7)
    give(s, 3, brick=7)
    roll(s, 7)
    assert s.discard_left == [0, 0, 0, 0] and s.phase == ROBBER


def test_nine_cards_return_four_CT_SEVEN_2() -> None:
    """CT-SEVEN-2."""
    s = blank()
    give(s, 2, ore=9)
    roll(s, 7)
    assert s.discard_left == [0, 0, 4, 0]


def test_after_discards_the_roller_moves_the_robber_then_plays_on_CT_SEVEN_3_CT_SEVEN_4() -> None:
    """CT-SEVEN-3, CT-SEVEN-4."""
    s = blank()
    roll(s, 7)
    assert s.phase == ROBBER and GAME.to_move(s) == 0
    act(s, "robber", 0, -1)
    assert s.robber == 0 and s.phase == MAIN
    give(s, 0, ore=4)
    assert (4, 4, 0) in legal(s, "maritime")  # trading and building follow (CT-TURN-5)


def test_robber_moves_only_on_seven_or_knight_CT_ROBBER_1() -> None:
    """CT-ROBBER-1."""
    s = blank()
    assert refused(s, "robber", 0, -1) == "CT-ROBBER-1"


def test_robber_must_move_elsewhere_desert_allowed_CT_ROBBER_2() -> None:
    """CT-ROBBER-2."""
    s = blank()
    s.robber = 0
    roll(s, 7)
    assert refused(s, "robber", 0, -1) == "CT-ROBBER-2"
    desert = beginner_board().desert
    assert (desert, -1) in legal(s, "robber")
    assert len(legal(s, "robber")) == 18


def test_steal_from_a_chosen_adjacent_opponent_CT_ROBBER_4() -> None:
    """CT-ROBBER-4."""
    s = blank()
    settle(s, 0, corner(4, 0))  # own building: never a victim
    settle(s, 1, corner(4, 2))
    settle(s, 2, corner(4, 4))
    give(s, 1, wool=2)
    roll(s, 7)
    assert sorted(x for x in legal(s, "robber") if x[0] == 4) == [(4, 1), (4, 2)]
    assert refused(s, "robber", 4, -1) == "CT-ROBBER-4"
    assert refused(s, "robber", 4, 3) == "CT-ROBBER-4"
    act(s, "robber", 4, 1)
    assert hand(s, 0) == {"wool": 1} and hand(s, 1) == {"wool": 1}


def test_blind_steal_and_empty_victim_CT_ROBBER_5() -> None:
    """CT-ROBBER-5."""
    s = blank()
    settle(s, 1, corner(4, 2))
    roll(s, 7)
    events = act(s, "robber", 4, 1)  # player 1 holds nothing: nothing is taken
    assert hand(s, 0) == {} and not events[-1].data["stolen"]
    s2 = blank()
    settle(s2, 1, corner(4, 2))
    give(s2, 1, ore=1)
    roll(s2, 7)
    events = act(s2, "robber", 4, 1)
    robbed = events[-1]
    robbery = "red moves the robber to the 4 mountains and steals a card from blue"
    assert GAME.describe(robbed, 2) == robbery
    assert "ore" in GAME.describe(robbed, 0) and "ore" in GAME.describe(robbed, 1)


def test_hand_sizes_are_public_CT_ROBBER_6() -> None:
    """CT-ROBBER-6."""
    s = blank()
    give(s, 1, ore=2, wool=1)
    view = GAME.view(s, 0)
    assert view["hand_sizes"] == [0, 3, 0, 0]
    assert view["hand"] == [0, 0, 0, 0, 0]
    assert GAME.view(s, 1)["hand"] == [0, 0, 1, 0, 2]


def test_example_robber_on_a_seven_CT_EX_1() -> None:
    """CT-EX-1: L19: the robber goes from fields to the hills 4; A and B get no brick on 4s."""
    s = blank()
    hills4 = 16  # the beginner board has hills 8 here; give it the token 4 for the example
    board = beginner_board()
    from kaido.games.catan.board import Board

    numbers = list(board.number)
    numbers[hills4], numbers[17] = 4, 8
    s.board = Board("beginner", list(board.terrain), numbers, list(board.harbours))
    s.robber = 3  # fields
    settle(s, 1, corner(hills4, 0))  # A
    settle(s, 2, corner(hills4, 3))  # B
    give(s, 1, wool=1)
    give(s, 2, grain=1)
    s.turn = 0  # Yellow
    roll(s, 7)
    assert sorted(x for x in legal(s, "robber") if x[0] == hills4) == [(hills4, 1), (hills4, 2)]
    act(s, "robber", hills4, 2)
    assert sum(s.hand[0:5]) == 1 and hand(s, 2) == {}
    act(s, "end")
    roll(s, 4)
    assert "brick" not in hand(s, 1) and "brick" not in hand(s, 2)


def test_example_production_on_four_CT_EX_3() -> None:
    """CT-EX-3: L32: Blue's A on the 4 pasture gets 1 wool (2 as a city); Red's B on the 4
    mountains and the 4 pasture gets 1 ore + 1 wool (R-1)."""
    from kaido.games.catan.board import Board

    board = beginner_board()
    numbers = list(board.number)
    terrains = list(board.terrain)
    # Put the two 4s on touching mountains and pasture: hex 4 mountains 4 and hex 8 -> pasture 4.
    terrains[8], terrains[17] = "pasture", "hills"
    numbers[8], numbers[17] = 4, 9
    for as_city, wool in ((False, 1), (True, 2)):
        s = blank()
        s.board = Board("beginner", terrains, numbers, list(board.harbours))
        blue, red = 0, 1
        a = corner(8, 3)  # touches only hex 8 of the two
        b = next(v for v in HEX_VERTICES[4] if v in HEX_VERTICES[8])
        (city if as_city else settle)(s, blue, a)
        settle(s, red, b)
        s.turn = blue
        roll(s, 4)
        assert hand(s, blue) == {"wool": wool}
        assert hand(s, red) == {"wool": 1, "ore": 1}


def test_example_production_on_eight_CT_EX_4() -> None:
    """CT-EX-4: L69: Blue's settlement and city on the 8 mountains give 3 ore; Red's city on the
    8 forest gives 2 lumber."""
    from kaido.games.catan.board import Board

    board = beginner_board()
    terrains, numbers = list(board.terrain), list(board.number)
    terrains[16], terrains[2] = "mountains", "forest"  # hex 16 and hex 2 carry the 8s
    terrains[4], terrains[0] = "hills", "pasture"  # keep the terrain counts
    s = blank()
    s.board = Board("beginner", terrains, numbers, list(board.harbours))
    blue, red = 0, 1
    settle(s, blue, corner(16, 0))
    city(s, blue, corner(16, 3))
    city(s, red, corner(2, 0))
    roll(s, 8)
    assert hand(s, blue) == {"ore": 3} and hand(s, red) == {"lumber": 2}
