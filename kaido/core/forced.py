"""Forced steps: a decision with one legal answer, taken for a person as Board Game Arena
does (the server does it for a player who has not turned it off, and the record holds the
action as if they had clicked it).

A decision is forced, and so taken for the player, only when
- the player to move has exactly one legal action;
- taking it can be undone (it rolls, draws, reveals and ends nothing: `is_irreversible`
  is False), so a player who meant to stop earlier still can, and nothing new is shown;
- the others could tell it was forced: in worlds dealt again from each other player's
  view (`determinize`) the player still has that one action and no other. A one-answer
  decision that only the player's hidden cards make one-answer is left to them, or its
  instant answer would tell the others what those cards are.
"""

from __future__ import annotations

from typing import Any

from kaido.core.actions import Action
from kaido.core.game import Game
from kaido.core.rng import Rng

WORLDS = 4
"""Worlds dealt from each other player's view to see whether they could tell."""


def forced_action(game: Game[Any], state: Any, seed: int = 0) -> Action | None:
    """The action taken for the player to move when their decision is forced, else None.
    `seed` deals the worlds of the others' views (a fixed seed: the same answer each time)."""
    if game.is_over(state):
        return None
    legal = list(game.legal_actions(state))
    if len(legal) != 1 or game.is_irreversible(state, legal[0]):
        return None
    mover = game.to_move(state)
    rng = Rng(seed)
    for other in range(game.num_players(state)):
        if other == mover:
            continue
        for _ in range(WORLDS):
            world = game.determinize(state, other, rng)
            if list(game.legal_actions(world)) != legal:
                return None
    return legal[0]
