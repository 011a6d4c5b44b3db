"""What the browser needs to draw Cargo Empire, read from the game's data files.

The view says what stands where (cubes, posts, levels, markers, cards, express tiles);
this says what the map is: each city's name in English and Japanese, number, colour,
harbour and position (x, y in 0..1000 and 0..ratio*1000, projected from longitude and
latitude on Europe, scaled from the plane drawing on Dior), the land routes, Dior's express
spaces and the cities each joins, the cube colours, and the development board's VP zone.
Indices are the engine's, so an action `["plan", o, d, space, colour]` is drawn on
`cities[o]` and `cities[d]`, and the view's `express[k]` on `express[k]`.
"""

from __future__ import annotations

import math
from typing import Any, Final

from kaido.core.game import LANGS
from kaido.core.options import Options
from kaido.games.cargo_empire.board import CITY_COLOURS, TRANSPORTS, Components, components_named
from kaido.games.cargo_empire.text import goal_text

WIDTH: Final = 1000.0
MARGIN: Final = 40.0


def project(comp: Components) -> list[tuple[float, float]]:
    """The cities' and then the express spaces' positions in drawing units, inside a
    margin: longitude and latitude by an equirectangular projection squeezed by the cosine
    of the map's middle latitude, north up; a plane drawing (y down) just scaled."""
    points = [*comp.xy, *comp.express_xy]
    if comp.projection == "lonlat":
        lats = [y for _, y in comp.xy]
        squeeze = math.cos(math.radians((min(lats) + max(lats)) / 2))
        points = [(x * squeeze, -y) for x, y in points]
    left, right = min(x for x, _ in points), max(x for x, _ in points)
    top = min(y for _, y in points)
    scale = (WIDTH - 2 * MARGIN) / (right - left)
    return [
        (round(MARGIN + (x - left) * scale, 1), round(MARGIN + (y - top) * scale, 1))
        for x, y in points
    ]


def board_geometry(options: Options) -> dict[str, Any]:
    comp = components_named(str(options["map"]))
    players = int(options["players"]) + bool(options["bot"])  # the bot counts (goals 22-24)
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
        "express": [
            {
                "index": k,
                "x": points[comp.cities + k][0],
                "y": points[comp.cities + k][1],
                "cities": list(joined),
            }
            for k, joined in enumerate(comp.express)
        ],
        "cubes": list(comp.cube_colours),
        "vp_zone": list(comp.vp_zone),
        # steps per card paid (CE-DEV-2), and per enhanced locomotive (CE-CLAN-15)
        "rewards": {
            **dict(zip(TRANSPORTS, comp.rewards, strict=True)),
            "enhanced_loco": comp.enhanced_loco,
        },
        # what each goal card asks and scores, as the card says it (CE-GOAL)
        "goals": {
            str(goal.id): {lang: goal_text(goal, lang, players) for lang in LANGS}
            for goal in comp.goals
        },
    }
