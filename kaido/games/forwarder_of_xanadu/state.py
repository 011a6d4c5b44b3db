"""The state of one game of Forwarder of Xanadu: flat lists and ints.

Seats 0..n-1 are in clockwise order (FX-TURN-1); "left" is the next seat. Warehouses are
`wh[(p * 10 + area) * 3 + grade]`; growth cells `cells[p * 5 + track]` (TRACKS order);
permanent skill totals `perm[p * 8 + kind]` (PERMANENT_KINDS order). Action-board spaces
hold `seat * 2 + 1` for a dispatched worker and `seat * 2` for a worker, leftmost first.
Decks' tops are their last elements.
"""

from __future__ import annotations

from typing import Final

from kaido.core.options import Options
from kaido.core.rng import Rng

COMPANY: Final = 0
DRAFT: Final = 1
TURN: Final = 2
PLACE: Final = 3
ACT: Final = 4
EXCL: Final = 5
GROW: Final = 6
REFILL: Final = 7
PICK: Final = 8
OVER: Final = 9
PAY: Final = 10
PHASE_NAMES: Final = ("company", "draft", "turn", "place", "act", "exclusive", "grow", "refill",
                      "pick", "over", "pay")  # fmt: skip
# VP categories, for the end-of-game breakdown and the invariant vp == sum of categories.
CATEGORIES: Final = ("requests", "dailies", "mid", "areas", "final_skill", "leftovers", "skills")
REQ_VP: Final = 0
DAILY_VP: Final = 1
MID_VP: Final = 2
AREA_VP: Final = 3
FINAL_VP: Final = 4
LEFT_VP: Final = 5
SKILL_VP: Final = 6


class FXState:
    __slots__ = (
        "board",
        "card_used",
        "cats",
        "cells",
        "company",
        "cur",
        "dailies",
        "dailies_done",
        "decks",
        "discards",
        "disp_avail",
        "disp_spent",
        "draft",
        "exclusive",
        "gauge",
        "grow_left",
        "hands",
        "market",
        "may_swap",
        "n",
        "office",
        "options",
        "paying",
        "perm",
        "phase",
        "placed_mask",
        "played",
        "pools",
        "queue",
        "refill_amount",
        "removed",
        "rng",
        "round",
        "skill_discards",
        "spaces",
        "start",
        "starters",
        "stock",
        "temp",
        "to_place",
        "tokens_left",
        "turn_player",
        "vp",
        "wh",
        "workers",
    )

    def new_game(self, options: Options, rng: Rng, board: tuple[int, ...]) -> None:
        """Set up a new game on a state just made (`FXState()`): a state has no `__init__`, so
        that `copy` makes one without setting up a game (compiled, a class runs its
        `__init__` on every new object)."""
        n = int(options["players"])
        self.options = options
        self.rng = rng
        self.n = n
        self.board = board  # district index per position, -1 at the port (shared, immutable)
        self.phase = COMPANY
        self.cur = 0  # who decides now
        self.turn_player = 0
        self.start = 0
        self.starters = 0  # bit p: p started a round since the game began or the last pick
        self.round = 1
        self.company = [-1] * n
        self.wh = [0] * (n * 30)
        self.stock = [0, 0, 0]
        self.gauge: list[list[int]] = [[] for _ in range(10)]
        self.tokens_left = [0] * n
        self.workers = [0] * n
        self.spaces: list[list[int]] = []
        self.cells = [0] * (n * 5)
        self.disp_avail = [0] * n
        self.disp_spent = [0] * n
        self.office = [-1] * n
        self.dailies = [1] * (n * 2)  # 1 face up
        self.dailies_done = [0] * n
        self.exclusive = [-1] * n
        self.temp: list[int] = []  # the turn player's survey cards, -1 once used
        self.market = [-1] * 6  # 3 lower then 3 upper
        self.decks: list[list[int]] = [[], []]
        self.discards: list[list[int]] = [[], []]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.draft: list[list[int]] = [[] for _ in range(n)]  # hands being passed (FX-STYLE-2)
        self.played: list[list[int]] = [[] for _ in range(n)]
        self.perm = [0] * (n * 8)
        self.skill_discards: list[int] = []
        self.removed: list[int] = []  # skill cards out of the game, unseen
        self.vp = [0] * n
        self.cats = [0] * (n * 7)
        self.pools = [0, 0, 0]  # actions left this turn by type
        self.to_place = 0
        self.placed_mask = 0
        self.card_used = -1
        self.queue: list[int] = []  # seats still to decide in a round-end step
        self.grow_left = 0
        self.may_swap = False
        self.refill_amount = 0
        self.paying = -1  # the daily being paid while its split is chosen

    def copy(self) -> FXState:
        o = FXState()
        o.options = self.options
        o.rng = self.rng.copy()
        o.n = self.n
        o.board = self.board
        o.phase = self.phase
        o.cur = self.cur
        o.turn_player = self.turn_player
        o.start = self.start
        o.starters = self.starters
        o.round = self.round
        o.company = self.company[:]
        o.wh = self.wh[:]
        o.stock = self.stock[:]
        o.gauge = [g[:] for g in self.gauge]
        o.tokens_left = self.tokens_left[:]
        o.workers = self.workers[:]
        o.spaces = [c[:] for c in self.spaces]
        o.cells = self.cells[:]
        o.disp_avail = self.disp_avail[:]
        o.disp_spent = self.disp_spent[:]
        o.office = self.office[:]
        o.dailies = self.dailies[:]
        o.dailies_done = self.dailies_done[:]
        o.exclusive = self.exclusive[:]
        o.temp = self.temp[:]
        o.market = self.market[:]
        o.decks = [d[:] for d in self.decks]
        o.discards = [d[:] for d in self.discards]
        o.hands = [h[:] for h in self.hands]
        o.draft = [h[:] for h in self.draft]
        o.played = [h[:] for h in self.played]
        o.perm = self.perm[:]
        o.skill_discards = self.skill_discards[:]
        o.removed = self.removed[:]
        o.vp = self.vp[:]
        o.cats = self.cats[:]
        o.pools = self.pools[:]
        o.to_place = self.to_place
        o.placed_mask = self.placed_mask
        o.card_used = self.card_used
        o.queue = self.queue[:]
        o.grow_left = self.grow_left
        o.may_swap = self.may_swap
        o.refill_amount = self.refill_amount
        o.paying = self.paying
        return o
