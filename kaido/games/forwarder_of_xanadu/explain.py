"""Why an action is refused: the clause it breaks and a sentence (only called on refusal)."""

from __future__ import annotations

from kaido.core.errors import IllegalAction
from kaido.games.forwarder_of_xanadu.actions import EXCLUSIVE_SLOT, SLOTS
from kaido.games.forwarder_of_xanadu.board import AREAS, DATA, TRACKS
from kaido.games.forwarder_of_xanadu.engine import (
    GROWTH_DISPOSABLES,
    IMPROVE_T,
    PORT,
    REQUEST,
    REQUESTS,
    SKILLS,
    TRANSPORT,
    Key,
    can_draw,
    daily_splits,
    exclusive_decks,
    free_slots,
    icons,
    load_size,
    office_areas,
    pay_plan,
    put_areas,
    room,
    unlockable,
)
from kaido.games.forwarder_of_xanadu.state import (
    ACT,
    COMPANY,
    DRAFT,
    EXCL,
    GROW,
    OVER,
    PAY,
    PICK,
    PLACE,
    REFILL,
    TURN,
    FXState,
)

# The phase each kind of action belongs to, and the clause naming that step.
STEP = {
    "company": ((COMPANY,), "FX-SETUP-3", "companies are chosen before the game"),
    "draft": ((DRAFT,), "FX-STYLE-2", "cards are drafted only in the custom draft"),
    "dispatch": ((TURN,), "FX-DISP-1", "dispatched workers go out only before your worker"),
    "place": ((TURN,), "FX-TURN-3", "you place one worker at the start of your turn"),
    "put": ((PLACE,), "FX-PLACE-1", "there are no gained resources to place now"),
    "fulfil": ((ACT,), "FX-REQ-1", "requests are fulfilled with actions of your turn"),
    "daily": ((ACT,), "FX-DAILY-1", "dailies are fulfilled with actions of your turn"),
    "move": ((ACT,), "FX-TRANS-1", "transport is an action of your turn"),
    "improve": ((ACT,), "FX-IMPR-1", "improvement is an action of your turn"),
    "end": ((ACT,), "FX-ACT-1", "the turn ends after your worker and its resources"),
    "survey": ((TURN, ACT), "FX-DISP-3", "a market survey happens during your own turn"),
    "use": ((TURN, ACT, GROW), "FX-SKILL-2", ""),
    "exclusive": ((EXCL,), "FX-REFILL-2", "no exclusive slot to refill now"),
    "unlock": ((GROW,), "FX-GROW-1", "cells are unlocked in your growth step"),
    "play": ((GROW,), "FX-SKILL-1", "skills are played into cells in your growth step"),
    "office": ((GROW,), "FX-TRACK-TR-2", "offices open in your growth step"),
    "swap": ((GROW,), "FX-TRACK-QU-2", "the exclusive swap follows Quality cell 2"),
    "done": ((GROW,), "FX-GROW-1", "not in a growth step"),
    "refill": ((REFILL,), "FX-UPKEEP-3", "no round-end resources to share out now"),
    "pay": ((PAY,), "FX-DAILY-1", "no daily is being paid now"),
    "start": ((PICK,), "FX-START-2", "the start player is named only after a full round"),
}
DECISION = {
    COMPANY: ("FX-SETUP-3", "every player first chooses a company"),
    DRAFT: ("FX-STYLE-2", "the skill draft comes first: keep one card of your hand"),
    TURN: ("FX-TURN-3", "place a worker first (dispatched workers before it)"),
    PLACE: ("FX-PLACE-1", "place the gained basic resources before any action"),
    ACT: ("FX-ACT-1", "do your actions or end the turn"),
    EXCL: ("FX-REFILL-2", "choose the deck refilling your exclusive request"),
    GROW: ("FX-GROW-1", "finish your growth step"),
    REFILL: ("FX-UPKEEP-3", "choose how many refilled resources go to your office"),
    PAY: ("FX-DAILY-1", "choose how the daily is paid from your port and office (R-8)"),
    PICK: ("FX-START-2", "the player with the fewest VP names the start player"),
}


def why(s: FXState, key: Key) -> IllegalAction:
    kind = str(key[0])
    args = [int(a) for a in key[1:]]
    if s.phase == OVER:
        return IllegalAction("FX-FLOW-1", "the game is over")
    phases, clause, message = STEP[kind]
    if kind == "dispatch" and s.phase in (PLACE, ACT):
        return IllegalAction("FX-DISP-1", "dispatched workers cannot follow your own worker")
    if s.phase not in phases:
        decision = DECISION[s.phase]
        return IllegalAction(decision[0] if kind != "use" else "FX-SKILL-2", decision[1])
    p = s.cur
    if kind == "use":
        return _why_use(s, p, args[0])
    return CHECKS.get(kind, _generic)(s, p, args, clause, message)


def _generic(s: FXState, p: int, args: list[int], clause: str, message: str) -> IllegalAction:
    return IllegalAction(clause, "that choice is not open now")


def _why_use(s: FXState, p: int, k: int) -> IllegalAction:
    if k not in s.hands[p]:
        return IllegalAction("FX-SKILL-2", "that skill card is not in your hand")
    skill = SKILLS[k]
    if not skill.disp:
        return IllegalAction("FX-SKILL-2", "that card has no disposable icon")
    if skill.disp_cost > s.disp_avail[p]:
        return IllegalAction("FX-DISP-4", f"it costs {skill.disp_cost} dispatched workers")
    if s.phase == GROW and skill.disp not in GROWTH_DISPOSABLES:
        return IllegalAction("FX-SKILL-2", "extra actions can only be used in your own turn (R-10)")
    return IllegalAction("FX-SKILL-2", "that card cannot be used now")


def _why_company(s: FXState, p: int, args: list[int], clause: str, message: str) -> IllegalAction:
    return IllegalAction("FX-SETUP-3", "another player already runs that company")


def _why_draft(s: FXState, p: int, args: list[int], clause: str, message: str) -> IllegalAction:
    return IllegalAction("FX-STYLE-2", "keep a card from the hand in front of you")


def _why_card(s: FXState, p: int, args: list[int], clause: str, message: str) -> IllegalAction:
    if args[0] >= len(s.spaces):
        return IllegalAction("FX-SETUP-2", f"the action board has {len(s.spaces)} cards")
    return IllegalAction("FX-DISP-1", "you have no dispatched worker available")


def _why_put(s: FXState, p: int, args: list[int], clause: str, message: str) -> IllegalAction:
    a = args[0]
    if a in put_areas(s, p):
        return IllegalAction("FX-PLACE-1", "that placement is not open now")
    if a == s.office[p] or room(s, p, a) <= 0:
        return IllegalAction("FX-PLACE-3", "that warehouse is at its limit (FX-STORE-2)")
    if s.placed_mask >> a & 1:
        return IllegalAction(
            "FX-PLACE-3", "at most 1 gained resource per area outside the port (R-6)"
        )
    return IllegalAction("FX-PLACE-3", "a gained resource goes only where you already have one")


def _why_fulfil(s: FXState, p: int, args: list[int], clause: str, message: str) -> IllegalAction:
    if not s.pools[REQUEST]:
        return IllegalAction("FX-REQ-1", "you have no request action left")
    slot, area = args
    card = -1
    if slot < 6:
        card = s.market[slot]
    elif slot == EXCLUSIVE_SLOT:
        card = s.exclusive[p]
    elif slot - 7 < len(s.temp):
        card = s.temp[slot - 7]
    if card < 0 or slot >= SLOTS:
        return IllegalAction("FX-REQ-5", "that slot is empty until the end of the turn")
    r = REQUESTS[card]
    if r.type not in icons(s, area):
        return IllegalAction("FX-REQ-2", "that area does not show the request's icon (R-19)")
    base = (p * AREAS + area) * 3
    if pay_plan(s.wh[base : base + 3], r.cost) is None:
        return IllegalAction("FX-REQ-3", "your warehouse there cannot pay (FX-RES-2)")
    return IllegalAction("FX-REQ-2", "that request cannot be fulfilled now")


def _why_daily(s: FXState, p: int, args: list[int], clause: str, message: str) -> IllegalAction:
    if not s.pools[REQUEST]:
        return IllegalAction("FX-REQ-1", "you have no request action left")
    if not s.dailies[p * 2 + args[0]]:
        return IllegalAction("FX-DAILY-2", "that daily is face down until the round end")
    if not daily_splits(s, p):
        return IllegalAction("FX-DAILY-1", "the port (and office) cannot pay the daily")
    return IllegalAction("FX-DAILY-1", "that daily cannot be fulfilled now")


def _why_move(s: FXState, p: int, args: list[int], clause: str, message: str) -> IllegalAction:
    if not s.pools[TRANSPORT]:
        return IllegalAction("FX-TRANS-1", "you have no transport action left")
    src, dst, *load = args
    if sum(load) > load_size(s, p):
        return IllegalAction("FX-TRANS-1", f"one action moves at most {load_size(s, p)} resources")
    base = (p * AREAS + src) * 3
    if any(s.wh[base + g] < load[g] for g in range(3)):
        return IllegalAction("FX-TRANS-1", "your warehouse there does not hold those resources")
    if sum(load) > room(s, p, dst):
        return IllegalAction("FX-TRANS-3", "the destination warehouse would exceed its limit")
    return IllegalAction("FX-TRANS-1", "that transport is not possible")


def _why_improve(s: FXState, p: int, args: list[int], clause: str, message: str) -> IllegalAction:
    if not s.pools[IMPROVE_T]:
        return IllegalAction("FX-IMPR-1", "you have no improvement action left")
    area, g = args
    if area not in (PORT, s.office[p]):
        return IllegalAction("FX-IMPR-1", "only the port or your office area can improve")
    if not s.wh[(p * AREAS + area) * 3 + g]:
        return IllegalAction("FX-IMPR-1", "no resource of that grade there")
    return IllegalAction("FX-IMPR-2", "the stock has no resource of the higher grade")


def _why_end(s: FXState, p: int, args: list[int], clause: str, message: str) -> IllegalAction:
    return IllegalAction("FX-ACT-1", "the turn ends after your actions")


def _why_survey(s: FXState, p: int, args: list[int], clause: str, message: str) -> IllegalAction:
    if not s.disp_avail[p]:
        return IllegalAction("FX-DISP-3", "a survey costs a dispatched worker; you have none")
    if not can_draw(s, args[0]):
        return IllegalAction("FX-DISP-3", "that deck and its discards are empty (R-9)")
    return IllegalAction("FX-DISP-3", "no more survey cards this turn")


def _why_exclusive(s: FXState, p: int, args: list[int], clause: str, message: str) -> IllegalAction:
    if args[0] not in exclusive_decks(s, p):
        return IllegalAction("FX-REFILL-2", "the upper deck needs Quality cell 2, or it is empty")
    return IllegalAction("FX-REFILL-2", "that deck cannot refill your exclusive slot")


def _why_unlock(s: FXState, p: int, args: list[int], clause: str, message: str) -> IllegalAction:
    t = args[0]
    if not s.grow_left:
        return IllegalAction("FX-GROW-1", "you have unlocked all this round allows")
    if s.cells[p * 5 + t] >= DATA.cells[t]:
        return IllegalAction("FX-GROW-4", f"the {TRACKS[t]} track is fully unlocked")
    if t == 3 and not unlockable(s, p, t):
        return IllegalAction("FX-GROW-2", "the Worker cell needs a fully unlocked Storage, "
                             "Transport or Quality track")  # fmt: skip
    return IllegalAction("FX-GROW-3", "skill cells 3 and 4 unlock only after the mid settlement")


def _why_play(s: FXState, p: int, args: list[int], clause: str, message: str) -> IllegalAction:
    if free_slots(s, p) <= 0:
        return IllegalAction("FX-SKILL-1", "you have no free unlocked skill cell")
    return IllegalAction("FX-SKILL-1", "that card is not in your hand")


def _why_office(s: FXState, p: int, args: list[int], clause: str, message: str) -> IllegalAction:
    if s.office[p] >= 0:
        return IllegalAction("FX-TRACK-TR-2", "your office is already open")
    if s.cells[p * 5 + 1] < DATA.office_cell:
        return IllegalAction("FX-TRACK-TR-2", "an office needs Transport cell 2")
    if args[0] not in office_areas(s, p) and p in s.gauge[args[0]]:
        return IllegalAction("FX-TRACK-TR-2", "another player's office is there")
    return IllegalAction("FX-TRACK-TR-2", "an office goes on one of your entered areas")


def _why_swap(s: FXState, p: int, args: list[int], clause: str, message: str) -> IllegalAction:
    return IllegalAction("FX-TRACK-QU-2", "the swap comes only on unlocking Quality cell 2")


def _why_done(s: FXState, p: int, args: list[int], clause: str, message: str) -> IllegalAction:
    return IllegalAction("FX-GROW-1", f"unlock {s.grow_left} more cell(s) first")


def _why_refill(s: FXState, p: int, args: list[int], clause: str, message: str) -> IllegalAction:
    return IllegalAction("FX-UPKEEP-3", "the office takes no more than its limit allows (R-13)")


def _why_pay(s: FXState, p: int, args: list[int], clause: str, message: str) -> IllegalAction:
    return IllegalAction(
        "FX-DAILY-1",
        "the port and the office cannot pay the daily that way: the office pays at most the "
        "cubes it holds, the port the rest (R-8)",
    )


def _why_start(s: FXState, p: int, args: list[int], clause: str, message: str) -> IllegalAction:
    return IllegalAction("FX-START-2", "name a seat of this table")


CHECKS = {
    "company": _why_company,
    "draft": _why_draft,
    "dispatch": _why_card,
    "place": _why_card,
    "put": _why_put,
    "fulfil": _why_fulfil,
    "daily": _why_daily,
    "move": _why_move,
    "improve": _why_improve,
    "end": _why_end,
    "survey": _why_survey,
    "exclusive": _why_exclusive,
    "unlock": _why_unlock,
    "play": _why_play,
    "office": _why_office,
    "swap": _why_swap,
    "done": _why_done,
    "refill": _why_refill,
    "pay": _why_pay,
    "start": _why_start,
}
