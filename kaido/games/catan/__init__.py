"""Catan (base game, 3-4 players)."""

from kaido.games.catan.rules import GAME, CatanGame
from kaido.games.catan.state import CatanState

__all__ = ["GAME", "CatanGame", "CatanState"]
