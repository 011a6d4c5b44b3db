"""Catan's balance figures for `kaido report`: the dice, the resources and the trades of a
game, counted from its events."""

from __future__ import annotations

from kaido.agents import RandomAgent
from kaido.core.match import Match
from kaido.games.catan import GAME
from kaido.games.catan.board import RESOURCES


def test_balance_counts_the_dice_the_resources_and_the_trades_CT_PROD_1() -> None:
    """CT-PROD-1: every roll counted under its total, every resource produced under its
    kind (the same totals as the game's own events)."""
    match = Match(GAME, GAME.make_options(players=4), 5, keep_history=False)
    agents = [RandomAgent(p) for p in range(4)]
    log = []
    while not match.is_over:
        log.extend(match.play(agents[match.to_move].choose(GAME, match.state), narrate=True))
    figures = GAME.balance(match.state, log)
    rolls = [e.data["total"] for e in log if e.kind == "roll"]
    assert sum(figures[f"Dice rolled: {n}"] for n in range(2, 13)) == len(rolls) > 0
    assert figures["Dice rolled: 7"] == rolls.count(7)
    produced = [e.data["gains"] for e in log if e.kind == "produce"]
    for kind, name in enumerate(RESOURCES):
        assert figures[f"produced: {name}"] == sum(g[kind] for gains in produced for g in gains)
    assert figures["trades with the bank or a port"] == sum(e.kind == "maritime" for e in log)
    assert figures["robber moves"] == sum(e.kind == "robber" for e in log)
