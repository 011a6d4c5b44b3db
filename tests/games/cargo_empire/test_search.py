"""What search agents read of a Cargo Empire position (not rules): the fitted evaluation."""

from __future__ import annotations

import pytest

from kaido.agents import make_agent
from kaido.games.cargo_empire import GAME
from kaido.games.cargo_empire.state import CEState
from kaido.games.cargo_empire.value import FEATURES, VALUE, evaluate_all, features
from tests.conformance.play import fingerprint
from tests.games.cargo_empire.helpers import setup_done


def _played(decisions: int, seed: int = 2, until_round: int = 0) -> CEState:
    """A heuristic game after `decisions` decisions, or once in `until_round`, or over."""
    st = setup_done(4, seed=seed)
    bots = [make_agent("heuristic", GAME, p) for p in range(4)]
    for _ in range(decisions):
        if GAME.is_over(st) or st.round == until_round:
            break
        GAME.apply(st, bots[GAME.to_move(st)].choose(GAME, st))
    return st


def test_the_evaluation_is_each_players_share_of_a_win() -> None:
    """Values are shares of a win: they sum to 1, rank the players as their expected VP
    do, are what `evaluate` gives each seat, and leave the position as it was."""
    st = _played(60)
    seen = fingerprint(st)
    values = evaluate_all(st)
    assert fingerprint(st) == seen
    assert sum(values) == pytest.approx(1.0) and all(0 < v < 1 for v in values)
    expected = VALUE.expected(st)
    assert sorted(range(4), key=values.__getitem__) == sorted(range(4), key=expected.__getitem__)
    assert values == [GAME.evaluate(st, p) for p in range(4)]


def test_more_vp_now_is_worth_more_in_the_last_round() -> None:
    """The fitted weights make sense where they can be checked: in round 3, a player
    with 5 more VP of goal cards or city cards (all else equal) expects more VP."""
    st = _played(10_000, seed=5, until_round=3)
    assert st.round == 3
    model = VALUE.model[3]
    for name in ("goals_vp", "cards_vp", "track_vp"):
        assert model.base[FEATURES.index(name)] > 0.3, name
    assert len(features(st, 0)) == len(FEATURES)


def test_the_end_of_the_game_gives_the_whole_win_to_the_winner() -> None:
    """At the end the values are the result: 1 for the winner (CE-END-6..9)."""
    st = _played(10_000, seed=3)
    assert GAME.is_over(st)
    winner = GAME.result(st).winners[0]
    assert evaluate_all(st) == [1.0 if p == winner else 0.0 for p in range(4)]
