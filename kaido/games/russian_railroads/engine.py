"""Russian Railroads mechanics: effects, pending decisions, turns and rounds.

The engine is a stack machine. A placement (or a bonus) pushes frames; the top frame is
the decision asked now. `settle` runs automatic frames, resolves frames that have exactly
one possible answer, drops frames with none (lost effects, RR-IND-4), ends turns and rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, NamedTuple

from kaido.core.actions import Action
from kaido.core.events import Event
from kaido.games.russian_railroads import actions as A
from kaido.games.russian_railroads.components import (
    AC1_AGAIN,
    ADVANTAGE_CARDS,
    ADVANTAGE_TOKENS,
    BLACK,
    BLIND_VP,
    ENGINEER_COST,
    ENGINEER_EFFECTS,
    FACTORY_EFFECTS,
    GAP_FACTORY,
    HIRE_SPACE,
    INDUSTRY_ADVANTAGE,
    LINE_COLOURS,
    MAIN_SPACES,
    MAX_DOUBLERS,
    MULTI_SPACE,
    OP_ADV_CARD,
    OP_AGAIN,
    OP_BLACK_WORKER,
    OP_END_BONUS,
    OP_ENGINEER_ONE,
    OP_HIRE,
    OP_INDUSTRY,
    OP_MEDAL,
    OP_ORDER,
    OP_REPEAT,
    OP_REVALUATION,
    OP_RUBLES,
    OP_SECOND_MARKER,
    OP_SPECIAL_LOCO,
    OP_TEMP,
    OP_TILE,
    OP_TRACK,
    OP_VP,
    OP_VP_ENGINEERS,
    OP_VP_LOCOS,
    OP_X2,
    ORDER_SPACES,
    R_ADVANTAGE,
    R_COMPLETE,
    R_UNLOCK,
    R_WORKER,
    ROUNDS_LAST,
    ROUNDS_NOT_LAST,
    SLOT_LINE,
    SPACES,
    SPECIAL_NINE,
    SPECIALS,
    START_BONUS,
    STRIPS,
    TEMP_SPACE,
    TEMP_WORKERS,
    TILE_FACTORY,
    TILE_LOCO,
    TILE_LOCO_AND_FACTORY,
    TILE_LOCO_OR_FACTORY,
    TSR,
    TURN_ORDER_VP,
    WHITE,
    Effect,
    Part,
    Space,
    Special,
    engineer_space,
    spaces_for,
)
from kaido.games.russian_railroads.markers import (
    LINES,
    VALUE,
    all_lines_have_locos,
    colour_room,
    colour_rooms,
    colours_gained,
    consume,
    fits,
    industry_capacity,
    industry_next,
    industry_room,
    loco_slots,
    next_factory_space,
    reach,
    room,
    track_feasible,
)
from kaido.games.russian_railroads.scoring import (
    end_bonus_vp,
    engineer_majority,
    round_score,
)
from kaido.games.russian_railroads.state import (
    BLACKW,
    DONE,
    ENG_USED,
    ENGS,
    EXTRA,
    F_ADV_CARD,
    F_ADV_TOKEN,
    F_AGAIN,
    F_EB,
    F_FREPLACE,
    F_LOCO,
    F_LOCO_DONE,
    F_REPEAT,
    F_REUSE,
    F_ROUND_END,
    F_START,
    F_STEPS,
    F_TILE,
    FACT,
    HAND,
    IND,
    IND2,
    LOCO,
    MEDAL,
    OWNS_BLACK,
    PASSED,
    PHASE_OVER,
    PHASE_PLAY,
    POS,
    REVALUED,
    RUBLES,
    STEP_TOKENS,
    STOCKW,
    TEMP,
    TOKENS,
    VP,
    VP_BONUS,
    VP_FINAL,
    VP_PASS,
    VP_ROUND,
    X2,
    RRState,
)

Events = list[Event] | None
INDUSTRY_SPOT_BIT: Final = 1 << len(SPECIALS)
"""The industry advantage spot's bit in a board's DONE mask (after the line specials)."""


def emit(events: Events, kind: str, **data: Any) -> None:
    if events is not None:
        events.append(Event(kind, data))


def add_vp(st: RRState, p: int, vp: int, source: int, events: Events, why: str) -> None:
    b = st.boards[p]
    b[VP] += vp
    b[source] += vp
    if vp and events is not None:
        emit(events, "vp", player=p, vp=vp, why=why)


# ---- spaces --------------------------------------------------------------------------------


_ACTIVE: Final[dict[tuple[int, bool], tuple[Space, ...]]] = {}


def active_spaces(st: RRState) -> tuple[Space, ...]:
    """Main-board spaces usable this round (board side; last-round swap, RR-ROUND-4)."""
    key = (st.n, st.round == st.rounds)
    found = _ACTIVE.get(key)
    if found is None:
        last = key[1]
        found = _ACTIVE[key] = tuple(
            s
            for s in spaces_for(st.n)
            if not (s.rounds == ROUNDS_LAST and not last)
            and not (s.rounds == ROUNDS_NOT_LAST and last)
        )
    return found


def space_effect(st: RRState, space: Space) -> Effect:
    """What a space does now: a public engineer space does what its tile does."""
    if space.strip_position >= 0:
        tile = st.strip[space.strip_position]
        return ENGINEER_EFFECTS[tile] if tile else ()
    return space.effect


def partial_space(st: RRState, space: Space) -> bool:
    """Owned engineers may be used though their action cannot be done in full (RR-ENG-4);
    public ones only with the option `public_engineers_partial` (the guide's literal
    reading; by default they must be fully executable, RR-ENG-5, R-13)."""
    if space.engineer:
        return True
    return space.strip_position >= 0 and bool(st.options["public_engineers_partial"])


def space_cost(st: RRState, space: Space) -> int:
    if space.strip_position >= 0:
        tile = st.strip[space.strip_position]
        return SPACES[engineer_space(tile)].workers if tile else 0
    return st.variant.workers[space.index]


# ---- feasibility (RR-PLAY-4) ---------------------------------------------------------------


def lowest_pile(st: RRState) -> int:
    """The number of the lowest non-empty supply pile (RR-TILE-1), 0 when empty."""
    for number in range(1, 10):
        if st.piles[number]:
            return number
    return 0


def pile_after_taking(st: RRState) -> int:
    """The lowest pile's number after one tile is taken from it."""
    low = lowest_pile(st)
    if not low:
        return 0
    if st.piles[low] > 1:
        return low
    for number in range(low + 1, 10):
        if st.piles[number]:
            return number
    return 0


def loco_placeable(b: list[int], tile: int) -> bool:
    return bool(tile) and bool(loco_slots(b, tile, -1, False))


def factory_source(st: RRState) -> bool:
    return bool(lowest_pile(st)) or any(st.fstock)


def displaced_to_factory_possible(b: list[int], tile: int) -> bool:
    """The new loco can push out a smaller one that may then become a factory (RR-TILE-4)."""
    return bool(b[LOCO + 2] and b[LOCO + 3]) and bool(loco_slots(b, tile, -1, True))


def loco_first_ok(st: RRState, b: list[int]) -> bool:
    tile = lowest_pile(st)
    if not loco_placeable(b, tile):
        return False
    return bool(pile_after_taking(st)) or any(st.fstock) or displaced_to_factory_possible(b, tile)


def tile_doable(st: RRState, b: list[int], mode: int) -> bool:
    if mode == TILE_LOCO:
        return loco_placeable(b, lowest_pile(st))
    if mode == TILE_FACTORY:
        return factory_source(st)
    if mode == TILE_LOCO_OR_FACTORY:
        return factory_source(st) or loco_placeable(b, lowest_pile(st))
    # loco and factory, in either order (RR-TILE-3, -5)
    if not lowest_pile(st):
        return False
    if loco_first_ok(st, b):
        return True
    if any(st.fstock) and loco_placeable(b, lowest_pile(st)):
        return True
    return loco_placeable(b, pile_after_taking(st))


class Need(NamedTuple):
    """What an effect asks of a board, gathered once per effect (see `need`)."""

    tokens: tuple[int, ...]  # track steps per token kind
    steps: int  # their total
    single: int  # the one colour all steps are of, or -1
    industry: int
    x2: int
    parts: tuple[Part, ...]  # the other parts (tiles, repeats, temporary workers, ...)
    again: bool  # advantage card 1's "one of the three once more"


_NEEDS: Final[dict[Effect, Need]] = {}


def need(effect: Effect) -> Need:
    found = _NEEDS.get(effect)
    if found is None:
        tokens = [0] * 7
        industry = x2 = 0
        parts: list[Part] = []
        for op, arg in effect:
            if op == OP_TRACK:
                tokens[arg >> 4] += arg & 15
            elif op == OP_INDUSTRY:
                industry += arg
            elif op == OP_X2:
                x2 += arg
            elif op != OP_AGAIN:
                parts.append((op, arg))
        kinds = [k for k in range(7) if tokens[k]]
        single = kinds[0] if len(kinds) == 1 and kinds[0] < 5 else -1
        again = any(op == OP_AGAIN for op, _ in effect)
        found = Need(tuple(tokens), sum(tokens), single, industry, x2, tuple(parts), again)
        _NEEDS[effect] = found
    return found


def effect_doable(st: RRState, p: int, effect: Effect, rooms: list[int] | None = None) -> bool:
    """Whether every part of `effect` can be carried out now (RR-PLAY-4, R-17). `rooms` is
    `colour_rooms` of the player's board when the caller has it."""
    n = _NEEDS.get(effect) or need(effect)
    b = st.boards[p]
    extra_gap = -1
    for op, arg in n.parts:
        if not part_doable(st, p, b, op, arg):
            return False
        if op == OP_TILE and arg == TILE_FACTORY:
            extra_gap = next_factory_space(b)
    if n.x2 and not x2_doable(st, b, n.x2):
        return False
    if n.industry and not industry_room(b, n.industry, extra_gap):
        return False
    if n.single >= 0:
        if (rooms[n.single] if rooms else colour_room(b, n.single)) < n.steps:
            return False
    elif n.steps and not track_feasible(b, list(n.tokens), rooms):
        return False
    if n.again:
        more = list(n.tokens)
        more[BLACK] += 1
        return (
            x2_doable(st, b, n.x2 + 1)
            or industry_room(b, n.industry + 1)
            or track_feasible(b, more)
        )
    return True


def part_doable(st: RRState, p: int, b: list[int], op: int, arg: int) -> bool:
    """Whether one part other than steps and x2 tokens can be done now."""
    if op == OP_TILE:
        return tile_doable(st, b, arg)
    if op == OP_REPEAT:
        return bool(repeat_targets(st, p, full=True))
    if op == OP_SPECIAL_LOCO:
        return loco_placeable(b, SPECIAL_NINE)
    if op == OP_TEMP:
        return st.temp_on_space == TEMP_WORKERS
    if op == OP_HIRE:
        return bool(st.strip[STRIPS[st.n].hire])
    return True


def x2_doable(st: RRState, b: list[int], count: int) -> bool:
    return count <= st.x2_stock and count <= MAX_DOUBLERS - b[X2]


UNREPEATABLE: Final = frozenset((TEMP_SPACE, HIRE_SPACE, *ORDER_SPACES))


def repeatable(st: RRState, space_index: int) -> bool:
    """Spaces a repeat may target (RR-FAQ-4, R-15): not temp workers, turn order, hire, or
    another repeat (a repeat of a repeat would never end)."""
    if space_index in UNREPEATABLE:
        return False
    space = SPACES[space_index]
    return all(op != OP_REPEAT for op, _ in space_effect(st, space))


def repeat_targets(st: RRState, p: int, full: bool) -> list[int]:
    """Spaces `p` used this round with exactly one worker or one ruble (RR-FAQ-2)."""
    out: list[int] = []
    for space, seat, own, temp, black, rubles in st.placements:
        if seat != p or own + temp + black + rubles != 1 or space in out:
            continue
        if not repeatable(st, space):
            continue
        if full and not effect_doable(st, p, space_effect(st, SPACES[space])):
            continue
        out.append(space)
    out.sort()
    return out


def black_worker_on(st: RRState, p: int, space: int) -> bool:
    return any(s == space and seat == p and black for s, seat, _, _, black, _ in st.placements)


# ---- carrying out effects ------------------------------------------------------------------


def run_effect(
    st: RRState, p: int, effect: Effect, partial: bool, black_bonus: bool, events: Events
) -> None:
    """Apply instant parts now and push frames for the rest, in the written order."""
    b = st.boards[p]
    stages: list[list[int]] = []
    steps: list[int] | None = None
    for op, arg in effect:
        if op in (OP_TRACK, OP_INDUSTRY):
            if steps is None:
                steps = [F_STEPS, p, int(partial), int(black_bonus), 0, 0, 0, 0, 0, 0, 0, 0, 0]
                stages.append(steps)
                black_bonus = False
            if op == OP_TRACK:
                steps[STEP_TOKENS + (arg >> 4)] += arg & 15
            else:
                steps[5] += arg
            continue
        steps = None
        if op == OP_TILE:
            stages.append([F_TILE, p, arg])
        elif op == OP_REPEAT:
            stages.append([F_REPEAT, p, int(partial)])
        elif op == OP_END_BONUS:
            stages.append([F_EB, p, 0])
        elif op == OP_ADV_CARD:
            stages.append([F_ADV_CARD, p])
        elif op == OP_AGAIN:
            stages.append([F_AGAIN, p])
        elif op == OP_SPECIAL_LOCO:
            stages.append([F_LOCO, p, SPECIAL_NINE, -1, 0])
            stages.append([F_LOCO_DONE, p])
        else:
            instant(st, p, b, op, arg, events)
    for frame in reversed(stages):
        st.stack.append(frame)


def instant(st: RRState, p: int, b: list[int], op: int, arg: int, events: Events) -> None:
    if op == OP_X2:
        place_doublers(st, p, arg, events)
    elif op == OP_RUBLES:
        b[RUBLES] += arg
        st.rubles_given += arg
        if events is not None:
            emit(events, "rubles", player=p, rubles=arg)
    elif op == OP_VP:
        add_vp(st, p, arg, VP_BONUS, events, "action")
    elif op == OP_TEMP:
        b[TEMP] += st.temp_on_space
        if events is not None:
            emit(events, "temp_workers", player=p, workers=st.temp_on_space)
        st.temp_on_space = 0
    elif op == OP_SECOND_MARKER:
        b[IND2] = 0
        if events is not None:
            emit(events, "second_marker", player=p)
    elif op == OP_REVALUATION:
        b[REVALUED] = 1
        if events is not None:
            emit(events, "revaluation", player=p)
    elif op == OP_MEDAL:
        b[MEDAL] = 1
        if events is not None:
            emit(events, "medal", player=p)
    elif op == OP_ENGINEER_ONE:
        b[ENGS] |= 1 << 1
        if events is not None:
            emit(events, "engineer", player=p, engineer=1)
    elif op == OP_BLACK_WORKER:
        b[BLACKW] = 1
        b[OWNS_BLACK] = 1
        b[EXTRA] += 1
        if events is not None:
            emit(events, "black_worker", player=p)
    elif op == OP_VP_ENGINEERS:
        total = sum(e for e in range(1, 16) if b[ENGS] >> e & 1)
        add_vp(st, p, total, VP_BONUS, events, "factory 1")
    elif op == OP_VP_LOCOS:
        values = sorted((VALUE[b[LOCO + k]] for k in range(4)), reverse=True)
        add_vp(st, p, values[0] + values[1], VP_BONUS, events, "factory 8")
    elif op == OP_HIRE:
        hire = STRIPS[st.n].hire
        engineer = st.strip[hire]
        st.strip[hire] = 0
        b[ENGS] |= 1 << engineer
        if events is not None:
            emit(events, "hire", player=p, engineer=engineer)
    elif op == OP_ORDER:
        st.claims[arg - 1] = p
        if events is not None:
            emit(events, "claim", player=p, position=arg)


def place_doublers(st: RRState, p: int, count: int, events: Events) -> None:
    """Put up to `count` x2 tokens on the TSR, leftmost first (RR-AUX-1, RR-FAQ-1)."""
    b = st.boards[p]
    placed = min(count, st.x2_stock, MAX_DOUBLERS - b[X2])
    b[X2] += placed
    st.x2_stock -= placed
    if events is not None:
        emit(events, "doublers", player=p, placed=placed, lost=count - placed)


def run_space(
    st: RRState, p: int, space_index: int, black: bool, partial: bool, ev: Events
) -> None:
    run_effect(st, p, space_effect(st, SPACES[space_index]), partial, black, ev)


def trigger_factory(st: RRState, p: int, tile: int, events: Events) -> None:
    """A marker entered a factory (RR-IND-4): do its ability if it can be done in full."""
    effect = FACTORY_EFFECTS[tile]
    if effect_doable(st, p, effect):
        if events is not None:
            emit(events, "factory_used", player=p, factory=tile)
        run_effect(st, p, effect, False, False, events)
    else:
        if events is not None:
            emit(events, "factory_lost", player=p, factory=tile)


# ---- markers and specials ------------------------------------------------------------------


def move_marker(st: RRState, p: int, line: int, colour: int, events: Events) -> None:
    b = st.boards[p]
    b[POS + line * 5 + colour] += 1
    if events is not None:
        emit(events, "step", player=p, line=line, colour=colour, square=b[POS + line * 5 + colour])
    check_specials(st, p, events, st.variant.specials_at[line * 5 + colour])


def check_specials(
    st: RRState, p: int, events: Events, specials: tuple[Special, ...] | None = None
) -> None:
    """Award every special square newly achieved (RR-MARK, RR-BONUS; R-4: at once), among
    `specials` when only those can be (a marker moved: the ones it must reach)."""
    b = st.boards[p]
    tokens_due: list[int] = []
    for special in st.variant.specials if specials is None else specials:
        bit = 1 << special.index
        if b[DONE] & bit:
            continue
        if b[POS + special.line * 5 + special.marker] < special.square:
            continue
        if special.loco and reach(b, special.line) < special.square:
            continue
        b[DONE] |= bit
        if events is not None:
            emit(events, "special", player=p, special=special.key)
        if special.reward == R_UNLOCK and special.value == WHITE:
            white_bonus(st, p, events)
        elif special.reward == R_COMPLETE:
            add_vp(st, p, special.value, VP_BONUS, events, special.key)
        elif special.reward == R_WORKER and b[STOCKW]:
            b[STOCKW] -= 1
            b[HAND] += 1
            b[EXTRA] += 1
        elif special.reward == R_ADVANTAGE:
            tokens_due.append(special.index)
    for _ in reversed(tokens_due):
        st.stack.append([F_ADV_TOKEN, p])


def white_bonus(st: RRState, p: int, events: Events) -> None:
    """RR-MARK-2, R-2: the new white marker moves up to 2 steps at once."""
    b = st.boards[p]
    for _ in range(2):
        if room(b, TSR, WHITE, colours_gained(b)) > 0:
            b[POS + TSR * 5 + WHITE] += 1
            if events is not None:
                emit(
                    events,
                    "step",
                    player=p,
                    line=TSR,
                    colour=WHITE,
                    square=b[POS + TSR * 5 + WHITE],
                )


def industry_step(st: RRState, p: int, marker: int, events: Events) -> None:
    b = st.boards[p]
    target = industry_next(b, marker)
    b[IND + marker] = target
    if events is not None:
        emit(events, "industry", player=p, marker=marker, square=target)
    if target >= INDUSTRY_ADVANTAGE and not b[DONE] & INDUSTRY_SPOT_BIT:
        b[DONE] |= INDUSTRY_SPOT_BIT
        st.stack.append([F_ADV_TOKEN, p])
    space = GAP_FACTORY[target]
    if space >= 0:
        trigger_factory(st, p, b[FACT + space], events)


# ---- tiles -------------------------------------------------------------------------------


def take_from_pile(st: RRState) -> int:
    tile = lowest_pile(st)
    st.piles[tile] -= 1
    return tile


def put_factory(st: RRState, p: int, tile: int, events: Events) -> None:
    """RR-FACT-2/3: leftmost empty factory space, else replace one (a decision)."""
    b = st.boards[p]
    space = next_factory_space(b)
    if space < 0:
        st.stack.append([F_FREPLACE, p, tile])
        return
    b[FACT + space] = tile
    if events is not None:
        emit(events, "factory", player=p, factory=tile, space=space)


def finish_round_start(st: RRState, events: Events) -> None:
    """All have passed (RR-FLOW-3): order change, then reuse decisions, then scoring."""
    st.stack.append([F_ROUND_END, -1])
    if st.round == st.rounds:
        return
    change_turn_order(st, events)
    for index in (0, 1):  # space 2's claimant reuses first (pushed last, on top)
        seat = st.claims[index]
        if seat >= 0 and any(
            s == ORDER_SPACES[index] and rub == 0 for s, _, _, _, _, rub in st.placements
        ):
            st.stack.append([F_REUSE, seat, index])


def change_turn_order(st: RRState, events: Events) -> None:
    """RR-ORDER-5/6: claimants take their positions, the others keep their relative order."""
    first, second = st.claims
    old = st.order
    if first < 0 and second == old[0]:
        return  # RR-ORDER-6
    new: list[int] = [-1] * st.n
    if first >= 0:
        new[0] = first
    if second >= 0:
        new[1] = second
    rest = iter(seat for seat in old if seat not in (first, second))
    new = [seat if seat >= 0 else next(rest) for seat in new]
    if new != old:
        st.order = new
        if events is not None:
            emit(events, "order", order=new[:])


def finish_round(st: RRState, events: Events) -> None:
    """Scoring (RR-SCORE), then upkeep (RR-ROUND); final scoring after the last round."""
    scores: list[tuple[int, ...]] = []
    for p, b in enumerate(st.boards):
        parts = round_score(b, st.variant)
        scores.append(parts)
        add_vp(st, p, sum(parts), VP_ROUND, events, "round")
        if events is not None:
            emit(events, "score", player=p, parts=list(parts), round=st.round)
    st.fresh_scores = scores
    if st.round == st.rounds:
        final_scoring(st, events)
        return
    upkeep(st, events)


def upkeep(st: RRState, events: Events) -> None:
    for _space, seat, own, temp, black, rubles in st.placements:
        st.rubles_back += rubles
        st.boards[seat][HAND] += own
        st.temp_on_space += temp
        if black:
            holder = next(q for q, b in enumerate(st.boards) if b[OWNS_BLACK])
            st.boards[holder][BLACKW] = 1
    for b in st.boards:
        st.temp_on_space += b[TEMP]
        b[TEMP] = 0
        b[PASSED] = 0
        b[ENG_USED] = 0
    st.placements = []
    st.occ = [-1] * len(st.occ)
    st.claims = [-1, -1]
    # RR-ROUND-2: engineers slide right; an unhired tile on the hire space leaves.
    st.strip = [0, *st.strip[:-1]]
    st.round += 1
    st.current = 0
    st.acting = -1
    st.turn_serial += 1
    if events is not None:
        emit(events, "round", round=st.round, order=st.order[:])


def final_scoring(st: RRState, events: Events) -> None:
    """RR-END-1..3: end bonus cards, then the engineer majority."""
    cards = [[card for card, _ in hand] for hand in st.hands]
    for p, b in enumerate(st.boards):
        for card in cards[p]:
            add_vp(st, p, end_bonus_vp(b, card), VP_FINAL, events, f"end bonus {card}")
    for p, vp in enumerate(engineer_majority(st.boards, cards)):
        add_vp(st, p, vp, VP_FINAL, events, "engineers")
    st.phase = PHASE_OVER
    st.acting = -1
    if events is not None:
        emit(events, "game_over", vp=[b[VP] for b in st.boards])


def pass_turn(st: RRState, p: int, events: Events) -> None:
    """RR-PASS-1/2: no more turns this round; score the turn order card."""
    b = st.boards[p]
    b[PASSED] = 1
    position = st.order.index(p)
    if events is not None:
        emit(events, "pass", player=p)
    add_vp(st, p, TURN_ORDER_VP[position], VP_PASS, events, "pass")
    end_turn(st, events)


def end_turn(st: RRState, events: Events) -> None:
    st.acting = -1
    st.turn_serial += 1
    boards, order, n = st.boards, st.order, st.n
    for step in range(1, n + 1):
        position = (st.current + step) % n
        if not boards[order[position]][PASSED]:
            st.current = position
            return
    finish_round_start(st, events)  # all have passed


def reuse_targets(st: RRState, p: int) -> list[int]:
    """RR-REUSE-2/3: free spaces needing exactly one worker and nothing else."""
    out = []
    for space in active_spaces(st):
        if space.rubles or space_cost(st, space) != 1:
            continue
        if st.occ[space.index] >= 0 and not space.multi:
            continue
        if space.index in ORDER_SPACES:
            continue
        if partial_space(st, space) or effect_doable(st, p, space_effect(st, space)):
            out.append(space.index)
    b = st.boards[p]
    for e in range(1, 16):
        if b[ENGS] >> e & 1 and not b[ENG_USED] >> e & 1:
            index = engineer_space(e)
            if SPACES[index].workers == 1:
                out.append(index)
    return out


def reuse(st: RRState, p: int, index: int, target: int, events: Events) -> None:
    """Move the turn-order worker to `target` and do its action (RR-REUSE-1)."""
    order_space = ORDER_SPACES[index]
    i = next(
        i for i, placed in enumerate(st.placements) if placed[0] == order_space and placed[1] == p
    )
    _, _, own, temp, black, rubles = st.placements.pop(i)
    record(st, p, target, own, temp, black, rubles)
    if events is not None:
        emit(events, "reuse", player=p, space=target)
    run_space(st, p, target, bool(black), partial_space(st, SPACES[target]), events)


def record(st: RRState, p: int, space: int, own: int, temp: int, black: int, rubles: int) -> None:
    st.placements.append((space, p, own, temp, black, rubles))
    if SPACES[space].engineer:
        st.boards[p][ENG_USED] |= 1 << SPACES[space].engineer
    elif space != MULTI_SPACE:
        st.occ[space] = p


def place(
    st: RRState, p: int, space_index: int, rubles: int, black: int, temp: int, events: Events
) -> None:
    """RR-PLAY-1: pay for a space and carry out its action."""
    space = SPACES[space_index]
    b = st.boards[p]
    own = space_cost(st, space) - rubles - black - temp
    b[HAND] -= own
    b[TEMP] -= temp
    b[BLACKW] -= black
    paid = rubles + space.rubles
    b[RUBLES] -= paid
    record(st, p, space_index, own, temp, black, paid)
    st.acting = p
    if events is not None:
        emit(events, "place", player=p, space=space_index, rubles=paid, black=black, temp=temp)
    run_space(st, p, space_index, bool(black), partial_space(st, space), events)


# ---- frames: legal answers -----------------------------------------------------------------


def frame_options(st: RRState, frame: list[int]) -> list[Action]:
    """The answers to a pending frame (interned actions, `actions.py`)."""
    kind, p = frame[0], frame[1]
    b = st.boards[p] if p >= 0 else []
    if kind == F_STEPS:
        return steps_options(st, frame, b)
    if kind == F_TILE:
        return tile_options(st, b, frame[2])
    if kind == F_LOCO:
        out = [A.LOCO[k] for k in loco_slots(b, frame[2], frame[3], bool(frame[4]))]
        if frame[3] >= 0 and all_lines_have_locos(b):
            out.append(A.LOCO_FACTORY)
        return out
    if kind == F_FREPLACE:
        seen: set[int] = set()
        out = []
        for k in range(5):
            if b[FACT + k] not in seen:
                seen.add(b[FACT + k])
                out.append(A.REPLACE_FACTORY[k])
        return out
    if kind == F_ADV_TOKEN:
        return [A.ADVANTAGE[k] for k in range(1, 8) if not b[TOKENS] >> (k - 1) & 1]
    if kind == F_ADV_CARD:
        return [
            A.ADVANTAGE_CARD[k]
            for k in range(1, 6)
            if st.adv_cards >> k & 1 and effect_doable(st, p, ADVANTAGE_CARDS[k - 1])
        ]
    if kind == F_AGAIN:
        return [A.AGAIN[k] for k in range(1, 4) if effect_doable(st, p, (AC1_AGAIN[k - 1],))]
    if kind == F_EB:
        if frame[2]:
            return [A.KEEP[c] for c in st.deck]
        return [A.LOOK, A.BLIND] if st.deck else [A.BLIND]
    if kind == F_REPEAT:
        return [A.REPEAT[s] for s in repeat_targets(st, p, full=not frame[2])]
    if kind == F_REUSE:
        return [*(A.REUSE[s] for s in reuse_targets(st, p)), A.REUSE_SKIP]
    if kind == F_START:
        return [A.START_BONUS[k] for k in range(1, 5) if st.start_bonus >> k & 1]
    return []


def steps_options(st: RRState, frame: list[int], b: list[int]) -> list[Action]:
    tokens = frame[STEP_TOKENS:]
    out: list[Action] = []
    if frame[4] or any(tokens):  # track steps to take
        colour = _one_colour(tokens)
        if colour >= 0 and not frame[4] and not frame[5]:
            return _one_colour_steps(frame, b, colour, tokens[colour])
        gained = colours_gained(b)
        rooms = colour_rooms(b)
        for line in LINES:
            steps = A.STEP[line]
            for colour in range(min(gained, LINE_COLOURS[line])):
                if room(b, line, colour, gained) <= 0:
                    continue
                if step_use(frame, b, line, colour, rooms) != NO_USE:
                    out.append(steps[colour])
    if frame[5]:
        full = not frame[2]
        for marker in (0, 1):
            if industry_next(b, marker) >= 0:
                if full and not _industry_keeps(b, marker, frame[5]):
                    continue
                out.append(A.INDUSTRY[marker])
    if frame[2] and out:
        out.append(A.STOP)
    return out


def _one_colour(tokens: list[int]) -> int:
    """The colour of the pending steps when they are all of one colour, else -1."""
    for kind in range(5):
        if tokens[kind]:
            return kind if tokens.count(0) == 6 else -1
    return -1


def _one_colour_steps(frame: list[int], b: list[int], colour: int, count: int) -> list[Action]:
    """Steps of one colour (the usual track space): any marker of it with room may move, if
    the others can still take the rest (a move costs no other marker of that colour room)."""
    gained = colours_gained(b)
    out = [A.STEP[line][colour] for line in LINES if room(b, line, colour, gained) > 0]
    if frame[2]:
        return [*out, A.STOP] if out else out
    if count > 1 and colour_room(b, colour) < count:
        return []
    return out


NO_USE: Final = 0
USE_BONUS: Final = 1
USE_TOKEN: Final = 2


def step_use(
    frame: list[int], b: list[int], line: int, colour: int, rooms: list[int] | None = None
) -> int:
    """How a step of `colour` on `line` would be paid: the black worker's extra step
    first (it can only move black), else the most specific token; and, when the action
    must be done in full, only if the remaining tokens stay possible (RR-PLAY-4).
    `rooms` is `colour_rooms(b)` when the caller has it."""
    tokens = frame[STEP_TOKENS:]
    full = not frame[2]
    if (
        colour == BLACK
        and frame[4]
        and (not full or not any(tokens) or _feasible_after(b, line, colour, tokens, rooms))
    ):
        return USE_BONUS
    if not consume(tokens, colour):
        return NO_USE
    if not full or not any(tokens):
        return USE_TOKEN
    return USE_TOKEN if _feasible_after(b, line, colour, tokens, rooms) else NO_USE


def _feasible_after(
    b: list[int], line: int, colour: int, tokens: list[int], rooms: list[int] | None
) -> bool:
    """Whether `tokens` stay possible once the marker of `colour` on `line` has moved: the
    move takes one step of room from that colour and none from the others."""
    if rooms is not None:
        after = rooms[:]
        after[colour] -= 1
        if fits(tokens, after):
            return True
    index = POS + line * 5 + colour
    b[index] += 1
    ok = track_feasible(b, tokens)
    b[index] -= 1
    return ok


def _industry_keeps(b: list[int], marker: int, wanted: int) -> bool:
    """With two markers, a step must leave enough room for the remaining steps."""
    if b[IND2] < 0 or wanted <= 1:
        return True
    at = b[IND + marker]
    b[IND + marker] = industry_next(b, marker)
    ok = industry_room(b, wanted - 1)
    b[IND + marker] = at
    return ok


def tile_options(st: RRState, b: list[int], mode: int) -> list[Action]:
    out: list[Action] = []
    low = lowest_pile(st)
    if mode == TILE_LOCO_AND_FACTORY:
        if loco_first_ok(st, b):
            out.append(A.TAKE_LOCO)
        if low and loco_placeable(b, pile_after_taking(st)):
            out.append(A.TAKE_FACTORY)
        if loco_placeable(b, low):
            out.extend(A.TAKE_STOCK[n] for n in range(1, 10) if st.fstock[n])
        return out
    if mode in (TILE_LOCO, TILE_LOCO_OR_FACTORY) and loco_placeable(b, low):
        out.append(A.TAKE_LOCO)
    if mode in (TILE_FACTORY, TILE_LOCO_OR_FACTORY):
        if low:
            out.append(A.TAKE_FACTORY)
        out.extend(A.TAKE_STOCK[n] for n in range(1, 10) if st.fstock[n])
    return out


# ---- frames: answering ---------------------------------------------------------------------


def answer(st: RRState, key: tuple[Any, ...], events: Events) -> None:
    """Apply a legal answer to the top frame (or a turn-level action)."""
    st.offered = None
    kind = key[0]
    frame = st.stack[-1] if st.stack else None
    if kind == "place":
        p = st.order[st.current]
        place(st, p, key[1], key[2], key[3], key[4], events)
    elif kind == "pass":
        pass_turn(st, st.order[st.current], events)
    elif frame is not None:
        answer_frame(st, frame, key, events)
    settle(st, events)


def answer_frame(st: RRState, frame: list[int], key: tuple[Any, ...], ev: Events) -> None:
    kind, p = key[0], frame[1]
    b = st.boards[p]
    if kind == "step":
        colour = key[2]
        if colour == BLACK and frame[4] and step_use(frame, b, key[1], colour) == USE_BONUS:
            frame[4] -= 1  # the black worker's extra step
        else:
            tokens = frame[STEP_TOKENS:]
            consume(tokens, colour)
            frame[STEP_TOKENS:] = tokens
        if colour == BLACK and frame[3]:
            frame[3] = 0
            frame[4] += 1  # RR-AC-4 / RR-FAQ-5: one extra black step for this action
        if not any(frame[STEP_TOKENS:]) and not frame[4] and not frame[5]:
            st.stack.pop()
        move_marker(st, p, key[1], colour, ev)
    elif kind == "industry":
        frame[5] -= 1
        if not any(frame[STEP_TOKENS:]) and not frame[4] and not frame[5]:
            st.stack.pop()
        industry_step(st, p, key[1], ev)
    elif kind == "stop":
        st.stack.pop()
        if ev is not None:
            emit(ev, "stop", player=p)
    elif kind in ("take_loco", "take_factory", "take_stock"):
        take_tile(st, frame, key, ev)
    elif kind == "loco":
        slot = key[1]
        held = b[LOCO + slot]
        b[LOCO + slot] = frame[2]
        if ev is not None:
            emit(ev, "loco", player=p, tile=frame[2], slot=slot, displaced=held)
        if held:
            frame[2], frame[3] = held, SLOT_LINE[slot]
        else:
            st.stack.pop()
    elif kind == "loco_factory":
        st.stack.pop()
        st.fstock[frame[2]] += 1
        if ev is not None:
            emit(ev, "loco_to_factory", player=p, tile=frame[2])
    elif kind == "replace_factory":
        st.stack.pop()
        old = b[FACT + key[1]]
        b[FACT + key[1]] = frame[2]
        st.fstock[old] += 1
        if ev is not None:
            emit(ev, "factory", player=p, factory=frame[2], space=key[1], replaced=old)
    elif kind == "advantage":
        st.stack.pop()
        b[TOKENS] |= 1 << (key[1] - 1)
        if ev is not None:
            emit(ev, "advantage_token", player=p, token=key[1])
        run_effect(st, p, ADVANTAGE_TOKENS[key[1] - 1], True, False, ev)
    elif kind == "advantage_card":
        st.stack.pop()
        st.adv_cards &= ~(1 << key[1])
        if ev is not None:
            emit(ev, "advantage_card", player=p, card=key[1])
        run_effect(st, p, ADVANTAGE_CARDS[key[1] - 1], False, False, ev)
    elif kind == "again":
        st.stack.pop()
        run_effect(st, p, (AC1_AGAIN[key[1] - 1],), False, False, ev)
    elif kind == "look":
        frame[2] = 1
        st.seen[p] = deck_mask(st.deck)
        st.seen_at[p] = st.eb_seq
        if ev is not None:
            emit(ev, "look", player=p)
    elif kind == "blind":
        st.stack.pop()
        add_vp(st, p, BLIND_VP, VP_BONUS, ev, "end bonus blind")
    elif kind == "keep":
        st.stack.pop()
        st.deck.remove(key[1])
        st.hands[p].append((key[1], st.eb_seq))
        st.eb_seq += 1
        st.seen[p] = deck_mask(st.deck)
        st.seen_at[p] = st.eb_seq
        if ev is not None:
            ev.append(Event("end_bonus", {"player": p}, {"card": key[1]}, (p,)))
    elif kind == "repeat":
        st.stack.pop()
        if ev is not None:
            emit(ev, "repeat", player=p, space=key[1])
        run_space(st, p, key[1], black_worker_on(st, p, key[1]), bool(frame[2]), ev)
    elif kind == "reuse":
        st.stack.pop()
        reuse(st, p, frame[2], key[1], ev)
        st.turn_serial += 1
    elif kind == "reuse_skip":
        st.stack.pop()
        st.turn_serial += 1
        if ev is not None:
            emit(ev, "reuse_skip", player=p)
    elif kind == "start_bonus":
        st.stack.pop()
        st.start_bonus &= ~(1 << key[1])
        st.turn_serial += 1
        if ev is not None:
            emit(ev, "start_bonus", player=p, card=key[1])
        run_effect(st, p, START_BONUS[key[1] - 1], False, False, ev)


def take_tile(st: RRState, frame: list[int], key: tuple[Any, ...], ev: Events) -> None:
    """RR-TILE-1..4: a loco from the lowest pile, or a factory (pile or factory stock)."""
    p, mode = frame[1], frame[2]
    if key[0] == "take_loco":
        tile = take_from_pile(st)
        if mode == TILE_LOCO_AND_FACTORY:
            frame[2] = TILE_FACTORY
            must = not lowest_pile(st) and not any(st.fstock)
        else:
            st.stack.pop()
            must = False
        if ev is not None:
            emit(ev, "take_loco", player=p, tile=tile)
        st.stack.append([F_LOCO_DONE, p])
        st.stack.append([F_LOCO, p, tile, -1, int(must)])
        return
    if key[0] == "take_factory":
        tile = take_from_pile(st)
    else:
        tile = key[1]
        st.fstock[tile] -= 1
    if mode == TILE_LOCO_AND_FACTORY:
        frame[2] = TILE_LOCO
    else:
        st.stack.pop()
    put_factory(st, p, tile, ev)


def deck_mask(deck: list[int]) -> int:
    mask = 0
    for card in deck:
        mask |= 1 << card
    return mask


# ---- settling ------------------------------------------------------------------------------

AUTO_ANSWER: Final = frozenset(
    (F_STEPS, F_TILE, F_LOCO, F_FREPLACE, F_ADV_CARD, F_AGAIN, F_EB, F_REPEAT)
)
"""Frames answered automatically when they have exactly one possible answer."""


def settle(st: RRState, events: Events) -> None:
    """Run automatic frames and forced answers until a real decision (or the end)."""
    st.offered = None
    while st.phase != PHASE_OVER:
        if not st.stack:
            if st.acting >= 0:
                end_turn(st, events)
                continue
            if st.phase != PHASE_PLAY:
                st.phase = PHASE_PLAY
            return
        frame = st.stack[-1]
        kind = frame[0]
        if kind == F_LOCO_DONE:
            st.stack.pop()
            check_specials(st, frame[1], events)
            continue
        if kind == F_ROUND_END:
            st.stack.pop()
            finish_round(st, events)
            continue
        options = frame_options(st, frame)
        if not options:
            st.stack.pop()
            if events is not None:
                emit(events, "lost", player=frame[1], frame=kind)
            continue
        if len(options) == 1 and kind in AUTO_ANSWER:
            answer_frame(st, frame, A.KEY[options[0].index], events)
            continue
        st.offered = tuple(options)
        return


def turn_options(st: RRState) -> list[Action]:
    """Placements the player on turn may make, and passing (RR-PLAY, RR-PASS)."""
    p = st.order[st.current]
    b = st.boards[p]
    out: list[Action] = []
    ways = _wallet_payments(b)
    occ = st.occ
    workers = st.variant.workers
    rooms = colour_rooms(b)
    x2_room = min(st.x2_stock, MAX_DOUBLERS - b[X2])
    capacity = -1  # industry steps possible, worked out when first needed
    for index, check, data in turn_plan(st):
        if occ[index] >= 0:
            continue
        if check == CHECK_SIMPLE:  # steps, industry and x2 tokens only
            paid = ways[index * 4 + workers[index]]
            if not paid:
                continue
            x2, industry, single, steps, tokens = data
            if x2 > x2_room:
                continue
            if industry:
                if capacity < 0:
                    capacity = industry_capacity(b, -1, MOST_INDUSTRY)
                if capacity < industry:
                    continue
            if single >= 0:
                if rooms[single] < steps:
                    continue
            elif steps and not track_feasible(b, list(tokens), rooms):
                continue
            out.extend(paid)
        elif check == CHECK_TILE:
            paid = ways[index * 4 + workers[index]]
            if paid and tile_doable(st, b, data):
                out.extend(paid)
        elif check == CHECK_TEMP:
            paid = ways[index * 4 + workers[index]]
            if paid and st.temp_on_space == TEMP_WORKERS:
                out.extend(paid)
        elif check == CHECK_ORDER:
            out.extend(order_payments(st, p, b, index))
        elif check == CHECK_HIRE:
            if b[RUBLES] >= 1 and st.strip[STRIPS[st.n].hire]:
                out.append(A.PLACE[index][0, 0, 0])
        elif check == CHECK_PUBLIC:
            tile = st.strip[data]
            if tile:
                paid = ways[index * 4 + ENGINEER_COST[tile]]
                partial = st.options["public_engineers_partial"]
                if paid and (partial or effect_doable(st, p, ENGINEER_EFFECTS[tile], rooms)):
                    out.extend(paid)
        else:
            paid = ways[index * 4 + workers[index]]
            if paid and effect_doable(st, p, data, rooms):
                out.extend(paid)
    owned = b[ENGS] & ~b[ENG_USED]
    while owned:
        e = (owned & -owned).bit_length() - 1
        owned &= owned - 1
        out.extend(ways[engineer_space(e) * 4 + ENGINEER_COST[e]])
    out.append(A.PASS)
    return out


CHECK_SIMPLE: Final = 0
CHECK_TILE: Final = 1
CHECK_TEMP: Final = 2
CHECK_ORDER: Final = 3
CHECK_HIRE: Final = 4
CHECK_PUBLIC: Final = 5
CHECK_OTHER: Final = 6
ALWAYS: Final = frozenset((OP_RUBLES, OP_VP))
"""Parts that can always be carried out."""


def _check(space: Space) -> tuple[int, Any]:
    """How `turn_options` tells whether a main-board space's action can be done in full,
    and what it needs for that: simple spaces (track steps, industry steps, x2 tokens and
    parts that never fail) are checked from the rooms of the colours and the industry
    capacity worked out once a turn."""
    index = space.index
    if index in ORDER_SPACES:
        return CHECK_ORDER, None
    if index == HIRE_SPACE:
        return CHECK_HIRE, None
    if space.strip_position >= 0:
        return CHECK_PUBLIC, space.strip_position
    n = need(space.effect)
    if space.effect == ((OP_TEMP, 0),):
        return CHECK_TEMP, None
    if len(space.effect) == 1 and space.effect[0][0] == OP_TILE:
        return CHECK_TILE, space.effect[0][1]
    if n.again or any(op not in ALWAYS for op, _ in n.parts):
        return CHECK_OTHER, space.effect
    return CHECK_SIMPLE, (n.x2, n.industry, n.single, n.steps, n.tokens)


CHECKS: Final = {s.index: _check(s) for s in SPACES[:MAIN_SPACES]}
MOST_INDUSTRY: Final = max(data[1] for check, data in CHECKS.values() if check == CHECK_SIMPLE)
_PLANS: Final[dict[tuple[int, bool], tuple[tuple[int, int, Any], ...]]] = {}


def turn_plan(st: RRState) -> tuple[tuple[int, int, Any], ...]:
    """(space, check, what the check needs) for each space usable this round."""
    key = (st.n, st.round == st.rounds)
    found = _PLANS.get(key)
    if found is None:
        found = _PLANS[key] = tuple((s.index, *CHECKS[s.index]) for s in active_spaces(st))
    return found


_WALLETS: Final[dict[int, tuple[tuple[Action, ...], ...]]] = {}


def _wallet_payments(b: list[int]) -> tuple[tuple[Action, ...], ...]:
    """What this board can pay: entry `space * 4 + cost` lists the placements on that space
    at that cost (`payments`). Counts are clamped to what any space can take, so there are
    few wallets and each is worked out once."""
    hand, temp, rubles = b[HAND], b[TEMP], b[RUBLES]
    hand, temp, rubles = (
        (hand if hand < 3 else 3),
        (temp if temp < 2 else 2),
        (rubles if rubles < 4 else 4),
    )
    wallet = hand | temp << 2 | b[BLACKW] << 4 | rubles << 5
    found = _WALLETS.get(wallet)
    if found is None:
        found = _WALLETS[wallet] = tuple(
            payments(index, cost, hand, temp, b[BLACKW], rubles)
            if (cost, 0, 0) in A.PLACE[index]
            else ()
            for index in range(len(SPACES))
            for cost in range(4)
        )
    return found


def payments(
    index: int, cost: int, hand: int, temp: int, black: int, rubles: int
) -> tuple[Action, ...]:
    """The placements on space `index` costing `cost` workers that a player holding these
    can pay (RR-RUB-1, -2): rubles, the black worker and temporary workers for workers."""
    fixed = SPACES[index].rubles
    place = A.PLACE[index]
    return tuple(
        place[r, k, t]
        for r, k, t in A.COMBOS[cost]
        if r + fixed <= rubles and k <= black and t <= temp and cost - r - k - t <= hand
    )


def order_payments(st: RRState, p: int, b: list[int], index: int) -> list[Action]:
    """Turn-order spaces (RR-ORDER-2..4, -7). A ruble is at once exchanged for a worker, so
    paying with a ruble is offered only to a player with no worker to exchange (R-6)."""
    position = ORDER_SPACES.index(index)
    if position in (0, 1) and p in st.claims:
        return []
    if st.n > 2 and st.order.index(p) == position:
        return []
    place = A.PLACE[index]
    out: list[Action] = []
    if b[HAND]:
        out.append(place[0, 0, 0])
    if b[BLACKW]:
        out.append(place[0, 1, 0])
    if b[TEMP]:
        out.append(place[0, 0, 1])
    if not out and b[RUBLES]:
        out.append(place[1, 0, 0])
    return out


def legal_actions(st: RRState) -> Sequence[Action]:
    """Every legal action now. The answers to a pending decision were worked out when it
    was reached (`settle` keeps them in `st.offered`); a turn's placements are listed."""
    if st.offered is not None:
        return st.offered
    if st.phase == PHASE_OVER:
        return ()
    if st.stack:
        return frame_options(st, st.stack[-1])
    return turn_options(st)


def to_move(st: RRState) -> int:
    if st.phase == PHASE_OVER:
        return -1
    if st.stack:
        return st.stack[-1][1]
    return st.order[st.current]
