"""Starting a server process: the games and bot kinds named on the command line, and
uvicorn's settings. Kept apart from the command line (kaido/cli/serve.py), which only
parses options into a `Launch`, so that the server's own processes (`--workers`) need
nothing of it."""

from __future__ import annotations

import gc
import logging
from dataclasses import dataclass
from typing import Any

from kaido.agents import register_agent
from kaido.core.errors import KaidoError
from kaido.games import register_specs
from kaido.server.config import DEFAULT_HOST, DEFAULT_PORT, Settings
from kaido.server.proxy import NODE_KEEP_ALIVE

WS_MAX_BYTES = 64 * 1024

FULL_COLLECTIONS_AFTER = 1000
"""Collections of the middle generation before Python's garbage collector looks at every
object (its default is 10). A server holds hundreds of thousands of long-lived objects (the
tables' states and what each connection was last sent), so a full collection stopped every
table for 0.2-0.8 s every few seconds at 500 tables (bench/README.md); nearly all garbage dies
young (gen 2 found about one object a second), so looking at the old ones rarely costs no
memory to speak of."""

YOUNG_COLLECTION_AFTER = 250
"""Net new objects before a young collection (Python's default is 700). Python 3.11 counts
an object freed, old or young, against the new ones, so a server that frees old objects
(the undo history a match drops at each roll or turn's end) lets the young generation grow
past the threshold before it is collected: fewer collections, each longer, and the longest
pauses stretch the slowest moves. A lower threshold keeps each pause short at the same total
cost (bench/README.md)."""


@dataclass(frozen=True)
class Launch:
    """Everything one server process is started with."""

    settings: Settings
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    log_level: str = "info"
    games: tuple[str, ...] = ()
    """Game objects to register, as MODULE:OBJECT (`--register`)."""
    bots: tuple[str, ...] = ()
    """Agent classes to offer as bot kinds, as KIND=MODULE:CLASS (`--register-bot`)."""
    forwarded_allow_ips: str = ""
    """Proxies whose X-Forwarded-For is believed (uvicorn's `forwarded_allow_ips`); empty:
    none, every client is the address it connects from."""
    uds: str | None = None
    """A unix socket to listen on instead of host and port (a node behind the proxy)."""

    def register_extras(self) -> None:
        """The games and bot kinds given on the command line."""
        register_specs(list(self.games))
        for pair in self.bots:
            kind, sep, target = pair.partition("=")
            if not sep:
                raise KaidoError(f"--register-bot takes KIND=MODULE:CLASS, got {pair!r}")
            register_agent(kind.strip(), target.strip())

    def server_config(self) -> Any:
        """uvicorn's settings for this process's server: the application made, and the
        process's garbage collector set for a server (`collect_garbage_rarely`)."""
        from kaido.server.app import create_app  # the application, only where it is served

        collect_garbage_rarely()
        return self.uvicorn_config(create_app(self.settings))

    def uvicorn_config(self, app: Any) -> Any:
        """uvicorn's settings for `app`."""
        import uvicorn

        trusted = self.forwarded_allow_ips.strip()
        config = uvicorn.Config(
            app,
            host=self.host,
            port=self.port,
            uds=self.uds,
            log_level=self.log_level,
            ws_max_size=WS_MAX_BYTES,
            ws_per_message_deflate=False,
            timeout_keep_alive=NODE_KEEP_ALIVE if self.settings.node_address else 5,
            proxy_headers=bool(trusted),
            forwarded_allow_ips=trusted or None,
        )
        uvicorn_log = logging.getLogger("uvicorn.error")
        if self.log_level != "debug":  # uvicorn's start-up lines would bury the address
            uvicorn_log.setLevel(logging.WARNING)
        uvicorn_log.addFilter(_not_a_denial)
        return config


def collect_garbage_rarely() -> None:
    """Set this process's garbage collector for a server (`YOUNG_COLLECTION_AFTER`,
    `FULL_COLLECTIONS_AFTER`)."""
    _young, middle, _full = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION_AFTER, middle, FULL_COLLECTIONS_AFTER)


def _not_a_denial(record: logging.LogRecord) -> bool:
    """uvicorn's WebSocket protocol logs a handshake answered with an HTTP response
    (a node's 421 naming the table's node, which nginx follows) as never completed; it was
    sent whole."""
    return record.getMessage() != "ASGI callable returned without completing handshake."
