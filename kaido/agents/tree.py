"""The tree search of Kaido's MCTS agents (`kaido.agents.mcts`): nodes, the iterations
(select, expand, play out, back up), progressive widening and the final choice. Compiled
in the compiled build; the agents themselves stay Python (their settings are read from
their `__init__`), and each decision makes a `Search` with their settings.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol

from kaido.core.actions import Action
from kaido.core.game import Game
from kaido.core.rng import Rng

if TYPE_CHECKING:
    from kaido.agents.base import StopSignal


class Evaluator(Protocol):
    """A trained model as the search uses it (`kaido.learn.model.Model`)."""

    def evaluate(self, state: Any, player: int, legal: Sequence[Action]) -> tuple[Any, list[float]]:
        """The policy over `legal` (an array of probabilities in their order) and every
        seat's share of a win, as `player` sees `state`."""
        ...

    def values(
        self, state: Any, player: int, evaluation: Sequence[float] | None = None
    ) -> list[float]:
        """Every seat's share of a win, as `player` sees `state` (the value alone);
        `evaluation` is the game's `evaluate_all(state)` when the caller has it."""
        ...


class Node:
    __slots__ = ("available", "children", "favoured", "legal", "priors", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[int, Node] = {}
        self.legal: Sequence[Action] | None = None
        self.visits = 0
        self.available = 0
        self.totals = [0.0] * players
        self.favoured = -1
        """The index of the guide's move here (at the root), or -1."""
        self.priors: list[float] | None = None
        """With a model: the policy's probability of each of `legal`, once evaluated."""


YOUNG: Final = 3
"""Root visits per legal move below which the tree is too young to overrule the guide."""


class Budget:
    """A number of iterations, or seconds of wall time, whichever the agent was given."""

    def __init__(self, iterations: int | None, seconds: float | None) -> None:
        self.iterations = iterations
        self.deadline = time.perf_counter() + seconds if seconds is not None else None
        self.done = 0

    def more(self) -> bool:
        if self.iterations is not None and self.done >= self.iterations:
            return False
        return self.deadline is None or self.done == 0 or time.perf_counter() < self.deadline


class Search:
    """One agent's way of searching: its generator and settings (`c`, `rollout`,
    `widen`, `bias`; `modelled`: the others follow the play-out policy, `others=policy`;
    `fixed_worlds`: every iteration of a tree starts from the same world, so a node may
    keep its legal actions), for the player `me`, cut short when `stop` is set. With a
    `model`, PUCT over the model's priors and its value at each new leaf instead of UCB1
    and a play-out; with a `leaf_model`, UCB1 and the guide as without one, each leaf
    valued after its play-out by the model's value head weighted `mix` and the game's
    evaluation the rest (a finished game by its shares of a win, the value's scale)."""

    def __init__(
        self,
        rng: Rng,
        *,
        c: float,
        rollout: int,
        widen: float,
        bias: float,
        modelled: bool,
        fixed_worlds: bool,
        me: int,
        stop: StopSignal,
        model: Evaluator | None = None,
        leaf_model: Evaluator | None = None,
        mix: float = 1.0,
    ) -> None:
        self.rng = rng
        self.c = c
        self.rollout = rollout
        self.widen = widen
        self.bias = bias
        self.modelled = modelled
        self.fixed_worlds = fixed_worlds
        self.me = me
        self.stop = stop
        self.model = model
        self.leaf_model = leaf_model
        self.mix = mix

    def run(
        self,
        game: Game[Any],
        root: Node,
        deal: Callable[[], Any],
        budget: Budget,
        policy_seed: int,
    ) -> None:
        """Iterate on worlds from `deal()` until the budget is spent; `policy_seed` seeds
        the others' replies under `others=policy`."""
        players = len(root.totals)
        stop = self.stop
        model = self.model
        while budget.more() and not stop.is_set():
            if model is None:
                self.iterate(game, root, deal(), players, Rng(policy_seed))
            else:
                self.iterate_puct(game, root, deal(), players, Rng(policy_seed), model)
            budget.done += 1

    def iterate(
        self, game: Game[Any], root: Node, world: Any, players: int, policy_rng: Rng
    ) -> None:
        """Select and expand in the tree, play out, back up the value vector."""
        node, path, rng = root, [root], self.rng
        modelled = self.modelled
        while not game.is_over(world):
            if modelled and game.to_move(world) != self.me:
                # The others follow the game's play-out policy: no branching on their
                # choices, so the tree goes deeper into our own. Its generator restarts
                # each iteration, so one path always meets the same replies.
                reply = game.rollout_action(world, game.legal_actions(world), policy_rng)
                game.apply(world, reply, trusted=True)
                continue
            legal = node.legal
            if legal is None:
                legal = game.search_actions(world, game.legal_actions(world))
                if self.fixed_worlds:
                    node.legal = legal
            children = node.children
            selectable = False
            for action in legal:
                child = children.get(action.index)
                if child is not None:
                    child.available += 1
                    selectable = True
            untried = [a for a in legal if a.index not in children]
            if untried and (not selectable or self.may_expand(node)):
                # The guide's move first; with widening, children come in the game's order
                # (its best guess first).
                action = next((a for a in untried if a.index == node.favoured), untried[0])
                if action.index != node.favoured and self.widen <= 0:
                    action = untried[rng.below(len(untried))]
                node = children[action.index] = Node(players)
                node.available = 1
                game.apply(world, action, trusted=True)
                path.append(node)
                break
            action, node = self.select(node, legal, game.to_move(world))
            game.apply(world, action, trusted=True)
            path.append(node)
        back_up(path, self.play_out(game, world), players)

    def iterate_puct(
        self,
        game: Game[Any],
        root: Node,
        world: Any,
        players: int,
        policy_rng: Rng,
        model: Evaluator,
    ) -> None:
        """Select by PUCT down to a new leaf, value it by the model (a finished game by its
        shares of a win, the value head's scale), back up the value vector."""
        node, path = root, [root]
        modelled = self.modelled
        while True:
            if game.is_over(world):
                values = game.result(world).win_shares
                break
            mover = game.to_move(world)
            if modelled and mover != self.me:
                reply = game.rollout_action(world, game.legal_actions(world), policy_rng)
                game.apply(world, reply, trusted=True)
                continue
            priors = node.priors
            if priors is None:  # a new leaf: the network values it and sets its priors
                legal = game.search_actions(world, game.legal_actions(world))
                node.legal = legal
                policy, values = model.evaluate(world, mover, legal)
                node.priors = policy.tolist()
                break
            action, node = self.select_puct(node, priors, mover, players)
            game.apply(world, action, trusted=True)
            path.append(node)
        back_up(path, values, players)

    def may_expand(self, node: Node) -> bool:
        """Progressive widening: at most ceil(widen * sqrt(visits + 1)) children."""
        if self.widen <= 0:
            return True
        return len(node.children) < math.ceil(self.widen * math.sqrt(node.visits + 1))

    def select(self, node: Node, legal: Sequence[Action], mover: int) -> tuple[Action, Node]:
        """UCB1 over the legal children, each against how often it was available, with a
        fading bias towards the guide's move."""
        best: tuple[Action, Node] | None = None
        best_score, c, children = -math.inf, self.c, node.children
        for action in legal:
            child = children.get(action.index)
            if child is None or not child.visits:
                continue
            score = child.totals[mover] / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits
            )
            if action.index == node.favoured:
                score += self.bias / (child.visits + 1)
            if score > best_score:
                best_score, best = score, (action, child)
        assert best is not None
        return best

    def select_puct(
        self, node: Node, priors: list[float], mover: int, players: int
    ) -> tuple[Action, Node]:
        """PUCT (Silver et al. 2017): the mean value plus `c` times the prior, scaled by the
        square root of the node's visits over the move's own visits plus one. A move not yet
        visited counts the node's mean value for the mover."""
        legal = node.legal
        assert legal is not None
        children, scale = node.children, self.c * math.sqrt(node.visits)
        unvisited = node.totals[mover] / node.visits if node.visits else 0.5
        best, best_score = 0, -math.inf
        for k, action in enumerate(legal):
            child = children.get(action.index)
            if child is None or not child.visits:
                score = unvisited + scale * priors[k]
            else:
                score = child.totals[mover] / child.visits
                score += scale * priors[k] / (1 + child.visits)
            if score > best_score:
                best, best_score = k, score
        action = legal[best]
        child = children.get(action.index)
        if child is None:
            child = children[action.index] = Node(players)
        return action, child

    def play_out(self, game: Game[Any], world: Any) -> list[float]:
        rng = self.rng
        policy = game.rollout_action
        for _ in range(self.rollout):
            if game.is_over(world):
                break
            game.apply(world, policy(world, game.legal_actions(world), rng), trusted=True)
        leaf_model = self.leaf_model
        if leaf_model is not None:
            if game.is_over(world):
                return list(game.result(world).win_shares)
            mix = self.mix
            if mix >= 1.0:
                return leaf_model.values(world, game.to_move(world))
            # The game's evaluation still ranks positions where the learnt value is flat
            # (a seat far behind has a share of a win near 0 whatever it plays); a value
            # over the evaluation takes the same one rather than computing it again.
            evaluation = game.evaluate_all(world)
            learnt = leaf_model.values(world, game.to_move(world), evaluation)
            return [mix * v + (1.0 - mix) * e for v, e in zip(learnt, evaluation, strict=True)]
        # The game's own values at the end too (its result by default), so that a game
        # valuing positions as shares of a win values finished games on the same scale.
        return game.evaluate_all(world)


def back_up(path: list[Node], values: list[float], players: int) -> None:
    """Count a visit and add the value vector on every node of `path`."""
    for visited in path:
        visited.visits += 1
        totals = visited.totals
        for p in range(players):
            totals[p] += values[p]


def root_visits(roots: Sequence[Node], legal: Sequence[Action]) -> list[int]:
    """Each of `legal`'s visits summed over the roots."""
    return [sum(r.children[a.index].visits for r in roots if a.index in r.children) for a in legal]


def policy_favourite(roots: Sequence[Node], legal: Sequence[Action]) -> int:
    """The index of the move the policy likes best at the roots (their priors summed): with
    a model it plays the guide's part in `decide`, so a young or tied search plays it."""
    prior = dict.fromkeys((a.index for a in legal), 0.0)
    for root in roots:
        if root.legal is not None and root.priors is not None:
            for action, p in zip(root.legal, root.priors, strict=True):
                if action.index in prior:
                    prior[action.index] += p
    return max(prior, key=lambda index: prior[index])


def decide(
    roots: Sequence[Node],
    legal: Sequence[Action],
    favoured: int,
    rng_pick: int,
    overrule: float = 1.0,
) -> Action:
    """The most visited move over the roots; the guide's (`favoured`) while the roots are
    too young to tell, or unless another move was visited more than `overrule` times as
    often (1: more at all)."""
    visits = root_visits(roots, legal)
    best = max(visits)
    for action, seen in zip(legal, visits, strict=True):
        if action.index == favoured and (
            best <= overrule * seen or sum(visits) < YOUNG * len(legal)
        ):
            return action
    ties = [a for a, v in zip(legal, visits, strict=True) if v == best]
    return ties[rng_pick % len(ties)]
