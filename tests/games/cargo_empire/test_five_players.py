"""The five-player rules (CE-5P): the 5-player side of the development board, a display of
five, 12 posts and 3 turns a round, and the fifth adjustment space."""

from __future__ import annotations

from kaido.agents import make_agent
from kaido.games.cargo_empire import GAME
from kaido.games.cargo_empire.board import EUROPE
from kaido.games.cargo_empire.engine import maintenance, on_turn
from kaido.games.cargo_empire.scoring import goal_value
from kaido.games.cargo_empire.state import F_CARD, F_CITY, F_ROW, PHASE_PLAY
from kaido.games.cargo_empire.track import position
from tests.games.cargo_empire.helpers import act, bare, setup_done

CAR, LOCO, SHIP = range(3)


def put(st, p: int, t: int, space: int) -> None:
    """Marker t of p on the lower row of tile 1, `space` spaces in (position space + 1)."""
    st.rows[3 * p + t] = 2
    st.marker[3 * p + t] = 64 + space


def test_setup_gives_five_cards_12_posts_and_a_step_CE_5P_1_to_4() -> None:
    """CE-5P-3: a display of 5 cards; CE-5P-4: 12 posts, 3 per round (9 + 3 set aside);
    CE-5P-1, CE-5P-2, CE-SET-15: the fifth in turn order takes adjustment space 5, any card
    and that marker 1 step at once."""
    st = GAME.setup(GAME.make_options(players=5), 4)
    assert len(st.display) == 5 and st.left == [3] * 5 and st.turns == 3
    last = st.order[4]
    while st.stack[-1][0] != F_CARD or st.stack[-1][1] != last:
        GAME.apply(st, GAME.legal_actions(st)[0])
    assert st.stack[-1] == [F_CARD, last, 1]
    ships = st.cards[3 * last + SHIP]
    act(st, "take_card", SHIP)
    assert st.cards[3 * last + SHIP] == ships + 1
    assert st.stack[-1] == [F_ROW, last, SHIP]  # the step needs a row of tile 1 (CE-DEV-8)
    act(st, "row", 0)
    assert position(st, 3 * last + SHIP) == 1
    for p in st.order[:4]:
        assert position(st, 3 * p + SHIP) == 0


def test_setup_of_four_players_has_no_fifth_space_CE_SET_15() -> None:
    """CE-SET-15: four players use spaces 1-4; nobody's marker moves in set-up."""
    st = setup_done(4, seed=4)
    assert len(st.display) == 4 and st.left == [4] * 4
    assert all(position(st, k) == 0 for k in range(12))


def test_display_stays_at_five_CE_5P_3() -> None:
    """CE-5P-3: a city card taken from the display is replaced: always 5 cards."""
    st = bare(5)
    st.stack.append([F_CITY, 0])
    act(st, "city_card", 2)
    assert len(st.display) == 5 and len(st.pcities[0]) == 1


def test_three_turns_a_round_CE_5P_5() -> None:
    """CE-5P-5: each player takes 3 turns in each of the 3 rounds; CE-5P-4: and places all
    9 reserve posts."""
    st = GAME.setup(GAME.make_options(players=5), 2)
    agents = [make_agent("random", GAME, seed=p) for p in range(5)]
    turns: set[tuple[int, int, int]] = set()
    while not GAME.is_over(st):
        if st.phase == PHASE_PLAY:
            turns.add((st.round, st.turn, on_turn(st)))
        GAME.apply(st, agents[GAME.to_move(st)].choose(GAME, st))
    for rnd in (1, 2, 3):
        seats = [p for r, _, p in turns if r == rnd]
        assert sorted(seats) == sorted(list(range(5)) * 3)
    assert st.left == [0] * 5


def test_maintenance_spaces_4_and_5_CE_5P_6() -> None:
    """CE-5P-6: after car, locomotive and ship winners leave, the earlier of the two left in
    turn order takes space 4 (any card), the other space 5 (any card and that marker's
    step); CE-MNT-10: one space and card each."""
    st = bare(5)
    st.stack = []
    st.order = [4, 3, 2, 1, 0]
    for p in range(5):
        for t in range(3):
            put(st, p, t, 0)
    put(st, 0, CAR, 3)  # car winner: seat 0
    put(st, 1, LOCO, 3)  # locomotive winner: seat 1
    put(st, 2, SHIP, 3)  # ship winner: seat 2; seats 4 and 3 are left, 4 earlier
    maintenance(st, None)
    assert st.order == [0, 1, 2, 4, 3]
    assert st.stack == [[F_CARD, 4], [F_CARD, 3, 1]]
    before = position(st, 3 * 3 + LOCO)
    act(st, "take_card", LOCO)
    assert position(st, 3 * 3 + LOCO) == before + 1 and st.cards[3 * 3 + LOCO] == 1
    assert st.stack == [[F_CARD, 4]]
    act(st, "take_card", CAR)
    assert position(st, 3 * 4 + CAR) == 1 and st.cards[3 * 4 + CAR] == 1
    assert st.stack == []


def test_final_scoring_counts_five_players_CE_5P_7_CE_GOAL_22() -> None:
    """CE-5P-7, CE-GOAL-22: final scoring as usual, the track goals paying 3 VP per marker
    behind with five players."""
    st = bare(5)
    for p in range(4):
        put(st, p, CAR, p)
    st.marker[3 * 4 + CAR] = 2 * 64  # seat 4 on the intermediate space after tile 1
    assert goal_value(st, 4, EUROPE.goals[21]) == 4 * 3
    assert goal_value(st, 0, EUROPE.goals[21]) == 0
