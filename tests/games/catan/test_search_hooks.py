"""The hooks Catan gives search agents (kaido.core.game.Game): which candidate moves a
search considers. Bot behaviour, not rules, so no clause ids."""

from __future__ import annotations

from kaido.core.rng import Rng
from kaido.games.catan import GAME
from kaido.games.catan import actions as A
from kaido.games.catan.bots import SEARCH_OFFERS, Heuristic
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
