"""Self-play data: games between any bots, every decision kept as a training example.

Each decision with more than one legal move stores the mover's features (its encoding and
seat, `kaido.learn.model.Features`), the legal moves (the policy's mask) and the target
over them: a search's root visits, normalised (`MCTSAgent.visits`), or the move played, for
a bot that does not search. A noisy bot's random moves get no target (all zeros): they say
nothing of what is good, so they teach the policy nothing, but their positions (and the
ones after them, off the heuristic's beaten track) teach the value, and every move of the
game is kept, so it replays from its seed. At the end the game adds each seat's share of a
win (`Result.win_shares`).

A run follows a fixed plan: game i is dealt from seed `seed + i`, the seats rotated by i.
Each finished game is one compressed `.npz` file in `DIR/games/`, written to a temporary
name and renamed, so a run killed at any moment (kill -9 included) leaves only whole games
and the next run plays exactly the missing ones. Games run in this process, on local worker
processes or as Ray tasks (`kaido.tournament.run`'s runners), and are stored by the caller
as they finish.
"""

from __future__ import annotations

import io
import itertools
import json
import time
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from kaido.agents import Agent, NoisyAgent, agent_seed, make_agent
from kaido.core.actions import Action
from kaido.core.errors import KaidoError
from kaido.core.game import Game
from kaido.core.options import Options
from kaido.core.rng import Rng
from kaido.games import get_game, register_specs
from kaido.learn.model import Features, write_atomically
from kaido.tournament.run import Runner

PLAN_FILE = "plan.json"


@dataclass(frozen=True)
class SelfPlayPlan:
    """The settings that make a run's games: the same plan plays the same games."""

    game: str
    options: Options
    seats: tuple[str, ...]
    """One bot spec per seat; game i rotates them by i, so each bot sits everywhere."""
    games: int
    seed: int = 0
    teacher: str = ""
    """A bot spec that labels the first spec's decisions (DAgger): those seats play their
    own moves, and each of their decisions stores the teacher's target at that position
    (its search's visits, else its move). Empty: every decision stores its own mover's."""

    def to_json(self) -> dict[str, Any]:
        taught = {"teacher": self.teacher} if self.teacher else {}  # older runs' plans match
        return {
            "game": self.game,
            "options": dict(self.options),
            "seats": list(self.seats),
            "games": self.games,
            "seed": self.seed,
        } | taught

    @classmethod
    def from_json(cls, value: dict[str, Any]) -> SelfPlayPlan:
        """The plan `to_json` wrote (a plan without a teacher has none)."""
        return cls(
            value["game"],
            value["options"],
            tuple(value["seats"]),
            value["games"],
            value["seed"],
            value.get("teacher", ""),
        )

    def seats_of(self, index: int) -> tuple[str, ...]:
        k = index % len(self.seats)
        return self.seats[k:] + self.seats[:k]

    def job(self, index: int, plugins: Sequence[str] = ()) -> SelfPlayJob:
        return SelfPlayJob(
            self.game,
            self.options,
            index,
            self.seed + index,
            self.seats_of(index),
            tuple(plugins),
            self.teacher,
            self.seats[0],
        )


@dataclass(frozen=True)
class SelfPlayJob:
    game: str
    options: Options
    index: int
    seed: int
    seats: tuple[str, ...]
    plugins: tuple[str, ...] = ()
    teacher: str = ""
    learner: str = ""
    """The spec whose seats the teacher labels."""


@dataclass
class GameData:
    """One game's decisions: row d is a decision; its legal moves and their targets are
    `legal[offsets[d]:offsets[d + 1]]` and `targets[...]` (the same slice)."""

    index: int
    seed: int
    seats: tuple[str, ...]
    features: np.ndarray  # float32 [decisions, inputs]
    movers: np.ndarray  # int8 [decisions]
    offsets: np.ndarray  # int32 [decisions + 1]
    legal: np.ndarray  # int32 [moves]
    targets: np.ndarray  # float32 [moves]
    shares: np.ndarray  # float32 [players]: each seat's share of a win
    scores: np.ndarray  # float64 [players]
    cpu_seconds: float
    played: np.ndarray  # int32 [decisions]: the index of the action played
    evaluation: np.ndarray | None = None
    """float32 [decisions, players]: the game's evaluation at each decision, the seats
    counted from the mover (`evaluations`); None until computed (it is not stored)."""
    heuristic: np.ndarray | None = None
    """int32 [decisions]: the index of the move the game's heuristic would play at each
    decision (`heuristic_moves`); None until computed (it is not stored)."""

    @property
    def decisions(self) -> int:
        return len(self.movers)

    def sample_rows(self, count: int, seed: int) -> np.ndarray:
        """At most `count` of the game's decisions, drawn by `seed` (in the game's order):
        the decisions of one game share its result, so a value head learns more from a
        few positions of many games than from every position of a few."""
        if count <= 0 or count >= self.decisions:
            return np.arange(self.decisions)
        rng = np.random.default_rng([seed, self.index])
        return np.sort(rng.choice(self.decisions, count, replace=False))

    def sample(self, count: int, seed: int) -> GameData:
        """The decisions `sample_rows` draws, alone."""
        return self.select(self.sample_rows(count, seed))

    def select(self, rows: np.ndarray) -> GameData:
        """The game's decisions `rows` alone (what a training set keeps of it)."""
        if len(rows) == self.decisions:
            return self
        starts, ends = self.offsets[rows], self.offsets[rows + 1]
        moves = np.concatenate([np.arange(a, b) for a, b in zip(starts, ends, strict=True)])
        return replace(
            self,
            features=self.features[rows],
            movers=self.movers[rows],
            offsets=np.concatenate([[0], np.cumsum(ends - starts)]).astype(np.int32),
            legal=self.legal[moves],
            targets=self.targets[moves],
            played=self.played[rows],
            evaluation=None if self.evaluation is None else self.evaluation[rows],
            heuristic=None if self.heuristic is None else self.heuristic[rows],
        )

    def restricted(self, kept: np.ndarray) -> GameData:
        """The game with only the legal moves `kept` marks (a bool for each of `legal`) in
        each decision's mask and targets."""
        running = np.concatenate([[0], np.cumsum(kept)])
        return replace(
            self,
            offsets=running[self.offsets].astype(np.int32),
            legal=self.legal[kept],
            targets=self.targets[kept],
        )

    def to_bytes(self) -> bytes:
        buffer = io.BytesIO()
        meta = {"index": self.index, "seed": self.seed, "seats": list(self.seats)}
        meta["cpu_seconds"] = self.cpu_seconds
        np.savez_compressed(
            buffer,
            meta=np.array(json.dumps(meta)),
            features=self.features,
            movers=self.movers,
            offsets=self.offsets,
            legal=self.legal,
            targets=self.targets,
            shares=self.shares,
            scores=self.scores,
            played=self.played,
        )
        return buffer.getvalue()

    @classmethod
    def read(cls, path: Path) -> GameData:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            offsets, legal, targets = data["offsets"], data["legal"], data["targets"]
            if "played" in data.files:
                played = data["played"]
            else:  # a game stored before the moves played were: its targets' best
                played = np.array(
                    [legal[a + np.argmax(targets[a:b])] for a, b in itertools.pairwise(offsets)],
                    dtype=np.int32,
                )
            return cls(
                meta["index"],
                meta["seed"],
                tuple(meta["seats"]),
                data["features"],
                data["movers"],
                offsets,
                legal,
                targets,
                data["shares"],
                data["scores"],
                meta["cpu_seconds"],
                played,
            )


def decision_target(agent: Agent, legal: Sequence[Action], played: Action) -> list[float]:
    """What a decision teaches the policy, over `legal`: a search's root visits (normalised),
    the played move for a bot that does not search, nothing (zeros) for a noisy bot's random
    move."""
    if isinstance(agent, NoisyAgent):
        if agent.randomized:
            return [0.0] * len(legal)
        agent = agent.inner
    visits = getattr(agent, "visits", None)  # the searches' (MCTSAgent, ISMCTSAgent)
    if isinstance(visits, dict) and visits:
        total = sum(visits.values())
        if total > 0:
            return [visits.get(a.index, 0) / total for a in legal]
    return [1.0 if a.index == played.index else 0.0 for a in legal]


Choice = Callable[[Game[Any], Any, int, Sequence[Action]], tuple[Action, list[float]]]
"""How a game's moves come: (game, state, mover, legal moves) -> the move and its target."""


def play_selfplay(job: SelfPlayJob) -> GameData:
    """Play one planned game and keep its decisions (in whichever process runs the job)."""
    register_specs(job.plugins)
    started = time.process_time()
    game = get_game(job.game)
    agents = [make_agent(spec, game, agent_seed(job.seed, s)) for s, spec in enumerate(job.seats)]
    players = len(job.seats)
    teachers = {  # seeded apart from every seat's bot
        s: make_agent(job.teacher, game, agent_seed(job.seed, players + s))
        for s, spec in enumerate(job.seats)
        if job.teacher and spec == job.learner
    }

    def choose(
        game: Game[Any], state: Any, player: int, legal: Sequence[Action]
    ) -> tuple[Action, list[float]]:
        action = agents[player].choose(game, state)
        teacher = teachers.get(player)
        if teacher is None or len(legal) == 1:
            return action, decision_target(agents[player], legal, action)
        return action, decision_target(teacher, legal, teacher.choose(game, state))

    data = record_game(game, job.options, job.index, job.seed, job.seats, choose)
    data.cpu_seconds = time.process_time() - started
    return data


def recorded_game(
    game: Game[Any],
    options: Options,
    index: int,
    seed: int,
    seats: Sequence[str],
    actions: Iterable[Any],
    seconds: float = 0.0,
) -> GameData:
    """A game already played (a tournament's: its seed and every action's JSON form, in
    order) as self-play data, each decision's target the move played: a tournament keeps
    no search's visits. `seconds` is what the game took to play."""
    moves = iter(actions)
    table = game.action_table(options)

    def choose(
        game: Game[Any], state: Any, player: int, legal: Sequence[Action]
    ) -> tuple[Action, list[float]]:
        action = table.from_json(next(moves))
        if action not in legal:
            raise KaidoError(f"game {index}: {action!r} is not legal where it was played")
        return action, [1.0 if a == action else 0.0 for a in legal]

    try:
        data = record_game(game, options, index, seed, tuple(seats), choose)
    except StopIteration:
        raise KaidoError(f"game {index}: its actions end before the game does") from None
    if next(moves, None) is not None:
        raise KaidoError(f"game {index}: actions left over after the game's end")
    data.cpu_seconds = seconds
    return data


def record_game(
    game: Game[Any],
    options: Options,
    index: int,
    seed: int,
    seats: tuple[str, ...],
    choose: Choice,
) -> GameData:
    """A game dealt from `seed` played to its end by `choose`, every decision with more
    than one legal move kept (`cpu_seconds` left at 0 for the caller)."""
    features = Features(game, options)
    state = game.setup(options, seed)
    rows: list[np.ndarray] = []
    movers: list[int] = []
    offsets = [0]
    legal_moves: list[int] = []
    targets: list[float] = []
    played: list[int] = []
    while not game.is_over(state):
        player = game.to_move(state)
        legal = game.legal_actions(state)
        action, target = choose(game, state, player, legal)
        if len(legal) > 1:
            rows.append(features(state, player))
            movers.append(player)
            legal_moves.extend(a.index for a in legal)
            targets.extend(target)
            offsets.append(len(legal_moves))
            played.append(action.index)
        game.apply(state, action)
    result = game.result(state)
    return GameData(
        index,
        seed,
        seats,
        np.array(rows, dtype=np.float32).reshape(len(rows), features.size),
        np.array(movers, dtype=np.int8),
        np.array(offsets, dtype=np.int32),
        np.array(legal_moves, dtype=np.int32),
        np.array(targets, dtype=np.float32),
        np.array(result.win_shares, dtype=np.float32),
        np.array(result.scores, dtype=np.float64),
        0.0,
        np.array(played, dtype=np.int32),
    )


def replay(
    game: Game[Any], options: Options, data: GameData, checked: Container[int]
) -> Iterator[tuple[int, Any, int]]:
    """(decision, state, mover) at every decision of a stored game, replayed from its seed
    by the moves played; the stored encodings of the decisions `checked` are compared on
    the way (a KaidoError if the game replays otherwise: the rules changed since)."""
    features = Features(game, options)
    state = game.setup(options, data.seed)
    decision = 0
    while not game.is_over(state):
        legal = game.legal_actions(state)
        if len(legal) == 1:
            game.apply(state, legal[0])
            continue
        mover = game.to_move(state)
        if decision >= data.decisions or (
            decision in checked
            and not np.allclose(features(state, mover), data.features[decision], atol=1e-3)
        ):
            raise KaidoError(f"game {data.index}: decision {decision} replays otherwise")
        yield decision, state, mover
        played = int(data.played[decision])
        game.apply(state, next(a for a in legal if a.index == played))
        decision += 1


def evaluations(
    game: Game[Any], options: Options, data: GameData, rows: np.ndarray, seed: int = 7
) -> np.ndarray:
    """The game's evaluation (`Game.evaluate_all`) at decisions `rows` of a stored game,
    the seats counted from the mover (float32, a row for each of `rows`). Each
    position is valued in the mover's determinized world (its view, the hidden parts
    re-dealt from `seed` and the decision), as the search values its leaves."""
    values = replayed(game, options, data, rows, evaluation=True, seed=seed).evaluation
    assert values is not None
    return values


def heuristic_moves(
    game: Game[Any], options: Options, data: GameData, rows: np.ndarray
) -> np.ndarray:
    """The index of the move the game's `heuristic` bot would play at decisions `rows` of a
    stored game (int32, one for each of `rows`), each seat's heuristic seeded as a
    tournament seeds that seat's bot and asked at the wanted decisions in order."""
    moves = replayed(game, options, data, rows, heuristic=True).heuristic
    assert moves is not None
    return moves


@dataclass(frozen=True)
class Replayed:
    """What one replay of a stored game found at the decisions asked for; None where not
    asked."""

    evaluation: np.ndarray | None
    """float32 [rows, players]: `evaluations`."""
    heuristic: np.ndarray | None
    """int32 [rows]: `heuristic_moves`."""
    candidates: np.ndarray | None
    """bool, one for each of the game's `legal` moves: the moves a search considers there
    (`Game.search_actions`), the move played and the heuristic's (where found); every move
    of a decision not asked for."""


def replayed(
    game: Game[Any],
    options: Options,
    data: GameData,
    rows: np.ndarray,
    *,
    evaluation: bool = False,
    heuristic: bool = False,
    candidates: bool = False,
    seed: int = 7,
) -> Replayed:
    """What one replay of a stored game finds at decisions `rows`: the `evaluations` (with
    `evaluation`), the `heuristic_moves` (with `heuristic`) and the moves a search
    considers (with `candidates`); the stored encodings of the evaluated decisions checked
    on the way."""
    wanted = set(int(row) for row in rows)
    players = len(data.shares)
    values = np.zeros((data.decisions, players), dtype=np.float32) if evaluation else None
    moves = np.zeros(data.decisions, dtype=np.int32) if heuristic else None
    considered = np.ones(len(data.legal), dtype=bool) if candidates else None
    bots = (
        [make_agent("heuristic", game, agent_seed(data.seed, seat)) for seat in range(players)]
        if heuristic
        else []
    )
    last = max(wanted, default=-1)
    for decision, state, mover in replay(game, options, data, wanted if evaluation else ()):
        if decision in wanted:
            if values is not None:
                world = game.determinize(state, mover, Rng(seed + decision))
                seats = game.evaluate_all(world)
                values[decision] = [seats[(mover + k) % players] for k in range(players)]
            if moves is not None:
                moves[decision] = bots[mover].choose(game, state).index
            if considered is not None:
                legal = game.legal_actions(state)
                kept = {a.index for a in game.search_actions(state, legal)}
                kept.add(int(data.played[decision]))
                if moves is not None:
                    kept.add(int(moves[decision]))
                start, end = data.offsets[decision], data.offsets[decision + 1]
                considered[start:end] = np.isin(data.legal[start:end], list(kept))
        if decision == last:
            break
    index = np.asarray(rows, dtype=np.int64)
    return Replayed(
        None if values is None else values[index],
        None if moves is None else moves[index],
        considered,
    )


@dataclass
class Dataset:
    """Decisions of many games, ready to train on: `shares[d]` is the result of decision
    d's game, the seats counted from its mover; `games[d]` that game's number among the
    games joined."""

    features: np.ndarray
    offsets: np.ndarray
    legal: np.ndarray
    targets: np.ndarray
    shares: np.ndarray
    games: np.ndarray
    cpu_seconds: float = 0.0
    sources: list[str] = field(default_factory=list)
    evaluation: np.ndarray | None = None
    """The game's evaluation at each decision, the seats counted from the mover (where
    every game joined had it computed), else None."""
    heuristic: np.ndarray | None = None
    """The heuristic's move at each decision (where every game joined had it), else None."""

    def __len__(self) -> int:
        return len(self.games)

    @classmethod
    def join(cls, parts: Sequence[GameData], sources: Sequence[str] = ()) -> Dataset:
        if not parts:
            raise KaidoError("no self-play games to train on")
        sizes = [len(part.legal) for part in parts]
        starts = np.cumsum([0, *sizes[:-1]])
        offsets = [part.offsets[:-1] + start for part, start in zip(parts, starts, strict=True)]
        return cls(
            features=np.concatenate([part.features for part in parts]),
            offsets=np.concatenate([*offsets, [sum(sizes)]]).astype(np.int64),
            legal=np.concatenate([part.legal for part in parts]),
            targets=np.concatenate([part.targets for part in parts]),
            shares=np.concatenate([seat_relative(p.shares, p.movers) for p in parts]),
            games=np.concatenate([np.full(p.decisions, k) for k, p in enumerate(parts)]),
            cpu_seconds=sum(part.cpu_seconds for part in parts),
            sources=list(sources),
            evaluation=None
            if any(part.evaluation is None for part in parts)
            else np.concatenate([part.evaluation for part in parts if part.evaluation is not None]),
            heuristic=None
            if any(part.heuristic is None for part in parts)
            else np.concatenate([part.heuristic for part in parts if part.heuristic is not None]),
        )


def seat_relative(shares: np.ndarray, movers: np.ndarray) -> np.ndarray:
    """A game's shares of a win as each decision's mover counts the seats: itself first,
    then the next seats in turn (one row per decision)."""
    players = len(shares)
    seats = (movers[:, None].astype(np.int64) + np.arange(players)) % players
    result: np.ndarray = shares[seats]
    return result


class SelfPlayStore:
    """A folder of one run's games: `plan.json` and `games/game-NNNNNN.npz`."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.games_dir = folder / "games"

    def open(self, plan: SelfPlayPlan, features: dict[str, Any]) -> None:
        """Start the run of `plan`, or check that the folder holds that run (the same
        command goes on after an interruption); `features` is what its games' inputs are
        (`Features.header`): games encoded otherwise cannot be mixed."""
        wanted = {**plan.to_json(), "features": features}
        path = self.folder / PLAN_FILE
        if path.exists():
            stored = json.loads(path.read_text(encoding="utf-8"))
            changed = [key for key in wanted if stored.get(key) != wanted[key]]
            if changed:
                details = "; ".join(
                    f"{k} was {stored.get(k)!r}, now {wanted[k]!r}" for k in changed
                )
                raise KaidoError(
                    f"{self.folder} holds another self-play run ({details}); "
                    "give the same settings to go on, or another folder"
                )
        else:
            write_atomically(path, json.dumps(wanted, indent=1).encode())
        self.games_dir.mkdir(parents=True, exist_ok=True)
        for partial in self.games_dir.glob(".*.partial"):  # left by a killed run
            partial.unlink()

    def plan(self) -> SelfPlayPlan:
        return SelfPlayPlan.from_json(json.loads((self.folder / PLAN_FILE).read_text("utf-8")))

    def path(self, index: int) -> Path:
        return self.games_dir / f"game-{index:06d}.npz"

    def finished(self) -> set[int]:
        return {int(p.stem.split("-")[1]) for p in self.games_dir.glob("game-*.npz")}

    def save(self, data: GameData) -> bool:
        """Store a finished game (whole or not at all); False if it was already stored."""
        path = self.path(data.index)
        if path.exists():
            return False
        write_atomically(path, data.to_bytes())
        return True

    def games(self, indices: Iterable[int] | None = None) -> Iterator[GameData]:
        """The stored games in index order, read one at a time: thousands of games'
        decisions do not fit in memory at once, what training keeps of each does."""
        wanted = sorted(self.finished() if indices is None else indices)
        return (GameData.read(self.path(index)) for index in wanted)


def missing_jobs(
    store: SelfPlayStore, plan: SelfPlayPlan, plugins: Sequence[str] = ()
) -> list[SelfPlayJob]:
    done = store.finished()
    return [plan.job(i, plugins) for i in range(plan.games) if i not in done]


def generate(
    store: SelfPlayStore,
    plan: SelfPlayPlan,
    runner: Runner[SelfPlayJob, GameData],
    on_done: Callable[[GameData], None] | None = None,
    plugins: Sequence[str] = (),
) -> int:
    """Play and store every game of `plan` not yet stored; the number played. Each game is
    stored as soon as it ends, so an interruption loses only the games in progress."""
    game = get_game(plan.game)
    store.open(plan, Features(game, plan.options).header(game, plan.options))
    played = 0
    try:
        for data in runner.results(missing_jobs(store, plan, plugins)):
            store.save(data)
            played += 1
            if on_done is not None:
                on_done(data)
    finally:
        runner.close()
    return played
