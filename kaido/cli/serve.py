"""`kaido serve`: Kaido's web application (lobby, tables, bots, replays) in the browser."""

from __future__ import annotations

import argparse
import logging
import os
import socket
from pathlib import Path
from typing import Any

from kaido.cli.common import add_register_argument
from kaido.core.errors import KaidoError
from kaido.server.config import (
    DEFAULT_HOST,
    DEFAULT_PORT,
    Settings,
    default_data_dir,
    host_port,
)
from kaido.server.launch import Launch


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="start the web application (play in the browser)",
        description="Start Kaido's web application. Data is kept in an SQLite file in the "
        "data directory unless --database-url names a PostgreSQL database.",
    )
    parser.add_argument(
        "--host", default=DEFAULT_HOST, help=f"address to listen on ({DEFAULT_HOST})"
    )
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port ({DEFAULT_PORT})")
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=None,
        help=f"where the database file and the session secret live ({default_data_dir()}; "
        "or $KAIDO_DATA_DIR)",
    )
    parser.add_argument(
        "--database-url",
        default=os.environ.get("KAIDO_DATABASE_URL"),
        help="a PostgreSQL URL such as postgresql://user:pass@host/db (or $KAIDO_DATABASE_URL)",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.8,
        help="seconds between two things a bot shows; silent steps are instant (0.8)",
    )
    parser.add_argument(
        "--offer-seconds",
        type=float,
        default=30.0,
        help="seconds a person has to answer an offer before it lapses (30)",
    )
    parser.add_argument(
        "--idle-days",
        type=float,
        default=14.0,
        help="a game in play nobody moves for this many days is abandoned (14)",
    )
    parser.add_argument(
        "--bot-workers",
        type=int,
        default=os.cpu_count() or 1,
        help=f"processes that search for bots, per priority (one a core: {os.cpu_count() or 1})",
    )
    parser.add_argument(
        "--review-workers",
        type=int,
        default=1,
        help="processes that review finished games in the background (1; 0: no reviews)",
    )
    parser.add_argument(
        "--bot-seconds",
        type=float,
        default=3.0,
        help="the longest a bot thinks about one decision; searches are cut there (3)",
    )
    parser.add_argument(
        "--bot-level",
        action="append",
        default=[],
        metavar="LEVEL=SPEC",
        help="the agent spec behind a bot level (easy, normal, strong); may be repeated",
    )
    parser.add_argument(
        "--max-tables-per-user",
        type=int,
        default=20,
        help="unfinished tables one account may create (20)",
    )
    parser.add_argument(
        "--no-rate-limits",
        action="store_true",
        help="no limits per client address on sign-ins, guests and tables (load tests only)",
    )
    parser.add_argument(
        "--sockets-per-client",
        type=int,
        default=64,
        help="open WebSockets one client address may hold (64)",
    )
    parser.add_argument(
        "--secure-cookies",
        action="store_true",
        help="send the session cookie over HTTPS only (when served behind TLS)",
    )
    parser.add_argument(
        "--table-seeds",
        type=int,
        default=None,
        metavar="N",
        help="deal the tables from seeds N, N+1, ... in the order they are made, so tests "
        "and demonstrations replay the same deals (never in play: the seed tells the hidden "
        "cards; default: a random seed per table)",
    )
    add_register_argument(parser)
    parser.add_argument(
        "--register-bot",
        action="append",
        default=[],
        metavar="KIND=MODULE:CLASS",
        help="offer your own agent class as a bot kind, for --bot-level (docs/bots.md); "
        "may be repeated",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="N nodes behind nginx on the one port, each serving a share of the tables; "
        "needs a PostgreSQL --database-url and nginx (1: one process)",
    )
    parser.add_argument(
        "--node",
        nargs="?",
        const="",
        default=None,
        metavar="HOST:PORT",
        help="serve as one node of several on one PostgreSQL database, behind nginx "
        "(deploy/README.md); HOST:PORT is where nginx reaches this node (--host:--port)",
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        default="",
        metavar="ADDRESSES",
        help="proxies (comma-separated addresses or networks, or *) whose X-Forwarded-For "
        "names the client; by default none is believed",
    )
    add_mail_arguments(parser)
    parser.add_argument("--log-level", default="info", choices=("debug", "info", "warning"))
    parser.set_defaults(run=run)


def add_mail_arguments(parser: argparse.ArgumentParser) -> None:
    """Turn mail (docs/play.md): the SMTP server it goes through and the links it holds."""
    parser.add_argument("--smtp-host", help="send turn mail through this SMTP server (none)")
    parser.add_argument("--smtp-port", type=int, default=25, help="its port (25)")
    parser.add_argument(
        "--smtp-user", help="sign in to it as this user (password: $KAIDO_SMTP_PASSWORD)"
    )
    parser.add_argument("--smtp-starttls", action="store_true", help="talk to it over TLS")
    parser.add_argument("--mail-from", default="kaido@localhost", help="the mail's sender")
    parser.add_argument(
        "--public-url",
        help="the address people open the server at, for the links in mail "
        "(default: http://HOST:PORT)",
    )
    parser.add_argument(
        "--digest-minutes",
        type=float,
        default=60.0,
        help="a turn waiting this long is mailed, each player at most once this often (60)",
    )


def bot_levels(pairs: list[str]) -> dict[str, str]:
    levels = {}
    for pair in pairs:
        level, sep, spec = pair.partition("=")
        if not sep or not spec:
            raise KaidoError(f"--bot-level takes LEVEL=SPEC, got {pair!r}")
        levels[level] = spec
    return levels


def launch_of(args: argparse.Namespace) -> Launch:
    """The server's settings and start-up from the command line (games and bots
    registered too)."""
    settings = Settings(
        database_url=args.database_url,
        bot_delay=args.bot_delay,
        offer_seconds=args.offer_seconds,
        idle_days=args.idle_days,
        bot_workers=args.bot_workers,
        review_workers=args.review_workers,
        bot_seconds=args.bot_seconds,
        bot_levels=bot_levels(args.bot_level),
        max_tables_per_user=args.max_tables_per_user,
        rate_limits=not args.no_rate_limits,
        sockets_per_client=args.sockets_per_client,
        secure_cookies=args.secure_cookies,
        table_seeds=args.table_seeds,
        smtp_host=args.smtp_host,
        smtp_port=args.smtp_port,
        smtp_user=args.smtp_user,
        smtp_password=os.environ.get("KAIDO_SMTP_PASSWORD"),
        smtp_starttls=args.smtp_starttls,
        mail_from=args.mail_from,
        public_url=args.public_url or f"http://{args.host}:{args.port}",
        digest_minutes=args.digest_minutes,
    )
    if args.data_dir is not None:
        settings.data_dir = args.data_dir
    if args.node is not None:
        settings.node_address = args.node or node_address(args.host, args.port)
    launch = Launch(
        settings,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        games=tuple(args.register),
        bots=tuple(args.register_bot),
        forwarded_allow_ips=args.forwarded_allow_ips,
    )
    launch.register_extras()
    return launch


def node_address(host: str, port: int) -> str:
    """Where nginx reaches a node started with `--node` and no address."""
    if host in EVERYWHERE:
        raise KaidoError("--node needs the address nginx reaches this node at: --node HOST:PORT")
    return host_port(host, port)


def run(args: argparse.Namespace) -> int:
    import uvicorn

    if args.workers < 1:
        raise KaidoError("--workers is 1 or more")
    if args.workers > 1 and args.node is not None:
        raise KaidoError("--workers starts its own nodes: give --node or --workers, not both")
    launch = launch_of(args)
    settings = launch.settings
    logging.basicConfig(level=args.log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    if args.workers > 1:  # nodes behind nginx (kaido/server/processes.py)
        from kaido.server.processes import supervise

        print(f"(data: {settings.data_dir})", flush=True)
        print("\n".join(where_to_join(args.host, args.port)), flush=True)
        return supervise(launch, args.workers)
    config = launch.server_config()
    sock = config.bind_socket()
    port = sock.getsockname()[1]
    print(f"(data: {settings.data_dir})", flush=True)
    print("\n".join(where_to_join(args.host, port)), flush=True)
    uvicorn.Server(config).run(sockets=[sock])
    return 0


LOOPBACK = ("127.0.0.1", "localhost", "::1")
EVERYWHERE = ("0.0.0.0", "::", "")


def where_to_join(host: str, port: int) -> list[str]:
    """The address to open, and how friends on the same network join (the last lines
    `kaido serve` prints)."""
    lan = f"http://{network_address()}:{port}/"
    shown = f"[{host}]" if ":" in host else host
    if host in LOOPBACK:
        return [
            f"Kaido is at http://{shown}:{port}/",
            f"Only this computer can open it. For friends on your network, start with "
            f"--host 0.0.0.0; they open {lan} (or a table's invitation link).",
        ]
    if host in EVERYWHERE:
        return [
            f"Kaido is at http://127.0.0.1:{port}/",
            f"Friends on your network open {lan} (or a table's invitation link, "
            f"copied from a page opened at that address).",
        ]
    return [f"Kaido is at http://{shown}:{port}/ (friends on your network open it too)"]


def network_address() -> str:
    """This machine's address on the local network, as friends reach it. A UDP socket
    "connected" to a documentation address picks the outgoing interface and sends nothing."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            address: str = probe.getsockname()[0]
        except OSError:
            return "<this computer's address>"
    return address if not address.startswith("127.") else "<this computer's address>"
