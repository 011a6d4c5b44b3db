"""What a game's end costs the leaderboard, with N rated games already played.

Fills a fresh SQLite database with N finished 2-player games between accounts (real games
of heuristic bots, --distinct of them repeated, one every two hours, so no pair of accounts
meets often), and one game in play a decision from its end. Then, in the server (in this
process, over HTTP as a browser asks): the first leaderboard (everything rated from the
records), the last move of the game in play, and the time from that move's answer until
the leaderboard counts the game. Prints one row per N, medians of --runs:

    .venv/bin/python bench/leaderboard_update.py --games 300 1200 --runs 3

Only the server's public parts are used (its store, its schema, its HTTP API), so the
same script measures an older commit: `PYTHONPATH=OLD_TREE python bench/leaderboard_update.py`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from sqlalchemy import insert

from kaido.agents import make_agent
from kaido.games import get_game
from kaido.server.app import create_app
from kaido.server.config import Settings
from kaido.server.db import Base
from kaido.server.store import Store

ACCOUNTS = 40
PASSWORD = "bench password"
SPACING = 7200.0
"""Seconds between two games' ends."""


@dataclass(frozen=True)
class Played:
    seed: int
    actions: list[list[Any]]
    result: dict[str, Any]
    last_seat: int
    """The seat that took the last decision."""


def play_games(game_id: str, count: int) -> list[Played]:
    game = get_game(game_id)
    options = game.make_options({"players": 2})
    played = []
    for seed in range(count):
        state = game.setup(options, seed)
        bots = [make_agent("heuristic", game, seed * 2 + seat) for seat in range(2)]
        actions, seat = [], 0
        while not game.is_over(state):
            seat = game.to_move(state)
            action = bots[seat].choose(game, state)
            actions.append(action.to_json())
            game.apply(state, action, trusted=True)
        played.append(Played(seed, actions, game.result(state).to_json(), seat))
    return played


def fill(url: str, game_id: str, games: list[Played], in_play: Played) -> tuple[str, str]:
    """The database with `games` finished and `in_play` a decision from its end; the name
    of the account that takes that decision, and the table's id."""
    game = get_game(game_id)
    store = Store(url)  # the schema
    store.close()
    tables = {name: Base.metadata.tables[name] for name in ("users", "tables", "seats", "actions")}
    password_hash = PasswordHasher().hash(PASSWORD)
    start = time.time() - SPACING * (len(games) + 1)
    rng = random.Random(1)
    users = [
        {
            "id": n + 1,
            "name": f"p{n}",
            "name_key": f"p{n}",
            "password_hash": password_hash,
            "is_guest": False,
            "created_at": start,
        }
        for n in range(ACCOUNTS)
    ]
    rows: dict[str, list[dict[str, Any]]] = {"tables": [], "seats": [], "actions": []}
    for number, played in enumerate([*games, in_play]):
        finished = number < len(games)
        table_id = f"t{number}"
        actions = played.actions if finished else played.actions[:-1]
        rows["tables"].append(
            {
                "id": table_id,
                "game": game_id,
                "rules_version": game.rules_version,
                "options": dict(game.make_options({"players": 2})),
                "seed": played.seed,
                "status": "finished" if finished else "playing",
                "private": False,
                "created_by": 1,
                "created_at": start,
                "updated_at": start + SPACING * number,
                "version": len(actions),
                "move_seconds": 0,
                "deadline": None,
                "result": played.result if finished else None,
            }
        )
        pair = rng.sample(range(1, ACCOUNTS + 1), 2) if finished else [1, 2]
        for seat, user_id in enumerate(pair):
            rows["seats"].append(
                {
                    "table_id": table_id,
                    "seat": seat,
                    "kind": "human",
                    "bot": None,
                    "user_id": user_id,
                    "timed_out": False,
                }
            )
        rows["actions"] += [
            {"table_id": table_id, "ply": ply, "seat": 0, "action": action, "created_at": start}
            for ply, action in enumerate(actions, start=1)
        ]
    with store.engine.begin() as connection:
        connection.execute(insert(tables["users"]), users)
        for name, values in rows.items():
            connection.execute(insert(tables[name]), values)
    return f"p{in_play.last_seat}", f"t{len(games)}"


def measure(game_id: str, games: list[Played], in_play: Played) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as data:
        url = f"sqlite:///{Path(data) / 'kaido.sqlite3'}"
        name, table = fill(url, game_id, games, in_play)
        app = create_app(Settings(data_dir=Path(data), database_url=url, rate_limits=False))
        with TestClient(app) as client:
            began = time.perf_counter()
            while client.get(f"/api/leaderboards/{game_id}").json()["games"] < len(games):
                time.sleep(0.01)  # the first board, or the ratings caught up at start
            first = time.perf_counter() - began
            assert client.post("/api/login", json={"name": name, "password": PASSWORD}).is_success
            state = client.get(f"/api/tables/{table}").json()
            body = {"action": in_play.actions[-1], "move": state["version"]}
            began = time.perf_counter()
            assert client.post(f"/api/tables/{table}/act", json=body).is_success
            moved = time.perf_counter()
            while client.get(f"/api/leaderboards/{game_id}").json()["games"] <= len(games):
                time.sleep(0.001)  # rated just after the move, or when the board is asked
            after = time.perf_counter()
    return {"first": first, "move": moved - began, "board": after - moved}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[300, 1200])
    parser.add_argument("--game", default="russian_railroads")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--distinct", type=int, default=50, help="games played, then repeated")
    args = parser.parse_args()
    distinct = play_games(args.game, args.distinct + 1)
    played = [distinct[n % args.distinct] for n in range(max(args.games))] + distinct[-1:]
    print("| rated games | first board s | last move ms | until the board has it ms |")
    print("| ---: | ---: | ---: | ---: |")
    for count in args.games:
        runs = [measure(args.game, played[:count], played[-1]) for _ in range(args.runs)]
        median = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
        print(
            f"| {count} | {median['first']:.2f} | {median['move'] * 1000:.1f} "
            f"| {median['board'] * 1000:.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
