"""The heuristic merchant, the play-out policy and the evaluation for search agents.

The heuristic picks the order (row or special) it can fill soonest for its value, loads the
goods it lacks at the nearest place that has them, drives there and ships; it starts and
builds houses on the best-connected cities (its hubs). Everything it reads is public.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Final

from kaido.core.actions import Action
from kaido.core.game import Game, result_value
from kaido.core.rng import Rng
from kaido.games.traveling_merchants.board import CITIES, GOODS, ROAD, Order
from kaido.games.traveling_merchants.engine import (
    MAKES,
    ORDERS,
    SPECIALS,
    Key,
    scores,
)
from kaido.games.traveling_merchants.state import HOUSE, OVER, START, TURN, TMState


def key_of(action: Action) -> Key:
    return (action.kind, *action.args)


def _hub(s: TMState, city: int) -> float:
    """How central a city is: its neighbours, and nearness to the four production cities."""
    board = s.board
    near = sum(board.distance[city][c] for c in range(CITIES) if MAKES[c] >= 0)
    return len(board.adjacent[city]) * 2 - near * 0.5 + (1 if MAKES[city] >= 0 else 0)


Sources = list[list[int]]
"""For each good, the cards where a merchant could load it now, in the board's order."""


def sources(s: TMState, p: int) -> Sources:
    """Where `p` could load each good now: a producing city's stock, or another player's
    zone (never `p`'s own, TM-LOAD-3)."""
    return all_sources(s, (p,))[0]


def all_sources(s: TMState, players: Sequence[int] | None = None) -> list[Sources]:
    """`sources` for each of `players` (all by default), from one pass over the zones."""
    n, zone, stock = s.n, s.zone, s.stock
    wanted = range(n) if players is None else players
    tables: list[Sources] = [[[] for _ in range(GOODS)] for _ in wanted]
    for c in s.board.cards:
        if c == ROAD:
            continue
        holders = [0] * GOODS  # bit q: player q has the good in their zone here
        for q in range(n):
            base = (c * n + q) * 4
            for g in range(GOODS):
                if zone[base + g]:
                    holders[g] |= 1 << q
        made = MAKES[c]
        if made >= 0 and stock[made] > 0:
            holders[made] = -1  # everyone may load from the stock
        for table, p in zip(tables, wanted, strict=True):
            others = ~(1 << p)
            for g in range(GOODS):
                if holders[g] & others:
                    table[g].append(c)
    return tables


FAR = 99
"""A plan cost meaning out of reach."""


def _route(s: TMState, p: int, city: int, missing: list[int], table: Sources) -> tuple[int, int]:
    """The fewest actions to load the missing goods and ship at `city`, and the card the
    cheapest such route goes to first (`city` itself when nothing is missing). Every
    visiting order and every source are tried, so one step along the route lowers its
    cost by exactly one: a merchant who follows it gets nearer each action, where a route
    costed one way and driven another could lead back and forth for ever."""
    if any(missing[g] and not table[g] for g in range(GOODS)):
        return FAR, city
    here = s.pos[p]
    stops = tuple(tuple(table[g]) if missing[g] else () for g in range(GOODS))
    moves, first = _travel(s.board.distance, here, city, stops)
    return moves + sum(missing) + 1, first


@lru_cache(maxsize=1 << 14)
def _travel(
    dist: tuple[tuple[int, ...], ...], here: int, city: int, stops: tuple[tuple[int, ...], ...]
) -> tuple[int, int]:
    """The fewest moves from `here` to `city` through one of the cards of each non-empty
    `stops`, in any order, and the first card of such a route."""
    kinds = [cards for cards in stops if cards]
    if not kinds:
        return dist[here][city], city
    from_here, to_city = dist[here], [row[city] for row in dist]
    # reach[mask][c]: the fewest moves (and first stop) to stand at c having visited a
    # card of each kind in `mask`, the last one c.
    full = (1 << len(kinds)) - 1
    reach: list[dict[int, tuple[int, int]]] = [{} for _ in range(full + 1)]
    for i, cards in enumerate(kinds):
        reach[1 << i] = {c: (from_here[c], c) for c in cards}
    for mask in range(1, full):
        for at, (cost, first) in reach[mask].items():
            row = dist[at]
            for i, cards in enumerate(kinds):
                if mask >> i & 1:
                    continue
                layer = reach[mask | 1 << i]
                for c in cards:
                    step = (cost + row[c], first)
                    if c not in layer or step < layer[c]:
                        layer[c] = step
    return min((cost + to_city[at], first) for at, (cost, first) in reach[full].items())


def _cost_for(s: TMState, p: int, order: Order, table: Sources | None = None) -> int:
    """`p`'s plan cost for `order` (`FAR`: out of reach with their wagon and cargo); `table`
    is `sources(s, p)` when the caller has it."""
    if order.size > s.capacity[p]:
        return FAR
    cargo = s.cargo[p * 4 : p * 4 + 4]
    missing = [max(0, need - have) for need, have in zip(order.goods, cargo, strict=True)]
    spare = sum(max(0, have - need) for need, have in zip(order.goods, cargo, strict=True))
    if sum(cargo) + sum(missing) > s.capacity[p] + spare:
        return FAR
    return _route(s, p, order.city, missing, sources(s, p) if table is None else table)[0]


def _beaten(
    s: TMState, p: int, order: Order, cost: int, tables: list[Sources] | None = None
) -> bool:
    """Whether another merchant would fill `order` before `p` (fewer actions needed, or as
    few and moving first): racing them for it is wasted time. `tables[q]` is
    `sources(s, q)` when the caller has them."""
    n = s.n
    for q in range(n):
        if q == p:
            continue
        theirs = _cost_for(s, q, order, None if tables is None else tables[q])
        if theirs < cost or (theirs == cost and (q - s.cur) % n < (p - s.cur) % n):
            return True
    return False


def targets(s: TMState, p: int) -> list[tuple[float, int, tuple[int, ...], Key]]:
    """Orders worth aiming at: (value per action, city, goods, ship key), best first; an
    order another merchant would fill first counts for a third."""
    out = []
    cards: list[tuple[Order, Key]] = [
        (ORDERS[o], ("ship", i)) for i, o in enumerate(s.row) if o > 0
    ]
    cards += [(sp, ("special", k)) for k, sp in enumerate(SPECIALS) if s.specials[k] < 0]
    tables = all_sources(s)
    for order, key in cards:
        cost = _cost_for(s, p, order, tables[p])
        if cost >= FAR:
            continue
        value = order.vp + _gem_bonus(s, key) + (1.5 if key[0] == "ship" else 0)
        if _beaten(s, p, order, cost, tables):
            value /= 3
        out.append((value / (cost + 1), order.city, order.goods, key))
    out.sort(key=lambda t: -t[0])
    return out


def _gem_bonus(s: TMState, key: Key) -> int:
    if key[0] != "ship":
        return 0
    if s.red_left:
        return 3 if key[1] == 0 else (1 if key[1] == 1 and s.white_left else 0)
    return 1 if key[1] == 0 and s.white_left else 0


def choose_key(s: TMState, keys: Sequence[Key]) -> Key:
    """The heuristic's choice among the legal `keys`."""
    p = s.cur
    if s.phase == START:
        return max(keys, key=lambda k: _hub(s, int(k[1])))
    if s.phase == HOUSE:
        return max(keys, key=lambda k: _hub(s, int(k[1])) + (0.5 if k[0] == "pair" else 0))
    ships = [k for k in keys if k[0] in ("ship", "special")]
    if ships:
        return max(ships, key=lambda k: _ship_value(s, k))
    plan = targets(s, p)
    if not plan:
        return ("end",)
    _, city, goods, _ = plan[0]
    cargo = s.cargo[p * 4 : p * 4 + 4]
    missing = [max(0, need - have) for need, have in zip(goods, cargo, strict=True)]
    loads = [k for k in keys if k[0] == "load" and missing[int(k[1])]]
    if loads:
        return min(loads, key=lambda k: _dump_cost(goods, cargo, int(k[3])))
    return _step_toward(s, keys, _route(s, p, city, missing, sources(s, p))[1])


def _ship_value(s: TMState, key: Key) -> float:
    order = ORDERS[s.row[int(key[1])]] if key[0] == "ship" else SPECIALS[int(key[1])]
    return order.vp + _gem_bonus(s, key)


def _dump_cost(goods: tuple[int, ...], cargo: list[int], dump: int) -> int:
    """Returning a good the target needs is worse than one it does not (-1: no return)."""
    if dump < 0:
        return 0
    return 10 if cargo[dump] <= goods[dump] else 1


def _step_toward(s: TMState, keys: Sequence[Key], dest: int) -> Key:
    dist = s.board.distance
    moves = [k for k in keys if k[0] == "move"]
    if not moves or s.pos[s.cur] == dest:
        return ("end",)
    return min(moves, key=lambda k: (dist[int(k[1])][dest], int(k[1])))


# ---- for search agents ------------------------------------------------------------------------


PROSPECT_DECAY: Final = 0.8
"""What an order still `cost` actions away is worth, as a share of its VP per action."""


def prospect(s: TMState, p: int, table: Sources) -> float:
    """The VP of the best order `p` could fill next, discounted by the actions it takes:
    what makes a search see a move towards an order as progress before the order ships."""
    best = 0.0
    cards: list[tuple[Order, Key]] = [
        (ORDERS[o], ("ship", i)) for i, o in enumerate(s.row) if o > 0
    ]
    cards += [(sp, ("special", k)) for k, sp in enumerate(SPECIALS) if s.specials[k] < 0]
    for order, key in cards:
        cost = _cost_for(s, p, order, table)
        if cost < FAR:
            best = max(best, (order.vp + _gem_bonus(s, key)) * PROSPECT_DECAY**cost)
    return best


def evaluate_all(game: Game[Any], s: TMState) -> list[float]:
    """Each player's lead in score (with carts, cargo and the best order in reach as a
    promise) over the best other, squashed into [0, 1]."""
    if s.phase == OVER:
        result = game.result(s)
        return [result_value(result, p) for p in range(s.n)]
    points = scores(s)
    tables = all_sources(s) if s.phase == TURN else []
    potential = [
        points[q]
        + 0.5 * len(s.taken[q])
        + 0.3 * sum(s.cargo[q * 4 : q * 4 + 4])
        + (prospect(s, q, tables[q]) if tables else 0.0)
        for q in range(s.n)
    ]
    values = []
    for p in range(s.n):
        lead = potential[p] - max(potential[q] for q in range(s.n) if q != p)
        values.append(max(0.0, min(1.0, 0.5 + lead / 40)))
    return values


def evaluate(game: Game[Any], s: TMState, p: int) -> float:
    return evaluate_all(game, s)[p]


def rollout_action(game: Game[Any], s: TMState, legal: Sequence[Action], rng: Rng) -> Action:
    """The heuristic's move most of the time, a random one otherwise."""
    if s.phase == TURN and rng.below(5) == 0:
        return legal[rng.below(len(legal))]
    wanted = choose_key(s, [key_of(a) for a in legal])
    return next(a for a in legal if key_of(a) == wanted)


def heuristic_move(s: TMState, legal: Sequence[Action]) -> Action:
    """The heuristic's move: it plans a route to the order it can fill soonest, and
    builds houses on its hubs."""
    if len(legal) == 1:
        return legal[0]
    wanted = choose_key(s, [key_of(a) for a in legal])
    return next(a for a in legal if key_of(a) == wanted)
