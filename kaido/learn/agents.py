"""The `policy` bot: the network's best legal move, no search (a fast bot)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from kaido.agents.base import Agent
from kaido.core.actions import Action
from kaido.core.errors import KaidoError
from kaido.core.game import Game
from kaido.learn.model import AUTO, Model, find_model, load_model

HEURISTIC = "heuristic"


class PolicyAgent(Agent):
    """Plays the legal move the model's policy scores highest (ties at random, by seed).
    `model` is `auto` (the model shipped for the game and player count), a shipped model's
    name, or a model file.

    With `anchor` > 0 the bot is anchored on the game's heuristic: it plays the network's
    best move only where the network's log-probability of it beats that of the heuristic's
    move by more than `anchor`, else the heuristic's move (the policy's argmax under a
    prior exp(anchor) on the heuristic's move, ties to the heuristic). The network still
    decides where it departs from the heuristic: a policy learnt from a search's moves
    knows where the search departs, and the margin keeps only its confident departures.
    `anchor=0` (the default) is the network alone. The heuristic is the game's `heuristic`
    bot with this bot's seed. Anchored, `model=auto` plays the heuristic alone where no
    model is shipped for the game and player count (a level may name it whatever the
    player count, as a search's `model=auto` searches without one there).

    The bot chooses among the moves a search considers (`Game.search_actions`, plus the
    heuristic's move when anchored), as the searches it learns from do. Besides keeping it
    to moves its targets ever name, this stops a bot that decides by the position alone
    from repeating itself for ever where the rules allow it: Catan allows any number of
    domestic offers a turn (CT-TRADE-5), and a policy bot once opened, withdrew and reopened
    one for a million decisions; its candidates allow three a turn."""

    kind = "policy"
    instant = True

    def __init__(self, seed: int = 0, model: str = AUTO, anchor: float = 0.0) -> None:
        super().__init__(seed)
        if not model or model == "none":
            raise ValueError("the policy bot needs a model: auto, a shipped model, or a file")
        if not anchor >= 0.0:  # NaN too
            raise ValueError("anchor is a margin in log-probability, 0 or more")
        self.model = model
        self.anchor = anchor
        self.seed = seed
        self._model: Model | None = None
        self._loaded = False
        self._heuristic: Agent | None = None

    def describe(self) -> str:
        anchored = f", anchor={self.anchor:g}" if self.anchor else ""
        return f"policy(model={self.model}{anchored})"

    def choose(self, game: Game[Any], state: Any) -> Action:
        legal = game.legal_actions(state)
        if len(legal) == 1:
            return legal[0]
        model = self._network(game, state.options)
        fallback = self._heuristic_agent(game).choose(game, state) if self.anchor else None
        if model is None:  # anchored, and no model shipped for this player count
            assert fallback is not None
            return fallback
        candidates = policy_candidates(game, state, legal, fallback)
        if len(candidates) == 1:
            return candidates[0]
        scores = model.policy_logits(state, game.to_move(state), candidates)
        if fallback is not None:
            return anchored_choice(candidates, scores, fallback, self.anchor)
        best = [a for a, score in zip(candidates, scores, strict=True) if score == scores.max()]
        return best[self.rng.below(len(best))] if len(best) > 1 else best[0]

    def _network(self, game: Game[Any], options: Any) -> Model | None:
        """The model, loaded at the first decision; None for an anchored `auto` where none
        is shipped (the bot then plays its anchor, the heuristic)."""
        if not self._loaded:
            find = find_model if self.anchor else load_model
            self._model = find(self.model, game, options)
            self._loaded = True
        return self._model

    def _heuristic_agent(self, game: Game[Any]) -> Agent:
        if self._heuristic is None:
            from kaido.agents import make_agent  # kaido.agents names this module's kind

            if HEURISTIC not in game.agent_kinds:
                raise KaidoError(f"{game.id} has no heuristic bot to anchor the policy on")
            self._heuristic = make_agent(HEURISTIC, game, self.seed)
        self._heuristic.humans = self.humans  # the seats people play, as the server set them
        return self._heuristic


def policy_candidates(
    game: Game[Any], state: Any, legal: Sequence[Action], fallback: Action | None
) -> list[Action]:
    """The moves the policy bot chooses among: those a search considers, and `fallback`
    (the heuristic's move, when anchored)."""
    candidates = list(game.search_actions(state, legal))
    if fallback is not None and fallback not in candidates:
        candidates.append(fallback)
    return candidates


def anchored_choice(
    legal: Sequence[Action], logits: np.ndarray, fallback: Action, anchor: float
) -> Action:
    """The best of `legal` by `logits` if its logit beats `fallback`'s by more than
    `anchor` (a difference of logits is one of log-probabilities under the softmax), else
    `fallback`."""
    best = int(np.argmax(logits))
    return legal[best] if logits[best] - logits[legal.index(fallback)] > anchor else fallback
