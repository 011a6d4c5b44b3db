"""Accounts: sign-up, sign-in with argon2-hashed passwords, guests, sessions in cookies."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from kaido.server import auth
from kaido.server.db import UserRow
from tests.server.harness import PASSWORD, Harness


def test_register_signs_in_and_stores_an_argon2_hash(harness: Harness) -> None:
    ann = harness.player("Ann")
    assert ann.get("/api/me").json()["user"] == {"id": ann.id, "name": "Ann", "guest": False}
    with harness.services.store.engine.connect() as connection:
        stored = connection.execute(select(UserRow.password_hash)).scalar_one()
    assert stored.startswith("$argon2id$") and PASSWORD not in stored


def test_session_cookie_is_http_only_and_same_site(harness: Harness) -> None:
    client = harness.anonymous()
    response = client.post("/api/guest")
    cookie = response.headers["set-cookie"].lower()
    assert "kaido_session=" in cookie and "httponly" in cookie and "samesite=lax" in cookie


def test_sign_out_then_in_again(harness: Harness) -> None:
    ann = harness.player("Ann")
    assert ann.post("/api/logout").json() == {"user": None}
    assert ann.get("/api/me").json() == {"user": None, "preferences": None}
    wrong = ann.post("/api/login", {"name": "Ann", "password": "not the password"})
    assert wrong.status_code == 401  # issue 34 bug 5: it was 400 bad_request
    assert wrong.json() == {"error": "wrong name or password", "code": "wrong_password"}
    assert ann.get("/api/me").json() == {"user": None, "preferences": None}
    again = ann.post("/api/login", {"name": "ann", "password": PASSWORD})
    assert again.status_code == 200 and again.json()["user"]["name"] == "Ann"
    assert ann.get("/api/me").json()["user"]["id"] == ann.id


def test_unknown_name_gets_the_same_answer_as_a_wrong_password(harness: Harness) -> None:
    client = harness.anonymous()
    response = client.post("/api/login", {"name": "nobody", "password": PASSWORD})
    assert response.status_code == 401
    assert response.json() == {"error": "wrong name or password", "code": "wrong_password"}


def test_names_are_unique_and_checked(harness: Harness) -> None:
    harness.player("Ann")
    client = harness.anonymous()
    taken = client.post("/api/register", {"name": "Ann", "password": PASSWORD})
    assert taken.status_code == 400 and "taken" in taken.json()["error"]
    short = client.post("/api/register", {"name": "Bo", "password": "short"})
    assert short.status_code == 400 and "8 to 256 characters" in short.json()["error"]
    blank = client.post("/api/register", {"name": "   ", "password": PASSWORD})
    assert "1 to 24 characters" in blank.json()["error"]
    guestlike = client.post("/api/register", {"name": "guest-1", "password": PASSWORD})
    assert "kept for guests" in guestlike.json()["error"]
    botlike = client.post("/api/register", {"name": "BOT:easy", "password": PASSWORD})
    assert "kept for bots" in botlike.json()["error"]  # a leaderboard name of a bot level
    assert client.get("/api/me").json() == {"user": None, "preferences": None}


def test_guest_plays_without_a_password(harness: Harness) -> None:
    client = harness.anonymous()
    user = client.post("/api/guest").json()["user"]
    assert user["guest"] and user["name"].startswith("guest-")
    assert client.get("/api/me").json()["user"] == user
    refused = client.post("/api/login", {"name": user["name"], "password": PASSWORD})
    assert refused.status_code == 401


def test_a_guest_may_choose_their_name(harness: Harness) -> None:
    """Checked as an account's name: not empty, not a `guest-` name, not one taken."""
    ann = harness.anonymous()
    user = ann.post("/api/guest", {"name": "  Ann the Guest "}).json()["user"]
    assert user == {"id": user["id"], "name": "Ann the Guest", "guest": True}
    for name, why in [
        ("guest-42", "kept for guests"),
        ("x" * 25, "1 to 24"),
        ("ann the guest", "taken"),
    ]:
        refused = harness.anonymous().post("/api/guest", {"name": name})
        assert refused.status_code == 400 and why in refused.json()["error"], refused.text
    assert harness.anonymous().post("/api/guest", {}).json()["user"]["name"].startswith("guest-")


def test_a_forged_cookie_is_no_session(harness: Harness) -> None:
    client = harness.anonymous()
    client.http.cookies.set("kaido_session", "eyJ1aWQiOiAxfQ==.forged.signature")
    assert client.get("/api/me").json() == {"user": None, "preferences": None}


def test_a_guest_name_drawn_again_when_the_one_drawn_is_taken(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Six random hex digits meet a name already given now and then (about once in 8,000
    draws at 2,000 guests): the guest gets another draw, not a refusal."""
    draws = iter(["c0ffee", "c0ffee", "c0ffee", "beef00"])
    monkeypatch.setattr(auth.secrets, "token_hex", lambda _size: next(draws))
    store = harness.services.store
    names = [auth.new_guest(store).name, auth.new_guest(store).name]
    assert names == ["guest-c0ffee", "guest-beef00"]
