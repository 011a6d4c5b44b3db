from __future__ import annotations

from collections.abc import Iterator

import pytest

from kaido.games import register, unregister
from tests.core.tiny_game import TINY

TINY_PLUGIN = "tests.core.tiny_game:TINY"


@pytest.fixture
def tiny_registered() -> Iterator[None]:
    register(TINY)
    yield
    unregister(TINY.id)
