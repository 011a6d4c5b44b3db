"""What search agents read of a Cargo Empire position (not rules): the evaluation."""

from __future__ import annotations

from kaido.games.cargo_empire import GAME
from kaido.games.cargo_empire.bots import evaluate_all, finish_turn
from tests.conformance.play import fingerprint
from tests.games.cargo_empire.helpers import setup_done


def test_the_evaluation_finishes_a_turn_under_way() -> None:
    """Half a turn (a transport planned, not paid for) is valued as the turn finished with
    the look-ahead's defaults, on a copy: the position itself is left as it was."""
    st = setup_done(4, seed=2)
    before = evaluate_all(GAME, st)
    GAME.apply(st, next(a for a in GAME.legal_actions(st) if a.kind == "plan"))
    seen = fingerprint(st)
    mid = evaluate_all(GAME, st)
    assert fingerprint(st) == seen
    done = st.copy()
    finish_turn(GAME, done, GAME.to_move(st))
    assert mid == evaluate_all(GAME, done) != before
    assert sum(mid) > 0 and all(0 <= v <= 1 for v in mid)
