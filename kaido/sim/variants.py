"""Every variant of a game, drawn by seed, and self-play that must end: the guard that no
bot ever stalls a game (`scripts/self_play_guard.py` and the conformance tests)."""

from __future__ import annotations

from typing import Any

from kaido.core.errors import OptionError
from kaido.core.game import Game
from kaido.core.match import play_out
from kaido.core.options import Options, OptionSpec
from kaido.core.rng import Rng

CAPS = {"heuristic": 20_000, "random": 100_000}
"""Decisions a self-play game may take: 20 times the longest heuristic game seen, and
five times the longest random one (Traveling Merchants' random merchants take longest)."""

DRAWS = 100
"""Combinations drawn before falling back to the defaults (a game refuses some)."""


def variant_options(game: Game[Any], players: int, seed: int) -> Options:
    """Options for `players` with each option drawn from its values (a yes/no option either
    way, a choice any of its choices; a free value such as the colours at its default),
    the same for the same seed. A combination the game refuses is drawn again."""
    rng = Rng(seed)
    for _draw in range(DRAWS):
        raw = {spec.name: _drawn(spec, rng) for spec in game.option_specs}
        try:
            options = game.make_options({**raw, "players": players})
            game.setup(options, seed)  # some refusals come at set-up (a start player)
        except OptionError:
            continue
        return options
    return game.make_options(players=players)


def _drawn(spec: OptionSpec, rng: Rng) -> bool | int | str:
    if isinstance(spec.default, bool):
        return rng.below(2) == 1
    if spec.choices:
        return spec.choices[rng.below(len(spec.choices))]
    return spec.default


def guarded_self_play(game: Game[Any], options: Options, seed: int, bot: str, cap: int) -> int:
    """How many decisions a game of `bot`s (one each seat, seeded from `seed`) took to
    end; `NoEnd` past `cap` decisions."""
    from kaido.agents import agent_seed, make_agent

    players = int(options["players"])
    agents = [make_agent(bot, game, agent_seed(seed, p)) for p in range(players)]
    return len(play_out(game, game.setup(options, seed), agents, max_steps=cap))
