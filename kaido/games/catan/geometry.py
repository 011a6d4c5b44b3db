"""Drawing coordinates of the Catan island for the browser, computed from `board.py`.

Pointy-top hexes of circumradius 1: a corner at board units (X, Y) (steps of sqrt(3)/2
and 1/2, as in `board.VERTEX_XY`) lies at (X * sqrt(3)/2, Y / 2). Indices are the
engine's, so an action `["road", e]` is drawn on `edges[e]`, `["settlement", v]` on
`vertices[v]` and `["robber", h, p]` on `hexes[h]`. The layout on top (terrains, numbers,
harbour kinds) is in the game's view.
"""

from __future__ import annotations

import math
from typing import Any, Final

from kaido.core.options import Options
from kaido.games.catan.board import (
    EDGE_VERTICES,
    HARBOUR_SLOTS,
    HEX_VERTICES,
    NUM_HEXES,
    VERTEX_XY,
    hex_center,
)

X_STEP: Final = math.sqrt(3) / 2
Y_STEP: Final = 0.5
HARBOUR_OUT: Final = 0.75
"""How far past its coast edge a harbour is drawn, in hex radii."""
MARGIN: Final = 1.3


def _point(x: float, y: float) -> list[float]:
    return [round(x * X_STEP, 4), round(y * Y_STEP, 4)]


def _harbour(slot: int) -> dict[str, Any]:
    """A harbour marker beyond the middle of its coast edge, away from the island's centre."""
    a, b = EDGE_VERTICES[slot]
    (ax, ay), (bx, by) = _point(*VERTEX_XY[a]), _point(*VERTEX_XY[b])
    mx, my = (ax + bx) / 2, (ay + by) / 2
    length = math.hypot(mx, my)
    return {
        "edge": slot,
        "vertices": [a, b],
        "at": [round(mx + mx / length * HARBOUR_OUT, 4), round(my + my / length * HARBOUR_OUT, 4)],
    }


def board_geometry(options: Options) -> dict[str, Any]:
    """The same for every layout and player count; `options` is accepted for the protocol."""
    vertices = [_point(x, y) for x, y in VERTEX_XY]
    xs = [p[0] for p in vertices]
    ys = [p[1] for p in vertices]
    return {
        "kind": "hex-island",
        "hexes": [
            {"center": _point(*hex_center(h)), "corners": list(HEX_VERTICES[h])}
            for h in range(NUM_HEXES)
        ],
        "vertices": vertices,
        "edges": [list(pair) for pair in EDGE_VERTICES],
        "harbours": [_harbour(slot) for slot in HARBOUR_SLOTS],
        "view_box": [
            round(min(xs) - MARGIN, 4),
            round(min(ys) - MARGIN, 4),
            round(max(xs) - min(xs) + 2 * MARGIN, 4),
            round(max(ys) - min(ys) + 2 * MARGIN, 4),
        ],
    }
