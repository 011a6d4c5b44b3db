"""Tournament throughput: games/s at 1 and 2 local jobs, and through a local Ray instance.

    .venv/bin/python bench/tournament_speed.py GAME --bots greedy random random --games 60

Each mode plays the same tournament into a fresh SQLite file (storing every game, as
`kaido tournament` does) and reports its wall time and games/s; the speed-up of 2 jobs over
1; and for Ray (`--ray`, needs the cluster extra) the start-up of the instance, which is
left out of its games/s, and its overhead per game against 2 local jobs.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from kaido.games import get_game
from kaido.tournament.plan import default_players, make_plan
from kaido.tournament.run import (
    GameJob,
    InProcess,
    LocalProcesses,
    RayTasks,
    Runner,
    play,
    play_missing,
)
from kaido.tournament.store import FinishedGame, TournamentStore, database_url


def timed(
    args: argparse.Namespace, runner: Runner[GameJob, FinishedGame], folder: Path, name: str
) -> dict[str, Any]:
    game = get_game(args.game)
    players = args.players or default_players(game, len(args.bots), "round-robin")
    plan = make_plan(game, game.make_options(players=players), args.bots, seed=args.seed)
    store = TournamentStore(database_url(str(folder / f"{name}.sqlite3")))
    tournament = store.open(plan, name, plan.rounds_for(args.games) * len(plan.seatings()))
    started = time.perf_counter()
    played = play_missing(store, tournament, runner)
    wall = time.perf_counter() - started
    store.close()
    return {"games": played, "wall_s": round(wall, 2), "games_per_s": round(played / wall, 2)}


def start_ray() -> tuple[RayTasks[GameJob, FinishedGame], float]:
    import ray

    started = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.WARNING)
    runner = RayTasks(play, "auto")  # joins the instance started here
    return runner, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--bots", nargs="+", required=True)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ray", action="store_true", help="also time a local Ray instance")
    args = parser.parse_args()
    out: dict[str, Any] = {"load_average": os.getloadavg()}
    with tempfile.TemporaryDirectory() as folder:
        out["1 job"] = timed(args, InProcess(play), Path(folder), "one")
        out["2 jobs"] = timed(args, LocalProcesses(play, 2), Path(folder), "two")
        out["speed-up"] = round(out["2 jobs"]["games_per_s"] / out["1 job"]["games_per_s"], 2)
        if args.ray:
            runner, startup = start_ray()
            out["ray start-up_s"] = round(startup, 2)
            out["ray (2 CPUs)"] = timed(args, runner, Path(folder), "ray")
            import ray

            ray.shutdown()
            extra = out["ray (2 CPUs)"]["wall_s"] - out["2 jobs"]["wall_s"]
            out["ray overhead per game_ms"] = round(1000 * extra / out["2 jobs"]["games"], 1)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
