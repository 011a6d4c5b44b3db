"""Balance figures and big self-play runs for Forwarder of Xanadu.

    .venv/bin/python scripts/forwarder_of_xanadu_sim.py --games 2000              # heuristic
    .venv/bin/python scripts/forwarder_of_xanadu_sim.py --games 1000 --random --check

Plays seeded games at each player count in both skill styles (half the seeds each) and
prints, per player count: each company's win rate against its fair share, the score
spread and the mean VP by category, how often each action is taken per game, the first
start player's win rate, and (custom style) each skill card's mean pick number in the
draft (1 = taken first from a full hand of 6, 6 = the last card left; 3.5 for a card the
bots neither want nor avoid) and its win rate when kept.
`--check` runs the invariants after every action. A progress bar shows on stderr.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter, defaultdict
from typing import Any

from rich.progress import Progress

from kaido.agents import RandomAgent
from kaido.agents.base import Agent
from kaido.core.match import Match
from kaido.games.forwarder_of_xanadu import GAME
from kaido.games.forwarder_of_xanadu.agents import HeuristicAgent
from kaido.games.forwarder_of_xanadu.board import DATA
from kaido.games.forwarder_of_xanadu.engine import card_types
from kaido.games.forwarder_of_xanadu.state import CATEGORIES, TURN

ACTION_NAMES = ("request", "transport", "improve")


def play(players: int, seed: int, random: bool, check: bool) -> dict[str, Any]:
    """One game: its result and the figures the summary needs."""
    style = "custom" if seed % 2 else "standard"
    match = Match(GAME, GAME.make_options(players=players, style=style), seed, keep_history=False)
    agents: list[Agent] = [
        RandomAgent(seed * 7 + p) if random else HeuristicAgent(seed * 7 + p)
        for p in range(players)
    ]
    first = match.state.start
    kept: list[list[int]] | None = None
    actions: Counter[str] = Counter()
    picks: list[tuple[int, int]] = []  # (skill card, pick number 1-6) of each draft pick
    while not match.is_over:
        state = match.state
        if kept is None and state.phase == TURN:
            kept = [h[:] for h in state.hands]
        action = agents[match.to_move].choose(GAME, state)
        kind = action.kind
        if kind == "draft":
            picks.append((int(action.args[0]), len(state.hands[match.to_move]) + 1))
        if kind == "place":
            kind = "place " + ACTION_NAMES[card_types(state)[int(action.args[0])]]
        actions[kind] += 1
        match.play(action, trusted=True)
        if check:
            GAME.invariants(match.state)
    state = match.state
    result = GAME.result(state)
    winners = [p for p in range(players) if result.ranks[p] == 1]
    return {
        "style": style,
        "companies": state.company[:],
        "winners": winners,
        "scores": list(result.scores),
        "cats": [state.cats[p * 7 : p * 7 + 7] for p in range(players)],
        "first": first,
        "kept": kept or [[] for _ in range(players)],
        "actions": actions,
        "picks": picks,
    }


def summary(players: int, games: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(games)
    company_games: Counter[int] = Counter()
    company_wins: Counter[int] = Counter()
    first_wins = 0.0
    spreads, actions = [], Counter[str]()
    cats = [0.0] * len(CATEGORIES)
    pick_numbers: defaultdict[int, list[int]] = defaultdict(list)
    kept: Counter[int] = Counter()
    kept_wins: Counter[int] = Counter()
    for g in games:
        share = 1 / len(g["winners"])
        for p, c in enumerate(g["companies"]):
            company_games[c] += 1
            if p in g["winners"]:
                company_wins[c] += share
        first_wins += share if g["first"] in g["winners"] else 0
        spreads.append(max(g["scores"]) - min(g["scores"]))
        actions.update(g["actions"])
        for row in g["cats"]:
            cats = [a + b / (n * players) for a, b in zip(cats, row, strict=True)]
        if g["style"] == "custom":
            for p, hand in enumerate(g["kept"]):
                for k in hand:
                    kept[k] += 1
                    if p in g["winners"]:
                        kept_wins[k] += share
            for k, number in g["picks"]:
                pick_numbers[k].append(number)
    return {
        "games": n,
        "company_win_vs_fair": {
            DATA.companies[c].en: round(company_wins[c] / company_games[c] * players, 2)
            for c in sorted(company_games)
        },
        "first_start_player_wins": round(first_wins / n, 3),
        "fair_share": round(1 / players, 3),
        "spread_mean": round(statistics.mean(spreads), 1),
        "spread_sd": round(statistics.pstdev(spreads), 1),
        "winner_mean": round(statistics.mean(max(g["scores"]) for g in games), 1),
        "vp_by_category_per_player": {
            c: round(v, 1) for c, v in zip(CATEGORIES, cats, strict=True)
        },
        "actions_per_game": {k: round(v / n, 1) for k, v in sorted(actions.items())},
        "skill_mean_pick_custom": {
            DATA.skills[k].en: round(statistics.mean(pick_numbers[k]), 2)
            for k in sorted(pick_numbers)
        },
        "skill_win_rate_when_kept": {
            DATA.skills[k].en: round(kept_wins[k] / kept[k] * players, 2) for k in sorted(kept)
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per player count")
    parser.add_argument("--players", default="3,4,5")
    parser.add_argument("--random", action="store_true", help="random bots instead")
    parser.add_argument("--check", action="store_true", help="invariants after every action")
    args = parser.parse_args()
    counts = [int(x) for x in args.players.split(",")]
    out = {}
    with Progress(transient=True) as progress:
        task = progress.add_task("games", total=args.games * len(counts))
        for players in counts:
            games = []
            for seed in range(args.games):
                games.append(play(players, seed, args.random, args.check))
                progress.advance(task)
            out[f"{players}p"] = summary(players, games)
    print(json.dumps(out, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
