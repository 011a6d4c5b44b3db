"""Why an action is refused: `why(state, key)` gives the clause it breaks and a sentence."""

from __future__ import annotations

from kaido.core.errors import IllegalAction
from kaido.games.cargo_empire.engine import (
    Key,
    blocked_city,
    demand_colour,
    emblem_city,
    hand,
    plan_keys,
    present,
)
from kaido.games.cargo_empire.payments import feasible, smaller_feasible
from kaido.games.cargo_empire.state import (
    CLAN_NAMES,
    ELLESTON,
    F_CARD,
    F_CITY,
    F_CITY_GOAL,
    F_EMBLEM,
    F_END,
    F_EXPRESS,
    F_EXTRA,
    F_FIRST,
    F_GOAL,
    F_ORDER,
    F_PAY,
    F_PLAN,
    F_ROW,
    F_SECOND,
    F_TINO,
    F_VASSAL,
    GLATT,
    KASHA,
    PHASE_OVER,
    ROCKRIEL,
    TINO,
    CEState,
)

ABILITIES = {"move_emblem", "elleston_car", "glatt_move", "rockriel", "kasha", "tino_swap"}
ASKED = {
    F_GOAL: ("CE-SET-12", "keep one of the two goal cards drawn"),
    F_CARD: ("CE-SET-15", "take a transport card of any type"),
    F_FIRST: ("CE-SET-17", "put a first post on a display city"),
    F_SECOND: ("CE-SET-18", "put the second post on the personal city card's city"),
    F_EMBLEM: ("CE-CLAN-3", "put the emblem tile on a city"),
    F_PLAN: ("CE-TURN-5", "choose an origin and a destination"),
    F_PAY: ("CE-PAY-1", "pay for the planned transport"),
    F_ORDER: ("CE-DEV-7", "choose which marker takes its transport steps next"),
    F_EXTRA: ("CE-DEV-5", "choose the marker for the next city or full-upgrade step"),
    F_ROW: ("CE-DEV-8", "choose the upper or lower row"),
    F_CITY: ("CE-DEV-15", "take a city card from the display"),
    F_END: ("CE-CLAN-6", "use a paid ability or end the turn"),
    F_TINO: ("CE-CLAN-20", "say whether the emblem city is a harbour"),
    F_CITY_GOAL: ("CE-ADV-4", "take a city card or goal cards"),
    F_EXPRESS: ("CE-DIOR-6", "take one express tile your route passes"),
    F_VASSAL: ("CE-2P-7", "place a vassal post"),
}
KIND_OF_FRAME = {
    F_GOAL: {"keep_goal"},
    F_CARD: {"take_card"},
    F_FIRST: {"first_post"},
    F_SECOND: {"second_post"},
    F_EMBLEM: {"emblem"},
    F_PLAN: {"plan", "refill", "take_three"} | ABILITIES,
    F_PAY: {"pay"},
    F_ORDER: {"advance"},
    F_EXTRA: {"extra"},
    F_ROW: {"row"},
    F_CITY: {"city_card"},
    F_END: {"end_turn"} | ABILITIES,
    F_TINO: {"tino_harbour"},
    F_CITY_GOAL: {"city_or_goal"},
    F_EXPRESS: {"express", "no_express"},
    F_VASSAL: {"vassal"},
}


def refuse(clause: str, sentence: str) -> IllegalAction:
    return IllegalAction(clause, sentence)


def why(st: CEState, key: Key) -> IllegalAction:
    if st.phase == PHASE_OVER:
        return refuse("CE-TURN-1", "the game is over")
    frame = st.stack[-1]
    kind = key[0]
    if kind not in KIND_OF_FRAME[frame[0]]:
        if kind in ABILITIES:
            return refuse("CE-CLAN-6", "paid abilities are used only in your own turn, before "
                          "the transport or after development")  # fmt: skip
        clause, asked = ASKED[frame[0]]
        return refuse(clause, f"now P{frame[1] + 1} must {asked}, not {kind}")
    p = frame[1]
    if kind == "plan":
        return _plan(st, p, key)
    if kind == "pay":
        return _pay(st, p, key)
    if kind in ("refill", "take_three"):
        if plan_keys(st, p):
            return refuse("CE-PAY-11", "a transport is possible, so it must be made")
        return refuse("CE-PAY-14", "refill a level-1/2 city where you are present and which "
                      "has an empty production space (AMB-17)")  # fmt: skip
    if kind in ABILITIES:
        return _ability(st, p, key)
    if kind == "vassal":
        return _vassal(st, p, key)
    if kind == "express":
        if 0 <= key[1] < len(st.express) and st.express[key[1]] < 0:
            return refuse("CE-DIOR-5", "that express space's tile is gone: it gives nothing")
        return refuse("CE-DIOR-4", "no route your cards may take passes that express space")
    if kind == "no_express":
        return refuse("CE-DIOR-4", "every route your cards may take passes a tile: take one")
    clause, asked = ASKED[frame[0]]
    return refuse(clause, f"that choice is not open: {asked}")


def _plan(st: CEState, p: int, key: Key) -> IllegalAction:
    o, d, space, colour = key[1:5]
    if o == d:
        return refuse("CE-TURN-5", "origin and destination must differ")
    if st.tile[o] < 0 or st.tile[d] < 0:
        return refuse("CE-TURN-9", "a level-3 city is neither origin nor destination")
    if not present(st, p, o):
        return refuse("CE-TURN-6", f"you have no post in {st.comp.names[o]}")
    if st.prod[2 * o] < 0 and st.prod[2 * o + 1] < 0:
        return refuse("CE-TURN-7", f"{st.comp.names[o]} holds no cube")
    if blocked_city(st, p) in (o, d):
        return refuse("CE-CLAN-14", "Rockriel's emblem city is closed to other players")
    if st.dem[2 * d + space] >= 0:
        return refuse("CE-TURN-8", "that demand space already holds a post")
    if colour not in st.prod[2 * o : 2 * o + 2]:
        return refuse("CE-TURN-8", f"{st.comp.names[o]} has no cube of that colour")
    if colour != demand_colour(st, d, space) and emblem_city(st, p, GLATT) not in (o, d):
        return refuse("CE-TURN-8", "the demand space asks for another colour")
    return refuse("CE-PAY-12", "your cards cannot pay for this transport: plan another")


def _vassal(st: CEState, p: int, key: Key) -> IllegalAction:
    o, d, _, colour = key[1:5]
    if o == d:
        return refuse("CE-TURN-5", "origin and destination must differ")
    if st.tile[o] < 0 or st.tile[d] < 0:
        return refuse("CE-TURN-9", "a level-3 city is neither origin nor destination")
    if colour not in st.prod[2 * o : 2 * o + 2]:
        return refuse("CE-2P-8", f"{st.comp.names[o]} holds no cube of that colour")
    if blocked_city(st, p) in (o, d):
        return refuse("CE-CLAN-14", "Rockriel's emblem city is closed to the other vassal")
    return refuse("CE-2P-9", "the destination needs an empty demand space of the cube's colour")


def _pay(st: CEState, p: int, key: Key) -> IllegalAction:
    pay = (key[1], key[2], key[3])
    mode = key[4]
    cards = hand(st, p)
    if any(pay[t] > cards[t] for t in range(3)):
        return refuse("CE-PAY-1", "you do not hold these cards")
    o, d = st.plan[0], st.plan[1]
    if mode == 1:
        if emblem_city(st, p, ELLESTON) not in (o, d):
            return refuse("CE-CLAN-9", "the 2-card payment needs Elleston's emblem city as "
                          "origin or destination")  # fmt: skip
        if sum(pay) != 2:
            return refuse("CE-CLAN-9", "Elleston's payment is exactly 2 cards")
        return refuse("CE-PAY-7", "these 2 cards are already a normal payment")
    extra = emblem_city(st, p, TINO)
    if pay[2] > 1:
        return refuse("CE-PAY-7", "one ship from the first port to the last always suffices")
    if feasible(st.comp, o, d, pay, st.enhanced, extra):
        smaller = smaller_feasible(st.comp, o, d, pay, st.enhanced, extra) or pay
        return refuse("CE-PAY-7", f"a smaller set of these cards (car {smaller[0]}, "
                      f"locomotive {smaller[1]}, ship {smaller[2]}) could pay: no "
                      "inefficient play")  # fmt: skip
    return refuse("CE-PAY-5", "these cards cannot carry the cube from "
                  f"{st.comp.names[o]} to {st.comp.names[d]} (car 1 route, locomotive 1-2, "
                  "ship harbour to harbour, one leg a card)")  # fmt: skip


def _ability(st: CEState, p: int, key: Key) -> IllegalAction:
    if not st.clan:
        return refuse("CE-CLAN-1", "clans are not in play")
    if st.cubes[p] < 2:
        return refuse("CE-CLAN-6", "a paid ability costs 2 cubes")
    own = {
        "elleston_car": ELLESTON,
        "glatt_move": GLATT,
        "rockriel": ROCKRIEL,
        "kasha": KASHA,
        "tino_swap": TINO,
    }.get(key[0])
    if own is not None and st.clan[p] != own:
        return refuse("CE-CLAN-2", f"that ability belongs to {CLAN_NAMES[own]}")
    clauses = {
        "move_emblem": ("CE-CLAN-8", "move the emblem to another city"),
        "glatt_move": ("CE-CLAN-13", "a cube goes to an empty same-colour production space of "
                       "another level-1/2 tile"),
        "rockriel": ("CE-CLAN-15", "enhance at most one locomotive you hold per payment, "
                     "before the transport"),
        "kasha": ("CE-CLAN-17", "gain another clan's emblem ability once a turn, before the "
                  "transport"),
        "tino_swap": ("CE-CLAN-19", "discard a car or locomotive you hold"),
        "elleston_car": ("CE-CLAN-11", "take a car card"),
    }  # fmt: skip
    clause, sentence = clauses[key[0]]
    return refuse(clause, sentence)
