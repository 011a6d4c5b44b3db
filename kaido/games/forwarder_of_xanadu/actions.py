"""The interned action table: every action the game can offer, built once.

("company", c); ("draft", skill); ("dispatch", card) and ("place", card) on action cards;
("survey", deck) with deck 0 lower, 1 upper; ("use", skill) a disposable; ("put", area) a
gained basic resource; ("fulfil", slot, area) with slots 0-5 the market (3 lower, 3 upper),
6 the exclusive request and 7.. the survey cards; ("daily", d); ("move", src, dst, basic,
upper, premium); ("improve", area, grade); ("end",); ("pay", basic, upper, premium) the cubes of a
daily paid from the office, the rest from the port (R-8); ("exclusive", deck) the refill of the
exclusive slot; growth: ("unlock", track), ("play", skill), ("office", area), ("swap",),
("done",); ("refill", k) basic resources sent to the office at upkeep; ("start", seat).
"""

from __future__ import annotations

from typing import Final

from kaido.core.actions import Action, ActionTable
from kaido.games.forwarder_of_xanadu.board import AREAS, DATA, GRADES, TRACKS

SETUP: Final = DATA.setup
MAX_CARDS: Final = max(len(c) for c in DATA.cards.values())
SLOTS: Final = 7 + SETUP["survey_slots"]
EXCLUSIVE_SLOT: Final = 6
SKILLS: Final = len(DATA.skills)
MAX_LOAD: Final = SETUP["max_transport"]
MAX_REFILL: Final = 12

TABLE: Final = ActionTable()
COMPANY: Final = tuple(TABLE.add("company", c) for c in range(len(DATA.companies)))
DRAFT: Final = tuple(TABLE.add("draft", k) for k in range(SKILLS))
DISPATCH: Final = tuple(TABLE.add("dispatch", c) for c in range(MAX_CARDS))
PLACE: Final = tuple(TABLE.add("place", c) for c in range(MAX_CARDS))
SURVEY: Final = tuple(TABLE.add("survey", d) for d in range(2))
USE: Final = tuple(TABLE.add("use", k) for k in range(SKILLS))
PUT: Final = tuple(TABLE.add("put", a) for a in range(AREAS))
FULFIL: Final = tuple(
    tuple(TABLE.add("fulfil", slot, a) for a in range(AREAS)) for slot in range(SLOTS)
)
DAILY: Final = tuple(TABLE.add("daily", d) for d in range(2))
LOADS: Final = tuple(
    (b, u, p)
    for b in range(MAX_LOAD + 1)
    for u in range(MAX_LOAD + 1 - b)
    for p in range(MAX_LOAD + 1 - b - u)
    if b + u + p > 0
)
MOVE: Final = {
    (src, dst, *load): TABLE.add("move", src, dst, *load)
    for src in range(AREAS)
    for dst in DATA.adjacent[src]
    for load in LOADS
}
IMPROVE: Final = tuple(
    tuple(TABLE.add("improve", a, g) for g in range(GRADES - 1)) for a in range(AREAS)
)
END: Final = TABLE.add("end")
EXCLUSIVE: Final = tuple(TABLE.add("exclusive", d) for d in range(2))
UNLOCK: Final = tuple(TABLE.add("unlock", t) for t in range(len(TRACKS)))
PLAY: Final = tuple(TABLE.add("play", k) for k in range(SKILLS))
OFFICE: Final = tuple(TABLE.add("office", a) for a in range(AREAS))
SWAP: Final = TABLE.add("swap")
DONE: Final = TABLE.add("done")
REFILL: Final = tuple(TABLE.add("refill", k) for k in range(MAX_REFILL + 1))
START: Final = tuple(TABLE.add("start", p) for p in range(5))
# Added last, so the indices of the actions before stay as they were.
DAILY_CUBES: Final = sum(DATA.daily_cost)
PAY: Final = {
    split: TABLE.add("pay", *split)
    for split in (
        (b, u, p)
        for b in range(DAILY_CUBES + 1)
        for u in range(DAILY_CUBES + 1 - b)
        for p in range(DAILY_CUBES + 1 - b - u)
    )
}


def key(action: Action) -> tuple[str | int, ...]:
    """The action as a flat tuple, (kind, *args)."""
    return (action.kind, *action.args)
