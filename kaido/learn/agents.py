"""The `policy` bot: the network's best legal move, no search (a fast bot)."""

from __future__ import annotations

from typing import Any

from kaido.agents.base import Agent
from kaido.core.actions import Action
from kaido.core.game import Game
from kaido.learn.model import AUTO, Model, load_model


class PolicyAgent(Agent):
    """Plays the legal move the model's policy scores highest (ties at random, by seed).
    `model` is `auto` (the model shipped for the game and player count), a shipped model's
    name, or a model file."""

    kind = "policy"

    def __init__(self, seed: int = 0, model: str = AUTO) -> None:
        super().__init__(seed)
        if not model or model == "none":
            raise ValueError("the policy bot needs a model: auto, a shipped model, or a file")
        self.model = model
        self._model: Model | None = None

    def describe(self) -> str:
        return f"policy(model={self.model})"

    def choose(self, game: Game[Any], state: Any) -> Action:
        legal = game.legal_actions(state)
        if len(legal) == 1:
            return legal[0]
        if self._model is None:
            self._model = load_model(self.model, game, state.options)
        scores = self._model.policy_logits(state, game.to_move(state), legal)
        best = [a for a, score in zip(legal, scores, strict=True) if score == scores.max()]
        return best[self.rng.below(len(best))] if len(best) > 1 else best[0]
