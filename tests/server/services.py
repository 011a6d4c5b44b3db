"""Real services for the server tests: a fresh PostgreSQL database per test, and the rule
that a missing service fails the test unless skipping was asked for on purpose."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import NoReturn

import pytest
from sqlalchemy import create_engine, make_url, text

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
    name = f"kaido_test_{uuid.uuid4().hex[:16]}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        yield make_url(admin_url).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
