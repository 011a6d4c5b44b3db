"""The Era of Traveling Merchants: set-up, who moves, legal actions and every transition.

Legal actions are the interned objects of `actions.py`; `answer` applies one.
"""

from __future__ import annotations

from typing import Final

from kaido.core.actions import Action
from kaido.core.events import Event
from kaido.core.options import Options
from kaido.core.rng import Rng
from kaido.games.traveling_merchants.actions import (
    END,
    LOAD,
    MOVE,
    PAIR,
    SHIP,
    SPECIAL,
    START_AT,
    THREE,
)
from kaido.games.traveling_merchants.board import (
    CITIES,
    DATA,
    END_CARD,
    GOODS,
    ROAD,
    Order,
    Title,
    make_board,
)
from kaido.games.traveling_merchants.state import (
    DEAD_POSITION,
    END_CARD_DRAWN,
    HOUSE,
    HOUSES_OUT,
    OVER,
    SPECIALS_GONE,
    START,
    TURN,
    TMState,
)

Key = tuple[str | int, ...]
SETUP: Final = DATA.setup
ORDERS: Final[dict[int, Order]] = DATA.orders
SPECIALS: Final = DATA.specials
KINDS: Final = tuple(c.kind for c in DATA.cities)
MAKES: Final = tuple(c.good for c in DATA.cities)
DISTRIBUTION: Final = tuple(c.index for c in DATA.cities if c.kind == "distribution")
GOOD_IDS: Final = [g["id"] for g in DATA.goods]


def _ev(events: list[Event] | None, kind: str, **data: object) -> None:
    if events is not None:
        events.append(Event(kind, dict(data)))


# ---- set-up ---------------------------------------------------------------------------------


def setup(options: Options, seed: int) -> TMState:
    rng = Rng(seed)
    n = int(options["players"])
    start = int(options["start_player"])
    start = rng.below(n) if start < 0 else start % n  # TM-SETUP-11, R-18
    shuffle = rng if options["random_cities"] else None
    board = make_board(DATA, str(options["map"]), bool(options["road"]), shuffle)  # TM-SETUP-2
    s = TMState()
    s.new_game(options, rng, board)
    s.start = start
    s.last_seat = (start - 1) % n
    capacity = DATA.beginner_capacity if options["beginner_wagons"] else DATA.normal_capacity
    s.capacity = [capacity] * n  # TM-SETUP-1, TM-VAR-3
    s.houses_left = [SETUP["houses"]] * n
    s.stock = [SETUP["stock_per_kind"][n]] * GOODS  # TM-SETUP-10
    _deal_orders(s, rng)
    s.red_left, s.white_left = SETUP["red_gems"], SETUP["white_gems"]  # TM-SETUP-8
    if options["titles"]:  # TM-VAR-1, R-17
        cards = list(range(len(DATA.titles)))
        rng.shuffle(cards)
        s.titles = sorted(c * 2 + rng.below(2) for c in cards[: SETUP["shown_titles"]])
    # TM-SETUP-12: from the start player's right, counter-clockwise; the start player last.
    s.setup_order = [(start - 1 - i) % n for i in range(n)]
    s.cur = s.setup_order[0]
    return s


def big_orders(row: list[int]) -> int:
    """R-14: cards in `row` needing 4 or more goods in all."""
    big = SETUP["big_order_goods"]
    return sum(1 for o in row if o > 0 and ORDERS[o].size >= big)


def _deal_orders(s: TMState, rng: Rng) -> None:
    n = s.n
    cards = sorted(ORDERS)
    rng.shuffle(cards)
    removed = SETUP["removed_orders"][n]  # TM-SETUP-3, R-13: unseen
    s.removed = cards[:removed]
    deck = cards[removed:]  # TM-SETUP-4; the top is the end of the list
    shown = SETUP["row_size"][n]  # TM-SETUP-5
    while True:
        row = [deck.pop() for _ in range(shown)]
        if big_orders(row) < SETUP["big_orders_for_reshuffle"]:
            break
        deck += row  # TM-SETUP-6: back into the deck, shuffle, deal again
        rng.shuffle(deck)
    bottom = [deck.pop() for _ in range(SETUP["bottom_cards"])] + [END_CARD]
    rng.shuffle(bottom)  # TM-SETUP-7
    s.deck = bottom + deck
    s.row_size = SETUP["literal_refill_size"] if s.options["literal_refill"] else shown
    s.row = row + [-1] * (s.row_size - shown)


# ---- who moves and what is legal -------------------------------------------------------------


def to_move(s: TMState) -> int:
    return -1 if s.phase == OVER else s.cur


def has_goods(s: TMState, p: int, need: tuple[int, ...]) -> bool:
    cargo = s.cargo
    base = p * 4
    return (
        cargo[base] >= need[0]
        and cargo[base + 1] >= need[1]
        and cargo[base + 2] >= need[2]
        and cargo[base + 3] >= need[3]
    )


def house_options(s: TMState, p: int) -> list[Action]:
    """TM-HOUSE-2..8, R-10: every legal placement for `p` now."""
    if s.houses_left[p] == 0:
        return []
    counts = s.unused[p * 9 : p * 9 + 9]
    if sum(counts) < 2:
        return []
    bit = 1 << p
    houses = s.houses
    out: list[Action] = []
    for city in range(CITIES):
        if houses[city] & bit or counts[city] == 0:
            continue
        if counts[city] >= 2:
            out.append(PAIR[city])
        for a in range(CITIES):
            for b in range(a, CITIES):
                need = [0] * CITIES
                need[city] += 1
                need[a] += 1
                need[b] += 1
                if need[a] <= counts[a] and need[b] <= counts[b] and need[city] <= counts[city]:
                    out.append(THREE[city, a, b])
    return out


def legal(s: TMState) -> list[Action]:
    """The legal actions of the player to move, in a stable order."""
    phase = s.phase
    if phase == TURN:
        return turn_actions(s)
    if phase == START:
        return [START_AT[c] for c in DISTRIBUTION]
    if phase == HOUSE:
        return house_options(s, s.cur)
    return []


def turn_actions(s: TMState) -> list[Action]:
    p = s.cur
    card = s.pos[p]
    out = [MOVE[c] for c in s.board.adjacent[card]]
    if card != ROAD:  # TM-VAR-5
        n = s.n
        cargo = s.cargo
        base = p * 4
        full = cargo[base] + cargo[base + 1] + cargo[base + 2] + cargo[base + 3] >= s.capacity[p]
        dumps = [d + 1 for d in range(GOODS) if cargo[base + d] > 0] if full else [0]
        zone = s.zone
        made = MAKES[card]
        zbase = card * n * 4
        for good in range(GOODS):
            keys = LOAD[good]
            for q in range(n):
                if q != p and zone[zbase + q * 4 + good]:
                    out.extend([keys[q + 1][d] for d in dumps])
            if made == good and s.stock[good]:
                out.extend([keys[0][d] for d in dumps])
        for position, order in enumerate(s.row):
            if order > 0:
                o = ORDERS[order]
                if o.city == card and has_goods(s, p, o.goods):
                    out.append(SHIP[position])
        for k, special in enumerate(SPECIALS):
            if s.specials[k] < 0 and special.city == card and has_goods(s, p, special.goods):
                out.append(SPECIAL[k])
    out.append(END)
    return out


# ---- transitions -----------------------------------------------------------------------------


def answer(s: TMState, action: Action, events: list[Event] | None) -> None:
    """Apply a legal action."""
    kind = action.kind
    args = action.args
    if kind == "start":
        _start(s, int(args[0]), events)
        return
    if kind in ("pair", "three"):
        _place_house(s, kind, args, events)
    elif kind == "end":
        _ev(events, "end_turn", player=s.cur, unused=s.actions_left)
        end_turn(s, events)
        return
    else:
        s.actions_left -= 1
        if kind == "move":
            s.pos[s.cur] = int(args[0])
            _ev(events, "move", player=s.cur, card=args[0])
        elif kind == "load":
            _load(s, int(args[0]), int(args[1]), int(args[2]), events)
        elif kind == "ship":
            _ship(s, int(args[0]), events)
        else:
            _special(s, int(args[0]), events)
    if s.phase == TURN and s.actions_left == 0:
        end_turn(s, events)


def _start(s: TMState, city: int, events: list[Event] | None) -> None:
    """TM-SETUP-12: a house and the wagon on a distribution city."""
    p = s.setup_order.pop(0)
    s.houses[city] |= 1 << p
    s.houses_left[p] -= 1
    s.pos[p] = city
    _ev(events, "start", player=p, city=city)
    if s.setup_order:
        s.cur = s.setup_order[0]
    else:
        begin_turn(s, s.start)


def begin_turn(s: TMState, p: int) -> None:
    """TM-TURN-3: 3 actions when the wagon starts the turn on a city with p's own house."""
    s.cur = p
    s.phase = TURN
    own = s.houses[s.pos[p]] >> p & 1
    s.allowance = SETUP["actions_at_own_house"] if own else SETUP["actions"]
    s.actions_left = s.allowance


def _load(s: TMState, good: int, source: int, dump: int, events: list[Event] | None) -> None:
    p = s.cur
    if dump >= 0:  # TM-LOAD-6, R-12
        s.cargo[p * 4 + dump] -= 1
        s.stock[dump] += 1
    if source < 0:
        s.stock[good] -= 1
    else:
        s.zone[(s.pos[p] * s.n + source) * 4 + good] -= 1
    s.cargo[p * 4 + good] += 1
    _ev(events, "load", player=p, good=good, source=source, dump=dump, card=s.pos[p])


def _pay(s: TMState, p: int, goods: tuple[int, ...]) -> None:
    base = p * 4
    for g, k in enumerate(goods):
        s.cargo[base + g] -= k


def _ship(s: TMState, position: int, events: list[Event] | None) -> None:
    """TM-SHIP-1/2/4/6/7 and TM-GEM-1..4."""
    p = s.cur
    order_id = s.row[position]
    order = ORDERS[order_id]
    _pay(s, p, order.goods)
    zone = (order.city * s.n + p) * 4
    for g, k in enumerate(order.goods):
        s.zone[zone + g] += k
    s.row[position] = -1
    s.taken[p].append(order_id)
    s.capacity[p] += 1
    s.unused[p * 9 + order.city] += 1
    _ev(events, "ship", player=p, order=order_id, position=position, city=order.city)
    _gem(s, p, position, events)
    _house_step(s, p)


def _gem(s: TMState, p: int, position: int, events: list[Event] | None) -> None:
    """TM-GEM-1..4, R-1: one gem from the stack on the position, if any."""
    if s.red_left > 0:
        if position == 0:
            s.red_left -= 1
            s.red[p] += 1
            _ev(events, "gem", player=p, colour="red", left=s.red_left)
        elif position == 1 and s.white_left > 0:
            s.white_left -= 1
            s.white[p] += 1
            _ev(events, "gem", player=p, colour="white", left=s.white_left)
    elif position == 0 and s.white_left > 0:
        s.white_left -= 1
        s.white[p] += 1
        _ev(events, "gem", player=p, colour="white", left=s.white_left)


def _special(s: TMState, k: int, events: list[Event] | None) -> None:
    """TM-SHIP-3/5: one good of each kind into the zone, the rest to the stock."""
    p = s.cur
    special = SPECIALS[k]
    _pay(s, p, special.goods)
    zone = (special.city * s.n + p) * 4
    for g, count in enumerate(special.goods):
        s.zone[zone + g] += 1
        s.stock[g] += count - 1
    s.specials[k] = p
    _ev(events, "special", player=p, special=k, city=special.city)
    if min(s.specials) >= 0:
        _trigger(s, SPECIALS_GONE, events)
    if s.options["specials_count_for_houses"]:  # R-4 option
        s.unused[p * 9 + special.city] += 1
        _house_step(s, p)


def _house_step(s: TMState, p: int) -> None:
    """TM-SHIP-6, TM-HOUSE-7: ask for a placement when one is possible."""
    if house_options(s, p):
        s.phase = HOUSE


def _place_house(
    s: TMState, kind: str, args: tuple[int | str, ...], events: list[Event] | None
) -> None:
    """TM-HOUSE-2/3/5: place on the city; its 2 (①) or 3 (②) cards become used."""
    p = s.cur
    city = int(args[0])
    cards = [city, city] if kind == "pair" else [city, int(args[1]), int(args[2])]
    for c in cards:
        s.unused[p * 9 + c] -= 1
    s.used[p] += len(cards)
    s.houses[city] |= 1 << p
    s.houses_left[p] -= 1
    s.phase = TURN
    _ev(events, "house", player=p, city=city, cards=cards)
    if s.houses_left[p] == 0:
        _trigger(s, HOUSES_OUT, events)


def _trigger(s: TMState, bit: int, events: list[Event] | None) -> None:
    """TM-END-1, TM-END-3: the first trigger counts; later ones change nothing."""
    if not s.triggers:
        _ev(events, "end_triggered", reason=bit, player=s.cur)
    s.triggers |= bit


def refill(s: TMState, events: list[Event] | None) -> None:
    """TM-REFILL-1..3: slide toward the front, then fill the back from the deck."""
    row = s.row
    cards = [o for o in row if o > 0]
    if len(cards) >= s.row_size:
        return
    drawn = []
    while len(cards) < s.row_size and s.deck:
        card = s.deck.pop()
        if card == END_CARD:  # TM-REFILL-2, R-8: set aside, draw again
            _ev(events, "end_card")
            _trigger(s, END_CARD_DRAWN, events)
            continue
        cards.append(card)
        drawn.append(card)
    s.row = cards + [-1] * (s.row_size - len(cards))
    if drawn:
        _ev(events, "refill", orders=drawn)


def is_dead(s: TMState) -> bool:
    """Kaido ruling K-1: no Ship can ever happen again. Every good is on a wagon, so nobody
    can Load (TM-LOAD-4) and no cargo can change (R-12 returns goods only during a Load),
    and no wagon holds the goods of any order in the row or special order left."""
    if any(s.stock) or any(s.zone):
        return False
    wanted = [ORDERS[o].goods for o in s.row if o > 0]
    wanted += [sp.goods for k, sp in enumerate(SPECIALS) if s.specials[k] < 0]
    return not any(has_goods(s, p, goods) for p in range(s.n) for goods in wanted)


def end_turn(s: TMState, events: list[Event] | None) -> None:
    """TM-TURN-5, TM-END-2/3: refill, then the next turn or the end. K-1: a dead position
    ends the game at once; the turns left could not change any score."""
    refill(s, events)
    s.turns += 1
    if is_dead(s):
        s.triggers |= DEAD_POSITION
        _ev(events, "dead_position", player=s.cur)
    if s.triggers & DEAD_POSITION or (s.triggers and s.cur == s.last_seat):
        s.phase = OVER
        s.actions_left = 0
        _ev(events, "game_over")
        return
    begin_turn(s, (s.cur + 1) % s.n)


# ---- scoring ---------------------------------------------------------------------------------


def title_measure(s: TMState, p: int, measure: str) -> int:
    """What a title counts for player p (data/titles.json measures)."""
    n = s.n
    if measure == "orders":
        return len(s.taken[p])
    if measure == "cities":
        return len({ORDERS[o].city for o in s.taken[p]})
    if measure == "gems":
        return s.red[p] + s.white[p]
    if measure == "red_gems":
        return s.red[p]
    if measure == "houses":
        return sum(1 for h in s.houses if h >> p & 1)
    if measure == "production_houses":
        return sum(1 for c in range(CITIES) if MAKES[c] >= 0 and s.houses[c] >> p & 1)
    if measure == "specials":
        return s.specials.count(p)
    kinds = range(GOODS) if measure == "shipped" else (GOOD_IDS.index(measure[8:]),)
    return sum(s.zone[(c * n + p) * 4 + g] for c in range(10) for g in kinds)


def title_points(s: TMState) -> list[list[int]]:
    """TM-VAR-2: the VP each shown title gives each player."""
    return [title_award(s, DATA.titles[code // 2][code % 2]) for code in s.titles]


def title_award(s: TMState, title: Title) -> list[int]:
    """The VP `title` gives each player: its VP per item counted (mode `each`), or its VP
    to every player with the most (ties share in full; a count of 0 earns none)."""
    counts = [title_measure(s, p, title.measure) for p in range(s.n)]
    if title.mode == "each":
        return [title.vp * c for c in counts]
    best = max(counts)
    return [title.vp if c == best and best > 0 else 0 for c in counts]


def scores(s: TMState) -> list[int]:
    """TM-SCORE-1, R-4: order and special VP, gems, titles."""
    red_vp, white_vp = SETUP["red_vp"], SETUP["white_vp"]
    out = []
    for p in range(s.n):
        vp = sum(ORDERS[o].vp for o in s.taken[p])
        vp += sum(SPECIALS[k].vp for k in range(len(SPECIALS)) if s.specials[k] == p)
        out.append(vp + red_vp * s.red[p] + white_vp * s.white[p])
    for points in title_points(s):
        out = [a + b for a, b in zip(out, points, strict=True)]
    return out
