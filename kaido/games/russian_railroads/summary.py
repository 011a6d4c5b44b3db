"""The end of a Russian Railroads game in numbers, from its scoring events: each player's
points by line, industry, passing order, end bonuses, engineers and other bonuses, and
their score after each round."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kaido.core.events import Event
from kaido.games.russian_railroads.state import RRState
from kaido.games.russian_railroads.text import LINE_NAME

WORDS = {
    "en": {
        "industry": "Industry",
        "pass": "Passing order",
        "end bonus": "End bonus cards",
        "engineers": "Engineers",
        "other": "Action spaces and bonuses",
        "total": "Total",
        "rounds": "Score after each round",
        "end": "end",
    },
    "ja": {
        "industry": "工業",
        "pass": "パスの順番",
        "end bonus": "エンドボーナスカード",
        "engineers": "技術者",
        "other": "アクションとボーナス",
        "total": "合計",
        "rounds": "ラウンドごとの得点",
        "end": "終了",
    },
}
CATEGORIES = ("pass", "end bonus", "engineers", "other")


def category(why: str) -> str:
    """Where points scored for `why` (the engine's code) are counted."""
    if why in ("pass", "engineers"):
        return why
    if why.startswith("end bonus") and why != "end bonus blind":
        return "end bonus"
    return "other"  # action spaces, factory and line bonuses, a card taken unseen


def summary(st: RRState, log: Sequence[Event], lang: str) -> dict[str, Any]:
    words = WORDS[lang]
    n = st.n
    lines = [[0] * n for _ in range(4)]  # the three lines, then industry (round scoring)
    other = {key: [0] * n for key in CATEGORIES}
    running = [0] * n
    by_round: list[list[int]] = []
    for event in log:
        data = event.data
        if event.kind == "vp":
            running[data["player"]] += data["vp"]
            if data["why"] != "round":  # counted by its line below
                other[category(data["why"])][data["player"]] += data["vp"]
        elif event.kind == "score":
            for k, vp in enumerate(data["parts"]):
                lines[k][data["player"]] += vp
            if data["player"] == 0:
                by_round.append([0] * n)
            by_round[-1][data["player"]] = running[data["player"]]
    named = list(zip([*LINE_NAME[lang], words["industry"]], lines, strict=True))
    named += [(words[key], other[key]) for key in CATEGORIES]
    named.append((words["total"], [sum(values[p] for _, values in named) for p in range(n)]))
    rows = [{"label": label, "values": values} for label, values in named]
    labels = [str(r + 1) for r in range(len(by_round))] + [words["end"]]
    series = [
        {"name": f"P{p + 1}", "player": p, "values": [s[p] for s in by_round] + [running[p]]}
        for p in range(n)
    ]
    chart = {"title": words["rounds"], "kind": "lines", "labels": labels, "series": series}
    return {"breakdown": rows, "charts": [chart]}
