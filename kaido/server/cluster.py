"""Several server processes on one port (`kaido serve --workers N`).

Every process accepts connections on the one listening socket, and each table belongs to
one process, chosen by a stable hash of its id: only its owner holds it in memory, runs
its bots and clocks and writes its moves, so the move counter stays exact. A request or a
WebSocket for a table that reaches another process is relayed to the owner over the
owner's unix socket (`Router`); the lobby and accounts are answered wherever they land,
since they only read and write the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import re
import socket
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import h11
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from websockets.asyncio.client import ClientConnection, unix_connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

log = logging.getLogger("kaido.server")

TABLE_PATH = re.compile(r"/(?:api|ws)/tables/([^/]+)")
"""A table's own requests and its WebSocket: served by the table's owner."""
CLIENT_HEADER = b"x-kaido-client"
"""The client address a relayed request came from (trusted on the unix sockets only)."""
WORKER_HEADER = b"x-kaido-worker"
CONNECT_SECONDS = 10.0
"""How long a relay waits for an owner that is (re)starting before answering 503."""
HOP_HEADERS = frozenset({b"connection", b"keep-alive", b"transfer-encoding", b"upgrade"})


def owner_of(table_id: str, workers: int) -> int:
    """The process that owns `table_id` (the same in every process and across restarts)."""
    digest = hashlib.blake2b(table_id.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") % workers


@dataclass(frozen=True)
class Cluster:
    """This process's place among the `workers` processes of one server."""

    worker: int
    workers: int
    socket_dir: Path

    def owns(self, table_id: str) -> bool:
        return owner_of(table_id, self.workers) == self.worker

    def socket_path(self, worker: int) -> str:
        return str(self.socket_dir / f"worker-{worker}.sock")


def table_of(path: str) -> str | None:
    found = TABLE_PATH.match(path)
    return found.group(1) if found else None


class Router:
    """An ASGI wrapper: what comes from another process (a unix socket) is served here
    with its client's address; a table's request that is not ours goes to its owner."""

    def __init__(
        self,
        app: ASGIApp,
        cluster: Cluster,
        body_limit: int,
        preferences_changed: Callable[[int], None],
    ) -> None:
        self.app = app
        self.cluster = cluster
        self.body_limit = body_limit
        self.preferences_changed = preferences_changed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if from_peer(scope):
            await self._from_peer(scope, receive, send)
            return
        send = self._signed(send)
        table_id = table_of(scope["path"])
        if scope["path"].startswith("/internal/"):
            await _json_response(send, 404, {"error": "not found", "code": "not_found"})
        elif table_id is None or self.cluster.owns(table_id):
            await self.app(scope, receive, send)
        else:
            path = self.cluster.socket_path(owner_of(table_id, self.cluster.workers))
            if scope["type"] == "http":
                await relay_http(path, scope, receive, send, self.body_limit)
            else:
                await relay_socket(path, scope, receive, send)

    def _signed(self, send: Send) -> Send:
        """`send` naming the process that took the connection (`x-kaido-worker`), so an
        operator (and the tests) can tell what was relayed."""
        mark = (WORKER_HEADER, str(self.cluster.worker).encode())

        async def signed(message: Message) -> None:
            if message["type"] in ("http.response.start", "websocket.accept"):
                message = {**message, "headers": [*message.get("headers", []), mark]}
            await send(message)

        return signed

    async def _from_peer(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = dict(scope.get("headers", []))
        client = headers.get(CLIENT_HEADER, b"").decode("latin-1")
        scope = {**scope, "client": (client or "unknown", 0)}
        found = re.fullmatch(r"/internal/preferences/(\d+)", scope["path"])
        if found is None:
            await self.app(scope, receive, send)
            return
        user_id = int(found.group(1))
        await asyncio.to_thread(self.preferences_changed, user_id)
        await _json_response(send, 200, {"ok": True})


def from_peer(scope: Scope) -> bool:
    """Came over a unix socket (only this server's processes can reach them)."""
    server = scope.get("server")
    return server is not None and server[1] is None


def relayed_headers(scope: Scope) -> list[tuple[bytes, bytes]]:
    """The request's headers for the owner, with the client's address."""
    client = scope.get("client")
    address = client[0] if client else "unknown"
    kept = [
        (name, value)
        for name, value in scope.get("headers", [])
        if name.lower() not in HOP_HEADERS and name.lower() != CLIENT_HEADER
    ]
    return [*kept, (CLIENT_HEADER, address.encode("latin-1"))]


def target(scope: Scope) -> str:
    query = scope.get("query_string", b"").decode("latin-1")
    path = scope.get("raw_path", scope["path"].encode()).decode("latin-1")
    return f"{path}?{query}" if query else path


async def _json_response(send: Send, status: int, body: dict[str, Any]) -> None:
    payload = json.dumps(body).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(payload))]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": payload})


UNAVAILABLE = {"error": "this table's server is starting; try again soon", "code": "unavailable"}


async def open_unix(path: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter] | None:
    """A connection to a worker's socket, waiting for a worker that is (re)starting."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + CONNECT_SECONDS
    while True:
        try:
            return await asyncio.open_unix_connection(path)
        except OSError:
            if loop.time() >= deadline:
                return None
            await asyncio.sleep(0.1)


# ---- HTTP -----------------------------------------------------------------------------------


async def relay_http(path: str, scope: Scope, receive: Receive, send: Send, limit: int) -> None:
    """One request relayed to the owner and its answer back (one connection each)."""
    body = await _read_body(receive, limit)
    if body is None:
        error = {"error": f"the request body is over {limit} bytes", "code": "too_large"}
        await _json_response(send, 413, error)
        return
    connection = await open_unix(path)
    if connection is None:
        await _json_response(send, 503, UNAVAILABLE)
        return
    reader, writer = connection
    try:
        await _exchange(reader, writer, scope, body, send)
    finally:
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()


async def _read_body(receive: Receive, limit: int) -> bytes | None:
    """The whole request body, or None past `limit` bytes."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return b"".join(chunks)
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


async def _exchange(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    scope: Scope,
    body: bytes,
    send: Send,
) -> None:
    client = h11.Connection(h11.CLIENT)
    headers = [
        (name, value) for name, value in relayed_headers(scope) if name.lower() != b"content-length"
    ]
    headers += [(b"content-length", b"%d" % len(body)), (b"connection", b"close")]
    if not any(name.lower() == b"host" for name, _value in headers):
        headers.append((b"host", b"kaido"))
    request = h11.Request(method=scope["method"], target=target(scope), headers=headers)
    writer.write(client.send(request) + client.send(h11.Data(data=body)))
    writer.write(client.send(h11.EndOfMessage()))
    await writer.drain()
    started = False
    while True:
        event = client.next_event()
        if event is h11.NEED_DATA:
            data = await reader.read(65536)
            client.receive_data(data)
            continue
        if isinstance(event, h11.Response):
            kept = [(n, v) for n, v in event.headers if n.lower() not in HOP_HEADERS]
            start = {"type": "http.response.start", "status": event.status_code, "headers": kept}
            await send(start)
            started = True
        elif isinstance(event, h11.Data):
            await send({"type": "http.response.body", "body": bytes(event.data), "more_body": True})
        elif isinstance(event, h11.EndOfMessage | h11.ConnectionClosed):
            if started:
                await send({"type": "http.response.body", "body": b""})
            else:
                await _json_response(send, 503, UNAVAILABLE)
            return


# ---- WebSockets -----------------------------------------------------------------------------


async def relay_socket(path: str, scope: Scope, receive: Receive, send: Send) -> None:
    """A WebSocket relayed both ways to the owner's, closed as the owner closes it."""
    connect = await receive()
    assert connect["type"] == "websocket.connect"
    upstream = await _connect_owner(path, scope)
    if isinstance(upstream, int):
        await send({"type": "websocket.close", "code": upstream})
        return
    await send({"type": "websocket.accept"})
    down = asyncio.create_task(_downstream(upstream, send))
    try:
        await _upstream(upstream, receive, down)
    finally:
        down.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await down
        await upstream.close()


async def _connect_owner(path: str, scope: Scope) -> ClientConnection | int:
    """The owner's WebSocket for this one, or the close code to refuse it with."""
    headers = dict(scope.get("headers", []))
    host = headers.get(b"host", b"kaido").decode("latin-1")
    origin = headers.get(b"origin")
    extra = [
        (name.decode("latin-1"), value.decode("latin-1"))
        for name, value in relayed_headers(scope)
        if name.lower() in (b"cookie", b"user-agent", CLIENT_HEADER)
    ]
    loop = asyncio.get_running_loop()
    deadline = loop.time() + CONNECT_SECONDS
    while True:
        try:
            return await unix_connect(
                path,
                f"ws://{host}{target(scope)}",
                origin=origin.decode("latin-1") if origin else None,
                additional_headers=extra,
                compression=None,  # one machine: compressing costs CPU and saves nothing
                max_size=None,  # the owner bounds what it takes; the client, what it gets
                ping_interval=None,
            )
        except InvalidStatus as refused:
            return 4403 if refused.response.status_code == 403 else 1011
        except OSError:
            if loop.time() >= deadline:
                return 1013  # try again later
            await asyncio.sleep(0.1)


async def _upstream(upstream: ClientConnection, receive: Receive, down: asyncio.Task[None]) -> None:
    """The client's messages to the owner, until either side goes."""
    while True:
        getting = asyncio.ensure_future(receive())
        done, _pending = await asyncio.wait({getting, down}, return_when=asyncio.FIRST_COMPLETED)
        if getting not in done:
            getting.cancel()
            return  # the owner closed: `_downstream` closed the client
        message: Message = getting.result()
        if message["type"] == "websocket.disconnect":
            return
        data = message.get("text")
        if data is None:
            data = message.get("bytes") or b""
        try:
            await upstream.send(data)
        except ConnectionClosed:
            return


async def _downstream(upstream: ClientConnection, send: Send) -> None:
    """The owner's messages to the client; its close code closes the client."""
    try:
        async for data in upstream:
            if isinstance(data, str):
                await send({"type": "websocket.send", "text": data})
            else:
                await send({"type": "websocket.send", "bytes": bytes(data)})
    except ConnectionClosed:
        pass
    code = upstream.close_code or 1000
    with contextlib.suppress(Exception):  # the client went first
        await send({"type": "websocket.close", "code": code, "reason": upstream.close_reason or ""})


def tell_peers(cluster: Cluster, path: str) -> None:
    """POST `path` (an /internal/ one) to every other process of the server, waiting for
    each answer; a process that is not up now loads what changed from the database."""
    request = (
        f"POST {path} HTTP/1.1\r\nhost: kaido\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
    )
    for worker in range(cluster.workers):
        if worker == cluster.worker:
            continue
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as peer:
                peer.settimeout(10)
                peer.connect(cluster.socket_path(worker))
                peer.sendall(request.encode())
                while peer.recv(4096):
                    pass
        except OSError as error:
            log.warning("worker %d was not told of %s: %s", worker, path, error)
