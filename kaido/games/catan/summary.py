"""The end of a Catan game in numbers: each player's points by where they came from, and
the dice, the resources produced and the robber's thefts over the game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kaido.core.events import Event
from kaido.games.catan.board import RESOURCES, VICTORY_POINT
from kaido.games.catan.state import CITY_BASE, CatanState
from kaido.games.catan.text import player_name

AWARD_POINTS = 2  # Longest Road and Largest Army (CT-LR-1, CT-LA-1)

WORDS = {
    "en": {
        "settlements": "Settlements",
        "cities": "Cities",
        "cards": "Victory point cards",
        "longest": "Longest Road",
        "largest": "Largest Army",
        "total": "Total",
        "dice": "Dice rolled",
        "resources": "Resources",
        "produced": "produced",
        "stole": "stolen by them",
        "lost": "stolen from them",
    },
    "ja": {
        "settlements": "開拓地",
        "cities": "都市",
        "cards": "勝利点カード",
        "longest": "最長交易路",
        "largest": "最大騎士力",
        "total": "合計",
        "dice": "出た目",
        "resources": "資源",
        "produced": "産出",
        "stole": "盗んだ",
        "lost": "盗まれた",
    },
}


def summary(s: CatanState, log: Sequence[Event], lang: str) -> dict[str, Any]:
    return {"breakdown": breakdown(s, lang), "charts": charts(s, log, lang)}


def breakdown(s: CatanState, lang: str) -> list[dict[str, Any]]:
    words = WORDS[lang]
    players = range(s.n)
    owned = [b for b in s.buildings if b]
    rows = [
        ("settlements", [sum(1 for b in owned if b == 1 + p) for p in players]),
        ("cities", [AWARD_POINTS * sum(1 for b in owned if b == CITY_BASE + p) for p in players]),
        ("cards", [s.dev[p * 5 + VICTORY_POINT] for p in players]),
        ("longest", [AWARD_POINTS * (s.lr_holder == p) for p in players]),
        ("largest", [AWARD_POINTS * (s.la_holder == p) for p in players]),
    ]
    totals = [sum(values[p] for _, values in rows) for p in players]
    rows.append(("total", totals))
    return [{"label": words[key], "values": values} for key, values in rows]


def charts(s: CatanState, log: Sequence[Event], lang: str) -> list[dict[str, Any]]:
    words = WORDS[lang]
    dice = [0] * 13
    produced, stole, lost = [0] * s.n, [0] * s.n, [0] * s.n
    for event in log:
        data = event.data
        if event.kind == "roll":
            dice[data["total"]] += 1
        elif event.kind == "produce":
            for p, gains in enumerate(data["gains"]):
                produced[p] += sum(gains)
        elif event.kind == "robber" and data["stolen"]:
            stole[data["player"]] += 1
            lost[data["victim"]] += 1
    names = [player_name(p, lang) for p in range(s.n)]
    return [
        {
            "title": words["dice"],
            "kind": "bars",
            "labels": [str(total) for total in range(2, 13)],
            "series": [{"name": words["dice"], "values": dice[2:]}],
        },
        {
            "title": words["resources"],
            "kind": "bars",
            "labels": names,
            "series": [
                {"name": words["produced"], "values": produced},
                {"name": words["stole"], "values": stole},
                {"name": words["lost"], "values": lost},
            ],
        },
    ]


def resource_balance(s: CatanState, log: Sequence[Event]) -> dict[str, float]:
    """Balance figures beside the summary's: each resource produced, and how the game
    traded (with the bank and ports, between players)."""
    produced = [0] * len(RESOURCES)
    counts = {"maritime": 0, "trade": 0, "robber": 0}
    for event in log:
        if event.kind == "produce":
            for gains in event.data["gains"]:
                for kind, gained in enumerate(gains):
                    produced[kind] += gained
        elif event.kind in counts:
            counts[event.kind] += 1
    figures: dict[str, float] = {
        f"produced: {name}": total for name, total in zip(RESOURCES, produced, strict=True)
    }
    figures["trades with the bank or a port"] = counts["maritime"]
    figures["trades between players"] = counts["trade"]
    figures["robber moves"] = counts["robber"]
    return figures
