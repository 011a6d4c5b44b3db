"""Two gauntlets on the same deals, compared deal by deal: how often each tested bot won,
and the mean difference with its standard error.

    python scripts/paired_gauntlet.py new.sqlite old.sqlite

Each database holds one `kaido tournament --format gauntlet` run (the same game, players,
`--seed` and bots other than the first, so that game i is the same deal and seating in
both; the script checks it). The tested bot is the plan's first; a win is its first
place, a tie for it a share (1 / the seats tied first). Two bots differ by far less per
deal than the deals differ from one another, so the paired difference is much sharper than
the two win rates' intervals suggest. Reads a tournament still playing: only the games
finished in both count.
"""

from __future__ import annotations

import argparse
import math

from kaido.core.result import win_shares
from kaido.tournament.ratings import wilson
from kaido.tournament.store import FinishedGame, Tournament, TournamentStore, database_url


def only_tournament(path: str) -> tuple[Tournament, dict[int, FinishedGame]]:
    store = TournamentStore(database_url(path))
    try:
        found = store.tournaments()
        if len(found) != 1:
            raise SystemExit(f"{path}: holds {len(found)} tournaments, not one")
        return found[0], {game.index: game for game in store.games(found[0])}
    finally:
        store.close()


def win_share(game: FinishedGame, tested: str) -> float:
    """The tested bot's share of the win (its seat is the one whose spec is `tested`)."""
    return win_shares(game.ranks)[game.seats.index(tested)]


def same_deals(a: Tournament, b: Tournament) -> None:
    """Refuse two gauntlets whose game i is not the same deal and seating."""
    for field in ("game", "options", "format", "players", "seed"):
        if getattr(a.plan, field) != getattr(b.plan, field):
            raise SystemExit(f"the two runs differ in {field}: not the same deals")
    if a.plan.bots[1:] != b.plan.bots[1:]:
        raise SystemExit("the two runs have other opponents")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("new", help="a gauntlet's SQLite database")
    parser.add_argument("old", help="the other's, on the same deals")
    args = parser.parse_args()
    (a, games_a), (b, games_b) = only_tournament(args.new), only_tournament(args.old)
    same_deals(a, b)
    common = sorted(set(games_a) & set(games_b))
    if not common:
        raise SystemExit("no deal finished in both")
    won_a = [win_share(games_a[i], a.plan.bots[0]) for i in common]
    won_b = [win_share(games_b[i], b.plan.bots[0]) for i in common]
    n = len(common)
    for tournament, won in ((a, won_a), (b, won_b)):
        low, high = wilson(sum(won), n)
        print(
            f"{tournament.plan.bots[0]}: {sum(won):g} of {n}, {sum(won) / n:.1%} "
            f"({low:.0%}-{high:.0%})"
        )
    differences = [x - y for x, y in zip(won_a, won_b, strict=True)]
    mean = sum(differences) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / max(n - 1, 1))
    print(
        f"{n} deals: the first won {sum(d > 0 for d in differences)} the second lost, "
        f"lost {sum(d < 0 for d in differences)} it won; "
        f"{100 * mean:+.1f} points (standard error {100 * spread / math.sqrt(n):.1f})"
    )


if __name__ == "__main__":
    main()
