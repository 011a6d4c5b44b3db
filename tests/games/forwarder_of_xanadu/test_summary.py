"""The end-of-game summary's charts: what the browser's breakdown shows beside the VP
categories (the categories themselves are checked for every game in
tests/conformance/test_summary.py)."""

from __future__ import annotations

from kaido.agents import RandomAgent
from kaido.core.events import Event
from kaido.core.match import Match
from kaido.games.forwarder_of_xanadu import GAME


def played(players: int, seed: int) -> tuple[Match, list[Event]]:
    match = Match(GAME, GAME.make_options(players=players), seed, keep_history=False)
    agents = [RandomAgent(seed * 5 + p) for p in range(players)]
    log: list[Event] = []
    while not match.is_over:
        action = agents[match.to_move].choose(GAME, match.state)
        log.extend(match.play(action, narrate=True, trusted=True))
    return match, log


def test_the_charts_count_requests_dailies_and_workers_FX_DAILY_1_FX_TURN_3() -> None:
    """Requests fulfilled per player as the log has them, dailies as the companies count
    them (FX-DAILY-1), and every worker placed once, under its card's action type."""
    for players, seed in ((3, 1), (5, 2)):
        match, log = played(players, seed)
        s = match.state
        charts = {c["title"]: c for c in GAME.summary(s, log, "en")["charts"]}
        requests, dailies = charts["Requests fulfilled"]["series"]
        assert requests["values"] == [
            sum(1 for e in log if e.kind == "fulfil" and e.data["player"] == p)
            for p in range(players)
        ]
        assert dailies["values"] == s.dailies_done  # turned back each round, counted here
        placed = charts["Workers placed by action"]["series"]
        assert [series["name"] for series in placed] == ["Fulfil requests", "Transport", "Improve"]
        per_player = [sum(series["values"][p] for series in placed) for p in range(players)]
        assert per_player == [
            sum(1 for e in log if e.kind == "place" and e.data["player"] == p)
            for p in range(players)
        ]
        assert sum(placed[1]["values"]) == sum(
            1 for e in log if e.kind == "place" and GAME.view(s, None)["action_cards"][
                e.data["card"]]["type"] == 1
        )  # fmt: skip
        assert len(charts["VP at the settlements"]["labels"]) == 2
    ja = GAME.summary(s, log, "ja")
    assert [c["title"] for c in ja["charts"]] == [
        "決算時の得点", "達成した依頼", "ワーカーを置いたアクション"
    ]  # fmt: skip
