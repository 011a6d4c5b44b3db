"""Why an action is refused: the clause it breaks and a sentence (only called on refusal)."""

from __future__ import annotations

from kaido.core.errors import IllegalAction
from kaido.games.traveling_merchants.board import CITIES, DATA, GOODS, ROAD
from kaido.games.traveling_merchants.engine import MAKES, ORDERS, SPECIALS, Key
from kaido.games.traveling_merchants.state import HOUSE, OVER, START, TMState


def _name(card: int) -> str:
    return DATA.cities[card].en if 0 <= card < len(DATA.cities) else f"card {card}"


def why(s: TMState, key: Key) -> IllegalAction:
    kind = key[0]
    if s.phase == OVER:
        return IllegalAction("TM-END-2", "the game is over")
    if s.phase == START:
        if kind != "start":
            return IllegalAction("TM-SETUP-12", "every player first chooses a starting city")
        return IllegalAction(
            "TM-SETUP-12", f"{_name(int(key[1]))} is not a distribution city; start on one"
        )
    if s.phase == HOUSE:
        if kind not in ("pair", "three"):
            return IllegalAction("TM-HOUSE-7", "a house must be placed now, before any action")
        return _why_house(s, key)
    if kind == "start":
        return IllegalAction("TM-SETUP-12", "the starting cities are already chosen")
    if kind in ("pair", "three"):
        return IllegalAction("TM-HOUSE-1", "a house is placed only in the step after a Ship")
    if kind == "move":
        return IllegalAction(
            "TM-MOVE-1", f"{_name(int(key[1]))} is not next to your wagon's card; move 1 step"
        )
    if kind == "load":
        return _why_load(s, int(key[1]), int(key[2]), int(key[3]))
    if kind == "ship":
        return _why_ship(s, int(key[1]))
    return _why_special(s, int(key[1]))


def _why_house(s: TMState, key: Key) -> IllegalAction:
    p = s.cur
    city = int(key[1])
    if s.houses_left[p] == 0:
        return IllegalAction("TM-HOUSE-7", "you have no trading house left to place")
    if city >= CITIES:
        return IllegalAction("TM-HOUSE-8", "houses go on cities, never on the road card")
    if s.houses[city] >> p & 1:
        return IllegalAction("TM-HOUSE-6", f"you already have a house on {_name(city)}")
    counts = s.unused[p * 9 : p * 9 + 9]
    if key[0] == "pair":
        return IllegalAction(
            "TM-HOUSE-2",
            f"condition ① needs 2 unused {_name(city)} orders; you have {counts[city]}",
        )
    return IllegalAction(
        "TM-HOUSE-3",
        "condition ② needs 3 unused order cards, the house on the city of one of them "
        "(used cards never count again, TM-HOUSE-5)",
    )


def _why_load(s: TMState, good: int, source: int, dump: int) -> IllegalAction:
    p = s.cur
    card = s.pos[p]
    if card == ROAD:
        return IllegalAction("TM-VAR-5", "on the road card only Move is possible")
    if source == p:
        return IllegalAction("TM-LOAD-3", "you may never load goods from your own shipping zone")
    if source >= s.n:
        return IllegalAction("TM-LOAD-2", "there is no such player's shipping zone")
    if source < 0 and MAKES[card] != good:
        what = DATA.goods[good]["en"] if 0 <= good < GOODS else "that good"
        return IllegalAction(
            "TM-LOAD-2", f"{_name(card)} does not produce {what}: the stock gives only its good"
        )
    base = p * 4
    load = sum(s.cargo[base : base + 4])
    if dump >= 0 and load < s.capacity[p]:
        return IllegalAction(
            "TM-LOAD-6", "goods go back to the stock only to make room on a full wagon (R-12)"
        )
    if dump < 0 and load >= s.capacity[p]:
        return IllegalAction(
            "TM-LOAD-6", "your wagon is full: return a good to the stock as part of this Load"
        )
    if dump >= 0 and (dump >= GOODS or s.cargo[base + dump] == 0):
        return IllegalAction("TM-LOAD-6", "you can return only a good you carry")
    return IllegalAction("TM-LOAD-4", "there is no such good to load here")


def _why_ship(s: TMState, position: int) -> IllegalAction:
    if not 0 <= position < len(s.row):
        return IllegalAction("TM-SHIP-1", "there is no such position in the order row")
    order = s.row[position]
    if order <= 0:
        return IllegalAction(
            "TM-SHIP-7", "that row position is empty until the row is refilled after the turn"
        )
    return _why_card(s, ORDERS[order].city, ORDERS[order].goods, s.pos[s.cur] == ROAD)


def _why_special(s: TMState, k: int) -> IllegalAction:
    if s.specials[k] >= 0:
        return IllegalAction("TM-SHIP-5", "that special order is taken and never replaced")
    return _why_card(s, SPECIALS[k].city, SPECIALS[k].goods, s.pos[s.cur] == ROAD)


def _why_card(s: TMState, city: int, goods: tuple[int, ...], on_road: bool) -> IllegalAction:
    if on_road:
        return IllegalAction("TM-VAR-5", "on the road card only Move is possible")
    if s.pos[s.cur] != city:
        return IllegalAction("TM-SHIP-1", f"that order is shipped at {_name(city)}")
    return IllegalAction("TM-SHIP-1", "your wagon does not carry the goods that order lists")
