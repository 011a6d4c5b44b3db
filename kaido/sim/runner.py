"""Play many seeded games between agents, on several processes, deterministically.

Game i uses seed `seed + i`; with `rotate`, its seats are the player list rotated by i, so
every bot sits in every seat equally often. Results do not depend on the number of jobs.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kaido.core.match import Match, play_out
from kaido.core.options import Options
from kaido.core.result import win_shares
from kaido.games import get_game


@dataclass(frozen=True)
class GameTask:
    game_id: str
    options: Options
    specs: tuple[str, ...]
    index: int
    seed: int
    rotate: bool
    records_dir: str | None = None

    @property
    def seats(self) -> tuple[str, ...]:
        """The bot spec in each seat for this game."""
        if not self.rotate:
            return self.specs
        k = self.index % len(self.specs)
        return self.specs[-k:] + self.specs[:-k] if k else self.specs


@dataclass(frozen=True)
class GameOutcome:
    index: int
    seed: int
    seats: tuple[str, ...]
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    decisions: int
    seconds: float


def play_seated(
    game_id: str, options: Options, seats: tuple[str, ...], seed: int
) -> tuple[Match, float]:
    """A finished game between the bots `seats` (one spec per seat), with its actions in
    the match, and the seconds it took. Each seat's bot is seeded from `seed`."""
    from kaido.agents import agent_seed, make_agent

    game = get_game(game_id)
    agents = [make_agent(spec, game, agent_seed(seed, s)) for s, spec in enumerate(seats)]
    match = Match(game, options, seed, players=list(seats), keep_history=False)
    started = time.perf_counter()
    match.actions = play_out(game, match.state, agents)
    return match, time.perf_counter() - started


def play_one(task: GameTask) -> GameOutcome:
    """One game of a simulation (runs in a worker process)."""
    seats = task.seats
    match, seconds = play_seated(task.game_id, task.options, seats, task.seed)
    if task.records_dir is not None:
        match.record().save(Path(task.records_dir) / f"game-{task.index:05d}-seed{task.seed}.json")
    result = match.game.result(match.state)
    return GameOutcome(
        task.index, task.seed, seats, result.scores, result.ranks, len(match.actions), seconds
    )


def run_tournament(
    tasks: list[GameTask], jobs: int = 1, on_done: Callable[[GameOutcome], None] | None = None
) -> list[GameOutcome]:
    """Every task's outcome, in task order, calling `on_done` as each game finishes."""
    outcomes: list[GameOutcome] = []
    for outcome in _outcomes(tasks, jobs):
        outcomes.append(outcome)
        if on_done is not None:
            on_done(outcome)
    return sorted(outcomes, key=lambda o: o.index)


def _outcomes(tasks: list[GameTask], jobs: int) -> Iterator[GameOutcome]:
    if jobs <= 1:
        yield from map(play_one, tasks)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(play_one, tasks, chunksize=1)


def make_tasks(
    game_id: str,
    options: Options,
    specs: list[str],
    games: int,
    seed: int,
    *,
    rotate: bool = True,
    records_dir: str | None = None,
) -> list[GameTask]:
    return [
        GameTask(game_id, options, tuple(specs), i, seed + i, rotate, records_dir)
        for i in range(games)
    ]


def summarize(outcomes: list[GameOutcome], players: int) -> dict[str, Any]:
    """Wins by seat and by bot (ties share a win), scores, game length, speed."""
    from statistics import mean, pstdev

    by_seat = [0.0] * players
    bots: dict[str, dict[str, Any]] = {}
    for outcome in outcomes:
        shares = win_shares(outcome.ranks)
        for seat, spec in enumerate(outcome.seats):
            bot = bots.setdefault(spec, {"seats": 0, "wins": 0.0, "scores": [], "ranks": []})
            share = shares[seat]
            by_seat[seat] += share
            bot["seats"] += 1
            bot["wins"] += share
            bot["scores"].append(outcome.scores[seat])
            bot["ranks"].append(outcome.ranks[seat])
    count = len(outcomes) or 1
    lengths = [o.decisions for o in outcomes] or [0]
    seconds = sum(o.seconds for o in outcomes)
    return {
        "games": len(outcomes),
        "by_seat": [
            {"seat": s + 1, "wins": round(w, 4), "win_rate": round(w / count, 4)}
            for s, w in enumerate(by_seat)
        ],
        "by_bot": {
            spec: {
                "seats_played": b["seats"],
                "wins": round(b["wins"], 4),
                "win_rate": round(b["wins"] / b["seats"], 4),
                "mean_score": round(mean(b["scores"]), 3),
                "score_sd": round(pstdev(b["scores"]), 3),
                "mean_place": round(mean(b["ranks"]), 3),
            }
            for spec, b in bots.items()
        },
        "length": {
            "mean_decisions": round(mean(lengths), 2),
            "sd_decisions": round(pstdev(lengths), 2),
            "min_decisions": min(lengths),
            "max_decisions": max(lengths),
        },
        "timing": {
            "game_seconds": round(seconds, 3),
            "decisions_per_second": round(sum(lengths) / seconds, 1) if seconds else None,
        },
    }
