"""Events: what happened when an action was applied, for narration and the UI's move log.

Games build events only when asked (`apply(..., narrate=True)`); self-play and search pay
nothing for them. Part of an event may be secret (the card a player drew): `secret` is
merged into the data only for the players in `audience`. Viewers get one flat mapping
(`for_viewer`), so the data may not use the key `kind` and a secret may only add keys:
an event that would clash is refused when it is made.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

RESERVED: Final = frozenset({"kind"})
"""Keys of `for_viewer` that are not the event's data."""


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    secret: dict[str, Any] | None = None
    audience: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        secret = self.secret or {}
        clash = RESERVED & (self.data.keys() | secret.keys()) or self.data.keys() & secret.keys()
        if clash:
            raise ValueError(f"event {self.kind!r}: data key {sorted(clash)[0]!r} is taken")

    def for_viewer(self, viewer: int | None) -> dict[str, Any]:
        """The event as `viewer` (a seat, or None for a spectator) may see it."""
        out = {"kind": self.kind, **self.data}
        if self.secret is not None and viewer is not None and viewer in self.audience:
            out.update(self.secret)
        return out

    def to_json(self) -> dict[str, Any]:
        """The full event, secrets included (for logs only the engine's owner reads)."""
        out: dict[str, Any] = {"kind": self.kind, "data": self.data}
        if self.secret is not None:
            out["secret"] = self.secret
            out["audience"] = list(self.audience)
        return out
