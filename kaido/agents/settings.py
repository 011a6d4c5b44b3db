"""Agent settings written as text (`mcts:time=0.2:others=policy`), parsed strictly.

The settings an agent takes are the keyword parameters of its class's `__init__` (and of
its bases'), typed by their annotations: `bool` takes true/false (yes/no, on/off, 1/0),
`int` a whole number, `float` a finite number, a `Literal` one of its names, an
`Iterable[str]` names joined by `+`, and `str` any non-empty text (a model's name or
file). Anything else is refused, naming the setting.
"""

from __future__ import annotations

import inspect
import math
import re
import types
import typing
from collections.abc import Iterable, Sequence
from typing import Any, Literal

from kaido.core.errors import KaidoError

TRUE = ("true", "yes", "on", "1")
FALSE = ("false", "no", "off", "0")
NAME = re.compile(r"[a-z][a-z0-9_]*")


def setting_types(cls: type) -> dict[str, Any]:
    """Each setting of agent class `cls` (a keyword parameter of an `__init__` along its
    bases, `seed` aside) and its annotation."""
    found: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        init = klass.__dict__.get("__init__")
        if init is None or klass is object:
            continue
        hints = typing.get_type_hints(init)
        for parameter in inspect.signature(init).parameters.values():
            if parameter.kind is parameter.KEYWORD_ONLY or (
                parameter.kind is parameter.POSITIONAL_OR_KEYWORD and parameter.name != "self"
            ):
                found[parameter.name] = hints[parameter.name]
    found.pop("seed", None)
    return found


def parse_settings(kind: str, cls: type, parts: Sequence[str]) -> dict[str, Any]:
    """`name=value` texts as the keyword arguments of `cls`; a KaidoError names what is
    malformed, unknown, given twice or of the wrong type."""
    types_ = setting_types(cls)
    settings: dict[str, Any] = {}
    for part in parts:
        name, sep, text = part.partition("=")
        if not sep:
            raise KaidoError(f"agent settings are written name=value, got {part!r}")
        if name not in types_:
            known = ", ".join(types_) or "none"
            raise KaidoError(f"agent {kind!r} has no setting {name!r} (its settings: {known})")
        if name in settings:
            raise KaidoError(f"setting {name!r} of agent {kind!r} is given twice")
        settings[name] = _parse(text, types_[name], f"setting {name!r} of agent {kind!r}")
    return settings


def _parse(text: str, hint: Any, what: str) -> Any:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):  # `int | None`: the value is never None
        (hint,) = [a for a in args if a is not type(None)]
        origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is bool:
        if text.lower() in TRUE + FALSE:
            return text.lower() in TRUE
        raise KaidoError(f"{what} takes true or false, got {text!r}")
    if hint is int:
        if re.fullmatch(r"[+-]?\d+", text):
            return int(text)
        raise KaidoError(f"{what} takes a whole number, got {text!r}")
    if hint is float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if math.isfinite(value):
            return value
        raise KaidoError(f"{what} takes a number, got {text!r}")
    if hint is str:
        if text:
            return text
        raise KaidoError(f"{what} takes a name, got nothing")
    if origin is Literal:
        if text in args:
            return text
        raise KaidoError(f"{what} takes one of {', '.join(args)}, got {text!r}")
    if origin in (Iterable, tuple, list, frozenset) and args[0] is str:
        names = text.split("+")
        if all(NAME.fullmatch(n) for n in names):
            return tuple(names)
        raise KaidoError(f"{what} takes names joined by '+', got {text!r}")
    raise TypeError(f"{what}: no text form for {hint!r}")
