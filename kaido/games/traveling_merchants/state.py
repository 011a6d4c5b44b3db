"""The state of one game of The Era of Traveling Merchants: flat lists and ints.

Seats are 0..n-1 in turn order (clockwise, TM-TURN-1). Per-player lists are player-major:
`cargo[p * 4 + good]`, `unused[p * 9 + city]`; shipping zones are
`zone[(card * n + p) * 4 + good]`. The deck's top is its last element.
"""

from __future__ import annotations

from typing import Final

from kaido.core.options import Options
from kaido.core.rng import Rng
from kaido.games.traveling_merchants.board import Board

START: Final = 0
TURN: Final = 1
HOUSE: Final = 2
OVER: Final = 3
PHASE_NAMES: Final = ("start", "turn", "house", "over")

# End triggers (TM-END-1), as bits of `triggers`; DEAD_POSITION is Kaido's ruling K-1
# (engine.is_dead).
END_CARD_DRAWN: Final = 1
SPECIALS_GONE: Final = 2
HOUSES_OUT: Final = 4
DEAD_POSITION: Final = 8


class TMState:
    __slots__ = (
        "actions_left",
        "allowance",
        "board",
        "capacity",
        "cargo",
        "cur",
        "deck",
        "houses",
        "houses_left",
        "last_seat",
        "n",
        "options",
        "phase",
        "pos",
        "red",
        "red_left",
        "removed",
        "rng",
        "row",
        "row_size",
        "setup_order",
        "specials",
        "start",
        "stock",
        "taken",
        "titles",
        "triggers",
        "turns",
        "unused",
        "used",
        "white",
        "white_left",
        "zone",
    )

    def new_game(self, options: Options, rng: Rng, board: Board) -> None:
        """Set up a new game on a state just made (`TMState()`): a state has no `__init__`, so
        that `copy` makes one without setting up a game (compiled, a class runs its
        `__init__` on every new object)."""
        n = int(options["players"])
        self.options = options
        self.rng = rng
        self.board = board
        self.n = n
        self.phase = START
        self.cur = 0
        self.start = 0
        self.last_seat = n - 1  # the start player's right: the last seat of a round
        self.setup_order: list[int] = []  # seats still to choose a starting city
        self.actions_left = 0
        self.allowance = 0
        self.turns = 0  # turns finished
        self.triggers = 0
        self.pos = [0] * n
        self.cargo = [0] * (n * 4)
        self.capacity = [0] * n
        self.zone = [0] * (10 * n * 4)
        self.stock = [0] * 4
        self.houses = [0] * 10  # bit p: player p has a house on the card
        self.houses_left = [0] * n
        self.taken: list[list[int]] = [[] for _ in range(n)]  # order ids, in order taken
        self.unused = [0] * (n * 9)  # acquired cards not yet used for a house, per city
        self.used = [0] * n  # cards used for houses (TM-HOUSE-5)
        self.specials = [-1] * 5  # owner of each special order
        self.row: list[int] = []  # order ids, -1 for an empty position
        self.row_size = 0  # the refill target
        self.deck: list[int] = []
        self.removed: list[int] = []
        self.red_left = 0
        self.white_left = 0
        self.red = [0] * n
        self.white = [0] * n
        self.titles: list[int] = []  # shown titles as card * 2 + side (TM-VAR-1)

    def copy(self) -> TMState:
        other = TMState()
        other.options = self.options
        other.rng = self.rng.copy()
        other.board = self.board
        other.n = self.n
        other.phase = self.phase
        other.cur = self.cur
        other.start = self.start
        other.last_seat = self.last_seat
        other.setup_order = self.setup_order[:]
        other.actions_left = self.actions_left
        other.allowance = self.allowance
        other.turns = self.turns
        other.triggers = self.triggers
        other.pos = self.pos[:]
        other.cargo = self.cargo[:]
        other.capacity = self.capacity[:]
        other.zone = self.zone[:]
        other.stock = self.stock[:]
        other.houses = self.houses[:]
        other.houses_left = self.houses_left[:]
        other.taken = [t[:] for t in self.taken]
        other.unused = self.unused[:]
        other.used = self.used[:]
        other.specials = self.specials[:]
        other.row = self.row[:]
        other.row_size = self.row_size
        other.deck = self.deck[:]
        other.removed = self.removed[:]
        other.red_left = self.red_left
        other.white_left = self.white_left
        other.red = self.red[:]
        other.white = self.white[:]
        other.titles = self.titles[:]
        return other
