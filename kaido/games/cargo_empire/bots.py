"""Cargo Empire's heuristic player (`agents.py`) and the search's evaluation.

The heuristic looks one decision ahead in a world dealt from what it may know (`determinize`):
it applies each legal action, finishes the rest of its own turn with cheap defaults
(fewest cards, the first row, the first marker), and keeps the action whose result
`projection` values most: the VP it would score now (goals included, so it pursues its
goal cards) plus the worth of markers, cards and posts still to grow, and of the bonus
spaces just ahead of its markers (so it picks rows and moves markers towards them).
The weights of those parts are data (data/projection.toml): written by hand, or tuned by
self-play (scripts/ce_tune_projection.py). A move's value may also be summed over several
deals (`worlds`), and the rest of its turn played out by the look-ahead itself (`depth`;
the strong table bot's is 2), and a learnt value of where each move's turn ends added to
its projection (`leaf`: the strong table bot's, bench/README.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from kaido.agents.fitted import softmax
from kaido.core.actions import Action
from kaido.core.game import Game
from kaido.core.result import places, win_shares
from kaido.core.rng import Rng
from kaido.games.cargo_empire.board import TrackTile, load_projection_weights
from kaido.games.cargo_empire.engine import present, to_move
from kaido.games.cargo_empire.scoring import (
    category_scores,
    group_counts,
    posts_in,
    ranking_keys,
    tier_count,
    tiered,
)
from kaido.games.cargo_empire.state import F_PLAN, F_VASSAL, PHASE_OVER, CEState
from kaido.games.cargo_empire.track import SEG, VP_SEG, layout, position

FINISH_LIMIT: Final = 12  # decisions a look-ahead may take to end the turn
HAND: Final = 6  # cards beyond these rarely get played: worth nothing more
AHEAD: Final = 4  # spaces ahead of a marker whose bonuses count
AHEAD_DECAY: Final = 0.6  # each further space is less sure to be reached
BONUS_WORTH: Final = (0.0, 0.45, 0.45, 0.45, 3.0, 2.0, 0.45, 3.0)
"""What a bonus one space ahead adds to the projection, by code (board.NONE, B_CAR, B_LOCO,
B_SHIP, B_CITY, B_GOAL, B_ANY, B_CITY_GOAL): half a card, a city card or a goal card's
worth. Without it the look-ahead chose rows blind: measured in bench/README.md."""


WRITTEN: Final = load_projection_weights("written")
"""The projection's hand-written weights (data/projection.toml): the `heuristic` bot's."""
TUNED: Final = load_projection_weights("tuned")
"""The weights tuned by self-play against `WRITTEN` (data/projection.toml): those of
`heuristic:tuned=true`, the normal and strong table bots. Searches value by `WRITTEN`."""


def projection(
    st: CEState, p: int, ahead: bool = True, weights: tuple[float, ...] = WRITTEN
) -> float:
    """What `p`'s position is worth in VP, roughly: the VP it scores now plus each part
    still to grow by its weight (board.PROJECTION_PARTS); `ahead=False`: blind to the bonus
    spaces ahead, as the heuristic was before they counted."""
    score = float(sum(category_scores(st, p)))
    if st.phase == PHASE_OVER:
        return score
    markers, cards, cubes, mobility, goals, bonuses, level2, tiles = weights
    left = 1.0 - (st.round - 1) / 3
    growing = markers * sum(position(st, 3 * p + t) for t in range(3))
    growing += cards * min(sum(st.cards[3 * p : 3 * p + 3]), HAND)
    growing += mobility * origins(st, p) + goals * goal_progress(st, p)
    if ahead:
        growing += bonuses * bonuses_ahead(st, p)
    posts = sum(st.tp[c * st.n + p] for c in range(st.comp.cities) if st.level[c] == 2)
    held = sum(1 for owner in st.dem if owner == p)
    return score + growing * left + cubes * st.cubes[p] + level2 * posts + tiles * held


TEMPERATURE: Final = (29.5, 13.5, 7.0)
"""VP, rounds 1-3: the temperatures at which `projection` best predicted the winners of
1,500 heuristic games at 4 players (seeds 100000-101499, every other decision; the
log-likelihood's maximum on a grid of 0.5 to 30 in steps of 0.5). Early on the projection
says little about who wins, so its differences count for less."""


def evaluate_all(st: CEState) -> list[float]:
    """The search's evaluation, each player's share of a win: the winners' at the end
    (CE-END-6..9), else the softmax of their projections.

    Why the projection and not a model fitted to many features (as Forwarder of Xanadu's
    search uses): a linear model of 18 features fitted to 1,500 heuristic games named the
    winner more often than the projection, yet MCTS valued by it won 7 of 100 games against
    three heuristic bots, valued by the projection 26 of the same 100. The search steered
    into the fitted weights' errors (bench/README.md)."""
    if st.phase == PHASE_OVER:
        return win_shares(places(ranking_keys(st, st.final or [])))[: st.n]
    return softmax([projection(st, p) for p in range(st.n)], TEMPERATURE[st.round - 1])


def bonuses_ahead(st: CEState, p: int) -> float:
    """The bonus spaces (CE-DEV-12) ahead of `p`'s three markers, each by `BONUS_WORTH`,
    discounted by the steps to it; where a row is still to be chosen, the better row."""
    cache, track = st.comp.cache, tuple(st.track)
    total = 0.0
    for idx in range(3 * p, 3 * p + 3):
        key = ("ahead", track, st.marker[idx], st.rows[idx])
        worth = cache.get(key)
        if worth is None:
            seg, space = divmod(st.marker[idx], SEG)
            worth = cache[key] = _ahead(layout(st)[0], seg, space, st.rows[idx], AHEAD)
        total += worth
    return total


def _ahead(sides: tuple[TrackTile, ...], seg: int, space: int, rows: int, steps: int) -> float:
    """The discounted bonuses of the next `steps` spaces after (`seg`, `space`), a marker's
    row of each tile slot in `rows` (2 bits a slot, 0 not chosen yet: track.row_of)."""
    total, scale = 0.0, 1.0
    while steps > 0 and seg < VP_SEG:
        if seg % 2 == 0:  # before a tile: the next step enters its first space
            shift = 2 * (seg // 2)
            if not rows >> shift & 3:  # CE-DEV-8, CE-DEV-10: the row is picked there
                return total + scale * max(
                    _ahead(sides, seg, space, rows | row << shift, steps) for row in (1, 2)
                )
            seg, space = seg + 1, 0
        elif space + 1 < len(_row(sides, seg, rows)):
            space += 1
        else:  # off the tile: an intermediate space, or the VP zone (no bonuses)
            seg, space = seg + 1, 0
        if seg % 2 and seg < VP_SEG:
            total += scale * BONUS_WORTH[_row(sides, seg, rows)[space]]
        scale *= AHEAD_DECAY
        steps -= 1
    return total


def _row(sides: tuple[TrackTile, ...], seg: int, rows: int) -> tuple[int, ...]:
    """The bonuses of the row chosen on the tile of segment `seg`."""
    slot = seg // 2
    return sides[slot].rows[(rows >> 2 * slot & 3) - 1]


def goal_progress(st: CEState, p: int) -> float:
    """VP of goal tiers and sets not reached yet, in proportion to the way made towards
    them: what makes the look-ahead pursue goals that score nothing until a threshold."""
    total = 0.0
    for g in st.goals[p]:
        goal = st.comp.goals[g - 1]
        if goal.kind in ("count", "held"):
            have = tier_count(st, p, goal)
            now = tiered(have, goal.tiers)
            total += max(
                ((vp - now) * have / need for need, vp in goal.tiers if have < need), default=0
            )
        elif goal.kind == "sets":  # the groups that are ahead of the rest: a set begun
            counts = group_counts(st, p, goal)
            low = min(counts)
            total += goal.vp * sum(1 for n in counts if n > low) / len(counts)
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


Leaf = Callable[[CEState, int], float]
"""What a position where the seat's turn ends is worth to the seat beyond its projection, in
VP (the agent's learnt value: `agents.HeuristicAgent`)."""


def _default(legal: list[Action]) -> Action:
    """The cheap choice a look-ahead makes: the fewest cards, else the first option."""
    pays = [a for a in legal if a.kind == "pay"]
    if pays:
        return min(pays, key=lambda a: (sum(int(x) for x in a.args[:3]), a.index))
    return legal[0]


def _turn_over(st: CEState, p: int) -> bool:
    return st.phase == PHASE_OVER or to_move(st) != p or st.stack[-1][0] == F_PLAN


def finish_turn(game: Game[Any], st: CEState, p: int) -> None:
    """Play the rest of `p`'s turn by the cheap choices (`_default`)."""
    for _ in range(FINISH_LIMIT):
        if _turn_over(st, p):
            return
        game.apply(st, _default(list(game.legal_actions(st))), trusted=True)


def finish_by_look_ahead(
    game: Game[Any],
    st: CEState,
    p: int,
    rng: Rng,
    ahead: bool,
    weights: tuple[float, ...],
    depth: int,
) -> None:
    """Play the rest of `p`'s turn by its own look-ahead: at each decision the move whose
    result, the rest of the turn finished at `depth - 1`, projects best (depth 0: the
    cheap choices, `finish_turn`)."""
    if depth == 0:
        finish_turn(game, st, p)
        return
    for _ in range(FINISH_LIMIT):
        if _turn_over(st, p):
            return
        legal = list(game.legal_actions(st))
        best = legal[0]
        if len(legal) > 1:
            values = _looked_ahead(game, st, legal, p, rng, ahead, weights, depth - 1, False)
            best = _best(legal, values)
        game.apply(st, best, trusted=True)


def _best(legal: list[Action], values: list[float]) -> Action:
    """The move of the highest value (the first of equals)."""
    return legal[max(range(len(legal)), key=values.__getitem__)]


def _looked_ahead(
    game: Game[Any],
    world: CEState,
    legal: list[Action],
    p: int,
    rng: Rng,
    ahead: bool,
    weights: tuple[float, ...],
    depth: int,
    rival: bool,
    leaf: Leaf | None = None,
) -> list[float]:
    """Each legal move's worth to `p` in `world`: its projection once the move is made and
    the turn finished by the look-ahead at `depth` (0: by the cheap choices), with a draw
    below 0.001 to break ties, plus `leaf`'s value of where the turn ends; less the best
    other projection where `rival`."""
    values = []
    for action in legal:
        after = world.copy()
        game.apply(after, action, trusted=True)
        finish_by_look_ahead(game, after, p, rng, ahead, weights, depth)
        value = projection(after, p, ahead, weights) + rng.random() * 1e-3
        if leaf is not None:
            value += leaf(after, p)
        if rival:
            value -= max(projection(after, q, ahead, weights) for q in range(after.n) if q != p)
        values.append(value)
    return values


def heuristic_move(
    game: Game[Any],
    state: CEState,
    rng: Rng,
    ahead: bool,
    weights: tuple[float, ...] = WRITTEN,
    worlds: int = 1,
    depth: int = 0,
    leaf: Leaf | None = None,
) -> Action:
    """The heuristic's move: a one-decision look-ahead with `projection` by `weights`
    (counting the bonus spaces ahead when `ahead`), the turn finished by its own
    look-ahead `depth` levels deep (0: by cheap choices), plus `leaf`'s value of where the
    turn ends, summed over `worlds` deals of what `p` may not see. It never passes up a
    transport (the rules force one) and prefers transports that score goals, cities and
    upgrades."""
    legal = list(game.legal_actions(state))
    if len(legal) == 1:
        return legal[0]
    p = game.to_move(state)
    # The vassal's post (CE-2P-7) is there to get in the rival's way: weigh it by
    # what it does to the rival as much as by what it does for `p`.
    rival = state.stack[-1][0] == F_VASSAL
    totals = [0.0] * len(legal)
    for _ in range(worlds):
        world = game.determinize(state, p, rng)
        values = _looked_ahead(
            game, world, legal, p, rng, ahead, weights, depth, rival, None if rival else leaf
        )
        totals = [total + value for total, value in zip(totals, values, strict=True)]
    return _best(legal, totals)
