"""Views, determinization and invariants of Catan.

Hidden information (CT-ROBBER-5/6, CT-DEV-2, CT-VPC-2): the kinds of another player's
resource cards (their number is public), the kinds of their unplayed development cards
(their number is public), cards set aside while discarding, the deck order and future
dice. Everything else is public, including the bank.
"""

from __future__ import annotations

from typing import Any

from kaido.core.rng import Rng
from kaido.games.catan.board import (
    CARDS_PER_KIND,
    DEV_COUNTS,
    DEV_KINDS,
    GENERIC_PORT,
    KNIGHT,
    LARGEST_ARMY_MIN,
    LONGEST_ROAD_MIN,
    NUM_EDGES,
    PIECES,
    RESOURCES,
    VERTEX_BIT,
    VERTEX_NEIGHBOR_MASK,
    VICTORY_POINT,
    bits,
)
from kaido.games.catan.engine import refresh_frontier, to_move
from kaido.games.catan.roads import longest_road, touched_vertices
from kaido.games.catan.state import (
    ACCEPTED,
    CITY_BASE,
    COUNTER_DRAFT,
    COUNTERED,
    OFFER_CHOICE,
    OFFER_DRAFT,
    OFFER_REPLY,
    OVER,
    PHASE_NAMES,
    CatanState,
)

# ---- views --------------------------------------------------------------------------------


def view(s: CatanState, player: int | None) -> dict[str, Any]:
    n = s.n
    over = s.phase == OVER
    hand_sizes = [sum(s.hand[p * 5 : p * 5 + 5]) for p in range(n)]
    dev_sizes = [sum(s.dev[p * 5 : p * 5 + 5]) for p in range(n)]
    out: dict[str, Any] = {
        "board": s.board.to_json(),
        "players": n,
        "phase": PHASE_NAMES[s.phase],
        "turn": s.turn,
        "turns": s.turns,
        "to_move": to_move(s),
        "dice": list(s.dice),
        "robber": s.robber,
        "buildings": [
            [v, (b - 1) & 3, "city" if b >= CITY_BASE else "settlement"]
            for v, b in enumerate(s.buildings)
            if b
        ],
        "roads": [[e, p] for p in range(n) for e in bits(s.roads[p])],
        "bank": s.bank[:],
        "hand_sizes": hand_sizes,
        "known_cards": [s.known[p * 5 : p * 5 + 5] for p in range(n)],
        "development_cards": dev_sizes,
        "bought_this_turn": sum(s.dev_new),
        "deck": len(s.deck),
        "played_progress": s.played[:],
        "knights": s.knights[:],
        "points": s.vp[:],
        "road_lengths": s.road_len[:],
        "longest_road": s.lr_holder,
        "largest_army": s.la_holder,
        "pieces": [s.pieces[p * 3 : p * 3 + 3] for p in range(n)],
        "harbours": [_harbour_names(s.ports[p]) for p in range(n)],
        "development_played_this_turn": s.dev_played,
        "built_this_turn": s.built,
        "discarding": s.discard_left[:],
        "set_aside": [sum(s.pending[p * 5 : p * 5 + 5]) for p in range(n)],
        "free_roads": s.free_roads,
        "robber_by_knight": s.by_knight,
        "offer": s.offer[:],
        "offers_this_turn": s.offers_made,
        "responder": s.responder,
        "replies": s.replies[:],
        "counters": [s.counters[p * 10 : p * 10 + 10] for p in range(n)],
        "winner": s.winner,
        "you": player,
    }
    if player is not None:
        o = player * 5
        out["hand"] = s.hand[o : o + 5]
        out["your_development_cards"] = s.dev[o : o + 5]
        out["your_set_aside"] = s.pending[o : o + 5]
        if player == s.turn:
            out["your_new_development_cards"] = s.dev_new[:]
    if over:  # CT-VPC-2: every victory point card is shown at the end
        out["victory_point_cards"] = [s.dev[p * 5 + VICTORY_POINT] for p in range(n)]
        out["final_points"] = [s.vp[p] + s.dev[p * 5 + VICTORY_POINT] for p in range(n)]
    return out


def _harbour_names(mask: int) -> list[str]:
    names = [RESOURCES[k] for k in range(5) if mask >> k & 1]
    if mask >> GENERIC_PORT & 1:
        names.append("generic")
    return names


# ---- determinization --------------------------------------------------------------------


def determinize(s: CatanState, player: int, rng: Rng) -> CatanState:
    """Deal again everything `player` cannot see, keeping every public count.

    Resources: the cards held or set aside by the others (the union is known: 19 per kind
    minus the bank and `player`'s own), less those the public record shows each of them
    to hold (`CatanState.known`, and cards an open offer shows), are dealt among them,
    keeping each hand and each set-aside pile's size.
    Development cards: the others' unplayed cards and the deck are dealt again, keeping
    each player's count and the count bought this turn; at the end of the game victory
    point cards are shown, so they stay where they are. The Rng is replaced.
    """
    out = s.copy()
    out.rng = rng.spawn()
    _deal_resources(out, player, rng)
    _deal_development(out, player, rng)
    return out


def _committed(s: CatanState, q: int) -> list[int]:
    """Cards q has shown to hold by offering, accepting or countering."""
    if q == s.turn and s.phase in (OFFER_DRAFT, OFFER_REPLY, COUNTER_DRAFT, OFFER_CHOICE):
        return s.offer[:5]
    if s.replies[q] == ACCEPTED:
        return s.offer[5:]
    if s.replies[q] == COUNTERED or (s.phase == COUNTER_DRAFT and s.responder == q):
        return s.counters[q * 10 : q * 10 + 5]
    return [0] * 5


def _deal_resources(s: CatanState, player: int, rng: Rng) -> None:
    """Each other player keeps the cards the public record shows they hold (`known`, and
    what an open offer shows); the rest of the others' cards are dealt among them."""
    others = [q for q in range(s.n) if q != player]
    pool: list[int] = []
    fixed: dict[int, list[int]] = {}
    for q in others:
        shown = _committed(s, q)
        keep = [max(shown[k], s.known[q * 5 + k]) for k in range(5)]
        fixed[q] = keep
        for k in range(5):
            pool += [k] * (s.hand[q * 5 + k] + s.pending[q * 5 + k] - keep[k])
    pool.sort()  # canonical: the deal may depend only on what `player` can see
    rng.shuffle(pool)
    for q in others:
        cards = [k for k in range(5) for _ in range(fixed[q][k])]
        size = sum(s.hand[q * 5 : q * 5 + 5]) + sum(s.pending[q * 5 : q * 5 + 5])
        cards += [pool.pop() for _ in range(size - len(cards))]
        aside = sum(s.pending[q * 5 : q * 5 + 5])  # set aside face down, so any of them
        rng.shuffle(cards)
        s.hand[q * 5 : q * 5 + 5] = [0] * 5
        s.pending[q * 5 : q * 5 + 5] = [0] * 5
        for i, k in enumerate(cards):
            if i < aside:
                s.pending[q * 5 + k] += 1
            else:
                s.hand[q * 5 + k] += 1


def _deal_development(s: CatanState, player: int, rng: Rng) -> None:
    if s.phase == OVER:
        return  # CT-VPC-2: the cards are shown at the end
    others = [q for q in range(s.n) if q != player]
    pool = s.deck[:]
    sizes = {}
    for q in others:
        sizes[q] = sum(s.dev[q * 5 : q * 5 + 5])
        pool += [k for k in range(5) for _ in range(s.dev[q * 5 + k])]
        s.dev[q * 5 : q * 5 + 5] = [0] * 5
    pool.sort()  # canonical, as for resources
    rng.shuffle(pool)
    new_count = sum(s.dev_new)
    if s.turn != player and new_count:
        # The player on turn bought `new_count` cards this turn (public): deal those first.
        q = s.turn
        s.dev_new[:] = [0] * 5
        for _ in range(new_count):
            k = pool.pop()
            s.dev_new[k] += 1
            s.dev[q * 5 + k] += 1
        sizes[q] -= new_count
    for q in others:
        for _ in range(sizes[q]):
            s.dev[q * 5 + pool.pop()] += 1
    s.deck = pool


# ---- invariants ---------------------------------------------------------------------------


def check_invariants(s: CatanState) -> None:
    """Conservation of cards and pieces, and every running total recomputed from scratch."""
    n = s.n
    _check_cards(s)
    settlements, cities, owned = [0] * n, [0] * n, [0] * n
    for v, b in enumerate(s.buildings):
        if b:
            p = (b - 1) & 3
            if b >= CITY_BASE:
                cities[p] += 1
            else:
                settlements[p] += 1
            owned[p] |= VERTEX_BIT[v]
    assert owned == s.owned, "building masks are stale"
    for p in range(n):
        roads = s.roads[p].bit_count()
        assert s.pieces[p * 3 : p * 3 + 3] == [
            PIECES["road"] - roads,
            PIECES["settlement"] - settlements[p],
            PIECES["city"] - cities[p],
        ], f"player {p}: pieces on the board and in supply disagree"
        assert min(s.pieces[p * 3 : p * 3 + 3]) >= 0, f"player {p}: negative supply"
        points = settlements[p] + 2 * cities[p]
        points += 2 * (s.lr_holder == p) + 2 * (s.la_holder == p)
        assert points == s.vp[p], f"player {p}: points {s.vp[p]} != {points} recomputed"
        opponents = 0
        for q in range(n):
            if q != p:
                opponents |= owned[q]
        length = longest_road(s.roads[p], opponents)
        assert length == s.road_len[p], f"player {p}: road {s.road_len[p]} != {length}"
        assert touched_vertices(s.roads[p]) == s.reach[p], f"player {p}: reach mask is stale"
    _check_board(s, owned)
    _check_awards(s)


def _check_cards(s: CatanState) -> None:
    n = s.n
    for k in range(5):
        held = sum(s.hand[p * 5 + k] + s.pending[p * 5 + k] for p in range(n))
        assert s.bank[k] >= 0 and held + s.bank[k] == CARDS_PER_KIND, (
            f"{RESOURCES[k]}: {held} held + {s.bank[k]} in the bank != {CARDS_PER_KIND}"
        )
    assert min(s.hand) >= 0 and min(s.pending) >= 0, "a negative card count"
    for i, count in enumerate(s.known):
        assert 0 <= count <= s.hand[i] + s.pending[i], "the public record overstates a hand"
    for k in range(5):
        held = sum(s.dev[p * 5 + k] for p in range(n))
        in_deck = s.deck.count(k)
        out_of_play = sum(s.knights) if k == KNIGHT else s.played[k]
        assert held + in_deck + out_of_play == DEV_COUNTS[k], (
            f"{DEV_KINDS[k]}: {held} held + {in_deck} in deck + {out_of_play} played"
        )
        assert s.dev_new[k] <= s.dev[s.turn * 5 + k], "new cards exceed the hand"
    assert min(s.dev) >= 0, "a negative development card count"


def _check_board(s: CatanState, owned: list[int]) -> None:
    occupied = 0
    for p in range(s.n):
        assert not occupied & s.roads[p], "two roads on one path"
        occupied |= s.roads[p]
    assert occupied == s.occupied_edges, "occupied-path mask is stale"
    assert occupied < (1 << NUM_EDGES)
    every = 0
    for mask in owned:
        every |= mask
    blocked = 0
    for v in bits(every):
        assert not VERTEX_NEIGHBOR_MASK[v] & every, f"distance rule broken at {v}"
        blocked |= VERTEX_BIT[v] | VERTEX_NEIGHBOR_MASK[v]
    assert blocked == s.blocked, "blocked-intersection mask is stale"
    frontier = s.frontier[:]
    for p in range(s.n):
        refresh_frontier(s, p)
    assert s.frontier == frontier, "road frontier is stale"


def _check_awards(s: CatanState) -> None:
    lengths = s.road_len
    if s.lr_holder >= 0:
        assert lengths[s.lr_holder] >= LONGEST_ROAD_MIN, "longest road below 5"
        assert lengths[s.lr_holder] >= max(lengths), "a longer road than the holder's"
    elif max(lengths) >= LONGEST_ROAD_MIN and s.phase != OVER:
        assert lengths.count(max(lengths)) > 1, "an unclaimed sole longest road"
    if s.la_holder >= 0:
        assert s.knights[s.la_holder] >= LARGEST_ARMY_MIN, "largest army below 3"
        assert s.knights[s.la_holder] >= max(s.knights), "a larger army than the holder's"
