"""Events: their data can never hide their kind, and a secret only adds to what all see."""

from __future__ import annotations

import pytest

from kaido.core.events import Event


def test_event_data_may_not_use_the_kind_key() -> None:
    with pytest.raises(ValueError, match="'kind'"):
        Event("monopoly", {"player": 0, "kind": 3})
    with pytest.raises(ValueError, match="'kind'"):
        Event("draw", {"player": 0}, {"kind": 3}, (0,))


def test_a_secret_may_not_overwrite_public_data() -> None:
    with pytest.raises(ValueError, match="'card'"):
        Event("robber", {"card": None}, {"card": 2}, (0,))


def test_every_viewer_sees_the_kind() -> None:
    event = Event("draw", {"player": 1}, {"card": 4}, (1,))
    assert event.for_viewer(1) == {"kind": "draw", "player": 1, "card": 4}
    assert event.for_viewer(0) == event.for_viewer(None) == {"kind": "draw", "player": 1}
