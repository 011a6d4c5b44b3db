"""The end of a Traveling Merchants game in numbers: each player's points by where they
came from (TM-SCORE-1: orders, special orders, gems, each title shown), and, from the log,
the goods each player shipped and their points round by round."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kaido.core.events import Event
from kaido.games.traveling_merchants.board import DATA
from kaido.games.traveling_merchants.engine import ORDERS, SETUP, SPECIALS, scores, title_points
from kaido.games.traveling_merchants.state import TMState
from kaido.games.traveling_merchants.text import good, player_name

WORDS = {
    "en": {
        "orders": "Orders", "specials": "Special orders", "red": "Red gems", "white": "White gems",
        "total": "Total", "shipped": "Goods shipped", "rounds": "Points after each round",
        "end": "end",
    },
    "ja": {
        "orders": "注文", "specials": "特注", "red": "赤い宝石", "white": "白い宝石",
        "total": "合計", "shipped": "出荷した品物", "rounds": "ラウンドごとの得点", "end": "終了",
    },
}  # fmt: skip


MARKS = 10
"""Points on the score line at most, besides the end (a long game's rounds are thinned)."""


def summary(s: TMState, log: Sequence[Event], lang: str) -> dict[str, Any]:
    words = WORDS["ja" if lang == "ja" else "en"]
    players = range(s.n)
    named = [
        (words["orders"], [sum(ORDERS[o].vp for o in s.taken[p]) for p in players]),
        (
            words["specials"],
            [sum(sp.vp for k, sp in enumerate(SPECIALS) if s.specials[k] == p) for p in players],
        ),
        (words["red"], [SETUP["red_vp"] * s.red[p] for p in players]),
        (words["white"], [SETUP["white_vp"] * s.white[p] for p in players]),
    ]
    for code, points in zip(s.titles, title_points(s), strict=True):  # TM-VAR-2
        title = DATA.titles[code // 2][code % 2]
        named.append((title.ja if lang == "ja" else title.en, points))
    named.append((words["total"], [sum(values[p] for _, values in named) for p in players]))
    rows = [{"label": label, "values": values} for label, values in named]
    return {"breakdown": rows, "charts": _charts(s, log, lang)}


def _charts(s: TMState, log: Sequence[Event], lang: str) -> list[dict[str, Any]]:
    words = WORDS["ja" if lang == "ja" else "en"]
    shipped = [[0] * s.n for _ in DATA.goods]
    running = [0] * s.n
    by_round: list[list[int]] = []
    last = None  # who acted last: a round ends when the last seat's turn gives way
    for event in log:
        data = event.data
        actor = data.get("player")
        if event.kind != "start" and actor is not None:
            if last == s.last_seat and actor != last:
                by_round.append(running[:])
            last = actor
        if event.kind in ("ship", "special"):
            order = ORDERS[data["order"]] if event.kind == "ship" else SPECIALS[data["special"]]
            running[data["player"]] += order.vp
            for g, count in enumerate(order.goods):
                shipped[g][data["player"]] += count
        elif event.kind == "gem":
            gem = SETUP["red_vp"] if data["colour"] == "red" else SETUP["white_vp"]
            running[data["player"]] += gem
    names = [player_name(p, lang) for p in range(s.n)]
    final = scores(s)  # with the titles, scored at the end
    step = -(-len(by_round) // MARKS)  # every round, or every step-th in a long game
    kept = list(range(step - 1, len(by_round), step)) if by_round else []
    by_round = [by_round[r] for r in kept]
    labels = [str(r + 1) for r in kept] + [words["end"]]
    return [
        {
            "title": words["shipped"],
            "kind": "bars",
            "labels": names,
            "series": [
                {"name": good(g, lang), "values": shipped[g]} for g in range(len(DATA.goods))
            ],
        },
        {
            "title": words["rounds"],
            "kind": "lines",
            "labels": labels,
            "series": [
                {
                    "name": names[p],
                    "player": p,
                    "values": [points[p] for points in by_round] + [final[p]],
                }
                for p in range(s.n)
            ],
        },
    ]
