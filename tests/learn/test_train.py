"""Training settings on the tiny game's self-play data: a value-only fit, imitating the
winning seats only (`winners`) or one bot's seats (`imitate`), a policy anchored on the
heuristic (`anchor`), over a search's candidates (`candidates`), a value over the game's
evaluation, and models saved in half precision for shipping."""

from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from kaido.core.errors import KaidoError
from kaido.games import get_game
from kaido.learn.model import Features, Model, read_network
from kaido.learn.selfplay import (
    Dataset,
    SelfPlayPlan,
    evaluations,
    heuristic_moves,
    play_selfplay,
    replay,
)
from kaido.learn.train import TrainSettings, calibrate, load_game, train
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


def test_a_value_over_the_evaluation_starts_as_the_calibrated_evaluation(
    tiny_registered: None,
) -> None:
    """With `evaluation`, the games are replayed (noisy bots' random moves too) for the
    game's evaluation at the sampled decisions, and the value head starts as the softmax of
    the evaluation fitted to the training games' results: untrained (a learning rate of
    0), the model forecasts exactly as the calibrated evaluation does."""
    plan = SelfPlayPlan("tiny", OPTIONS, ("random:noise=0.5", "random"), 20, seed=3)
    games = [play_selfplay(plan.job(i)) for i in range(20)]
    untaught = [not g.targets[a:b].any() for g in games for a, b in itertools.pairwise(g.offsets)]
    assert any(untaught)  # a noisy bot's random moves: no policy target
    settings = TrainSettings(hidden=(16,), epochs=1, batch=32, policy_weight=0.0)
    settings = replace(settings, evaluation=True, positions=4, learning_rate=0.0)
    game = get_game("tiny")
    parts = [load_game(g, settings, game, OPTIONS) for g in games]
    dataset = Dataset.join(parts)
    assert dataset.evaluation is not None and dataset.evaluation.shape == (80, 2)
    header = Features(TINY, OPTIONS).header(game, OPTIONS)
    network, _ = train(dataset, header, settings)
    assert network.header["evaluation_input"] == 1
    train_rows = np.flatnonzero(dataset.games % 10 != 9)
    scale, offsets = calibrate(dataset.evaluation[train_rows], dataset.shares[train_rows])
    assert scale > 0 and network.arrays["value.evaluation"].tolist() == [np.float32(scale)]
    model = Model(network, game, OPTIONS, "over")
    states = [(d, s.copy(), m) for d, s, m in replay(game, OPTIONS, games[0], range(3))][:3]
    for decision, state, mover in states:
        seats = game.evaluate_all(state)
        logits = scale * np.array([seats[(mover + k) % 2] for k in range(2)]) + offsets
        forecast = np.exp(logits) / np.exp(logits).sum()
        shares = model.values(state, mover)
        assert np.allclose([shares[mover], shares[1 - mover]], forecast, atol=1e-5), decision
    with pytest.raises(KaidoError, match="decision 0 replays otherwise"):
        evaluations(game, OPTIONS, replace(games[0], seed=games[0].seed + 1), np.arange(2))


def test_imitate_keeps_the_policy_targets_of_one_bots_seats(tiny_registered: None) -> None:
    """With `imitate`, only the decisions of the seats whose spec starts with it keep their
    targets (a search's among a random bot's); every decision stays, for the value."""
    plan = SelfPlayPlan("tiny", OPTIONS, ("mcts:iterations=20", "random"), 2, seed=3)
    data = play_selfplay(plan.job(1))
    kept = load_game(data, TrainSettings(imitate="mcts"))
    assert kept.decisions == data.decisions and (kept.offsets == data.offsets).all()
    searched = {data.seats[m] == "mcts:iterations=20" for m in data.movers}
    assert searched == {True, False}
    for d, mover in enumerate(data.movers):
        start, end = data.offsets[d], data.offsets[d + 1]
        wanted = data.targets[start:end] if data.seats[mover].startswith("mcts") else 0.0
        assert (kept.targets[start:end] == wanted).all(), d
    assert (load_game(data, TrainSettings()).targets == data.targets).all()
    both = load_game(data, TrainSettings(imitate="greedy,mcts"))  # any of several prefixes
    assert (both.targets == kept.targets).all()
    assert not load_game(data, TrainSettings(imitate="greedy,policy")).targets.any()


def test_an_anchored_fit_finds_the_heuristics_moves_by_replaying_the_games() -> None:
    """With `anchor`, loading a game replays it for the move the game's heuristic would
    play at each kept decision, each seat's heuristic seeded as the seat's bot was: in a
    game of heuristic bots, the moves they played."""
    game = get_game("russian_railroads")
    options = game.make_options(players=4)
    plan = SelfPlayPlan(game.id, options, ("heuristic",) * 4, 1, seed=3)
    data = play_selfplay(plan.job(0))
    assert (heuristic_moves(game, options, data, np.arange(data.decisions)) == data.played).all()
    kept = load_game(data, TrainSettings(anchor=2.0), game, options)
    assert kept.heuristic is not None and (kept.heuristic == data.played).all()
    assert load_game(data, TrainSettings()).heuristic is None
    # Both from one replay: the same as each alone.
    both = load_game(data, TrainSettings(anchor=2.0, evaluation=True, positions=6), game, options)
    rows = data.sample_rows(6, 0)
    assert both.heuristic is not None and (both.heuristic == data.played[rows]).all()
    assert both.evaluation is not None
    assert np.array_equal(both.evaluation, evaluations(game, options, data, rows))


def test_candidates_keep_the_moves_a_search_considers_and_the_move_played() -> None:
    """With `candidates`, each kept decision's mask and targets hold only the moves a
    search considers there (`Game.search_actions`), the move played and the heuristic's,
    as the policy bot chooses among them: in Catan, far fewer than the legal moves."""
    game = get_game("catan")
    options = game.make_options(players=4)
    plan = SelfPlayPlan(game.id, options, ("heuristic",) * 4, 1, seed=5)
    data = play_selfplay(plan.job(0))
    rows = data.sample_rows(40, 0)
    kept = load_game(data, TrainSettings(candidates=True, anchor=1.0, positions=40), game, options)
    assert kept.heuristic is not None and kept.decisions == len(rows)
    assert kept.offsets[-1] == len(kept.legal) == len(kept.targets) < data.offsets[-1]
    states = {d: state.copy() for d, state, _ in replay(game, options, data, ())}
    for k, row in enumerate(rows):
        state = states[int(row)]
        legal = game.legal_actions(state)
        expected = {a.index for a in game.search_actions(state, legal)}
        expected |= {int(data.played[row]), int(kept.heuristic[k])}
        moves = kept.legal[kept.offsets[k] : kept.offsets[k + 1]]
        assert set(moves.tolist()) == expected
        targets = kept.targets[kept.offsets[k] : kept.offsets[k + 1]]
        assert targets[moves == data.played[row]] == 1.0 and targets.sum() == 1.0
    assert load_game(data, TrainSettings(positions=40)).offsets[-1] == data.select(rows).offsets[-1]


def test_an_anchored_fit_learns_what_the_heuristic_misses() -> None:
    """The anchored policy's loss counts the anchor at the heuristic's move, as the bot
    plays it: the network's own scores learn the odds the heuristic misses, so where the
    heuristic plays the minority's move they must overcome the anchor too."""
    dataset = split_games(200)
    dataset.heuristic = dataset.legal[1::2].copy()  # the heuristic plays action 1
    header = Features(TINY, OPTIONS).header(TINY, OPTIONS)
    state = TINY.setup(OPTIONS, 2)
    TINY.apply(state, TINY.legal_actions(state)[0])
    legal = TINY.legal_actions(state)[:2]
    gaps = {}
    for anchor in (0.0, 3.0):
        settings = TrainSettings(
            hidden=(8,), epochs=30, batch=32, learning_rate=0.03, anchor=anchor, holdout=1000
        )
        network, report = train(dataset, header, settings)
        assert report["settings"]["anchor"] == anchor
        logits = Model(network, TINY, OPTIONS, "m").policy_logits(state, TINY.to_move(state), legal)
        gaps[anchor] = float(logits[0] - logits[1])
    # three movers in four played action 0: log-odds ln 3, and the anchor on top when fitted
    assert gaps[0.0] == pytest.approx(np.log(3), abs=0.2)
    assert gaps[3.0] == pytest.approx(np.log(3) + 3.0, abs=0.2)
    with pytest.raises(KaidoError, match="needs the heuristic's moves"):
        dataset.heuristic = None
        train(dataset, header, TrainSettings(hidden=(8,), epochs=1, anchor=1.0))


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


def test_a_network_needs_a_hidden_layer_of_positive_width() -> None:
    for hidden in [(), (16, 0)]:
        with pytest.raises(ValueError, match="hidden layers need one or more positive widths"):
            TrainSettings(hidden=hidden)
    assert TrainSettings(hidden=(8,)).hidden == (8,)
