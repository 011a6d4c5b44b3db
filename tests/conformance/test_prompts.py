"""Every game says what the player to move is asked now (`Game.prompt`), in English and
Japanese, at every decision: the line the table shows above the board."""

from __future__ import annotations

from typing import Any

import pytest

from kaido.core.game import LANGS, Game
from tests.conformance.play import sampled_states
from tests.conftest import game_count_params


@pytest.mark.parametrize(("game", "players"), game_count_params())
def test_every_decision_has_a_prompt_in_both_languages(game: Game[Any], players: int) -> None:
    for seed in range(2):
        states = sampled_states(game, players, seed, every=3)
        for state in states:
            if game.is_over(state):
                continue
            for lang in LANGS:
                said = game.prompt(state, lang)
                assert said and said == said.strip(), (lang, game.view(state, None))
                assert "(s)" not in said and "{" not in said, said
            assert game.prompt(state, "en") != game.prompt(state, "ja")
        over = states[-1]
        assert game.is_over(over) and game.prompt(over, "en") == game.prompt(over, "ja") == ""
