"""The web application under attack: each test replays one probe of the security review
(issue 12) that succeeded against the server before it was fixed, and checks it now fails.
No test measures time: floods and slow bots are checked by what the server does about them
(refusals, separate pools, called-off searches); bench/ measures the latency."""

from __future__ import annotations

import asyncio
import contextlib
import json
import linecache
import os
import signal
import sqlite3
import sys
import threading
import unicodedata
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx2
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, make_url, text
from starlette.websockets import WebSocketDisconnect

from kaido.server.app import SocketSubscriber
from kaido.server.errors import TooMany
from kaido.server.limits import SocketRate
from tests.server.harness import PASSWORD, Harness, wait_for
from tests.server.live import LiveServer
from tests.server.services import POSTGRES_URL, fresh_postgres_database
from tests.server.test_crash_restart import browser, state

# ---- helpers -------------------------------------------------------------------------------


def run_in_thread(call: Callable[[], Any]) -> tuple[threading.Thread, list[Any]]:
    """Start `call` on a thread; the list gets its result or the exception it raised."""
    outcome: list[Any] = []

    def run() -> None:
        try:
            outcome.append(call())
        except Exception as error:
            outcome.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, outcome


def innermost(thread: threading.Thread) -> tuple[str, str, list[str]]:
    """Where `thread` is now: its innermost file, that line's text, and its call stack."""
    frame = sys._current_frames().get(thread.ident or -1)
    if frame is None:
        return "", "", []
    where = (frame.f_code.co_filename, linecache.getline(frame.f_code.co_filename, frame.f_lineno))
    names = []
    while frame is not None:
        names.append(frame.f_code.co_name)
        frame = frame.f_back
    return where[0], where[1], names


def waiting_for_table_lock(thread: threading.Thread) -> bool:
    filename, line, _stack = innermost(thread)
    return filename.endswith("kaido/server/tables.py") and ".lock" in line


# ---- 1. bots are named levels with a time cap; clocks never wait for them ---------------


def test_bot_specs_are_refused_only_levels_are_seated(harness: Harness) -> None:
    ann = harness.player("Ann")
    for spec in ("mcts:time=100000", "mcts:iterations=999999999", "ismcts:worlds=9999", "random"):
        body = {"game": "tiny", "seats": [{"kind": "human"}, {"kind": "bot", "bot": spec}]}
        response = ann.post("/api/tables", body)
        assert response.status_code == 400, response.text
        assert "easy, normal, strong" in response.json()["error"]
    assert ann.get("/api/tables?status=open&mine=true").json()["tables"] == []
    games = {game["id"]: game for game in ann.get("/api/games").json()["games"]}
    levels = games["tiny"]["bots"]
    assert [level["level"] for level in levels] == ["easy", "normal", "strong"]
    assert all(0 <= level["seconds"] <= harness.settings.bot_seconds for level in levels)
    assert all(level["help"]["en"] and level["help"]["ja"] for level in levels)


def test_a_stored_raw_spec_plays_a_capped_level_after_a_restart(tmp_path: Path) -> None:
    with Harness(tmp_path) as first:
        ann = first.player("Ann")
        table = ann.create(["human", "easy"])
        ann.act(table, ["draw"], move=0)
    # What an older server stored for a seat given as a spec: a search that never ends.
    database = sqlite3.connect(tmp_path / "kaido.sqlite3")
    with database:
        database.execute("UPDATE seats SET bot = 'mcts:time=100000' WHERE table_id = ?", (table,))
    database.close()
    with Harness(tmp_path) as second:
        again = second.returning(ann)
        assert again.act(table, ["end"], move=1).status_code == 200
        wait_for(lambda: again.state(table)["to_move"] == 0, what="the bot's move")


def test_a_search_is_cut_at_the_cap_whatever_its_level_asks(tmp_path: Path) -> None:
    levels = {"strong": "mcts:time=100000"}
    with Harness(tmp_path, bot_levels=levels, bot_seconds=0.5) as harness:
        ann = harness.player("Ann")
        table = ann.create(["human", "strong"])
        ann.act(table, ["draw"], move=0)
        ann.act(table, ["end"], move=1)
        wait_for(lambda: ann.state(table)["to_move"] == 0, what="the capped bot's move")


def thinking(harness: Harness, table: str, version: int | None = None) -> bool:
    """A bot searches at `table` (at move counter `version`, if given)."""
    runtime = harness.services.tables.get(table)
    return runtime.bot_stop is not None and version in (None, runtime.info.version)


def test_clocks_run_out_while_every_bot_worker_is_busy(tmp_path: Path) -> None:
    levels = {"strong": "mcts:time=600"}
    with Harness(tmp_path, bot_levels=levels, bot_seconds=600, bot_workers=1) as harness:
        ann, bob, cid = harness.player("Ann"), harness.player("Bob"), harness.player("Cid")
        slow = ann.create(["human", "strong"])
        ann.act(slow, ["draw"], move=0)
        ann.act(slow, ["end"], move=1)
        # The bot draws (its only choice), then searches what to bank.
        wait_for(lambda: thinking(harness, slow, 3), what="the bot to think")
        clocked = bob.create(["human", "human"], move_seconds=1)
        cid.join(clocked)
        # The only bot worker is thinking for ten minutes: Bob's clock runs out anyway.
        wait_for(lambda: bob.state(clocked)["seats"][0]["timed_out"], what="Bob's clock")
        # Stopping the server calls the search off instead of waiting for it.
        closing, _ = run_in_thread(harness.services.tables.close)
        closing.join(timeout=60)
        assert not closing.is_alive()
        assert ann.state(slow)["version"] == 3  # the called-off bot did not move


def test_a_seat_taken_back_calls_off_the_bot_thinking_for_it(tmp_path: Path) -> None:
    settings: dict[str, Any] = {"takeover_bot": "mcts:time=600", "bot_seconds": 600}
    with Harness(tmp_path, bot_workers=1, **settings) as harness:
        ann, bob = harness.player("Ann"), harness.player("Bob")
        table = ann.create(["human", "human"], move_seconds=1)
        bob.join(table)
        # Ann's clock runs out; the takeover bot draws for her (her only choice), then
        # searches what to bank (ten minutes at most).
        wait_for(lambda: thinking(harness, table, 1), what="the takeover bot to think")
        assert ann.post(f"/api/tables/{table}/take-back").status_code == 200
        assert not thinking(harness, table)
        # The only bot process is free again at once (the search stopped).
        wait_for(lambda: harness.services.thinkers.busy() == 0, what="the search to stop")
        assert ann.state(table)["version"] == 1  # the called-off bot did not move for Ann


def test_a_user_holds_a_bounded_number_of_unfinished_tables(tmp_path: Path) -> None:
    with Harness(tmp_path, max_tables_per_user=3) as harness:
        ann = harness.player("Ann")
        for _ in range(3):
            ann.create(["human", "human"])
        refused = ann.post(
            "/api/tables", {"game": "tiny", "seats": [{"kind": "human"}, {"kind": "human"}]}
        )
        assert refused.status_code == 429, refused.text
        assert refused.json()["code"] == "too_many" and int(refused.headers["retry-after"]) > 0
        assert len(ann.get("/api/tables?status=open&mine=true").json()["tables"]) == 3


# ---- 3. a move queued behind a failed commit -----------------------------------------------


def test_a_move_queued_behind_a_failed_commit_is_refused(tmp_path: Path, database_url: str) -> None:
    sqlite = database_url.startswith("sqlite")
    with Harness(tmp_path, database_url) as harness:
        ann, bob = harness.player("Ann"), harness.player("Bob")
        table = ann.create(["human", "human"])
        bob.join(table)
        tables, user = harness.services.tables, harness.services.store.user(ann.id)
        assert user is not None
        engine = harness.services.store.engine
        with engine.begin() as connection:  # the database will refuse move 1, and only it
            for statement in REFUSE_FIRST_SQLITE if sqlite else REFUSE_FIRST_POSTGRES:
                connection.execute(text(statement))
        # Another connection holds the actions table, so move 1's commit waits...
        blocker = create_engine(database_url).connect()
        blocker.execute(
            text("BEGIN IMMEDIATE" if sqlite else "LOCK TABLE actions IN EXCLUSIVE MODE")
        )
        first, first_outcome = run_in_thread(lambda: tables.act(user, table, ["draw"], 0))
        wait_for(lambda: "commit" in innermost(first)[2], what="move 1's commit")
        # ...while move 2, chosen as if move 1 had gone through, queues behind it.
        second, second_outcome = run_in_thread(lambda: tables.act(user, table, ["end"], 1))
        wait_for(lambda: all(waiting_for_table_lock(second) for _ in range(20)), what="queue")
        blocker.execute(text("ROLLBACK" if sqlite else "COMMIT"))
        blocker.close()
        first.join(timeout=60)
        second.join(timeout=60)
        assert getattr(first_outcome[0], "code", None) == "unavailable"
        assert getattr(second_outcome[0], "code", None) == "stale"
        assert harness.services.store.actions(table) == []
        with engine.begin() as connection:
            connection.execute(text("DROP TRIGGER refuse" + ("" if sqlite else " ON actions")))
        assert ann.state(table)["version"] == 0
        assert ann.act(table, ["draw"], move=0).status_code == 200
        assert ann.act(table, ["end"], move=1).status_code == 200
        assert harness.services.store.actions(table) == [["draw"], ["end"]]


REFUSE_FIRST_SQLITE = (
    "CREATE TRIGGER refuse BEFORE INSERT ON actions WHEN NEW.ply = 1 "
    "BEGIN SELECT RAISE(ABORT, 'disk full'); END",
)
REFUSE_FIRST_POSTGRES = (
    "CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$ "
    "LANGUAGE plpgsql",
    "CREATE TRIGGER refuse BEFORE INSERT ON actions FOR EACH ROW WHEN (NEW.ply = 1) "
    "EXECUTE FUNCTION refuse()",
)


# ---- 2. a login flood ----------------------------------------------------------------------


def flood(harness: Harness, count: int, address: str, body: Callable[[int], Any]) -> list[Any]:
    """`count` sign-ins at once from one client address; their responses."""
    responses: list[Any] = [None] * count
    start = threading.Barrier(count)

    def attempt(n: int) -> None:
        client = TestClient(harness.app, client=(address, 40000 + n))
        start.wait()
        responses[n] = client.post("/api/login", json=body(n))

    threads = [threading.Thread(target=attempt, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return responses


def test_a_login_flood_is_refused_and_hashed_apart_from_moves(harness: Harness) -> None:
    ann, bob = harness.player("Ann"), harness.player("Bob")
    table = ann.create(["human", "human"])
    bob.join(table)
    mover, moved = run_in_thread(lambda: ann.act(table, ["draw"], move=0))
    wrong = flood(harness, 100, "203.0.113.9", lambda n: {"name": f"x{n}", "password": "wrong!!!"})
    mover.join()
    assert moved[0].status_code == 200  # the move went through during the flood
    statuses = [response.status_code for response in wrong]
    assert statuses.count(401) <= 20  # the address's burst; the others were not hashed
    refused = [response for response in wrong if response.status_code == 429]
    assert len(refused) >= 80
    assert all(int(response.headers["retry-after"]) >= 1 for response in refused)
    assert all(response.json()["code"] == "too_many" for response in refused)
    hashing = harness.services.hashing
    assert hashing.peak <= hashing.capacity and hashing.in_flight == 0
    hashers = [t.name for t in threading.enumerate() if t.name.startswith("kaido-hash")]
    assert 1 <= len(hashers) <= harness.settings.hash_workers


def test_guessing_a_name_is_limited_per_address_and_never_locks_its_owner_out(
    harness: Harness,
) -> None:
    """Issue 35, finding 5: failures count against the name from that address only."""
    harness.player("Ann")
    guesser = TestClient(harness.app, client=("198.51.100.7", 1))
    guesses = [
        guesser.post("/api/login", json={"name": "ANN", "password": f"guess {n}"}) for n in range(8)
    ]
    # Five failures a name from one address at once, then one every 12 seconds.
    assert [g.status_code for g in guesses[:5]] == [401] * 5
    assert all(g.status_code == 429 and g.headers["retry-after"] for g in guesses[5:])
    # Ann, from her own address, signs in at once; another name from the guesser's too.
    owner = TestClient(harness.app, client=("192.0.2.44", 1))
    assert owner.post("/api/login", json={"name": "Ann", "password": PASSWORD}).status_code == 200
    harness.player("Bob")
    other = guesser.post("/api/login", json={"name": "Bob", "password": "not his"})
    assert other.status_code == 401


# ---- 4. sessions end for good --------------------------------------------------------------


def test_a_cookie_copied_before_logout_is_no_session(harness: Harness) -> None:
    ann = harness.player("Ann")
    copied = harness.returning(ann)
    table = ann.create(["human", "human"])
    assert copied.get("/api/me").json()["user"]["name"] == "Ann"
    with copied.socket(table) as socket:
        socket.receive_json()
        assert ann.post("/api/logout").json() == {"user": None}
        assert copied.get("/api/me").json()["user"] is None
        assert copied.post(f"/api/tables/{table}/leave").status_code == 401
        # A socket opened before the logout acts for no one either.
        socket.send_json({"type": "undo", "move": 0, "id": 7})
        assert socket.receive_json()["code"] == "not_signed_in"


def test_a_new_password_ends_every_other_session(harness: Harness) -> None:
    ann = harness.player("Ann")
    elsewhere = harness.anonymous()  # Ann signed in on another device
    assert elsewhere.post("/api/login", {"name": "Ann", "password": PASSWORD}).status_code == 200
    changed = ann.post("/api/password", {"password": PASSWORD, "new_password": "a new secret"})
    assert changed.status_code == 200, changed.text
    assert ann.get("/api/me").json()["user"]["name"] == "Ann"
    assert elsewhere.get("/api/me").json()["user"] is None
    old = harness.anonymous().post("/api/login", {"name": "Ann", "password": PASSWORD})
    assert old.status_code == 401
    new = harness.anonymous().post("/api/login", {"name": "Ann", "password": "a new secret"})
    assert new.status_code == 200
    wrong = ann.post("/api/password", {"password": "not it at all", "new_password": "whatever1"})
    assert wrong.status_code == 401 and wrong.json()["error"] == "wrong password"


# ---- 5. names that look alike are one name -------------------------------------------------


def test_names_differing_by_case_width_or_look_alike_letters_are_taken(
    harness: Harness,
) -> None:
    harness.player("Anna")
    for twin in ("anna", "ANNA", "Аnnа", "Ａｎｎａ", " Anna "):  # Cyrillic А and а; full width
        response = harness.anonymous().post("/api/register", {"name": twin, "password": PASSWORD})
        assert response.status_code == 400 and "taken" in response.json()["error"], twin
    for typed in ("anna", "ANNA", "Аnnа"):
        signed = harness.anonymous().post("/api/login", {"name": typed, "password": PASSWORD})
        assert signed.json()["user"]["name"] == "Anna", typed


def test_a_decomposed_name_signs_in_either_way(harness: Harness) -> None:
    decomposed = unicodedata.normalize("NFD", "José")
    harness.player(decomposed)
    for typed in ("José", decomposed, "JOSÉ"):
        signed = harness.anonymous().post("/api/login", {"name": typed, "password": PASSWORD})
        assert signed.status_code == 200, typed
        assert signed.json()["user"]["name"] == "José"


def test_accounts_of_an_older_database_get_name_keys(tmp_path: Path) -> None:
    with Harness(tmp_path) as first:
        first.player("Ann")
        first.player("Bob")
    # Before names had keys, "ann" could be registered beside "Ann" (and never sign in).
    database = sqlite3.connect(tmp_path / "kaido.sqlite3")
    with database:
        database.execute(OLD_USERS)
        database.execute(
            "INSERT INTO old_users SELECT id, name, password_hash, is_guest, created_at FROM users"
        )
        database.execute("DROP TABLE users")
        database.execute("ALTER TABLE old_users RENAME TO users")
        database.execute("UPDATE users SET name = 'ann' WHERE name = 'Bob'")
    database.close()
    with Harness(tmp_path) as second:
        signed = second.anonymous().post("/api/login", {"name": "ANN", "password": PASSWORD})
        assert signed.json()["user"]["name"] == "Ann"
        taken = second.anonymous().post("/api/register", {"name": "aNN", "password": PASSWORD})
        assert "taken" in taken.json()["error"]


OLD_USERS = """CREATE TABLE old_users (
    id INTEGER NOT NULL, name VARCHAR(40) NOT NULL, password_hash VARCHAR(200),
    is_guest BOOLEAN NOT NULL, created_at FLOAT NOT NULL, PRIMARY KEY (id), UNIQUE (name))"""


# ---- 6. guests and tables in bulk ----------------------------------------------------------


def test_guests_from_one_address_are_limited_and_idle_ones_removed(harness: Harness) -> None:
    browser = TestClient(harness.app, client=("192.0.2.7", 1))
    made = [browser.post("/api/guest") for _ in range(12)]
    assert [r.status_code for r in made[:10]] == [200] * 10
    assert all(r.status_code == 429 and r.headers["retry-after"] for r in made[10:])
    player = harness.anonymous()
    player.post("/api/guest")
    table = player.create(["human", "human"])
    store = harness.services.store
    with store.engine.begin() as connection:  # a day and more later
        connection.execute(text("UPDATE users SET created_at = created_at - 90000"))
    harness.services.housekeeping()
    with store.engine.connect() as connection:
        guests = connection.execute(text("SELECT count(*) FROM users WHERE is_guest")).scalar()
    assert guests == 1  # only the one who made a table is kept
    assert browser.get("/api/me").json()["user"] is None
    assert player.get("/api/me").json()["user"]["guest"]
    assert player.state(table)["seats"][0]["user_id"] is not None


def guests_from(server: LiveServer, forwarded: list[str]) -> list[int]:
    """Statuses of guest sign-ups sent from 127.0.0.1, each claiming to be forwarded for
    an address of `forwarded`."""
    with httpx2.Client(base_url=server.url, timeout=10) as client:
        return [
            client.post("/api/guest", headers={"x-forwarded-for": address}).status_code
            for address in forwarded
        ]


def test_x_forwarded_for_is_believed_only_from_proxies_named_in_the_settings(
    tmp_path: Path,
) -> None:
    """Issue 35, finding 6: a local process naming its own address escaped every limit per
    address; only a proxy given by --forwarded-allow-ips is believed."""
    addresses = [f"203.0.113.{n}" for n in range(12)]
    with LiveServer(tmp_path / "plain") as server:
        assert guests_from(server, addresses) == [200] * 10 + [429] * 2
    with LiveServer(tmp_path / "proxied", options=("--forwarded-allow-ips", "127.0.0.1")) as server:
        assert guests_from(server, addresses) == [200] * 12
        assert guests_from(server, ["198.51.100.1"] * 11) == [200] * 10 + [429]


# ---- 7. other sites' pages -----------------------------------------------------------------


def test_state_changes_from_another_site_are_refused(harness: Harness) -> None:
    visitor = harness.anonymous()
    cross_site = [
        {"origin": "https://evil.example"},
        {"origin": "null"},
        {"sec-fetch-site": "cross-site"},
        {"sec-fetch-site": "same-site", "origin": "https://game.testserver"},
    ]
    for headers in cross_site:
        response = visitor.http.post("/api/guest", headers=headers)
        assert response.status_code == 403 and response.json()["code"] == "forbidden", headers
        assert "set-cookie" not in response.headers
    assert visitor.get("/api/me").json()["user"] is None
    same = {"origin": "http://testserver", "sec-fetch-site": "same-origin"}
    assert visitor.http.post("/api/guest", headers=same).status_code == 200


# ---- 8. hostile WebSocket messages ---------------------------------------------------------


def test_binary_deep_and_flooding_socket_messages_are_refused_cleanly(
    harness: Harness, caplog: Any
) -> None:
    ann = harness.player("Ann")
    table = ann.create(["human", "human"])
    with ann.socket(table) as socket:
        socket.receive_json()
        socket.send_bytes(b'{"type": "ping"}')
        binary = socket.receive_json()
        assert binary["code"] == "bad_request" and "text" in binary["error"]
        socket.send_text("[" * 30_000 + "]" * 30_000)
        deep = socket.receive_json()
        assert deep["code"] == "bad_request" and "JSON" in deep["error"]
        for n in range(1000):
            socket.send_json({"type": "undo", "move": 99, "id": n})
        answers = []
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(1000):
                answers.append(socket.receive_json())
        # Refused beyond the rate; a client that never slows down is cut off.
        assert {a["code"] for a in answers} == {"conflict", "too_many"}  # not started
        assert sum(a["code"] == "too_many" for a in answers) >= 100
        assert closed.value.code == 4429
    assert not any(record.exc_info for record in caplog.records)
    assert "internal" not in caplog.text


def test_a_sockets_messages_are_counted_per_second_and_connection() -> None:
    now = [1000.2]
    rate = SocketRate(clock=lambda: now[0])
    for _ in range(SocketRate.LIMIT):
        rate.take("a")
    with pytest.raises(TooMany):
        rate.take("a")
    rate.take("b")  # another connection has a count of its own
    now[0] = 1001.0  # the next second starts afresh
    rate.take("a")
    for _ in range(SocketRate.LIMIT - 1):
        rate.take("a")
    with pytest.raises(TooMany):
        rate.take("a")
    rate.forget("a")
    rate.take("a")


# ---- 9. the database away ------------------------------------------------------------------


def test_a_postgres_outage_answers_503_in_the_documented_shape(tmp_path: Path) -> None:
    with fresh_postgres_database() as url, Harness(tmp_path, url) as harness:
        ann = harness.player("Ann")
        again = harness.anonymous()
        assert again.post("/api/login", {"name": "Ann", "password": PASSWORD}).status_code == 200
        name = make_url(url).database
        admin = create_engine(os.environ[POSTGRES_URL], isolation_level="AUTOCOMMIT")
        with admin.connect() as connection:
            connection.execute(text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false'))
            connection.execute(
                text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = :n"),
                {"n": name},
            )
        try:
            for response in (again.get("/api/me"), ann.get("/api/tables?status=open")):
                assert response.status_code == 503, response.text
                assert response.json()["code"] == "unavailable"
        finally:
            with admin.connect() as connection:
                connection.execute(text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true'))
            admin.dispose()
        assert again.get("/api/me").json()["user"]["name"] == "Ann"


# ---- 11. memory is bounded -----------------------------------------------------------------


def test_tables_and_replays_in_memory_are_bounded(tmp_path: Path) -> None:
    with Harness(tmp_path, max_tables_in_memory=3, replay_caches=2) as harness:
        ann = harness.player("Ann")
        finished = [ann.create(["easy", "easy"], my_seat=None) for _ in range(5)]
        for table in finished:
            wait_for(lambda t=table: ann.state(t)["status"] == "finished", what="bot games")
        first_steps = ann.get(f"/api/tables/{finished[0]}/replay/3").json()
        for table in finished:
            assert ann.get(f"/api/tables/{table}/replay/3").status_code == 200
        tables = harness.services.tables
        assert tables.replays_in_memory() <= 2
        # Tables whose bots were playing stayed; housekeeping frees those beyond the bound.
        harness.services.housekeeping()
        assert tables.in_memory() <= 3
        assert ann.get(f"/api/tables/{finished[0]}/replay/3").json() == first_steps
        assert tables.evict_idle() == 0  # none idle for half an hour yet
        harness.settings.idle_table_seconds = 0
        assert tables.evict_idle() >= 1 and tables.in_memory() == 0
        assert ann.state(finished[4])["status"] == "finished"


# ---- 12. WebSocket watchers are bounded ----------------------------------------------------


def test_sockets_are_bounded_per_client_and_per_table(tmp_path: Path) -> None:
    with Harness(tmp_path, sockets_per_client=3, sockets_per_table=4) as harness:
        ann, bob = harness.player("Ann"), harness.player("Bob")
        table = ann.create(["human", "human"])
        with contextlib.ExitStack() as stack:
            for _ in range(3):
                stack.enter_context(ann.socket(table)).receive_json()
            with ann.socket(table) as fourth:
                refused = fourth.receive_json()
                assert refused["code"] == "too_many"
            stack.enter_context(bob.socket(table)).receive_json()
            with bob.socket(table) as fifth:  # Bob's second: the table's fifth
                assert fifth.receive_json()["code"] == "too_many"
        with ann.socket(table) as again:  # closed sockets no longer count
            assert again.receive_json()["type"] == "state"


def test_a_slow_socket_is_told_to_reconnect_not_queued_for_ever() -> None:
    def overflow() -> SocketSubscriber:
        loop = asyncio.new_event_loop()
        try:
            subscriber = SocketSubscriber(loop, None, "en")
            for n in range(SocketSubscriber.QUEUE * 3):
                subscriber.send({"type": "state", "version": n})
            loop.run_until_complete(asyncio.sleep(0))
            return subscriber
        finally:
            loop.close()

    # A thread of its own: a browser test in this worker may leave its loop running here.
    with ThreadPoolExecutor(1) as pool:
        subscriber = pool.submit(overflow).result()
    assert subscriber.overflowed
    assert subscriber.queue.qsize() == 1
    reconnect = json.loads(subscriber.queue.get_nowait())
    assert reconnect == {"type": "reconnect", "reason": "too slow to keep up"}


# ---- 13. answers in the documented shape; only the client's files --------------------------


def test_routing_and_parse_errors_have_the_documented_shape(harness: Harness) -> None:
    ann = harness.player("Ann")
    answers = [
        ann.get("/api/nosuch"),
        ann.http.delete("/api/me"),
        ann.http.post(
            "/api/login", content=b"\xff\xfe{", headers={"content-type": "application/json"}
        ),
        ann.http.post("/api/login", content=b"name=a", headers={"content-type": "text/plain"}),
    ]
    for response in answers:
        body = response.json()
        assert set(body) == {"error", "code"}, body
        assert 400 <= response.status_code < 500
    assert answers[0].json()["code"] == "not_found"


def test_static_serves_only_the_clients_assets(harness: Harness) -> None:
    client = harness.anonymous()
    assert client.get("/static/app.js").status_code == 200
    for path in ("/static/__init__.py", "/static/__pycache__/", "/static/boards/../__init__.py"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert "import" not in response.text


# ---- 10. SIGTERM while a bot thinks --------------------------------------------------------


def test_sigterm_stops_the_server_at_once_while_a_bot_thinks(tmp_path: Path) -> None:
    options = ("--bot-level", "strong=mcts:time=600", "--bot-seconds", "600")
    server = LiveServer(tmp_path / "data", options=options)
    with server:
        ann = browser(server, "Ann")
        body = {"game": "tiny", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "strong"}]}
        table = ann.post("/api/tables", json=body).json()["table"]["id"]
        for move, action in enumerate([["draw"], ["end"]]):
            played = ann.post(f"/api/tables/{table}/act", json={"action": action, "move": move})
            assert played.status_code == 200
        # The bot draws (its only choice), then searches for up to ten minutes.
        wait_for(lambda: state(ann, table)["version"] == 3, what="the bot's draw")
        assert server.process is not None
        server.process.send_signal(signal.SIGTERM)
        # Shut down in seconds, not ten minutes (uvicorn re-raises the signal once done).
        assert server.process.wait(timeout=60) in (0, -signal.SIGTERM)
        server.process = None
        server.start()
        after = state(ann, table)
        assert after["version"] == 3 and after["to_move"] == 1  # nothing lost
