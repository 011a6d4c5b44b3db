"""What each seat may see (`view`), re-dealing what it may not (`determinize`), and the
conservation laws every state obeys (`invariants`)."""

from __future__ import annotations

from typing import Any

from kaido.core.rng import Rng
from kaido.games.russian_railroads.components import (
    DOUBLERS,
    END_BONUS,
    FACTORY_SPACES,
    GAP_FACTORY,
    LINE_COLOURS,
    LINE_LENGTH,
    LOCO_COPIES,
    MAX_DOUBLERS,
    MULTI_SPACE,
    SPACES,
    SPECIAL_NINE,
    START_RUBLES,
    TEMP_WORKERS,
    WORKERS_TOTAL,
)
from kaido.games.russian_railroads.engine import deck_mask, to_move
from kaido.games.russian_railroads.markers import colours_gained, reach
from kaido.games.russian_railroads.scoring import round_score
from kaido.games.russian_railroads.state import (
    BLACKW,
    DONE,
    ENG_USED,
    ENGS,
    EXTRA,
    F_FREPLACE,
    F_LOCO,
    FACT,
    HAND,
    IND,
    IND2,
    LOCO,
    MEDAL,
    OWNS_BLACK,
    PASSED,
    PHASE_OVER,
    POS,
    REVALUED,
    RUBLES,
    STOCKW,
    TEMP,
    TOKENS,
    VP,
    VP_BONUS,
    VP_FINAL,
    VP_PASS,
    VP_ROUND,
    X2,
    RRState,
)

ALL_CARDS = frozenset(range(1, len(END_BONUS) + 1))


def _cards(mask: int) -> list[int]:
    return [c for c in range(1, len(END_BONUS) + 1) if mask >> c & 1]


def board_view(b: list[int]) -> dict[str, Any]:
    return {
        "markers": [b[POS + line * 5 : POS + line * 5 + 5] for line in range(3)],
        "locos": b[LOCO : LOCO + 4],
        "reach": [reach(b, line) for line in range(3)],
        "factories": b[FACT : FACT + 5],
        "industry": [b[IND], b[IND2]],
        "workers": b[HAND],
        "workers_in_stock": b[STOCKW],
        "temp_workers": b[TEMP],
        "black_worker": b[BLACKW],
        "owns_black_worker": b[OWNS_BLACK],
        "rubles": b[RUBLES],
        "vp": b[VP],
        "vp_by_source": {
            "pass": b[VP_PASS],
            "round": b[VP_ROUND],
            "bonus": b[VP_BONUS],
            "final": b[VP_FINAL],
        },
        "doublers": b[X2],
        "achieved": b[DONE],
        "advantage_tokens": b[TOKENS],
        "passed": b[PASSED],
        "extra_workers": b[EXTRA],
        "revalued": b[REVALUED],
        "medal": b[MEDAL],
        "engineers": [e for e in range(1, 16) if b[ENGS] >> e & 1],
        "engineers_used": [e for e in range(1, 16) if b[ENG_USED] >> e & 1],
    }


def view(st: RRState, player: int | None) -> dict[str, Any]:
    over = st.phase == PHASE_OVER
    players = []
    for seat, b in enumerate(st.boards):
        entry = board_view(b)
        hand = st.hands[seat]
        entry["end_bonus_acquired"] = [seq for _, seq in hand]
        entry["end_bonus"] = sorted(c for c, _ in hand) if over or seat == player else None
        players.append(entry)
    seen = None
    if player is not None and st.seen_at[player] >= 0:
        seen = {"cards": _cards(st.seen[player]), "at": st.seen_at[player]}
    return {
        "round": st.round,
        "rounds": st.rounds,
        "phase": st.phase,
        "order": st.order[:],
        "current": st.current,
        "to_move": to_move(st),
        "pending": [f[:] for f in st.stack],
        "placements": [list(p) for p in st.placements],
        "claims": st.claims[:],
        "strip": st.strip[:],
        "piles": st.piles[:],
        "factory_stock": st.fstock[:],
        "doubler_stock": st.x2_stock,
        "temp_on_space": st.temp_on_space,
        "advantage_cards": [k for k in range(1, 6) if st.adv_cards >> k & 1],
        "start_bonus": [k for k in range(1, 5) if st.start_bonus >> k & 1],
        "deck_size": len(st.deck),
        "end_bonus_taken": st.eb_seq,
        "players": players,
        "seen_deck": seen,
    }


def determinize(st: RRState, player: int, rng: Rng) -> RRState:
    """Re-deal the end bonus cards `player` cannot see: the 2 removed, the deck and other
    players' cards, consistently with the deck `player` last looked at (if any)."""
    world = st.copy()
    world.rng = rng.spawn()
    world.offered = None  # the end bonus cards to keep may differ
    mine = {card for card, _ in st.hands[player]}
    others = [
        (seat, i, seq)
        for seat, hand in enumerate(st.hands)
        if seat != player
        for i, (_, seq) in enumerate(hand)
    ]
    looked = st.seen_at[player] >= 0
    known = set(_cards(st.seen[player])) if looked else set()
    after = [x for x in others if looked and x[2] >= st.seen_at[player]]
    before = [x for x in others if x not in after]
    over = st.phase == PHASE_OVER
    if not over:
        known_pool = sorted(known)
        rng.shuffle(known_pool)
        unknown_pool = sorted(ALL_CARDS - known - mine)
        rng.shuffle(unknown_pool)
        for seat, i, seq in after:
            world.hands[seat][i] = (known_pool.pop(), seq)
        for seat, i, seq in before:
            world.hands[seat][i] = (unknown_pool.pop(), seq)
        deck_pool = known_pool if looked else unknown_pool
        world.deck = sorted(deck_pool[: len(st.deck)])
        rest = deck_pool[len(st.deck) :] + (unknown_pool if looked else [])
        world.removed_eb = sorted(rest)
    elif not looked:
        pool = sorted(set(st.deck) | set(st.removed_eb))
        rng.shuffle(pool)
        world.deck = sorted(pool[: len(st.deck)])
        world.removed_eb = sorted(pool[len(st.deck) :])
    for seat in range(st.n):
        if seat != player and world.seen_at[seat] >= 0:
            world.seen[seat] = _knowledge(world, seat)
    return world


def _knowledge(st: RRState, seat: int) -> int:
    """The deck as `seat` last saw it: today's deck plus what others took since."""
    mask = deck_mask(st.deck)
    for other, hand in enumerate(st.hands):
        if other != seat:
            for card, seq in hand:
                if seq >= st.seen_at[seat]:
                    mask |= 1 << card
    return mask


def invariants(st: RRState) -> None:
    n = st.n
    _check_workers(st)
    assert st.x2_stock + sum(b[X2] for b in st.boards) == DOUBLERS, "x2 tokens not conserved"
    assert all(0 <= b[X2] <= MAX_DOUBLERS for b in st.boards), "too many x2 tokens"
    on_board = sum(p[5] for p in st.placements)
    held = sum(b[RUBLES] for b in st.boards)
    start = START_RUBLES[n] * n
    assert held + on_board == start + st.rubles_given - st.rubles_back, "rubles not conserved"
    assert all(b[RUBLES] >= 0 for b in st.boards), "negative rubles"
    _check_tiles(st)
    for b in st.boards:
        _check_markers(b)
        _check_industry(b)
        total = b[VP_PASS] + b[VP_ROUND] + b[VP_BONUS] + b[VP_FINAL]
        assert total == b[VP], "VP differs from the sum of its sources"
    if st.fresh_scores is not None:
        for b, scored in zip(st.boards, st.fresh_scores, strict=True):
            assert round_score(b, st.variant) == scored, "round scoring differs when recomputed"
    cards = sorted(st.deck + st.removed_eb + [c for h in st.hands for c, _ in h])
    assert cards == sorted(ALL_CARDS), "end bonus cards not conserved"
    assert len(st.removed_eb) == 2, "two end bonus cards leave the game unseen"
    for seat in range(n):
        if st.seen_at[seat] >= 0:
            assert st.seen[seat] == _knowledge(st, seat), "a player's memory of the deck"
    _check_engineers(st)
    for space, seat, *_ in st.placements:
        if space != MULTI_SPACE and not SPACES[space].engineer:
            assert st.occ[space] == seat, "occupancy differs from the placements"


def _check_workers(st: RRState) -> None:
    total = WORKERS_TOTAL[st.n]
    placed_own = [0] * st.n
    placed_temp = placed_black = 0
    for _, seat, own, temp, black, _ in st.placements:
        placed_own[seat] += own
        placed_temp += temp
        placed_black += black
    for seat, b in enumerate(st.boards):
        assert b[HAND] >= 0 and b[TEMP] >= 0, "negative workers"
        assert b[HAND] + placed_own[seat] + b[STOCKW] == total, "workers not conserved"
    temps = st.temp_on_space + sum(b[TEMP] for b in st.boards) + placed_temp
    assert temps == TEMP_WORKERS, "temporary workers not conserved"
    black_card = 1 if st.adv_cards >> 4 & 1 else 0
    blacks = black_card + sum(b[BLACKW] for b in st.boards) + placed_black
    assert blacks == 1, "the black worker is not conserved"
    assert sum(b[OWNS_BLACK] for b in st.boards) == 1 - black_card, "black worker owner"


def _check_tiles(st: RRState) -> None:
    counts = [0] * 11
    for b in st.boards:
        for k in range(4):
            counts[b[LOCO + k]] += 1
        for k in range(FACTORY_SPACES):
            counts[b[FACT + k]] += 1
    for frame in st.stack:  # a tile in hand: a loco being placed, a factory replacing one
        if frame[0] in (F_LOCO, F_FREPLACE):
            counts[frame[2]] += 1
    counts[0] = 0
    for number in range(1, 10):
        found = st.piles[number] + st.removed_tiles[number] + st.fstock[number] + counts[number]
        assert found == LOCO_COPIES, f"loco tiles {number} not conserved"
    special = counts[SPECIAL_NINE] + (1 if st.adv_cards >> 5 & 1 else 0)
    assert special == 1, "the special 9 is not conserved"
    for b in st.boards:
        assert b[LOCO] or b[LOCO + 1], "the Trans-Siberian always holds a loco"
        assert SPECIAL_NINE not in b[FACT : FACT + 5], "the special 9 has no factory side"


def _check_markers(b: list[int]) -> None:
    gained = colours_gained(b)
    for line in range(3):
        base = POS + line * 5
        assert 1 <= b[base] <= LINE_LENGTH[line], "black marker off its line"
        previous = b[base]
        for colour in range(1, 5):
            at = b[base + colour]
            if colour >= LINE_COLOURS[line] or colour >= gained:
                assert at == 0, "a marker the line does not accept or not yet gained"
                continue
            assert at < previous or at == 0, "marker order broken"
            previous = at


def _check_industry(b: list[int]) -> None:
    for marker in (b[IND], b[IND2]):
        for square in range(1, marker + 1):
            space = GAP_FACTORY[square]
            assert space < 0 or b[FACT + space], "industry marker past an empty gap"
    assert b[IND] != b[IND2] or b[IND] == 0, "two industry markers on one square"


def _check_engineers(st: RRState) -> None:
    owned = 0
    for b in st.boards:
        assert not owned & b[ENGS], "an engineer owned twice"
        owned |= b[ENGS]
        assert b[ENG_USED] & ~b[ENGS] == 0, "used an engineer not owned"
    for engineer in st.strip:
        assert not engineer or not owned >> engineer & 1, "an engineer both owned and on the board"
    card_two = 1 if st.adv_cards >> 2 & 1 else 0
    assert card_two + (owned >> 1 & 1) == 1, "engineer 1 is on its card or owned"
