"""Vassal mode for two players (CE-2P-2..12, AMB-35, AMB-36, EX-U)."""

from __future__ import annotations

import pytest

from kaido.agents import make_agent
from kaido.core.errors import OptionError
from kaido.games.cargo_empire import GAME
from kaido.games.cargo_empire.engine import (
    demand_colour,
    end_turn,
    legal_keys,
    plan_keys,
    present,
    vassal_keys,
)
from kaido.games.cargo_empire.scoring import category_scores, present_cities
from kaido.games.cargo_empire.state import F_PLAN, F_VASSAL, PHASE_PLAY, CEState
from kaido.games.cargo_empire.text import render
from tests.games.cargo_empire.helpers import ORANGE, act, c, refused, setup_done

GREEN_VASSAL = 2  # seat 0's vassal: its posts are n + 0


def vassal_game(seed: int = 1, **options: object) -> CEState:
    return setup_done(2, seed, vassals=True, **options)


def clear(st: CEState) -> None:
    st.prod = [-1] * len(st.prod)
    st.dem = [-1] * len(st.dem)
    st.tp = [0] * len(st.tp)
    st.vtp = [0] * len(st.vtp)


def at_vassal_step(st: CEState) -> None:
    """Seat 0 has transported this turn and reaches step 5."""
    st.stack = []
    st.plan[0:4] = [0, 1, 0, 0]
    st.order = [0, 1]
    st.turn = 0
    end_turn(st, 0, None)


def test_options_refuse_vassals_with_the_bot_or_other_counts() -> None:
    """CE-XV-7, CE-2P-2: vassals only at 2 players, never with the bot."""
    with pytest.raises(OptionError, match="CE-XV-7"):
        GAME.make_options(players=2, vassals=True, bot=True)
    with pytest.raises(OptionError, match="CE-2P-2"):
        GAME.make_options(players=3, vassals=True)
    assert GAME.make_options(players=2, vassals=True)["vassals"] is True


def test_setup_gives_vassal_colours_and_no_marker() -> None:
    """CE-2P-3, CE-2P-4, CE-2P-6: each human a vassal colour with 12 posts; the vassals
    have no turn-order marker, no cards, no markers."""
    st = vassal_game()
    assert st.n == 2 and sorted(st.order) == [0, 1]  # CE-2P-4: N = 2 (CE-DEF-9)
    view = GAME.view(st, 0)
    assert [v["colour"] for v in view["vassals"]] == ["green", "blue"]
    assert [v["placed"] for v in view["vassals"]] == [0, 0]
    assert len(view["players"]) == 2 and len(st.cards) == 6 and len(st.marker) == 6


def test_step_five_follows_a_transport() -> None:
    """CE-2P-7: after step 4 the human who moved places a vassal post."""
    st = vassal_game()
    at_vassal_step(st)
    assert st.stack[-1] == [F_VASSAL, 0]
    assert all(key[0] == "vassal" for key in legal_keys(st))


def test_no_vassal_step_after_the_fallback() -> None:
    """AMB-35: no vassal step when the human could not transport, nor without any vassal
    transport."""
    st = vassal_game()
    st.stack = []
    st.plan[0] = -1  # the turn was the no-transport fallback
    st.order, st.turn = [0, 1], 0
    end_turn(st, 0, None)
    assert st.stack[-1][0] == F_PLAN and st.stack[-1][1] == 1
    st2 = vassal_game()
    st2.prod = [-1] * len(st2.prod)  # no cube anywhere
    at_vassal_step(st2)
    assert st2.stack[-1] == [F_PLAN, 1]


def test_any_cube_any_distance_free() -> None:
    """CE-2P-8, CE-2P-9: any city with a cube is an origin, vassal presence not needed;
    any other city with an empty space of its colour; no cards, any distance."""
    st = vassal_game()
    clear(st)
    origin = c("Lisbon")
    dest = c("Moscow")
    colour = demand_colour(st, dest, 0)
    st.prod[2 * origin] = colour
    st.cards[0:3] = [0, 0, 0]
    at_vassal_step(st)
    keys = vassal_keys(st, 0)
    assert ("vassal", origin, dest, 0, colour) in keys
    assert all(key[1] == origin for key in keys)  # the only cube
    assert all(demand_colour(st, key[2], key[3]) == colour for key in keys)
    refused(st, "vassal", origin, origin, 0, colour)  # cities differ
    other = (colour + 1) % 4
    assert refused(st, "vassal", origin, dest, 0, other).clause == "CE-2P-8"


def test_ex_u_vassal_fills_a_city_without_reward() -> None:
    """EX-U, CE-2P-10, CE-2P-11: Ana's green vassal moves an orange cube Marseille ->
    Frankfurt; the green post fills Frankfurt, which upgrades at once; the cube goes to
    the supply; no full-upgrade step for anyone."""
    st = vassal_game()
    clear(st)
    marseille, frankfurt = c("Marseille"), c("Frankfurt")
    space = next((i for i in (0, 1) if demand_colour(st, frankfurt, i) == ORANGE), -1)
    if space < 0:  # give Frankfurt a tile demanding orange
        tile = next(t for t in range(len(st.comp.tile_ids)) if ORANGE in st.comp.demand[t][0])
        other = st.tile.index(tile)
        st.tile[other], st.tile[frankfurt] = st.tile[frankfurt], tile
        space = st.comp.demand[tile][0].index(ORANGE)
    st.prod[2 * marseille] = ORANGE
    at_vassal_step(st)
    st.dem[2 * frankfurt + 1 - space] = 1  # David's post on the other space
    markers = st.marker[:]
    cubes = st.cubes[:]
    act(st, "vassal", marseille, frankfurt, space, ORANGE)
    assert st.level[frankfurt] == 2  # upgraded at once
    assert st.vtp[frankfurt * st.n + 0] == 1 and st.tp[frankfurt * st.n + 1] == 1
    assert st.prod[2 * marseille] == -1
    assert st.marker == markers and st.cubes == cubes  # CE-2P-11, CE-XV-2
    assert st.stack[-1] == [F_PLAN, 1]


def test_vassal_posts_give_no_presence() -> None:
    """CE-2P-5, AMB-36: a city with only vassal posts is no origin for a human, and the
    posts count for no goal."""
    st = vassal_game()
    clear(st)
    city = c("Berlin")
    st.dem[2 * city] = GREEN_VASSAL
    st.vtp[city * st.n + 0] = 1
    st.prod[2 * city] = 0
    assert not present(st, 0, city)
    assert city not in present_cities(st, 0)
    st.stack = [[F_PLAN, 0]]
    st.cards[0:3] = [3, 3, 1]
    assert all(key[1] != city for key in plan_keys(st, 0))


def test_vassals_score_nothing() -> None:
    """CE-2P-6, CE-2P-12: vassal posts in level-3 cities give nobody VP; only the main
    colours score."""
    st = vassal_game()
    clear(st)
    city = c("Berlin")
    st.level[city], st.tile[city] = 3, -1
    st.vtp[city * st.n + 0] = 2
    assert category_scores(st, 0)[1] == 0
    assert len(GAME.view(st, None)["players"]) == 2


def test_rockriel_city_closed_to_the_rivals_vassal() -> None:
    """AMB-27, CE-XV-2: clans + vassals: the rival's vassal may not use Rockriel's emblem
    city; vassals use no abilities and get no cubes."""
    st = vassal_game(clans=True, colours="red,yellow,green,blue,purple")
    rockriel = 0  # red
    st.emblem[rockriel] = c("Berlin")
    st.prod[2 * c("Berlin")] = 0
    keys_rival = vassal_keys(st, 1)
    keys_own = vassal_keys(st, rockriel)
    berlin = c("Berlin")
    assert all(berlin not in (k[1], k[2]) for k in keys_rival)
    assert any(berlin in (k[1], k[2]) for k in keys_own)


@pytest.mark.parametrize("clans", [False, True])
@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_vassal_games_keep_invariants(clans: bool, agent: str) -> None:
    """CE-2P-2..12, CE-XV-2, CE-XV-7: whole games, invariants after every action; every
    human turn with a transport has its vassal step; the terminal board shows them."""
    for seed in range(3):
        options = GAME.make_options(players=2, vassals=True, clans=clans)
        st = GAME.setup(options, seed)
        agents = [make_agent(agent, GAME, seed=seed * 10 + p) for p in range(2)]
        while not GAME.is_over(st):
            action = agents[GAME.to_move(st)].choose(GAME, st)
            GAME.apply(st, action, trusted=agent == "random")
            GAME.invariants(st)
        transports = 2 * 12 - sum(st.removed)
        assert sum(st.vplaced) <= transports and sum(st.vplaced) > 0
        assert "Green" in render(st, None) or "Blue" in render(st, None)


def test_dior_vassals_take_no_express_tile() -> None:
    """CE-XV-5: a vassal transport takes no express tile, for nobody."""
    st = vassal_game(map="dior")
    clear(st)
    tiles = st.express[:]
    origin, dest = 0, 23
    colour = demand_colour(st, dest, 0)
    st.prod[2 * origin] = colour
    at_vassal_step(st)
    act(st, "vassal", origin, dest, 0, colour)
    assert st.express == tiles and st.phase == PHASE_PLAY


def test_vassal_origin_and_destination_differ() -> None:
    """CE-2P-9, CE-TURN-5: a city demanding its own cube's colour is no destination for
    that cube."""
    st = vassal_game()
    clear(st)
    city = c("Berlin")
    colour = demand_colour(st, city, 0)
    st.prod[2 * city] = colour
    at_vassal_step(st)
    assert all(key[1] != key[2] for key in vassal_keys(st, 0))
    assert ("vassal", city, city, 0, colour) not in vassal_keys(st, 0)
    assert refused(st, "vassal", city, city, 0, colour).clause == "CE-TURN-5"
