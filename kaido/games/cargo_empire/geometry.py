"""What the browser needs to draw Cargo Empire, read from the game's data files.

The view says what stands where (cubes, posts, levels, markers, cards); this says what the
map is: each city's name in English and Japanese, number, colour, harbour and position
(x, y in 0..1000 and 0..ratio*1000, projected from longitude and latitude), the land routes,
the cube colours, and the development board's VP zone. Indices are the engine's, so an
action `["plan", o, d, space, colour]` is drawn on `cities[o]` and `cities[d]`.
"""

from __future__ import annotations

import math
from typing import Any

from kaido.core.options import Options
from kaido.games.cargo_empire.board import CITY_COLOURS, EUROPE, Components

WIDTH = 1000.0
MARGIN = 40.0


def project(comp: Components) -> list[tuple[float, float]]:
    """Longitude and latitude to drawing units: an equirectangular projection squeezed
    by the cosine of the map's middle latitude, north up, inside a margin."""
    lats = [y for _, y in comp.xy]
    squeeze = math.cos(math.radians((min(lats) + max(lats)) / 2))
    raw = [(x * squeeze, -y) for x, y in comp.xy]
    left, right = min(x for x, _ in raw), max(x for x, _ in raw)
    top = min(y for _, y in raw)
    scale = (WIDTH - 2 * MARGIN) / (right - left)
    return [
        (round(MARGIN + (x - left) * scale, 1), round(MARGIN + (y - top) * scale, 1))
        for x, y in raw
    ]


def board_geometry(options: Options) -> dict[str, Any]:
    comp = EUROPE
    points = project(comp)
    height = max(y for _, y in points) + MARGIN
    return {
        "width": WIDTH,
        "height": round(height, 1),
        "cities": [
            {
                "index": c,
                "name": comp.names[c],
                "ja": comp.names_ja[c],
                "number": comp.numbers[c],
                "colour": CITY_COLOURS[comp.colours[c]],
                "harbour": comp.harbour[c],
                "x": points[c][0],
                "y": points[c][1],
            }
            for c in range(comp.cities)
        ],
        "routes": [list(r) for r in comp.routes],
        "cubes": list(comp.cube_colours),
        "vp_zone": list(comp.vp_zone),
    }
