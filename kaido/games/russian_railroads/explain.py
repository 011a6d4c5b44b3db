"""Why an action is refused: the clause it breaks and a sentence (only on refusal)."""

from __future__ import annotations

from typing import Any

from kaido.core.errors import IllegalAction
from kaido.games.russian_railroads import engine
from kaido.games.russian_railroads.components import (
    HIRE_SPACE,
    LINE_COLOURS,
    LINE_LENGTH,
    ORDER_SPACES,
    ROUNDS_LAST,
    ROUNDS_NOT_LAST,
    SPACES,
    STRIPS,
    TILE_LOCO_AND_FACTORY,
    board_side,
)
from kaido.games.russian_railroads.markers import colours_gained, room
from kaido.games.russian_railroads.state import (
    BLACKW,
    ENG_USED,
    ENGS,
    F_ADV_CARD,
    F_ADV_TOKEN,
    F_AGAIN,
    F_EB,
    F_FREPLACE,
    F_LOCO,
    F_REPEAT,
    F_REUSE,
    F_START,
    F_STEPS,
    F_TILE,
    HAND,
    PHASE_OVER,
    POS,
    RUBLES,
    TEMP,
    RRState,
)

Key = tuple[Any, ...]

PENDING = {
    F_START: ("RR-SETUP-10", "a start bonus card must be chosen now"),
    F_STEPS: ("RR-TRACK-1", "the steps of the current action must be carried out now"),
    F_TILE: ("RR-TILE-3", "a loco or factory tile must be taken now"),
    F_LOCO: ("RR-LOCO-5", "the loco in hand must be placed (or turned into a factory) now"),
    F_FREPLACE: ("RR-FACT-3", "one of your 5 factories must be chosen to be replaced"),
    F_ADV_TOKEN: ("RR-BONUS-6", "an advantage token must be chosen now"),
    F_ADV_CARD: ("RR-AT-7", "an advantage card must be chosen now"),
    F_AGAIN: ("RR-AC-1", "one of the card's three parts must be chosen to do again"),
    F_EB: ("RR-EB-0", "choose to look at the end bonus deck or to take 10 VP"),
    F_REPEAT: ("RR-FAQ-2", "a space you used with one worker or ruble must be chosen"),
    F_REUSE: ("RR-REUSE-1", "move your turn-order worker to a space, or skip"),
}


def why(st: RRState, key: Key) -> IllegalAction:
    if st.phase == PHASE_OVER:
        return IllegalAction("RR-END-1", "the game is over")
    if st.stack:
        frame = st.stack[-1]
        clause, sentence = PENDING.get(frame[0], ("RR-PLAY-5", "another decision is pending"))
        if key[0] in ("place", "pass"):
            return IllegalAction("RR-PLAY-5", "finish the current action first: " + sentence)
        return detail(st, frame, key) or IllegalAction(clause, sentence)
    if key[0] not in ("place", "pass"):
        return IllegalAction("RR-PLAY-1", "on your turn, place workers on a space or pass")
    return placement(st, key)


def placement(st: RRState, key: Key) -> IllegalAction:
    _, index, rubles, black, temp = key
    space = SPACES[index]
    p = st.order[st.current]
    b = st.boards[p]
    if space.engineer:
        if not b[ENGS] >> space.engineer & 1:
            return IllegalAction("RR-ENG-3", "only the owner may use an engineer tile")
        if b[ENG_USED] >> space.engineer & 1:
            return IllegalAction("RR-ENG-3", "an owned engineer is used once per round")
    else:
        if board_side(st.n) not in space.boards:
            return IllegalAction("RR-2P-1", "this space is not on the 2-player board")
        last = st.round == st.rounds
        if space.rounds == ROUNDS_LAST and not last:
            return IllegalAction("RR-ROUND-4", "the industry +3 spaces exist in the last round")
        if space.rounds == ROUNDS_NOT_LAST and last:
            return IllegalAction("RR-ROUND-4", "the turn-order spaces are gone in the last round")
        if st.occ[index] >= 0:
            return IllegalAction("RR-PLAY-2", "that space is already taken this round")
    if index == HIRE_SPACE:
        if rubles or black or temp:
            return IllegalAction("RR-RUB-4", "hiring takes exactly 1 ruble and nothing else")
        if b[RUBLES] < 1:
            return IllegalAction("RR-RUB-2", "hiring needs 1 ruble; workers cannot pay it")
        return IllegalAction("RR-ENG-1", "no engineer is on the hire space")
    if index in ORDER_SPACES:
        order = ORDER_SPACES.index(index)
        if p in st.claims:
            return IllegalAction("RR-ORDER-4", "no player may take both turn-order spaces")
        if st.n > 2 and st.order.index(p) == order:
            return IllegalAction("RR-ORDER-3", "you may not take the space of your own position")
        if rubles and (b[HAND] or b[TEMP] or b[BLACKW]):
            return IllegalAction("RR-ORDER-7", "a ruble here is exchanged for a worker at once")
    cost = engine.space_cost(st, space)
    if space.strip_position >= 0 and not cost:
        return IllegalAction("RR-ENG-5", "no engineer tile lies on that space")
    if rubles + black + temp > cost:
        return IllegalAction("RR-PLAY-1", "place exactly the number of workers the space needs")
    if rubles + space.rubles > b[RUBLES]:
        return IllegalAction("RR-RUB-2", "not enough rubles (workers never stand in for rubles)")
    if black > b[BLACKW] or temp > b[TEMP] or cost - rubles - black - temp > b[HAND]:
        return IllegalAction("RR-PLAY-3", "you do not hold those workers")
    if not space.engineer:
        return unexecutable(st, space)
    return IllegalAction("RR-PLAY-1", "that placement is not possible now")


def unexecutable(st: RRState, space: Any) -> IllegalAction:
    reason = part_missing(st, space)
    if space.strip_position >= 0:
        sentence = "a public engineer's action must be done in full"
        return IllegalAction("RR-ENG-5", f"{sentence}: {reason.message}" if reason else sentence)
    return reason or IllegalAction(
        "RR-PLAY-4", "the action of that space cannot be carried out in full"
    )


def part_missing(st: RRState, space: Any) -> IllegalAction | None:
    """The first part of a space's action that cannot be done, if it is a simple one."""
    for op, arg in engine.space_effect(st, space):
        if op == engine.OP_X2:
            return IllegalAction("RR-FAQ-1", "no x2 token can be placed (stock or row of 8)")
        if op == engine.OP_TILE and arg == TILE_LOCO_AND_FACTORY and not engine.lowest_pile(st):
            return IllegalAction("RR-TILE-5", "the supply has no loco tiles left")
        if op == engine.OP_TILE:
            return IllegalAction("RR-LOCO-8", "the tile could not be placed")
        if op == engine.OP_TEMP:
            return IllegalAction("RR-AUX-4", "the temporary workers were already taken")
        if op == engine.OP_INDUSTRY:
            return IllegalAction("RR-IND-2", "the industry marker cannot move that far")
        if op == engine.OP_REPEAT:
            return IllegalAction("RR-FAQ-2", "there is no space to repeat in full")
    return None


def detail(st: RRState, frame: list[int], key: Key) -> IllegalAction | None:
    kind = key[0]
    if frame[0] == F_STEPS and kind == "step":
        b = st.boards[frame[1]]
        _, line, colour = key
        if colour >= LINE_COLOURS[line]:
            return IllegalAction("RR-TRACK-7", "that line does not take markers of that colour")
        if colour >= colours_gained(b):
            return IllegalAction("RR-MARK-1", "you have not gained markers of that colour yet")
        if colour == 0 and b[POS + line * 5] >= LINE_LENGTH[line]:
            return IllegalAction("RR-TRACK-10", "a black marker may not pass the last square")
        if room(b, line, colour, colours_gained(b)) <= 0:
            if b[POS + line * 5 + colour] == 0:
                return IllegalAction("RR-TRACK-11", "the marker cannot enter its line yet")
            return IllegalAction("RR-TRACK-6", "a marker may not reach the marker ahead of it")
        return IllegalAction("RR-TRACK-1", "this action's steps do not allow that colour here")
    if frame[0] == F_STEPS and kind == "industry":
        return IllegalAction("RR-IND-2", "that industry marker cannot move (gap or no marker)")
    if frame[0] == F_LOCO and kind == "loco_factory":
        return IllegalAction("RR-LOCO-7", "a loco becomes a factory only if every line has one")
    if frame[0] == F_LOCO and kind == "loco":
        return IllegalAction("RR-LOCO-4", "a loco goes on a free slot or replaces a lower one")
    if frame[0] == F_TILE and kind == "take_stock":
        return IllegalAction("RR-TILE-2", "that factory is not in the factory stock")
    if frame[0] == F_TILE and kind == "take_loco":
        return IllegalAction("RR-LOCO-8", "the lowest loco could not be placed")
    _ = STRIPS
    return None
