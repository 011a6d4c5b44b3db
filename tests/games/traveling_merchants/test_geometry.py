"""What the browser is given to draw the game (geometry.py): the printed components, read
from the data files, and nothing of a table's hidden cards."""

from __future__ import annotations

import json

from kaido.games.traveling_merchants import GAME
from kaido.games.traveling_merchants.board import DATA
from kaido.games.traveling_merchants.geometry import board_geometry
from kaido.games.traveling_merchants.views import view


def test_the_components_as_the_data_files_give_them() -> None:
    """Cards with both names, kind and good; every order and special order with its city,
    goods and VP; the titles; the wagon's spaces on the side in use (TM-SETUP-1, TM-VAR-3)."""
    geometry = board_geometry(GAME.make_options(players=3))
    assert [(c["en"], c["ja"], c["kind"], c["good"]) for c in geometry["cities"]] == [
        (c.en, c.ja, c.kind, c.good) for c in DATA.cities
    ]
    assert len(geometry["orders"]) == len(DATA.orders) == 37
    for order in DATA.orders.values():
        drawn = geometry["orders"][str(order.id)]
        assert (drawn["city"], drawn["goods"], drawn["vp"]) == (
            order.city,
            list(order.goods),
            order.vp,
        )
    assert [s["vp"] for s in geometry["specials"]] == [s.vp for s in DATA.specials]
    assert [[t["id"] for t in card] for card in geometry["titles"]] == [
        [t.id for t in card] for card in DATA.titles
    ]
    assert geometry["wagon_capacity"] == DATA.normal_capacity
    beginner = board_geometry(GAME.make_options(players=3, beginner_wagons=True))
    assert beginner["wagon_capacity"] == DATA.beginner_capacity
    assert len({g["colour"] for g in geometry["goods"]}) == 4


def test_the_geometry_tells_nothing_of_a_table_TM_SETUP_3_TM_SETUP_7() -> None:
    """It depends on the options alone: two tables dealt differently get the same text, so
    the deck's order, the removed cards and the end card's place stay hidden; the map's
    dealt positions come from the view, which every seat sees."""
    options = GAME.make_options(players=2, random_cities=True)
    first, second = GAME.setup(options, 1), GAME.setup(options, 2)
    assert first.deck != second.deck
    assert json.dumps(board_geometry(options)) == json.dumps(board_geometry(options))
    assert view(first, 0)["map"]["cells"] == [list(c) for c in first.board.cells]
    assert "deck" not in json.dumps(board_geometry(options))
