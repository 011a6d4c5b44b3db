"""Set-up and skill styles: FX-SETUP-*, FX-STYLE-*, R-1, R-2, R-4."""

from __future__ import annotations

import pytest

from kaido.core.errors import OptionError
from kaido.core.rng import Rng
from kaido.games.forwarder_of_xanadu import GAME
from kaido.games.forwarder_of_xanadu.board import DATA
from kaido.games.forwarder_of_xanadu.engine import PORT, REQUESTS, SKILLS
from kaido.games.forwarder_of_xanadu.state import COMPANY, DRAFT, TURN
from tests.games.forwarder_of_xanadu.helpers import act, fresh, legal, ready, refused


def test_port_fixed_and_districts_at_random_FX_SETUP_1() -> None:
    """FX-SETUP-1: the port in the middle of row 1, the 9 districts shuffled around it."""
    layouts = {fresh(seed=seed).board for seed in range(8)}
    assert len(layouts) > 1
    for board in layouts:
        assert board[PORT] == -1
        assert sorted(board[:PORT] + board[PORT + 1 :]) == list(range(9))


def test_adjacency_is_the_offset_grid_R_1() -> None:
    """R-1: same row 2 apart, neighbouring rows 1 apart."""
    assert DATA.adjacent[PORT] == (0, 2, 3, 4)
    assert DATA.adjacent[0] == (1, 3)
    assert DATA.adjacent[6] == (3, 4, 5, 7, 8, 9)  # the middle of row 3
    assert DATA.adjacent[8] == (5, 6, 9)
    for a, near in enumerate(DATA.adjacent):
        assert all(a in DATA.adjacent[b] for b in near)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_action_board_cards_by_player_count_FX_SETUP_2(players: int) -> None:
    """FX-SETUP-2: the action board with its cards (data: 3, 4 or 5 cards), all empty."""
    s = fresh(players)
    assert len(s.spaces) == len(DATA.cards[players]) == players
    assert all(not spaces for spaces in s.spaces)


def test_companies_are_chosen_clockwise_from_the_start_player_FX_SETUP_3() -> None:
    """FX-SETUP-3: seat 1 starts, so seats 1, 2, 0 choose in that order; a taken company is
    refused."""
    s = fresh(3, start=1)
    assert s.phase == COMPANY and s.cur == 1
    act(s, "company", 4)
    assert s.cur == 2
    assert refused(s, "company", 4) == "FX-SETUP-3"
    act(s, "company", 0)
    act(s, "company", 2)
    assert s.company == [2, 4, 0]
    assert s.phase == TURN and s.cur == 1  # round 1 begins with the start player


def test_each_player_gets_their_pieces_FX_SETUP_4_FX_SETUP_5_FX_SETUP_6_R_2() -> None:
    """FX-SETUP-4, FX-SETUP-5, FX-SETUP-6, R-2, R-3: 3 workers, 11 dispatched workers
    locked on the 11 cells,
    12 share tokens and 6 basic resources at the port."""
    s = ready(4)
    for p in range(4):
        assert s.workers[p] == 3
        assert sum(DATA.cells) == 11 and s.cells[p * 5 : p * 5 + 5] == [0] * 5
        assert s.disp_avail[p] == 0
        assert s.tokens_left[p] == 12
        assert s.wh[(p * 10 + PORT) * 3 : (p * 10 + PORT) * 3 + 3] == [6, 0, 0]
    assert s.stock == [60 - 24, 30, 15]


def test_office_token_waits_on_the_transport_track_FX_SETUP_7() -> None:
    """FX-SETUP-7: the office token sits on the Transport track, not on the board, until
    Transport cell 2 (the 3rd printed cell) is unlocked."""
    s = ready()
    assert s.office == [-1, -1, -1]
    assert DATA.office_cell == 2


def test_dailies_face_up_FX_SETUP_8() -> None:
    """FX-SETUP-8: 2 dailies each, face up."""
    s = ready(5)
    assert s.dailies == [1] * 10
    assert DATA.dailies_per_company == 2


def test_decks_exclusive_and_market_FX_SETUP_9_FX_SETUP_10_FX_SETUP_11() -> None:
    """FX-SETUP-9, FX-SETUP-10, FX-SETUP-11: two decks; 1 lower exclusive each; market 3
    lower + 3 upper."""
    s = ready(4)
    assert all(REQUESTS[c].deck == 0 for c in s.exclusive)
    assert [REQUESTS[c].deck for c in s.market] == [0, 0, 0, 1, 1, 1]
    assert len(s.decks[0]) == 36 - 3 - 4 and len(s.decks[1]) == 24 - 3
    assert all(REQUESTS[c].deck == 0 for c in s.decks[0])
    assert all(REQUESTS[c].deck == 1 for c in s.decks[1])


def test_style_is_a_table_option_FX_SETUP_12() -> None:
    """FX-SETUP-12: standard (the default) or custom; nothing else."""
    assert GAME.make_options(players=3)["style"] == "standard"
    assert GAME.make_options(players=3, style="custom")["style"] == "custom"
    with pytest.raises(OptionError):
        GAME.make_options(players=3, style="draft")


def test_workers_not_taken_stay_in_the_stock_FX_SETUP_13() -> None:
    """FX-SETUP-13: 3 of the 6 pawns start in the stock (6 - in hand - on the board)."""
    s = ready()
    act(s, "place", 0)
    on_board = sum(code >> 1 == 0 and not code & 1 for c in s.spaces for code in c)
    assert 6 - s.workers[0] - on_board == 3


def test_standard_deal_FX_STYLE_1_R_4() -> None:
    """FX-STYLE-1, R-4: the 4 company cards plus 2 dealt from the rest (white cards and
    unused colours); undealt cards leave the game unseen."""
    s = ready(3, "standard", seed=5)
    for p in range(3):
        own = {k.id for k in SKILLS if k.company == p}
        hand = set(s.hands[p])
        assert own <= hand and len(hand) == 6
        for k in hand - own:
            assert SKILLS[k].company not in (0, 1, 2)
    assert len(s.removed) == 40 - 18
    view = GAME.view(s, 0)
    assert view["removed"] == 22 and view["seats"][1]["hand"] is None
    assert view["seats"][1]["hand_size"] == 6


def test_custom_draft_keeps_one_and_passes_left_FX_STYLE_2() -> None:
    """FX-STYLE-2: 6 dealt each, keep 1 and pass the rest to the left until none remain;
    each player sees only the hand in front of them."""
    s = fresh(3, "custom", seed=2)
    for c in range(3):
        act(s, "company", c)
    assert s.phase == DRAFT and [len(h) for h in s.draft] == [6, 6, 6]
    assert len(s.removed) == 40 - 18
    first = [h[:] for h in s.draft]
    view = GAME.view(s, 0)
    assert view["seats"][0]["draft_hand"] == sorted(first[0])
    assert view["seats"][1]["draft_hand"] is None
    assert refused(s, "draft", first[1][0]) == "FX-STYLE-2"
    picks = [first[p][0] for p in range(3)]
    for p in range(3):
        act(s, "draft", picks[p])
    # Seat 1 now holds what seat 0 passed to the left.
    assert sorted(s.draft[1]) == sorted(k for k in first[0] if k != picks[0])
    while s.phase == DRAFT:
        act(s, "draft", s.draft[s.cur][0])
    assert s.phase == TURN
    assert all(len(h) == 6 for h in s.hands) and picks[0] in s.hands[0]
    assert len({k for h in s.hands for k in h}) == 18


def test_determinize_redeals_hidden_hands_and_decks_only() -> None:
    """FX-STYLE-1/2 hidden hands, FX-SETUP-9 hidden deck order: the re-dealt world keeps
    the viewer's hand, the market and the counts."""
    s = ready(4, "custom", seed=3)
    worlds = [GAME.determinize(s, 2, Rng(k)) for k in range(10)]
    for world in worlds:
        assert world.hands[2] == s.hands[2] and world.market == s.market
        assert [len(h) for h in world.hands] == [len(h) for h in s.hands]
        assert sorted(world.decks[0]) == sorted(s.decks[0])
        assert GAME.view(world, 2) == GAME.view(s, 2)
    assert len({tuple(w.hands[0]) for w in worlds}) > 1
    assert len({tuple(w.decks[1]) for w in worlds}) > 1
    assert ("place", 0) in legal(s)
