"""The whole pipeline on the tiny game, in seconds: self-play by a search, a network
trained on its games (the same data and seed give the same weights), and the trained
policy alone and the search with the model beat the random bot in a fixed-seed gauntlet."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from kaido.learn.iterate import train_apart
from kaido.learn.model import read_network
from kaido.learn.selfplay import SelfPlayPlan, SelfPlayStore, generate, play_selfplay
from kaido.tournament.plan import make_plan
from kaido.tournament.ratings import Played, standings
from kaido.tournament.run import InProcess, play, play_missing
from kaido.tournament.store import TournamentStore, database_url
from tests.core.tiny_game import TINY
from tests.learn.conftest import TINY_PLUGIN

OPTIONS = TINY.make_options(players=2)
SETTINGS = {"hidden": [32, 32], "epochs": 8, "batch": 64}


def gauntlet(db: Path, bot: str, games: int = 120) -> tuple[float, float]:
    """`bot`'s win rate against the random bot, and its 95% interval's lower end."""
    plan = make_plan(TINY, OPTIONS, [bot, "random"], "gauntlet", seed=123)
    store = TournamentStore(database_url(str(db)))
    try:
        tournament = store.open(plan, bot, plan.rounds_for(games) * len(plan.seatings()))
        play_missing(store, tournament, InProcess(play))
        played = [Played(g.seats, g.scores, g.ranks) for g in store.games(tournament)]
    finally:
        store.close()
    row = next(r for r in standings(plan.bots, 2, played).bots if r.bot == bot)
    return row.win_rate, row.win_interval[0]


def test_self_play_then_training_gives_a_bot_that_beats_random(
    tiny_registered: None, tmp_path: Path
) -> None:
    folder = tmp_path / "data"
    plan = SelfPlayPlan("tiny", OPTIONS, ("mcts:iterations=40:worlds=1",) * 2, 60, seed=1)
    generate(SelfPlayStore(folder), plan, InProcess(play_selfplay))

    first, second = tmp_path / "first.npz", tmp_path / "second.npz"
    report = train_apart([str(folder)], str(first), SETTINGS, 7, {"note": "test"}, [TINY_PLUGIN])
    train_apart([str(folder)], str(second), SETTINGS, 7, {}, [TINY_PLUGIN])
    a, b = read_network(first), read_network(second)
    assert all(np.array_equal(a.arrays[k], b.arrays[k]) for k in a.arrays)  # same seed, same net
    assert report["games"] == 60 and report["held_out_games"] == 6
    assert a.header["trained"]["note"] == "test" and a.header["game"] == "tiny"
    epochs = report["epochs"]
    assert epochs[-1]["train_loss"] < epochs[0]["train_loss"]

    policy_rate, policy_low = gauntlet(tmp_path / "t.sqlite3", f"policy:model={first}")
    search = f"mcts:iterations=20:worlds=1:model={first}"
    search_rate, search_low = gauntlet(tmp_path / "t.sqlite3", search)
    assert policy_low > 0.5, policy_rate
    assert search_low > 0.5, search_rate
