"""Forwarder of Xanadu: set-up, who moves, legal actions and every transition.

Legal actions are the interned objects of `actions.py`; `answer` applies one. A turn is
a short sequence of decisions: dispatched workers, surveys and disposables first, then the
worker (`place`), the gained resources one by one (`put`), the actions and `end`.
"""

from __future__ import annotations

from typing import Final

from kaido.core.actions import Action
from kaido.core.events import Event
from kaido.core.options import Options
from kaido.core.rng import Rng
from kaido.games.forwarder_of_xanadu.actions import (
    COMPANY as COMPANY_ACTIONS,
)
from kaido.games.forwarder_of_xanadu.actions import (
    DAILY,
    DISPATCH,
    DONE,
    END,
    EXCLUSIVE,
    EXCLUSIVE_SLOT,
    FULFIL,
    IMPROVE,
    MAX_LOAD,
    MAX_REFILL,
    MOVE,
    OFFICE,
    PLAY,
    PUT,
    SLOTS,
    SURVEY,
    SWAP,
    UNLOCK,
    USE,
)
from kaido.games.forwarder_of_xanadu.actions import (
    DRAFT as DRAFT_ACTIONS,
)
from kaido.games.forwarder_of_xanadu.actions import (
    PAY as PAY_ACTIONS,
)
from kaido.games.forwarder_of_xanadu.actions import (
    PLACE as PLACE_ACTIONS,
)
from kaido.games.forwarder_of_xanadu.actions import (
    REFILL as REFILL_ACTIONS,
)
from kaido.games.forwarder_of_xanadu.actions import (
    START as START_ACTIONS,
)
from kaido.games.forwarder_of_xanadu.board import AREAS, DATA, PERMANENT_KINDS, TRACKS, Request
from kaido.games.forwarder_of_xanadu.state import (
    ACT,
    AREA_VP,
    COMPANY,
    DAILY_VP,
    DRAFT,
    EXCL,
    FINAL_VP,
    GROW,
    LEFT_VP,
    MID_VP,
    OVER,
    PAY,
    PICK,
    PLACE,
    REFILL,
    REQ_VP,
    SKILL_VP,
    TURN,
    FXState,
)

Key = tuple[str | int, ...]
SETUP: Final = DATA.setup
PORT: Final = DATA.port
REQUESTS: Final[tuple[Request, ...]] = DATA.requests
SKILLS: Final = DATA.skills
SPACES: Final = DATA.spaces
ADJ: Final = DATA.adjacent
REQUEST: Final = 0
TRANSPORT: Final = 1
IMPROVE_T: Final = 2
STORAGE: Final = 0
TRANSPORT_TRACK: Final = 1
QUALITY: Final = 2
WORKER: Final = 3
SKILL: Final = 4
LIMIT: Final = 0
REFILL_K: Final = 1
TRANSPORT_K: Final = 2
IMPROVE_K: Final = 3
REQUEST_VP_K: Final = 4
DAILY_VP_K: Final = 5
WORKER_K: Final = 6
MAJORITY_K: Final = 7
PERM_INDEX: Final = {k: i for i, k in enumerate(PERMANENT_KINDS)}
GROWTH_DISPOSABLES: Final = ("basic", "vp")  # usable in the growth step too


def _ev(events: list[Event] | None, kind: str, **data: object) -> None:
    if events is not None:
        events.append(Event(kind, dict(data)))


# ---- the board of one game ------------------------------------------------------------------


def icons(s: FXState, area: int) -> tuple[int, ...]:
    d = s.board[area]
    return DATA.port_board.icons if d < 0 else DATA.districts[d].icons


def gauge_size(s: FXState, area: int) -> int:
    d = s.board[area]
    return DATA.port_board.gauge if d < 0 else DATA.districts[d].gauge


def landmark(s: FXState, area: int) -> int:
    d = s.board[area]
    return DATA.port_board.landmark if d < 0 else DATA.districts[d].landmark


def card_types(s: FXState) -> tuple[int, ...]:
    return DATA.cards[s.n]


# ---- set-up ---------------------------------------------------------------------------------


def setup(options: Options, seed: int) -> FXState:
    rng = Rng(seed)
    n = int(options["players"])
    districts = list(range(AREAS - 1))
    rng.shuffle(districts)  # FX-SETUP-1: the port fixed, the rest at random
    board = tuple(-1 if a == PORT else districts.pop() for a in range(AREAS))
    s = FXState()
    s.new_game(options, rng, board)
    start = int(options["start_player"])
    s.start = rng.below(n) if start < 0 else start  # FX-SETUP-3
    s.spaces = [[] for _ in card_types(s)]  # FX-SETUP-2
    s.stock = list(SETUP["cubes"])
    for p in range(n):  # FX-SETUP-4/6, R-2: 6 basic at the port
        s.tokens_left[p] = SETUP["share_tokens"]
        s.workers[p] = SETUP["start_workers"]
        s.wh[(p * AREAS + PORT) * 3] = SETUP["start_resources"]
        s.stock[0] -= SETUP["start_resources"]
    for deck in range(2):  # FX-SETUP-9
        s.decks[deck] = [r.id for r in REQUESTS if r.deck == deck]
        rng.shuffle(s.decks[deck])
    for q in _seats_from(s, s.start):  # FX-SETUP-10
        s.exclusive[q] = draw(s, 0)
    refill_market(s)  # FX-SETUP-11
    s.removed = [k.id for k in SKILLS]  # not dealt until the companies are chosen
    s.queue = _seats_from(s, s.start)  # FX-SETUP-3: companies from the start player
    s.cur = s.queue[0]
    return s


def _seats_from(s: FXState, first: int) -> list[int]:
    return [(first + i) % s.n for i in range(s.n)]


def draw(s: FXState, deck: int) -> int:
    """The top card of a deck, rebuilt from its own discards when empty (R-9); -1 if none."""
    if not s.decks[deck]:
        if not s.discards[deck]:
            return -1
        s.decks[deck] = sorted(s.discards[deck])
        s.discards[deck] = []
        s.rng.shuffle(s.decks[deck])
    return s.decks[deck].pop()


def can_draw(s: FXState, deck: int) -> bool:
    return bool(s.decks[deck] or s.discards[deck])


def refill_market(s: FXState) -> list[int]:
    """FX-REFILL-1: back to 3 lower and 3 upper cards."""
    drawn = []
    for slot in range(6):
        if s.market[slot] < 0:
            card = draw(s, 0 if slot < 3 else 1)
            s.market[slot] = card
            if card >= 0:
                drawn.append(card)
    return drawn


def _deal_skills(s: FXState, events: list[Event] | None) -> None:
    """FX-STYLE-1 (R-4) or FX-STYLE-2: hands of 6, undealt cards out unseen."""
    rng = s.rng
    if s.options["style"] == "standard":
        own = set(s.company)
        pool = [k for k in s.removed if SKILLS[k].company < 0 or SKILLS[k].company not in own]
        rng.shuffle(pool)
        for p in range(s.n):
            s.hands[p] = [k.id for k in SKILLS if k.company == s.company[p]]
        for p in _seats_from(s, s.start):
            s.hands[p] += [pool.pop() for _ in range(SETUP["standard_deal"])]
        s.removed = pool
        _ev(events, "skills_dealt", style="standard")
        begin_round(s, events)
        return
    pool = s.removed[:]
    rng.shuffle(pool)
    for p in _seats_from(s, s.start):
        s.draft[p] = sorted(pool.pop() for _ in range(SETUP["hand"]))
    s.removed = pool
    s.phase = DRAFT
    s.queue = _seats_from(s, s.start)
    s.cur = s.queue[0]
    _ev(events, "skills_dealt", style="custom")


# ---- who moves and what is legal -------------------------------------------------------------


def to_move(s: FXState) -> int:
    return -1 if s.phase == OVER else s.cur


def limit(s: FXState, p: int) -> int:
    """FX-STORE-2: the Storage value (plus skills) caps every non-port warehouse."""
    return DATA.storage_limit[s.cells[p * 5 + STORAGE]] + s.perm[p * 8 + LIMIT]


def stored(s: FXState, p: int, area: int) -> int:
    base = (p * AREAS + area) * 3
    return s.wh[base] + s.wh[base + 1] + s.wh[base + 2]


def room(s: FXState, p: int, area: int) -> int:
    """Free places in p's warehouse at `area` (the port has no limit)."""
    return 10**6 if area == PORT else limit(s, p) - stored(s, p, area)


def load_size(s: FXState, p: int) -> int:
    """FX-TRANS-1, FX-TRACK-TR-1: resources one transport action may move."""
    base = DATA.transport_per_action[s.cells[p * 5 + TRANSPORT_TRACK]]
    return min(MAX_LOAD, base + s.perm[p * 8 + TRANSPORT_K])


def pay_plan(have: list[int], cost: tuple[int, ...]) -> list[int] | None:
    """FX-RES-2: the cubes paying `cost` from `have` (counts per grade), each need met by
    the lowest grade that can, the highest needs first; None if `have` cannot pay. This
    keeps the best cubes, so the software never asks which cubes to pay with."""
    left = have[:]
    paid = [0, 0, 0]
    for need in (2, 1, 0):
        for _ in range(cost[need]):
            g = need
            while g < 3 and left[g] == 0:
                g += 1
            if g == 3:
                return None
            left[g] -= 1
            paid[g] += 1
    return paid


def _visible(s: FXState, slot: int) -> int:
    if slot < 6:
        return s.market[slot]
    if slot == EXCLUSIVE_SLOT:
        return s.exclusive[s.turn_player]
    i = slot - 7
    return s.temp[i] if i < len(s.temp) else -1


def _warehouse(s: FXState, p: int, area: int) -> list[int]:
    base = (p * AREAS + area) * 3
    return s.wh[base : base + 3]


def _daily_warehouses(s: FXState, p: int) -> tuple[list[int], list[int]]:
    """FX-DAILY-1: what pays a daily, the port's cubes and the office's (none without)."""
    office = _warehouse(s, p, s.office[p]) if s.office[p] >= 0 else [0, 0, 0]
    return _warehouse(s, p, PORT), office


def daily_splits(s: FXState, p: int) -> list[tuple[int, int, int]]:
    """FX-DAILY-1, R-8: the ways to pay a daily, as the cubes of each grade taken from the
    office (the rest from the port), the port first (fewest from the office) first; none
    when the port and office cannot pay. The grades are those of `pay_plan` (FX-RES-2)."""
    port, office = _daily_warehouses(s, p)
    paid = pay_plan([port[g] + office[g] for g in range(3)], DATA.daily_cost)
    if paid is None:
        return []
    spans = [range(max(0, paid[g] - port[g]), min(paid[g], office[g]) + 1) for g in range(3)]
    splits = [(b, u, q) for b in spans[0] for u in spans[1] for q in spans[2]]
    return sorted(splits, key=lambda split: (sum(split), split))


def legal(s: FXState) -> list[Action]:
    """The legal actions of the player to decide, in a stable order."""
    phase = s.phase
    p = s.cur
    if phase == TURN:
        return turn_start_actions(s, p)
    if phase == ACT:
        return act_actions(s, p)
    if phase == PLACE:
        return [PUT[a] for a in put_areas(s, p)]
    if phase == GROW:
        return grow_actions(s, p)
    if phase == PAY:
        return [PAY_ACTIONS[split] for split in daily_splits(s, p)]
    if phase == REFILL:
        most = min(s.refill_amount, room(s, p, s.office[p]), MAX_REFILL)
        return [REFILL_ACTIONS[k] for k in range(most + 1)]
    if phase == EXCL:
        return [EXCLUSIVE[d] for d in exclusive_decks(s, p)]
    if phase == PICK:
        return [START_ACTIONS[q] for q in range(s.n)]
    if phase == COMPANY:
        return [COMPANY_ACTIONS[c] for c in range(len(DATA.companies)) if c not in s.company]
    if phase == DRAFT:
        return [DRAFT_ACTIONS[k] for k in s.draft[p]]
    return []


def _extras(s: FXState, p: int, disposable_kinds: tuple[str, ...] | None) -> list[Action]:
    """FX-DISP-3 surveys and FX-SKILL-2 disposables available now."""
    out: list[Action] = []
    if disposable_kinds is None and s.disp_avail[p] and len(s.temp) < SLOTS - 7:
        out += [SURVEY[d] for d in range(2) if can_draw(s, d)]
    for k in s.hands[p]:
        skill = SKILLS[k]
        usable = disposable_kinds is None or skill.disp in disposable_kinds
        if skill.disp and skill.disp_cost <= s.disp_avail[p] and usable:
            out.append(USE[k])
    return out


def turn_start_actions(s: FXState, p: int) -> list[Action]:
    """FX-TURN-3, FX-DISP-1: dispatched workers first, then the worker on any card."""
    out = [PLACE_ACTIONS[c] for c in range(len(s.spaces))]
    if s.disp_avail[p]:
        out += [DISPATCH[c] for c in range(len(s.spaces))]
    return out + _extras(s, p, None)


def put_areas(s: FXState, p: int) -> list[int]:
    """FX-PLACE-2/3/4, R-6: the port, the office, or 1 each where p already has a cube."""
    out = [PORT]
    office = s.office[p]
    for a in range(AREAS):
        if a == PORT or room(s, p, a) <= 0:
            continue
        if a == office or (not s.placed_mask >> a & 1 and stored(s, p, a) > 0):
            out.append(a)
    return out


def act_actions(s: FXState, p: int) -> list[Action]:
    out: list[Action] = []
    pools = s.pools
    if pools[REQUEST]:
        out += request_actions(s, p)
    if pools[TRANSPORT]:
        out += transport_actions(s, p)
    if pools[IMPROVE_T]:
        out += improve_actions(s, p)
    out += _extras(s, p, None)
    out.append(END)
    return out


def request_actions(s: FXState, p: int) -> list[Action]:
    """FX-REQ-1/2/3, R-19: a showing card, an area with its icon, a warehouse that pays."""
    out: list[Action] = []
    areas = [a for a in range(AREAS) if stored(s, p, a)]
    for slot in range(7 + len(s.temp)):
        card = _visible(s, slot)
        if card < 0:
            continue
        r = REQUESTS[card]
        for a in areas:
            if r.type in icons(s, a) and pay_plan(_warehouse(s, p, a), r.cost) is not None:
                out.append(FULFIL[slot][a])
    for d in range(2):
        if s.dailies[p * 2 + d] and daily_splits(s, p):
            out.append(DAILY[d])
    return out


def transport_actions(s: FXState, p: int) -> list[Action]:
    """FX-TRANS-1/2/3/4: up to the load size from one area to one adjacent area."""
    out: list[Action] = []
    size = load_size(s, p)
    for src in range(AREAS):
        have = _warehouse(s, p, src)
        if not sum(have):
            continue
        for dst in ADJ[src]:
            most = min(size, room(s, p, dst))
            if most <= 0:
                continue
            for b in range(min(have[0], most) + 1):
                for u in range(min(have[1], most - b) + 1):
                    for q in range(min(have[2], most - b - u) + 1):
                        if b + u + q:
                            out.append(MOVE[src, dst, b, u, q])
    return out


def improve_actions(s: FXState, p: int) -> list[Action]:
    """FX-IMPR-1/2: the port or the office area, when the stock has the higher grade."""
    out = []
    for a in (PORT, s.office[p]) if s.office[p] >= 0 else (PORT,):
        for g in range(2):
            if s.wh[(p * AREAS + a) * 3 + g] and s.stock[g + 1]:
                out.append(IMPROVE[a][g])
    return out


def unlockable(s: FXState, p: int, track: int) -> bool:
    """FX-GROW-2/3/4, R-3: the next cell of `track` may be unlocked now."""
    cells = s.cells[p * 5 : p * 5 + 5]
    if cells[track] >= DATA.cells[track]:
        return False
    if track == WORKER:  # FX-GROW-2
        return any(cells[t] == DATA.cells[t] for t in (STORAGE, TRANSPORT_TRACK, QUALITY))
    if track == SKILL and cells[SKILL] + 1 in DATA.late_skill_cells:  # FX-GROW-3
        return s.round > SETUP["mid_round"]
    return True


def office_areas(s: FXState, p: int) -> list[int]:
    """FX-TRACK-TR-2: an entered area holding no other player's office."""
    if s.office[p] >= 0 or s.cells[p * 5 + TRANSPORT_TRACK] < DATA.office_cell:
        return []
    taken = set(s.office)
    return [a for a in range(AREAS) if p in s.gauge[a] and a not in taken]


def free_slots(s: FXState, p: int) -> int:
    return s.cells[p * 5 + SKILL] - len(s.played[p])


def grow_actions(s: FXState, p: int) -> list[Action]:
    out: list[Action] = []
    if s.grow_left:
        out += [UNLOCK[t] for t in range(len(TRACKS)) if unlockable(s, p, t)]
    if free_slots(s, p) > 0:
        out += [PLAY[k] for k in s.hands[p]]
    out += [OFFICE[a] for a in office_areas(s, p)]
    if s.may_swap and can_draw(s, 1):
        out.append(SWAP)
    out += _extras(s, p, GROWTH_DISPOSABLES)
    if not s.grow_left:
        out.append(DONE)
    return out


# ---- transitions -----------------------------------------------------------------------------


def answer(s: FXState, action: Action, events: list[Event] | None) -> None:
    """Apply a legal action."""
    HANDLERS[action.kind](s, action.args, events)


def _company(s: FXState, args: tuple[int | str, ...], events: list[Event] | None) -> None:
    p = s.queue.pop(0)
    s.company[p] = int(args[0])
    _ev(events, "company", player=p, company=int(args[0]))
    if s.queue:
        s.cur = s.queue[0]
    else:
        _deal_skills(s, events)


def _draft(s: FXState, args: tuple[int | str, ...], events: list[Event] | None) -> None:
    """FX-STYLE-2: keep 1 face down; when all have kept, pass the rest to the left."""
    p = s.queue.pop(0)
    k = int(args[0])
    s.draft[p].remove(k)
    s.hands[p].append(k)
    _ev(events, "draft", player=p)
    if s.queue:
        s.cur = s.queue[0]
        return
    s.draft = [s.draft[(p - 1) % s.n] for p in range(s.n)]
    if s.draft[0]:
        s.queue = _seats_from(s, s.start)
        s.cur = s.queue[0]
        _ev(events, "draft_pass")
    else:
        begin_round(s, events)


def begin_round(s: FXState, events: list[Event] | None) -> None:
    s.starters |= 1 << s.start
    _ev(events, "round", round=s.round, start=s.start)
    begin_turn(s, s.start)


def begin_turn(s: FXState, p: int) -> None:
    s.phase = TURN
    s.cur = s.turn_player = p
    s.pools = [0, 0, 0]
    s.to_place = 0
    s.placed_mask = 0
    s.card_used = -1
    s.temp = []


def _reset_card(s: FXState, card: int, events: list[Event] | None) -> None:
    """FX-RESET-1: all workers on a full card go to the stock, dispatched ones too."""
    for code in s.spaces[card]:
        if code & 1:
            s.disp_spent[code >> 1] += 1
    s.spaces[card] = []
    _ev(events, "reset", card=card)


def _dispatch(s: FXState, args: tuple[int | str, ...], events: list[Event] | None) -> None:
    """FX-DISP-1/2, R-11: into the leftmost space; a card it fills resets at once."""
    p = s.cur
    card = int(args[0])
    s.disp_avail[p] -= 1
    s.spaces[card].append(p * 2 + 1)
    _ev(events, "dispatch", player=p, card=card)
    if len(s.spaces[card]) == len(SPACES):
        _reset_card(s, card, events)


def _place(s: FXState, args: tuple[int | str, ...], events: list[Event] | None) -> None:
    """FX-TURN-3, FX-SPACE-1, FX-PLACE-5: the space sets the resources and actions."""
    p = s.cur
    card = int(args[0])
    space = len(s.spaces[card])
    s.spaces[card].append(p * 2)
    s.workers[p] -= 1
    s.card_used = card
    basic, count = SPACES[space]
    kind = card_types(s)[card]
    if kind == IMPROVE_T:  # FX-IMPR-3, FX-TRACK-QU-1
        count += DATA.quality_extra[s.cells[p * 5 + QUALITY]] + s.perm[p * 8 + IMPROVE_K]
    s.pools[kind] += count
    gained = min(basic, s.stock[0])
    s.stock[0] -= gained
    s.to_place = gained
    _ev(events, "place", player=p, card=card, space=space, basic=gained, actions=count)
    _after_gain(s, events)


def _after_gain(s: FXState, events: list[Event] | None) -> None:
    """FX-PLACE-1: place gained resources first; all go to the port when nothing else can."""
    p = s.cur
    if s.to_place and put_areas(s, p) == [PORT]:
        s.wh[(p * AREAS + PORT) * 3] += s.to_place
        _ev(events, "put", player=p, area=PORT, count=s.to_place)
        s.to_place = 0
    s.phase = PLACE if s.to_place else ACT


def _put(s: FXState, args: tuple[int | str, ...], events: list[Event] | None) -> None:
    p = s.cur
    a = int(args[0])
    s.wh[(p * AREAS + a) * 3] += 1
    if a != PORT and a != s.office[p]:
        s.placed_mask |= 1 << a
    s.to_place -= 1
    _ev(events, "put", player=p, area=a, count=1)
    _after_gain(s, events)


def _survey(s: FXState, args: tuple[int | str, ...], events: list[Event] | None) -> None:
    """FX-DISP-3, R-12: a temporary exclusive request for this turn."""
    p = s.cur
    deck = int(args[0])
    s.disp_avail[p] -= 1
    s.disp_spent[p] += 1
    card = draw(s, deck)
    s.temp.append(card)
    _ev(events, "survey", player=p, deck=deck, card=card)


def _use(s: FXState, args: tuple[int | str, ...], events: list[Event] | None) -> None:
    """FX-SKILL-2, FX-DISP-4: discard a disposable for its effect once."""
    p = s.cur
    k = int(args[0])
    skill = SKILLS[k]
    s.hands[p].remove(k)
    s.skill_discards.append(k)
    s.disp_avail[p] -= skill.disp_cost
    s.disp_spent[p] += skill.disp_cost
    if skill.disp == "basic":
        gained = min(skill.disp_n, s.stock[0])
        s.stock[0] -= gained
        s.wh[(p * AREAS + PORT) * 3] += gained
    elif skill.disp == "actions":
        s.pools[skill.disp_action] += skill.disp_n
    else:
        _score(s, p, SKILL_VP, skill.disp_n)
    _ev(events, "use", player=p, skill=k)


def _score(s: FXState, p: int, category: int, vp: int) -> None:
    s.vp[p] += vp
    s.cats[p * 7 + category] += vp


def _pay(s: FXState, p: int, area: int, paid: list[int]) -> None:
    base = (p * AREAS + area) * 3
    for g in range(3):
        s.wh[base + g] -= paid[g]
        s.stock[g] += paid[g]


def _fulfil(s: FXState, args: tuple[int | str, ...], events: list[Event] | None) -> None:
    """FX-REQ-3/4/5, FX-SHARE-1/2, R-7."""
    p = s.cur
    slot, area = int(args[0]), int(args[1])
    card = _visible(s, slot)
    r = REQUESTS[card]
    paid = pay_plan(_warehouse(s, p, area), r.cost)
    assert paid is not None
    _pay(s, p, area, paid)
    s.pools[REQUEST] -= 1
    _score(s, p, REQ_VP, r.vp)
    if s.perm[p * 8 + REQUEST_VP_K]:
        _score(s, p, SKILL_VP, s.perm[p * 8 + REQUEST_VP_K])
    displaced = place_token(s, p, area)
    if slot < 6:
        s.market[slot] = -1
    elif slot == EXCLUSIVE_SLOT:
        s.exclusive[p] = -1
    else:
        s.temp[slot - 7] = -1
    s.discards[r.deck].append(card)
    _ev(events, "fulfil", player=p, card=card, slot=slot, area=area, paid=paid, vp=r.vp,
        displaced=displaced)  # fmt: skip


def place_token(s: FXState, p: int, area: int) -> int:
    """FX-SHARE-1/2, R-7: the leftmost empty cell, or the last token displaced. Returns the
    displaced owner (-1 for none)."""
    if not s.tokens_left[p]:
        return -1
    gauge = s.gauge[area]
    if len(gauge) < gauge_size(s, area):
        gauge.append(p)
        s.tokens_left[p] -= 1
        return -1
    last = gauge[-1]
    if last == p:
        return -1
    gauge[-1] = p
    s.tokens_left[p] -= 1
    s.tokens_left[last] += 1
    return last


def _daily(s: FXState, args: tuple[int | str, ...], events: list[Event] | None) -> None:
    """FX-DAILY-1/2, R-8: paid at once when only one split of port and office can pay it,
    else the split is the next decision (`pay`)."""
    p = s.cur
    d = int(args[0])
    splits = daily_splits(s, p)
    if len(splits) == 1:
        _pay_daily(s, p, d, splits[0], events)
    else:
        s.phase, s.paying = PAY, d


def _pay_split(s: FXState, args: tuple[int | str, ...], events: list[Event] | None) -> None:
    """R-8: the daily being paid, with these cubes from the office."""
    d, s.paying, s.phase = s.paying, -1, ACT
    _pay_daily(s, s.cur, d, (int(args[0]), int(args[1]), int(args[2])), events)


def _pay_daily(
    s: FXState, p: int, d: int, office: tuple[int, int, int], events: list[Event] | None
) -> None:
    port, there = _daily_warehouses(s, p)
    paid = pay_plan([port[g] + there[g] for g in range(3)], DATA.daily_cost)
    assert paid is not None
    from_port = [paid[g] - office[g] for g in range(3)]
    _pay(s, p, PORT, from_port)
    if any(office):
        _pay(s, p, s.office[p], list(office))
    s.pools[REQUEST] -= 1
    s.dailies[p * 2 + d] = 0
    s.dailies_done[p] += 1
    _score(s, p, DAILY_VP, DATA.daily_vp)
    if s.perm[p * 8 + DAILY_VP_K]:
        _score(s, p, SKILL_VP, s.perm[p * 8 + DAILY_VP_K])
    _ev(events, "daily", player=p, daily=d, vp=DATA.daily_vp, port=from_port, office=list(office))


def _move(s: FXState, args: tuple[int | str, ...], events: list[Event] | None) -> None:
    """FX-TRANS-1..4."""
    p = s.cur
    src, dst = int(args[0]), int(args[1])
    load = [int(a) for a in args[2:]]
    for g in range(3):
        s.wh[(p * AREAS + src) * 3 + g] -= load[g]
        s.wh[(p * AREAS + dst) * 3 + g] += load[g]
    s.pools[TRANSPORT] -= 1
    _ev(events, "move", player=p, src=src, dst=dst, load=load)


def _improve(s: FXState, args: tuple[int | str, ...], events: list[Event] | None) -> None:
    """FX-IMPR-1/2."""
    p = s.cur
    area, g = int(args[0]), int(args[1])
    base = (p * AREAS + area) * 3
    s.wh[base + g] -= 1
    s.wh[base + g + 1] += 1
    s.stock[g] += 1
    s.stock[g + 1] -= 1
    s.pools[IMPROVE_T] -= 1
    _ev(events, "improve", player=p, area=area, grade=g)


def _end(s: FXState, args: tuple[int | str, ...], events: list[Event] | None) -> None:
    """FX-RESET-1, FX-REFILL-1/2/3, then the next player with workers (FX-TURN-2)."""
    p = s.cur
    card = s.card_used
    _ev(events, "end_turn", player=p)
    if card >= 0 and len(s.spaces[card]) == len(SPACES):
        _reset_card(s, card, events)
    drawn = refill_market(s)
    if drawn:
        _ev(events, "market", cards=drawn)
    for c in s.temp:  # FX-REFILL-3
        if c >= 0:
            s.discards[REQUESTS[c].deck].append(c)
    s.temp = []
    s.pools = [0, 0, 0]
    if s.exclusive[p] < 0:
        decks = exclusive_decks(s, p)
        if len(decks) == 2:
            s.phase = EXCL  # FX-REFILL-2: the player chooses the deck
            return
        if decks:
            s.exclusive[p] = draw(s, decks[0])
    next_turn(s, events)


def exclusive_decks(s: FXState, p: int) -> list[int]:
    """FX-REFILL-2: the lower deck, and the upper one with Quality cell 2."""
    upper = s.cells[p * 5 + QUALITY] >= DATA.quality_upper_cell
    return [d for d in ((0, 1) if upper else (0,)) if can_draw(s, d)]


def _exclusive(s: FXState, args: tuple[int | str, ...], events: list[Event] | None) -> None:
    p = s.cur
    s.exclusive[p] = draw(s, int(args[0]))
    _ev(events, "exclusive", player=p, deck=int(args[0]), card=s.exclusive[p])
    next_turn(s, events)


def next_turn(s: FXState, events: list[Event] | None) -> None:
    """FX-TURN-1/2: clockwise; a player with no workers passes; all passed ends the round."""
    for i in range(1, s.n + 1):
        q = (s.turn_player + i) % s.n
        if s.workers[q]:
            begin_turn(s, q)
            return
    round_end(s, events)


# ---- round end --------------------------------------------------------------------------------


def round_end(s: FXState, events: list[Event] | None) -> None:
    """FX-END-1, FX-FLOW-2, FX-UPKEEP-4: growth and upkeep except after the last round."""
    _ev(events, "round_end", round=s.round)
    if s.round >= SETUP["rounds"]:
        final_settlement(s, events)
        return
    s.queue = _seats_from(s, s.start)
    _next_grower(s, events)


def _next_grower(s: FXState, events: list[Event] | None) -> None:
    if not s.queue:
        upkeep(s, events)
        return
    s.phase = GROW
    s.cur = s.queue.pop(0)
    s.grow_left = SETUP["growth"][s.round - 1]  # FX-GROW-1
    s.may_swap = False


def _after_growth_step(s: FXState, events: list[Event] | None) -> None:
    """Nothing left to decide but `done`: move on without asking."""
    if not s.grow_left and grow_actions(s, s.cur) == [DONE]:
        _next_grower(s, events)


def _unlock(s: FXState, args: tuple[int | str, ...], events: list[Event] | None) -> None:
    """FX-GROW-1: the removed dispatched worker becomes available."""
    p = s.cur
    t = int(args[0])
    s.cells[p * 5 + t] += 1
    s.disp_avail[p] += 1
    s.grow_left -= 1
    if t == QUALITY and s.cells[p * 5 + t] == DATA.quality_upper_cell:
        s.may_swap = True  # FX-TRACK-QU-2
    _ev(events, "unlock", player=p, track=t, cell=s.cells[p * 5 + t])
    _after_growth_step(s, events)


def _play(s: FXState, args: tuple[int | str, ...], events: list[Event] | None) -> None:
    """FX-SKILL-1: into an unlocked cell, effective at once and for the rest of the game."""
    p = s.cur
    k = int(args[0])
    s.hands[p].remove(k)
    s.played[p].append(k)
    skill = SKILLS[k]
    s.perm[p * 8 + PERM_INDEX[skill.perm]] += skill.perm_n
    _ev(events, "play", player=p, skill=k)
    _after_growth_step(s, events)


def _office(s: FXState, args: tuple[int | str, ...], events: list[Event] | None) -> None:
    p = s.cur
    s.office[p] = int(args[0])
    _ev(events, "office", player=p, area=int(args[0]))
    _after_growth_step(s, events)


def _swap(s: FXState, args: tuple[int | str, ...], events: list[Event] | None) -> None:
    """FX-TRACK-QU-2: the exclusive request replaced from the upper deck."""
    p = s.cur
    old = s.exclusive[p]
    if old >= 0:
        s.discards[REQUESTS[old].deck].append(old)
    s.exclusive[p] = draw(s, 1)
    s.may_swap = False
    _ev(events, "swap", player=p, card=s.exclusive[p])
    _after_growth_step(s, events)


def _use_in_growth(s: FXState, args: tuple[int | str, ...], events: list[Event] | None) -> None:
    _use(s, args, events)
    if s.phase == GROW:
        _after_growth_step(s, events)


def _done(s: FXState, args: tuple[int | str, ...], events: list[Event] | None) -> None:
    _next_grower(s, events)


def upkeep(s: FXState, events: list[Event] | None) -> None:
    """FX-UPKEEP-1/2: workers back (R-20) and dailies face up; then resources (R-13)."""
    for p in range(s.n):
        bonus = DATA.worker_bonus if s.cells[p * 5 + WORKER] else 0
        s.workers[p] = SETUP["refill_workers"] + bonus + s.perm[p * 8 + WORKER_K]
        s.dailies[p * 2] = s.dailies[p * 2 + 1] = 1
    s.queue = _seats_from(s, s.start)
    _next_refill(s, events)


def _next_refill(s: FXState, events: list[Event] | None) -> None:
    """FX-UPKEEP-3, FX-TRACK-ST-1, R-13: in turn order; the office may take some."""
    while s.queue:
        p = s.queue.pop(0)
        want = SETUP["refill_basic"] + DATA.storage_refill[s.cells[p * 5 + STORAGE]]
        amount = min(want + s.perm[p * 8 + REFILL_K], s.stock[0])
        s.stock[0] -= amount
        if s.office[p] >= 0 and amount and room(s, p, s.office[p]) > 0:
            s.phase = REFILL
            s.cur = p
            s.refill_amount = amount
            return
        s.wh[(p * AREAS + PORT) * 3] += amount
        _ev(events, "refill", player=p, port=amount, office=0)
    start_player(s, events)


def _refill(s: FXState, args: tuple[int | str, ...], events: list[Event] | None) -> None:
    p = s.cur
    k = int(args[0])
    s.wh[(p * AREAS + s.office[p]) * 3] += k
    s.wh[(p * AREAS + PORT) * 3] += s.refill_amount - k
    _ev(events, "refill", player=p, port=s.refill_amount - k, office=k)
    s.refill_amount = 0
    _next_refill(s, events)


def picker(s: FXState) -> int:
    """FX-START-2, R-14: fewest VP; ties go to the one farthest clockwise from this
    round's start player."""
    fewest = min(s.vp)
    tied = [q for q in range(s.n) if s.vp[q] == fewest]
    return max(tied, key=lambda q: (q - s.start) % s.n)


def start_player(s: FXState, events: list[Event] | None) -> None:
    """FX-START-1/2: the marker passes left, or, once all have started, a pick."""
    if s.starters == (1 << s.n) - 1:
        s.starters = 0
        s.phase = PICK
        s.cur = picker(s)
        return
    s.start = (s.start + 1) % s.n
    _ev(events, "start_player", player=s.start)
    _next_round(s, events)


def _start(s: FXState, args: tuple[int | str, ...], events: list[Event] | None) -> None:
    s.start = int(args[0])
    _ev(events, "start_player", player=s.start, picked_by=s.cur)
    _next_round(s, events)


def _next_round(s: FXState, events: list[Event] | None) -> None:
    """FX-FLOW-3: the mid settlement after round 3, then the next round."""
    if s.round == SETUP["mid_round"]:
        settle(s, SETUP["mid_vp"], MID_VP, events)
    s.round += 1
    begin_round(s, events)


# ---- settlements and scores -------------------------------------------------------------------


def ranking(s: FXState, area: int) -> list[int]:
    """FX-AREA-1, R-15, R-18: by token count, ties to the leftmost token; unranked omitted."""
    gauge = s.gauge[area]
    owners = set(gauge)
    return sorted(owners, key=lambda q: (-gauge.count(q), gauge.index(q)))


def settle(s: FXState, table: list[list[int]], category: int, events: list[Event] | None) -> None:
    """FX-AREA-2/3, FX-MID-1, FX-FINAL-2; majority_vp skills add per area led."""
    for area in range(AREAS):
        cls = DATA.classes[area]
        if not cls:
            continue
        ranked = ranking(s, area)
        for place, q in enumerate(ranked[:2]):
            _score(s, q, category, table[cls - 1][place])
        if ranked and s.perm[ranked[0] * 8 + MAJORITY_K]:
            _score(s, ranked[0], SKILL_VP, s.perm[ranked[0] * 8 + MAJORITY_K])
    _ev(events, "settlement", final=category == AREA_VP, vp=list(s.vp))


def final_skill(s: FXState, p: int) -> int:
    """FX-FINAL-1: the company's final settlement skill (data/companies.json)."""
    c = DATA.companies[s.company[p]]
    kind = c.final_kind
    if kind == "full_tracks":
        count = sum(1 for t in range(5) if s.cells[p * 5 + t] == DATA.cells[t])
    elif kind == "far_areas":
        count = sum(1 for a in range(AREAS) if DATA.positions[a][1] >= 2 and p in s.gauge[a])
    elif kind == "stored":
        count = sum(stored(s, p, a) for a in range(AREAS) if a != PORT)
    elif kind == "tokens":
        count = sum(g.count(p) for g in s.gauge)
    else:
        count = s.dailies_done[p]
    return min(c.final_max, c.final_vp * count)


def final_settlement(s: FXState, events: list[Event] | None) -> None:
    """FX-FINAL-1/2/3, R-16."""
    for p in range(s.n):
        _score(s, p, FINAL_VP, final_skill(s, p))
    settle(s, SETUP["final_vp"], AREA_VP, events)
    for p in range(s.n):
        _score(s, p, LEFT_VP, s.disp_avail[p] // SETUP["leftover_per_vp"])
    s.phase = OVER
    _ev(events, "game_over", vp=list(s.vp))


def rank_sums(s: FXState) -> list[int]:
    """FX-TIE-1, R-17: ranks summed over the 9 areas, k + 1 for the unranked."""
    sums = [0] * s.n
    for area in range(AREAS):
        if not DATA.classes[area]:
            continue
        ranked = ranking(s, area)
        for q in range(s.n):
            sums[q] += ranked.index(q) + 1 if q in ranked else len(ranked) + 1
    return sums


HANDLERS: Final = {
    "company": _company,
    "draft": _draft,
    "dispatch": _dispatch,
    "place": _place,
    "survey": _survey,
    "put": _put,
    "fulfil": _fulfil,
    "daily": _daily,
    "pay": _pay_split,
    "move": _move,
    "improve": _improve,
    "end": _end,
    "exclusive": _exclusive,
    "unlock": _unlock,
    "play": _play,
    "office": _office,
    "swap": _swap,
    "done": _done,
    "refill": _refill,
    "start": _start,
}


def _use_anywhere(s: FXState, args: tuple[int | str, ...], events: list[Event] | None) -> None:
    if s.phase == GROW:
        _use_in_growth(s, args, events)
    else:
        _use(s, args, events)


HANDLERS["use"] = _use_anywhere
