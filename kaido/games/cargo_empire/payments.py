"""The legal ways to pay for a transport (CE-PAY-2..9), computed from distances, not tried.

A payment is a card multiset (cars, locomotives, ships). It is *feasible* when its cards,
one leg each, can carry the cube from origin to destination: cars 1 land route, locomotives
1-2 (an enhanced one 1-3, CE-CLAN-15), a ship harbour to harbour. It is *legal* when it is
feasible and no proper sub-multiset is (CE-PAY-7, AMB-4). Under CE-PAY-8 every overland
stretch then runs on a shortest land path, so a stretch from a to b with c cars and l
locomotives is payable exactly when c + l <= dist(a, b) <= c + 2l (+1 per enhanced
locomotive): the search needs only distances. Two ships are never legal (one ship from the
first port to the last always suffices), so a path has at most one ship leg, between some
harbours h1 != h2: the only thing that matters about them is (dist(origin, h1),
dist(h2, destination)), precomputed once per map as a small set of pairs.

Results are cached per (origin, destination, hand capped at what can matter, enhanced
locomotives, extra harbour), so the hot path is one dictionary lookup.
"""

from __future__ import annotations

from functools import cache

from kaido.games.cargo_empire.board import Components

Payment = tuple[int, int, int]  # cars, locomotives, ships


def stretch_ok(dist: int, cars: int, locos: int, enhanced: int) -> bool:
    """Can `cars` + `locos` (of them `enhanced` enhanced) pay a shortest land path of `dist`?"""
    return cars + locos <= dist <= cars + 2 * locos + min(enhanced, locos)


def ship_pairs(comp: Components, origin: int, dest: int, extra: int) -> tuple[tuple[int, int], ...]:
    """Distinct (land routes to the first port, land routes from the last port) over every
    pair of different harbours; `extra` is a city treated as a harbour (Tino) or -1."""
    key = ("pairs", origin, dest, extra)
    cached = comp.cache.get(key)
    if cached is None:
        found: list[tuple[int, int]] = []
        to_ports = ports_at(comp, origin, extra)
        from_ports = ports_at(comp, dest, extra)
        for a, first in enumerate(to_ports):
            for b, last in enumerate(from_ports):
                # Some first port differs from some last port, unless both are one city.
                if first and last and not (first == last and first & (first - 1) == 0):
                    found.append((a, b))
        cached = comp.cache[key] = tuple(found)
    return cached


def ports_at(comp: Components, city: int, extra: int) -> list[int]:
    """The harbours (a bit mask) at each distance in land routes from `city`."""
    key = ("ports at", city, extra)
    masks: list[int] | None = comp.cache.get(key)
    if masks is None:
        masks = comp.cache[key] = [0] * (max(comp.dist[city]) + 1)
        for port in range(comp.cities):
            if comp.harbour[port] or port == extra:
                masks[comp.dist[city][port]] |= 1 << port
    return masks


@cache
def _stretches(dist: int, enhanced: int) -> tuple[tuple[int, int, int], ...]:
    """(cars, locomotives, enhanced used) that pay a shortest land path of `dist`."""
    return tuple(
        (c, lo, e)
        for c in range(dist + 1)
        for lo in range(dist + 1 - c)
        for e in range(min(enhanced, lo) + 1)
        if stretch_ok(dist, c, lo, e)
    )


@cache
def _with_ship(a: int, b: int, enhanced: int) -> frozenset[Payment]:
    """Land cards before a ship (a routes) and after it (b routes), plus the ship."""
    return frozenset(
        (c1 + c2, l1 + l2, 1)
        for c1, l1, e1 in _stretches(a, enhanced)
        for c2, l2, _ in _stretches(b, enhanced - e1)
    )


def feasible_set(
    comp: Components, origin: int, dest: int, enhanced: int, extra: int
) -> set[Payment]:
    """Every feasible card multiset with at most one ship (more ships are never legal)."""
    key = ("feasible", origin, dest, enhanced, extra)
    cached = comp.cache.get(key)
    if cached is None:
        land = _stretches(comp.dist[origin][dest], enhanced)
        cached = {(c, lo, 0) for c, lo, _ in land}
        for a, b in ship_pairs(comp, origin, dest, extra):
            cached |= _with_ship(a, b, enhanced)
        comp.cache[key] = cached
    return cached


def feasible(
    comp: Components, origin: int, dest: int, pay: Payment, enhanced: int, extra: int
) -> bool:
    """Can these cards, one leg each, carry the cube (CE-PAY-2..6)? Extra ships can
    always ride along from port to port, so several ships are as feasible as one."""
    cars, locos, ships = pay
    enhanced = min(enhanced, locos)
    return (cars, locos, min(ships, 1)) in feasible_set(comp, origin, dest, enhanced, extra)


def smaller_feasible(
    comp: Components, origin: int, dest: int, pay: Payment, enhanced: int, extra: int
) -> Payment | None:
    """A proper sub-multiset of `pay` that could pay as well (CE-PAY-7), or None."""
    cars, locos, ships = pay
    for s in range(min(ships, 1) + 1):
        for c in range(cars + 1):
            for lo in range(locos + 1):
                sub = (c, lo, s)
                if sub != pay and _size(sub) and feasible(comp, origin, dest, sub, enhanced, extra):
                    return sub
    return None


def _size(pay: Payment) -> int:
    return pay[0] + pay[1] + pay[2]


def all_legal(
    comp: Components, origin: int, dest: int, enhanced: int, extra: int
) -> tuple[Payment, ...]:
    """Every legal payment with an unlimited hand: feasible, no feasible proper subset."""
    key = ("legal", origin, dest, enhanced, extra)
    cached = comp.cache.get(key)
    if cached is None:
        # The feasible sets, so the legal ones, depend only on the land distance and the
        # ship pairs: routes of the same shape share one answer.
        pairs = ship_pairs(comp, origin, dest, extra)
        shape = ("legal by shape", comp.dist[origin][dest], pairs, enhanced)
        cached = comp.cache.get(shape)
        if cached is None:
            # A set is not minimal iff a minimal one lies below it: scan by size.
            found: list[Payment] = []
            for pay in sorted(feasible_set(comp, origin, dest, enhanced, extra), key=_size):
                if not any(m[0] <= pay[0] and m[1] <= pay[1] and m[2] <= pay[2] for m in found):
                    found.append(pay)
            cached = comp.cache[shape] = tuple(sorted(found, key=lambda p: (sum(p), p)))
        comp.cache[key] = cached
    return cached


def legal_payments(
    comp: Components,
    origin: int,
    dest: int,
    hand: tuple[int, int, int],
    enhanced: int,
    extra: int,
) -> tuple[Payment, ...]:
    """Every legal card multiset for this transport with this hand, fewest cards first."""
    if extra >= 0 and comp.harbour[extra]:
        extra = -1
    top = 2 * len(comp.dist)
    hand = (min(hand[0], top), min(hand[1], top), min(hand[2], 1))
    key = (origin, dest, hand, enhanced, extra)
    cached = comp.cache.get(key)
    if cached is None:
        cached = comp.cache[key] = tuple(
            p
            for p in all_legal(comp, origin, dest, enhanced, extra)
            if p[0] <= hand[0] and p[1] <= hand[1] and p[2] <= hand[2]
        )
    return cached


def payable(
    comp: Components, origin: int, hand: tuple[int, int, int], enhanced: int, extra: int
) -> int:
    """The destinations (a bit mask) that some legal payment from `hand` reaches from
    `origin`, that is where `legal_payments` is not empty (cached per origin and hand)."""
    if extra >= 0 and comp.harbour[extra]:
        extra = -1
    cars, locos, ships = hand[0], hand[1], min(hand[2], 1)
    key = ("payable", origin, cars, locos, ships, enhanced, extra)
    cached = comp.cache.get(key)
    if cached is None:
        mask = 0
        for d in range(comp.cities):
            if d != origin and fits(
                all_legal(comp, origin, d, enhanced, extra), cars, locos, ships
            ):
                mask |= 1 << d
        cached = comp.cache[key] = mask
    return int(cached)


def fits(pays: tuple[Payment, ...], cars: int, locos: int, ships: int) -> bool:
    """Does one of `pays` fit in a hand of these cards?"""
    return any(pay[0] <= cars and pay[1] <= locos and pay[2] <= ships for pay in pays)


def two_card_payments(hand: tuple[int, int, int]) -> tuple[Payment, ...]:
    """Elleston's emblem payment: exactly 2 cards of any kinds (CE-CLAN-9, AMB-23)."""
    out = []
    for a in range(3):
        for b in range(a, 3):
            pay = [0, 0, 0]
            pay[a] += 1
            pay[b] += 1
            if all(pay[k] <= hand[k] for k in range(3)):
                out.append((pay[0], pay[1], pay[2]))
    return tuple(out)


def max_land_cards(comp: Components) -> int:
    """No legal payment on this map holds more cars or locomotives than this (the longest
    shortest land path twice over: one stretch before and one after a ship)."""
    return 2 * max(max(row) for row in comp.dist)


# ---- express tiles on the declared route (Dior, CE-DIOR-3..6, AMB-39) ------------------------


def route_legs(
    comp: Components, origin: int, dest: int, pay: Payment, enhanced: int, extra: int
) -> list[tuple[tuple[int, int], ...]]:
    """The overland stretches of each route these cards may take under CE-PAY-8: the
    fewest land routes among the paths they can pay for, each stretch a shortest path."""
    cars, locos, ships = pay
    if not ships:
        return [((origin, dest),)]
    dist = comp.dist
    ports = [c for c in range(comp.cities) if comp.harbour[c] or c == extra]
    best: list[tuple[tuple[int, int], ...]] = []
    fewest = -1
    for h1 in ports:
        for h2 in ports:
            a, b = dist[origin][h1], dist[h2][dest]
            if h1 == h2 or (fewest >= 0 and a + b > fewest):
                continue
            if (cars, locos, 1) not in _with_ship(a, b, min(enhanced, locos)):
                continue
            if a + b < fewest or fewest < 0:
                fewest, best = a + b, []
            best.append(((origin, h1), (h2, dest)))
    return best


def on_shortest_path(comp: Components, space: int, a: int, b: int) -> bool:
    """Does some shortest land path from city a to city b pass express space `space`?"""
    to = comp.express_dist[space]
    return a != b and to[a] + to[b] == comp.dist[a][b]


def avoids(comp: Components, a: int, b: int, blocked: set[int]) -> bool:
    """Is there a shortest land path from city a to city b through none of the `blocked`
    express spaces? (Breadth-first over the cities and the other express spaces.)"""
    if not any(on_shortest_path(comp, k, a, b) for k in blocked):
        return True
    closed = {comp.cities + k for k in blocked}
    frontier, seen = [a], {a}
    for _ in range(comp.dist[a][b]):
        frontier = [n for c in frontier for n in comp.graph[c] if n not in seen and n not in closed]
        seen.update(frontier)
    return b in seen


def express_choices(
    comp: Components,
    origin: int,
    dest: int,
    pay: Payment,
    enhanced: int,
    extra: int,
    tiles: list[int],
) -> tuple[list[int], bool]:
    """The express spaces holding a tile that a declarable route passes (CE-DIOR-4, 6,
    AMB-39), and whether some declarable route passes none of them."""
    tiled = {k for k, tile in enumerate(tiles) if tile >= 0}
    routes = route_legs(comp, origin, dest, pay, enhanced, extra)
    passed = sorted(
        k for k in tiled if any(on_shortest_path(comp, k, a, b) for r in routes for a, b in r)
    )
    free = any(all(avoids(comp, a, b, tiled) for a, b in r) for r in routes)
    return passed, free
