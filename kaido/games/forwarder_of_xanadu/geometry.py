"""What the browser needs to draw Forwarder of Xanadu, read from the data files.

The view says what lies where (which district is at each position, gauges, warehouses,
workers on the action cards, the market, each seat's company board); this says what the
components are and where the 10 area boards lie: each position's box in the offset layout
(FX-SETUP-1, rows of 3, 2, 3, 2 with Hotan port in the middle of the first) and its
neighbours (R-1), the districts, request types, grades, the action cards for the player
count and their spaces, the company boards' tracks, every skill and request card. All of
it is printed on the components, so it hides nothing: the decks' order and the hands stay
in the state. Indices are the engine's: a view's `board[a]` is drawn with
`districts[board[a]]` (or `port` for -1), a market card `c` with `requests[c]`.
"""

from __future__ import annotations

from typing import Any, Final

from kaido.core.options import Options
from kaido.games.forwarder_of_xanadu.board import AREAS, DATA, TRACKS, Company, District
from kaido.games.forwarder_of_xanadu.text import LABELS, LABELS_JA, TRACK_JA

# The map's drawing units: an area's box, the gaps between boxes and the margin. Two
# areas of one row are 2 apart in `positions`' x, so x counts half-steps of a box.
BOX_W: Final = 300
BOX_H: Final = 236
GAP_X: Final = 24
GAP_Y: Final = 30
MARGIN: Final = 16
HALF: Final = (BOX_W + GAP_X) // 2

# Colours on screen: the grades (並 basic, 上 upper, 特上 premium), the request types and
# the companies' colour names in companies.json.
GRADE_COLOURS: Final = ("#b08a5a", "#a9b4c2", "#e2b33c")
GRADE_NAMES: Final = (("basic", "並"), ("upper", "上"), ("premium", "特上"))
TYPE_COLOURS: Final = {
    "furniture": "#8b5a2b",
    "books": "#2e6fd1",
    "food": "#3c9a4b",
    "clothing": "#c0392b",
    "entertainment": "#8e44ad",
}
COMPANY_COLOURS: Final = {
    "purple": "#8e44ad",
    "red": "#c0392b",
    "yellow": "#e0b814",
    "blue": "#2e6fd1",
    "green": "#3c9a4b",
    "white": "#f4f1ea",
}


def area_boxes() -> list[dict[str, Any]]:
    """Each layout position's box (top-left corner and size), its labels and neighbours."""
    out = []
    for a, (x, row) in enumerate(DATA.positions):
        out.append(
            {
                "index": a,
                "x": MARGIN + x * HALF,
                "y": MARGIN + row * (BOX_H + GAP_Y),
                "width": BOX_W,
                "height": BOX_H,
                "row": row,
                "en": LABELS[a],
                "ja": LABELS_JA[a],
                "class": DATA.classes[a],
                "adjacent": list(DATA.adjacent[a]),
            }
        )
    return out


def map_size() -> tuple[int, int]:
    boxes = area_boxes()
    width = max(b["x"] + b["width"] for b in boxes) + MARGIN
    height = max(b["y"] + b["height"] for b in boxes) + MARGIN
    return width, height


def _district(d: District) -> dict[str, Any]:
    return {"id": d.id, "en": d.en, "ja": d.ja, "icons": list(d.icons), "gauge": d.gauge,
            "landmark": d.landmark}  # fmt: skip


def _final(c: Company) -> dict[str, Any]:
    """A company's final settlement skill (FX-FINAL-1) as its board prints it."""
    return {"kind": c.final_kind, "vp": c.final_vp, "max": c.final_max, "en": c.final_en,
            "ja": c.final_ja}  # fmt: skip


def _tracks() -> list[dict[str, Any]]:
    """The company boards' growth tracks (shared by all five, 2:ラウンド終了) with what each
    cell gives: its value after 0, 1, 2... unlocked cells."""
    values = {
        "storage": [list(DATA.storage_limit), list(DATA.storage_refill)],
        "transport": [list(DATA.transport_per_action)],
        "quality": [list(DATA.quality_extra)],
        "worker": [[0, DATA.worker_bonus]],
        "skill": [list(range(DATA.cells[4] + 1))],
    }
    return [
        {"id": t, "en": t, "ja": TRACK_JA[i], "cells": DATA.cells[i], "values": values[t]}
        for i, t in enumerate(TRACKS)
    ]


def board_geometry(options: Options) -> dict[str, Any]:
    n = int(options["players"])
    width, height = map_size()
    return {
        "width": width,
        "height": height,
        "areas": area_boxes(),
        "port": DATA.port,
        "port_board": _district(DATA.port_board),
        "districts": [_district(d) for d in DATA.districts],
        "types": [{**t, "colour": TYPE_COLOURS.get(t["id"], "#777")} for t in DATA.types],
        "landmarks": [dict(m) for m in DATA.landmarks],
        "grades": [
            {"en": en, "ja": ja, "colour": GRADE_COLOURS[g]}
            for g, (en, ja) in enumerate(GRADE_NAMES)
        ],
        "action_types": [dict(t) for t in DATA.action_types],
        "spaces": [{"basic": b, "actions": k} for b, k in DATA.spaces],
        "cards": list(DATA.cards[n]),
        "companies": [
            {
                "id": c.id,
                "en": c.en,
                "ja": c.ja,
                "reading": c.reading,
                "colour": COMPANY_COLOURS.get(c.colour, c.colour),
                "final": _final(c),
            }
            for c in DATA.companies
        ],
        "tracks": _tracks(),
        "office_cell": DATA.office_cell,
        "quality_upper_cell": DATA.quality_upper_cell,
        "late_skill_cells": list(DATA.late_skill_cells),
        "skills": [
            {
                "id": k.id,
                "colour": COMPANY_COLOURS.get(k.colour, k.colour),
                "company": k.company,
                "en": k.en,
                "ja": k.ja,
                "perm": k.perm,
                "perm_n": k.perm_n,
                "disp": k.disp,
                "disp_n": k.disp_n,
                "disp_cost": k.disp_cost,
                "disp_action": k.disp_action,
            }
            for k in DATA.skills
        ],
        "requests": [
            {"id": r.id, "deck": r.deck, "type": r.type, "cost": list(r.cost), "vp": r.vp}
            for r in DATA.requests
        ],
        "daily": {"cost": list(DATA.daily_cost), "vp": DATA.daily_vp},
        "rounds": DATA.setup["rounds"],
        "mid_round": DATA.setup["mid_round"],
        "mid_vp": DATA.setup["mid_vp"],
        "final_vp": DATA.setup["final_vp"],
        "dispatched": DATA.setup["dispatched"],
        "area_count": AREAS,
    }
