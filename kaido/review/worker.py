"""What the web server's worker processes run (kaido/server/reviews.py): a finished game's
review, telling its progress on a queue, and the bot's best moves for a hint."""

from __future__ import annotations

import os
from multiprocessing.connection import Connection
from typing import Any

from kaido.core.game import Game
from kaido.core.records import Record, replay
from kaido.games import get_game
from kaido.review.estimate import default_estimator
from kaido.review.review import point_rng, review_record
from kaido.server.lifeline import end_with_server

HINT_MOVES = 3
HINT_SEED = 0x48494E54
"""Hints' own seed (any fixed number unrelated to games' seeds, as reviews have)."""
PROGRESS_EVERY = 0.02
"""A review tells its progress after each such share of its points."""
NICENESS = 10
"""Reviews and hints yield the processor to the server and its bots."""

_updates: Any = None
"""The connection this process tells its reviews' progress on."""


def start_worker(updates: Any, server: Connection) -> None:
    """Set up a worker process: where it tells progress, a lower priority, and its end
    with the server (`server`: kaido/server/lifeline.py)."""
    global _updates
    _updates = updates
    os.nice(NICENESS)
    end_with_server(server)


def sendable(game: Game[Any]) -> Game[Any] | str:
    """How a job names its game: Kaido's own games by id (the worker imports them), any
    other (a plug-in registered at run time) by the object itself."""
    return game.id if type(game).__module__.startswith("kaido.games.") else game


def _game(game: Game[Any] | str) -> Game[Any]:
    return get_game(game) if isinstance(game, str) else game


def review_job(
    table_id: str, game: Game[Any] | str, record_json: dict[str, Any], worlds: int
) -> dict[str, Any]:
    """The review of a table's record (JSON), its progress told as (table id, share)."""
    record = Record.from_json(record_json)
    told = -1.0

    def progress(done: int, total: int) -> None:
        nonlocal told
        share = done / total
        if share - told >= PROGRESS_EVERY or done == total:
            told = share
            _updates.send((table_id, share))

    game = _game(game)
    estimator = default_estimator(game, worlds)
    return review_record(game, record, estimator, progress=progress).to_json()


def hint_moves(
    game: Game[Any] | str, record_json: dict[str, Any], seat: int, worlds: int
) -> list[dict[str, Any]]:
    """The bot's best moves for `seat`, who decides at the end of the record (JSON), with
    the chance after each, from the seat's view alone."""
    record = Record.from_json(record_json)
    game = _game(game)
    state = replay(game, record)
    rng = point_rng(HINT_SEED, len(record.actions), seat)
    estimate = default_estimator(game, worlds).estimate(game, state, seat, rng)
    if not estimate.moves:  # one move only
        (only,) = game.search_actions(state, game.legal_actions(state))[:1]
        return [{"action": only.to_json(), "chance": round(estimate.chance, 4)}]
    return [
        {"action": m.action.to_json(), "chance": round(m.chance, 4)}
        for m in estimate.moves[:HINT_MOVES]
    ]
