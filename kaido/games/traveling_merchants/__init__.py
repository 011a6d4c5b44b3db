"""The Era of Traveling Merchants (行商の時代), 2-4 players, with every variant."""

from kaido.games.traveling_merchants.rules import GAME, TravelingMerchants
from kaido.games.traveling_merchants.state import TMState

__all__ = ["GAME", "TMState", "TravelingMerchants"]
