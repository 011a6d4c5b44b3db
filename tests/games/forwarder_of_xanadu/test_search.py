"""What search agents read of a Forwarder of Xanadu position (not rules): the fitted
evaluation (value.py)."""

from __future__ import annotations

import pytest

from kaido.agents import make_agent
from kaido.games.forwarder_of_xanadu import GAME, FXState
from kaido.games.forwarder_of_xanadu.state import GROW, TURN
from kaido.games.forwarder_of_xanadu.value import FEATURES, VALUE, rows, stage
from tests.conformance.play import fingerprint


def _played(until_round: int = 99, seed: int = 2, players: int = 4) -> FXState:
    """A heuristic game once in `until_round`'s turns, or over."""
    s = GAME.setup(GAME.make_options(players=players), seed)
    bots = [make_agent("heuristic", GAME, seed * 10 + p) for p in range(players)]
    while not GAME.is_over(s) and not (s.round == until_round and s.phase == TURN):
        GAME.apply(s, bots[GAME.to_move(s)].choose(GAME, s))
    return s


def test_the_evaluation_is_each_players_share_of_a_win() -> None:
    """Values are shares of a win: they sum to 1, rank the players as their expected VP
    do, are what `evaluate` gives each seat, and leave the position as it was."""
    s = _played(until_round=4)
    seen = fingerprint(s)
    values = GAME.evaluate_all(s)
    assert fingerprint(s) == seen
    assert sum(values) == pytest.approx(1.0) and all(0 < v < 1 for v in values)
    expected = VALUE.expected(s)
    assert sorted(range(4), key=values.__getitem__) == sorted(range(4), key=expected.__getitem__)
    assert values == [GAME.evaluate(s, p) for p in range(4)]
    assert all(len(row) == len(FEATURES) for row in rows(s))


def test_more_vp_now_is_worth_more_late_in_the_game() -> None:
    """The fitted weights make sense where they can be checked: in the last round VP
    scored, the final settlement's areas and the final skill as they stand all count."""
    model = VALUE.model[6]
    for name in ("vp", "final_areas", "final_skill"):
        assert model.base[FEATURES.index(name)] > 0.3, name


def test_the_stage_runs_through_each_round() -> None:
    """A round starts at 0 and its growth step is at 1; between, the share of its
    workers placed."""
    s = _played(until_round=2)
    assert stage(s) == (2, 0.0)
    while s.phase != GROW:
        GAME.apply(s, make_agent("heuristic", GAME, 0).choose(GAME, s))
        r, done = stage(s)
        assert r == 2 and 0.0 <= done <= 1.0
    assert stage(s) == (2, 1.0)


def test_the_end_of_the_game_gives_the_whole_win_to_the_winner() -> None:
    """At the end the values are the result (FX-TIE-1)."""
    s = _played()
    assert GAME.is_over(s)
    winners = GAME.result(s).winners
    assert GAME.evaluate_all(s) == [1.0 / len(winners) if p in winners else 0.0 for p in range(4)]
