"""The end-of-game summary of every game that has one: its breakdown adds up, row by row,
to each player's score, and its charts have one value per label."""

from __future__ import annotations

import math
from typing import Any

import pytest

from kaido.agents import RandomAgent
from kaido.core.events import Event
from kaido.core.game import Game
from kaido.core.match import Match
from tests.conftest import game_count_params


def played(game: Game[Any], players: int, seed: int) -> tuple[Match, list[Event]]:
    match = Match(game, game.make_options(players=players), seed, keep_history=False)
    agents = [RandomAgent(seed * 7 + p) for p in range(players)]
    log: list[Event] = []
    while not match.is_over:
        action = agents[match.to_move].choose(game, match.state)
        log.extend(match.play(action, narrate=True, trusted=True))
    return match, log


@pytest.mark.parametrize(("game", "players"), game_count_params())
def test_the_breakdown_adds_up_to_the_scores(game: Game[Any], players: int) -> None:
    for seed in range(3):
        match, log = played(game, players, seed)
        summary = game.summary(match.state, log, "en")
        rows = summary["breakdown"]
        if not rows:
            assert game.id == "tiny", "every game but the core's tiny test game has a summary"
            continue
        scores = list(game.result(match.state).scores)
        parts = [sum(row["values"][p] for row in rows[:-1]) for p in range(players)]
        assert parts == rows[-1]["values"] == scores, (seed, rows)
        for other in summary.get("others", []):  # a player no seat plays (a game's bot)
            assert other["name"] and sum(other["values"][:-1]) == other["values"][-1]
            assert len(other["values"]) == len(rows) and other["rank"] >= 1
        for chart in summary["charts"]:
            assert chart["kind"] in ("bars", "lines") and chart["title"]
            for series in chart["series"]:
                assert len(series["values"]) == len(chart["labels"]), chart["title"]


@pytest.mark.parametrize(("game", "players"), game_count_params())
def test_balance_figures_are_numbers_and_say_how_the_winners_scored(
    game: Game[Any], players: int
) -> None:
    """`Game.balance` (for `kaido report`): finite numbers; where the game has a summary,
    the winners' points by category add up to the winners' mean score."""
    match, log = played(game, players, 1)
    figures = game.balance(match.state, log)
    assert all(isinstance(v, int | float) and math.isfinite(v) for v in figures.values())
    result = game.result(match.state)
    winners = [p for p, rank in enumerate(result.ranks) if rank == 1]
    won = sum(v for name, v in figures.items() if name.startswith("winners' points: "))
    if game.summary(match.state, log)["breakdown"] and winners:  # a game's bot may win
        assert won == pytest.approx(sum(result.scores[p] for p in winners) / len(winners))
