"""A player tournament's arithmetic: how many tables of which sizes, Swiss pairing and
single elimination, points and standings with their tie-breaks (docs/play.md). Pure
functions of the games so far, so the director can work a tournament out again from the
database at any time.

Points: at a table, a player scores one for each player they finished above and a half for
each one they tied with, scaled to a full table (`seats - 1` for first alone, whatever the
table's size): 1 / 0.5 / 0 at tables of two, 2 / 1 / 0 at tables of three. A bye scores
half of a full table's win. Standings order: points, then Buchholz (the points of every
opponent met, once per meeting), then first places, then the draw made at the start.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations


@dataclass(frozen=True)
class Played:
    """One table of a round as it ended: its entrants by seat, and their places (1 first;
    the no-shows already placed last). A bye is one entrant with place 1."""

    round: int
    entrants: tuple[int, ...]
    places: tuple[int, ...]

    @property
    def bye(self) -> bool:
        return len(self.entrants) == 1


@dataclass(frozen=True)
class Standing:
    entrant: int
    points: float
    buchholz: float
    wins: float
    draw: int
    rank: int = 0


def points(game: Played, seats: int) -> dict[int, float]:
    """Each entrant's points from one table (see the module's doc)."""
    if game.bye:
        return {game.entrants[0]: (seats - 1) / 2}
    scale = (seats - 1) / (len(game.entrants) - 1)
    scored = {}
    for entrant, place in zip(game.entrants, game.places, strict=True):
        beaten = sum(1 for other in game.places if other > place)
        tied = sum(1 for other in game.places if other == place) - 1
        scored[entrant] = (beaten + tied / 2) * scale
    return scored


def standings(draws: dict[int, int], games: Iterable[Played], seats: int) -> list[Standing]:
    """Every entrant (`draws`: entrant -> their draw) in order, ranks shared only by
    entrants equal on every tie-break (never, since draws differ)."""
    total: Counter[int] = Counter({entrant: 0 for entrant in draws})
    wins: Counter[int] = Counter()
    played = list(games)
    for game in played:
        total.update(points(game, seats))
        if not game.bye:
            firsts = [e for e, place in zip(game.entrants, game.places, strict=True) if place == 1]
            wins.update({entrant: 1 / len(firsts) for entrant in firsts})
    buchholz: Counter[int] = Counter()
    for game in played:
        for entrant in game.entrants:
            buchholz[entrant] += sum(total[other] for other in game.entrants if other != entrant)
    rows = sorted(
        (Standing(e, total[e], buchholz[e], wins[e], draws[e]) for e in draws),
        key=lambda s: (-s.points, -s.buchholz, -s.wins, s.draw),
    )
    return [
        Standing(s.entrant, s.points, s.buchholz, s.wins, s.draw, rank)
        for rank, s in enumerate(rows, start=1)
    ]


def table_sizes(players: int, seats: int, allowed: Sequence[int]) -> tuple[list[int], int]:
    """Tables as few and as even as can be, none over `seats` and each of a player count
    the game allows; and how many players sit the round out (byes) so that they fit."""
    for byes in range(players):
        seated = players - byes
        tables = -(-seated // seats)
        base, extra = divmod(seated, tables)
        sizes = [base + 1] * extra + [base] * (tables - extra)
        if all(size in allowed for size in sizes):
            return sizes, byes
    return [], players


def swiss_tables(
    order: Sequence[int], sizes: Sequence[int], met: Counter[tuple[int, int]]
) -> list[list[int]]:
    """Swiss pairing: the tables with the fewest repeated meetings, and among those the
    first in standings order (each table taken from the top: its best-placed player left
    with the best-placed companions that fit). A search of at most `SEARCH_STEPS`; past it,
    each table simply takes the best-placed players who met its players least."""
    for allowed in range(len(order) ** 2):
        steps = [SEARCH_STEPS]
        found = _fill(list(order), list(sizes), met, allowed, steps)
        if found is not None:
            return found
        if steps[0] <= 0:
            break
    return _greedy(order, sizes, met)


SEARCH_STEPS = 20_000


def _fill(
    left: list[int],
    sizes: list[int],
    met: Counter[tuple[int, int]],
    allowed: int,
    steps: list[int],
) -> list[list[int]] | None:
    """Tables for `left` with at most `allowed` repeated meetings, or None."""
    if not sizes:
        return []
    head, rest = left[0], left[1:]
    for companions in combinations(rest, sizes[0] - 1):
        steps[0] -= 1
        if steps[0] < 0:
            return None
        table = [head, *companions]
        cost = sum(met[pair(a, b)] for a, b in combinations(table, 2))
        if cost > allowed:
            continue
        remaining = [p for p in rest if p not in companions]
        tail = _fill(remaining, sizes[1:], met, allowed - cost, steps)
        if tail is not None:
            return [table, *tail]
    return None


def _greedy(
    order: Sequence[int], sizes: Sequence[int], met: Counter[tuple[int, int]]
) -> list[list[int]]:
    left = list(order)
    tables = []
    for size in sizes:
        table = [left.pop(0)]
        while len(table) < size:
            meetings = [sum(met[pair(other, p)] for p in table) for other in left]
            table.append(left.pop(meetings.index(min(meetings))))
        tables.append(table)
    return tables


def pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def meetings(games: Iterable[Played]) -> Counter[tuple[int, int]]:
    met: Counter[tuple[int, int]] = Counter()
    for game in games:
        for i, a in enumerate(game.entrants):
            for b in game.entrants[i + 1 :]:
                met[pair(a, b)] += 1
    return met


def swiss_round(
    draws: dict[int, int], games: Sequence[Played], seats: int, allowed: Sequence[int]
) -> tuple[list[list[int]], list[int]]:
    """The next Swiss round: its tables, and its byes (the lowest placed who had none)."""
    order = [s.entrant for s in standings(draws, games, seats)]
    sizes, byes = table_sizes(len(order), seats, allowed)
    had_bye = {game.entrants[0] for game in games if game.bye}
    out: list[int] = []
    for entrant in reversed(order):
        if len(out) == byes:
            break
        if entrant not in had_bye:
            out.append(entrant)
    out += [e for e in reversed(order) if e not in out][: byes - len(out)]
    seated = [e for e in order if e not in out]
    return swiss_tables(seated, sizes, meetings(games)), out


def winner(game: Played, draws: dict[int, int]) -> int:
    """Who goes through from an elimination table: first place, a tie to the better draw."""
    firsts = [e for e, place in zip(game.entrants, game.places, strict=True) if place == 1]
    return min(firsts, key=lambda e: draws[e])


def elimination_round(
    alive: Sequence[int], seats: int, allowed: Sequence[int]
) -> tuple[list[list[int]], list[int]]:
    """The next round of a single elimination: `alive` in seeding order; the best seeds
    sit out when the tables cannot hold everyone, the rest are spread over the tables so
    the best seeds meet last (seed 1 and 2 at different tables)."""
    sizes, byes = table_sizes(len(alive), seats, allowed)
    out, seated = list(alive[:byes]), list(alive[byes:])
    tables: list[list[int]] = [[] for _ in sizes]
    for k, entrant in enumerate(seated):  # snake order: 1 2 3 3 2 1 ...
        lap, spot = divmod(k, len(tables))
        index = spot if lap % 2 == 0 else len(tables) - 1 - spot
        while len(tables[index]) >= sizes[index]:  # uneven tables: the next with room
            index = (index + 1) % len(tables)
        tables[index].append(entrant)
    return tables, out


def elimination_standings(
    draws: dict[int, int], games: Sequence[Played], seats: int
) -> list[Standing]:
    """Who went furthest first (the last table's places among themselves), then by their
    place at the table they went out at, then the draw."""
    last_round: dict[int, int] = {}
    last_place: dict[int, int] = {}
    for game in sorted(games, key=lambda g: g.round):
        for entrant, place in zip(game.entrants, game.places, strict=True):
            last_round[entrant], last_place[entrant] = game.round, place
    total = {s.entrant: s for s in standings(draws, games, seats)}
    rows = sorted(
        total.values(),
        key=lambda s: (-last_round.get(s.entrant, 0), last_place.get(s.entrant, 0), s.draw),
    )
    return [
        Standing(s.entrant, s.points, s.buchholz, s.wins, s.draw, rank)
        for rank, s in enumerate(rows, start=1)
    ]
