"""Expert iteration (`kaido train`): play, learn from the games, keep what plays better.

Iteration k:
1. self-play: `games` games of the current search in every seat, the search with the best
   model so far (`SEARCH:model=best`), or the bootstrap bot (by default the game's heuristic,
   else the search without a model) before there is one;
2. training: a network fitted to the games of the last `window` iterations (a process of
   its own, so JAX never meets the self-play workers' forks);
3. gauntlet: the search with the new model in one seat against the search with the best
   model (or with none, the first time) in the others, every seating (the tournament code);
   the new model is kept when its share of the wins is above parity (1 / players);
4. curve: the search with the best model, and the `policy` bot alone, against the
   `against` bot (the heuristic by default) in the others' seats, on the same deals at every
   iteration: win rates with 95% Wilson intervals, in `curve.json` and `curve.png`.

Everything lands in the output folder and every phase resumes where it stopped (self-play
games are files, gauntlets are tournaments in `tournaments.sqlite3`, models are files), so
the same command goes on after an interruption. The same settings give the same models and
figures when run in one process (`--jobs 1`).
"""

from __future__ import annotations

import io
import json
import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from rich.progress import Progress

from kaido.core.errors import KaidoError
from kaido.core.options import Options
from kaido.games import get_game
from kaido.learn.model import write_atomically
from kaido.learn.selfplay import SelfPlayPlan, SelfPlayStore, generate, play_selfplay
from kaido.tournament.plan import make_plan
from kaido.tournament.ratings import Played, standings
from kaido.tournament.run import make_runner, play, play_missing
from kaido.tournament.store import TournamentStore, database_url


@dataclass(frozen=True)
class IterationPlan:
    """The settings of a `kaido train` run: the same settings give the same run."""

    game: str
    options: Options
    iterations: int
    games: int
    """Self-play games an iteration."""
    search: str
    """The search spec, without a model (`mcts:iterations=200`)."""
    bootstrap: str
    """Who plays the first iteration's games, before any model exists."""
    gauntlet: int
    """Games of each gauntlet and curve point (rounded up to whole rounds)."""
    against: str
    window: int
    seed: int
    train: dict[str, Any] = field(default_factory=dict)
    """`TrainSettings` as JSON (the training library is imported only where it trains)."""

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "options": dict(self.options)}


@dataclass(frozen=True)
class Point:
    """One bot's figures in a gauntlet: its share of the wins, of how many seats."""

    bot: str
    wins: float
    games: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass
class Run:
    """Where a run lives and how it runs: `out` folder, local jobs or Ray, plug-ins, and a
    progress display (or none)."""

    out: Path
    jobs: int = 1
    ray: str | None = None
    plugins: tuple[str, ...] = ()
    progress: Progress | None = None
    log: Callable[[str], None] = lambda _text: None

    @contextmanager
    def task(
        self, description: str, total: int | None, done: int = 0
    ) -> Iterator[Callable[[], None]]:
        """A line of the progress display while a phase runs; yields its advance."""
        progress = self.progress
        if progress is None:
            yield lambda: None
            return
        task = progress.add_task(description, total=total, completed=done)
        try:
            yield lambda: progress.advance(task)
        finally:
            progress.remove_task(task)

    def runner(self, work: Any) -> Any:
        """A fresh runner for `work`; the display's thread is stopped while workers fork."""
        if self.progress is not None and self.ray is None and self.jobs > 1:
            self.progress.stop()
            try:
                return make_runner(work, self.jobs, self.ray)
            finally:
                self.progress.start()
        return make_runner(work, self.jobs, self.ray)


def default_plan(
    game_id: str,
    options: Options,
    *,
    iterations: int = 5,
    games: int = 100,
    search: str = "mcts:iterations=200",
    bootstrap: str | None = None,
    gauntlet: int = 100,
    against: str | None = None,
    window: int = 3,
    seed: int = 0,
    train: dict[str, Any] | None = None,
) -> IterationPlan:
    """A checked plan; the bootstrap and the curve's opponent default to the game's
    heuristic (the search without a model and the random bot where it has none)."""
    game = get_game(game_id)
    heuristic = "heuristic" in game.agent_kinds
    for name, value in (("iterations", iterations), ("games", games), ("gauntlet", gauntlet)):
        if value < 1:
            raise KaidoError(f"--{name} must be at least 1")
    if window < 1:
        raise KaidoError("--window must be at least 1")
    if ":model=" in search or not search.startswith("mcts"):
        raise KaidoError("--search is an mcts spec without a model (the run adds it)")
    return IterationPlan(
        game.id,
        options,
        iterations,
        games,
        search,
        bootstrap or ("heuristic" if heuristic else search),
        gauntlet,
        against or ("heuristic" if heuristic else "random"),
        window,
        seed,
        train or {},
    )


PLAN_FILE = "train.json"
PROGRESS_FILE = "progress.json"


def iterate(plan: IterationPlan, run: Run) -> list[dict[str, Any]]:
    """Run (or go on with) the iterations of `plan` in `run.out`; each iteration's record."""
    run.out.mkdir(parents=True, exist_ok=True)
    _check_plan(plan, run.out)
    records = _read_json(run.out / PROGRESS_FILE, [])
    store = TournamentStore(database_url(str(run.out / "tournaments.sqlite3")))
    try:
        if not records:
            baseline = _curve(plan, run, store, 0, None)
            records.append({"iteration": 0, "model": None, "curve": baseline})
            _save(run.out, plan, records)
        for k in range(len(records), plan.iterations + 1):
            records.append(_iteration(plan, run, store, k, records))
            _save(run.out, plan, records)
    finally:
        store.close()
    return records


def best_model(records: Sequence[dict[str, Any]]) -> str | None:
    """The kept model after `records`: the last accepted iteration's."""
    kept = [r["model"] for r in records if r.get("accepted")]
    return kept[-1] if kept else None


def _iteration(
    plan: IterationPlan, run: Run, store: TournamentStore, k: int, records: list[dict[str, Any]]
) -> dict[str, Any]:
    best = best_model(records)
    players = _path(run.out, best)
    selfplay = f"{plan.search}:model={players}" if best else plan.bootstrap
    run.log(f"iteration {k}: self-play by {selfplay}")
    folder = run.out / "data" / f"iter-{k:02d}"
    sp_plan = SelfPlayPlan(
        plan.game,
        plan.options,
        (selfplay,) * int(plan.options["players"]),
        plan.games,
        plan.seed + 1_000_000 * k,
    )
    sp_store = SelfPlayStore(folder)
    with run.task(f"iteration {k}: self-play", plan.games, len(sp_store.finished())) as advance:
        generate(sp_store, sp_plan, run.runner(play_selfplay), lambda _: advance(), run.plugins)
    cpu = sum(data.cpu_seconds for data in sp_store.games())

    candidate = f"models/iter-{k:02d}.npz"
    folders = [
        str(run.out / "data" / f"iter-{j:02d}") for j in range(max(1, k - plan.window + 1), k + 1)
    ]
    if not (run.out / candidate).exists():
        with run.task(f"iteration {k}: training", None):
            provenance = {"iteration": k, "plan": plan.to_json()}
            out = str(run.out / candidate)
            report = train_apart(folders, out, plan.train, plan.seed + k, provenance, run.plugins)
    else:
        report = _read_model_report(run.out / candidate)

    challenger = f"{plan.search}:model={_path(run.out, candidate)}"
    incumbent = f"{plan.search}:model={_path(run.out, best)}" if best else plan.search
    gauntlet = _gauntlet(plan, run, store, f"gauntlet-{k:02d}", challenger, incumbent, k)
    accepted = gauntlet.rate > 1 / int(plan.options["players"])
    run.log(
        f"iteration {k}: the new model won {gauntlet.rate:.1%} against "
        f"{'iteration ' + best if best else 'the search without a model'}: "
        f"{'kept' if accepted else 'dropped'}"
    )
    record: dict[str, Any] = {
        "iteration": k,
        "selfplay": selfplay,
        "selfplay_games": plan.games,
        "selfplay_cpu_seconds": round(cpu, 1),
        "train_cpu_seconds": report.get("train_cpu_seconds"),
        "training": report.get("final", {}),
        "model": candidate,
        "gauntlet": asdict(gauntlet),
        "accepted": accepted,
    }
    if accepted:
        record["curve"] = _curve(plan, run, store, k, candidate)
    else:
        record["curve"] = records[-1]["curve"]
    return record


def _path(out: Path, model: str | None) -> str:
    return str((out / model).resolve()) if model else ""


def _gauntlet(
    plan: IterationPlan,
    run: Run,
    store: TournamentStore,
    name: str,
    challenger: str,
    other: str,
    seed: int,
) -> Point:
    """`challenger` in one seat against `other` in the rest, every seating, resumable."""
    game = get_game(plan.game)
    bots = [challenger, other]
    t_plan = make_plan(game, plan.options, bots, "gauntlet", plan.seed + 7_000_000 + seed)
    games = t_plan.rounds_for(plan.gauntlet) * len(t_plan.seatings())
    tournament = store.open(t_plan, name, games)
    done = len(store.finished_indices(tournament))
    with run.task(name, games, done) as advance:
        play_missing(store, tournament, run.runner(play), lambda _: advance(), run.plugins)
    played = [Played(g.seats, g.scores, g.ranks) for g in store.games(tournament)]
    row = next(r for r in standings(bots, t_plan.players, played).bots if r.bot == challenger)
    low, high = row.win_interval
    return Point(challenger, round(row.wins, 4), row.games, round(low, 4), round(high, 4))


def _curve(
    plan: IterationPlan, run: Run, store: TournamentStore, k: int, model: str | None
) -> dict[str, Any]:
    """The search (with `model`, or none) and the policy bot against `plan.against`, on the
    same deals at every iteration (the gauntlet's seed does not change with `k`)."""
    points: dict[str, Any] = {}
    search = f"{plan.search}:model={_path(run.out, model)}" if model else plan.search
    bots = {"search": search}
    if model:
        bots["policy"] = f"policy:model={_path(run.out, model)}"
    for label, spec in bots.items():
        point = _gauntlet(plan, run, store, f"curve-{k:02d}-{label}", spec, plan.against, 0)
        points[label] = asdict(point) | {"rate": round(point.rate, 4)}
    return points


def train_apart(
    folders: Sequence[str],
    out: str,
    settings: dict[str, Any],
    seed: int,
    provenance: dict[str, Any],
    plugins: Sequence[str] = (),
) -> dict[str, Any]:
    """`kaido.learn.train.train_folders` in a spawned process, so that this process never
    imports JAX (multithreaded: forking self-play workers after it is unsafe)."""
    context = multiprocessing.get_context("spawn")
    with context.Pool(1) as pool:
        report: dict[str, Any] = pool.apply(
            _train_job, (folders, out, settings, seed, provenance, tuple(plugins))
        )
    return report


def _train_job(
    folders: Sequence[str],
    out: str,
    settings: dict[str, Any],
    seed: int,
    provenance: dict[str, Any],
    plugins: Sequence[str],
) -> dict[str, Any]:
    from kaido.learn.train import train_folders, train_settings

    return train_folders(folders, out, train_settings(settings, seed), provenance, plugins)


def _read_model_report(path: Path) -> dict[str, Any]:
    from kaido.learn.model import read_network

    trained: dict[str, Any] = read_network(path).header.get("trained", {})
    return trained


def _check_plan(plan: IterationPlan, out: Path) -> None:
    path = out / PLAN_FILE
    wanted = json.loads(json.dumps(plan.to_json()))
    stored = _read_json(path, None)
    if stored is None:
        write_atomically(path, json.dumps(wanted, indent=1).encode())
        return
    changed = [key for key in wanted if stored.get(key) != wanted[key] and key != "iterations"]
    if changed:
        details = "; ".join(f"{k} was {stored.get(k)!r}, now {wanted[k]!r}" for k in changed)
        raise KaidoError(
            f"{out} holds a training run with other settings ({details}); give the same "
            "settings to go on (--iterations may grow), or another --out"
        )
    if stored != wanted:
        write_atomically(path, json.dumps(wanted, indent=1).encode())


def _read_json(path: Path, default: Any) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return default


def _save(out: Path, plan: IterationPlan, records: list[dict[str, Any]]) -> None:
    write_atomically(out / PROGRESS_FILE, json.dumps(records, indent=1).encode())
    curve = curve_json(plan, records)
    write_atomically(out / "curve.json", json.dumps(curve, indent=1).encode())
    draw_curve(curve, out / "curve.png")


def curve_json(plan: IterationPlan, records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    return {
        "game": plan.game,
        "players": int(plan.options["players"]),
        "against": plan.against,
        "parity": round(1 / int(plan.options["players"]), 4),
        "iterations": [
            {"iteration": r["iteration"], "model": best_model(records[: i + 1]), **r["curve"]}
            for i, r in enumerate(records)
        ],
    }


def draw_curve(curve: dict[str, Any], path: Path) -> None:
    """The win rates by iteration with their 95% intervals, as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    figure, axes = plt.subplots(figsize=(7, 4))
    rows = curve["iterations"]
    for label in ("search", "policy"):
        points = [(r["iteration"], r[label]) for r in rows if label in r]
        if not points:
            continue
        xs = [x for x, _ in points]
        rates = [p["rate"] for _, p in points]
        errors = [
            [p["rate"] - p["low"] for _, p in points],
            [p["high"] - p["rate"] for _, p in points],
        ]
        axes.errorbar(xs, rates, yerr=errors, marker="o", capsize=3, label=label)
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.axhline(curve["parity"], color="grey", linestyle="--", label="parity")
    axes.set(
        xlabel="iteration",
        ylabel=f"win rate against {curve['against']} (95%)",
        ylim=(0, 1),
        title=f"{curve['game']}, {curve['players']} players",
    )
    axes.legend(loc="best")
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100)
    plt.close(figure)
    write_atomically(path, buffer.getvalue())
