"""Turn mail: a player who gave an address (and opened the link mailed to it) and asked for
it gets a digest of the tables where it is their turn: a turn waiting `digest_minutes` is
mailed once, and a player gets at most one mail each `digest_minutes`, however many turns
it lists. Every mail has a one-click unsubscribe: a link to a page with one button, and the
`List-Unsubscribe` headers that let a mail program do it (RFC 8058).

Mail goes through the SMTP server named to `kaido serve` (`--smtp-host` ...); without one no
address is asked for. The digest runs in one process (kaido/server/duties.py).
"""

from __future__ import annotations

import logging
import re
import smtplib
import time
from collections.abc import Callable
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage
from typing import Any

from fastapi import FastAPI, Request
from itsdangerous import BadSignature, URLSafeSerializer
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import Engine, select, update
from sqlalchemy.orm import Session

from kaido.core.game import LANGS
from kaido.games import get_game
from kaido.server.config import Settings
from kaido.server.db import MailRow, TableRow, TurnRow
from kaido.server.errors import BadRequest, Conflict, NotFound, TooMany, Unavailable
from kaido.server.store import User

log = logging.getLogger("kaido.server")

ADDRESS = re.compile(r"[^@\s<>\"',;]+@[^@\s<>\"',;]+\.[^@\s<>\"',;]+")
"""What is taken for an address: a local part, @, a domain with a dot (the confirmation
mail proves the rest)."""
MAIL_POLICY = policy.SMTP.clone(max_line_length=998)
"""Headers folded only past RFC 5322's limit: a long List-Unsubscribe link stays one line
(folding it at 78 made an encoded word that mail programs do not read as a link)."""
RETRY_SECONDS = 300.0
"""After the SMTP server failed, how long before mail is tried again."""
CONFIRM_EVERY = 60.0
"""One confirmation mail a minute per account at most: the address field mails others."""

TEXTS = {
    "en": {
        "confirm_subject": "Kaido: confirm your address",
        "confirm_body": "Someone (you, we hope) asked Kaido to mail this address when it is "
        "their turn. To confirm, open:\n\n{link}\n\nIf it was not you, ignore this mail; "
        "nothing more will be sent.",
        "digest_subject": "Kaido: your turn in {n} game(s)",
        "digest_body": "It is your turn in:\n\n{lines}\n\nNo more of these mails: {link}",
        "line": "- {game}, since {since}: {url}",
    },
    "ja": {
        "confirm_subject": "Kaido: メールアドレスの確認",
        "confirm_body": "Kaido で手番をこのアドレスに知らせる設定がされました。確認するには"
        "次を開いてください:\n\n{link}\n\n心当たりがなければ、このメールは無視してください。"
        "これ以上は送られません。",
        "digest_subject": "Kaido: {n}件のゲームであなたの番です",
        "digest_body": "あなたの番です:\n\n{lines}\n\n今後このメールを受け取らない: {link}",
        "line": "- {game}（{since}から）: {url}",
    },
}


class MailIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    address: str | None = Field(default=None, max_length=254)
    """None or empty: forget the address."""
    turn_mail: bool = True
    lang: str = "en"


class TokenIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    token: str = Field(max_length=400)


@dataclass(frozen=True)
class Turn:
    table_id: str
    game: str
    since: float


class TurnMail:
    def __init__(self, engine: Engine, settings: Settings) -> None:
        assert settings.secret_key is not None
        self.engine = engine
        self.settings = settings
        self.clock: Callable[[], float] = settings.clock
        self._tokens = URLSafeSerializer(settings.secret_key, salt="kaido-mail")
        self._retry_at = 0.0
        self._confirmations: dict[int, float] = {}
        """When each account was last mailed a confirmation (this process)."""

    @property
    def available(self) -> bool:
        return self.settings.smtp_host is not None

    # ---- a player's settings ------------------------------------------------------------

    def get(self, user: User) -> dict[str, Any]:
        with Session(self.engine) as session:
            row = session.get(MailRow, user.id)
            return self._json(row)

    def _json(self, row: MailRow | None) -> dict[str, Any]:
        return {
            "available": self.available,
            "address": row.address if row else None,
            "confirmed": bool(row and row.confirmed),
            "turn_mail": bool(row and row.turn_mail),
            "digest_minutes": self.settings.digest_minutes,
        }

    def set(self, user: User, body: MailIn) -> dict[str, Any]:
        """Keep the address and the wish; a new address is mailed a link to confirm it."""
        if body.lang not in LANGS:
            raise BadRequest(f"lang is one of {', '.join(LANGS)}")
        address = (body.address or "").strip()
        if address and not self.available:
            raise Conflict("this server sends no mail (it was started without --smtp-host)")
        if address and not ADDRESS.fullmatch(address):
            raise BadRequest(f"{address!r} is not a mail address")
        now = self.clock()
        with Session(self.engine) as session, session.begin():
            row = session.get(MailRow, user.id)
            if not address:
                if row is not None:
                    session.delete(row)
                return self._json(None)
            fresh = row is None or row.address != address
            waited = now - self._confirmations.get(user.id, float("-inf"))
            if fresh and waited < CONFIRM_EVERY:
                raise TooMany("one new address a minute", retry_after=CONFIRM_EVERY - waited)
            if row is None:
                row = MailRow(user_id=user.id, address=address, lang=body.lang, confirmed=False)
                session.add(row)
            row.address, row.lang, row.turn_mail = address, body.lang, body.turn_mail
            if fresh:
                row.confirmed = False
            answer = self._json(row)
        if fresh:
            self._confirmations[user.id] = now
            try:
                self._send_confirmation(user.id, address, body.lang)
            except (OSError, smtplib.SMTPException) as error:
                log.error("a confirmation mail could not be sent: %s", error)
                raise Unavailable("the mail could not be sent; try again later") from None
        return answer

    def confirm(self, token: str) -> dict[str, Any]:
        found = self._read(token, "confirm")
        with Session(self.engine) as session, session.begin():
            row = session.get(MailRow, found["u"])
            if row is None or row.address != found.get("a"):
                raise NotFound("this link is for an address no longer set")
            row.confirmed = True
            return {"address": row.address, "confirmed": True}

    def unsubscribe(self, token: str) -> dict[str, Any]:
        found = self._read(token, "unsubscribe")
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(MailRow).where(MailRow.user_id == found["u"]).values(turn_mail=False)
            )
        return {"turn_mail": False}

    def _token(self, kind: str, user_id: int, address: str | None = None) -> str:
        return str(self._tokens.dumps({"k": kind, "u": user_id, "a": address}))

    def _read(self, token: str, kind: str) -> dict[str, Any]:
        try:
            found = self._tokens.loads(token)
        except BadSignature:
            raise BadRequest("this link is not one of this server's") from None
        if not isinstance(found, dict) or found.get("k") != kind:
            raise BadRequest("this link is not one of this server's")
        return found

    # ---- the digest ---------------------------------------------------------------------

    def tick(self) -> int:
        """Mail each player whose turns have waited long enough; how many mails went."""
        now = self.clock()
        if not self.available or now < self._retry_at:
            return 0
        period = self.settings.digest_minutes * 60
        with Session(self.engine) as session:
            rows = session.execute(
                select(MailRow, TurnRow.table_id, TableRow.game, TurnRow.since)
                .join(TurnRow, TurnRow.user_id == MailRow.user_id)
                .join(TableRow, TableRow.id == TurnRow.table_id)
                .where(
                    MailRow.confirmed.is_(True),
                    MailRow.turn_mail.is_(True),
                    (MailRow.last_sent.is_(None)) | (MailRow.last_sent <= now - period),
                    TableRow.status == "playing",
                    TurnRow.mailed.is_(False),
                    TurnRow.since <= now - period,
                )
                .order_by(MailRow.user_id, TurnRow.since)
            ).all()
        digests: dict[int, tuple[MailRow, list[Turn]]] = {}
        for mail, table_id, game, since in rows:
            digests.setdefault(mail.user_id, (mail, []))[1].append(Turn(table_id, game, since))
        sent = 0
        for mail, turns in digests.values():
            try:
                self._send_digest(mail, turns)
            except (OSError, smtplib.SMTPException) as error:
                log.error("turn mail could not be sent: %s", error)
                self._retry_at = now + RETRY_SECONDS
                break
            with Session(self.engine) as session, session.begin():
                ids = [turn.table_id for turn in turns]
                session.execute(
                    update(TurnRow)
                    .where(TurnRow.table_id.in_(ids), TurnRow.user_id == mail.user_id)
                    .values(mailed=True)
                )
                session.execute(
                    update(MailRow).where(MailRow.user_id == mail.user_id).values(last_sent=now)
                )
            sent += 1
        return sent

    # ---- writing mail -------------------------------------------------------------------

    def _url(self, path: str) -> str:
        return self.settings.public_url.rstrip("/") + path

    def _send_confirmation(self, user_id: int, address: str, lang: str) -> None:
        text = TEXTS[lang]
        link = self._url(f"/mail/confirm/{self._token('confirm', user_id, address)}")
        message = self._message(address, text["confirm_subject"])
        message.set_content(text["confirm_body"].format(link=link))
        self._send(message)

    def _send_digest(self, mail: MailRow, turns: list[Turn]) -> None:
        text = TEXTS[mail.lang if mail.lang in TEXTS else "en"]
        token = self._token("unsubscribe", mail.user_id)
        page = self._url(f"/mail/unsubscribe/{token}")
        lines = "\n".join(
            text["line"].format(
                game=get_game(turn.game).title.get(mail.lang, turn.game),
                since=time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(turn.since)),
                url=self._url(f"/table/{turn.table_id}"),
            )
            for turn in turns
        )
        message = self._message(mail.address, text["digest_subject"].format(n=len(turns)))
        message["List-Unsubscribe"] = f"<{self._url(f'/api/mail/unsubscribe/{token}')}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        message.set_content(text["digest_body"].format(lines=lines, link=page))
        self._send(message)

    def _message(self, to: str, subject: str) -> EmailMessage:
        message = EmailMessage(policy=MAIL_POLICY)
        message["From"] = self.settings.mail_from
        message["To"] = to
        message["Subject"] = subject
        return message

    def _send(self, message: EmailMessage) -> None:
        settings = self.settings
        assert settings.smtp_host is not None
        with smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=30) as smtp:
            if settings.smtp_starttls:
                smtp.starttls()
            if settings.smtp_user:
                smtp.login(settings.smtp_user, settings.smtp_password or "")
            smtp.send_message(message)


def add_mail_routes(app: FastAPI, mail: TurnMail, signed_in: Callable[[Request], User]) -> None:
    @app.get("/api/mail")
    def settings(request: Request) -> dict[str, Any]:
        return mail.get(signed_in(request))

    @app.post("/api/mail")
    def set_settings(body: MailIn, request: Request) -> dict[str, Any]:
        return mail.set(signed_in(request), body)

    @app.post("/api/mail/confirm")
    def confirm(body: TokenIn) -> dict[str, Any]:
        return mail.confirm(body.token)

    @app.post("/api/mail/unsubscribe/{token}")
    def unsubscribe(token: str) -> dict[str, Any]:
        """The one click: from the page's button, or a mail program's POST (RFC 8058)."""
        return mail.unsubscribe(token)
