"""The RL environments pass PettingZoo's and Gymnasium's own checks for every game, and
play whole games with the right rewards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from kaido.core.game import Game, result_value
from kaido.env import Encoder, KaidoEnv, aec_env
from tests.conftest import game_params
from tests.core.tiny_game import TINY, TinyGame, TinyState


@pytest.mark.parametrize("game", game_params())
def test_the_pettingzoo_environment_passes_api_test_and_seed_test(game: Game[Any]) -> None:
    api_test(aec_env(game), num_cycles=300)
    seed_test(lambda: aec_env(game), num_cycles=300)


@pytest.mark.parametrize("game", game_params())
def test_the_gymnasium_environment_passes_check_env(game: Game[Any]) -> None:
    check_env(KaidoEnv(game, render_mode="ansi"))


def play_masked(env: KaidoEnv, seed: int) -> tuple[list[np.ndarray], float, dict[str, Any]]:
    """A whole game with uniformly random legal actions; observations, reward, last info."""
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen, reward, over = [observation], 0.0, False
    while not over:
        assert (info["action_mask"] == env.action_masks()).all()
        action = rng.choice(np.flatnonzero(info["action_mask"]))
        observation, reward, over, truncated, info = env.step(action)
        assert not truncated and observation.shape == env.observation_space.shape
        seen.append(observation)
    return seen, reward, info


@pytest.mark.parametrize("game", game_params())
def test_a_whole_game_ends_with_the_reward_of_its_places(game: Game[Any]) -> None:
    env = KaidoEnv(game, seat=1, opponents="random")
    seen, reward, info = play_masked(env, seed=5)
    assert game.is_over(env.state) and not info["action_mask"].any()
    assert reward == 2 * result_value(game.result(env.state), 1) - 1
    again, _, _ = play_masked(env, seed=5)
    assert len(again) == len(seen) and all((a == b).all() for a, b in zip(again, seen, strict=True))


def test_an_illegal_action_ends_the_episode_with_its_clause_TINY_TURN_1() -> None:
    env = KaidoEnv(TINY, {"players": 2})
    env.reset(seed=1)
    bank_six = TINY.bank[6].index  # before drawing, only `draw` is legal
    _, reward, over, _, info = env.step(bank_six)
    assert (reward, over) == (-1.0, True) and info["illegal"].startswith("TINY-TURN-1")


def test_the_pettingzoo_rewards_are_the_places_and_sum_over_seats() -> None:
    env = aec_env(TINY, {"players": 3})
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        mask = observation["action_mask"]
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(mask))))
    state = env.unwrapped.state
    expected = [2 * result_value(TINY.result(state), p) - 1 for p in range(3)]
    assert [totals[a] for a in env.possible_agents] == expected
    assert sum(expected) == pytest.approx(0.0)


class EncodedTiny(TinyGame):
    """The tiny game with its own encoding: what the seat sees, as counts."""

    def encode(self, state: TinyState, player: int) -> Sequence[float]:
        hand = [state.hands[player].count(v) for v in range(1, 7)]
        return [len(state.deck), *hand, *(sum(bank) for bank in state.banks)]


def test_a_game_may_encode_its_observations_itself() -> None:
    game = EncodedTiny()
    options = game.make_options(players=2)
    state = game.setup(options, 4)
    assert Encoder(game, state)(state, 0).tolist() == list(game.encode(state, 0))
    env = KaidoEnv(game, options)
    assert env.observation_space.shape == (9,)
    check_env(env)


def test_an_encoding_of_another_length_than_the_first_is_refused() -> None:
    game = EncodedTiny()
    state = game.setup(game.make_options(players=2), 4)
    encode = Encoder(game, state)
    state.banks.append([1])  # one number more than the encoding was sized for
    with pytest.raises(ValueError, match=r"tiny.encode gave 10 numbers, not 9 numbers"):
        encode(state, 0)


def test_the_hashed_view_changes_with_what_the_seat_sees_only() -> None:
    options = TINY.make_options(players=2)
    state = TINY.setup(options, 4)
    encode = Encoder(TINY, state)
    other = state.copy()
    other.hands[1] = [1 if card != 1 else 2 for card in other.hands[1]]  # hidden from seat 0
    assert (encode(state, 0) == encode(other, 0)).all()
    assert not (encode(state, 1) == encode(other, 1)).all()
