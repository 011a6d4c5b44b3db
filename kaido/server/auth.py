"""Accounts: names with argon2-hashed passwords, and guests without one; sessions.

Everything here that hashes a password runs on the server's hashing pool (limits.py),
never on the threads that serve moves.
"""

from __future__ import annotations

import contextlib
import secrets
import threading
import time
import unicodedata
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from kaido.server.errors import ServerError
from kaido.server.names import name_key
from kaido.server.nodes import Bus
from kaido.server.store import NameTaken, Store, User

MIN_PASSWORD = 8
MAX_PASSWORD = 256
MAX_NAME = 24

_hasher = PasswordHasher()


class AuthError(ServerError):
    """A sign-in or sign-up refused (400); the message says why."""


class WrongPassword(AuthError):
    """A password that does not match (401), never saying whether the name exists."""

    status = 401
    code = "wrong_password"


def check_name(name: str) -> str:
    """The name trimmed, or an AuthError: 1-24 printable characters, not `guest-...` nor
    `bot:...` (the leaderboards' name of a bot level)."""
    name = unicodedata.normalize("NFC", name.strip())
    if not 1 <= len(name) <= MAX_NAME:
        raise AuthError(f"a name has 1 to {MAX_NAME} characters")
    if any(unicodedata.category(c).startswith(("C", "Z")) and c != " " for c in name):
        raise AuthError("a name cannot hold control or special space characters")
    if name_key(name).startswith("guest-"):
        raise AuthError("names starting with 'guest-' are kept for guests")
    if name_key(name).startswith("bot:"):
        raise AuthError("names starting with 'bot:' are kept for bots")
    return name


def register(store: Store, name: str, password: str) -> User:
    name = check_name(name)
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise AuthError(f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    return store.create_user(name, _hasher.hash(password), is_guest=False)


def sign_in(store: Store, name: str, password: str) -> User:
    found = store.user_by_name(name.strip())
    user, password_hash = found if found is not None else (None, None)
    if user is None or password_hash is None:
        # Hash anyway, so the answer takes as long whether or not the name exists.
        _hasher.hash(password)
        raise WrongPassword("wrong name or password")
    try:
        _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        raise WrongPassword("wrong name or password") from None
    return user


def change_password(store: Store, user: User, password: str, new_password: str) -> None:
    """A new password, given the current one (sessions are ended by the caller)."""
    if not MIN_PASSWORD <= len(new_password) <= MAX_PASSWORD:
        raise AuthError(f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    found = store.user_by_name(user.name)
    if found is None or found[0].id != user.id or found[1] is None:
        raise AuthError("guests have no password; register an account")
    try:
        _hasher.verify(found[1], password)
    except (VerificationError, InvalidHashError):
        raise WrongPassword("wrong password") from None
    store.set_password(user.id, _hasher.hash(new_password))


GUEST_NAME_DRAWS = 8
"""Drawn guest names tried before giving up: six hex digits meet a name already given about
once in 8,400 draws at 2,000 guests, so a second draw all but always serves."""


def new_guest(store: Store, name: str | None = None) -> User:
    """A guest: under the name they chose (checked as an account's), else `guest-...`
    drawn at random (again if the name drawn is taken)."""
    if name:
        return store.create_user(check_name(name), None, is_guest=True)
    for _draw in range(GUEST_NAME_DRAWS - 1):
        with contextlib.suppress(NameTaken):
            return store.create_user(_guest_name(), None, is_guest=True)
    return store.create_user(_guest_name(), None, is_guest=True)  # the last one's refusal told


def _guest_name() -> str:
    return f"guest-{secrets.token_hex(3)}"


class Sessions:
    """Session tokens -> users, kept in the database (so sign-out ends a session for
    good), and remembered for a minute so that sockets do not ask the database on every
    move (under load that query and the connections it took were most of a move's cost).
    Ending sessions forgets them at once, on every node (the `sessions` event). The
    server asks about every remembered session together twice a minute (`recheck`), so
    a session in use is never asked about alone again."""

    DAYS = 30
    MEMORY_SECONDS = 60.0

    def __init__(self, store: Store, bus: Bus) -> None:
        self.store = store
        self.bus = bus
        self._known: dict[str, tuple[User | None, float]] = {}
        self._lock = threading.Lock()
        bus.on("sessions", self._ended)

    def start(self, user: User) -> str:
        token = secrets.token_urlsafe(32)
        self.store.create_session(user.id, token, self.DAYS)
        return token

    def user(self, token: str) -> User | None:
        now = time.monotonic()
        with self._lock:
            known = self._known.get(token)
        if known is not None and known[1] > now:
            return known[0]
        user = self.store.session_user(token)
        with self._lock:
            if len(self._known) > 10_000:
                self._known.clear()
            self._known[token] = (user, now + self.MEMORY_SECONDS)
        return user

    def recheck(self) -> None:
        """Ask the database about every remembered session in one query: those still
        valid are remembered another `MEMORY_SECONDS`, the others forgotten. An entry
        changed meanwhile (forgotten by a sign-out, or asked about anew) is left as it is,
        so that a sign-out during the query is not undone."""
        with self._lock:
            remembered = {t: known for t, known in self._known.items() if known[0] is not None}
        valid = self.store.session_users(remembered)
        until = time.monotonic() + self.MEMORY_SECONDS
        with self._lock:
            for token, known in remembered.items():
                if self._known.get(token) is not known:
                    continue
                if token in valid:
                    self._known[token] = (valid[token], until)
                else:
                    del self._known[token]

    def end(self, token: str) -> None:
        user = self.user(token)
        self.store.end_session(token)
        with self._lock:
            self._known.pop(token, None)
        if user is not None:
            self.bus.publish("sessions", user=user.id)

    def end_others(self, user: User, keep: str) -> None:
        self.store.end_sessions(user.id, keep=keep)
        self.bus.publish("sessions", user=user.id)

    def _ended(self, event: dict[str, Any]) -> None:
        """Sessions of a user ended (on any node): ask the database again for each."""
        with self._lock:
            for token, (known, _until) in list(self._known.items()):
                if known is not None and known.id == event["user"]:
                    del self._known[token]
