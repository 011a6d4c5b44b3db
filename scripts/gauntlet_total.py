"""One figure from a gauntlet played in pieces: the tested bot's wins over several
databases, each a `kaido tournament --format gauntlet` run of the same bots on other deals.

    python scripts/gauntlet_total.py rr-r5.sqlite rr-r6.sqlite ...

A long run is safest played a round at a time (`--seed R --games P` for P players is the
round R of `--seed 0`), one database each: a machine lost mid-run then costs at most the
round it was playing, and the rounds every database completed show where to go on. The
same deal and seating in two databases is refused, so no game counts twice. A win is the
tested bot's first place, a tie for it a share (1 / the seats tied first).
"""

from __future__ import annotations

import argparse

from kaido.core.result import win_shares
from kaido.tournament.ratings import wilson
from kaido.tournament.store import FinishedGame, Plan, TournamentStore, database_url


def gauntlet_games(path: str) -> tuple[Plan, list[FinishedGame]]:
    store = TournamentStore(database_url(path))
    try:
        found = store.tournaments()
        if len(found) != 1:
            raise SystemExit(f"{path}: holds {len(found)} tournaments, not one")
        if found[0].plan.format != "gauntlet":
            raise SystemExit(f"{path}: a {found[0].plan.format} run, not a gauntlet")
        return found[0].plan, store.games(found[0])
    finally:
        store.close()


def same_match(first: Plan, other: Plan, path: str) -> None:
    for field in ("game", "options", "players", "bots"):
        if getattr(first, field) != getattr(other, field):
            raise SystemExit(f"{path}: other {field} than the first database's")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("databases", nargs="+", help="gauntlets' SQLite databases")
    args = parser.parse_args()
    plan: Plan | None = None
    deals: dict[tuple[int, int], str] = {}
    shares: list[float] = []
    places: list[int] = []
    seatings: dict[int, int] = {}
    for path in args.databases:
        this_plan, games = gauntlet_games(path)
        plan = plan or this_plan
        same_match(plan, this_plan, path)
        tested = plan.bots[0]
        for game in games:
            seat = game.seats.index(tested)
            if (game.seed, seat) in deals:
                raise SystemExit(
                    f"{path}: deal {game.seed}, seat {seat} is also in {deals[game.seed, seat]}"
                )
            deals[game.seed, seat] = path
            shares.append(win_shares(game.ranks)[seat])
            places.append(game.ranks[seat])
            seatings[game.seed] = seatings.get(game.seed, 0) + 1
    if plan is None or not shares:
        raise SystemExit("no finished game")
    n, won = len(shares), sum(shares)
    low, high = wilson(won, n)
    print(f"{plan.bots[0]} against {', '.join(plan.bots[1:])}, {plan.game}, {plan.players} players")
    place = sum(places) / n
    print(f"{won:g} wins of {n}: {won / n:.1%} ({low:.1%}-{high:.1%}), mean place {place:.2f}")
    whole = sorted(seed for seed, count in seatings.items() if count == plan.players)
    print(f"deals played at every seating: {len(whole)} ({_spans(whole)})")


def _spans(numbers: list[int]) -> str:
    """1, 2, 3, 5 as '1-3, 5'."""
    spans: list[list[int]] = []
    for number in numbers:
        if spans and number == spans[-1][1] + 1:
            spans[-1][1] = number
        else:
            spans.append([number, number])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in spans)


if __name__ == "__main__":
    main()
