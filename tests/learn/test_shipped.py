"""The shipped models (kaido/learn/models): every game at 4 players has one, `model=auto`
loads it (it matches the game's action table and encoding today) and the `policy` bot plays
a legal move with it; each says in its header what it was trained on."""

from __future__ import annotations

import re
from typing import Any

import pytest

from kaido.agents import make_agent
from kaido.core.game import Game
from kaido.games import all_games, get_game
from kaido.learn.model import SHIPPED, ModelError, find_model, load_model, read_network
from tests.agents.test_reproducible import positions

GAMES = all_games()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_game_at_4_players_ships_a_model_the_policy_bot_plays(game: Game[Any]) -> None:
    options = game.make_options(players=4)
    model = load_model("auto", game, options)
    trained = model.network.header["trained"]
    assert trained["games"] > 0 and trained["decisions"] > 0 and trained["data"]
    agent = make_agent("policy:model=auto", game, 3)
    for state in positions(game, 4, seed=2, spread=8):
        assert agent.choose(game, state.copy()) in game.legal_actions(state)


def test_shipped_models_are_small_half_precision_files() -> None:
    """A few MB at most each, read back as float32 (the policy models' weight matrices are
    stored as float16; Russian Railroads' value model as it was measured, in float32)."""
    files = sorted(SHIPPED.glob("*.npz"))
    assert {path.stem for path in files} >= {f"{game.id}-4p" for game in GAMES}
    for path in files:
        assert path.stat().st_size < 4_000_000, path.name
        network = read_network(path)
        assert network.arrays["hidden.0.w"].dtype.name == "float32"


@pytest.mark.parametrize(
    ("game_id", "players", "games"),
    [
        ("russian_railroads", 4, 6000),
        ("russian_railroads", 3, 0),
        ("forwarder_of_xanadu", 4, 3000),
        ("forwarder_of_xanadu", 5, 0),
        ("cargo_empire", 4, 2000),
        ("cargo_empire", 3, 0),
    ],
)
def test_a_strong_level_values_leaves_by_the_shipped_value_model(
    game_id: str, players: int, games: int
) -> None:
    """At 4 players `value=auto` loads the game's `GAME-4p-value` (a value over the
    evaluation, trained on `games` games); at other counts none is shipped and the level
    searches (Cargo Empire's: looks ahead) as it did without one."""
    game = get_game(game_id)
    spec = re.sub(r"time=1|iterations=\d+", "iterations=30", game.bot_levels["strong"])
    assert "value=auto" in spec
    agent = make_agent(spec, game, 5)
    for state in positions(game, players, seed=3, spread=12):
        assert agent.choose(game, state.copy()) in game.legal_actions(state)
    leaf_model = agent._leaf_model  # type: ignore[attr-defined]
    if games:
        assert leaf_model is not None and leaf_model.network.header["evaluation_input"] == 1
        assert leaf_model.network.header["trained"]["games"] == games
    else:
        assert leaf_model is None


def test_catans_value_model_ships_for_value_auto_beside_its_strong_level() -> None:
    """Catan's value over the evaluation (12,000 heuristic and noisy games) is shipped for
    `mcts:value=auto`; Catan's strong level does not name it (at equal time its search won
    no more than the level's own on 200 unseen deals)."""
    game = get_game("catan")
    model = find_model("auto", game, game.make_options(players=4), value=True)
    assert model is not None and model.network.header["evaluation_input"] == 1
    assert model.network.header["trained"]["games"] == 12000
    assert "value=" not in game.bot_levels["strong"]
    assert find_model("auto", game, game.make_options(players=3), value=True) is None


SEARCH_POLICIES = {
    # the game: the search its shipped policy imitates (a part of the spec)
    "forwarder_of_xanadu": "iterations=169:rollout=0:c=0.2:worlds=1:value=auto:mix=0.5",
    "russian_railroads": "value=russian_railroads-4p-value:mix=0.5",
    "traveling_merchants": "iterations=9484:rollout=0:c=0.15",
}


@pytest.mark.parametrize("game_id", sorted(SEARCH_POLICIES))
def test_a_policy_imitates_the_search_and_departs_from_the_heuristic(game_id: str) -> None:
    """The game's policy model was fitted to its strongest search's moves (the search's
    seats alone, among heuristic bots'), and the bot anchored on the heuristic plays the
    heuristic's move at a huge margin and departs from it at some positions at the `normal`
    level's margin: the network decides there."""
    game = get_game(game_id)
    model = load_model("auto", game, game.make_options(players=4))
    trained = model.network.header["trained"]
    assert trained["settings"]["imitate"] == "mcts" and trained["settings"]["value_weight"] == 0
    search = trained["selfplay"][0]["seats"][0]
    assert search.startswith("mcts:") and SEARCH_POLICIES[game_id] in search
    states = [s for s in positions(game, 4, seed=2, spread=30) if len(game.legal_actions(s)) > 1]
    heuristic = make_agent("heuristic", game, 3)
    expected = [heuristic.choose(game, state.copy()) for state in states]

    def departures(spec: str) -> int:
        agent = make_agent(spec, game, 3)
        played = [agent.choose(game, state.copy()) for state in states]
        return sum(a != b for a, b in zip(played, expected, strict=True))

    assert departures("policy:model=auto:anchor=1e9") == 0
    assert 0 < departures(game.bot_levels["normal"]) < len(states)


@pytest.mark.parametrize("game_id", sorted(SEARCH_POLICIES))
def test_the_normal_level_is_the_anchored_policy_and_the_heuristic_without_one(
    game_id: str,
) -> None:
    """The `normal` level plays the shipped policy anchored on the heuristic; at 3 players,
    where no policy model ships, the anchored bot plays its anchor (the heuristic's moves),
    while the network alone has nothing to play and says so."""
    game = get_game(game_id)
    spec = game.bot_levels["normal"]
    assert spec.startswith("policy:model=auto:anchor=")
    for players in (4, 3):
        agent, heuristic = make_agent(spec, game, 7), make_agent("heuristic", game, 7)
        states = [
            s for s in positions(game, players, seed=4, spread=20) if len(game.legal_actions(s)) > 1
        ]
        played = [agent.choose(game, s.copy()) for s in states]
        assert (agent._model is not None) == (players == 4)  # type: ignore[attr-defined]
        if players == 3:
            assert played == [heuristic.choose(game, s.copy()) for s in states]
    with pytest.raises(ModelError, match=f"no shipped model '{game_id}-3p'"):
        make_agent("policy:model=auto", game, 7).choose(game, states[-1].copy())
