"""Round end: growth, upkeep, start player, settlements and the end of the game."""

from __future__ import annotations

from kaido.games.forwarder_of_xanadu import GAME
from kaido.games.forwarder_of_xanadu.board import DATA
from kaido.games.forwarder_of_xanadu.engine import (
    PORT,
    final_skill,
    limit,
    load_size,
    rank_sums,
    ranking,
    settle,
)
from kaido.games.forwarder_of_xanadu.state import GROW, OVER, PICK, REFILL, TURN
from tests.games.forwarder_of_xanadu.helpers import (
    QUALITY,
    SKILL,
    STORAGE,
    TRANSPORT,
    WORKER,
    act,
    finish_turns,
    give,
    held,
    legal,
    play_to_round,
    ready,
    refused,
    simple_choice,
)


def _to_growth(s) -> None:  # type: ignore[no-untyped-def]
    finish_turns(s)
    assert s.phase == GROW


def test_one_cell_a_round_two_after_the_mid_settlement_FX_GROW_1() -> None:
    """FX-GROW-1: 1 unlock at the ends of rounds 1-3, 2 at rounds 4 and 5; the removed
    dispatched worker becomes available; `done` waits for the unlocks."""
    s = ready(3)
    _to_growth(s)
    assert s.cur == 0 and s.grow_left == 1
    assert refused(s, "done") == "FX-GROW-1"
    act(s, "unlock", STORAGE)
    assert s.cells[STORAGE] == 1 and s.disp_avail[0] == 1
    play_to_round(s, 4)
    _to_growth(s)
    assert s.grow_left == 2 and s.round == 4


def test_worker_cell_needs_a_full_track_FX_GROW_2_FX_D_7() -> None:
    """FX-GROW-2, FX-D-7: the Worker cell is refused before Storage, Transport or Quality
    is fully unlocked."""
    s = ready(3)
    _to_growth(s)
    assert refused(s, "unlock", WORKER) == "FX-GROW-2"
    s.cells[STORAGE] = 2
    assert ("unlock", WORKER) in legal(s)


def test_skill_cells_3_and_4_only_after_the_mid_settlement_FX_GROW_3_FX_D_7() -> None:
    """FX-GROW-3, FX-D-7: skill cell 3 is refused at the end of round 3, allowed at 4."""
    s = ready(3)
    play_to_round(s, 3)
    _to_growth(s)
    s.cells[s.cur * 5 + SKILL] = 2
    assert refused(s, "unlock", SKILL) == "FX-GROW-3"
    play_to_round(s, 4)
    _to_growth(s)
    s.cells[s.cur * 5 + SKILL] = 2
    act(s, "unlock", SKILL)
    assert s.cells[s.cur * 5 + SKILL] == 3


def test_cells_unlock_in_order_within_a_track_FX_GROW_4_R_3() -> None:
    """FX-GROW-4, R-3: cell counts grow one by one; a full track refuses more."""
    s = ready(3)
    _to_growth(s)
    s.cells[TRANSPORT] = 2
    assert refused(s, "unlock", TRANSPORT) == "FX-GROW-4"
    act(s, "unlock", QUALITY)
    assert s.cells[QUALITY] == 1


def test_storage_bonus_applies_from_the_same_refill_and_does_not_add_FX_TRACK_ST_1() -> None:
    """FX-TRACK-ST-1: cell 1 adds 1 basic to the refill of the same round end; with cell 2
    only cell 2's bonus (2) applies; the limit rises too."""
    s = ready(3)
    _to_growth(s)
    port = held(s, 0, PORT)[0]
    act(s, "unlock", STORAGE)
    assert limit(s, 0) == DATA.storage_limit[1]
    while s.phase != TURN:
        act(s, *simple_choice(s))
    assert held(s, 0, PORT)[0] == port + 2 + DATA.storage_refill[1]
    s.cells[STORAGE] = 2
    finish_turns(s)
    port = held(s, 0, PORT)[0]
    while s.phase != TURN:
        act(s, *simple_choice(s))
    assert held(s, 0, PORT)[0] == port + 2 + DATA.storage_refill[2]
    assert DATA.storage_refill[2] < DATA.storage_refill[1] + DATA.storage_refill[2]


def test_office_on_an_entered_area_or_later_FX_TRACK_TR_2_FX_OFFICE_1() -> None:
    """FX-TRACK-TR-2: with Transport cell 2, the office goes on an entered area without
    another office, or waits for a later growth step; FX-OFFICE-1: it takes round-end
    refills within its limit."""
    s = ready(3)
    _to_growth(s)
    s.cells[TRANSPORT] = 1
    act(s, "unlock", TRANSPORT)
    assert not [k for k in legal(s) if k[0] == "office"]  # no entered area yet: postponed
    s.gauge[3] = [0, 1]
    s.gauge[4] = [0]
    s.tokens_left[0] -= 2
    s.tokens_left[1] -= 1
    s.office[1] = 4
    assert [k for k in legal(s) if k[0] == "office"] == [("office", 3)]
    act(s, "done")
    while s.phase == GROW:
        act(s, *simple_choice(s))
    assert s.office[0] == -1
    s.office[1] = -1
    while s.phase != GROW or s.cur != 0:  # the next growth step of seat 0
        act(s, *simple_choice(s))
    assert ("office", 3) in legal(s)
    act(s, "office", 3)
    assert s.office[0] == 3
    while s.phase != REFILL:
        act(s, *simple_choice(s))
    assert s.cur == 0 and legal(s)[-1][1] == min(s.refill_amount, limit(s, 0))
    act(s, "refill", 1)
    assert held(s, 0, 3)[0] == 1


def test_quality_2_may_swap_the_exclusive_for_an_upper_card_FX_TRACK_QU_2() -> None:
    """FX-TRACK-QU-2: on unlocking, the exclusive may be swapped (optional)."""
    s = ready(3)
    _to_growth(s)
    s.cells[QUALITY] = 1
    old = s.exclusive[0]
    act(s, "unlock", QUALITY)
    assert ("swap",) in legal(s)
    top = s.decks[1][-1]
    act(s, "swap")
    assert s.exclusive[0] == top and old in s.discards[0]
    s2 = ready(3)
    _to_growth(s2)
    s2.cells[QUALITY] = 1
    keep = s2.exclusive[0]
    act(s2, "unlock", QUALITY)
    act(s2, "done")
    assert s2.exclusive[0] == keep and s2.cur == 1


def test_worker_track_adds_a_worker_from_the_same_refill_FX_TRACK_WK_1_FX_UPKEEP_1_R_20() -> None:
    """FX-TRACK-WK-1, FX-UPKEEP-1, R-20: 3 workers back, 4 with the Worker cell, even when
    the worker stock runs short (substitutes)."""
    s = ready(3)
    _to_growth(s)
    s.cells[STORAGE] = 2
    act(s, "unlock", WORKER)
    while s.phase != TURN:
        act(s, *simple_choice(s))
    assert s.workers == [4, 3, 3]


def test_played_skill_applies_at_once_FX_SKILL_1() -> None:
    """FX-SKILL-1: an unlocked skill cell lets you play 1 card; it applies at once."""
    s = ready(3)
    _to_growth(s)
    k = next(x for x in s.hands[0] if DATA.skills[x].perm == "transport")
    assert refused(s, "play", k) == "FX-SKILL-1"
    act(s, "unlock", SKILL)
    before = load_size(s, 0)
    act(s, "play", k)
    assert load_size(s, 0) == before + DATA.skills[k].perm_n and k in s.played[0]
    assert GAME.view(s, 1)["seats"][0]["played"] == [k]


def test_disposables_in_the_growth_step_R_10() -> None:
    """R-10 / FX-SKILL-2: basic and VP disposables may be used in the growth step; extra
    actions only in your own turn."""
    s = ready(3)
    _to_growth(s)
    basic = next(x for x in s.hands[0] if DATA.skills[x].disp == "basic")
    actions = next(x for x in s.hands[0] if DATA.skills[x].disp == "actions")
    port = held(s, 0, PORT)[0]
    act(s, "use", basic)
    assert held(s, 0, PORT)[0] == port + DATA.skills[basic].disp_n
    assert refused(s, "use", actions) == "FX-SKILL-2"


def test_upkeep_dailies_and_resources_in_turn_order_FX_UPKEEP_2_FX_UPKEEP_3_R_13() -> None:
    """FX-UPKEEP-2: dailies face up; FX-UPKEEP-3, R-13: 2 basic each, in turn order from
    the start player, a short stock giving what remains."""
    s = ready(3)
    s.dailies = [0, 0, 1, 0, 0, 1]
    _to_growth(s)
    give(s, 2, 5, basic=s.stock[0] - 3)
    before = [held(s, p, PORT)[0] for p in range(3)]
    while s.phase == GROW:  # Quality only: no Storage bonus
        act(s, *(("unlock", QUALITY) if s.grow_left else ("done",)))
    assert s.dailies == [1] * 6
    gained = [held(s, p, PORT)[0] - before[p] for p in range(3)]
    assert gained == [2, 1, 0] and s.stock[0] == 0


def test_no_growth_or_upkeep_after_round_6_FX_UPKEEP_4_FX_FLOW_1() -> None:
    """FX-UPKEEP-4, FX-FLOW-1: 6 rounds; after round 6 the final settlement ends it."""
    s = ready(3)
    play_to_round(s, 6)
    assert s.round == 6
    cells = s.cells[:]
    finish_turns(s)
    assert s.phase == OVER and s.cells == cells and GAME.legal_actions(s) == []


def test_workers_on_unfilled_cards_stay_FX_UPKEEP_5() -> None:
    """FX-UPKEEP-5: workers on an unfilled card stay there into the next round."""
    s = ready(3)
    act(s, "place", 0)
    act(s, "end")
    play_to_round(s, 2)  # every other worker goes to the improvement card
    assert s.spaces[0] == [0]


def test_start_player_passes_left_FX_START_1() -> None:
    """FX-START-1."""
    s = ready(4)
    play_to_round(s, 2)
    assert s.start == 1 and s.cur == 1
    play_to_round(s, 3)
    assert s.start == 2


def test_fewest_vp_names_the_start_player_after_a_full_round_FX_START_2_FX_D_8_R_14() -> None:
    """FX-START-2, FX-D-8, R-14: at 4 players seats 1-4 start rounds 1-4; at the end of
    round 4 the fewest VP picks; seats 2 and 4 (1 and 3 here) tie and seat 2, farther
    clockwise from seat 4, picks."""
    s = ready(4)
    play_to_round(s, 4)
    assert s.start == 3
    finish_turns(s)
    s.vp = [9, 2, 5, 2]
    s.cats[0], s.cats[7], s.cats[14], s.cats[21] = 9, 2, 5, 2
    while s.phase != PICK:
        act(s, *simple_choice(s))
    assert s.cur == 1
    act(s, "start", 2)
    assert s.round == 5 and s.start == 2
    play_to_round(s, 6)
    assert s.start == 3  # then the marker passes left again


def test_growth_upkeep_start_then_mid_settlement_FX_FLOW_2_FX_FLOW_3_FX_MID_1() -> None:
    """FX-FLOW-2, FX-FLOW-3, FX-MID-1: after round 3, growth, upkeep and the start player, then the
    mid settlement; R-14: the pick compares VP before the settlement."""
    s = ready(3)
    play_to_round(s, 3)
    s.gauge[5] = [1]  # class ② area: 1st 4 VP
    s.tokens_left[1] -= 1
    finish_turns(s)
    while s.phase != PICK:
        act(s, *simple_choice(s))
    assert s.vp == [0, 0, 0]
    act(s, "start", s.cur)
    assert s.vp[1] == 4 and s.round == 4


def test_area_ranking_by_count_then_leftmost_token_FX_AREA_1_FX_D_4_R_15_R_18() -> None:
    """FX-AREA-1, FX-D-4, R-15, R-18: [B, A, A, B]: both 2, B leftmost, so B 1st and A
    2nd; in a class-③ area at the final settlement B scores 9 and A 6."""
    s = ready(3)
    a_, b_ = 0, 1
    s.gauge[8] = [b_, a_, a_, b_]
    assert ranking(s, 8) == [b_, a_]
    settle(s, DATA.setup["final_vp"], 3, None)
    assert s.vp[b_] == 9 and s.vp[a_] == 6 and DATA.classes[8] == 3


def test_only_first_and_second_score_FX_AREA_2_FX_AREA_3_FX_D_5_FX_FINAL_2() -> None:
    """FX-AREA-2, FX-FINAL-2: only 1st and 2nd; alone, nobody is 2nd. FX-AREA-3: classes ① row 1 and
    row 2, ② row 3, ③ row 4, the port none. FX-D-5: class ② mid pays 4/2."""
    assert DATA.classes == (1, 0, 1, 1, 1, 2, 2, 2, 3, 3)
    s = ready(3)
    s.gauge[6] = [0, 1, 2]  # class ②, three ranked
    s.gauge[3] = [2]  # class ①, alone
    settle(s, DATA.setup["mid_vp"], 2, None)
    assert s.vp == [4, 2, 3]
    s2 = ready(3)
    s2.gauge[7] = [1, 0]
    settle(s2, DATA.setup["final_vp"], 3, None)
    assert s2.vp == [3, 6, 0]


def test_final_settlement_skills_areas_leftovers_FX_FINAL_1_FX_FINAL_3_FX_D_6_R_16() -> None:
    """FX-FINAL-1: each company's final skill; FX-FINAL-3, FX-D-6, R-16: 5 unused
    dispatched workers give 2 VP, locked ones do not count."""
    s = ready(5)
    play_to_round(s, 6)
    s.disp_avail = [5, 0, 0, 0, 1]
    s.dailies_done[4] = 4
    s.gauge[8] = [3, 3]
    s.tokens_left[3] -= 2
    s.gauge[9] = [1]
    s.tokens_left[1] -= 1
    finish_turns(s)
    assert s.phase == OVER
    leftovers = [s.cats[p * 7 + 5] for p in range(5)]
    assert leftovers == [2, 0, 0, 0, 0]
    vp = [c.final_vp for c in DATA.companies]
    assert s.cats[4 * 7 + 4] == 4 * vp[4]  # Tenshin: per daily fulfilled
    assert s.cats[3 * 7 + 4] == 2 * vp[3]  # Akakabuto: per token on the board
    assert s.cats[1 * 7 + 4] == 1 * vp[1]  # Sakucho: per entered area in rows 3-4
    assert final_skill(s, 0) == s.cats[4]


def test_most_vp_wins_then_lower_rank_sum_FX_FINAL_4_FX_TIE_1_R_17() -> None:
    """FX-FINAL-4, FX-TIE-1, R-17: tied VP go to the lower rank sum (unranked k + 1);
    still tied, a draw."""
    s = ready(3)
    s.phase = OVER
    s.vp = [10, 10, 4]
    s.gauge[3] = [0]
    assert rank_sums(s) == [1 + 8 * 1, 2 + 8 * 1, 2 + 8 * 1]
    assert GAME.result(s).ranks == (1, 2, 3)
    s.gauge[3] = []
    assert GAME.result(s).ranks == (1, 1, 3)
