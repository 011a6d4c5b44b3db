"""What a tournament plays: its line-ups, every seating of each, and a fixed seed per round.

A round is every seating of every line-up, all dealt from the round's seed (`seed + round`),
so each bot meets the same deals in every seat (as in duplicate bridge) and the luck of the
deal cancels out between seatings. Game `index` of a tournament is always the same game, so
a tournament can stop anywhere and go on later, on any number of workers.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement, permutations
from typing import Any

from kaido.agents import make_agent
from kaido.core.errors import KaidoError
from kaido.core.game import Game
from kaido.core.options import Options

FORMATS = ("round-robin", "gauntlet")


@dataclass(frozen=True)
class Plan:
    """The settings that make a tournament: the same settings play the same games."""

    game: str
    rules_version: str
    options: Options
    bots: tuple[str, ...]
    format: str
    players: int
    seed: int

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "bots": list(self.bots),
            "format": self.format,
            "players": self.players,
            "seed": self.seed,
        }

    def default_name(self) -> str:
        """A name that the same settings always get, so the same command resumes."""
        text = json.dumps(self.to_json(), sort_keys=True)
        return f"{self.game}-{self.format}-{hashlib.sha256(text.encode()).hexdigest()[:8]}"

    def lineups(self) -> list[tuple[str, ...]]:
        """Which bots meet: every group of `players` bots (round robin), or the first bot
        with every group of the others (gauntlet; the others repeat when too few)."""
        if self.format == "round-robin":
            return list(combinations(self.bots, self.players))
        challenger, others = self.bots[0], self.bots[1:]
        pick = combinations if len(others) >= self.players - 1 else combinations_with_replacement
        return [(challenger, *group) for group in pick(others, self.players - 1)]

    def seatings(self) -> list[tuple[str, ...]]:
        """One round: every distinct seating of every line-up, in a fixed order."""
        out: list[tuple[str, ...]] = []
        for lineup in self.lineups():
            out.extend(dict.fromkeys(permutations(lineup)))
        return out

    def rounds_for(self, games: int) -> int:
        """Whole rounds covering at least `games` games, so every seating is played equally."""
        return max(1, math.ceil(games / len(self.seatings())))

    def planned(self, rounds: int) -> list[PlannedGame]:
        seatings = self.seatings()
        return [
            PlannedGame(r * len(seatings) + k, r, self.seed + r, seats)
            for r in range(rounds)
            for k, seats in enumerate(seatings)
        ]


@dataclass(frozen=True)
class PlannedGame:
    index: int
    round: int
    seed: int
    seats: tuple[str, ...]


def make_plan(
    game: Game[Any],
    options: Options,
    bots: list[str],
    fmt: str = "round-robin",
    seed: int = 0,
) -> Plan:
    """A checked plan: known format, distinct bots that can play this game, enough seats."""
    if fmt not in FORMATS:
        raise KaidoError(f"no tournament format {fmt!r} (formats: {', '.join(FORMATS)})")
    if len(set(bots)) != len(bots):
        raise KaidoError("each bot may be named once in a tournament")
    if len(bots) < 2:
        raise KaidoError("a tournament needs at least two bots")
    for spec in bots:
        make_agent(spec, game, 0)  # a precise error now rather than in a worker later
    players = int(options["players"])
    if fmt == "round-robin" and len(bots) < players:
        raise KaidoError(
            f"a round robin of {len(bots)} bots cannot fill {players} seats: "
            "name more bots, choose fewer players, or play a gauntlet"
        )
    return Plan(game.id, game.rules_version, options, tuple(bots), fmt, players, seed)


def default_players(game: Game[Any], bots: int, fmt: str) -> int:
    """The seats per game when none are asked for: as many as there are bots in a round
    robin (when the game allows it), else the game's default count."""
    counts = game.player_counts
    if fmt == "round-robin":
        fitting = [n for n in counts if n <= bots]
        return max(fitting) if fitting else counts[0]
    return game.default_players or counts[-1]
