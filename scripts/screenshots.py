"""Take the screenshots in docs/: the lobby and a table in play, from a real `kaido serve`.

    .venv/bin/python scripts/screenshots.py [--game catan] [--out docs]

Uses Debian's Chromium (/usr/bin/chromium) through Playwright, a temporary data directory
and a free loopback port; the human seat plays its first listed action each time.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx2
from playwright.sync_api import Page, sync_playwright

REPO = Path(__file__).resolve().parents[1]
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
READY = ".table-page:not(.pending) button.legal, .table-page:not(.pending) svg .place"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(data: Path, port: int, game: str) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "kaido.cli.main", "serve", "--port", str(port)]
    command += ["--data-dir", str(data), "--bot-delay", "0.05", "--log-level", "warning"]
    if game == "tiny":  # the core's test game, for when no real game is registered
        command += ["--register", "tests.core.tiny_game:TINY"]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    process = subprocess.Popen(command, cwd=REPO, env=env)
    for _ in range(300):
        try:
            httpx2.get(f"http://127.0.0.1:{port}/api/me", timeout=1)
            return process
        except httpx2.TransportError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("kaido serve did not start")


def play(page: Page, decisions: int) -> None:
    """Make `decisions` choices as the human seat: the first listed or highlighted place."""
    for _ in range(decisions):
        page.wait_for_selector(READY, timeout=60_000)
        version = page.locator(".table-page").get_attribute("data-version")
        page.locator(READY).first.click()
        page.wait_for_selector(f".table-page:not([data-version='{version}'])")


def shoot(base: str, game: str, out: Path, decisions: int) -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        page = browser.new_page(viewport={"width": 1360, "height": 900})
        page.goto(base + "/")
        page.click("#guest")
        page.wait_for_selector("#create-table")
        # A few tables so the lobby's lists are not empty.
        for seats in (["human", "human", "bot"], ["bot", "bot", "bot"]):
            page.select_option("select[name=game]", game)
            page.select_option("select[name=players]", str(len(seats)))
            for n, kind in enumerate(seats):
                page.select_option(f"select[name=seat-{n}-kind]", kind)
            if kind == "bot":
                page.select_option("select[name=my_seat]", "")
            page.click("#create-table button[type=submit]")
            page.wait_for_url("**/table/*")
            page.goto(base + "/")
            page.wait_for_selector("#create-table")
        page.select_option("select[name=game]", game)
        page.wait_for_timeout(500)
        page.screenshot(path=str(out / "lobby.png"))
        page.click("#create-table button[type=submit]")  # the default: you and bots
        page.wait_for_url("**/table/*")
        play(page, decisions)
        page.wait_for_timeout(800)
        page.screenshot(path=str(out / f"table-{game}.png"))
        browser.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="catan")
    parser.add_argument("--out", type=Path, default=REPO / "docs")
    parser.add_argument("--decisions", type=int, default=12, help="choices before the shot")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        server = start_server(Path(data), port, args.game)
        try:
            shoot(f"http://127.0.0.1:{port}", args.game, args.out, args.decisions)
        finally:
            server.terminate()
            server.wait(timeout=10)
    print(f"wrote {args.out / 'lobby.png'} and {args.out / f'table-{args.game}.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
