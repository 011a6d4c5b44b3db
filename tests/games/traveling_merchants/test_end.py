"""Row refill, the end of the game, scoring, ties and titles (TM-REFILL, TM-END,
TM-SCORE, TM-TIE, TM-VAR-2; TM-D-4, TM-D-5; R-2, R-8, R-9, R-15)."""

from __future__ import annotations

import dataclasses

from kaido.games.traveling_merchants import GAME, engine
from kaido.games.traveling_merchants.board import DATA, END_CARD
from kaido.games.traveling_merchants.engine import ORDERS, SPECIALS, title_award, title_points
from kaido.games.traveling_merchants.state import DEAD_POSITION, OVER, TURN, TMState
from tests.games.traveling_merchants.helpers import (
    AR,
    ARMS,
    LIQUOR,
    TEXTILES,
    WHEAT,
    E,
    H,
    M,
    act,
    carry,
    give_taken,
    order_id,
    ready,
    set_row,
    zone_add,
)


def _ship_front(s, order: int) -> None:  # type: ignore[no-untyped-def]
    """The player to move ships `order` from the front position."""
    p = s.cur
    s.pos[p] = ORDERS[order].city
    set_row(s, order, *[o for o in s.row if o > 0 and o != order][: s.row_size - 1])
    carry(s, p, dict(enumerate(ORDERS[order].goods)))
    act(s, "ship", 0)


def test_refill_slides_forward_and_fills_the_back_TM_REFILL_1() -> None:
    """TM-REFILL-1: the rest slides toward the front in order; the back fills from the top."""
    s = ready(3, (E, E, E))
    row = [o for o in s.row if o > 0]
    target = row[1]
    s.pos[0] = ORDERS[target].city
    carry(s, 0, dict(enumerate(ORDERS[target].goods)))
    top = s.deck[-1]
    act(s, "ship", 1)
    act(s, "end")
    assert s.row == [row[0], *row[2:], top]


def test_refill_target_by_player_count_and_literal_option_R_2() -> None:
    """R-2: refill to the player count's row size; literal_refill fills to 6 (L245)."""
    s = ready(2, (E, E))
    act(s, "end")
    assert len([o for o in s.row if o > 0]) == 4
    s = ready(2, (E, E), literal_refill=True)
    assert len([o for o in s.row if o > 0]) == 4  # the deal is still 4 (L128)
    act(s, "end")
    assert len([o for o in s.row if o > 0]) == 6


def test_end_card_drawn_is_set_aside_and_replaced_TM_REFILL_2_R_8_TM_END_1() -> None:
    """TM-REFILL-2, R-8: the end card triggers the end (TM-END-1 ①), is set aside and the
    position gets another card."""
    s = ready(2, (E, E))
    s.deck.remove(END_CARD)
    s.deck.append(END_CARD)  # the end card on top
    order = next(o for o in s.row if o > 0)
    _ship_front(s, order)
    lines = act(s, "end")
    assert "the end card comes out" in lines and s.triggers == 1
    assert END_CARD not in s.deck and len([o for o in s.row if o > 0]) == 4


def test_empty_deck_leaves_the_row_short_TM_REFILL_3_R_9() -> None:
    """TM-REFILL-3, R-9."""
    s = ready(2, (E, E))
    s.removed += [o for o in s.deck if o != END_CARD]
    s.deck = []
    s.triggers = 1  # the end card came out earlier
    _ship_front(s, next(o for o in s.row if o > 0))
    act(s, "end")
    assert len([o for o in s.row if o > 0]) == 3 and s.row[-1] == -1


def test_equal_turns_after_a_trigger_TM_END_2_TM_D_4() -> None:
    """TM-END-2: TM-D-4: 3 players, A starts; A's Ship takes the last special order; B and C each
    take one more turn, then the game ends (TM-END-1 ②)."""
    s = ready(3, (E, E, E), beginner_wagons=True)
    for k in range(4):
        s.specials[k] = 1
    s.pos[0] = SPECIALS[4].city
    s.capacity[0] = 6
    carry(s, 0, dict(enumerate(SPECIALS[4].goods)))
    act(s, "special", 4)
    assert s.triggers == 2 and s.phase == TURN
    act(s, "end")
    assert s.cur == 1
    act(s, "end")
    assert s.cur == 2 and s.phase == TURN
    lines = act(s, "end")
    assert s.phase == OVER and lines[-1] == "the game is over" and GAME.to_move(s) == -1
    assert s.turns == 3


def test_the_end_comes_when_every_special_order_is_taken_TM_END_1() -> None:
    """TM-END-1 ②: taking a special order while others remain triggers nothing; taking the
    last of the 5 triggers the end (the special orders' bit), whoever took the others."""
    s = ready(3, (E, E, E), beginner_wagons=True)
    s.capacity[0] = 6
    for k in range(4):
        s.pos[0] = SPECIALS[k].city
        carry(s, 0, dict(enumerate(SPECIALS[k].goods)))
        act(s, "special", k)
        assert s.triggers == 0, f"special order {k + 1} of 5"
        s.actions_left = 3  # actions enough for the test
    s.specials[3] = 2  # another merchant's, as far as the rule cares
    s.pos[0] = SPECIALS[4].city
    carry(s, 0, dict(enumerate(SPECIALS[4].goods)))
    act(s, "special", 4)
    assert s.triggers == 2


def test_trigger_in_the_last_seats_turn_ends_it_TM_END_3_R_15() -> None:
    """TM-END-3, R-15: a trigger during the last seat's turn (refill included) ends the game
    when that turn ends; further triggers change nothing."""
    s = ready(2, (E, E))
    act(s, "end")
    assert s.cur == 1 == s.last_seat
    s.deck.remove(END_CARD)
    s.deck.append(END_CARD)
    _ship_front(s, next(o for o in s.row if o > 0))
    act(s, "end")
    assert s.phase == OVER and s.triggers == 1


def test_a_later_trigger_has_no_extra_effect_TM_END_3() -> None:
    """TM-END-3."""
    s = ready(3, (E, E, E))
    s.triggers = 1
    s.houses_left[0] = 1
    give_taken(s, 0, order_id(M, {WHEAT: 1, 2: 1}))
    _ship_front(s, order_id(M, {ARMS: 2}))
    act(s, "pair", M)
    assert s.triggers == 5
    act(s, "end")
    act(s, "end")
    assert s.phase == TURN
    act(s, "end")
    assert s.phase == OVER


def _all_goods_on_wagons() -> TMState:
    """4 players, each wagon full of one kind (all 36 goods), a row of orders that each ask
    for two kinds or more: nobody can Load, and no wagon can pay for any order."""
    s = ready(4, (E, E, E, E))
    mixed = [o.id for o in ORDERS.values() if sum(1 for k in o.goods if k) >= 2]
    set_row(s, *mixed[:6])
    spare = [o for o in s.deck if o != END_CARD]
    per_kind = engine.SETUP["stock_per_kind"][4]
    for p in range(4):
        for o in spare[p * 6 : p * 6 + 6]:  # connected carts: room for a whole kind
            give_taken(s, p, o, used=True)
        carry(s, p, {p: per_kind})
    GAME.invariants(s)
    return s


def test_a_dead_position_ends_the_game_at_once_K_1_TM_END_1_TM_LOAD_4() -> None:
    """Kaido ruling K-1 (docs/traveling-merchants.md): with every good on a wagon nobody can
    Load (TM-LOAD-4) or change their cargo (R-12), so when no wagon can pay for an order left
    the game ends when the turn ends, before the round is out (TM-END-1 has no trigger for
    it, and the equal-turns rule, TM-END-2, could not change a score)."""
    s = _all_goods_on_wagons()
    assert engine.is_dead(s) and s.cur == 0 and s.triggers == 0
    lines = act(s, "end")
    assert s.phase == OVER and s.triggers == DEAD_POSITION
    assert "nothing can change" in lines[-2] and lines[-1] == "the game is over"
    GAME.invariants(s)


def test_a_position_is_alive_while_a_good_can_move_or_an_order_be_paid_K_1() -> None:
    """K-1 applies only when nothing can change: one good in the stock, or one wagon that
    can pay for an order in the row, keeps the game going."""
    s = _all_goods_on_wagons()
    s.cargo[0] -= 1
    s.stock[0] += 1
    assert not engine.is_dead(s)
    act(s, "end")
    assert s.phase == TURN and s.cur == 1
    s = _all_goods_on_wagons()
    liquor_and_textiles = order_id(ORDERS[4].city, {LIQUOR: 1, TEXTILES: 2})
    assert liquor_and_textiles in s.row
    s.cargo[2 * 4 + LIQUOR] -= 2  # seat 2 swaps two liquor for two of seat 3's textiles
    s.cargo[2 * 4 + TEXTILES] += 2
    s.cargo[3 * 4 + TEXTILES] -= 2
    s.cargo[3 * 4 + LIQUOR] += 2
    assert not engine.is_dead(s)
    act(s, "end")
    assert s.phase == TURN and s.cur == 1


def test_scoring_orders_specials_gems_TM_SCORE_1_TM_SCORE_2() -> None:
    """TM-SCORE-2.
    TM-SCORE-1 / R-4: order VP + special VP + 3 per red + 1 per white; goods nothing."""
    s = ready(2, (E, E))
    a, b = order_id(E, {WHEAT: 2}), order_id(H, {ARMS: 1, 2: 1})
    give_taken(s, 0, a)
    give_taken(s, 0, b)
    s.specials[2] = 0
    s.red_left, s.red[0] = 6, 2
    s.white_left, s.white[1] = 7, 1
    carry(s, 1, {WHEAT: 3})
    expected = ORDERS[a].vp + ORDERS[b].vp + SPECIALS[2].vp + 6
    assert GAME.view(s, None)["scores"] == [expected, 1]
    s.phase = OVER
    assert GAME.result(s).ranks == (1, 2)


def test_tie_break_on_order_cards_TM_TIE_1_TM_D_5() -> None:
    """TM-TIE-1: TM-D-5: 20 VP each with 5 and 4 order cards: 5 wins; equal counts share the win;
    special orders do not count as order cards (R-4)."""
    s = ready(2, (E, E))
    picks = iter(sorted(ORDERS))
    for p, count in ((0, 5), (1, 4)):
        for _ in range(count):
            give_taken(s, p, next(picks))
    s.specials[0] = 1
    s.phase = OVER
    base = [sum(ORDERS[o].vp for o in s.taken[p]) for p in range(2)]
    base[1] += SPECIALS[0].vp
    diff = base[0] - base[1]
    if diff > 0:
        s.white[1], s.white_left = diff, 8 - diff
    else:
        s.white[0], s.white_left = -diff, 8 + diff
    result = GAME.result(s)
    assert result.scores[0] == result.scores[1] and result.ranks == (1, 2)
    give_taken(s, 1, next(picks))
    extra = ORDERS[s.taken[1][-1]].vp
    s.red[0], s.red_left = 0, 8
    s.white[0] += extra
    s.white_left -= extra
    result = GAME.result(s)
    assert result.scores[0] == result.scores[1] and result.ranks == (1, 1)


def test_titles_add_vp_at_scoring_TM_VAR_2() -> None:
    """TM-VAR-2: each shown title adds its VP; a tie for a title is shared; 0 earns none."""
    s = ready(3, (E, E, E), titles=True)
    s.titles = [0, 9]  # Grand Merchant (most orders, 5) and Vintner (most liquor shipped, 3)
    give_taken(s, 0, order_id(E, {WHEAT: 2}))
    give_taken(s, 1, order_id(M, {ARMS: 2}))
    zone_add(s, AR, 2, {2: 2})
    assert title_points(s) == [[5, 5, 0], [0, 0, 3]]
    grand = DATA.titles[0][0]
    assert (grand.measure, grand.mode, grand.vp) == ("orders", "most", 5)
    s.titles = [5]  # Pioneer: 5 VP for the most houses on production cities
    s.houses[H] |= 0b001
    s.houses[AR] |= 0b011
    assert title_points(s) == [[5, 0, 0]]
    view = GAME.view(s, None)
    assert view["scores"][0] == ORDERS[s.taken[0][0]].vp + 5


def test_a_title_may_count_each_item_TM_VAR_2() -> None:
    """TM-VAR-2 with a title of another data file: a title in mode `each` gives its VP per
    item counted to every player (no shown title uses it, but the file format allows it)."""
    s = ready(3, (E, E, E), titles=True)
    _guild, pioneer = DATA.titles[2]
    each = dataclasses.replace(pioneer, mode="each", vp=2)
    s.houses[H] |= 0b001
    s.houses[AR] |= 0b011
    assert title_award(s, each) == [4, 2, 0]
    assert title_award(s, pioneer) == [5, 0, 0]
