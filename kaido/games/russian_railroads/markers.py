"""Track markers and the industry track: room, feasibility and single steps.

Pure functions of one player's board list (see `state.py` offsets); the engine calls them
for legality and for carrying out steps.
"""

from __future__ import annotations

from typing import Final

from kaido.games.russian_railroads.components import (
    ANY,
    BLACK,
    BLACK_OR_GREY,
    FACTORY_SPACES,
    GAP_FACTORY,
    GREY,
    INDUSTRY_END,
    LINE_COLOURS,
    LINE_LENGTH,
    SLOT_LINE,
    TSR,
    UNLOCK_SQUARES,
    loco_value,
)
from kaido.games.russian_railroads.state import FACT, IND, IND2, LOCO, POS

LINES: Final = range(3)
VALUE: Final = tuple(loco_value(t) for t in range(11))
"""Reach of each tile id (0 = empty slot)."""
LEVEL_AT: Final = tuple(sum(1 for sq in UNLOCK_SQUARES if pos >= sq) for pos in range(16))
"""Colours gained when the Trans-Siberian black marker stands on a square (RR-MARK-1)."""


def colours_gained(b: list[int]) -> int:
    return LEVEL_AT[b[POS + TSR * 5 + BLACK]]


def reach(b: list[int], line: int) -> int:
    """How far a line's locos reach (RR-LOCO-3): the sum on the Trans-Siberian."""
    if line == TSR:
        return VALUE[b[LOCO]] + VALUE[b[LOCO + 1]]
    return VALUE[b[LOCO + 1 + line]]


def room(b: list[int], line: int, colour: int, gained: int) -> int:
    """Steps the marker of `colour` on `line` can still take now (RR-TRACK-3..11)."""
    if colour >= gained or colour >= LINE_COLOURS[line]:
        return 0
    at = b[POS + line * 5 + colour]
    if colour == BLACK:
        return LINE_LENGTH[line] - at
    ahead = b[POS + line * 5 + colour - 1]
    return ahead - 1 - at if ahead > at + 1 else 0


def colour_room(b: list[int], colour: int) -> int:
    """Steps the markers of one colour can take now, on all lines together (moving one
    marker changes no other marker's room of that colour)."""
    gained = LEVEL_AT[b[POS + TSR * 5 + BLACK]]
    return room(b, 0, colour, gained) + room(b, 1, colour, gained) + room(b, 2, colour, gained)


def colour_rooms(b: list[int]) -> list[int]:
    """`colour_room` of each of the five colours (`room` unrolled: this runs every turn)."""
    gained = LEVEL_AT[b[POS + TSR * 5 + BLACK]]
    out = [0, 0, 0, 0, 0]
    for line in LINES:
        base = POS + line * 5
        ahead = LINE_LENGTH[line] + 1  # black may go up to the last square
        for colour in range(min(gained, LINE_COLOURS[line])):
            at = b[base + colour]
            if ahead > at + 1:
                out[colour] += ahead - 1 - at
            ahead = at
    return out


def consume(tokens: list[int], colour: int) -> bool:
    """Use the most specific pending token that accepts a step of `colour`."""
    if tokens[colour]:
        tokens[colour] -= 1
        return True
    if colour <= GREY and tokens[BLACK_OR_GREY]:
        tokens[BLACK_OR_GREY] -= 1
        return True
    if tokens[ANY]:
        tokens[ANY] -= 1
        return True
    return False


def slack(b: list[int], gained: int) -> int:
    """Steps left for markers of any colour if all were pushed as far as they go."""
    total = 0
    for line in LINES:
        length = LINE_LENGTH[line]
        for colour in range(min(gained, LINE_COLOURS[line])):
            total += length - colour - b[POS + line * 5 + colour]
    return total


def track_feasible(b: list[int], tokens: list[int], rooms: list[int] | None = None) -> bool:
    """Whether all the track `tokens` (counts per kind) can be carried out, in some order.
    `rooms` is `colour_rooms(b)` when the caller has it.

    A step takes one step of room from its own marker and takes none from any other (it
    may give some to the marker behind, and gained colours only add room). So the tokens
    can surely be done if each can be given its own step of room of a colour it accepts;
    only when they cannot is the order searched."""
    wanted = sum(tokens)
    if wanted == 0:
        return True
    if fits(tokens, rooms or colour_rooms(b)):
        return True
    kinds = [k for k in range(7) if tokens[k]]
    if len(kinds) == 1 and kinds[0] < 5:
        return False  # one colour: its room is all there is
    gained = colours_gained(b)
    if kinds == [ANY] and slack(b, gained) >= wanted:
        return True
    if not (tokens[BLACK] or tokens[ANY] or tokens[BLACK_OR_GREY]) and any(tokens[gained:5]):
        return False  # a colour not gained yet, and no black step to gain it
    return _search(b[:], tokens[:], gained)


def fits(tokens: list[int], rooms: list[int]) -> bool:
    """Whether each token can be given its own step of room of a colour it accepts (see
    `track_feasible`): then the tokens can be carried out in any order."""
    r0, r1, r2, r3, r4 = rooms
    t0, t1, t2, t3, t4, t5, t6 = tokens
    return (
        t0 <= r0
        and t1 <= r1
        and t2 <= r2
        and t3 <= r3
        and t4 <= r4
        and t6 <= r0 - t0 + r1 - t1
        and t0 + t1 + t2 + t3 + t4 + t5 + t6 <= r0 + r1 + r2 + r3 + r4
    )


def _search(b: list[int], tokens: list[int], gained: int) -> bool:
    if not any(tokens):
        return True
    for line in LINES:
        for colour in range(min(gained, LINE_COLOURS[line])):
            if room(b, line, colour, gained) <= 0:
                continue
            rest = tokens[:]
            if not consume(rest, colour):
                continue
            b[POS + line * 5 + colour] += 1
            ok = _search(b, rest, colours_gained(b))
            b[POS + line * 5 + colour] -= 1
            if ok:
                return True
    return False


# ---- industry ----------------------------------------------------------------------------


def industry_next(b: list[int], marker: int, extra_gap: int = -1) -> int:
    """Where `marker` lands with one step (R-10: the other marker's square is skipped), or -1
    when an empty gap or the end blocks it (RR-IND-2). `extra_gap` counts as filled."""
    return _advance(b, b[IND + marker], b[IND + 1 - marker], extra_gap)


def _advance(b: list[int], at: int, other: int, extra_gap: int) -> int:
    """`industry_next` for a marker at `at` with the other marker at `other`."""
    if at < 0:
        return -1
    target = at + 1
    if target == other:
        target += 1
    if target > INDUSTRY_END:
        return -1
    for square in range(at + 1, target + 1):
        space = GAP_FACTORY[square]
        if space >= 0 and not b[FACT + space] and space != extra_gap:
            return -1
    return target


def industry_capacity(b: list[int], extra_gap: int = -1, limit: int = 2 * INDUSTRY_END) -> int:
    """The most industry steps possible now, up to `limit` (when both markers can step,
    the one behind moves first)."""
    at = [b[IND], b[IND2]]
    count = 0
    while count < limit:
        for marker in (0, 1) if at[1] > at[0] else (1, 0):
            target = _advance(b, at[marker], at[1 - marker], extra_gap)
            if target >= 0:
                at[marker] = target
                break
        else:
            break
        count += 1
    return count


def industry_room(b: list[int], wanted: int, extra_gap: int = -1) -> bool:
    """Whether `wanted` industry steps are possible now."""
    return industry_capacity(b, extra_gap, wanted) >= wanted


def next_factory_space(b: list[int]) -> int:
    """The leftmost empty factory space (RR-FACT-2), or -1 when all 5 are full."""
    for space in range(FACTORY_SPACES):
        if not b[FACT + space]:
            return space
    return -1


# ---- locos -------------------------------------------------------------------------------


def loco_slots(b: list[int], tile: int, origin: int, must_factory: bool) -> list[int]:
    """Slots where `tile` may go (RR-LOCO-4/5/7). `origin` is the line a displaced tile
    left (-1 for a new tile). A displaced tile goes by the rules of a new one (R-9): a free
    slot, the Trans-Siberian's second one included, or a smaller loco, on another line;
    while StP or Kiev has no loco it must go there. With `must_factory`, only moves that
    keep a displaced tile coming (so it can end as a factory) are allowed."""
    value = VALUE[tile]
    if origin >= 0:
        empty = [k for k in (2, 3) if not b[LOCO + k]]
        if empty:
            return empty
    slots = []
    for k in range(4):
        if origin >= 0 and SLOT_LINE[k] == origin:
            continue
        held = b[LOCO + k]
        if held:
            if VALUE[held] < value and not (k == 1 and held == b[LOCO]):
                slots.append(k)
        elif not must_factory:
            slots.append(k)
    return slots


def all_lines_have_locos(b: list[int]) -> bool:
    return bool(b[LOCO + 2] and b[LOCO + 3] and (b[LOCO] or b[LOCO + 1]))
