"""Self-play data: what a decision stores, and a run killed with SIGKILL goes on to exactly
the planned games, each whole, none played twice."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from kaido.agents import make_agent
from kaido.core.errors import KaidoError
from kaido.learn.selfplay import (
    Dataset,
    GameData,
    SelfPlayPlan,
    SelfPlayStore,
    decision_target,
    generate,
    play_selfplay,
    recorded_game,
)
from kaido.tournament.plan import PlannedGame
from kaido.tournament.run import GameJob, InProcess, play
from tests.core.tiny_game import TINY
from tests.learn.conftest import TINY_PLUGIN

REPO = Path(__file__).resolve().parents[2]
OPTIONS = TINY.make_options(players=2)


def test_a_decision_stores_the_search_visits_the_move_played_or_no_target() -> None:
    state = TINY.setup(OPTIONS, 5)
    TINY.apply(state, TINY.legal_actions(state)[0])
    legal = TINY.legal_actions(state)
    search = make_agent("mcts:iterations=30:worlds=1", TINY, 1)
    played = search.choose(TINY, state)
    target = decision_target(search, legal, played)
    assert abs(sum(target) - 1) < 1e-9
    visits = search.visits  # type: ignore[attr-defined]
    assert target == [visits[a.index] / sum(visits.values()) for a in legal]
    random = make_agent("random", TINY, 1)
    played = random.choose(TINY, state)
    assert decision_target(random, legal, played) == [float(a == played) for a in legal]
    noisy = make_agent("random:noise=1", TINY, 1)
    assert decision_target(noisy, legal, noisy.choose(TINY, state)) == [0.0] * len(legal)


def test_a_game_keeps_every_choice_and_each_seats_share_of_a_win(tiny_registered: None) -> None:
    plan = SelfPlayPlan("tiny", OPTIONS, ("mcts:iterations=20", "random"), 2, seed=4)
    data = play_selfplay(plan.job(1))
    assert data.seats == ("random", "mcts:iterations=20") and data.seed == 5
    assert data.features.shape == (data.decisions, 1024 + 2)
    assert (data.features[:, -2:].argmax(axis=1) == data.movers).all()  # the seat one-hot
    assert len(data.offsets) == data.decisions + 1 and data.offsets[-1] == len(data.legal)
    for d in range(data.decisions):
        chosen = data.targets[data.offsets[d] : data.offsets[d + 1]]
        assert len(chosen) > 1 and abs(chosen.sum() - 1) < 1e-5
    assert abs(data.shares.sum() - 1) < 1e-6
    joined = Dataset.join([data])  # the value's targets count the seats from the mover
    for d, mover in enumerate(data.movers):
        assert joined.shares[d].tolist() == [data.shares[(mover + k) % 2] for k in range(2)]
    again = play_selfplay(plan.job(1))
    assert (again.features == data.features).all() and (again.targets == data.targets).all()


def test_a_teacher_labels_the_learners_positions_and_changes_no_move(
    tiny_registered: None,
) -> None:
    """DAgger: with a teacher, the first spec's seats play their own moves (the same game
    as without one), and each of their decisions stores the teacher's search visits there;
    the other seats keep their own targets."""
    seats = ("random", "mcts:iterations=10")
    plain = SelfPlayPlan("tiny", OPTIONS, seats, 4, seed=7)
    taught = replace(plain, teacher="mcts:iterations=60:worlds=1")
    for index in range(4):
        alone, labelled = play_selfplay(plain.job(index)), play_selfplay(taught.job(index))
        assert (labelled.played == alone.played).all()
        assert (labelled.features == alone.features).all()
        learner = labelled.seats.index("random")
        for d, mover in enumerate(labelled.movers):
            rows = slice(labelled.offsets[d], labelled.offsets[d + 1])
            if mover != learner:
                assert (labelled.targets[rows] == alone.targets[rows]).all()
                continue
            visits = labelled.targets[rows]
            assert abs(visits.sum() - 1) < 1e-5
            assert (visits != alone.targets[rows]).any()  # not the random bot's one-hot
        again = play_selfplay(taught.job(index))
        assert (again.targets == labelled.targets).all()  # seeded


def test_a_tournament_game_replays_into_the_data_self_play_keeps(tiny_registered: None) -> None:
    """A game a tournament stored (its seed and actions) gives the decisions self-play
    records for the same seats and seed, each target the move played; actions that do not
    make the game are refused with the game named."""
    seats = ("mcts:iterations=20", "random")
    job = GameJob("tiny", OPTIONS, PlannedGame(3, 0, 7, seats))
    finished = play(job)
    data = recorded_game(TINY, OPTIONS, 3, 7, seats, finished.actions, finished.seconds)
    selfplay = play_selfplay(SelfPlayPlan("tiny", OPTIONS, seats, 1, seed=7).job(0))
    assert data.decisions == selfplay.decisions > 0
    assert (data.features == selfplay.features).all() and (data.played == selfplay.played).all()
    assert (data.movers == selfplay.movers).all() and (data.legal == selfplay.legal).all()
    assert (data.shares == selfplay.shares).all() and data.cpu_seconds == finished.seconds
    for d in range(data.decisions):
        start, end = data.offsets[d], data.offsets[d + 1]
        assert data.legal[start + int(np.argmax(data.targets[start:end]))] == data.played[d]
        assert data.targets[start:end].sum() == 1
    with pytest.raises(KaidoError, match="game 3: its actions end before"):
        recorded_game(TINY, OPTIONS, 3, 7, seats, finished.actions[:-1])
    with pytest.raises(KaidoError, match="game 3: actions left over"):
        recorded_game(TINY, OPTIONS, 3, 7, seats, [*finished.actions, finished.actions[-1]])
    illegal = next(a for a in TINY.action_table(OPTIONS) if a.to_json() != finished.actions[0])
    with pytest.raises(KaidoError, match=r"game 3: .* is not legal"):
        recorded_game(TINY, OPTIONS, 3, 7, seats, [illegal.to_json(), *finished.actions[1:]])


def test_a_folder_holds_one_run(tiny_registered: None, tmp_path: Path) -> None:
    plan = SelfPlayPlan("tiny", OPTIONS, ("random", "random"), 3)
    store = SelfPlayStore(tmp_path)
    assert generate(store, plan, InProcess(play_selfplay)) == 3
    assert generate(store, plan, InProcess(play_selfplay)) == 0
    other = SelfPlayPlan("tiny", OPTIONS, ("random", "greedy"), 3)
    with pytest.raises(KaidoError, match="holds another self-play run \\(seats was"):
        generate(store, other, InProcess(play_selfplay))
    taught = replace(plan, teacher="mcts:iterations=5")
    with pytest.raises(KaidoError, match="\\(teacher was None, now 'mcts:iterations=5'\\)"):
        generate(store, taught, InProcess(play_selfplay))
    assert store.plan() == plan
    assert generate(SelfPlayStore(tmp_path / "taught"), taught, InProcess(play_selfplay)) == 3
    assert SelfPlayStore(tmp_path / "taught").plan() == taught


def test_a_store_reads_its_games_one_at_a_time(tiny_registered: None, tmp_path: Path) -> None:
    """Training reads thousands of games, whose decisions do not fit in memory together:
    the store hands them over in index order, each read only when it is reached."""
    plan = SelfPlayPlan("tiny", OPTIONS, ("random", "random"), 3)
    store = SelfPlayStore(tmp_path)
    generate(store, plan, InProcess(play_selfplay))
    games = store.games()
    assert next(games).index == 0
    store.path(2).unlink()
    assert next(games).index == 1
    with pytest.raises(FileNotFoundError):
        next(games)


GAMES = 24


def start(out: Path) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "kaido.cli.main", "selfplay", "tiny"]
    command += ["--players", "mcts:iterations=80,random", "--games", str(GAMES), "--seed", "9"]
    command += ["--jobs", "2", "--out", str(out), "--register", TINY_PLUGIN]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.Popen(
        command, cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )


def stored(out: Path) -> dict[str, int]:
    """file name -> its modification time, for every stored game."""
    return {p.name: p.stat().st_mtime_ns for p in (out / "games").glob("game-*.npz")}


def test_a_run_killed_with_sigkill_resumes_to_exactly_the_planned_games(
    tiny_registered: None, tmp_path: Path
) -> None:
    out = tmp_path / "data"
    first = start(out)
    deadline = time.monotonic() + 120
    while len(stored(out)) < 4:
        assert first.poll() is None, first.communicate()
        assert time.monotonic() < deadline, "no game was stored"
        time.sleep(0.05)
    workers = [
        int(w) for w in Path(f"/proc/{first.pid}/task/{first.pid}/children").read_text().split()
    ]
    first.send_signal(signal.SIGKILL)
    first.wait(timeout=30)
    while any(Path(f"/proc/{pid}").exists() for pid in workers):
        assert time.monotonic() < deadline + 60, "workers outlived their parent"
        time.sleep(0.1)
    kept = stored(out)
    assert 4 <= len(kept) < GAMES
    for name in kept:  # every stored game is whole
        GameData.read(out / "games" / name)

    second = start(out)
    stdout, stderr = second.communicate(timeout=300)
    assert second.returncode == 0, stderr.decode()
    assert f"{GAMES - len(kept)} games played now" in stdout.decode()
    final = stored(out)
    assert sorted(final) == [f"game-{i:06d}.npz" for i in range(GAMES)]
    assert {name: final[name] for name in kept} == kept  # none played again
    assert not [p for p in (out / "games").iterdir() if not p.name.startswith("game-")]
    store = SelfPlayStore(out)
    plan = store.plan()
    for index in (0, GAMES - 1):
        fresh, saved = play_selfplay(plan.job(index)), GameData.read(store.path(index))
        assert np.array_equal(fresh.targets, saved.targets)
        assert np.array_equal(fresh.features, saved.features)


def _decisions(data: GameData) -> list[tuple[bytes, int, list[int], list[float]]]:
    return [
        (
            data.features[d].tobytes(),
            int(data.movers[d]),
            data.legal[data.offsets[d] : data.offsets[d + 1]].tolist(),
            data.targets[data.offsets[d] : data.offsets[d + 1]].tolist(),
        )
        for d in range(data.decisions)
    ]


def test_a_sample_of_a_game_keeps_whole_decisions_in_order(tiny_registered: None) -> None:
    data = play_selfplay(SelfPlayPlan("tiny", OPTIONS, ("random", "random"), 1).job(0))
    assert data.decisions > 4
    sample = data.sample(4, seed=9)
    assert sample.decisions == 4 and len(sample.offsets) == 5
    assert _decisions(data.sample(4, seed=9)) == _decisions(sample)  # by seed
    assert data.sample(0, seed=9) is data and data.sample(data.decisions, seed=9) is data
    whole, at = _decisions(data), 0
    for decision in _decisions(sample):  # each a decision of the game, in the game's order
        at = whole.index(decision, at) + 1
