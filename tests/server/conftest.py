from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from kaido.games import register, unregister
from tests.core.tiny_game import TINY
from tests.server.harness import Harness
from tests.server.services import fresh_postgres_database


@pytest.fixture(autouse=True)
def tiny_registered() -> Iterator[None]:
    register(TINY)
    yield
    unregister(TINY.id)


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Each persistence test runs on SQLite (a file) and on a real PostgreSQL server."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'kaido.sqlite3'}"
    else:
        with fresh_postgres_database() as url:
            yield url


@pytest.fixture
def harness(tmp_path: Path) -> Iterator[Harness]:
    """A server on SQLite with bots that do not pause."""
    with Harness(tmp_path) as running:
        yield running
