"""Is a table's bot thinking fair when another account floods the server with bots?

Starts `kaido serve` (the code of --code, this repository by default, on a fresh data
directory, default settings but the rate limits), then measures a victim: one guest's
table of one scripted human (who answers at once with a random legal action, over its
WebSocket as a browser does) and bots of --victim levels, counting the human's decisions
in --seconds (after --ramp seconds unmeasured). First alone, then while another guest's
--tables tables of bots only (`strong` by default, as many seats as the game has) play on
the same server:

    .venv/bin/python bench/bot_fairness.py --runs 3
    .venv/bin/python bench/bot_fairness.py --code OLD_TREE --runs 3   # an older commit

Prints a row per run and the median ratio of loaded to unloaded decisions.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx2
import websockets

REPO = Path(__file__).resolve().parents[1]


class Server:
    """`kaido serve` on a free port, running the code in `code`."""

    def __init__(self, code: Path, data_dir: Path, port: int) -> None:
        self.url = f"http://127.0.0.1:{port}"
        command = [sys.executable, "-m", "kaido.cli.main", "serve", "--port", str(port)]
        command += ["--data-dir", str(data_dir), "--no-rate-limits", "--log-level", "warning"]
        env = {**os.environ, "PYTHONPATH": str(code)}
        self.log = (data_dir / "server.log").open("wb")
        self.process = subprocess.Popen(
            command, cwd=code, env=env, stdout=self.log, stderr=self.log
        )
        for _ in range(600):
            try:
                if httpx2.get(f"{self.url}/api/me", timeout=1).status_code == 200:
                    return
            except httpx2.TransportError:
                time.sleep(0.1)
        raise SystemExit("kaido serve did not start")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


def guest(url: str) -> httpx2.Client:
    client = httpx2.Client(base_url=url, timeout=60)
    client.post("/api/guest").raise_for_status()
    return client


def new_table(client: httpx2.Client, game: str, seats: list[str], mine: bool) -> str:
    body = {
        "game": game,
        "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats],
        "my_seat": 0 if mine else None,
    }
    response = client.post("/api/tables", json=body)
    response.raise_for_status()
    table: str = response.json()["table"]["id"]
    return table


def flood(url: str, game: str, tables: int, level: str) -> httpx2.Client:
    """A guest's `tables` tables of bots only, playing."""
    client = guest(url)
    games = client.get("/api/games").json()["games"]
    players = max(next(g for g in games if g["id"] == game)["player_counts"])
    for _ in range(tables):
        new_table(client, game, [level] * players, mine=False)
    return client


async def decisions(
    url: str, client: httpx2.Client, game: str, victim: list[str], seconds: float
) -> int:
    """The human decisions one scripted player makes at its tables in `seconds`."""
    rng = random.Random(1)
    cookie = f"kaido_session={client.cookies['kaido_session']}"
    until = time.monotonic() + seconds
    made = 0
    while time.monotonic() < until:
        table = new_table(client, game, ["human", *victim], mine=True)
        address = url.replace("http://", "ws://") + f"/ws/tables/{table}"
        async with websockets.connect(address, additional_headers={"Cookie": cookie}) as ws:
            answered = -1  # the version the last action was sent at
            while time.monotonic() < until:
                try:
                    raw = await asyncio.wait_for(ws.recv(), until - time.monotonic())
                except TimeoutError:
                    return made
                message = json.loads(raw)
                if message.get("type") != "state":
                    continue
                if message["status"] != "playing":
                    break  # the game ended: a new table
                version = message["version"]
                if message.get("legal") and version > answered:
                    action = rng.choice(message["legal"])["action"]
                    await ws.send(json.dumps({"type": "act", "action": action, "move": version}))
                    answered = version
                    made += 1
    return made


def run(args: argparse.Namespace) -> tuple[int, int]:
    with tempfile.TemporaryDirectory() as data:
        server = Server(args.code.resolve(), Path(data), free_port())
        try:
            victim = guest(server.url)
            asyncio.run(decisions(server.url, victim, args.game, args.victim, args.ramp))
            alone = asyncio.run(decisions(server.url, victim, args.game, args.victim, args.seconds))
            flood(server.url, args.game, args.tables, args.level)
            time.sleep(args.ramp)
            loaded = asyncio.run(
                decisions(server.url, victim, args.game, args.victim, args.seconds)
            )
        finally:
            server.stop()
    return alone, loaded


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", type=Path, default=REPO, help="the tree whose server runs")
    parser.add_argument("--game", default="catan")
    parser.add_argument("--victim", nargs="+", default=["normal", "normal"], help="its bots")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--level", default="strong", help="the flood's bots")
    parser.add_argument("--seconds", type=float, default=45.0)
    parser.add_argument(
        "--ramp", type=float, default=10.0, help="seconds played unmeasured first, each time"
    )
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print("| run | alone | with the flood | ratio | load average |")
    print("| ---: | ---: | ---: | ---: | --- |")
    ratios = []
    for number in range(1, args.runs + 1):
        before = os.getloadavg()[0]
        alone, loaded = run(args)
        ratios.append(loaded / alone if alone else 0.0)
        print(
            f"| {number} | {alone} | {loaded} | {ratios[-1]:.2f} | "
            f"{before:.1f} -> {os.getloadavg()[0]:.1f} |",
            flush=True,
        )
    print(f"median ratio {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
