"""Values whose published sources disagree: the guide's by default, the other by option."""

from __future__ import annotations

from pathlib import Path

import pytest

from kaido.core.errors import OptionError
from kaido.games.russian_railroads import GAME
from kaido.games.russian_railroads.components import (
    BROWN,
    CONFLICTS,
    INDUSTRY_END,
    INDUSTRY_RAW,
    SPACE_CONFLICTS,
    SPACES,
    SPECIAL_CONFLICTS,
    SPECIALS,
    TSR,
)
from kaido.games.russian_railroads.geometry import board_geometry
from kaido.games.russian_railroads.scoring import industry_score
from kaido.games.russian_railroads.state import EXTRA, HAND, IND, LOCO, STOCKW
from tests.games.russian_railroads.helpers import (
    act,
    legal,
    mark_done,
    place,
    put_factories,
    ready,
    refused,
    set_markers,
    space,
)

DOCS = Path(__file__).parents[3] / "docs" / "russian-railroads.md"


def test_defaults_are_the_data_files_values() -> None:
    """Each conflict's first value is the one the data file gives, and the default."""
    defaults = GAME.make_options(players=4)
    for conflict in CONFLICTS:
        assert defaults[conflict.option] == conflict.values[0]
        assert len(conflict.sources) == len(conflict.values) == 2
    for index, conflict in SPACE_CONFLICTS.items():
        assert SPACES[index].workers == conflict.values[0]
    for index, conflict in SPECIAL_CONFLICTS.items():
        assert ("black", "grey", "brown")[SPECIALS[index].marker] == conflict.values[0]
    assert INDUSTRY_RAW[INDUSTRY_END] == 30


def test_docs_list_every_conflict() -> None:
    """docs/russian-railroads.md has the known data conflicts table with each option."""
    docs = DOCS.read_text(encoding="utf-8")
    assert "## Known data conflicts" in docs
    for conflict in CONFLICTS:
        assert f"`{conflict.option}`" in docs


def test_unknown_reading_refused() -> None:
    with pytest.raises(OptionError, match="loco_and_factory_workers"):
        GAME.make_options(players=4, loco_and_factory_workers=4)
    with pytest.raises(OptionError, match="transsib_worker_marker"):
        GAME.make_options(players=4, transsib_worker_marker="grey")


@pytest.mark.parametrize("workers", [2, 3])
def test_loco_and_factory_workers_rr_tile_3(workers: int) -> None:
    """RR-TILE-3: the bottom loco-and-factory space costs 2 workers (the guide), or 3 with
    `loco_and_factory_workers=3` (two sources for the printed board)."""
    st = ready(loco_and_factory_workers=workers)
    b = st.boards[0]
    bottom = space("tile_bottom")
    hand = b[HAND]
    assert ("place", bottom, 0, 0, 0) in legal(st)
    b[HAND] = workers - 1  # one worker short (for this check only)
    assert ("place", bottom, 0, 0, 0) not in legal(st)
    refused(st, "RR-PLAY-3", "place", bottom, 0, 0, 0)
    b[HAND] = hand
    place(st, "tile_bottom")
    assert b[HAND] == hand - workers
    assert board_geometry(st.options)["spaces"][bottom]["workers"] == workers


@pytest.mark.parametrize("marker", ["brown", "black"])
def test_transsib_worker_marker_rr_bonus_3(marker: str) -> None:
    """RR-BONUS-3: the TSR square 3 worker needs brown there (the guide), or black with
    `transsib_worker_marker=black` (a read of the board art); the loco reach 3 either way."""
    st = ready(transsib_worker_marker=marker)
    b = st.boards[0]
    b[LOCO + 1] = 2  # TSR 1 + 2 = reach 3
    st.piles[2] -= 1
    set_markers(st, 0, TSR, 2)
    mark_done(st, 0)
    place(st, "black_2")  # black from 2 to 4 (two steps, one at a time)
    while ("step", TSR, 0) in legal(st):
        act(st, "step", TSR, 0)
    gained = 1 if marker == "black" else 0
    assert b[STOCKW] == 2 - gained and b[EXTRA] == gained
    assert board_geometry(st.options)["specials"][1]["marker"] == (0 if gained else BROWN)


@pytest.mark.parametrize("end", [30, 50])
def test_industry_end_vp_rr_score_10(end: int) -> None:
    """RR-SCORE-10: the industry track's end square scores 30 (the base-game scorer), or
    50 with `industry_end_vp=50` (a read of the board art)."""
    st = ready(industry_end_vp=end)
    b = st.boards[0]
    put_factories(st, 0, [2, 3, 4, 5, 6])
    b[IND] = INDUSTRY_END
    assert industry_score(b, st.variant) == end
    b[IND] = INDUSTRY_END - 1
    assert industry_score(b, st.variant) == 25
    assert board_geometry(st.options)["industry"][INDUSTRY_END]["value"] == end
