"""Trained networks as files, checked on load, and their use at play time in numpy alone.

A model is one `.npz` file: the weights, and a JSON header (`header`) saying what they are
for and where they came from:

    {"format": "kaido-model", "version": 2, "game": "russian_railroads", "players": 4,
     "options": {...}, "encoding": {"kind": "hashed", "size": 1024}, "inputs": 1028,
     "actions": {"size": 378, "fingerprint": "..."}, "hidden": [256, 256],
     "arrays": {"hidden.0.w": [1028, 256], ...}, "trained": {...provenance...}}

The network is a small MLP over the seat's encoding (`kaido.core.encoding`) followed by a
one-hot of the seat: ReLU hidden layers, then a policy head (a logit for every action of
the game's action table, a softmax over the legal ones) and a value head (a logit per
seat counted from the seat to move, itself first, as the games' encodings count them; a
softmax over the seats: each seat's share of a win, which always sum to one, as
`Result.win_shares` do).

A model may take the game's own evaluation as an input of its value head (header
`"evaluation_input": 1`, the array `value.evaluation`): its value logits are then the
network's plus `value.evaluation` times `Game.evaluate_all` of the position, the seats
counted from the mover, so the network learns what the hand-written evaluation misses.

A model is refused with a `ModelError` naming the problem when the file is not a model, is
of another format version or evaluation input, was trained for another game or player
count, or for an action table or an encoding that has since changed, or holds weights of
the wrong shape or that are not finite numbers.
"""

from __future__ import annotations

import functools
import hashlib
import io
import json
import math
import os
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from threadpoolctl import threadpool_limits

from kaido.core.actions import Action, ActionTable
from kaido.core.encoding import Encoder
from kaido.core.errors import ModelError
from kaido.core.game import Game
from kaido.core.options import Options

FORMAT = "kaido-model"
VERSION = 2
"""2: the value head counts the seats from the seat to move (1 counted them from seat 0)."""
EVALUATION_INPUT = 1
"""The header's `evaluation_input` of a value head over the game's evaluation (1: the
value logits add `value.evaluation` times `evaluate_all` of the position, the seats counted
from the mover); absent (0) in a network of the encoding alone."""
SHIPPED = Path(__file__).parent / "models"
"""The models shipped in the package: `GAME-Np.npz`, the one `model=auto` plays."""
AUTO = "auto"
NONE = "none"


def table_fingerprint(table: ActionTable) -> str:
    """A short hash of every action's JSON form in order: a model's policy head is only
    meaningful for the action table it was trained on."""
    text = json.dumps([action.to_json() for action in table], separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def array_shapes(
    inputs: int, hidden: Sequence[int], actions: int, players: int, evaluation: bool = False
) -> dict[str, list[int]]:
    """Every weight array of a network and its shape, in order; with `evaluation`, the
    value head's weight of the game's evaluation too."""
    shapes: dict[str, list[int]] = {"input.mean": [inputs], "input.scale": [inputs]}
    width = inputs
    for k, size in enumerate(hidden):
        shapes[f"hidden.{k}.w"] = [width, size]
        shapes[f"hidden.{k}.b"] = [size]
        width = size
    shapes |= {"policy.w": [width, actions], "policy.b": [actions]}
    shapes |= {"value.w": [width, players], "value.b": [players]}
    if evaluation:
        shapes["value.evaluation"] = [1]
    return shapes


@dataclass(frozen=True)
class Network:
    """A network's header and weights (float32 arrays named as `array_shapes` says)."""

    header: dict[str, Any]
    arrays: dict[str, np.ndarray]

    @classmethod
    def initial(cls, header: dict[str, Any], hidden: Sequence[int], seed: int) -> Network:
        """A network of random weights for `header` (what `Features.header` gives): He's
        initialisation for the hidden layers, small heads, no input scaling yet."""
        rng = np.random.default_rng(seed)
        players, actions = int(header["players"]), int(header["actions"]["size"])
        evaluation = bool(header.get("evaluation_input"))
        shapes = array_shapes(int(header["inputs"]), hidden, actions, players, evaluation)
        arrays: dict[str, np.ndarray] = {}
        for key, shape in shapes.items():
            if key == "input.scale":
                arrays[key] = np.ones(shape, dtype=np.float32)
            elif key.endswith(".w"):
                spread = np.sqrt(2.0 / shape[0]) * (1.0 if key.startswith("hidden") else 0.1)
                arrays[key] = (rng.standard_normal(shape) * spread).astype(np.float32)
            else:
                arrays[key] = np.zeros(shape, dtype=np.float32)
        return cls({**header, "hidden": list(hidden), "arrays": shapes}, arrays)

    @property
    def hidden(self) -> int:
        return len(self.header["hidden"])

    def hidden_output(self, x: np.ndarray) -> np.ndarray:
        """The last hidden layer's output for inputs `x` (one row per position)."""
        a = self.arrays
        h = (x - a["input.mean"]) * a["input.scale"]
        for k in range(self.hidden):
            h = np.maximum(h @ a[f"hidden.{k}.w"] + a[f"hidden.{k}.b"], 0.0)
        return h

    def save(self, path: Path, half: bool = False) -> None:
        """Write the model file atomically (a reader never sees half a file); with `half`,
        the weight matrices as float16, half the size (a shipped model; the input scaling
        and biases stay float32), read back as float32."""
        buffer = io.BytesIO()
        header = np.array(json.dumps(self.header, sort_keys=True))
        arrays: dict[str, Any] = {"header": header}
        for key, array in self.arrays.items():
            arrays[key] = array.astype(np.float16) if half and array.ndim == 2 else array
        np.savez_compressed(buffer, **arrays)
        write_atomically(path, buffer.getvalue())


def write_atomically(path: Path, data: bytes) -> None:
    """`data` into `path` by a rename, synced first: the file is whole or absent."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    with open(partial, "wb") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())
    os.replace(partial, path)


def read_network(path: Path) -> Network:
    """The network in `path`, checked for what a file alone can show: a model file of this
    format version whose weights have the shapes its header says and are finite."""
    name = path.name
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {key: data[key] for key in data.files}
    except FileNotFoundError:
        raise ModelError(f"{path}: no such model file") from None
    except (OSError, ValueError, EOFError, zipfile.BadZipFile) as error:
        raise ModelError(f"{name}: not a Kaido model file (an .npz archive): {error}") from None
    header = _header(name, arrays.pop("header", None))
    version = header.get("version")
    if version != VERSION:
        raise ModelError(
            f"{name}: model format version {version}; this Kaido reads version {VERSION} "
            "(train the model again with `kaido train`)"
        )
    evaluation = header.get("evaluation_input", 0)
    if evaluation not in (0, EVALUATION_INPUT):
        raise ModelError(
            f"{name}: its value takes the game's evaluation as input version {evaluation}; "
            f"this Kaido reads version {EVALUATION_INPUT} (train the model again)"
        )
    try:
        shapes = array_shapes(
            int(header["inputs"]),
            [int(size) for size in header["hidden"]],
            int(header["actions"]["size"]),
            int(header["players"]),
            evaluation == EVALUATION_INPUT,
        )
    except (KeyError, TypeError, ValueError) as error:
        raise ModelError(f"{name}: the header lacks the network's sizes ({error!r})") from None
    if not header["hidden"]:
        raise ModelError(f"{name}: the network has no hidden layer")
    for key, shape in shapes.items():
        if key not in arrays:
            raise ModelError(f"{name}: the weights {key!r} are missing")
        if list(arrays[key].shape) != shape:
            raise ModelError(
                f"{name}: the weights {key!r} have shape {list(arrays[key].shape)}, "
                f"the header's network needs {shape}"
            )
        if not np.all(np.isfinite(arrays[key])):
            raise ModelError(f"{name}: the weights {key!r} hold values that are not finite")
    extra = sorted(set(arrays) - set(shapes))
    if extra:
        raise ModelError(f"{name}: unknown arrays {extra} beside the network's weights")
    return Network(header, {key: arrays[key].astype(np.float32) for key in shapes})


def _header(name: str, value: np.ndarray | None) -> dict[str, Any]:
    if value is None or value.shape != () or value.dtype.kind != "U":
        raise ModelError(f"{name}: not a Kaido model file (no header)")
    try:
        header = json.loads(str(value))
    except json.JSONDecodeError:
        raise ModelError(f"{name}: not a Kaido model file (its header is not JSON)") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise ModelError(f"{name}: not a Kaido model file (its header is no {FORMAT!r})")
    return header


class Model:
    """A network checked against a game with fixed options, and what it says of a position:
    a prior over the legal actions and each seat's share of a win."""

    def __init__(self, network: Network, game: Game[Any], options: Options, name: str) -> None:
        self.network = network
        self.game = game
        self.players = int(options["players"])
        self.features = Features(game, options)
        _check(network.header, game, options, self.features, name)
        # The policy's weights an action a row, so the legal actions' rows are read whole.
        self._policy_rows = np.ascontiguousarray(network.arrays["policy.w"].T)
        self._policy_b = network.arrays["policy.b"]
        self._value_w = network.arrays["value.w"]
        self._value_b = network.arrays["value.b"]
        evaluation_w = network.arrays.get("value.evaluation")
        self._evaluation_w = None if evaluation_w is None else float(evaluation_w[0])
        (first_w, first_b), *self._rest = folded_layers(network)
        # The seat's one-hot, the inputs' last, reads one row of the first layer: that row
        # is added to the bias here, once, rather than found among the inputs every call.
        encoded = self.features.encoder.size
        self._first_w = first_w[:encoded]
        self._seat_b = first_b + first_w[encoded:]
        # One position at a time: BLAS's threads only wait on each other for vectors this
        # small (a Cargo Empire leaf took twice as long with two), so they go for the process.
        threadpool_limits(1, user_api="blas")

    def hidden(self, state: Any, player: int) -> np.ndarray:
        """The last hidden layer for `player`'s view of `state`. Only the first layer's rows
        of the inputs that are not zero are read (a sixth of them in the games' encodings,
        whose one-hots are mostly zeros): the search calls this at every leaf, and reading
        the whole first layer was most of a Cargo Empire leaf's time."""
        x = self.features.encoder(state, player)
        nonzero = np.flatnonzero(x)
        h = x[nonzero] @ self._first_w[nonzero]
        h += self._seat_b[player]
        np.maximum(h, 0.0, out=h)
        for w, b in self._rest:
            h = h @ w
            h += b
            np.maximum(h, 0.0, out=h)
        return h

    def evaluate(
        self, state: Any, player: int, legal: Sequence[Action]
    ) -> tuple[np.ndarray, list[float]]:
        """The policy over `legal` (probabilities in their order) and every seat's share of
        a win, as `player` sees `state`."""
        h = self.hidden(state, player)
        return softmax(self._logits(h, legal)), self._values(h, state, player)

    def values(
        self, state: Any, player: int, evaluation: Sequence[float] | None = None
    ) -> list[float]:
        """Every seat's share of a win, as `player` sees `state` (the value head alone);
        `evaluation` is `Game.evaluate_all(state)` when the caller has it already."""
        return self._values(self.hidden(state, player), state, player, evaluation)

    def _values(
        self, h: np.ndarray, state: Any, player: int, evaluation: Sequence[float] | None = None
    ) -> list[float]:
        # A handful of seats: plain floats cost less than numpy's calls on so few.
        logits: list[float] = (h @ self._value_w + self._value_b).tolist()
        players = self.players
        if self._evaluation_w is not None:
            seats = self.game.evaluate_all(state) if evaluation is None else evaluation
            weight = self._evaluation_w
            logits = [logits[k] + weight * seats[(player + k) % players] for k in range(players)]
        top = max(logits)
        shares = [math.exp(logit - top) for logit in logits]
        total = sum(shares)
        return [shares[(seat - player) % players] / total for seat in range(players)]

    def policy_logits(self, state: Any, player: int, legal: Sequence[Action]) -> np.ndarray:
        """The policy's scores of the `legal` actions (larger is better)."""
        return self._logits(self.hidden(state, player), legal)

    def _logits(self, h: np.ndarray, legal: Sequence[Action]) -> np.ndarray:
        indices = [action.index for action in legal]
        result: np.ndarray = self._policy_rows[indices] @ h + self._policy_b[indices]
        return result


def folded_layers(network: Network) -> list[tuple[np.ndarray, np.ndarray]]:
    """The hidden layers' weights and biases, the input scaling folded into the first
    ((x - mean) * scale) @ W + b = x @ (scale * W) + (b - (mean * scale) @ W), so an input
    of zero reads nothing."""
    a = network.arrays
    first_w, first_b = a["hidden.0.w"], a["hidden.0.b"]
    folded_w = (first_w * a["input.scale"][:, None]).astype(np.float32)
    folded_b = (first_b - (a["input.mean"] * a["input.scale"]) @ first_w).astype(np.float32)
    rest = [(a[f"hidden.{k}.w"], a[f"hidden.{k}.b"]) for k in range(1, network.hidden)]
    return [(folded_w, folded_b), *rest]


def softmax(logits: np.ndarray) -> np.ndarray:
    shifted = np.exp(logits - logits.max())
    result: np.ndarray = shifted / shifted.sum()
    return result


class Features:
    """A network's input for one game with fixed options: the seat's encoding (the game's
    own, else its hashed view) and a one-hot of the seat."""

    def __init__(self, game: Game[Any], options: Options) -> None:
        self.options = options
        self.encoder = Encoder(game, game.setup(options, 0))
        self.players = int(options["players"])
        self.size = self.encoder.size + self.players
        self.table = game.action_table(options)

    @functools.cached_property
    def encoding(self) -> dict[str, Any]:
        """What the encoding is: the game's own or the hashed view, its size, and a hash of
        what it gives for a few positions (an encoding that changed at the same size)."""
        kind = "hashed" if self.encoder.hashed else "game"
        return {"kind": kind, "size": self.encoder.size, "fingerprint": self._fingerprint()}

    def _fingerprint(self) -> str:
        """The encodings of every seat at the start of a seeded game and after 30 seeded
        random moves, rounded (a last bit of a logarithm may differ between machines)."""
        game, options = self.encoder.game, self.options
        state = game.setup(options, 0)
        digest = hashlib.sha256()
        for move in range(31):
            if move % 30 == 0:
                for seat in range(self.players):
                    digest.update(np.round(self.encoder(state, seat), 3).tobytes())
            legal = game.legal_actions(state)
            if not legal:
                break
            game.apply(state, legal[(move * 7919) % len(legal)], trusted=True)
        return digest.hexdigest()[:16]

    def __call__(self, state: Any, player: int) -> np.ndarray:
        seat = np.zeros(self.players, dtype=np.float32)
        seat[player] = 1.0
        return np.concatenate([self.encoder(state, player), seat])

    def header(self, game: Game[Any], options: Options) -> dict[str, Any]:
        """What a model trained on these features is for (the checked part of its header)."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": game.id,
            "rules_version": game.rules_version,
            "players": self.players,
            "options": dict(options),
            "encoding": self.encoding,
            "inputs": self.size,
            "actions": {"size": len(self.table), "fingerprint": table_fingerprint(self.table)},
        }


def _check(
    header: Mapping[str, Any], game: Game[Any], options: Options, features: Features, name: str
) -> None:
    """Raise a ModelError unless the model was trained for this game, player count, action
    table and encoding."""
    if header.get("game") != game.id:
        raise ModelError(f"{name}: trained for the game {header.get('game')!r}, not {game.id!r}")
    if header.get("players") != features.players:
        raise ModelError(
            f"{name}: trained for {header.get('players')} players, not {features.players}"
        )
    actions = header.get("actions", {})
    table = features.table
    if actions.get("size") != len(table) or actions.get("fingerprint") != table_fingerprint(table):
        raise ModelError(
            f"{name}: trained for an action table of {actions.get('size')} actions "
            f"(fingerprint {actions.get('fingerprint')}); {game.id}'s is now {len(table)} "
            f"actions ({table_fingerprint(table)}): the game's actions changed, train again"
        )
    encoding = header.get("encoding")
    if encoding != features.encoding:
        raise ModelError(
            f"{name}: trained on the encoding {encoding}; {game.id} now encodes "
            f"{features.encoding}: train again"
        )


def shipped_name(game: Game[Any], options: Options, value: bool = False) -> str:
    """The shipped model `auto` names for this game and player count: `GAME-Np`, whose
    policy and value the `policy` bot and `model=` play, or `GAME-Np-value`, a value over
    the game's evaluation for `value=` (`mcts:value=auto`)."""
    return f"{game.id}-{options['players']}p" + ("-value" if value else "")


def model_path(name: str, game: Game[Any], options: Options, value: bool = False) -> Path:
    """The file a model setting names: `auto` (the shipped model for this game and player
    count, its value model with `value`), a shipped model's name (`russian_railroads-4p`),
    or a path to a file."""
    if name == AUTO:
        name = shipped_name(game, options, value)
    if "/" in name or name.endswith(".npz"):
        return Path(name).expanduser()
    path = SHIPPED / f"{name}.npz"
    if not path.exists():
        shipped = ", ".join(sorted(p.stem for p in SHIPPED.glob("*.npz"))) or "none"
        raise ModelError(f"no shipped model {name!r} (shipped models: {shipped})")
    return path


_loaded: dict[tuple[str, float, str, str], Model] = {}


def load_model(name: str, game: Game[Any], options: Options, value: bool = False) -> Model:
    """The model `name` (see `model_path`) checked for `game` with `options`; loaded once
    per process and file version (a server plays many games with one model)."""
    path = model_path(name, game, options, value)
    try:
        stamp = path.stat().st_mtime
    except OSError:
        raise ModelError(f"{path}: no such model file") from None
    key = (str(path.resolve()), stamp, game.id, json.dumps(dict(options), sort_keys=True))
    model = _loaded.get(key)
    if model is None:
        model = _loaded[key] = Model(read_network(path), game, options, path.name)
    return model


def find_model(name: str, game: Game[Any], options: Options, value: bool = False) -> Model | None:
    """The model a search's setting names (`value`: `value=`'s); for `auto`, None where no
    such model is shipped for the game and player count (the search goes on without one: a
    game's strong level may name `auto` whatever the player count)."""
    if name == AUTO and not (SHIPPED / f"{shipped_name(game, options, value)}.npz").exists():
        return None
    return load_model(name, game, options, value)
