"""Many seeded random Cargo Empire games with invariants after every action.

    .venv/bin/python scripts/ce_selfplay.py --games 1000

Plays `games` games at 2, 3 and 4 players, with and without clans, and prints how many
finished and how often the no-transport fallback (CE-PAY-13) was used.
"""

from __future__ import annotations

import argparse

from tests.games.cargo_empire.test_selfplay import play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    for clans in (False, True):
        for players in (2, 3, 4):
            fallbacks = sum(play(players, seed, clans) for seed in range(args.games))
            print(f"{players}p clans={clans}: {args.games} games, {fallbacks} fallbacks")


if __name__ == "__main__":
    main()
