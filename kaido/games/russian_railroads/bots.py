"""Russian Railroads evaluation, play-out policy and the heuristic player (`agents.py`).

The evaluation projects each player's final score: VP so far, plus this board's round
income for every scoring still to come, plus rough values for what will pay later
(unused workers this round, extra workers, owned engineers, x2 tokens waiting for track,
track laid beyond the locos' reach, the engineer majority, end bonus cards). A player's
value is how far their projection leads the best rival's, squashed into [0, 1].
"""

from __future__ import annotations

import math
import threading
from bisect import bisect_right
from typing import Any, Final, Literal, get_args

from kaido.core.actions import Action
from kaido.core.game import Game, result_value
from kaido.core.rng import Rng
from kaido.games.russian_railroads import engine
from kaido.games.russian_railroads.components import (
    DOUBLER_SQUARES,
    LINE_COLOURS,
    SPACES,
    TSR,
    VALUES,
)
from kaido.games.russian_railroads.markers import reach
from kaido.games.russian_railroads.scoring import (
    end_bonus_vp,
    engineer_count,
    highest_engineer,
    round_score,
)
from kaido.games.russian_railroads.state import (
    ENGS,
    FACT,
    HAND,
    IND,
    PASSED,
    PHASE_OVER,
    POS,
    RUBLES,
    TEMP,
    VP,
    X2,
    RRState,
)

Strategy = Literal["balanced", "transsib", "industry"]
STRATEGIES: Final[tuple[Strategy, ...]] = get_args(Strategy)
# Weights of (TSR, StP, Kiev, industry) income per strategy: how the bot values each
# source of round scoring when choosing, not how it is scored.
INCOME_WEIGHTS: Final = {
    "balanced": (1.0, 1.0, 1.0, 1.0),
    "transsib": (1.35, 0.85, 0.85, 0.8),
    "industry": (0.85, 0.85, 0.85, 1.4),
}


def projection(
    st: RRState, p: int, strategy: str = "balanced", majority: float | None = None
) -> float:
    """Projected final VP of player `p` (see the module note). `majority` is
    `_majority(st, p)` when the caller has it already."""
    b = st.boards[p]
    if st.phase == PHASE_OVER:
        return float(b[VP])
    left = st.rounds - st.round + 1  # scorings still to come, this round's included
    weights = INCOME_WEIGHTS[strategy]
    income = sum(w * v for w, v in zip(weights, round_score(b, st.variant), strict=True))
    value = b[VP] + income * left
    if not b[PASSED]:
        value += (b[HAND] + b[TEMP]) * (1.0 + 0.8 * left) + b[RUBLES] * (0.8 + 0.6 * left)
    else:
        value += b[RUBLES] * 0.6 * max(0, left - 1)
    future = max(0, left - 1)
    value += future * (1.5 * b[ENGS].bit_count() + 2.5 * _potential(b, weights))
    value += _industry_potential(b) * future * weights[3]
    value += sum(end_bonus_vp(b, card) for card, _ in st.hands[p]) * 0.9
    if majority is None:
        majority = _majority(st, p)
    value += majority * min(1.0, 0.4 + 0.6 * st.round / st.rounds)
    return value


def _potential(b: list[int], weights: tuple[float, ...]) -> float:
    """Track laid beyond the loco reach and x2 tokens not yet under coloured squares: paid
    later once locos and markers catch up (a fraction of a round's value)."""
    total = 0.0
    for line in range(3):
        limit = reach(b, line)
        floor = limit  # the higher of the reach and the markers behind
        base = POS + line * 5
        for colour in range(LINE_COLOURS[line] - 1, -1, -1):
            at = b[base + colour]
            if at > floor:
                total += 0.25 * VALUES[colour] * (at - floor) * weights[line]
                floor = at
        total += 0.3 * max(0, b[base] - limit) * weights[line]
    x2 = b[X2]
    total += 0.3 * (x2 - bisect_right(DOUBLER_SQUARES, reach(b, TSR), 0, x2))
    return total


def _industry_potential(b: list[int]) -> float:
    return 0.6 * sum(1 for k in range(5) if b[FACT + k]) + 0.05 * b[IND]


def _majority(st: RRState, p: int) -> float:
    return _majorities(st)[p]


def _majorities(st: RRState) -> list[float]:
    """Every player's engineer majority VP as things stand (40 / 20 / 0)."""
    cards = [[c for c, _ in hand] for hand in st.hands]
    keys = sorted(
        (
            (engineer_count(b, c), highest_engineer(b), seat)
            for seat, (b, c) in enumerate(zip(st.boards, cards, strict=True))
            if engineer_count(b, c)
        ),
        reverse=True,
    )
    out = [0.0] * st.n
    for place, key in enumerate(keys[:2]):
        out[key[2]] = 40.0 if place == 0 else 20.0
    return out


_last = threading.local()
"""Per thread, the last state evaluated, its fingerprint and its projections: search
agents ask for every player's value of one leaf in a row, so the projections are computed
once (per thread, so that bots thinking at once on other tables never see each other's)."""


def _projections(game: Game[Any], st: RRState) -> list[float]:
    mark = (st.turn_serial, len(st.stack), st.round, tuple(sum(b) for b in st.boards))
    last = getattr(_last, "entry", None)
    if last is not None and last[0] is st and last[1] == mark:
        return list(last[2])
    done = finish_greedily(game, st.copy()) if st.stack else st
    majorities = _majorities(done)
    values = [projection(done, q, majority=majorities[q]) for q in range(st.n)]
    _last.entry = (st, mark, values)
    return values[:]


def finish_greedily(
    game: Game[Any], st: RRState, strategy: str = "balanced", limit: int = 12
) -> RRState:
    """Complete the pending action: each choice the one with the best projection for the
    player deciding. A pending action's worth shows only once it is done."""
    for _ in range(limit):
        if not st.stack or st.phase == PHASE_OVER:
            break
        mover = engine.to_move(st)
        best: RRState | None = None
        best_value = -math.inf
        for action in game.legal_actions(st):
            after = st.copy()
            game.step(after, action, None)
            value = projection(after, mover, strategy)
            if value > best_value:
                best, best_value = after, value
        if best is None:
            break
        st = best
    return st


def evaluate(game: Game[Any], st: RRState, player: int) -> float:
    if st.phase == PHASE_OVER:
        return result_value(game.result(st), player)
    values = _projections(game, st)
    mine = values.pop(player)
    return 1.0 / (1.0 + math.exp(-(mine - max(values)) / 25.0))


def evaluate_all(game: Game[Any], st: RRState) -> list[float]:
    """`evaluate` for every player, from one set of projections."""
    if st.phase == PHASE_OVER:
        result = game.result(st)
        return [result_value(result, p) for p in range(st.n)]
    values = _projections(game, st)
    out = []
    for p, mine in enumerate(values):
        best = max(v for q, v in enumerate(values) if q != p)
        out.append(1.0 / (1.0 + math.exp(-(mine - best) / 25.0)))
    return out


# ---- play-outs and the heuristic player ------------------------------------------------------


def rollout_action(game: Game[Any], st: RRState, legal: list[Action], rng: Rng) -> Action:
    """A cheap play-out move: inside an action, the choice that raises the mover's round
    income most; on a turn, a random space, not passing or paying rubles for nothing
    while workers remain, so play-outs look like play."""
    if len(legal) == 1:
        return legal[0]
    if st.stack:
        return _greedy_income(game, st, legal, rng)
    plain = [a for a in legal if a.kind == "place" and a.args[1] == 0]
    pool = plain or [a for a in legal if a.kind != "pass"] or legal
    return pool[rng.below(len(pool))]


def _greedy_income(game: Game[Any], st: RRState, legal: list[Action], rng: Rng) -> Action:
    mover = engine.to_move(st)
    best: list[Action] = []
    best_value = -1
    for action in legal:
        after = st.copy()
        game.step(after, action, None)
        value = sum(round_score(after.boards[mover], after.variant)) + after.boards[mover][VP]
        if value > best_value:
            best, best_value = [action], value
        elif value == best_value:
            best.append(action)
    return best[rng.below(len(best))]


def _payment_rank(action: Action, st: RRState) -> tuple[int, ...]:
    """Prefer spending temporary workers (they vanish at round end), then the black worker
    on actions that move black, then own workers; rubles last."""
    space, rubles, black, temp = (int(a) for a in action.args)
    effect = SPACES[space].effect
    moves_black = any(op == engine.OP_TRACK and (arg >> 4) in (0, 5, 6) for op, arg in effect)
    return (temp, black if moves_black else -black, -rubles)


def one_payment_each(st: RRState, legal: list[Action]) -> list[Action]:
    """On a turn, each space once, paid the preferred way (see `_payment_rank`), and
    passing; inside an action, every choice. What search agents expand."""
    if st.stack:
        return legal
    by_space: dict[int, Action] = {}
    for action in legal:
        if action.kind != "place":
            continue
        space = int(action.args[0])
        kept = by_space.get(space)
        if kept is None or _payment_rank(action, st) > _payment_rank(kept, st):
            by_space[space] = action
    return [*by_space.values(), *(a for a in legal if a.kind == "pass")]


def heuristic_move(game: Game[Any], state: RRState, rng: Rng, strategy: Strategy) -> Action:
    """The heuristic's move, playing a recognisable strategy: `transsib` (Trans-Siberian
    rush), `industry` (industry and factories) or `balanced`. It tries every space (best
    payment only), finishes the action with one-step-greedy choices, and keeps the best
    projection."""
    legal = list(game.legal_actions(state))
    if len(legal) == 1:
        return legal[0]
    player = game.to_move(state)
    world = game.determinize(state, player, rng)
    candidates = one_payment_each(world, legal)
    best: list[Action] = []
    best_value = -math.inf
    for action in candidates:
        after = world.copy()
        game.apply(after, action, trusted=True)
        _finish(game, after, player, strategy)
        value = projection(after, player, strategy) + _bias(after, player, strategy)
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif value > best_value - 1e-9:
            best.append(action)
    return best[rng.below(len(best))]


def _finish(game: Game[Any], st: RRState, player: int, strategy: Strategy) -> None:
    """Complete the pending action with one-step-greedy choices (bounded)."""
    for _ in range(12):
        if not st.stack or engine.to_move(st) != player:
            return
        legal = game.legal_actions(st)
        best, best_value = legal[0], -math.inf
        for action in legal:
            after = st.copy()
            game.apply(after, action, trusted=True)
            value = projection(after, player, strategy) + _bias(after, player, strategy)
            if value > best_value:
                best, best_value = action, value
        game.apply(st, best, trusted=True)


def _bias(st: RRState, p: int, strategy: Strategy) -> float:
    """Strategy flavour beyond income weights: rushing black on the Trans-Siberian, or
    building factories."""
    b = st.boards[p]
    left = st.rounds - st.round + 1
    if strategy == "transsib":
        return 0.6 * left * b[POS + TSR * 5] + 0.4 * left * reach(b, TSR)
    if strategy == "industry":
        return 1.5 * left * sum(1 for k in range(5) if b[FACT + k])
    return 0.0
