"""Every action Catan can offer, interned once (the same table for 3 and 4 players).

One atomic decision each: a domestic offer is opened (`trade`), built card by card (`offer_give 2`,
`offer_ask 0`, `propose`), each other player then answers (`accept`, `decline`, or
`counter` followed by their own cards and `counter_submit`), and the player on turn picks
a partner (`trade_with 2`) or `reject`s them all.
"""

from __future__ import annotations

from typing import Final

from kaido.core.actions import Action, ActionTable
from kaido.games.catan.board import NUM_EDGES, NUM_HEXES, NUM_VERTICES

MAX_PLAYERS: Final = 4
NOBODY: Final = -1
RATES: Final = (4, 3, 2)

TABLE: Final = ActionTable()
ROLL: Final = TABLE.add("roll")
END: Final = TABLE.add("end")
BUY: Final = TABLE.add("buy")
ROAD: Final = tuple(TABLE.add("road", e) for e in range(NUM_EDGES))
SETTLEMENT: Final = tuple(TABLE.add("settlement", v) for v in range(NUM_VERTICES))
CITY: Final = tuple(TABLE.add("city", v) for v in range(NUM_VERTICES))
PLAY_KNIGHT: Final = TABLE.add("knight")
PLAY_ROAD_BUILDING: Final = TABLE.add("road_building")
YEAR_OF_PLENTY: Final[dict[tuple[int, int], Action]] = {}
for _a in range(5):
    for _b in range(_a, 5):
        YEAR_OF_PLENTY[(_a, _b)] = TABLE.add("year_of_plenty", _a, _b)
for _a in range(5):
    YEAR_OF_PLENTY[(_a, NOBODY)] = TABLE.add("year_of_plenty", _a, NOBODY)
YEAR_OF_PLENTY[(NOBODY, NOBODY)] = TABLE.add("year_of_plenty", NOBODY, NOBODY)
MONOPOLY: Final = tuple(TABLE.add("monopoly", k) for k in range(5))
ROBBER: Final[dict[tuple[int, int], Action]] = {
    (h, victim): TABLE.add("robber", h, victim)
    for h in range(NUM_HEXES)
    for victim in range(NOBODY, MAX_PLAYERS)
}
DISCARD: Final = tuple(TABLE.add("discard", k) for k in range(5))
MARITIME: Final[dict[tuple[int, int, int], Action]] = {
    (give, rate, get): TABLE.add("maritime", give, rate, get)
    for give in range(5)
    for rate in RATES
    for get in range(5)
    if get != give
}
OPEN_OFFER: Final = TABLE.add("trade")
OFFER_GIVE: Final = tuple(TABLE.add("offer_give", k) for k in range(5))
OFFER_ASK: Final = tuple(TABLE.add("offer_ask", k) for k in range(5))
PROPOSE: Final = TABLE.add("propose")
WITHDRAW: Final = TABLE.add("withdraw")
ACCEPT: Final = TABLE.add("accept")
DECLINE: Final = TABLE.add("decline")
COUNTER: Final = TABLE.add("counter")
COUNTER_GIVE: Final = tuple(TABLE.add("counter_give", k) for k in range(5))
COUNTER_ASK: Final = tuple(TABLE.add("counter_ask", k) for k in range(5))
COUNTER_SUBMIT: Final = TABLE.add("counter_submit")
TRADE_WITH: Final = tuple(TABLE.add("trade_with", p) for p in range(MAX_PLAYERS))
REJECT: Final = TABLE.add("reject")

# Maritime trades for each kind given and rate: (kind taken, action), in table order.
MARITIME_BY: Final[tuple[tuple[tuple[tuple[int, Action], ...], ...], ...]] = tuple(
    tuple(
        tuple((get, MARITIME[(give, rate, get)]) for get in range(5) if get != give)
        for rate in RATES
    )
    for give in range(5)
)

DOMESTIC_KINDS: Final = frozenset({"trade"})
"""The kind that opens a domestic offer: avoid it to play without player-to-player trade."""
