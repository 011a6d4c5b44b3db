"""The Dior map (CE-DIOR): express spaces count as city spaces for route length, the tile a
route passes is taken for a step, one a turn, refreshed in maintenance, and express spaces
join networks; worked examples EX-V and EX-W; CE-XV-3."""

from __future__ import annotations

from collections import Counter

import pytest

from kaido.games.cargo_empire import GAME
from kaido.games.cargo_empire.board import DIOR, EUROPE, DataError, load_components
from kaido.games.cargo_empire.engine import maintenance
from kaido.games.cargo_empire.scoring import goal_value, largest_network
from kaido.games.cargo_empire.state import F_EXPRESS, F_ROW
from kaido.games.cargo_empire.track import position
from tests.games.cargo_empire.helpers import (
    ORANGE,
    act,
    bare,
    give_tiles,
    hand,
    legal,
    refused,
    space_of,
)
from tests.games.cargo_empire.test_components import broken

CAR, LOCO, SHIP = range(3)
ANA, BOB, KARL, DAVID = range(4)
GREY = 2
E1, E2, E3, E4 = range(4)  # express spaces 1-4 of dior.toml


def d(name: str) -> int:
    return DIOR.city_index(name)


def dior(players: int = 4, **options):
    st = bare(players, map="dior", **options)
    st.express = [-1] * 6
    return st


def transport(st, p: int, origin: str, dest: str, cards: tuple[int, int, int]) -> None:
    """`p`, present in `origin`, carries an orange cube to `dest` with `cards`."""
    o, t = d(origin), d(dest)
    give_tiles(st, {o: (ORANGE, ()), t: (GREY, (ORANGE,))})
    st.dem[2 * o] = p
    st.stack = [[6, p]]  # F_PLAN
    hand(st, p, *cards)
    act(st, "plan", o, t, space_of(st, t, ORANGE), ORANGE)
    act(st, "pay", *cards, 0)


def test_dior_setup_places_the_six_tiles_CE_DIOR_1_AMB_37() -> None:
    """CE-DIOR-1: one tile at random on each of the 6 express spaces, 2 of each transport;
    AMB-37: the deck and display are the 24 Dior city cards."""
    seen = set()
    for seed in range(10):
        st = GAME.setup(GAME.make_options(players=3, map="dior"), seed)
        assert Counter(st.express) == {CAR: 2, LOCO: 2, SHIP: 2}
        seen.add(tuple(st.express))
        assert st.comp is DIOR and GAME.view(st, None)["display"][0] in DIOR.names
    assert len(seen) > 5


def test_europe_has_no_express_spaces_CE_DIOR_2() -> None:
    """CE-DIOR-2: the Europe side has no express spaces, so no tiles are used."""
    st = GAME.setup(GAME.make_options(players=3), 1)
    assert EUROPE.express == () and st.express == [] and "express" not in GAME.view(st, None)


def test_an_express_space_is_a_city_space_for_length_CE_DIOR_3() -> None:
    """CE-DIOR-3: Mirel and Fennick, joined only through express space 2, are 2 land routes
    apart, tile or not: a car cannot pay, a locomotive can; the space is no city."""
    mirel, fennick = d("Mirel"), d("Fennick")
    assert (mirel, fennick) not in DIOR.routes and (fennick, mirel) not in DIOR.routes
    assert DIOR.dist[mirel][fennick] == 2 and DIOR.cities == 24
    st = dior()
    o, t = mirel, fennick
    give_tiles(st, {o: (ORANGE, ()), t: (GREY, (ORANGE,))})
    st.dem[2 * o] = ANA
    hand(st, ANA, 2, 1, 0)
    act(st, "plan", o, t, space_of(st, t, ORANGE), ORANGE)
    pays = {tuple(k[1:]) for k in legal(st)}
    assert (1, 0, 0, 0) not in pays and (0, 1, 0, 0) in pays and (2, 0, 0, 0) in pays


def test_ex_v_the_tile_on_the_route_is_taken_CE_DIOR_4() -> None:
    """EX-V: Karl plays 1 locomotive from Mirel to Fennick through express space 2 with a
    car tile: after his post he takes it, car marker +1 (its bonus applies); the tile goes
    to the bag (the space is empty)."""
    st = dior()
    st.express[E2] = CAR
    transport(st, KARL, "Mirel", "Fennick", (0, 1, 0))
    assert st.dem[2 * d("Fennick") + space_of(st, d("Fennick"), ORANGE)] == KARL
    assert st.express[E2] == -1
    assert st.stack[-1] == [F_ROW, KARL, CAR]  # the car marker's first step: choose a row
    act(st, "row", 0)
    assert position(st, 3 * KARL + CAR) == 1


def test_a_taken_space_gives_nothing_CE_DIOR_5() -> None:
    """CE-DIOR-5: an express space whose tile is gone gives nothing."""
    st = dior()
    transport(st, KARL, "Mirel", "Fennick", (0, 1, 0))
    assert all(f[0] != F_EXPRESS for f in st.stack)
    assert st.dev == [0, 1, 0] or position(st, 3 * KARL + CAR) == 0


def test_one_tile_a_turn_the_player_chooses_CE_DIOR_6() -> None:
    """CE-DIOR-6: Orvik to Tavernay (4 routes) passes express spaces 1 and 4: one tile of
    the two, the player's choice; with a tile only on space 1, a route by Larrow avoids it
    and the player may take none (CE-PAY-8: any of the shortest routes)."""
    st = dior()
    st.express[E1], st.express[E4] = SHIP, LOCO
    other = st.copy()
    transport(st, ANA, "Orvik", "Tavernay", (0, 2, 0))
    assert st.stack[-1][0] == F_EXPRESS
    assert legal(st) == [("express", E1), ("express", E4)]
    assert refused(st, "no_express").clause == "CE-DIOR-4"
    assert refused(st, "express", E2).clause == "CE-DIOR-5"
    act(st, "express", E4)
    assert st.express == [SHIP, -1, -1, -1, -1, -1]
    assert all(f[0] != F_EXPRESS for f in st.stack)
    other.express[E4] = -1
    transport(other, ANA, "Orvik", "Tavernay", (0, 2, 0))
    assert legal(other) == [("express", E1), ("no_express",)]
    act(other, "no_express")
    assert other.express[E1] == SHIP


def test_maintenance_refreshes_the_tiles_CE_DIOR_7() -> None:
    """CE-DIOR-7: after the new turn order, every tile goes to the bag and one is drawn for
    each express space."""
    st = dior()
    st.express = [CAR, -1, -1, SHIP, -1, -1]
    st.stack = []
    maintenance(st, None)
    assert Counter(st.express) == {CAR: 2, LOCO: 2, SHIP: 2}


def test_ex_w_express_spaces_join_networks_CE_DIOR_8_CE_GOAL_9() -> None:
    """EX-W, CE-DIOR-8: Ulmarch, Castora and Greywatch have no land route to each other,
    only to express space 3; Karl present in all three has a network of 3: goal 9, 3 VP."""
    cities = [d("Ulmarch"), d("Castora"), d("Greywatch")]
    assert DIOR.express[E3] == tuple(sorted(cities)) or set(DIOR.express[E3]) == set(cities)
    assert not any((a, b) in DIOR.routes for a in cities for b in cities)
    st = dior()
    for city in cities:
        st.dem[2 * city] = KARL
    assert largest_network(st, cities) == 3
    assert goal_value(st, KARL, DIOR.goals[8]) == 3


def test_elleston_two_card_transport_takes_no_tile_CE_XV_3() -> None:
    """CE-XV-3: a 2-card Elleston emblem transport takes no express tile."""
    st = dior(players=3, clans=True, colours="yellow,red,green")
    st.express[E2] = CAR
    o, t = d("Mirel"), d("Fennick")
    give_tiles(st, {o: (ORANGE, ()), t: (GREY, (ORANGE,))})
    st.dem[2 * o] = 0
    st.emblem[0] = o
    hand(st, 0, 1, 1, 0)  # car + locomotive: no normal payment, a locomotive would do
    act(st, "plan", o, t, space_of(st, t, ORANGE), ORANGE)
    act(st, "pay", 1, 1, 0, 1)
    assert st.express[E2] == CAR and all(f[0] != F_EXPRESS for f in st.stack)


def test_dior_map_data_is_checked(tmp_path) -> None:
    """DATA-3, DATA-12: the designed Dior map is validated on load like Europe."""
    folder = broken(
        tmp_path, "dior.toml", 'cities = ["Orvik", "Larrow"', 'cities = ["Orvik", "Lorrow"'
    )
    with pytest.raises(DataError, match="unknown city 'Lorrow'"):
        load_components(folder, "dior.toml")
    folder = broken(tmp_path / "b", "dior.toml", "car = 2", "car = 3")
    with pytest.raises(DataError, match="6 express tiles"):
        load_components(folder, "dior.toml")
