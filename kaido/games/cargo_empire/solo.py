"""The rulebook's bot (CE-BOT): a rules component, not an AI. It has no choices: its
set-up posts and its turns follow from the state and the bot card drawn (its only chance).

The bot is player `st.bot` of the state, after the human seats; it takes turns in the
turn order like a human (CE-BOT-5, CE-BOT-27) but no seat decides for it: its frames are
automatic (`F_BOT_SETUP`, `F_BOT`) and `engine.settle` runs them through `AUTOMATIC_RUN`.
"""

from __future__ import annotations

from typing import Final

from kaido.games.cargo_empire.board import B_CITY, B_CITY_GOAL, B_GOAL
from kaido.games.cargo_empire.engine import (
    AUTOMATIC_RUN,
    BOT_HOOKS,
    Events,
    blocked_city,
    demand_colour,
    draw_city,
    emit,
    next_turn,
    upgrade,
)
from kaido.games.cargo_empire.scoring import posts_in
from kaido.games.cargo_empire.state import BLANK, F_BOT, F_BOT_SETUP, F_MOVE, CEState

# a bot card's arrow; also the demand space and the row it picks
UP: Final = 0
DOWN: Final = 1


def deal_bot(st: CEState) -> None:
    """CE-BOT-2, CE-BOT-4: shuffle the bot deck; the bot draws a city card and a goal card
    face down."""
    st.bot_deck = list(range(len(st.comp.bot_cards)))
    st.rng.shuffle(st.bot_deck)
    st.cards[3 * st.bot : 3 * st.bot + 3] = [0, 0, 0]  # it never uses transport cards
    st.setup_card[st.bot] = st.deck.pop()
    st.goals[st.bot].append(st.goal_deck.pop())
    st.goal_from.pop()


def bot_cities(st: CEState) -> list[int]:
    """Cities with a bot post (CE-BOT-16), by their map number (CE-DEF-7)."""
    return sorted(
        (c for c in range(st.comp.cities) if posts_in(st, st.bot, c)),
        key=lambda c: st.comp.numbers[c],
    )


def next_bot_city(st: CEState, city: int) -> int:
    """The bot city with the next higher number after `city`, the highest wrapping to the
    lowest (CE-BOT-16, CE-BOT-19)."""
    cities = bot_cities(st)
    number = st.comp.numbers[city]
    higher = [c for c in cities if st.comp.numbers[c] > number]
    return higher[0] if higher else cities[0]


# ---- set-up --------------------------------------------------------------------------------


def _setup(st: CEState, frame: list[int], events: Events) -> None:
    st.stack.pop()
    bot = st.bot
    if frame[2] == 0:
        # CE-BOT-6: the leftmost display card no human chose; the upper demand space.
        slot = next(
            k
            for k, c in enumerate(st.display)
            if c != BLANK and st.dem[2 * c] < 0 and st.dem[2 * c + 1] < 0
        )
        city = st.display[slot]
        st.dem[2 * city] = bot
        st.bot_slot = (slot + 1) % len(st.display)  # CE-BOT-7
        emit(events, "post", player=bot, city=city, space=0)
        return
    # CE-BOT-8, AMB-30: the bot's city card, its lower space; the card is its city.
    city = st.setup_card[bot]
    st.dem[2 * city + 1] = bot
    st.pcities[bot].append(city)
    st.revealed[bot] = 1
    st.reveals += 1
    emit(events, "post", player=bot, city=city, space=1)
    emit(events, "bot_goal", player=bot, goal=st.goals[bot][0])  # CE-BOT-9: revealed
    st.bot_origin = bot_cities(st)[0]  # CE-BOT-10: the lower number


# ---- a turn --------------------------------------------------------------------------------


def draw_bot_card(st: CEState, events: Events) -> int:
    """CE-BOT-11, AMB-31: the top card; a reshuffle card shuffles all 14 cards (discards
    included) into a new deck and the bot draws again. An empty deck is shuffled anew the
    same way (designed: the text never lets it run out, as 12 turns use at most 12 cards
    and the deck holds 13 acting ones)."""
    while True:
        if not st.bot_deck:
            _reshuffle(st, events)
        card = st.bot_deck.pop()
        st.reveals += 1
        if not st.comp.bot_cards[card].reshuffle:
            return card
        _reshuffle(st, events)


def _reshuffle(st: CEState, events: Events) -> None:
    st.bot_deck = list(range(len(st.comp.bot_cards)))
    st.rng.shuffle(st.bot_deck)
    st.bot_discard = []
    emit(events, "bot_reshuffle")


def _turn(st: CEState, frame: list[int], events: Events) -> None:
    """Steps 1-3 (draw, transport or fallback, markers on), then step 4 (the marker), then
    step 5 (discard) and the next turn."""
    bot = st.bot
    if frame[2] == 1:
        st.stack.pop()
        st.bot_discard.append(st.bot_card)  # CE-BOT-26
        st.bot_card = -1
        next_turn(st, events)
        return
    frame[2] = 1
    st.bot_card = draw_bot_card(st, events)
    card = st.comp.bot_cards[st.bot_card]
    emit(events, "bot_card", player=bot, card=card.id)
    placed = transport(st, card.arrow, events) or fallback(st, card.arrow, events)
    if not placed:  # AMB-32: nowhere to put a post: it leaves the game (CE-PAY-13)
        st.left[bot] -= 1
        st.removed[bot] += 1
        emit(events, "no_transport", player=bot, city=-1)
    # CE-BOT-20..22: the card's marker, its steps; no other step.
    st.stack.append([F_MOVE, bot, card.transport, card.steps])


def match_space(st: CEState, origin: int, dest: int, arrow: int) -> int:
    """CE-BOT-12, CE-BOT-13, AMB-28: the demand space of `dest` the bot would fill from
    `origin`, -1 if none; the arrow decides only when both would do."""
    if origin == dest or st.tile[origin] < 0 or st.tile[dest] < 0:
        return -1
    cubes = {st.prod[2 * origin], st.prod[2 * origin + 1]} - {-1}
    spaces = [i for i in (0, 1) if st.dem[2 * dest + i] < 0 and demand_colour(st, dest, i) in cubes]
    if not spaces:
        return -1
    return arrow if len(spaces) == 2 else spaces[0]


def transport(st: CEState, arrow: int, events: Events) -> bool:
    """Steps 2a and 2b (CE-BOT-12..16): from the origin marker's city, the display cards
    from the destination marker's rightwards (wrapping); then the next bot city as origin
    (wrapping), until one works. Rockriel's emblem city is closed to the bot (AMB-27)."""
    blocked = blocked_city(st, st.bot)
    size = len(st.display)
    origin = st.bot_origin
    for _ in bot_cities(st):
        for k in range(size):
            slot = (st.bot_slot + k) % size
            dest = st.display[slot]
            if dest == BLANK or blocked in (origin, dest):  # CE-BOT-15: blanks never valid
                continue
            space = match_space(st, origin, dest, arrow)
            if space >= 0:
                _carry(st, origin, dest, space, slot, events)
                return True
        origin = next_bot_city(st, origin)  # CE-BOT-16
    return False


def _carry(st: CEState, origin: int, dest: int, space: int, slot: int, events: Events) -> None:
    colour = demand_colour(st, dest, space)
    st.prod[2 * origin + (0 if st.prod[2 * origin] == colour else 1)] = -1  # to the supply
    st.dem[2 * dest + space] = st.bot
    st.left[st.bot] -= 1
    emit(
        events,
        "bot_transport",
        player=st.bot,
        origin=origin,
        dest=dest,
        space=space,
        colour=colour,
    )
    upgrade(st, dest, events)  # CE-BOT-14: never a full-upgrade reward
    # CE-BOT-19: the markers move on after the placement.
    st.bot_slot = (slot + 1) % len(st.display)
    st.bot_origin = next_bot_city(st, origin)


def live_cards(st: CEState) -> bool:
    """AMB-32: the city deck holds a card of a level-1 or level-2 city."""
    return any(c != BLANK and st.level[c] < 3 for c in st.deck + st.bottom)


def draw_for_bot(st: CEState) -> int:
    """CE-BOT-17, AMB-32: the top city card; a level-3 city's card leaves the game, a blank
    goes back under the deck, and the next is drawn. Call only with `live_cards`."""
    while True:
        if st.deck:
            card = st.deck.pop()
        elif st.blanks:
            st.blanks -= 1
            card = BLANK
        else:
            card = st.bottom.pop(0)
        st.reveals += 1
        if card == BLANK:
            st.bottom.append(BLANK)
        elif st.level[card] == 3:
            st.out.append(card)
        else:
            return card


def fallback(st: CEState, arrow: int, events: Events) -> bool:
    """Step 2c (CE-BOT-17, CE-BOT-18): a post on a drawn city's uppermost empty demand
    space, no cube taken; with the deck exhausted, on the highest- (up) or lowest-numbered
    (down) city without a bot post. Rockriel's emblem does not matter (AMB-27)."""
    if live_cards(st):
        city = draw_for_bot(st)
        st.bottom.append(city)  # CE-BOT-17: the card goes under the city deck
    else:
        free = sorted(
            (
                c
                for c in range(st.comp.cities)
                if st.tile[c] >= 0
                and not posts_in(st, st.bot, c)
                and (st.dem[2 * c] < 0 or st.dem[2 * c + 1] < 0)
            ),
            key=lambda c: st.comp.numbers[c],
        )
        if not free:
            return False
        city = free[-1] if arrow == UP else free[0]
    space = 0 if st.dem[2 * city] < 0 else 1
    st.dem[2 * city + space] = st.bot
    st.left[st.bot] -= 1
    emit(events, "bot_post", player=st.bot, city=city, space=space)
    upgrade(st, city, events)
    st.bot_slot = (st.bot_slot + 1) % len(st.display)  # CE-BOT-19
    st.bot_origin = next_bot_city(st, st.bot_origin)
    return True


# ---- bonuses -------------------------------------------------------------------------------


def bonus(st: CEState, bonus: int, events: Events) -> None:
    """CE-BOT-23..25, CE-ADV-8, AMB-33: card bonuses do nothing; a city bonus (or a
    city-or-goal) takes the card under the destination marker; a goal bonus draws one goal
    card face up."""
    bot = st.bot
    if bonus in (B_CITY, B_CITY_GOAL):
        slot = st.bot_slot
        card = st.display[slot]
        st.pcities[bot].append(card)
        st.bot_slot = (slot + 1) % len(st.display)
        st.display[slot] = draw_city(st)
        emit(events, "city_card", player=bot, card=card)
    elif bonus == B_GOAL and st.goal_deck:
        goal = st.goal_deck.pop()
        st.goal_from.pop()
        st.goals[bot].append(goal)
        st.reveals += 1
        emit(events, "bot_goal", player=bot, goal=goal)


def row(st: CEState, p: int, t: int) -> None:
    """CE-BOT-21, AMB-29: the bot's row is the arrow of this turn's card."""
    idx = 3 * p + t
    slot = st.marker[idx] // 64 // 2
    st.rows[idx] |= (st.comp.bot_cards[st.bot_card].arrow + 1) << (2 * slot)


AUTOMATIC_RUN[F_BOT_SETUP] = _setup
AUTOMATIC_RUN[F_BOT] = _turn
BOT_HOOKS["bonus"] = bonus
BOT_HOOKS["row"] = row
