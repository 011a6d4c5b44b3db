"""Every action Catan can offer, interned once (the same table for 3 and 4 players).

One atomic decision each: a domestic offer is opened (`trade`), built card by card (`offer_give 2`,
`offer_ask 0`, `propose`), each other player then answers (`accept`, `decline`, or
`counter` followed by their own cards and `counter_submit`), and the player on turn picks
a partner (`trade_with 2`) or `reject`s them all.
"""

from __future__ import annotations

from kaido.core.actions import Action, ActionTable
from kaido.games.catan.board import NUM_EDGES, NUM_HEXES, NUM_VERTICES

MAX_PLAYERS = 4
NOBODY = -1
RATES = (4, 3, 2)

TABLE = ActionTable()
ROLL = TABLE.add("roll")
END = TABLE.add("end")
BUY = TABLE.add("buy")
ROAD = tuple(TABLE.add("road", e) for e in range(NUM_EDGES))
SETTLEMENT = tuple(TABLE.add("settlement", v) for v in range(NUM_VERTICES))
CITY = tuple(TABLE.add("city", v) for v in range(NUM_VERTICES))
PLAY_KNIGHT = TABLE.add("knight")
PLAY_ROAD_BUILDING = TABLE.add("road_building")
YEAR_OF_PLENTY: dict[tuple[int, int], Action] = {}
for _a in range(5):
    for _b in range(_a, 5):
        YEAR_OF_PLENTY[(_a, _b)] = TABLE.add("year_of_plenty", _a, _b)
for _a in range(5):
    YEAR_OF_PLENTY[(_a, NOBODY)] = TABLE.add("year_of_plenty", _a, NOBODY)
YEAR_OF_PLENTY[(NOBODY, NOBODY)] = TABLE.add("year_of_plenty", NOBODY, NOBODY)
MONOPOLY = tuple(TABLE.add("monopoly", k) for k in range(5))
ROBBER: dict[tuple[int, int], Action] = {
    (h, victim): TABLE.add("robber", h, victim)
    for h in range(NUM_HEXES)
    for victim in range(NOBODY, MAX_PLAYERS)
}
DISCARD = tuple(TABLE.add("discard", k) for k in range(5))
MARITIME: dict[tuple[int, int, int], Action] = {
    (give, rate, get): TABLE.add("maritime", give, rate, get)
    for give in range(5)
    for rate in RATES
    for get in range(5)
    if get != give
}
OPEN_OFFER = TABLE.add("trade")
OFFER_GIVE = tuple(TABLE.add("offer_give", k) for k in range(5))
OFFER_ASK = tuple(TABLE.add("offer_ask", k) for k in range(5))
PROPOSE = TABLE.add("propose")
WITHDRAW = TABLE.add("withdraw")
ACCEPT = TABLE.add("accept")
DECLINE = TABLE.add("decline")
COUNTER = TABLE.add("counter")
COUNTER_GIVE = tuple(TABLE.add("counter_give", k) for k in range(5))
COUNTER_ASK = tuple(TABLE.add("counter_ask", k) for k in range(5))
COUNTER_SUBMIT = TABLE.add("counter_submit")
TRADE_WITH = tuple(TABLE.add("trade_with", p) for p in range(MAX_PLAYERS))
REJECT = TABLE.add("reject")

# Maritime trades for each kind given and rate: (kind taken, action), in table order.
MARITIME_BY: tuple[tuple[tuple[tuple[int, Action], ...], ...], ...] = tuple(
    tuple(
        tuple((get, MARITIME[(give, rate, get)]) for get in range(5) if get != give)
        for rate in RATES
    )
    for give in range(5)
)

DOMESTIC_KINDS = frozenset({"trade"})
"""The kind that opens a domestic offer: avoid it to play without player-to-player trade."""
