"""Longest road: the longest trail through one player's roads (CT-LR-2, R-9).

A trail may pass an intersection more than once but never reuse a road; it may end at,
but never pass through, an intersection holding an opponent's building. The result
depends only on the player's roads and the opponents' buildings touching them, so it is
memoised on exactly those two masks (the from-scratch recomputation stays exact).
"""

from __future__ import annotations

from kaido.games.catan.board import EDGE_BIT, EDGE_OTHER, EDGE_VERTICES, VERTEX_EDGES, bits

_CACHE: dict[tuple[int, int], int] = {}
_CACHE_LIMIT = 500_000


_TOUCHED: dict[int, int] = {}


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

    def walk(v: int, used: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if length and (blocked >> v) & 1:
            return  # the trail may end here but not pass through
        for e in VERTEX_EDGES[v]:
            bit = EDGE_BIT[e]
            if roads & bit and not used & bit:
                walk(EDGE_OTHER[e][v], used | bit, length + 1)

    for v in bits(touched):
        walk(v, 0, 0)
    return best
