"""Forwarder of Xanadu: component data, loaded and checked, and the layout's topology.

Every value in `data/*.json` is `{"value": ..., "source": ...}`, the source saying either
`from text <heading>` (a heading of the draft, shared/seeds/004_32ca4a9b33ad613d.txt) or
`designed: <reason>`, so the published values can replace the designed ones. Cards and
districts carry their own `source` line too. `load(directory)` refuses data that breaks
what the rules need with a `DataError` naming the file and the entry.

Areas are numbered by layout position 0-9 (row by row, left to right; the port is 1).
Grades are 0 basic, 1 upper, 2 premium. Request cards keep their file ids 0-59.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from kaido.core.datafiles import read_object
from kaido.core.errors import KaidoError
from kaido.core.pickling import rebuild_from_fields

DATA_DIR: Final = Path(__file__).parent / "data"
AREAS: Final = 10
GRADES: Final = 3
TRACKS: Final = ("storage", "transport", "quality", "worker", "skill")
PERMANENT_KINDS: Final = ("limit", "refill", "transport", "improve", "request_vp", "daily_vp",
                          "worker", "majority_vp")  # fmt: skip
DISPOSABLE_KINDS: Final = ("basic", "actions", "vp")
FINAL_KINDS: Final = ("full_tracks", "far_areas", "stored", "tokens", "dailies")
SETUP_NAMES: Final = ("rounds", "mid_round", "cubes", "share_tokens", "workers", "start_workers",
               "dispatched", "start_resources", "refill_workers", "refill_basic", "market", "hand",
               "standard_deal", "growth", "mid_vp", "final_vp", "leftover_per_vp", "survey_slots",
               "max_transport")  # fmt: skip


class DataError(KaidoError):
    """Component data that cannot be used: the file, the entry and what is wrong."""


@dataclass(frozen=True)
class District:
    id: str
    en: str
    ja: str
    icons: tuple[int, ...]  # request types
    gauge: int  # share gauge cells (0: no gauge)
    landmark: int  # -1 for none


@dataclass(frozen=True)
class Company:
    index: int
    id: str
    en: str
    ja: str
    reading: str
    colour: str
    final_kind: str
    final_vp: int
    final_max: int
    final_en: str
    final_ja: str


@dataclass(frozen=True)
class Request:
    id: int
    deck: int  # 0 lower, 1 upper
    type: int
    cost: tuple[int, int, int]  # basic, upper, premium
    vp: int


@dataclass(frozen=True)
class Skill:
    id: int
    colour: str
    company: int  # -1 for white
    en: str
    ja: str
    perm: str
    perm_n: int
    disp: str  # "" when the card has no disposable icon
    disp_n: int
    disp_cost: int  # dispatched workers paid (FX-DISP-4)
    disp_action: int  # action type of an "actions" card, else -1


@dataclass(frozen=True)
class Data:
    types: tuple[dict[str, str], ...]
    landmarks: tuple[dict[str, str], ...]
    positions: tuple[tuple[int, int], ...]
    port: int
    classes: tuple[int, ...]  # 0 = the port, 1-3 the value classes (FX-AREA-3)
    port_board: District
    districts: tuple[District, ...]
    adjacent: tuple[tuple[int, ...], ...]
    action_types: tuple[dict[str, str], ...]
    spaces: tuple[tuple[int, int], ...]  # (basic, actions) of spaces ①②③
    cards: dict[int, tuple[int, ...]]  # player count -> action type of each card
    companies: tuple[Company, ...]
    storage_limit: tuple[int, ...]
    storage_refill: tuple[int, ...]
    transport_per_action: tuple[int, ...]
    office_cell: int
    quality_extra: tuple[int, ...]
    quality_upper_cell: int
    worker_bonus: int
    cells: tuple[int, ...]  # per track, in TRACKS order
    late_skill_cells: tuple[int, ...]
    requests: tuple[Request, ...]
    daily_cost: tuple[int, int, int]
    daily_vp: int
    dailies_per_company: int
    skills: tuple[Skill, ...]
    setup: dict[str, Any]


# ---- loading and checking -----------------------------------------------------------------


def _value(doc: dict[str, Any], name: str, where: str) -> Any:
    entry = doc.get(name)
    if not isinstance(entry, dict) or "value" not in entry:
        raise DataError(f"{where}: no entry {name!r} with a 'value'")
    _source(entry, f"{where} {name!r}")
    return entry["value"]


def _source(entry: dict[str, Any], where: str) -> None:
    source = entry.get("source")
    if not isinstance(source, str) or not (
        source.startswith("from text ") or source.startswith("designed")
    ):
        raise DataError(
            f"{where}: needs a 'source' starting 'from text <heading>' or 'designed: <reason>'"
        )


def _need(ok: bool, where: str, message: str) -> None:
    if not ok:
        raise DataError(f"{where}: {message}")


def _int(value: Any, low: int = 0) -> bool:
    return type(value) is int and value >= low


def _ints(value: Any, length: int, low: int = 0) -> bool:
    return isinstance(value, list) and len(value) == length and all(_int(v, low) for v in value)


def _read(directory: Path, name: str) -> dict[str, Any]:
    return read_object(directory, name, DataError)


def _named(raw: Any, where: str) -> tuple[dict[str, str], ...]:
    _need(isinstance(raw, list) and bool(raw), where, "must be a non-empty list")
    for entry in raw:
        _need(isinstance(entry, dict), where, "each entry must be an object")
        for field in ("id", "en", "ja"):
            _need(isinstance(entry.get(field), str) and entry[field] != "", where, f"no {field!r}")
    return tuple(dict(e) for e in raw)


def _district(e: Any, where: str, types: list[str], landmarks: list[str]) -> District:
    _need(isinstance(e, dict), where, "must be an object")
    for field in ("id", "en", "ja"):
        _need(isinstance(e.get(field), str) and e[field] != "", where, f"no {field!r}")
    icons = e.get("icons")
    _need(isinstance(icons, list), where, "icons must be a list of request types")
    for icon in icons:
        _need(icon in types, where, f"unknown request type {icon!r} (types: {', '.join(types)})")
    _need(_int(e.get("gauge")), where, "gauge must be a whole number of cells")
    mark = e.get("landmark")
    _need(mark is None or mark in landmarks, where, f"unknown landmark {mark!r}")
    icon_ids = tuple(types.index(i) for i in icons)
    land = landmarks.index(mark) if mark is not None else -1
    return District(e["id"], e["en"], e["ja"], icon_ids, e["gauge"], land)


def _areas(doc: dict[str, Any]) -> dict[str, Any]:
    w = "areas.json"
    types = _named(_value(doc, "request_types", w), f"{w} request_types")
    landmarks = _named(_value(doc, "landmarks", w), f"{w} landmarks")
    type_ids, land_ids = [t["id"] for t in types], [m["id"] for m in landmarks]
    positions = _value(doc, "positions", w)
    _need(
        isinstance(positions, list)
        and len(positions) == AREAS
        and all(_ints(p, 2) for p in positions),
        f"{w} positions",
        "needs 10 [x, row] pairs (FX-SETUP-1)",
    )
    port = _value(doc, "port_position", w)
    _need(_int(port) and port < AREAS, f"{w} port_position", "must be a position 0-9")
    classes = _value(doc, "classes", w)
    _need(_ints(classes, AREAS), f"{w} classes", "needs 10 classes")
    _need(classes[port] == 0, f"{w} classes", "the port does not score: class 0 (FX-AREA-3)")
    _need(all(1 <= c <= 3 for i, c in enumerate(classes) if i != port), f"{w} classes", "1-3")
    port_board = _district(_value(doc, "port", w), f"{w} port", type_ids, land_ids)
    _need(port_board.gauge == 0, f"{w} port", "the port has no share gauge")
    raw = _value(doc, "districts", w)
    _need(isinstance(raw, list) and len(raw) == AREAS - 1, f"{w} districts", "needs 9 districts")
    districts = []
    for i, entry in enumerate(raw):
        where = f"{w} district {i + 1}"
        district = _district(entry, where, type_ids, land_ids)
        _source(entry, where)
        _need(district.gauge >= 1 and bool(district.icons), where, "needs icons and a gauge")
        districts.append(district)
    _need(len({d.id for d in districts}) == len(districts), w, "district ids must differ")
    return {
        "types": types,
        "landmarks": landmarks,
        "positions": tuple((p[0], p[1]) for p in positions),
        "port": port,
        "classes": tuple(classes),
        "port_board": port_board,
        "districts": tuple(districts),
        "adjacent": adjacency(tuple((p[0], p[1]) for p in positions)),
    }


def adjacency(positions: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    """R-1: same row and x 2 apart, or neighbouring rows and x 1 apart."""
    out = []
    for x, row in positions:
        out.append(
            tuple(
                j
                for j, (x2, row2) in enumerate(positions)
                if (row2 == row and abs(x2 - x) == 2) or (abs(row2 - row) == 1 and abs(x2 - x) == 1)
            )
        )
    return tuple(out)


def _actions(doc: dict[str, Any]) -> dict[str, Any]:
    w = "actions.json"
    types = _named(_value(doc, "types", w), f"{w} types")
    type_ids = [t["id"] for t in types]
    _need(type_ids == ["request", "transport", "improve"], f"{w} types", "request, transport, "
          "improve in that order (〇依頼達成, 〇輸送, 〇改良)")  # fmt: skip
    spaces = _value(doc, "spaces", w)
    _need(isinstance(spaces, list) and bool(spaces), f"{w} spaces", "a list of spaces")
    for s in spaces:
        _need(isinstance(s, dict) and _int(s.get("basic")) and _int(s.get("actions"), 1),
              f"{w} spaces", "each space has basic >= 0 and actions >= 1")  # fmt: skip
    cards = _value(doc, "cards", w)
    out_cards = {}
    for n in (3, 4, 5):
        row: list[Any] = cards.get(str(n)) or [] if isinstance(cards, dict) else []
        _need(isinstance(row, list) and bool(row), f"{w} cards", f"no cards for {n} players")
        for t in type_ids:
            _need(t in row, f"{w} cards {n}", f"no {t} card")
        for t in row:
            _need(t in type_ids, f"{w} cards {n}", f"unknown action type {t!r}")
        out_cards[n] = tuple(type_ids.index(t) for t in row)
    return {
        "action_types": types,
        "spaces": tuple((s["basic"], s["actions"]) for s in spaces),
        "cards": out_cards,
    }


def _companies(doc: dict[str, Any]) -> dict[str, Any]:
    w = "companies.json"
    raw = _value(doc, "companies", w)
    _need(isinstance(raw, list) and len(raw) == 5, f"{w} companies", "needs 5 companies")
    companies = []
    for i, e in enumerate(raw):
        where = f"{w} company {i + 1}"
        _need(isinstance(e, dict), where, "must be an object")
        _source(e, where)
        for field in ("id", "en", "ja", "reading", "colour"):
            _need(isinstance(e.get(field), str) and e[field] != "", where, f"no {field!r}")
        final = e.get("final")
        _need(isinstance(final, dict), where, "needs a final settlement skill")
        _need(final.get("kind") in FINAL_KINDS, where, f"final kind must be one of {FINAL_KINDS}")
        _need(_int(final.get("vp"), 1) and _int(final.get("max"), 1), where, "final vp and max")
        companies.append(
            Company(i, e["id"], e["en"], e["ja"], e["reading"], e["colour"], final["kind"],
                    final["vp"], final["max"], str(final.get("en", "")), str(final.get("ja", "")))
        )  # fmt: skip
    cells = _value(doc, "cells", w)
    _need(isinstance(cells, dict) and sorted(cells) == sorted(TRACKS), f"{w} cells", "per track")
    cell_counts = tuple(cells[t] for t in TRACKS)
    _need(all(_int(c, 1) for c in cell_counts), f"{w} cells", "each track has cells")
    out: dict[str, Any] = {"companies": tuple(companies), "cells": cell_counts}
    for name, track in (("storage_limit", 0), ("storage_refill", 0),
                        ("transport_per_action", 1), ("quality_extra", 2)):  # fmt: skip
        value = _value(doc, name, w)
        _need(_ints(value, cell_counts[track] + 1), f"{w} {name}",
              f"needs {cell_counts[track] + 1} whole numbers (cell 0 to the last)")  # fmt: skip
        out[name] = tuple(value)
    for name, track in (("office_cell", 1), ("quality_upper_cell", 2)):
        value = _value(doc, name, w)
        _need(_int(value, 1) and value <= cell_counts[track], f"{w} {name}", "not a cell")
        out[name] = value
    out["worker_bonus"] = _value(doc, "worker_bonus", w)
    late = _value(doc, "late_skill_cells", w)
    _need(isinstance(late, list) and all(_int(c, 1) and c <= cell_counts[4] for c in late),
          f"{w} late_skill_cells", "skill cell numbers")  # fmt: skip
    out["late_skill_cells"] = tuple(late)
    return out


def _numbered(raw: Any, count: int, where: str, what: str) -> list[tuple[int, Any, str]]:
    """`count` cards with ids 0..count-1 in file order: (id, entry, where) each."""
    _need(isinstance(raw, list) and len(raw) == count, where, f"needs {count} {what}")
    out = []
    for i, e in enumerate(raw):
        place = f"{where[: -len(' cards')]} card {i}"
        _need(isinstance(e, dict) and e.get("id") == i, place, f"ids must run 0..{count - 1}")
        out.append((i, e, place))
    return out


def _requests(doc: dict[str, Any], types: list[str]) -> dict[str, Any]:
    w = "requests.json"
    lower = _value(doc, "lower_count", w)
    cards = []
    for i, e, where in _numbered(_value(doc, "cards", w), 60, f"{w} cards", "request cards"):
        _need(e.get("deck") == ("lower" if i < lower else "upper"), where,
              f"cards 0..{lower - 1} are lower, the rest upper")  # fmt: skip
        _need(e.get("type") in types, where, f"unknown request type {e.get('type')!r}")
        _need(_ints(e.get("cost"), 3) and sum(e["cost"]) > 0, where, "cost is [basic, upper, "
              "premium], not all 0")  # fmt: skip
        _need(_int(e.get("vp"), 1), where, "vp must be a whole number above 0")
        deck = 0 if i < lower else 1
        cost = (e["cost"][0], e["cost"][1], e["cost"][2])
        cards.append(Request(i, deck, types.index(e["type"]), cost, e["vp"]))
    daily = _value(doc, "daily", w)
    _need(isinstance(daily, dict) and _ints(daily.get("cost"), 3) and _int(daily.get("vp"), 1),
          f"{w} daily", "needs cost [basic, upper, premium] and vp")  # fmt: skip
    return {
        "requests": tuple(cards),
        "daily_cost": tuple(daily["cost"]),
        "daily_vp": daily["vp"],
        "dailies_per_company": _value(doc, "dailies_per_company", w),
    }


def _skills(doc: dict[str, Any], companies: tuple[Company, ...]) -> tuple[Skill, ...]:
    w = "skills.json"
    colours = _value(doc, "colours", w)
    by_id = [c.id for c in companies]
    _need(isinstance(colours, dict), f"{w} colours", "must map colours to companies")
    out = []
    for i, e, where in _numbered(_value(doc, "cards", w), 40, f"{w} cards", "skill cards"):
        _source(e, where)
        _need(e.get("colour") in colours, where, f"unknown colour {e.get('colour')!r}")
        owner = colours[e["colour"]]
        _need(owner is None or owner in by_id, where, f"colour of unknown company {owner!r}")
        perm = e.get("permanent")
        ok = isinstance(perm, dict) and perm.get("kind") in PERMANENT_KINDS
        _need(ok and _int(perm.get("n"), 1), where, f"permanent kind in {PERMANENT_KINDS}, n >= 1")
        disp = e.get("disposable")
        kind, n, cost, action = "", 0, 0, -1
        if disp is not None:
            _need(isinstance(disp, dict) and disp.get("kind") in DISPOSABLE_KINDS and
                  _int(disp.get("n"), 1) and _int(disp.get("cost", 0)), where,
                  f"disposable kind one of {DISPOSABLE_KINDS}, n >= 1, cost >= 0")  # fmt: skip
            kind, n, cost = disp["kind"], disp["n"], disp.get("cost", 0)
            if kind == "actions":
                names = ("request", "transport", "improve")
                _need(disp.get("action") in names, where, "an actions card names its action")
                action = names.index(disp["action"])
        company = by_id.index(owner) if owner is not None else -1
        out.append(Skill(i, e["colour"], company, str(e.get("en", "")), str(e.get("ja", "")),
                         perm["kind"], perm["n"], kind, n, cost, action))  # fmt: skip
    for c in range(len(companies)):
        _need(sum(1 for s in out if s.company == c) == 4, w, "4 cards per company colour "
              "(〇スタンダード)")  # fmt: skip
    return tuple(out)


def _setup(doc: dict[str, Any]) -> dict[str, Any]:
    out = {name: _value(doc, name, "setup.json") for name in SETUP_NAMES}
    _need(_ints(out["cubes"], 3, 1), "setup.json cubes", "3 counts, basic first")
    _need(_ints(out["market"], 2), "setup.json market", "[lower, upper]")
    _need(_ints(out["growth"], out["rounds"]), "setup.json growth", "one count per round")
    for name in ("mid_vp", "final_vp"):
        _need(
            isinstance(out[name], list)
            and len(out[name]) == 3
            and all(_ints(v, 2) for v in out[name]),
            f"setup.json {name}",
            "3 classes of [1st, 2nd]",
        )
    return out


def load(directory: Path = DATA_DIR) -> Data:
    """Read and check every data file; a `DataError` names the first problem."""
    areas = _areas(_read(directory, "areas.json"))
    actions = _actions(_read(directory, "actions.json"))
    companies = _companies(_read(directory, "companies.json"))
    type_ids = [t["id"] for t in areas["types"]]
    requests = _requests(_read(directory, "requests.json"), type_ids)
    skills = _skills(_read(directory, "skills.json"), companies["companies"])
    setup = _setup(_read(directory, "setup.json"))
    _need(setup["cubes"][0] >= 5 * setup["start_resources"], "setup.json cubes",
          "too few basic cubes for 5 players' starting resources")  # fmt: skip
    return Data(**areas, **actions, **companies, **requests, skills=skills, setup=setup)


DATA: Final = load()


rebuild_from_fields(District, Company, Request, Skill, Data)
