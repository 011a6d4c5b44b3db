"""Generic agents: seeded, legal, never peeking, and search that finds a winning move."""

from __future__ import annotations

import re
import threading

import pytest

from kaido.agents import (
    GENERIC,
    REGISTERED,
    ISMCTSAgent,
    MCTSAgent,
    RandomAgent,
    make_agent,
    parse_spec,
    register_agent,
)
from kaido.core.errors import KaidoError
from kaido.core.match import play_out
from kaido.core.rng import Rng
from kaido.games import all_games, get_game
from tests.conformance.play import sampled_states
from tests.core.tiny_game import TINY, TinyState

SPECS = [
    "random",
    "greedy",
    "mcts:iterations=60",
    "ismcts:iterations=60",
    "mcts:iterations=60:others=policy",
    "ismcts:iterations=60:others=policy",
    "greedy:noise=0.4",
    "mcts:iterations=60:noise=0.5",
    "mcts:time=0.01",
]
SEEDED = SPECS[:-1]  # every spec with a budget in iterations


@pytest.mark.parametrize("spec", SPECS)
def test_agents_pick_legal_actions_and_finish_games(spec: str) -> None:
    state = TINY.setup(TINY.make_options(players=3), 2)
    agents = [make_agent(spec, TINY, seed) for seed in range(3)]
    taken = play_out(TINY, state, agents)
    assert TINY.is_over(state) and taken


@pytest.mark.parametrize("spec", SEEDED)
def test_same_seed_same_choices(spec: str) -> None:
    for state in sampled_states(TINY, 3, seed=5, every=4)[:-1]:
        a, b = make_agent(spec, TINY, 9), make_agent(spec, TINY, 9)
        assert a.choose(TINY, state.copy()) is b.choose(TINY, state.copy())


@pytest.mark.parametrize("spec", SEEDED)
def test_agents_never_peek_at_hidden_information(spec: str) -> None:
    """A state and a re-dealt twin the player cannot tell apart get the same choice."""
    for state in sampled_states(TINY, 3, seed=6, every=3)[:-1]:
        me = TINY.to_move(state)
        twin = TINY.determinize(state, me, Rng(77))
        assert make_agent(spec, TINY, 4).choose(TINY, state) is make_agent(spec, TINY, 4).choose(
            TINY, twin
        )


def last_chance() -> TinyState:
    """P0 has drawn the last card: ending now loses 5-10, banking the 6 wins 11-10."""
    state = TINY.setup(TINY.make_options(players=2), 1)
    state.deck, state.discards = [], [1, 1, 2, 2, 3, 3, 4, 5]
    state.hands, state.banks = [[6], []], [[5], [4, 6]]
    state.drawn = True
    TINY.invariants(state)
    return state


@pytest.mark.parametrize(
    "spec",
    ["greedy", "mcts:iterations=200", "ismcts:iterations=200", "mcts:iterations=200:others=policy"],
)
def test_search_finds_the_winning_move(spec: str) -> None:
    assert make_agent(spec, TINY, 1).choose(TINY, last_chance()) is TINY.bank[6]


def test_agent_specs_are_checked() -> None:
    assert set(GENERIC) == {"random", "greedy", "mcts", "ismcts"}
    with pytest.raises(KaidoError, match="agent 'mcts' has no setting 'depth'"):
        make_agent("mcts:depth=3", TINY, 0)
    assert make_agent("mcts:time=0.2:c=1.5", TINY, 0).describe() == "mcts(time=0.2)"
    with pytest.raises(KaidoError, match="'others' of agent 'mcts' takes one of tree, policy"):
        make_agent("mcts:others=greedy", TINY, 0)
    modelled = make_agent("mcts:iterations=5:others=policy", TINY, 0)
    assert modelled.describe() == "mcts(it=5, others=policy)"


def test_determinized_trees_keep_legal_actions_without_changing_choices() -> None:
    """A node of a determinized tree always stands for the same state, so MCTS keeps its
    legal actions; the choices are those of an agent that lists them every time."""

    class Relisting(MCTSAgent):
        fixed_worlds = False

    for state in sampled_states(TINY, 3, seed=8, every=3)[:-1]:
        kept, relisted = MCTSAgent(seed=3, iterations=80), Relisting(seed=3, iterations=80)
        assert kept.choose(TINY, state.copy()) is relisted.choose(TINY, state.copy())


def test_mcts_keeps_its_trees_while_nothing_new_is_seen() -> None:
    """After banking, the player moves again having learnt nothing: the search goes on in
    the subtrees it grew. After the turn passes, its trees are dropped."""
    kept_any = False
    for state in sampled_states(TINY, 2, seed=11, every=1):
        if TINY.is_over(state):
            continue
        me = TINY.to_move(state)
        agent = MCTSAgent(seed=2, iterations=80)
        action = agent.choose(TINY, state)
        TINY.apply(state, action)
        trees = agent._kept_trees(TINY, state, me)
        if action.kind == "bank" and action.args[0] != 1:
            assert trees and all(tree.root.visits for tree in trees)
            assert all(TINY.view(tree.world, me) == TINY.view(state, me) for tree in trees)
            kept_any = True
        elif TINY.to_move(state) != me:
            assert not trees
    assert kept_any


def test_mcts_keeps_no_tree_for_another_player() -> None:
    """A tree grown for one player (under `others=policy` the others' moves in it follow
    the play-out policy) is never searched on for the next player, even one who cannot
    tell its world from the game."""
    for state in sampled_states(TINY, 3, seed=3, every=1):
        if TINY.is_over(state):
            continue
        me = TINY.to_move(state)
        agent = MCTSAgent(seed=2, iterations=40, others="policy")
        TINY.apply(state, agent.choose(TINY, state))
        if not TINY.is_over(state) and TINY.to_move(state) != me:
            assert not agent._kept_trees(TINY, state, TINY.to_move(state))


@pytest.mark.parametrize(
    ("spec", "wrong"),
    [
        ("mcts:iterations=ten", "setting 'iterations' of agent 'mcts' takes a whole number"),
        ("mcts:iterations=2.5", "setting 'iterations' of agent 'mcts' takes a whole number"),
        ("mcts:time=fast", "setting 'time' of agent 'mcts' takes a number"),
        ("mcts:time=nan", "setting 'time' of agent 'mcts' takes a number"),
        ("mcts:iterations=0", "bad settings for agent 'mcts': iterations must be positive"),
        ("mcts:worlds=0", "bad settings for agent 'mcts': worlds must be positive"),
        ("mcts:c=1:c=2", "setting 'c' of agent 'mcts' is given twice"),
        ("mcts:c", "agent settings are written name=value"),
        ("random:avoid=open offer", "setting 'avoid' of agent 'random' takes names"),
        ("greedy:propose=true", "agent 'greedy' has no setting 'propose'"),
    ],
)
def test_agent_settings_are_parsed_strictly(spec: str, wrong: str) -> None:
    with pytest.raises(KaidoError, match=re.escape(wrong)):
        make_agent(spec, TINY, 0)


def test_noise_plays_random_moves_that_often() -> None:
    """`noise=P` (any spec): a random legal move with probability P, else the agent's own;
    P outside 0..1 is refused; the runner's stop event and human seats reach the agent."""
    states = [s for s in sampled_states(TINY, 3, seed=8, every=1) if not TINY.is_over(s)]
    greedy = make_agent("greedy", TINY, 3)
    quiet = make_agent("greedy:noise=0", TINY, 3)
    assert all(quiet.choose(TINY, s.copy()) == greedy.choose(TINY, s.copy()) for s in states)
    loud = make_agent("greedy:noise=1", TINY, 3)
    wide = [s for s in states if len(TINY.legal_actions(s)) > 2]
    picks = {loud.choose(TINY, wide[0].copy()) for _ in range(40)}
    assert picks == set(TINY.legal_actions(wide[0]))
    half = make_agent("greedy:noise=0.5", TINY, 3)
    differ = sum(half.choose(TINY, s.copy()) != greedy.choose(TINY, s.copy()) for s in wide * 20)
    assert 0.15 * len(wide) * 20 < differ < 0.6 * len(wide) * 20
    with pytest.raises(KaidoError, match="noise is a probability"):
        make_agent("greedy:noise=1.5", TINY, 0)
    stop = threading.Event()
    half.stop, half.humans = stop, frozenset({1})
    assert half.inner.stop is stop and half.inner.humans == frozenset({1})
    assert half.describe() == "greedy noise=0.5"


def test_agent_settings_take_their_types() -> None:
    agent = make_agent("mcts:iterations=40:c=1.5:worlds=2:others=policy", TINY, 0)
    assert isinstance(agent, MCTSAgent)
    assert (agent.iterations, agent.c, agent.worlds, agent.others) == (40, 1.5, 2, "policy")
    assert make_agent("random:avoid=bank+draw", TINY, 0).describe() == "random(avoid=bank+draw)"


def test_game_agent_settings_are_parsed_strictly() -> None:
    """`heuristic:propose=false` turns proposing off (the text "false" is not true)."""
    catan, railroads = get_game("catan"), get_game("russian_railroads")
    for text, value in (("false", False), ("no", False), ("true", True), ("on", True)):
        assert make_agent(f"heuristic:propose={text}", catan, 0).propose is value
    with pytest.raises(KaidoError, match="setting 'propose' of agent 'heuristic' takes true"):
        make_agent("heuristic:propose=maybe", catan, 0)
    with pytest.raises(KaidoError, match="agent 'heuristic' has no setting 'strategy'"):
        make_agent("heuristic:strategy=transsib", catan, 0)
    assert make_agent("heuristic:strategy=transsib", railroads, 0).strategy == "transsib"
    with pytest.raises(KaidoError, match="'strategy' of agent 'heuristic' takes one of balanced"):
        make_agent("heuristic:strategy=rush", railroads, 0)


def test_a_spec_read_before_is_read_the_same_way_and_sees_new_kinds() -> None:
    """Specs are read once and kept (a server makes an agent for each decision of a bot
    that answers at once); what is kept never leaks into the next agent, and a kind
    registered since is seen."""
    _kind, _cls, settings = parse_spec("greedy:noise=0.4", TINY)
    settings.clear()  # the caller's own copy
    assert parse_spec("greedy:noise=0.4", TINY)[2] == {"noise": 0.4}
    with pytest.raises(KaidoError, match="no agent 'sloppy'"):
        parse_spec("sloppy", TINY)
    register_agent("sloppy", "kaido.agents.simple:RandomAgent")
    try:
        assert parse_spec("sloppy", TINY)[1] is RandomAgent
    finally:
        del REGISTERED["sloppy"]
    with pytest.raises(KaidoError, match="no agent 'sloppy'"):
        parse_spec("sloppy", TINY)


@pytest.mark.parametrize("game_id", [g.id for g in all_games() if "heuristic" in g.agent_kinds])
@pytest.mark.parametrize("kind", ["mcts", "ismcts"])
def test_a_young_search_plays_its_guide_the_heuristic(game_id: str, kind: str) -> None:
    """Issue 11 item 9: with too small a budget to tell the moves apart, the search plays
    the game's heuristic's move (never a random one), so it is never weaker than the
    heuristic it is built on; without the guide it does not."""
    game = get_game(game_id)
    states = [s for s in sampled_states(game, 4, seed=21, every=9) if not game.is_over(s)]
    agreed = unguided_agreed = choices = 0
    for n, state in enumerate(states[:24]):
        guided = make_agent(f"{kind}:iterations=2", game, n)
        unguided = make_agent(f"{kind}:iterations=2:guide=false", game, n)
        action = guided.choose(game, state.copy())
        assert isinstance(guided, MCTSAgent | ISMCTSAgent)  # the kinds built above
        if guided.guided is None:  # a single move to make
            continue
        choices += 1
        agreed += action == guided.guided
        unguided_agreed += unguided.choose(game, state.copy()) == guided.guided
    assert choices >= 10 and agreed == choices
    assert unguided_agreed < choices


def test_the_guide_is_overruled_only_on_evidence() -> None:
    """Issue 11 item 9: the guide's move is played while the root is young or while no
    other move was visited more; a move visited more than it is played afterwards."""
    from kaido.agents.tree import YOUNG, Node, decide
    from kaido.core.actions import Action

    moves = [Action(i, "m", (i,)) for i in range(3)]

    def root(visits: list[int]) -> Node:
        node = Node(2)
        for move, seen in zip(moves, visits, strict=True):
            node.children[move.index] = Node(2)
            node.children[move.index].visits = seen
        return node

    young = [YOUNG * 3 - 3, 1, 1]  # fewer than YOUNG visits a move in all
    assert decide([root(young[::-1])], moves, favoured=0, rng_pick=0) == moves[0]
    assert decide([root([5, 5, 0])], moves, favoured=1, rng_pick=0) == moves[1]
    assert decide([root([9, 5, 1])], moves, favoured=1, rng_pick=0) == moves[0]
    assert decide([root([9, 5, 1])], moves, favoured=-1, rng_pick=0) == moves[0]


def test_overrule_asks_for_that_many_times_the_guides_visits() -> None:
    """`overrule=R`: another move is played only when visited more than R times as often as
    the guide's; 1 (the default) is any more at all; less than 1 is refused."""
    from kaido.agents.tree import Node, decide
    from kaido.core.actions import Action

    moves = [Action(i, "m", (i,)) for i in range(3)]
    root = Node(2)
    for move, seen in zip(moves, [20, 39, 41], strict=True):
        root.children[move.index] = Node(2)
        root.children[move.index].visits = seen
    assert decide([root], moves, favoured=0, rng_pick=0) == moves[2]
    assert decide([root], moves, favoured=0, rng_pick=0, overrule=2.0) == moves[2]
    assert decide([root], moves, favoured=0, rng_pick=0, overrule=2.05) == moves[0]
    assert decide([root], moves, favoured=1, rng_pick=0, overrule=1.1) == moves[1]
    assert decide([root], moves, favoured=-1, rng_pick=0, overrule=3.0) == moves[2]
    agent = make_agent("ismcts:iterations=20:overrule=1.5", TINY, 0)
    assert agent.describe() == "ismcts(it=20, overrule=1.5)"
    with pytest.raises(KaidoError, match="overrule is a ratio of visits, 1 or more"):
        make_agent("mcts:overrule=0.5", TINY, 0)


def test_overrule_keeps_the_guide_where_plain_search_departs() -> None:
    """A search told to overrule only at ten times the guide's visits plays the heuristic's
    move wherever the plain search with the same seed and budget departs from it."""
    game = get_game("russian_railroads")
    states = [s for s in sampled_states(game, 4, seed=3, every=5) if not game.is_over(s)]
    spec = "mcts:iterations=200:worlds=1:rollout=0:c=0.15"
    departed = 0
    for n, state in enumerate(states[:40]):
        plain, firm = make_agent(spec, game, n), make_agent(f"{spec}:overrule=10", game, n)
        action = plain.choose(game, state.copy())
        assert isinstance(plain, MCTSAgent)
        if plain.guided is not None and action != plain.guided:
            departed += 1
            assert firm.choose(game, state.copy()) == plain.guided
    assert departed >= 3
