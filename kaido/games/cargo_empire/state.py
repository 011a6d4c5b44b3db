"""The Cargo Empire state: flat lists and ints, copied by slicing.

Cities are indexed 0-23 in map order; a city's 2 production and 2 demand spaces are at
`2 * city + i`. Per-player lists of 3 are indexed `3 * player + transport`. Pending
decisions live on `stack` as small int lists ("frames"), the top one deciding now.
"""

from __future__ import annotations

from typing import Final

from kaido.core.options import Options
from kaido.core.rng import Rng
from kaido.games.cargo_empire.board import Components

BLANK: Final = 99  # a blank city card (CE-DEV-17)
ROUNDS: Final = 3  # CE-TURN-1

# Frames: [kind, player, ...]. Decisions wait for the player; F_DEV and F_MOVE run alone.
F_GOAL: Final = 0  # [F_GOAL, p, g1, g2] keep one of two drawn goal cards
F_CARD: Final = 1  # [F_CARD, p, step] take any one transport card (step: and advance it, CE-5P-2)
F_FIRST: Final = 2  # [F_FIRST, p] first post on a display city
F_SECOND: Final = 3  # [F_SECOND, p] second post on the personal city card's city
F_EMBLEM: Final = 4  # [F_EMBLEM, p] put the emblem tile on a city
F_BEGIN: Final = 5  # [F_BEGIN, -1] (automatic) the first turn starts
F_PLAN: Final = 6  # [F_PLAN, p] choose a transport (or abilities, or the no-transport fallback)
F_PAY: Final = 7  # [F_PAY, p] choose how to pay for the planned transport
F_DEV: Final = 8  # [F_DEV, p, stage, extra] (automatic) development of this turn
F_ORDER: Final = 9  # [F_ORDER, p] which marker takes its transport steps next
F_EXTRA: Final = 10  # [F_EXTRA, p] which marker takes the next city/full-upgrade step
F_MOVE: Final = 11  # [F_MOVE, p, t, steps] (automatic) a marker moving
F_ROW: Final = 12  # [F_ROW, p, t] upper or lower row of the next tile
F_CITY: Final = 13  # [F_CITY, p] city bonus: take a display card
F_END: Final = 14  # [F_END, p] clans: abilities after the action, or end the turn
F_TINO: Final = 15  # [F_TINO, p] Tino: is the emblem city a harbour for final scoring?
F_SCORE: Final = 16  # [F_SCORE, -1] (automatic) final scoring
F_CITY_GOAL: Final = 17  # [F_CITY_GOAL, p] advanced tracks: a city card or a goal card (CE-ADV-4)
F_EXPRESS: Final = 18  # [F_EXPRESS, p, spaces mask, free] Dior: which express tile (CE-DIOR-6)
F_BOT: Final = 19  # [F_BOT, bot, stage] (automatic) the bot's turn (CE-BOT-11..26)
F_BOT_SETUP: Final = 20  # [F_BOT_SETUP, bot, post] (automatic) the bot's setup post (CE-BOT-6..10)
F_VASSAL: Final = 21  # [F_VASSAL, p] step 5: the human's vassal transport (CE-2P-7..11)
AUTOMATIC: Final = frozenset((F_BEGIN, F_DEV, F_MOVE, F_SCORE, F_BOT, F_BOT_SETUP))

PHASE_SETUP: Final = 0
PHASE_PLAY: Final = 1
PHASE_OVER: Final = 2

# Clans (CE-CLAN-2), by the colour of the board they are printed on.
ELLESTON: Final = 0
GLATT: Final = 1
ROCKRIEL: Final = 2
KASHA: Final = 3
TINO: Final = 4
CLAN_NAMES: Final = ("Elleston", "Glatt", "Rockriel", "Kasha", "Tino")
PLAYER_COLOURS: Final = ("red", "yellow", "green", "blue", "purple")
CLAN_OF_COLOUR: Final = {
    "yellow": ELLESTON,
    "green": GLATT,
    "red": ROCKRIEL,
    "purple": KASHA,
    "blue": TINO,
}


class CEState:
    """Everything of one game. Components and options are shared; the rest is copied."""

    __slots__ = (
        "blanks",
        "bot",
        "bot_card",
        "bot_deck",
        "bot_discard",
        "bot_origin",
        "bot_slot",
        "bottom",
        "cards",
        "clan",
        "colours",
        "comp",
        "cubes",
        "deck",
        "dem",
        "dev",
        "display",
        "emblem",
        "enhanced",
        "express",
        "final",
        "gained",
        "goal_deck",
        "goal_from",
        "goals",
        "left",
        "level",
        "marker",
        "n",
        "options",
        "order",
        "out",
        "pcities",
        "phase",
        "plan",
        "prod",
        "removed",
        "revealed",
        "reveals",
        "rng",
        "round",
        "rows",
        "seats",
        "setup_card",
        "stack",
        "tile",
        "tino_harbour",
        "tp",
        "track",
        "turn",
        "turns",
        "vassals",
        "vplaced",
        "vtp",
    )

    def new_game(self, options: Options, rng: Rng, comp: Components) -> None:
        """Set up a new game on a state just made (`CEState()`): a state has no `__init__`, so
        that `copy` makes one without setting up a game (compiled, a class runs its
        `__init__` on every new object)."""
        self.options = options
        self.rng = rng
        self.comp = comp
        self.seats: int = int(options["players"])  # human seats
        # CE-BOT-1: the bot is a player of the state after the seats, driven by no seat;
        # N counts it (CE-DEF-9).
        self.bot: int = self.seats if options.get("bot") else -1
        self.n: int = self.seats + (self.bot >= 0)
        n = self.n
        self.colours: tuple[int, ...] = ()  # PLAYER_COLOURS index per seat
        self.clan: tuple[int, ...] = ()  # clan per seat, -1 without clans
        self.phase = PHASE_SETUP
        self.round = 1
        self.turn = 0  # turns taken this round (all players)
        self.turns = 3 if n == 5 else 4  # turns per player per round (CE-TURN-2, CE-5P-5)
        self.order: list[int] = []  # seats in turn order
        self.level = [1] * comp.cities
        self.tile = [-1] * comp.cities  # tile index on the city, -1 at level 3
        self.prod = [-1] * (2 * comp.cities)  # cube colour on a production space, -1 empty
        self.dem = [-1] * (2 * comp.cities)  # seat whose post is on a demand space, -1 empty
        self.tp = [0] * (comp.cities * n)  # posts on a city's trading-post spaces, per seat
        self.track: list[int] = []  # per slot: track tile index * 2 + side
        self.deck: list[int] = []  # city deck above the blanks; the top is the last card
        self.blanks = comp.blank_cards  # blank cards in the deck (CE-SET-7)
        self.bottom: list[int] = []  # cards sent under the blanks, next to come first
        self.display: list[int] = []
        self.goal_deck: list[int] = []  # the top is the last card
        self.goal_from: list[int] = []  # per goal-deck card: seat that put it under, or -1
        self.cards = [0] * (3 * n)  # transport cards per seat and type
        self.pcities: list[list[int]] = [[] for _ in range(n)]  # personal city cards
        self.setup_card = [-1] * n  # CE-SET-11, secret until revealed (CE-SET-18)
        self.revealed = [0] * n
        self.goals: list[list[int]] = [[] for _ in range(n)]
        self.left = [0] * n  # posts left in the current round's reserve area
        self.removed = [0] * n  # posts removed from the game (CE-PAY-13)
        self.marker = [0] * (3 * n)  # segment * 64 + space; 0 = left of the track
        self.rows = [0] * (3 * n)  # per marker: 2 bits per tile slot, 1 upper / 2 lower
        self.cubes = [0] * n  # clans: cubes kept (CE-CLAN-5)
        self.emblem = [-1] * n  # clans: emblem tile's city
        self.gained = 0  # Kasha: bitmask of clans whose emblem ability she has this turn
        self.enhanced = 0  # Rockriel: enhanced locomotives bought this turn
        self.plan = [-1, -1, -1, -1, 0]  # origin, destination, space, colour, full upgrade
        self.dev = [0, 0, 0]  # transport steps still to take per marker this turn
        self.stack: list[list[int]] = []
        self.reveals = 0  # counts draws and reveals (undo stops there)
        self.tino_harbour = -1  # CE-CLAN-20: 1 harbour, 0 not, -1 not decided
        self.express: list[int] = []  # Dior: the tile's transport per express space, -1 none
        self.final: list[tuple[int, int, int, int]] | None = None
        # Vassal mode (CE-2P-2): seat p's vassal posts are `n + p` on demand spaces; on a
        # city's trading-post spaces they are counted in `vtp`, per city and seat.
        self.vassals = bool(options.get("vassals"))
        self.vtp = [0] * (comp.cities * n) if self.vassals else []
        self.vplaced = [0] * n  # vassal posts put on the map (12 each, CE-2P-3)
        self.out: list[int] = []  # city cards removed from the game (CE-BOT-17)
        self.bot_deck: list[int] = []  # bot card indices, the top is the last (CE-BOT-2)
        self.bot_discard: list[int] = []  # CE-BOT-26
        self.bot_card = -1  # the bot card of the current bot turn
        self.bot_origin = -1  # the city under the bot origin marker (CE-BOT-10)
        self.bot_slot = -1  # the display slot under the bot destination marker (CE-BOT-6)

    def copy(self) -> CEState:
        o = CEState()
        o.options = self.options
        o.rng = self.rng.copy()
        o.comp = self.comp
        o.n = self.n
        o.seats = self.seats
        o.bot = self.bot
        o.vassals = self.vassals
        o.vtp = self.vtp[:]
        o.vplaced = self.vplaced[:]
        o.out = self.out[:]
        o.bot_deck = self.bot_deck[:]
        o.bot_discard = self.bot_discard[:]
        o.bot_card = self.bot_card
        o.bot_origin = self.bot_origin
        o.bot_slot = self.bot_slot
        o.colours = self.colours
        o.clan = self.clan
        o.phase = self.phase
        o.round = self.round
        o.turn = self.turn
        o.turns = self.turns
        o.order = self.order[:]
        o.level = self.level[:]
        o.tile = self.tile[:]
        o.prod = self.prod[:]
        o.dem = self.dem[:]
        o.tp = self.tp[:]
        o.track = self.track
        o.deck = self.deck[:]
        o.blanks = self.blanks
        o.bottom = self.bottom[:]
        o.display = self.display[:]
        o.goal_deck = self.goal_deck[:]
        o.goal_from = self.goal_from[:]
        o.cards = self.cards[:]
        o.pcities = [c[:] for c in self.pcities]
        o.setup_card = self.setup_card[:]
        o.revealed = self.revealed[:]
        o.goals = [g[:] for g in self.goals]
        o.left = self.left[:]
        o.removed = self.removed[:]
        o.marker = self.marker[:]
        o.rows = self.rows[:]
        o.cubes = self.cubes[:]
        o.emblem = self.emblem[:]
        o.gained = self.gained
        o.enhanced = self.enhanced
        o.plan = self.plan[:]
        o.dev = self.dev[:]
        o.stack = [f[:] for f in self.stack]
        o.reveals = self.reveals
        o.tino_harbour = self.tino_harbour
        o.express = self.express[:]
        o.final = self.final
        return o
