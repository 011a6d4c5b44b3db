"""Round scoring, final scoring and end bonus cards (RR-SCORE, RR-END, RR-EB)."""

from __future__ import annotations

from kaido.games.russian_railroads import GAME, engine
from kaido.games.russian_railroads.components import KIEV, SPECIAL_BY_KEY, STP, TSR
from kaido.games.russian_railroads.scoring import (
    end_bonus_vp,
    engineer_majority,
    industry_score,
    line_score,
    round_score,
)
from kaido.games.russian_railroads.state import (
    DONE,
    ENGS,
    EXTRA,
    F_EB,
    IND,
    IND2,
    MEDAL,
    REVALUED,
    TOKENS,
    VP,
    X2,
)
from tests.games.russian_railroads.helpers import (
    act,
    legal,
    mark_done,
    own_engineer,
    put_factories,
    put_locos,
    ready,
    set_markers,
    to_move,
    top,
)


def test_tsr_scoring_example_is_12_rr_ex_20_rr_score_2_rr_score_3_rr_score_5() -> None:
    # RR-SCORE-2, RR-SCORE-3, RR-SCORE-5
    """RR-EX-20 (corrected copy, R-1): TSR locos 2 + 6 (reach 8); brown 3, grey 7, black 9;
    x2 over square 1. Brown 1-3 = 2x2 + 2 + 2 = 8, grey 4-7 = 4, square 8 black = 0: 12."""
    st = ready()
    b = st.boards[0]
    put_locos(st, 0, [2, 6, 0, 0])
    set_markers(st, 0, TSR, 9, 7, 3)
    b[X2] = 1
    st.x2_stock -= 1
    assert line_score(b, TSR) == 12


def test_square_values_and_revaluation_rr_score_4_rr_at_5() -> None:
    """RR-SCORE-4 / RR-AT-5: black 0, grey 1, brown 2, vanilla 4, white 7; revalued
    brown 3, vanilla 6, white 10."""
    st = ready()
    b = st.boards[0]
    put_locos(st, 0, [9, 9, 0, 0])
    set_markers(st, 0, TSR, 15, 14, 13, 12, 11)
    # white 1-11, vanilla 12, brown 13, grey 14, black 15
    assert line_score(b, TSR) == 11 * 7 + 4 + 2 + 1
    b[REVALUED] = 1
    assert line_score(b, TSR) == 11 * 10 + 6 + 3 + 1


def test_kiev_scoring_example_rr_ex_21_rr_score_8() -> None:
    """RR-EX-21 / RR-SCORE-8: Kiev loco 2, black on 4: 0 from colour, stars 1 + 2 = 3."""
    st = ready()
    put_locos(st, 0, [1, 0, 0, 2])
    set_markers(st, 0, KIEV, 4)
    mark_done(st, 0)
    assert line_score(st.boards[0], KIEV) == 3


def test_industry_on_a_factory_scores_previous_square_rr_ex_22_rr_score_10() -> None:
    """RR-EX-22 / RR-SCORE-10: the marker on a factory tile scores the previous 5."""
    st = ready()
    b = st.boards[0]
    put_factories(st, 0, [6, 0, 0, 0, 0])
    b[IND] = 5
    assert industry_score(b, st.variant) == 5
    b[IND2] = 4
    assert industry_score(b, st.variant) == 10


def test_stp_doubled_rr_score_7() -> None:
    # RR-SCORE-7
    st = ready()
    b = st.boards[0]
    put_locos(st, 0, [1, 0, 7, 0])
    set_markers(st, 0, TSR, 3)
    set_markers(st, 0, STP, 8, 7)
    assert line_score(b, STP) == 7
    mark_done(st, 0)
    assert b[DONE] >> SPECIAL_BY_KEY["double_stp"].index & 1
    assert line_score(b, STP) == 14


def test_kiev_medal_rr_score_9_rr_at_6() -> None:
    """RR-SCORE-9 / RR-AT-6: +20 when grey and the loco reach Kiev 5."""
    st = ready()
    b = st.boards[0]
    put_locos(st, 0, [1, 0, 0, 5])
    set_markers(st, 0, TSR, 3)
    set_markers(st, 0, KIEV, 6, 5)
    base = line_score(b, KIEV)
    b[MEDAL] = 1
    assert line_score(b, KIEV) == base + 20
    put_locos(st, 0, [1, 0, 0, 4])
    assert line_score(b, KIEV) < base + 20


def test_round_scoring_order_and_parts_rr_score_1_rr_score_6() -> None:
    """RR-SCORE-1 / RR-SCORE-6: after the order is settled, TSR, StP, Kiev and industry
    are scored for every player, and the sum is added."""
    st = ready()
    put_locos(st, 0, [2, 0, 0, 0])
    set_markers(st, 0, TSR, 3, 2)
    mark_done(st, 0)
    st.boards[0][IND] = 3
    parts = round_score(st.boards[0], st.variant)
    assert parts == (2, 0, 0, 3)
    for _ in range(4):
        act(st, "pass")
    assert st.fresh_scores is not None and st.fresh_scores[0] == parts


def _finish(st) -> None:  # type: ignore[no-untyped-def]
    st.round = st.rounds
    while not GAME.is_over(st):
        act(st, "pass")


def test_final_scoring_end_bonus_then_majority_rr_end_1_rr_end_2() -> None:
    """RR-END-1 / RR-END-2: end bonus cards are revealed and scored, then engineers."""
    st = ready()
    st.deck.remove(1) if 1 in st.deck else st.removed_eb.remove(1)
    if len(st.removed_eb) < 2:
        st.removed_eb.append(st.deck.pop())
    st.hands[0].append((1, 0))
    st.eb_seq = 1
    own_engineer(st, 1, 5)
    vp = [b[VP] for b in st.boards]
    _finish(st)
    assert st.boards[0][VP] - vp[0] == 15 + 0  # EB-1, seat 0 passes first in position 1
    assert st.boards[1][VP] - vp[1] == 40 + 2  # sole engineer owner; card of position 2
    assert GAME.view(st, 2)["players"][0]["end_bonus"] == [1]


def test_engineer_majority_example_rr_ex_23_rr_end_3() -> None:
    """RR-EX-23 / RR-END-3: Red 3 tiles, Blue 2, Yellow 2 (holding the highest number of
    the two), Green 0: Red 40, Yellow 20, Blue and Green nothing."""
    st = ready()
    red, blue, yellow, green = 0, 1, 2, 3
    st.boards[red][ENGS] = (1 << 2) | (1 << 3) | (1 << 4)
    st.boards[blue][ENGS] = (1 << 5) | (1 << 9)
    st.boards[yellow][ENGS] = (1 << 6) | (1 << 12)
    assert engineer_majority(st.boards, [[], [], [], []]) == [40, 0, 20, 0]
    _ = green


def test_card_nine_counts_as_an_engineer_rr_eb_9_rr_end_3() -> None:
    # RR-EB-9, RR-END-3
    st = ready()
    st.boards[0][ENGS] = 1 << 3
    assert engineer_majority(st.boards, [[], [9], [], []]) == [40, 20, 0, 0]


def test_ties_share_the_place_rr_end_4() -> None:
    # RR-END-4
    st = ready()
    _finish(st)
    for b in st.boards:
        b[VP] = 50
        b[45] = 50 - b[42] - b[43] - b[44]
    assert GAME.result(st).ranks == (1, 1, 1, 1)


def test_end_bonus_choice_look_or_blind_rr_eb_0() -> None:
    """RR-EB-0 / R-14: look at the deck and keep one, or 10 VP without looking."""
    st = ready()
    st.stack.append([F_EB, 0, 0])
    assert set(legal(st)) == {("look",), ("blind",)}
    assert GAME.is_irreversible(st, GAME.action_table(st.options).get("look"))
    act(st, "look")
    card = st.deck[0]
    assert ("keep", card) in legal(st)
    act(st, "keep", card)
    assert [c for c, _ in st.hands[0]] == [card] and card not in st.deck
    st.stack.append([F_EB, 0, 0])
    vp = st.boards[0][VP]
    act(st, "blind")
    assert st.boards[0][VP] == vp + 10


def test_end_bonus_values_rr_eb_1_to_10() -> None:
    """RR-EB-1..10: each card's value on a built board."""
    st = ready()
    b = st.boards[0]
    put_locos(st, 0, [6, 3, 5, 4])
    put_factories(st, 0, [2, 2, 3, 0, 0])
    set_markers(st, 0, TSR, 15)
    set_markers(st, 0, STP, 9)
    set_markers(st, 0, KIEV, 4)
    mark_done(st, 0)
    b[EXTRA] = 2
    b[TOKENS] = 0b1011
    b[X2] = 5
    st.x2_stock -= 5
    b[ENGS] = (1 << 4) | (1 << 7)
    assert end_bonus_vp(b, 1) == 15  # RR-EB-1
    assert end_bonus_vp(b, 2) == 20  # RR-EB-2: 2 completed lines
    assert end_bonus_vp(b, 3) == 12  # RR-EB-3: 3 factories
    assert end_bonus_vp(b, 4) == 18  # RR-EB-4: 6 + 3 + 5 + 4
    assert end_bonus_vp(b, 5) == 20  # RR-EB-5
    assert end_bonus_vp(b, 6) == 28  # RR-EB-6: 15 + 9 + 4
    assert end_bonus_vp(b, 7) == 21  # RR-EB-7
    assert end_bonus_vp(b, 8) == 20  # RR-EB-8: 5 tokens
    b[X2] = 7
    st.x2_stock -= 2
    assert end_bonus_vp(b, 8) == 30
    assert end_bonus_vp(b, 9) == 0  # RR-EB-9: counts in the majority instead
    assert end_bonus_vp(b, 10) == 12  # RR-EB-10: 2 engineers
    b[EXTRA] = 3
    b[TOKENS] = 0b1111111
    assert end_bonus_vp(b, 5) == 30 and end_bonus_vp(b, 7) == 28  # the caps
    put_factories(st, 0, [2, 2, 3, 4, 4])
    b[ENGS] |= 1 << 1
    assert end_bonus_vp(b, 3) == 20 and end_bonus_vp(b, 10) == 18


def test_blind_when_deck_empty_rr_eb_0() -> None:
    # RR-EB-0
    st = ready()
    st.hands[1] = [(card, i) for i, card in enumerate(st.deck)]  # seat 1 took all 8
    st.eb_seq = len(st.deck)
    st.deck = []
    vp = st.boards[0][VP]
    st.stack.append([F_EB, 0, 0])
    engine.settle(st, None)
    assert st.boards[0][VP] == vp + 10 and top(st) is None and to_move(st) == 0
