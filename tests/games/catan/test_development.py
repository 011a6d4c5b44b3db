"""Development cards, knights, progress cards, victory points, Largest Army and winning
(CT-DEV, CT-KNIGHT, CT-PROG, CT-VPC, CT-LA, CT-WIN, CT-TURN-6)."""

from __future__ import annotations

from kaido.games.catan import GAME
from kaido.games.catan.board import (
    DEV_COUNTS,
    KNIGHT,
    MONOPOLY,
    ROAD_BUILDING,
    VICTORY_POINT,
    YEAR_OF_PLENTY,
    edge_between,
)
from kaido.games.catan.state import FREE_ROAD, MAIN, OVER, PRE_ROLL, ROBBER
from tests.games.catan.helpers import (
    TOP,
    act,
    blank,
    check,
    corner,
    give,
    hand,
    legal,
    refused,
    rig,
    road,
    roll,
    settle,
)


def hold(s, p: int, card: int, count: int = 1) -> None:  # type: ignore[no-untyped-def]
    """Give p `count` cards of kind `card` from the deck, bought in an earlier turn."""
    for _ in range(count):
        s.deck.remove(card)
        s.dev[p * 5 + card] += 1


def test_three_kinds_and_the_deck_CT_DEV_1_CT_DEV_7() -> None:
    """CT-DEV-1, CT-DEV-7."""
    assert DEV_COUNTS == (14, 5, 2, 2, 2)  # knight, VP, then the three progress cards
    s = blank()
    assert sorted(s.deck) == sorted(k for k, c in enumerate(DEV_COUNTS) for _ in range(c))
    other = blank(seed=1)
    assert s.deck != other.deck  # shuffled with the game's seed


def test_buying_takes_the_top_card_hidden_CT_DEV_2() -> None:
    """CT-DEV-2."""
    s = blank()
    give(s, 0, wool=2, grain=2, ore=2)
    top = s.deck[-1]
    events = act(s, "buy")
    assert s.dev[top] == 1 and len(s.deck) == 24
    assert GAME.view(s, 1)["development_cards"] == [1, 0, 0, 0]
    assert GAME.view(s, 1)["your_development_cards"] == [0] * 5
    assert "(?)" in GAME.describe(events[-1], 1)
    s.deck = []
    assert refused(s, "buy") == "CT-DEV-2"


def test_one_card_per_turn_any_time_CT_DEV_4_CT_TURN_6() -> None:
    """CT-DEV-4, CT-TURN-6."""
    s = blank()
    hold(s, 0, KNIGHT, 2)
    s.phase = PRE_ROLL
    assert ("knight",) in [(a.kind,) for a in GAME.legal_actions(s)]
    act(s, "knight")  # before the roll
    assert s.phase == ROBBER
    act(s, "robber", 0, -1)
    assert s.phase == PRE_ROLL
    assert refused(s, "knight") == "CT-DEV-4"
    rig(s, 6)
    act(s, "roll")
    assert refused(s, "knight") == "CT-DEV-4"
    act(s, "end")
    s.phase = MAIN
    s.turn = 0
    s.dev_played = False
    act(s, "knight")  # a new turn: one more


def test_not_the_turn_it_was_bought_CT_DEV_5() -> None:
    """CT-DEV-5."""
    s = blank()
    give(s, 0, wool=1, grain=1, ore=1)
    while s.deck[-1] != KNIGHT:
        s.deck.insert(0, s.deck.pop())
    act(s, "buy")
    assert refused(s, "knight") == "CT-DEV-5"
    act(s, "end")
    s.turn, s.phase = 0, MAIN
    act(s, "knight")


def test_victory_point_cards_are_never_played_CT_DEV_6() -> None:
    """CT-DEV-6."""
    s = blank()
    hold(s, 0, VICTORY_POINT)
    kinds = {a.kind for a in GAME.legal_actions(s)}
    assert "victory_point" not in kinds
    assert GAME.view(s, 1)["points"][0] == 0


def test_knight_moves_robber_and_steals_CT_KNIGHT_1_CT_KNIGHT_2_CT_EX_12() -> None:
    """CT-KNIGHT-1, CT-KNIGHT-2, CT-EX-12.

    L81: Green plays a knight onto the hills 4 and robs Red or Blue."""
    s = blank()
    green, red, blue = 0, 1, 2
    hold(s, green, KNIGHT, 2)
    settle(s, red, corner(4, 0))
    settle(s, blue, corner(4, 3))
    give(s, red, grain=1)
    s.robber = 0  # the robber stands on the forest 6
    act(s, "knight")
    assert s.knights[green] == 1 and s.dev[KNIGHT] == 1  # face up; one still in hand
    assert sorted(x for x in legal(s, "robber") if x[0] == 4) == [(4, red), (4, blue)]
    desert = s.board.desert
    assert refused(s, "robber", desert, -1) == "CT-KNIGHT-1"  # L78: a hex with a token
    assert len(legal(s, "robber")) == 18  # 17 other token hexes, hex 4 with two victims
    act(s, "robber", 4, red)
    assert s.robber == 4 and hand(s, green) == {"grain": 1} and s.phase == MAIN
    assert GAME.view(s, None)["knights"] == [1, 0, 0, 0]
    check(s)


def test_road_building_two_free_roads_CT_PROG_1() -> None:
    """CT-PROG-1."""
    s = blank()
    hold(s, 0, ROAD_BUILDING)
    a, b, c = corner(8, 0), corner(8, 1), corner(8, 2)
    settle(s, 0, a)
    act(s, "road_building")
    assert s.phase == FREE_ROAD and s.free_roads == 2
    assert refused(s, "end") == "CT-PROG-1"
    act(s, "road", edge_between(a, b))
    act(s, "road", edge_between(b, c))  # the second connects to the first
    assert s.phase == MAIN and hand(s, 0) == {} and s.played[ROAD_BUILDING] == 1
    check(s)


def test_road_building_with_one_road_left_R_13_CT_PROG_1() -> None:
    """CT-PROG-1, R-13."""
    s = blank()
    hold(s, 0, ROAD_BUILDING)
    settle(s, 0, corner(8, 0))
    s.pieces[0] = 1  # one road left in supply: only one is placed
    act(s, "road_building")
    act(s, "road", edge_between(corner(8, 0), corner(8, 1)))
    assert s.phase == MAIN and s.pieces[0] == 0


def test_year_of_plenty_two_cards_of_choice_CT_PROG_2() -> None:
    """CT-PROG-2."""
    s = blank()
    hold(s, 0, YEAR_OF_PLENTY)
    assert (4, 4) in legal(s, "year_of_plenty") and (0, 3) in legal(s, "year_of_plenty")
    act(s, "year_of_plenty", 4, 4)
    assert hand(s, 0) == {"ore": 2}
    assert s.dev_played and s.played[YEAR_OF_PLENTY] == 1


def test_year_of_plenty_takes_what_the_bank_holds_R_13_CT_PROG_2() -> None:
    """CT-PROG-2, R-13."""
    s = blank()
    hold(s, 0, YEAR_OF_PLENTY)
    for name in ("lumber", "brick", "wool", "grain"):
        give(s, 1, **{name: 19})
    give(s, 1, ore=18)
    assert legal(s, "year_of_plenty") == [(4, -1)]
    assert refused(s, "year_of_plenty", 4, 4) == "CT-PROG-2"
    act(s, "year_of_plenty", 4, -1)
    assert hand(s, 0) == {"ore": 1}


def test_monopoly_takes_every_card_of_a_kind_CT_PROG_3() -> None:
    """CT-PROG-3."""
    s = blank()
    hold(s, 0, MONOPOLY)
    give(s, 0, ore=1)
    give(s, 1, ore=3, wool=1)
    give(s, 3, ore=1)
    events = act(s, "monopoly", 4)
    assert hand(s, 0) == {"ore": 5} and hand(s, 1) == {"wool": 1} and hand(s, 2) == {}
    assert events[-1].data["taken"] == [0, 3, 0, 1]
    check(s)


def test_victory_point_card_worth_one_hidden_CT_VPC_1_CT_VPC_2() -> None:
    """CT-VPC-1, CT-VPC-2."""
    s = blank()
    hold(s, 1, VICTORY_POINT)
    settle(s, 1, corner(8, 0))
    assert GAME.view(s, 0)["points"][1] == 1  # others see only public points
    assert "victory_point_cards" not in GAME.view(s, 0)
    assert GAME.view(s, 1)["your_development_cards"][VICTORY_POINT] == 1


def test_bought_victory_point_card_wins_at_once_CT_VPC_3_CT_WIN_2() -> None:
    """CT-VPC-3, CT-WIN-2."""
    s = blank()
    for v in (corner(0, 0), corner(2, 0), corner(16, 3), corner(12, 3), corner(8, 0)):
        settle(s, 0, v)
    hold(s, 0, VICTORY_POINT, 4)  # 5 settlements + 4 cards = 9
    assert s.phase == MAIN
    while s.deck[-1] != VICTORY_POINT:
        s.deck.insert(0, s.deck.pop())
    give(s, 0, wool=1, grain=1, ore=1)
    events = act(s, "buy")
    assert s.phase == OVER and s.winner == 0
    assert events[-1].kind == "win"
    view = GAME.view(s, 2)
    assert view["victory_point_cards"] == [5, 0, 0, 0] and view["final_points"][0] == 10
    assert GAME.result(s).ranks[0] == 1


def test_hidden_points_count_for_the_win_CT_VPC_4_CT_WIN_1() -> None:
    """CT-VPC-4, CT-WIN-1."""
    s = blank()
    for v in (corner(0, 0), corner(2, 0), corner(16, 3), corner(12, 3)):
        settle(s, 0, v)
    hold(s, 0, VICTORY_POINT, 5)  # 4 + 5 = 9
    give(s, 0, grain=2, ore=3)
    act(s, "city", corner(0, 0))  # 10 with the hidden cards
    assert s.phase == OVER and s.winner == 0


def test_knight_to_the_desert_only_with_the_option_CT_KNIGHT_1_CT_ROBBER_2_R_3() -> None:
    """CT-KNIGHT-1, CT-ROBBER-2, R-3: the rulebook's L78 keeps a knight's robber off the
    desert by default; `knight_to_desert` allows it, as for a 7."""
    for allowed in (False, True):
        s = blank(knight_to_desert=allowed)
        hold(s, 0, KNIGHT)
        s.robber = 0
        act(s, "knight")
        desert = s.board.desert
        assert ((desert, -1) in legal(s, "robber")) is allowed
        if not allowed:
            assert refused(s, "robber", desert, -1) == "CT-KNIGHT-1"
            continue
        act(s, "robber", desert, -1)
        assert s.robber == desert and s.phase == MAIN
        check(s)
    s = blank(knight_to_desert=False)  # a 7 may always send it there
    s.robber = 0
    roll(s, 7)
    assert (s.board.desert, -1) in legal(s, "robber")


def test_ten_points_only_win_on_your_own_turn_CT_WIN_2_R_7() -> None:
    """CT-WIN-2, R-7: red, on turn, breaks white's road with a settlement; Longest Road
    moves to blue, who so reaches 10 on red's turn and wins only when their turn starts."""
    s = blank()
    red, blue, white = 0, 1, 2
    for v in (corner(0, 0), corner(2, 0), corner(16, 3), corner(12, 3)):
        settle(s, blue, v)
    hold(s, blue, VICTORY_POINT, 4)  # 8 points
    road(s, white, *TOP)  # 7: white holds Longest Road
    road(s, blue, corner(16, 4), corner(16, 5), corner(16, 0), corner(17, 5), corner(17, 0))
    road(s, blue, corner(17, 0), corner(18, 5))  # 6
    road(s, red, 4, 8)
    assert s.lr_holder == white and s.turn == red
    give(s, red, lumber=1, brick=1, wool=2, grain=2, ore=1)
    act(s, "settlement", 8)  # white: 4 | 3; blue alone longest
    assert s.lr_holder == blue  # blue now has 10 points ...
    assert s.vp[blue] + s.dev[blue * 5 + VICTORY_POINT] == 10
    assert s.phase == MAIN and s.winner == -1  # ... but it is red's turn: no win yet
    act(s, "buy")  # red plays on
    assert s.phase == MAIN and s.winner == -1
    act(s, "end")
    assert s.phase == OVER and s.winner == blue


def test_largest_army_three_knights_and_more_to_take_it_CT_LA_1_CT_LA_2() -> None:
    """CT-LA-1, CT-LA-2."""
    s = blank()
    s.knights[1] = 3
    for _ in range(3):
        s.deck.remove(KNIGHT)
    from kaido.games.catan.engine import update_largest_army

    update_largest_army(s, 1, None)
    assert s.la_holder == 1 and s.vp[1] == 2
    s.knights[0] = 2
    for _ in range(2):
        s.deck.remove(KNIGHT)
    hold(s, 0, KNIGHT)
    act(s, "knight")  # 3 = 3: equal does not take it
    act(s, "robber", 0, -1)
    assert s.la_holder == 1
    s.dev_played = False
    hold(s, 0, KNIGHT)
    act(s, "knight")  # 4 > 3
    assert s.la_holder == 0 and s.vp[0] == 2 and s.vp[1] == 0
    act(s, "robber", 1, -1)
    check(s)
