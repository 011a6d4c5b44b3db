"""The development track: segments, spaces, positions and bonuses (CE-DEV, CE-DEF-10).

A marker is `segment * 64 + space`. Segment 0 is left of the track, 1/3/5 the track tiles
in slots 1-3, 2 and 4 the intermediate spaces, 6 the VP zone. In a tile the space index
counts along the row the marker chose (`rows`: 2 bits per slot, 1 upper, 2 lower); its
position counts columns, so a wide space (CE-ADV-5) stands level with the rightmost space
of the other row in its columns (CE-ADV-6).
"""

from __future__ import annotations

from typing import Final

from kaido.games.cargo_empire.board import NONE, Components, TrackTile
from kaido.games.cargo_empire.state import CEState

START: Final = 0
VP_SEG: Final = 6
SEG: Final = 64
NEED_ROW: Final = -1
LOST: Final = -2


def tile_side(comp: Components, code: int) -> TrackTile:
    return comp.track_tiles[code // 2][code % 2]


def layout(st: CEState) -> tuple[tuple[TrackTile, ...], tuple[int, ...]]:
    """The three tile sides and the position (CE-DEF-10) of each segment's first space."""
    key = ("layout", tuple(st.track))
    cached = st.comp.cache.get(key)
    if cached is None:
        sides = tuple(tile_side(st.comp, code) for code in st.track)
        offsets = [0]
        at = 1
        for k, side in enumerate(sides):
            offsets.append(at)
            at += side.width
            if k < len(sides) - 1:
                offsets.append(at)
                at += 1
        offsets.append(at)
        cached = st.comp.cache[key] = (sides, tuple(offsets))
    return cached


def row_of(st: CEState, idx: int, slot: int) -> int:
    """The row (0 upper, 1 lower) marker `idx` chose on tile slot `slot`, -1 if none yet."""
    return (st.rows[idx] >> (2 * slot) & 3) - 1


def position(st: CEState, idx: int) -> int:
    seg, space = divmod(st.marker[idx], SEG)
    if seg == START:
        return 0
    sides, offsets = layout(st)
    if seg % 2 and seg < VP_SEG:  # on a tile: the column its space ends in (CE-ADV-6)
        space = sides[seg // 2].ends[row_of(st, idx, seg // 2)][space]
    return offsets[seg] + space


def next_space(st: CEState, idx: int) -> int:
    """Where one more step takes marker `idx`; NEED_ROW before a tile whose row it has not
    chosen, LOST at the top of the VP zone (AMB-13)."""
    m = st.marker[idx]
    seg, space = divmod(m, SEG)
    if seg == VP_SEG:
        return m + 1 if space + 1 < len(st.comp.vp_zone) else LOST
    if seg % 2 == 0:  # left of the track or an intermediate space: a tile comes next
        if row_of(st, idx, seg // 2) < 0:
            return NEED_ROW
        return (seg + 1) * SEG
    sides = layout(st)[0]
    row = sides[seg // 2].rows[row_of(st, idx, seg // 2)]
    return m + 1 if space + 1 < len(row) else (seg + 1) * SEG


def bonus_at(st: CEState, idx: int) -> int:
    seg, space = divmod(st.marker[idx], SEG)
    if seg % 2 == 0:
        return NONE
    side = layout(st)[0][seg // 2]
    return side.rows[row_of(st, idx, seg // 2)][space]


def vp_of(st: CEState, idx: int) -> int:
    seg, space = divmod(st.marker[idx], SEG)
    return st.comp.vp_zone[space] if seg == VP_SEG else 0


def space_exists(st: CEState, idx: int) -> bool:
    """Is marker `idx` on a space the track has (invariants)?"""
    seg, space = divmod(st.marker[idx], SEG)
    if seg == START or seg in (2, 4):
        return space == 0
    if seg == VP_SEG:
        return space < len(st.comp.vp_zone)
    if seg > VP_SEG:
        return False
    row = row_of(st, idx, seg // 2)
    return row >= 0 and space < len(layout(st)[0][seg // 2].rows[row])
