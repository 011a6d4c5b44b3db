"""Catan as numbers for learning agents (`Game.encode`): what one seat sees, in a
fixed-length vector read straight from the state (the layout is in docs/catan.md,
"Encoding").

The board is written place by place so that a network without the island's geometry
still sees what each place is worth: every intersection carries the pips of each resource
around it and its harbour. Seats are written from the encoding seat on (itself, then the
next seats in turn), so one network serves every seat. Another seat's hand is its size
and the cards the public record shows it holds (`CatanState.known`), never its kinds
(CT-ROBBER-5/6); its development cards are a count (CT-DEV-2).
"""

from __future__ import annotations

from kaido.core.options import Options
from kaido.core.vectors import flags, one_hot, ratios, relative, scaled, seats_from
from kaido.games.catan.board import (
    CARDS_PER_KIND,
    DEV_COUNTS,
    HEX_VERTICES,
    NUM_EDGES,
    NUM_HEXES,
    NUM_VERTICES,
    PIECES,
    PIPS,
    WIN_POINTS,
    Board,
)
from kaido.games.catan.engine import to_move
from kaido.games.catan.state import CITY_BASE, OVER, CatanState

PHASES = OVER + 1
DEV_CARDS = sum(DEV_COUNTS)
PIECE_COUNTS = (PIECES["road"], PIECES["settlement"], PIECES["city"])
MOST_PIPS = 5  # a 6 or an 8
CORNER_PIPS = 3 * MOST_PIPS  # the most pips of one resource around an intersection
HAND_TOP = 10  # cards of one kind beyond this count as this
HAND_SIZE_TOP = 20
DEV_TOP = 5
TURNS_TOP = 200
ROAD_TOP = 15
TRADE_TOP = 5  # cards of one kind on one side of an offer
REPLIES = 4  # no reply yet, accepted, declined, countered
CARDS = ratios(HAND_TOP, CARDS_PER_KIND)  # by count of one kind held
HAND_SIZES = ratios(HAND_SIZE_TOP, 5 * CARDS_PER_KIND)
DEVS = ratios(DEV_TOP, DEV_CARDS)
TRADED = ratios(TRADE_TOP, CARDS_PER_KIND)

RULE_OPTIONS = (
    "separate_trade_build",
    "shortage_single_recipient",
    "longest_road_holder_keeps_on_tie",
    "knight_to_desert",
)
"""The options that change the rules, flagged so one network may play under each."""
HEX_SLOTS = 6 + 1  # terrain (the five resources and the desert), the number's pips
CORNER_SLOTS = 5 + 6  # pips of each resource around it, its harbour (5 kinds and generic)
BOARD_SLOTS = NUM_HEXES * HEX_SLOTS + NUM_VERTICES * CORNER_SLOTS
OWN_SLOTS = 5 + 5 + 5 + 5
"""The seat's own hand, development cards, cards set aside, cards bought this turn."""
SEAT_SLOTS = 1 + 5 + 1 + 1 + 1 + 1 + 2 + 3 + 6 + 1 + 1 + REPLIES + 10
"""Per seat: hand size, cards known to be held, development cards, knights, points, road
length, longest road and largest army, pieces left, harbours, cards still to discard and
set aside, its reply to the offer, its counter-offer."""


def size(options: Options) -> int:
    """How many numbers `encode` gives under `options`."""
    n = int(options["players"])
    rest = PHASES + 3 * n + 1 + 11 + 5 + 1 + 5 + 5 + 10 + 1 + n + len(RULE_OPTIONS) + OWN_SLOTS
    places = NUM_HEXES + NUM_VERTICES * (2 * n + 2) + NUM_EDGES * n
    return rest + BOARD_SLOTS + places + n * SEAT_SLOTS


def encode(s: CatanState, player: int) -> list[float]:
    n = s.n
    out: list[float] = []
    one_hot(out, s.phase, PHASES)  # what is asked now
    one_hot(out, relative(s.turn, player, n), n)
    one_hot(out, relative(to_move(s), player, n), n)
    one_hot(out, relative(s.winner, player, n), n)
    out.append(scaled(s.turns, TURNS_TOP))
    total = s.dice[0] + s.dice[1]
    one_hot(out, total - 2 if total else -1, 11)  # the last roll
    out.extend([s.bank[kind] / CARDS_PER_KIND for kind in range(5)])
    out.append(len(s.deck) / DEV_CARDS)
    out.extend([s.played[kind] / DEV_COUNTS[kind] for kind in range(5)])
    out.extend(
        (
            1.0 if s.dev_played else 0.0,
            1.0 if s.built else 0.0,
            s.free_roads / 2,
            1.0 if s.by_knight else 0.0,
            scaled(s.offers_made, 3),
        )
    )
    out.extend([TRADED[count] for count in s.offer])  # gives, then asks
    out.append(DEVS[sum(s.dev_new)])  # bought this turn by the seat on turn
    one_hot(out, relative(s.responder, player, n), n)
    out.extend([1.0 if s.options[name] else 0.0 for name in RULE_OPTIONS])
    _own(s, player, out)
    out.extend(_board(s.board))
    _places(s, player, out)
    for seat in seats_from(player, n):
        _seat(s, seat, out)
    return out


def _own(s: CatanState, player: int, out: list[float]) -> None:
    """What only the seat sees: its hand, development cards, cards set aside to discard,
    and the development cards it bought this turn."""
    base = player * 5
    out.extend([CARDS[count] for count in s.hand[base : base + 5]])
    out.extend([DEVS[count] for count in s.dev[base : base + 5]])
    out.extend([CARDS[count] for count in s.pending[base : base + 5]])
    if s.turn == player:
        out.extend([DEVS[count] for count in s.dev_new])
    else:
        out.extend([0.0] * 5)


_BOARDS: dict[Board, list[float]] = {}
"""The board block of each layout seen lately (a layout never changes during a game)."""


def _board(board: Board) -> list[float]:
    """Each hex's terrain and number, and each intersection's pips of every resource and
    its harbour: all fixed once the island is laid out."""
    block = _BOARDS.get(board)
    if block is not None:
        return block
    if len(_BOARDS) >= 64:
        _BOARDS.clear()
    block = []
    corner_pips = [[0] * 5 for _ in range(NUM_VERTICES)]
    for h in range(NUM_HEXES):
        resource = board.resource[h]
        one_hot(block, resource if resource >= 0 else 5, 6)
        pips = PIPS[board.number[h]]
        block.append(pips / MOST_PIPS)
        if resource >= 0:
            for v in HEX_VERTICES[h]:
                corner_pips[v][resource] += pips
    for v in range(NUM_VERTICES):
        block.extend([pips / CORNER_PIPS for pips in corner_pips[v]])
        port = board.vertex_port[v]
        block.extend([1.0 if port >> kind & 1 else 0.0 for kind in range(6)])
    _BOARDS[board] = block
    return block


def _places(s: CatanState, player: int, out: list[float]) -> None:
    """The robber's hex; each seat's settlements and cities by intersection; the
    intersections the distance rule blocks and those the seat's roads reach; each seat's
    roads by path."""
    n = s.n
    one_hot(out, s.robber, NUM_HEXES)
    cities = [0] * n
    for v, building in enumerate(s.buildings):
        if building >= CITY_BASE:
            cities[building - CITY_BASE] |= 1 << v
    seats = seats_from(player, n)
    for seat in seats:
        flags(out, s.owned[seat] & ~cities[seat], 0, NUM_VERTICES)
    for seat in seats:
        flags(out, cities[seat], 0, NUM_VERTICES)
    flags(out, s.blocked, 0, NUM_VERTICES)
    flags(out, s.reach[player], 0, NUM_VERTICES)
    for seat in seats:
        flags(out, s.roads[seat], 0, NUM_EDGES)


def _seat(s: CatanState, seat: int, out: list[float]) -> None:
    base = seat * 5
    hand = s.hand[base : base + 5]
    out.append(HAND_SIZES[sum(hand)])
    out.extend([CARDS[count] for count in s.known[base : base + 5]])
    out.extend(
        (
            DEVS[sum(s.dev[base : base + 5])],
            scaled(s.knights[seat], DEV_COUNTS[0]),
            scaled(s.vp[seat], WIN_POINTS),
            scaled(s.road_len[seat], ROAD_TOP),
            1.0 if s.lr_holder == seat else 0.0,
            1.0 if s.la_holder == seat else 0.0,
        )
    )
    pieces = s.pieces[seat * 3 : seat * 3 + 3]
    out.extend([pieces[k] / PIECE_COUNTS[k] for k in range(3)])
    flags(out, s.ports[seat], 0, 6)
    out.append(HAND_SIZES[s.discard_left[seat]])
    out.append(HAND_SIZES[sum(s.pending[base : base + 5])])
    one_hot(out, s.replies[seat], REPLIES)
    out.extend([TRADED[count] for count in s.counters[seat * 10 : seat * 10 + 10]])
