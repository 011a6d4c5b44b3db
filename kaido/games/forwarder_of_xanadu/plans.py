"""How close a forwarder is to its best requests: the heuristic's model of its own warehouses.

`Plans` holds what one player owns and aims at (its 30 warehouse counts, the requests it
can see, its face-up dailies) and scores it: for every visible request and every area
showing its icon, the request's worth (VP, skill bonus, what the share token would bring)
less the actions still needed to pay it there (cubes to improve at the port or office,
transport steps from wherever the cubes are, the fulfilment itself). The heuristic tries
each action on a copy and keeps the one that raises the score most, so cubes of the right
grade travel to the right district instead of filling districts with cubes nobody asked for.
It reads only what its seat may see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from kaido.core.graphs import hop_distances
from kaido.games.forwarder_of_xanadu.board import AREAS, DATA
from kaido.games.forwarder_of_xanadu.engine import (
    DAILY_VP_K,
    PORT,
    REQUEST_VP_K,
    REQUESTS,
    _visible,
    gauge_size,
    icons,
    limit,
    load_size,
    pay_plan,
)
from kaido.games.forwarder_of_xanadu.state import FXState

EFFORT: Final = 1.0  # VP one action is worth: the heuristic scores about 45 VP in ~60 actions
STAGE: Final = 1.0  # an extra worker turn when a plan needs another kind of action first
SECOND: Final = 0.3  # the second-best plan counts a little, so spare actions still help
CUBE: Final = 0.2  # a cube is material for later requests
SHORT: Final = 3.0  # a missing cube with none to bring: a worker turn to gain basic resources
TOKEN: Final = 0.7  # a majority as it stands now may still change hands


# Transport steps between areas (R-1 adjacency); the map is connected.
DIST: Final = tuple(tuple(row) for row in hop_distances(DATA.adjacent, unreached=AREAS))


def _place_vp(s: FXState, gauge: list[int], p: int, cls: int) -> float:
    """The settlement VP p's rank in `gauge` would still earn (FX-AREA-1, R-15)."""
    if p not in gauge:
        return 0.0
    owners = sorted(set(gauge), key=lambda q: (-gauge.count(q), gauge.index(q)))
    place = owners.index(p)
    if place > 1:
        return 0.0
    vp = DATA.setup["final_vp"][cls - 1][place]
    if s.round <= DATA.setup["mid_round"]:
        vp += DATA.setup["mid_vp"][cls - 1][place]
    return float(vp)


def token_value(s: FXState, p: int, area: int) -> float:
    """What one more share token of p in `area` is worth: the majority it earns as things
    stand (FX-SHARE-1/2, R-7) and the company's final skill (FX-FINAL-1)."""
    if not s.tokens_left[p]:
        return 0.0
    gauge = s.gauge[area][:]
    if len(gauge) < gauge_size(s, area):
        gauge.append(p)
    elif gauge and gauge[-1] != p:
        gauge[-1] = p
    else:
        return 0.0
    cls = DATA.classes[area]
    value = TOKEN * (_place_vp(s, gauge, p, cls) - _place_vp(s, s.gauge[area], p, cls))
    company = DATA.companies[s.company[p]]
    kind = company.final_kind
    if kind == "tokens":
        placed = sum(g.count(p) for g in s.gauge)
        value += company.final_vp if (placed + 1) * company.final_vp <= company.final_max else 0
    elif kind == "far_areas" and DATA.positions[area][1] >= 2 and p not in s.gauge[area]:
        entered = sum(1 for a in range(AREAS) if DATA.positions[a][1] >= 2 and p in s.gauge[a])
        value += company.final_vp if (entered + 1) * company.final_vp <= company.final_max else 0
    return value


class Context:
    """What does not change while the heuristic tries actions on its copies."""

    __slots__ = ("area_types", "daily_vp", "limit", "load", "office", "p", "req_bonus", "s",
                 "stored_vp", "tv")  # fmt: skip

    def __init__(self, s: FXState, p: int) -> None:
        self.s = s
        self.p = p
        self.limit = limit(s, p)
        self.load = load_size(s, p)
        self.office = s.office[p]
        self.req_bonus = s.perm[p * 8 + REQUEST_VP_K]
        self.tv = [token_value(s, p, a) for a in range(AREAS)]
        self.area_types = [[a for a in range(AREAS) if t in icons(s, a)] for t in range(5)]
        company = DATA.companies[s.company[p]]
        self.daily_vp = float(DATA.daily_vp + s.perm[p * 8 + DAILY_VP_K])
        done = s.dailies_done[p] * company.final_vp
        if company.final_kind == "dailies" and done < company.final_max:
            self.daily_vp += company.final_vp
        self.stored_vp = company.final_max if company.final_kind == "stored" else 0


def targets(s: FXState, p: int) -> list[tuple[int, int]]:
    """(slot, card) of the requests p can see and fulfil: market, exclusive, surveys."""
    slots = 7 + len(s.temp) if s.turn_player == p else 7
    out = []
    for slot in range(slots):
        card = _visible(s, slot) if slot != 6 or s.turn_player == p else s.exclusive[p]
        if card >= 0:
            out.append((slot, card))
    return out


class Plans:
    """p's warehouses, the requests it aims at and its face-up dailies; `score` says how
    good they are, `copy` lets the heuristic try an action."""

    __slots__ = ("ctx", "dailies", "targets", "wh")

    def __init__(
        self, ctx: Context, wh: list[int], tgt: list[tuple[int, int]], dailies: int
    ) -> None:
        self.ctx = ctx
        self.wh = wh
        self.targets = tgt
        self.dailies = dailies

    @classmethod
    def of(cls, s: FXState, p: int) -> Plans:
        wh = s.wh[p * 30 : p * 30 + 30]
        return cls(Context(s, p), wh, targets(s, p), s.dailies[p * 2] + s.dailies[p * 2 + 1])

    def copy(self) -> Plans:
        return Plans(self.ctx, self.wh[:], self.targets[:], self.dailies)

    # ---- the score ------------------------------------------------------------------------

    def score(self) -> float:
        ctx = self.ctx
        best: list[float] = []
        sources = self.sources()
        for _, card in self.targets:
            r = REQUESTS[card]
            value = None
            for a in ctx.area_types[r.type]:
                effort = self.effort(r.cost, a, sources)
                if effort is not None:
                    v = r.vp + ctx.req_bonus + ctx.tv[a] - EFFORT * effort
                    value = v if value is None else max(value, v)
            if value is not None:
                best.append(value)
        if self.dailies:
            best.append(ctx.daily_vp - EFFORT * self.daily_effort())
        best.sort(reverse=True)
        total = CUBE * sum(self.wh)
        if best:
            total += max(0.0, best[0]) + (SECOND * max(0.0, best[1]) if len(best) > 1 else 0.0)
        if ctx.stored_vp:
            outside = sum(self.wh) - sum(self.wh[PORT * 3 : PORT * 3 + 3])
            total += min(ctx.stored_vp, outside)
        return total

    def sources(self) -> list[int]:
        """The areas where p has cubes."""
        wh = self.wh
        return [a for a in range(AREAS) if wh[a * 3] or wh[a * 3 + 1] or wh[a * 3 + 2]]

    def effort(
        self, cost: tuple[int, int, int], area: int, sources: list[int] | None = None
    ) -> float | None:
        """Actions still needed to pay `cost` at `area`; None if its warehouse can never
        hold that many cubes."""
        ctx = self.ctx
        total = cost[0] + cost[1] + cost[2]
        if total > ctx.limit:
            return None
        wh = self.wh
        b = area * 3
        have = [wh[b], wh[b + 1], wh[b + 2]]
        missing = []
        for g in (2, 1, 0):
            for _ in range(cost[g]):
                h = g
                while h < 3 and not have[h]:
                    h += 1
                if h == 3:
                    missing.append(g)
                else:
                    have[h] -= 1
        if not missing:
            return 1.0
        effort = 1.0
        clear = sum(have) + total - ctx.limit  # cubes in the way must leave first
        if clear > 0:
            effort += STAGE + -(-clear // ctx.load)
        return effort + self._supply(missing, area, self.sources() if sources is None else sources)

    def _supply(self, missing: list[int], area: int, sources: list[int]) -> float:
        """Improvements and transport steps bringing the missing grades to `area`: each
        missing cube from the cheapest source, counting steps shared by a full load."""
        ctx = self.ctx
        wh = self.wh
        load = ctx.load
        taken: dict[int, int] = {}  # warehouse index -> cubes already counted
        improves = 0
        short = 0.0
        used: dict[int, int] = {}
        for g in missing:
            best, cost = -1, 1e9
            for a in sources:
                steps = DIST[a][area] / load
                if a == area or steps >= cost:
                    continue
                b = a * 3
                for h in range(0 if a == PORT or a == ctx.office else g, 3):
                    if wh[b + h] and wh[b + h] > taken.get(b + h, 0):
                        c = steps + (g - h if h < g else 0.3 * (h - g))
                        if c < cost:
                            best, cost = b + h, c
            if best < 0:
                short += SHORT + g
                continue
            taken[best] = taken.get(best, 0) + 1
            improves += max(0, g - best % 3)
            used[best // 3] = used.get(best // 3, 0) + 1
        steps = sum(DIST[a][area] * -(-k // load) for a, k in used.items())
        return short + improves + steps + STAGE * ((improves > 0) + (steps > 0))

    def daily_effort(self) -> float:
        """Actions still needed for a daily paid from the port and office (R-8)."""
        wh = self.wh
        have = [wh[PORT * 3 + g] for g in range(3)]
        office = self.ctx.office
        if office >= 0:
            have = [have[g] + wh[office * 3 + g] for g in range(3)]
        effort = 1.0
        improves = 0
        for g in (2, 1, 0):
            for _ in range(DATA.daily_cost[g]):
                h = g
                while h < 3 and not have[h]:
                    h += 1
                if h < 3:
                    have[h] -= 1
                    continue
                h = g - 1
                while h >= 0 and not have[h]:
                    h -= 1
                if h < 0:
                    effort += SHORT
                else:
                    have[h] -= 1
                    improves += g - h
        return effort + improves + STAGE * (improves > 0)

    # ---- trying actions -------------------------------------------------------------------

    def fulfil(self, slot: int, area: int) -> float:
        """Pay the request in `slot` at `area`; returns what it earned."""
        card = next(c for sl, c in self.targets if sl == slot)
        r = REQUESTS[card]
        b = area * 3
        paid = pay_plan(self.wh[b : b + 3], r.cost)
        assert paid is not None
        for g in range(3):
            self.wh[b + g] -= paid[g]
        self.targets = [t for t in self.targets if t[0] != slot]
        return r.vp + self.ctx.req_bonus + self.ctx.tv[area]

    def daily(self) -> float:
        """A daily paid from the port first (R-8); what it earned."""
        self.pay_daily(self.ctx.office, None)
        self.dailies -= 1
        return self.ctx.daily_vp

    def pay_daily(self, office: int, from_office: Sequence[int] | None) -> None:
        """Take a daily's cubes (`pay_plan`'s grades): `from_office` of each grade from the
        office and the rest from the port, or the port's first when None."""
        port = self.wh[PORT * 3 : PORT * 3 + 3]
        there = self.wh[office * 3 : office * 3 + 3] if office >= 0 else [0, 0, 0]
        paid = pay_plan([port[g] + there[g] for g in range(3)], DATA.daily_cost)
        assert paid is not None
        if from_office is None:
            from_office = [max(0, paid[g] - port[g]) for g in range(3)]
        for g in range(3):
            self.wh[PORT * 3 + g] -= paid[g] - from_office[g]
            if from_office[g]:
                self.wh[office * 3 + g] -= from_office[g]

    def move(self, src: int, dst: int, load: tuple[int, int, int]) -> None:
        for g in range(3):
            self.wh[src * 3 + g] -= load[g]
            self.wh[dst * 3 + g] += load[g]

    def improve(self, area: int, g: int) -> None:
        self.wh[area * 3 + g] -= 1
        self.wh[area * 3 + g + 1] += 1

    def put(self, area: int) -> None:
        self.wh[area * 3] += 1
