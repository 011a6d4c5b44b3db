"""The web application: JSON API, the table WebSocket and the browser client's files."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import threading
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any, Literal, TypeVar
from urllib.parse import urlsplit

from anyio import to_thread
from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.sessions import SessionMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kaido.core.errors import KaidoError
from kaido.core.game import LANGS, Game
from kaido.games import all_games, get_game
from kaido.server import auth
from kaido.server.bots import BotLevels
from kaido.server.chat import Chat
from kaido.server.config import Settings
from kaido.server.duties import Duties
from kaido.server.errors import (
    BadRequest,
    Elsewhere,
    NotFound,
    NotSignedIn,
    TooMany,
    error_body,
)
from kaido.server.geometry import board_geometry, geometry_module
from kaido.server.leaderboard import Leaderboards, add_leaderboard_routes
from kaido.server.limits import DatabaseStorage, Hashing, Limits, SocketRate
from kaido.server.matchmaking import Matchmaker, add_quickmatch_routes
from kaido.server.messages import json_text
from kaido.server.names import name_key
from kaido.server.nodes import Bus, Node, NotifyBus
from kaido.server.notify import TurnMail, add_mail_routes
from kaido.server.reviews import Reviews, add_review_routes
from kaido.server.rulesdoc import rules_summary
from kaido.server.runtime import TableRuntime
from kaido.server.store import Store, TableInfo, User
from kaido.server.tables import SeatRequest, TableManager
from kaido.server.thinking import Thinkers
from kaido.server.tournaments import Tournaments, add_tournament_routes
from kaido.server.turns import Turns
from kaido.server.workers import Workers

log = logging.getLogger("kaido.server")
T = TypeVar("T")

WEB = Path(str(resources.files("kaido.web")))
SESSION_DAYS = 30
HOUSEKEEPING_SECONDS = 600
SESSIONS_RECHECK_SECONDS = auth.Sessions.MEMORY_SECONDS / 2
"""Remembered sessions are asked about together this often: within their minute."""
SOCKET_THREADS = 40
"""Sockets' messages served at once (as many as AnyIO's threads): a move waits for its
group commit, so many are needed for moves to share one."""
SECURITY_HEADERS = {
    "content-security-policy": "default-src 'self'; img-src 'self' data:; "
    "style-src 'self'; connect-src 'self'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
}


# ---- request bodies ---------------------------------------------------------------------


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class GuestIn(Body):
    name: str | None = Field(default=None, max_length=100)  # the name to play under


class Credentials(Body):
    name: str = Field(max_length=100)
    password: str = Field(max_length=auth.MAX_PASSWORD)


class NewPassword(Body):
    password: str = Field(max_length=auth.MAX_PASSWORD)
    new_password: str = Field(max_length=auth.MAX_PASSWORD)


class SeatIn(Body):
    kind: Literal["human", "bot"]
    bot: str | None = Field(default=None, max_length=80)


class CreateTableIn(Body):
    game: str = Field(max_length=40)
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    seats: list[SeatIn] = Field(min_length=1, max_length=12)
    my_seat: int | None = 0
    private: bool = False
    move_seconds: int = 0
    pass_and_play: bool = False
    hints: bool = False


class PreferencesIn(Body):
    ignore_offers: bool | None = None
    auto_forced: bool | None = None


class JoinIn(Body):
    seat: int | None = None


class ActIn(Body):
    action: list[Any] = Field(max_length=16)
    move: int


class KickIn(Body):
    seat: int


class MoveIn(Body):
    move: int


class ChatIn(Body):
    text: str = Field(max_length=4000)


# ---- the application --------------------------------------------------------------------


class Services:
    """What the handlers share: the store, the tables and the background workers; with
    `settings.node_address`, this process's place among the nodes of the server."""

    def __init__(self, settings: Settings) -> None:
        settings.prepare()
        assert settings.database_url is not None
        self.settings = settings
        self.store = Store(settings.database_url)
        self.node: Node | None = None
        self.shared_counts: DatabaseStorage | None = None
        if settings.node_address is None:
            self.bus: Bus = Bus()
        else:
            engine = self.store.engine
            if engine.dialect.name != "postgresql":
                raise KaidoError("the nodes of one server share a PostgreSQL database")
            self.bus = NotifyBus(engine)
            self.node = Node(engine, settings.node_address, self.bus, settings.node_ttl)
            self.shared_counts = DatabaseStorage(engine)
        self.sessions = auth.Sessions(self.store, self.bus)
        self.limits = Limits(settings.rate_limits, self.shared_counts)
        self.hashing = Hashing(settings.hash_workers, queue=16)
        self.workers = Workers()
        self.socket_threads = ThreadPoolExecutor(SOCKET_THREADS, thread_name_prefix="kaido-socket")
        """Where sockets' messages (moves above all) are served: handed over with
        `loop.run_in_executor`, about half the CPU of AnyIO's `to_thread` per message."""
        self.thinkers = Thinkers(settings.bot_workers)
        self.leaderboards = Leaderboards(self.store.engine)
        self.tables = TableManager(
            self.store,
            settings,
            self.workers,
            self.thinkers,
            self.bus,
            self.node,
            finished=self.leaderboards.record,
        )
        self.chat = Chat(self.store, self.tables, self.limits, self.bus)
        self.reviews = Reviews(
            self.store,
            self.tables,
            review_workers=settings.review_workers,
            review_worlds=settings.review_worlds,
            hint_worlds=settings.hint_worlds,
        )
        for game in all_games():
            self.tables.levels.check(game)
        self.turns = Turns(self.store.engine, settings.clock)
        self.tables.observers.append(self.turns)
        self.matchmaker = Matchmaker(
            self.store.engine,
            self.tables,
            settings.clock,
            self.ratings,
            {"realtime": settings.quick_move_seconds, "turn-based": settings.turn_move_seconds},
        )
        self.mail = TurnMail(self.store.engine, settings)
        self.tournaments = Tournaments(self.store.engine, self.tables, settings.clock)
        self.tables.observers.append(self.tournaments)
        self.duties = Duties(
            [
                ("the matchmaker", self.matchmaker.tick),
                ("turn mail", self.mail.tick),
                ("the tournament director", self.tournaments.tick),
            ],
            settings.duty_seconds,
            self.node.leads if self.node is not None else lambda: True,
        )
        """Run by one process only: this one, or the node holding the duties' lock."""

    def ratings(self, game_id: str) -> dict[str, float]:
        """A game's leaderboard: each rated player's (and bot level's) rating."""
        board = self.leaderboards.board(game_id)
        return {row["name"]: float(row["rating"]) for row in board["players"]}

    def start(self) -> None:
        """Resume the tables in play (a node: join the others, which hand it its share)."""
        if self.node is not None:
            self.store.guard_writes(self.node)
            self.node.resume = self._resume_in_background
            self.node.start()
        # In the background: bots and clocks go on after a restart, games that ended
        # without a verdict get one, and reviews left queued are made.
        threading.Thread(target=self.tables.resume_all, daemon=True).start()
        threading.Thread(target=self.leaderboards.catch_up, daemon=True).start()
        threading.Thread(target=self.reviews.resume, daemon=True).start()
        threading.Thread(target=self.thinkers.warm_up, daemon=True).start()
        self.workers.later(HOUSEKEEPING_SECONDS, self.housekeeping, clock=True)
        self.workers.later(SESSIONS_RECHECK_SECONDS, self.recheck_sessions)
        self.duties.start()

    def housekeeping(self) -> None:
        """Now and then: remove guests who never played, free tables no one uses, rate the
        games that ended without a verdict."""
        try:
            older_than = time.time() - self.settings.guest_hours * 3600
            guests = self.store.remove_idle_guests(older_than)
            tables = self.tables.evict_idle()
            self.leaderboards.catch_up()
            if self.shared_counts is not None:
                self.shared_counts.forget_expired()
            log.info("housekeeping: %d idle guests removed, %d tables freed", guests, tables)
        except SQLAlchemyError as error:
            log.error("housekeeping failed: %s", str(error).splitlines()[0])
        self.workers.later(HOUSEKEEPING_SECONDS, self.housekeeping, clock=True)

    def recheck_sessions(self) -> None:
        """Every remembered session asked about together (`Sessions.recheck`), again and
        again, as a chore (never delaying a clock)."""
        try:
            self.sessions.recheck()
        except SQLAlchemyError as error:  # each is asked about alone once its minute ends
            log.error("rechecking sessions failed: %s", str(error).splitlines()[0])
        self.workers.later(SESSIONS_RECHECK_SECONDS, self.recheck_sessions)

    def _resume_in_background(self, table_ids: list[str]) -> None:
        if table_ids:
            threading.Thread(target=self.tables.resume, args=(table_ids,), daemon=True).start()

    def close(self) -> None:
        self.duties.stop()
        if self.node is not None:
            self.node.stop()
        self.tables.close()
        self.turns.close()
        self.reviews.close()
        self.hashing.shutdown()
        self.socket_threads.shutdown(wait=True, cancel_futures=True)
        self.store.close()
        if self.node is not None:  # the others take this node's tables over at once
            self.node.leave()


def create_app(settings: Settings) -> FastAPI:
    """The application: the only server of its database, or one node of several
    (`settings.node_address`)."""
    services = Services(settings)
    assert settings.secret_key is not None

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        services.start()
        yield
        services.close()

    app = FastAPI(title="Kaido", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.services = services
    app.add_middleware(
        SessionMiddleware,
        secret_key=settings.secret_key,
        session_cookie="kaido_session",
        max_age=SESSION_DAYS * 24 * 3600,
        same_site="lax",
        https_only=settings.secure_cookies,
    )
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    app.add_middleware(SameOrigin)
    _add_error_handlers(app)
    _add_account_routes(app, services)
    _add_lobby_routes(app, services)
    _add_table_routes(app, services)
    _add_socket(app, services)
    add_leaderboard_routes(app, services.leaderboards)
    add_review_routes(app, services.reviews, lambda request: signed_in(services, request), lang_of)
    add_quickmatch_routes(app, services.matchmaker, functools.partial(signed_in, services))
    add_mail_routes(app, services.mail, functools.partial(signed_in, services))
    add_tournament_routes(
        app,
        services.tournaments,
        functools.partial(signed_in, services),
        lambda request: current_user(services, request.session),
    )
    _add_client(app)
    return app


def _add_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(KaidoError)
    async def kaido_error(_request: Request, error: KaidoError) -> JSONResponse:
        status, body = error_body(error)
        return JSONResponse(body, status_code=status, headers=answer_headers(error, body))

    @app.exception_handler(SQLAlchemyError)
    async def database_away(_request: Request, error: SQLAlchemyError) -> JSONResponse:
        log.error("the database failed: %s", str(error).splitlines()[0])
        status, body = error_body(error)
        return JSONResponse(body, status_code=status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, error: StarletteHTTPException) -> JSONResponse:
        """Routing and parsing errors in the documented shape, not FastAPI's `detail`."""
        code = HTTP_CODES.get(error.status_code, "bad_request")
        body = {"error": str(error.detail).lower().rstrip("."), "code": code}
        return JSONResponse(body, status_code=error.status_code, headers=error.headers)

    @app.exception_handler(RequestValidationError)
    async def bad_body(_request: Request, error: RequestValidationError) -> JSONResponse:
        return JSONResponse(
            {"error": describe_validation(error.errors()), "code": "bad_request"}, status_code=400
        )

    @app.middleware("http")
    async def security_headers(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        response = await call_next(request)
        response.headers.update(SECURITY_HEADERS)
        return response


def answer_headers(error: Exception, body: dict[str, Any]) -> dict[str, str]:
    """Retry-After for answers that say when to come back (429); where a table lives for
    a request that reached another node (nginx follows it there: docs/server.md)."""
    if isinstance(error, Elsewhere):
        return {"x-accel-redirect": "@owner", "x-kaido-owner": error.owner}
    seconds = body.get("retry_after")
    return {} if seconds is None else {"retry-after": str(max(1, round(seconds)))}


def describe_validation(errors: Any) -> str:
    """One sentence for the first problem pydantic found in a request."""
    if not errors:
        return "bad request"
    first = errors[0]
    if first.get("type") == "json_invalid":
        return "the request body is not valid JSON"
    if tuple(first.get("loc", ())) == ("body",):
        return "the request body must be a JSON object"
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
    message = str(first.get("msg", "is not valid"))
    return f"{where}: {message}" if where else message


def current_user(services: Services, session: dict[str, Any]) -> User | None:
    """The user of the session cookie's token, if that session was not ended."""
    token = session.get("sid")
    if not isinstance(token, str):
        return None
    return services.sessions.user(token)


def client_address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def signed_in(services: Services, request: Request) -> User:
    user = current_user(services, request.session)
    if user is None:
        raise NotSignedIn("sign in (or play as a guest) first")
    return user


def user_json(user: User | None) -> dict[str, Any] | None:
    return None if user is None else {"id": user.id, "name": user.name, "guest": user.is_guest}


def _add_account_routes(app: FastAPI, services: Services) -> None:
    store, limits, sessions = services.store, services.limits, services.sessions

    def start_session(request: Request, user: User) -> dict[str, Any]:
        """A new session (and the end of the browser's previous one, if any)."""
        end_session(request)
        request.session["sid"] = sessions.start(user)
        return {"user": user_json(user)}

    def end_session(request: Request) -> None:
        token = request.session.get("sid")
        if isinstance(token, str):
            sessions.end(token)
        request.session.clear()

    async def signing_in(request: Request, name: str, job: Callable[[], T]) -> T:
        """`job` (which hashes a password) on the hashing pool, within the limits per
        client address and, for failures, per name and address: failures from another
        address never lock a name's owner out."""
        address = client_address(request)
        failures = f"{name_key(name)}\n{address}"
        limits.check(limits.sign_in_by_address, address)
        limits.check(limits.failures_by_name_and_address, failures, spend=False)
        try:
            return await services.hashing.run(job)
        except auth.AuthError:
            limits.failed(limits.failures_by_name_and_address, failures)
            raise

    @app.get("/api/me")
    def me(request: Request) -> dict[str, Any]:
        user = current_user(services, request.session)
        preferences = services.tables.preferences(user.id) if user else None
        return {"user": user_json(user), "preferences": preferences}

    @app.post("/api/preferences")
    def preferences(body: PreferencesIn, request: Request) -> dict[str, Any]:
        user = signed_in(services, request)
        values = body.model_dump(exclude_none=True)
        return {"preferences": services.tables.set_preferences(user, values)}

    @app.post("/api/register")
    async def register(body: Credentials, request: Request) -> dict[str, Any]:
        job = functools.partial(auth.register, store, body.name, body.password)
        user = await signing_in(request, body.name, job)
        return await to_thread.run_sync(start_session, request, user)

    @app.post("/api/login")
    async def login(body: Credentials, request: Request) -> dict[str, Any]:
        job = functools.partial(auth.sign_in, store, body.name, body.password)
        user = await signing_in(request, body.name, job)
        return await to_thread.run_sync(start_session, request, user)

    @app.post("/api/password")
    async def password(body: NewPassword, request: Request) -> dict[str, Any]:
        """A new password; every other session of the account ends."""
        user = await to_thread.run_sync(signed_in, services, request)
        job = functools.partial(auth.change_password, store, user, body.password, body.new_password)
        await signing_in(request, user.name, job)
        await to_thread.run_sync(sessions.end_others, user, request.session["sid"])
        return {"user": user_json(user)}

    @app.post("/api/guest")
    def guest(request: Request, body: GuestIn | None = None) -> dict[str, Any]:
        limits.check(limits.guests_by_address, client_address(request))
        return start_session(request, auth.new_guest(store, body.name if body else None))

    @app.post("/api/logout")
    def logout(request: Request) -> dict[str, Any]:
        end_session(request)
        return {"user": None}


def game_json(game: Game[Any], levels: BotLevels) -> dict[str, Any]:
    return {
        "id": game.id,
        "title": game.title,
        "player_counts": list(game.player_counts),
        "default_players": game.default_players or game.player_counts[-1],
        "options": [
            {
                "name": spec.name,
                "default": spec.default,
                "choices": list(spec.choices) if spec.choices is not None else None,
                "labels": {lang: spec.labels_in(lang) for lang in LANGS} if spec.choices else None,
                "help": {"en": spec.help, "ja": spec.help_ja or spec.help},
            }
            for spec in game.option_specs
        ],
        "bots": levels.describe(game),
        "offers": type(game).decline_offer is not Game.decline_offer,
        "renderer": (WEB / "boards" / f"{game.id}.js").is_file(),
        "geometry": geometry_module(game) is not None,
        "rules": rules_summary(game, "en") is not None,
    }


def table_summary(info: TableInfo, user: User | None) -> dict[str, Any]:
    return {
        "id": info.id,
        "game": info.game,
        "status": info.status,
        "private": info.private,
        "players": len(info.seats),
        "seats": [seat.to_json() for seat in info.seats],
        "free_seats": sum(1 for s in info.seats if s.kind == "human" and s.user_id is None),
        "mine": user is not None and any(s.user_id == user.id for s in info.seats),
        "created_at": info.created_at,
        "updated_at": info.updated_at,
        "move_seconds": info.move_seconds,
        "hints": info.hints,
        "result": info.result,
    }


def _add_lobby_routes(app: FastAPI, services: Services) -> None:
    tables = services.tables

    @app.get("/api/games")
    def games() -> dict[str, Any]:
        return {"games": [game_json(game, tables.levels) for game in all_games()]}

    @app.get("/api/games/{game_id}/rules")
    def rules(game_id: str, lang: str = "en") -> dict[str, Any]:
        try:
            game = get_game(game_id)
        except KaidoError:
            raise NotFound(f"no game {game_id!r}") from None
        text = rules_summary(game, lang_of(lang))
        if text is None:
            raise NotFound(f"{game_id} has no rules summary")
        return {"game": game_id, "lang": lang, "text": text}

    @app.get("/api/tables")
    def list_tables(request: Request, status: str = "open", mine: bool = False) -> dict[str, Any]:
        user = current_user(services, request.session)
        found = [table_summary(info, user) for info in tables.list_tables(status, user, mine=mine)]
        if user is not None and status == "playing":  # the games where it is your turn first
            turns = services.turns.waiting_for(user.id)
            for summary in found:
                summary["my_turn"] = summary["id"] in turns
            found.sort(key=lambda summary: not summary["my_turn"])
        return {"tables": found}

    @app.get("/api/turns")
    def my_turns(request: Request) -> dict[str, Any]:
        """The tables where it is your turn (for the pages' title and notifications)."""
        user = signed_in(services, request)
        turns = services.turns.waiting_for(user.id)
        return {"tables": [{"id": t, "since": since} for t, since in sorted(turns.items())]}

    @app.post("/api/tables")
    def create_table(body: CreateTableIn, request: Request) -> dict[str, Any]:
        user = signed_in(services, request)
        services.limits.check(services.limits.tables_by_address, client_address(request))
        runtime = tables.create(
            user,
            body.game,
            dict(body.options),
            [SeatRequest(seat.kind, seat.bot) for seat in body.seats],
            my_seat=body.my_seat,
            private=body.private,
            move_seconds=body.move_seconds,
            pass_and_play=body.pass_and_play,
            hints=body.hints,
        )
        return {"table": table_summary(runtime.info, user)}

    @app.post("/api/tables/{table_id}/join")
    def join(table_id: str, body: JoinIn, request: Request) -> dict[str, Any]:
        user = signed_in(services, request)
        return {"table": table_summary(tables.join(user, table_id, body.seat).info, user)}

    @app.post("/api/tables/{table_id}/leave")
    def leave(table_id: str, request: Request) -> dict[str, Any]:
        user = signed_in(services, request)
        return {"table": table_summary(tables.leave(user, table_id).info, user)}


def lang_of(value: str) -> str:
    if value not in LANGS:
        raise BadRequest(f"lang is one of {', '.join(LANGS)}")
    return value


def _add_table_routes(app: FastAPI, services: Services) -> None:
    tables = services.tables

    def acted(runtime: TableRuntime) -> dict[str, Any]:
        return {"ok": True, "version": runtime.info.version, "status": runtime.info.status}

    @app.get("/api/tables/{table_id}")
    def table_state(table_id: str, request: Request, lang: str = "en") -> dict[str, Any]:
        user = current_user(services, request.session)
        return tables.state(table_id, user, lang_of(lang))

    @app.get("/api/tables/{table_id}/geometry")
    def geometry(table_id: str) -> dict[str, Any]:
        runtime = tables.get(table_id)
        found = board_geometry(runtime.game, runtime.options)
        if found is None:
            raise NotFound(f"{runtime.game.id} has no board geometry; use the generic view")
        return found

    @app.post("/api/tables/{table_id}/act")
    def act(table_id: str, body: ActIn, request: Request) -> dict[str, Any]:
        user = signed_in(services, request)
        return acted(tables.act(user, table_id, body.action, body.move))

    @app.post("/api/tables/{table_id}/undo")
    def undo(table_id: str, body: MoveIn, request: Request) -> dict[str, Any]:
        user = signed_in(services, request)
        return acted(tables.undo(user, table_id, body.move))

    @app.post("/api/tables/{table_id}/take-back")
    def take_back(table_id: str, request: Request) -> dict[str, Any]:
        user = signed_in(services, request)
        return acted(tables.take_back_seat(user, table_id))

    @app.post("/api/tables/{table_id}/resign")
    def resign(table_id: str, request: Request) -> dict[str, Any]:
        user = signed_in(services, request)
        return acted(tables.resign(user, table_id))

    @app.post("/api/tables/{table_id}/abandon")
    def abandon(table_id: str, request: Request) -> dict[str, Any]:
        user = signed_in(services, request)
        return acted(tables.abandon(user, table_id))

    @app.post("/api/tables/{table_id}/kick")
    def kick(table_id: str, body: KickIn, request: Request) -> dict[str, Any]:
        user = signed_in(services, request)
        return acted(tables.kick(user, table_id, body.seat))

    @app.get("/api/tables/{table_id}/chat")
    def chat_lines(table_id: str) -> dict[str, Any]:
        return {"messages": services.chat.recent(table_id)}

    @app.post("/api/tables/{table_id}/chat")
    def chat(table_id: str, body: ChatIn, request: Request) -> dict[str, Any]:
        user = signed_in(services, request)
        return {"message": services.chat.post(user, table_id, body.text)}

    @app.get("/api/tables/{table_id}/record")
    def record(table_id: str) -> Response:
        record = tables.record(table_id)
        record.hints = services.reviews.hints_of(table_id) or None
        return Response(
            record.dumps(),
            media_type="application/json",
            headers={"content-disposition": f'attachment; filename="kaido-{table_id}.json"'},
        )

    @app.get("/api/tables/{table_id}/replay")
    def replay_log(table_id: str, seat: int | None = None, lang: str = "en") -> dict[str, Any]:
        return tables.replay_log(table_id, seat, lang_of(lang))

    @app.get("/api/tables/{table_id}/replay/{step}")
    def replay_step(
        table_id: str, step: int, seat: int | None = None, lang: str = "en"
    ) -> dict[str, Any]:
        return tables.replay_step(table_id, step, seat, lang_of(lang))


# ---- live updates --------------------------------------------------------------------------


class SocketSubscriber:
    """A WebSocket watching a table. `send` may be called from any thread (the message is
    encoded there, off the event loop); messages wait in a bounded queue, and a connection
    too slow to take them is told to reconnect."""

    QUEUE = 64
    RECONNECT = json_text({"type": "reconnect", "reason": "too slow to keep up"})

    def __init__(self, loop: asyncio.AbstractEventLoop, user_id: int | None, lang: str) -> None:
        self.loop = loop
        self.user_id = user_id
        self.lang = lang
        # Text to send, or a close code (after which nothing more is sent).
        self.queue: asyncio.Queue[str | int] = asyncio.Queue(self.QUEUE)
        self.overflowed = False

    def send(self, message: dict[str, Any] | str) -> None:
        text = message if isinstance(message, str) else json_text(message)
        with contextlib.suppress(RuntimeError):  # RuntimeError: the connection's loop is gone
            self.loop.call_soon_threadsafe(self._put, text)

    def close(self, code: int) -> None:
        """Close the connection once every message queued before has been sent."""
        self.loop.call_soon_threadsafe(self._put, code)

    def _put(self, item: str | int) -> None:
        if self.overflowed:
            return
        if self.queue.full():
            # A slow consumer: drop what waits and have it load the table afresh.
            self.overflowed = True
            while not self.queue.empty():
                self.queue.get_nowait()
            item = self.RECONNECT
        self.queue.put_nowait(item)


class SocketCounts:
    """Open WebSockets per client address and per table, each bounded."""

    def __init__(self, per_client: int, per_table: int) -> None:
        self.per_client = per_client
        self.per_table = per_table
        self._clients: Counter[str] = Counter()
        self._tables: Counter[str] = Counter()

    def open(self, client: str, table_id: str) -> str | None:
        """Count a new socket in; or why it is refused."""
        if self._clients[client] >= self.per_client:
            return f"at most {self.per_client} connections from one address"
        if self._tables[table_id] >= self.per_table:
            return f"at most {self.per_table} connections to one table"
        self._clients[client] += 1
        self._tables[table_id] += 1
        return None

    def close(self, client: str, table_id: str) -> None:
        for counts, key in ((self._clients, client), (self._tables, table_id)):
            counts[key] -= 1
            if counts[key] <= 0:
                del counts[key]


def _add_socket(app: FastAPI, services: Services) -> None:
    tables = services.tables
    settings = services.settings
    limit = settings.max_body_bytes
    counts = SocketCounts(settings.sockets_per_client, settings.sockets_per_table)
    socket_rate = SocketRate()

    def handle(
        token: str | None, table_id: str, subscriber: SocketSubscriber, text: str
    ) -> dict[str, Any] | None:
        """One message from the browser; an error message to send back, or None."""
        request_id: Any = None
        try:
            message = parse_message(text, limit)
            request_id = message.get("id")
            if message.get("type") == "sync":  # a patch did not follow: the whole state
                tables.resend(table_id, subscriber)
                return None
            # The session is checked on each message: a sign-out elsewhere ends it here too.
            user = services.sessions.user(token) if token else None
            socket_command(user, table_id, message)
            return None
        except Exception as error:  # any failure is answered; the connection stays open
            if not isinstance(error, KaidoError | SQLAlchemyError):
                log.exception("a WebSocket message failed")
            _status, body = error_body(error)
            return {"type": "error", "id": request_id, **body}

    def socket_command(user: User | None, table_id: str, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "ping":
            return
        if user is None:
            raise NotSignedIn("sign in (or play as a guest) first")
        if kind == "chat":
            services.chat.post(user, table_id, message.get("text"))
            return
        move = message.get("move")
        if type(move) is not int:
            raise BadRequest("move must be the move counter (an integer) the action was chosen at")
        if kind == "act":
            tables.act(user, table_id, message.get("action"), move)
        elif kind == "undo":
            tables.undo(user, table_id, move)
        else:
            raise BadRequest(f"unknown message type {kind!r} (act, undo, chat, sync, ping)")

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(socket: WebSocket, table_id: str, lang: str = "en") -> None:
        if not same_origin(socket):
            await socket.close(code=4403)  # another site's page must not act for the user
            return
        client = socket.client.host if socket.client else "unknown"
        refused = counts.open(client, table_id)
        if refused is not None:
            await refuse_socket(socket, TooMany(refused, retry_after=10), 4429)
            return
        try:
            await serve_socket(socket, table_id, lang)
        finally:
            counts.close(client, table_id)

    async def serve_socket(socket: WebSocket, table_id: str, lang: str) -> None:
        token = socket.session.get("sid")
        token = token if isinstance(token, str) else None
        try:
            user = await to_thread.run_sync(services.sessions.user, token) if token else None
            subscriber = SocketSubscriber(
                asyncio.get_running_loop(), user.id if user else None, lang_or_en(lang)
            )
            runtime = await to_thread.run_sync(tables.subscribe, table_id, subscriber)
        except Elsewhere as error:  # the proxy follows the answer to the table's node
            status, body = error_body(error)
            headers = answer_headers(error, body)
            await socket.send_denial_response(JSONResponse(body, status, headers=headers))
            return
        except (KaidoError, SQLAlchemyError) as error:
            await refuse_socket(socket, error, 4404 if isinstance(error, NotFound) else 1013)
            return
        await socket.accept()
        pump = asyncio.create_task(_pump(socket, subscriber))
        try:
            if await receive_messages(socket, token, table_id, subscriber) == "cut off":
                # The pump sends the queued refusals, then closes.
                await asyncio.wait({pump}, timeout=5)
        finally:
            pump.cancel()
            socket_rate.forget(str(id(subscriber)))
            await to_thread.run_sync(tables.unsubscribe, runtime, subscriber)

    async def receive_messages(
        socket: WebSocket,
        token: str | None,
        table_id: str,
        subscriber: SocketSubscriber,
    ) -> str:
        """Serve a connection's messages until it goes ("gone") or is cut off ("cut off")."""
        refused = 0
        while True:
            message = await socket.receive()
            if message["type"] == "websocket.disconnect":
                return "gone"
            try:
                socket_rate.take(str(id(subscriber)))
            except TooMany as error:
                refused += 1
                if refused > 100:  # a client that does not slow down is cut off
                    subscriber.close(4429)  # after the refusals already queued
                    return "cut off"
                subscriber.send({"type": "error", "id": None, **error_body(error)[1]})
                continue
            text = message.get("text")
            if text is None:
                reply: dict[str, Any] | None = {
                    "type": "error",
                    "id": None,
                    "error": "messages are JSON text frames, not binary ones",
                    "code": "bad_request",
                }
            else:
                reply = await asyncio.get_running_loop().run_in_executor(
                    services.socket_threads, handle, token, table_id, subscriber, text
                )
            if reply is not None:
                subscriber.send(reply)


def parse_message(text: str, limit: int) -> dict[str, Any]:
    """A socket message as a JSON object, or a BadRequest saying what is wrong."""
    if len(text) > limit:
        raise BadRequest(f"a message is at most {limit} bytes")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nesting too deep to parse
        raise BadRequest("a message must be a JSON object") from None
    if not isinstance(message, dict):
        raise BadRequest("a message must be a JSON object")
    return message


def lang_or_en(lang: str) -> str:
    return lang if lang in LANGS else "en"


async def refuse_socket(socket: WebSocket, error: Exception, code: int) -> None:
    """Accept only to say why not (browsers cannot read a refused handshake), then close."""
    await socket.accept()
    await socket.send_json({"type": "error", **error_body(error)[1]})
    await socket.close(code=code)


def same_origin(socket: WebSocket) -> bool:
    """Browsers send Origin with a WebSocket handshake; it must be this server's own."""
    origin = socket.headers.get("origin")
    if origin is None:
        return True  # not a browser (tests, scripts): the session cookie still decides
    return urlsplit(origin).netloc == socket.headers.get("host")


async def _pump(socket: WebSocket, subscriber: SocketSubscriber) -> None:
    while True:
        item = await subscriber.queue.get()
        if isinstance(item, int):
            await socket.close(code=item)
            return
        await socket.send_text(item)
        if subscriber.overflowed and item == subscriber.RECONNECT:
            await socket.close(code=4408)
            return


# ---- the browser client ------------------------------------------------------------------


def _add_client(app: FastAPI) -> None:
    app.mount("/static", ClientFiles(directory=WEB), name="static")
    index = WEB / "index.html"

    @app.get("/")
    @app.get("/login")
    @app.get("/table/{_table_id}")
    @app.get("/replay/{_table_id}")
    @app.get("/leaderboards")
    @app.get("/leaderboards/{_game_id}")
    @app.get("/leaderboards/{_game_id}/players/{_name}")
    @app.get("/mail/{_kind}/{_token}")
    @app.get("/tournaments")
    @app.get("/tournaments/{_table_id}")
    def page(
        _table_id: str = "", _game_id: str = "", _name: str = "", _kind: str = "", _token: str = ""
    ) -> FileResponse:
        return FileResponse(index, headers={"cache-control": "no-cache"})


HTTP_CODES = {401: "not_signed_in", 403: "forbidden", 404: "not_found", 413: "too_large"}
CLIENT_FILES = {".js", ".css", ".html", ".svg", ".png", ".woff2"}


class ClientFiles(StaticFiles):
    """The browser client's assets, and nothing else of its package (no Python files)."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        if Path(path).suffix not in CLIENT_FILES:
            raise StarletteHTTPException(404, "not found")
        return await super().get_response(path, scope)


class SameOrigin:
    """Refuse state-changing requests another site's page makes: a browser says where a
    request comes from (Origin, Sec-Fetch-Site); it must be this server. Clients that
    are not browsers send neither, and their session cookie decides as before."""

    SAFE = frozenset({"GET", "HEAD", "OPTIONS"})

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in self.SAFE:
            headers = dict(scope.get("headers", []))
            if not same_site(headers):
                response = JSONResponse(
                    {"error": "requests from other sites are refused", "code": "forbidden"},
                    status_code=403,
                )
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def same_site(headers: dict[bytes, bytes]) -> bool:
    origin = headers.get(b"origin")
    if origin is not None and urlsplit(origin.decode("latin-1")).netloc != headers.get(
        b"host", b""
    ).decode("latin-1"):
        return False
    return headers.get(b"sec-fetch-site", b"same-origin") in (b"same-origin", b"none")


class BodyLimit:
    """Refuse request bodies over `limit` bytes (declared or streamed) with 413."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(send)
            return
        received = 0
        over = False

        async def counted() -> Message:
            # A streamed body over the limit is cut short; the app's answer to the cut body
            # is then replaced by 413 in `guarded`.
            nonlocal received, over
            message = await receive()
            received += len(message.get("body", b""))
            if received > self.limit:
                over = True
                return {"type": "http.request", "body": b"", "more_body": False}
            return message

        refused = False

        async def guarded(message: Message) -> None:
            nonlocal refused
            if not over:
                await send(message)
            elif not refused:
                refused = True
                await self._refuse(send)

        await self.app(scope, counted, guarded)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps(
            {"error": f"the request body is over {self.limit} bytes", "code": "too_large"}
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [(b"content-type", b"application/json")],
            }
        )
        await send({"type": "http.response.body", "body": body})
