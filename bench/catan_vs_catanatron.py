"""Kaido's Catan bots as one seat inside Catanatron's own engine, against its AlphaBeta.

    .venv/bin/python bench/catan_vs_catanatron.py --catanatron PATH --check 400
    .venv/bin/python bench/catan_vs_catanatron.py --catanatron PATH --kaido heuristic --games 40
    .venv/bin/python bench/catan_vs_catanatron.py --catanatron PATH --opponents 3 \\
        --kaido 'strong:iterations=400' --games 40

PATH is a checkout of github.com/bcollazo/catanatron (its AlphaBeta player,
`catanatron/players/minimax.py`, is not in the 3.2.1 package; bench/README.md names the
commit measured). On first use the script makes its own environment,
`bench/.venv-vs-catanatron`, with Kaido (`pip install -e` of this tree) and Catanatron
(`pip install PATH`) side by side, and runs itself there; `--compiled` puts Kaido's
compiled build (`build/compiled`, see docs/testing.md) first on the path. Without
`--catanatron` it runs in the current interpreter, which must import both.

How a Kaido seat plays. Catanatron's engine runs the game; at each decision of the Kaido
seat (a Catanatron `Player`) the game is converted to a Kaido Catan state: the board
(hexes, numbers, harbours on the same 9 frame slots), buildings, roads, the robber, every
hand, development cards and the deck, the bank, points, longest road and largest army,
the phase (set-up, roll, main, free roads, discard, robber) and who decides. Kaido then
deals again everything the seat may not see (`GAME.determinize` from the seat's view:
others' resource kinds beyond the public record, their development cards, the deck order,
the dice), so the agent is handed a state it cannot tell from any other consistent with
what it saw; the public record of each hand (`known`: production, builds, bank trades,
discards, Year of Plenty and Monopoly are seen; a steal hides one card) is kept by
watching every action of the game (`Record`). The agent's action is mapped back to one
of Catanatron's `playable_actions`. Kaido's agents play under Catanatron's rules
(`CatanatronRules`, which wraps Kaido's Catan), in their searches too.

Rules: Catanatron's, which differ from Kaido's defaults as follows (the converter check
counts each):
- no player-to-player trade (Catanatron's players never offer): Kaido's `trade` is left out;
- bank trades at the player's best rate only (Kaido offers every rate it qualifies for);
- the robber may go to the desert on a knight too (Kaido's `knight_to_desert=true`);
- a robber on a hex whose opponents all hold no card steals from nobody: Catanatron offers
  one move there (Kaido one per opponent, which then steals nothing) and never names a
  player with no card while another on the hex has one;
- Road Building can be played only when a road can be placed;
- Year of Plenty: Catanatron also offers one card alone when two could be taken (never
  worth it, so Kaido leaves it out), and nothing when the bank is empty;
- discards: each card goes to the bank at once and in plain view (Kaido sets them aside
  face down until all have discarded), players discard in seat order from seat 0
  (Kaido: from the roller). When the orders differ, the converted state leaves out the
  discards still owed by players Kaido's order would ask first, so that the seat asked is
  the one Kaido's engine asks;
- longest road: Catanatron's length leaves out a road that ends at an opponent's building
  (Kaido counts it: a road may end there, not pass through); after a settlement cuts a
  road it gives the card to the longest remaining road (the first in its table on a tie,
  even below 5), Kaido to a sole longest road of 5 or more; and it lets a road be built
  onward from an opponent's settlement that cut one's road. The converted state takes
  Catanatron's holder and points, and Kaido's own lengths;
- a game ends at 10 points at any moment, or undecided after 1,000 turns
  (`catanatron.game.TURNS_LIMIT`; an undecided game is a loss for every seat here);
- 2 players (1v1): Kaido's Catan is for 3-4 players, but its engine and bots run at 2;
  the converted state says 2 players, outside the options Kaido offers to players.
Set-up (snake order, the second settlement's resources), costs, the discard limit (more
than 7 cards) and development card timing (not the turn bought, one a turn, before or
after the roll) are the same.

`--check N` converts N positions from Catanatron games (random players, and AlphaBeta
players for a share) and checks that Kaido's legal actions under these rules map one to
one onto Catanatron's playable actions, that the converted state keeps Kaido's invariants
(cards and pieces conserved, points, road lengths and awards recomputed), that points
and road lengths agree with Catanatron's, and that applying the mapped action to the
converted state gives the converted next state (a roll with Catanatron's dice, a bought
card off the converted deck; not a steal, whose card is drawn at random). Differences the
rules above explain are counted by kind; any other is UNEXPLAINED and fails the check.

Match mode plays `--games` games, Kaido's seat against `--opponents` AlphaBeta players
(depth `--depth`, 2 by default as the issue's figures), seats rotating (game i seats
Kaido at seat i mod n: the first seed from `--seed` * 100,000 + 100 i on at which
Catanatron's seating puts it there), and prints wins,
the win rate with its 95% Wilson interval, and each side's median CPU time (process time)
per decision, over all decisions and over those with a choice: give MCTS a fixed
iteration count that matches AlphaBeta's (bench/mcts_budget.py measures MCTS iterations
per CPU second; `strong:iterations=N` is Catan's strong level with N iterations instead of
its time budget). The Kaido seat's time includes the conversion and the deal (about
0.1 ms). AlphaBeta, like every Catanatron player, reads the whole game, the others'
hands included; the Kaido seat sees only its own view.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from kaido.core.actions import Action, ActionTable
from kaido.core.errors import IllegalAction
from kaido.core.events import Event
from kaido.core.game import Game, Lang
from kaido.core.options import Options
from kaido.core.result import Result
from kaido.core.rng import Rng
from kaido.games.catan import GAME, CatanState
from kaido.games.catan import actions as A
from kaido.games.catan.board import (
    EDGE_BIT,
    EDGE_VERTICES,
    GENERIC_PORT,
    HARBOUR_SLOTS,
    HEX_INDEX,
    HEX_VERTICES,
    NUM_HEXES,
    VERTEX_BIT,
    VERTEX_NEIGHBOR_MASK,
    Board,
    bits,
    edge_between,
)
from kaido.games.catan.engine import (
    new_state,
    opponents_buildings,
    produce,
    refresh_frontier,
    start_seven,
    to_move,
    total_points,
)
from kaido.games.catan.roads import longest_road, touched_vertices
from kaido.games.catan.state import (
    CITY_BASE,
    DISCARD,
    FREE_ROAD,
    MAIN,
    PRE_ROLL,
    ROBBER,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
)

HERE: Final = Path(__file__).resolve().parent
REPO: Final = HERE.parent
VENV: Final = HERE / ".venv-vs-catanatron"
CHILD_FLAG: Final = "KAIDO_VS_CATANATRON_CHILD"

RESOURCES: Final = ("WOOD", "BRICK", "SHEEP", "WHEAT", "ORE")  # Kaido's kinds 0-4, in order
TERRAIN: Final = {
    "WOOD": "forest",
    "BRICK": "hills",
    "SHEEP": "pasture",
    "WHEAT": "fields",
    "ORE": "mountains",
    None: "desert",
}
DEV_KIND: Final = {
    "KNIGHT": 0,
    "VICTORY_POINT": 1,
    "ROAD_BUILDING": 2,
    "YEAR_OF_PLENTY": 3,
    "MONOPOLY": 4,
}
PROGRESS: Final = ("ROAD_BUILDING", "YEAR_OF_PLENTY", "MONOPOLY")
CORNERS: Final = ("NORTH", "NORTHEAST", "SOUTHEAST", "SOUTH", "SOUTHWEST", "NORTHWEST")
"""Catanatron's NodeRef names in the order of Kaido's `HEX_VERTICES` corners."""
COLORS: Final = ("RED", "BLUE", "WHITE", "ORANGE")


# ---- Kaido's Catan under Catanatron's rules ------------------------------------------------


def catanatron_options(players: int) -> Options:
    """Kaido's options for Catanatron's rules; 2 players are set past the option check."""
    options = GAME.make_options(players=max(players, 3), knight_to_desert=True)
    options["players"] = players
    return options


def allowed(s: CatanState, action: Action) -> bool:
    """Whether Catanatron's rules offer this Kaido action too (see the module's text)."""
    kind = action.kind
    if kind == "trade":
        return False
    if kind == "maritime":
        return action.args[1] == best_rate(s, s.turn, int(action.args[0]))
    if kind == "road_building":
        p = s.turn
        return bool(s.pieces[p * 3] and s.frontier[p] & ~s.occupied_edges)
    if kind == "year_of_plenty":
        return action.args[0] != A.NOBODY
    if kind == "robber":
        h, victim = int(action.args[0]), int(action.args[1])
        return victim < 0 or robber_victim(s, h) == victim or held(s, victim) > 0
    return True


def best_rate(s: CatanState, p: int, kind: int) -> int:
    ports = s.ports[p]
    if ports >> kind & 1:
        return 2
    return 3 if ports >> GENERIC_PORT & 1 else 4


def held(s: CatanState, p: int) -> int:
    return sum(s.hand[p * 5 : p * 5 + 5])


def robber_victim(s: CatanState, h: int) -> int:
    """The one Kaido robber move that stands for Catanatron's steal from nobody on hex h
    (every opponent there holds no card): the first opponent's, else -2 (none stands)."""
    victims = sorted(
        {(b - 1) & 3 for v in HEX_VERTICES[h] if (b := s.buildings[v]) and (b - 1) & 3 != s.turn}
    )
    if victims and not any(held(s, q) for q in victims):
        return victims[0]
    return -2


class CatanatronRules(Game[CatanState]):
    """Kaido's Catan with the legal actions cut to Catanatron's rules; everything else is
    Kaido's own (a wrapper, since the compiled build's CatanGame takes no Python subclass)."""

    id = GAME.id
    title = GAME.title
    player_counts = (2, 3, 4)
    rules_version = GAME.rules_version
    rules_prefix = GAME.rules_prefix
    option_specs = GAME.option_specs
    agent_kinds = GAME.agent_kinds
    bot_levels = GAME.bot_levels

    def setup(self, options: Options, seed: int) -> CatanState:
        return GAME.setup(options, seed)

    def action_table(self, options: Options) -> ActionTable:
        return GAME.action_table(options)

    def to_move(self, state: CatanState) -> int:
        return GAME.to_move(state)

    def legal_actions(self, state: CatanState) -> Sequence[Action]:
        return [a for a in GAME.legal_actions(state) if allowed(state, a)]

    def step(self, state: CatanState, action: Action, events: list[Event] | None) -> None:
        GAME.step(state, action, events)

    def explain_illegal(self, state: CatanState, action: Action) -> IllegalAction:
        return GAME.explain_illegal(state, action)

    def is_irreversible(self, state: CatanState, action: Action) -> bool:
        return GAME.is_irreversible(state, action)

    def is_over(self, state: CatanState) -> bool:
        return GAME.is_over(state)

    def result(self, state: CatanState) -> Result:
        return GAME.result(state)

    def view(self, state: CatanState, player: int | None) -> dict[str, Any]:
        return GAME.view(state, player)

    def encode(self, state: CatanState, player: int) -> Sequence[float] | None:
        return GAME.encode(state, player)

    def determinize(self, state: CatanState, player: int, rng: Rng) -> CatanState:
        return GAME.determinize(state, player, rng)

    def evaluate(self, state: CatanState, player: int) -> float:
        return GAME.evaluate(state, player)

    def evaluate_all(self, state: CatanState) -> list[float]:
        return GAME.evaluate_all(state)

    def search_actions(self, state: CatanState, legal: Sequence[Action]) -> Sequence[Action]:
        return GAME.search_actions(state, legal)

    def rollout_action(self, state: CatanState, legal: Sequence[Action], rng: Rng) -> Action:
        return GAME.rollout_action(state, legal, rng)

    def invariants(self, state: CatanState) -> None:
        GAME.invariants(state)

    def action_text(self, action: Action, lang: Lang = "en", options: Options | None = None) -> str:
        return GAME.action_text(action, lang, options)

    def prompt(self, state: CatanState, lang: Lang = "en") -> str:
        return GAME.prompt(state, lang)

    def describe(
        self, event: Event, viewer: int | None, lang: Lang = "en", options: Options | None = None
    ) -> str:
        return GAME.describe(event, viewer, lang, options)

    def render(self, state: CatanState, viewer: int | None, lang: Lang = "en") -> str:
        return GAME.render(state, viewer, lang)


RULES: Final = CatanatronRules()


def expand_spec(spec: str) -> str:
    """`strong:iterations=N`: Catan's strong level with N iterations instead of its time."""
    kind, _, rest = spec.partition(":")
    if kind != "strong":
        return spec
    settings = [p for p in GAME.bot_levels["strong"].split(":")[1:] if not p.startswith("time=")]
    return ":".join(["mcts", *settings, *filter(None, rest.split(":"))])


# ---- the bridge between the two engines ------------------------------------------------------


class Bridge:
    """Catanatron's board of one game in Kaido's numbering, and actions both ways."""

    def __init__(self, catan_map: Any, colors: Sequence[Any]) -> None:
        self.colors = tuple(colors)
        self.hex_of: dict[Any, int] = {}
        self.coord_of = [None] * NUM_HEXES
        self.vertex_of: dict[int, int] = {}
        terrains, numbers = [""] * NUM_HEXES, [0] * NUM_HEXES
        for coord, tile in catan_map.land_tiles.items():
            h = HEX_INDEX[(coord[0], coord[2])]  # cube (x, y, z): axial q = x, r = z
            self.hex_of[coord] = h
            self.coord_of[h] = coord
            terrains[h] = TERRAIN[tile.resource]
            numbers[h] = tile.number or 0
            for ref, node in tile.nodes.items():
                v = HEX_VERTICES[h][CORNERS.index(ref.value)]
                assert self.vertex_of.setdefault(node, v) == v, "corners disagree"
        self.node_of = {v: node for node, v in self.vertex_of.items()}
        self.board = Board("random", terrains, numbers, self._harbours(catan_map))

    def _harbours(self, catan_map: Any) -> list[int]:
        from catanatron.models.map import PORT_DIRECTION_TO_NODEREFS, Port

        harbours = [-1] * len(HARBOUR_SLOTS)
        for tile in catan_map.tiles.values():
            if isinstance(tile, Port):
                a, b = (tile.nodes[ref] for ref in PORT_DIRECTION_TO_NODEREFS[tile.direction])
                slot = HARBOUR_SLOTS.index(self.edge((a, b)))
                harbours[slot] = GENERIC_PORT if tile.resource is None else kind(tile.resource)
        assert min(harbours) >= 0, "a harbour slot left empty"
        return harbours

    def edge(self, pair: tuple[int, int]) -> int:
        return edge_between(self.vertex_of[pair[0]], self.vertex_of[pair[1]])

    def pair(self, e: int) -> tuple[int, int]:
        a, b = (self.node_of[v] for v in EDGE_VERTICES[e])
        return (min(a, b), max(a, b))

    def to_catanatron(self, s: CatanState, action: Action) -> Any:
        """The Catanatron action that a legal Kaido action in `s` stands for."""
        from catanatron.models.enums import Action as CAction
        from catanatron.models.enums import ActionType as T

        color = self.colors[to_move(s)]
        kind, args = action.kind, action.args
        if kind in SIMPLE:
            return CAction(color, T[SIMPLE[kind]], None)
        if kind == "road":
            return CAction(color, T.BUILD_ROAD, self.pair(int(args[0])))
        if kind in ("settlement", "city"):
            node = self.node_of[int(args[0])]
            return CAction(
                color, T.BUILD_SETTLEMENT if kind == "settlement" else T.BUILD_CITY, node
            )
        if kind == "year_of_plenty":
            cards = tuple(RESOURCES[int(k)] for k in args if int(k) >= 0)
            return CAction(color, T.PLAY_YEAR_OF_PLENTY, cards)
        if kind in ("monopoly", "discard"):
            t = T.PLAY_MONOPOLY if kind == "monopoly" else T.DISCARD_RESOURCE
            return CAction(color, t, RESOURCES[int(args[0])])
        if kind == "robber":
            h, victim = int(args[0]), int(args[1])
            if victim >= 0 and held(s, victim) == 0:
                victim = -1  # a steal from a player with no card is Catanatron's from nobody
            coord = self.coord_of[h]
            return CAction(
                color, T.MOVE_ROBBER, (coord, self.colors[victim] if victim >= 0 else None)
            )
        if kind == "maritime":
            give, rate, get = (int(x) for x in args)
            offer = (RESOURCES[give],) * rate + (None,) * (4 - rate) + (RESOURCES[get],)
            return CAction(color, T.MARITIME_TRADE, offer)
        raise ValueError(f"no Catanatron action for {action}")


SIMPLE: Final = {
    "roll": "ROLL",
    "end": "END_TURN",
    "buy": "BUY_DEVELOPMENT_CARD",
    "knight": "PLAY_KNIGHT_CARD",
    "road_building": "PLAY_ROAD_BUILDING",
}


def kind(resource: str) -> int:
    return RESOURCES.index(resource)


def hands(cstate: Any) -> list[int]:
    """Every player's resource cards, player-major as Kaido's `hand`."""
    ps = cstate.player_state
    return [ps[f"P{p}_{r}_IN_HAND"] for p in range(len(cstate.colors)) for r in RESOURCES]


@dataclass
class Record:
    """What every player saw happen, kept action by action: the public record of each
    hand (Kaido's `known`), the cards bought this turn by kind (the buyer's own knowledge),
    whether the robber now moves by a knight, and the last roll."""

    players: int
    known: list[int] = field(default_factory=list)
    bought: list[int] = field(default_factory=lambda: [0] * 5)
    by_knight: bool = False
    dice: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        self.known = [0] * (5 * self.players)

    def update(self, before: list[int], after: list[int], record: Any, cstate: Any) -> None:
        action = record.action
        t = action.action_type.value
        if t == "MOVE_ROBBER":
            self.by_knight = False
            victim = action.value[1]
            if victim is not None:  # a blind draw: each kind the victim surely held may be it
                q = cstate.color_to_index[victim]
                for i in range(q * 5, q * 5 + 5):
                    self.known[i] = max(0, self.known[i] - 1)
                return  # the thief's card is secret to the others
        elif t == "PLAY_KNIGHT_CARD":
            self.by_knight = True
        elif t == "ROLL":
            self.dice = (record.result[0], record.result[1])
        elif t == "BUY_DEVELOPMENT_CARD":
            self.bought[DEV_KIND[record.result]] += 1
        elif t == "END_TURN":
            self.bought = [0] * 5
        for i, (a, b) in enumerate(zip(before, after, strict=True)):
            if b > a:
                self.known[i] += b - a
            elif b < a:
                self.known[i] = max(0, self.known[i] - (a - b))


def convert(game: Any, bridge: Bridge, record: Record, seed: int = 0) -> CatanState:
    """Catanatron's game as a full Kaido state (hidden parts included: deal them again
    with `GAME.determinize` before an agent sees it)."""
    cs = game.state
    n = len(cs.colors)
    ps = cs.player_state
    s = new_state(catanatron_options(n), bridge.board, Rng(seed))
    s.hand = hands(cs)
    s.known = record.known[:]
    s.bank = list(cs.resource_freqdeck)
    s.deck = [DEV_KIND[c] for c in cs.development_listdeck]
    for p in range(n):
        for name, k in DEV_KIND.items():
            s.dev[p * 5 + k] = ps[f"P{p}_{name}_IN_HAND"]
        s.knights[p] = ps[f"P{p}_PLAYED_KNIGHT"]
        s.vp[p] = ps[f"P{p}_VICTORY_POINTS"]
        s.pieces[p * 3 : p * 3 + 3] = [
            ps[f"P{p}_ROADS_AVAILABLE"],
            ps[f"P{p}_SETTLEMENTS_AVAILABLE"],
            ps[f"P{p}_CITIES_AVAILABLE"],
        ]
        if ps[f"P{p}_HAS_ROAD"]:
            s.lr_holder = p
        if ps[f"P{p}_HAS_ARMY"]:
            s.la_holder = p
    s.played = [0] * 5
    for name in PROGRESS:
        s.played[DEV_KIND[name]] = sum(ps[f"P{p}_PLAYED_{name}"] for p in range(n))
    _place_pieces(s, cs, bridge)
    s.robber = bridge.hex_of[cs.board.robber_coordinate]
    s.turns = cs.num_turns
    s.dice = record.dice
    _set_phase(s, cs, bridge, record)
    return s


def _place_pieces(s: CatanState, cs: Any, bridge: Bridge) -> None:
    for node, (color, building) in cs.board.buildings.items():
        p, v = cs.color_to_index[color], bridge.vertex_of[node]
        s.buildings[v] = (CITY_BASE if building == "CITY" else 1) + p
        s.owned[p] |= VERTEX_BIT[v]
        s.blocked |= VERTEX_BIT[v] | VERTEX_NEIGHBOR_MASK[v]
        s.ports[p] |= s.board.vertex_port[v]
    for color, by_kind in cs.buildings_by_color.items():
        p = cs.color_to_index[color]
        for pair in by_kind.get("ROAD", ()):
            s.roads[p] |= EDGE_BIT[bridge.edge(pair)]
        s.occupied_edges |= s.roads[p]
        s.reach[p] = touched_vertices(s.roads[p])
    for p in range(s.n):
        refresh_frontier(s, p)
        s.road_len[p] = longest_road(s.roads[p], opponents_buildings(s, p))


def _set_phase(s: CatanState, cs: Any, bridge: Bridge, record: Record) -> None:
    prompt = cs.current_prompt.value
    t = cs.current_turn_index
    if cs.is_initial_build_phase:
        first = list(range(s.n))
        s.setup_order = tuple(first + first[::-1])
        s.setup_step = sum(len(b.get("ROAD", ())) for b in cs.buildings_by_color.values())
        s.turn = 0
        if prompt == "BUILD_INITIAL_ROAD":
            color = cs.colors[cs.current_player_index]
            s.last_vertex = bridge.vertex_of[cs.buildings_by_color[color]["SETTLEMENT"][-1]]
            s.phase = SETUP_ROAD
        else:
            s.phase = SETUP_SETTLEMENT
        return
    s.turn = t
    rolled = cs.player_state[f"P{t}_HAS_ROLLED"]
    s.dev_played = cs.player_state[f"P{t}_HAS_PLAYED_DEVELOPMENT_CARD_IN_TURN"]
    s.dev_new = record.bought[:]
    s.return_phase = MAIN if rolled else PRE_ROLL
    if prompt == "DISCARD":
        s.phase = DISCARD
        s.discard_left = discards_owed(cs.discard_counts, t, cs.current_player_index)
        s.return_phase = MAIN
    elif prompt == "MOVE_ROBBER":
        s.phase = ROBBER
        s.by_knight = record.by_knight
    elif cs.is_road_building:
        s.phase = FREE_ROAD
        s.free_roads = cs.free_roads_available
    else:
        s.phase = s.return_phase


def discards_owed(counts: Sequence[int], roller: int, asked: int) -> list[int]:
    """Catanatron's discards still owed, less those of players Kaido's order (from the
    roller) would ask before `asked`, the seat Catanatron asks now (seat order from 0)."""
    owed = list(counts)
    n = len(owed)
    for i in range(n):
        q = (roller + i) % n
        if q == asked:
            break
        owed[q] = 0
    return owed


# ---- players and the game loop ---------------------------------------------------------------


@dataclass
class Table:
    """One Catanatron game with what the Kaido seats need beside it."""

    game: Any
    bridge: Bridge
    record: Record
    cpu: dict[str, list[float]] = field(default_factory=dict)
    """Seconds of process time per decision, by side; `choice` keys only count the
    decisions with more than one playable action."""
    guided: list[bool] = field(default_factory=list)
    """At each searched decision of a Kaido search: whether it played its guide's move."""


def kaido_player(color: Any, spec: str, seed: int) -> Any:
    """A Catanatron `Player` whose decisions are a Kaido agent's (`spec`), made on the
    converted state dealt again from its seat's view."""
    from catanatron.models.player import Player

    from kaido.agents import make_agent

    class KaidoPlayer(Player):
        def __init__(self) -> None:
            super().__init__(color)
            self.agent = make_agent(expand_spec(spec), RULES, seed)
            self.rng = Rng(seed ^ 0x5EED)
            self.table: Table | None = None

        def decide(self, game: Any, playable_actions: Sequence[Any]) -> Any:
            if len(playable_actions) == 1:
                return playable_actions[0]
            assert self.table is not None
            full = convert(game, self.table.bridge, self.table.record)
            seat = game.state.color_to_index[self.color]
            seen = GAME.determinize(full, seat, self.rng)
            action = self.agent.choose(RULES, seen)
            guided = getattr(self.agent, "guided", None)  # a search's heuristic move
            if guided is not None:
                self.table.guided.append(guided.index == action.index)
            chosen = self.table.bridge.to_catanatron(seen, action)
            if chosen not in playable_actions:
                raise AssertionError(f"Kaido chose {chosen}, not playable: {playable_actions}")
            return chosen

        def __repr__(self) -> str:
            return f"Kaido({spec}):{self.color.value}"

    return KaidoPlayer()


def new_table(players: Sequence[Any], seed: int) -> Table:
    from catanatron.game import Game as CGame

    game = CGame(list(players), seed=seed)
    table = Table(game, Bridge(game.state.board.map, game.state.colors), Record(len(players)))
    for player in players:
        if hasattr(player, "table"):
            player.table = table
    return table


Watcher = Callable[[Table, Any], None]


def play(table: Table, sides: dict[Any, str], watch: Watcher | None = None) -> Any:
    """Play to the end (or Catanatron's turn limit); the winner's color or None. Each
    decision's process time goes to its side's list; `watch` sees each position and the
    action taken there before it is applied."""
    from catanatron.game import TURNS_LIMIT

    game = table.game
    players = {p.color: p for p in game.state.players}
    while game.winning_color() is None and game.state.num_turns < TURNS_LIMIT:
        color = game.state.current_color()
        playable = game.playable_actions
        start = time.process_time()
        action = players[color].decide(game, playable)
        spent = time.process_time() - start
        side = sides[color]
        table.cpu.setdefault(side, []).append(spent)
        if len(playable) > 1:
            table.cpu.setdefault(side + " choice", []).append(spent)
        if watch is not None:
            watch(table, action)
        before = hands(game.state)
        done = game.execute(action)
        table.record.update(before, hands(game.state), done, game.state)
    return game.winning_color()


# ---- the converter check ---------------------------------------------------------------------


@dataclass
class Check:
    positions: int = 0
    exact: int = 0
    differences: Counter[str] = field(default_factory=Counter)
    transitions: int = 0
    examples: list[str] = field(default_factory=list)

    def note(self, what: str, example: str) -> None:
        self.differences[what] += 1
        if what.startswith("UNEXPLAINED") and len(self.examples) < 10:
            self.examples.append(f"{what}: {example}")


def check_position(table: Table, check: Check) -> CatanState:
    """Compare the converted state with Catanatron's game; the converted state."""
    game = table.game
    cs = game.state
    s = convert(game, table.bridge, table.record)
    check.positions += 1
    try:
        GAME.invariants(s)
    except AssertionError as error:
        check.note(_invariant_kind(str(error)), str(error))
    if to_move(s) != cs.current_player_index:
        check.note("UNEXPLAINED to move", f"{to_move(s)} != {cs.current_player_index}")
        return s
    ps = cs.player_state
    for p in range(s.n):
        if total_points(s, p) != ps[f"P{p}_ACTUAL_VICTORY_POINTS"]:
            check.note("UNEXPLAINED points", f"seat {p}")
        theirs = cs.board.road_lengths.get(cs.colors[p], 0)
        if s.road_len[p] != theirs:
            check.note(_road_kind(s, p, theirs), f"seat {p}: {s.road_len[p]} != {theirs}")
    ours = {table.bridge.to_catanatron(s, a) for a in RULES.legal_actions(s)}
    theirs = set(game.playable_actions)
    if len(ours) != len(RULES.legal_actions(s)):
        check.note("UNEXPLAINED two Kaido actions map to one", str(RULES.legal_actions(s)))
    for action in ours - theirs:
        check.note(f"UNEXPLAINED Kaido only: {action.action_type.value}", str(action))
    for action in theirs - ours:
        check.note(_catanatron_only(s, table.bridge, action), str(action))
    if ours == theirs:
        check.exact += 1
    return s


def _road_kind(s: CatanState, p: int, theirs: int) -> str:
    """Catanatron never walks a road into an opponent's building (only out of one that
    cut the road): its length lies between Kaido's without such roads and Kaido's."""
    theirs_at = opponents_buildings(s, p)
    kept = 0
    for e in bits(s.roads[p]):
        a, b = EDGE_VERTICES[e]
        if not (VERTEX_BIT[a] | VERTEX_BIT[b]) & theirs_at:
            kept |= EDGE_BIT[e]
    if longest_road(kept, theirs_at) <= theirs <= s.road_len[p]:
        return "road length: Catanatron leaves out a road ending at an opponent's building"
    return "UNEXPLAINED road length"


def _invariant_kind(message: str) -> str:
    if "longest" in message or "unclaimed" in message:
        return "longest road award differs (Catanatron's tie and cut rules)"
    return f"UNEXPLAINED invariant: {message}"


def _catanatron_only(s: CatanState, bridge: Bridge, action: Any) -> str:
    t = action.action_type.value
    if t == "PLAY_YEAR_OF_PLENTY" and len(action.value) == 1:
        return "Catanatron only: one card of Year of Plenty when two can be taken"
    if t == "BUILD_ROAD":
        a, b = (bridge.vertex_of[x] for x in action.value)
        mine = s.owned[s.turn] | s.reach[s.turn]
        theirs = opponents_buildings(s, s.turn)
        if any(VERTEX_BIT[x] & mine and VERTEX_BIT[x] & theirs for x in (a, b)):
            return "Catanatron only: a road onward from an opponent's settlement"
    return f"UNEXPLAINED Catanatron only: {t}"


def compare_transition(
    table: Table, before: CatanState, kaido_action: Action, check: Check
) -> None:
    """Kaido's step from the converted position against the converted next position. A
    roll takes Catanatron's dice (production checks the board's mapping); a development
    card comes off the converted deck as in Catanatron; a steal's card is not compared."""
    after = before.copy()
    if kaido_action.kind == "roll":
        after.dice = table.record.dice
        total = sum(after.dice)
        after.phase = MAIN
        if total == 7:
            start_seven(after, None)
        else:
            produce(after, total, None)
    else:
        GAME.apply(after, kaido_action, trusted=True)
    actual = convert(table.game, table.bridge, table.record)
    check.transitions += 1
    for name, ours, theirs in zip(FIELDS, summary(after), summary(actual), strict=True):
        if ours != theirs:
            check.note(_transition_kind(kaido_action, name), f"{kaido_action} {name}")


FIELDS: Final = ("phase", "to move", "cards", "points", "board", "pieces", "roads", "awards")


def summary(s: CatanState) -> tuple[Any, ...]:
    bank = [s.bank[k] + sum(s.pending[k::5]) for k in range(5)]  # Catanatron's at once
    return (
        s.phase,
        to_move(s),
        (s.hand[:], bank, s.dev[:]),
        [total_points(s, p) for p in range(s.n)],
        (s.buildings[:], s.robber),
        s.pieces[:],
        (s.roads[:], s.road_len[:]),
        (s.lr_holder, s.la_holder, s.knights[:]),
    )


def _transition_kind(action: Action, name: str) -> str:
    if action.kind in ("discard", "roll") and name in ("phase", "to move"):
        return "discard order differs (Catanatron: seat order from 0)"
    if name in ("points", "awards") and action.kind in ("road", "settlement"):
        return "longest road award differs (Catanatron's tie and cut rules)"
    return f"UNEXPLAINED transition {action.kind}: {name}"


@dataclass
class Sampler:
    """Checks one position in `every` (at random) until `positions` are checked, and
    the step from each checked position whose action has no chance."""

    check: Check
    positions: int
    rng: random.Random
    every: int
    pending: list[tuple[CatanState, Action]] = field(default_factory=list)

    def watch(self, table: Table, action: Any) -> None:
        if self.pending:
            compare_transition(table, *self.pending.pop(), self.check)
        if self.check.positions >= self.positions or self.rng.randrange(self.every):
            return
        s = check_position(table, self.check)
        if to_move(s) < 0 or (action.action_type.value == "MOVE_ROBBER" and action.value[1]):
            return  # a steal's card is drawn at random
        match = [a for a in RULES.legal_actions(s) if table.bridge.to_catanatron(s, a) == action]
        if len(match) == 1:
            self.pending.append((s, match[0]))


def run_check(positions: int, seed: int, depth: int) -> Check:
    """Sample positions from Catanatron games of 2, 3 and 4 players: random players, and
    a third of the games with AlphaBeta players (every 4th decision sampled in those,
    every 12th in random games)."""
    from catanatron.models.player import Color, RandomPlayer
    from catanatron.players.minimax import AlphaBetaPlayer

    check = Check()
    rng = random.Random(seed)
    g = 0
    while check.positions < positions:
        n = (2, 3, 4)[g % 3]
        alpha = g % 3 == 1
        colors = [Color[c] for c in COLORS[:n]]
        players = [
            AlphaBetaPlayer(c, depth) if alpha and i % 2 == 0 else RandomPlayer(c)
            for i, c in enumerate(colors)
        ]
        sampler = Sampler(check, positions, rng, 4 if alpha else 12)
        table = new_table(players, seed * 1000 + g)
        play(table, {c: "catanatron" for c in colors}, sampler.watch)
        g += 1
        print(
            f"  game {g}: {n} players{' with AlphaBeta' if alpha else ''}, "
            f"{check.positions} positions",
            file=sys.stderr,
            flush=True,
        )
    return check


def print_check(check: Check) -> bool:
    print(
        f"positions {check.positions}: legal actions one to one in {check.exact}; "
        f"transitions compared {check.transitions}"
    )
    for what, count in sorted(check.differences.items()):
        print(f"  {count:5d}  {what}")
    for example in check.examples:
        print(f"  e.g. {example}")
    return not any(w.startswith("UNEXPLAINED") for w in check.differences)


# ---- matches ---------------------------------------------------------------------------------


def seated_seed(base: int, players: list[Any], seat: int) -> int:
    """The first seed from `base` on at which Catanatron seats the Kaido player (the
    first of `players`) at `seat`: Catanatron draws the seating from the game's seed."""
    from catanatron.game import Game as CGame

    seed = base
    while CGame(players, seed=seed).state.colors.index(players[0].color) != seat:
        seed += 1
    return seed


@dataclass
class MatchResult:
    games: int = 0
    wins: int = 0
    undecided: int = 0
    cpu: dict[str, list[float]] = field(default_factory=dict)
    turns: list[int] = field(default_factory=list)
    seat_wins: list[int] = field(default_factory=list)
    seat_games: list[int] = field(default_factory=list)
    guided: list[bool] = field(default_factory=list)


def run_match(spec: str, opponents: int, games: int, seed: int, depth: int) -> MatchResult:
    from catanatron.models.player import Color
    from catanatron.players.minimax import AlphaBetaPlayer
    from rich.console import Console

    from kaido.cli.common import progress_bar

    n = opponents + 1
    out = MatchResult(seat_wins=[0] * n, seat_games=[0] * n)
    with progress_bar(Console(stderr=True), transient=False) as bar:
        task = bar.add_task("games", total=games)
        for g in range(games):
            colors = [Color[c] for c in COLORS[:n]]
            kaido = kaido_player(colors[0], spec, seed * 7919 + g)
            players = [kaido, *(AlphaBetaPlayer(c, depth) for c in colors[1:])]
            table = new_table(players, seated_seed(seed * 100_000 + g * 100, players, g % n))
            sides = {c: ("kaido" if i == 0 else "alphabeta") for i, c in enumerate(colors)}
            winner = play(table, sides)
            out.games += 1
            out.wins += winner == colors[0]
            out.undecided += winner is None
            out.turns.append(table.game.state.num_turns)
            out.seat_games[g % n] += 1
            out.guided += table.guided
            out.seat_wins[g % n] += winner == colors[0]
            for side, times in table.cpu.items():
                out.cpu.setdefault(side, []).extend(times)
            rate = out.wins / out.games
            bar.update(task, advance=1, description=f"Kaido {out.wins}/{out.games} ({rate:.0%})")
            if not sys.stderr.isatty():  # a log file gets a line a game instead of the bar
                print(
                    f"game {g + 1}: Kaido at seat {g % n}, winner {winner}; "
                    f"Kaido {out.wins}/{out.games}",
                    file=sys.stderr,
                    flush=True,
                )
    return out


def print_match(spec: str, opponents: int, depth: int, result: MatchResult) -> None:
    from rich.console import Console
    from rich.table import Table as RichTable

    from kaido.tournament.ratings import wilson

    games = max(result.games, 1)
    table = RichTable(
        title=f"Kaido {spec} against {opponents} AlphaBeta (depth {depth}): {result.games} "
        f"games, seats rotating, parity {1 / (opponents + 1):.0%}"
    )
    for name in ("side", "wins", "rate", "95% interval", "median CPU/decision"):
        table.add_column(name, justify="left" if name == "side" else "right")
    for name in ("median, with a choice", "mean, with a choice", "decisions"):
        table.add_column(name, justify="right")
    others = result.games - result.wins - result.undecided
    for side, wins in (("kaido", result.wins), ("alphabeta", others)):
        low, high = wilson(wins, result.games)
        every = result.cpu.get(side, [0.0])
        choice = result.cpu.get(side + " choice", [0.0])
        table.add_row(
            side,
            str(wins),
            f"{wins / games:.1%}",
            f"{low:.1%}-{high:.1%}",
            f"{statistics.median(every) * 1e3:.2f} ms",
            f"{statistics.median(choice) * 1e3:.2f} ms",
            f"{statistics.fmean(choice) * 1e3:.2f} ms",
            str(len(every)),
        )
    Console(width=120).print(table)
    seats = ", ".join(f"{w}/{g}" for w, g in zip(result.seat_wins, result.seat_games, strict=True))
    turns = statistics.median(result.turns) if result.turns else 0
    print(
        f"Kaido's wins by its seat: {seats}; undecided at Catanatron's 1,000-turn cap: "
        f"{result.undecided}; median turns {turns}"
    )
    if result.guided:
        share = sum(result.guided) / len(result.guided)
        print(
            f"the search played its guide's (the heuristic's) move at {share:.1%} of "
            f"{len(result.guided)} searched decisions"
        )


# ---- environment -----------------------------------------------------------------------------


def ensure_venv(catanatron: Path) -> Path:
    """`bench/.venv-vs-catanatron` with Kaido (editable) and Catanatron from `catanatron`."""
    python = VENV / "bin" / "python"
    marker = VENV / "catanatron-source"
    if not python.exists():
        print(f"setting up {VENV} ...", file=sys.stderr, flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        pip = [str(python), "-m", "pip", "install", "-q"]
        subprocess.run([*pip, "-e", str(REPO), "pytest"], check=True)
    source = str(catanatron.resolve())
    if not marker.exists() or marker.read_text() != source:
        subprocess.run([str(python), "-m", "pip", "install", "-q", source], check=True)
        marker.write_text(source)
    return python


def relaunch(args: argparse.Namespace) -> None:
    """Run this script again inside its environment (made on first use with
    `--catanatron`), with the compiled build first on the path for `--compiled`."""
    python = ensure_venv(Path(args.catanatron)) if args.catanatron else Path(sys.executable)
    env = dict(os.environ, **{CHILD_FLAG: "1"})
    if args.compiled:
        env["PYTHONPATH"] = str(REPO / "build" / "compiled")
    command = [str(python), str(Path(__file__).resolve()), *sys.argv[1:]]
    sys.exit(subprocess.run(command, env=env, check=False).returncode)


def describe_build() -> str:
    import kaido.core.rng

    return "compiled" if not kaido.core.rng.__file__.endswith(".py") else "pure Python"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--catanatron", help="a checkout of bcollazo/catanatron (see above)")
    parser.add_argument("--compiled", action="store_true", help="Kaido's compiled build")
    parser.add_argument("--check", type=int, default=0, metavar="N", help="check N positions")
    parser.add_argument("--kaido", default="heuristic", help="Kaido's agent spec")
    parser.add_argument("--opponents", type=int, choices=(1, 3), default=1)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--depth", type=int, default=2, help="AlphaBeta's depth")
    args = parser.parse_args()
    if (args.catanatron or args.compiled) and not os.environ.get(CHILD_FLAG):
        relaunch(args)
    if args.compiled and describe_build() != "compiled":
        sys.exit("--compiled: no compiled build in build/compiled (see docs/testing.md)")
    try:
        import catanatron
    except ImportError:
        sys.exit("Catanatron is not importable here: pass --catanatron PATH (see --help)")
    print(
        f"Kaido {describe_build()}; Catanatron from {Path(catanatron.__file__).parent}",
        file=sys.stderr,
    )
    if args.check:
        check = run_check(args.check, args.seed, args.depth)
        sys.exit(0 if print_check(check) else 1)
    result = run_match(args.kaido, args.opponents, args.games, args.seed, args.depth)
    print_match(args.kaido, args.opponents, args.depth, result)


if __name__ == "__main__":
    main()
