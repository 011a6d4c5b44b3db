"""What the browser needs to draw the Russian Railroads boards, read from the game's data.

The view says where things are (markers, locos, placements, the engineer strip); this says
what the boards are: the action spaces of this player count's board side (their cost,
effect and the rounds they are used in), the engineer tiles, the three lines with their
special squares, the industry track, and the names of every space, card and token in
English and Japanese (from `text.py`). Indices are the engine's, so an action
`["place", s, ...]` is drawn on `spaces` entry `index == s`, `["step", line, colour]` on
`lines[line]`, `["loco", k]` on `slots[k]` and `["replace_factory", k]` on the industry
square whose `factory_space` is `k`. The client lays the boards out itself.
"""

from __future__ import annotations

from typing import Any, Final

from kaido.core.game import LANGS
from kaido.core.options import Options
from kaido.games.russian_railroads import text
from kaido.games.russian_railroads.components import (
    ADVANTAGE_CARDS,
    ADVANTAGE_TOKENS,
    COLOURS,
    DOUBLER_SQUARES,
    END_BONUS,
    ENGINEER_COST,
    ENGINEER_EFFECTS,
    ENGINEER_LETTER,
    ENGINEERS,
    GAP_FACTORY,
    INDUSTRY_ADVANTAGE,
    LINE_COLOURS,
    LINE_KEYS,
    LINE_LENGTH,
    MAIN_SPACES,
    MEDAL_LINE,
    MEDAL_MARKER,
    MEDAL_SQUARE,
    MEDAL_VP,
    OP_ADV_CARD,
    OP_AGAIN,
    OP_BLACK_WORKER,
    OP_END_BONUS,
    OP_ENGINEER,
    OP_ENGINEER_ONE,
    OP_HIRE,
    OP_INDUSTRY,
    OP_MEDAL,
    OP_ORDER,
    OP_REPEAT,
    OP_REVALUATION,
    OP_RUBLES,
    OP_SECOND_MARKER,
    OP_SPECIAL_LOCO,
    OP_TEMP,
    OP_TILE,
    OP_TRACK,
    OP_VP,
    OP_VP_ENGINEERS,
    OP_VP_LOCOS,
    OP_X2,
    R_ADVANTAGE,
    R_COMPLETE,
    R_DOUBLE,
    R_STAR,
    R_UNLOCK,
    R_WORKER,
    REVALUED,
    ROUNDS_LAST,
    ROUNDS_NOT_LAST,
    SLOT_LINE,
    SPECIAL_NINE,
    START_BONUS,
    STRIPS,
    TILE_FACTORY,
    TILE_LOCO,
    TILE_LOCO_AND_FACTORY,
    TILE_LOCO_OR_FACTORY,
    TOKEN_NAMES,
    TURN_ORDER_VP,
    VALUES,
    Effect,
    Space,
    Variant,
    engineer_space,
    loco_value,
    spaces_for,
    variant,
)
from kaido.games.russian_railroads.engine import INDUSTRY_SPOT_BIT

OP_WORDS: Final = {
    OP_TRACK: "track",
    OP_INDUSTRY: "industry",
    OP_X2: "x2",
    OP_RUBLES: "rubles",
    OP_VP: "vp",
    OP_TEMP: "temp_workers",
    OP_TILE: "tile",
    OP_REPEAT: "repeat",
    OP_HIRE: "hire",
    OP_ORDER: "turn_order",
    OP_ENGINEER: "engineer",
    OP_END_BONUS: "end_bonus",
    OP_ADV_CARD: "advantage_card",
    OP_AGAIN: "again",
    OP_SECOND_MARKER: "second_industry_marker",
    OP_REVALUATION: "revaluation",
    OP_MEDAL: "kiev_medal",
    OP_ENGINEER_ONE: "engineer_one",
    OP_BLACK_WORKER: "black_worker",
    OP_SPECIAL_LOCO: "special_loco",
    OP_VP_ENGINEERS: "vp_engineer_sum",
    OP_VP_LOCOS: "vp_top_locos",
}
TILE_WORDS: Final = {
    TILE_LOCO_OR_FACTORY: "loco_or_factory",
    TILE_LOCO_AND_FACTORY: "loco_and_factory",
    TILE_FACTORY: "factory",
    TILE_LOCO: "loco",
}
REWARD_WORDS: Final = {
    R_UNLOCK: "unlock",
    R_COMPLETE: "complete",
    R_WORKER: "worker",
    R_ADVANTAGE: "advantage",
    R_DOUBLE: "double",
    R_STAR: "star",
}
ROUND_WORDS: Final = {ROUNDS_LAST: "last", ROUNDS_NOT_LAST: "not_last"}


def effect_parts(effect: Effect) -> list[list[Any]]:
    """An effect as the data files write it: `[["track", "black", 3], ["industry", 1]]`."""
    parts: list[list[Any]] = []
    for op, arg in effect:
        word = OP_WORDS[op]
        if op == OP_TRACK:
            parts.append([word, TOKEN_NAMES[arg >> 4], arg & 15])
        elif op == OP_TILE:
            parts.append([word, TILE_WORDS[arg]])
        else:
            parts.append([word, arg])
    return parts


def _names(table: dict[str, Any], index: int) -> dict[str, str]:
    return {lang: table[lang][index] for lang in LANGS}


def _space(space: Space, data: Variant) -> dict[str, Any]:
    return {
        "index": space.index,
        "key": space.key,
        "group": space.group,
        "workers": data.workers[space.index],
        "rubles": space.rubles,
        "multi": space.multi,
        "rounds": ROUND_WORDS.get(space.rounds, "all"),
        "strip_position": space.strip_position,
        "effect": effect_parts(space.effect),
        "name": {lang: text.space_name(space.index, lang) for lang in LANGS},
    }


def _engineer(number: int) -> dict[str, Any]:
    return {
        "number": number,
        "letter": ENGINEER_LETTER[number],
        "workers": ENGINEER_COST[number],
        "space": engineer_space(number),
        "effect": effect_parts(ENGINEER_EFFECTS[number]),
        "name": {lang: text.space_name(engineer_space(number), lang) for lang in LANGS},
    }


def _lines() -> list[dict[str, Any]]:
    return [
        {
            "key": key,
            "length": LINE_LENGTH[line],
            "colours": LINE_COLOURS[line],
            "name": _names(text.LINE_NAME, line),
        }
        for line, key in enumerate(LINE_KEYS)
    ]


def _specials(data: Variant) -> list[dict[str, Any]]:
    return [
        {
            "index": special.index,
            "key": special.key,
            "line": special.line,
            "square": special.square,
            "marker": special.marker,
            "loco": special.loco,
            "reward": REWARD_WORDS[special.reward],
            "value": special.value,
        }
        for special in data.specials
    ]


def _industry(data: Variant) -> list[dict[str, Any]]:
    """Each square of the industry track: its printed value (None: a factory space, or the
    unnumbered advantage spot), the factory space it is (-1 if none), whether it is the
    advantage spot."""
    return [
        {
            "value": value if value >= 0 else None,
            "factory_space": GAP_FACTORY[square],
            "advantage": square == INDUSTRY_ADVANTAGE,
        }
        for square, value in enumerate(data.industry_raw)
    ]


def _cards(effects: tuple[Effect, ...], names: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"number": k, "effect": effect_parts(effect), "name": _names(names, k)}
        for k, effect in enumerate(effects, start=1)
    ]


def board_geometry(options: Options) -> dict[str, Any]:
    players = int(options["players"])
    strip = STRIPS[players]
    data = variant(options)
    return {
        "kind": "rr-boards",
        "players": players,
        "colours": list(COLOURS),
        "colour_names": {lang: list(text.COLOUR_NAME[lang]) for lang in LANGS},
        "values": list(VALUES),
        "revalued": list(REVALUED),
        "lines": _lines(),
        "slots": [
            {"line": line, "name": _names(text.SLOT_NAME, k)} for k, line in enumerate(SLOT_LINE)
        ],
        "loco_values": [loco_value(tile) for tile in range(SPECIAL_NINE + 1)],
        "special_nine": SPECIAL_NINE,
        "doubler_squares": list(DOUBLER_SQUARES),
        "specials": _specials(data),
        "medal": {
            "line": MEDAL_LINE,
            "square": MEDAL_SQUARE,
            "marker": MEDAL_MARKER,
            "vp": MEDAL_VP,
        },
        "industry": _industry(data),
        "industry_spot_bit": INDUSTRY_SPOT_BIT.bit_length() - 1,
        "spaces": [_space(space, data) for space in spaces_for(players)],
        "main_spaces": MAIN_SPACES,
        "strip": {"length": strip.length, "public": list(strip.public), "hire": strip.hire},
        "engineers": [_engineer(number) for number in ENGINEERS],
        "turn_order_vp": list(TURN_ORDER_VP[:players]),
        "advantage_tokens": _cards(ADVANTAGE_TOKENS, text.TOKEN_TEXT),
        "advantage_cards": _cards(ADVANTAGE_CARDS, text.CARD_TEXT),
        "start_bonus": _cards(START_BONUS, text.START_TEXT),
        "end_bonus": [
            {"number": k, "kind": card["kind"], "name": _names(text.END_BONUS_TEXT, k)}
            for k, card in enumerate(END_BONUS, start=1)
        ],
    }
