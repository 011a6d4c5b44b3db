"""A tournament's finished games as self-play data, to train a policy on one bot's moves.

    python scripts/tournament_data.py runs/rr-mix.sqlite runs/rr-mix-data

Reads a `kaido tournament` database (read-only: the tournament may still be playing) and
replays each finished game from its seed by its actions with Kaido's engine
(`kaido.learn.selfplay.recorded_game`), storing every decision in a self-play folder as
`kaido selfplay` does: the mover's encoding, the legal moves, the move played as the target
(a tournament keeps no search's visits) and each seat's share of the win. Train a policy on
one bot's moves with `scripts/train_model.py OUT --imitate SPEC-PREFIX`. Run it again as the
tournament goes on: it adds the games stored since.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
from pathlib import Path

from rich.console import Console

from kaido.cli.common import progress_bar
from kaido.games import get_game
from kaido.learn.model import Features
from kaido.learn.selfplay import SelfPlayPlan, SelfPlayStore, recorded_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("database", type=Path, help="a `kaido tournament` SQLite database")
    parser.add_argument("out", type=Path, help="the self-play folder to write")
    parser.add_argument("--tournament", default=None, help="its name (default: the only one)")
    args = parser.parse_args()

    db = sqlite3.connect(f"file:{args.database.resolve()}?mode=ro", uri=True)
    rows = db.execute("select id, name, plan, games from tournaments").fetchall()
    chosen = [r for r in rows if args.tournament in (None, r[1])]
    if len(chosen) != 1:
        names = ", ".join(r[1] for r in rows) or "none"
        parser.error(f"name one tournament with --tournament (the database holds: {names})")
    tournament_id, _name, plan_text, games = chosen[0]
    plan = json.loads(plan_text)
    game = get_game(plan["game"])
    options = game.make_options(plan["options"])
    store = SelfPlayStore(args.out)
    selfplay = SelfPlayPlan(game.id, options, tuple(plan["bots"]), games, plan["seed"])
    store.open(selfplay, Features(game, options).header(game, options))
    done = store.finished()
    added = 0
    query = (
        "select game_index, seed, seats, actions, seconds from tournament_games "
        "where tournament_id = ? order by game_index"
    )
    stored = db.execute(query, (tournament_id,)).fetchall()
    with progress_bar(Console(stderr=True), transient=True) as bar:
        for index, seed, seats, actions, seconds in bar.track(stored, description="replaying"):
            if index in done:
                continue
            data = recorded_game(
                game, options, index, seed, json.loads(seats), json.loads(actions), seconds
            )
            store.save(data)
            added += 1
    print(f"{added} games added; {len(store.finished())} in {args.out}")


if __name__ == "__main__":
    main()
