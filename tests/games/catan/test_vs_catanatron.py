"""bench/catan_vs_catanatron.py: Kaido's Catan as a seat in Catanatron's engine.

The converter check and a game need Catanatron (a checkout of bcollazo/catanatron, whose
AlphaBeta player is not in its PyPI package): they run where it imports, as in the
bench's own environment (`bench/.venv-vs-catanatron/bin/python -m pytest
tests/games/catan/test_vs_catanatron.py`), and are skipped elsewhere (CI has none).
"""

from __future__ import annotations

import importlib.util

import pytest

from bench.catan_vs_catanatron import RULES, allowed, discards_owed, expand_spec
from kaido.agents import parse_spec
from kaido.core.encoding import Encoder
from kaido.games.catan import GAME
from kaido.games.catan import actions as A
from kaido.games.catan.state import MAIN

NO_CATANATRON = importlib.util.find_spec("catanatron") is None
needs_catanatron = pytest.mark.skipif(
    NO_CATANATRON,
    reason="Catanatron is not installed (run in bench/.venv-vs-catanatron, see the bench's --help)",
)


def test_strong_spec_trades_time_for_iterations() -> None:
    spec = expand_spec("strong:iterations=300")
    assert "time=" not in spec and spec.startswith("mcts:") and "iterations=300" in spec
    assert parse_spec(spec, RULES)[2]["iterations"] == 300
    assert expand_spec("heuristic") == "heuristic"


def test_discards_follow_the_seat_catanatron_asks() -> None:
    # Catanatron asks seat 0 first; Kaido would ask the roller (seat 1) first, so the
    # roller's discard is left out and Kaido's engine asks seat 0 too.
    assert discards_owed([4, 5], roller=1, asked=0) == [4, 0]
    assert discards_owed([4, 5, 0, 6], roller=0, asked=0) == [4, 5, 0, 6]
    assert discards_owed([0, 5, 0, 6], roller=2, asked=1) == [0, 5, 0, 0]


def test_catanatron_rules_leave_out_domestic_trade_and_worse_rates() -> None:
    state = GAME.setup(GAME.make_options(players=3), 5)
    while state.phase != MAIN or not any(a.kind == "trade" for a in GAME.legal_actions(state)):
        GAME.apply(state, GAME.legal_actions(state)[-1], trusted=True)
    state.hand[state.turn * 5 : state.turn * 5 + 5] = [4, 0, 0, 0, 0]
    state.ports[state.turn] = 1 << 5  # a generic harbour: 3:1 is the best rate
    legal = RULES.legal_actions(state)
    assert A.OPEN_OFFER not in legal and A.OPEN_OFFER in GAME.legal_actions(state)
    assert A.MARITIME[(0, 3, 1)] in legal and A.MARITIME[(0, 4, 1)] not in legal
    assert not allowed(state, A.MARITIME[(0, 4, 2)])


def test_catanatron_rules_encode_as_catan() -> None:
    # A learnt value (`mcts:value=...`) reads the game's own encoding through the wrapper,
    # not the hashed view a game without `encode` gets.
    state = GAME.setup(GAME.make_options(players=3), 5)
    assert RULES.encode(state, 1) == GAME.encode(state, 1)
    assert not Encoder(RULES, state).hashed


@needs_catanatron
def test_converted_positions_match_catanatron() -> None:
    from bench.catan_vs_catanatron import run_check

    check = run_check(120, seed=3, depth=1)
    unexplained = {w: c for w, c in check.differences.items() if w.startswith("UNEXPLAINED")}
    assert check.positions == 120 and not unexplained, (unexplained, check.examples)
    assert check.exact >= 110 and check.transitions >= 40


@needs_catanatron
def test_a_kaido_seat_plays_a_whole_game() -> None:
    from bench.catan_vs_catanatron import run_match

    result = run_match("heuristic", opponents=1, games=1, seed=2, depth=1)
    assert result.games == 1 and result.undecided == 0
    assert len(result.cpu["kaido choice"]) > 20 and len(result.cpu["alphabeta choice"]) > 20
