"""Cargo Empire's transitions: who decides, the legal decisions, and applying them.

Every function takes the state; `legal_keys` lists decisions as tuples `(kind, *args)` and
`answer` applies one known to be legal. Automatic frames (the start of play, development,
a moving marker, final scoring) run in `settle` until a player has to decide.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from kaido.core.events import Event
from kaido.games.cargo_empire.board import (
    ANY_AND_STEP,
    ANY_CARD,
    B_ANY,
    B_CAR,
    B_CITY,
    B_CITY_GOAL,
    B_GOAL,
    B_LOCO,
    B_SHIP,
    CAR,
    LOCO,
    SHIP,
)
from kaido.games.cargo_empire.payments import (
    express_choices,
    legal_payments,
    payable,
    two_card_payments,
)
from kaido.games.cargo_empire.scoring import final_scores
from kaido.games.cargo_empire.state import (
    AUTOMATIC,
    BLANK,
    ELLESTON,
    F_BEGIN,
    F_BOT,
    F_CARD,
    F_CITY,
    F_CITY_GOAL,
    F_DEV,
    F_EMBLEM,
    F_END,
    F_EXPRESS,
    F_EXTRA,
    F_FIRST,
    F_GOAL,
    F_MOVE,
    F_ORDER,
    F_PAY,
    F_PLAN,
    F_ROW,
    F_SCORE,
    F_SECOND,
    F_TINO,
    F_VASSAL,
    GLATT,
    KASHA,
    PHASE_OVER,
    PHASE_PLAY,
    ROCKRIEL,
    ROUNDS,
    TINO,
    CEState,
)
from kaido.games.cargo_empire.track import LOST, NEED_ROW, bonus_at, next_space, position

Key = tuple[Any, ...]
Events = list[Event] | None

AUTOMATIC_RUN: Final[dict[int, Callable[[CEState, list[int], Events], None]]] = {}
"""Automatic frames run by another module (the bot's, registered by `solo`)."""
BOT_HOOKS: Final[dict[str, Callable[..., None]]] = {}
"""The bot's bonuses and rows (`solo.bonus`, `solo.row`)."""


def emit(events: Events, kind: str, **data: Any) -> None:
    if events is not None:
        events.append(Event(kind, data))


# ---- who decides ---------------------------------------------------------------------------


def to_move(st: CEState) -> int:
    if st.phase == PHASE_OVER or not st.stack:
        return -1
    return st.stack[-1][1]


def on_turn(st: CEState) -> int:
    return st.order[st.turn % st.n]


# ---- map facts -----------------------------------------------------------------------------


def present(st: CEState, p: int, city: int) -> bool:
    """CE-DEF-1: a post on the tile or on the city's trading-post spaces."""
    return st.dem[2 * city] == p or st.dem[2 * city + 1] == p or st.tp[city * st.n + p] > 0


def demand_colour(st: CEState, city: int, space: int) -> int:
    return st.comp.demand[st.tile[city]][st.level[city] - 1][space]


def produce_colour(st: CEState, city: int, space: int) -> int:
    return st.comp.produce[st.tile[city]][st.level[city] - 1][space]


def hand(st: CEState, p: int) -> tuple[int, int, int]:
    return (st.cards[3 * p], st.cards[3 * p + 1], st.cards[3 * p + 2])


# ---- clans ---------------------------------------------------------------------------------


def seat_of_clan(st: CEState, clan: int) -> int:
    return st.clan.index(clan) if clan in st.clan else -1


def emblem_city(st: CEState, p: int, clan: int) -> int:
    """Where `p` may use `clan`'s emblem ability now: their own emblem's city, or for Kasha
    the city of an emblem she gained this turn (CE-CLAN-17, AMB-21); -1 otherwise."""
    if not st.clan:
        return -1
    if st.clan[p] == clan:
        return st.emblem[p]
    if st.clan[p] == KASHA and st.gained >> clan & 1:
        owner = seat_of_clan(st, clan)
        return st.emblem[owner] if owner >= 0 else -1
    return -1


def blocked_city(st: CEState, p: int) -> int:
    """CE-CLAN-14: Rockriel's emblem city is closed to others (not to a Kasha acting as
    its owner, AMB-21); -1 when nothing is closed to `p`."""
    if not st.clan:
        return -1
    owner = seat_of_clan(st, ROCKRIEL)
    if owner < 0 or owner == p or emblem_city(st, p, ROCKRIEL) >= 0:
        return -1
    return st.emblem[owner]


# ---- decks ---------------------------------------------------------------------------------


def draw_city(st: CEState) -> int:
    """The next city card (CE-DEV-16, CE-DEV-17, AMB-43): cards of level-3 cities go under
    the deck and another is drawn; an empty deck, or one of level-3 cards only, gives a
    blank."""
    while True:
        if st.deck:
            card = st.deck.pop()
        elif st.blanks:
            st.blanks -= 1
            return BLANK
        elif any(c == BLANK or st.level[c] < 3 for c in st.bottom):
            card = st.bottom.pop(0)  # a blank here went back under the deck (AMB-32)
        else:
            return BLANK
        st.reveals += 1
        if card == BLANK or st.level[card] < 3:
            return card
        st.bottom.append(card)


def draw_goals(st: CEState, p: int, events: Events) -> None:
    """CE-DEV-18, CE-DEV-19, AMB-14: draw 2 and keep 1; 1 left: take it; none: nothing."""
    st.reveals += 1
    if len(st.goal_deck) >= 2:
        first, second = st.goal_deck.pop(), st.goal_deck.pop()
        st.goal_from.pop()
        st.goal_from.pop()
        st.stack.append([F_GOAL, p, first, second])
    elif st.goal_deck:
        st.goals[p].append(st.goal_deck.pop())
        st.goal_from.pop()
        emit(events, "goal_taken", player=p)


# ---- legal decisions -----------------------------------------------------------------------


def legal_keys(st: CEState) -> list[Key]:
    if st.phase == PHASE_OVER or not st.stack:
        return []
    frame = st.stack[-1]
    kind, p = frame[0], frame[1]
    if kind == F_PLAN:
        keys = ability_keys(st, p, True)
        plans = plan_keys(st, p)
        return keys + (plans or fallback_keys(st, p))
    if kind == F_PAY:
        return [("pay", *pay, mode) for pay, mode in payments(st, p)]
    if kind == F_ROW:
        return [("row", 0), ("row", 1)]
    if kind == F_ORDER:
        return [("advance", t) for t in range(3) if st.dev[t]]
    if kind == F_EXTRA:
        mask = st.stack[-2][4]
        return [("extra", t) for t in range(3) if mask >> t & 1]
    if kind == F_CITY:
        return [("city_card", slot) for slot in range(len(st.display))]
    if kind == F_GOAL:
        return [("keep_goal", g) for g in sorted(frame[2:4])]
    if kind == F_CARD:
        return [("take_card", t) for t in range(3)]
    if kind == F_CITY_GOAL:
        return [("city_or_goal", 0), ("city_or_goal", 1)]
    if kind == F_EXPRESS:
        tiles: list[Key] = [("express", k) for k in range(6) if frame[2] >> k & 1]
        return [*tiles, ("no_express",)] if frame[3] else tiles
    if kind == F_END:
        return [*ability_keys(st, p, False), ("end_turn",)]
    if kind == F_FIRST:
        return first_post_keys(st)
    if kind == F_SECOND:
        return [("second_post", 0), ("second_post", 1)]
    if kind == F_EMBLEM:
        return [("emblem", c) for c in range(st.comp.cities)]
    if kind == F_TINO:
        return [("tino_harbour", 1), ("tino_harbour", 0)]
    if kind == F_VASSAL:
        return vassal_keys(st, p)
    raise AssertionError(f"no decision on frame {frame}")


def first_post_keys(st: CEState) -> list[Key]:
    """CE-SET-17: a display city no other first post took, either demand space."""
    cities = sorted(
        c for c in st.display if c != BLANK and st.dem[2 * c] < 0 and st.dem[2 * c + 1] < 0
    )
    return [("first_post", c, i) for c in cities for i in (0, 1)]


def plan_keys(st: CEState, p: int) -> list[Key]:
    """Every (origin, destination, demand space, cube colour) that some payment can carry
    (CE-TURN-5..9, CE-PAY-12, CE-CLAN-12, CE-CLAN-14)."""
    cards = hand(st, p)
    if not sum(cards):
        return []
    n_cities = st.comp.cities
    blocked = blocked_city(st, p)
    tile, prod, dem = st.tile, st.prod, st.dem
    origins = [
        c
        for c in range(n_cities)
        if tile[c] >= 0
        and c != blocked
        and (prod[2 * c] >= 0 or prod[2 * c + 1] >= 0)
        and present(st, p, c)
    ]
    if not origins:
        return []
    glatt = emblem_city(st, p, GLATT)
    elleston = emblem_city(st, p, ELLESTON) if sum(cards) >= 2 else -1
    extra = emblem_city(st, p, TINO)
    # The destinations (bit masks): with an empty demand space, and by the colour asked.
    targets = 0
    asking = [0] * len(st.comp.cube_colours)
    for d in range(n_cities):
        if tile[d] >= 0 and d != blocked:
            for i in (0, 1):
                if dem[2 * d + i] < 0:
                    targets |= 1 << d
                    asking[demand_colour(st, d, i)] |= 1 << d
    if glatt >= 0 and targets >> glatt & 1:
        asking = [mask | 1 << glatt for mask in asking]  # any colour to Glatt's emblem city
    keys: list[Key] = []
    for o in origins:
        colours = sorted({prod[2 * o], prod[2 * o + 1]} - {-1})
        wanted = targets
        if glatt != o:  # any colour from Glatt's emblem city
            wanted = 0
            for k in colours:
                wanted |= asking[k]
        if elleston != o:
            reach = payable(st.comp, o, cards, st.enhanced, extra)
            if elleston >= 0:
                reach |= 1 << elleston
            wanted &= reach
        wanted &= ~(1 << o)
        d = 0
        while wanted:
            if wanted & 1:
                _plan_keys_to(st, keys, o, d, colours, glatt in (o, d))
            wanted >>= 1
            d += 1
    return keys


def _plan_keys_to(
    st: CEState, keys: list[Key], o: int, d: int, colours: list[int], any_colour: bool
) -> None:
    """The plans from `o` to `d`: each empty demand space with the colour it asks, or with
    any colour `o` produces when `any_colour` (CE-CLAN-12)."""
    for i in (0, 1):
        if st.dem[2 * d + i] < 0:
            if any_colour:
                for k in colours:
                    keys.append(("plan", o, d, i, k))
            else:
                k = demand_colour(st, d, i)
                if k in colours:
                    keys.append(("plan", o, d, i, k))


def vassal_keys(st: CEState, p: int) -> list[Key]:
    """CE-2P-8, CE-2P-9: any city holding a cube, to any other city with an empty demand
    space of its colour; free, any distance. Rockriel's emblem city is closed to the other
    player's vassal, open to Rockriel's own (AMB-27)."""
    blocked = blocked_city(st, p)
    live = [c for c in range(st.comp.cities) if st.tile[c] >= 0 and c != blocked]
    wanted: dict[int, list[tuple[int, int]]] = {}
    for d in live:
        for i in (0, 1):
            if st.dem[2 * d + i] < 0:
                wanted.setdefault(demand_colour(st, d, i), []).append((d, i))
    keys: list[Key] = []
    for o in live:
        for k in sorted({st.prod[2 * o], st.prod[2 * o + 1]} - {-1}):
            keys += [("vassal", o, d, i, k) for d, i in wanted.get(k, ()) if d != o]
    return keys


def payments(st: CEState, p: int) -> list[tuple[tuple[int, int, int], int]]:
    """The distinct legal ways to pay for the plan: card multisets (mode 0), then
    Elleston's 2-card payments not already among them (mode 1, CE-CLAN-9)."""
    o, d = st.plan[0], st.plan[1]
    cards = hand(st, p)
    normal = legal_payments(st.comp, o, d, cards, st.enhanced, emblem_city(st, p, TINO))
    out = [(pay, 0) for pay in normal]
    if emblem_city(st, p, ELLESTON) in (o, d):
        out += [(pay, 1) for pay in two_card_payments(cards) if pay not in normal]
    return out


def fallback_keys(st: CEState, p: int) -> list[Key]:
    """CE-PAY-13, CE-PAY-14, AMB-17: refill a city where present, or take 3 cards."""
    keys: list[Key] = [
        ("refill", c)
        for c in range(st.comp.cities)
        if st.tile[c] >= 0 and (st.prod[2 * c] < 0 or st.prod[2 * c + 1] < 0) and present(st, p, c)
    ]
    keys.append(("take_three",))
    return keys


def ability_keys(st: CEState, p: int, before: bool) -> list[Key]:
    """Paid abilities (CE-CLAN-6): 2 cubes each, in the player's own turn. Before the
    transport all are offered; after it only those that can still matter."""
    if not st.clan or st.cubes[p] < 2 or st.emblem[p] < 0:
        return []
    clan = st.clan[p]
    keys: list[Key] = [("move_emblem", c) for c in range(st.comp.cities) if c != st.emblem[p]]
    if clan == ELLESTON:
        keys.append(("elleston_car",))
    elif clan == GLATT:
        keys += glatt_keys(st)
    elif clan == ROCKRIEL and before and st.enhanced < st.cards[3 * p + LOCO]:
        keys.append(("rockriel",))
    elif clan == KASHA and before:
        keys += [
            ("kasha", c)
            for c in sorted(st.clan)
            if c not in (KASHA, -1)
            and not st.gained >> c & 1
            and st.emblem[seat_of_clan(st, c)] >= 0
        ]
    elif clan == TINO:
        # Discarding a ship for a ship changes nothing but the cubes: not offered.
        keys += [("tino_swap", t) for t in (CAR, LOCO) if st.cards[3 * p + t]]
    return keys


def glatt_keys(st: CEState) -> list[Key]:
    """CE-CLAN-13, AMB-24: a cube to an empty same-colour production space of another
    level-1/2 tile."""
    sources: dict[int, list[int]] = {}
    targets: dict[int, list[int]] = {}
    for c in range(st.comp.cities):
        if st.tile[c] < 0:
            continue
        for i in (0, 1):
            cube = st.prod[2 * c + i]
            if cube >= 0:
                sources.setdefault(cube, []).append(c)
            else:
                targets.setdefault(produce_colour(st, c, i), []).append(c)
    keys: list[Key] = []
    for colour in sorted(sources):
        for a in sorted(set(sources[colour])):
            keys += [
                ("glatt_move", a, b, colour) for b in sorted(set(targets.get(colour, ()))) if b != a
            ]
    return keys


# ---- applying a decision -------------------------------------------------------------------


def answer(st: CEState, key: Key, events: Events) -> None:
    kind = key[0]
    frame = st.stack[-1]
    p = frame[1]
    HANDLERS[kind](st, p, key, events)
    settle(st, events)


def _keep_goal(st: CEState, p: int, key: Key, events: Events) -> None:
    frame = st.stack.pop()
    kept = key[1]
    other = frame[2] if frame[3] == kept else frame[3]
    st.goals[p].append(kept)
    st.goal_deck.insert(0, other)  # CE-SET-12, CE-DEV-18: the other under the deck
    st.goal_from.insert(0, p)
    if events is not None:
        events.append(Event("goal_kept", {"player": p}, {"goal": kept}, (p,)))


def _take_card(st: CEState, p: int, key: Key, events: Events) -> None:
    frame = st.stack.pop()
    st.cards[3 * p + key[1]] += 1
    emit(events, "card", player=p, transport=key[1])
    if len(frame) > 2 and frame[2]:  # CE-5P-2: adjustment space 5 also advances it 1 step
        st.stack.append([F_MOVE, p, key[1], 1])


def _city_or_goal(st: CEState, p: int, key: Key, events: Events) -> None:
    """CE-ADV-4: a city card as CE-DEV-15, or goal cards as CE-DEV-18."""
    st.stack.pop()
    if key[1] == 0:
        st.stack.append([F_CITY, p])
    else:
        draw_goals(st, p, events)


def _first_post(st: CEState, p: int, key: Key, events: Events) -> None:
    st.stack.pop()
    st.dem[2 * key[1] + key[2]] = p
    emit(events, "post", player=p, city=key[1], space=key[2])


def _second_post(st: CEState, p: int, key: Key, events: Events) -> None:
    st.stack.pop()
    city = st.setup_card[p]
    st.dem[2 * city + key[1]] = p
    st.pcities[p].append(city)  # CE-SET-18: the first personal city
    st.revealed[p] = 1
    st.reveals += 1
    emit(events, "post", player=p, city=city, space=key[1])


def _emblem(st: CEState, p: int, key: Key, events: Events) -> None:
    st.stack.pop()
    st.emblem[p] = key[1]
    emit(events, "emblem", player=p, city=key[1])


def _plan(st: CEState, p: int, key: Key, events: Events) -> None:
    st.plan[0:4] = key[1:5]
    st.stack.append([F_PAY, p])


def _pay(st: CEState, p: int, key: Key, events: Events) -> None:
    st.stack.pop()  # F_PAY
    st.stack.pop()  # F_PLAN
    cars, locos, ships, mode = key[1:5]
    o, d, space, colour = st.plan[0:4]
    slot = 2 * o if st.prod[2 * o] == colour else 2 * o + 1
    st.prod[slot] = -1  # CE-TURN-10
    if st.clan:
        st.cubes[p] += 1  # CE-CLAN-5
    st.cards[3 * p] -= cars
    st.cards[3 * p + 1] -= locos
    st.cards[3 * p + 2] -= ships
    st.dem[2 * d + space] = p  # CE-TURN-11
    st.left[p] -= 1
    emit(
        events,
        "transport",
        player=p,
        origin=o,
        dest=d,
        space=space,
        colour=colour,
        cards=[cars, locos, ships],
        mode=mode,
    )
    st.plan[4] = upgrade(st, d, events)
    rewards, enhanced = st.comp.rewards, min(locos, st.enhanced)
    st.dev[CAR] = cars * rewards[CAR]
    st.dev[LOCO] = locos * rewards[LOCO] + enhanced * (st.comp.enhanced_loco - rewards[LOCO])
    st.dev[SHIP] = ships * rewards[SHIP]
    mask = sum(1 << t for t in range(3) if st.dev[t])
    st.stack.append([F_DEV, p, 0, 0, mask])
    if st.express and mode == 0:  # CE-XV-3: no tile for Elleston's 2-card transport
        offer_express(st, p, (cars, locos, ships), events)


def offer_express(st: CEState, p: int, pay: tuple[int, int, int], events: Events) -> None:
    """CE-DIOR-4..6, AMB-38, AMB-39: after step 3, the express tile the declared route
    passes; the player picks one when the routes allow several (or none)."""
    o, d = st.plan[0], st.plan[1]
    extra = emblem_city(st, p, TINO)
    if extra >= 0 and st.comp.harbour[extra]:
        extra = -1
    passed, free = express_choices(st.comp, o, d, pay, st.enhanced, extra, st.express)
    if len(passed) == 1 and not free:
        take_express(st, p, passed[0], events)
    elif passed:
        st.stack.append([F_EXPRESS, p, sum(1 << k for k in passed), int(free)])


def take_express(st: CEState, p: int, space: int, events: Events) -> None:
    """CE-DIOR-4: the tile goes back to the bag and its marker advances 1 step, bonuses
    included; the step is no transport step (AMB-38: CE-DEV-5 does not count it)."""
    tile = st.express[space]
    st.express[space] = -1
    emit(events, "express", player=p, space=space, transport=tile)
    st.stack.append([F_MOVE, p, tile, 1])


def _express(st: CEState, p: int, key: Key, events: Events) -> None:
    st.stack.pop()
    take_express(st, p, key[1], events)


def _no_express(st: CEState, p: int, key: Key, events: Events) -> None:
    st.stack.pop()  # CE-PAY-8: the player declared a route that passes no tile


def upgrade(st: CEState, city: int, events: Events) -> int:
    """CE-UPG: both demand spaces hold posts: the city upgrades. 1 if the upgrade is full."""
    if st.dem[2 * city] < 0 or st.dem[2 * city + 1] < 0:
        return 0
    full = int(st.prod[2 * city] < 0 and st.prod[2 * city + 1] < 0)  # CE-UPG-2
    for i in (0, 1):
        owner = st.dem[2 * city + i]
        if owner >= st.n:  # a vassal post (CE-2P-11)
            st.vtp[city * st.n + owner - st.n] += 1
        else:
            st.tp[city * st.n + owner] += 1  # CE-UPG-3
        st.dem[2 * city + i] = -1
        st.prod[2 * city + i] = -1
    if st.level[city] == 1:
        st.level[city] = 2  # CE-UPG-4
        for i in (0, 1):
            st.prod[2 * city + i] = produce_colour(st, city, i)
    else:
        st.level[city] = 3  # CE-UPG-5
        st.tile[city] = -1
        if city in st.display:  # CE-UPG-6 (in the deck: CE-UPG-7; owned: CE-UPG-8)
            slot = st.display.index(city)
            st.bottom.append(city)
            st.display[slot] = draw_city(st)
    emit(events, "upgrade", city=city, level=st.level[city], full=full)
    return full


def _advance(st: CEState, p: int, key: Key, events: Events) -> None:
    st.stack.pop()
    t = key[1]
    st.stack.append([F_MOVE, p, t, st.dev[t]])
    st.dev[t] = 0


def _extra(st: CEState, p: int, key: Key, events: Events) -> None:
    st.stack.pop()
    st.stack[-1][3] -= 1
    st.stack.append([F_MOVE, p, key[1], 1])


def _row(st: CEState, p: int, key: Key, events: Events) -> None:
    frame = st.stack.pop()
    idx = 3 * p + frame[2]
    slot = st.marker[idx] // 64 // 2
    st.rows[idx] |= (key[1] + 1) << (2 * slot)


def _city_card(st: CEState, p: int, key: Key, events: Events) -> None:
    st.stack.pop()
    card = st.display[key[1]]
    st.pcities[p].append(card)  # CE-DEV-15
    st.display[key[1]] = draw_city(st)
    emit(events, "city_card", player=p, card=card)


def _refill(st: CEState, p: int, key: Key, events: Events) -> None:
    city = key[1]
    for i in (0, 1):
        if st.prod[2 * city + i] < 0:
            st.prod[2 * city + i] = produce_colour(st, city, i)
    _no_transport(st, p, events, city)


def _take_three(st: CEState, p: int, key: Key, events: Events) -> None:
    for t in range(3):
        st.cards[3 * p + t] += 1
    _no_transport(st, p, events, -1)


def _no_transport(st: CEState, p: int, events: Events, city: int) -> None:
    """CE-PAY-13: a post of this round leaves the game; CE-PAY-14: the turn ends."""
    st.stack.pop()
    st.left[p] -= 1
    st.removed[p] += 1
    emit(events, "no_transport", player=p, city=city)
    end_turn(st, p, events)


def _ability(st: CEState, p: int, key: Key, events: Events) -> None:
    st.cubes[p] -= 2  # CE-CLAN-6
    kind = key[0]
    if kind == "move_emblem":
        st.emblem[p] = key[1]
    elif kind == "elleston_car":
        st.cards[3 * p + CAR] += 1
    elif kind == "glatt_move":
        a, b, colour = key[1:4]
        st.prod[2 * a + (0 if st.prod[2 * a] == colour else 1)] = -1
        space = 0 if st.prod[2 * b] < 0 and produce_colour(st, b, 0) == colour else 1
        st.prod[2 * b + space] = colour
    elif kind == "rockriel":
        st.enhanced += 1
    elif kind == "kasha":
        st.gained |= 1 << key[1]
    elif kind == "tino_swap":
        st.cards[3 * p + key[1]] -= 1
        st.cards[3 * p + SHIP] += 1
    emit(events, "ability", player=p, ability=list(key))


def _end_turn(st: CEState, p: int, key: Key, events: Events) -> None:
    st.stack.pop()
    vassal_step(st, p, events)


def _vassal(st: CEState, p: int, key: Key, events: Events) -> None:
    """CE-2P-10, CE-2P-11, CE-XV-2: the cube to the supply (no cube for the human), a
    vassal post on the demand space; the upgrade resolves, no full-upgrade reward."""
    st.stack.pop()
    o, d, space, colour = key[1:5]
    st.prod[2 * o + (0 if st.prod[2 * o] == colour else 1)] = -1
    st.dem[2 * d + space] = st.n + p
    st.vplaced[p] += 1
    emit(events, "vassal", player=p, origin=o, dest=d, space=space, colour=colour)
    upgrade(st, d, events)
    next_turn(st, events)


def _tino_harbour(st: CEState, p: int, key: Key, events: Events) -> None:
    st.stack.pop()
    st.tino_harbour = key[1]


HANDLERS: Final = {
    "keep_goal": _keep_goal,
    "take_card": _take_card,
    "city_or_goal": _city_or_goal,
    "express": _express,
    "no_express": _no_express,
    "first_post": _first_post,
    "second_post": _second_post,
    "emblem": _emblem,
    "plan": _plan,
    "pay": _pay,
    "advance": _advance,
    "extra": _extra,
    "row": _row,
    "city_card": _city_card,
    "refill": _refill,
    "take_three": _take_three,
    "move_emblem": _ability,
    "elleston_car": _ability,
    "glatt_move": _ability,
    "rockriel": _ability,
    "kasha": _ability,
    "tino_swap": _ability,
    "end_turn": _end_turn,
    "tino_harbour": _tino_harbour,
    "vassal": _vassal,
}


# ---- automatic frames ----------------------------------------------------------------------


def settle(st: CEState, events: Events) -> None:
    """Run automatic frames until a player must decide (or the game is over)."""
    stack = st.stack
    while stack and stack[-1][0] in AUTOMATIC:
        frame = stack[-1]
        kind = frame[0]
        if kind == F_MOVE:
            _move(st, frame, events)
        elif kind == F_DEV:
            _develop(st, frame, events)
        elif kind == F_BEGIN:
            stack.pop()
            st.phase = PHASE_PLAY
            begin_turn(st)
        elif kind in AUTOMATIC_RUN:
            AUTOMATIC_RUN[kind](st, frame, events)
        elif kind == F_SCORE:
            stack.pop()
            st.final = final_scores(st)
            st.phase = PHASE_OVER
            emit(events, "final", scores=[sum(s) for s in st.final], bot=st.bot)


def _move(st: CEState, frame: list[int], events: Events) -> None:
    """One step of a moving marker; its bonus at once (CE-DEV-12, CE-DEV-13)."""
    p, t = frame[1], frame[2]
    if frame[3] == 0:
        st.stack.pop()
        return
    idx = 3 * p + t
    where = next_space(st, idx)
    if where == NEED_ROW:  # CE-DEV-8, CE-DEV-10
        if p == st.bot:
            BOT_HOOKS["row"](st, p, t)  # CE-BOT-21
        else:
            st.stack.append([F_ROW, p, t])
        return
    if where == LOST:  # AMB-13
        frame[3] = 0
        return
    st.marker[idx] = where
    frame[3] -= 1
    bonus = bonus_at(st, idx)
    if bonus:
        apply_bonus(st, p, bonus, events)


def apply_bonus(st: CEState, p: int, bonus: int, events: Events) -> None:
    if p == st.bot:
        BOT_HOOKS["bonus"](st, bonus, events)  # CE-BOT-23..25
    elif bonus in (B_CAR, B_LOCO, B_SHIP):  # CE-DEV-14
        st.cards[3 * p + bonus - B_CAR] += 1
        emit(events, "card", player=p, transport=bonus - B_CAR)
    elif bonus == B_CITY:
        st.stack.append([F_CITY, p])
    elif bonus == B_GOAL:
        draw_goals(st, p, events)
    elif bonus == B_ANY:  # CE-ADV-3
        st.stack.append([F_CARD, p])
    elif bonus == B_CITY_GOAL:  # CE-ADV-4
        st.stack.append([F_CITY_GOAL, p])


def _develop(st: CEState, frame: list[int], events: Events) -> None:
    """CE-DEV-1..7: transport steps marker by marker in the player's order, then the city
    and full-upgrade steps one at a time, only to markers the transport moved."""
    p = frame[1]
    if frame[2] == 0:
        pending = [t for t in range(3) if st.dev[t]]
        if len(pending) > 1:
            st.stack.append([F_ORDER, p])
        elif pending:
            t = pending[0]
            st.stack.append([F_MOVE, p, t, st.dev[t]])
            st.dev[t] = 0
        else:
            frame[2] = 1
            frame[3] = city_reward(st, p) + st.plan[4]  # AMB-11: counted now
        return
    mask = frame[4]
    if frame[3] == 0:
        st.stack.pop()
        end_turn(st, p, events)
    elif mask & (mask - 1):
        st.stack.append([F_EXTRA, p])
    else:
        t = mask.bit_length() - 1
        st.stack.append([F_MOVE, p, t, frame[3]])
        frame[3] = 0


def city_reward(st: CEState, p: int) -> int:
    """CE-DEV-3: origin and destination whose card is in the display or the player's own;
    Kasha +1 with her emblem city as either (CE-CLAN-16, AMB-20)."""
    steps = 0
    for city in st.plan[0:2]:
        if city in st.display or city in st.pcities[p]:
            steps += 1
    if emblem_city(st, p, KASHA) in st.plan[0:2]:
        steps += 1
    return steps


# ---- turns and rounds ----------------------------------------------------------------------


def begin_turn(st: CEState) -> None:
    st.gained = 0
    st.enhanced = 0
    st.plan[:] = [-1, -1, -1, -1, 0]
    p = on_turn(st)
    st.stack.append([F_BOT, p, 0] if p == st.bot else [F_PLAN, p])


def end_turn(st: CEState, p: int, events: Events) -> None:
    if ability_keys(st, p, False):
        st.stack.append([F_END, p])
    else:
        vassal_step(st, p, events)


def vassal_step(st: CEState, p: int, events: Events) -> None:
    """CE-2P-7, AMB-35: after step 4 the human places a vassal post; skipped when no vassal
    transport exists or the human could not transport this turn."""
    if st.vassals and st.plan[0] >= 0 and vassal_keys(st, p):
        st.stack.append([F_VASSAL, p])
    else:
        next_turn(st, events)


def next_turn(st: CEState, events: Events) -> None:
    st.turn += 1
    if st.turn < st.turns * st.n:
        begin_turn(st)
        return
    if st.round < ROUNDS:  # CE-MNT-1
        st.round += 1
        st.turn = 0
        st.left = [st.turns] * st.n
        st.stack.append([F_BEGIN, -1])
        maintenance(st, events)
        return
    st.stack.append([F_SCORE, -1])
    tino = seat_of_clan(st, TINO) if st.clan else -1
    if tino >= 0 and st.emblem[tino] >= 0 and not st.comp.harbour[st.emblem[tino]]:
        st.stack.append([F_TINO, tino])  # CE-CLAN-20


def maintenance(st: CEState, events: Events) -> None:
    """CE-MNT-2..11: compare car, locomotive, ship in the current order; each winner leaves
    and takes the next adjustment space and its card; the rest take the spaces left in turn
    order (one player; two with five players, CE-5P-6)."""
    remaining = st.order[:]
    new_order = []
    for t in range(min(st.n - 1, 3)):
        best = remaining[0]
        for q in remaining[1:]:
            if position(st, 3 * q + t) > position(st, 3 * best + t):
                best = q
        remaining.remove(best)
        new_order.append(best)
    new_order += remaining
    for space, p in enumerate(new_order):
        if p != st.bot:  # CE-BOT-27: the bot takes its space, not its bonus
            adjustment_bonus(st, p, space)
    st.order = new_order
    emit(events, "order", order=new_order[:])
    if st.express:
        place_express(st, events)  # CE-DIOR-7: maintenance step 3


def place_express(st: CEState, events: Events) -> None:
    """CE-DIOR-1, CE-DIOR-7: every tile into the bag, one drawn for each express space."""
    tiles = list(st.comp.express_tiles)
    st.rng.shuffle(tiles)
    st.express = tiles
    st.reveals += 1
    emit(events, "express_placed", tiles=tiles[:])


def adjustment_track(st: CEState) -> tuple[int, ...]:
    """The adjustment track's bonuses: the 5-player side with five players (CE-5P-1)."""
    return st.comp.adjustment5 if st.n == 5 else st.comp.adjustment


def adjustment_bonus(st: CEState, p: int, space: int) -> None:
    """CE-SET-15, CE-MNT-5..8: the space's card, or a choice of any card (CE-5P-2: and
    that marker's step)."""
    bonus = adjustment_track(st)[space]
    if bonus >= ANY_CARD:
        st.stack.append([F_CARD, p, 1] if bonus == ANY_AND_STEP else [F_CARD, p])
    else:
        st.cards[3 * p + bonus] += 1
