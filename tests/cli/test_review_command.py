"""`kaido review RECORD.json`: the review in the terminal, in English, Japanese or JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kaido.cli.main import main
from kaido.core.records import Replayer
from kaido.games import get_game
from tests.review.games import heuristic_record


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = get_game("catan")
    record = heuristic_record(game, 3, seed=4)
    movers = [step.player for step in Replayer(game, record).steps()]
    record.hints = [[40, movers[40]]]
    path = tmp_path_factory.mktemp("review") / "game.json"
    record.save(path)
    return path


def test_review_prints_the_chances_turning_points_accuracy_and_facts(
    record_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review", str(record_file), "--worlds", "1"]) == 0
    out = capsys.readouterr().out
    for heading in ("Chance of winning", "Turning points", "Accuracy", "Facts"):
        assert heading in out
    assert "red" in out and "robber" in out and "hint taken" in out


def test_review_speaks_japanese_and_json(
    record_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review", str(record_file), "--worlds", "1", "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    assert "転換点" in out and "正確さ" in out and "盗賊" in out
    assert main(["review", str(record_file), "--worlds", "1", "--json"]) == 0
    review = json.loads(capsys.readouterr().out)
    assert review["format"] == "kaido-review" and len(review["decisions"]) > 100
    assert [d["step"] for d in review["decisions"] if d["hinted"]] == [40]


def test_a_broken_record_is_refused_with_a_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "catan", "hints": 3}), encoding="utf-8")
    assert main(["review", str(path)]) == 2
    assert "the record has no" in capsys.readouterr().err
    path.write_text(
        heuristic_record(get_game("catan"), 3, seed=1)
        .dumps()
        .replace('"seed"', '"hints": [[1]], "seed"'),
        encoding="utf-8",
    )
    assert main(["review", str(path)]) == 2
    assert "'hints' must be a list of [step, seat] pairs" in capsys.readouterr().err
