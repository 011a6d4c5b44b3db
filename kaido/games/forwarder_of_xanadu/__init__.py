"""Forwarder of Xanadu (draft 20), 3-5 players, standard and custom skill modes."""

from kaido.games.forwarder_of_xanadu.rules import GAME, ForwarderOfXanadu
from kaido.games.forwarder_of_xanadu.state import FXState

__all__ = ["GAME", "FXState", "ForwarderOfXanadu"]
