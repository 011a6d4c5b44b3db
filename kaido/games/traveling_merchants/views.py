"""Views, determinization and invariants.

Hidden (TM-SETUP-3/4/7, R-13): the order of the deck, where the end card lies in its bottom
part, and the cards removed at 2-3 players. Everything else is public: the row, the taken
orders (everybody saw them taken), wagons, zones, houses, gems, stock and titles.
"""

from __future__ import annotations

from typing import Any

from kaido.core.rng import Rng
from kaido.games.traveling_merchants.board import DATA, END_CARD, GOODS, ROAD
from kaido.games.traveling_merchants.engine import (
    ORDERS,
    SETUP,
    is_dead,
    scores,
    title_points,
    to_move,
)
from kaido.games.traveling_merchants.state import DEAD_POSITION, OVER, PHASE_NAMES, TMState


def view(s: TMState, player: int | None) -> dict[str, Any]:
    n = s.n
    board = s.board
    return {
        "players": n,
        "viewer": player,
        "phase": PHASE_NAMES[s.phase],
        "to_move": to_move(s),
        "current": s.cur,
        "start_player": s.start,
        "last_seat": s.last_seat,
        "turns": s.turns,
        "actions_left": s.actions_left,
        "allowance": s.allowance,
        "map": {"layout": board.layout, "cells": [list(c) for c in board.cells]},
        "row": list(s.row),
        "gems": {"red": s.red_left, "white": s.white_left},
        "deck": len(s.deck),
        "end_card_in_deck": END_CARD in s.deck,
        "removed": len(s.removed),
        "stock": list(s.stock),
        "specials": list(s.specials),
        "titles": list(s.titles),
        "triggers": s.triggers,
        "houses": list(s.houses),
        "zones": [
            [s.zone[(c * n + p) * 4 : (c * n + p) * 4 + 4] for p in range(n)] for c in range(10)
        ],
        "wagons": [
            {
                "card": s.pos[p],
                "cargo": s.cargo[p * 4 : p * 4 + 4],
                "capacity": s.capacity[p],
                "orders": list(s.taken[p]),
                "unused": s.unused[p * 9 : p * 9 + 9],
                "houses_left": s.houses_left[p],
                "red": s.red[p],
                "white": s.white[p],
            }
            for p in range(n)
        ],
        "scores": scores(s),
        "title_points": title_points(s),
        "over": s.phase == OVER,
    }


def determinize(s: TMState, player: int, rng: Rng) -> TMState:
    """Deal the unseen cards (the deck and the removed pile) again from `rng`, keeping the
    end card in the deck's bottom part while it has not come out (TM-SETUP-7)."""
    out = s.copy()
    pool = sorted(o for o in s.deck + s.removed if o != END_CARD)
    rng.shuffle(pool)
    out.removed = pool[: len(s.removed)]
    deck = pool[len(s.removed) :]
    if END_CARD in s.deck:
        bottom = min(SETUP["bottom_cards"] + 1, len(s.deck))
        part = [*deck[: bottom - 1], END_CARD]
        rng.shuffle(part)
        deck = part + deck[bottom - 1 :]
    out.deck = deck
    out.rng = Rng(rng.next64())
    return out


def invariants(s: TMState) -> None:
    n = s.n
    stock = SETUP["stock_per_kind"][n]
    for g in range(GOODS):  # 36 cubes: the stock, wagons and zones hold what is in play
        held = s.stock[g] + sum(s.cargo[p * 4 + g] for p in range(n))
        held += sum(s.zone[i * 4 + g] for i in range(10 * n))
        assert held == stock, f"good {g}: {held} in play, {stock} expected"
        assert min(s.stock[g], *s.cargo[g::4], *s.zone[g::4]) >= 0
    taken = [o for t in s.taken for o in t]
    row = [o for o in s.row if o > 0]
    cards = sorted(s.deck + s.removed + row + taken)
    expected = sorted([*ORDERS, *([END_CARD] if END_CARD in s.deck else [])])
    assert cards == expected, "order cards not conserved"
    assert bool(s.triggers & 1) == (END_CARD not in s.deck), "end card out without a trigger"
    assert s.red_left + sum(s.red) == SETUP["red_gems"]
    assert s.white_left + sum(s.white) == SETUP["white_gems"]
    base = DATA.beginner_capacity if s.options["beginner_wagons"] else DATA.normal_capacity
    count_specials = bool(s.options["specials_count_for_houses"])
    for p in range(n):
        assert s.capacity[p] == base + len(s.taken[p])
        assert sum(s.cargo[p * 4 : p * 4 + 4]) <= s.capacity[p], "over capacity"
        placed = sum(1 for h in s.houses if h >> p & 1)
        assert placed + s.houses_left[p] == SETUP["houses"]
        acquired = len(s.taken[p]) + (s.specials.count(p) if count_specials else 0)
        assert sum(s.unused[p * 9 : p * 9 + 9]) + s.used[p] == acquired
        assert min(s.unused[p * 9 : p * 9 + 9]) >= 0
        assert s.pos[p] in s.board.cards
    assert s.houses[ROAD] == 0, "a house on the road card"
    assert bool(s.triggers & 4) == (min(s.houses_left) == 0)
    assert bool(s.triggers & 2) == (min(s.specials) >= 0)
    if s.triggers & DEAD_POSITION:  # K-1 ends the game at once, and only when truly dead
        assert s.phase == OVER and is_dead(s), "dead-position end in a live game"
