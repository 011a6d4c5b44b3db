"""Server settings: where data lives, which database, how bots and cookies behave."""

from __future__ import annotations

import os
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from kaido.core.errors import KaidoError
from kaido.review.estimate import WORLDS

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
SECRET_FILE = "secret.key"
SQLITE_FILE = "kaido.sqlite3"


def default_data_dir() -> Path:
    """`$KAIDO_DATA_DIR`, else the XDG data directory (`~/.local/share/kaido`)."""
    if os.environ.get("KAIDO_DATA_DIR"):
        return Path(os.environ["KAIDO_DATA_DIR"])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "kaido"


def host_port(host: str, port: int) -> str:
    """`host:port` as nginx and URLs write it (an IPv6 address in brackets)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def normalize_database_url(url: str) -> str:
    """Plain `postgresql://` URLs use psycopg 3 (SQLAlchemy would pick psycopg2)."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


@dataclass
class Settings:
    data_dir: Path = field(default_factory=default_data_dir)
    database_url: str | None = None
    """None: an SQLite file in `data_dir`."""
    secret_key: str | None = None
    """Signs session cookies. None: read from (or create) `data_dir/secret.key`."""
    bot_delay: float = 0.8
    """Seconds between two things a bot shows (a bot's steps that show nothing, such as
    writing an offer card by card, wait nothing), so people can follow."""
    offer_seconds: float = 30.0
    """Seconds a person has to answer another player's offer before it lapses (declined)."""
    bot_workers: int = field(default_factory=lambda: os.cpu_count() or 1)
    """Processes that search for bots, for tables with people (and as many, at the lowest
    priority, for tables of bots only): by default one a core."""
    review_workers: int = 1
    """Processes that review finished games (kaido/review) in the background; 0: none."""
    review_worlds: int = WORLDS
    """Deals of the hidden information per estimate in a review (its budget)."""
    hint_worlds: int = 16
    """The same for a hint (one position, so a larger budget)."""
    bot_seconds: float = 3.0
    """The longest a bot may think about one decision: its search is cut there."""
    bot_levels: dict[str, str] = field(default_factory=dict)
    """Level -> agent spec, replacing the defaults of kaido/server/bots.py (operators)."""
    max_tables_per_user: int = 20
    """Unfinished tables one account may have created."""
    rate_limits: bool = True
    """Limit sign-ins, guests and new tables per client address (off: load tests only)."""
    hash_workers: int = 1
    """Threads that hash passwords (64 MiB each), apart from those serving moves."""
    max_tables_in_memory: int = 5000
    """Tables kept in memory; beyond, the least recently used unwatched ones are freed."""
    idle_table_seconds: float = 1800
    """Unwatched tables unused this long are freed (replayed from the database on use)."""
    replay_caches: int = 16
    """Finished games whose every state is kept for replays (a few MB each)."""
    guest_hours: float = 24
    """Guests who hold no seat and made no table are removed after this long."""
    sockets_per_client: int = 64
    """Open WebSockets one client address may hold."""
    sockets_per_table: int = 256
    """Open WebSockets (players and spectators) one table may have."""
    secure_cookies: bool = False
    """Send the session cookie only over HTTPS (set it when serving behind TLS)."""
    max_body_bytes: int = 64 * 1024
    idle_days: float = 14.0
    """A game in play that nobody moved for this long is abandoned (leaves the lists)."""
    table_seeds: int | None = None
    """None: each table is dealt from a random seed. A number N: the tables this process
    makes are dealt from seeds N, N+1, ... in order, so a test or a demonstration plays the
    same deal every run (whoever knows the seed knows the hidden cards: never in play)."""
    node_address: str | None = None
    """None: the only server of its database. Else this process is one node of several
    on one PostgreSQL database, and the proxy reaches it at this address (`host:port`, or
    `unix:PATH:` for a unix socket, as nginx's proxy_pass names it)."""
    node_ttl: float = 10.0
    """Seconds a node that stopped beating (hung, or cut off) keeps its tables; a node that
    dies or loses its database connection loses them at once."""
    takeover_bot: str = "greedy"
    """The bot that plays a seat whose clock ran out (a game's `heuristic` is preferred)."""
    clock: Callable[[], float] = time.time
    """Epoch seconds now, for quick match, turn mail and tournaments: tests pass a clock
    they move on instead of waiting hours."""
    duty_seconds: float = 1.0
    """How often the matchmaker, the turn mail and the tournament director look again."""
    quick_move_seconds: int = 60
    """The move clock of a real-time quick match."""
    turn_move_seconds: int = 24 * 3600
    """The move clock of a turn-based quick match."""
    smtp_host: str | None = None
    """Where turn mail is sent from (None: no mail; the address field is not offered)."""
    smtp_port: int = 25
    smtp_user: str | None = None
    smtp_password: str | None = None
    smtp_starttls: bool = False
    mail_from: str = "kaido@localhost"
    public_url: str = "http://127.0.0.1:8000"
    """The server's address as people open it: the links in mail point there."""
    digest_minutes: float = 60.0
    """A turn waiting this long is mailed, and a player gets at most one mail this often."""

    def prepare(self) -> None:
        """Create the data directory and fill in the database URL and the secret."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        if self.database_url is None:
            self.database_url = f"sqlite:///{self.data_dir / SQLITE_FILE}"
        self.database_url = normalize_database_url(self.database_url)
        if self.secret_key is None:
            self.secret_key = _load_or_create_secret(self.data_dir / SECRET_FILE)


def _load_or_create_secret(path: Path) -> str:
    """A secret kept across restarts, so sessions survive them; readable by the owner only.
    Nodes starting at once on one data directory all get the first one made: it is
    written whole under a name of its own, then linked into place (a node that read the
    file between another's creating and writing it got an empty secret, and the two
    nodes' sessions did not know each other)."""
    if not path.exists():
        draft = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}")
        fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(secrets.token_urlsafe(48) + "\n")
        try:
            os.link(draft, path)
        except FileExistsError:
            pass  # another's came first: it is the one
        finally:
            draft.unlink()
    secret = path.read_text(encoding="utf-8").strip()
    if not secret:
        raise KaidoError(f"{path} is empty: remove it, and sessions start afresh")
    return secret
