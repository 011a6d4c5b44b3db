"""Many seeded Cargo Empire games with invariants after every action.

    .venv/bin/python scripts/ce_selfplay.py --games 1000
    .venv/bin/python scripts/ce_selfplay.py --games 200 --bot heuristic

Plays `games` games at 2, 3 and 4 players, with and without clans, between `bot` agents,
with a progress bar, and prints how many finished and how often the no-transport
fallback (CE-PAY-13) was used.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rich.progress import Progress

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests package
from tests.games.cargo_empire.test_selfplay import play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--bot", choices=("random", "heuristic"), default="random")
    args = parser.parse_args()
    results = []
    with Progress() as progress:
        for clans in (False, True):
            for players in (2, 3, 4):
                task = progress.add_task(f"{players}p clans={clans}", total=args.games)
                fallbacks = 0
                for seed in range(args.games):
                    fallbacks += play(players, seed, clans, args.bot)
                    progress.advance(task)
                results.append(
                    f"{players}p clans={clans}: {args.games} games, {fallbacks} fallbacks"
                )
    print("\n".join(results))


if __name__ == "__main__":
    main()
