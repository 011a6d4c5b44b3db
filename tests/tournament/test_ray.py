"""`kaido tournament --ray`: the games played as tasks on a local Ray instance are the
games of the local run."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
import ray

from tests.tournament.test_tournament import REPO, run_cli, stored_games, tournament


@pytest.fixture
def local_ray() -> Iterator[None]:
    """A Ray instance on this machine whose fresh worker processes can import the tests."""
    runtime = {"env_vars": {"PYTHONPATH": str(REPO)}}
    ray.init(include_dashboard=False, runtime_env=runtime, logging_level=logging.WARNING)
    yield
    ray.shutdown()


def test_a_tournament_through_ray_stores_the_records_of_the_local_run(
    local_ray: None, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    local, cluster = str(tmp_path / "local.sqlite3"), str(tmp_path / "ray.sqlite3")
    assert run_cli(capsys, *tournament(local, "--games", "12"))[0] == 0
    # The games run in Ray's worker processes, which know only the games registered there.
    code, _, err = run_cli(capsys, *tournament(cluster, "--games", "12", "--ray", "auto"))
    assert code == 2 and "a game failed on a Ray worker: no game 'tiny'" in err
    extra = ["--games", "12", "--ray", "auto", "--register", "tests.core.tiny_game:TINY"]
    code, out, _ = run_cli(capsys, *tournament(cluster, *extra))
    assert code == 0 and "12 games played now" in out
    expected, got = stored_games(local), stored_games(cluster)
    assert [g.index for g in got] == list(range(12))
    assert [(g.seats, g.seed, g.actions, g.scores, g.ranks) for g in got] == [
        (g.seats, g.seed, g.actions, g.scores, g.ranks) for g in expected
    ]
