"""Playing a tournament's missing games: in this process, on local worker processes, or as
Ray tasks on a cluster. Every way plays the same games (each is fixed by its seed and
seats) and yields them as they finish, for the caller to store one by one. The runners
map any picklable function over its jobs (self-play in `kaido.learn` uses them too).
"""

from __future__ import annotations

import logging
import multiprocessing
import signal
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from kaido.core.errors import KaidoError
from kaido.core.options import Options
from kaido.games import register_specs
from kaido.sim.runner import play_seated
from kaido.tournament.plan import PlannedGame
from kaido.tournament.store import FinishedGame, Tournament, TournamentStore


@dataclass(frozen=True)
class GameJob:
    game: str
    options: Options
    planned: PlannedGame
    plugins: tuple[str, ...] = ()
    """`MODULE:OBJECT` of games to register first (plug-ins, on workers that start afresh)."""


def play(job: GameJob) -> FinishedGame:
    """Play one planned game to its end (in whichever process or machine runs the job)."""
    register_specs(job.plugins)
    planned = job.planned
    match, seconds = play_seated(job.game, job.options, planned.seats, planned.seed)
    result = match.game.result(match.state)
    return FinishedGame(
        planned.index,
        planned.round,
        planned.seed,
        planned.seats,
        result.scores,
        result.ranks,
        [action.to_json() for action in match.actions],
        seconds,
    )


def missing_jobs(
    store: TournamentStore, tournament: Tournament, plugins: Sequence[str] = ()
) -> list[GameJob]:
    """The planned games not yet stored, in game order."""
    plan = tournament.plan
    done = store.finished_indices(tournament)
    rounds = tournament.games // len(plan.seatings())
    return [
        GameJob(plan.game, plan.options, planned, tuple(plugins))
        for planned in plan.planned(rounds)
        if planned.index not in done
    ]


J = TypeVar("J")
R = TypeVar("R")
J_contra = TypeVar("J_contra", contravariant=True)
R_co = TypeVar("R_co", covariant=True)


class Runner(Protocol[J_contra, R_co]):
    def results(self, jobs: Sequence[J_contra]) -> Iterator[R_co]:
        """Each job's result (a game), in the order they finish."""
        ...

    def close(self) -> None:
        """Stop every worker at once (games in progress are dropped, to be played again)."""
        ...


class InProcess(Generic[J, R]):
    def __init__(self, work: Callable[[J], R]) -> None:
        self.work = work

    def results(self, jobs: Sequence[J]) -> Iterator[R]:
        return map(self.work, jobs)

    def close(self) -> None:
        pass


def _ignore_interrupts() -> None:
    # Ctrl-C goes to the whole process group: the parent alone decides what stops.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class LocalProcesses(Generic[J, R]):
    """Worker processes on this machine. Create it before starting any thread (such as a
    progress bar's): the workers are forked here."""

    def __init__(self, work: Callable[[J], R], workers: int) -> None:
        self.work = work
        self.pool = multiprocessing.get_context("fork").Pool(workers, _ignore_interrupts)

    def results(self, jobs: Sequence[J]) -> Iterator[R]:
        return self.pool.imap_unordered(self.work, jobs, chunksize=1)

    def close(self) -> None:
        self.pool.terminate()
        self.pool.join()


class RayTasks(Generic[J, R]):
    """Each game a Ray task. `address` is a cluster's (`auto`: the one this machine is part
    of) or `local`, which starts a Ray instance on this machine for the run."""

    def __init__(self, work: Callable[[J], R], address: str) -> None:
        try:
            import ray
        except ImportError:
            raise KaidoError("--ray needs Ray: pip install 'kaido[cluster]'") from None
        self.ray = ray
        self.started = not ray.is_initialized()
        if self.started:
            local = address == "local"
            ray.init(
                address=None if local else address,
                include_dashboard=False if local else None,
                log_to_driver=False,
                logging_level=logging.WARNING,
            )
        self.task = ray.remote(work)
        self.window = max(4, 4 * int(ray.cluster_resources().get("CPU", 1)))

    def results(self, jobs: Sequence[J]) -> Iterator[R]:
        """Keeps a few tasks per CPU in flight rather than submitting every game at once."""
        waiting = list(reversed(jobs))
        running: list[Any] = []
        while waiting or running:
            while waiting and len(running) < self.window:
                running.append(self.task.remote(waiting.pop()))
            ready, running = self.ray.wait(running, num_returns=1)
            try:
                yield self.ray.get(ready[0])
            except self.ray.exceptions.RayTaskError as error:
                cause = getattr(error, "cause", None) or error
                raise KaidoError(f"a game failed on a Ray worker: {cause}") from None

    def close(self) -> None:
        if self.started:
            self.ray.shutdown()


def make_runner(work: Callable[[J], R], jobs: int, ray_address: str | None = None) -> Runner[J, R]:
    """`work` mapped over jobs on Ray (at `ray_address`), on `jobs` local processes, or
    in this process for one job."""
    if ray_address is not None:
        return RayTasks(work, ray_address)
    if jobs <= 1:
        return InProcess(work)
    return LocalProcesses(work, jobs)


def play_missing(
    store: TournamentStore,
    tournament: Tournament,
    runner: Runner[GameJob, FinishedGame],
    on_done: Callable[[FinishedGame], None] | None = None,
    plugins: Sequence[str] = (),
) -> int:
    """Play and store every missing game of `tournament`; the number played. Each game is
    stored as soon as it ends, so an interruption loses only the games in progress."""
    played = 0
    try:
        for game in runner.results(missing_jobs(store, tournament, plugins)):
            store.save(tournament, game)  # False only if another run stored it meanwhile
            played += 1
            if on_done is not None:
                on_done(game)
    finally:
        runner.close()
    return played
