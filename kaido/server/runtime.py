"""A table held in memory: its seats, its match (the replay of its stored actions), its move
log and the connections watching it."""

from __future__ import annotations

import itertools
import threading
import time
from dataclasses import dataclass
from typing import Any, Protocol

from kaido.core.game import Game, Lang
from kaido.core.match import Match
from kaido.server.messages import (
    LOG_KEYS,
    LogStep,
    Texts,
    changes,
    encoded,
    game_part,
    json_text,
    texts_of,
)
from kaido.server.store import Seat, TableInfo
from kaido.server.thinking import Ticket


class Subscriber(Protocol):
    """A live connection to a table (a WebSocket). `send` must not block; it takes a
    message or its JSON text (encoded once for every connection that sees the same)."""

    user_id: int | None
    lang: Lang

    def send(self, message: dict[str, Any] | str) -> None: ...


_revisions = itertools.count(1)
"""Numbers for the state messages sent, from one count per process: a table loaded afresh
never repeats one, so a patch is never taken for one made from another state."""


@dataclass(frozen=True, slots=True)
class Sent:
    """What a connection was last told: the state message's number and its fields but the
    log, as text (the next message sends only the changes from these)."""

    revision: int
    fields: Texts


class TableRuntime:
    def __init__(self, info: TableInfo, game: Game[Any]) -> None:
        self.info = info
        self.game = game
        self.options = game.make_options(info.options)
        self.table = game.action_table(self.options)
        self.match: Match | None = None
        self.log: list[LogStep] = []
        self.lock = threading.RLock()
        self.subscribers: list[Subscriber] = []
        self.sent: dict[Subscriber, Sent] = {}
        """What each connection was last told (a connection missing here is sent the whole
        state next)."""
        self.broken = False
        """Memory and database disagree (a failed commit): reload before any further use."""
        self.bot_scheduled_for = -1
        """The move counter a bot move was last scheduled at (so it is scheduled once)."""
        self.bot_stop: Ticket | None = None
        """The decision a bot is thinking about (cancel it to call the bot off; None when
        no bot is thinking)."""
        self.replay_states: list[Any] | None = None
        self._summaries: dict[Lang, dict[str, Any]] = {}
        self.last_used = time.monotonic()
        self.shown_at = float("-inf")
        """When (time.monotonic) the last step with something to show was announced."""
        self.thinking_for = -1
        """The move counter at which a bot started searching (-1: no bot is searching)."""
        self.thinking: int | None = None
        """The seat whose bot is searching (announced once the search takes a while)."""
        self.offer_for = -1
        """The move counter at which the offer being answered got its lapse time."""
        self.abandon_votes: set[int] = set()
        """Seats whose players agreed to abandon the game (kept in memory only)."""
        self.offer_deadline: float | None = None
        """When (epoch seconds) the offer being answered lapses: it is declined then."""

    @property
    def id(self) -> str:
        return self.info.id

    # ---- seats --------------------------------------------------------------------------

    def seat_of(self, user_id: int | None) -> int | None:
        if user_id is None:
            return None
        for seat in self.info.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def seats_of(self, user_id: int | None) -> list[int]:
        """Every seat `user_id` holds: one, or several at a pass-and-play table."""
        if user_id is None:
            return []
        return [seat.seat for seat in self.info.seats if seat.user_id == user_id]

    def leavers(self) -> set[int]:
        """The seats whose player left the game for good (resigned or removed): a bot
        plays them to the end."""
        return {s.seat for s in self.info.seats if s.kind == "bot" and s.user_id is not None}

    def viewer_of(self, user_id: int | None) -> int | None:
        """The seat whose eyes `user_id` sees the game through (and acts for). Holding
        several seats (pass and play), it is the seat that decides now if it is theirs,
        else the one of theirs that acted last: the device stays with that player while
        others (bots) play."""
        seats = self.seats_of(user_id)
        if len(seats) <= 1:
            return seats[0] if seats else None
        match = self.match
        if match is not None and not match.is_over and match.to_move in seats:
            return int(match.to_move)
        for step in reversed(self.log):
            if step.player in seats:
                return step.player
        return seats[0]

    def seat(self, number: int) -> Seat:
        return self.info.seats[number]

    def played_by_bot(self, number: int) -> bool:
        seat = self.info.seats[number]
        return seat.kind == "bot" or seat.timed_out

    def player_names(self) -> list[str]:
        """Who sits where, for the record: account names, and bots by their level."""
        return [
            f"bot {seat.bot}" if seat.kind == "bot" else seat.user_name or "?"
            for seat in self.info.seats
        ]

    # ---- the game -----------------------------------------------------------------------

    def replay(self, actions: list[list[Any]]) -> None:
        """Start the match and replay stored actions, rebuilding the move log."""
        match = Match(self.game, self.options, self.info.seed, players=self.player_names())
        log: list[LogStep] = []
        for number, value in enumerate(actions, start=1):
            player = match.to_move
            events = match.play(
                self.table.from_json(value), narrate=True, final=self.played_by_bot(player)
            )
            log.append(LogStep(number, player, tuple(events)))
        self.match, self.log = match, log

    def in_play(self, version: int) -> bool:
        """The game goes on and is still at move `version` (a job for it is not stale)."""
        match = self.match
        return (
            self.info.status == "playing"
            and self.info.version == version
            and match is not None
            and not match.is_over
        )

    def require_match(self) -> Match:
        if self.match is None:
            raise RuntimeError(f"table {self.id} has not started")
        return self.match

    # ---- messages -----------------------------------------------------------------------

    def message(self, user_id: int | None, lang: Lang, log_from: int) -> dict[str, Any]:
        """The state message for the connection of `user_id`: the seat they hold decides
        what of the game they see."""
        viewer = self.viewer_of(user_id)
        mine = self.seats_of(user_id)
        if len(mine) > 1:
            # Pass and play: the viewer changes hands, and the log told to the last one
            # may hold what only they could see; every message carries the whole log.
            log_from = 0
        info = self.info
        out: dict[str, Any] = {
            "type": "state",
            "table": info.id,
            "game": info.game,
            "status": info.status,
            "version": info.version,
            "seat": viewer,
            "my_seats": mine,
            "seats": [seat.to_json() for seat in info.seats],
            "options": self.options,
            "move_seconds": info.move_seconds,
            "deadline": info.deadline,
            "private": info.private,
            "hints": info.hints,
            "created_by": info.created_by,
            "thinking": self.thinking,
            "offer_deadline": self.offer_deadline,
            "abandon_votes": sorted(self.abandon_votes),
        }
        if self.match is None:
            return out
        state = self.match.state
        to_move = self.game.to_move(state)
        may_act = viewer is not None and viewer == to_move and not self.played_by_bot(viewer)
        out.update(
            game_part(self.game, state, self.log, viewer, lang, log_from=log_from, may_act=may_act)
        )
        if info.result is not None:  # the table's: those who left placed last
            out["result"] = info.result
        if info.status == "finished":
            out["summary"] = self.summary(lang)
        out["can_undo"] = (
            viewer is not None and not self.played_by_bot(viewer) and self.match.can_undo(viewer)
        )
        return out

    def summary(self, lang: Lang) -> dict[str, Any]:
        """The game's end in numbers (`Game.summary`), worked out once per language."""
        if lang not in self._summaries:
            events = [event for step in self.log for event in step.events]
            self._summaries[lang] = self.game.summary(self.require_match().state, events, lang)
        return self._summaries[lang]

    def add(self, subscriber: Subscriber) -> None:
        """Connect `subscriber` and send it the whole state."""
        self.subscribers.append(subscriber)
        self.send_state(subscriber)

    def remove(self, subscriber: Subscriber) -> None:
        if subscriber in self.subscribers:
            self.subscribers.remove(subscriber)
        self.sent.pop(subscriber, None)

    def send_state(self, subscriber: Subscriber) -> None:
        """Send `subscriber` the whole state (on connecting, and when it asks: it missed a
        message)."""
        message = self.message(subscriber.user_id, subscriber.lang, log_from=0)
        revision = next(_revisions)
        self.sent[subscriber] = Sent(revision, texts_of(message, leave_out=LOG_KEYS))
        subscriber.send(json_text({**message, "revision": revision}))

    def broadcast(self, log_from: int) -> None:
        """Tell every connection what changed in what it sees, and the log from entry
        `log_from` on: a patch from the state it was last sent, made once for all the
        connections that see the same."""
        revision = next(_revisions)
        made: dict[tuple[int | None, bool, Lang], tuple[Sent, dict[str, Any]]] = {}
        texts: dict[tuple[int | None, bool, Lang, int], str] = {}
        for subscriber in list(self.subscribers):
            before = self.sent.get(subscriber)
            if before is None:  # this table was loaded afresh: it has told it nothing yet
                self.send_state(subscriber)
                continue
            user_id = subscriber.user_id
            key = (self.viewer_of(user_id), len(self.seats_of(user_id)) > 1, subscriber.lang)
            if key not in made:
                message = self.message(user_id, subscriber.lang, log_from)
                log = {name: encoded(message[name]) for name in LOG_KEYS if name in message}
                made[key] = Sent(revision, texts_of(message, leave_out=LOG_KEYS)), log
            after, log = made[key]
            text_key = (*key, before.revision)
            if text_key not in texts:
                patch = {
                    "type": "patch",
                    "table": self.id,
                    "revision": revision,
                    "base": before.revision,
                    "ops": changes(before.fields, after.fields),
                    **log,
                }
                texts[text_key] = json_text(patch)
            self.sent[subscriber] = after
            subscriber.send(texts[text_key])
