"""Sessions remembered by a node: asked about together, never undoing a sign-out."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import pytest

from kaido.server.auth import Sessions
from kaido.server.nodes import Bus
from kaido.server.store import SESSIONS_A_QUERY, Store, User
from tests.server.harness import Harness


class CountingStore(Store):
    """The real store, counting the queries about one session."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.asked_alone = 0

    def session_user(self, token: str) -> User | None:
        self.asked_alone += 1
        return super().session_user(token)


@pytest.fixture
def store(database_url: str) -> Iterator[CountingStore]:
    store = CountingStore(database_url)
    try:
        yield store
    finally:
        store.close()


def signed_in(store: Store, count: int) -> list[str]:
    tokens = []
    for number in range(count):
        user = store.create_user(f"player{number}", None, is_guest=False)
        tokens.append(f"token-{number}")
        store.create_session(user.id, tokens[-1], days=1)
    return tokens


def test_a_recheck_forgets_sessions_ended_without_the_event(store: CountingStore) -> None:
    """One query checks every remembered session (more than fit in one statement here): a
    session ended in the database without the event reaching this node (lost with
    another node) is forgotten at once, not at the end of its minute."""
    sessions = Sessions(store, Bus())
    tokens = signed_in(store, SESSIONS_A_QUERY + 2)
    users = [sessions.user(token) for token in tokens]
    assert all(user is not None for user in users)
    store.end_session(tokens[0])  # in the database only
    store.end_session(tokens[-1])
    sessions.recheck()
    assert sessions.user(tokens[0]) is None and sessions.user(tokens[-1]) is None
    assert [sessions.user(token) for token in tokens[1:-1]] == users[1:-1]
    assert store.asked_alone == len(tokens) + 2


def test_a_recheck_keeps_valid_sessions_remembered_so_none_is_asked_about_alone(
    store: CountingStore,
) -> None:
    """Sessions in use stay remembered by the rechecks, across both of a recheck's
    statements: a move never waits for a query about its session once it was known."""
    sessions = Sessions(store, Bus())
    sessions.MEMORY_SECONDS = 0.0  # each first answer lapses at once: only rechecks keep it
    tokens = signed_in(store, SESSIONS_A_QUERY + 2)
    users = [sessions.user(token) for token in tokens]
    sessions.MEMORY_SECONDS = 3600.0
    sessions.recheck()
    assert [sessions.user(token) for token in tokens] == users
    assert store.asked_alone == len(tokens)


def test_a_sign_out_during_a_recheck_is_not_undone(store: CountingStore) -> None:
    """The recheck's answer is read before a sign-out's event arrives: the session the
    event forgot must stay forgotten, and is asked about again on its next use."""
    bus = Bus()
    sessions = Sessions(store, bus)
    [token] = signed_in(store, 1)
    user = sessions.user(token)
    assert user is not None
    answer = store.session_users

    def answer_then_sign_out(tokens: Iterable[str]) -> dict[str, User]:
        valid = answer(tokens)  # still valid when asked
        store.end_session(token)
        bus.publish("sessions", user=user.id)
        return valid

    store.session_users = answer_then_sign_out  # type: ignore[method-assign]
    sessions.recheck()
    assert sessions.user(token) is None
    assert store.asked_alone == 2


def test_the_server_rechecks_its_sessions_and_signs_out_one_ended_elsewhere(
    harness: Harness,
) -> None:
    """The server's own recheck (run every half minute): a session the database no longer
    holds, with no event to say so, is signed out at the next recheck, not later."""
    ann = harness.player("Ann")
    assert ann.get("/api/me").json()["user"]["id"] == ann.id
    harness.services.store.end_sessions(ann.id)  # in the database only: no event
    assert ann.get("/api/me").json()["user"]["id"] == ann.id  # still remembered
    harness.services.recheck_sessions()
    assert ann.get("/api/me").json()["user"] is None
