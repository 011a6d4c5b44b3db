"""The heuristic bot asks people fewer questions: with people at the table (the server sets
`Agent.humans`), it opens a domestic offer only for the one card that completes its goal and
only when another player is seen to hold that card; among bots it offers as before."""

from __future__ import annotations

from kaido.core.match import Match
from kaido.games.catan import GAME
from kaido.games.catan import actions as A
from kaido.games.catan.agents import HeuristicAgent
from kaido.games.catan.bots import Heuristic
from kaido.games.catan.state import MAIN


def test_offers_to_people_are_few_and_sensible() -> None:
    plain, polite = HeuristicAgent(1), HeuristicAgent(1)
    polite.humans = frozenset({0})
    bots_offer = people_asked = 0
    for seed in range(6):
        match = Match(GAME, GAME.make_options(players=4), seed, keep_history=False)
        players = [HeuristicAgent(seed * 4 + p) for p in range(4)]
        while not match.is_over:
            s = match.state
            if s.phase == MAIN and plain.choose(GAME, s) == A.OPEN_OFFER:
                bots_offer += 1
                if polite.choose(GAME, s) == A.OPEN_OFFER:
                    people_asked += 1
                    seen_as_polite = Heuristic(polite.rng, humans=polite.humans)
                    terms = seen_as_polite.offer_terms(s)
                    assert terms is not None
                    need = seen_as_polite._needs(s, s.turn)
                    assert sum(need) == 1 and need[terms[1]] == 1
                    holders = [q for q in range(s.n) if q != s.turn and s.known[q * 5 + terms[1]]]
                    assert holders
            match.play(players[match.to_move].choose(GAME, s), narrate=False)
    assert 0 < people_asked < bots_offer / 2, (people_asked, bots_offer)
