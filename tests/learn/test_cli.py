"""`kaido train` and `kaido selfplay` from the command line: their help, and a tiny run of
expert iteration that writes its models, its curve as JSON and PNG, and goes on (doing
nothing more) when run again with the same settings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kaido.cli.main import main
from tests.learn.conftest import TINY_PLUGIN


@pytest.mark.parametrize("command", ["train", "selfplay"])
def test_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit:
        main([command, "--help"])
    assert exit.value.code == 0
    out = capsys.readouterr().out
    assert "--jobs" in out and "--ray" in out and "--out" in out


def train(out: Path, *extra: str) -> list[str]:
    return [
        "train", "tiny", "--register", TINY_PLUGIN, "--players", "2", "--iterations", "1",
        "--games", "8", "--search", "mcts:iterations=10:worlds=1", "--gauntlet", "4",
        "--hidden", "8", "--epochs", "2", "--out", str(out), *extra,
    ]  # fmt: skip


def test_a_tiny_training_run_writes_its_model_and_curve_and_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    assert main(train(out)) == 0
    printed = capsys.readouterr().out
    assert "tiny, 2 players: against random" in printed
    progress = json.loads((out / "progress.json").read_text())
    assert [r["iteration"] for r in progress] == [0, 1]
    first = progress[1]
    assert first["selfplay"] == "mcts:iterations=10:worlds=1"  # the bootstrap: no heuristic
    assert first["gauntlet"]["games"] == 4 and (out / first["model"]).exists()
    assert len(list((out / "data" / "iter-01" / "games").glob("game-*.npz"))) == 8
    curve = json.loads((out / "curve.json").read_text())
    assert curve["against"] == "random" and curve["parity"] == 0.5
    assert [row["iteration"] for row in curve["iterations"]] == [0, 1]
    assert (out / "curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    assert main(train(out)) == 0  # everything is there: nothing is played or trained again
    assert json.loads((out / "progress.json").read_text()) == progress
    capsys.readouterr()
    assert main(train(out, "--games", "9")) == 2
    assert "holds a training run with other settings (games was 8, now 9)" in (
        capsys.readouterr().err
    )
