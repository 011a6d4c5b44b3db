"""Building Cargo Empire positions by hand, and acting on them with legality checks."""

from __future__ import annotations

from typing import Any

import pytest

from kaido.core.errors import IllegalAction
from kaido.games.cargo_empire import GAME
from kaido.games.cargo_empire.board import EUROPE
from kaido.games.cargo_empire.state import F_PLAN, PHASE_PLAY, CEState
from tests.conformance.play import fingerprint

Key = tuple[Any, ...]
ORANGE, WHITE, GREY, BROWN = range(4)


def c(name: str) -> int:
    return EUROPE.city_index(name)


def setup_done(players: int = 4, seed: int = 1, **options: Any) -> CEState:
    """A game whose set-up decisions were all answered with the first legal choice."""
    st = GAME.setup(GAME.make_options(players=players, **options), seed)
    while st.phase != PHASE_PLAY:
        GAME.apply(st, GAME.legal_actions(st)[0])
    return st


def bare(players: int = 4, seed: int = 1, **options: Any) -> CEState:
    """Seat 0 to plan, turn order 0..n-1, no posts, no cards, every tile full of cubes."""
    st = setup_done(players, seed, **options)
    n = st.n
    st.dem = [-1] * len(st.dem)
    st.tp = [0] * len(st.tp)
    st.cards = [0] * (3 * n)
    st.pcities = [[] for _ in range(n)]
    st.order = list(range(n))
    st.turn = 0
    st.stack = [[F_PLAN, 0]]
    for city in range(EUROPE.cities):
        st.prod[2 * city : 2 * city + 2] = EUROPE.produce[st.tile[city]][0]
    return st


def give_tiles(st: CEState, specs: dict[int, tuple[int, tuple[int, ...]]]) -> None:
    """Level-1 tiles with their cubes: city -> (colour produced, colours demanded), each
    tile swapped with the city that held it."""
    taken: set[int] = set()
    for city, (produce, demand) in specs.items():
        tile = next(
            t
            for t, (prod, dem) in enumerate(zip(EUROPE.produce, EUROPE.demand, strict=True))
            if t not in taken and prod[0][0] == produce and all(k in dem[0] for k in demand)
        )
        taken.add(tile)
        other = st.tile.index(tile)
        st.tile[other], st.tile[city] = st.tile[city], tile
        for x in (other, city):
            st.level[x] = 1
            st.prod[2 * x : 2 * x + 2] = EUROPE.produce[st.tile[x]][0]


def fill_demand(st: CEState, seat: int, keep: tuple[tuple[int, int], ...] = ()) -> None:
    """Put `seat`'s posts on every empty demand space but the (city, space) in `keep`."""
    for x in range(EUROPE.cities):
        for i in (0, 1):
            if st.dem[2 * x + i] < 0 and (x, i) not in keep:
                st.dem[2 * x + i] = seat


def space_of(st: CEState, city: int, colour: int) -> int:
    """The demand space of `city` asking for `colour`."""
    dem = EUROPE.demand[st.tile[city]][st.level[city] - 1]
    return dem.index(colour)


def hand(st: CEState, p: int, cars: int = 0, locos: int = 0, ships: int = 0) -> None:
    st.cards[3 * p : 3 * p + 3] = [cars, locos, ships]


def legal(st: CEState) -> list[Key]:
    return [(a.kind, *a.args) for a in GAME.legal_actions(st)]


def act(st: CEState, *key: Any) -> list[str]:
    events = GAME.apply(st, GAME.table.get(key[0], *key[1:]), narrate=True)
    return [GAME.describe(e, None) for e in events]


def refused(st: CEState, *key: Any) -> IllegalAction:
    """Apply `key`, expect a refusal, and check that the state did not change."""
    before = fingerprint(st)
    with pytest.raises(IllegalAction) as error:
        GAME.apply(st, GAME.table.get(key[0], *key[1:]))
    assert fingerprint(st) == before
    return error.value


def payments(st: CEState) -> set[tuple[int, int, int, int]]:
    return {(k[1], k[2], k[3], k[4]) for k in legal(st) if k[0] == "pay"}


def plans(st: CEState) -> set[tuple[int, int]]:
    return {(k[1], k[2]) for k in legal(st) if k[0] == "plan"}
