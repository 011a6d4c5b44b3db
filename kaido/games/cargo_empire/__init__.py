"""Cargo Empire (Bogdanovsky, Shekhter) for 2-4 players, with the clan variant."""

from kaido.games.cargo_empire.rules import GAME, CargoEmpire

__all__ = ["GAME", "CargoEmpire"]
