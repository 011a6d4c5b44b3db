"""The designed components: the facts the text fixes (DATA-1, DATA-2) and the loader's checks."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kaido.games.cargo_empire.board import DATA_DIR, EUROPE, DataError, load_components

NAMED = [
    *("Amsterdam", "Berlin", "Bucharest", "Copenhagen", "Dublin", "Frankfurt", "Kiev"),
    *("London", "Marseille", "Milan", "Moscow", "Oslo", "Riga", "Rome", "Vienna", "Warsaw"),
]


def d(a: str, b: str) -> int:
    return EUROPE.dist[EUROPE.city_index(a)][EUROPE.city_index(b)]


def test_map_holds_the_named_cities_and_the_facts_of_the_examples() -> None:
    """DATA-1, DATA-2 (EX-B, EX-C, EX-E, EX-Q, EX-R, EX-S, EX-T)."""
    assert len(EUROPE.names) == 24 and set(NAMED) <= set(EUROPE.names)
    assert d("Warsaw", "Riga") == d("Rome", "Milan") == d("Bucharest", "Vienna") == 1
    assert d("Warsaw", "Copenhagen") == 2 and d("Warsaw", "Milan") == 3
    assert d("London", "Amsterdam") <= 2
    harbour = dict(zip(EUROPE.names, EUROPE.harbour, strict=True))
    assert harbour["Riga"] and harbour["Copenhagen"] and harbour["Rome"]
    assert not harbour["Warsaw"] and not harbour["Milan"]
    number = dict(zip(EUROPE.names, EUROPE.numbers, strict=True))
    assert number["Moscow"] < number["Warsaw"]
    assert number["Dublin"] < number["Copenhagen"] < number["Milan"]


def test_colours_and_harbours_are_balanced_CE_GOAL_10() -> None:
    """CE-GOAL-10..13 count up to 6 cities of a colour: 6 of each; CE-GOAL-7 pairs harbour
    and inland cities, so 12 of each."""
    assert sorted(EUROPE.colours.count(c) for c in range(4)) == [6, 6, 6, 6]
    assert sum(EUROPE.harbour) == 12


def test_tiles_produce_and_demand_each_colour_equally() -> None:
    for level in range(2):
        for colour in range(4):
            assert sum(p[level].count(colour) for p in EUROPE.produce) == 12
            assert sum(dm[level].count(colour) for dm in EUROPE.demand) == 12


def test_track_and_vp_zone_match_the_text_CE_DEV_11() -> None:
    """CE-DEV-11: the VP zone's bottom space is worth 2; EX-N shows 14 and 4."""
    assert EUROPE.vp_zone[0] == 2 and {4, 14} <= set(EUROPE.vp_zone)
    assert [t[0].id for t in EUROPE.track_tiles[:6]] == [f"a0{k}" for k in range(1, 7)]
    assert EUROPE.rewards == (1, 1, 2)


def broken(tmp_path: Path, name: str, old: str, new: str) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    path = folder / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return folder


@pytest.mark.parametrize(
    ("name", "old", "new", "message"),
    [
        ("europe.toml", 'colour = "red"', 'colour = "blue"', "colours must be balanced"),
        ("europe.toml", '["Kiev", "Moscow"', '["Kiev", "Kiev"', "from Kiev to itself"),
        ("europe.toml", '["Oslo", "Stockholm"', '["Stockholm", "Copenhagen"', "listed twice"),
        ("europe.toml", '["Dublin", "London"', '["Paris", "London"', "listed twice"),
        ("europe.toml", '["Lisbon", "Madrid"', '["Lisbon", "Lisboa"', "unknown city 'Lisboa'"),
        ("europe.toml", "number = 24", "number = 23", "numbers must be 1-24"),
        ("tiles.toml", 'demand = ["white", "grey"]', 'demand = ["white", "white"]', "different"),
        ("tiles.toml", 'produce = ["orange", "orange"]', 'produce = ["grey", "grey"]', "demand"),
        ("development.toml", '"car", "city", "loco"', '"car", "town", "loco"', "'town'"),
        ("development.toml", 'id = "a06"', 'id = "a07"', "a01-a06"),
        ("goals.toml", "id = 24", "id = 25", "goal ids must be 1-24"),
        ("goals.toml", 'kind = "network"\nvp', 'kind = "web"\nvp', "unknown kind 'web'"),
    ],
)
def test_loader_names_what_is_wrong(
    tmp_path: Path, name: str, old: str, new: str, message: str
) -> None:
    folder = broken(tmp_path, name, old, new)
    with pytest.raises(DataError) as error:
        load_components(folder)
    assert message in str(error.value)
    assert str(error.value).startswith(name)


def test_loader_refuses_a_disconnected_map(tmp_path: Path) -> None:
    folder = broken(tmp_path, "europe.toml", '  ["Dublin", "London"', "  #")
    with pytest.raises(DataError, match="not connected: no route to Dublin"):
        load_components(folder)


def test_loader_refuses_a_missing_file_and_bad_toml(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    (folder / "goals.toml").unlink()
    with pytest.raises(DataError, match=r"goals\.toml: file missing"):
        load_components(folder)
    (folder / "goals.toml").write_text("[[goal]\n")
    with pytest.raises(DataError, match=r"goals\.toml: not valid TOML"):
        load_components(folder)


def test_every_value_names_its_source(tmp_path: Path) -> None:
    folder = broken(
        tmp_path, "europe.toml", 'source = "designed: the Bosporus port"', 'source = "guess"'
    )
    with pytest.raises(DataError, match="city Istanbul: source must start"):
        load_components(folder)
