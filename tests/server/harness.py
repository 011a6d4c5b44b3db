"""An in-process Kaido server for tests, and players that talk to it over HTTP and
WebSockets exactly as a browser does (Starlette's TestClient)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

from fastapi.testclient import TestClient
from httpx2 import Response
from starlette.testclient import WebSocketTestSession

from kaido.server.app import Services, create_app
from kaido.server.config import Settings

PASSWORD = "correct horse battery"


class ManualClock:
    """The server's clock for quick match, turn mail and tournaments (`Settings.clock`):
    the real time plus what the test moved it on, so hours pass at once."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds


class Player:
    """One browser: its own cookies (session) and connections."""

    def __init__(self, app: Any, name: str | None, address: str = "testclient") -> None:
        self.http = TestClient(app, client=(address, 50000))
        self.name = name
        if name is not None:
            response = self.post("/api/register", {"name": name, "password": PASSWORD})
            assert response.status_code == 200, response.text
            self.id: int = response.json()["user"]["id"]

    def get(self, path: str) -> Response:
        return self.http.get(path)

    def post(self, path: str, body: Any = None) -> Response:
        return self.http.post(path, json=body if body is not None else {})

    def create(
        self, seats: Sequence[str] = ("human", "human"), game: str = "tiny", **fields: Any
    ) -> str:
        """A table (tiny by default); each seat is `human` or a bot spec. This player takes
        seat 0."""
        body = {
            "game": game,
            "seats": [
                {"kind": "human"} if spec == "human" else {"kind": "bot", "bot": spec}
                for spec in seats
            ],
            **fields,
        }
        response = self.post("/api/tables", body)
        assert response.status_code == 200, response.text
        table_id: str = response.json()["table"]["id"]
        return table_id

    def join(self, table_id: str, seat: int | None = None) -> Response:
        return self.post(f"/api/tables/{table_id}/join", {"seat": seat})

    def state(self, table_id: str, lang: str = "en") -> dict[str, Any]:
        response = self.get(f"/api/tables/{table_id}?lang={lang}")
        assert response.status_code == 200, response.text
        state: dict[str, Any] = response.json()
        return state

    def act(self, table_id: str, action: list[Any], move: int | None = None) -> Response:
        if move is None:
            move = self.state(table_id)["version"]
        return self.post(f"/api/tables/{table_id}/act", {"action": action, "move": move})

    def socket(self, table_id: str, lang: str = "en") -> WebSocketTestSession:
        return self.http.websocket_connect(f"/ws/tables/{table_id}?lang={lang}")


class Harness:
    """A server app on a fresh data directory (SQLite unless a database URL is given)."""

    def __init__(self, data_dir: Path, database_url: str | None = None, **settings: Any) -> None:
        settings.setdefault("bot_delay", 0.0)
        settings.setdefault("review_workers", 0)  # reviews only where a test wants them
        self.settings = Settings(data_dir=data_dir, database_url=database_url, **settings)
        self.app = create_app(self.settings)
        self._main = TestClient(self.app)
        self._count = 0

    def __enter__(self) -> Harness:
        self._main.__enter__()  # runs the app's start-up (resuming tables) and shutdown
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._main.__exit__(kind, error, trace)

    @property
    def services(self) -> Services:
        services: Services = self.app.state.services
        return services

    def player(self, name: str | None = None) -> Player:
        """A new browser, on a client address of its own, with a new account."""
        self._count += 1
        return Player(self.app, name or f"player{self._count}", self._address())

    def anonymous(self) -> Player:
        self._count += 1
        return Player(self.app, None, self._address())

    def _address(self) -> str:
        return f"10.0.{self._count // 250}.{self._count % 250 + 1}"

    def returning(self, player: Player) -> Player:
        """The same browser (its session cookie) coming back to this server."""
        again = Player(self.app, None, "testclient")
        again.http.cookies = player.http.cookies
        again.name, again.id = player.name, player.id
        return again


def wait_for(check: Callable[[], Any], timeout: float = 20.0, what: str = "a condition") -> Any:
    """Poll `check` until it returns something true; that value."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def receive_state(socket: WebSocketTestSession) -> dict[str, Any]:
    """The next state message on `socket` (errors are returned too: they are messages)."""
    message: dict[str, Any] = socket.receive_json()
    return message
