"""Russian Railroads component data, read once from the TOML files in `data/`.

Rules code reads these tuples; it never hard-codes a board. Each value's source (and the
reasoning for reconstructed values) is in the TOML files.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any, Final

from kaido.core.pickling import rebuild_from_fields

_DIR: Final = Path(__file__).parent / "data"


def _load(name: str) -> dict[str, Any]:
    with (_DIR / name).open("rb") as handle:
        return tomllib.load(handle)


_BOARD: Final = _load("board.toml")
_PLAYER: Final = _load("player_board.toml")
_CARDS: Final = _load("cards.toml")


@dataclass(frozen=True, slots=True)
class Conflict:
    """A value whose published sources disagree (`conflict` entries of the data files):
    `values[0]` is the guide's, the default; an option of the same name picks another."""

    option: str
    values: tuple[int | str, ...]
    sources: tuple[str, ...]


def _conflict(entry: dict[str, Any]) -> Conflict:
    return Conflict(entry["option"], tuple(entry["values"]), tuple(entry["sources"]))


# ---- colours and lines -----------------------------------------------------------------

COLOURS: Final[tuple[str, ...]] = tuple(_PLAYER["colours"])
BLACK: Final = 0
GREY: Final = 1
BROWN: Final = 2
VANILLA: Final = 3
WHITE: Final = 4
ANY: Final = 5
BLACK_OR_GREY: Final = 6
"""Track token kinds beyond the five colours."""
TOKEN_NAMES: Final = (*COLOURS, "any", "black_or_grey")
VALUES: Final[tuple[int, ...]] = tuple(_PLAYER["values"])
REVALUED: Final[tuple[int, ...]] = tuple(_PLAYER["revalued"])

LINE_KEYS: Final[tuple[str, ...]] = tuple(line["key"] for line in _PLAYER["line"])
TSR: Final = 0
STP: Final = 1
KIEV: Final = 2
LINE_LENGTH: Final[tuple[int, ...]] = tuple(line["length"] for line in _PLAYER["line"])
LINE_COLOURS: Final[tuple[int, ...]] = tuple(line["colours"] for line in _PLAYER["line"])
DOUBLER_SQUARES: Final[tuple[int, ...]] = tuple(_PLAYER["doubler_squares"])
MAX_DOUBLERS: Final = len(DOUBLER_SQUARES)

# Loco slots: two on the Trans-Siberian, one on each other line (RR-LOCO-2).
SLOT_LINE: Final = (TSR, TSR, STP, KIEV)
SPECIAL_NINE: Final = 10
"""Tile id of the advantage card's 9 (value 9, no factory back)."""


def loco_value(tile: int) -> int:
    return 9 if tile == SPECIAL_NINE else tile


# ---- special squares -------------------------------------------------------------------

R_UNLOCK: Final = 0
R_COMPLETE: Final = 1
R_WORKER: Final = 2
R_ADVANTAGE: Final = 3
R_DOUBLE: Final = 4
R_STAR: Final = 5
_REWARDS: Final = {
    "unlock": R_UNLOCK,
    "complete": R_COMPLETE,
    "worker": R_WORKER,
    "advantage": R_ADVANTAGE,
    "double": R_DOUBLE,
    "star": R_STAR,
}


@dataclass(frozen=True, slots=True)
class Special:
    """A special square: `marker` colour (and the loco, if `loco`) must reach `square`."""

    index: int
    key: str
    line: int
    square: int
    marker: int
    loco: bool
    reward: int
    value: int  # colour unlocked, or VP


SPECIALS: Final[tuple[Special, ...]] = tuple(
    Special(
        i,
        s["key"],
        LINE_KEYS.index(s["line"]),
        s["square"],
        COLOURS.index(s["marker"]),
        bool(s.get("loco", False)),
        _REWARDS[s["reward"]],
        COLOURS.index(s["colour"]) if "colour" in s else int(s.get("vp", 0)),
    )
    for i, s in enumerate(_PLAYER["special"])
)
SPECIAL_CONFLICTS: Final[dict[int, Conflict]] = {
    i: _conflict(s["conflict"]) for i, s in enumerate(_PLAYER["special"]) if "conflict" in s
}
"""Specials whose marker colour the sources disagree on, by special index."""
SPECIAL_BY_KEY: Final = {s.key: s for s in SPECIALS}
UNLOCK_SQUARES: Final[tuple[int, ...]] = (0, *(s.square for s in SPECIALS if s.reward == R_UNLOCK))
"""TSR black square that unlocks each colour (black: from the start)."""
MEDAL_LINE: Final = LINE_KEYS.index(_PLAYER["medal"]["line"])
MEDAL_SQUARE: Final[int] = _PLAYER["medal"]["square"]
MEDAL_MARKER: Final = COLOURS.index(_PLAYER["medal"]["marker"])
MEDAL_VP: Final[int] = _PLAYER["medal"]["vp"]
ADVANTAGE_SPOTS: Final[tuple[int, ...]] = tuple(
    s.index for s in SPECIALS if s.reward == R_ADVANTAGE
)

# ---- industry track --------------------------------------------------------------------

INDUSTRY_RAW: Final[tuple[int, ...]] = tuple(_PLAYER["industry"]["values"])
INDUSTRY_END_CONFLICT: Final = _conflict(_PLAYER["industry"]["end_conflict"])
INDUSTRY_END: Final = len(INDUSTRY_RAW) - 1
INDUSTRY_ADVANTAGE: Final[int] = _PLAYER["industry"]["advantage_square"]


def _gap_factory() -> tuple[int, ...]:
    out, k = [], 0
    for value in INDUSTRY_RAW:
        if value == -1:
            out.append(k)
            k += 1
        else:
            out.append(-1)
    return tuple(out)


GAP_FACTORY: Final[tuple[int, ...]] = _gap_factory()
"""Factory space (0-4) that fills each gap square; -1 on ordinary squares."""
FACTORY_SPACES: Final = max(GAP_FACTORY) + 1


def _industry_scores(raw: tuple[int, ...]) -> tuple[int, ...]:
    out, last = [], 0
    for value in raw:
        if value >= 0:
            last = value
        out.append(last)
    return tuple(out)


INDUSTRY_SCORE: Final = _industry_scores(INDUSTRY_RAW)
"""VP of each industry square: its printed number, else the last printed before it."""

# ---- effects ---------------------------------------------------------------------------

(
    OP_TRACK,
    OP_INDUSTRY,
    OP_X2,
    OP_RUBLES,
    OP_VP,
    OP_TEMP,
    OP_TILE,
    OP_REPEAT,
    OP_HIRE,
    OP_ORDER,
    OP_ENGINEER,
    OP_END_BONUS,
    OP_ADV_CARD,
    OP_AGAIN,
    OP_SECOND_MARKER,
    OP_REVALUATION,
    OP_MEDAL,
    OP_ENGINEER_ONE,
    OP_BLACK_WORKER,
    OP_SPECIAL_LOCO,
    OP_VP_ENGINEERS,
    OP_VP_LOCOS,
) = range(22)
_OPS: Final = {
    "track": OP_TRACK,
    "industry": OP_INDUSTRY,
    "x2": OP_X2,
    "rubles": OP_RUBLES,
    "vp": OP_VP,
    "temp_workers": OP_TEMP,
    "tile": OP_TILE,
    "repeat": OP_REPEAT,
    "hire": OP_HIRE,
    "turn_order": OP_ORDER,
    "engineer": OP_ENGINEER,
    "end_bonus": OP_END_BONUS,
    "advantage_card": OP_ADV_CARD,
    "again": OP_AGAIN,
    "second_industry_marker": OP_SECOND_MARKER,
    "revaluation": OP_REVALUATION,
    "kiev_medal": OP_MEDAL,
    "engineer_one": OP_ENGINEER_ONE,
    "black_worker": OP_BLACK_WORKER,
    "special_loco": OP_SPECIAL_LOCO,
    "vp_engineer_sum": OP_VP_ENGINEERS,
    "vp_top_locos": OP_VP_LOCOS,
}
TILE_LOCO_OR_FACTORY: Final = 0
TILE_LOCO_AND_FACTORY: Final = 1
TILE_FACTORY: Final = 2
TILE_LOCO: Final = 3
_TILES: Final = {
    "loco_or_factory": TILE_LOCO_OR_FACTORY,
    "loco_and_factory": TILE_LOCO_AND_FACTORY,
    "factory": TILE_FACTORY,
}

Part = tuple[int, int]
Effect = tuple[Part, ...]


def parse_effect(text: str) -> Effect:
    """`"industry 1; track black 1"` as ((OP_INDUSTRY, 1), (OP_TRACK, BLACK*16 + 1))."""
    parts: list[Part] = []
    for chunk in filter(None, (c.strip() for c in text.split(";"))):
        word, *args = chunk.split()
        op = _OPS[word]
        if op == OP_TRACK:
            parts.append((op, TOKEN_NAMES.index(args[0]) * 16 + int(args[1])))
        elif op == OP_TILE:
            parts.append((op, _TILES[args[0]]))
        else:
            parts.append((op, int(args[0]) if args else 0))
    return tuple(parts)


START_BONUS: Final[tuple[Effect, ...]] = tuple(parse_effect(t) for t in _CARDS["start_bonus"])
ADVANTAGE_TOKENS: Final[tuple[Effect, ...]] = tuple(
    parse_effect(t) for t in _CARDS["advantage_tokens"]
)
ADVANTAGE_CARDS: Final[tuple[Effect, ...]] = tuple(
    parse_effect(t) for t in _CARDS["advantage_cards"]
)
FACTORY_EFFECTS: Final[tuple[Effect, ...]] = (
    (),
    *(parse_effect(t) for t in _CARDS["factories"]),
)
"""Indexed by tile number 1-9."""
ENGINEER_EFFECTS: Final[tuple[Effect, ...]] = (
    (),
    *(parse_effect(e["effect"]) for e in _CARDS["engineer"]),
)
ENGINEER_COST: Final[tuple[int, ...]] = (0, *(int(e["workers"]) for e in _CARDS["engineer"]))
ENGINEER_LETTER: Final[tuple[str, ...]] = ("", *(str(e["letter"]) for e in _CARDS["engineer"]))
ENGINEERS: Final = range(1, len(ENGINEER_EFFECTS))

END_BONUS: Final[tuple[dict[str, Any], ...]] = tuple(_CARDS["end_bonus"])
END_BONUS_DRAW: Final[int] = _CARDS["end_bonus_draw"]
BLIND_VP: Final[int] = _CARDS["blind_vp"]
AC1_AGAIN: Final[tuple[Part, ...]] = ADVANTAGE_CARDS[0][:3]
"""Advantage card 1's three parts, one of which is done once more."""

# ---- main board --------------------------------------------------------------------------

ROUNDS_ALL: Final = 0
ROUNDS_NOT_LAST: Final = 1
ROUNDS_LAST: Final = 2
_ROUNDS: Final = {"all": ROUNDS_ALL, "not_last": ROUNDS_NOT_LAST, "last": ROUNDS_LAST}


@dataclass(frozen=True, slots=True)
class Space:
    """An action space. Main-board spaces first; owned engineers are spaces too."""

    index: int
    key: str
    group: str
    workers: int
    rubles: int
    effect: Effect
    multi: bool
    boards: tuple[str, ...]
    rounds: int
    strip_position: int  # public engineer spaces: which strip position; else -1
    engineer: int  # owned-engineer spaces: the engineer number; else 0


def _spaces() -> tuple[Space, ...]:
    out = [
        Space(
            i,
            s["key"],
            s["group"],
            int(s.get("workers", 0)),
            int(s.get("rubles", 0)),
            parse_effect(s["effect"]),
            bool(s.get("multi", False)),
            tuple(s["boards"]),
            _ROUNDS[s.get("rounds", "all")],
            int(s.get("strip_position", -1)),
            0,
        )
        for i, s in enumerate(_BOARD["space"])
    ]
    base = len(out)
    for e in ENGINEERS:
        out.append(
            Space(
                base + e - 1,
                f"engineer_{e}",
                "owned",
                ENGINEER_COST[e],
                0,
                ENGINEER_EFFECTS[e],
                False,
                ("34", "2"),
                ROUNDS_ALL,
                -1,
                e,
            )
        )
    return tuple(out)


SPACES: Final[tuple[Space, ...]] = _spaces()
MAIN_SPACES: Final = len(_BOARD["space"])
SPACE_CONFLICTS: Final[dict[int, Conflict]] = {
    i: _conflict(s["conflict"]) for i, s in enumerate(_BOARD["space"]) if "conflict" in s
}
"""Main-board spaces whose worker cost the sources disagree on, by space index."""
MOST_WORKERS: Final[tuple[int, ...]] = tuple(
    max(s.workers, *(int(v) for v in SPACE_CONFLICTS[s.index].values))
    if s.index in SPACE_CONFLICTS
    else s.workers
    for s in SPACES
)
"""The most workers each space can cost under any reading (for the action table)."""
SPACE_BY_KEY: Final = {s.key: s for s in SPACES}
MULTI_SPACE: Final = SPACE_BY_KEY["multi"].index
HIRE_SPACE: Final = SPACE_BY_KEY["hire"].index
TEMP_SPACE: Final = SPACE_BY_KEY["temp"].index
ORDER_SPACES: Final = (SPACE_BY_KEY["order_1"].index, SPACE_BY_KEY["order_2"].index)


def engineer_space(engineer: int) -> int:
    return MAIN_SPACES + engineer - 1


def board_side(players: int) -> str:
    return "2" if players == 2 else "34"


def spaces_for(players: int) -> tuple[Space, ...]:
    """The main-board spaces on this player count's board side (RR-2P-1, RR-3P-5)."""
    side = board_side(players)
    return tuple(s for s in SPACES[:MAIN_SPACES] if side in s.boards)


@dataclass(frozen=True, slots=True)
class Strip:
    length: int
    public: tuple[int, ...]
    hire: int
    b_positions: tuple[int, ...]
    a_positions: tuple[int, ...]


STRIPS: Final[dict[int, Strip]] = {
    int(n): Strip(
        s["length"],
        tuple(s["public"]),
        s["hire"],
        tuple(s["b_positions"]),
        tuple(s["a_positions"]),
    )
    for n, s in _BOARD["strip"].items()
}

_SETUP: Final = _BOARD["setup"]
ROUNDS: Final[dict[int, int]] = {int(k): v for k, v in _SETUP["rounds"].items()}
WORKERS_TOTAL: Final[dict[int, int]] = {int(k): v for k, v in _SETUP["workers_total"].items()}
WORKERS_IN_HAND: Final[dict[int, int]] = {int(k): v for k, v in _SETUP["workers_in_hand"].items()}
START_RUBLES: Final[dict[int, int]] = {int(k): v for k, v in _SETUP["start_rubles"].items()}
DOUBLERS: Final[int] = _SETUP["doublers"]
TEMP_WORKERS: Final[int] = _SETUP["temp_workers"]
LOCO_COPIES: Final[int] = _SETUP["loco_copies"]
TURN_ORDER_VP: Final[tuple[int, ...]] = tuple(_SETUP["turn_order_card_vp"])


# ---- readings of conflicting data ----------------------------------------------------------

CONFLICTS: Final[tuple[Conflict, ...]] = (
    *SPACE_CONFLICTS.values(),
    *SPECIAL_CONFLICTS.values(),
    INDUSTRY_END_CONFLICT,
)


@dataclass(frozen=True, slots=True)
class Variant:
    """The data one game plays with: the files' values, with each known conflict (CONFLICTS)
    resolved by its option. Shared by reference between copies of a state."""

    workers: tuple[int, ...]  # per space index
    specials: tuple[Special, ...]
    specials_at: tuple[tuple[Special, ...], ...]  # per line * 5 + marker colour
    industry_raw: tuple[int, ...]
    industry_score: tuple[int, ...]


def variant(options: dict[str, Any]) -> Variant:
    """The data for these options (the defaults give the data files' own values)."""
    return _variant(tuple(options.get(c.option, c.values[0]) for c in CONFLICTS))


@cache
def _variant(chosen: tuple[int | str, ...]) -> Variant:
    pick = dict(zip((c.option for c in CONFLICTS), chosen, strict=True))
    workers = tuple(
        int(pick[SPACE_CONFLICTS[s.index].option]) if s.index in SPACE_CONFLICTS else s.workers
        for s in SPACES
    )
    specials = tuple(
        replace(s, marker=COLOURS.index(str(pick[SPECIAL_CONFLICTS[s.index].option])))
        if s.index in SPECIAL_CONFLICTS
        else s
        for s in SPECIALS
    )
    raw = (*INDUSTRY_RAW[:-1], int(pick[INDUSTRY_END_CONFLICT.option]))
    at = tuple(tuple(s for s in specials if s.line * 5 + s.marker == place) for place in range(15))
    return Variant(workers, specials, at, raw, _industry_scores(raw))


rebuild_from_fields(Conflict, Special, Space, Strip, Variant)
