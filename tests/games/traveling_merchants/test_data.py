"""The component data: what the text gives, what is designed, and the loader's checks."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from kaido.games.traveling_merchants.board import DATA, DATA_DIR, FILES, DataError, load


def test_every_value_names_its_source() -> None:
    """Each entry is `from text L..` or `designed: <reason>` (issue 16)."""
    for name in FILES:
        doc = json.loads((DATA_DIR / name).read_text(encoding="utf-8"))
        for key, entry in doc.items():
            if key.startswith("_"):
                continue
            source = entry["source"]
            assert source.startswith("from text L") or source.startswith("designed: "), key
            assert len(source) > 12, f"{name} {key}: give the line or the reason"


def test_components_match_the_text_TM_SETUP_2_TM_SETUP_9() -> None:
    """TM-SETUP-2, TM-SETUP-9.
    L30: 4 production cities (one per good), 5 distribution cities and a road; L47 37
    order cards; L73 5 special orders; L94 5 double-sided title cards; names in ja and en."""
    kinds = [c.kind for c in DATA.cities]
    assert kinds.count("production") == 4 and kinds.count("distribution") == 5
    assert kinds[9] == "road"
    assert sorted(c.good for c in DATA.cities if c.kind == "production") == [0, 1, 2, 3]
    armsburg = next(c for c in DATA.cities if c.ja == "アームスブルグ")
    assert DATA.goods[armsburg.good]["id"] == "arms"  # L187
    assert {"エルカイブランド", "ハイジフィールド"} <= {c.ja for c in DATA.cities}
    assert all(c.en and c.ja and c.emblem and c.emblem_ja for c in DATA.cities)
    assert len(DATA.orders) == 37 and len(DATA.specials) == 5
    assert all(min(sp.goods) >= 1 for sp in DATA.specials)  # L197: one of each kind
    assert len(DATA.titles) == 5 and all(len(card) == 2 for card in DATA.titles)
    assert set(DATA.maps) == {"basic", "1", "2", "3", "4", "5"}
    assert DATA.normal_capacity > 0 and DATA.beginner_capacity > 0


def test_the_reshuffle_rule_can_bite_TM_SETUP_6() -> None:
    """TM-SETUP-6.
    R-14: cards of 4+ goods exist in the deck, so a row of 3 such cards is possible."""
    big = [o for o in DATA.orders.values() if o.size >= 4]
    assert 3 <= len(big) < 37 // 2


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def _edit(directory: Path, name: str, change: Any) -> None:
    path = directory / name
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")


def test_a_copy_of_the_data_loads_the_same(tmp_path: Path) -> None:
    assert load(_copy(tmp_path)) == DATA


@pytest.mark.parametrize(
    ("name", "change", "message"),
    [
        ("orders.json", lambda d: d["orders"]["value"].pop(), "needs 37 orders"),
        ("orders.json", lambda d: d["orders"].pop("source"), "needs a 'source'"),
        ("orders.json", lambda d: d["orders"]["value"][0]["goods"].update(gold=1), "unknown good"),
        ("orders.json", lambda d: d["orders"]["value"][0].update(city="road"), "not a city card"),
        ("orders.json", lambda d: d["orders"]["value"][0].update(vp=0), "vp must be"),
        ("orders.json", lambda d: d["specials"]["value"][0]["goods"].pop("wheat"), "every kind"),
        ("cities.json", lambda d: d["cities"]["value"][1].update(good="wheat"), "one per good"),
        ("cities.json", lambda d: d["cities"]["value"].pop(), "needs 9 cities"),
        ("cities.json", lambda d: d["cities"]["value"][0].update(ja=""), "no 'ja'"),
        ("maps.json", lambda d: d["maps"]["value"]["basic"]["cards"][0].__setitem__(0, 9), "one"),
        ("maps.json", lambda d: d["maps"]["value"]["1"]["cards"].pop(), "each card once"),
        ("titles.json", lambda d: d["cards"]["value"][0][0].update(measure="luck"), "measure"),
        ("titles.json", lambda d: d["measures"]["value"].update(luck="?"), "no rule counts"),
        ("wagons.json", lambda d: d["normal_capacity"].update(value=0), "above 0"),
        ("setup.json", lambda d: d["row_size"]["value"].pop("3"), "needs 2, 3 and 4"),
        ("setup.json", lambda d: d.pop("houses"), "no entry 'houses'"),
    ],
)
def test_broken_data_is_refused_with_a_clear_error(
    tmp_path: Path, name: str, change: Any, message: str
) -> None:
    directory = _copy(tmp_path)
    _edit(directory, name, change)
    with pytest.raises(DataError) as error:
        load(directory)
    assert message in str(error.value)
    assert name.split(".")[0] in str(error.value)


def test_missing_and_unreadable_files_are_named(tmp_path: Path) -> None:
    directory = _copy(tmp_path)
    (directory / "maps.json").write_text("{ not json", encoding="utf-8")
    with pytest.raises(DataError, match=r"maps.json: not valid JSON"):
        load(directory)
    (directory / "maps.json").unlink()
    with pytest.raises(DataError, match=r"maps.json: missing"):
        load(directory)
