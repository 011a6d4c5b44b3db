"""Every action Russian Railroads can offer, interned once (the same table for 2-4 players).

`place SPACE RUBLES BLACK TEMP` pays a space (rubles, the black worker and temporary
workers standing in for own workers); the rest answer the decision pending inside an
action. The engine hands out these objects, so nothing is built per decision; `KEY[i]` is
action i as the tuple `(kind, *args)` the engine dispatches on.
"""

from __future__ import annotations

from typing import Any, Final

from kaido.core.actions import Action, ActionTable
from kaido.games.russian_railroads.components import (
    END_BONUS,
    ENGINEERS,
    HIRE_SPACE,
    MAIN_SPACES,
    MOST_WORKERS,
    SPACES,
)

Key = tuple[Any, ...]
Combo = tuple[int, int, int]

COMBOS: Final[dict[int, tuple[Combo, ...]]] = {
    w: tuple((r, k, t) for r in range(w + 1) for k in range(2) for t in range(3) if r + k + t <= w)
    for w in range(4)
}
"""Ways to pay `w` workers: (rubles, black worker, temporary workers), own workers for the rest."""

TABLE: Final = ActionTable()
_MAX_ENGINEER: Final = max(SPACES[MAIN_SPACES + e - 1].workers for e in ENGINEERS)


def _place_actions() -> tuple[dict[Combo, Action], ...]:
    out = []
    for space in SPACES:
        if space.index == HIRE_SPACE:
            combos: tuple[Combo, ...] = ((0, 0, 0),)
        elif space.strip_position >= 0:  # a public engineer costs what its tile costs
            combos = COMBOS[_MAX_ENGINEER]
        else:
            combos = COMBOS[MOST_WORKERS[space.index]]
        out.append({combo: TABLE.add("place", space.index, *combo) for combo in combos})
    return tuple(out)


PLACE: Final = _place_actions()
"""Per space index: each way to pay it -> the action."""
PASS: Final = TABLE.add("pass")
STEP: Final = tuple(tuple(TABLE.add("step", line, c) for c in range(5)) for line in range(3))
INDUSTRY: Final = (TABLE.add("industry", 0), TABLE.add("industry", 1))
STOP: Final = TABLE.add("stop")
TAKE_LOCO: Final = TABLE.add("take_loco")
TAKE_FACTORY: Final = TABLE.add("take_factory")
TAKE_STOCK: Final = {n: TABLE.add("take_stock", n) for n in range(1, 10)}
LOCO: Final = tuple(TABLE.add("loco", k) for k in range(4))
LOCO_FACTORY: Final = TABLE.add("loco_factory")
REPLACE_FACTORY: Final = tuple(TABLE.add("replace_factory", k) for k in range(5))
ADVANTAGE: Final = {k: TABLE.add("advantage", k) for k in range(1, 8)}
ADVANTAGE_CARD: Final = {k: TABLE.add("advantage_card", k) for k in range(1, 6)}
AGAIN: Final = {k: TABLE.add("again", k) for k in range(1, 4)}
LOOK: Final = TABLE.add("look")
BLIND: Final = TABLE.add("blind")
KEEP: Final = {c: TABLE.add("keep", c) for c in range(1, len(END_BONUS) + 1)}
REPEAT: Final = tuple(TABLE.add("repeat", s.index) for s in SPACES)
REUSE: Final = tuple(TABLE.add("reuse", s.index) for s in SPACES)
REUSE_SKIP: Final = TABLE.add("reuse_skip")
START_BONUS: Final = {k: TABLE.add("start_bonus", k) for k in range(1, 5)}

KEY: Final[tuple[Key, ...]] = tuple((a.kind, *a.args) for a in TABLE.actions)
"""Action index -> (kind, *args)."""
