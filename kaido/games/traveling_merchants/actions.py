"""The interned action table: every action the game can offer, built once.

("start", city), ("move", card), ("load", good, source, dump) with source a seat whose
shipping zone gives the good or -1 for the stock and dump the good returned to the stock
first or -1 (R-12), ("ship", position), ("special", k), ("end",), ("pair", city) for house
condition ① and ("three", city, a, b) for condition ②, a <= b the cities of the two other
cards used. Legal-action generation hands out these objects; nothing is built per decision.
"""

from __future__ import annotations

from typing import Final

from kaido.core.actions import Action, ActionTable
from kaido.games.traveling_merchants.board import CITIES, DATA, GOODS

TABLE: Final = ActionTable()
START_AT: Final = tuple(TABLE.add("start", c) for c in range(CITIES))
MOVE: Final = tuple(TABLE.add("move", c) for c in range(len(DATA.cities)))
# LOAD[good][source + 1][dump + 1]
LOAD: Final = tuple(
    tuple(tuple(TABLE.add("load", g, q, d) for d in range(-1, GOODS)) for q in range(-1, 4))
    for g in range(GOODS)
)
SHIP: Final = tuple(TABLE.add("ship", i) for i in range(DATA.setup["literal_refill_size"]))
SPECIAL: Final = tuple(TABLE.add("special", k) for k in range(len(DATA.specials)))
END: Final = TABLE.add("end")
PAIR: Final = tuple(TABLE.add("pair", c) for c in range(CITIES))
THREE: Final = {
    (c, a, b): TABLE.add("three", c, a, b)
    for c in range(CITIES)
    for a in range(CITIES)
    for b in range(a, CITIES)
}


def key(action: Action) -> tuple[str | int, ...]:
    """The action as a flat tuple, (kind, *args)."""
    return (action.kind, *action.args)
