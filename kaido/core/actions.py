"""Actions: interned, immutable values with a stable JSON form and an integer index.

Every action a game can ever offer is built once, in an `ActionTable`. Legal-action
generation hands out these shared objects, so nothing is allocated per decision, and the
position in the table is the action's index in a fixed RL action space.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from kaido.core.errors import ActionFormatError
from kaido.core.pickling import rebuild_with

Arg = int | str


class Action:
    """One atomic decision: a kind (`"build_road"`) and a few int or str arguments."""

    __slots__ = ("args", "index", "kind")

    def __init__(self, index: int, kind: str, args: tuple[Arg, ...] = ()) -> None:
        self.index = index
        self.kind = kind
        self.args = args

    def to_json(self) -> list[Arg]:
        """The stable JSON form: `[kind, *args]`."""
        return [self.kind, *self.args]

    def key(self) -> tuple[str, tuple[Arg, ...]]:
        return (self.kind, self.args)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        return isinstance(other, Action) and self.kind == other.kind and self.args == other.args

    def __hash__(self) -> int:
        return hash((self.kind, self.args))

    def __repr__(self) -> str:
        return f"Action({self.kind}{''.join(f' {a}' for a in self.args)})"


# Read back in the compiled build too (kaido/core/pickling.py).
rebuild_with(Action, lambda action: (action.index, action.kind, action.args))


class ActionTable:
    """Every action of a game, in a fixed order: index -> action and JSON form -> action."""

    __slots__ = ("_by_key", "actions")

    def __init__(self, keys: Iterable[tuple[str, tuple[Arg, ...]]] = ()) -> None:
        """A table of the actions `keys` names (kind and arguments), in order; more follow
        with `add`."""
        self.actions: list[Action] = []
        self._by_key: dict[tuple[str, tuple[Arg, ...]], Action] = {}
        for kind, args in keys:
            self.add(kind, *args)

    def add(self, kind: str, *args: Arg) -> Action:
        key = (kind, args)
        if key in self._by_key:
            raise ValueError(f"duplicate action {kind} {args}")
        action = Action(len(self.actions), kind, args)
        self.actions.append(action)
        self._by_key[key] = action
        return action

    def get(self, kind: str, *args: Arg) -> Action:
        try:
            return self._by_key[(kind, args)]
        except KeyError:
            raise ActionFormatError(f"no action {json.dumps([kind, *args])} in this game") from None

    def from_json(self, value: Any) -> Action:
        """The interned action for a JSON form `[kind, *args]`, or a clear error."""
        if (
            not isinstance(value, list)
            or not value
            or not isinstance(value[0], str)
            or not all(isinstance(a, int | str) and not isinstance(a, bool) for a in value[1:])
        ):
            raise ActionFormatError(
                f"an action must be a JSON list [kind, args...], got {json.dumps(value)[:80]}"
            )
        return self.get(value[0], *value[1:])

    def __len__(self) -> int:
        return len(self.actions)

    def __iter__(self) -> Iterator[Action]:
        return iter(self.actions)

    def __getitem__(self, index: int) -> Action:
        return self.actions[index]


# Read back in the compiled build too (kaido/core/pickling.py).
rebuild_with(ActionTable, lambda table: ([(action.kind, action.args) for action in table],))
