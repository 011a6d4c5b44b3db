"""The facts games add to their reviews (`Game.review_facts`)."""

from __future__ import annotations

from kaido.core.records import Replayer
from kaido.games import get_game
from kaido.games.catan.review import COSTLIEST, NOTICED
from kaido.games.russian_railroads.scoring import line_score
from kaido.review import SearchEstimator, review_record
from tests.review.games import heuristic_record

ONE_WORLD = SearchEstimator(worlds=1)


def test_catan_tells_the_robber_placements_that_cost_the_others_most() -> None:
    """CT-ROBBER: of every robber placement, the few after which the other players'
    chances fell most together are told, with who lost how much."""
    game = get_game("catan")
    record = heuristic_record(game, 3, seed=4)
    review = review_record(game, record, ONE_WORLD)
    robbers = [i for i, action in enumerate(record.actions) if action[0] == "robber"]

    def cost(step: int) -> float:
        mover = review.decisions[step].seat
        before, after = review.chances[step], review.chances[step + 1]
        falls = [
            b - a for seat, (b, a) in enumerate(zip(before, after, strict=True)) if seat != mover
        ]
        return sum(fall for fall in falls if fall >= NOTICED)

    told = [step for step in robbers if cost(step) > 0]
    costliest = sorted(sorted(told, key=lambda s: -cost(s))[:COSTLIEST])
    assert review.facts, "a game with robber placements that cost something tells them"
    assert [fact.step for fact in review.facts] == costliest
    for fact in review.facts:
        assert fact.seats[0] == review.decisions[fact.step].seat
        assert "robber" in fact.text["en"] and "盗賊" in fact.text["ja"]


def test_russian_railroads_tells_when_a_line_fell_behind_for_good() -> None:
    """RR-SCORE-2..8: a line that led (with some VP) and then stayed behind another
    player's to the end is told at the decision that put it behind."""
    game = get_game("russian_railroads")
    record = heuristic_record(game, 3, seed=6)
    replayer = Replayer(game, record)
    states, actions = [replayer.state.copy()], []
    for step in replayer.steps():
        states.append(replayer.state.copy())
        actions.append(step.action)
    even = [[1 / 3] * 3 for _ in states]  # the lines' facts are told from the states alone
    facts = game.review_facts(states, actions, even)
    scores = [[[line_score(b, line) for line in range(3)] for b in s.boards] for s in states]
    assert facts
    for fact in facts:
        *behind, ahead = fact.seats
        line = next(
            k
            for k, name in enumerate(("Trans-Siberian", "St Petersburg", "Kiev"))
            if name in fact.text["en"]
        )
        for seat in behind:
            mine = [point[seat][line] for point in scores]
            best = [max(other[line] for other in point) for point in scores]
            assert mine[fact.step] >= best[fact.step] > 0
            assert all(
                m < b for m, b in zip(mine[fact.step + 1 :], best[fact.step + 1 :], strict=True)
            )
            assert scores[fact.step + 1][ahead][line] == best[fact.step + 1]
