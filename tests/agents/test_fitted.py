"""The fitted search evaluation (kaido/agents/fitted.py): its model files are data, checked
on reading, and its values are shares of a win."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kaido.agents.fitted import FittedValue, ModelError, load_model, softmax
from kaido.games.forwarder_of_xanadu.value import VALUE as FORWARDER

VALUES = pytest.mark.parametrize("value", [FORWARDER], ids=lambda v: v.spec.game)


@VALUES
def test_the_shipped_model_fits_the_features_the_code_computes(value: FittedValue) -> None:
    """Each game's data/value.json has a model for every round, on its features."""
    model = load_model(value.spec)
    assert sorted(model) == list(range(1, value.spec.rounds + 1))
    for r in model.values():
        assert len(r.base) == len(r.progress) == len(value.spec.features)
        assert r.temperature > 0


Breakage = Callable[[dict[str, Any]], object]


@VALUES
def test_a_broken_model_file_is_refused_with_what_is_wrong(
    value: FittedValue, tmp_path: Path
) -> None:
    """A file fitted on other features, with a round missing, a weight missing or not a
    number, a bad temperature or no source is refused with a message naming the problem."""
    size = len(value.spec.features)
    good = json.loads(value.spec.path.read_text(encoding="utf-8"))
    cases: dict[str, tuple[Breakage, str]] = {
        "features": (
            lambda d: d["features"].pop(),
            f"refit with scripts/fit_value.py --game {value.spec.game}",
        ),
        "round": (lambda d: d["rounds"].pop("2"), "no model for round 2"),
        "temperature": (
            lambda d: d["rounds"]["1"].update(temperature=0),
            "'temperature' must be a positive number",
        ),
        "weights": (lambda d: d["rounds"]["3"]["base"].pop(), f"'base' needs {size} weights"),
        "number": (
            lambda d: d["rounds"]["3"]["progress"].__setitem__(0, "1"),
            "'progress' holds a non-number",
        ),
        "source": (lambda d: d.pop("source"), "needs a 'source'"),
    }
    for name, (breakage, message) in cases.items():
        data = json.loads(json.dumps(good))
        breakage(data)
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        with pytest.raises(ModelError, match=message):
            load_model(value.spec, path)
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    with pytest.raises(ModelError, match="cannot read the value model"):
        load_model(value.spec, tmp_path / "bad.json")


def test_softmax_gives_shares_in_the_order_of_the_values() -> None:
    """Shares sum to 1, follow the values, and a higher temperature evens them."""
    shares = softmax([10.0, 4.0, 7.0], 3.0)
    assert sum(shares) == pytest.approx(1.0)
    assert shares[0] > shares[2] > shares[1]
    assert softmax([10.0, 4.0, 7.0], 30.0)[0] < shares[0]
