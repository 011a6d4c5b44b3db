"""Catan evaluation and a rule-of-thumb heuristic player.

`evaluate` scores a position from points, expected production and a little for cards
and development; search agents use it at the end of their play-outs. `Heuristic`
places on good numbers and varied resources, builds toward the next goal (city, then
settlement, then roads toward a free site, then development cards), trades at its best
harbour rate, answers offers by what they do for its goal, and proposes one simple
trade a turn; `agents.HeuristicAgent` plays it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from kaido.core.actions import Action
from kaido.core.rng import Rng
from kaido.games.catan import actions as A
from kaido.games.catan.board import (
    CITY_COST,
    DEV_COST,
    EDGE_VERTICES,
    HEX_VERTICES,
    PIPS,
    ROAD_COST,
    SETTLEMENT_COST,
    VERTEX_HEXES,
    VERTEX_NEIGHBORS,
    VICTORY_POINT,
    WIN_POINTS,
    Board,
)
from kaido.games.catan.engine import discarder, to_move
from kaido.games.catan.state import (
    CITY_BASE,
    COUNTER_DRAFT,
    DISCARD,
    FREE_ROAD,
    MAIN,
    OFFER_CHOICE,
    OFFER_DRAFT,
    OFFER_REPLY,
    PRE_ROLL,
    ROBBER,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    CatanState,
)

# ---- evaluation ---------------------------------------------------------------------------


def production(s: CatanState, p: int) -> list[float]:
    """Expected cards per roll of each kind for player p (the robber's hex excluded)."""
    board = s.board
    out = [0.0] * 5
    mask = s.owned[p]
    buildings = s.buildings
    while mask:
        low = mask & -mask
        v = low.bit_length() - 1
        mask ^= low
        amount = 2 if buildings[v] >= CITY_BASE else 1
        for h in VERTEX_HEXES[v]:
            kind = board.resource[h]
            if kind >= 0 and h != s.robber:
                out[kind] += amount * PIPS[board.number[h]] / 36
    return out


def strength(s: CatanState, p: int) -> float:
    """A rough worth of player p's position, in victory points."""
    points = s.vp[p] + s.dev[p * 5 + VICTORY_POINT]
    prod = production(s, p)
    variety = sum(1 for x in prod if x > 0)
    cards = sum(s.hand[p * 5 : p * 5 + 5])
    dev = sum(s.dev[p * 5 : p * 5 + 5]) - s.dev[p * 5 + VICTORY_POINT]
    value = points + 3.0 * sum(prod) + 0.25 * variety + 0.08 * min(cards, 7)
    value += expansion(s, p)
    value += 0.35 * dev + 0.25 * s.knights[p] + 0.12 * s.road_len[p]
    return value - (0.1 * (cards - 7) if cards > 7 else 0.0)


def expansion(s: CatanState, p: int) -> float:
    """Worth of the open sites p's roads reach (where the next settlement can go)."""
    if not s.pieces[p * 3 + 1]:
        return 0.0
    open_sites = s.reach[p] & ~s.blocked
    if not open_sites:
        return 0.0
    best = 0
    count = 0
    board = s.board
    while open_sites and count < 4:
        low = open_sites & -open_sites
        v = low.bit_length() - 1
        open_sites ^= low
        count += 1
        pips = sum(PIPS[board.number[h]] for h in VERTEX_HEXES[v] if board.resource[h] >= 0)
        best = max(best, pips)
    return 0.3 * min(count, 2) + 1.2 * best / 36


def evaluate(s: CatanState, player: int) -> float:
    """Value in (0, 1): own strength against the strongest opponent's."""
    return evaluate_all(s)[player]


def evaluate_all(s: CatanState) -> list[float]:
    """`evaluate` for every player, each strength computed once."""
    values = [strength(s, q) for q in range(s.n)]
    out = []
    for p, mine in enumerate(values):
        best_other = max(v for q, v in enumerate(values) if q != p)
        out.append(1 / (1 + math.exp(-(mine - best_other) / 2.0)))
    return out


# ---- placement values ---------------------------------------------------------------------


@lru_cache(maxsize=1024)
def _site_parts(board: Board) -> tuple[tuple[tuple[tuple[int, float], ...], float], ...]:
    """Per intersection: (kind, weighted pips) of each producing hex, and the harbour bonus.
    Kept for the boards met last only: every game deals a board of its own, and a server or
    a tournament's process plays games without end (unbounded, 26 KB were kept a game)."""
    parts = []
    for v in range(len(VERTEX_HEXES)):
        hexes = tuple(
            (board.resource[h], PIPS[board.number[h]] * (1.05 if board.resource[h] < 2 else 1.0))
            for h in VERTEX_HEXES[v]
            if board.resource[h] >= 0
        )
        parts.append((hexes, 1.5 if board.vertex_port[v] else 0.0))
    return tuple(parts)


def site_value(board: Board, v: int, prod: list[float] | None = None) -> float:
    """How good a settlement at v is: pips (brick and lumber a little more, they matter
    early), 1.4 times for kinds not yet produced, and a harbour bonus."""
    hexes, value = _site_parts(board)[v]
    for kind, pips in hexes:
        value += pips * 1.4 if prod is not None and prod[kind] == 0 else pips
    return value


# ---- the agent ----------------------------------------------------------------------------


class Heuristic:
    """Plays Catan by rules of thumb; decides only from its own view of the state. Its
    tie-breaks come from `rng`; `propose` opens domestic offers; `humans` are the seats
    people play, asked fewer questions. Cheap to make: each caller makes its own, so no
    choice depends on what another caller (or thread) ran before."""

    def __init__(
        self, rng: Rng, propose: bool = True, humans: frozenset[int] = frozenset()
    ) -> None:
        self.rng = rng
        self.propose = propose
        self.humans = humans

    def decide(self, s: CatanState, legal: Sequence[Action]) -> Action:
        """The move for the player to move in `s`, among `legal`."""
        if len(legal) == 1:
            return legal[0]
        phase = s.phase
        if phase == SETUP_SETTLEMENT:
            return self._best_site(s, legal)
        if phase in (SETUP_ROAD, FREE_ROAD):
            return self._best_road(s, legal)
        if phase == PRE_ROLL:
            return self._pre_roll(s, legal)
        if phase == DISCARD:
            return self._discard(s, legal)
        if phase == ROBBER:
            return self._robber(s, legal)
        if phase == MAIN:
            return self._main(s, legal)
        if phase == OFFER_DRAFT:
            return self._draft(s, legal)
        if phase == OFFER_REPLY:
            return self._reply(s, legal)
        if phase == COUNTER_DRAFT:
            return A.DECLINE
        if phase == OFFER_CHOICE:
            return self._choose_partner(s, legal)
        return legal[self.rng.below(len(legal))]

    # -- placement --

    def _best_site(self, s: CatanState, legal: Sequence[Action]) -> Action:
        p = to_move(s)
        prod = production(s, p)
        best = max(legal, key=lambda a: site_value(s.board, int(a.args[0]), prod))
        return best

    def _best_road(self, s: CatanState, legal: Sequence[Action]) -> Action:
        values = self._road_values(s, legal)
        return legal[values.index(max(values))]

    def _road_values(self, s: CatanState, legal: Sequence[Action]) -> list[float]:
        """`road_values` plus a tiny random tie-break."""
        rand = self.rng.random
        return [value + rand() * 0.01 for value in road_values(s, legal)]

    # -- the turn --

    def _pre_roll(self, s: CatanState, legal: Sequence[Action]) -> Action:
        p = s.turn
        if A.PLAY_KNIGHT in legal and self._robber_hurts(s, p):
            return A.PLAY_KNIGHT
        return A.ROLL

    def _robber_hurts(self, s: CatanState, p: int) -> bool:
        return any(s.buildings[v] and (s.buildings[v] - 1) & 3 == p for v in HEX_VERTICES[s.robber])

    def _discard(self, s: CatanState, legal: Sequence[Action]) -> Action:
        p = discarder(s)
        need = self._needs(s, p)
        hand = s.hand[p * 5 : p * 5 + 5]
        return max(legal, key=lambda a: hand[int(a.args[0])] - 2 * need[int(a.args[0])])

    def _robber(self, s: CatanState, legal: Sequence[Action]) -> Action:
        rand = self.rng.random
        scores = [value + rand() * 0.01 for value in robber_values(s, legal)]
        return legal[scores.index(max(scores))]

    def _main(self, s: CatanState, legal: Sequence[Action]) -> Action:
        p = s.turn
        legal_set = set(legal)
        for action in legal:
            if action.kind == "city":
                return self._best_city(s, legal)
        settlements = [a for a in legal if a.kind == "settlement"]
        if settlements:
            prod = production(s, p)
            return max(settlements, key=lambda a: site_value(s.board, int(a.args[0]), prod))
        card = self._dev_play(s, legal)
        if card is not None:
            return card
        roads = [a for a in legal if a.kind == "road"]
        if roads and self._road_useful(s, p):
            return self._best_road(s, roads)
        if A.BUY in legal_set and self._buy_ok(s, p):
            return A.BUY
        trade = self._maritime(s, legal)
        if trade is not None:
            return trade
        may_propose = self.propose and not s.offers_made  # one offer a turn
        if may_propose and A.OPEN_OFFER in legal_set and self.offer_terms(s):
            return A.OPEN_OFFER
        return A.END

    def _best_city(self, s: CatanState, legal: Sequence[Action]) -> Action:
        cities = [a for a in legal if a.kind == "city"]
        return max(cities, key=lambda a: site_value(s.board, int(a.args[0])))

    def _road_useful(self, s: CatanState, p: int) -> bool:
        if s.pieces[p * 3 + 1] == 0:
            return False
        open_sites = s.reach[p] & ~s.blocked
        return not open_sites or s.road_len[p] >= 4

    def _buy_ok(self, s: CatanState, p: int) -> bool:
        has_settlement = s.pieces[p * 3 + 1] < 5  # one on the board to upgrade
        need_city = self._missing(s, p, CITY_COST)
        return not (has_settlement and s.pieces[p * 3 + 2] and need_city <= 1)

    def _dev_play(self, s: CatanState, legal: Sequence[Action]) -> Action | None:
        p = s.turn
        if A.PLAY_KNIGHT in legal and (self._robber_hurts(s, p) or s.knights[p] >= 2):
            return A.PLAY_KNIGHT
        monopolies = [a for a in legal if a.kind == "monopoly"]
        if monopolies:
            others = s.bank
            best = min(monopolies, key=lambda a: others[int(a.args[0])])
            if 19 - s.bank[int(best.args[0])] - s.hand[p * 5 + int(best.args[0])] >= 4:
                return best
        plenty = [a for a in legal if a.kind == "year_of_plenty"]
        if plenty:
            need = self._needs(s, p)
            return max(plenty, key=lambda a: sum(need[int(k)] for k in a.args if int(k) >= 0))
        if A.PLAY_ROAD_BUILDING in legal and s.pieces[p * 3] >= 2:
            return A.PLAY_ROAD_BUILDING
        return None

    def _goal(self, s: CatanState, p: int) -> tuple[int, ...]:
        pieces = s.pieces[p * 3 : p * 3 + 3]
        has_settlement = pieces[1] < 5  # one on the board to upgrade
        if pieces[2] and has_settlement and self._missing(s, p, CITY_COST) <= 2:
            return CITY_COST
        if pieces[1] and s.reach[p] & ~s.blocked:
            return SETTLEMENT_COST
        if pieces[0] and pieces[1]:
            return ROAD_COST
        if pieces[2] and has_settlement:
            return CITY_COST
        return DEV_COST

    def _needs(self, s: CatanState, p: int) -> list[int]:
        goal = self._goal(s, p)
        hand = s.hand[p * 5 : p * 5 + 5]
        return [max(0, goal[k] - hand[k]) for k in range(5)]

    def _missing(self, s: CatanState, p: int, cost: tuple[int, ...]) -> int:
        return sum(max(0, cost[k] - s.hand[p * 5 + k]) for k in range(5))

    def _maritime(self, s: CatanState, legal: Sequence[Action]) -> Action | None:
        p = s.turn
        goal = self._goal(s, p)
        hand = s.hand[p * 5 : p * 5 + 5]
        need = [max(0, goal[k] - hand[k]) for k in range(5)]
        best: Action | None = None
        best_rate = 9
        for action in legal:
            if action.kind != "maritime":
                continue
            give, rate, get = (int(a) for a in action.args)
            if need[get] and hand[give] - rate >= goal[give] and rate < best_rate:
                best, best_rate = action, rate
        return best

    def offer_terms(self, s: CatanState) -> tuple[int, int] | None:
        """One surplus card for one card the goal lacks, or None."""
        p = s.turn
        need = self._needs(s, p)
        goal = self._goal(s, p)
        hand = s.hand[p * 5 : p * 5 + 5]
        surplus = [hand[k] - goal[k] for k in range(5)]
        if not any(need) or max(surplus) < 1:
            return None
        give = max(range(5), key=lambda k: surplus[k])
        wanted = max(range(5), key=lambda k: need[k])
        if give == wanted:
            return None
        # An offer is a question each other player must answer: people are asked only for
        # the one card that completes the goal, when another player is seen to hold it.
        if self.humans and (
            sum(need) > 1 or not any(s.known[q * 5 + wanted] for q in range(s.n) if q != p)
        ):
            return None
        return give, wanted

    def _draft(self, s: CatanState, legal: Sequence[Action]) -> Action:
        terms = self.offer_terms(s)
        if terms is None:
            return A.WITHDRAW
        give, wanted = terms
        if not s.offer[give] and A.OFFER_GIVE[give] in legal:
            return A.OFFER_GIVE[give]
        if not s.offer[5 + wanted] and A.OFFER_ASK[wanted] in legal:
            return A.OFFER_ASK[wanted]
        return A.PROPOSE if A.PROPOSE in legal else A.WITHDRAW

    def _trade_gain(self, s: CatanState, p: int, give: list[int], get: list[int]) -> float:
        need = self._needs(s, p)
        gain = 0.0
        for k in range(5):
            # Cards the goal lacks are worth a full card, others less; giving away a kind
            # the goal still lacks costs extra.
            gain += min(get[k], need[k]) * 1.0 + max(0, get[k] - need[k]) * 0.3
            gain -= give[k] * 0.5 + (1.0 if need[k] and give[k] else 0.0)
        return gain

    def _reply(self, s: CatanState, legal: Sequence[Action]) -> Action:
        r = s.responder
        if A.ACCEPT in legal:
            # The offer from the other side: r gives what is asked, gets what is given.
            gain = self._trade_gain(s, r, s.offer[5:], s.offer[:5])
            leader = max(range(s.n), key=lambda q: s.vp[q])
            if gain > 0.2 and not (leader == s.turn and s.vp[s.turn] >= WIN_POINTS - 2):
                return A.ACCEPT
        return A.DECLINE

    def _choose_partner(self, s: CatanState, legal: Sequence[Action]) -> Action:
        partners = [a for a in legal if a.kind == "trade_with"]
        if partners:
            return partners[0]
        return A.REJECT


# ---- play-out policy for search agents ------------------------------------------------------


def rollout_action(s: CatanState, legal: Sequence[Action], rng: Rng) -> Action:
    """Play-outs follow the heuristic player, drawing its few random tie-breaks from the
    play-out's generator; they open no domestic offers (cheaper, so more play-outs)."""
    return Heuristic(rng, propose=False).decide(s, legal)


def _policy(s: CatanState) -> Heuristic:
    """The heuristic player as the search sees it: tie-breaks seeded by the position, so
    the candidates are a function of the position alone."""
    return Heuristic(Rng(s.turns))


SEARCH_OFFERS: Final = 3
"""How many domestic offers a turn a search agent considers opening."""


def search_actions(s: CatanState, legal: Sequence[Action]) -> Sequence[Action]:
    """The candidates worth a search agent's time, so that its few play-outs go to real
    alternatives: the heuristic player's own choice, plus the best option of each other
    kind (the best road, the best site, best-rate bank trades, each card play, ending the
    turn); the best few starting sites, roads and robber hexes. A domestic offer may be
    opened whenever the heuristic has terms for one (it opens one a turn, a search up to
    SEARCH_OFFERS), written as the heuristic would; no counter-offers."""
    phase = s.phase
    if phase == MAIN:
        return _main_candidates(s, legal)
    if phase == OFFER_REPLY:
        return [a for a in legal if a is not A.COUNTER]
    if phase == OFFER_DRAFT:  # the heuristic writes the offer; the search judges opening it
        return [_policy(s).decide(s, legal)]
    if phase == COUNTER_DRAFT:
        return [A.DECLINE]
    if len(legal) <= 3:
        return legal
    if phase == SETUP_SETTLEMENT:
        prod = production(s, to_move(s))
        ranked = sorted(legal, key=lambda a: -site_value(s.board, int(a.args[0]), prod))
        return ranked[:5]
    if phase in (SETUP_ROAD, FREE_ROAD):
        return best_first(legal, road_values(s, legal))[:3]
    if phase == ROBBER:
        return _top_robber_moves(s, legal, 4)
    return legal


_CANDIDATES: Final[dict[tuple[object, ...], list[Action]]] = {}


def _main_candidates(s: CatanState, legal: Sequence[Action]) -> list[Action]:
    """Memoised on everything the choice depends on: a search meets the same position
    again and again."""
    key = (
        s.board,
        s.options["separate_trade_build"],
        s.turn,
        s.turns,
        s.robber,
        s.dev_played,
        s.built,
        s.offers_made,
        s.lr_holder,
        s.la_holder,
        len(s.deck),
        tuple(s.hand),
        tuple(s.bank),
        tuple(s.roads),
        tuple(s.buildings),
        tuple(s.dev),
        tuple(s.dev_new),
        tuple(s.knights),
    )
    found = _CANDIDATES.get(key)
    if found is None:
        if len(_CANDIDATES) > 50_000:
            _CANDIDATES.clear()
        found = _CANDIDATES[key] = _find_main_candidates(s, legal)
    return found


def _find_main_candidates(s: CatanState, legal: Sequence[Action]) -> list[Action]:
    policy = _policy(s)
    first = policy.decide(s, legal)
    out = [first]
    best_rate: dict[tuple[int, int], int] = {}
    roads, sites = [], []
    for action in legal:
        kind = action.kind
        if kind == "maritime":
            give, rate, get = (int(x) for x in action.args)
            key = (give, get)
            best_rate[key] = min(rate, best_rate.get(key, 9))
        elif kind == "road":
            roads.append(action)
        elif kind in ("settlement", "city"):
            sites.append(action)
    if roads:
        out.extend(best_first(roads, road_values(s, roads))[:2])
    if sites:
        out.append(max(sites, key=lambda a: site_value(s.board, int(a.args[0]))))
    if A.OPEN_OFFER in legal and s.offers_made < SEARCH_OFFERS and policy.offer_terms(s):
        out.append(A.OPEN_OFFER)  # the heuristic offers once a turn; a search may again
    for action in legal:
        kind = action.kind
        if kind in ("road", "settlement", "city", "trade"):
            continue
        if kind == "maritime":
            give, rate, get = (int(x) for x in action.args)
            if rate != best_rate[(give, get)]:
                continue
        out.append(action)
    unique: list[Action] = []
    for action in out:
        if action not in unique:
            unique.append(action)
    return unique


def road_values(s: CatanState, legal: Sequence[Action]) -> list[float]:
    """Per road, the best site at either end or one step beyond (less)."""
    prod = production(s, to_move(s))
    blocked, board = s.blocked, s.board
    sites: dict[int, float] = {}
    ends: dict[int, float] = {}

    def site(w: int) -> float:
        found = sites.get(w)
        if found is None:
            found = sites[w] = -9.0 if blocked >> w & 1 else site_value(board, w, prod)
        return found

    def end(v: int) -> float:
        found = ends.get(v)
        if found is None:
            found = ends[v] = max(site(v), *[site(w) - 2 for w in VERTEX_NEIGHBORS[v]])
        return found

    return [max(0.0, *[end(v) for v in EDGE_VERTICES[int(a.args[0])]]) for a in legal]


def robber_values(s: CatanState, legal: Sequence[Action]) -> list[float]:
    """Per robber move, how much it hurts the others (the leaders most) and not the mover."""
    p = s.turn
    board, buildings, vp, hand = s.board, s.buildings, s.vp, s.hand
    by_hex: dict[int, float] = {}
    out = []
    for action in legal:
        h, victim = int(action.args[0]), int(action.args[1])
        hurt = by_hex.get(h)
        if hurt is None:
            pips = PIPS[board.number[h]] if board.resource[h] >= 0 else 0
            hurt = 0.0
            for v in HEX_VERTICES[h]:
                b = buildings[v]
                if b:
                    owner = (b - 1) & 3
                    amount = 2 if b >= CITY_BASE else 1
                    hurt += (-3.0 if owner == p else 1.0 + 0.2 * vp[owner]) * amount * pips
            by_hex[h] = hurt
        if victim >= 0:
            hurt += 2.0 * min(sum(hand[victim * 5 : victim * 5 + 5]), 3)
        out.append(hurt)
    return out


def _top_robber_moves(s: CatanState, legal: Sequence[Action], count: int) -> list[Action]:
    return best_first(legal, robber_values(s, legal))[:count]


def best_first(actions: Sequence[Action], values: list[float]) -> list[Action]:
    """`actions` by their `values`, highest first (ties keep their order)."""
    order = sorted(range(len(actions)), key=lambda i: -values[i])
    return [actions[i] for i in order]
