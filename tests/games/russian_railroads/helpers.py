"""Building Russian Railroads positions directly, and acting on them with legality checks."""

from __future__ import annotations

from typing import Any

import pytest

from kaido.core.errors import IllegalAction
from kaido.games.russian_railroads import GAME, engine
from kaido.games.russian_railroads.components import SPACE_BY_KEY, engineer_space
from kaido.games.russian_railroads.state import PHASE_PLAY, POS, RRState
from tests.conformance.play import fingerprint

Key = tuple[Any, ...]


def ready(players: int = 4, seed: int = 0, **options: Any) -> RRState:
    """A game past set-up with no start bonus taken, seat 0 first and on turn."""
    st = GAME.setup(GAME.make_options(players=players, **options), seed)
    st.stack = []
    st.phase = PHASE_PLAY
    st.order = list(range(players))
    st.current = 0
    return edited(st)


def edited(st: RRState) -> RRState:
    """Forget the legal actions the state holds: tests edit positions by hand."""
    st.offered = None
    return st


def space(key: str) -> int:
    return SPACE_BY_KEY[key].index


def eng(number: int) -> int:
    return engineer_space(number)


def legal(st: RRState) -> list[Key]:
    return [(a.kind, *a.args) for a in GAME.legal_actions(edited(st))]


def act(st: RRState, *key: Any) -> list[str]:
    """Apply one action (checked for legality); the narration lines."""
    action = GAME.action_table(st.options).get(key[0], *key[1:])
    events = GAME.apply(edited(st), action, narrate=True)
    GAME.invariants(st)
    return [GAME.describe(e, None) for e in events]


def place(st: RRState, key: str, rubles: int = 0, black: int = 0, temp: int = 0) -> list[str]:
    return act(st, "place", space(key), rubles, black, temp)


def refused(st: RRState, clause: str, *key: Any) -> IllegalAction:
    """Assert the action is refused citing `clause`, and that nothing changed."""
    action = GAME.action_table(edited(st).options).get(key[0], *key[1:])
    before = fingerprint(st)
    with pytest.raises(IllegalAction) as error:
        GAME.apply(st, action)
    assert error.value.clause == clause, error.value
    assert fingerprint(st) == before
    return error.value


def set_markers(st: RRState, seat: int, line: int, *squares: int) -> None:
    """Markers on `line` from black backwards (0 = beside the line)."""
    b = st.boards[seat]
    for colour in range(5):
        b[POS + line * 5 + colour] = squares[colour] if colour < len(squares) else 0


def markers(st: RRState, seat: int, line: int) -> list[int]:
    b = st.boards[seat]
    return b[POS + line * 5 : POS + line * 5 + 5]


def top(st: RRState) -> list[int] | None:
    return st.stack[-1] if st.stack else None


def to_move(st: RRState) -> int:
    return engine.to_move(st)


def mark_done(st: RRState, seat: int) -> None:
    """Record special squares the built position already meets, without their rewards."""
    from kaido.games.russian_railroads.markers import reach
    from kaido.games.russian_railroads.state import DONE

    b = st.boards[seat]
    for special in st.variant.specials:
        met = b[POS + special.line * 5 + special.marker] >= special.square
        if met and (not special.loco or reach(b, special.line) >= special.square):
            b[DONE] |= 1 << special.index


def take_out(st: RRState, number: int, count: int) -> None:
    """Move loco tiles from a supply pile out of the game (to shape the supply)."""
    assert st.piles[number] >= count, "not that many tiles in the pile"
    st.piles[number] -= count
    st.removed_tiles = st.removed_tiles[:]
    st.removed_tiles[number] += count


def _move_tiles(st: RRState, old: list[int], new: list[int]) -> None:
    """Keep tiles conserved: old tiles leave the game, new ones come from the supply (or,
    when the pile is empty, from the tiles out of the game)."""
    st.removed_tiles = st.removed_tiles[:]
    for tile in old:
        if tile and tile < 10:
            st.removed_tiles[tile] += 1
    for tile in new:
        if not tile or tile >= 10:
            continue
        if st.piles[tile]:
            st.piles[tile] -= 1
        else:
            assert st.removed_tiles[tile] > 0, f"no tile {tile} left to use"
            st.removed_tiles[tile] -= 1


def put_locos(st: RRState, seat: int, slots: list[int]) -> None:
    from kaido.games.russian_railroads.state import LOCO

    b = st.boards[seat]
    _move_tiles(st, b[LOCO : LOCO + 4], slots)
    b[LOCO : LOCO + 4] = slots


def put_factories(st: RRState, seat: int, spaces: list[int]) -> None:
    from kaido.games.russian_railroads.state import FACT

    b = st.boards[seat]
    _move_tiles(st, b[FACT : FACT + 5], spaces)
    b[FACT : FACT + 5] = spaces


def own_engineer(st: RRState, seat: int, number: int) -> None:
    from kaido.games.russian_railroads.state import ENGS

    st.strip = [0 if e == number else e for e in st.strip]
    if number == 1:
        st.adv_cards &= ~(1 << 2)
    st.boards[seat][ENGS] |= 1 << number


def public_engineer(st: RRState, position: int, number: int) -> None:
    st.strip = [0 if e == number else e for e in st.strip]
    st.strip[position] = number
