"""Accounts: names with argon2-hashed passwords, and guests without one."""

from __future__ import annotations

import secrets
import unicodedata

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from kaido.core.errors import KaidoError
from kaido.server.store import Store, User

MIN_PASSWORD = 8
MAX_PASSWORD = 256
MAX_NAME = 24

_hasher = PasswordHasher()


class AuthError(KaidoError):
    """A sign-in or sign-up refused; the message says why (never which part was wrong)."""


def check_name(name: str) -> str:
    """The name trimmed, or an AuthError: 1-24 printable characters, not `guest-...`."""
    name = unicodedata.normalize("NFC", name.strip())
    if not 1 <= len(name) <= MAX_NAME:
        raise AuthError(f"a name has 1 to {MAX_NAME} characters")
    if any(unicodedata.category(c).startswith(("C", "Z")) and c != " " for c in name):
        raise AuthError("a name cannot hold control or special space characters")
    if name.lower().startswith("guest-"):
        raise AuthError("names starting with 'guest-' are kept for guests")
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
        raise AuthError("wrong name or password")
    try:
        _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        raise AuthError("wrong name or password") from None
    return user


def new_guest(store: Store) -> User:
    return store.create_user(f"guest-{secrets.token_hex(3)}", None, is_guest=True)
