"""Every game says what the player to move is asked now (`Game.prompt`), in English and
Japanese, at every decision: the line the table shows above the board."""

from __future__ import annotations

from typing import Any

import pytest

from kaido.core.game import LANGS, Game
from tests.conformance.play import sampled_states
from tests.conftest import game_count_params, game_params


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


@pytest.mark.parametrize("game", game_params())
def test_hover_help_says_what_a_choice_does(game: Game[Any]) -> None:
    """`Game.action_help`: each legal action's text, then what follows where it can be
    foreseen (its events) and what it costs or gains; more than the bare text for many."""
    players = game.player_counts[-1]
    told, total = 0, 0
    for state in sampled_states(game, players, seed=1, every=5):
        legal = list(game.legal_actions(state))
        if len(legal) > 40:
            continue
        for action in legal:
            for lang in LANGS:
                said = game.action_help(state, action, lang)
                assert said.startswith(game.action_text(action, lang, state.options)), said
                assert "(s)" not in said and "{" not in said, said
            total += 1
            more = game.action_help(state, action) != game.action_text(action)
            told += more
            assert more or action.kind not in COSTED.get(game.id, ()), action
    assert total and (game.id == "tiny" or told), (told, total)


COSTED = {
    "catan": ("road", "settlement", "city", "buy"),
    "traveling_merchants": ("move", "load", "ship", "special", "pair", "three"),
}
"""Actions whose price the events do not say, which the help adds (CT-BUILD-1, TM-TURN-2)."""
