"""Hidden information, text in both languages, bots and seeded self-play invariants."""

from __future__ import annotations

from kaido.agents import RandomAgent
from kaido.core.match import Match
from kaido.core.rng import Rng
from kaido.games.traveling_merchants import GAME
from kaido.games.traveling_merchants.agents import HeuristicAgent
from kaido.games.traveling_merchants.board import END_CARD
from kaido.games.traveling_merchants.bots import (
    FAR,
    _beaten,
    _cost_for,
    _route,
    all_sources,
    choose_key,
    evaluate_all,
    prospect,
    sources,
)
from kaido.games.traveling_merchants.engine import ORDERS, SPECIALS
from kaido.games.traveling_merchants.state import OVER, TURN, TMState
from tests.games.traveling_merchants.helpers import WHEAT, E, M, act, legal, ready

VARIANTS = ("road", "titles", "beginner_wagons", "literal_refill", "specials_count_for_houses")


def _options(players: int, seed: int) -> dict[str, object]:
    """Every variant combination and map, spread over the seeds (TM-VAR-6)."""
    opts: dict[str, object] = {name: bool(seed >> i & 1) for i, name in enumerate(VARIANTS)}
    opts["map"] = ("basic", "1", "2", "3", "4", "5")[seed % 6]
    opts["random_cities"] = seed % 3 == 0
    return GAME.make_options(players=players, **opts)


def _play(players: int, seed: int, kinds: tuple[str, ...]) -> Match:
    match = Match(GAME, _options(players, seed), seed, keep_history=False)
    agents = [
        HeuristicAgent(seed + p) if kind == "heuristic" else RandomAgent(seed + p)
        for p, kind in enumerate(kinds)
    ]
    GAME.invariants(match.state)
    while not match.is_over:
        match.play(agents[match.to_move].choose(GAME, match.state), narrate=True, trusted=True)
        GAME.invariants(match.state)
    return match


def test_random_self_play_keeps_invariants_with_every_variant_TM_VAR_6() -> None:
    """TM-VAR-6: 36 cubes, 16 gems and the cards conserved after every action (small sample; the
    big runs are scripts/traveling_merchants_sim.py --random --check)."""
    for seed in range(4):
        for players in (2, 3, 4):
            match = _play(players, seed * 8 + players, ("random",) * players)
            assert match.state.phase == OVER and match.state.triggers


def test_heuristic_beats_random_TM_SCORE_2() -> None:
    """TM-SCORE-2."""
    wins = 0
    for seed in range(6):
        match = _play(4, seed, ("heuristic", "random", "random", "random"))
        wins += GAME.result(match.state).ranks[0] == 1
    assert wins >= 5


def test_the_heuristic_does_not_race_for_an_order_it_would_lose() -> None:
    """The heuristic bot (not a rule): an order another merchant would fill in fewer
    actions, or in as few while moving first, is not worth racing for. Identical bots all
    chasing one order made the start player win 63% of 2-player games."""
    s = ready(2, (E, E))  # both wagons on one city, seat 0 to move
    orders = [ORDERS[o] for o in s.row if o > 0]
    costs = [(order, _cost_for(s, 0, order), _cost_for(s, 1, order)) for order in orders]
    order, mine, theirs = next(c for c in costs if c[1] < 99)
    assert mine == theirs  # the same place and cargo
    assert not _beaten(s, 0, order, mine) and _beaten(s, 1, order, theirs)
    act(s, "end")  # now seat 1 moves first
    assert _beaten(s, 0, order, mine) and not _beaten(s, 1, order, theirs)


STALLED_ON_MAP_4 = [  # issue 34, bug 9: seeded heuristic games that never ended
    (3556, {"players": 3, "specials_count_for_houses": True}),
    (8343, {"players": 2, "titles": True, "beginner_wagons": True, "literal_refill": True}),
    (12917, {"players": 4, "literal_refill": True}),
]


def _turns_of_a_heuristic_game(players: int, seed: int, every: int) -> list[TMState]:
    """Copies of every `every`-th state of a heuristic game where a merchant is on turn."""
    match = Match(GAME, _options(players, seed), seed, keep_history=False)
    agents = [HeuristicAgent(seed + p) for p in range(players)]
    states = []
    while not match.is_over:
        if match.state.phase == TURN and len(match.actions) % every == 0:
            states.append(match.state.copy())
        match.play(agents[match.to_move].choose(GAME, match.state), trusted=True)
    return states


def test_heuristic_merchants_never_shuttle_between_two_cities() -> None:
    """The heuristic bot (not a rule). Fails on the main before issue 34 (bug 9): in these
    games every merchant drove back and forth between two cities for ever, aiming at one
    order from one city and another from the next, because a route was costed visiting
    the goods in one order and driven to the nearest source of any of them."""
    for seed, options in STALLED_ON_MAP_4:
        match = Match(GAME, GAME.make_options(map="4", **options), seed, keep_history=False)
        agents = [HeuristicAgent(seed * 7 + p) for p in range(match.options["players"])]
        for _decision in range(3_000):  # these games end in fewer than 300
            if match.is_over:
                break
            match.play(agents[match.to_move].choose(GAME, match.state), trusted=True)
        assert match.is_over, f"seed {seed} still going after 3,000 decisions"


def test_a_step_along_the_heuristic_s_route_makes_it_one_action_shorter() -> None:
    """The heuristic bot (not a rule): the route to an order is the cheapest over every
    order of visiting its sources, so driving one step towards its first stop leaves a
    route one action shorter; the property that keeps a merchant from turning back."""
    checked = 0
    for s in _turns_of_a_heuristic_game(3, seed=5, every=7):
        p = s.cur
        table = sources(s, p)
        cards = [ORDERS[o] for o in s.row if o > 0] + list(SPECIALS)
        for order in cards:
            cargo = s.cargo[p * 4 : p * 4 + 4]
            missing = [max(0, n - h) for n, h in zip(order.goods, cargo, strict=True)]
            cost, first = _route(s, p, order.city, missing, table)
            here = s.pos[p]
            if cost >= FAR or first == here:
                continue
            step = min(s.board.adjacent[here], key=lambda c: s.board.distance[c][first])
            s.pos[p] = step
            assert _route(s, p, order.city, missing, table)[0] == cost - 1
            s.pos[p] = here
            checked += 1
    assert checked > 100


def test_the_evaluation_sees_a_step_towards_an_order_as_progress() -> None:
    """The search agents' evaluation (not a rule): the heuristic's steps towards its order
    (loading, driving) raise the player's prospect and evaluation before anything ships;
    without the prospect a search at the evaluation's depth saw every move as equal."""
    s = ready(2, (E, E))
    before, value_before = prospect(s, 0, sources(s, 0)), evaluate_all(GAME, s)[0]
    act(s, *choose_key(s, legal(s)))
    assert prospect(s, 0, sources(s, 0)) > before > 0
    assert evaluate_all(GAME, s)[0] > value_before


def test_sources_are_computed_for_all_players_at_once() -> None:
    """TM-LOAD-3: a good in seat 1's zone on a distribution city is a source for the others
    only; `all_sources` agrees with `sources` seat by seat."""
    s = ready(3, (E, E, M))
    s.stock[WHEAT] -= 1
    s.zone[(E * 3 + 1) * 4 + WHEAT] += 1  # as if seat 1 had shipped it there
    assert E in sources(s, 0)[WHEAT] and E in sources(s, 2)[WHEAT]
    assert E not in sources(s, 1)[WHEAT]
    assert all_sources(s) == [sources(s, p) for p in range(3)]


def test_determinize_redeals_only_the_deck_and_removed_cards_TM_SETUP_3_TM_SETUP_7() -> None:
    """TM-SETUP-3, TM-SETUP-7.
    Hidden: the deck order, the end card's place in its bottom part, the removed cards
    (R-13). A re-dealt world keeps the row, counts and the end card in the bottom 9."""
    s = ready(3, (E, E, M))
    worlds = [GAME.determinize(s, 1, Rng(k)) for k in range(20)]
    for world in worlds:
        assert world.row == s.row and len(world.deck) == len(s.deck)
        assert END_CARD in world.deck[:9]
        assert sorted(world.deck + world.removed) == sorted(s.deck + s.removed)
        assert GAME.view(world, 1) == GAME.view(s, 1)
    assert len({tuple(w.removed) for w in worlds}) > 1
    assert len({w.deck.index(END_CARD) for w in worlds}) > 1


def test_texts_in_english_and_japanese_parse_back() -> None:
    s = ready(2, (E, E))
    for lang in ("en", "ja"):
        board = GAME.render(s, 0, lang)
        assert ("Elkaibrand" if lang == "en" else "エルカイブランド") in board
        for action in GAME.legal_actions(s):
            assert GAME.parse_action(s, GAME.action_text(action, lang)) is action
    assert act(s, "move", 0)[0] == "Red moves to Heidifield"
    assert GAME.player_name(1, "ja") == "青"
