"""What the browser is given to draw the game (geometry.py): the area boards laid out as
FX-SETUP-1 and R-1 say, the printed components read from the data files, and nothing of a
table's hidden cards."""

from __future__ import annotations

import json

from kaido.games.forwarder_of_xanadu import GAME
from kaido.games.forwarder_of_xanadu.board import DATA
from kaido.games.forwarder_of_xanadu.geometry import board_geometry

OPTIONS = GAME.make_options(players=4)


def touching(a: dict[str, int], b: dict[str, int]) -> bool:
    """Two boxes drawn next to each other: side by side in a row, or overlapping in x
    across neighbouring rows (the offset layout's bricks)."""
    gap_x = max(a["x"], b["x"]) - min(a["x"] + a["width"], b["x"] + b["width"])
    gap_y = max(a["y"], b["y"]) - min(a["y"] + a["height"], b["y"] + b["height"])
    same_row = a["y"] == b["y"] and 0 < gap_x <= 40
    rows_apart = 0 < gap_y <= 40 and gap_x < 0
    return same_row or rows_apart


def test_the_areas_are_laid_out_as_the_offset_layout_FX_SETUP_1_R_1() -> None:
    """Rows of 3, 2, 3, 2 boxes with Hotan port in the middle of the first; no two boxes
    overlap, all inside the map; boxes drawn next to each other are exactly the adjacent
    areas of R-1, so the roads drawn between them are the transport routes."""
    g = board_geometry(OPTIONS)
    boxes = g["areas"]
    assert [sum(1 for b in boxes if b["row"] == r) for r in range(4)] == [3, 2, 3, 2]
    port = boxes[g["port"]]
    row = sorted((b for b in boxes if b["row"] == 0), key=lambda b: b["x"])
    assert row[1] is port and g["port"] == DATA.port == 1
    for b in boxes:
        assert b["x"] >= 0 and b["x"] + b["width"] <= g["width"]
        assert b["y"] >= 0 and b["y"] + b["height"] <= g["height"]
        assert b["adjacent"] == list(DATA.adjacent[b["index"]])
        for c in boxes:
            if c is b:
                continue
            overlap_x = min(b["x"] + b["width"], c["x"] + c["width"]) - max(b["x"], c["x"])
            overlap_y = min(b["y"] + b["height"], c["y"] + c["height"]) - max(b["y"], c["y"])
            assert overlap_x <= 0 or overlap_y <= 0, (b["index"], c["index"])
            assert touching(b, c) == (c["index"] in DATA.adjacent[b["index"]]), (b, c)
    assert [b["class"] for b in boxes] == list(DATA.classes)
    assert [(b["en"], b["ja"]) for b in boxes][:2] == [("1L", "1左"), ("port", "港")]


def test_the_components_as_the_data_files_give_them() -> None:
    """Districts with both names, icons, gauge and landmark; the action cards of the player
    count and their spaces; the companies; the tracks with each cell's value; every skill
    and request card."""
    for n in (3, 4, 5):
        g = board_geometry(GAME.make_options(players=n))
        assert g["cards"] == list(DATA.cards[n])
    g = board_geometry(OPTIONS)
    assert [(d["en"], d["ja"], tuple(d["icons"]), d["gauge"]) for d in g["districts"]] == [
        (d.en, d.ja, d.icons, d.gauge) for d in DATA.districts
    ]
    assert g["port_board"]["gauge"] == 0 and g["port_board"]["icons"] == []
    assert [(s["basic"], s["actions"]) for s in g["spaces"]] == list(DATA.spaces)
    assert [c["ja"] for c in g["companies"]] == [c.ja for c in DATA.companies]
    assert [t["cells"] for t in g["tracks"]] == list(DATA.cells)
    storage = g["tracks"][0]["values"]
    assert storage == [list(DATA.storage_limit), list(DATA.storage_refill)]
    assert [(k["perm"], k["perm_n"], k["disp"]) for k in g["skills"]] == [
        (k.perm, k.perm_n, k.disp) for k in DATA.skills
    ]
    assert [(r["type"], tuple(r["cost"]), r["vp"]) for r in g["requests"]] == [
        (r.type, r.cost, r.vp) for r in DATA.requests
    ]
    assert len({grade["colour"] for grade in g["grades"]}) == 3


def test_the_geometry_tells_nothing_of_a_table_FX_SETUP_9() -> None:
    """It depends on the options alone: two tables dealt differently get the same text, so
    the decks' order, the hands and the districts' places stay in the state and the view."""
    first, second = GAME.setup(OPTIONS, 1), GAME.setup(OPTIONS, 2)
    assert first.decks != second.decks
    assert json.dumps(board_geometry(OPTIONS)) == json.dumps(board_geometry(OPTIONS))
    assert "decks" not in board_geometry(OPTIONS)
