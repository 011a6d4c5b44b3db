"""Longest road: the longest trail through one player's roads (CT-LR-2, R-9).

A trail may pass an intersection more than once but never reuse a road; it may end at,
but never pass through, an intersection holding an opponent's building. The result
depends only on the player's roads and the opponents' buildings touching them, so it is
memoised on exactly those two masks (the from-scratch recomputation stays exact).
"""

from __future__ import annotations

from typing import Final

from kaido.games.catan.board import EDGE_BIT, EDGE_OTHER, EDGE_VERTICES, VERTEX_EDGES, bits

_CACHE: Final[dict[tuple[int, int], int]] = {}
_CACHE_LIMIT: Final = 500_000


_TOUCHED: Final[dict[int, int]] = {}


def touched_vertices(roads: int) -> int:
    """The intersections at the ends of the paths in `roads` (memoised)."""
    found = _TOUCHED.get(roads)
    if found is not None:
        return found
    mask = 0
    for e in bits(roads):
        a, b = EDGE_VERTICES[e]
        mask |= (1 << a) | (1 << b)
    if len(_TOUCHED) >= _CACHE_LIMIT:
        _TOUCHED.clear()
    _TOUCHED[roads] = mask
    return mask


def longest_road(roads: int, opponents: int) -> int:
    """The length of the longest trail in `roads` (an edge mask), where `opponents` (a
    vertex mask) holds the intersections with another player's building."""
    if not roads:
        return 0
    key = (roads, opponents)
    found = _CACHE.get(key)
    if found is not None:
        return found
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    touched = touched_vertices(roads)
    length = _search(roads, opponents & touched, touched)
    _CACHE[key] = length
    return length


def _search(roads: int, blocked: int, touched: int) -> int:
    best = 0
    for v in bits(touched):
        best = max(best, _trail_from(v, 0, roads, blocked))
    return best


def _trail_from(v: int, used: int, roads: int, blocked: int) -> int:
    """The most roads a trail at v can go on along, not reusing the `used` ones: none from
    an intersection `blocked` by an opponent's building that the trail has reached."""
    if used and (blocked >> v) & 1:
        return 0
    best = 0
    for e in VERTEX_EDGES[v]:
        bit = EDGE_BIT[e]
        if roads & bit and not used & bit:
            best = max(best, 1 + _trail_from(EDGE_OTHER[e][v], used | bit, roads, blocked))
    return best
