"""Building Traveling Merchants positions by hand for rules tests."""

from __future__ import annotations

from typing import Any

import pytest

from kaido.core.errors import IllegalAction
from kaido.games.traveling_merchants import GAME, TMState
from kaido.games.traveling_merchants.actions import key
from kaido.games.traveling_merchants.board import DATA
from kaido.games.traveling_merchants.engine import ORDERS
from tests.conformance.play import fingerprint

CITY = {c.id: c.index for c in DATA.cities}
H, AR, WG, WH = (CITY[c] for c in ("heidifield", "armsburg", "weingarten", "woolhaven"))
E, M, P, S, C = (CITY[c] for c in ("elkaibrand", "marktheim", "portriva", "salzbrunn", "carovale"))
ROAD = CITY["road"]
WHEAT, ARMS, LIQUOR, TEXTILES = range(4)


def ready(
    players: int = 4, starts: tuple[int, ...] | None = None, seed: int = 1, **options: Any
) -> TMState:
    """A game after the starting places, seat 0 (the start player) to move."""
    s = GAME.setup(GAME.make_options(players=players, start_player=0, **options), seed)
    starts = starts or (E,) * players
    for seat in [(0 - 1 - i) % players for i in range(players)]:
        act(s, "start", starts[seat])
    return s


def act(s: TMState, *key: Any) -> list[str]:
    """Apply an action by key; the narrated lines (English)."""
    events = GAME.apply(s, GAME.by_key[tuple(key)], narrate=True)
    return [GAME.describe(e, None) for e in events]


def refused(s: TMState, *key: Any) -> str:
    """The clause refusing the action; checks that the state did not change."""
    before = fingerprint(s)
    with pytest.raises(IllegalAction) as error:
        GAME.apply(s, GAME.by_key[tuple(key)])
    assert fingerprint(s) == before
    return error.value.clause


def legal(s: TMState) -> list[tuple[Any, ...]]:
    return [key(a) for a in GAME.legal_actions(s)]


def order_id(city: int, goods: dict[int, int]) -> int:
    """The id of the order card of `city` asking exactly for `goods`."""
    want = tuple(goods.get(g, 0) for g in range(4))
    return next(o.id for o in ORDERS.values() if o.city == city and o.goods == want)


def set_row(s: TMState, *orders: int) -> None:
    """Put `orders` in the row (front first); the cards they replace go back to the deck."""
    for o in orders:
        for pile in (s.deck, s.removed):
            if o in pile:
                pile.remove(o)
    for old in s.row:
        if old > 0 and old not in orders:
            s.deck.append(old)
    s.row = [*orders, *([-1] * (s.row_size - len(orders)))]
    for o in orders:
        for t in s.taken:
            assert o not in t


def carry(s: TMState, p: int, goods: dict[int, int]) -> None:
    """Give player p these goods from the stock."""
    for g, k in goods.items():
        s.stock[g] -= k
        s.cargo[p * 4 + g] += k


def zone_add(s: TMState, card: int, p: int, goods: dict[int, int]) -> None:
    """Put stock goods in player p's shipping zone on `card`."""
    for g, k in goods.items():
        s.stock[g] -= k
        s.zone[(card * s.n + p) * 4 + g] += k


def give_taken(s: TMState, p: int, order: int, used: bool = False) -> None:
    """Player p holds `order` as a connected cart (unused unless `used`)."""
    for pile in (s.deck, s.removed):
        if order in pile:
            pile.remove(order)
    if order in s.row:
        s.row[s.row.index(order)] = -1
    s.taken[p].append(order)
    s.capacity[p] += 1
    if used:
        s.used[p] += 1
    else:
        s.unused[p * 9 + ORDERS[order].city] += 1
