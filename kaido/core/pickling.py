"""Pickling for the immutable parts of a state (boards, cards, actions) in both builds.

By default pickle and `copy` rebuild an object by making an empty one and setting its
attributes. A class compiled by mypyc runs its `__init__` whenever an object is made, and a
frozen dataclass refuses attributes set after it, so in the compiled build such objects
could be pickled but not read back (a game state sent to another process failed there).
Registered here, they are rebuilt by calling their class with their constructor's
arguments, the same way in pure Python and compiled.
"""

from __future__ import annotations

import copyreg
import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def rebuild_with(cls: type[T], arguments: Callable[[T], tuple[Any, ...]]) -> None:
    """Pickle and copy `cls`'s objects as `cls(*arguments(obj))`."""

    def reduce(obj: T) -> tuple[type[T], tuple[Any, ...]]:
        return cls, arguments(obj)

    copyreg.pickle(cls, reduce)


def rebuild_from_fields(*classes: type[Any]) -> None:
    """Pickle and copy each of these dataclasses as a call with its fields' values. Fields
    left out of comparisons are caches, which come last and start empty again."""
    for cls in classes:
        rebuild_with(cls, _field_values)


def _field_values(obj: Any) -> tuple[Any, ...]:
    return tuple(getattr(obj, field.name) for field in dataclasses.fields(obj) if field.compare)
