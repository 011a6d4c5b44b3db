"""The Catan state: a few flat lists, ints and bit masks, copied by slicing."""

from __future__ import annotations

from typing import Final

from kaido.core.options import Options
from kaido.core.rng import Rng
from kaido.games.catan.board import Board

# Phases: what kind of decision is asked now.
SETUP_SETTLEMENT: Final = 0
SETUP_ROAD: Final = 1
PRE_ROLL: Final = 2
DISCARD: Final = 3
ROBBER: Final = 4
MAIN: Final = 5
FREE_ROAD: Final = 6
OFFER_DRAFT: Final = 7
OFFER_REPLY: Final = 8
COUNTER_DRAFT: Final = 9
OFFER_CHOICE: Final = 10
OVER: Final = 11

PHASE_NAMES: Final = (
    "setup_settlement",
    "setup_road",
    "pre_roll",
    "discard",
    "robber",
    "main",
    "free_road",
    "offer_draft",
    "offer_reply",
    "counter_draft",
    "offer_choice",
    "over",
)

# Replies to a trade offer.
NO_REPLY: Final = 0
ACCEPTED: Final = 1
DECLINED: Final = 2
COUNTERED: Final = 3

# `buildings[v]`: 0 empty, 1 + p a settlement of player p, 5 + p a city of player p.
CITY_BASE: Final = 5


class CatanState:
    """Everything about one game. `hand`, `known`, `dev`, `pending` and `counters` are
    flat, player-major lists (`hand[p * 5 + kind]`); masks are ints over vertices or edges.

    `known` is what everybody knows of each hand from the public record (production,
    builds, trades, discards, cards played): per kind, how many the player surely holds,
    counting cards set aside to discard. Only a steal's card is secret, so after one the
    victim's count of every kind drops by one and the thief's does not grow."""

    __slots__ = (
        "bank",
        "blocked",
        "board",
        "buildings",
        "built",
        "by_knight",
        "counters",
        "deck",
        "dev",
        "dev_new",
        "dev_played",
        "dice",
        "discard_left",
        "free_roads",
        "frontier",
        "hand",
        "knights",
        "known",
        "la_holder",
        "last_vertex",
        "lr_holder",
        "n",
        "occupied_edges",
        "offer",
        "offers_made",
        "options",
        "owned",
        "pending",
        "phase",
        "pieces",
        "played",
        "ports",
        "reach",
        "replies",
        "responder",
        "return_phase",
        "rng",
        "road_len",
        "roads",
        "robber",
        "setup_order",
        "setup_step",
        "turn",
        "turns",
        "vp",
        "winner",
    )

    options: Options
    board: Board
    rng: Rng
    n: int
    phase: int
    turn: int
    turns: int
    hand: list[int]
    known: list[int]
    bank: list[int]
    pending: list[int]
    discard_left: list[int]
    dev: list[int]
    dev_new: list[int]
    dev_played: bool
    deck: list[int]
    played: list[int]
    knights: list[int]
    vp: list[int]
    road_len: list[int]
    lr_holder: int
    la_holder: int
    robber: int
    buildings: list[int]
    owned: list[int]
    roads: list[int]
    reach: list[int]
    frontier: list[int]
    blocked: int
    occupied_edges: int
    ports: list[int]
    pieces: list[int]
    free_roads: int
    return_phase: int
    built: bool
    by_knight: bool
    setup_order: tuple[int, ...]
    setup_step: int
    last_vertex: int
    offer: list[int]
    offers_made: int
    responder: int
    replies: list[int]
    counters: list[int]
    dice: tuple[int, int]
    winner: int

    def copy(self) -> CatanState:
        other = CatanState.__new__(CatanState)
        other.options = self.options
        other.board = self.board
        other.rng = self.rng.copy()
        other.n = self.n
        other.phase = self.phase
        other.turn = self.turn
        other.turns = self.turns
        other.hand = self.hand[:]
        other.known = self.known[:]
        other.bank = self.bank[:]
        other.pending = self.pending[:]
        other.discard_left = self.discard_left[:]
        other.dev = self.dev[:]
        other.dev_new = self.dev_new[:]
        other.dev_played = self.dev_played
        other.deck = self.deck[:]
        other.played = self.played[:]
        other.knights = self.knights[:]
        other.vp = self.vp[:]
        other.road_len = self.road_len[:]
        other.lr_holder = self.lr_holder
        other.la_holder = self.la_holder
        other.robber = self.robber
        other.buildings = self.buildings[:]
        other.owned = self.owned[:]
        other.roads = self.roads[:]
        other.reach = self.reach[:]
        other.frontier = self.frontier[:]
        other.blocked = self.blocked
        other.occupied_edges = self.occupied_edges
        other.ports = self.ports[:]
        other.pieces = self.pieces[:]
        other.free_roads = self.free_roads
        other.return_phase = self.return_phase
        other.built = self.built
        other.by_knight = self.by_knight
        other.setup_order = self.setup_order
        other.setup_step = self.setup_step
        other.last_vertex = self.last_vertex
        other.offer = self.offer[:]
        other.offers_made = self.offers_made
        other.responder = self.responder
        other.replies = self.replies[:]
        other.counters = self.counters[:]
        other.dice = self.dice
        other.winner = self.winner
        return other
