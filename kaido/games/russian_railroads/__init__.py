"""Russian Railroads (Ohley, Orgler; Hans im Glück 2013) for 2-4 players."""

from kaido.games.russian_railroads.rules import GAME, RussianRailroads

__all__ = ["GAME", "RussianRailroads"]
