"""The words of Cargo Empire that players read: each goal card says what it asks and what it
scores (CE-GOAL-1..25), wherever it is offered (the keep action) or held (the board)."""

from __future__ import annotations

import pytest

from kaido.games import get_game
from kaido.games.cargo_empire.board import EUROPE
from kaido.games.cargo_empire.text import goal_text

GAME = get_game("cargo_empire")


@pytest.mark.parametrize(
    ("goal", "players", "english", "japanese"),
    [
        (1, 3, "3 VP per set of a red and a blue city where you are present", "赤の都市と青の都市"),
        (8, 3, "6 VP per set of a red, a blue, a yellow and a green city", "6点"),
        (10, 3, "Red cities where present: 6+ → 12 VP, 4–5 → 6 VP", "6以上 → 12点"),
        (16, 3, "City cards you hold: 5+ → 10 VP, 3–4 → 5 VP", "都市カード"),
        (19, 3, "10 VP if one city holds 4 of your posts", "4個"),
        (22, 2, "8 VP per other car marker behind yours", "8点"),
        (24, 5, "3 VP per other ship marker behind yours", "3点"),
    ],
)
def test_goal_cards_say_what_they_ask_and_score_CE_GOAL(
    goal: int, players: int, english: str, japanese: str
) -> None:
    card = EUROPE.goals[goal - 1]
    assert goal_text(card, "en", players).startswith(english)
    assert japanese in goal_text(card, "ja", players)


def test_the_goal_kept_is_offered_with_its_text_CE_SET_12() -> None:
    options = GAME.make_options(players=3)
    state = GAME.setup(options, 1)
    for action in GAME.legal_actions(state):
        text = GAME.action_text(action, "en", options)
        goal = action.args[0]
        assert text == f"keep goal {goal}: {goal_text(EUROPE.goals[goal - 1], 'en', 3)}"
        assert GAME.parse_action(state, text) is action
