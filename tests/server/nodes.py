"""Several real `kaido serve --node` processes on one PostgreSQL database, with nginx in
front of them as deploy/ configures it, all on loopback ports of this machine."""

from __future__ import annotations

import getpass
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path
from types import TracebackType

import httpx2

from kaido.server.proxy import nginx_config
from tests.server.live import LiveServer, free_port
from tests.server.services import service_missing


class Nodes:
    """`count` nodes sharing one data directory (the session secret) and one database,
    and nginx on `url`."""

    def __init__(self, root: Path, database_url: str, count: int, **live: object) -> None:
        self.root = root
        self.nodes = [
            LiveServer(
                root / "data",
                database_url=database_url,
                log_name=f"node-{n}.log",
                options=("--node", "--forwarded-allow-ips", "127.0.0.1"),
                **live,  # type: ignore[arg-type]
            )
            for n in range(count)
        ]
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.nginx: subprocess.Popen[bytes] | None = None
        self.nginx_log = root / "nginx.log"

    def start(self) -> Nodes:
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        if not Path(nginx).exists():
            service_missing("nginx")
        for node in self.nodes:
            node.launch()
        for node in self.nodes:
            node.wait_ready()
        run_dir = self.root / "nginx"
        run_dir.mkdir(parents=True, exist_ok=True)
        user = getpass.getuser() if os.geteuid() == 0 else None
        addresses = [node.url.removeprefix("http://") for node in self.nodes]
        config = run_dir / "nginx.conf"
        config.write_text(nginx_config(f"127.0.0.1:{self.port}", addresses, run_dir, user))
        with self.nginx_log.open("ab") as log:
            self.nginx = subprocess.Popen(
                [nginx, "-p", str(run_dir), "-c", str(config), "-e", "stderr"],
                stdout=log,
                stderr=log,
            )
        deadline = time.monotonic() + 20
        while True:
            try:
                if httpx2.get(f"{self.url}/api/me", timeout=1).status_code == 200:
                    return self
            except httpx2.TransportError:
                pass
            assert time.monotonic() < deadline, self.nginx_log.read_text()
            time.sleep(0.05)

    def stop(self) -> None:
        if self.nginx is not None and self.nginx.poll() is None:
            self.nginx.send_signal(signal.SIGTERM)
            self.nginx.wait(timeout=10)
        for node in self.nodes:
            node.stop()

    def __enter__(self) -> Nodes:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()
