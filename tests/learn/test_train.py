"""Training settings on the tiny game's self-play data: a value-only fit, imitating the
winning seats only (`winners`), and models saved in half precision for shipping."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np

from kaido.games import get_game
from kaido.learn.model import Features, Model, read_network
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


def split_games(games: int) -> Dataset:
    """`games` games of one decision each between the same two moves from the same
    position: the winner (seat 0 in one game in four) played action 1, the loser action 0,
    so three movers in four played 0 and lost."""
    features = Features(TINY, OPTIONS)
    state = TINY.setup(OPTIONS, 2)
    TINY.apply(state, TINY.legal_actions(state)[0])
    row = features(state, TINY.to_move(state))
    legal = np.array([a.index for a in TINY.legal_actions(state)][:2], dtype=np.int32)
    won = np.arange(games) % 4 == 0
    targets = np.where(won[:, None], [[0.0, 1.0]], [[1.0, 0.0]]).astype(np.float32)
    return Dataset(
        features=np.repeat(row[None, :], games, axis=0),
        offsets=np.arange(games + 1, dtype=np.int64) * 2,
        legal=np.tile(legal, games),
        targets=targets.reshape(-1),
        shares=np.where(won[:, None], [[1.0, 0.0]], [[0.0, 1.0]]).astype(np.float32),
        games=np.arange(games),
    )


def test_winners_imitates_the_seats_that_won_and_plain_imitation_the_majority(
    tmp_path: Path,
) -> None:
    dataset = split_games(200)
    header = Features(TINY, OPTIONS).header(TINY, OPTIONS)
    state = TINY.setup(OPTIONS, 2)
    TINY.apply(state, TINY.legal_actions(state)[0])
    legal = TINY.legal_actions(state)[:2]
    favourite = {}
    for winners in (False, True):
        settings = TrainSettings(hidden=(8,), epochs=30, batch=32, winners=winners, holdout=1000)
        network, report = train(dataset, header, settings)
        assert report["settings"]["winners"] is winners
        path = tmp_path / f"{winners}.npz"
        network.save(path)
        model = Model(read_network(path), TINY, OPTIONS, path.name)
        favourite[winners] = int(np.argmax(model.policy_logits(state, TINY.to_move(state), legal)))
    assert favourite == {False: 0, True: 1}


def test_a_model_saved_in_half_precision_is_smaller_and_plays_alike(tmp_path: Path) -> None:
    header = Features(TINY, OPTIONS).header(TINY, OPTIONS)
    network, _ = train(split_games(40), header, TrainSettings(hidden=(64, 64), epochs=2))
    network.save(tmp_path / "full.npz")
    network.save(tmp_path / "half.npz", half=True)
    full, half = read_network(tmp_path / "full.npz"), read_network(tmp_path / "half.npz")
    assert (tmp_path / "half.npz").stat().st_size < (tmp_path / "full.npz").stat().st_size
    for key, array in full.arrays.items():
        assert half.arrays[key].dtype == np.float32
        if array.ndim == 1:  # input scaling and biases stay float32
            assert np.array_equal(half.arrays[key], array), key
        else:
            assert np.allclose(half.arrays[key], array, rtol=1e-3, atol=1e-4), key
