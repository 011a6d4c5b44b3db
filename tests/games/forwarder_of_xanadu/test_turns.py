"""The main phase: turns, spaces, placing resources and the three actions."""

from __future__ import annotations

from kaido.games.forwarder_of_xanadu import GAME
from kaido.games.forwarder_of_xanadu.board import DATA
from kaido.games.forwarder_of_xanadu.engine import PORT, limit
from kaido.games.forwarder_of_xanadu.state import ACT, EXCL, GROW, PAY, PLACE, TURN
from tests.games.forwarder_of_xanadu.helpers import (
    IMPROVE_CARD,
    QUALITY,
    REQUEST_CARD,
    TRANSPORT,
    TRANSPORT_CARD,
    act,
    area_with,
    card_where,
    clear,
    finish_turns,
    give,
    held,
    legal,
    ready,
    refused,
    show,
    to_actions,
)

FURNITURE, BOOKS, FOOD = 0, 1, 2


def test_turns_go_clockwise_from_the_start_player_FX_TURN_1() -> None:
    """FX-TURN-1."""
    s = ready(4)
    order = []
    for _ in range(5):
        order.append(s.cur)
        to_actions(s, IMPROVE_CARD)
        act(s, "end")
    assert order == [0, 1, 2, 3, 0]


def test_no_pass_with_a_worker_round_ends_when_all_are_used_FX_TURN_2_R_5_FX_END_1() -> None:
    """FX-TURN-2, R-5: no pass with a worker in hand; a player with none is skipped;
    FX-END-1: the round ends when every worker is used."""
    s = ready(3)
    assert ("end",) not in legal(s)
    assert refused(s, "end") == "FX-TURN-3"
    s.workers[1] = 0
    to_actions(s, IMPROVE_CARD)
    act(s, "end")
    assert s.cur == 2  # seat 1 has no worker and passes
    finish_turns(s)
    assert s.workers == [0, 0, 0] and s.phase == GROW


def test_spaces_give_resources_and_actions_then_the_full_card_resets_FX_SPACE_1_FX_D_1() -> None:
    """FX-SPACE-1, FX-D-1: ① 2 basic + 1 action, ② 1 + 2, ③ 0 + 3; after the 3rd worker's
    actions the card is full and resets, so the next worker lands on ① again."""
    s = ready(3)
    expected = [(2, 1), (1, 2), (0, 3)]
    for seat, (basic, actions) in enumerate(expected):
        before = held(s, seat, PORT)[0]
        to_actions(s, TRANSPORT_CARD)
        assert held(s, seat, PORT)[0] == before + basic
        assert s.pools == [0, actions, 0]
        assert s.spaces[TRANSPORT_CARD] == [code * 2 for code in range(seat + 1)]
        act(s, "end")
    assert s.spaces[TRANSPORT_CARD] == []
    to_actions(s, TRANSPORT_CARD)
    assert s.pools == [0, 1, 0] and s.spaces[TRANSPORT_CARD] == [0]


def _with_two_stores(s):  # type: ignore[no-untyped-def]
    """Seat 0 with cubes at X (at its limit) and Y (one cube)."""
    x, y = 3, 4  # both next to the port
    give(s, 0, x, basic=limit(s, 0))
    give(s, 0, y, basic=1)
    return x, y


def test_placing_gained_resources_FX_PLACE_1_FX_PLACE_2_FX_PLACE_3_FX_D_2_R_6() -> None:
    """FX-PLACE-1/2/3, FX-D-2, R-6: 2 gained basic may go to the port or 1 to Y; never 2
    to Y, any to X (at its limit) or to an area without a cube; no action before. Several
    qualifying areas (Y, Z) may each take 1."""
    s = ready(3)
    x, y = _with_two_stores(s)
    z = 7
    give(s, 0, z, basic=1)
    act(s, "place", TRANSPORT_CARD)
    assert s.phase == PLACE and s.to_place == 2
    assert legal(s) == [("put", PORT), ("put", y), ("put", z)]
    assert refused(s, "move", PORT, x, 1, 0, 0) == "FX-PLACE-1"
    assert refused(s, "put", x) == "FX-PLACE-3"
    assert refused(s, "put", 0) == "FX-PLACE-3"  # no cube of seat 0 there
    act(s, "put", y)
    assert refused(s, "put", y) == "FX-PLACE-3"  # 1 per area
    act(s, "put", z)
    assert held(s, 0, y)[0] == 2 and held(s, 0, z)[0] == 2 and s.phase == ACT


def test_the_last_gained_resource_goes_to_the_port_when_nothing_else_can_FX_PLACE_2() -> None:
    """FX-PLACE-2/3: after 1 into Y, the other can only go to the port (placed without a
    question)."""
    s = ready(3)
    _x, y = _with_two_stores(s)
    act(s, "place", TRANSPORT_CARD)
    act(s, "put", y)
    assert held(s, 0, y)[0] == 2 and held(s, 0, PORT)[0] == 7 and s.phase == ACT


def test_both_gained_resources_may_go_to_the_port_FX_PLACE_2() -> None:
    """FX-PLACE-2: any number at the port."""
    s = ready(3)
    _with_two_stores(s)
    act(s, "place", TRANSPORT_CARD)
    act(s, "put", PORT)
    act(s, "put", PORT)
    assert held(s, 0, PORT)[0] == 8


def test_any_number_into_the_office_within_its_limit_FX_PLACE_4() -> None:
    """FX-PLACE-4, FX-OFFICE-1: the office area takes several, up to its limit."""
    s = ready(3)
    _x, y = _with_two_stores(s)
    s.office[0] = y
    act(s, "place", TRANSPORT_CARD)
    act(s, "put", y)
    assert ("put", y) in legal(s)
    act(s, "put", y)
    assert held(s, 0, y)[0] == 3
    s2 = ready(3)
    _x, y = _with_two_stores(s2)
    give(s2, 0, y, basic=limit(s2, 0) - 2)
    s2.office[0] = y
    act(s2, "place", TRANSPORT_CARD)
    act(s2, "put", y)  # now at its limit: the other goes to the port
    assert held(s2, 0, y)[0] == limit(s2, 0) and held(s2, 0, PORT)[0] == 7


def test_a_short_stock_gives_only_what_it_holds_FX_PLACE_5() -> None:
    """FX-PLACE-5."""
    s = ready(3)
    give(s, 1, 5, basic=s.stock[0] - 1)
    act(s, "place", TRANSPORT_CARD)
    assert held(s, 0, PORT)[0] == 7 and s.stock[0] == 0


def test_actions_are_of_the_card_type_and_may_be_left_unused_FX_ACT_1() -> None:
    """FX-ACT-1: up to that many actions of the card's type; the turn may end early."""
    s = ready(3)
    to_actions(s, IMPROVE_CARD)
    assert refused(s, "move", PORT, 3, 1, 0, 0) == "FX-TRANS-1"
    act(s, "improve", PORT, 0)
    assert s.pools == [0, 0, 0] or s.pools[2] >= 0
    act(s, "end")
    assert s.cur == 1


def _request_ready(s, card_cost, type_=FURNITURE, deck=0):  # type: ignore[no-untyped-def]
    """Seat 0 to act on the request card with market slot 0 showing the card."""
    card = card_where(deck, type_, card_cost)
    show(s, 0 if deck == 0 else 3, card)
    area = area_with(s, type_)
    return card, area


def test_substitution_pays_2_upper_with_upper_and_premium_FX_EX_1_FX_RES_2() -> None:
    """FX-EX-1, FX-RES-2: 2 upper paid with 1 upper + 1 premium, both back to the stock."""
    s = ready(3)
    _card, area = _request_ready(s, (0, 2, 0))
    give(s, 0, area, upper=1, premium=1)
    to_actions(s, REQUEST_CARD)
    stock = s.stock[:]
    act(s, "fulfil", 0, area)
    assert held(s, 0, area) == [0, 0, 0]
    assert s.stock == [stock[0], stock[1] + 1, stock[2] + 1]


def test_a_grade_free_need_takes_any_grade_FX_RES_1() -> None:
    """FX-RES-1: basic needs may be paid with any grade; the lowest is used first."""
    s = ready(3)
    _card, area = _request_ready(s, (2, 0, 0))
    give(s, 0, area, basic=1, upper=1, premium=1)
    to_actions(s, REQUEST_CARD)
    act(s, "fulfil", 0, area)
    assert held(s, 0, area) == [0, 0, 1]


def test_fulfilling_pays_scores_places_a_token_and_discards_FX_REQ_1_to_5() -> None:
    """FX-REQ-1, FX-REQ-2, FX-REQ-3, FX-REQ-4, FX-REQ-5: one action, one request; the area
    must show the icon (R-19) and the
    warehouse there must pay; VP gained; the card is discarded and its slot stays empty
    until the end of the turn; the same area may be chosen again (R-19)."""
    s = ready(3)
    card, area = _request_ready(s, (2, 0, 0))
    other = card_where(0, FURNITURE, (3, 0, 0))
    show(s, 1, other)
    wrong = next(
        a for a in range(10) if a != PORT and FURNITURE not in DATA.districts[s.board[a]].icons
    )
    give(s, 0, area, basic=1)
    give(s, 0, wrong, basic=3)
    act(s, "place", REQUEST_CARD)
    act(s, "put", area)  # the other gained cube can only go to the port
    assert refused(s, "fulfil", 0, wrong) == "FX-REQ-2"
    assert refused(s, "fulfil", 0, PORT) == "FX-REQ-2"  # the port shows no icons
    assert refused(s, "fulfil", 1, area) == "FX-REQ-3"  # needs 3, holds 2
    act(s, "fulfil", 0, area)
    assert s.vp[0] == 2 and s.gauge[area] == [0]
    assert card in s.discards[0] and s.market[0] == -1
    assert refused(s, "fulfil", 0, area) == "FX-REQ-1"  # no request action left
    act(s, "end")
    assert s.market[0] >= 0 and s.market[0] != card


def test_the_same_area_twice_in_one_turn_R_19() -> None:
    """R-19 / FX-REQ-2: later actions may choose the same area; the exclusive request is
    its owner's only."""
    s = ready(3)
    _card, area = _request_ready(s, (2, 0, 0))
    show(s, 6, card_where(0, FURNITURE, (3, 0, 0)))  # seat 0's exclusive
    show(s, 7, card_where(0, FURNITURE, (4, 0, 0)))  # seat 1's exclusive
    give(s, 0, area, basic=5)
    s.spaces[REQUEST_CARD] = [2, 4]  # seat 0 lands on ③: 3 actions
    to_actions(s, REQUEST_CARD)
    act(s, "fulfil", 0, area)
    act(s, "fulfil", 6, area)
    assert s.gauge[area] == [0, 0] and s.exclusive[0] == -1
    assert s.vp[0] == 5


def test_full_gauge_returns_the_last_token_FX_SHARE_1_FX_SHARE_2_FX_D_3() -> None:
    """FX-SHARE-1, FX-SHARE-2, FX-D-3: on a full gauge the rightmost token goes back to its owner
    and the new one takes its cell."""
    s = ready(3)
    _card, area = _request_ready(s, (2, 0, 0))
    size = DATA.districts[s.board[area]].gauge
    s.gauge[area] = [1] * (size - 1) + [2]
    s.tokens_left[1] -= size - 1
    s.tokens_left[2] -= 1
    give(s, 0, area, basic=2)
    to_actions(s, REQUEST_CARD)
    act(s, "fulfil", 0, area)
    assert s.gauge[area] == [1] * (size - 1) + [0]
    assert s.tokens_left == [11, 12 - (size - 1), 12]


def test_own_last_token_stays_and_no_tokens_place_nothing_R_7_FX_D_3() -> None:
    """R-7: your own rightmost token: the gauge is unchanged; FX-D-3: with 0 tokens left,
    nothing is placed, and the fulfilment still counts."""
    s = ready(3)
    _card, area = _request_ready(s, (2, 0, 0))
    size = DATA.districts[s.board[area]].gauge
    s.gauge[area] = [1] * (size - 1) + [0]
    s.tokens_left[1] -= size - 1
    s.tokens_left[0] -= 1
    give(s, 0, area, basic=4)
    show(s, 1, card_where(0, FURNITURE, (3, 0, 0)))
    s.spaces[REQUEST_CARD] = [2]
    to_actions(s, REQUEST_CARD)
    act(s, "fulfil", 0, area)
    assert s.gauge[area] == [1] * (size - 1) + [0] and s.tokens_left[0] == 11
    s.gauge[area] = []
    s.tokens_left[0] = 0
    s.tokens_left[1] = 12
    give(s, 0, area, basic=1)
    act(s, "fulfil", 1, area)
    assert s.gauge[area] == [] and s.vp[0] == 2 + 3


def test_entered_areas_hold_your_token_FX_SHARE_3() -> None:
    """FX-SHARE-3: an area with your token is entered, which the office needs."""
    s = ready(3)
    _card, area = _request_ready(s, (2, 0, 0))
    give(s, 0, area, basic=2)
    to_actions(s, REQUEST_CARD)
    act(s, "fulfil", 0, area)
    s.cells[TRANSPORT] = 2
    from kaido.games.forwarder_of_xanadu.engine import office_areas

    assert office_areas(s, 0) == [area]


def test_daily_from_port_and_office_no_token_face_down_FX_DAILY_1_FX_DAILY_2_FX_D_9_R_8() -> None:
    """FX-DAILY-1/2, FX-D-9, R-8: paid from the port plus the office, VP gained, no
    token, face down; refused again this round, allowed after the upkeep."""
    s = ready(3)
    clear(s, 0)
    give(s, 0, PORT, basic=2)
    s.spaces[REQUEST_CARD] = [2, 4]
    to_actions(s, REQUEST_CARD)
    assert refused(s, "daily", 0) == "FX-DAILY-1"  # needs an upper cube
    s.office[0] = 3
    give(s, 0, 3, upper=1)
    act(s, "daily", 0)
    assert s.vp[0] == DATA.daily_vp and s.dailies[:2] == [0, 1]
    assert held(s, 0, PORT) == [0, 0, 0] and held(s, 0, 3) == [0, 0, 0]
    assert all(not g for g in s.gauge)
    give(s, 0, PORT, basic=2, upper=1)
    assert refused(s, "daily", 0) == "FX-DAILY-2"
    act(s, "daily", 1)
    act(s, "end")
    finish_turns(s)
    while s.phase == GROW:
        act(s, *next(k for k in legal(s) if k[0] in ("unlock", "done")))
    assert s.dailies[:2] == [1, 1]


def test_a_daily_s_split_between_port_and_office_is_a_choice_FX_DAILY_1_R_8() -> None:
    """FX-DAILY-1, R-8: a daily may be paid with a mix of port and office cubes. Where more
    than one split can pay it, the split is the next decision, the port first (fewest from
    the office) listed first; any other action then, or a split the warehouses cannot
    give, is refused (FX-DAILY-1) and changes nothing."""
    s = ready(3)
    clear(s, 0)
    office = 3
    s.office[0] = office
    give(s, 0, PORT, basic=2, upper=1)
    give(s, 0, office, basic=2)
    s.spaces[REQUEST_CARD] = [2, 4]
    to_actions(s, REQUEST_CARD)
    act(s, "daily", 0)
    assert s.phase == PAY and s.vp[0] == 0  # nothing paid yet
    assert legal(s) == [("pay", 0, 0, 0), ("pay", 1, 0, 0), ("pay", 2, 0, 0)]
    assert refused(s, "end") == "FX-DAILY-1"
    assert refused(s, "pay", 0, 1, 0) == "FX-DAILY-1"  # the office holds no upper cube
    lines = act(s, "pay", 2, 0, 0)
    assert held(s, 0, PORT) == [2, 0, 0] and held(s, 0, office) == [0, 0, 0]
    assert s.phase == ACT and s.vp[0] == DATA.daily_vp and s.dailies[:2] == [0, 1]
    assert lines == ["Red fulfils a daily, paying upper×1 from the port and basic×2 from the "
                     "office (+3 VP)"]  # fmt: skip


def test_a_daily_with_one_way_to_pay_is_paid_at_once_FX_DAILY_1_R_8() -> None:
    """FX-DAILY-1, R-8: with no office, or an office holding nothing the daily needs, there
    is one split, taken without asking."""
    s = ready(3)
    clear(s, 0)
    s.office[0] = 3
    give(s, 0, PORT, basic=2, upper=1)
    give(s, 0, 3, premium=1)  # the port pays with lower grades first (FX-RES-2)
    s.spaces[REQUEST_CARD] = [2, 4]
    to_actions(s, REQUEST_CARD)
    act(s, "daily", 0)
    assert s.phase == ACT and held(s, 0, PORT) == [0, 0, 0] and held(s, 0, 3) == [0, 0, 1]


def test_transport_moves_one_resource_to_one_adjacent_area_FX_TRANS_1_FX_TRANS_2() -> None:
    """FX-TRANS-1, FX-TRANS-2: 1 resource per action without the track, from one area to one
    adjacent area; never to a non-adjacent one."""
    s = ready(3)
    s.spaces[TRANSPORT_CARD] = [2, 4]
    to_actions(s, TRANSPORT_CARD)
    assert refused(s, "move", PORT, 3, 2, 0, 0) == "FX-TRANS-1"
    assert ("move", PORT, 6, 1, 0, 0) not in GAME.by_key  # 3C is not next to the port
    act(s, "move", PORT, 3, 1, 0, 0)
    assert held(s, 0, 3) == [1, 0, 0]


def test_transport_track_moves_more_per_action_FX_TRACK_TR_1() -> None:
    """FX-TRACK-TR-1: Transport cell 1 moves up to 2 with one action (data)."""
    s = ready(3)
    s.cells[TRANSPORT] = 1
    to_actions(s, TRANSPORT_CARD)
    act(s, "move", PORT, 3, 2, 0, 0)
    assert held(s, 0, 3) == [2, 0, 0]


def test_destination_limit_and_empty_destinations_FX_TRANS_3_FX_TRANS_4_FX_STORE_2() -> None:
    """FX-TRANS-3, FX-STORE-2: the limit applies except at the port; FX-TRANS-4: the
    destination may be empty and a moved cube may move on."""
    s = ready(3)
    s.spaces[TRANSPORT_CARD] = [2, 4]
    give(s, 0, 4, basic=limit(s, 0))
    to_actions(s, TRANSPORT_CARD)
    assert refused(s, "move", PORT, 4, 1, 0, 0) == "FX-TRANS-3"
    act(s, "move", PORT, 3, 1, 0, 0)  # 2L was empty
    act(s, "move", 3, 6, 1, 0, 0)  # and on to 3C
    act(s, "move", 4, PORT, 1, 0, 0)  # the port takes any number
    assert held(s, 0, 6) == [1, 0, 0] and held(s, 0, 3) == [0, 0, 0]


def test_warehouses_are_per_player_FX_STORE_1() -> None:
    """FX-STORE-1: each player's warehouse in an area is their own: another player's full
    warehouse there does not limit yours."""
    s = ready(3)
    give(s, 1, 3, basic=limit(s, 1))
    to_actions(s, TRANSPORT_CARD)
    act(s, "move", PORT, 3, 1, 0, 0)
    assert held(s, 0, 3) == [1, 0, 0] and held(s, 1, 3)[0] == limit(s, 1)


def test_improvement_at_the_port_and_office_only_FX_IMPR_1_FX_IMPR_2() -> None:
    """FX-IMPR-1/2: one grade per action at the port or the office area; not when the
    stock lacks the higher grade; premium has no upgrade."""
    s = ready(3)
    give(s, 0, 3, basic=1)
    s.spaces[IMPROVE_CARD] = [2, 4]
    to_actions(s, IMPROVE_CARD)
    assert refused(s, "improve", 3, 0) == "FX-IMPR-1"
    act(s, "improve", PORT, 0)
    assert held(s, 0, PORT) == [5, 1, 0]
    s.office[0] = 3
    act(s, "improve", 3, 0)
    assert held(s, 0, 3) == [0, 1, 0]
    premium = s.stock[2]
    give(s, 1, 5, premium=premium)
    assert refused(s, "improve", PORT, 1) == "FX-IMPR-2"
    assert ("improve", PORT, 2) not in GAME.by_key


def test_quality_track_adds_improvement_actions_FX_IMPR_3_FX_TRACK_QU_1() -> None:
    """FX-IMPR-3, FX-TRACK-QU-1: Quality cell 1 adds 1 action on an improvement card."""
    s = ready(3)
    s.cells[QUALITY] = 1
    to_actions(s, IMPROVE_CARD)
    assert s.pools == [0, 0, 2]


def test_full_card_resets_after_the_actions_dispatched_included_FX_RESET_1() -> None:
    """FX-RESET-1: the card filled by your worker resets after your actions; workers and
    dispatched workers on it go to the stock."""
    s = ready(3)
    s.spaces[IMPROVE_CARD] = [3, 2]  # a dispatched worker of seat 1, a worker of seat 1
    s.cells[5 + 4] = 1  # seat 1 unlocked a skill cell for that dispatched worker
    to_actions(s, IMPROVE_CARD)
    assert s.spaces[IMPROVE_CARD] == [3, 2, 0]  # full until the actions are done
    act(s, "end")
    assert s.spaces[IMPROVE_CARD] == [] and s.disp_spent[1] == 1


def test_market_refill_and_rebuilt_decks_FX_REFILL_1_R_9() -> None:
    """FX-REFILL-1, R-9: refilled to 3 lower and 3 upper at the end of the turn; an empty
    deck is rebuilt from its own discards; with neither, the slot stays empty."""
    s = ready(3)
    card, area = _request_ready(s, (2, 0, 0))
    give(s, 0, area, basic=2)
    discarded = s.decks[0][:]
    s.discards[0] += discarded
    s.decks[0] = []
    to_actions(s, REQUEST_CARD)
    act(s, "fulfil", 0, area)
    act(s, "end")
    assert s.market[0] in [*discarded, card] and s.discards[0] == []
    assert sorted([*s.decks[0], s.market[0]]) == sorted([*discarded, card]) or s.exclusive[0] >= 0
    s2 = ready(3)
    _card, area = _request_ready(s2, (2, 0, 0))
    give(s2, 0, area, basic=2)
    s2.discards[1] += s2.decks[0]
    s2.decks[0] = []
    to_actions(s2, REQUEST_CARD)
    act(s2, "fulfil", 0, area)
    s2.discards[1] += s2.discards[0]
    s2.discards[0] = []
    act(s2, "end")
    assert s2.market[0] == -1


def test_exclusive_refills_from_lower_or_with_quality_2_either_FX_REFILL_2() -> None:
    """FX-REFILL-2: an empty exclusive slot refills from the lower deck; with Quality cell
    2 the player may take the upper deck instead."""
    s = ready(3)
    card = s.exclusive[0]
    r = DATA.requests[card]
    area = area_with(s, r.type)
    give(s, 0, area, *r.cost)
    to_actions(s, REQUEST_CARD)
    act(s, "fulfil", 6, area)
    act(s, "end")
    assert DATA.requests[s.exclusive[0]].deck == 0
    s2 = ready(3)
    card = s2.exclusive[0]
    r = DATA.requests[card]
    area = area_with(s2, r.type)
    give(s2, 0, area, *r.cost)
    s2.cells[QUALITY] = 2
    to_actions(s2, REQUEST_CARD)
    act(s2, "fulfil", 6, area)
    act(s2, "end")
    assert s2.phase == EXCL and legal(s2) == [("exclusive", 0), ("exclusive", 1)]
    act(s2, "exclusive", 1)
    assert DATA.requests[s2.exclusive[0]].deck == 1 and s2.cur == 1 and s2.phase == TURN


def test_dispatched_workers_before_the_worker_only_FX_DISP_1_FX_DISP_5() -> None:
    """FX-DISP-1: any number into leftmost spaces before your worker, no resources, no
    actions, not a turn; never after the worker. FX-DISP-5: none in round 1."""
    s = ready(3)
    assert not [k for k in legal(s) if k[0] == "dispatch"]
    s.disp_avail[0] = 2
    s.cells[4] = 2
    act(s, "dispatch", TRANSPORT_CARD)
    assert s.spaces[TRANSPORT_CARD] == [1] and s.cur == 0 and s.phase == TURN
    assert held(s, 0, PORT) == [6, 0, 0] and s.pools == [0, 0, 0]
    act(s, "place", TRANSPORT_CARD)  # lands on ②
    assert s.pools == [0, 2, 0] and held(s, 0, PORT) == [7, 0, 0]
    assert refused(s, "dispatch", IMPROVE_CARD) == "FX-DISP-1"


def test_dispatched_workers_filling_a_card_reset_it_at_once_FX_DISP_2_R_11() -> None:
    """FX-DISP-2, R-11: the card resets at once and the worker takes space ①."""
    s = ready(3)
    s.spaces[TRANSPORT_CARD] = [2, 4]
    s.disp_avail[0] = 1
    s.cells[4] = 1
    act(s, "dispatch", TRANSPORT_CARD)
    assert s.spaces[TRANSPORT_CARD] == [] and s.disp_spent[0] == 1
    act(s, "place", TRANSPORT_CARD)
    assert s.pools == [0, 1, 0] and held(s, 0, PORT) == [8, 0, 0]


def test_market_survey_draws_a_temporary_exclusive_FX_DISP_3_R_12() -> None:
    """FX-DISP-3, R-12, FX-REFILL-3: each dispatched worker returned draws 1 card from either deck
    (upper even without Quality), usable this turn, discarded at the end of the turn."""
    s = ready(3)
    s.disp_avail[0] = 2
    s.cells[4] = 2
    top = s.decks[1][-1]
    act(s, "survey", 1)
    assert s.temp == [top] and s.disp_avail[0] == 1 and s.disp_spent[0] == 1
    r = DATA.requests[top]
    area = area_with(s, r.type)
    give(s, 0, area, *r.cost)
    to_actions(s, REQUEST_CARD)
    act(s, "survey", 0)
    act(s, "fulfil", 7, area)
    assert s.vp[0] == r.vp
    unused = s.temp[1]
    act(s, "end")
    assert unused in s.discards[0] and s.temp == []
    assert refused(s, "survey", 0) == "FX-DISP-3"  # seat 1 has no dispatched worker


def test_skill_costs_are_paid_with_dispatched_workers_FX_DISP_4() -> None:
    """FX-DISP-4: Courteous Service (disposable 3 VP for 2 dispatched workers)."""
    s = ready(3)
    k = next(x.id for x in DATA.skills if x.disp == "vp" and x.disp_cost == 2)
    s.hands[0].append(k)
    s.removed.remove(k) if k in s.removed else [h.remove(k) for h in s.hands[1:] if k in h]
    s.disp_avail[0] = 1
    s.cells[4] = 1
    assert refused(s, "use", k) == "FX-DISP-4"
    s.disp_avail[0] = 2
    s.cells[4] = 2
    act(s, "use", k)
    assert s.vp[0] == 3 and s.disp_avail[0] == 0 and s.disp_spent[0] == 2
    assert k in s.skill_discards


def test_disposables_need_no_cell_and_only_icon_cards_FX_SKILL_2_R_10() -> None:
    """FX-SKILL-2, R-10: a disposable is discarded for its effect without a cell, during
    your turn (before the worker too); a card without the icon cannot be."""
    s = ready(3)
    hand = s.hands[0]
    plain = next(k for k in hand if not DATA.skills[k].disp)
    extra = next(k for k in hand if DATA.skills[k].disp == "actions")
    assert refused(s, "use", plain) == "FX-SKILL-2"
    act(s, "use", extra)
    skill = DATA.skills[extra]
    pools = [0, 0, 0]
    pools[skill.disp_action] = skill.disp_n
    assert s.pools == pools and extra not in s.hands[0]
    assert refused(s, "use", 39 if 39 not in hand else 38) == "FX-SKILL-2"
