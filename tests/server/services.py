"""Real services for the server tests: a fresh PostgreSQL database per test, and the rule
that a missing service fails the test unless skipping was asked for on purpose."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import NoReturn

import pytest

from kaido.server.db import scratch_database

NO_SERVICES = "KAIDO_TEST_NO_SERVICES"
POSTGRES_URL = "KAIDO_TEST_POSTGRES_URL"


def service_missing(what: str) -> NoReturn:
    """Skip only when the developer asked to (KAIDO_TEST_NO_SERVICES=1); else fail loudly."""
    if os.environ.get(NO_SERVICES) == "1":
        pytest.skip(f"{what} is not available ({NO_SERVICES}=1)")
    pytest.fail(
        f"{what} is not available. `make test` provides it (scripts/test-services.sh); "
        f"set {NO_SERVICES}=1 to skip the tests that need it.",
        pytrace=False,
    )


@contextmanager
def fresh_postgres_database() -> Iterator[str]:
    """The URL of a new, empty PostgreSQL database, dropped afterwards."""
    admin_url = os.environ.get(POSTGRES_URL) or service_missing(f"PostgreSQL (${POSTGRES_URL})")
    with scratch_database(admin_url, "kaido_test") as url:
        yield url
