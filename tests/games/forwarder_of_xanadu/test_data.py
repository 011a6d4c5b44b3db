"""The designed component data: every value sourced, checked on load with clear errors."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from kaido.games.forwarder_of_xanadu.board import DATA, DATA_DIR, DataError, load

FILES = ("areas.json", "actions.json", "companies.json", "requests.json", "skills.json",
         "setup.json")  # fmt: skip


def test_every_value_names_its_source() -> None:
    for name in FILES:
        doc = json.loads((DATA_DIR / name).read_text(encoding="utf-8"))
        for entry, value in doc.items():
            if entry.startswith("_"):
                continue
            source = value["source"]
            assert source.startswith("from text ") or source.startswith("designed"), entry


def test_components_match_the_draft_counts() -> None:
    """◇ counts of the draft: 10 areas, 5 companies with Japanese names and readings,
    60 requests, 40 skills in 6 colours (4 per company), cubes 60/30/15."""
    assert len(DATA.districts) == 9
    assert DATA.companies[0].ja == "機巧結社 學天堂"
    assert all(c.reading and c.en for c in DATA.companies)
    assert len(DATA.requests) == 60 and len(DATA.skills) == 40
    assert len({k.colour for k in DATA.skills}) == 6
    assert DATA.setup["cubes"] == [60, 30, 15]
    # Every request type can be fulfilled somewhere.
    shown = {t for d in DATA.districts for t in d.icons}
    assert shown == set(range(5))


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def _edit(path: Path, change: object) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)  # type: ignore[operator]
    path.write_text(json.dumps(doc), encoding="utf-8")


def test_loader_names_the_file_and_entry(tmp_path: Path) -> None:
    data = _copy(tmp_path)
    _edit(data / "requests.json", lambda d: d["cards"]["value"].pop())
    with pytest.raises(DataError, match=r"requests\.json cards: needs 60 request cards"):
        load(data)


def test_loader_refuses_values_without_a_source(tmp_path: Path) -> None:
    data = _copy(tmp_path)
    _edit(data / "setup.json", lambda d: d["rounds"].update(source="guess"))
    with pytest.raises(DataError, match=r"'rounds'.*source"):
        load(data)


def test_loader_refuses_unknown_icons_and_missing_files(tmp_path: Path) -> None:
    data = _copy(tmp_path)
    _edit(data / "areas.json", lambda d: d["districts"]["value"][0].update(icons=["tea"]))
    with pytest.raises(DataError, match=r"district 1: unknown request type 'tea'"):
        load(data)
    data = _copy(tmp_path / "again")
    (data / "skills.json").unlink()
    with pytest.raises(DataError, match=r"skills\.json: missing"):
        load(data)


def test_loader_refuses_a_company_colour_with_three_cards(tmp_path: Path) -> None:
    data = _copy(tmp_path)
    _edit(data / "skills.json", lambda d: d["cards"]["value"][0].update(colour="white"))
    with pytest.raises(DataError, match="4 cards per company colour"):
        load(data)
