"""What the browser needs to draw The Era of Traveling Merchants, read from the data files.

The view says what lies where (the map's cells, the row, stocks, zones, wagons, houses,
gems, titles); this says what the components are: the goods and their colours, each card
(city names in English and Japanese, emblem, kind, the good a production city makes), the
37 order cards and 5 special orders (city, goods, VP), the 10 titles and the wagon's
cargo spaces. It is all printed on the components, so it hides nothing: the deck's order
and the end card's place stay in the state alone. Indices are the engine's, so a view's
cell `[x, y, c]` is drawn with `cities[c]` and a row position holding order `o` with
`orders[str(o)]`.
"""

from __future__ import annotations

from typing import Any, Final

from kaido.core.options import Options
from kaido.games.traveling_merchants.board import DATA, Order, Title

# Colours of the cubes on screen, by the goods' colour names in cities.json.
CUBE_COLOURS: Final = {
    "orange": "#e8862e",
    "grey": "#8d8f94",
    "purple": "#8e44ad",
    "white": "#f4f1e8",
}


def _order(order: Order) -> dict[str, Any]:
    return {"id": order.id, "city": order.city, "goods": list(order.goods), "vp": order.vp}


def _title(title: Title) -> dict[str, Any]:
    fields = ("id", "en", "ja", "measure", "mode", "vp")
    return {name: getattr(title, name) for name in fields}


def board_geometry(options: Options) -> dict[str, Any]:
    beginner = bool(options["beginner_wagons"])
    return {
        "goods": [
            {
                "id": g["id"],
                "en": g["en"],
                "ja": g["ja"],
                "colour": CUBE_COLOURS.get(g["colour"], g["colour"]),
            }
            for g in DATA.goods
        ],
        "cities": [
            {
                "index": c.index,
                "id": c.id,
                "en": c.en,
                "ja": c.ja,
                "kind": c.kind,
                "good": c.good,
                "emblem": c.emblem,
                "emblem_ja": c.emblem_ja,
            }
            for c in DATA.cities
        ],
        "orders": {str(o.id): _order(o) for o in DATA.orders.values()},
        "specials": [_order(o) for o in DATA.specials],
        "titles": [[_title(t) for t in card] for card in DATA.titles],
        "wagon_capacity": DATA.beginner_capacity if beginner else DATA.normal_capacity,
        "houses": DATA.setup["houses"],
    }
