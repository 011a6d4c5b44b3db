"""nginx in front of the nodes of one server (docs/server.md, *Several nodes*).

Each table's requests and its WebSocket go to one node by a consistent hash of the table's
id (`hash ... consistent`: a node that joins or goes moves only its share); everything else
(the lobby, accounts, the client's files) goes to any node. A node that does not serve the
table it is asked for answers where it lives (421 with `X-Accel-Redirect: @owner` and the
node's address in `X-Kaido-Owner`), and nginx asks that node instead: the same request, or
the same WebSocket handshake, with no node relaying anything. A node that cannot be reached
is answered for with the documented 503.

`kaido serve --workers N` writes this configuration for its own nginx; deploy/nginx.conf is
it for three nodes on three hosts (`python -m kaido.server.proxy --help`).
"""

from __future__ import annotations

import argparse
from pathlib import Path

NODE_KEEP_ALIVE = 75
"""Seconds a node keeps an idle connection from nginx open (uvicorn's default, 5 s, let
nginx send a request on a connection the node was closing: a POST then failed)."""
UNAVAILABLE = (
    '{"error": "the node serving this cannot be reached now; try again soon", '
    '"code": "unavailable"}'
)


def nginx_config(
    listen: str, nodes: list[str], run_dir: Path | None = None, user: str | None = None
) -> str:
    """The configuration: nginx listens on `listen` and serves the `nodes` (nginx
    addresses: `host:port`, or `unix:/path` for a unix socket). With `run_dir`, nginx runs
    in the foreground with everything it writes there (`kaido serve --workers`); `user`
    names the account its workers run as when started as root."""
    servers = "\n".join(f"        server {node} max_fails=1 fail_timeout=3s;" for node in nodes)
    if run_dir is None:
        head = "worker_processes auto;\n"
        paths = ""
    else:
        head = f"daemon off;\nworker_processes 1;\npid {run_dir / 'nginx.pid'};\n"
        paths = "".join(
            f"    {kind}_temp_path {run_dir / kind};\n"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
    if user is not None:
        head += f"user {user};\n"
    return f"""# Kaido behind nginx: each table's requests and WebSocket go to the node serving it
# (docs/server.md, "Several nodes"). Made by kaido/server/proxy.py.
{head}
events {{
    worker_connections 8192;
}}

http {{
    access_log off;
{paths}
    # The table a request is for: its own requests and its WebSocket hash to one node.
    # Anything else goes to any node.
    map $uri $kaido_table {{
        ~^/(?:api|ws)/tables/(?<table>[^/]+) $table;
        default $request_id;
    }}
    map $http_upgrade $kaido_connection {{
        default upgrade;
        "" "";
    }}

    upstream kaido_nodes {{
        hash $kaido_table consistent;
{servers}
        keepalive 64;
        # Shorter than the nodes' own ({NODE_KEEP_ALIVE} s): nginx never sends a request on
        # a connection the node is closing.
        keepalive_timeout 60s;
    }}

    server {{
        listen {listen};
        client_max_body_size 1m;  # the nodes answer bodies over 64 KiB with 413 themselves

        proxy_http_version 1.1;
        proxy_set_header Host $http_host;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection $kaido_connection;
        # The client's own address: a header the client sent is replaced, not extended.
        proxy_set_header X-Forwarded-For $remote_addr;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_read_timeout 120s;  # the nodes ping each WebSocket every 20 s
        error_page 502 504 = @unavailable;

        location / {{
            proxy_pass http://kaido_nodes;
        }}

        # A node answered that another serves the table: the same request goes there.
        location @owner {{
            set $kaido_owner $upstream_http_x_kaido_owner;
            proxy_pass http://$kaido_owner;
        }}

        location @unavailable {{
            default_type application/json;
            add_header Retry-After 2 always;
            return 503 '{UNAVAILABLE}';
        }}
    }}
}}
"""


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m kaido.server.proxy",
        description="Print nginx's configuration for the nodes of one Kaido server.",
    )
    parser.add_argument("--listen", default="80", help="nginx's listen address (80)")
    parser.add_argument(
        "--node",
        action="append",
        required=True,
        metavar="HOST:PORT",
        help="a node, as `kaido serve --node` was started there (repeat for each)",
    )
    args = parser.parse_args()
    print(nginx_config(args.listen, args.node), end="")


if __name__ == "__main__":
    main()
