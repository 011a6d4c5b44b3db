"""Catan (base game, 3-4 players): who moves, what is legal, and every transition.

Functions of the state alone; `rules.CatanGame` assembles them into the game object.
Clause ids (CT-...) refer to `shared/rules/catan.md`. Legality comes from running
counters and bit masks (pieces left, reachable intersections, the road frontier), never
from trial application; longest-road lengths are updated only for the players a build
can change. Trading lives in `trade.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from kaido.core.actions import Action
from kaido.core.events import Event
from kaido.core.options import Options
from kaido.core.rng import Rng
from kaido.games.catan import actions as A
from kaido.games.catan import trade
from kaido.games.catan.board import (
    ALL_VERTICES,
    CARDS_PER_KIND,
    CITY_COST,
    DEV_COST,
    DEV_COUNTS,
    EDGE_BIT,
    EDGE_HEXES,
    EDGE_VERTICES,
    HEX_VERTICES,
    KNIGHT,
    LARGEST_ARMY_MIN,
    LONGEST_ROAD_MIN,
    MONOPOLY,
    NUM_HEXES,
    NUM_VERTICES,
    PIECES,
    ROAD_BUILDING,
    ROAD_COST,
    SETTLEMENT_COST,
    VERTEX_BIT,
    VERTEX_EDGE_MASK,
    VERTEX_HEXES,
    VERTEX_NEIGHBOR_MASK,
    VICTORY_POINT,
    WIN_POINTS,
    YEAR_OF_PLENTY,
    Board,
    bits,
)
from kaido.games.catan.roads import longest_road
from kaido.games.catan.state import (
    CITY_BASE,
    COUNTER_DRAFT,
    DISCARD,
    FREE_ROAD,
    MAIN,
    NO_REPLY,
    OFFER_REPLY,
    OVER,
    PRE_ROLL,
    ROBBER,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    CatanState,
)

ROAD_I: Final = 0
SETTLEMENT_I: Final = 1
CITY_I: Final = 2

REVERSIBLE_KINDS: Final = frozenset(
    {
        "road",
        "settlement",
        "city",
        "maritime",
        "trade",
        "offer_give",
        "offer_ask",
        "withdraw",
        "counter",
        "counter_give",
        "counter_ask",
    }
)

Step = Callable[[CatanState, Action, list[Event] | None], None]

# ---- who moves, what is legal -----------------------------------------------------------


def to_move(state: CatanState) -> int:
    phase = state.phase
    if phase == OVER:
        return -1
    if phase in (SETUP_SETTLEMENT, SETUP_ROAD):
        return state.setup_order[state.setup_step]
    if phase == DISCARD:
        return discarder(state)
    if phase in (OFFER_REPLY, COUNTER_DRAFT):
        return state.responder
    return state.turn


def legal_actions(state: CatanState) -> Sequence[Action]:
    phase = state.phase
    if phase == MAIN:
        return _main_actions(state)
    if phase == PRE_ROLL:
        out = [A.ROLL]
        if not state.dev_played:
            _dev_actions(state, out)
        return out
    if phase == ROBBER:
        return robber_actions(state)
    if phase == DISCARD:
        o = discarder(state) * 5
        hand = state.hand
        return [A.DISCARD[k] for k in range(5) if hand[o + k]]
    if phase == FREE_ROAD:
        p = state.turn
        return [A.ROAD[e] for e in bits(state.frontier[p] & ~state.occupied_edges)]
    if phase == SETUP_SETTLEMENT:
        return [A.SETTLEMENT[v] for v in bits(ALL_VERTICES & ~state.blocked)]
    if phase == SETUP_ROAD:
        free = VERTEX_EDGE_MASK[state.last_vertex] & ~state.occupied_edges
        return [A.ROAD[e] for e in bits(free)]
    if phase == OVER:
        return []
    return trade.negotiation_actions(state)


def _main_actions(state: CatanState) -> list[Action]:
    p = state.turn
    o = p * 5
    hand = state.hand
    lumber, brick, wool, grain, ore = hand[o : o + 5]
    out = [A.END]
    pieces = state.pieces
    pp = p * 3
    if brick and lumber:
        if pieces[pp]:
            mask = state.frontier[p] & ~state.occupied_edges
            while mask:
                low = mask & -mask
                out.append(A.ROAD[low.bit_length() - 1])
                mask ^= low
        if wool and grain and pieces[pp + 1]:
            mask = state.reach[p] & ~state.blocked
            while mask:
                low = mask & -mask
                out.append(A.SETTLEMENT[low.bit_length() - 1])
                mask ^= low
    if grain >= 2 and ore >= 3 and pieces[pp + 2]:
        buildings = state.buildings
        mask = state.owned[p]
        while mask:
            low = mask & -mask
            v = low.bit_length() - 1
            if buildings[v] < CITY_BASE:
                out.append(A.CITY[v])
            mask ^= low
    if wool and grain and ore and state.deck:
        out.append(A.BUY)
    if not state.dev_played:
        _dev_actions(state, out)
    if not (state.built and state.options["separate_trade_build"]):
        trade.trade_actions(state, out)
    return out


def _dev_actions(state: CatanState, out: list[Action]) -> None:
    o = state.turn * 5
    dev, new = state.dev, state.dev_new
    if dev[o + KNIGHT] > new[KNIGHT]:
        out.append(A.PLAY_KNIGHT)
    if dev[o + ROAD_BUILDING] > new[ROAD_BUILDING]:
        out.append(A.PLAY_ROAD_BUILDING)
    if dev[o + YEAR_OF_PLENTY] > new[YEAR_OF_PLENTY]:
        out.extend(year_of_plenty_actions(state.bank))
    if dev[o + MONOPOLY] > new[MONOPOLY]:
        out.extend(A.MONOPOLY)


# ---- transitions ------------------------------------------------------------------------


def step(s: CatanState, action: Action, events: list[Event] | None) -> None:
    """Apply a legal action in place; events are appended only when `events` is a list."""
    STEPS[action.kind](s, action, events)


def _roll(s: CatanState, action: Action, events: list[Event] | None) -> None:
    rng = s.rng
    d1, d2 = rng.die(), rng.die()
    s.dice = (d1, d2)
    total = d1 + d2
    if events is not None:
        events.append(Event("roll", {"player": s.turn, "dice": [d1, d2], "total": total}))
    if total == 7:
        start_seven(s, events)
    else:
        produce(s, total, events)
        s.phase = MAIN


def _end_turn(s: CatanState, action: Action, events: list[Event] | None) -> None:
    s.turn = (s.turn + 1) % s.n
    s.turns += 1
    s.phase = PRE_ROLL
    s.dev_played = False
    s.built = False
    s.offers_made = 0
    new = s.dev_new
    new[0] = new[1] = new[2] = new[3] = new[4] = 0
    if events is not None:
        events.append(Event("turn", {"player": s.turn, "turn": s.turns}))
    check_win(s, events)  # points reached off turn count at the turn's start


def _buy(s: CatanState, action: Action, events: list[Event] | None) -> None:
    p = s.turn
    pay(s, p, DEV_COST)
    card = s.deck.pop()
    s.dev[p * 5 + card] += 1
    s.dev_new[card] += 1
    s.built = True
    if events is not None:
        events.append(Event("buy", {"player": p}, {"card": card}, (p,)))
    check_win(s, events)  # CT-VPC-3


def _road(s: CatanState, action: Action, events: list[Event] | None) -> None:
    p = s.turn
    e = int(action.args[0])
    phase = s.phase
    if phase in (SETUP_SETTLEMENT, SETUP_ROAD):
        p = s.setup_order[s.setup_step]
        place_road(s, p, e, events)
        s.setup_step += 1
        if s.setup_step == len(s.setup_order):
            s.phase = PRE_ROLL
            s.turn = s.setup_order[0]
            if events is not None:
                events.append(Event("turn", {"player": s.turn, "turn": s.turns}))
        else:
            s.phase = SETUP_SETTLEMENT
        return
    if phase == FREE_ROAD:
        place_road(s, p, e, events)
        s.free_roads -= 1
        if s.free_roads == 0 or not s.pieces[p * 3] or not s.frontier[p] & ~s.occupied_edges:
            s.free_roads = 0
            s.phase = s.return_phase
    else:
        pay(s, p, ROAD_COST)
        s.built = True
        place_road(s, p, e, events)
    check_win(s, events)


def _settlement(s: CatanState, action: Action, events: list[Event] | None) -> None:
    v = int(action.args[0])
    if s.phase == SETUP_SETTLEMENT:
        p = s.setup_order[s.setup_step]
        place_settlement(s, p, v, events)
        if s.setup_step >= s.n:
            starting_resources(s, p, v, events)  # CT-SETUP-6
        s.last_vertex = v
        s.phase = SETUP_ROAD
        return
    p = s.turn
    pay(s, p, SETTLEMENT_COST)
    s.built = True
    place_settlement(s, p, v, events)
    check_win(s, events)


def _city(s: CatanState, action: Action, events: list[Event] | None) -> None:
    p = s.turn
    v = int(action.args[0])
    pay(s, p, CITY_COST)
    s.built = True
    s.buildings[v] = CITY_BASE + p
    pp = p * 3
    s.pieces[pp + CITY_I] -= 1
    s.pieces[pp + SETTLEMENT_I] += 1  # CT-CITY-3: the settlement returns to supply
    s.vp[p] += 1
    if events is not None:
        hexes = s.board.places(VERTEX_HEXES[v])
        events.append(Event("city", {"player": p, "vertex": v, "hexes": hexes}))
    check_win(s, events)


def _play_knight(s: CatanState, action: Action, events: list[Event] | None) -> None:
    p = s.turn
    s.dev[p * 5 + KNIGHT] -= 1
    s.dev_played = True
    s.knights[p] += 1
    if events is not None:
        events.append(Event("knight", {"player": p, "knights": s.knights[p]}))
    update_largest_army(s, p, events)
    s.return_phase = s.phase
    s.phase = ROBBER
    s.by_knight = True
    check_win(s, events)


def _play_road_building(s: CatanState, action: Action, events: list[Event] | None) -> None:
    p = s.turn
    s.dev[p * 5 + ROAD_BUILDING] -= 1
    s.played[ROAD_BUILDING] += 1
    s.dev_played = True
    if events is not None:
        events.append(Event("road_building", {"player": p}))
    free = min(2, s.pieces[p * 3 + ROAD_I])
    if free and s.frontier[p] & ~s.occupied_edges:  # possibly no road at all
        s.free_roads = free
        s.return_phase = s.phase
        s.phase = FREE_ROAD


def _play_year_of_plenty(s: CatanState, action: Action, events: list[Event] | None) -> None:
    p = s.turn
    s.dev[p * 5 + YEAR_OF_PLENTY] -= 1
    s.played[YEAR_OF_PLENTY] += 1
    s.dev_played = True
    taken = [k for k in action.args if isinstance(k, int) and k >= 0]
    for k in taken:
        s.bank[k] -= 1
        s.hand[p * 5 + k] += 1
        s.known[p * 5 + k] += 1
    if events is not None:
        events.append(Event("year_of_plenty", {"player": p, "cards": taken}))


def _play_monopoly(s: CatanState, action: Action, events: list[Event] | None) -> None:
    p = s.turn
    k = int(action.args[0])
    s.dev[p * 5 + MONOPOLY] -= 1
    s.played[MONOPOLY] += 1
    s.dev_played = True
    hand, known = s.hand, s.known
    given = []
    for q in range(s.n):
        if q != p:
            amount = hand[q * 5 + k]
            hand[q * 5 + k] = known[q * 5 + k] = 0
            hand[p * 5 + k] += amount
            known[p * 5 + k] += amount
            given.append(amount)
        else:
            given.append(0)
    if events is not None:
        events.append(Event("monopoly", {"player": p, "resource": k, "taken": given}))


def _move_robber(s: CatanState, action: Action, events: list[Event] | None) -> None:
    h, victim = int(action.args[0]), int(action.args[1])
    p = s.turn
    s.robber = h
    s.by_knight = False
    stolen = -1
    if victim >= 0:
        stolen = steal(s, p, victim)
    s.phase = s.return_phase
    if events is not None:
        data = {"player": p, "hex": h, "hexes": s.board.places((h,))}
        data |= {"victim": victim, "stolen": stolen >= 0}
        secret = {"card": stolen} if stolen >= 0 else None
        events.append(Event("robber", data, secret, (p, victim) if secret else ()))


def _discard(s: CatanState, action: Action, events: list[Event] | None) -> None:
    p = discarder(s)
    k = int(action.args[0])
    s.hand[p * 5 + k] -= 1
    s.pending[p * 5 + k] += 1  # set aside face down until everyone has chosen
    s.discard_left[p] -= 1
    if events is not None:
        events.append(Event("discard", {"player": p}, {"card": k}, (p,)))
    if discarder(s) < 0:
        finish_discards(s, events)


STEPS: Final[dict[str, Step]] = {
    "roll": _roll,
    "end": _end_turn,
    "buy": _buy,
    "road": _road,
    "settlement": _settlement,
    "city": _city,
    "knight": _play_knight,
    "road_building": _play_road_building,
    "year_of_plenty": _play_year_of_plenty,
    "monopoly": _play_monopoly,
    "robber": _move_robber,
    "discard": _discard,
    **trade.STEPS,
}


def is_irreversible(state: CatanState, action: Action) -> bool:
    kind = action.kind
    if kind == "road":
        return state.phase == SETUP_ROAD  # hands the placement to the next player
    if kind == "discard":
        # The last discard puts every set-aside card into the public bank.
        return sum(state.discard_left) == 1
    return kind not in REVERSIBLE_KINDS


# ---- state construction -----------------------------------------------------------------


def new_state(options: Options, board: Board, rng: Rng) -> CatanState:
    """A game at the start of set-up on `board`; the start player and deck from `rng`."""
    n = int(options["players"])
    s = CatanState()
    s.options = options
    s.board = board
    s.rng = rng
    s.n = n
    start = rng.below(n)  # stands in for the highest dice roll
    first = [(start + i) % n for i in range(n)]
    s.setup_order = tuple(first + first[::-1])  # CT-SETUP-4: snake order
    s.setup_step = 0
    s.last_vertex = -1
    s.phase = SETUP_SETTLEMENT
    s.turn = start
    s.turns = 0
    s.hand = [0] * (5 * n)
    s.known = [0] * (5 * n)
    s.bank = [CARDS_PER_KIND] * 5
    s.pending = [0] * (5 * n)
    s.discard_left = [0] * n
    s.dev = [0] * (5 * n)
    s.dev_new = [0] * 5
    s.dev_played = False
    deck = [kind for kind, count in enumerate(DEV_COUNTS) for _ in range(count)]
    rng.shuffle(deck)  # CT-DEV-7
    s.deck = deck
    s.played = [0] * 5
    s.knights = [0] * n
    s.vp = [0] * n
    s.road_len = [0] * n
    s.lr_holder = -1
    s.la_holder = -1
    s.robber = board.desert  # CT-SETUP-1
    s.buildings = [0] * NUM_VERTICES
    s.owned = [0] * n
    s.roads = [0] * n
    s.reach = [0] * n
    s.frontier = [0] * n
    s.blocked = 0
    s.occupied_edges = 0
    s.ports = [0] * n
    s.pieces = [PIECES["road"], PIECES["settlement"], PIECES["city"]] * n
    s.free_roads = 0
    s.return_phase = MAIN
    s.built = False
    s.by_knight = False
    s.offer = [0] * 10
    s.offers_made = 0
    s.responder = -1
    s.replies = [NO_REPLY] * n
    s.counters = [0] * (10 * n)
    s.dice = (0, 0)
    s.winner = -1
    return s


# ---- shared helpers (also used by tests that build positions) ---------------------------


def discarder(s: CatanState) -> int:
    """The next player to discard, in turn order from the roller (R-14); -1 when done."""
    left = s.discard_left
    n = s.n
    for i in range(n):
        q = (s.turn + i) % n
        if left[q]:
            return q
    return -1


def pay(s: CatanState, p: int, cost: tuple[int, ...]) -> None:
    hand, bank, known = s.hand, s.bank, s.known
    o = p * 5
    for k in range(5):
        c = cost[k]
        if c:
            hand[o + k] -= c
            bank[k] += c
            if known[o + k]:
                known[o + k] = max(0, known[o + k] - c)


def total_points(s: CatanState, p: int) -> int:
    """Public points plus hidden victory point cards (CT-VPC-4)."""
    return s.vp[p] + s.dev[p * 5 + VICTORY_POINT]


def check_win(s: CatanState, events: list[Event] | None) -> None:
    """CT-WIN-2: the player on turn wins the moment they have 10 points."""
    p = s.turn
    if s.phase != OVER and s.vp[p] + s.dev[p * 5 + VICTORY_POINT] >= WIN_POINTS:
        s.phase = OVER
        s.winner = p
        if events is not None:
            points = [total_points(s, q) for q in range(s.n)]
            events.append(Event("win", {"player": p, "points": points}))


def opponents_buildings(s: CatanState, p: int) -> int:
    mask = 0
    for q in range(s.n):
        if q != p:
            mask |= s.owned[q]
    return mask


def refresh_frontier(s: CatanState, p: int) -> None:
    """The paths p may build on, occupied or not (CT-ROAD-1, R-9): those touching p's
    buildings, or p's roads at an intersection with no opponent building."""
    extendable = s.owned[p] | (s.reach[p] & ~opponents_buildings(s, p))
    mask = 0
    while extendable:
        low = extendable & -extendable
        mask |= VERTEX_EDGE_MASK[low.bit_length() - 1]
        extendable ^= low
    s.frontier[p] = mask


def place_road(s: CatanState, p: int, e: int, events: list[Event] | None) -> None:
    bit = EDGE_BIT[e]
    s.roads[p] |= bit
    s.occupied_edges |= bit
    s.pieces[p * 3 + ROAD_I] -= 1
    a, b = EDGE_VERTICES[e]
    s.reach[p] |= VERTEX_BIT[a] | VERTEX_BIT[b]
    opponents = opponents_buildings(s, p)
    for x in (a, b):
        if not (opponents >> x) & 1:
            s.frontier[p] |= VERTEX_EDGE_MASK[x]
    if events is not None:
        hexes = s.board.places(EDGE_HEXES[e])
        events.append(Event("road", {"player": p, "edge": e, "vertices": [a, b], "hexes": hexes}))
    length = longest_road(s.roads[p], opponents)
    if length != s.road_len[p]:
        s.road_len[p] = length
        road_grew(s, p, events)


def place_settlement(s: CatanState, p: int, v: int, events: list[Event] | None) -> None:
    bit = VERTEX_BIT[v]
    s.buildings[v] = 1 + p
    s.owned[p] |= bit
    s.blocked |= bit | VERTEX_NEIGHBOR_MASK[v]
    s.pieces[p * 3 + SETTLEMENT_I] -= 1
    s.vp[p] += 1
    s.ports[p] |= s.board.vertex_port[v]
    if events is not None:
        hexes = s.board.places(VERTEX_HEXES[v])
        events.append(Event("settlement", {"player": p, "vertex": v, "hexes": hexes}))
    refresh_frontier(s, p)
    shortened = []
    for q in range(s.n):
        if q != p and s.reach[q] & bit:  # CT-LR-4: a settlement on q's road cuts it
            refresh_frontier(s, q)
            length = longest_road(s.roads[q], opponents_buildings(s, q))
            if length < s.road_len[q]:
                s.road_len[q] = length
                shortened.append(q)
    road_broken(s, shortened, events)


def starting_resources(s: CatanState, p: int, v: int, events: list[Event] | None) -> None:
    board = s.board
    gained = []
    for h in range(NUM_HEXES):
        if v in HEX_VERTICES[h] and board.resource[h] >= 0:
            k = board.resource[h]
            s.bank[k] -= 1
            s.hand[p * 5 + k] += 1
            s.known[p * 5 + k] += 1
            gained.append(k)
    if events is not None:
        events.append(Event("start_resources", {"player": p, "cards": gained}))


def set_longest_road(s: CatanState, holder: int, events: list[Event] | None) -> None:
    old = s.lr_holder
    if old == holder:
        return
    if old >= 0:
        s.vp[old] -= 2
    if holder >= 0:
        s.vp[holder] += 2
    s.lr_holder = holder
    if events is not None:
        events.append(Event("longest_road", {"player": holder, "previous": old}))


def sole_longest(s: CatanState) -> int:
    """The player who alone has the longest road of 5 or more, or -1."""
    lengths = s.road_len
    best = max(lengths)
    if best < LONGEST_ROAD_MIN or lengths.count(best) > 1:
        return -1
    return lengths.index(best)


def road_grew(s: CatanState, p: int, events: list[Event] | None) -> None:
    """CT-LR-1, CT-LR-3, CT-LR-6 after p's road got longer."""
    holder = s.lr_holder
    if holder == p:
        return
    if holder >= 0:
        if s.road_len[p] > s.road_len[holder]:
            set_longest_road(s, p, events)
        return
    winner = sole_longest(s)
    if winner >= 0:
        set_longest_road(s, winner, events)


def road_broken(s: CatanState, shortened: list[int], events: list[Event] | None) -> None:
    """CT-LR-5 and CT-LR-6 after a settlement (R-10 for the tie)."""
    holder = s.lr_holder
    if holder >= 0 and holder not in shortened:
        return
    winner = sole_longest(s)
    if winner < 0 and holder >= 0 and s.options["longest_road_holder_keeps_on_tie"]:
        best = max(s.road_len)
        if best >= LONGEST_ROAD_MIN and s.road_len[holder] == best:
            winner = holder
    set_longest_road(s, winner, events)


def update_largest_army(s: CatanState, p: int, events: list[Event] | None) -> None:
    """CT-LA-1, CT-LA-2."""
    holder = s.la_holder
    count = s.knights[p]
    if holder == p or count < LARGEST_ARMY_MIN:
        return
    if holder >= 0 and count <= s.knights[holder]:
        return
    if holder >= 0:
        s.vp[holder] -= 2
    s.vp[p] += 2
    s.la_holder = p
    if events is not None:
        events.append(Event("largest_army", {"player": p, "previous": holder}))


def produce(s: CatanState, roll: int, events: list[Event] | None) -> None:
    """CT-PROD-1..3, CT-ROBBER-3, CT-BANK-1."""
    n = s.n
    gains: list[int] | None = None
    buildings = s.buildings
    robber = s.robber
    for h, kind, corners in s.board.produce[roll]:
        if h == robber:
            continue
        for v in corners:
            b = buildings[v]
            if b:
                if gains is None:
                    gains = [0] * (5 * n)
                gains[((b - 1) & 3) * 5 + kind] += 1 if b < CITY_BASE else 2
    if gains is None:
        return
    hand, bank = s.hand, s.bank
    paid = [0] * (5 * n) if events is not None else None
    for kind in range(5):
        owed = [gains[p * 5 + kind] for p in range(n)]
        total = sum(owed)
        if not total:
            continue
        if total > bank[kind]:
            owners = [p for p in range(n) if owed[p]]
            if len(owners) != 1 or not s.options["shortage_single_recipient"]:
                continue  # CT-BANK-1: nobody receives this resource
            owed[owners[0]] = bank[kind]  # R-2 option: a lone recipient takes what is left
        for p in range(n):
            if owed[p]:
                hand[p * 5 + kind] += owed[p]
                s.known[p * 5 + kind] += owed[p]
                bank[kind] -= owed[p]
                if paid is not None:
                    paid[p * 5 + kind] = owed[p]
    if events is not None and paid is not None:
        events.append(Event("produce", {"gains": [paid[p * 5 : p * 5 + 5] for p in range(n)]}))


def start_seven(s: CatanState, events: list[Event] | None) -> None:
    """CT-SEVEN-1..3: no production; discards of half (rounded down) above 7 cards."""
    hand = s.hand
    anyone = False
    for p in range(s.n):
        held = sum(hand[p * 5 : p * 5 + 5])
        if held > 7:
            s.discard_left[p] = held // 2
            anyone = True
    s.return_phase = MAIN
    if anyone:
        s.phase = DISCARD
        if events is not None:
            events.append(Event("must_discard", {"counts": s.discard_left[:]}))
    else:
        s.phase = ROBBER


def finish_discards(s: CatanState, events: list[Event] | None) -> None:
    pending, bank = s.pending, s.bank
    returned = [0] * 5
    discarded = [sum(pending[p * 5 : p * 5 + 5]) for p in range(s.n)]
    for i, count in enumerate(pending):
        if count:
            bank[i % 5] += count
            returned[i % 5] += count
            pending[i] = 0
    # Only the cards returned to the bank are seen, not who gave which: each discarder
    # gave at most as many of a kind as came back, and at most as many as they gave.
    known = s.known
    for p, count in enumerate(discarded):
        if count:
            for k in range(5):
                known[p * 5 + k] = max(0, known[p * 5 + k] - min(returned[k], count))
    s.phase = ROBBER
    if events is not None:
        events.append(Event("discarded", {"cards": returned}))


def steal(s: CatanState, thief: int, victim: int) -> int:
    """CT-ROBBER-4/5: one random card of the victim's (a blind draw); -1 if none."""
    o = victim * 5
    hand = s.hand
    held = hand[o] + hand[o + 1] + hand[o + 2] + hand[o + 3] + hand[o + 4]
    if not held:
        return -1
    pick = s.rng.below(held)
    for k in range(5):
        pick -= hand[o + k]
        if pick < 0:
            hand[o + k] -= 1
            hand[thief * 5 + k] += 1
            forget_one_card(s, victim)
            return k
    raise AssertionError("unreachable: the pick lies within the hand")


def forget_one_card(s: CatanState, victim: int) -> None:
    """A card of unseen kind left the victim: each kind they surely held may be it."""
    known = s.known
    for i in range(victim * 5, victim * 5 + 5):
        if known[i]:
            known[i] -= 1


def hex_victims(s: CatanState, h: int, mover: int) -> list[int]:
    """Opponents of `mover` with a building on hex h, in seat order (CT-ROBBER-4)."""
    buildings = s.buildings
    found = set()
    for v in HEX_VERTICES[h]:
        b = buildings[v]
        if b:
            owner = (b - 1) & 3
            if owner != mover:
                found.add(owner)
    return sorted(found)


def robber_actions(s: CatanState) -> list[Action]:
    out: list[Action] = []
    mover = s.turn
    desert = s.board.desert if s.by_knight and not s.options["knight_to_desert"] else -1
    for h in range(NUM_HEXES):
        if h == s.robber or h == desert:
            continue  # CT-ROBBER-2; a knight moves it to a hex with a token (L78) by default
        victims = hex_victims(s, h, mover)
        if victims:
            out.extend(A.ROBBER[(h, q)] for q in victims)
        else:
            out.append(A.ROBBER[(h, A.NOBODY)])
    return out


def year_of_plenty_actions(bank: list[int]) -> list[Action]:
    """CT-PROG-2 with R-13: two cards when the bank can give two, else what it holds."""
    pairs = [
        A.YEAR_OF_PLENTY[(a, b)]
        for a in range(5)
        for b in range(a, 5)
        if (bank[a] >= 2 if a == b else bank[a] and bank[b])
    ]
    if pairs:
        return pairs
    singles = [A.YEAR_OF_PLENTY[(a, A.NOBODY)] for a in range(5) if bank[a]]
    return singles or [A.YEAR_OF_PLENTY[(A.NOBODY, A.NOBODY)]]
