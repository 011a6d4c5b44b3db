"""What search agents read of a Cargo Empire position (not rules): the evaluation, a
softmax of the heuristic's projection."""

from __future__ import annotations

import pytest

from kaido.agents import make_agent
from kaido.games.cargo_empire import GAME
from kaido.games.cargo_empire.bots import evaluate_all, projection
from kaido.games.cargo_empire.state import CEState
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
    """Values are shares of a win: they sum to 1, rank the players as their projections
    do, are what `evaluate` gives each seat, and leave the position as it was."""
    st = _played(60)
    seen = fingerprint(st)
    values = evaluate_all(st)
    assert fingerprint(st) == seen
    assert sum(values) == pytest.approx(1.0) and all(0 < v < 1 for v in values)
    projected = [projection(st, p) for p in range(4)]
    assert sorted(range(4), key=values.__getitem__) == sorted(range(4), key=projected.__getitem__)
    assert values == [GAME.evaluate(st, p) for p in range(4)]


def test_a_city_card_more_raises_ones_share_and_lowers_the_others() -> None:
    """CE-END-4: a city card is 5 VP at the end; in round 3, one more (all else equal)
    is worth a larger share of the win to its owner, a smaller one to everyone else."""
    st = _played(10_000, seed=5, until_round=3)
    assert st.round == 3
    before = evaluate_all(st)
    st.pcities[0].append(st.display[0])
    after = evaluate_all(st)
    assert after[0] > before[0]
    assert all(after[p] < before[p] for p in range(1, 4))


def test_the_end_of_the_game_gives_the_whole_win_to_the_winner() -> None:
    """At the end the values are the result: 1 for the winner (CE-END-6..9)."""
    st = _played(10_000, seed=3)
    assert GAME.is_over(st)
    winner = GAME.result(st).winners[0]
    assert evaluate_all(st) == [1.0 if p == winner else 0.0 for p in range(4)]
