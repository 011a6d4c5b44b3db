"""Cargo Empire components, read and checked once from the TOML files in `data/`.

Rules code reads the frozen `Components` built here; it never hard-codes a map, a tile or
a track. `load_components(folder)` checks every file (ids, counts, symmetric routes, a
connected map, balanced colours) and names what is wrong in a `DataError`, so an owner of
the game can replace a designed file with the printed values.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from kaido.core.errors import KaidoError
from kaido.core.graphs import hop_distances
from kaido.core.pickling import rebuild_from_fields

DATA_DIR: Final = Path(__file__).parent / "data"

CITY_COLOURS: Final = ("red", "blue", "green", "yellow")
CAR: Final = 0
LOCO: Final = 1
SHIP: Final = 2
TRANSPORTS: Final = ("car", "loco", "ship")
NONE: Final = 0
B_CAR: Final = 1
B_LOCO: Final = 2
B_SHIP: Final = 3
B_CITY: Final = 4
B_GOAL: Final = 5
B_ANY: Final = 6
B_CITY_GOAL: Final = 7
BONUS_NAMES: Final = ("-", "car", "loco", "ship", "city", "goal", "any", "city_or_goal")
GOAL_KINDS: Final = ("sets", "count", "network", "each", "four_posts", "held", "behind")
COUNT_GROUPS: Final = (*CITY_COLOURS, "harbour", "inland", "level2")
TRACK_TILE_IDS: Final = (
    *(f"a{k:02d}" for k in range(1, 7)),  # CE-SET-3
    *(f"b{k:02d}" for k in range(1, 4)),  # CE-ADV-1
    *(f"c{k:02d}" for k in range(1, 4)),
)
ADJUSTMENTS: Final = ("car", "loco", "ship", "any", "any+step")  # CE-SET-15, CE-5P-2
ANY_CARD: Final = 3
ANY_AND_STEP: Final = 4


class DataError(KaidoError):
    """A component file that breaks a rule of its format; the message names file and item."""


@dataclass(frozen=True, slots=True)
class Goal:
    id: int
    kind: str
    groups: tuple[str, ...] = ()
    tiers: tuple[tuple[int, int], ...] = ()
    vp: int = 0
    what: str = ""
    marker: int = -1
    vp_by_count: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class TrackTile:
    """One side of a track tile: the bonus of each space of the upper and lower row, and
    the column each space ends in (a wide space spans several columns, CE-ADV-5, 6)."""

    id: str
    side: str
    rows: tuple[tuple[int, ...], tuple[int, ...]]
    ends: tuple[tuple[int, ...], tuple[int, ...]]

    @property
    def width(self) -> int:
        """Columns the tile spans: the positions it adds to the track (CE-DEF-10)."""
        return max(self.ends[0][-1], self.ends[1][-1]) + 1


@dataclass(frozen=True)
class BotCard:
    """A solo bot card (CE-BOT, DATA-9): marker, steps, arrow (0 up, 1 down), reshuffle."""

    id: int
    transport: int
    steps: int
    arrow: int
    reshuffle: bool


@dataclass(frozen=True)
class Components:
    map_name: str
    names: tuple[str, ...]
    names_ja: tuple[str, ...]
    numbers: tuple[int, ...]
    colours: tuple[int, ...]  # index into CITY_COLOURS
    harbour: tuple[bool, ...]
    projection: str  # "lonlat" (x, y are longitude and latitude) or "plane"
    xy: tuple[tuple[float, float], ...]
    routes: tuple[tuple[int, int], ...]
    adj: tuple[tuple[int, ...], ...]  # neighbours in a network (CE-GOAL-9, CE-DIOR-8)
    dist: tuple[tuple[int, ...], ...]  # land routes, express spaces counted (CE-DIOR-3)
    graph: tuple[tuple[int, ...], ...]  # land routes over cities and express spaces (24 + k)
    express: tuple[tuple[int, ...], ...]  # per express space: the cities joined to it
    express_xy: tuple[tuple[float, float], ...]
    express_dist: tuple[tuple[int, ...], ...]  # per express space: land routes to each city
    express_tiles: tuple[int, ...]  # the tiles in the bag, by transport (CE-DIOR-1)
    post_spaces: int
    blank_cards: int
    cube_colours: tuple[str, ...]
    tile_ids: tuple[str, ...]
    # per tile and level (0 = level 1, 1 = level 2): production and demand colours
    produce: tuple[tuple[tuple[int, int], tuple[int, int]], ...]
    demand: tuple[tuple[tuple[int, int], tuple[int, int]], ...]
    track_tiles: tuple[tuple[TrackTile, TrackTile], ...]
    vp_zone: tuple[int, ...]
    adjustment: tuple[int, ...]
    adjustment5: tuple[int, ...]  # the 5-player side (CE-5P-2)
    rewards: tuple[int, int, int]
    enhanced_loco: int
    goals: tuple[Goal, ...]
    bot_cards: tuple[BotCard, ...]
    cache: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def cities(self) -> int:
        return len(self.names)

    def city_index(self, name: str) -> int:
        return self.names.index(name)

    def track_group(self, letter: str) -> list[int]:
        """Indices of the track tiles whose id starts with `letter` (a, b or c)."""
        return [k for k, (side, _) in enumerate(self.track_tiles) if side.id[0] == letter]

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickled by name: the shared components (and their caches) are not state."""
        return (components_named, (self.map_name,))


def _read(folder: Path, name: str) -> dict[str, Any]:
    path = folder / name
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise DataError(f"{name}: file missing from {folder.name}/") from None
    except tomllib.TOMLDecodeError as error:
        raise DataError(f"{name}: not valid TOML ({error})") from None


def _need(cond: bool, where: str, message: str) -> None:
    if not cond:
        raise DataError(f"{where}: {message}")


def _get(table: dict[str, Any], key: str, kind: type, where: str) -> Any:
    _need(key in table, where, f"missing {key!r}")
    value = table[key]
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if kind is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    _need(ok, where, f"{key!r} must be a {kind.__name__}, got {value!r}")
    return value


def _source(table: dict[str, Any], where: str) -> None:
    text = _get(table, "source", str, where)
    _need(
        text.startswith(("designed", "from text")),
        where,
        "source must start with 'designed' or 'from text'",
    )


def load_map(folder: Path, name: str = "europe.toml") -> dict[str, Any]:
    raw = _read(folder, name)
    entries = _get(raw, "city", list, name)
    cities: list[dict[str, Any]] = []
    for k, entry in enumerate(entries):
        where = f"{name} city {k + 1}"
        city = {
            "name": _get(entry, "name", str, where),
            "ja": _get(entry, "ja", str, where),
            "number": _get(entry, "number", int, where),
            "colour": _get(entry, "colour", str, where),
            "harbour": _get(entry, "harbour", bool, where),
            "xy": (_get(entry, "x", float, where), _get(entry, "y", float, where)),
        }
        _source(entry, f"{name} city {city['name']}")
        _need(city["colour"] in CITY_COLOURS, where, f"unknown colour {city['colour']!r}")
        cities.append(city)
    names = [c["name"] for c in cities]
    _need(len(cities) == 24, name, f"the map has 24 cities, found {len(cities)}")
    dupes = sorted({n for n in names if names.count(n) > 1})
    _need(not dupes, name, f"city listed twice: {', '.join(dupes)}")
    numbers = sorted(c["number"] for c in cities)
    _need(numbers == list(range(1, 25)), name, "city numbers must be 1-24, each once")
    for colour in CITY_COLOURS:
        count = sum(1 for c in cities if c["colour"] == colour)
        _need(count == 6, name, f"colours must be balanced: {count} {colour} cities, not 6")
    routes = _routes(raw, name, names)
    projection = raw.get("projection", "lonlat")
    _need(projection in ("lonlat", "plane"), name, f"unknown projection {projection!r}")
    return {
        "raw": raw,
        "cities": cities,
        "routes": routes,
        "projection": projection,
        "express": _express(raw, name, names),
    }


def _express(raw: dict[str, Any], name: str, names: list[str]) -> list[dict[str, Any]]:
    """The express spaces (Dior, CE-DIOR-1): position and the cities each is joined to."""
    spaces = []
    for k, entry in enumerate(raw.get("express", [])):
        where = f"{name} express {k + 1}"
        _need(_get(entry, "id", int, where) == k + 1, where, "express ids count 1, 2, 3, ...")
        _source(entry, where)
        linked = _get(entry, "cities", list, where)
        for city in linked:
            _need(city in names, where, f"unknown city {city!r}")
        _need(len(set(linked)) == len(linked) >= 2, where, "joins 2 or more different cities")
        xy = (_get(entry, "x", float, where), _get(entry, "y", float, where))
        spaces.append({"cities": tuple(names.index(c) for c in linked), "xy": xy})
    if spaces:
        _need(len(spaces) == 6, name, f"a map has 6 express spaces (CE-DIOR-1), not {len(spaces)}")
    return spaces


def _routes(raw: dict[str, Any], name: str, names: list[str]) -> list[tuple[int, int]]:
    listed = _get(_get(raw, "routes", dict, name), "list", list, f"{name} [routes]")
    seen: set[frozenset[int]] = set()
    routes: list[tuple[int, int]] = []
    for k, entry in enumerate(listed):
        where = f"{name} route {k + 1}"
        _need(isinstance(entry, list) and len(entry) == 3, where, "write [city, city, source]")
        a, b, source = entry
        for city in (a, b):
            _need(city in names, where, f"unknown city {city!r}")
        _need(a != b, where, f"a route from {a} to itself")
        _need(
            isinstance(source, str) and source.startswith(("designed", "from text")),
            where,
            "source must start with 'designed' or 'from text'",
        )
        pair = frozenset((names.index(a), names.index(b)))
        _need(pair not in seen, where, f"route {a}-{b} listed twice (routes are two-way)")
        seen.add(pair)
        routes.append((names.index(a), names.index(b)))
    return routes


def load_tiles(folder: Path, name: str = "tiles.toml") -> dict[str, Any]:
    raw = _read(folder, name)
    colours = _get(raw, "colours", list, name)
    _need(len(colours) == 4 and len(set(colours)) == 4, name, "4 distinct cube colours")
    _source(raw, name)
    tiles = _get(raw, "tile", list, name)
    _need(len(tiles) == 24, name, f"24 city tiles, found {len(tiles)}")
    ids = [_get(t, "id", str, f"{name} tile {k + 1}") for k, t in enumerate(tiles)]
    _need(len(set(ids)) == 24, name, "tile ids must differ")
    produce, demand = [], []
    for tile_id, tile in zip(ids, tiles, strict=True):
        sides = []
        for level in ("level1", "level2"):
            where = f"{name} tile {tile_id} {level}"
            side = _get(tile, level, dict, where)
            prod = _colour_pair(side, "produce", colours, where)
            dem = _colour_pair(side, "demand", colours, where)
            _need(dem[0] != dem[1], where, "the 2 demand spaces need different colours")
            _need(not set(dem) & set(prod), where, "a tile may not demand what it produces")
            sides.append((prod, dem))
        _need(
            sides[0][0][0] == sides[0][0][1], f"{name} tile {tile_id}", "level 1 produces 1 colour"
        )
        produce.append((sides[0][0], sides[1][0]))
        demand.append((sides[0][1], sides[1][1]))
    for side in range(2):
        for c, colour in enumerate(colours):
            made = sum(p[side].count(c) for p in produce)
            asked = sum(d[side].count(c) for d in demand)
            _need(
                made == asked == 12,
                name,
                f"colours must be balanced: level {side + 1} {colour} produced {made}, "
                f"demanded {asked} times (12 each)",
            )
    return {"colours": colours, "ids": ids, "produce": produce, "demand": demand}


def _colour_pair(side: dict[str, Any], key: str, colours: list[str], where: str) -> tuple[int, int]:
    pair = _get(side, key, list, where)
    _need(len(pair) == 2, where, f"{key} lists 2 spaces")
    for colour in pair:
        _need(colour in colours, where, f"unknown cube colour {colour!r}")
    return (colours.index(pair[0]), colours.index(pair[1]))


def load_development(folder: Path, name: str = "development.toml") -> dict[str, Any]:
    raw = _read(folder, name)
    board = _get(raw, "board", dict, name)
    vp_zone = _get(board, "vp_zone", list, f"{name} [board]")
    _need(
        bool(vp_zone) and all(isinstance(v, int) and v > 0 for v in vp_zone),
        name,
        "vp_zone lists positive VP",
    )
    _need(vp_zone == sorted(vp_zone), name, "vp_zone values rise from the bottom up")
    adjustment = _adjustment(board, 4, f"{name} [board]")
    adjustment5 = _adjustment(_get(raw, "board5", dict, name), 5, f"{name} [board5]")
    rewards = _get(raw, "rewards", dict, name)
    reward = tuple(_get(rewards, t, int, f"{name} [rewards]") for t in TRANSPORTS)
    enhanced = _get(rewards, "enhanced_loco", int, f"{name} [rewards]")
    tiles = _get(raw, "tile", list, name)
    ids = [_get(t, "id", str, f"{name} tile {k + 1}") for k, t in enumerate(tiles)]
    _need(
        tuple(sorted(ids)) == TRACK_TILE_IDS,
        name,
        "track tiles must be a01-a06, b01-b03 and c01-c03, each once",
    )
    track = []
    for tile_id, tile in zip(ids, tiles, strict=True):
        _source(tile, f"{name} tile {tile_id}")
        sides = []
        for side in ("a", "b"):
            where = f"{name} tile {tile_id} side {side}"
            rows = _get(tile, side, dict, where)
            upper = _row(_get(rows, "upper", list, where), f"{where} upper row")
            lower = _row(_get(rows, "lower", list, where), f"{where} lower row")
            _need(upper[1][-1] == lower[1][-1], where, "both rows must span the same columns")
            wide = any(b > a + 1 for row in (upper, lower) for a, b in _pairs(row[1]))
            _need(not wide or tile_id[0] == "c", where, "only c tiles have wide spaces")
            sides.append(TrackTile(tile_id, side, (upper[0], lower[0]), (upper[1], lower[1])))
        track.append((sides[0], sides[1]))
    order = sorted(range(len(ids)), key=lambda k: ids[k])
    return {
        "vp_zone": tuple(vp_zone),
        "adjustment": adjustment,
        "adjustment5": adjustment5,
        "rewards": reward,
        "enhanced": enhanced,
        "track": tuple(track[k] for k in order),
    }


def _adjustment(board: dict[str, Any], spaces: int, where: str) -> tuple[int, ...]:
    """The adjustment track's space bonuses as indices into ADJUSTMENTS."""
    names = _get(board, "adjustment", list, where)
    _need(len(names) == spaces, where, f"the adjustment track has {spaces} spaces")
    for bonus in names:
        _need(bonus in ADJUSTMENTS, where, f"unknown adjustment {bonus!r}")
    return tuple(ADJUSTMENTS.index(bonus) for bonus in names)


def _row(spaces: list[Any], where: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A row's bonuses and the column each space ends in; "bonus*k" is k columns wide."""
    _need(bool(spaces), where, "no spaces")
    bonuses, ends = [], []
    column = -1
    for space in spaces:
        _need(isinstance(space, str), where, f"a space is a text, got {space!r}")
        bonus, _, width = space.partition("*")
        _need(bonus in BONUS_NAMES, where, f"unknown space {space!r}")
        _need(width == "" or width in ("2", "3"), where, f"a wide space is 2 or 3 wide: {space!r}")
        column += int(width or 1)
        bonuses.append(BONUS_NAMES.index(bonus))
        ends.append(column)
    return tuple(bonuses), tuple(ends)


def _pairs(ends: tuple[int, ...]) -> list[tuple[int, int]]:
    return list(zip((-1, *ends[:-1]), ends, strict=True))


def load_goals(folder: Path, name: str = "goals.toml") -> tuple[Goal, ...]:
    raw = _read(folder, name)
    entries = _get(raw, "goal", list, name)
    goals = [_goal(entry, f"{name} goal {k + 1}") for k, entry in enumerate(entries)]
    ids = sorted(g.id for g in goals)
    _need(ids == list(range(1, 25)), name, "goal ids must be 1-24, each once")
    return tuple(sorted(goals, key=lambda g: g.id))


def _goal(entry: dict[str, Any], where: str) -> Goal:
    goal_id = _get(entry, "id", int, where)
    kind = _get(entry, "kind", str, where)
    _need(kind in GOAL_KINDS, where, f"unknown kind {kind!r}")
    tiers: tuple[tuple[int, int], ...] = ()
    if "tiers" in entry:
        tiers = tuple((int(a), int(b)) for a, b in entry["tiers"])
        _need(list(tiers) == sorted(tiers, reverse=True), where, "tiers go best first")
    if kind == "sets":
        groups = tuple(_get(entry, "groups", list, where))
        _need(all(g in COUNT_GROUPS for g in groups), where, f"unknown group in {groups}")
        return Goal(goal_id, kind, groups=groups, vp=_get(entry, "vp", int, where))
    if kind == "count":
        group = _get(entry, "group", str, where)
        _need(group in COUNT_GROUPS, where, f"unknown group {group!r}")
        _need(bool(tiers), where, "a count goal needs tiers")
        return Goal(goal_id, kind, groups=(group,), tiers=tiers)
    if kind == "held":
        what = _get(entry, "what", str, where)
        _need(what in ("city_cards", "goal_cards"), where, f"unknown 'what' {what!r}")
        return Goal(goal_id, kind, what=what, tiers=tiers)
    if kind == "each":
        what = _get(entry, "what", str, where)
        _need(what in ("level3", "double"), where, f"unknown 'what' {what!r}")
        return Goal(goal_id, kind, what=what, vp=_get(entry, "vp", int, where))
    if kind == "behind":
        marker = _get(entry, "marker", str, where)
        _need(marker in TRANSPORTS, where, f"unknown marker {marker!r}")
        table = _get(entry, "vp", dict, where)
        by_count = tuple(sorted((int(k), int(v)) for k, v in table.items()))
        return Goal(goal_id, kind, marker=TRANSPORTS.index(marker), vp_by_count=by_count)
    return Goal(goal_id, kind, vp=_get(entry, "vp", int, where))


def load_components(folder: Path = DATA_DIR, map_file: str = "europe.toml") -> Components:
    """Every component of a game on `map_file`, checked; a `DataError` names any fault."""
    world = load_map(folder, map_file)
    cities = world["cities"]
    size = len(cities)
    express = world["express"]
    # Land routes over cities and express spaces (node size + k is express space k).
    graph: list[list[int]] = [[] for _ in range(size + len(express))]
    links = [*world["routes"], *((c, size + k) for k, x in enumerate(express) for c in x["cities"])]
    for a, b in links:
        graph[a].append(b)
        graph[b].append(a)
    full = hop_distances(graph)
    dist = [row[:size] for row in full[:size]]
    # Name the cities outside the largest connected part.
    main = max(range(size), key=lambda k: sum(1 for x in dist[k] if x >= 0))
    unreachable = [cities[k]["name"] for k in range(size) if dist[main][k] < 0]
    _need(not unreachable, map_file, f"map not connected: no route to {', '.join(unreachable)}")
    adj = [[x for x in graph[c] if x < size] for c in range(size)]
    for x in express:  # CE-DIOR-8: cities joined to one express space neighbour each other
        for c in x["cities"]:
            adj[c] += [o for o in x["cities"] if o != c and o not in adj[c]]
    raw = world["raw"]
    posts = _get(raw, "trading_post_spaces", int, map_file)
    cards = _get(raw, "city_cards", dict, map_file)
    blanks = _get(cards, "blanks", int, f"{map_file} [city_cards]")
    tiles_in_bag = _express_tiles(raw, map_file) if express else ()
    tiles = load_tiles(folder)
    development = load_development(folder)
    return Components(
        map_name=_get(raw, "name", str, map_file),
        names=tuple(c["name"] for c in cities),
        names_ja=tuple(c["ja"] for c in cities),
        numbers=tuple(c["number"] for c in cities),
        colours=tuple(CITY_COLOURS.index(c["colour"]) for c in cities),
        harbour=tuple(c["harbour"] for c in cities),
        projection=world["projection"],
        xy=tuple(c["xy"] for c in cities),
        routes=tuple(world["routes"]),
        adj=tuple(tuple(sorted(a)) for a in adj),
        dist=tuple(tuple(d) for d in dist),
        graph=tuple(tuple(sorted(g)) for g in graph),
        express=tuple(x["cities"] for x in express),
        express_xy=tuple(x["xy"] for x in express),
        express_dist=tuple(tuple(full[size + k][:size]) for k in range(len(express))),
        express_tiles=tiles_in_bag,
        post_spaces=posts,
        blank_cards=blanks,
        cube_colours=tuple(tiles["colours"]),
        tile_ids=tuple(tiles["ids"]),
        produce=tuple(tiles["produce"]),
        demand=tuple(tiles["demand"]),
        track_tiles=development["track"],
        vp_zone=development["vp_zone"],
        adjustment=development["adjustment"],
        adjustment5=development["adjustment5"],
        rewards=development["rewards"],
        enhanced_loco=development["enhanced"],
        goals=load_goals(folder),
        bot_cards=load_bot_cards(folder),
    )


def load_bot_cards(folder: Path, name: str = "bot.toml") -> tuple[BotCard, ...]:
    """The 14 bot cards (CE-BOT-2, DATA-9), each with its source; one or more reshuffle
    cards (CE-BOT-11) and one or more acting cards."""
    raw = _read(folder, name)
    deck = _get(raw, "deck", dict, name)
    _source(deck, f"{name} [deck]")
    entries = _get(raw, "card", list, name)
    count = _get(deck, "cards", int, f"{name} [deck]")
    _need(len(entries) == count, name, f"{count} bot cards expected, found {len(entries)}")
    cards = []
    for k, entry in enumerate(entries):
        where = f"{name} card {k + 1}"
        _source(entry, where)
        _need(_get(entry, "id", int, where) == k + 1, where, "ids must run 1, 2, ...")
        transport = _get(entry, "transport", str, where)
        _need(transport in TRANSPORTS, where, f"unknown transport {transport!r}")
        steps = _get(entry, "steps", int, where)
        _need(1 <= steps <= 6, where, f"steps must be 1-6, got {steps}")
        arrow = _get(entry, "arrow", str, where)
        _need(arrow in ("up", "down"), where, f"arrow must be 'up' or 'down', got {arrow!r}")
        reshuffle = entry.get("reshuffle", False)
        _need(isinstance(reshuffle, bool), where, "reshuffle must be true or false")
        cards.append(
            BotCard(
                k + 1, TRANSPORTS.index(transport), steps, ("up", "down").index(arrow), reshuffle
            )
        )
    _need(any(c.reshuffle for c in cards), name, "no reshuffle card (CE-BOT-11)")
    _need(not all(c.reshuffle for c in cards), name, "no acting card")
    return tuple(cards)


def _express_tiles(raw: dict[str, Any], name: str) -> tuple[int, ...]:
    """The express tiles as transports, e.g. (car, car, loco, loco, ship, ship)."""
    table = _get(raw, "express_tiles", dict, name)
    _source(table, f"{name} [express_tiles]")
    tiles = [t for t, kind in enumerate(TRANSPORTS) for _ in range(_get(table, kind, int, name))]
    _need(len(tiles) == 6, name, f"6 express tiles, one a space (CE-DIOR-1), not {len(tiles)}")
    return tuple(tiles)


MAPS: Final = ("europe", "dior")


def components_named(name: str) -> Components:
    return {"europe": EUROPE, "dior": DIOR}[name]


EUROPE: Final = load_components()
DIOR: Final = load_components(map_file="dior.toml")


rebuild_from_fields(Goal, TrackTile, BotCard, Components)


PROJECTION_PARTS: Final = (
    "markers",
    "cards",
    "cubes",
    "mobility",
    "goals",
    "ahead",
    "level2",
    "tiles",
)
"""The parts of the heuristic's projection that carry a weight (data/projection.toml)."""


def load_projection_weights(
    name: str, folder: Path = DATA_DIR, file: str = "projection.toml"
) -> tuple[float, ...]:
    """The weights `name` ("written" or "tuned") of data/projection.toml, in the order of
    `PROJECTION_PARTS`, each a number; a `DataError` names a missing or wrong one."""
    table = _get(_read(folder, file), name, dict, file)
    where = f"{file} [{name}]"
    source = _get(table, "source", str, where)
    starts = source.startswith(("designed", "tuned"))
    _need(starts, where, "source must start with 'designed' or 'tuned'")
    unknown = sorted(set(table) - {"source", *PROJECTION_PARTS})
    _need(not unknown, where, f"unknown {', '.join(unknown)}")
    return tuple(float(_get(table, part, float, where)) for part in PROJECTION_PARTS)
