"""Round scoring (RR-SCORE) and final scoring (RR-END, RR-EB)."""

from __future__ import annotations

from bisect import bisect_right
from typing import Final

from kaido.games.russian_railroads.components import (
    DOUBLER_SQUARES,
    END_BONUS,
    KIEV,
    LINE_COLOURS,
    LINE_LENGTH,
    MEDAL_LINE,
    MEDAL_MARKER,
    MEDAL_SQUARE,
    MEDAL_VP,
    R_COMPLETE,
    R_STAR,
    REVALUED,
    SPECIAL_BY_KEY,
    SPECIALS,
    STP,
    TSR,
    VALUES,
    Variant,
)
from kaido.games.russian_railroads.markers import VALUE, reach
from kaido.games.russian_railroads.state import (
    DONE,
    ENGS,
    EXTRA,
    FACT,
    IND,
    IND2,
    LOCO,
    MEDAL,
    POS,
    TOKENS,
    X2,
)
from kaido.games.russian_railroads.state import (
    REVALUED as REVALUED_FLAG,
)

STP_DOUBLE_BIT: Final = 1 << SPECIAL_BY_KEY["double_stp"].index
STARS: Final = tuple((1 << s.index, s.value) for s in SPECIALS if s.reward == R_STAR)
COMPLETE_BITS: Final = tuple(1 << s.index for s in SPECIALS if s.reward == R_COMPLETE)


def line_score(b: list[int], line: int) -> int:
    """One line's VP (RR-SCORE-2..8): squares up to the loco reach, each counting as the
    colour of the nearest marker on or ahead of it; x2 squares doubled on the TSR."""
    values = REVALUED if b[REVALUED_FLAG] else VALUES
    limit = min(reach(b, line), LINE_LENGTH[line])
    doubled = b[X2] if line == TSR else 0  # the first `doubled` DOUBLER_SQUARES count twice
    total = 0
    low = 0  # squares above `low` are not yet counted
    base = POS + line * 5
    for colour in range(LINE_COLOURS[line] - 1, -1, -1):
        at = b[base + colour]
        if at <= low:
            continue
        high = min(at, limit)
        if high > low:
            value = values[colour]
            total += value * (high - low)
            if doubled:
                twice = bisect_right(DOUBLER_SQUARES, high, 0, doubled)
                total += value * (twice - bisect_right(DOUBLER_SQUARES, low, 0, doubled))
        low = at
        if low >= limit:
            break
    if line == STP and b[DONE] & STP_DOUBLE_BIT:
        total *= 2
    if line == KIEV:
        total += sum(vp for bit, vp in STARS if b[DONE] & bit)
        if (
            b[MEDAL]
            and b[POS + MEDAL_LINE * 5 + MEDAL_MARKER] >= MEDAL_SQUARE
            and reach(b, MEDAL_LINE) >= MEDAL_SQUARE
        ):
            total += MEDAL_VP
    return total


def industry_score(b: list[int], data: Variant) -> int:
    """RR-SCORE-10: the marker's square value; both markers with advantage token 3."""
    values = data.industry_score
    total = values[b[IND]]
    if b[IND2] >= 0:
        total += values[b[IND2]]
    return total


def round_score(b: list[int], data: Variant) -> tuple[int, int, int, int]:
    """(TSR, StP, Kiev, industry) VP of one round scoring (RR-SCORE-1, -6)."""
    return (line_score(b, TSR), line_score(b, STP), line_score(b, KIEV), industry_score(b, data))


def engineer_count(b: list[int], cards: list[int]) -> int:
    """Engineer tiles owned, plus 1 for end bonus card 9 (RR-END-3, R-3)."""
    return b[ENGS].bit_count() + (1 if 9 in cards else 0)


def highest_engineer(b: list[int]) -> int:
    return b[ENGS].bit_length() - 1 if b[ENGS] else 0


def end_bonus_vp(b: list[int], card: int) -> int:
    """VP of one end bonus card (RR-EB-1..10)."""
    spec = END_BONUS[card - 1]
    kind = spec["kind"]
    if kind == "vp":
        return int(spec["vp"])
    if kind == "completed_lines":
        done = sum(1 for bit in COMPLETE_BITS if b[DONE] & bit)
        return min(int(spec["cap"]), int(spec["each"]) * done)
    if kind == "factories":
        built = sum(1 for k in range(5) if b[FACT + k])
        return min(int(spec["cap"]), int(spec["each"]) * built)
    if kind == "loco_sum":
        return sum(VALUE[b[LOCO + k]] for k in range(4))
    if kind == "extra_workers":
        return min(int(spec["cap"]), int(spec["each"]) * b[EXTRA])
    if kind == "black_squares":
        return sum(b[POS + line * 5] for line in range(3))
    if kind == "advantage_tokens":
        return min(int(spec["cap"]), int(spec["each"]) * b[TOKENS].bit_count())
    if kind == "doublers":
        best = 0
        for threshold, vp in spec["tiers"]:
            if b[X2] >= threshold:
                best = vp
        return int(best)
    if kind == "engineers":
        return int(spec["each"]) * b[ENGS].bit_count()
    return 0  # engineer_card: counts in the majority instead


def engineer_majority(boards: list[list[int]], cards: list[list[int]]) -> list[int]:
    """40 VP for the most engineers, 20 for the second; ties by highest engineer (RR-END-3)."""
    ranked = sorted(
        (
            (engineer_count(b, c), highest_engineer(b), seat)
            for seat, (b, c) in enumerate(zip(boards, cards, strict=True))
            if engineer_count(b, c) > 0
        ),
        reverse=True,
    )
    out = [0] * len(boards)
    for vp, entry in zip((40, 20), ranked, strict=False):
        out[entry[2]] = vp
    return out
