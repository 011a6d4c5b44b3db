"""The learnt bots: the `policy` bot and the search with a model play legal moves in every
game, the same seed gives the same choices, and `model=none` is the search without one
(which never imports kaido.learn)."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from kaido.agents import make_agent
from kaido.agents.tree import Search
from kaido.core.errors import KaidoError
from kaido.core.game import Game
from kaido.core.rng import Rng
from kaido.games import get_game
from kaido.games.catan import actions as catan_actions
from kaido.games.catan.bots import SEARCH_OFFERS
from kaido.learn import model as model_module
from kaido.learn.model import load_model, read_network
from tests.agents.test_reproducible import positions
from tests.conformance.play import sampled_states
from tests.conftest import GAMES
from tests.core.tiny_game import TINY
from tests.learn.helpers import random_model

REPO = Path(__file__).resolve().parents[2]


def game_model(game: Game[Any], folder: Path) -> tuple[int, str]:
    players = game.player_counts[-1]
    return players, str(random_model(game, players, folder / f"{game.id}.npz", seed=5))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_policy_and_the_model_search_play_legal_moves_reproducibly(
    game: Game[Any], tmp_path: Path
) -> None:
    """At positions of every kind of decision of a random game, two bots with one spec
    and seed (an untrained model's policy; its search) choose the same legal moves."""
    players, model = game_model(game, tmp_path)
    specs = [f"policy:model={model}", f"mcts:iterations=12:worlds=2:model={model}"]
    for spec in specs:
        first, second = make_agent(spec, game, 11), make_agent(spec, game, 11)
        for state in positions(game, players, seed=1, spread=3):
            chosen = first.choose(game, state.copy())
            assert chosen in game.legal_actions(state), (spec, chosen)
            assert second.choose(game, state.copy()) == chosen, spec


def test_an_anchored_policy_plays_the_networks_move_only_by_more_than_the_margin(
    tmp_path: Path,
) -> None:
    """`policy:anchor=M` plays the network's best move where its logit beats the game's
    heuristic's move's by more than M, else the heuristic's move (the heuristic seeded as
    the bot is): a huge margin is the heuristic, 0 the network alone; a margin between
    makes both kinds of choice."""
    game = get_game("russian_railroads")
    players, path = game_model(game, tmp_path)
    model = load_model(path, game, game.make_options(players=players))
    states = [
        s for s in positions(game, players, seed=2, spread=20) if len(game.legal_actions(s)) > 1
    ]
    heuristic = make_agent("heuristic", game, 4)
    choices = []  # the network's best move, the heuristic's and the gap of their logits
    for state in states:
        fallback = heuristic.choose(game, state.copy())
        candidates = list(game.search_actions(state, game.legal_actions(state)))
        candidates += [fallback] if fallback not in candidates else []
        logits = model.policy_logits(state, game.to_move(state), candidates)
        best = candidates[int(np.argmax(logits))]
        choices.append((best, fallback, logits.max() - logits[candidates.index(fallback)]))
    margin = float(np.median([gap for _, _, gap in choices if gap > 0]))
    for anchor in (0.0, margin, 1e9):
        agent = make_agent(f"policy:model={path}:anchor={anchor}", game, 4)
        for state, (best, fallback, gap) in zip(states, choices, strict=True):
            assert agent.choose(game, state.copy()) == (best if gap > anchor else fallback)
    assert {gap > margin for _, _, gap in choices} == {True, False}  # both kinds of choice
    assert any(best != fallback for best, fallback, _ in choices)


def test_the_policy_opens_no_more_domestic_offers_than_a_search_would(tmp_path: Path) -> None:
    """CT-TRADE-5 allows any number of domestic offers a turn, and withdrawing one changes
    nothing but the count: a network that always wants to trade opens one while a search
    would (fewer than SEARCH_OFFERS this turn, the heuristic with terms), never after, so
    it cannot open and withdraw the same offer for ever."""
    game = get_game("catan")
    path = random_model(game, 4, tmp_path / "trader.npz", seed=3)
    network = read_network(path)
    network.arrays["policy.b"][catan_actions.OPEN_OFFER.index] = 1e6  # always wants to trade
    network.save(path)
    states = [
        s
        for s in sampled_states(game, 4, seed=6, every=1)
        if catan_actions.OPEN_OFFER in game.search_actions(s, game.legal_actions(s))
    ]
    assert states
    agent = make_agent(f"policy:model={path}", game, 0)
    for state in states[:5]:
        assert agent.choose(game, state.copy()) == catan_actions.OPEN_OFFER
        state.offers_made = SEARCH_OFFERS
        assert catan_actions.OPEN_OFFER in game.legal_actions(state)
        assert agent.choose(game, state.copy()) != catan_actions.OPEN_OFFER


def test_an_anchor_needs_a_margin_and_a_heuristic(tmp_path: Path) -> None:
    _, path = game_model(TINY, tmp_path)
    with pytest.raises(KaidoError, match="anchor is a margin"):
        make_agent(f"policy:model={path}:anchor=-1", TINY, 0)
    agent = make_agent(f"policy:model={path}:anchor=1", TINY, 0)
    state = TINY.setup(TINY.make_options(players=3), 2)
    TINY.apply(state, TINY.legal_actions(state)[0])  # draw: now a choice
    with pytest.raises(KaidoError, match="tiny has no heuristic bot"):
        agent.choose(TINY, state)


def test_a_policy_guide_starts_the_search_at_the_anchored_policys_move(tmp_path: Path) -> None:
    """`policy=`: the search's guide is the policy bot anchored on the heuristic, so a young
    search plays its move: the network's best candidate at margin 0, the heuristic's (as
    the plain search's guide, seed for seed) at a huge margin."""
    game = get_game("russian_railroads")
    players, path = game_model(game, tmp_path)
    model = load_model(path, game, game.make_options(players=players))
    states = [
        s for s in positions(game, players, seed=2, spread=20) if len(game.legal_actions(s)) > 1
    ]
    young = "mcts:iterations=1:worlds=1:rollout=0"
    departed = 0
    for state in states:
        candidates = list(game.search_actions(state, game.legal_actions(state)))
        logits = model.policy_logits(state, game.to_move(state), candidates)
        network = candidates[int(np.argmax(logits))]
        plain = make_agent(young, game, 3)
        heuristic = plain.choose(game, state.copy())
        for anchor, expected in ((0.0, network), (1e9, heuristic)):
            agent = make_agent(f"{young}:policy={path}:anchor={anchor}", game, 3)
            assert agent.choose(game, state.copy()) == expected
            assert agent.guided == expected  # type: ignore[attr-defined]
        departed += network != heuristic
    assert departed  # the two guides differ somewhere, so the margin is seen to matter
    agent = make_agent(f"{young}:policy={path}:anchor=2.5", game, 3)
    assert agent.describe() == f"mcts(it=1, policy={path}, anchor=2.5)"
    with pytest.raises(KaidoError, match="policy= as the guide"):
        make_agent(f"mcts:model={path}:policy={path}", game, 0)
    with pytest.raises(KaidoError, match="anchor is a margin"):
        make_agent(f"mcts:policy={path}:anchor=-1", game, 0)


def test_the_search_with_a_model_records_its_root_visits(tmp_path: Path) -> None:
    _, model = game_model(TINY, tmp_path)
    agent = make_agent(f"mcts:iterations=40:worlds=1:model={model}", TINY, 3)
    state = TINY.setup(TINY.make_options(players=3), 2)
    TINY.apply(state, TINY.legal_actions(state)[0])  # draw: now a choice
    agent.choose(TINY, state)
    visits = agent.visits  # type: ignore[attr-defined]
    assert set(visits) == {a.index for a in TINY.legal_actions(state)}
    assert sum(visits.values()) == 40 - 1  # the root's own evaluation is no child's visit
    assert agent.describe() == f"mcts(it=40, model={model})"


def test_the_search_with_a_learnt_value_keeps_the_guide_and_is_reproducible(
    tmp_path: Path,
) -> None:
    """`value=`: the search without a model (UCB1, the heuristic's guide) whose leaves the
    model's value head values; the same seed gives the same moves and root visits."""
    game = get_game("traveling_merchants")
    path = random_model(game, 2, tmp_path / "tm.npz", seed=5, evaluation=2.0)
    spec = f"mcts:iterations=30:worlds=1:rollout=0:value={path}"
    state = game.setup(game.make_options(players=2), 1)
    first, second = make_agent(spec, game, 7), make_agent(spec, game, 7)
    chosen = first.choose(game, state.copy())
    assert chosen in game.legal_actions(state) and second.choose(game, state.copy()) == chosen
    assert first.visits == second.visits  # type: ignore[attr-defined]
    assert first.guided is not None  # type: ignore[attr-defined]
    assert first.describe() == f"mcts(it=30, value={path})"
    with pytest.raises(KaidoError, match="value= its value alone"):
        make_agent(f"mcts:model={path}:value={path}", game, 0)
    with pytest.raises(KaidoError, match="mix is the learnt value's weight, from 0 to 1"):
        make_agent(f"mcts:value={path}:mix=1.5", game, 0)


def test_information_set_search_takes_a_learnt_value_but_not_a_model(tmp_path: Path) -> None:
    """`ismcts:value=`: one tree over fresh deals, its leaves valued by the model; the same
    seed gives the same root visits, which the value changes. `model=` is refused there:
    a node's priors would be those of the first deal's moves."""
    game = get_game("traveling_merchants")
    path = random_model(game, 2, tmp_path / "tm.npz", seed=5, evaluation=-2.0)
    state = game.setup(game.make_options(players=2), 1)
    spec = "ismcts:iterations=40:rollout=0:c=0.15"
    plain = make_agent(spec, game, 7)
    first, second = (
        make_agent(f"{spec}:value={path}", game, 7),
        make_agent(f"{spec}:value={path}", game, 7),
    )
    for agent in (plain, first, second):
        assert agent.choose(game, state.copy()) in game.legal_actions(state)
    assert first.visits == second.visits != plain.visits  # type: ignore[attr-defined]
    assert first.describe() == f"ismcts(it=40, value={path})"
    with pytest.raises(KaidoError, match="model= searches dealt worlds one tree each"):
        make_agent(f"ismcts:model={path}", game, 0)


def test_a_learnt_value_of_no_weight_is_the_search_without_one(tmp_path: Path) -> None:
    """`mix=0`: the leaves valued by the game's evaluation alone, as today's search does
    (the same moves and root visits, seed for seed)."""
    game = get_game("traveling_merchants")
    path = random_model(game, 2, tmp_path / "tm.npz", seed=5, evaluation=-2.0)  # contrary
    state = game.setup(game.make_options(players=2), 1)
    plain = make_agent("mcts:iterations=40:worlds=1:rollout=0:c=0.15", game, 7)
    mixed = make_agent(f"mcts:iterations=40:worlds=1:rollout=0:c=0.15:value={path}:mix=0", game, 7)
    learnt = make_agent(f"mcts:iterations=40:worlds=1:rollout=0:c=0.15:value={path}", game, 7)
    for agent in (plain, mixed, learnt):
        agent.choose(game, state.copy())
    assert mixed.visits == plain.visits != learnt.visits  # type: ignore[attr-defined]
    assert mixed.describe() == f"mcts(it=40, value={path}, mix=0)"


def test_a_learnt_value_values_the_leaves_after_the_play_out(tmp_path: Path) -> None:
    options = TINY.make_options(players=2)
    model = load_model(
        str(random_model(TINY, 2, tmp_path / "t.npz", evaluation=2.0)), TINY, options
    )
    settings = dict(c=0.7, widen=0.0, bias=1.0, modelled=False, fixed_worlds=True, me=0)
    search = Search(Rng(1), rollout=0, stop=threading.Event(), leaf_model=model, **settings)
    state = TINY.setup(options, 3)
    for _ in range(7):
        TINY.apply(state, TINY.legal_actions(state)[-1])
    assert search.play_out(TINY, state.copy()) == model.values(state, TINY.to_move(state))
    half = Search(Rng(1), rollout=0, stop=threading.Event(), leaf_model=model, mix=0.5, **settings)
    learnt, evaluation = model.values(state, TINY.to_move(state)), TINY.evaluate_all(state)
    expected = [(v + e) / 2 for v, e in zip(learnt, evaluation, strict=True)]
    assert np.allclose(half.play_out(TINY, state.copy()), expected)
    while not TINY.is_over(state):
        TINY.apply(state, TINY.legal_actions(state)[-1])
    assert search.play_out(TINY, state) == list(TINY.result(state).win_shares)


def test_model_none_is_the_search_without_a_model() -> None:
    """`model=none` plays as the plain search, and no search without a model imports
    kaido.learn (the agents package loads it only when a model is named)."""
    state = TINY.setup(TINY.make_options(players=3), 2)
    TINY.apply(state, TINY.legal_actions(state)[0])
    plain = make_agent("mcts:iterations=60:rollout=8", TINY, 4)
    none = make_agent("mcts:iterations=60:rollout=8:model=none", TINY, 4)
    for _ in range(3):
        assert plain.choose(TINY, state.copy()) == none.choose(TINY, state.copy())
    code = (
        "import sys\n"
        "from kaido.agents import make_agent\n"
        "from kaido.games import get_game\n"
        "game = get_game('traveling_merchants')\n"
        "state = game.setup(game.make_options(players=2), 1)\n"
        "make_agent('mcts:iterations=20:model=none', game, 1).choose(game, state)\n"
        "assert not [m for m in sys.modules if m.startswith('kaido.learn')], 'imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True, timeout=120)


def test_model_auto_plays_the_shipped_model_where_there_is_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`auto` is the model shipped for the game and player count: the policy bot needs
    one; the search goes on without one where none is shipped (a game's strong level may
    name `model=auto` at every player count)."""
    state = TINY.setup(TINY.make_options(players=2), 2)
    TINY.apply(state, TINY.legal_actions(state)[0])
    with pytest.raises(KaidoError, match="no shipped model 'tiny-2p'"):
        make_agent("policy", TINY, 0).choose(TINY, state)
    auto = make_agent("mcts:iterations=30:rollout=8:model=auto", TINY, 4)
    plain = make_agent("mcts:iterations=30:rollout=8", TINY, 4)
    assert auto.choose(TINY, state.copy()) == plain.choose(TINY, state.copy())
    assert auto._model is None  # type: ignore[attr-defined]

    monkeypatch.setattr(model_module, "SHIPPED", tmp_path)
    random_model(TINY, 2, tmp_path / "tiny-2p.npz")
    auto = make_agent("mcts:iterations=30:model=auto", TINY, 4)
    auto.choose(TINY, state.copy())
    assert auto._model is not None  # type: ignore[attr-defined]
    assert make_agent("policy", TINY, 0).choose(TINY, state) in TINY.legal_actions(state)


def test_a_bot_without_a_model_to_play_says_so() -> None:
    with pytest.raises(KaidoError, match="the policy bot needs a model"):
        make_agent("policy:model=none", TINY, 0)
    with pytest.raises(KaidoError, match="takes a name, got nothing"):
        make_agent("policy:model=", TINY, 0)
