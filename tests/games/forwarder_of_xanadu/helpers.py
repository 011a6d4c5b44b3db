"""Building Forwarder of Xanadu positions by hand for rules tests."""

from __future__ import annotations

from typing import Any

import pytest

from kaido.core.errors import IllegalAction
from kaido.games.forwarder_of_xanadu import GAME, FXState
from kaido.games.forwarder_of_xanadu.actions import key
from kaido.games.forwarder_of_xanadu.board import AREAS, DATA
from kaido.games.forwarder_of_xanadu.engine import PORT, REQUESTS
from kaido.games.forwarder_of_xanadu.state import ACT, GROW, PLACE, TURN
from tests.conformance.play import fingerprint

# Layout positions: row 1 is 0, PORT (1), 2; row 2 is 3, 4; row 3 is 5, 6, 7; row 4 is 8, 9.
L1, R1, L2, R2, L3, C3, R3, L4, R4 = 0, 2, 3, 4, 5, 6, 7, 8, 9
REQUEST_CARD, TRANSPORT_CARD, IMPROVE_CARD = 0, 1, 2  # the cards at 3 players
STORAGE, TRANSPORT, QUALITY, WORKER, SKILL = range(5)


def fresh(players: int = 3, style: str = "standard", seed: int = 1, start: int = 0) -> FXState:
    return GAME.setup(GAME.make_options(players=players, style=style, start_player=start), seed)


def ready(players: int = 3, style: str = "standard", seed: int = 1) -> FXState:
    """A game in round 1, seat 0 (the start player) to place a worker; seat p runs company
    p; in custom style every player keeps the first card of each hand."""
    s = fresh(players, style, seed)
    for c in range(players):
        act(s, "company", c)
    while s.phase != TURN:
        act(s, "draft", s.draft[s.cur][0])
    return s


def act(s: FXState, *k: Any) -> list[str]:
    """Apply an action by key; the narrated lines (English)."""
    events = GAME.apply(s, GAME.by_key[tuple(k)], narrate=True)
    return [GAME.describe(e, None) for e in events]


def refused(s: FXState, *k: Any) -> str:
    """The clause refusing the action; checks that the state did not change."""
    before = fingerprint(s)
    with pytest.raises(IllegalAction) as error:
        GAME.apply(s, GAME.by_key[tuple(k)])
    assert fingerprint(s) == before
    return error.value.clause


def legal(s: FXState) -> list[tuple[Any, ...]]:
    return [key(a) for a in GAME.legal_actions(s)]


def give(s: FXState, p: int, area: int, basic: int = 0, upper: int = 0, premium: int = 0) -> None:
    """Move cubes from the stock into p's warehouse at `area`."""
    for g, k in enumerate((basic, upper, premium)):
        s.stock[g] -= k
        s.wh[(p * AREAS + area) * 3 + g] += k


def clear(s: FXState, p: int, area: int = PORT) -> None:
    """Return everything in p's warehouse at `area` to the stock."""
    for g in range(3):
        i = (p * AREAS + area) * 3 + g
        s.stock[g] += s.wh[i]
        s.wh[i] = 0


def held(s: FXState, p: int, area: int) -> list[int]:
    base = (p * AREAS + area) * 3
    return s.wh[base : base + 3]


def card_where(deck: int, type_: int, cost: tuple[int, int, int]) -> int:
    return next(r.id for r in REQUESTS if r.deck == deck and r.type == type_ and r.cost == cost)


def show(s: FXState, slot: int, card: int) -> None:
    """Put request `card` in market slot `slot` (0-5) or p's exclusive (slot 6 + p)."""
    for pile in (*s.decks, *s.discards):
        if card in pile:
            pile.remove(card)
    if card in s.market:
        s.market[s.market.index(card)] = -1
    if card in s.exclusive:
        s.exclusive[s.exclusive.index(card)] = -1
    old = s.market[slot] if slot < 6 else s.exclusive[slot - 6]
    if old >= 0:
        s.decks[REQUESTS[old].deck].append(old)
    if slot < 6:
        s.market[slot] = card
    else:
        s.exclusive[slot - 6] = card


def area_with(s: FXState, type_: int, besides: tuple[int, ...] = ()) -> int:
    """A district showing request type `type_` (not among `besides`)."""
    return next(
        a
        for a in range(AREAS)
        if a != PORT and a not in besides and type_ in DATA.districts[s.board[a]].icons
    )


def to_actions(s: FXState, card: int) -> None:
    """Place the current player's worker on `card`, gained resources at the port."""
    act(s, "place", card)
    while s.phase == PLACE:
        act(s, "put", PORT)
    assert s.phase == ACT


def finish_turns(s: FXState) -> None:
    """Play out the round's remaining turns (workers on the improve card, no actions)."""
    while s.phase in (TURN, PLACE, ACT):
        if s.phase == TURN:
            act(s, "place", len(s.spaces) - 1)
        elif s.phase == PLACE:
            act(s, "put", PORT)
        else:
            act(s, "end")


def grow_simply(s: FXState) -> None:
    """Every growth step unlocks the first track it can and plays nothing."""
    while s.phase == GROW:
        options = legal(s)
        unlocks = [k for k in options if k[0] == "unlock"]
        act(s, *(unlocks[0] if unlocks else ("done",)))


def simple_choice(s: FXState) -> tuple[Any, ...]:
    """A plain decision for any phase: the last card, the port, no actions, growth by the
    first unlockable track, the picker names themself, the lower deck, nothing to the office."""
    options = legal(s)
    if s.phase == TURN:
        return ("place", len(s.spaces) - 1)
    if s.phase == PLACE:
        return ("put", PORT)
    if s.phase == ACT:
        return ("end",)
    if s.phase == GROW:
        unlocks = [k for k in options if k[0] == "unlock"]
        return unlocks[0] if unlocks else ("done",)
    return options[0]


def play_to_round(s: FXState, round_: int) -> None:
    """Play plain decisions until round `round_` begins (or the game ends)."""
    while s.round < round_ and not GAME.is_over(s):
        act(s, *simple_choice(s))
