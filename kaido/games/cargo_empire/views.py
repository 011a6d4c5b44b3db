"""What each seat may see (`view`), re-dealing what it may not (`determinize`), and the
conservation laws every state obeys (`invariants`).

Secret (CE-DEF-6): the faces of a player's goal cards (owner only, all at the end,
CE-END-5), a personal city card before it is revealed (CE-SET-11, CE-SET-18), the order
of the city deck above the blanks and of the goal deck. Cards sent under the city deck
are public, and so is who put each goal card under the goal deck (its face only to them).
"""

from __future__ import annotations

from typing import Any

from kaido.core.rng import Rng
from kaido.games.cargo_empire.board import BONUS_NAMES, TRANSPORTS
from kaido.games.cargo_empire.engine import produce_colour, to_move
from kaido.games.cargo_empire.scoring import final_scores, goal_value
from kaido.games.cargo_empire.state import (
    BLANK,
    CLAN_NAMES,
    F_GOAL,
    F_ROW,
    PHASE_OVER,
    PHASE_SETUP,
    PLAYER_COLOURS,
    ROUNDS,
    CEState,
)
from kaido.games.cargo_empire.track import layout, position, row_of, space_exists

FRAME_NAMES = (
    "keep_goal", "take_card", "first_post", "second_post", "emblem", "begin", "plan", "pay",
    "develop", "advance", "extra_step", "move", "row", "city_card", "end_turn", "tino_harbour",
    "score", "city_or_goal", "express", "bot_turn", "bot_setup", "vassal",
)  # fmt: skip


def card_name(st: CEState, card: int) -> str:
    return "blank" if card == BLANK else st.comp.names[card]


def _city(st: CEState, c: int) -> dict[str, Any]:
    colours = st.comp.cube_colours
    entry: dict[str, Any] = {
        "name": st.comp.names[c],
        "level": st.level[c],
        "posts": st.tp[c * st.n : (c + 1) * st.n],
    }
    if st.vassals:  # CE-2P-2: vassal posts, seat p's vassal at index p
        entry["vassal_posts"] = st.vtp[c * st.n : (c + 1) * st.n]
    if st.tile[c] >= 0:
        entry["tile"] = st.comp.tile_ids[st.tile[c]]
        entry["cubes"] = [colours[k] if k >= 0 else None for k in st.prod[2 * c : 2 * c + 2]]
        entry["production"] = [colours[produce_colour(st, c, i)] for i in (0, 1)]
        demand = st.comp.demand[st.tile[c]][st.level[c] - 1]
        entry["demand"] = [
            {
                "colour": colours[demand[i]],
                "post": st.dem[2 * c + i] if st.dem[2 * c + i] >= 0 else None,
            }
            for i in (0, 1)
        ]
    return entry


def _marker(st: CEState, idx: int) -> dict[str, Any]:
    seg, space = divmod(st.marker[idx], 64)
    return {
        "segment": seg,
        "space": space,
        "rows": [row_of(st, idx, k) for k in range(len(st.track))],
        "position": position(st, idx),
    }


def _player(st: CEState, p: int, viewer: int | None) -> dict[str, Any]:
    over = st.phase == PHASE_OVER
    sees = over or viewer == p or p == st.bot  # CE-BOT-9: the bot's goals are public
    setup = st.setup_card[p]
    return {
        "bot": p == st.bot,
        "colour": PLAYER_COLOURS[st.colours[p]],
        "clan": CLAN_NAMES[st.clan[p]] if st.clan and st.clan[p] >= 0 else None,
        "cards": dict(zip(TRANSPORTS, st.cards[3 * p : 3 * p + 3], strict=True)),
        "city_cards": [card_name(st, c) for c in st.pcities[p]],
        "setup_card": card_name(st, setup)
        if setup >= 0 and (viewer == p or st.revealed[p])
        else None,
        "goal_count": len(st.goals[p]),
        "goals": sorted(st.goals[p]) if sees else None,
        # what each goal card would score now (CE-GOAL), for whoever sees the cards
        "goal_vp": [goal_value(st, p, st.comp.goals[g - 1]) for g in sorted(st.goals[p])]
        if sees
        else None,
        "markers": {t: _marker(st, 3 * p + k) for k, t in enumerate(TRANSPORTS)},
        "posts_left": st.left[p],
        "posts_removed": st.removed[p],
        "cubes": st.cubes[p],
        "emblem": st.comp.names[st.emblem[p]] if st.emblem[p] >= 0 else None,
    }


def _pending(st: CEState, viewer: int | None) -> list[dict[str, Any]]:
    out = []
    for frame in st.stack:
        entry: dict[str, Any] = {"kind": FRAME_NAMES[frame[0]], "player": frame[1]}
        if frame[0] == F_GOAL and viewer == frame[1]:
            entry["goals"] = sorted(frame[2:4])
        if frame[0] == F_ROW:  # which marker enters the next tile (public)
            entry["transport"] = TRANSPORTS[frame[2]]
        out.append(entry)
    return out


def view(st: CEState, viewer: int | None) -> dict[str, Any]:
    sides = layout(st)[0]
    data: dict[str, Any] = {
        "map": st.comp.map_name,
        "round": st.round,
        "rounds": ROUNDS,
        "turn": st.turn,
        "phase": ["setup", "play", "over"][st.phase],
        "order": st.order[:],
        "to_move": to_move(st),
        "pending": _pending(st, viewer),
        "plan": st.plan[:],
        "steps_due": st.dev[:],
        "cities": [_city(st, c) for c in range(st.comp.cities)],
        "track": [
            {
                "tile": s.id,
                "side": s.side,
                "rows": [[BONUS_NAMES[b] for b in r] for r in s.rows],
                "ends": [list(e) for e in s.ends],
            }
            for s in sides
        ],
        "display": [card_name(st, c) for c in st.display],
        "deck": {
            "hidden": len(st.deck),
            "blanks": st.blanks,
            "under": [card_name(st, c) for c in st.bottom],
        },
        "goal_deck": {
            "size": len(st.goal_deck),
            "put_under_by": st.goal_from[:],
            "yours": [g for g, f in zip(st.goal_deck, st.goal_from, strict=True) if f == viewer]
            if viewer is not None
            else [],
        },
        "players": [_player(st, p, viewer) for p in range(st.n)],
        "tino_harbour": st.tino_harbour,
        "enhanced": st.enhanced,  # Rockriel: enhanced locomotives bought this turn (CE-CLAN-15)
    }
    if st.bot >= 0:
        data["bot"] = _bot(st)
    if st.vassals:  # CE-2P-3: a demand post `n + p` is seat p's vassal's
        data["vassals"] = [
            {"colour": PLAYER_COLOURS[st.colours[st.n + p]], "placed": st.vplaced[p]}
            for p in range(st.n)
        ]
    if st.express:  # Dior: the tile on each express space, None where taken (CE-DIOR-4)
        data["express"] = [TRANSPORTS[t] if t >= 0 else None for t in st.express]
    if st.final is not None:
        data["scores"] = [list(s) for s in st.final]
    return data


def _bot(st: CEState) -> dict[str, Any]:
    """The bot (CE-BOT): its markers on the map and display, its cards drawn and discarded;
    the deck's order is hidden (CE-DEF-6), its goal cards are public (CE-BOT-9)."""
    card = st.comp.bot_cards[st.bot_card] if st.bot_card >= 0 else None
    return {
        "player": st.bot,
        "origin": st.comp.names[st.bot_origin] if st.bot_origin >= 0 else None,
        "destination_slot": st.bot_slot,
        "deck": len(st.bot_deck),
        "discard": [st.comp.bot_cards[k].id for k in st.bot_discard],
        "card": None
        if card is None
        else {
            "id": card.id,
            "transport": TRANSPORTS[card.transport],
            "steps": card.steps,
            "arrow": ("up", "down")[card.arrow],
        },
        "goals": sorted(st.goals[st.bot]),
        "removed_cards": [card_name(st, c) for c in st.out],
    }


def determinize(st: CEState, player: int, rng: Rng) -> CEState:
    """Deal again what `player` cannot see: the city deck above the blanks with the others'
    unrevealed setup cards, and the goal cards others hold, drew or put under the deck."""
    world = st.copy()
    world.rng = rng.spawn()
    others = [q for q in range(st.n) if q != player]
    hidden_setup = [q for q in others if not st.revealed[q]]
    pool = sorted(st.deck + [st.setup_card[q] for q in hidden_setup])
    rng.shuffle(pool)
    world.deck = pool[: len(st.deck)]
    for q, card in zip(hidden_setup, pool[len(st.deck) :], strict=True):
        world.setup_card[q] = card
    _deal_goals(st, world, player, others, rng)
    if st.bot >= 0:  # CE-DEF-6: the bot deck's order is secret
        world.bot_deck = sorted(st.bot_deck)
        rng.shuffle(world.bot_deck)
    return world


def _deal_goals(st: CEState, world: CEState, player: int, others: list[int], rng: Rng) -> None:
    over = st.phase == PHASE_OVER
    slots = [k for k, f in enumerate(st.goal_from) if f != player]
    goals = [st.goal_deck[k] for k in slots]
    held = [] if over else [q for q in others if st.goals[q] and q != st.bot]
    frames = [k for k, f in enumerate(world.stack) if f[0] == F_GOAL and f[1] != player]
    for q in held:
        goals += st.goals[q]
    for k in frames:
        goals += world.stack[k][2:4]
    pool = sorted(goals)
    rng.shuffle(pool)
    for k in slots:
        world.goal_deck[k] = pool.pop()
    for q in held:
        world.goals[q] = [pool.pop() for _ in st.goals[q]]
    for k in frames:
        world.stack[k][2:4] = [pool.pop(), pool.pop()]


def invariants(st: CEState) -> None:
    comp = st.comp
    for p in range(st.n):
        on_map = sum(st.tp[c * st.n + p] for c in range(comp.cities)) + st.dem.count(p)
        future = st.turns * (ROUNDS - st.round)
        aside = 2 - on_map if st.phase == PHASE_SETUP else 0
        total = on_map + st.left[p] + future + st.removed[p] + 1 + aside
        posts = 3 + ROUNDS * st.turns  # CE-SET-9, CE-5P-4
        assert total == posts, f"posts of P{p} not conserved ({total})"
        assert 0 <= st.left[p] <= st.turns, "posts left out of range"
        assert min(st.cards[3 * p : 3 * p + 3]) >= 0 and st.cubes[p] >= 0, "negative cards or cubes"
        for t in range(3):
            assert space_exists(st, 3 * p + t), "a marker off the track"
    _check_cities(st)
    _check_cards(st)
    if st.vassals:  # CE-2P-3: 12 vassal posts each, one a human turn at most
        for p in range(st.n):
            placed = sum(st.vtp[c * st.n + p] for c in range(comp.cities))
            placed += st.dem.count(st.n + p)
            assert placed == st.vplaced[p] <= ROUNDS * st.turns, "vassal posts not conserved"
    if comp.express:  # CE-DIOR-1, CE-DIOR-4: the 6 tiles are on the map or in the bag
        assert len(st.express) == len(comp.express), "an express space missing"
        bag = list(comp.express_tiles)
        for tile in (t for t in st.express if t >= 0):
            assert tile in bag, "an express tile that does not exist"
            bag.remove(tile)
    if st.final is not None:
        assert st.final == final_scores(st), "final scores differ when recomputed"


def _check_cities(st: CEState) -> None:
    comp = st.comp
    tiles = [t for t in st.tile if t >= 0]
    assert len(set(tiles)) == len(tiles), "a city tile on two cities"
    for c in range(comp.cities):
        vassal = sum(st.vtp[c * st.n : (c + 1) * st.n]) if st.vassals else 0
        assert sum(st.tp[c * st.n : (c + 1) * st.n]) + vassal <= comp.post_spaces, "posts"
        assert (st.level[c] == 3) == (st.tile[c] < 0), "level 3 means no tile"
        for i in (0, 1):
            cube, owner = st.prod[2 * c + i], st.dem[2 * c + i]
            assert -1 <= owner < st.n * (1 + st.vassals), "a demand post of no player"
            if st.tile[c] < 0:
                assert cube < 0 and owner < 0, "cubes or posts on a level-3 city"
            else:
                assert cube < 0 or cube == produce_colour(st, c, i), "a cube off its colour"
        assert st.dem[2 * c] < 0 or st.dem[2 * c + 1] < 0, "a full tile did not upgrade"


def _check_cards(st: CEState) -> None:
    hidden = [st.setup_card[p] for p in range(st.n) if not st.revealed[p] and st.setup_card[p] >= 0]
    owned = [c for cards in st.pcities for c in cards if c != BLANK]
    shown = [c for c in st.display if c != BLANK]
    under = [c for c in st.bottom if c != BLANK]  # AMB-32: blanks the bot put back under
    cards = sorted(st.deck + under + shown + owned + hidden + st.out)
    assert cards == list(range(st.comp.cities)), "city cards not conserved"
    assert all(st.level[c] < 3 for c in shown), "a level-3 city's card in the display"
    drawn = [g for f in st.stack if f[0] == F_GOAL for g in f[2:4]]
    goals = sorted(st.goal_deck + drawn + [g for held in st.goals for g in held])
    assert goals == list(range(1, len(st.comp.goals) + 1)), "goal cards not conserved"
    assert len(st.goal_from) == len(st.goal_deck), "goal deck tags"
