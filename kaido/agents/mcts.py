"""Monte Carlo tree search that never peeks at hidden information.

Both agents search worlds dealt by `game.determinize` from the searching player's own
view, so hidden cards, deck order and future dice are guesses, never the truth.

- `MCTSAgent` (determinized UCT, "perfect information Monte Carlo"): deals a few worlds,
  runs plain UCT on each (its chance fixed with the world), and sums the root visits.
- `ISMCTSAgent` (single-observer information-set MCTS; Cowling, Powley, Whitehouse 2012):
  one tree over the player's information sets; every iteration deals a fresh world, and a
  child is scored against the number of times it was available, not its parent's visits.

Values are vectors (one entry per player); each node's mover maximises their own entry.
Play-outs follow the game's `rollout_action` (uniformly random unless the game gives a
policy) for `rollout` steps, then the game's `evaluate` scores the position.

With `others=policy` only the searching player's decisions branch: inside the tree the
other players follow the game's `rollout_action` too (an opponent model), so the budget
goes into a deeper tree over one's own choices instead of being spread over replies.

Guided by the game's heuristic (`guide`, on by default where the game has a `heuristic`
agent): the heuristic's move at the root is expanded first and gets a progressive bias
(`bias / (visits + 1)`, Chaslot et al. 2008) that fades as the search learns, and it is
played unless the search has looked at every move a few times and visited another one
more. A small budget therefore plays the heuristic's move, a larger one overrules it only
on evidence: the search never knows less than the heuristic it is built on. `overrule=R`
asks for more evidence: another move must have more than R times the guide's visits
(1, the default: more at all), for games whose evaluation ranks close moves worse than
the heuristic does.

With `policy=` a trained model (named as `model=` names one; `auto`: the model shipped for
the game and player count), the guide is the `policy` bot anchored on the heuristic at
`anchor` (`kaido.learn.agents.PolicyAgent`): the network's move where it outvotes the
heuristic's by more than the margin, else the heuristic's. A policy learnt from a stronger
search thus starts the search where that search would, and a small budget plays it.

With a trained model (a shipped model's name or a file; `auto`: the model shipped for the
game and player count, where there is one; see `kaido.learn`),
`MCTSAgent` searches as AlphaZero does: PUCT selection with the network's policy as each
move's prior, and the network's value of a new leaf instead of a play-out (finished games
are valued by their shares of a win, the value head's scale). The policy replaces the
heuristic's guide. `model=none`, the default, is the search above, unchanged.

With `value=` a model instead (named as `model=` names one; `auto`: the value model shipped
for the game and player count, `GAME-Np-value`, where there is one), either agent searches as
without a model, UCB1 and the heuristic's guide, and values each leaf by the model's value
head alone after the play-out (`rollout=0`: at the leaf), a finished game by its shares of
a win: a learnt value, such as one over the game's evaluation, inside today's search;
`mix=M` (from 0 to 1, 1 by default) values a leaf by M times the model's value plus 1 - M
times the game's evaluation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from kaido.agents.base import Agent
from kaido.agents.tree import Budget, Node, Search, decide, policy_favourite, root_visits
from kaido.core.actions import Action
from kaido.core.game import Game

if TYPE_CHECKING:
    from kaido.learn.model import Model


class _Tree(NamedTuple):
    """A determinized world and the tree searched from it. The others' replies under
    `others=policy` come from `policy_seed`, so a kept subtree meets the same replies."""

    world: Any
    root: Node
    policy_seed: int


class _SearchAgent(Agent):
    fixed_worlds = False
    """Whether every iteration of one tree starts from the same world, so that a node
    always stands for the same state and may keep its legal actions."""

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        time: float | None = None,
        c: float = 0.7,
        rollout: int = 30,
        widen: float = 0.0,
        others: Literal["tree", "policy"] = "tree",
        guide: bool = True,
        bias: float = 1.0,
        policy: str = "none",
        anchor: float = 2.0,
        overrule: float = 1.0,
        model: str = "none",
        value: str = "none",
        mix: float = 1.0,
    ) -> None:
        super().__init__(seed)
        if others not in ("tree", "policy"):
            raise ValueError(f"others must be 'tree' or 'policy', not {others!r}")
        if not policy:
            raise ValueError("policy names a model (auto, a shipped one, a file) or none")
        if not anchor >= 0.0:  # NaN too
            raise ValueError("anchor is a margin in log-probability, 0 or more")
        if iterations is None and time is None:
            iterations = 500
        for name, amount in (("iterations", iterations), ("time", time)):
            if amount is not None and amount <= 0:
                raise ValueError(f"{name} must be positive")
        if rollout < 0:
            raise ValueError("rollout must not be negative")
        if c < 0 or widen < 0 or bias < 0:
            raise ValueError("c, widen and bias must not be negative")
        if not overrule >= 1.0:  # NaN too
            raise ValueError("overrule is a ratio of visits, 1 or more")
        if not model or not value:
            raise ValueError("model and value name a model (auto, a shipped one, a file) or none")
        if model != "none" and value != "none":
            raise ValueError("model= plays the model's policy and value, value= its value alone")
        if model != "none" and policy != "none":
            raise ValueError("model= plays the model's policy as the prior, policy= as the guide")
        if not 0.0 <= mix <= 1.0:
            raise ValueError(f"mix is the learnt value's weight, from 0 to 1, not {mix}")
        self.iterations = iterations
        self.seconds = time
        self.c = c
        self.rollout = rollout
        self.widen = widen
        self.others = others
        self.guide = guide
        self.bias = bias
        self.policy = policy
        self.anchor = anchor
        self.overrule = overrule
        self.model = model
        self.value = value
        self._looked = model == "none" and value == "none"
        self._guide: Agent | None = None
        self.guided: Action | None = None
        """The guide's move at the last decision (None without one): where the search
        started, for whoever studies how often it overrules the heuristic."""
        self.visits: dict[int, int] | None = None
        """The root visits of each searched move (by action index) at the last decision,
        or None if it had only one legal move: the targets of self-play data."""
        self._me = 0
        self._model: Model | None = None
        """The trained model the search plays with (`MCTSAgent`'s `model=`), or None."""
        self._leaf_model: Model | None = None
        """The trained model whose value alone values the leaves (`value=`), or None."""
        self.mix = mix
        """The learnt value's weight in a leaf's value (`mix=`), the rest the game's
        evaluation."""

    def describe(self) -> str:
        budget = f"time={self.seconds}" if self.seconds is not None else f"it={self.iterations}"
        widen = f", widen={self.widen}" if self.widen > 0 else ""
        others = ", others=policy" if self.others == "policy" else ""
        guide = "" if self.guide else ", guide=off"
        if self.guide and self.policy != "none":
            guide = f", policy={self.policy}, anchor={self.anchor:g}"
        overrule = f", overrule={self.overrule:g}" if self.overrule > 1.0 else ""
        described = f"{self.kind}({budget}{widen}{others}{guide}{overrule})"
        if self.value != "none":
            mix = f", mix={self.mix:g}" if self.mix < 1.0 else ""
            return described[:-1] + f", value={self.value}{mix})"
        if self.model == "none":
            return described
        return described.replace(", guide=off", "")[:-1] + f", model={self.model})"

    def _load_models(self, game: Game[Any], state: Any) -> None:
        """Find the models named by `model=` or `value=` at the first decision (a shipped
        model depends on the player count); with `model=` the policy is the prior, so the
        search has no other guide."""
        if self._looked:
            return
        from kaido.learn.model import find_model  # only a search with a model needs it

        self._looked = True
        if self.value != "none":
            self._leaf_model = find_model(self.value, game, state.options, value=True)
        else:
            self._model = find_model(self.model, game, state.options)
        self.guide = self.guide and self._model is None

    def _guided(self, game: Game[Any], state: Any) -> Action | None:
        """The guide's move in `state` (the heuristic's, or the anchored policy's with
        `policy=`), or None without a guide."""
        if not self.guide or "heuristic" not in game.agent_kinds:
            return None
        if self._guide is None:
            self._guide = self._make_guide(game, self.rng.next64() % (1 << 62))
        self._guide.humans = self.humans
        return self._guide.choose(game, state)

    def _make_guide(self, game: Game[Any], seed: int) -> Agent:
        if self.policy == "none":
            from kaido.agents import make_agent  # here: kaido.agents imports this module

            return make_agent("heuristic", game, seed)
        from kaido.learn.agents import PolicyAgent  # only a guide with a model needs it

        return PolicyAgent(seed, model=self.policy, anchor=self.anchor)

    def _root_actions(self, game: Game[Any], state: Any) -> tuple[Sequence[Action], int]:
        """The moves searched at the root, and the index of the guide's among them (-1)."""
        legal = game.search_actions(state, game.legal_actions(state))
        self.guided = None
        if len(legal) == 1:
            return legal, -1
        favoured = self.guided = self._guided(game, state)
        if favoured is None:
            return legal, -1
        if all(a.index != favoured.index for a in legal):
            legal = [*legal, favoured]
        return legal, favoured.index

    def _search(
        self,
        game: Game[Any],
        root: Node,
        deal: Callable[[], Any],
        budget: Budget,
        policy_seed: int,
    ) -> None:
        """Iterate on worlds from `deal()` until the budget is spent; `policy_seed` seeds
        the others' replies under `others=policy`."""
        search = Search(
            self.rng,
            c=self.c,
            rollout=self.rollout,
            widen=self.widen,
            bias=self.bias,
            modelled=self.others == "policy",
            fixed_worlds=self.fixed_worlds,
            me=self._me,
            stop=self.stop,
            model=self._model,
            leaf_model=self._leaf_model,
            mix=self.mix,
        )
        search.run(game, root, deal, budget, policy_seed)


class MCTSAgent(_SearchAgent):
    """Determinized UCT: `worlds` deals from the player's view, one UCT tree each.

    Trees carry over between the player's own decisions: after its move, each world
    takes the move too, and while a world still looks, from the player's seat, exactly
    like the real game (nothing was drawn, rolled or revealed since), its subtree under
    the move goes on being searched instead of a fresh deal.
    """

    kind = "mcts"
    fixed_worlds = True

    def __init__(self, seed: int = 0, worlds: int = 4, **settings: Any) -> None:
        super().__init__(seed, **settings)
        if worlds < 1:
            raise ValueError("worlds must be positive")
        self.worlds = worlds
        self._kept: list[_Tree] = []
        self._kept_for = -1

    def choose(self, game: Game[Any], state: Any) -> Action:
        me, players = game.to_move(state), game.num_players(state)
        self._me = me
        self._load_models(game, state)
        trees = self._kept_trees(game, state, me)
        legal, favoured = self._root_actions(game, state)
        self.visits = None
        if len(legal) == 1:
            action = legal[0]
        else:
            iterations = None if self.iterations is None else max(1, self.iterations // self.worlds)
            seconds = None if self.seconds is None else self.seconds / self.worlds
            for i in range(self.worlds):
                if i == len(trees):
                    world = game.determinize(state, me, self.rng)
                    trees.append(_Tree(world, Node(players), self.rng.next64()))
                tree = trees[i]
                tree.root.favoured = favoured
                budget = Budget(iterations, seconds)
                self._search(game, tree.root, tree.world.copy, budget, tree.policy_seed)
            roots = [tree.root for tree in trees]
            if self._model is not None:
                favoured = policy_favourite(roots, legal)
            visits = root_visits(roots, legal)
            self.visits = {a.index: v for a, v in zip(legal, visits, strict=True)}
            action = decide(roots, legal, favoured, self.rng.below(1 << 30), self.overrule)
        self._keep(game, trees, action)
        return action

    def _kept_trees(self, game: Game[Any], state: Any, me: int) -> list[_Tree]:
        """The kept trees whose world the player cannot tell from the real game, if the
        player searched them (under `others=policy` a tree is grown for one player)."""
        kept, self._kept = self._kept, []
        if not kept or self._kept_for != me:
            return []
        seen = game.view(state, me)
        return [
            tree
            for tree in kept
            if not game.is_over(tree.world)
            and game.to_move(tree.world) == me
            and game.view(tree.world, me) == seen
        ]

    def _keep(self, game: Game[Any], trees: list[_Tree], action: Action) -> None:
        """Each world after `action`, with the subtree the search grew under it."""
        self._kept_for = self._me
        for tree in trees:
            child = tree.root.children.get(action.index)
            if child is not None:
                world = tree.world.copy()
                game.apply(world, action, trusted=True)
                self._kept.append(_Tree(world, child, tree.policy_seed))


class ISMCTSAgent(_SearchAgent):
    """Single-observer information-set MCTS: one tree, a fresh world every iteration."""

    kind = "ismcts"

    def __init__(self, seed: int = 0, **settings: Any) -> None:
        super().__init__(seed, **settings)
        if self.model != "none":
            # A node's priors are set for the moves of the world it was first met in,
            # and another deal may have other moves there.
            raise ValueError("model= searches dealt worlds one tree each: use mcts, or value=")

    def choose(self, game: Game[Any], state: Any) -> Action:
        me, players = game.to_move(state), game.num_players(state)
        self._me = me
        self._load_models(game, state)
        legal, favoured = self._root_actions(game, state)
        self.visits = None
        if len(legal) == 1:
            return legal[0]
        root = Node(players)
        root.favoured = favoured

        def deal() -> Any:
            return game.determinize(state, me, self.rng)

        budget = Budget(self.iterations, self.seconds)
        self._search(game, root, deal, budget, self.rng.next64())
        visits = root_visits([root], legal)
        self.visits = {a.index: v for a, v in zip(legal, visits, strict=True)}
        return decide([root], legal, favoured, self.rng.below(1 << 30), self.overrule)
