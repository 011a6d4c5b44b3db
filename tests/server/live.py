"""A real `kaido serve` process on a free loopback port, for restart and browser tests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType

import httpx2

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class LiveServer:
    """`kaido serve` with the tiny test game registered, on its own data directory."""

    def __init__(
        self,
        data_dir: Path,
        *,
        bot_delay: float = 0.0,
        database_url: str | None = None,
        options: tuple[str, ...] = (),
        offer_seconds: float = 30.0,
        reviews: bool = False,
        log_name: str = "server.log",
    ) -> None:
        self.data_dir = data_dir
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.bot_delay = bot_delay
        self.offer_seconds = offer_seconds
        self.database_url = database_url
        self.options = options
        """More `kaido serve` options."""
        self.reviews = reviews
        """Review finished games (off by default: few tests look at reviews, and each costs a
        worker process)."""
        self.process: subprocess.Popen[bytes] | None = None
        self.log = data_dir / log_name

    def start(self) -> LiveServer:
        self.launch()
        self.wait_ready()
        return self

    def launch(self) -> None:
        """Start the process (not waiting for it to answer)."""
        command = [sys.executable, "-m", "kaido.cli.main", "serve", "--port", str(self.port)]
        command += ["--data-dir", str(self.data_dir), "--bot-delay", str(self.bot_delay)]
        command += ["--offer-seconds", str(self.offer_seconds)]
        command += ["--register", "tests.core.tiny_game:TINY", "--log-level", "warning"]
        if self.database_url:
            command += ["--database-url", self.database_url]
        if not self.reviews:
            command += ["--review-workers", "0"]
        command += self.options
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        self.data_dir.mkdir(parents=True, exist_ok=True)
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, cwd=REPO, env=env, stdout=log, stderr=log)

    def wait_ready(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise AssertionError(f"kaido serve exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx2.get(f"{self.url}/api/me", timeout=1).status_code == 200:
                    return
            except httpx2.TransportError:
                pass
            time.sleep(0.1)
        self.kill()  # not left running (with its bot processes) after the test
        raise AssertionError("kaido serve did not answer in time")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)
        self.process = None

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.process = None

    def __enter__(self) -> LiveServer:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()
