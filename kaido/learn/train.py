"""Fitting a network to self-play data, with JAX's CPU build and optax (the `learn` extra).

The loss is the policy's cross-entropy to the decision's target (a search's visit
distribution, or the move played) under a softmax masked to the legal moves, weighted by
`policy_weight`, plus the value head's cross-entropy to the game's shares of a win (a
softmax over the seats), weighted by `value_weight` (`policy_weight` 0: a value-only fit);
AdamW with a little weight decay. A decision without a target (a noisy bot's random move)
teaches the value alone. With `anchor`, the policy's logits get `anchor` added at the
heuristic's move (as `policy:anchor=` plays), so the network learns where to depart from
the heuristic. With `evaluation`, the value head takes the game's evaluation as
an input (`kaido.learn.model`): its weight and the seats' offsets start from the softmax
of the evaluation that best forecasts the training games' results, the network's value
weights from zero, so the untrained model forecasts as the calibrated evaluation does and
training learns what it misses. One game in ten is held out (by its index) to report how
well the network generalises, and the weights of the epoch that did best on them are kept
(a value head learns each game's result by heart within a few epochs: every decision of a
game has the same target). The weights start from a seeded numpy initialisation and the
batches come in a seeded order, so the same data and settings give the same model on one
machine.

Only this module imports JAX: playing a model needs numpy alone (`kaido.learn.model`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import optax
from scipy.optimize import minimize

from kaido.core.errors import KaidoError
from kaido.core.game import Game
from kaido.games import get_game, register_specs
from kaido.learn.model import EVALUATION_INPUT, Features, Network
from kaido.learn.selfplay import Dataset, GameData, SelfPlayStore, replayed

Params = dict[str, jax.Array]


@dataclass(frozen=True)
class TrainSettings:
    hidden: tuple[int, ...] = (256, 256)
    epochs: int = 20
    batch: int = 256
    learning_rate: float = 1e-3
    weight_decay: float = 0.01
    value_weight: float = 1.0
    policy_weight: float = 1.0
    """0 fits the value head alone (the policy's targets then change nothing else)."""
    holdout: int = 10
    """One game in `holdout` is held out (none with fewer games than this)."""
    positions: int = 0
    """At most this many decisions of each game, drawn at random (0: all of them)."""
    evaluation: bool = False
    """The value head takes the game's evaluation as an input (the dataset's
    `evaluation`, computed by replaying the games: `load_game`)."""
    winners: bool = False
    """Weight each decision's policy loss by its mover's share of the game's win: imitate
    the moves of the seats that won (a share of a tie counts that much), not every seat's;
    the value head still learns from every decision."""
    imitate: str = ""
    """Only the decisions of the seats whose bot spec starts with this, or with any of
    several such prefixes separated by commas, teach the policy (`mcts`: a search's moves
    among heuristic bots'; `mcts,policy`: also a policy's seats labelled by a teacher); the
    value head still learns from every decision. Empty: every seat's."""
    anchor: float = 0.0
    """Train the policy as `policy:anchor=` plays it: the logits plus `anchor` at the move
    the game's heuristic would play (found by replaying the games), so the network learns
    what the heuristic misses rather than the heuristic's every move. 0: the network
    alone."""
    candidates: bool = False
    """The policy's softmax over the moves a search considers (`Game.search_actions`, the
    move played and the heuristic's), found by replaying the games, as the `policy` bot
    chooses among them; else over every legal move."""
    seed: int = 0

    def __post_init__(self) -> None:
        if not self.hidden or min(self.hidden) < 1:
            raise ValueError(f"hidden layers need one or more positive widths, not {self.hidden}")


def train_settings(values: dict[str, Any], seed: int) -> TrainSettings:
    """Settings from their JSON form (a `kaido train` plan's), with the iteration's seed."""
    fields = {**values, "seed": seed}
    if "hidden" in fields:
        fields["hidden"] = tuple(int(size) for size in fields["hidden"])
    return TrainSettings(**fields)


def dense(
    dataset: Dataset, rows: np.ndarray, actions: int, anchor: float = 0.0
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The legal mask, the target and the prior added to the logits (`anchor` at the
    heuristic's move, else zeros) of each row in `rows`, over the whole action table."""
    starts, ends = dataset.offsets[rows], dataset.offsets[rows + 1]
    lengths = ends - starts
    shift = np.repeat(starts - np.cumsum(np.concatenate([[0], lengths[:-1]])), lengths)
    flat = shift + np.arange(lengths.sum())
    row_of = np.repeat(np.arange(len(rows)), lengths)
    mask = np.zeros((len(rows), actions), dtype=bool)
    mask[row_of, dataset.legal[flat]] = True
    target = np.zeros((len(rows), actions), dtype=np.float32)
    target[row_of, dataset.legal[flat]] = dataset.targets[flat]
    prior = np.zeros((len(rows), actions), dtype=np.float32)
    if anchor:
        if dataset.heuristic is None:
            raise KaidoError("an anchored policy needs the heuristic's moves: load the games")
        prior[np.arange(len(rows)), dataset.heuristic[rows]] = anchor
    return mask, target, prior


def _moments(features: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The mean and standard deviation of each input over `rows`, summed in float64 a
    chunk at a time (features may be kept as float16)."""
    total = np.zeros(features.shape[1])
    squares = np.zeros(features.shape[1])
    for chunk in np.array_split(rows, max(1, len(rows) // 65536)):
        values = features[chunk].astype(np.float64)
        total += values.sum(axis=0)
        squares += np.square(values).sum(axis=0)
    mean = total / max(len(rows), 1)
    return mean, np.sqrt(np.maximum(squares / max(len(rows), 1) - np.square(mean), 0.0))


def _forward(
    params: Params, x: jax.Array, evaluation: jax.Array, hidden: int
) -> tuple[jax.Array, jax.Array]:
    h = x
    for k in range(hidden):
        h = jax.nn.relu(h @ params[f"hidden.{k}.w"] + params[f"hidden.{k}.b"])
    policy = h @ params["policy.w"] + params["policy.b"]
    value = h @ params["value.w"] + params["value.b"]
    if "value.evaluation" in params:
        value = value + params["value.evaluation"] * evaluation
    return policy, value


def _losses(
    params: Params,
    x: jax.Array,
    mask: jax.Array,
    target: jax.Array,
    shares: jax.Array,
    evaluation: jax.Array,
    prior: jax.Array,
    *,
    hidden: int,
    winners: bool = False,
) -> tuple[jax.Array, jax.Array, jax.Array]:
    """The batch's mean policy and value cross-entropies, and how often the policy's best
    legal move is the target's, the policy's over the decisions with a target; with
    `winners`, the policy's mean is weighted by each mover's share of the win
    (`shares[:, 0]`: the seats counted from the mover). `prior` is added to the policy's
    logits (the anchor on the heuristic's move)."""
    logits, values = _forward(params, x, evaluation, hidden)
    logits = jnp.where(mask, logits + prior, -1e9)
    log_policy = jax.nn.log_softmax(logits)
    policy = -jnp.sum(jnp.where(mask, target * log_policy, 0.0), axis=1)
    value = -jnp.sum(shares * jax.nn.log_softmax(values), axis=1)
    agree = jnp.argmax(logits, axis=1) == jnp.argmax(target, axis=1)
    taught = jnp.sum(target, axis=1)  # 0 where a noisy bot's random move taught nothing
    weight = taught * shares[:, 0] if winners else taught
    policy_mean = jnp.sum(policy * weight) / jnp.maximum(weight.sum(), 1e-6)
    agree_mean = jnp.sum(agree * taught) / jnp.maximum(taught.sum(), 1e-6)
    return policy_mean, value.mean(), agree_mean


def train(
    dataset: Dataset,
    header: dict[str, Any],
    settings: TrainSettings,
    on_epoch: Callable[[int, dict[str, float]], None] | None = None,
) -> tuple[Network, dict[str, Any]]:
    """A network for `header` (`Features.header`) fitted to `dataset`; and its figures."""
    started = time.process_time()
    actions, hidden = int(header["actions"]["size"]), len(settings.hidden)
    held = (dataset.games % settings.holdout == settings.holdout - 1) & (
        len(np.unique(dataset.games)) >= settings.holdout
    )
    train_rows, test_rows = np.flatnonzero(~held), np.flatnonzero(held)
    features = dataset.features
    mean, spread = _moments(features, train_rows)
    scale = (1.0 / np.maximum(spread, 0.1)).astype(np.float32)
    mean = mean.astype(np.float32)

    def normalised(rows: np.ndarray) -> np.ndarray:
        """Rows of the inputs standardised, a batch at a time (the features of many games
        fill gigabytes; a standardised copy of them all would double that)."""
        result: np.ndarray = (features[rows].astype(np.float32) - mean) * scale
        return result

    evaluation = _evaluation_inputs(dataset, settings)
    if settings.evaluation:
        header = {**header, "evaluation_input": EVALUATION_INPUT}
    network = Network.initial(header, settings.hidden, settings.seed)
    if settings.evaluation:
        weight, offsets = calibrate(evaluation[train_rows], dataset.shares[train_rows])
        network.arrays["value.evaluation"] = np.array([weight], dtype=np.float32)
        network.arrays["value.b"] = offsets.astype(np.float32)
        network.arrays["value.w"] = np.zeros_like(network.arrays["value.w"])
    params: Params = {k: jnp.asarray(v) for k, v in network.arrays.items() if "input" not in k}
    optimizer = optax.adamw(settings.learning_rate, weight_decay=settings.weight_decay)
    state = optimizer.init(params)

    def inputs(rows: np.ndarray) -> tuple[np.ndarray, ...]:
        """What `_losses` takes of `rows`: the inputs, the legal mask, the target, the
        shares of a win, the evaluation and the policy's prior."""
        mask, target, prior = dense(dataset, rows, actions, settings.anchor)
        return normalised(rows), mask, target, dataset.shares[rows], evaluation[rows], prior

    def loss(p: Params, *arrays: jax.Array) -> jax.Array:
        policy, value, _ = _losses(p, *arrays, hidden=hidden, winners=settings.winners)
        return settings.policy_weight * policy + settings.value_weight * value

    @jax.jit
    def step(p: Params, opt_state: Any, *arrays: jax.Array) -> tuple[Params, Any, jax.Array]:
        value, grads = jax.value_and_grad(loss)(p, *arrays)
        updates, opt_state = optimizer.update(grads, opt_state, p)
        return optax.apply_updates(p, updates), opt_state, value

    measure = jax.jit(lambda p, *arrays: _losses(p, *arrays, hidden=hidden))

    def figures(p: Params, rows: np.ndarray) -> dict[str, float]:
        sums, count = np.zeros(3), 0
        for chunk in np.array_split(rows, max(1, len(rows) // 4096)):
            if len(chunk):
                got = measure(p, *inputs(chunk))
                sums += np.array([float(v) for v in got]) * len(chunk)
                count += len(chunk)
        policy, value, agree = sums / max(count, 1)
        return {"policy_loss": policy, "value_loss": value, "agreement": agree}

    rng = np.random.default_rng(settings.seed)
    batch = min(settings.batch, len(train_rows))
    epochs: list[dict[str, float]] = []
    best, best_loss, best_epoch = params, np.inf, settings.epochs
    for epoch in range(settings.epochs):
        order = rng.permutation(train_rows)
        losses = []
        for first in range(0, len(order) - batch + 1, batch):
            rows = np.sort(order[first : first + batch])
            params, state, value = step(params, state, *inputs(rows))
            losses.append(float(value))
        row = {"epoch": epoch + 1, "train_loss": float(np.mean(losses))}
        if len(test_rows):
            measured = figures(params, test_rows)
            row |= {f"held_out_{k}": v for k, v in measured.items()}
            loss_now = (
                settings.policy_weight * measured["policy_loss"]
                + settings.value_weight * measured["value_loss"]
            )
            if loss_now < best_loss:
                best, best_loss, best_epoch = params, loss_now, epoch + 1
        else:
            best = params
        epochs.append(row)
        if on_epoch is not None:
            on_epoch(epoch + 1, row)

    arrays = {k: np.array(v, dtype=np.float32) for k, v in best.items()}
    # An action never legal in the data got no gradient: its weights are still the random
    # start, meaningless, and zeros keep the file small (a game's table may hold thousands
    # of actions that only some options make legal).
    unseen = np.ones(actions, dtype=bool)
    unseen[dataset.legal] = False
    arrays["policy.w"][:, unseen] = 0.0
    arrays["policy.b"][unseen] = 0.0
    arrays |= {"input.mean": mean.astype(np.float32), "input.scale": scale.astype(np.float32)}
    report: dict[str, Any] = {
        "games": len(np.unique(dataset.games)),
        "decisions": len(dataset),
        "held_out_games": len(np.unique(dataset.games[held])),
        "settings": {**asdict(settings), "hidden": list(settings.hidden)},
        "library": f"jax {jax.__version__}, optax {optax.__version__}",
        "epochs": epochs,
        "kept_epoch": best_epoch,
        "final": {k: round(v, 4) for k, v in epochs[best_epoch - 1].items()},
        "selfplay_cpu_seconds": round(dataset.cpu_seconds, 1),
        "train_cpu_seconds": round(time.process_time() - started, 1),
        "data": dataset.sources,
    }
    trained = Network({**network.header, "trained": report}, arrays)
    return trained, report


def _evaluation_inputs(dataset: Dataset, settings: TrainSettings) -> np.ndarray:
    """The value head's evaluation input of every decision (zeros, unused, without one)."""
    if not settings.evaluation:
        return np.zeros(dataset.shares.shape, dtype=np.float32)
    if dataset.evaluation is None:
        raise KaidoError("the value head takes the evaluation: load the games with the game")
    return dataset.evaluation.astype(np.float32)


def calibrate(evaluation: np.ndarray, shares: np.ndarray) -> tuple[float, np.ndarray]:
    """The scale `k` and the seats' offsets `b` (the mover's 0) whose softmax of
    `k * evaluation + b` best forecasts `shares` (the cross-entropy, by L-BFGS)."""
    players = shares.shape[1]

    def cross_entropy(params: np.ndarray) -> float:
        logits = params[0] * evaluation + np.concatenate([[0.0], params[1:]])
        logits = logits - logits.max(axis=1, keepdims=True)
        log_p = logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))
        return float(-(shares * log_p).sum(axis=1).mean())

    fitted = minimize(cross_entropy, np.zeros(players), method="L-BFGS-B").x
    return float(fitted[0]), np.concatenate([[0.0], fitted[1:]])


def load_game(
    data: GameData, settings: TrainSettings, game: Game[Any] | None = None, options: Any = None
) -> GameData:
    """`data` as training keeps it: `settings.positions` of its decisions at most, the
    features as float16, half the memory (the encodings are one-hots, counts and fractions
    of a few hundred at most, which float16 holds to three digits); with `settings.imitate`,
    the other seats' decisions without a target; with `settings.evaluation`, the game's
    evaluation at those decisions, with `settings.anchor` the heuristic's moves and with
    `settings.candidates` only the moves a search considers, by a replay of the game
    (`game` and its `options` needed)."""
    rows = data.sample_rows(settings.positions, settings.seed)
    found = None
    if settings.evaluation or settings.anchor or settings.candidates:
        if game is None:
            raise KaidoError(
                "the evaluation, the heuristic's moves or a search's candidates in a stored "
                "game need the game to replay it"
            )
        found = replayed(
            game,
            options,
            data,
            rows,
            evaluation=settings.evaluation,
            heuristic=bool(settings.anchor),
            candidates=settings.candidates,
        )
        if found.candidates is not None:
            data = data.restricted(found.candidates)
    kept = data.select(rows)
    if found is not None:
        kept = replace(kept, evaluation=found.evaluation, heuristic=found.heuristic)
    if settings.imitate:
        kept = replace(kept, targets=imitated_targets(kept, settings.imitate))
    return replace(kept, features=kept.features.astype(np.float16))


def imitated_targets(data: GameData, imitate: str) -> np.ndarray:
    """`data`'s targets with those of every seat whose spec starts with none of
    `imitate`'s comma-separated prefixes set to zero (a decision without a target teaches
    the value alone)."""
    prefixes = tuple(imitate.split(","))
    taught = np.array([spec.startswith(prefixes) for spec in data.seats])
    moves = np.repeat(taught[data.movers.astype(np.int64)], np.diff(data.offsets))
    result: np.ndarray = np.where(moves, data.targets, np.float32(0.0)).astype(np.float32)
    return result


def train_folders(
    folders: Sequence[str],
    out: str,
    settings: TrainSettings,
    provenance: dict[str, Any],
    plugins: Sequence[str] = (),
) -> dict[str, Any]:
    """Train on the self-play runs in `folders` (one game, options and encoding) and save
    the model to `out`; the training figures. Runs in a process of its own under `kaido
    train`, so that JAX's threads never meet a fork of the self-play workers."""
    register_specs(plugins)
    stores = [SelfPlayStore(Path(folder)) for folder in folders]
    plan = stores[0].plan()
    game = get_game(plan.game)
    options = plan.options
    parts = [load_game(d, settings, game, options) for store in stores for d in store.games()]
    header = Features(game, plan.options).header(game, plan.options)
    sources = [Path(folder).name for folder in folders]
    network, report = train(Dataset.join(parts, sources), header, settings)
    network.header["trained"] |= provenance
    network.save(Path(out))
    return report
