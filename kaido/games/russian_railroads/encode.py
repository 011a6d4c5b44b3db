"""Russian Railroads as numbers for learning agents (`Game.encode`): what one seat sees, in
a fixed-length vector read straight from the state (the layout is in
docs/russian-railroads.md, "Encoding").

Seats are written from the encoding seat on (itself, then the next seats by number), so
one network serves every seat. Others' end bonus cards are counted, never named; the deck
is only the cards the seat saw when it last looked at it (RR-EB), as its view says.
"""

from __future__ import annotations

from kaido.core.options import Options
from kaido.core.vectors import flags, one_hot, relative, scaled, seats_from
from kaido.games.russian_railroads.components import (
    CONFLICTS,
    DOUBLERS,
    END_BONUS,
    ENGINEERS,
    INDUSTRY_END,
    LINE_LENGTH,
    LOCO_COPIES,
    MAIN_SPACES,
    MAX_DOUBLERS,
    ROUNDS,
    SPECIALS,
    STRIPS,
    TEMP_WORKERS,
    WORKERS_TOTAL,
    loco_value,
)
from kaido.games.russian_railroads.engine import to_move
from kaido.games.russian_railroads.markers import reach
from kaido.games.russian_railroads.state import (
    BLACKW,
    DONE,
    ENG_USED,
    ENGS,
    EXTRA,
    F_EB,
    F_FREPLACE,
    F_LOCO,
    F_REUSE,
    F_ROUND_END,
    F_STEPS,
    F_TILE,
    FACT,
    HAND,
    IND,
    IND2,
    LOCO,
    MEDAL,
    OWNS_BLACK,
    PASSED,
    POS,
    REVALUED,
    RUBLES,
    STEP_TOKENS,
    STOCKW,
    TEMP,
    TOKENS,
    VP,
    X2,
    RRState,
)

CARDS = len(END_BONUS)
MOST_ROUNDS = max(ROUNDS.values())
STRIP_PLACES = max(strip.length for strip in STRIPS.values())
ENGINEER_IDS = len(ENGINEERS) + 1  # engineer numbers 1-15, 0 for an empty place
TILES = 11  # tile ids 0 (none) .. 9 and the special 9
FRAME_KINDS = F_ROUND_END + 1
DECISION_KINDS = FRAME_KINDS + 1  # the frames, and a turn's placement (no frame pending)
TOKEN_KINDS = 7  # the five colours, any colour, black or grey
VP_TOP = 500  # VP beyond this count as this (a rare score)
RUBLES_TOP = 10
STEPS_TOP = 8
FACTORY_NUMBERS = 9
MOST_WORKERS = max(WORKERS_TOTAL.values())
MARKER_LINE_LENGTH = tuple(LINE_LENGTH[k // 5] for k in range(15))
LOCO_REACH = tuple(loco_value(tile) / 9 for tile in range(TILES))

BOARD_SLOTS = 15 + 3 + 4 + 9 + 5 + 3 + 5 + 3 + (len(SPECIALS) + 1) + 7 + 4 + 2 * 15 + 1
"""Per seat: markers, reach, locos, factories held and spaces filled, industry, workers,
rubles/VP/x2, specials done, advantage tokens, flags, engineers owned and used, end bonus
cards held."""
OPTION_SLOTS = 1 + len(CONFLICTS)
GLOBAL_SLOTS = OPTION_SLOTS + 2 * MOST_ROUNDS + 3 + STRIP_PLACES * ENGINEER_IDS + 2 * 9 + 2 + 5 + 4
GLOBAL_SLOTS += 2 + 2 * CARDS + 2
"""The rule options (partial public engineers, the readings of conflicting data), rounds,
phase, the engineer strip, loco piles and factory stock, x2 and temporary workers left,
advantage cards, start bonuses, the deck's size and cards taken, the seat's own end bonus
cards and the deck as it last saw it, whether and how long ago it looked."""
DECISION_SLOTS = DECISION_KINDS + FRAME_KINDS + 4 + TOKEN_KINDS + 4 + TILES + 3 + 3


def seat_slots(players: int) -> int:
    """Numbers per seat: its board and end bonus cards held, its turn-order position."""
    return BOARD_SLOTS + players


def size(options: Options) -> int:
    """How many numbers `encode` gives under `options`."""
    n = int(options["players"])
    return GLOBAL_SLOTS + n * seat_slots(n) + MAIN_SPACES * n + 2 * n + 3 * n + DECISION_SLOTS


def encode(st: RRState, player: int) -> list[float]:
    n = st.n
    out: list[float] = []
    seats = seats_from(player, n)
    _globals(st, player, out)
    for seat in seats:
        _board(st.boards[seat], out)
        out.append(scaled(len(st.hands[seat]), 5))
        one_hot(out, st.order.index(seat) if seat in st.order else -1, n)
    # Main-board spaces taken this round, by whom (the multi space holds several).
    taken = [0.0] * (MAIN_SPACES * n)
    for space, seat, *_ in st.placements:
        if space < MAIN_SPACES:
            taken[space * n + relative(seat, player, n)] = 1.0
    out.extend(taken)
    for claimant in st.claims:  # turn-order spaces 1 and 2
        one_hot(out, relative(claimant, player, n), n)
    on_turn = st.order[st.current] if st.order else -1
    one_hot(out, relative(on_turn, player, n), n)
    one_hot(out, relative(to_move(st), player, n), n)
    one_hot(out, relative(st.acting, player, n), n)
    _decision(st, out)
    return out


def _globals(st: RRState, player: int, out: list[float]) -> None:
    options = st.options
    out.append(1.0 if options["public_engineers_partial"] else 0.0)
    for conflict in CONFLICTS:  # the readings of conflicting data other than the guide's
        out.append(0.0 if options[conflict.option] == conflict.values[0] else 1.0)
    one_hot(out, st.round - 1, MOST_ROUNDS)
    one_hot(out, st.rounds - st.round, MOST_ROUNDS)
    one_hot(out, st.phase, 3)
    for place in range(STRIP_PLACES):
        one_hot(out, st.strip[place] if place < len(st.strip) else -1, ENGINEER_IDS)
    for number in range(1, 10):
        out.append(scaled(st.piles[number], LOCO_COPIES))
    for number in range(1, 10):
        out.append(scaled(st.fstock[number], LOCO_COPIES))
    out.append(st.x2_stock / DOUBLERS)
    out.append(st.temp_on_space / TEMP_WORKERS)
    flags(out, st.adv_cards, 1, 5)
    flags(out, st.start_bonus, 1, 4)
    out.append(len(st.deck) / CARDS)
    out.append(scaled(st.eb_seq, CARDS))
    held = [0.0] * CARDS
    for card, _ in st.hands[player]:
        held[card - 1] = 1.0
    out.extend(held)
    looked = st.seen_at[player] >= 0
    flags(out, st.seen[player] if looked else 0, 1, CARDS)
    out.append(1.0 if looked else 0.0)
    out.append(scaled(st.eb_seq - st.seen_at[player], CARDS) if looked else 1.0)


def _board(b: list[int], out: list[float]) -> None:
    out.extend([b[POS + k] / MARKER_LINE_LENGTH[k] for k in range(15)])
    out.append(scaled(reach(b, 0), LINE_LENGTH[0]))
    out.append(scaled(reach(b, 1), LINE_LENGTH[1]))
    out.append(scaled(reach(b, 2), LINE_LENGTH[2]))
    out.extend([LOCO_REACH[b[LOCO + slot]] for slot in range(4)])
    factories = [0.0] * FACTORY_NUMBERS
    for space in range(5):
        tile = b[FACT + space]
        if tile:
            factories[tile - 1] = 1.0
    out.extend(factories)
    out.extend([1.0 if b[FACT + space] else 0.0 for space in range(5)])
    out.extend(
        (
            b[IND] / INDUSTRY_END,
            1.0 if b[IND2] >= 0 else 0.0,
            max(b[IND2], 0) / INDUSTRY_END,
            b[HAND] / MOST_WORKERS,
            b[STOCKW] / MOST_WORKERS,
            b[TEMP] / TEMP_WORKERS,
            float(b[BLACKW]),
            float(b[OWNS_BLACK]),
            scaled(b[RUBLES], RUBLES_TOP),
            scaled(b[VP], VP_TOP),
            b[X2] / MAX_DOUBLERS,
        )
    )
    flags(out, b[DONE], 0, len(SPECIALS) + 1)
    flags(out, b[TOKENS], 0, 7)
    out.extend((float(b[PASSED]), scaled(b[EXTRA], 4), float(b[REVALUED]), float(b[MEDAL])))
    flags(out, b[ENGS], 1, 15)
    flags(out, b[ENG_USED], 1, 15)


def _decision(st: RRState, out: list[float]) -> None:
    """What is asked now: the top pending frame (or a turn's placement) with its details,
    and how many frames of each kind wait beneath it."""
    frame = st.stack[-1] if st.stack else [FRAME_KINDS, -1]
    kind = frame[0]
    one_hot(out, kind, DECISION_KINDS)
    pending = [0.0] * FRAME_KINDS
    for waiting in st.stack:
        pending[waiting[0]] += 1 / 3
    out.extend(min(count, 1.0) for count in pending)
    steps = kind == F_STEPS
    out.append(float(frame[2]) if steps else 0.0)  # partial: the player may stop
    out.append(float(frame[3]) if steps else 0.0)  # the black worker's bonus step
    out.append(scaled(frame[4], STEPS_TOP) if steps else 0.0)  # bonus steps of any colour
    out.append(scaled(frame[5], STEPS_TOP) if steps else 0.0)  # industry steps
    for token in range(TOKEN_KINDS):
        out.append(scaled(frame[STEP_TOKENS + token], STEPS_TOP) if steps else 0.0)
    one_hot(out, frame[2] if kind == F_TILE else -1, 4)  # which tiles may be taken
    one_hot(out, frame[2] if kind in (F_LOCO, F_FREPLACE) else -1, TILES)  # the tile in hand
    one_hot(out, frame[3] if kind == F_LOCO else -1, 3)  # the line a displaced loco left
    out.append(float(frame[4]) if kind == F_LOCO else 0.0)  # it must become a factory
    out.append(float(frame[2]) if kind == F_EB else 0.0)  # looking at the deck
    out.append(float(frame[2]) if kind == F_REUSE else 0.0)  # reusing turn-order space 2
