"""Forced steps (kaido.core.forced): a decision is taken for a person only when it has one
answer, that answer can be undone, and the other players could tell it was the only one."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kaido.core.forced import forced_action
from kaido.core.game import Game
from kaido.core.rng import Rng
from kaido.games import get_game
from tests.conformance.play import sampled_states
from tests.conftest import game_params


@pytest.mark.parametrize("game", game_params())
def test_a_forced_step_is_the_one_answer_it_can_undo_and_all_can_see(game: Game[Any]) -> None:
    players = game.player_counts[-1]
    found = 0
    for seed in range(2):
        for state in sampled_states(game, players, seed, every=1):
            action = forced_action(game, state, seed=seed)
            if action is None:
                continue
            found += 1
            assert list(game.legal_actions(state)) == [action]
            assert not game.is_irreversible(state, action)
            mover = game.to_move(state)
            for other in range(players):
                if other != mover:  # worlds the function never dealt: the same one answer
                    world = game.determinize(state, other, Rng(1000 + seed))
                    assert list(game.legal_actions(world)) == [action]
    if game.id == "cargo_empire":  # a payment with one way to pay, from public cards
        assert found


def test_a_step_forced_by_hidden_cards_is_left_to_the_player() -> None:
    """Catan: a decision with one answer only because of the cards in a hand (which the
    others cannot see) is not taken at once, or its speed would tell them the hand."""
    game = get_game("catan")
    for seed in range(20):
        state = game.setup(game.make_options(players=4), seed)
        rng = random.Random(seed)
        while not game.is_over(state):
            legal = list(game.legal_actions(state))
            if len(legal) == 1 and not game.is_irreversible(state, legal[0]):
                mover = game.to_move(state)
                worlds = [
                    game.determinize(state, other, Rng(k))
                    for other in range(4)
                    if other != mover
                    for k in range(8)
                ]
                if any(list(game.legal_actions(w)) != legal for w in worlds):
                    assert forced_action(game, state, seed=3) is None
                    return
            game.apply(state, rng.choice(legal))
    raise AssertionError("no decision forced by hidden cards in 20 games")
