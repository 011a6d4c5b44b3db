"""The Catan island: fixed topology as tuples of small ints, and the layouts laid on it.

The 19 land hexes sit in rows of 3-4-5-4-3 (pointy-top hexes, axial coordinates (q, r),
r growing downward). Hexes are numbered row by row, left to right. Intersections
(vertices) and paths (edges) are numbered by their position, top to bottom, then left to
right, so the numbers read naturally on the rendered map. Everything here is computed
once at import; rules code only indexes it.
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path
from typing import Any, Final

from kaido.core.pickling import rebuild_with
from kaido.core.rng import Rng

DATA: Final = Path(__file__).parent / "data"

# ---- components -------------------------------------------------------------------------


def _load(name: str) -> dict[str, Any]:
    with (DATA / name).open(encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


COMPONENTS: Final = _load("components.json")
BEGINNER: Final = _load("beginner.json")

RESOURCES: Final[tuple[str, ...]] = tuple(COMPONENTS["resources"]["value"])
LUMBER: Final = 0
BRICK: Final = 1
WOOL: Final = 2
GRAIN: Final = 3
ORE: Final = 4
TERRAIN_RESOURCE: Final[dict[str, int]] = {
    terrain: (RESOURCES.index(kind) if kind is not None else -1)
    for terrain, kind in COMPONENTS["terrain_resource"]["value"].items()
}
CARDS_PER_KIND: Final[int] = COMPONENTS["resource_cards_per_kind"]["value"]
DEV_KINDS: Final[tuple[str, ...]] = tuple(COMPONENTS["development_cards"]["value"])
KNIGHT: Final = 0
VICTORY_POINT: Final = 1
ROAD_BUILDING: Final = 2
YEAR_OF_PLENTY: Final = 3
MONOPOLY: Final = 4
DEV_COUNTS: Final[tuple[int, ...]] = tuple(COMPONENTS["development_cards"]["value"].values())
PIECES: Final[dict[str, int]] = COMPONENTS["pieces_per_player"]["value"]
WIN_POINTS: Final[int] = COMPONENTS["victory_points_to_win"]["value"]
LONGEST_ROAD_MIN: Final[int] = COMPONENTS["longest_road_minimum"]["value"]
LARGEST_ARMY_MIN: Final[int] = COMPONENTS["largest_army_minimum"]["value"]


def _cost(name: str) -> tuple[int, ...]:
    cost = COMPONENTS["costs"]["value"][name]
    return tuple(cost.get(kind, 0) for kind in RESOURCES)


ROAD_COST: Final = _cost("road")
SETTLEMENT_COST: Final = _cost("settlement")
CITY_COST: Final = _cost("city")
DEV_COST: Final = _cost("development_card")

GENERIC_PORT: Final = 5
"""Bit 5 of a port mask is the generic 3:1 harbour; bits 0-4 the 2:1 harbour of a kind."""

# ---- topology ---------------------------------------------------------------------------

# Corner offsets of a pointy-top hex in (X, Y) units of (sqrt(3)/2, 1/2) from its centre,
# clockwise from the top corner; side i joins corner i and corner i+1.
_CORNERS: Final = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
SIDES: Final = ("NE", "E", "SE", "SW", "W", "NW")
_DIRECTIONS: Final = {
    "E": (1, 0),
    "NE": (1, -1),
    "NW": (0, -1),
    "W": (-1, 0),
    "SW": (-1, 1),
    "SE": (0, 1),
}

HEX_QR: Final[tuple[tuple[int, int], ...]] = tuple(
    (q, r) for r in range(-2, 3) for q in range(-2, 3) if abs(q + r) <= 2
)
HEX_INDEX: Final = {qr: h for h, qr in enumerate(HEX_QR)}
NUM_HEXES: Final = len(HEX_QR)


def hex_center(h: int) -> tuple[int, int]:
    q, r = HEX_QR[h]
    return 2 * q + r, 3 * r


def _corner_points() -> list[tuple[int, int]]:
    points = {
        (cx + dx, cy + dy) for cx, cy in map(hex_center, range(NUM_HEXES)) for dx, dy in _CORNERS
    }
    return sorted(points, key=lambda p: (p[1], p[0]))


VERTEX_XY: Final[tuple[tuple[int, int], ...]] = tuple(_corner_points())
_VERTEX_AT: Final = {xy: v for v, xy in enumerate(VERTEX_XY)}
NUM_VERTICES: Final = len(VERTEX_XY)

HEX_VERTICES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(_VERTEX_AT[(hex_center(h)[0] + dx, hex_center(h)[1] + dy)] for dx, dy in _CORNERS)
    for h in range(NUM_HEXES)
)


def _edge_pairs() -> list[tuple[int, int]]:
    pairs = set()
    for corners in HEX_VERTICES:
        for i in range(6):
            a, b = corners[i], corners[(i + 1) % 6]
            pairs.add((min(a, b), max(a, b)))
    return sorted(pairs)


EDGE_VERTICES: Final[tuple[tuple[int, int], ...]] = tuple(_edge_pairs())
EDGE_INDEX: Final = {pair: e for e, pair in enumerate(EDGE_VERTICES)}
NUM_EDGES: Final = len(EDGE_VERTICES)


def edge_between(a: int, b: int) -> int:
    return EDGE_INDEX[(min(a, b), max(a, b))]


HEX_EDGES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(edge_between(c[i], c[(i + 1) % 6]) for i in range(6)) for c in HEX_VERTICES
)
VERTEX_HEXES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(h for h in range(NUM_HEXES) if v in HEX_VERTICES[h]) for v in range(NUM_VERTICES)
)
EDGE_HEXES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(h for h in range(NUM_HEXES) if e in HEX_EDGES[h]) for e in range(NUM_EDGES)
)
VERTEX_EDGES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(e for e, pair in enumerate(EDGE_VERTICES) if v in pair) for v in range(NUM_VERTICES)
)
VERTEX_NEIGHBORS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sum(EDGE_VERTICES[e]) - v for e in VERTEX_EDGES[v]) for v in range(NUM_VERTICES)
)
EDGE_OTHER: Final[tuple[dict[int, int], ...]] = tuple({a: b, b: a} for a, b in EDGE_VERTICES)

# Bit masks, so that legality is a few integer operations.
VERTEX_BIT: Final = tuple(1 << v for v in range(NUM_VERTICES))
EDGE_BIT: Final = tuple(1 << e for e in range(NUM_EDGES))
VERTEX_NEIGHBOR_MASK: Final = tuple(sum(1 << w for w in ns) for ns in VERTEX_NEIGHBORS)
VERTEX_EDGE_MASK: Final = tuple(sum(1 << e for e in es) for es in VERTEX_EDGES)
ALL_VERTICES: Final = (1 << NUM_VERTICES) - 1

HEX_NEIGHBORS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        HEX_INDEX[(q + dq, r + dr)]
        for dq, dr in _DIRECTIONS.values()
        if (q + dq, r + dr) in HEX_INDEX
    )
    for q, r in HEX_QR
)

COAST_EDGES: Final[tuple[int, ...]] = tuple(
    e for e in range(NUM_EDGES) if sum(e in edges for edges in HEX_EDGES) == 1
)


def bits(mask: int) -> list[int]:
    """The indices of the set bits of `mask`, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _slot_edge(q: int, r: int, side: str) -> int:
    return HEX_EDGES[HEX_INDEX[(q, r)]][SIDES.index(side)]


HARBOUR_SLOTS: Final[tuple[int, ...]] = tuple(
    _slot_edge(q, r, side) for q, r, side in COMPONENTS["harbour_slots"]["value"]
)

# ---- the spiral used by the variable set-up (CT-SETUP-3) ---------------------------------


def _pixel(h: int) -> tuple[float, float]:
    q, r = HEX_QR[h]
    return math.sqrt(3) * (q + r / 2), 1.5 * r


def _ring(distance: int) -> list[int]:
    """The hexes at `distance` from the centre, counter-clockwise on screen from the east."""
    ring = [h for h, (q, r) in enumerate(HEX_QR) if max(abs(q), abs(r), abs(q + r)) == distance]

    def angle(h: int) -> float:
        x, y = _pixel(h)
        return math.atan2(-y, x) % (2 * math.pi)

    return sorted(ring, key=angle)


CORNER_HEXES: Final = tuple(
    h for h, (q, r) in enumerate(HEX_QR) if sorted((abs(q), abs(r), abs(q + r))) == [0, 2, 2]
)


def spiral(corner: int) -> list[int]:
    """All hexes in letter order: the outer ring counter-clockwise from corner hex
    `corner`, then the inner ring from the hex just inside that corner, then the centre."""
    outer, inner = _ring(2), _ring(1)
    start = outer.index(corner)
    q, r = HEX_QR[corner]
    inside = HEX_INDEX[(q // 2, r // 2)]
    first = inner.index(inside)
    centre = HEX_INDEX[(0, 0)]
    return outer[start:] + outer[:start] + inner[first:] + inner[:first] + [centre]


# ---- layouts ----------------------------------------------------------------------------

HARBOUR_KIND: Final = {name: i for i, name in enumerate(RESOURCES)} | {"generic": GENERIC_PORT}


class Board:
    """One layout on the fixed topology: terrains, numbers, harbours and their lookups.

    Shared by every copy of a state (never mutated after construction)."""

    __slots__ = (
        "desert",
        "harbours",
        "layout",
        "number",
        "produce",
        "resource",
        "terrain",
        "vertex_port",
    )

    def __init__(
        self, layout: str, terrains: list[str], numbers: list[int], harbours: list[int]
    ) -> None:
        self.layout = layout
        self.terrain = tuple(terrains)
        self.number = tuple(numbers)
        self.resource = tuple(TERRAIN_RESOURCE[t] for t in terrains)
        self.harbours = tuple(harbours)
        self.desert = terrains.index("desert")
        port = [0] * NUM_VERTICES
        for slot, kind in zip(HARBOUR_SLOTS, harbours, strict=True):
            for v in EDGE_VERTICES[slot]:
                port[v] |= 1 << kind
        self.vertex_port = tuple(port)
        produce: list[tuple[tuple[int, int, tuple[int, ...]], ...]] = []
        for roll in range(13):
            produce.append(
                tuple(
                    (h, self.resource[h], HEX_VERTICES[h])
                    for h in range(NUM_HEXES)
                    if self.number[h] == roll and self.resource[h] >= 0
                )
            )
        self.produce = tuple(produce)

    def places(self, hexes: tuple[int, ...]) -> list[list[Any]]:
        """Hexes as players see them, `[terrain, number]` each: events carry these, so the
        log says "the 8 forest", never an index."""
        return [[self.terrain[h], self.number[h]] for h in hexes]

    def to_json(self) -> dict[str, Any]:
        return {
            "layout": self.layout,
            "hexes": [[t, n] for t, n in zip(self.terrain, self.number, strict=True)],
            "harbours": [
                [_harbour_name(kind), *EDGE_VERTICES[slot]]
                for slot, kind in zip(HARBOUR_SLOTS, self.harbours, strict=True)
            ],
        }


def _harbour_name(kind: int) -> str:
    return "generic" if kind == GENERIC_PORT else RESOURCES[kind]


@cache
def beginner_board() -> Board:
    terrains, numbers = [], []
    for row in BEGINNER["rows"]["value"]:
        for terrain, number in row:
            terrains.append(terrain)
            numbers.append(number or 0)
    harbours = [HARBOUR_KIND[name] for name in BEGINNER["harbours"]["value"]]
    return Board("beginner", terrains, numbers, harbours)


def red_numbers_touch(numbers: list[int]) -> bool:
    """Whether a 6 or an 8 lies next to another 6 or 8."""
    return any(
        numbers[h] in (6, 8) and any(numbers[g] in (6, 8) for g in HEX_NEIGHBORS[h])
        for h in range(NUM_HEXES)
    )


def random_board(rng: Rng, name: str = "random") -> Board:
    """The variable set-up: shuffled hexes, tokens laid in letter order along the spiral
    from a random corner (skipping the desert), redone until no 6 or 8 touch; shuffled
    harbours."""
    counts = COMPONENTS["terrain_counts"]["value"]
    letters = COMPONENTS["token_letters"]["value"]
    while True:
        terrains = [t for t, n in counts.items() for _ in range(n)]
        rng.shuffle(terrains)
        order = spiral(CORNER_HEXES[rng.below(len(CORNER_HEXES))])
        numbers = [0] * NUM_HEXES
        tokens = iter(letters)
        for h in order:
            if terrains[h] != "desert":
                numbers[h] = next(tokens)
        if not red_numbers_touch(numbers):
            break
    harbours = [GENERIC_PORT] * COMPONENTS["harbours"]["value"]["generic"]
    harbours += [HARBOUR_KIND[k] for k in COMPONENTS["harbours"]["value"]["special"]]
    rng.shuffle(harbours)
    return Board(name, terrains, numbers, harbours)


PIPS: Final = (0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1)
"""Ways to roll each number with 2 dice (out of 36)."""


# Read back in the compiled build too (kaido/core/pickling.py).
rebuild_with(
    Board,
    lambda board: (board.layout, list(board.terrain), list(board.number), list(board.harbours)),
)
