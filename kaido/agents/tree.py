"""The tree search of Kaido's MCTS agents (`kaido.agents.mcts`): nodes, the iterations
(select, expand, play out, back up), progressive widening and the final choice. Compiled
in the compiled build; the agents themselves stay Python (their settings are read from
their `__init__`), and each decision makes a `Search` with their settings.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

from kaido.core.actions import Action
from kaido.core.game import Game
from kaido.core.rng import Rng


class Node:
    __slots__ = ("available", "children", "favoured", "legal", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[int, Node] = {}
        self.legal: Sequence[Action] | None = None
        self.visits = 0
        self.available = 0
        self.totals = [0.0] * players
        self.favoured = -1
        """The index of the guide's move here (at the root), or -1."""


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
    keep its legal actions), for the player `me`, cut short when `stop` is set."""

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
        stop: threading.Event,
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
        while budget.more() and not stop.is_set():
            self.iterate(game, root, deal(), players, Rng(policy_seed))
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
        values = self.play_out(game, world)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for p in range(players):
                totals[p] += values[p]

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

    def play_out(self, game: Game[Any], world: Any) -> list[float]:
        rng = self.rng
        policy = game.rollout_action
        for _ in range(self.rollout):
            if game.is_over(world):
                break
            game.apply(world, policy(world, game.legal_actions(world), rng), trusted=True)
        # The game's own values at the end too (its result by default), so that a game
        # valuing positions as shares of a win values finished games on the same scale.
        return game.evaluate_all(world)


def decide(roots: Sequence[Node], legal: Sequence[Action], favoured: int, rng_pick: int) -> Action:
    """The most visited move over the roots; the guide's (`favoured`) while the roots are
    too young to tell, or unless another move was visited more."""
    visits = [
        sum(r.children[a.index].visits for r in roots if a.index in r.children) for a in legal
    ]
    best = max(visits)
    for action, seen in zip(legal, visits, strict=True):
        if action.index == favoured and (seen == best or sum(visits) < YOUNG * len(legal)):
            return action
    ties = [a for a, v in zip(legal, visits, strict=True) if v == best]
    return ties[rng_pick % len(ties)]
