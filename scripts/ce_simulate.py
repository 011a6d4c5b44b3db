"""Seeded heuristic Cargo Empire games and the figures that say whether the designed
components make a real game (issue 14).

    .venv/bin/python scripts/ce_simulate.py --games 1000 [--players 2 3 4 5] [--clans]
        [--tracks basic|advanced|mixed] [--map europe|dior]

For each player count plays `games` games between heuristic bots (seeds 0..games-1) with a
progress bar, then prints per player count: the score spread, each scoring category's share
of all points, how often the no-transport fallback (CE-PAY-13) happened, the win rate of
each place in round 1's turn order (first-player advantage), the cube colours carried, and
each goal card's average value when held at the end. `--json FILE` also writes the figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rich.progress import Progress

from kaido.agents import make_agent
from kaido.games import get_game
from kaido.games.cargo_empire.scoring import goal_value
from kaido.games.cargo_empire.state import CEState

CATEGORIES = ("track", "level-3 posts", "city cards", "goal cards")
CUBES = ("orange", "white", "grey", "brown")


@dataclass
class Tally:
    """What the games of one player count add up to."""

    games: int = 0
    scores: list[int] = field(default_factory=list)
    margins: list[int] = field(default_factory=list)  # winner minus runner-up
    spreads: list[int] = field(default_factory=list)  # winner minus last
    categories: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    fallbacks: int = 0
    games_with_fallback: int = 0
    turns: int = 0
    wins_by_place: list[float] = field(default_factory=lambda: [0.0] * 5)
    colours: Counter[int] = field(default_factory=Counter)
    goal_vp: dict[int, list[int]] = field(default_factory=dict)
    express: int = 0  # express tiles taken (Dior)


def play(
    players: int, seed: int, clans: bool, tracks: str = "basic", board: str = "europe"
) -> tuple[CEState, list[int], Counter[int], int]:
    """One heuristic game; the state at its end, round 1's turn order, cube colours carried,
    express tiles taken (Dior)."""
    game = get_game("cargo_empire")
    options = game.make_options(players=players, clans=clans, tracks=tracks, map=board)
    state = game.setup(options, seed)
    first_order = list(state.order)
    agents = [make_agent("heuristic", game, seed=seed * 10 + p) for p in range(players)]
    colours: Counter[int] = Counter()
    express = 0
    while not game.is_over(state):
        action = agents[game.to_move(state)].choose(game, state)
        for event in game.apply(state, action, narrate=True, trusted=True):
            if event.kind == "transport":
                colours[event.data["colour"]] += 1
            express += event.kind == "express"
    return state, first_order, colours, express


def add(
    tally: Tally, st: CEState, first_order: list[int], colours: Counter[int], express: int
) -> None:
    scores = st.final or []
    totals = sorted((sum(s) for s in scores), reverse=True)
    tally.games += 1
    tally.scores += totals
    tally.margins.append(totals[0] - totals[1])
    tally.spreads.append(totals[0] - totals[-1])
    for s in scores:
        for k in range(4):
            tally.categories[k] += s[k]
    removed = sum(st.removed)
    tally.fallbacks += removed
    tally.games_with_fallback += removed > 0
    tally.turns += 3 * st.turns * st.n  # CE-MNT-1: three rounds
    for p, share in enumerate(get_game("cargo_empire").result(st).win_shares):
        tally.wins_by_place[first_order.index(p)] += share
    tally.colours.update(colours)
    tally.express += express
    for p in range(st.n):
        for g in st.goals[p]:
            tally.goal_vp.setdefault(g, []).append(goal_value(st, p, st.comp.goals[g - 1]))


def figures(tally: Tally, players: int) -> dict[str, Any]:
    points = sum(tally.categories) or 1
    carried = sum(tally.colours.values()) or 1
    held = [vp for vps in tally.goal_vp.values() for vp in vps]
    return {
        "games": tally.games,
        "score_mean": round(statistics.fmean(tally.scores), 1),
        "score_sd": round(statistics.pstdev(tally.scores), 1),
        "score_min": min(tally.scores),
        "score_max": max(tally.scores),
        "winner_mean": round(statistics.fmean(tally.scores[::players]), 1),
        "margin_mean": round(statistics.fmean(tally.margins), 1),
        "spread_mean": round(statistics.fmean(tally.spreads), 1),
        "category_share": {
            name: round(v / points, 3) for name, v in zip(CATEGORIES, tally.categories, strict=True)
        },
        "fallbacks_per_game": round(tally.fallbacks / tally.games, 2),
        "express_per_game": round(tally.express / tally.games, 2),
        "fallbacks_per_turn": round(tally.fallbacks / max(tally.turns, 1), 4),
        "games_with_fallback": round(tally.games_with_fallback / tally.games, 3),
        "win_rate_by_turn_order": [
            round(w / tally.games, 3) for w in tally.wins_by_place[:players]
        ],
        "colour_share": {CUBES[k]: round(tally.colours[k] / carried, 3) for k in range(4)},
        "goal_mean_vp": round(statistics.fmean(held), 2) if held else 0.0,
        "goals": {
            g: {"held": len(vps), "mean_vp": round(statistics.fmean(vps), 2)}
            for g, vps in sorted(tally.goal_vp.items())
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--clans", action="store_true", help="play the clan variant")
    parser.add_argument(
        "--tracks", choices=("basic", "advanced", "mixed"), default="basic", help="track tiles"
    )
    parser.add_argument("--map", choices=("europe", "dior"), default="europe", help="map board")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    out: dict[str, Any] = {}
    with Progress() as progress:
        for players in args.players:
            task = progress.add_task(f"{players} players", total=args.games)
            tally = Tally()
            for seed in range(args.games):
                add(tally, *play(players, seed, args.clans, args.tracks, args.map))
                progress.advance(task)
            out[f"{players}p"] = figures(tally, players)
    text = json.dumps(out, indent=1)
    print(text)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
