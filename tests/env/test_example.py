"""examples/train_policy.py runs end to end on a small game: a learning curve (PNG and
JSON) with a win rate before training and after each evaluation."""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from kaido.games import register, unregister
from tests.core.tiny_game import TINY

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_policy.py"


@pytest.fixture
def tiny_registered() -> Iterator[None]:
    register(TINY)
    yield
    unregister(TINY.id)


def test_the_training_example_draws_its_learning_curve(
    tiny_registered: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = importlib.util.spec_from_file_location("train_policy", EXAMPLE)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    argv = ["tiny", "--episodes", "6", "--eval-every", "3", "--eval-games", "4"]
    results = example.main([*argv, "--out", str(tmp_path)])
    assert (tmp_path / "learning-curve.png").read_bytes().startswith(b"\x89PNG")
    saved = json.loads((tmp_path / "learning-curve.json").read_text())
    assert [episode for episode, _ in saved["curve"]] == [3, 6]
    assert len(saved["rewards"]) == 6 and all(-1 <= r <= 1 for r in saved["rewards"])
    assert 0 <= results["before"]["low"] <= results["before"]["win_rate"] <= 1
    assert "after training" in capsys.readouterr().out
