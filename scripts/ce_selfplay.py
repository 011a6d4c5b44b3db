"""Many seeded Cargo Empire games in every mode, invariants checked after every action.

    .venv/bin/python scripts/ce_selfplay.py --games 300
    .venv/bin/python scripts/ce_selfplay.py --games 300 --bot heuristic

Plays `games` games (seeds 0..games-1) between `bot` agents in each mode of the rulebook and
in combinations (CE-XV-7): 2-5 players, clans, the advanced tracks, the Dior map, the
rulebook's bot with 1-3 players and the 2-player vassal mode, alone and mixed; a progress
bar; then a line per mode. A broken invariant stops the run naming the mode and seed.
"""

from __future__ import annotations

import argparse
from typing import Any

from rich.progress import Progress

from kaido.agents import make_agent
from kaido.games.cargo_empire import GAME

MODES: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 5},
    {"players": 4, "clans": True},
    {"players": 3, "tracks": "advanced"},
    {"players": 5, "clans": True, "tracks": "advanced"},
    {"players": 4, "tracks": "mixed", "map": "dior"},
    {"players": 3, "clans": True, "map": "dior"},
    {"players": 1},
    {"players": 1, "clans": True, "tracks": "advanced", "map": "dior"},
    {"players": 2, "bot": True, "map": "dior"},
    {"players": 3, "bot": True, "clans": True, "tracks": "mixed"},
    {"players": 2, "vassals": True},
    {"players": 2, "vassals": True, "clans": True, "tracks": "advanced", "map": "dior"},
]


def play(mode: dict[str, Any], seed: int, spec: str) -> None:
    st = GAME.setup(GAME.make_options(**mode), seed)
    agents = [make_agent(spec, GAME, seed=seed * 10 + p) for p in range(GAME.num_players(st))]
    while not GAME.is_over(st):
        GAME.apply(st, agents[GAME.to_move(st)].choose(GAME, st), trusted=spec == "random")
        try:
            GAME.invariants(st)
        except AssertionError as error:
            raise SystemExit(f"mode {mode}, seed {seed}: {error}") from None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--bot", choices=("random", "heuristic"), default="random")
    args = parser.parse_args()
    with Progress() as progress:
        for mode in MODES:
            label = ", ".join(f"{k}={v}" for k, v in mode.items())
            task = progress.add_task(label, total=args.games)
            for seed in range(args.games):
                play(mode, seed, args.bot)
                progress.advance(task)
            progress.console.print(f"{label}: {args.games} games, invariants held")


if __name__ == "__main__":
    main()
