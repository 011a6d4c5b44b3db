"""Bot levels: the only bots the web application seats.

A seat names a level (`easy`, `normal`, `strong`), never an agent spec: a spec is code
settings (`mcts:time=100000`) that a visitor must not choose. Each level is a fixed spec,
the game's own choice (`Game.bot_levels`) or the default below, and every search is cut
at `Settings.bot_seconds` by the server whatever its spec says.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Mapping
from typing import Any

from kaido.agents import make_agent, parse_spec
from kaido.core.errors import KaidoError
from kaido.core.game import Game

log = logging.getLogger("kaido.server")

LEVELS = ("easy", "normal", "strong")
DEFAULT_LEVEL = "normal"
"""What a seat stored with anything but a level (an older server's raw spec) plays."""

HELP = {
    "easy": {
        "en": "follows the game's own strategy but plays a random move one time in five; "
        "answers at once",
        "ja": "ゲームごとの戦略で打つが、5回に1回はでたらめな手を打つ。すぐに答える",
    },
    "normal": {
        "en": "follows the game's own strategy (or a short search, or a policy learnt from "
        "a strong search); answers at once",
        "ja": "ゲームごとの戦略（または短い探索、強い探索から学んだ方策）で打つ。すぐに答える",
    },
    "strong": {
        "en": "searches many possible futures before each decision",
        "ja": "決定ごとに多くの先の展開を読む",
    },
}


EASY_NOISE = 0.2
"""The easy bot's share of random moves: at 0.2 it wins 15-19% of three-player Catan and
Russian Railroads games against two normal bots (a third would be even)."""


def default_specs(game: Game[Any]) -> dict[str, str]:
    """easy = the game's heuristic with noise (else the one-ply greedy), normal = the
    heuristic (else a short search), strong = a one-second search."""
    if "heuristic" in game.agent_kinds:
        easy, normal = f"heuristic:noise={EASY_NOISE}", "heuristic"
    else:
        easy, normal = "greedy", "mcts:time=0.2"
    return {"easy": easy, "normal": normal, "strong": "mcts:time=1", **game.bot_levels}


@functools.cache
def answers_at_once(spec: str, game: Game[Any]) -> bool:
    """Whether the server makes this bot's decisions on its own thread: a Kaido agent that
    says so with these settings (`Agent.answers_at_once`: the random, greedy and policy
    bots and the games' heuristics, whose decisions take 0.01-0.12 ms at the median and at
    most 6 ms, bench/README.md; the policy bot's a network's few matrix products more).
    Every other bot thinks in the bots' processes: searches, Cargo Empire's heuristic in
    several deals or two levels deep (tens of ms), and plug-ins, which may take any time,
    or die, whatever they say."""
    try:
        _kind, cls, settings = parse_spec(spec, game)
    except KaidoError:  # a spec no agent is made of: the bots' pool logs it at its turn
        return False
    return cls.__module__.startswith("kaido.") and cls.answers_at_once(settings)


def spec_seconds(spec: str, game: Game[Any]) -> float:
    """The search time a spec asks for (0 for bots that do not search by time)."""
    _kind, _cls, settings = parse_spec(spec, game)
    return float(settings.get("time") or 0.0)


@functools.cache
def searches(spec: str, game: Game[Any]) -> bool:
    """Whether a bot of this spec searches by time (a table is told it thinks); the others
    answer at once."""
    try:
        return spec_seconds(spec, game) > 0
    except KaidoError:  # a spec no agent is made of: the bots' pool logs it at its turn
        return False


class BotLevels:
    """Each game's level -> spec table, checked once at start-up."""

    def __init__(self, overrides: Mapping[str, str], cap: float) -> None:
        unknown = set(overrides) - set(LEVELS)
        if unknown:
            raise KaidoError(f"bot levels are {', '.join(LEVELS)}; not {sorted(unknown)}")
        self.overrides = dict(overrides)
        self.cap = cap

    def specs(self, game: Game[Any]) -> dict[str, str]:
        return {**default_specs(game), **self.overrides}

    def check(self, game: Game[Any]) -> None:
        """Raise a KaidoError naming a level whose spec this game cannot build."""
        for level, spec in self.specs(game).items():
            try:
                make_agent(spec, game, 0)
            except KaidoError as error:
                raise KaidoError(f"bot level {level} ({spec}) for {game.id}: {error}") from None

    def spec(self, game: Game[Any], level: str | None) -> str:
        """The spec a seat's stored level plays; an unknown one plays the default level."""
        specs = self.specs(game)
        if level in specs:
            return specs[level]
        log.warning("a seat's bot %r is not a level; it plays %s", level, DEFAULT_LEVEL)
        return specs[DEFAULT_LEVEL]

    def describe(self, game: Game[Any]) -> list[dict[str, Any]]:
        """The levels as the lobby shows them: name, what they do, how long they think."""
        specs = self.specs(game)
        return [
            {
                "level": level,
                "seconds": min(spec_seconds(specs[level], game), self.cap),
                "help": HELP[level],
            }
            for level in LEVELS
        ]
