"""Cargo Empire as numbers for learning agents (`Game.encode`): what one seat sees, in a
fixed-length vector read straight from the state (the layout is in docs/cargo-empire.md,
"Encoding").

Players are written from the encoding seat on (itself, then the next players by index;
the bot, a player of the state after the seats, takes its place among them), so one
network serves every seat. Secret (CE-DEF-6): the faces of another human's goal cards (the
bot's are public, CE-BOT-9; all are shown at the end, CE-END-5), a personal city card
before it is revealed (CE-SET-11, CE-SET-18), and the order of every deck; the encoding
counts them and never names them. The length depends on the options: the player count
(the bot counted), and the blocks only some games have (the bot's, vassals', Dior's
express spaces).
"""

from __future__ import annotations

from kaido.core.options import Options
from kaido.core.vectors import flags, one_hot, relative, scaled, seats_from
from kaido.games.cargo_empire.board import CITY_COLOURS, Components
from kaido.games.cargo_empire.engine import to_move
from kaido.games.cargo_empire.state import (
    BLANK,
    CLAN_NAMES,
    F_CARD,
    F_EXPRESS,
    F_GOAL,
    F_ROW,
    F_VASSAL,
    PHASE_OVER,
    ROUNDS,
    CEState,
)
from kaido.games.cargo_empire.track import VP_SEG, layout, position, row_of

COLOURS = len(CITY_COLOURS)  # cube colours too
CITIES = 24  # on either map (the maps share the city indices 0-23)
GOALS = 24
BOT_CARDS = 14
CLANS = len(CLAN_NAMES)
FRAMES = F_VASSAL + 1
TRACK_SIDES = 24  # 12 track tiles, two sides each
SLOTS = 3  # track tiles on the development board
EXPRESS_SPACES = 6
DISPLAY = 5  # the display's places (4 below five players)
CARD_TOP = 10  # transport cards of one kind beyond this count as this
STEPS_TOP = 6

OPTION_SLOTS = 2 + 3 + 2
"""The map (Dior), clans, the tracks (basic, advanced, mixed), the bot, vassals."""
TILE_SLOTS = 3 + 4 * 2 * COLOURS
"""A city's level, and its tile's production and demand colours now and at level 2."""
SEAT_SLOTS = 1 + CLANS + 3 + CITIES + 1 + CITIES + 1 + 1 + GOALS + 3 * (2 + 2 * SLOTS)
SEAT_SLOTS += 1 + 1 + 1 + CITIES + 1
"""Per player: bot or not, clan, transport cards, city cards (and blanks), the setup card
when seen and whether revealed, goal cards held (faces when seen), each marker's position,
whether in the VP zone and its rows, posts left and removed, cubes kept, emblem city,
vassal posts placed; then its turn-order position (one-hot n)."""
DECISION_SLOTS = FRAMES + 1 + 3 + EXPRESS_SPACES + 1 + GOALS + CITIES + CITIES + 2 + COLOURS
DECISION_SLOTS += 1 + 3 + 3
"""The frame asked now (one-hot), a card taken with a step, the marker a row is chosen for,
the express spaces passed and a free tile, the goal cards the seat drew; the planned
transport (origin, destination, demand space, colour, full upgrade), steps due per marker,
Tino's harbour (undecided, no, yes)."""
BOT_SLOTS = CITIES + DISPLAY + 1 + 2 * BOT_CARDS + CITIES
"""The bot's origin city and destination slot, its deck's size, its cards discarded and the
one drawn, the city cards it removed."""


def size(options: Options) -> int:
    """How many numbers `encode` gives under `options`."""
    n = int(options["players"]) + bool(options["bot"])
    owners = 2 * n if options["vassals"] else n
    city = TILE_SLOTS + 2 + 2 * owners + owners + COLOURS + 1
    total = OPTION_SLOTS + 3 + ROUNDS + 2 + n + DECISION_SLOTS + n
    total += SLOTS * TRACK_SIDES + CITIES * city + DISPLAY * (CITIES + 2)
    total += 2 + CITIES + 1 + 1 + n + GOALS + n * (SEAT_SLOTS + n)
    total += BOT_SLOTS if options["bot"] else 0
    total += 4 * EXPRESS_SPACES if options["map"] == "dior" else 0
    return total


def encode(st: CEState, player: int) -> list[float]:
    n = st.n
    options = st.options
    out: list[float] = [
        1.0 if options["map"] == "dior" else 0.0,
        1.0 if options["clans"] else 0.0,
    ]
    one_hot(out, ("basic", "advanced", "mixed").index(str(options["tracks"])), 3)
    out.extend((1.0 if st.bot >= 0 else 0.0, 1.0 if st.vassals else 0.0))
    one_hot(out, st.phase, 3)
    one_hot(out, st.round - 1, ROUNDS)
    out.append(st.turn / (st.turns * n))
    out.append(1.0 if st.turns == 3 else 0.0)  # three turns a round (five players)
    one_hot(out, relative(to_move(st), player, n), n)
    _decision(st, player, out)
    on_turn = st.order[st.turn % n] if st.order and st.turn < st.turns * n else -1
    one_hot(out, relative(on_turn, player, n), n)
    for code in st.track:
        one_hot(out, code, TRACK_SIDES)
    _cities(st, player, out)
    for place in range(DISPLAY):
        card = st.display[place] if place < len(st.display) else -1
        one_hot(out, CITIES if card == BLANK else card, CITIES + 1)
        out.append(1.0 if card < 0 else 0.0)
    out.append(scaled(len(st.deck), CITIES))
    out.append(st.blanks / st.comp.blank_cards)
    under = [0.0] * CITIES
    for card in st.bottom:
        if card != BLANK:
            under[card] = 1.0
    out.extend(under)
    out.append(scaled(st.bottom.count(BLANK), st.comp.blank_cards))
    out.append(len(st.goal_deck) / GOALS)
    put_under = [0.0] * n  # goal cards each player put under the goal deck (public)
    mine = [0.0] * GOALS  # their faces, for the seat's own
    for goal, seat in zip(st.goal_deck, st.goal_from, strict=True):
        if seat >= 0:
            put_under[relative(seat, player, n)] += 1 / 2
            if seat == player:
                mine[goal - 1] = 1.0
    out.extend([min(count, 1.0) for count in put_under])
    out.extend(mine)
    for seat in seats_from(player, n):
        _player(st, seat, player, out)
        one_hot(out, st.order.index(seat) if seat in st.order else -1, n)
    if st.bot >= 0:
        _bot(st, out)
    if st.comp.express:
        for tile in st.express:  # the transport of the tile on each express space, or none
            one_hot(out, tile + 1, 4)
    return out


def _decision(st: CEState, player: int, out: list[float]) -> None:
    frame = st.stack[-1] if st.stack and st.phase != PHASE_OVER else [-1, -1]
    kind = frame[0]
    one_hot(out, kind, FRAMES)
    out.append(1.0 if kind == F_CARD and len(frame) > 2 and frame[2] else 0.0)
    one_hot(out, frame[2] if kind == F_ROW else -1, 3)
    flags(out, frame[2] if kind == F_EXPRESS else 0, 0, EXPRESS_SPACES)
    out.append(float(frame[3]) if kind == F_EXPRESS else 0.0)
    drawn = [0.0] * GOALS  # the two goal cards the seat is choosing from
    if kind == F_GOAL and frame[1] == player:
        drawn[frame[2] - 1] = drawn[frame[3] - 1] = 1.0
    out.extend(drawn)
    origin, destination, space, colour, full = st.plan
    one_hot(out, origin, CITIES)
    one_hot(out, destination, CITIES)
    one_hot(out, space, 2)
    one_hot(out, colour, COLOURS)
    out.append(1.0 if full else 0.0)
    out.extend([scaled(steps, STEPS_TOP) for steps in st.dev])
    one_hot(out, st.tino_harbour + 1, 3)


def _tile_blocks(comp: Components) -> tuple[tuple[tuple[float, ...], ...], ...]:
    """Per tile and level (1, 2): the city's numbers that follow from them, kept with the
    components."""
    key = "encode:tiles"
    cached = comp.cache.get(key)
    if cached is None:
        blocks = []
        for tile in range(len(comp.tile_ids)):
            by_level = []
            for level in (1, 2):
                block: list[float] = []
                one_hot(block, level - 1, 3)
                sides = [comp.produce[tile][level - 1], comp.demand[tile][level - 1]]
                later = level == 1
                sides += [comp.produce[tile][1], comp.demand[tile][1]] if later else [(-1, -1)] * 2
                for colours in sides:
                    for colour in colours:
                        one_hot(block, colour, COLOURS)
                by_level.append(tuple(block))
            blocks.append(tuple(by_level))
        cached = comp.cache[key] = tuple(blocks)
    result: tuple[tuple[tuple[float, ...], ...], ...] = cached
    return result


LEVEL_THREE = (0.0, 0.0, 1.0, *(0.0,) * (TILE_SLOTS - 3))


def _cities(st: CEState, player: int, out: list[float]) -> None:
    """Each city: its level and tile colours, the cubes on its production spaces, whose
    posts stand on its demand spaces (players', then vassals'), the posts on its
    trading-post spaces by player (then vassal), its colour and harbour."""
    n = st.n
    comp = st.comp
    tiles = _tile_blocks(comp)
    owners = 2 * n if st.vassals else n
    seats = seats_from(player, n)
    spaces = comp.post_spaces
    for c in range(comp.cities):
        tile = st.tile[c]
        out.extend(tiles[tile][st.level[c] - 1] if tile >= 0 else LEVEL_THREE)
        out.extend((1.0 if st.prod[2 * c] >= 0 else 0.0, 1.0 if st.prod[2 * c + 1] >= 0 else 0.0))
        for i in (0, 1):
            owner = st.dem[2 * c + i]
            at = -1
            if owner >= n:  # seat p's vassal (CE-2P-3)
                at = n + relative(owner - n, player, n)
            elif owner >= 0:
                at = relative(owner, player, n)
            one_hot(out, at, owners)
        base = c * n
        out.extend([st.tp[base + seat] / spaces for seat in seats])
        if st.vassals:
            out.extend([st.vtp[base + seat] / spaces for seat in seats])
        one_hot(out, comp.colours[c], COLOURS)
        out.append(1.0 if comp.harbour[c] else 0.0)


def _player(st: CEState, seat: int, player: int, out: list[float]) -> None:
    shown = st.phase == PHASE_OVER or seat == player or seat == st.bot
    out.append(1.0 if seat == st.bot else 0.0)
    one_hot(out, st.clan[seat] if st.clan else -1, CLANS)
    out.extend([scaled(count, CARD_TOP) for count in st.cards[3 * seat : 3 * seat + 3]])
    owned = [0.0] * CITIES
    for card in st.pcities[seat]:
        if card != BLANK:
            owned[card] = 1.0
    out.extend(owned)
    out.append(scaled(st.pcities[seat].count(BLANK), st.comp.blank_cards))
    setup = st.setup_card[seat]
    seen = setup >= 0 and (seat == player or st.revealed[seat])
    one_hot(out, setup if seen else -1, CITIES)
    out.append(1.0 if st.revealed[seat] else 0.0)
    goals = st.goals[seat]
    out.append(scaled(len(goals), 4))
    faces = [0.0] * GOALS
    if shown:
        for goal in goals:
            faces[goal - 1] = 1.0
    out.extend(faces)
    sides, offsets = layout(st)
    end = offsets[-1] + len(st.comp.vp_zone) - 1  # the last space of the VP zone
    for transport in range(3):
        idx = 3 * seat + transport
        out.append(position(st, idx) / end)
        out.append(1.0 if st.marker[idx] // 64 == VP_SEG else 0.0)
        for slot in range(len(sides)):
            one_hot(out, row_of(st, idx, slot), 2)
    out.append(st.left[seat] / st.turns)
    out.append(scaled(st.removed[seat], 4))
    out.append(scaled(st.cubes[seat], 4))
    one_hot(out, st.emblem[seat], CITIES)
    out.append(st.vplaced[seat] / (ROUNDS * st.turns) if st.vassals else 0.0)


def _bot(st: CEState, out: list[float]) -> None:
    """The bot (CE-BOT): its markers on the map and display, its cards drawn and discarded
    (the deck's order is secret), the city cards it removed."""
    one_hot(out, st.bot_origin, CITIES)
    one_hot(out, st.bot_slot, DISPLAY)
    out.append(len(st.bot_deck) / BOT_CARDS)
    discard = [0.0] * BOT_CARDS
    for card in st.bot_discard:
        discard[card] = 1.0
    out.extend(discard)
    one_hot(out, st.bot_card, BOT_CARDS)
    removed = [0.0] * CITIES
    for card in st.out:
        if card != BLANK:
            removed[card] = 1.0
    out.extend(removed)
