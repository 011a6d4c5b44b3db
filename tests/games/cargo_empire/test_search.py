"""What search agents read of a Cargo Empire position (not rules): the evaluation."""

from __future__ import annotations

from kaido.agents import make_agent
from kaido.games.cargo_empire import GAME
from kaido.games.cargo_empire.bots import evaluate_all, projection
from tests.conformance.play import fingerprint
from tests.games.cargo_empire.helpers import setup_done


def test_the_evaluation_is_each_players_lead_over_the_best_other() -> None:
    """Values follow the projections: above one half only for the leader, in the same
    order as the projections, each seat's as `evaluate` gives it; the position is left
    as it was."""
    st = setup_done(4, seed=2)
    bots = [make_agent("heuristic", GAME, p) for p in range(4)]
    for _ in range(60):
        GAME.apply(st, bots[GAME.to_move(st)].choose(GAME, st))
    seen = fingerprint(st)
    values = evaluate_all(st)
    assert fingerprint(st) == seen
    mine = [projection(st, p) for p in range(4)]
    leader = max(range(4), key=mine.__getitem__)
    assert values[leader] > 0.5 and all(v < 0.5 for p, v in enumerate(values) if p != leader)
    assert sorted(range(4), key=values.__getitem__) == sorted(range(4), key=mine.__getitem__)
    assert values == [GAME.evaluate(st, p) for p in range(4)]
