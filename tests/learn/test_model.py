"""Model files: a good one loads and plays; broken ones are refused with a ModelError that
names the problem (six kinds), never a traceback."""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from kaido.core.errors import ModelError
from kaido.learn.model import Network, load_model, read_network
from tests.core.tiny_game import TINY, TinyGame
from tests.learn.helpers import random_model

OPTIONS = TINY.make_options(players=2)


def rewrite(path: Path, change: Callable[[dict, dict], None]) -> Path:
    """The model in `path` with its header and arrays changed by `change`, saved beside."""
    network = read_network(path)
    header, arrays = json.loads(json.dumps(network.header)), dict(network.arrays)
    change(header, arrays)
    broken = path.with_name("broken.npz")
    buffer = io.BytesIO()
    np.savez_compressed(buffer, header=np.array(json.dumps(header)), **arrays)
    broken.write_bytes(buffer.getvalue())
    return broken


@pytest.fixture
def good(tmp_path: Path) -> Path:
    return random_model(TINY, 2, tmp_path / "good.npz")


def test_a_good_model_loads_and_gives_a_policy_and_shares_of_a_win(good: Path) -> None:
    model = load_model(str(good), TINY, OPTIONS)
    state = TINY.setup(OPTIONS, 3)
    TINY.apply(state, TINY.legal_actions(state)[0])
    legal = TINY.legal_actions(state)
    policy, values = model.evaluate(state, TINY.to_move(state), legal)
    assert policy.shape == (len(legal),) and abs(policy.sum() - 1) < 1e-5
    assert len(values) == 2 and abs(sum(values) - 1) < 1e-5
    assert load_model(str(good), TINY, OPTIONS) is model  # loaded once


def test_not_a_model_file_or_a_truncated_one_is_refused(good: Path, tmp_path: Path) -> None:
    text = tmp_path / "notes.npz"
    text.write_text("hello")
    with pytest.raises(ModelError, match=r"notes\.npz: not a Kaido model file"):
        read_network(text)
    cut = tmp_path / "cut.npz"
    cut.write_bytes(good.read_bytes()[: good.stat().st_size // 2])
    with pytest.raises(ModelError, match=r"cut\.npz: not a Kaido model file"):
        read_network(cut)
    plain = tmp_path / "plain.npz"
    np.savez(plain, weights=np.zeros(3))
    with pytest.raises(ModelError, match=r"plain\.npz: not a Kaido model file \(no header\)"):
        read_network(plain)
    with pytest.raises(ModelError, match="no such model file"):
        read_network(tmp_path / "absent.npz")


def test_another_format_version_is_refused(good: Path) -> None:
    broken = rewrite(good, lambda header, _: header.update(version=7))
    with pytest.raises(ModelError, match="model format version 7; this Kaido reads version 2"):
        read_network(broken)


def test_a_value_over_the_evaluation_adds_the_weighted_evaluation(tmp_path: Path) -> None:
    """A model whose value takes the game's evaluation as an input: its value logits are
    the network's plus `value.evaluation` times `evaluate_all`, the seats from the mover."""
    path = random_model(TINY, 2, tmp_path / "over.npz", evaluation=3.0)
    model = load_model(str(path), TINY, OPTIONS)
    state = TINY.setup(OPTIONS, 3)
    for _ in range(7):  # seat 1 to move, the seats' evaluations 0.45 and 0.75
        TINY.apply(state, TINY.legal_actions(state)[-1])
    mover = TINY.to_move(state)
    arrays = model.network.arrays
    h = model.network.hidden_output(model.features(state, mover))
    seats = TINY.evaluate_all(state)
    evaluation = np.array([seats[(mover + k) % 2] for k in range(2)])
    assert mover == 1 and evaluation.tolist() == [0.45, 0.75]
    logits = h @ arrays["value.w"] + arrays["value.b"] + 3.0 * evaluation
    relative = np.exp(logits - logits.max()) / np.exp(logits - logits.max()).sum()
    expected = [relative[(seat - mover) % 2] for seat in range(2)]
    assert np.allclose(model.values(state, mover), expected, atol=1e-6)
    _, values = model.evaluate(state, mover, TINY.legal_actions(state))
    assert np.allclose(values, expected, atol=1e-6)


def test_an_evaluation_input_of_another_version_or_without_its_weight_is_refused(
    good: Path, tmp_path: Path
) -> None:
    over = random_model(TINY, 2, tmp_path / "over.npz", evaluation=1.0)
    broken = rewrite(over, lambda header, _: header.update(evaluation_input=2))
    with pytest.raises(
        ModelError, match="evaluation as input version 2; this Kaido reads version 1"
    ):
        read_network(broken)
    broken = rewrite(over, lambda _, arrays: arrays.pop("value.evaluation"))
    with pytest.raises(ModelError, match=r"the weights 'value\.evaluation' are missing"):
        read_network(broken)
    broken = rewrite(good, lambda _, arrays: arrays.update({"value.evaluation": np.ones(1)}))
    with pytest.raises(ModelError, match=r"unknown arrays \['value.evaluation'\]"):
        read_network(broken)


def test_a_model_of_another_game_or_player_count_is_refused(good: Path) -> None:
    broken = rewrite(good, lambda header, _: header.update(game="catan"))
    with pytest.raises(ModelError, match="trained for the game 'catan', not 'tiny'"):
        load_model(str(broken), TINY, OPTIONS)
    with pytest.raises(ModelError, match="trained for 2 players, not 3"):
        load_model(str(good), TINY, TINY.make_options(players=3))


def test_a_model_of_a_changed_action_table_is_refused(good: Path) -> None:
    class Renamed(TinyGame):
        def __init__(self) -> None:
            super().__init__()
            self.table.actions[-1].kind = "decline"  # same size, another action

    with pytest.raises(ModelError, match="trained for an action table of 22 actions"):
        load_model(str(good), Renamed(), OPTIONS)


def test_a_model_of_another_encoding_is_refused(good: Path) -> None:
    class Encoded(TinyGame):
        def encode(self, state, player):  # type: ignore[no-untyped-def]
            return [len(state.deck), *(sum(bank) for bank in state.banks)]

    with pytest.raises(ModelError, match=r"trained on the encoding .*'hashed'.* now encodes"):
        load_model(str(good), Encoded(), OPTIONS)

    class Viewed(TinyGame):  # the same 1,024 hashed numbers, other values in them
        def view(self, state, player):  # type: ignore[no-untyped-def]
            return {**super().view(state, player), "round": len(state.deck) // 2}

    with pytest.raises(ModelError, match=r"trained on the encoding .*'size': 1024.* now encodes"):
        load_model(str(good), Viewed(), OPTIONS)


def test_missing_misshapen_or_non_finite_weights_are_refused(good: Path) -> None:
    missing = rewrite(good, lambda _, arrays: arrays.pop("value.b"))
    with pytest.raises(ModelError, match=r"the weights 'value\.b' are missing"):
        read_network(missing)
    misshapen = rewrite(good, lambda _, arrays: arrays.update({"policy.w": np.zeros((16, 21))}))
    with pytest.raises(ModelError, match=r"'policy.w' have shape \[16, 21\], .* needs \[16, 22\]"):
        read_network(misshapen)

    def poison(_: dict, arrays: dict) -> None:
        arrays["hidden.0.w"] = arrays["hidden.0.w"].copy()
        arrays["hidden.0.w"][3, 4] = np.nan

    with pytest.raises(ModelError, match=r"'hidden\.0\.w' hold values that are not finite"):
        read_network(rewrite(good, poison))
    no_sizes = rewrite(good, lambda header, _: header.pop("hidden"))
    with pytest.raises(ModelError, match="the header lacks the network's sizes"):
        read_network(no_sizes)
    no_layer = rewrite(good, lambda header, _: header.update(hidden=[]))
    with pytest.raises(ModelError, match="the network has no hidden layer"):
        read_network(no_layer)


def test_a_position_read_by_its_inputs_that_are_not_zero_gives_the_whole_networks_output(
    tmp_path: Path,
) -> None:
    """At play time a model folds the input scaling into the first layer, adds the seat's row
    to its bias and reads only the rows of the inputs that are not zero, and keeps the
    policy's weights an action a row: the same hidden output and policy as the whole
    network's, for every seat."""
    path = random_model(TINY, 2, tmp_path / "scaled.npz")

    def scale_inputs(_: dict, arrays: dict) -> None:
        rng = np.random.default_rng(5)
        size = arrays["input.mean"].shape
        arrays["input.mean"] = rng.normal(size=size).astype(np.float32)
        arrays["input.scale"] = rng.uniform(0.5, 2.0, size=size).astype(np.float32)

    scaled = rewrite(path, scale_inputs)
    network, model = read_network(scaled), load_model(str(scaled), TINY, OPTIONS)
    state = TINY.setup(OPTIONS, 4)
    for _ in range(6):
        for seat in range(2):
            x = model.features(state, seat)
            assert 0 < np.count_nonzero(x) < x.size
            whole = network.hidden_output(x[None])[0]
            assert np.allclose(model.hidden(state, seat), whole, atol=1e-5)
            legal = TINY.legal_actions(state)
            indices = [action.index for action in legal]
            policy = whole @ network.arrays["policy.w"][:, indices]
            policy += network.arrays["policy.b"][indices]
            assert np.allclose(model.policy_logits(state, seat, legal), policy, atol=1e-5)
        TINY.apply(state, TINY.legal_actions(state)[0])


def test_a_model_is_named_by_path_by_shipped_name_or_auto(good: Path) -> None:
    with pytest.raises(ModelError, match="no shipped model 'tiny-2p' \\(shipped models: "):
        load_model("auto", TINY, OPTIONS)
    with pytest.raises(ModelError, match="no shipped model 'nonesuch'"):
        load_model("nonesuch", TINY, OPTIONS)
    assert isinstance(read_network(good), Network)


def test_saving_is_atomic_and_leaves_no_partial_file(good: Path, tmp_path: Path) -> None:
    network = read_network(good)
    network.save(tmp_path / "copy.npz")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy.npz", "good.npz"]
    assert zipfile.is_zipfile(tmp_path / "copy.npz")
    again = read_network(tmp_path / "copy.npz")
    assert all((again.arrays[k] == network.arrays[k]).all() for k in network.arrays)
