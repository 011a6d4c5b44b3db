"""Standings of a tournament: openskill (Plackett-Luce) ratings from finishing places, win
rates with 95% Wilson intervals, and results by seat. Computed from the stored games in
game order, so the same games always give the same standings, however they were run.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from statistics import mean
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from kaido.core.result import win_shares

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Played:
    """What the standings need of one finished game."""

    seats: tuple[str, ...]
    scores: tuple[float, ...]
    ranks: tuple[int, ...]


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (sound near 0 and 1, unlike p ± z·se)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    low = 0.0 if wins <= 0 else max(0.0, centre - half)  # exact at the ends, not 1e-17
    high = 1.0 if wins >= n else min(1.0, centre + half)
    return (low, high)


@dataclass
class SeatResult:
    games: int = 0
    wins: float = 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


@dataclass
class BotStanding:
    bot: str
    mu: float
    sigma: float
    seats: list[SeatResult]
    places: list[int] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)

    @property
    def games(self) -> int:
        """Seats played (a bot seated twice in one game counts twice)."""
        return sum(s.games for s in self.seats)

    @property
    def wins(self) -> float:
        return sum(s.wins for s in self.seats)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def rating_interval(self) -> tuple[float, float]:
        return (self.mu - Z95 * self.sigma, self.mu + Z95 * self.sigma)

    @property
    def mean_place(self) -> float:
        return mean(self.places) if self.places else 0.0

    @property
    def mean_score(self) -> float:
        return mean(self.scores) if self.scores else 0.0


@dataclass
class Standings:
    bots: list[BotStanding]
    """Best first (by rating)."""
    seats: list[SeatResult]
    """Every game's win shares by seat, whoever sat there: the first-player advantage."""
    games: int
    history: dict[str, list[tuple[int, float, float]]]
    """bot -> (games played so far, mu, sigma) after each of its games."""


def standings(bots: Sequence[str], players: int, games: Sequence[Played]) -> Standings:
    model = PlackettLuce()
    ratings = {bot: model.rating(name=bot) for bot in bots}
    table = {b: BotStanding(b, 0.0, 0.0, [SeatResult() for _ in range(players)]) for b in bots}
    seats = [SeatResult() for _ in range(players)]
    history: dict[str, list[tuple[int, float, float]]] = {bot: [] for bot in bots}
    for number, game in enumerate(games, start=1):
        for seat, (bot, share) in enumerate(zip(game.seats, win_shares(game.ranks), strict=True)):
            row = table[bot]
            row.seats[seat].games += 1
            row.seats[seat].wins += share
            row.places.append(game.ranks[seat])
            row.scores.append(game.scores[seat])
            seats[seat].games += 1
            seats[seat].wins += share
        rate_game(model, ratings, game.seats, game.ranks)
        for bot in dict.fromkeys(game.seats):
            history[bot].append((number, ratings[bot].mu, ratings[bot].sigma))
    for bot, row in table.items():
        row.mu, row.sigma = ratings[bot].mu, ratings[bot].sigma
    ordered = sorted(table.values(), key=lambda r: (-r.mu, r.sigma, r.bot))
    return Standings(ordered, seats, len(games), history)


def rate_game(
    model: PlackettLuce,
    ratings: dict[str, PlackettLuceRating],
    seats: Sequence[str],
    ranks: Sequence[int],
) -> None:
    """One openskill update of `ratings` in place: each seat is a team of one, ranked by
    its place. A bot seated more than once takes the mean of its seats' updated ratings."""
    teams = [[model.rating(mu=ratings[b].mu, sigma=ratings[b].sigma)] for b in seats]
    rated = model.rate(teams, ranks=list(ranks))
    updates: dict[str, list[tuple[float, float]]] = {}
    for bot, (rating,) in zip(seats, rated, strict=True):
        updates.setdefault(bot, []).append((rating.mu, rating.sigma))
    for bot, values in updates.items():
        ratings[bot] = model.rating(
            mu=mean(v[0] for v in values), sigma=mean(v[1] for v in values), name=bot
        )


def standings_json(table: Standings) -> dict[str, Any]:
    """The standings as JSON data (figures rounded to 4 places)."""

    def rounded(values: Sequence[float]) -> list[float]:
        return [round(x, 4) for x in values]

    return {
        "games": table.games,
        "standings": [
            {
                "bot": row.bot,
                "mu": round(row.mu, 4),
                "sigma": round(row.sigma, 4),
                "rating_95": rounded(row.rating_interval),
                "seats_played": row.games,
                "wins": round(row.wins, 4),
                "win_rate": round(row.win_rate, 4),
                "win_rate_95": rounded(row.win_interval),
                "mean_place": round(row.mean_place, 4),
                "mean_score": round(row.mean_score, 4),
                "by_seat": [
                    {"seat": s + 1, "games": r.games, "wins": round(r.wins, 4)}
                    for s, r in enumerate(row.seats)
                ],
            }
            for row in table.bots
        ],
        "by_seat": [
            {
                "seat": s + 1,
                "games": r.games,
                "wins": round(r.wins, 4),
                "win_rate": round(r.win_rate, 4),
                "win_rate_95": rounded(r.interval),
            }
            for s, r in enumerate(table.seats)
        ],
    }
