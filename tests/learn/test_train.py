"""Training settings on the tiny game's self-play data."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from kaido.games import get_game
from kaido.learn.model import Features
from kaido.learn.selfplay import Dataset, SelfPlayPlan, play_selfplay
from kaido.learn.train import TrainSettings, train
from tests.core.tiny_game import TINY

OPTIONS = TINY.make_options(players=2)


def test_a_value_only_fit_ignores_the_policy_targets(tiny_registered: None) -> None:
    """`policy_weight` 0 fits the value head alone: other policy targets (the same games,
    the same results) give the same value weights, and the kept epoch is the held-out value
    loss's best."""
    plan = SelfPlayPlan("tiny", OPTIONS, ("random", "random"), 20, seed=3)
    games = [play_selfplay(plan.job(i)) for i in range(20)]
    reversed_targets = [replace(g, targets=g.targets[::-1].copy()) for g in games]
    header = Features(TINY, OPTIONS).header(get_game("tiny"), OPTIONS)
    settings = TrainSettings(hidden=(16,), epochs=3, batch=32, policy_weight=0.0)
    a, report = train(Dataset.join(games), header, settings)
    b, _ = train(Dataset.join(reversed_targets), header, settings)
    for key in ("hidden.0.w", "value.w", "value.b"):
        assert np.array_equal(a.arrays[key], b.arrays[key])
    held = [row["held_out_value_loss"] for row in report["epochs"]]
    assert report["kept_epoch"] == 1 + int(np.argmin(held))
    c, _ = train(Dataset.join(reversed_targets), header, replace(settings, policy_weight=1.0))
    assert not np.array_equal(a.arrays["value.w"], c.arrays["value.w"])
