"""A bot of your own for any Kaido game: it prefers actions whose kind it likes, else
takes the move the game's evaluation likes best one step ahead. Play against it with

    kaido play catan --players human,examples.builder_bot:BuilderBot,random
    kaido simulate catan --players examples.builder_bot:BuilderBot:patience=2,heuristic,heuristic
"""

from typing import Any

from kaido.agents import Agent
from kaido.core.actions import Action
from kaido.core.game import Game


class BuilderBot(Agent):
    kind = "builder"
    LIKED = ("city", "settlement", "road", "build", "buy")

    def __init__(self, seed: int = 0, patience: int = 1) -> None:
        super().__init__(seed)  # self.rng: the seeded Rng, so games are reproducible
        self.patience = patience  # a setting: `...:BuilderBot:patience=2`

    def choose(self, game: Game[Any], state: Any) -> Action:
        legal = list(game.legal_actions(state))
        liked = [a for a in legal if a.kind in self.LIKED]
        if liked and self.rng.below(self.patience) == 0:
            return self.rng.choice(liked)
        me = game.to_move(state)
        world = game.determinize(state, me, self.rng)  # others' hidden cards dealt anew

        def value(action: Action) -> float:
            after = world.copy()
            game.apply(after, action, trusted=True)
            return game.evaluate(after, me)

        self.rng.shuffle(legal)  # ties broken at random
        return max(legal, key=value)
