"""Build small Catan positions directly, and act on them with exact expectations."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from kaido.core.errors import IllegalAction
from kaido.core.events import Event
from kaido.core.rng import Rng
from kaido.games.catan import GAME
from kaido.games.catan.actions import TABLE
from kaido.games.catan.board import HEX_VERTICES, beginner_board, edge_between
from kaido.games.catan.engine import new_state, place_road, place_settlement
from kaido.games.catan.state import CITY_BASE, MAIN, CatanState
from tests.conformance.play import fingerprint

RES = {"lumber": 0, "brick": 1, "wool": 2, "grain": 3, "ore": 4}

# A chain of 7 paths along the top of the hexes 3, 4, 5 (and on to hex 6).
TOP = [16, 11, 7, 12, 8, 13, 9, 14]


def blank(players: int = 4, *, seed: int = 0, **options: Any) -> CatanState:
    """The beginner board with no pieces, player 0 on turn after rolling (MAIN)."""
    opts = GAME.make_options(players=players, layout="beginner", **options)
    s = new_state(opts, beginner_board(), Rng(seed))
    s.setup_step = len(s.setup_order)
    s.phase = MAIN
    s.turn = 0
    s.turns = 1
    return s


def corner(h: int, i: int) -> int:
    """Corner i of hex h: 0 top, then clockwise (1 upper right ... 5 upper left)."""
    return HEX_VERTICES[h][i]


def give(s: CatanState, p: int, **cards: int) -> None:
    for name, count in cards.items():
        k = RES[name]
        s.bank[k] -= count
        s.hand[p * 5 + k] += count


def hand(s: CatanState, p: int) -> dict[str, int]:
    return {name: s.hand[p * 5 + k] for name, k in RES.items() if s.hand[p * 5 + k]}


def settle(s: CatanState, p: int, v: int) -> None:
    place_settlement(s, p, v, None)


def city(s: CatanState, p: int, v: int) -> None:
    settle(s, p, v)
    s.buildings[v] = CITY_BASE + p
    s.pieces[p * 3 + 2] -= 1
    s.pieces[p * 3 + 1] += 1
    s.vp[p] += 1


def road(s: CatanState, p: int, *vertices: int) -> None:
    """Roads along the path through `vertices` (each consecutive pair one road)."""
    for a, b in itertools.pairwise(vertices):
        place_road(s, p, edge_between(a, b), None)


def act(s: CatanState, kind: str, *args: int) -> list[Event]:
    return list(GAME.apply(s, TABLE.get(kind, *args), narrate=True))


def refused(s: CatanState, kind: str, *args: int) -> str:
    """Assert the action is refused and changes nothing; the clause it names."""
    before = fingerprint(s)
    with pytest.raises(IllegalAction) as error:
        GAME.apply(s, TABLE.get(kind, *args))
    assert fingerprint(s) == before
    assert error.value.message
    return error.value.clause


def legal(s: CatanState, kind: str) -> list[tuple[Any, ...]]:
    return [a.args for a in GAME.legal_actions(s) if a.kind == kind]


def check(s: CatanState) -> None:
    GAME.invariants(s)


def rig(s: CatanState, *totals: int) -> None:
    """Give the state a generator whose next rolls make `totals`, in order."""
    seed = 0
    while True:
        rng = Rng(seed)
        if all(rng.die() + rng.die() == t for t in totals):
            s.rng = Rng(seed)
            return
        seed += 1


def roll(s: CatanState, total: int) -> list[Event]:
    from kaido.games.catan.state import PRE_ROLL

    s.phase = PRE_ROLL
    rig(s, total)
    return act(s, "roll")
