"""The Era of Traveling Merchants: component data, loaded and checked, and the card map.

Every value in `data/*.json` is `{"value": ..., "source": ...}`, the source saying either
`from text L..` (a line of the rulebook seed) or `designed: <reason>`, so an owner of the
game can replace the designed values by the printed ones. `load(directory)` refuses data
that breaks what the rules need with a `DataError` naming the file and the entry.

Cards are numbered: the 9 cities in file order (0-8), then the road card (9). Goods are
numbered in file order (0-3). Order cards keep their file ids (1-37); the end card is 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from kaido.core.datafiles import read_object
from kaido.core.errors import KaidoError
from kaido.core.graphs import hop_distances
from kaido.core.pickling import rebuild_from_fields
from kaido.core.rng import Rng

DATA_DIR: Final = Path(__file__).parent / "data"
FILES: Final = (
    "cities.json",
    "maps.json",
    "orders.json",
    "titles.json",
    "wagons.json",
    "setup.json",
)
COUNTS: Final = ("2", "3", "4")
END_CARD: Final = 0
MEASURES: Final = ("orders", "cities", "gems", "red_gems", "houses", "production_houses",
                   "specials", "shipped")  # fmt: skip
SETUP_NAMES: Final = (
    "removed_orders",
    "row_size",
    "literal_refill_size",
    "stock_per_kind",
    "big_order_goods",
    "big_orders_for_reshuffle",
    "bottom_cards",
    "red_gems",
    "white_gems",
    "red_vp",
    "white_vp",
    "houses",
    "actions",
    "actions_at_own_house",
    "shown_titles",
)


class DataError(KaidoError):
    """Component data that cannot be used: the file, the entry and what is wrong."""


@dataclass(frozen=True)
class City:
    index: int
    id: str
    en: str
    ja: str
    kind: str  # production, distribution or road
    good: int  # the good a production city makes, else -1
    emblem: str
    emblem_ja: str


@dataclass(frozen=True)
class Order:
    id: int
    city: int
    goods: tuple[int, ...]  # count per kind
    vp: int

    @property
    def size(self) -> int:
        return sum(self.goods)


@dataclass(frozen=True)
class Title:
    id: str
    en: str
    ja: str
    measure: str
    mode: str
    vp: int


@dataclass(frozen=True)
class Layout:
    id: str
    en: str
    ja: str
    cards: tuple[tuple[int, int, int], ...]  # (x, y, card) with the 9 cities
    cards_with_road: tuple[tuple[int, int, int], ...]  # the same with the road card


@dataclass(frozen=True)
class Data:
    goods: tuple[dict[str, str], ...]
    cubes_per_kind: int
    cities: tuple[City, ...]  # the 9 cities, then the road card
    orders: dict[int, Order]
    specials: tuple[Order, ...]
    titles: tuple[tuple[Title, Title], ...]
    maps: dict[str, Layout]
    normal_capacity: int
    beginner_capacity: int
    setup: dict[str, Any]


# ---- loading and checking -----------------------------------------------------------------


def _value(doc: dict[str, Any], name: str, where: str) -> Any:
    entry = doc.get(name)
    if not isinstance(entry, dict) or "value" not in entry:
        raise DataError(f"{where}: no entry {name!r} with a 'value'")
    source = entry.get("source")
    if not isinstance(source, str) or not (
        source.startswith("from text L") or source.startswith("designed:")
    ):
        raise DataError(
            f"{where}: {name!r} needs a 'source' starting 'from text L<line>' "
            "or 'designed: <reason>'"
        )
    return entry["value"]


def _need(ok: bool, where: str, message: str) -> None:
    if not ok:
        raise DataError(f"{where}: {message}")


def _positive(value: Any) -> bool:
    return type(value) is int and value > 0


def _read(directory: Path, name: str) -> dict[str, Any]:
    return read_object(directory, name, DataError)


def _names(entry: Any, where: str, fields: tuple[str, ...]) -> None:
    _need(isinstance(entry, dict), where, "must be an object")
    for field in fields:
        _need(isinstance(entry.get(field), str) and entry[field] != "", where, f"no {field!r}")


def _cities(doc: dict[str, Any], goods: list[str]) -> tuple[City, ...]:
    raw = _value(doc, "cities", "cities.json")
    _need(isinstance(raw, list) and len(raw) == 9, "cities.json cities", "needs 9 cities (L30)")
    raw = [*raw, _value(doc, "road", "cities.json")]
    cities = []
    for index, entry in enumerate(raw):
        where = f"cities.json city {index + 1}"
        _names(entry, where, ("id", "en", "ja", "kind", "emblem", "emblem_ja"))
        good = entry.get("good")
        kind = entry["kind"]
        kinds = ("road",) if index == 9 else ("production", "distribution")
        _need(kind in kinds, where, f"kind must be one of {kinds}, got {kind!r}")
        if kind == "production":
            _need(good in goods, where, f"a production city makes one of {goods}, got {good!r}")
        else:
            _need(good is None, where, f"a {kind} card makes no good")
        index_of_good = goods.index(good) if good is not None else -1
        e = entry
        cities.append(
            City(index, e["id"], e["en"], e["ja"], kind, index_of_good, e["emblem"], e["emblem_ja"])
        )
    ids = [c.id for c in cities]
    _need(len(set(ids)) == len(ids), "cities.json", "city ids must differ")
    made = sorted(c.good for c in cities if c.kind == "production")
    _need(made == list(range(len(goods))), "cities.json", "4 production cities, one per good (L30)")
    return tuple(cities)


def _goods_of(entry: Any, goods: list[str], where: str) -> tuple[int, ...]:
    _need(isinstance(entry, dict) and bool(entry), where, "goods must be a non-empty object")
    for kind, count in entry.items():
        _need(kind in goods, where, f"unknown good {kind!r} (goods: {', '.join(goods)})")
        _need(_positive(count), where, f"the count of {kind} must be a whole number above 0")
    return tuple(int(entry.get(kind, 0)) for kind in goods)


def _order(entry: Any, goods: list[str], city_ids: list[str], where: str) -> Order:
    _need(isinstance(entry, dict), where, "must be an object")
    _need(entry.get("city") in city_ids, where, f"city {entry.get('city')!r} is not a city card")
    _need(_positive(entry.get("vp")), where, "vp must be a whole number above 0")
    _need(_positive(entry.get("id")), where, "id must be a whole number above 0")
    counts = _goods_of(entry.get("goods"), goods, where)
    return Order(entry["id"], city_ids.index(entry["city"]), counts, entry["vp"])


def _orders(doc: dict[str, Any], goods: list[str], city_ids: list[str]) -> dict[int, Order]:
    count = _value(doc, "order_count", "orders.json")
    raw = _value(doc, "orders", "orders.json")
    _need(isinstance(raw, list) and len(raw) == count, "orders.json", f"needs {count} orders")
    orders = [_order(e, goods, city_ids, f"orders.json order {i + 1}") for i, e in enumerate(raw)]
    ids = sorted(o.id for o in orders)
    _need(ids == list(range(1, count + 1)), "orders.json", f"order ids must be 1..{count}")
    return {o.id: o for o in orders}


def _specials(doc: dict[str, Any], goods: list[str], city_ids: list[str]) -> tuple[Order, ...]:
    count = _value(doc, "special_count", "orders.json")
    raw = _value(doc, "specials", "orders.json")
    _need(isinstance(raw, list) and len(raw) == count, "orders.json", f"needs {count} specials")
    out = []
    for i, entry in enumerate(raw):
        where = f"orders.json special {i + 1}"
        special = _order(entry, goods, city_ids, where)
        _need(min(special.goods) > 0, where, "a special order asks for every kind (L197)")
        out.append(special)
    return tuple(out)


def _titles(doc: dict[str, Any], goods: list[str]) -> tuple[tuple[Title, Title], ...]:
    measures = _value(doc, "measures", "titles.json")
    known = {*MEASURES, *(f"shipped_{g}" for g in goods)}
    _need(isinstance(measures, dict), "titles.json measures", "must be an object")
    for measure in measures:
        _need(measure in known, "titles.json measures", f"no rule counts {measure!r}")
    modes = _value(doc, "modes", "titles.json")
    raw = _value(doc, "cards", "titles.json")
    _need(isinstance(raw, list) and len(raw) == 5, "titles.json", "needs 5 cards (L94)")
    cards = []
    for i, card in enumerate(raw):
        where = f"titles.json card {i + 1}"
        _need(isinstance(card, list) and len(card) == 2, where, "needs 2 sides (L94)")
        sides = []
        for side in card:
            _names(side, where, ("id", "en", "ja", "measure", "mode"))
            _need(side["measure"] in measures, where, f"unknown measure {side['measure']!r}")
            _need(side["mode"] in modes, where, f"unknown mode {side['mode']!r}")
            _need(_positive(side.get("vp")), where, "vp must be a whole number above 0")
            sides.append(Title(*(side[f] for f in ("id", "en", "ja", "measure", "mode", "vp"))))
        cards.append((sides[0], sides[1]))
    return tuple(cards)


def _cells(raw: Any, where: str, ids: list[str]) -> tuple[tuple[int, int, int], ...]:
    _need(isinstance(raw, list), where, "must be a list of [x, y, card]")
    cells = []
    for cell in raw:
        ok = isinstance(cell, list) and len(cell) == 3 and all(type(v) is int for v in cell[:2])
        _need(ok and cell[2] in ids, where, f"bad cell {cell!r}: [x, y, card id]")
        cells.append((cell[0], cell[1], ids.index(cell[2])))
    _need(sorted(c for _, _, c in cells) == list(range(len(ids))), where, "each card once")
    _need(len({(x, y) for x, y, _ in cells}) == len(cells), where, "two cards on one position")
    adjacency = _adjacency(tuple(cells), len(ids))
    seen, todo = {0}, [0]
    while todo:
        for nxt in adjacency[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    _need(len(seen) == len(ids), where, "the cards must form one connected map (R-7)")
    return tuple(cells)


def _maps(doc: dict[str, Any], city_ids: list[str]) -> dict[str, Layout]:
    raw = _value(doc, "maps", "maps.json")
    _need(isinstance(raw, dict) and "basic" in raw, "maps.json", "needs the basic map (L287)")
    layouts = {}
    for name, entry in raw.items():
        where = f"maps.json map {name!r}"
        _names(entry, where, ("en", "ja"))
        cards = _cells(entry.get("cards"), f"{where} cards", city_ids[:9])
        road = _cells(entry.get("cards_with_road"), f"{where} cards_with_road", city_ids)
        layouts[name] = Layout(name, entry["en"], entry["ja"], cards, road)
    return layouts


def _setup(doc: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in doc:
        if name.startswith("_"):
            continue
        value = _value(doc, name, "setup.json")
        if isinstance(value, dict):
            _need(sorted(value) == list(COUNTS), f"setup.json {name}", "needs 2, 3 and 4")
            value = {int(k): v for k, v in value.items()}
            _need(all(type(v) is int and v >= 0 for v in value.values()), name, "whole numbers")
        else:
            _need(_positive(value), f"setup.json {name}", "must be a whole number above 0")
        out[name] = value
    for name in SETUP_NAMES:
        _need(name in out, "setup.json", f"no entry {name!r}")
    return out


def load(directory: Path = DATA_DIR) -> Data:
    """The component data in `directory`, checked; a `DataError` says what is wrong."""
    docs = {name: _read(directory, name) for name in FILES}
    goods_raw = _value(docs["cities.json"], "goods", "cities.json")
    _need(isinstance(goods_raw, list) and len(goods_raw) == 4, "cities.json", "4 goods (L23)")
    for i, entry in enumerate(goods_raw):
        _names(entry, f"cities.json good {i + 1}", ("id", "en", "ja", "colour", "colour_ja"))
    goods = [g["id"] for g in goods_raw]
    cities = _cities(docs["cities.json"], goods)
    city_ids = [c.id for c in cities]
    orders = _orders(docs["orders.json"], goods, city_ids[:9])
    specials = _specials(docs["orders.json"], goods, city_ids[:9])
    setup = _setup(docs["setup.json"])
    removed = max(setup["removed_orders"].values())
    needed = removed + max(setup["row_size"].values()) + setup["bottom_cards"]
    _need(len(orders) >= needed, "orders.json", f"needs at least {needed} orders for set-up")
    cubes = _value(docs["cities.json"], "cubes_per_kind", "cities.json")
    _need(max(setup["stock_per_kind"].values()) <= cubes, "setup.json", "stock above the cubes")
    wagons = docs["wagons.json"]
    capacities = [
        _value(wagons, n, "wagons.json") for n in ("normal_capacity", "beginner_capacity")
    ]
    _need(all(_positive(c) for c in capacities), "wagons.json", "capacities must be above 0")
    return Data(
        goods=tuple(goods_raw),
        cubes_per_kind=cubes,
        cities=cities,
        orders=orders,
        specials=specials,
        titles=_titles(docs["titles.json"], goods),
        maps=_maps(docs["maps.json"], city_ids),
        normal_capacity=capacities[0],
        beginner_capacity=capacities[1],
        setup=setup,
    )


# ---- the card map -------------------------------------------------------------------------


def _adjacency(cells: tuple[tuple[int, int, int], ...], size: int) -> tuple[tuple[int, ...], ...]:
    """R-7: cards are adjacent when they share an edge of the layout grid."""
    at = {(x, y): card for x, y, card in cells}
    out: list[tuple[int, ...]] = [() for _ in range(size)]
    for x, y, card in cells:
        near = [at.get((x + dx, y + dy), -1) for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1))]
        out[card] = tuple(sorted(c for c in near if c >= 0))
    return tuple(out)


@dataclass(frozen=True)
class Board:
    """One table's map: where each card lies and which cards are adjacent (shared by
    every copy of a state). `cards` lists the cards in play (the road only with TM-VAR-4)."""

    layout: str
    cells: tuple[tuple[int, int, int], ...]
    cards: tuple[int, ...]
    adjacent: tuple[tuple[int, ...], ...]
    distance: tuple[tuple[int, ...], ...]  # steps between cards (99: off the map)


def make_board(data: Data, layout: str, road: bool, shuffle: Rng | None) -> Board:
    """TM-SETUP-2, TM-VAR-4: the layout's cards, dealt onto its positions at random when
    `shuffle` is given (the cities, and the road card with them)."""
    base = data.maps[layout]
    cells = base.cards_with_road if road else base.cards
    if shuffle is not None:
        cards = [c for _, _, c in cells]
        shuffle.shuffle(cards)
        cells = tuple((x, y, c) for (x, y, _), c in zip(cells, cards, strict=True))
    size = len(data.cities)
    adjacent = _adjacency(cells, size)
    return Board(
        layout,
        cells,
        tuple(sorted(c for _, _, c in cells)),
        adjacent,
        tuple(tuple(row) for row in hop_distances(adjacent, unreached=99)),
    )


DATA: Final = load()
GOODS: Final = len(DATA.goods)
ROAD: Final = 9
CITIES: Final = 9


rebuild_from_fields(City, Order, Title, Layout, Data, Board)
