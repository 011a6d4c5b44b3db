"""The end of a Cargo Empire game in numbers: each player's points by the four scoring
categories (CE-END-1..5), the bot's beside the seats', and, from the log, the transport
cards each player paid and their transports round by round."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kaido.core.events import Event
from kaido.core.result import places
from kaido.games.cargo_empire.board import TRANSPORTS
from kaido.games.cargo_empire.scoring import final_scores, ranking_keys
from kaido.games.cargo_empire.state import CEState
from kaido.games.cargo_empire.text import player_name, w

WORDS = {
    "en": {
        "track": "Development track", "level3": "Posts in level-3 cities", "cards": "City cards",
        "goals": "Goal cards", "total": "Total", "bot": "{name} (bot)",
        "paid": "Transport cards paid", "transports": "Transports, counted after each round",
    },
    "ja": {
        "track": "開発トラック", "level3": "レベル3都市の交易所", "cards": "都市カード",
        "goals": "目標カード", "total": "合計", "bot": "{name}（ボット）",
        "paid": "輸送に使ったカード", "transports": "輸送の回数（各ラウンドの終わりの累計）",
    },
}  # fmt: skip
CATEGORIES = ("track", "level3", "cards", "goals")  # the order of `Scores` (CE-END-6..9)


def summary(st: CEState, log: Sequence[Event], lang: str) -> dict[str, Any]:
    words = WORDS["ja" if lang == "ja" else "en"]
    scores = st.final or final_scores(st)  # the final scoring's, else as it would be now
    names = [player_name(p, st.colours, lang) for p in range(st.n)]
    columns = [[*s, sum(s)] for s in scores]  # each player's categories, then the total
    labels = [words[key] for key in (*CATEGORIES, "total")]
    rows = [
        {"label": label, "values": [columns[p][k] for p in range(st.seats)]}
        for k, label in enumerate(labels)
    ]
    out: dict[str, Any] = {"breakdown": rows, "charts": _charts(st, log, names, lang)}
    if st.bot >= 0:  # CE-BOT: a player no seat plays, placed among the seats
        out["others"] = [
            {
                "name": words["bot"].format(name=names[st.bot]),
                "values": columns[st.bot],
                "rank": places(ranking_keys(st, scores))[st.bot],
            }
        ]
    return out


def _charts(st: CEState, log: Sequence[Event], names: list[str], lang: str) -> list[Any]:
    words = WORDS["ja" if lang == "ja" else "en"]
    paid = [[0] * st.n for _ in TRANSPORTS]
    made = [0] * st.n
    by_round: list[list[int]] = []
    for event in log:
        data = event.data
        if event.kind in ("transport", "bot_transport"):
            made[data["player"]] += 1
        if event.kind == "transport":
            for k, count in enumerate(data["cards"]):
                paid[k][data["player"]] += count
        elif event.kind == "order":  # a new round's turn order (CE-MNT)
            by_round.append(made[:])
    by_round.append(made[:])
    seats = range(st.seats)
    return [
        {
            "title": words["paid"],
            "kind": "bars",
            "labels": [names[p] for p in seats],
            "series": [
                {"name": w(kind, lang), "values": [paid[k][p] for p in seats]}
                for k, kind in enumerate(TRANSPORTS)
            ],
        },
        {
            "title": words["transports"],
            "kind": "lines",
            "labels": [str(r + 1) for r in range(len(by_round))],  # the rounds
            "series": [  # the bot's line (no seat, no seat colour) in the charts' palette
                {"name": names[p], "values": [counts[p] for counts in by_round]}
                | ({"player": p} if p < st.seats else {})
                for p in range(st.n)
            ],
        },
    ]
