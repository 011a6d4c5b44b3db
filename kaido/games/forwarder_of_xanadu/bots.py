"""The heuristic forwarder, the play-out policy and the evaluation for search agents.

The heuristic aims at the visible requests it can pay soonest: it keeps cubes moving from
the port to the districts showing those requests' icons, improves when a request needs a
better grade, fulfils the most valuable request it can, and grows transport and storage
first. Each company leans toward what its final skill counts (`LEANING`). It reads only
what its seat may see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kaido.agents.base import Agent
from kaido.core.actions import Action
from kaido.core.game import Game, result_value
from kaido.core.rng import Rng
from kaido.games.forwarder_of_xanadu.board import AREAS, DATA
from kaido.games.forwarder_of_xanadu.engine import (
    IMPROVE_T,
    PORT,
    REQUEST,
    REQUESTS,
    SKILLS,
    SPACES,
    TRANSPORT,
    _visible,
    card_types,
    final_skill,
    icons,
    ranking,
    request_actions,
    stored,
)
from kaido.games.forwarder_of_xanadu.state import (
    ACT,
    COMPANY,
    DRAFT,
    EXCL,
    GROW,
    OVER,
    PICK,
    PLACE,
    REFILL,
    TURN,
    FXState,
)

# Growth order by final skill: the track the company grows first after transport.
LEANING = {
    "full_tracks": (0, 1, 2, 3, 4),
    "far_areas": (1, 0, 4, 2, 3),
    "stored": (0, 1, 4, 2, 3),
    "tokens": (1, 4, 0, 2, 3),
    "dailies": (1, 4, 0, 2, 3),
}
SKILL_VALUE = {"worker": 6, "request_vp": 5, "transport": 4, "refill": 4, "majority_vp": 3,
               "limit": 2, "improve": 2, "daily_vp": 3}  # fmt: skip


def _targets(s: FXState, p: int) -> list[int]:
    """The request cards p could aim at: the market, the exclusive and survey cards."""
    slots = 7 + len(s.temp) if s.turn_player == p else 6
    cards = [s.market[i] for i in range(6)] + [s.exclusive[p]]
    if slots > 7:
        cards += [_visible(s, i) for i in range(7, slots)]
    return [c for c in cards if c >= 0]


def _desire(s: FXState, p: int) -> list[float]:
    """How much p wants cubes in each area: the VP of targets whose icon it shows, more
    where p's share there is contested, none at the port."""
    out = [0.0] * AREAS
    for card in _targets(s, p):
        r = REQUESTS[card]
        for a in range(AREAS):
            if a != PORT and r.type in icons(s, a):
                out[a] += r.vp / (1 + sum(r.cost))
    for a in range(AREAS):
        if DATA.classes[a]:
            out[a] *= 1 + 0.15 * DATA.classes[a]
    return out


def _skill_value(s: FXState, p: int, k: int) -> float:
    skill = SKILLS[k]
    value = SKILL_VALUE[skill.perm] * skill.perm_n
    if skill.company >= 0 and skill.company == s.company[p]:
        value += 1
    return value + (1 if skill.disp else 0)


def choose(s: FXState, legal: Sequence[Action]) -> Action:
    """The heuristic's choice among the legal actions."""
    p = s.cur
    phase = s.phase
    if len(legal) == 1:
        return legal[0]
    if phase == DRAFT:
        return max(legal, key=lambda a: _skill_value(s, p, int(a.args[0])))
    if phase == TURN:
        return _turn(s, p, legal)
    if phase == PLACE:
        desire = _desire(s, p)
        return max(legal, key=lambda a: desire[int(a.args[0])] - stored(s, p, int(a.args[0])) * 0.1)
    if phase == ACT:
        return _act(s, p, legal)
    if phase == GROW:
        return _grow(s, p, legal)
    if phase in (REFILL, EXCL):
        return legal[-1]
    if phase == PICK:
        return next(a for a in legal if a.args[0] == p)
    return legal[0]


def _turn(s: FXState, p: int, legal: Sequence[Action]) -> Action:
    """Pick the action card: requests when one can be paid, else transport or improve."""
    types = card_types(s)
    want = _wanted_type(s, p)
    places = [a for a in legal if a.kind == "place"]
    uses = [a for a in legal if a.kind == "use" and SKILLS[int(a.args[0])].disp != "actions"]
    if uses:
        return uses[0]
    fitting = [a for a in places if types[int(a.args[0])] == want] or places
    # The space: as many actions as there is use for, then the most resources.
    use = _uses(s, p, want)
    return min(fitting, key=lambda a: _space_fit(s, int(a.args[0]), use))


def _space_fit(s: FXState, card: int, use: int) -> tuple[int, int]:
    """Actions short of `use` weigh most, then resources forgone."""
    basic, count = SPACES[len(s.spaces[card])]
    return (max(0, use - count), -basic)


def _payable(s: FXState, p: int) -> set[tuple[str, int | str]]:
    """The requests (slot) and dailies p could pay now."""
    saved = s.pools
    s.pools = [3, 0, 0]
    found = {(a.kind, a.args[0]) for a in request_actions(s, p)}
    s.pools = saved
    return found


def _uses(s: FXState, p: int, kind: int) -> int:
    """About how many actions of `kind` p could use this turn."""
    port = s.wh[(p * AREAS + PORT) * 3 : (p * AREAS + PORT) * 3 + 3]
    if kind == REQUEST:
        return len(_payable(s, p))
    if kind == TRANSPORT:
        return min(3, sum(port))
    return min(3, port[0] + port[1])


def _wanted_type(s: FXState, p: int) -> int:
    """Requests when a market or exclusive one can be paid, dailies once some cubes are
    out in the districts; improve when the targets need better cubes than the port
    holds; else transport toward them."""
    payable = _payable(s, p)
    if any(kind == "fulfil" for kind, _ in payable):
        return REQUEST
    port = s.wh[(p * AREAS + PORT) * 3 : (p * AREAS + PORT) * 3 + 3]
    outside = sum(stored(s, p, a) for a in range(AREAS) if a != PORT)
    if payable and (outside >= 4 or port[1] + port[2] == 0 or sum(port) < 3):
        return REQUEST
    needs_upper = any(REQUESTS[c].cost[1] + REQUESTS[c].cost[2] for c in _targets(s, p))
    if needs_upper and port[0] >= 2 and port[1] + port[2] < 2 and outside >= 2:
        return IMPROVE_T
    if sum(port) >= 1:
        return TRANSPORT
    return IMPROVE_T if port[0] else REQUEST


def _act(s: FXState, p: int, legal: Sequence[Action]) -> Action:
    fulfils = [a for a in legal if a.kind in ("fulfil", "daily")]
    if fulfils:
        return max(fulfils, key=lambda a: _fulfil_value(s, p, a))
    moves = [a for a in legal if a.kind == "move"]
    if moves:
        desire = _desire(s, p)
        best = max(moves, key=lambda a: _move_value(s, a, desire))
        if _move_value(s, best, desire) > 0:
            return best
    improves = [a for a in legal if a.kind == "improve"]
    if improves:
        return min(improves, key=lambda a: (int(a.args[1]), int(a.args[0]) != PORT))
    return next(a for a in legal if a.kind == "end")


def _fulfil_value(s: FXState, p: int, action: Action) -> float:
    if action.kind == "daily":
        return DATA.daily_vp - 0.5
    card = _visible(s, int(action.args[0]))
    area = int(action.args[1])
    gauge = s.gauge[area]
    share = 1.0 if gauge.count(p) <= max((gauge.count(q) for q in set(gauge)), default=0) else 0.3
    return REQUESTS[card].vp + share * DATA.classes[area]


def _move_value(s: FXState, action: Action, desire: list[float]) -> float:
    src, dst = int(action.args[0]), int(action.args[1])
    load = sum(int(x) for x in action.args[2:])
    gain = desire[dst] - (desire[src] if src != PORT else 0.0)
    return gain * load + (0.2 * int(action.args[3]) + 0.4 * int(action.args[4]))


def _grow(s: FXState, p: int, legal: Sequence[Action]) -> Action:
    plays = [a for a in legal if a.kind == "play"]
    if plays:
        return max(plays, key=lambda a: _skill_value(s, p, int(a.args[0])))
    offices = [a for a in legal if a.kind == "office"]
    if offices:
        return max(
            offices, key=lambda a: len(icons(s, int(a.args[0]))) + DATA.classes[int(a.args[0])]
        )
    for a in legal:
        if a.kind in ("swap", "use"):
            return a
    unlocks = [a for a in legal if a.kind == "unlock"]
    if unlocks:
        order: tuple[int, ...] = LEANING[DATA.companies[s.company[p]].final_kind]
        if s.hands[p] and s.cells[p * 5 + 4] < 2:
            order = (4, *order)
        return min(unlocks, key=lambda a: order.index(int(a.args[0])))
    return legal[-1]


# ---- for search agents ------------------------------------------------------------------------


def evaluate(game: Game[Any], s: FXState, p: int) -> float:
    """The projected VP lead in [0, 1]: VP so far, the area majorities as they stand
    (valued halfway between the settlements' tables), the final skill as it stands,
    leftover dispatched workers and a little for stored cubes."""
    if s.phase == OVER:
        return result_value(game.result(s), p)
    potential = [
        s.vp[q] + final_skill(s, q) + s.disp_avail[q] / 2 + 0.3 * sum(s.wh[q * 30 : q * 30 + 30])
        for q in range(s.n)
    ]
    mid, final = DATA.setup["mid_vp"], DATA.setup["final_vp"]
    for area in range(AREAS):
        cls = DATA.classes[area]
        if cls:
            for place, q in enumerate(ranking(s, area)[:2]):
                potential[q] += (mid[cls - 1][place] + final[cls - 1][place]) / 2
    lead = potential[p] - max(potential[q] for q in range(s.n) if q != p)
    return max(0.0, min(1.0, 0.5 + lead / 40))


def rollout_action(game: Game[Any], s: FXState, legal: Sequence[Action], rng: Rng) -> Action:
    """The heuristic's move most of the time, a random one otherwise."""
    if rng.below(5) == 0:
        return legal[rng.below(len(legal))]
    return choose(s, legal)


class HeuristicAgent(Agent):
    """Moves cubes toward the districts of the requests it can pay soonest."""

    kind = "heuristic"

    def choose(self, game: Game[Any], state: Any) -> Action:
        legal = list(game.legal_actions(state))
        if state.phase == COMPANY:  # a company drawn at random, so no seat favours one
            return legal[self.rng.below(len(legal))]
        return choose(state, legal)
