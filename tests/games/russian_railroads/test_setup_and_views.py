"""Set-up per player count (RR-SETUP, RR-2P, RR-3P), views, hidden cards, undo, text."""

from __future__ import annotations

import pytest

from kaido.core.match import Match, UndoRefused
from kaido.core.rng import Rng
from kaido.games import get_game
from kaido.games.russian_railroads import GAME
from kaido.games.russian_railroads.components import (
    ENGINEER_LETTER,
    KIEV,
    SPACE_BY_KEY,
    STP,
    STRIPS,
    TSR,
    spaces_for,
)
from kaido.games.russian_railroads.state import (
    BLACKW,
    F_START,
    HAND,
    IND,
    IND2,
    LOCO,
    POS,
    RUBLES,
    STOCKW,
    TOKENS,
)
from tests.games.russian_railroads.helpers import act, legal, place, ready, to_move


def fresh(players: int, seed: int = 1):  # type: ignore[no-untyped-def]
    return GAME.setup(GAME.make_options(players=players), seed)


def test_registered_as_russian_railroads() -> None:
    assert get_game("russian_railroads") is GAME and GAME.rules_prefix == "RR"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_components_at_setup_rr_setup_1_to_8(players: int) -> None:
    """RR-SETUP-1..8 with RR-2P-2..5 and RR-3P-1..3: cards, deck, piles, workers,
    x2 tokens, engineers, starting pieces and rubles."""
    st = fresh(players)
    n = players
    assert st.adv_cards == 0b111110  # RR-SETUP-1: the 5 advantage cards, face up
    assert len(st.deck) == 8 and len(st.removed_eb) == 2  # RR-SETUP-2
    assert st.piles[1] == 0 and all(st.piles[k] == n for k in range(2, 10))  # RR-SETUP-3
    assert all(st.removed_tiles[k] == 4 - n for k in range(1, 10))  # RR-2P-2, RR-3P-1
    in_hand, total = (5, 7) if n == 4 else (6, 8)  # RR-SETUP-4, RR-2P-4, RR-3P-3
    assert st.temp_on_space == 2 and st.adv_cards >> 4 & 1  # temp workers; black worker
    assert st.x2_stock == 20  # RR-SETUP-5
    engineers = [e for e in st.strip if e]
    assert len(engineers) == (7 if n == 4 else 6)  # RR-SETUP-6, RR-2P-3, RR-3P-2
    assert 1 not in engineers and st.adv_cards >> 2 & 1  # #1 waits on advantage card 2
    strip = STRIPS[n]
    assert all(ENGINEER_LETTER[st.strip[p]] == "B" for p in strip.b_positions)
    assert all(ENGINEER_LETTER[st.strip[p]] == "A" for p in strip.a_positions)
    if n == 3:
        assert st.strip[0] == 0  # RR-3P-2: the leftmost space stays empty
    for b in st.boards:
        seat_workers = b[HAND] + b[STOCKW]
        assert seat_workers == total and b[STOCKW] == total - in_hand
        assert b[LOCO : LOCO + 4] == [1, 0, 0, 0]  # RR-SETUP-7
        assert [b[POS + line * 5] for line in (TSR, STP, KIEV)] == [1, 1, 1]
        assert b[IND] == 0 and b[IND2] == -1 and b[TOKENS] == 0  # RR-SETUP-8
        assert b[BLACKW] == 0
    # RR-SETUP-8 / RR-2P-5: 1 ruble (2 with two players), before any start bonus.
    rubles = [b[RUBLES] for b in st.boards]
    assert sorted(rubles)[0] == (2 if n == 2 else 1)


def test_random_turn_order_rr_setup_9() -> None:
    """RR-SETUP-9 / R-12: the order is drawn at random from the seed; cards by position."""
    orders = {tuple(fresh(4, seed).order) for seed in range(30)}
    assert len(orders) > 5
    st = fresh(4, 3)
    assert st.stack[-1] == [F_START, st.order[3]]


def test_rounds_rr_2p_6_rr_3p_4_rr_flow_1() -> None:
    """RR-2P-6 / RR-3P-4 / RR-FLOW-1: 6 rounds with 2 or 3 players, 7 with 4."""
    assert fresh(2).rounds == 6 and fresh(3).rounds == 6 and fresh(4).rounds == 7


def test_two_player_board_rr_2p_1_rr_3p_5() -> None:
    """RR-2P-1: some spaces are missing on the 2-player board; RR-3P-5: 3 players use the
    3-4 player board."""
    two = {s.key for s in spaces_for(2)}
    three = {s.key for s in spaces_for(3)}
    assert {"black_2", "grey_2", "order_2", "temp"}.isdisjoint(two)
    assert three == {s.key for s in spaces_for(4)}
    st = ready(2)
    from tests.games.russian_railroads.helpers import refused

    refused(st, "RR-2P-1", "place", SPACE_BY_KEY["black_2"].index, 0, 0, 0)


def test_views_hide_end_bonus_cards() -> None:
    """RR-SETUP-2 / RR-EB-0: others' cards, the deck and the removed cards stay hidden."""
    st = ready()
    card = st.deck[0]
    st.deck.remove(card)
    st.hands[1].append((card, 0))
    st.eb_seq = 1
    assert GAME.view(st, 1)["players"][1]["end_bonus"] == [card]
    assert GAME.view(st, 0)["players"][1]["end_bonus"] is None
    assert "deck" not in GAME.view(st, None) and GAME.view(st, None)["deck_size"] == 7


def test_determinize_keeps_what_was_seen() -> None:
    """A player who looked at the deck keeps that knowledge in every dealt world."""
    st = ready()
    from kaido.games.russian_railroads.state import F_EB

    st.stack.append([F_EB, 0, 0])
    act(st, "look")
    keep = st.deck[0]
    act(st, "keep", keep)
    for seed in range(20):
        world = GAME.determinize(st, 0, Rng(seed))
        assert world.deck == st.deck and world.hands[0] == st.hands[0]
        GAME.invariants(world)
        other = GAME.determinize(st, 1, Rng(seed))
        assert GAME.view(other, 1) == GAME.view(st, 1)
        GAME.invariants(other)
    dealt = {tuple(GAME.determinize(st, 1, Rng(s)).hands[0]) for s in range(30)}
    assert len(dealt) > 1  # seat 1 cannot tell seat 0's card


def test_undo_within_a_turn_but_not_across() -> None:
    """Intermediate choices of a turn may be taken back; the end of a turn may not."""
    game = GAME
    match = Match(game, game.make_options(players=4), 2)
    while match.state.stack:  # start bonus picks
        match.play(game.legal_actions(match.state)[-1])
    player = match.to_move
    table = game.action_table(match.options)
    three_black = table.get("place", SPACE_BY_KEY["black_3"].index, 0, 0, 0)
    match.play(three_black)
    assert match.can_undo(player)
    match.undo(player)
    match.play(three_black)
    step = game.legal_actions(match.state)[0]
    match.play(step)
    match.play(game.legal_actions(match.state)[0])
    last = game.legal_actions(match.state)[0]
    match.play(last)  # the third step ends the turn
    with pytest.raises(UndoRefused):
        match.undo(player)


def test_texts_parse_back_in_both_languages() -> None:
    st = ready()
    for action in GAME.legal_actions(st):
        for lang in ("en", "ja"):
            assert GAME.parse_action(st, GAME.action_text(action, lang)) is action


def test_render_fits_and_narration_ja() -> None:
    import re
    import unicodedata

    st = ready()
    place(st, "black_3")
    events = GAME.apply(st, GAME.legal_actions(st)[0], narrate=True)
    assert all(GAME.describe(e, None, "ja") for e in events)

    def width(line: str) -> int:
        plain = re.sub(r"\[[^\]]*\]", "", line)
        return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in plain)

    for lang in ("en", "ja"):
        text = GAME.render(st, 0, lang)
        assert max(width(line) for line in text.splitlines()) <= 100
    assert to_move(st) == 0 and legal(st)
