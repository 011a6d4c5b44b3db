"""The Russian Railroads state: a few flat lists and ints, copied by slicing.

Each player's board is one flat list of ints; the offsets below name its fields. Pending
decisions live on `stack` as small int lists ("frames"), the top one deciding now.
"""

from __future__ import annotations

from typing import Final

from kaido.core.actions import Action
from kaido.core.options import Options
from kaido.core.rng import Rng
from kaido.games.russian_railroads.components import Variant, variant

# ---- player board offsets ----------------------------------------------------------------
POS: Final = 0  # 15: marker square per (line * 5 + colour); 0 = beside the line / not gained
LOCO: Final = 15  # 4: loco tiles in slots (TSR a, TSR b, StP, Kiev); 0 = empty
FACT: Final = 19  # 5: factory tiles in the factory spaces, left to right; 0 = empty
IND: Final = 24  # industry marker 1 (square index)
IND2: Final = 25  # industry marker 2; -1 while not on the board
HAND: Final = 26  # own-colour workers in hand
STOCKW: Final = 27  # own-colour workers still in the stock (gained through board bonuses)
TEMP: Final = 28  # temporary workers held
BLACKW: Final = 29  # black worker held now (0/1)
RUBLES: Final = 30
VP: Final = 31
X2: Final = 32  # x2 tokens on the board
DONE: Final = (
    33  # bitmask of special squares achieved (bit = Special.index; last bit = industry spot)
)
TOKENS: Final = 34  # bitmask of advantage tokens used (bit k-1 for token k)
PASSED: Final = 35
OWNS_BLACK: Final = 36  # holds the black worker for the rest of the game
EXTRA: Final = 37  # extra workers gained (for end bonus 5)
REVALUED: Final = 38  # revaluation token placed
MEDAL: Final = 39  # Kiev medal placed
ENGS: Final = 40  # bitmask of engineers owned (bit = engineer number)
ENG_USED: Final = 41  # bitmask of owned engineers used this round
VP_PASS: Final = 42  # running VP totals by source (their sum is VP)
VP_ROUND: Final = 43
VP_BONUS: Final = 44
VP_FINAL: Final = 45
BOARD_SIZE: Final = 46

# ---- frames (pending decisions) ----------------------------------------------------------
F_START: Final = 0  # [F_START, p]
F_STEPS: Final = 1  # [F_STEPS, p, partial, black_bonus, bonus_steps, industry, t0..t6]
F_TILE: Final = 2  # [F_TILE, p, mode]
F_LOCO: Final = 3  # [F_LOCO, p, tile, origin_line, must_factory]
F_LOCO_DONE: Final = 4  # [F_LOCO_DONE, p]  (automatic: bonuses after a loco chain)
F_FREPLACE: Final = 5  # [F_FREPLACE, p, tile]
F_ADV_TOKEN: Final = 6  # [F_ADV_TOKEN, p]
F_ADV_CARD: Final = 7  # [F_ADV_CARD, p]
F_AGAIN: Final = 8  # [F_AGAIN, p]
F_EB: Final = 9  # [F_EB, p, looking]
F_REPEAT: Final = 10  # [F_REPEAT, p, partial]
F_REUSE: Final = 11  # [F_REUSE, p, order_index]
F_ROUND_END: Final = 12  # [F_ROUND_END, -1]  (automatic: scoring and upkeep)
STEP_TOKENS: Final = 6  # offset of t0 in a F_STEPS frame

PHASE_SETUP: Final = 0
PHASE_PLAY: Final = 1
PHASE_OVER: Final = 2


class RRState:
    """Everything of one game. Boards and data are shared tuples; the rest is copied."""

    __slots__ = (
        "acting",
        "adv_cards",
        "boards",
        "claims",
        "current",
        "deck",
        "eb_seq",
        "fresh_scores",
        "fstock",
        "hands",
        "n",
        "occ",
        "offered",
        "options",
        "order",
        "phase",
        "piles",
        "placements",
        "removed_eb",
        "removed_tiles",
        "rng",
        "round",
        "rounds",
        "rubles_back",
        "rubles_given",
        "seen",
        "seen_at",
        "stack",
        "start_bonus",
        "strip",
        "temp_on_space",
        "turn_serial",
        "variant",
        "x2_stock",
    )

    def new_game(self, options: Options, rng: Rng) -> None:
        """Set up a new game on a state just made (`RRState()`): a state has no `__init__`, so
        that `copy` makes one without setting up a game (compiled, a class runs its
        `__init__` on every new object)."""
        self.options = options
        self.variant: Variant = variant(options)  # the data read with the options' choices
        self.rng = rng
        self.n: int = int(options["players"])
        self.rounds = 0
        self.round = 1
        self.phase = PHASE_SETUP
        self.order: list[int] = []  # seats by turn-order position
        self.current = 0  # position of the player on turn
        self.acting = -1  # seat whose action is being carried out, or -1
        self.boards: list[list[int]] = []
        self.occ: list[int] = []  # per space: seat occupying it, or -1
        self.placements: list[tuple[int, int, int, int, int, int]] = []
        """(space, seat, own workers, temp workers, black worker, rubles), this round."""
        self.claims = [-1, -1]  # seat claiming turn-order space 1 / 2
        self.strip: list[int] = []  # engineer number per strip position, 0 = empty
        self.piles = [0] * 10  # loco supply piles by number
        self.fstock = [0] * 10  # factory stock by number
        self.removed_tiles = [0] * 10
        self.x2_stock = 0
        self.temp_on_space = 0
        self.adv_cards = 0  # bitmask: advantage card k available (bit k)
        self.start_bonus = 0  # bitmask: start bonus card k still available (bit k)
        self.deck: list[int] = []  # end bonus cards still in the deck (sorted ids 1-10)
        self.removed_eb: list[int] = []
        self.hands: list[list[tuple[int, int]]] = []  # (card, acquisition number)
        self.eb_seq = 0
        self.seen: list[int] = []  # bitmask of the deck as each player last looked at it
        self.seen_at: list[int] = []  # eb_seq after that look, -1 if never looked
        self.stack: list[list[int]] = []
        self.turn_serial = 0
        self.rubles_given = 0  # rubles taken from the stock during play (unlimited, RR-FAQ-1)
        self.rubles_back = 0  # rubles returned to the stock from the board (RR-ROUND-1)
        self.fresh_scores: list[tuple[int, ...]] | None = None
        self.offered: tuple[Action, ...] | None = None
        """The answers to the decision pending now, kept by `engine.settle` when it reaches
        it and dropped at every change. Code that edits a state by hand sets it to None."""

    def copy(self) -> RRState:
        other = RRState()
        other.options = self.options
        other.variant = self.variant
        other.rng = self.rng.copy()
        other.n = self.n
        other.rounds = self.rounds
        other.round = self.round
        other.phase = self.phase
        other.order = self.order[:]
        other.current = self.current
        other.acting = self.acting
        other.boards = [b[:] for b in self.boards]
        other.occ = self.occ[:]
        other.placements = self.placements[:]
        other.claims = self.claims[:]
        other.strip = self.strip[:]
        other.piles = self.piles[:]
        other.fstock = self.fstock[:]
        other.removed_tiles = self.removed_tiles
        other.x2_stock = self.x2_stock
        other.temp_on_space = self.temp_on_space
        other.adv_cards = self.adv_cards
        other.start_bonus = self.start_bonus
        other.deck = self.deck[:]
        other.removed_eb = self.removed_eb[:]
        other.hands = [h[:] for h in self.hands]
        other.eb_seq = self.eb_seq
        other.seen = self.seen[:]
        other.seen_at = self.seen_at[:]
        other.stack = [f[:] for f in self.stack]
        other.turn_serial = self.turn_serial
        other.rubles_given = self.rubles_given
        other.rubles_back = self.rubles_back
        other.fresh_scores = self.fresh_scores
        other.offered = self.offered
        return other
