"""Forwarder of Xanadu as numbers for learning agents (`Game.encode`): what one seat sees, in
a fixed-length vector read straight from the state (the layout is in
docs/forwarder-of-xanadu.md, "Encoding").

Seats are written from the encoding seat on (itself, then the next seats clockwise,
FX-TURN-1), so one network serves every seat. Hidden (views.py): both decks' order
(FX-SETUP-9), the other skill hands, the hands the others hold in the draft and the cards
out of the game (FX-STYLE-1/2); the encoding gives their sizes and never their cards.
Request cards are given by what they are (deck, type, cost, VP), not by their ids. The
length depends on the player count alone (the seats' blocks and the action cards).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Final

from kaido.core.options import Options
from kaido.core.vectors import flags, one_hot, relative, scaled, seats_from
from kaido.games.forwarder_of_xanadu.actions import MAX_REFILL
from kaido.games.forwarder_of_xanadu.board import AREAS, DATA, GRADES, PERMANENT_KINDS, TRACKS
from kaido.games.forwarder_of_xanadu.engine import (
    PORT,
    REQUESTS,
    SETUP,
    SKILLS,
    SPACES,
    card_types,
    final_skill,
    limit,
    to_move,
)
from kaido.games.forwarder_of_xanadu.state import CATEGORIES, PHASE_NAMES, FXState

PHASES: Final = len(PHASE_NAMES)
ROUNDS: Final = SETUP["rounds"]
DISTRICTS: Final = len(DATA.districts)
TYPES: Final = len(DATA.types)
LANDMARKS: Final = len(DATA.landmarks)
COMPANIES: Final = len(DATA.companies)
GAUGE: Final = max(d.gauge for d in DATA.districts)  # cells of the longest share gauge
SCORING: Final = tuple(a for a in range(AREAS) if a != PORT)  # the port has no gauge
SURVEY: Final = SETUP["survey_slots"]
MARKET: Final = sum(SETUP["market"])
DECK_SIZES: Final = tuple(sum(1 for r in REQUESTS if r.deck == d) for d in range(2))
COST_TOP: Final = max(max(r.cost) for r in REQUESTS)
VP_TOP: Final = max(r.vp for r in REQUESTS)
CATEGORY_TOP: Final = 60  # VP of one category beyond this count as this (a rare score)
TOTAL_TOP: Final = 150
PORT_TOP: Final = 20  # cubes of one grade at the port beyond this count as this
WAREHOUSE_TOP: Final = 8  # more than any limit (5 and skills)
WORKERS_TOP: Final = 6
ACTIONS_TOP: Final = 10  # actions left this turn, of one type
PERM_TOP: Final = 4

REQUEST_SLOTS: Final = 1 + 1 + TYPES + GRADES + 1
"""A request card: there or not, upper deck, type (one-hot), cost by grade, VP."""
NO_REQUEST: Final = (0.0,) * REQUEST_SLOTS
REQUEST_BLOCKS: Final = tuple(
    (
        1.0,
        float(r.deck),
        *(1.0 if t == r.type else 0.0 for t in range(TYPES)),
        *(c / COST_TOP for c in r.cost),
        r.vp / VP_TOP,
    )
    for r in REQUESTS
)
AREA_SLOTS: Final = DISTRICTS + TYPES + 1 + LANDMARKS
"""A district on the map: which (one-hot), its request icons, gauge length, landmark."""
SEAT_SLOTS: Final = (
    COMPANIES + 1 + len(CATEGORIES) + AREAS * GRADES + 1 + 1 + 1 + len(TRACKS)
    + 2 + AREAS + 2 + 1 + REQUEST_SLOTS + len(PERMANENT_KINDS) + 1 + 1 + 1 + 1
)  # fmt: skip
"""Per seat: company, VP and its categories, warehouses by area and grade, warehouse limit,
share tokens left, workers, growth cells by track, dispatched workers available and spent,
office area, dailies face up and fulfilled, exclusive request, permanent skill totals,
skills played, hand and draft sizes, final skill as it stands."""
SKILL_FLAGS: Final = len(SKILLS)


def size(options: Options) -> int:
    """How many numbers `encode` gives under `options`."""
    n = int(options["players"])
    cards = len(DATA.cards[n])
    header = 1 + PHASES + ROUNDS + 5 * n
    board = len(SCORING) * (AREA_SLOTS + GAUGE * n + n) + GRADES
    actions = cards * len(SPACES) * (n + 1) + cards
    requests = (MARKET + SURVEY) * REQUEST_SLOTS + 1 + 2 + len(REQUESTS)
    turn = 3 + 1 + AREAS + 1 + 1 + 1 + 2
    skills = SKILL_FLAGS + 1 + 2 * SKILL_FLAGS
    return header + board + actions + requests + turn + skills + n * SEAT_SLOTS


def encode(s: FXState, player: int) -> list[float]:
    n = s.n
    seats = seats_from(player, n)
    out: list[float] = [1.0 if s.options["style"] == "custom" else 0.0]
    one_hot(out, s.phase, PHASES)
    one_hot(out, s.round - 1, ROUNDS)
    for seat in (to_move(s), s.turn_player, s.start):
        one_hot(out, relative(seat, player, n), n)
    out.extend([float(s.starters >> seat & 1) for seat in seats])  # FX-START-2
    out.extend([1.0 if seat in s.queue else 0.0 for seat in seats])  # still to decide
    _board(s, player, out)
    out.extend([s.stock[g] / SETUP["cubes"][g] for g in range(GRADES)])
    _action_cards(s, player, out)
    _requests(s, out)
    _turn(s, out)
    _skills(s, player, out)
    for seat in seats:
        _seat(s, seat, out)
    return out


def _board(s: FXState, player: int, out: list[float]) -> None:
    """The district at each place of the map, then each share gauge cell by cell (whose
    token, FX-SHARE-1) and every seat's tokens there (FX-AREA-1)."""
    out.extend(_districts(s.board))
    n = s.n
    for area in SCORING:
        gauge = s.gauge[area]
        for cell in range(GAUGE):
            one_hot(out, relative(gauge[cell], player, n) if cell < len(gauge) else -1, n)
        out.extend([gauge.count(seat) / GAUGE for seat in seats_from(player, n)])


@functools.lru_cache(maxsize=64)
def _districts(board: tuple[int, ...]) -> tuple[float, ...]:
    """The districts' block of a layout (dealt at setup, so the same all game)."""
    values: list[float] = []
    for area in SCORING:
        district = DATA.districts[board[area]]
        one_hot(values, board[area], DISTRICTS)
        values.extend([1.0 if t in district.icons else 0.0 for t in range(TYPES)])
        values.append(district.gauge / GAUGE)
        one_hot(values, district.landmark, LANDMARKS)
    return tuple(values)


def _action_cards(s: FXState, player: int, out: list[float]) -> None:
    """Each action card's spaces: whose worker stands there and whether dispatched; then the
    card the turn's worker took (it resets at the end of the turn when full, FX-RESET-1)."""
    n = s.n
    for spaces in s.spaces:
        for space in range(len(SPACES)):
            code = spaces[space] if space < len(spaces) else -1
            one_hot(out, relative(code >> 1, player, n) if code >= 0 else -1, n)
            out.append(float(code & 1) if code >= 0 else 0.0)
    one_hot(out, s.card_used, len(card_types(s)))


def _requests(s: FXState, out: list[float]) -> None:
    """The market, the turn player's survey cards (FX-DISP-3), the decks' sizes and the
    cards discarded (public, so what is left in the decks is known)."""
    for card in s.market:
        out.extend(REQUEST_BLOCKS[card] if card >= 0 else NO_REQUEST)
    for slot in range(SURVEY):
        card = s.temp[slot] if slot < len(s.temp) else -1
        out.extend(REQUEST_BLOCKS[card] if card >= 0 else NO_REQUEST)
    out.append(len(s.temp) / SURVEY)
    out.extend([len(s.decks[d]) / DECK_SIZES[d] for d in range(2)])
    out.extend(_card_flags((card for pile in s.discards for card in pile), len(REQUESTS)))


def _turn(s: FXState, out: list[float]) -> None:
    """What the decision in progress carries: actions left by type, basic resources still
    to place and the areas given one already (R-6), growth steps left, the exclusive swap
    on offer (FX-TRACK-QU-2), the refill to split with the office, the daily being paid."""
    out.extend([scaled(count, ACTIONS_TOP) for count in s.pools])
    out.append(scaled(s.to_place, SPACES[0][0]))
    flags(out, s.placed_mask, 0, AREAS)
    out.append(s.grow_left / max(SETUP["growth"]))
    out.append(1.0 if s.may_swap else 0.0)
    out.append(scaled(s.refill_amount, MAX_REFILL))
    one_hot(out, s.paying, 2)


def _skills(s: FXState, player: int, out: list[float]) -> None:
    """The skill cards discarded (public), how many are out of the game (their faces are
    not), and the seat's own hand and draft hand."""
    out.extend(_card_flags(s.skill_discards, SKILL_FLAGS))
    out.append(len(s.removed) / SKILL_FLAGS)
    out.extend(_card_flags(s.hands[player], SKILL_FLAGS))
    out.extend(_card_flags(s.draft[player], SKILL_FLAGS))


def _card_flags(cards: Iterable[int], size: int) -> list[float]:
    """1 for each card of `cards`, by card number, out of `size`."""
    held = [0.0] * size
    for card in cards:
        held[card] = 1.0
    return held


def _seat(s: FXState, seat: int, out: list[float]) -> None:
    one_hot(out, s.company[seat], COMPANIES)
    out.append(scaled(s.vp[seat], TOTAL_TOP))
    out.extend([scaled(vp, CATEGORY_TOP) for vp in s.cats[seat * 7 : seat * 7 + 7]])
    base = seat * AREAS * GRADES
    for area in range(AREAS):
        top = PORT_TOP if area == PORT else WAREHOUSE_TOP
        first = base + area * GRADES
        out.extend([scaled(count, top) for count in s.wh[first : first + GRADES]])
    out.append(scaled(limit(s, seat), WAREHOUSE_TOP))
    out.append(s.tokens_left[seat] / SETUP["share_tokens"])
    out.append(scaled(s.workers[seat], WORKERS_TOP))
    out.extend([s.cells[seat * 5 + t] / DATA.cells[t] for t in range(len(TRACKS))])
    out.append(s.disp_avail[seat] / SETUP["dispatched"])
    out.append(s.disp_spent[seat] / SETUP["dispatched"])
    one_hot(out, s.office[seat], AREAS)
    out.extend([float(face_up) for face_up in s.dailies[seat * 2 : seat * 2 + 2]])
    out.append(scaled(s.dailies_done[seat], 2 * ROUNDS))
    exclusive = s.exclusive[seat]
    out.extend(REQUEST_BLOCKS[exclusive] if exclusive >= 0 else NO_REQUEST)
    out.extend([scaled(total, PERM_TOP) for total in s.perm[seat * 8 : seat * 8 + 8]])
    out.append(len(s.played[seat]) / DATA.cells[TRACKS.index("skill")])
    out.append(len(s.hands[seat]) / SETUP["hand"])
    out.append(len(s.draft[seat]) / SETUP["hand"])
    company = s.company[seat]
    out.append(final_skill(s, seat) / DATA.companies[company].final_max if company >= 0 else 0.0)
