"""Cargo Empire's heuristic agent and evaluation.

The agent looks one decision ahead in a world dealt from what it may know (`determinize`):
it applies each legal action, finishes the rest of its own turn with cheap defaults
(fewest cards, the first row, the first marker), and keeps the action whose result
`projection` values most: the VP it would score now (goals included, so it pursues its
goal cards) plus the worth of markers, cards and posts still to grow.
"""

from __future__ import annotations

import math
from typing import Any

from kaido.agents.base import Agent
from kaido.core.actions import Action
from kaido.core.game import Game
from kaido.games.cargo_empire.engine import present, to_move
from kaido.games.cargo_empire.scoring import category_scores, posts_in, tier_count, tiered
from kaido.games.cargo_empire.state import F_PLAN, F_VASSAL, PHASE_OVER, CEState
from kaido.games.cargo_empire.track import position

FINISH_LIMIT = 12  # decisions a look-ahead may take to end the turn
MOBILITY = 2.0  # VP a city to start transports from is worth at the start of the game
HAND = 6  # cards beyond these rarely get played: worth nothing more


def projection(st: CEState, p: int) -> float:
    """What `p`'s position is worth in VP, roughly."""
    score = float(sum(category_scores(st, p)))
    if st.phase == PHASE_OVER:
        return score
    left = 1.0 - (st.round - 1) / 3
    score += 0.7 * sum(position(st, 3 * p + t) for t in range(3)) * left
    score += 0.9 * min(sum(st.cards[3 * p : 3 * p + 3]), HAND) * left + 0.4 * st.cubes[p]
    level2 = sum(st.tp[c * st.n + p] for c in range(st.comp.cities) if st.level[c] == 2)
    on_tiles = sum(1 for owner in st.dem if owner == p)
    score += (MOBILITY * origins(st, p) + goal_progress(st, p)) * left
    return score + 1.5 * level2 + 0.8 * on_tiles


def goal_progress(st: CEState, p: int) -> float:
    """VP of goal tiers not reached yet, in proportion to the way made towards them: what
    makes the look-ahead pursue goals that score nothing until a threshold."""
    total = 0.0
    for g in st.goals[p]:
        goal = st.comp.goals[g - 1]
        if goal.kind in ("count", "held"):
            have = tier_count(st, p, goal)
            now = tiered(have, goal.tiers)
            total += max(
                ((vp - now) * have / need for need, vp in goal.tiers if have < need), default=0
            )
        elif goal.kind == "four_posts":
            most = max(posts_in(st, p, c) for c in range(st.comp.cities))
            total += goal.vp * (most / 4) ** 2 if most < 4 else 0  # one post is no start
    return total


def origins(st: CEState, p: int) -> int:
    """Cities where `p` is present that hold a cube: where the next transports can start
    (without one a turn ends in the no-transport fallback, CE-PAY-13)."""
    prod = st.prod
    return sum(
        1
        for c in range(st.comp.cities)
        if (prod[2 * c] >= 0 or prod[2 * c + 1] >= 0) and present(st, p, c)
    )


def _default(legal: list[Action]) -> Action:
    """The cheap choice a look-ahead makes: the fewest cards, else the first option."""
    pays = [a for a in legal if a.kind == "pay"]
    if pays:
        return min(pays, key=lambda a: (sum(int(x) for x in a.args[:3]), a.index))
    return legal[0]


def finish_turn(game: Game[Any], st: CEState, p: int) -> None:
    for _ in range(FINISH_LIMIT):
        if st.phase == PHASE_OVER or to_move(st) != p or st.stack[-1][0] == F_PLAN:
            return
        game.apply(st, _default(list(game.legal_actions(st))), trusted=True)


class HeuristicAgent(Agent):
    """One-decision look-ahead with `projection`; never passes up a transport (the rules
    force one) and prefers transports that score goals, cities and upgrades."""

    kind = "heuristic"

    def choose(self, game: Game[Any], state: Any) -> Action:
        legal = list(game.legal_actions(state))
        if len(legal) == 1:
            return legal[0]
        p = game.to_move(state)
        world = game.determinize(state, p, self.rng)
        # The vassal's post (CE-2P-7) is there to get in the rival's way: weigh it by
        # what it does to the rival as much as by what it does for `p`.
        rival = state.stack[-1][0] == F_VASSAL
        best, best_value = legal[0], -math.inf
        for action in legal:
            after = world.copy()
            game.apply(after, action, trusted=True)
            finish_turn(game, after, p)
            value = projection(after, p) + self.rng.random() * 1e-3
            if rival:
                value -= max(projection(after, q) for q in range(after.n) if q != p)
            if value > best_value:
                best, best_value = action, value
        return best
