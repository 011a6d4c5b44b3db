"""Game options: a declared set of named values with defaults, validated in one place."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kaido.core.errors import OptionError

Options = dict[str, Any]
"""Validated options of one game: always holds `players`, plus every declared option."""


@dataclass(frozen=True)
class OptionSpec:
    """One option a game accepts. Its type is the type of its default."""

    name: str
    default: bool | int | str
    help: str
    help_ja: str = ""
    choices: tuple[bool | int | str, ...] | None = None
    labels: tuple[tuple[str, str], ...] = ()
    """How each of `choices` reads, in English and Japanese (a raw value is never shown)."""

    def labels_in(self, lang: str) -> list[str]:
        """The words for each choice in `lang` (the value itself when none are given)."""
        if not self.labels:
            return [str(choice) for choice in self.choices or ()]
        return [pair[1] if lang == "ja" else pair[0] for pair in self.labels]

    def coerce(self, value: Any) -> bool | int | str:
        """`value` as this option's type (text from a command line is converted)."""
        kind = type(self.default)
        if isinstance(value, str) and kind is not str:
            value = _from_text(self.name, value, kind)
        if type(value) is not kind:
            raise OptionError(f"option {self.name!r} takes a {kind.__name__}, got {value!r}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"option {self.name!r} must be one of {allowed}; got {value!r}")
        return value


def _from_text(name: str, text: str, kind: type) -> bool | int:
    if kind is bool:
        lowered = text.strip().lower()
        if lowered in ("1", "true", "yes", "on"):
            return True
        if lowered in ("0", "false", "no", "off"):
            return False
        raise OptionError(f"option {name!r} takes true or false, got {text!r}")
    try:
        return int(text)
    except ValueError:
        raise OptionError(f"option {name!r} takes a whole number, got {text!r}") from None


def resolve_options(
    specs: Sequence[OptionSpec],
    player_counts: Sequence[int],
    raw: Mapping[str, Any],
    default_players: int | None = None,
) -> Options:
    """Validated options: defaults filled in (players: `default_players`, else the largest
    count), unknown names and bad values refused."""
    known = {spec.name: spec for spec in specs}
    unknown = sorted(set(raw) - set(known) - {"players"})
    if unknown:
        names = ", ".join(known) or "none"
        raise OptionError(f"unknown option {unknown[0]!r} (this game's options: {names})")
    players = raw.get("players", default_players or player_counts[-1])
    if isinstance(players, str):
        players = _from_text("players", players, int)
    if type(players) is not int or players not in player_counts:
        counts = ", ".join(str(n) for n in player_counts)
        raise OptionError(f"this game is for {counts} players, not {players!r}")
    options: Options = {"players": players}
    for spec in specs:
        options[spec.name] = spec.coerce(raw[spec.name]) if spec.name in raw else spec.default
    return options


def parse_option_text(text: str) -> dict[str, str]:
    """`"layout=random,separate_trade=true"` as a mapping of names to text values."""
    out: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, sep, value = part.partition("=")
        if not sep or not name.strip():
            raise OptionError(f"options are written name=value, got {part!r}")
        out[name.strip()] = value.strip()
    return out
