"""Where a search bot gains or loses against a base bot: let it decide only some kinds of
decision, the base bot the rest, and count the wins against base bots.

    .venv/bin/python bench/search_split.py cargo_empire --search mcts:rollout=0 --at plan
    .venv/bin/python bench/search_split.py cargo_empire --search mcts:rollout=0 --except plan
    .venv/bin/python bench/search_split.py cargo_empire --search heuristic --games 200

Game i is dealt from seed `--seed + i`, the tested seat is i mod players, so every seating
is played and two runs with the same seeds play the same deals. The tested seat decides a
decision with `--search` where a legal action's kind is in `--at` (all kinds by default)
and not in `--except`, else with its own `--base` bot; the other seats are `--base` bots.
A win is the first place (CE-END-6..9 breaks ties in Cargo Empire).

`--peek` lets the tested seat's search see the true state (its worlds are the game itself,
not deals from its view): a bound on what handling hidden information better could give.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, NamedTuple

from rich.progress import Progress

from kaido.agents import make_agent
from kaido.core.actions import Action
from kaido.core.game import Game
from kaido.core.rng import Rng
from kaido.games import get_game
from kaido.tournament.ratings import wilson


class Split(NamedTuple):
    game: str
    search: str
    base: str
    at: frozenset[str]
    exclude: frozenset[str]
    players: int
    seed: int
    peek: bool = False


class Peeking:
    """A game whose `determinize` deals nothing: the searcher's world is the true state."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def determinize(self, state: Any, player: int, rng: Rng) -> Any:
        return state.copy()


class Outcome(NamedTuple):
    seat: int
    won: bool
    score: float
    others: float


def searches(split: Split, legal: Sequence[Action]) -> bool:
    """Whether the tested seat's search decides among `legal` (a choice of a searched kind)."""
    kinds = {a.kind for a in legal}
    return len(legal) > 1 and (not split.at or bool(kinds & split.at)) and not kinds & split.exclude


def play(split: Split, i: int) -> Outcome:
    """Game i of the run: the tested seat i mod players against base bots."""
    game = get_game(split.game)
    seed, seat = split.seed + i, i % split.players
    state = game.setup(game.make_options(players=split.players), seed)
    bots = [make_agent(split.base, game, seed * 7 + p) for p in range(split.players)]
    search = make_agent(split.search, game, seed * 13)
    searcher: Any = Peeking(game) if split.peek else game
    while not game.is_over(state):
        mover = game.to_move(state)
        if mover == seat and searches(split, game.legal_actions(state)):
            game.apply(state, search.choose(searcher, state))
        else:
            game.apply(state, bots[mover].choose(game, state))
    result = game.result(state)
    others = [s for p, s in enumerate(result.scores) if p != seat]
    return Outcome(seat, result.ranks[seat] == 1, result.scores[seat], statistics.mean(others))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="game id, e.g. cargo_empire")
    parser.add_argument("--search", required=True, help="the tested bot's spec")
    parser.add_argument("--base", default="heuristic", help="the other bots' spec")
    parser.add_argument("--at", default="", help="action kinds the search decides (comma list)")
    parser.add_argument("--except", dest="exclude", default="", help="kinds it never decides")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--start", type=int, default=0, help="index of the first game")
    parser.add_argument("--seed", type=int, default=5000, help="seed of game 0")
    parser.add_argument("--jobs", type=int, default=1, help="games played side by side")
    parser.add_argument("--peek", action="store_true", help="the search sees the true state")
    args = parser.parse_args()

    def kinds(text: str) -> frozenset[str]:
        return frozenset(k for k in text.split(",") if k)

    split = Split(
        args.game,
        args.search,
        args.base,
        kinds(args.at),
        kinds(args.exclude),
        args.players,
        args.seed,
        args.peek,
    )
    indices = range(args.start, args.start + args.games)
    outcomes: list[Outcome] = []
    with ProcessPoolExecutor(args.jobs) as pool, Progress() as progress:
        task = progress.add_task("games", total=len(indices))
        for outcome in pool.map(play, [split] * len(indices), indices):
            outcomes.append(outcome)
            progress.advance(task)
    wins = sum(o.won for o in outcomes)
    low, high = wilson(wins, len(outcomes))
    by_seat = [sum(o.won for o in outcomes if o.seat == s) for s in range(args.players)]
    print(
        f"{wins} wins in {len(outcomes)} games, {wins / len(outcomes):.1%} "
        f"(95% interval {low:.1%}-{high:.1%}); by seat {by_seat}; mean score "
        f"{statistics.mean(o.score for o in outcomes):.1f} against "
        f"{statistics.mean(o.others for o in outcomes):.1f}"
    )


if __name__ == "__main__":
    main()
