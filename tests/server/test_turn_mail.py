"""Turn-based play: the games where it is your turn come first, and a player who gave an
address (confirmed through the link mailed to it) gets one digest of their waiting turns
through a real SMTP server (aiosmtpd on a loopback port), and nothing once they clicked
unsubscribe."""

from __future__ import annotations

import re
from collections.abc import Iterator
from email import message_from_bytes
from email.message import Message
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session
from sqlalchemy import select, update

from kaido.server.db import TurnRow
from kaido.server.turns import Told
from tests.server.harness import Harness, ManualClock, Player, wait_for
from tests.server.live import free_port

DAY = 24 * 3600
PUBLIC = "http://kaido.example"


class Inbox:
    """An aiosmtpd handler keeping every message it is given."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_DATA(self, _server: SMTP, _session: Session, envelope: Envelope) -> str:
        assert isinstance(envelope.content, bytes)
        self.messages.append(message_from_bytes(envelope.content))
        return "250 OK"


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    handler = Inbox()
    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    yield handler, port
    controller.stop()


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def server(tmp_path: Path, clock: ManualClock, inbox: tuple[Inbox, int]) -> Iterator[Harness]:
    settings: dict[str, Any] = {
        "clock": clock,
        "duty_seconds": DAY,
        "smtp_host": "127.0.0.1",
        "smtp_port": inbox[1],
        "public_url": PUBLIC,
        "digest_minutes": 60,
    }
    with Harness(tmp_path, **settings) as running:
        yield running


def body_of(message: Message) -> str:
    payload = message.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode(message.get_content_charset() or "utf-8")


def link_in(message: Message, path: str) -> str:
    found = re.search(rf"{re.escape(PUBLIC)}{path}(\S+)", body_of(message))
    assert found, body_of(message)
    return found.group(1)


def turn_based_table(ann: Player, bob: Player) -> str:
    table = ann.create(["human", "human"], move_seconds=3 * DAY)
    assert bob.join(table).status_code == 200
    return table


def end_turn(player: Player, table: str) -> None:
    """Draw, then end the turn (tiny's two decisions of a turn)."""
    for _ in range(2):
        state = player.state(table)
        response = player.act(table, state["legal"][0]["action"], move=state["version"])
        assert response.status_code == 200, response.text


def mail_round(server: Harness, clock: ManualClock, hours: float) -> None:
    server.services.turns.flush()
    clock.advance(hours * 3600)
    server.services.duties.run_once()


def test_the_games_where_it_is_your_turn_come_first(server: Harness) -> None:
    ann, bob = server.player("Ann"), server.player("Bob")
    first, second = turn_based_table(ann, bob), turn_based_table(ann, bob)
    end_turn(ann, first)  # Bob's turn at the first table, Ann's at the second
    server.services.turns.flush()
    listed = ann.get("/api/tables?status=playing&mine=true").json()["tables"]
    assert [(t["id"], t["my_turn"]) for t in listed] == [(second, True), (first, False)]
    assert [t["id"] for t in ann.get("/api/turns").json()["tables"]] == [second]
    assert [t["id"] for t in bob.get("/api/turns").json()["tables"]] == [first]
    assert listed[0]["move_seconds"] == 3 * DAY


def test_one_digest_of_waiting_turns_and_none_after_unsubscribing(
    server: Harness, clock: ManualClock, inbox: tuple[Inbox, int]
) -> None:
    mails, _port = inbox
    ann, bob = server.player("Ann"), server.player("Bob")
    settings = ann.post("/api/mail", {"address": "ann@example.org", "lang": "en"}).json()
    assert settings["available"] and not settings["confirmed"]
    wait_for(lambda: len(mails.messages) == 1, what="the confirmation mail")
    confirmation = mails.messages.pop()
    assert confirmation["To"] == "ann@example.org"
    token = link_in(confirmation, "/mail/confirm/")
    assert ann.post("/api/mail/confirm", {"token": token}).json()["confirmed"]
    assert ann.post("/api/mail/confirm", {"token": token + "x"}).status_code == 400

    tables = [turn_based_table(ann, bob) for _ in range(2)]  # Ann's turn at both
    mail_round(server, clock, 0.5)
    assert mails.messages == []  # not yet: a turn is mailed after an hour
    mail_round(server, clock, 0.6)
    assert len(mails.messages) == 1  # one digest for both tables
    digest = mails.messages.pop()
    assert digest["To"] == "ann@example.org" and "2 game" in digest["Subject"]
    assert all(f"{PUBLIC}/table/{table}" in body_of(digest) for table in tables)
    mail_round(server, clock, 5)
    assert mails.messages == []  # those turns were told; Bob gave no address

    # Bob moves at one table and gives the turn back: a new turn, mailed once more.
    end_turn(ann, tables[0])
    end_turn(bob, tables[0])
    mail_round(server, clock, 2)
    assert len(mails.messages) == 1 and f"/table/{tables[0]}" in body_of(mails.messages[0])
    unsubscribe = mails.messages.pop()["List-Unsubscribe"].strip("<>")
    assert unsubscribe.startswith(f"{PUBLIC}/api/mail/unsubscribe/")
    assert unsubscribe.split("/")[-1] == link_in(digest, "/mail/unsubscribe/")
    # The one click, as a mail program makes it (RFC 8058): no session, no page.
    one_click = server.anonymous().http.post(
        unsubscribe.removeprefix(PUBLIC), content=b"List-Unsubscribe=One-Click"
    )
    assert one_click.status_code == 200, one_click.text
    assert ann.get("/api/mail").json()["turn_mail"] is False

    end_turn(ann, tables[0])
    end_turn(bob, tables[0])
    mail_round(server, clock, 5)
    assert mails.messages == []


def test_addresses_are_checked_and_mail_needs_a_server(tmp_path: Path) -> None:
    with Harness(tmp_path) as server:
        ann = server.player("Ann")
        assert ann.get("/api/mail").json()["available"] is False
        refused = ann.post("/api/mail", {"address": "ann@example.org"})
        assert refused.status_code == 409 and "--smtp-host" in refused.json()["error"]
    with Harness(tmp_path, smtp_host="127.0.0.1", smtp_port=free_port()) as server:
        ann = server.returning(ann)
        bad = ann.post("/api/mail", {"address": "not an address"})
        assert bad.status_code == 400 and "not a mail address" in bad.json()["error"]
        away = ann.post("/api/mail", {"address": "ann@example.org"})  # nobody listens there
        assert away.status_code == 503 and "could not be sent" in away.json()["error"]


def test_a_turn_told_again_keeps_its_start_and_its_mail(tmp_path: Path, database_url: str) -> None:
    """The turns' writer: the same person told again (a replay after a restart) keeps when
    their turn began and whether it was mailed; a new turn, another person, or no one (a bot
    decides) changes the row. On SQLite and on PostgreSQL, whose upserts differ."""
    with Harness(tmp_path, database_url) as server:
        ann, bob = server.player("Ann"), server.player("Bob")
        table = turn_based_table(ann, bob)
        turns = server.services.turns
        turns.flush()

        def row() -> tuple[int, float, bool] | None:
            query = select(TurnRow.user_id, TurnRow.since, TurnRow.mailed)
            with turns.engine.connect() as connection:
                found = connection.execute(query.where(TurnRow.table_id == table)).one_or_none()
            return None if found is None else (found.user_id, found.since, found.mailed)

        began = row()
        assert began is not None and began[0] == ann.id and not began[2]
        with turns.engine.begin() as connection:
            connection.execute(update(TurnRow).values(mailed=True))
        since = began[1]
        turns._write({table: Told(ann.id, since + 60, renewed=False)})
        assert row() == (ann.id, since, True)
        turns._write({table: Told(ann.id, since + 120, renewed=True)})
        assert row() == (ann.id, since + 120, False)
        turns._write({table: Told(bob.id, since + 180, renewed=False)})
        assert row() == (bob.id, since + 180, False)
        turns._write({table: Told(None, since + 240, renewed=False)})
        assert row() is None
        turns._write({table: Told(ann.id, since + 300, renewed=False)})
        assert row() == (ann.id, since + 300, False)
