"""Checks every registered game (and the core's tiny test game) must pass.

Self-play with invariants, exact replay, JSON round-trips, views that hide what they must,
`determinize` that agrees with the view, refusal that changes nothing, and legal actions
that are exactly the accepted ones.
"""

from __future__ import annotations

import copy
import json
import pickle
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kaido.agents import RandomAgent, agent_kinds
from kaido.core.errors import IllegalAction
from kaido.core.game import Game
from kaido.core.match import Match
from kaido.core.records import Record, Replayer
from kaido.core.rng import Rng
from kaido.server.messages import LogStep, log_entry
from kaido.sim.variants import CAPS, guarded_self_play, variant_options
from tests.conformance.encoding import check_redeal_invariant, check_well_formed, encodes_itself
from tests.conformance.play import all_views, fingerprint, played_states, sampled_states, self_play
from tests.conftest import game_count_params, game_params

SEEDS = range(6)
ENCODING_GAMES = [param for param in game_count_params() if encodes_itself(param.values[0])]
"""The games that encode their observations themselves (the others' views are hashed)."""


@pytest.mark.parametrize(("game", "players"), game_count_params())
def test_self_play_keeps_invariants_and_is_deterministic(game: Game[Any], players: int) -> None:
    for seed in SEEDS:
        first = self_play(game, players, seed).record()
        again = self_play(game, players, seed, check=False).record()
        assert first.to_json() == again.to_json(), f"seed {seed} played differently twice"
        assert first.result is not None
        ranks = first.result.ranks
        # First place is a seat's, unless a player no seat plays (a game's bot) took it.
        assert sorted(ranks)[0] == 1 or max(ranks) > len(ranks)


@pytest.mark.parametrize(("game", "players"), game_count_params())
def test_replay_reproduces_the_game_exactly(game: Game[Any], players: int) -> None:
    for seed in SEEDS:
        match = self_play(game, players, seed, check=False)
        record = Record.loads(match.record().dumps())
        replayed = Replayer(game, record).run()
        assert all_views(game, replayed) == all_views(game, match.state)
        assert fingerprint(replayed) == fingerprint(match.state)


@pytest.mark.parametrize("game", game_params())
def test_actions_and_views_round_trip_through_json(game: Game[Any]) -> None:
    players = game.player_counts[0]
    table = game.action_table(game.make_options(players=players))
    for action in table:
        assert table.from_json(json.loads(json.dumps(action.to_json()))) is action
        assert table[action.index] is action
    for state in sampled_states(game, players, seed=3):
        for view in all_views(game, state):
            assert json.loads(json.dumps(view)) == view, "a view must be plain JSON"
    record = self_play(game, players, 4, check=False).record()
    assert Record.loads(record.dumps()).to_json() == record.to_json()


@pytest.mark.parametrize(("game", "players"), game_count_params())
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 10**6), deal=st.integers(0, 2**32))
def test_views_hide_what_a_player_may_not_see(
    game: Game[Any], players: int, seed: int, pick: int, deal: int
) -> None:
    """A view depends only on its viewer's information: dealing everything the viewer
    cannot see again (with `determinize`) must leave their view, and the spectator's,
    exactly as they were, and the decider's legal actions too."""
    states = sampled_states(game, players, seed, every=5)
    state = states[pick % len(states)]
    for player in range(players):
        world = game.determinize(state, player, Rng(deal))
        assert game.view(world, player) == game.view(state, player)
        assert game.view(world, None) == game.view(state, None)
        if game.to_move(state) == player:
            assert list(game.legal_actions(world)) == list(game.legal_actions(state))
        game.invariants(world)


@pytest.mark.parametrize(("game", "players"), ENCODING_GAMES)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 10**6), deal=st.integers(0, 2**32))
def test_encodings_keep_one_length_and_hide_what_the_views_hide(
    game: Game[Any], players: int, seed: int, pick: int, deal: int
) -> None:
    """A game's own encoding gives equally many small numbers in every state, and dealing
    what a seat cannot see again (as for the views above) leaves its encoding unchanged."""
    options = game.make_options(players=players)
    length = len(game.encode(game.setup(options, 0), 0) or ())
    states = sampled_states(game, players, seed, every=5)
    picked = [states[0], states[pick % len(states)], states[-1]]
    check_well_formed(game, picked, length)
    check_redeal_invariant(game, picked, deals=[deal])


@pytest.mark.parametrize(("game", "players"), game_count_params())
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 10**6), deal=st.integers(0, 2**32))
def test_determinize_never_peeks(
    game: Game[Any], players: int, seed: int, pick: int, deal: int
) -> None:
    """Two states a player cannot tell apart must be dealt the very same world: so
    `determinize` (and every search bot built on it) cannot use hidden information.
    (Canonicalise what is unseen, e.g. sort the pool, before dealing it.)"""
    states = sampled_states(game, players, seed, every=5)
    state = states[pick % len(states)]
    for player in range(players):
        twin = game.determinize(state, player, Rng(deal ^ 0x5EED))
        first = game.determinize(state, player, Rng(deal))
        second = game.determinize(twin, player, Rng(deal))
        assert fingerprint(first) == fingerprint(second), (
            f"determinize for P{player} depends on information that player cannot see"
        )


@pytest.mark.parametrize(("game", "players"), game_count_params())
def test_legal_actions_are_exactly_the_accepted_ones(game: Game[Any], players: int) -> None:
    table = game.action_table(game.make_options(players=players))
    # Groups may have two parts (Forwarder of Xanadu's FX-TRACK-TR-2).
    prefix = re.escape(game.rules_prefix or game.id.upper())
    clause = re.compile(rf"^{prefix}(-[A-Z0-9]+)+-\d+$")
    rng = Rng(11)
    for state in sampled_states(game, players, seed=8, every=3):
        legal = set(game.legal_actions(state))
        if game.is_over(state):
            assert not legal
        for action in legal:
            game.apply(state.copy(), action)  # accepted without complaint
        illegal = [a for a in table if a not in legal]
        for _ in range(min(20, len(illegal))):
            action = illegal[rng.below(len(illegal))]
            before = fingerprint(state)
            with pytest.raises(IllegalAction) as refused:
                game.apply(state, action)
            assert clause.match(refused.value.clause), refused.value.clause
            assert refused.value.message
            assert fingerprint(state) == before, "a refused action changed the state"


@pytest.mark.parametrize(("game", "players"), game_count_params())
def test_every_event_keeps_its_kind_in_the_move_log(game: Game[Any], players: int) -> None:
    """Every event of narrated games, as the server's move log sends it to each viewer:
    plain JSON whose `kind` is the event's own, with its sentence."""
    viewers = [None, *range(players)]
    for seed in range(3):
        match = Match(game, game.make_options(players=players), seed, keep_history=False)
        agents = [RandomAgent(seed * 13 + p) for p in range(players)]
        while not match.is_over:
            player = match.to_move
            action = agents[player].choose(game, match.state)
            step = LogStep(0, player, tuple(match.play(action, narrate=True)))
            for viewer in viewers:
                entry = log_entry(game, step, viewer, "en", match.options)
                assert json.loads(json.dumps(entry)) == entry
                for event, sent in zip(step.events, entry["events"], strict=True):
                    assert sent["data"]["kind"] == event.kind, sent
                    assert sent["text"]


@pytest.mark.parametrize(("game", "players"), game_count_params())
def test_a_seat_that_left_places_below_everyone_who_stayed(game: Game[Any], players: int) -> None:
    """`Game.forfeit`, what the server ranks a resignation by: undecided while two players
    or more play on; at the end, the leaver below the others, whose order is kept."""
    start = game.setup(game.make_options(players=players), 0)
    if players > 2:
        assert game.forfeit(start, {0}) is None
    end = self_play(game, players, 1, check=False).state
    ranks = game.result(end).ranks
    for leaver in range(players):
        forfeit = game.forfeit(end, {leaver})
        assert forfeit is not None and len(forfeit.ranks) == players
        stayed = [p for p in range(players) if p != leaver]
        assert all(forfeit.ranks[leaver] > forfeit.ranks[p] for p in stayed)
        for a in stayed:
            for b in stayed:
                assert (ranks[a] < ranks[b]) == (forfeit.ranks[a] < forfeit.ranks[b])


@pytest.mark.parametrize(("game", "players"), game_count_params())
def test_no_bot_stalls_any_variant(game: Game[Any], players: int) -> None:
    """Heuristic and random self-play end within a cap on decisions, on options drawn over
    every variant (issue 34: heuristic merchants once shuttled for ever on one map). The
    big run is `scripts/self_play_guard.py`, its figures in docs/testing.md."""
    options = variant_options(game, players, seed=players)  # other variants at each count
    for bot in CAPS:
        if bot in agent_kinds(game):
            guarded_self_play(game, options, players, bot, CAPS[bot])  # NoEnd past the cap


@pytest.mark.parametrize(("game", "players"), game_count_params())
def test_states_survive_pickling_and_copying(game: Game[Any], players: int) -> None:
    """A state read back from pickle (as a process pool or a saved RL environment does) or
    made by `copy.deepcopy` is the same state: every view, and the same game when played on
    with the same moves (its dice too), in both builds; the game and its action table read
    back the same. The compiled build once wrote states it could not read back
    (kaido/core/pickling.py)."""
    variants = [game.make_options(players=players), variant_options(game, players, seed=7)]
    game_again = pickle.loads(pickle.dumps(game))  # as the server's bot processes get it
    for seed, options in enumerate(variants):
        table = game.action_table(options)
        for again in (pickle.loads(pickle.dumps(table)), game_again.action_table(options)):
            assert [a.to_json() for a in again] == [a.to_json() for a in table]
        for state in played_states(game, options, seed, every=40):
            for again in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
                assert played_on(game, again, seed) == played_on(game, state.copy(), seed)


def played_on(game: Game[Any], state: Any, seed: int, steps: int = 10) -> list[Any]:
    """Every view of `state`, then of each state after up to `steps` random moves."""
    agent = RandomAgent(seed)
    seen = [all_views(game, state)]
    for _ in range(steps):
        if game.is_over(state):
            break
        game.apply(state, agent.choose(game, state))
        seen.append(all_views(game, state))
    return seen
