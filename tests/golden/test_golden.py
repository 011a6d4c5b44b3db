"""Golden records: a few seeded games per game, written out as readable text.

Any change to a game's rules, events or views shows up here as a reviewable diff.
Regenerate on purpose only:  KAIDO_REGEN_GOLDEN=1 .venv/bin/pytest tests/golden
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from kaido.agents import RandomAgent
from kaido.core.game import Game
from kaido.core.match import Match
from tests.conftest import GAMES

HERE = Path(__file__).parent
VIEW_EVERY = 100


def golden_text(game: Game[Any], players: int, seed: int) -> str:
    options = game.make_options(players=players)
    match = Match(game, options, seed, keep_history=False)
    agents = [RandomAgent(seed * 101 + p) for p in range(players)]
    lines = [f"# {game.id} rules {game.rules_version}, {players} players, seed {seed}"]
    lines.append(f"# options {json.dumps(options, sort_keys=True)}")
    step = 0
    while not match.is_over:
        player = match.to_move
        action = agents[player].choose(game, match.state)
        events = match.play(action, narrate=True, trusted=True)
        step += 1
        lines.append(
            f"{step:05d} P{player} {game.action_text(action, 'en', options)}  "
            f"{json.dumps(action.to_json())}"
        )
        lines.extend(f"      - {game.describe(event, None, 'en', options)}" for event in events)
        if step % VIEW_EVERY == 0:
            lines.append(f"      view {json.dumps(game.view(match.state, None), sort_keys=True)}")
    lines.append(f"result {json.dumps(game.result(match.state).to_json())}")
    for viewer in [None, *range(players)]:
        view = json.dumps(game.view(match.state, viewer), sort_keys=True, ensure_ascii=False)
        lines.append(f"final view {'spectator' if viewer is None else f'P{viewer}'} {view}")
    return "\n".join(lines) + "\n"


CASES = [
    pytest.param(game, players, seed, id=f"{game.id}-{players}p-seed{seed}")
    for game in GAMES
    for players in sorted(
        {game.player_counts[0], game.make_options()["players"], game.player_counts[-1]}
    )
    for seed in (1, 2)
]


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_golden_record(game: Game[Any], players: int, seed: int) -> None:
    path = HERE / game.id / f"{players}p-seed{seed}.txt"
    text = golden_text(game, players, seed)
    if os.environ.get("KAIDO_REGEN_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden file {path.name}; run with KAIDO_REGEN_GOLDEN=1 once"
    expected = path.read_text(encoding="utf-8")
    assert text == expected, f"{path} differs: review the change, then regenerate on purpose"
