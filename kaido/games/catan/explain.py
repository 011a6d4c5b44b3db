"""Why an action is refused: the clause it breaks and a sentence (only called on refusal)."""

from __future__ import annotations

from kaido.core.actions import Action
from kaido.core.errors import IllegalAction
from kaido.games.catan import actions as A
from kaido.games.catan.board import (
    CITY_COST,
    DEV_COST,
    EDGE_BIT,
    EDGE_VERTICES,
    KNIGHT,
    MONOPOLY,
    RESOURCES,
    ROAD_BUILDING,
    ROAD_COST,
    SETTLEMENT_COST,
    VERTEX_BIT,
    YEAR_OF_PLENTY,
)
from kaido.games.catan.engine import hex_victims
from kaido.games.catan.state import (
    CITY_BASE,
    COUNTER_DRAFT,
    COUNTERED,
    DISCARD,
    FREE_ROAD,
    OFFER_CHOICE,
    OFFER_DRAFT,
    OFFER_REPLY,
    OVER,
    PRE_ROLL,
    ROBBER,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    CatanState,
)

DEV_PLAYS = {"knight", "road_building", "year_of_plenty", "monopoly"}
BUILDS = {"road", "settlement", "city", "buy"}
TRADES = {"maritime", "trade", "offer_give", "offer_ask"}
NEGOTIATION = {
    "propose",
    "withdraw",
    "accept",
    "decline",
    "counter",
    "counter_give",
    "counter_ask",
    "counter_submit",
    "trade_with",
    "reject",
}


def why_illegal(s: CatanState, action: Action) -> IllegalAction:
    if s.phase == OVER:
        return IllegalAction("CT-WIN-2", "the game is over")
    kind = action.kind
    phase = s.phase
    if phase in (SETUP_SETTLEMENT, SETUP_ROAD):
        return _setup(s, action)
    if phase == DISCARD:
        if kind != "discard":
            return IllegalAction("CT-SEVEN-2", "players with more than 7 cards must discard first")
        return IllegalAction("CT-SEVEN-2", "you can only discard a card you hold")
    if phase == ROBBER:
        return _robber(s, action)
    if phase == FREE_ROAD:
        if kind != "road":
            return IllegalAction("CT-PROG-1", "place the Road Building roads first")
        return _road(s, s.turn, int(action.args[0]), free=True)
    if phase in (OFFER_DRAFT, OFFER_REPLY, COUNTER_DRAFT, OFFER_CHOICE):
        return _negotiation(s, action)
    if kind in DEV_PLAYS:
        return _dev_play(s, action)
    if kind == "discard":
        return IllegalAction("CT-TRADE-10", "cards are discarded only on a 7")
    if kind == "robber":
        return IllegalAction("CT-ROBBER-1", "the robber moves only on a 7 or with a knight")
    if kind in NEGOTIATION:
        return IllegalAction("CT-TRADE-9", "no trade offer is open")
    if phase == PRE_ROLL:
        if kind in TRADES:
            return IllegalAction("CT-TRADE-1", "trading starts after the roll")
        return IllegalAction(
            "CT-TURN-1", "roll the dice first (only a development card may come before)"
        )
    if kind == "roll":
        return IllegalAction("CT-TURN-1", "the dice were already rolled this turn")
    if kind in TRADES:
        return _trade(s, action)
    if kind in BUILDS:
        return _build(s, action)
    return IllegalAction("CT-TURN-5", f"{kind} is not possible now")


def _setup(s: CatanState, action: Action) -> IllegalAction:
    kind = action.kind
    if s.phase == SETUP_SETTLEMENT:
        if kind != "settlement":
            return IllegalAction("CT-SETUP-4", "place a starting settlement first")
        v = int(action.args[0])
        if s.buildings[v]:
            return IllegalAction("CT-SETTLE-1", f"intersection {v} is taken")
        return IllegalAction("CT-SETUP-5", f"intersection {v} breaks the distance rule")
    if kind != "road":
        return IllegalAction("CT-SETUP-4", "place the road of this starting settlement")
    e = int(action.args[0])
    if s.occupied_edges & EDGE_BIT[e]:
        return IllegalAction("CT-BOARD-3", f"path {e} already holds a road")
    return IllegalAction("CT-SETUP-4", "the starting road must touch the settlement just placed")


def _robber(s: CatanState, action: Action) -> IllegalAction:
    if action.kind != "robber":
        return IllegalAction("CT-SEVEN-3", "move the robber first")
    h, victim = int(action.args[0]), int(action.args[1])
    if h == s.robber:
        return IllegalAction("CT-ROBBER-2", "the robber must move to another hex")
    if s.by_knight and h == s.board.desert and not s.options["knight_to_desert"]:
        return IllegalAction("CT-KNIGHT-1", "a knight moves the robber to a hex with a token")
    victims = hex_victims(s, h, s.turn)
    if victim == A.NOBODY:
        return IllegalAction("CT-ROBBER-4", "an opponent on that hex must be robbed (R-4)")
    return IllegalAction(
        "CT-ROBBER-4", f"player {victim} has no building on that hex to rob (can: {victims})"
    )


def _dev_play(s: CatanState, action: Action) -> IllegalAction:
    card = {
        "knight": KNIGHT,
        "road_building": ROAD_BUILDING,
        "year_of_plenty": YEAR_OF_PLENTY,
        "monopoly": MONOPOLY,
    }[action.kind]
    if s.dev_played:
        return IllegalAction("CT-DEV-4", "only one development card may be played per turn")
    held = s.dev[s.turn * 5 + card]
    if not held:
        return IllegalAction("CT-DEV-2", "you hold no such development card")
    if held <= s.dev_new[card]:
        return IllegalAction("CT-DEV-5", "a card cannot be played the turn it was bought")
    return IllegalAction("CT-PROG-2", "the bank cannot give those cards; take what it holds")


def _trade(s: CatanState, action: Action) -> IllegalAction:
    if s.built and s.options["separate_trade_build"]:
        return IllegalAction("CT-TURN-3", "no trading once building has begun (beginner mode)")
    p = s.turn
    hand = s.hand[p * 5 : p * 5 + 5]
    if action.kind == "trade":
        return IllegalAction("CT-TRADE-5", "a trade needs cards on both sides to exchange")
    if action.kind in ("offer_give", "offer_ask"):
        return IllegalAction("CT-TRADE-9", "open an offer first (trade)")
    give, rate, get = (int(a) for a in action.args)
    if rate == 3 and not s.ports[p] >> 5 & 1:
        return IllegalAction("CT-PORT-4", "3:1 needs a settlement or city on a generic harbour")
    if rate == 2 and not s.ports[p] >> give & 1:
        return IllegalAction(
            "CT-PORT-5", f"2:1 needs a settlement or city on the {RESOURCES[give]} harbour"
        )
    if hand[give] < rate:
        return IllegalAction("CT-PORT-2", f"you need {rate} {RESOURCES[give]}")
    return IllegalAction("CT-PORT-6", f"the bank has no {RESOURCES[get]} left")


def _build(s: CatanState, action: Action) -> IllegalAction:
    p = s.turn
    kind = action.kind
    if kind == "buy":
        if not s.deck:
            return IllegalAction("CT-DEV-2", "the development deck is empty")
        return _cannot_pay(s, p, DEV_COST, "a development card")
    if kind == "road":
        return _road(s, p, int(action.args[0]), free=False)
    v = int(action.args[0])
    if kind == "city":
        b = s.buildings[v]
        if not (b and b < CITY_BASE and (b - 1) & 3 == p):
            return IllegalAction("CT-CITY-1", "a city only replaces one of your settlements")
        if not s.pieces[p * 3 + 2]:
            return IllegalAction("CT-BUILD-3", "all 4 of your cities are on the board")
        return _cannot_pay(s, p, CITY_COST, "a city")
    if s.buildings[v]:
        return IllegalAction("CT-SETTLE-1", f"intersection {v} is taken")
    if s.blocked & VERTEX_BIT[v]:
        return IllegalAction("CT-SETTLE-3", f"intersection {v} is next to a building")
    if not s.reach[p] & VERTEX_BIT[v]:
        return IllegalAction("CT-SETTLE-2", f"intersection {v} is not on one of your roads")
    if not s.pieces[p * 3 + 1]:
        return IllegalAction("CT-SETTLE-4", "all 5 settlements are out; upgrade one first")
    return _cannot_pay(s, p, SETTLEMENT_COST, "a settlement")


def _road(s: CatanState, p: int, e: int, *, free: bool) -> IllegalAction:
    if s.occupied_edges & EDGE_BIT[e]:
        return IllegalAction("CT-BOARD-3", f"path {e} already holds a road")
    if not s.frontier[p] & EDGE_BIT[e]:
        a, b = EDGE_VERTICES[e]
        return IllegalAction(
            "CT-ROAD-1",
            f"road {a}-{b} does not connect to your road, settlement or city "
            "(an opponent's building cuts a connection)",
        )
    if not s.pieces[p * 3]:
        return IllegalAction("CT-BUILD-3", "all 15 of your roads are on the board")
    if free:
        return IllegalAction("CT-PROG-1", "that road cannot be placed now")
    return _cannot_pay(s, p, ROAD_COST, "a road")


def _cannot_pay(s: CatanState, p: int, cost: tuple[int, ...], what: str) -> IllegalAction:
    hand = s.hand[p * 5 : p * 5 + 5]
    if any(hand[k] < cost[k] for k in range(5)):
        need = ", ".join(f"{c} {RESOURCES[k]}" for k, c in enumerate(cost) if c)
        return IllegalAction("CT-BUILD-1", f"{what} costs {need}")
    return IllegalAction("CT-BUILD-2", f"{what} cannot be built now")


def _negotiation(s: CatanState, action: Action) -> IllegalAction:
    kind = action.kind
    phase = s.phase
    if phase in (OFFER_REPLY, COUNTER_DRAFT):
        if kind in ("trade_with", "propose", "reject"):
            return IllegalAction("CT-TRADE-2", "only the player on turn trades with the others")
        if kind in ("maritime", "discard"):
            return IllegalAction("CT-TRADE-10", "no bank trade or discard outside your turn")
        if kind == "trade":
            return IllegalAction("CT-TRADE-3", "off turn you trade only when chosen as partner")
    if kind in ("roll", "end", "buy", "road", "settlement", "city", "maritime") or (
        kind in DEV_PLAYS
    ):
        return IllegalAction("CT-TRADE-9", "finish or withdraw the open trade offer first")
    if phase == OFFER_DRAFT:
        return _draft(s, action, s.offer)
    if phase == OFFER_REPLY:
        if kind == "accept":
            return IllegalAction("CT-TRADE-11", "you do not hold the cards asked for")
        if kind == "counter":
            return IllegalAction("CT-TRADE-6", "a counter-offer needs cards on both sides")
        return IllegalAction("CT-TRADE-3", "answer the offer: accept, decline or counter")
    if phase == COUNTER_DRAFT:
        o = s.responder * 10
        return _draft(s, action, s.counters[o : o + 10])
    if kind == "trade_with":
        q = int(action.args[0])
        if q == s.turn or q >= s.n:
            return IllegalAction("CT-TRADE-11", "a trade is with exactly one other player")
        if s.replies[q] == COUNTERED:
            return IllegalAction("CT-TRADE-11", "you do not hold the cards that counter asks")
        return IllegalAction("CT-TRADE-11", f"player {q} did not accept or counter")
    return IllegalAction("CT-TRADE-9", "choose a partner among the offers, or reject them")


def _draft(s: CatanState, action: Action, terms: list[int]) -> IllegalAction:
    """Why a card cannot be added to the offer (or counter-offer) being written."""
    kind = action.kind
    if kind in ("propose", "counter_submit"):
        return IllegalAction("CT-TRADE-6", "each side must give at least 1 card (no gifts)")
    if kind not in ("offer_give", "offer_ask", "counter_give", "counter_ask"):
        return IllegalAction("CT-TRADE-9", "finish the offer: add cards, propose or withdraw")
    if kind.startswith("offer") != (s.phase == OFFER_DRAFT):
        return IllegalAction("CT-TRADE-3", "that is not your offer to write")
    k = int(action.args[0])
    gives = kind.endswith("give")
    if terms[5 + k] if gives else terms[k]:
        return IllegalAction("CT-TRADE-7", f"{RESOURCES[k]} cannot be on both sides")
    if gives:
        return IllegalAction("CT-TRADE-5", f"you hold no more {RESOURCES[k]}")
    return IllegalAction("CT-TRADE-11", f"the other side cannot hold more {RESOURCES[k]}")
