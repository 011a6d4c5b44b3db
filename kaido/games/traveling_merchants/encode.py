"""The Era of Traveling Merchants as numbers for learning agents (`Game.encode`): what one
seat sees, in a fixed-length vector read straight from the state (the layout is in
docs/traveling-merchants.md, "Encoding").

Everything but the deck's order and the removed cards is public (TM-SETUP-3/4/7, R-13), so
the seats differ only in where their blocks stand: the encoding seat's first, then the
next seats in turn order (TM-TURN-1), so one network serves every seat. The map is given
as the distance between every two cards, since a layout's cards may be dealt at random.
"""

from __future__ import annotations

from kaido.core.options import Options
from kaido.core.vectors import one_hot, relative, scaled, seats_from
from kaido.games.traveling_merchants.board import CITIES, DATA, END_CARD, GOODS
from kaido.games.traveling_merchants.engine import (
    ORDERS,
    SETUP,
    SPECIALS,
    scores,
    title_measure,
    to_move,
)
from kaido.games.traveling_merchants.state import TMState

CARDS = len(DATA.cities)  # the 9 cities and the road card
PAIRS = tuple((a, b) for a in range(CARDS) for b in range(a + 1, CARDS))
FARTHEST = CARDS - 1  # the most steps between two cards of one map
ROW_PLACES = max(SETUP["literal_refill_size"], *SETUP["row_size"].values())
ORDER_CARDS = len(ORDERS) + 1  # with the end card
MOST_GOODS = max(order.size for order in ORDERS.values())
MOST_ORDER_VP = max(order.vp for order in ORDERS.values())
TITLE_SIDES = 2 * len(DATA.titles)
HOUSES = SETUP["houses"]
VP_TOP = 80  # scores beyond this count as this (a rare score)
CARGO_TOP = 8
ORDERS_TOP = 16
TURNS_TOP = 120
CUBES = tuple(count / DATA.cubes_per_kind for count in range(DATA.cubes_per_kind + 1))
"""Goods of one kind as a share of its cubes, by count: a wagon, a zone or the goods
shipped never hold more than there are."""

ROW_SLOTS = 1 + CITIES + GOODS + 1
"""Per row place: an order there, its city, its goods, its VP."""
NO_ORDER = (0.0,) * ROW_SLOTS
ROW_BLOCKS = {
    order_id: (
        1.0,
        *(1.0 if city == order.city else 0.0 for city in range(CITIES)),
        *(count / MOST_GOODS for count in order.goods),
        order.vp / MOST_ORDER_VP,
    )
    for order_id, order in ORDERS.items()
}
"""The row place's numbers for each order card."""
KEPT = tuple(min(count, 4) / 4 for count in range(ORDER_CARDS + len(SPECIALS)))
"""Cards of one city kept for houses, by count (4 and more alike)."""
SEAT_SLOTS = CARDS + GOODS + 2 + 2 + CITIES + 1 + 1 + 2 + 1 + 1 + GOODS + CARDS
"""Per seat: wagon's card, cargo, capacity and free room, orders taken and their cities,
cards kept for houses by city, cards used, houses left, gems, specials, score, goods
shipped by kind, houses by card."""


def size(options: Options) -> int:
    """How many numbers `encode` gives under `options`."""
    n = int(options["players"])
    rest = 4 + 3 * n + 3 + CARDS + len(PAIRS) + ROW_PLACES * ROW_SLOTS + 2 + 2 + GOODS
    specials = len(SPECIALS) * (n + 1)
    return rest + specials + TITLE_SIDES + 4 + 3 + 2 * CARDS * GOODS + n * SEAT_SLOTS


def encode(s: TMState, player: int) -> list[float]:
    n = s.n
    out: list[float] = []
    one_hot(out, s.phase, 4)  # what is asked: a starting city, an action, a house placement
    one_hot(out, relative(to_move(s), player, n), n)
    one_hot(out, relative(s.start, player, n), n)
    one_hot(out, relative(s.last_seat, player, n), n)
    out.append(scaled(s.turns, TURNS_TOP))
    out.append(s.actions_left / 3)
    out.append(s.allowance / 3)
    _map(s, out)
    _row(s, out)
    out.append(s.red_left / SETUP["red_gems"])
    out.append(s.white_left / SETUP["white_gems"])
    out.append(len(s.deck) / ORDER_CARDS)
    out.append(1.0 if END_CARD in s.deck else 0.0)
    out.extend([CUBES[s.stock[good]] for good in range(GOODS)])
    for owner in s.specials:
        out.append(1.0 if owner < 0 else 0.0)
        one_hot(out, relative(owner, player, n), n)
    titles = [0.0] * TITLE_SIDES
    for code in s.titles:
        titles[code] = 1.0
    out.extend(titles)
    out.extend([1.0 if s.triggers >> bit & 1 else 0.0 for bit in range(4)])
    options = s.options
    out.append(1.0 if options["beginner_wagons"] else 0.0)
    out.append(1.0 if options["literal_refill"] else 0.0)
    out.append(1.0 if options["specials_count_for_houses"] else 0.0)
    _zones(s, player, out)
    points = scores(s)
    for seat in seats_from(player, n):
        _seat(s, seat, points[seat], out)
    return out


_MAPS: dict[tuple[tuple[int, int, int], ...], list[float]] = {}
"""The map block of each layout seen lately (a layout's cells say all of it)."""


def _map(s: TMState, out: list[float]) -> None:
    """The cards in play, and the steps between every two of them."""
    board = s.board
    block = _MAPS.get(board.cells)
    if block is None:
        if len(_MAPS) >= 64:
            _MAPS.clear()
        block = [1.0 if card in board.cards else 0.0 for card in range(CARDS)]
        block.extend([scaled(board.distance[a][b], FARTHEST) for a, b in PAIRS])
        _MAPS[board.cells] = block
    out.extend(block)


def _zones(s: TMState, player: int, out: list[float]) -> None:
    """The goods in the shipping areas, card by card and good by good: the seat's own zone,
    and the others' zones together (what it may load there, TM-LOAD-2/3)."""
    n = s.n
    zone = s.zone
    own = [0.0] * (CARDS * GOODS)
    others = [0.0] * (CARDS * GOODS)
    for index, count in enumerate(zone):
        if count:
            card, seat, good = index // (4 * n), index // 4 % n, index % 4
            if seat == player:
                own[card * GOODS + good] = CUBES[count]
            else:
                others[card * GOODS + good] += count / DATA.cubes_per_kind
    out.extend(own)
    out.extend(others)


def _row(s: TMState, out: list[float]) -> None:
    row = s.row
    for place in range(ROW_PLACES):
        out.extend(ROW_BLOCKS[row[place]] if place < len(row) and row[place] > 0 else NO_ORDER)


def _seat(s: TMState, seat: int, points: int, out: list[float]) -> None:
    n = s.n
    one_hot(out, s.pos[seat], CARDS)
    cargo = s.cargo[seat * 4 : seat * 4 + 4]
    out.extend([CUBES[count] for count in cargo])
    out.append(scaled(s.capacity[seat], ORDERS_TOP))
    out.append(scaled(s.capacity[seat] - sum(cargo), CARGO_TOP))
    out.append(scaled(len(s.taken[seat]), ORDERS_TOP))
    out.append(title_measure(s, seat, "cities") / CITIES)
    out.extend([KEPT[count] for count in s.unused[seat * 9 : seat * 9 + 9]])
    out.append(scaled(s.used[seat], ORDERS_TOP))
    out.append(s.houses_left[seat] / HOUSES)
    out.append(s.red[seat] / SETUP["red_gems"])
    out.append(s.white[seat] / SETUP["white_gems"])
    out.append(s.specials.count(seat) / len(SPECIALS))
    out.append(scaled(points, VP_TOP))
    zone = s.zone
    first, stride = seat * 4, n * 4  # zone[(card * n + seat) * 4 + good]
    out.extend([CUBES[sum(zone[first + good :: stride])] for good in range(GOODS)])
    bit = 1 << seat
    out.extend([1.0 if houses & bit else 0.0 for houses in s.houses])
