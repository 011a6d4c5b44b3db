"""Per-game leaderboards of the web server: openskill ratings of people and bots alike from
finished rated games, and each player's games with their rating after each.

A rated game is a finished table that is not private (friends' invitation games are not
rated). People are their account names, bots `bot:LEVEL` (`bot:easy`, `bot:normal`,
`bot:strong`: each level is rated as one player). Ratings are computed from the stored
records in the order the games ended, and recomputed only when another game has ended
since.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session

from kaido.core.records import Record
from kaido.core.result import Result
from kaido.games import game_ids
from kaido.server.db import ActionRow, SeatRow, TableRow, UserRow
from kaido.server.errors import NotFound
from kaido.tournament.ratings import Played, Standings, standings

BOT_PREFIX = "bot:"


@dataclass(frozen=True)
class FinishedTable:
    id: str
    finished_at: float
    record: Record
    """`players` holds who sat in each seat: an account name or `bot:LEVEL`."""


def finished_tables(
    session: Session, game_id: str, *, rated_only: bool = False
) -> list[FinishedTable]:
    """The finished tables of `game_id`, in the order they ended."""
    query = select(TableRow).where(TableRow.game == game_id, TableRow.status == "finished")
    if rated_only:
        query = query.where(TableRow.private.is_(False))
    rows = session.scalars(query.order_by(TableRow.updated_at, TableRow.id)).all()
    return [FinishedTable(row.id, row.updated_at, _record(session, row)) for row in rows]


def _record(session: Session, table: TableRow) -> Record:
    seats = session.scalars(
        select(SeatRow).where(SeatRow.table_id == table.id).order_by(SeatRow.seat)
    ).all()
    names = []
    for seat in seats:
        user = session.get(UserRow, seat.user_id) if seat.user_id is not None else None
        names.append(user.name if user is not None else f"{BOT_PREFIX}{seat.bot}")
    actions = session.scalars(
        select(ActionRow.action).where(ActionRow.table_id == table.id).order_by(ActionRow.ply)
    ).all()
    result = Result.from_json(table.result) if table.result else None
    return Record(
        table.game, table.rules_version, table.options, table.seed, list(actions), result, names
    )


def rate(tables: Sequence[FinishedTable]) -> Standings:
    """Standings of everyone in `tables` (any player counts: seats beyond a game's count
    stay empty)."""
    names = list(dict.fromkeys(n for t in tables for n in t.record.players or ()))
    played = [
        Played(tuple(t.record.players or ()), t.record.result.scores, t.record.result.ranks)
        for t in tables
        if t.record.result is not None
    ]
    seats = max((len(p.seats) for p in played), default=1)
    return standings(names, seats, played)


class Leaderboards:
    """Ratings per game, recomputed when the number or the last of its rated games changes."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._cache: dict[str, tuple[tuple[int, float | None], list[FinishedTable], Standings]]
        self._cache = {}
        self._lock = threading.Lock()

    def _current(self, game_id: str) -> tuple[list[FinishedTable], Standings]:
        if game_id not in game_ids():
            raise NotFound(f"no game {game_id!r}")
        with Session(self.engine) as session:
            key = session.execute(
                select(func.count(), func.max(TableRow.updated_at)).where(
                    TableRow.game == game_id,
                    TableRow.status == "finished",
                    TableRow.private.is_(False),
                )
            ).one()
            stamp = (int(key[0]), key[1])
            with self._lock:
                cached = self._cache.get(game_id)
                if cached is not None and cached[0] == stamp:
                    return cached[1], cached[2]
            tables = finished_tables(session, game_id, rated_only=True)
        table = rate(tables)
        with self._lock:
            self._cache[game_id] = (stamp, tables, table)
        return tables, table

    def board(self, game_id: str) -> dict[str, Any]:
        tables, table = self._current(game_id)
        return {
            "game": game_id,
            "games": len(tables),
            "players": [
                {
                    "name": row.bot,
                    "bot": row.bot.startswith(BOT_PREFIX),
                    "rating": round(row.mu, 2),
                    "sigma": round(row.sigma, 2),
                    "rating_95": [round(x, 2) for x in row.rating_interval],
                    "games": row.games,
                    "wins": round(row.wins, 2),
                    "win_rate": round(row.win_rate, 4),
                }
                for row in table.bots
            ],
        }

    def player(self, game_id: str, name: str) -> dict[str, Any]:
        """`name`'s rated games of `game_id`, each with their rating after it."""
        tables, table = self._current(game_id)
        mine = [t for t in tables if name in (t.record.players or ())]
        if not mine:
            raise NotFound(f"{name!r} has no rated {game_id} game")
        history = table.history[name]
        games = []
        for entry, (_, mu, sigma) in zip(mine, history, strict=True):
            players = entry.record.players or []
            result = entry.record.result
            assert result is not None
            seat = players.index(name)
            games.append(
                {
                    "table": entry.id,
                    "finished_at": entry.finished_at,
                    "players": players,
                    "seat": seat,
                    "place": result.ranks[seat],
                    "score": result.scores[seat],
                    "rating": round(mu, 2),
                    "sigma": round(sigma, 2),
                }
            )
        return {"game": game_id, "name": name, "games": games}


def add_leaderboard_routes(app: FastAPI, boards: Leaderboards) -> None:
    @app.get("/api/leaderboards/{game_id}")
    def board(game_id: str) -> dict[str, Any]:
        return boards.board(game_id)

    @app.get("/api/leaderboards/{game_id}/players/{name}")
    def player(game_id: str, name: str) -> dict[str, Any]:
        return boards.player(game_id, name)
