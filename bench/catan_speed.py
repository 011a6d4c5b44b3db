"""Kaido's Catan against Catanatron, side by side, on one core.

    .venv/bin/python bench/catan_speed.py            # sets up bench/.venv-bench on first use
    .venv/bin/python bench/catan_speed.py --runs 5 --seconds 20

Both engines play full 4-player and 3-player games between uniformly random players on the
same rule subset: Catanatron has no player-to-player trade, so Kaido's random players never
open a domestic offer (`RandomAgent(avoid=DOMESTIC_KINDS)`). Reported per engine: games/s,
decisions/s (every action applied counts as one decision) and the time to copy a mid-game
state. Kaido never imports Catanatron: it runs in its own virtual environment
(`bench/.venv-bench`, created with `pip install catanatron==3.2.1`) in a child process, and
the two are measured alternately, pinned to the same core, so that noise from other work on
the machine hits both; the ratios of each side-by-side pair are what to compare.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import timeit
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
BENCH_VENV = HERE / ".venv-bench"
CATANATRON = "catanatron==3.2.1"


def pin_to_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


# ---- Kaido --------------------------------------------------------------------------------


def kaido_games(players: int, seconds: float, seed: int) -> dict[str, float]:
    from kaido.agents import RandomAgent
    from kaido.core.match import play_out
    from kaido.games.catan import GAME
    from kaido.games.catan.actions import DOMESTIC_KINDS

    options = GAME.make_options(players=players)
    games = decisions = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        state = GAME.setup(options, seed + games)
        agents = [
            RandomAgent(seed * 7 + games * 5 + p, avoid=DOMESTIC_KINDS) for p in range(players)
        ]
        decisions += len(play_out(GAME, state, agents))
        games += 1
    return _rates(games, decisions, start, cpu)


def _rates(games: int, decisions: int, start: float, cpu: float) -> dict[str, float]:
    """Games and decisions per second of wall time and per CPU second (the process's own
    time, what one core gives when it is not shared)."""
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "games_per_s": games / elapsed,
        "decisions_per_s": decisions / elapsed,
        "decisions_per_cpu_s": decisions / cpu,
        "games": games,
    }


def kaido_copy_us(seed: int) -> float:
    from kaido.agents import RandomAgent
    from kaido.games.catan import GAME
    from kaido.games.catan.actions import DOMESTIC_KINDS

    state = GAME.setup(GAME.make_options(players=4), seed)
    agents = [RandomAgent(seed + p, avoid=DOMESTIC_KINDS) for p in range(4)]
    while state.turns < 60 and not GAME.is_over(state):  # a mid-game position
        GAME.apply(state, agents[GAME.to_move(state)].choose(GAME, state), trusted=True)
    return _time_us(state.copy)


def _time_us(function: Any) -> float:
    timer = timeit.Timer(function)
    number, _ = timer.autorange()
    return min(timer.repeat(repeat=7, number=number)) / number * 1e6


# ---- Catanatron (imported only inside its own environment) ---------------------------------


def catanatron_games(players: int, seconds: float, seed: int) -> dict[str, float]:
    import random

    from catanatron.game import Game
    from catanatron.models.player import Color, RandomPlayer

    random.seed(seed)
    colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE][:players]
    games = decisions = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        game = Game([RandomPlayer(c) for c in colors], seed=seed + games + 1)
        game.play()
        decisions += len(game.state.actions)
        games += 1
    return _rates(games, decisions, start, cpu)


def catanatron_copy_us(seed: int) -> float:
    import random

    from catanatron.game import Game
    from catanatron.models.player import Color, RandomPlayer

    random.seed(seed)
    colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
    game = Game([RandomPlayer(c) for c in colors], seed=seed + 1)
    while game.state.num_turns < 60 and game.winning_color() is None:
        game.play_tick()
    return _time_us(game.copy)


# ---- fastcatan (a C++ engine; built by hand into the same environment, bench/README.md) -----


def fastcatan_games(players: int, seconds: float, seed: int) -> dict[str, float]:
    """Random games driven from Python as Kaido's are: every decision a uniformly random
    legal action picked in Python, never opening a domestic offer (its actions from
    TRADE_ADD_GIVE_BASE on); fastcatan plays 4 players only."""
    import random

    import fastcatan

    assert players == fastcatan.NUM_PLAYERS
    domestic = fastcatan.action.TRADE_ADD_GIVE_BASE
    rng = random.Random(seed)
    env = fastcatan.Env()
    games = decisions = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        env.reset(seed + games)
        while not env.done:
            legal = env.legal_actions()
            env.step(rng.choice([a for a in legal if a < domestic] or legal))
            decisions += 1
        games += 1
    return _rates(games, decisions, start, cpu)


def fastcatan_copy_us(seed: int) -> float:
    """A snapshot loaded into a new game: its way to copy a state."""
    import random

    import fastcatan

    rng = random.Random(seed)
    env = fastcatan.Env()
    env.reset(seed)
    for _ in range(500):  # a mid-game position
        env.step(rng.choice(env.legal_actions()))

    def copy() -> Any:
        twin = fastcatan.Env()
        twin.load_snapshot(env.snapshot())
        return twin

    return _time_us(copy)


# ---- driver -------------------------------------------------------------------------------


def measure(engine: str, players: int, seconds: float, seed: int) -> dict[str, float]:
    pin_to_one_core()
    if engine == "kaido":
        out = kaido_games(players, seconds, seed)
        out["copy_us"] = kaido_copy_us(seed)
        import kaido.core.rng

        out["compiled"] = not kaido.core.rng.__file__.endswith(".py")
    elif engine == "fastcatan":
        out = fastcatan_games(players, seconds, seed)
        out["copy_us"] = fastcatan_copy_us(seed)
    else:
        out = catanatron_games(players, seconds, seed)
        out["copy_us"] = catanatron_copy_us(seed)
    return out


def ensure_bench_venv() -> Path:
    python = BENCH_VENV / "bin" / "python"
    if not python.exists():
        print(f"setting up {BENCH_VENV} with {CATANATRON} ...", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(BENCH_VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", CATANATRON], check=True)
    return python


# engine -> (its Python, PYTHONPATH, the child's engine)
Engines = dict[str, tuple[str, str | None, str]]


def child(
    engines: Engines, engine: str, players: int, seconds: float, seed: int
) -> dict[str, float]:
    python, path, kind = engines[engine]
    command = [python, str(Path(__file__).resolve()), "--child", kind]
    command += ["--players", str(players), "--seconds", str(seconds), "--seed", str(seed)]
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = path
    done = subprocess.run(command, check=True, capture_output=True, text=True, env=env)
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    if kind == "kaido" and result["compiled"] != engine.endswith("compiled"):
        sys.exit(f"{engine}: the {'compiled' if result['compiled'] else 'pure'} build ran")
    return result


def git_commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=HERE
        )
        return out.stdout.strip() or "unknown"
    except OSError:
        return "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=0, help="3 or 4 (default: both)")
    parser.add_argument(
        "--compiled", action="store_true", help="also Kaido's compiled build (build/compiled)"
    )
    parser.add_argument(
        "--fastcatan", action="store_true", help="also fastcatan (4 players; bench/README.md)"
    )
    parser.add_argument("--child", choices=("kaido", "catanatron", "fastcatan"))
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.child, args.players, args.seconds, args.seed)))
        return
    engines: Engines = {"kaido": (sys.executable, str(HERE.parent), "kaido")}
    if args.compiled:
        compiled = str(HERE.parent / "build" / "compiled")
        engines["kaido compiled"] = (sys.executable, compiled, "kaido")
    engines["catanatron"] = (str(ensure_bench_venv()), None, "catanatron")
    if args.fastcatan:
        engines["fastcatan"] = (str(ensure_bench_venv()), None, "fastcatan")
    counts = [args.players] if args.players else [4, 3]
    print(f"commit {git_commit()}, {args.runs} side-by-side runs of {args.seconds:.0f} s each")
    keys = ("games_per_s", "decisions_per_s", "decisions_per_cpu_s", "copy_us")
    for players in counts:
        playing = [e for e in engines if e != "fastcatan" or players == 4]
        rows: dict[str, list[dict[str, float]]] = {engine: [] for engine in playing}
        for run in range(args.runs):
            seed = args.seed + 1000 * run
            for engine in playing:  # alternate, so load changes hit every engine alike
                r = child(engines, engine, players, args.seconds, seed)
                rows[engine].append(r)
                print(
                    f"  {players}p run {run + 1} {engine:15s} {r['games_per_s']:6.1f} g/s "
                    f"{r['decisions_per_s']:8.0f} d/s {r['decisions_per_cpu_s']:8.0f} d/cpu-s "
                    f"copy {r['copy_us']:6.2f} us",
                    flush=True,
                )
        print(f"{players} players, medians:")
        for engine, results in rows.items():
            med = {key: statistics.median(r[key] for r in results) for key in keys}
            print(
                f"  {engine:15s} {med['games_per_s']:8.1f} games/s {med['decisions_per_s']:9.0f} "
                f"decisions/s {med['decisions_per_cpu_s']:9.0f} per CPU s  copy "
                f"{med['copy_us']:6.2f} us"
            )
        for engine in playing:
            for other in playing:
                if engine.startswith("kaido") and other != engine and other != "kaido compiled":
                    print(f"  {engine} / {other}: {_ratios(rows[engine], rows[other])}")


def _ratios(mine: list[dict[str, float]], theirs: list[dict[str, float]]) -> str:
    """The medians of the side-by-side pairs' ratios."""

    def ratio(key: str, invert: bool = False) -> float:
        pairs = [(a[key], b[key]) for a, b in zip(mine, theirs, strict=True)]
        return statistics.median(b / a if invert else a / b for a, b in pairs)

    return (
        f"games/s {ratio('games_per_s'):.2f}x, decisions/s {ratio('decisions_per_s'):.2f}x, "
        f"decisions per CPU s {ratio('decisions_per_cpu_s'):.2f}x, "
        f"copy {ratio('copy_us', invert=True):.1f}x faster"
    )


if __name__ == "__main__":
    main()
