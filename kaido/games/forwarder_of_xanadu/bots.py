"""The heuristic forwarder, the play-out policy and the projection of final scores.

The heuristic aims at the visible requests it can pay soonest (`plans.py` scores how
close they are: worth less the actions still needed). Each action of its turn is the one
that raises that score most, so the right grades are improved at the port and carried to
the districts showing the requests' icons; the card and space are the ones whose actions,
tried in turn on its own plans, raise it most. It grows transport and the worker cell
first (`FIRST`), then each company leans toward what its final skill counts (`LEANING`);
it keeps its best skill cards for its skill cells and uses the disposables of the others
(`_spare`). It reads only what its seat may see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from kaido.core.actions import Action
from kaido.core.game import Game
from kaido.core.rng import Rng
from kaido.games.forwarder_of_xanadu.actions import DAILY, FULFIL, IMPROVE, MOVE
from kaido.games.forwarder_of_xanadu.board import AREAS, DATA
from kaido.games.forwarder_of_xanadu.engine import (
    ADJ,
    IMPROVE_K,
    IMPROVE_T,
    PORT,
    QUALITY,
    REQUEST,
    REQUESTS,
    SETUP,
    SKILL,
    SKILLS,
    SPACES,
    TRANSPORT_TRACK,
    WORKER,
    card_types,
    final_skill,
    icons,
    pay_plan,
    ranking,
)
from kaido.games.forwarder_of_xanadu.plans import DIST, Plans
from kaido.games.forwarder_of_xanadu.state import (
    ACT,
    COMPANY,
    DRAFT,
    EXCL,
    GROW,
    PAY,
    PICK,
    PLACE,
    REFILL,
    TURN,
    FXState,
)

# Growth order by final skill: the track the company grows first after transport.
LEANING: Final = {
    "full_tracks": (0, 1, 2, 3, 4),
    "far_areas": (1, 0, 4, 2, 3),
    "stored": (0, 1, 4, 2, 3),
    "tokens": (1, 4, 0, 2, 3),
    "dailies": (1, 4, 0, 2, 3),
}
# Grown before all that: the second transport cell, then the worker cell (an extra worker
# every round, allowed once a track is full, FX-GROW-2). Head to head at 4 players (200
# games, half the seats each) this order won 1.18x its share against the worker cell after
# the transport track, which won 1.41x against a bot that never took the worker cell.
FIRST: Final = (TRANSPORT_TRACK, WORKER)
SKILL_VALUE: Final = {"worker": 6, "request_vp": 5, "transport": 4, "refill": 4, "majority_vp": 3,
               "limit": 2, "improve": 2, "daily_vp": 3}  # fmt: skip


def _skill_value(s: FXState, p: int, k: int) -> float:
    skill = SKILLS[k]
    value = SKILL_VALUE[skill.perm] * skill.perm_n
    if skill.company >= 0 and skill.company == s.company[p]:
        value += 1
    return value + (1 if skill.disp else 0)


def _spare(s: FXState, p: int) -> set[int]:
    """The cards of p's hand it will not play, so their disposables are worth using: the
    best ones are kept for the skill cells still to come (only the free ones in the last
    round, when no cell opens any more)."""
    played = len(s.played[p])
    if s.round >= SETUP["rounds"]:
        room = s.cells[p * 5 + SKILL] - played
    else:
        room = DATA.cells[SKILL] - played
    ranked = sorted(s.hands[p], key=lambda k: -_skill_value(s, p, k))
    return set(ranked[max(0, room) :])


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
    if phase in (PLACE, ACT):
        return _best_step(s, p, legal)
    if phase == PAY:
        return _pay_split(s, p, legal)
    if phase == GROW:
        return _grow(s, p, legal)
    if phase in (REFILL, EXCL):
        return legal[-1]
    if phase == PICK:
        return next(a for a in legal if a.args[0] == p)
    return legal[0]


def _apply(plans: Plans, action: Action) -> float:
    """Try `action` on p's plans; returns the VP (and share) it earns at once."""
    args = action.args
    kind = action.kind
    if kind == "fulfil":
        return plans.fulfil(int(args[0]), int(args[1]))
    if kind == "daily":
        return plans.daily()
    if kind == "move":
        plans.move(int(args[0]), int(args[1]), (int(args[2]), int(args[3]), int(args[4])))
    elif kind == "improve":
        plans.improve(int(args[0]), int(args[1]))
    elif kind == "put":
        plans.put(int(args[0]))
    return 0.0


def _pick(plans: Plans, candidates: Sequence[Action]) -> Action | None:
    """The candidate raising p's plans most; None when none does."""
    base = plans.score()
    best, gain = None, 0.05
    for action in candidates:
        trial = plans.copy()
        g = _apply(trial, action) + trial.score() - base
        if g > gain:
            best, gain = action, g
    return best


def _best_step(s: FXState, p: int, legal: Sequence[Action]) -> Action:
    """Where a gained cube goes, or the next action of the turn: the one that brings p's
    best requests closest; end the turn when none helps."""
    plans = Plans.of(s, p)
    if s.phase == PLACE:
        return max(legal, key=lambda a: _gain_of(plans, a))
    kinds = ("fulfil", "daily", "improve")
    candidates = [a for a in legal if a.kind in kinds] + _useful_moves(plans, legal)
    best = _pick(plans, candidates)
    return best if best is not None else next(a for a in legal if a.kind == "end")


def _pay_split(s: FXState, p: int, legal: Sequence[Action]) -> Action:
    """How a daily is paid (R-8): from the port first (the first listed), unless taking
    more from the office leaves p's plans better (room in the office for a request there,
    or cubes at the port to carry out)."""
    plans = Plans.of(s, p)
    office = s.office[p]

    def after(action: Action) -> float:
        trial = plans.copy()
        trial.pay_daily(office, [int(k) for k in action.args])
        return trial.score()

    best, value = legal[0], after(legal[0])
    for action in legal[1:]:
        v = after(action)
        if v > value + 1e-9:
            best, value = action, v
    return best


def _gain_of(plans: Plans, action: Action) -> float:
    trial = plans.copy()
    return _apply(trial, action) + trial.score()


def _aimed_areas(plans: Plans) -> set[int]:
    return {a for _, card in plans.targets for a in plans.ctx.area_types[REQUESTS[card].type]}


def _useful_moves(plans: Plans, legal: Sequence[Action]) -> list[Action]:
    """Moves worth trying: toward an area a visible request could be paid in, or out of
    one (to make room), with the loads that differ in what they carry."""
    aims = _aimed_areas(plans)
    if not aims:
        return []
    near = [min(DIST[a][t] for t in aims) for a in range(AREAS)]
    out = []
    for a in legal:
        if a.kind != "move":
            continue
        src, dst = int(a.args[0]), int(a.args[1])
        if near[dst] < near[src] or src in aims:
            out.append(a)
    return out


def _local_actions(s: FXState, plans: Plans, kind: int) -> list[Action]:
    """The actions of one kind p could take on its plans (the heuristic's turn look-ahead)."""
    wh = plans.wh
    ctx = plans.ctx
    out: list[Action] = []
    if kind == REQUEST:
        for slot, card in plans.targets:
            r = REQUESTS[card]
            for a in ctx.area_types[r.type]:
                if pay_plan(wh[a * 3 : a * 3 + 3], r.cost) is not None:
                    out.append(FULFIL[slot][a])
        if plans.dailies and _daily_payable(plans):
            out.append(DAILY[0])
        return out
    if kind == IMPROVE_T:
        for a in (PORT, ctx.office) if ctx.office >= 0 else (PORT,):
            for g in range(2):
                if wh[a * 3 + g] and s.stock[g + 1]:
                    out.append(IMPROVE[a][g])
        return out
    return _local_moves(plans)


def _daily_payable(plans: Plans) -> bool:
    wh = plans.wh
    have = [wh[PORT * 3 + g] for g in range(3)]
    if plans.ctx.office >= 0:
        have = [have[g] + wh[plans.ctx.office * 3 + g] for g in range(3)]
    return pay_plan(have, DATA.daily_cost) is not None


def _local_moves(plans: Plans) -> list[Action]:
    """Transport actions on p's plans, pruned as `_useful_moves` prunes legal ones."""
    aims = _aimed_areas(plans)
    if not aims:
        return []
    wh = plans.wh
    ctx = plans.ctx
    near = [min(DIST[a][t] for t in aims) for a in range(AREAS)]
    out = []
    for src in range(AREAS):
        have = wh[src * 3 : src * 3 + 3]
        if not sum(have):
            continue
        for dst in ADJ[src]:
            if not (near[dst] < near[src] or src in aims):
                continue
            room = ctx.limit - sum(wh[dst * 3 : dst * 3 + 3])
            for load in _loads(have, ctx.load if dst == PORT else min(ctx.load, room)):
                out.append(MOVE[(src, dst, *load)])
    return out


def _loads(have: list[int], most: int) -> set[tuple[int, int, int]]:
    """Loads that differ in what they carry: all of one grade, one cube of a grade, and
    full loads taking the best or the plainest cubes first."""
    out: set[tuple[int, int, int]] = set()
    if most <= 0:
        return out
    for g in range(3):
        if have[g]:
            for k in {1, min(have[g], most)}:
                load = [0, 0, 0]
                load[g] = k
                out.add((load[0], load[1], load[2]))
    for order in ((2, 1, 0), (0, 1, 2)):
        load, left = [0, 0, 0], most
        for g in order:
            load[g] = min(have[g], left)
            left -= load[g]
        out.add((load[0], load[1], load[2]))
    return out


def _turn(s: FXState, p: int, legal: Sequence[Action]) -> Action:
    """Use the disposables of spare cards (`_spare`) that give cubes or VP at once; then the
    card and space whose actions (tried on p's plans, each the best step) and resources
    raise them most."""
    spare = _spare(s, p)
    uses = [
        a
        for a in legal
        if a.kind == "use" and SKILLS[int(a.args[0])].disp != "actions" and int(a.args[0]) in spare
    ]
    if uses:
        return uses[0]
    places = [a for a in legal if a.kind == "place"]
    plans = Plans.of(s, p)
    base = plans.score()
    types = card_types(s)
    best, value = places[0], -1e9
    for action in places:
        card = int(action.args[0])
        basic, count = SPACES[len(s.spaces[card])]
        kind = types[card]
        if kind == IMPROVE_T:
            count += DATA.quality_extra[s.cells[p * 5 + QUALITY]] + s.perm[p * 8 + IMPROVE_K]
        v = _turn_value(s, plans, kind, min(basic, s.stock[0]), count) - base
        if v > value + 1e-9:
            best, value = action, v
    return best


def _turn_value(s: FXState, plans: Plans, kind: int, basic: int, count: int) -> float:
    """p's plans after a turn of `count` actions of `kind`, the gained cubes at the port."""
    trial = plans.copy()
    for _ in range(basic):
        trial.put(PORT)
    earned = 0.0
    for _ in range(count):
        action = _pick(trial, _local_actions(s, trial, kind))
        if action is None:
            break
        earned += _apply(trial, action)
    return earned + trial.score()


def _grow(s: FXState, p: int, legal: Sequence[Action]) -> Action:
    plays = [a for a in legal if a.kind == "play"]
    if plays:
        return max(plays, key=lambda a: _skill_value(s, p, int(a.args[0])))
    offices = [a for a in legal if a.kind == "office"]
    if offices:
        return max(
            offices, key=lambda a: len(icons(s, int(a.args[0]))) + DATA.classes[int(a.args[0])]
        )
    spare = _spare(s, p)
    for a in legal:
        if a.kind == "swap" or (a.kind == "use" and int(a.args[0]) in spare):
            return a
    unlocks = [a for a in legal if a.kind == "unlock"]
    if unlocks:
        order: tuple[int, ...] = LEANING[DATA.companies[s.company[p]].final_kind]
        if s.hands[p] and s.cells[p * 5 + SKILL] < 2:
            order = (SKILL, *order)
        order = (*FIRST, *order)  # index() finds the first place of a track
        return min(unlocks, key=lambda a: order.index(int(a.args[0])))
    return legal[-1]


# ---- for search agents ------------------------------------------------------------------------


PLAN_WEIGHT: Final = (
    0.5  # how far the projection trusts the heuristic's own plans (half their score)
)


def potentials(s: FXState) -> list[float]:
    """Each player's projected final VP (the search's evaluation until value.py, now the
    baseline the fitted model is measured against): VP so far, the area majorities as they
    stand (valued halfway between the settlements' tables), the final skill as it stands,
    leftover dispatched workers, and half the heuristic's score of its plans (how close its
    best requests are, which values cubes of the right grade in the right districts)."""
    potential = [
        s.vp[q] + final_skill(s, q) + s.disp_avail[q] / 2 + PLAN_WEIGHT * Plans.of(s, q).score()
        for q in range(s.n)
    ]
    mid, final = DATA.setup["mid_vp"], DATA.setup["final_vp"]
    for area in range(AREAS):
        cls = DATA.classes[area]
        if cls:
            for place, q in enumerate(ranking(s, area)[:2]):
                potential[q] += (mid[cls - 1][place] + final[cls - 1][place]) / 2
    return potential


def rollout_action(game: Game[Any], s: FXState, legal: Sequence[Action], rng: Rng) -> Action:
    """The heuristic's move most of the time, a random one otherwise."""
    if rng.below(5) == 0:
        return legal[rng.below(len(legal))]
    return choose(s, legal)


def heuristic_move(s: FXState, legal: Sequence[Action], rng: Rng) -> Action:
    """The heuristic's move: cubes toward the districts of the requests it can pay
    soonest; a company drawn at random, so no seat favours one."""
    if s.phase == COMPANY:
        return legal[rng.below(len(legal))]
    return choose(s, legal)
