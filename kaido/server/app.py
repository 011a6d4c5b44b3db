"""The web application: JSON API, the table WebSocket and the browser client's files."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

from anyio import to_thread
from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.middleware.sessions import SessionMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kaido.agents import agent_kinds
from kaido.core.errors import KaidoError
from kaido.core.game import LANGS, Game
from kaido.games import all_games
from kaido.server import auth
from kaido.server.config import Settings
from kaido.server.errors import BadRequest, NotFound, NotSignedIn, error_body
from kaido.server.geometry import board_geometry, geometry_module
from kaido.server.runtime import TableRuntime
from kaido.server.store import Store, TableInfo, User
from kaido.server.tables import SeatRequest, TableManager
from kaido.server.workers import Workers

log = logging.getLogger("kaido.server")

WEB = Path(str(resources.files("kaido.web")))
SESSION_DAYS = 30
SECURITY_HEADERS = {
    "content-security-policy": "default-src 'self'; img-src 'self' data:; "
    "style-src 'self'; connect-src 'self'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
}


# ---- request bodies ---------------------------------------------------------------------


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Credentials(Body):
    name: str = Field(max_length=100)
    password: str = Field(max_length=auth.MAX_PASSWORD)


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


class PreferencesIn(Body):
    ignore_offers: bool | None = None


class JoinIn(Body):
    seat: int | None = None


class ActIn(Body):
    action: list[Any] = Field(max_length=16)
    move: int


class MoveIn(Body):
    move: int


# ---- the application --------------------------------------------------------------------


class Services:
    """What the handlers share: the store, the tables and the background workers."""

    def __init__(self, settings: Settings) -> None:
        settings.prepare()
        assert settings.database_url is not None
        self.settings = settings
        self.store = Store(settings.database_url)
        self.workers = Workers(settings.bot_workers)
        self.tables = TableManager(self.store, settings, self.workers)

    def close(self) -> None:
        self.workers.shutdown()
        self.store.close()


def create_app(settings: Settings) -> FastAPI:
    services = Services(settings)
    assert settings.secret_key is not None

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # Tables in play resume in the background: bots and clocks go on after a restart.
        threading.Thread(target=services.tables.resume_all, daemon=True).start()
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
    _add_error_handlers(app)
    _add_account_routes(app, services)
    _add_lobby_routes(app, services)
    _add_table_routes(app, services)
    _add_socket(app, services)
    _add_client(app)
    return app


def _add_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(KaidoError)
    async def kaido_error(_request: Request, error: KaidoError) -> JSONResponse:
        status, body = error_body(error)
        return JSONResponse(body, status_code=status)

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
    user_id = session.get("uid")
    if not isinstance(user_id, int):
        return None
    return services.store.user(user_id)


def signed_in(services: Services, request: Request) -> User:
    user = current_user(services, request.session)
    if user is None:
        raise NotSignedIn("sign in (or play as a guest) first")
    return user


def user_json(user: User | None) -> dict[str, Any] | None:
    return None if user is None else {"id": user.id, "name": user.name, "guest": user.is_guest}


def _add_account_routes(app: FastAPI, services: Services) -> None:
    store = services.store

    def start_session(request: Request, user: User) -> dict[str, Any]:
        request.session.clear()
        request.session["uid"] = user.id
        return {"user": user_json(user)}

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
    def register(body: Credentials, request: Request) -> dict[str, Any]:
        return start_session(request, auth.register(store, body.name, body.password))

    @app.post("/api/login")
    def login(body: Credentials, request: Request) -> dict[str, Any]:
        return start_session(request, auth.sign_in(store, body.name, body.password))

    @app.post("/api/guest")
    def guest(request: Request) -> dict[str, Any]:
        return start_session(request, auth.new_guest(store))

    @app.post("/api/logout")
    def logout(request: Request) -> dict[str, Any]:
        request.session.clear()
        return {"user": None}


def game_json(game: Game[Any]) -> dict[str, Any]:
    return {
        "id": game.id,
        "title": game.title,
        "player_counts": list(game.player_counts),
        "options": [
            {
                "name": spec.name,
                "default": spec.default,
                "choices": list(spec.choices) if spec.choices is not None else None,
                "help": {"en": spec.help, "ja": spec.help_ja or spec.help},
            }
            for spec in game.option_specs
        ],
        "bots": list(agent_kinds(game)),
        "offers": type(game).decline_offer is not Game.decline_offer,
        "renderer": (WEB / "boards" / f"{game.id}.js").is_file(),
        "geometry": geometry_module(game) is not None,
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
        "result": info.result,
    }


def _add_lobby_routes(app: FastAPI, services: Services) -> None:
    tables = services.tables

    @app.get("/api/games")
    def games() -> dict[str, Any]:
        return {"games": [game_json(game) for game in all_games()]}

    @app.get("/api/tables")
    def list_tables(request: Request, status: str = "open", mine: bool = False) -> dict[str, Any]:
        user = current_user(services, request.session)
        found = tables.list_tables(status, user, mine=mine)
        return {"tables": [table_summary(info, user) for info in found]}

    @app.post("/api/tables")
    def create_table(body: CreateTableIn, request: Request) -> dict[str, Any]:
        user = signed_in(services, request)
        runtime = tables.create(
            user,
            body.game,
            dict(body.options),
            [SeatRequest(seat.kind, seat.bot) for seat in body.seats],
            my_seat=body.my_seat,
            private=body.private,
            move_seconds=body.move_seconds,
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
        return {"ok": True, "version": runtime.info.version}

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

    @app.get("/api/tables/{table_id}/record")
    def record(table_id: str) -> Response:
        return Response(
            tables.record(table_id).dumps(),
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
    """A WebSocket watching a table. `send` may be called from any thread."""

    def __init__(self, loop: asyncio.AbstractEventLoop, user_id: int | None, lang: str) -> None:
        self.loop = loop
        self.user_id = user_id
        self.lang = lang
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    def send(self, message: dict[str, Any]) -> None:
        with contextlib.suppress(RuntimeError):  # RuntimeError: the connection's loop is gone
            self.loop.call_soon_threadsafe(self.queue.put_nowait, message)


def _add_socket(app: FastAPI, services: Services) -> None:
    tables = services.tables
    limit = services.settings.max_body_bytes

    def handle(user: User | None, table_id: str, text: str) -> dict[str, Any] | None:
        """One message from the browser; an error message to send back, or None."""
        request_id: Any = None
        try:
            if len(text) > limit:
                raise BadRequest(f"a message is at most {limit} bytes")
            try:
                message = json.loads(text)
            except json.JSONDecodeError:
                raise BadRequest("a message must be a JSON object") from None
            if not isinstance(message, dict):
                raise BadRequest("a message must be a JSON object")
            request_id = message.get("id")
            socket_command(user, table_id, message)
            return None
        except Exception as error:  # any failure is answered; the connection stays open
            if not isinstance(error, KaidoError):
                log.exception("a WebSocket message failed")
            _status, body = error_body(error)
            return {"type": "error", "id": request_id, **body}

    def socket_command(user: User | None, table_id: str, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "ping":
            return
        if user is None:
            raise NotSignedIn("sign in (or play as a guest) first")
        move = message.get("move")
        if type(move) is not int:
            raise BadRequest("move must be the move counter (an integer) the action was chosen at")
        if kind == "act":
            tables.act(user, table_id, message.get("action"), move)
        elif kind == "undo":
            tables.undo(user, table_id, move)
        else:
            raise BadRequest(f"unknown message type {kind!r} (act, undo, ping)")

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(socket: WebSocket, table_id: str, lang: str = "en") -> None:
        if not same_origin(socket):
            await socket.close(code=4403)  # another site's page must not act for the user
            return
        user = await to_thread.run_sync(current_user, services, socket.session)
        await socket.accept()
        subscriber = SocketSubscriber(
            asyncio.get_running_loop(), user.id if user else None, lang if lang in LANGS else "en"
        )
        try:
            runtime = await to_thread.run_sync(tables.subscribe, table_id, subscriber)
        except KaidoError as error:
            _status, body = error_body(error)
            await socket.send_json({"type": "error", **body})
            await socket.close(code=4404)
            return
        pump = asyncio.create_task(_pump(socket, subscriber.queue))
        try:
            while True:
                text = await socket.receive_text()
                reply = await to_thread.run_sync(handle, user, table_id, text)
                if reply is not None:
                    subscriber.send(reply)
        except WebSocketDisconnect:
            pass
        finally:
            pump.cancel()
            await to_thread.run_sync(tables.unsubscribe, runtime, subscriber)


def same_origin(socket: WebSocket) -> bool:
    """Browsers send Origin with a WebSocket handshake; it must be this server's own."""
    origin = socket.headers.get("origin")
    if origin is None:
        return True  # not a browser (tests, scripts): the session cookie still decides
    return urlsplit(origin).netloc == socket.headers.get("host")


async def _pump(socket: WebSocket, queue: asyncio.Queue[dict[str, Any]]) -> None:
    while True:
        message = await queue.get()
        await socket.send_json(message)


# ---- the browser client ------------------------------------------------------------------


def _add_client(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=WEB), name="static")
    index = WEB / "index.html"

    @app.get("/")
    @app.get("/login")
    @app.get("/table/{_table_id}")
    @app.get("/replay/{_table_id}")
    def page(_table_id: str = "") -> FileResponse:
        return FileResponse(index, headers={"cache-control": "no-cache"})


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
