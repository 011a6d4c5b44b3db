"""What search agents read of a Cargo Empire position (not rules): the fitted evaluation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kaido.agents import make_agent
from kaido.games.cargo_empire import GAME
from kaido.games.cargo_empire.board import DATA_DIR, DataError
from kaido.games.cargo_empire.state import CEState
from kaido.games.cargo_empire.value import (
    FEATURES,
    evaluate_all,
    expected_vp,
    features,
    fitted,
    load_model,
)
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
    expected = expected_vp(st)
    assert sorted(range(4), key=values.__getitem__) == sorted(range(4), key=expected.__getitem__)
    assert values == [GAME.evaluate(st, p) for p in range(4)]


def test_more_vp_now_is_worth_more_in_the_last_round() -> None:
    """The fitted weights make sense where they can be checked: in round 3, a player
    with 5 more VP of goal cards or city cards (all else equal) expects more VP."""
    st = _played(10_000, seed=5, until_round=3)
    assert st.round == 3
    model = fitted()[3]
    for name in ("goals_vp", "cards_vp", "track_vp"):
        assert model.base[FEATURES.index(name)] > 0.3, name
    assert len(features(st, 0)) == len(FEATURES)


def test_the_end_of_the_game_gives_the_whole_win_to_the_winner() -> None:
    """At the end the values are the result: 1 for the winner (CE-END-6..9)."""
    st = _played(10_000, seed=3)
    assert GAME.is_over(st)
    winner = GAME.result(st).winners[0]
    assert evaluate_all(st) == [1.0 if p == winner else 0.0 for p in range(4)]


def test_a_broken_model_file_is_refused_with_what_is_wrong(tmp_path: Path) -> None:
    """The model is data: a file fitted on other features, or with a round missing or a
    bad temperature, is refused with a message naming the problem."""
    good = json.loads((DATA_DIR / "value.json").read_text(encoding="utf-8"))
    assert load_model(DATA_DIR / "value.json") == fitted()
    cases = {
        "features": (lambda d: d["features"].pop(), "refit with scripts/ce_fit_value.py"),
        "round": (lambda d: d["rounds"].pop("2"), "no model for round 2"),
        "temperature": (
            lambda d: d["rounds"]["1"].update(temperature=0),
            "'temperature' must be a positive number",
        ),
        "weights": (lambda d: d["rounds"]["3"]["base"].pop(), "'base' needs 17 weights"),
        "source": (lambda d: d.pop("source"), "needs a 'source'"),
    }
    for name, (breakage, message) in cases.items():
        data = json.loads(json.dumps(good))
        breakage(data)
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        with pytest.raises(DataError, match=message):
            load_model(path)
