"""Is a table's bot thinking fair when another account floods the server with bots?

Starts `kaido serve` (the code of --code, this repository by default, on a fresh data
directory, default settings but the rate limits, tables dealt from fixed seeds) and
measures a victim: one guest's table of one scripted human (who answers at once with a
random legal action, over its WebSocket as a browser does) and bots of --victim levels,
counting the human's decisions in --seconds (after --ramp seconds unmeasured). Alone, then
on a fresh server where another guest's --tables tables of bots only (`strong` by
default, as many seats as the game has) play too; the victim's game is the same deal and
the same choices both times, so only the speed differs:

    .venv/bin/python bench/bot_fairness.py --runs 3
    .venv/bin/python bench/bot_fairness.py --code OLD_TREE --runs 3   # an older commit
    .venv/bin/python bench/bot_fairness.py --bot-level normal=mcts:iterations=200 --runs 3

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

    def __init__(self, code: Path, data_dir: Path, port: int, levels: list[str]) -> None:
        self.url = f"http://127.0.0.1:{port}"
        command = [sys.executable, "-m", "kaido.cli.main", "serve", "--port", str(port)]
        command += ["--data-dir", str(data_dir), "--no-rate-limits", "--log-level", "warning"]
        command += ["--table-seeds", "1000"]
        command += [option for level in levels for option in ("--bot-level", level)]
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


async def decisions(url: str, client: httpx2.Client, table: str, args: argparse.Namespace) -> int:
    """The decisions the scripted human makes at `table` in --seconds, after --ramp."""
    rng = random.Random(1)
    cookie = f"kaido_session={client.cookies['kaido_session']}"
    address = url.replace("http://", "ws://") + f"/ws/tables/{table}"
    start = time.monotonic() + args.ramp
    until = start + args.seconds
    made = 0
    async with websockets.connect(address, additional_headers={"Cookie": cookie}) as ws:
        answered = -1  # the version the last action was sent at
        while (left := until - time.monotonic()) > 0:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), left))
            except TimeoutError:
                break
            if message.get("type") != "state":
                continue
            if message["status"] != "playing":
                raise SystemExit(f"the game ended within {args.ramp + args.seconds} s")
            version = message["version"]
            if message.get("legal") and version > answered:
                action = rng.choice(message["legal"])["action"]
                await ws.send(json.dumps({"type": "act", "action": action, "move": version}))
                answered = version
                made += time.monotonic() >= start
    return made


def measure(args: argparse.Namespace, flooded: bool) -> int:
    """The victim's decisions on a fresh server, with or without the flood. Its table is
    made first, from the same seed each time, so it plays the same game either way."""
    with tempfile.TemporaryDirectory() as data:
        server = Server(args.code.resolve(), Path(data), free_port(), args.bot_level)
        try:
            victim = guest(server.url)
            table = new_table(victim, args.game, ["human", *args.victim], mine=True)
            if flooded:
                flood(server.url, args.game, args.tables, args.level)
            return asyncio.run(decisions(server.url, victim, table, args))
        finally:
            server.stop()


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
    parser.add_argument(
        "--bot-level",
        action="append",
        default=[],
        metavar="LEVEL=SPEC",
        help="kaido serve's --bot-level (a searching victim with a fixed number of "
        "iterations plays the same game at any speed)",
    )
    parser.add_argument("--seconds", type=float, default=45.0)
    parser.add_argument("--ramp", type=float, default=10.0, help="seconds played unmeasured first")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print("| run | alone | with the flood | ratio | load average |")
    print("| ---: | ---: | ---: | ---: | --- |")
    ratios = []
    for number in range(1, args.runs + 1):
        before = os.getloadavg()[0]
        alone, loaded = measure(args, flooded=False), measure(args, flooded=True)
        ratios.append(loaded / alone if alone else 0.0)
        print(
            f"| {number} | {alone} | {loaded} | {ratios[-1]:.2f} | "
            f"{before:.1f} -> {os.getloadavg()[0]:.1f} |",
            flush=True,
        )
    print(f"median ratio {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
