"""A game engine's speed: random games and decisions per second, on one core.

    .venv/bin/python bench/speed.py russian_railroads --games 100 --runs 5
    .venv/bin/python bench/speed.py russian_railroads --players 4 --baseline b09d416
    .venv/bin/python bench/speed.py traveling_merchants --games 20 --runs 3
    .venv/bin/python bench/speed.py cargo_empire --options clans=true
    .venv/bin/python bench/speed.py catan --compiled --runs 5
    .venv/bin/python bench/speed.py catan --compiled --search mcts --games 2
    .venv/bin/python bench/speed.py catan --compiled --messages --games 5 --players 4

For each player count, plays `games` seeded games between random agents (no invariant
checks, actions trusted as `legal_actions` gave them) `runs` times and prints the median
games/s and decisions/s. Every run is a fresh process pinned to one core (`taskset`, where
there is one). With `--baseline REF` the tree of that commit is exported to a temporary
directory and measured the same way, its runs alternating with this tree's, so both
see the same machine load; the ratio is the median of the paired runs. With `--compiled`
the compiled build in build/compiled (`make build/compiled/.installed`) is measured against
this tree's `.py` files in the same way. Decisions per CPU second (the process's own time)
are printed too: on a shared machine they move less with the load than the wall-clock
figures.

With `--messages` the runs measure what the web server builds after each move instead:
`games` seeded games between heuristic bots, where at every third decision the game's part
of a state message (`kaido.server.messages.game_part`) is made twice, for the player who
decides (with their legal actions and each one's help) and for the next seat (who watches);
the figure is messages per CPU second.

With `--search SPEC` (an MCTS spec such as `mcts` or `mcts:widen=1:rollout=10`) the runs
measure the search instead: `games` seeded games between heuristic bots, where at every
fifth decision with a choice the search decides the same position with 200 iterations;
the figure is iterations per CPU second over all of them.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any, NamedTuple

HERE = Path(__file__).resolve().parent.parent
COMPILED = HERE / "build" / "compiled"

# Uses only what every version of Kaido has: get_game, RandomAgent, play_out.
RUN = """
import json, sys, time
sys.path.insert(0, {root!r})
from kaido.agents import RandomAgent
from kaido.core.match import play_out
from kaido.games import get_game
game = get_game({game!r})
options = game.make_options(players={players}, **{options!r})
decisions = 0
started, cpu = time.perf_counter(), time.process_time()
for seed in range({first}, {first} + {games}):
    state = game.setup(options, seed)
    agents = [RandomAgent(seed * 13 + p) for p in range({players})]
    decisions += len(play_out(game, state, agents))
elapsed = time.perf_counter() - started
cpu = time.process_time() - cpu
import kaido.core.rng
compiled = not kaido.core.rng.__file__.endswith(".py")
print(json.dumps([{games} / elapsed, decisions / elapsed, decisions / cpu, compiled]))
"""

# Work measured at positions of heuristic games, per CPU second: `step` says what to do at
# a position (None: nothing) as (units, the work to time); "decisions" are those units.
POSITIONS = """
import json, sys, time
sys.path.insert(0, {root!r})
from kaido.agents import make_agent
from kaido.games import get_game
game = get_game({game!r})
options = game.make_options(players={players}, **{options!r})
{step}
done = 0
elapsed = cpu = 0.0
for seed in range({first}, {first} + {games}):
    state = game.setup(options, seed)
    bots = [make_agent("heuristic", game, seed * 7 + p) for p in range({players})]
    decision = 0
    while not game.is_over(state):
        measured = step(state, seed, decision)
        if measured is not None:
            units, work = measured
            started, cpu_started = time.perf_counter(), time.process_time()
            work()
            elapsed += time.perf_counter() - started
            cpu += time.process_time() - cpu_started
            done += units
        game.apply(state, bots[game.to_move(state)].choose(game, state))
        decision += 1
import kaido.core.rng
compiled = not kaido.core.rng.__file__.endswith(".py")
print(json.dumps([{games} / elapsed, done / elapsed, done / cpu, compiled]))
"""

# A search's iterations, at every fifth decision with a choice.
SEARCH = """
def step(state, seed, decision):
    if len(game.legal_actions(state)) < 2 or decision % 5:
        return None
    search = make_agent({search!r} + ":iterations=200", game, seed + decision)
    return 200, lambda: search.choose(game, state.copy())
"""

# The game's part of a state message, for the mover and a watcher, at every third decision.
MESSAGES = """
from kaido.server.messages import game_part
def step(state, seed, decision):
    if decision % 3:
        return None
    mover = game.to_move(state)
    def both():
        game_part(game, state, [], mover, "en", log_from=0, may_act=True)
        game_part(game, state, [], (mover + 1) % {players}, "en", log_from=0, may_act=False)
    return 2, both
"""


class Setup(NamedTuple):
    game: str
    options: dict[str, Any]
    games: int
    search: str | None
    core: int = 0
    messages: bool = False


def one_run(root: Path, setup: Setup, players: int, first: int) -> tuple[float, float, float]:
    """(games/s, decisions/s, decisions per CPU second) of the games of `setup` in the tree
    at `root`, in its own process on one core."""
    fields = {"root": str(root), "players": players, "first": first, **setup._asdict()}
    if setup.messages or setup.search is not None:
        step = (MESSAGES if setup.messages else SEARCH).format(**fields)
        code = POSITIONS.format(step=step, **fields)
    else:
        code = RUN.format(**fields)
    command = [sys.executable, "-c", code]
    if shutil.which("taskset"):
        command = ["taskset", "-c", str(setup.core), *command]
    out = subprocess.run(command, cwd=root, check=True, capture_output=True, text=True)
    *figures, compiled = json.loads(out.stdout.strip().splitlines()[-1])
    if compiled != (root.name == COMPILED.name):
        sys.exit(f"{root}: the {'compiled' if compiled else 'pure Python'} build ran")
    games_s, decisions_s, decisions_cpu = figures
    return games_s, decisions_s, decisions_cpu


def export(ref: str, into: Path) -> Path:
    """The tree of commit `ref`, written under `into`."""
    archive = subprocess.run(
        ["git", "-C", str(HERE), "archive", "--format=tar", ref, "kaido"],
        check=True,
        capture_output=True,
    ).stdout
    with tempfile.TemporaryFile() as handle:
        handle.write(archive)
        handle.seek(0)
        with tarfile.open(fileobj=handle) as tar:
            tar.extractall(into, filter="data")
    return into


def measure(roots: dict[str, Path], setup: Setup, players: int, runs: int) -> dict[str, object]:
    results: dict[str, list[tuple[float, float, float]]] = {name: [] for name in roots}
    for run in range(runs):
        for name, root in roots.items():  # alternate, so load changes hit both alike
            results[name].append(one_run(root, setup, players, run * setup.games))
    out: dict[str, object] = {}
    for name, rows in results.items():
        out[name] = {
            "games_per_s": round(statistics.median(r[0] for r in rows), 1),
            "decisions_per_s": round(statistics.median(r[1] for r in rows)),
            "decisions_per_cpu_s": round(statistics.median(r[2] for r in rows)),
            "runs_decisions_per_s": [round(r[1]) for r in rows],
        }
    if len(roots) == 2:
        now, before = results.values()
        for name, k in (("ratio_decisions", 1), ("ratio_decisions_cpu", 2)):
            pairs = zip(now, before, strict=True)
            out[name] = round(statistics.median(a[k] / b[k] for a, b in pairs), 2)
    return out


def checked_options(parser: argparse.ArgumentParser, game_id: str, text: str) -> dict[str, Any]:
    """The options given as text, checked against the game's own (an error names what is
    wrong)."""
    sys.path.insert(0, str(HERE))
    from kaido.core.errors import KaidoError
    from kaido.core.options import parse_option_text
    from kaido.games import get_game

    try:
        game = get_game(game_id)
        options = dict(parse_option_text(text))
        game.make_options(options)
    except KaidoError as error:
        parser.error(str(error))
    return options


def player_counts(game_id: str) -> list[int]:
    """Every player count the game allows (known after `checked_options` loaded it)."""
    from kaido.games import get_game

    return list(get_game(game_id).player_counts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", help="a game id (see `kaido games`)")
    parser.add_argument("--options", default="", help="game options as name=value,...")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--players", type=int, nargs="*", help="player counts (default: all the game's)"
    )
    parser.add_argument("--baseline", help="a commit to measure side by side (before)")
    parser.add_argument(
        "--compiled", action="store_true", help="the compiled build against the .py files"
    )
    measured = parser.add_mutually_exclusive_group()
    measured.add_argument("--search", help="an MCTS spec: measure its iterations instead")
    measured.add_argument(
        "--messages", action="store_true", help="measure the server's state messages instead"
    )
    parser.add_argument("--core", type=int, default=0, help="the core the runs are pinned to")
    args = parser.parse_args()
    options = checked_options(parser, args.game, args.options)
    setup = Setup(args.game, options, args.games, args.search, args.core, args.messages)
    with tempfile.TemporaryDirectory() as tmp:
        roots = {"compiled": COMPILED, "pure": HERE} if args.compiled else {"this tree": HERE}
        if args.baseline:
            roots["baseline"] = export(args.baseline, Path(tmp))
        counts = args.players or player_counts(args.game)
        out = {f"{players}p": measure(roots, setup, players, args.runs) for players in counts}
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
