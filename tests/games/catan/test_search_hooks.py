"""The hooks Catan gives search agents (kaido.core.game.Game): which candidate moves a
search considers. Bot behaviour, not rules, so no clause ids."""

from __future__ import annotations

from kaido.core.rng import Rng
from kaido.games.catan import GAME
from kaido.games.catan import actions as A
from kaido.games.catan.board import Board, beginner_board
from kaido.games.catan.bots import SEARCH_OFFERS, Heuristic, _site_parts, site_value
from tests.games.catan.helpers import blank, corner, give, settle


def test_a_search_may_open_more_offers_a_turn_than_the_heuristic() -> None:
    s = blank(4)
    settle(s, 0, corner(0, 0))
    give(s, 0, ore=3, lumber=1, brick=1, wool=1)  # a surplus, and grain lacking
    give(s, 1, grain=2)  # someone to trade with (CT-TRADE-5)
    assert Heuristic(Rng(0)).offer_terms(s) is not None
    s.offers_made = 1
    legal = GAME.legal_actions(s)
    assert A.OPEN_OFFER in legal
    assert Heuristic(Rng(0)).decide(s, legal) is not A.OPEN_OFFER  # one offer a turn
    assert A.OPEN_OFFER in GAME.search_actions(s, legal)
    s.offers_made = SEARCH_OFFERS
    assert A.OPEN_OFFER not in GAME.search_actions(s, GAME.legal_actions(s))


def test_no_offer_is_a_candidate_without_terms() -> None:
    s = blank(4)
    settle(s, 0, corner(0, 0))
    give(s, 0, lumber=1, brick=1)  # a road: all the goal needs, nothing to spare
    give(s, 1, grain=2)
    legal = GAME.legal_actions(s)
    assert A.OPEN_OFFER in legal and Heuristic(Rng(0)).offer_terms(s) is None
    assert A.OPEN_OFFER not in GAME.search_actions(s, legal)


def test_a_long_run_keeps_the_site_values_of_a_bounded_number_of_boards() -> None:
    """Every game deals a board of its own: a server or a tournament's process that plays
    games without end must not keep each one's site values (it kept 26 KB a game)."""
    first = beginner_board()
    boards = [
        Board("copy", list(first.terrain), list(first.number), list(first.harbours))
        for _ in range(1_200)
    ]
    values = {site_value(board, 0) for board in boards}
    assert values == {site_value(first, 0)}  # the same layout values the same
    assert _site_parts.cache_info().currsize < len(boards)
