"""Player tournaments: a signed-in player makes one for a game (Swiss rounds or single
elimination, seats per table, a start time or "when full", a time limit per round, rated or
not, bots to fill the places left at the start); players register; the director starts it,
makes each round's tables and starts them, reads their results and makes the next round
(arithmetic in kaido/server/pairing.py).

Everything is in the database (tournaments, their entrants, their games and who came to
their table), so the director, run by one process every second (kaido/server/duties.py),
goes on after a restart from where the tournament stands. A table of a tournament is an
ordinary table with a move clock: a player whose clock runs out is played by a bot until
they take their seat back. A player who has not come to their table (opened it or made a
decision there) by the round's time limit, or by the end of their game if it ends first,
is a no-show: they forfeit that game (placed last at it) and a bot plays their seat on.
"""

from __future__ import annotations

import logging
import random
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any, Literal

from fastapi import FastAPI, Request
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import Engine, func, select
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from kaido.core.errors import KaidoError
from kaido.games import get_game
from kaido.server import pairing
from kaido.server.bots import LEVELS
from kaido.server.db import (
    EntrantRow,
    PresenceRow,
    SeatRow,
    TableRow,
    TournamentGameRow,
    TournamentRow,
    UserRow,
)
from kaido.server.errors import BadRequest, Conflict, Forbidden, NotFound
from kaido.server.pairing import Played
from kaido.server.runtime import TableRuntime
from kaido.server.store import User
from kaido.server.tables import MAX_MOVE_SECONDS, SeatRequest, TableManager

log = logging.getLogger("kaido.server")

MAX_ENTRANTS = 64
MAX_ROUNDS = 12
PRESENCE_CACHE = 10_000
"""Tables whose absent players each process remembers (the others are read again)."""


class TournamentIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(min_length=1, max_length=80)
    game: str = Field(max_length=40)
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    format: Literal["swiss", "elimination"] = "swiss"
    rounds: int = 3
    """Swiss rounds (an elimination plays as many as it takes)."""
    seats: int = 2
    capacity: int = 8
    start_at: float | None = None
    """Epoch seconds; None: when full."""
    start_when_full: bool = True
    round_minutes: float = 60
    move_seconds: int = 120
    rated: bool = False
    bot_level: str | None = None
    """Bots of this level fill the places left at the start; None: none."""


class Tournaments:
    def __init__(self, engine: Engine, tables: TableManager, clock: Callable[[], float]) -> None:
        self.engine = engine
        self._session = sessionmaker(engine, expire_on_commit=False)
        self.tables = tables
        self.clock = clock
        self._random = random.SystemRandom()
        self._ticking = threading.Lock()
        self._absent: OrderedDict[str, set[int]] = OrderedDict()
        """Per table: the tournament players who have not come to it yet (empty: none, or
        not a tournament table)."""
        self._absent_lock = threading.Lock()

    # ---- making and joining -------------------------------------------------------------

    def create(self, user: User, body: TournamentIn) -> dict[str, Any]:
        game = self._check(body)
        now = self.clock()
        row = TournamentRow(
            id=secrets.token_urlsafe(9),
            name=body.name.strip(),
            game=game,
            options=dict(body.options),
            format=body.format,
            rounds=body.rounds if body.format == "swiss" else 0,
            seats=body.seats,
            capacity=body.capacity,
            start_at=body.start_at,
            start_when_full=body.start_when_full,
            round_seconds=round(body.round_minutes * 60),
            move_seconds=body.move_seconds,
            rated=body.rated,
            bot_level=body.bot_level,
            created_by=user.id,
            created_at=now,
            status="registering",
        )
        with self._session() as session, session.begin():
            session.add(row)
        return self.register(user, row.id)

    def _check(self, body: TournamentIn) -> str:
        try:
            game = get_game(body.game)
            game.make_options({**body.options, "players": body.seats})
        except KaidoError as error:
            raise BadRequest(str(error)) from None
        if body.seats not in game.player_counts:
            counts = ", ".join(map(str, game.player_counts))
            raise BadRequest(f"seats per table: {game.id} is played by {counts} players")
        least = min(game.player_counts)
        if not max(least, 2) <= body.capacity <= MAX_ENTRANTS:
            raise BadRequest(f"capacity is {max(least, 2)} to {MAX_ENTRANTS} players")
        if body.format == "swiss" and not 1 <= body.rounds <= MAX_ROUNDS:
            raise BadRequest(f"a Swiss tournament plays 1 to {MAX_ROUNDS} rounds")
        if not 1 <= body.round_minutes <= MAX_MOVE_SECONDS / 60:
            raise BadRequest("a round's time limit is 1 minute to 30 days")
        if not 10 <= body.move_seconds <= MAX_MOVE_SECONDS:
            raise BadRequest("the move clock is 10 seconds to 30 days")
        if body.start_at is None and not body.start_when_full:
            raise BadRequest("a tournament starts at a time, or when full (or both)")
        if body.start_at is not None and body.start_at < self.clock():
            raise BadRequest("the start time has passed")
        if body.bot_level is not None and body.bot_level not in LEVELS:
            raise BadRequest(f"bot_level is one of {', '.join(LEVELS)}, or null")
        return game.id

    def register(self, user: User, tournament_id: str) -> dict[str, Any]:
        with self._session() as session, session.begin():
            row = self._row(session, tournament_id, lock=True)
            if row.status != "registering":
                raise Conflict("registration is closed: the tournament has started")
            entrants = session.scalars(
                select(EntrantRow).where(EntrantRow.tournament_id == row.id)
            ).all()
            if any(e.user_id == user.id for e in entrants):
                raise Conflict("you are registered already")
            if len(entrants) >= row.capacity:
                raise Conflict("the tournament is full")
            number = max((e.number for e in entrants), default=-1) + 1
            session.add(
                EntrantRow(tournament_id=row.id, number=number, user_id=user.id, name=user.name)
            )
        return self.get(tournament_id, user)

    def unregister(self, user: User, tournament_id: str) -> dict[str, Any]:
        with self._session() as session, session.begin():
            row = self._row(session, tournament_id, lock=True)
            if row.status != "registering":
                raise Conflict("the tournament has started; a bot cannot take your place now")
            entrant = session.scalar(
                select(EntrantRow).where(
                    EntrantRow.tournament_id == row.id, EntrantRow.user_id == user.id
                )
            )
            if entrant is None:
                raise Conflict("you are not registered")
            session.delete(entrant)
        return self.get(tournament_id, user)

    def _row(self, session: Session, tournament_id: str, *, lock: bool = False) -> TournamentRow:
        query = select(TournamentRow).where(TournamentRow.id == tournament_id)
        row = session.scalar(query.with_for_update() if lock else query)
        if row is None:
            raise NotFound(f"no tournament {tournament_id!r}")
        return row

    # ---- reading ------------------------------------------------------------------------

    def listed(self) -> dict[str, Any]:
        with self._session() as session:
            counts = dict(
                session.execute(
                    select(EntrantRow.tournament_id, func.count()).group_by(
                        EntrantRow.tournament_id
                    )
                ).all()
            )
            rows = session.scalars(
                select(TournamentRow)
                .where(TournamentRow.status != "cancelled")
                .order_by(TournamentRow.created_at.desc())
                .limit(100)
            ).all()
            return {"tournaments": [self._summary(row, counts.get(row.id, 0)) for row in rows]}

    def _summary(self, row: TournamentRow, entrants: int) -> dict[str, Any]:
        return {
            "id": row.id,
            "name": row.name,
            "game": row.game,
            "options": row.options,
            "format": row.format,
            "rounds": row.rounds,
            "seats": row.seats,
            "capacity": row.capacity,
            "entrants": entrants,
            "start_at": row.start_at,
            "start_when_full": row.start_when_full,
            "round_seconds": row.round_seconds,
            "move_seconds": row.move_seconds,
            "rated": row.rated,
            "bot_level": row.bot_level,
            "status": row.status,
            "round": row.round,
            "round_started_at": row.round_started_at,
            "round_ends_at": (
                row.round_started_at + row.round_seconds if row.round_started_at else None
            ),
            "created_by": row.created_by,
        }

    def get(self, tournament_id: str, user: User | None) -> dict[str, Any]:
        """The tournament's page: its settings, entrants, rounds and standings."""
        with self._session() as session:
            row = self._row(session, tournament_id)
            entrants = session.scalars(
                select(EntrantRow)
                .where(EntrantRow.tournament_id == row.id)
                .order_by(EntrantRow.number)
            ).all()
            games = session.execute(
                select(TournamentGameRow, TableRow.status)
                .outerjoin(TableRow, TableRow.id == TournamentGameRow.table_id)
                .where(TournamentGameRow.tournament_id == row.id)
                .order_by(TournamentGameRow.round, TournamentGameRow.board)
            ).all()
            summary = self._summary(row, len(entrants))
        names = {e.number: e.name for e in entrants}
        standings = self._standings(row, entrants, [game for game, _status in games])
        return {
            **summary,
            "entrants": [
                {"number": e.number, "name": e.name, "bot": e.bot, "user_id": e.user_id}
                for e in entrants
            ],
            "registered": user is not None and any(e.user_id == user.id for e in entrants),
            "games": [
                {
                    "round": game.round,
                    "board": game.board,
                    "table": game.table_id,
                    "table_status": status,
                    "entrants": game.entrants,
                    "names": [names.get(n, "?") for n in game.entrants],
                    "places": game.places,
                    "forfeits": game.forfeits,
                }
                for game, status in games
            ],
            "standings": [
                {
                    "rank": s.rank,
                    "entrant": s.entrant,
                    "name": names.get(s.entrant, "?"),
                    "points": s.points,
                    "buchholz": s.buchholz,
                    "wins": round(s.wins, 3),
                }
                for s in standings
            ],
        }

    def _standings(
        self,
        row: TournamentRow,
        entrants: Sequence[EntrantRow],
        games: Sequence[TournamentGameRow],
    ) -> list[pairing.Standing]:
        draws = {e.number: e.draw if e.draw is not None else e.number for e in entrants}
        played = [played_of(game) for game in games if game.places is not None]
        if row.format == "elimination":
            return pairing.elimination_standings(draws, played, row.seats)
        return pairing.standings(draws, played, row.seats)

    # ---- the director -------------------------------------------------------------------

    def tick(self) -> None:
        """Start what is due, read the results of the rounds in play, make the next ones."""
        with self._ticking:
            with self._session() as session:
                ids = session.scalars(
                    select(TournamentRow.id).where(
                        TournamentRow.status.in_(("registering", "running"))
                    )
                ).all()
            for tournament_id in ids:
                try:
                    self._direct(tournament_id)
                except (KaidoError, SQLAlchemyError) as error:
                    log.error("tournament %s: %s", tournament_id, error)

    def _direct(self, tournament_id: str) -> None:
        now = self.clock()
        with self._session() as session:
            row = self._row(session, tournament_id)
            entrants = session.scalars(
                select(EntrantRow).where(EntrantRow.tournament_id == row.id)
            ).all()
            if row.status == "registering":
                due = row.start_at is not None and now >= row.start_at
                full = row.start_when_full and len(entrants) >= row.capacity
                if due or full:
                    self._start(row.id)
                return
            games = session.scalars(
                select(TournamentGameRow).where(
                    TournamentGameRow.tournament_id == row.id,
                    TournamentGameRow.round == row.round,
                )
            ).all()
            deadline = (row.round_started_at or now) + row.round_seconds
        for game in games:
            if game.places is None:
                self._follow(row, game, entrants, now >= deadline)
        with self._session() as session:
            open_games = session.scalar(
                select(func.count()).where(
                    TournamentGameRow.tournament_id == row.id,
                    TournamentGameRow.round == row.round,
                    TournamentGameRow.places.is_(None),
                )
            )
        if not open_games:
            self._next_round(row.id)

    def _start(self, tournament_id: str) -> None:
        """Bots fill the places left (if asked), the draw is made, round 1 begins; with
        too few players to play, the tournament is cancelled."""
        with self._session() as session, session.begin():
            row = self._row(session, tournament_id, lock=True)
            if row.status != "registering":
                return
            entrants = list(
                session.scalars(select(EntrantRow).where(EntrantRow.tournament_id == row.id))
            )
            number = max((e.number for e in entrants), default=-1) + 1
            if row.bot_level is not None:
                for k in range(row.capacity - len(entrants)):
                    bot = EntrantRow(
                        tournament_id=row.id,
                        number=number + k,
                        bot=row.bot_level,
                        name=f"Bot {k + 1} ({row.bot_level})",
                    )
                    session.add(bot)
                    entrants.append(bot)
            allowed = get_game(row.game).player_counts
            if not pairing.table_sizes(len(entrants), row.seats, allowed)[0] or not any(
                e.user_id is not None for e in entrants
            ):
                row.status = "cancelled"
                return
            order = list(range(len(entrants)))
            self._random.shuffle(order)
            for entrant, draw in zip(entrants, order, strict=True):
                entrant.draw = draw
            row.status = "running"
        self._next_round(tournament_id)

    def _next_round(self, tournament_id: str) -> None:
        """The round after the last one finished: its tables made and started; or the end."""
        with self._session() as session, session.begin():
            row = self._row(session, tournament_id, lock=True)
            entrants = list(
                session.scalars(select(EntrantRow).where(EntrantRow.tournament_id == row.id))
            )
            games = list(
                session.scalars(
                    select(TournamentGameRow).where(TournamentGameRow.tournament_id == row.id)
                )
            )
            if row.status != "running" or any(g.places is None for g in games):
                return
            tables, byes = self._pairing(row, entrants, games)
            if not tables:
                row.status = "finished"
                return
            row.round += 1
            row.round_started_at = self.clock()
            for board, bye in enumerate(byes, start=len(tables)):
                session.add(
                    TournamentGameRow(
                        tournament_id=row.id,
                        round=row.round,
                        board=board,
                        table_id=None,
                        entrants=[bye],
                        places=[1],
                        forfeits=[],
                    )
                )
            for board, table in enumerate(tables):
                session.add(
                    TournamentGameRow(
                        tournament_id=row.id,
                        round=row.round,
                        board=board,
                        entrants=table,
                        forfeits=[],
                    )
                )
            seating = (row.id, row.round, row.game, row.options, row.rated, row.move_seconds)
            creator = row.created_by
        by_number = {e.number: e for e in entrants}
        for board, table in enumerate(tables):
            self._open_table(seating, creator, board, [by_number[n] for n in table])

    def _pairing(
        self, row: TournamentRow, entrants: list[EntrantRow], games: list[TournamentGameRow]
    ) -> tuple[list[list[int]], list[int]]:
        """The next round's tables and byes; no tables: the tournament is over."""
        allowed = get_game(row.game).player_counts
        draws = {e.number: e.draw if e.draw is not None else e.number for e in entrants}
        played = [played_of(game) for game in games]
        if row.format == "swiss":
            if row.round >= row.rounds:
                return [], []
            return pairing.swiss_round(draws, played, row.seats, allowed)
        alive = sorted(draws, key=lambda e: draws[e])
        if row.round > 0:
            last = [g for g in played if g.round == row.round]
            going = {pairing.winner(g, draws) for g in last}
            alive = [e for e in alive if e in going]
        if len(alive) < 2:
            return [], []
        return pairing.elimination_round(alive, row.seats, allowed)

    def _open_table(
        self,
        seating: tuple[str, int, str, dict[str, Any], bool, int],
        creator: int,
        board: int,
        players: list[EntrantRow],
    ) -> None:
        tournament_id, round_, game, options, rated, move_seconds = seating
        self._random.shuffle(players)
        seats = [SeatRequest("bot", p.bot) if p.bot else SeatRequest("human") for p in players]
        with self._session() as session:
            users = {
                u.id: User(u.id, u.name, u.is_guest)
                for u in session.scalars(
                    select(UserRow).where(UserRow.id.in_([p.user_id for p in players]))
                )
            }
        held = [users[p.user_id] if p.user_id is not None else None for p in players]
        runtime = self.tables.create_seated(
            game,
            options,
            seats,
            held,
            created_by=creator,
            private=not rated,
            move_seconds=move_seconds,
        )
        with self._session() as session, session.begin():
            stored = session.get(TournamentGameRow, (tournament_id, round_, board))
            assert stored is not None
            stored.table_id = runtime.id
            stored.entrants = [p.number for p in players]
        self._forget(runtime.id)

    def _follow(
        self,
        row: TournamentRow,
        game: TournamentGameRow,
        entrants: Sequence[EntrantRow],
        late: bool,
    ) -> None:
        """A table of the round in play: its places once it ended; at the round's time
        limit, its no-shows retired."""
        if game.table_id is None:  # made but not started: a restart came between
            by_number = {e.number: e for e in entrants}
            seating = (row.id, row.round, row.game, row.options, row.rated, row.move_seconds)
            players = [by_number[n] for n in game.entrants]
            self._open_table(seating, row.created_by, game.board, players)
            return
        with self._session() as session:
            table = session.get(TableRow, game.table_id)
            present = set(
                session.scalars(
                    select(PresenceRow.user_id).where(PresenceRow.table_id == game.table_id)
                )
            )
            people = set(  # the seats a person still plays (a no-show retired is a bot's)
                session.scalars(
                    select(SeatRow.seat).where(
                        SeatRow.table_id == game.table_id, SeatRow.kind == "human"
                    )
                )
            )
        assert table is not None
        users = {e.number: e.user_id for e in entrants}
        absent = [n for n in game.entrants if users.get(n) is not None and users[n] not in present]
        if table.status in ("finished", "abandoned"):
            self._finish(row.id, game, table, absent)
        elif late:
            for seat, number in enumerate(game.entrants):
                if number in absent and seat in people:
                    self.tables.retire_seat(game.table_id, seat)

    def _finish(
        self, tournament_id: str, game: TournamentGameRow, table: TableRow, absent: list[int]
    ) -> None:
        ranks = table.result["ranks"] if table.result else [1] * len(game.entrants)
        keys = [
            (number not in absent, -rank) for number, rank in zip(game.entrants, ranks, strict=True)
        ]
        places = [1 + sum(1 for other in keys if other > mine) for mine in keys]
        with self._session() as session, session.begin():
            stored = session.get(TournamentGameRow, (tournament_id, game.round, game.board))
            assert stored is not None
            stored.places, stored.forfeits = places, absent

    # ---- who came to their table --------------------------------------------------------

    def changed(self, runtime: TableRuntime) -> None:
        return None

    def seen(self, runtime: TableRuntime, user_id: int) -> None:
        """A player opened their table or acted there: they came (once is enough)."""
        table_id = runtime.id
        if user_id not in self._absent_of(table_id):
            return
        try:
            with self._session() as session, session.begin():
                session.add(PresenceRow(table_id=table_id, user_id=user_id))
        except IntegrityError:
            pass  # told twice at once
        with self._absent_lock:
            self._absent.get(table_id, set()).discard(user_id)

    def _absent_of(self, table_id: str) -> set[int]:
        with self._absent_lock:
            if table_id in self._absent:
                self._absent.move_to_end(table_id)
                return self._absent[table_id]
        with self._session() as session:
            game = session.scalar(
                select(TournamentGameRow).where(TournamentGameRow.table_id == table_id)
            )
            absent: set[int] = set()
            if game is not None:
                users = session.scalars(
                    select(EntrantRow.user_id).where(
                        EntrantRow.tournament_id == game.tournament_id,
                        EntrantRow.number.in_(game.entrants),
                        EntrantRow.user_id.is_not(None),
                    )
                )
                came = session.scalars(
                    select(PresenceRow.user_id).where(PresenceRow.table_id == table_id)
                )
                absent = {u for u in users if u is not None} - set(came)
        with self._absent_lock:
            self._absent[table_id] = absent
            while len(self._absent) > PRESENCE_CACHE:
                self._absent.popitem(last=False)
        return absent

    def _forget(self, table_id: str) -> None:
        with self._absent_lock:
            self._absent.pop(table_id, None)


def played_of(game: TournamentGameRow) -> Played:
    assert game.places is not None
    return Played(game.round, tuple(game.entrants), tuple(game.places))


def add_tournament_routes(
    app: FastAPI,
    tournaments: Tournaments,
    signed_in: Callable[[Request], User],
    current_user: Callable[[Request], User | None],
) -> None:
    @app.get("/api/tournaments")
    def listed() -> dict[str, Any]:
        return tournaments.listed()

    @app.post("/api/tournaments")
    def create(body: TournamentIn, request: Request) -> dict[str, Any]:
        user = signed_in(request)
        if user.is_guest:
            raise Forbidden("guests cannot make tournaments; create an account")
        return tournaments.create(user, body)

    @app.get("/api/tournaments/{tournament_id}")
    def one(tournament_id: str, request: Request) -> dict[str, Any]:
        return tournaments.get(tournament_id, current_user(request))

    @app.post("/api/tournaments/{tournament_id}/register")
    def register(tournament_id: str, request: Request) -> dict[str, Any]:
        return tournaments.register(signed_in(request), tournament_id)

    @app.post("/api/tournaments/{tournament_id}/unregister")
    def unregister(tournament_id: str, request: Request) -> dict[str, Any]:
        return tournaments.unregister(signed_in(request), tournament_id)
