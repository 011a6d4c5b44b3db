"""Reviews of records: the same on every run, computed from each seat's view alone, and
the turning points, accuracy, hints and facts they report."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from kaido.core.game import Game
from kaido.core.records import Record, Replayer
from kaido.core.rng import Rng
from kaido.games import get_game
from kaido.review import Decision, SearchEstimator, point_rng, review_record
from kaido.review.review import MARGIN, accuracy, turning_points
from tests.conformance.play import fingerprint
from tests.conftest import GAMES
from tests.review.games import golden_record, heuristic_record

HERE = Path(__file__).parent
GOLDEN_STEPS = 40
SMALL = SearchEstimator(worlds=2)
POINTS = 12
"""Points of a game checked for leaks."""


@pytest.mark.parametrize("game", [pytest.param(g, id=g.id) for g in GAMES])
def test_golden_review_is_the_same_on_every_run(game: Game[Any]) -> None:
    """The review of a golden record (its first steps) is seeded: stored once, it comes out
    the same in every run, in every process."""
    record = golden_record(game, game.player_counts[0], seed=1, steps=GOLDEN_STEPS)
    text = json.dumps(review_record(game, record, SMALL).to_json(), indent=1) + "\n"
    path = HERE / "golden" / f"{game.id}.json"
    if os.environ.get("KAIDO_REGEN_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden review {path.name}; run with KAIDO_REGEN_GOLDEN=1 once"
    assert text == path.read_text(encoding="utf-8"), f"{path} differs"


@pytest.mark.parametrize("game", [pytest.param(g, id=g.id) for g in GAMES])
def test_a_seat_estimate_never_changes_when_what_it_cannot_see_is_dealt_again(
    game: Game[Any],
) -> None:
    """No leak: at points through a game, each seat's estimate (its chance, and the moves
    it had with their values) is the same in the true state and in a state whose hidden
    parts were dealt again consistently with the seat's view. So a seat's curve, and the
    bot's moves set beside its own, are made from what it could see."""
    players = game.player_counts[0]
    record = heuristic_record(game, players, seed=3)
    replayer = Replayer(game, record)
    every = max(1, len(record.actions) // POINTS)
    redealt = 0
    for step in replayer.steps():
        if step.number % every:
            continue
        state = replayer.state
        if game.is_over(state):
            break
        mover = game.to_move(state)
        played = replayer.table.from_json(record.actions[step.number])
        for seat in range(players):
            include = played if seat == mover else None
            twin = game.determinize(state, seat, Rng(step.number * 31 + seat))
            redealt += fingerprint(twin) != fingerprint(state)
            rng = point_rng(5, step.number, seat)
            truth = SMALL.estimate(game, state, seat, rng, include=include)
            rng = point_rng(5, step.number, seat)
            assert SMALL.estimate(game, twin, seat, rng, include=include) == truth, (
                f"step {step.number}: seat {seat}'s estimate depends on what it cannot see"
            )
    assert redealt, "no state had anything hidden to deal again"


def test_turning_points_are_the_largest_swings_in_the_order_of_the_game() -> None:
    chances = [[0.5, 0.5], [0.6, 0.4], [0.3, 0.7], [0.35, 0.65], [0.9, 0.1], [1.0, 0.0]]
    points = turning_points(chances, ended=True, count=2)
    assert [(p.step, p.seat, round(p.swing, 2)) for p in points] == [(1, 0, -0.3), (3, 0, 0.55)]
    # The move that ended the game is no turning point; an unfinished record's last one is.
    assert [p.step for p in turning_points(chances, ended=False, count=1)] == [3]


def test_accuracy_counts_moves_within_the_margin_and_the_hints() -> None:
    decisions = [
        Decision(0, 0, ["a"], ["a"], 0.5, 0.5),
        Decision(1, 1, ["b"], ["c"], 0.4, 0.4 + MARGIN / 2, hinted=True),
        Decision(2, 0, ["d"], ["e"], 0.2, 0.2 + 2 * MARGIN),
        Decision(3, 1, ["f"]),  # no choice: not judged
    ]
    rows = accuracy(decisions, seats=2)
    assert [(r.decisions, r.accurate, r.hints) for r in rows] == [(2, 1, 0), (1, 1, 1)]
    assert rows[0].share == 0.5


def test_a_review_marks_the_hints_taken_and_round_trips_through_json() -> None:
    game = get_game("traveling_merchants")
    record = golden_record(game, 2, seed=4, steps=12)
    mover = Replayer(game, record)
    seats = [step.player for step in mover.steps()]
    record.hints = [[5, seats[5]]]
    review = review_record(game, Record.loads(record.dumps()), SMALL)
    assert [d.step for d in review.decisions if d.hinted] == [5]
    assert review.accuracy[seats[5]].hints == 1
    assert type(review).from_json(json.loads(json.dumps(review.to_json()))) == review
    assert len(review.chances) == 13 and len(review.decisions) == 12


def test_the_estimate_plays_the_heuristic_unless_another_move_looks_clearly_better() -> None:
    """The bot's move is the game's heuristic's, overruled only by a move whose chance is
    higher by more than `overrule` (as the strong search overrules its guide)."""
    game = get_game("catan")
    record = heuristic_record(game, 3, seed=2)
    replayer = Replayer(game, record)
    checked = 0
    for step in replayer.steps():
        state = replayer.state
        if game.is_over(state) or len(game.search_actions(state, game.legal_actions(state))) < 3:
            continue
        seat = game.to_move(state)
        strict = SearchEstimator(worlds=2, overrule=0.0).estimate(
            game, state, seat, Rng(step.number)
        )
        loose = SearchEstimator(worlds=2, overrule=1.0).estimate(
            game, state, seat, Rng(step.number)
        )
        best = max(m.chance for m in strict.moves)
        assert strict.moves[0].chance == best
        assert [m.chance for m in loose.moves[1:]] == sorted(
            (m.chance for m in loose.moves[1:]), reverse=True
        )
        checked += 1
        if checked == 20:
            break
    assert checked == 20
