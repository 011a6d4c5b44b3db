"""The lobby and the tables: creating, joining, acting, undoing, bots and clocks.

Every change to a table happens under that table's lock, in this order: check it against
the seats and the rules engine, apply it in memory, commit it to the database, then tell
the connections. A failed commit marks the table broken, so it is replayed from the
database (which never saw the change) before anyone uses it again: every operation takes
the lock through `_hold`, which checks the table's health once it has the lock (a request
queued behind the failed one must not run on top of the change the database refused).
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol

from sqlalchemy.exc import SQLAlchemyError

from kaido.agents import agent_seed
from kaido.core.actions import Action
from kaido.core.errors import KaidoError
from kaido.core.forced import forced_action
from kaido.core.game import Game, Lang
from kaido.core.records import Record
from kaido.games import get_game
from kaido.server.bots import DEFAULT_LEVEL, LEVELS, BotLevels, answers_at_once, searches
from kaido.server.config import Settings
from kaido.server.errors import (
    BadRequest,
    Conflict,
    Elsewhere,
    EngineFailure,
    Forbidden,
    NotFound,
    Stale,
    TooMany,
    Unavailable,
)
from kaido.server.messages import LogStep, game_part, log_entry
from kaido.server.nodes import Bus, Placement, Sole
from kaido.server.runtime import Subscriber, TableRuntime
from kaido.server.store import Seat, Store, TableInfo, User, Write, action_write
from kaido.server.thinking import Job, Thinkers, Ticket, answer_here
from kaido.server.workers import Workers

log = logging.getLogger("kaido.server")

MAX_MOVE_SECONDS = 30 * 24 * 3600
THINKING_AFTER = 0.3
"""Seconds a bot searches before the table is told it is thinking."""
CLOCK_SLACK = 0.05
"""A timer may fire this much before its wall-clock deadline (it runs on the monotonic clock)."""
PREFERENCES: dict[str, Any] = {"ignore_offers": False, "auto_forced": True}
"""What a user may set, with the defaults: decline trade offers at once; take a decision
with one answer for them (kaido.core.forced)."""
IDLE_SWEEP_SECONDS = 3600.0
LOBBY_SECONDS = 5.0
"""The longest a lobby list is kept (it is read afresh at once when a table is made, a
seat taken or left, or a game starts or ends: the order of games in play may lag)."""


def decision_seed(table_seed: int, seat: int, decisions: int) -> int:
    """A bot's seed for one decision: the same table and moves give the same choice."""
    return (agent_seed(table_seed, seat) + decisions * 1_000_033) % (1 << 62)


@dataclass(frozen=True, slots=True)
class BotMove:
    """A bot's decided move, due after its visible pause."""

    table_id: str
    version: int
    seat: int
    action: Action
    ticket: Ticket


@contextmanager
def _logged_failure(table_id: str) -> Iterator[None]:
    """Log what one table's step raised, so the other tables of a batch go on."""
    try:
        yield
    except EngineFailure:
        pass  # logged with its cause where the rules engine failed (`_play`)
    except Exception:
        log.exception("a bot's move failed at table %s", table_id)


@dataclass(frozen=True)
class SeatRequest:
    kind: str
    bot: str | None = None


class TableObserver(Protocol):
    """Told of what happens at tables (turn mail, tournaments), under the table's lock:
    it must be quick, and what it raises is logged, never the table's failure."""

    def changed(self, runtime: TableRuntime) -> None:
        """The table changed (a move, a clock, its start or end)."""

    def seen(self, runtime: TableRuntime, user_id: int) -> None:
        """`user_id` opened the table or acted at it."""


class TableManager:
    def __init__(
        self,
        store: Store,
        settings: Settings,
        workers: Workers,
        thinkers: Thinkers,
        bus: Bus,
        placement: Placement | None = None,
        finished: Callable[[str], None] = lambda _table_id: None,
    ) -> None:
        self.store = store
        self.settings = settings
        self.workers = workers
        self.thinkers = thinkers
        self.bus = bus
        self.placement: Placement = placement or Sole()
        """Which tables this process serves (all, unless it is one node of several)."""
        self.finished_hook = finished
        """Told the id of each table whose game ended with a result, once it is stored (on
        the chores' thread: the last move's answer does not wait for it)."""
        self.levels = BotLevels(settings.bot_levels, settings.bot_seconds)
        self._tables: OrderedDict[str, TableRuntime] = OrderedDict()
        """Tables in memory, the least recently used first (evicted past a bound)."""
        self._replays: OrderedDict[str, TableRuntime] = OrderedDict()
        """Tables holding a replay's states (megabytes each), the least recently used first."""
        self._loading: dict[str, threading.Lock] = {}
        self._lock = threading.Lock()
        self._preferences: dict[int, dict[str, Any]] = {}
        self._lobby: dict[str, tuple[float, list[TableInfo]]] = {}
        self._lobby_generation = 0
        bus.on("lobby", lambda _event: self._forget_lobby())
        bus.on("preferences", lambda event: self.preferences_changed(int(event["user"])))
        bus.on("retire", self._retire_told)
        self.observers: list[TableObserver] = []
        first = settings.table_seeds
        self._seeds = None if first is None else itertools.count(first)
        """The seeds of the tables this process makes, if fixed (`settings.table_seeds`)."""
        self.on_finish: Callable[[TableRuntime], None] = lambda _runtime: None
        """Told of each game that ends with a result, once it is stored (its review)."""

    # ---- finding tables -----------------------------------------------------------------

    def get(self, table_id: str) -> TableRuntime:
        """The table in memory, replayed from the database on first use."""
        with self._lock:
            runtime = self._in_memory(table_id)
            if runtime is not None and not runtime.broken:
                return runtime
            loader = self._loading.setdefault(table_id, threading.Lock())
        try:
            with loader:
                with self._lock:
                    runtime = self._in_memory(table_id)
                    if runtime is not None and not runtime.broken:
                        return runtime
                self.placement.claim(table_id)  # Elsewhere: another node serves it
                fresh = self._load(table_id)
                if runtime is not None:  # a broken table: keep its connections
                    fresh.subscribers = runtime.subscribers
                with self._lock:
                    self._tables[table_id] = fresh
        except SQLAlchemyError as error:
            log.error("table %s cannot be loaded: %s", table_id, error)
            raise Unavailable("the database cannot be reached; try again soon") from None
        finally:
            with self._lock:
                self._loading.pop(table_id, None)
        self._evict(self.settings.max_tables_in_memory, spare=table_id)
        with fresh.lock:
            self._schedule(fresh)
            if runtime is not None:
                fresh.broadcast(log_from=0)
        return fresh

    def _in_memory(self, table_id: str) -> TableRuntime | None:
        """The table if it is in memory, marked as just used (call with `_lock` held)."""
        runtime = self._tables.get(table_id)
        if runtime is not None:
            self._tables.move_to_end(table_id)
            runtime.last_used = time.monotonic()
        return runtime

    def _evict(self, keep: int, idle_seconds: float | None = None, spare: str = "") -> int:
        """Free tables beyond the `keep` most recently used, and those unused for
        `idle_seconds`, but `spare` and any that someone watches or a bot plays; they are
        replayed from the database when next used. How many went."""
        now = time.monotonic()
        with self._lock:
            over = len(self._tables) - keep
            if over <= 0 and idle_seconds is None:
                return 0  # nothing to free: no need to look at every table
            candidates = [r for r in self._tables.values() if self._evictable(r) and r.id != spare]
        gone: list[TableRuntime] = []
        for runtime in candidates:  # the least recently used first
            idle = idle_seconds is not None and now - runtime.last_used >= idle_seconds
            if len(gone) >= over and not idle:
                break
            if not runtime.lock.acquire(blocking=False):
                continue  # in use right now
            try:
                if not self._evictable(runtime):
                    continue
                runtime.broken = True  # whoever still holds it reloads it
                with self._lock:
                    if self._tables.get(runtime.id) is runtime:
                        del self._tables[runtime.id]
                    self._replays.pop(runtime.id, None)
                gone.append(runtime)
            finally:
                runtime.lock.release()
        for runtime in gone:  # a game in play stays with its node, watched or not
            if runtime.info.status != "playing":
                self.placement.release(runtime.id)
        return len(gone)

    def _evictable(self, runtime: TableRuntime) -> bool:
        """Not watched and no bot about to move (whoever holds a freed table reloads it)."""
        match = runtime.match
        bot_to_move = (
            runtime.info.status == "playing"
            and match is not None
            and not match.is_over
            and runtime.played_by_bot(match.to_move)
        )
        busy = runtime.subscribers or runtime.bot_stop is not None or bot_to_move
        return not busy

    def evict_idle(self) -> int:
        """Free the tables no one used for `Settings.idle_table_seconds` (housekeeping)."""
        keep = self.settings.max_tables_in_memory
        return self._evict(keep, idle_seconds=self.settings.idle_table_seconds)

    def in_memory(self) -> int:
        with self._lock:
            return len(self._tables)

    def replays_in_memory(self) -> int:
        with self._lock:
            return len(self._replays)

    @contextmanager
    def _hold(self, table_id: str) -> Iterator[TableRuntime]:
        """The table, locked and sound. A table found broken once its lock is ours (a
        commit failed while we waited) is replayed from the database and locked again."""
        for _attempt in range(3):
            runtime = self.get(table_id)
            with runtime.lock:
                if not runtime.broken:
                    yield runtime
                    return
        raise Unavailable("this table cannot be used now; try again soon")

    def _load(self, table_id: str) -> TableRuntime:
        info = self.store.table(table_id)
        if info is None:
            raise NotFound(f"no table {table_id!r}")
        try:
            game = get_game(info.game)
        except KaidoError:
            raise NotFound(f"table {table_id!r} is of a game this server does not have") from None
        runtime = TableRuntime(info, game)
        if info.status != "open":
            if info.rules_version != game.rules_version:
                raise Conflict(
                    f"table {table_id!r} was played under rules version {info.rules_version!r}; "
                    f"this server plays {game.rules_version!r}"
                )
            runtime.replay(self.store.actions(table_id))
        return runtime

    def resume_all(self) -> int:
        """Load every table in play this process serves, so bots and clocks go on after a
        restart (a node is handed its share by kaido/server/nodes.py instead); then, once
        an hour, abandon the games nobody moves."""
        self.workers.later(0, self._sweep_idle)
        return self.resume(self.placement.held(self.store.table_ids_in_play()))

    def resume(self, table_ids: list[str]) -> int:
        """Load these tables in play: their bots and clocks go on."""
        for table_id in table_ids:
            try:
                self.get(table_id)
            except KaidoError as error:
                log.error("table %s cannot resume: %s", table_id, error)
        return len(table_ids)

    def _sweep_idle(self) -> None:
        self.abandon_idle()
        self.workers.later(IDLE_SWEEP_SECONDS, self._sweep_idle)

    # ---- the lobby ----------------------------------------------------------------------

    def create(
        self,
        user: User,
        game_id: str,
        raw_options: dict[str, Any],
        seats: Sequence[SeatRequest],
        *,
        my_seat: int | None,
        private: bool,
        move_seconds: int,
        pass_and_play: bool = False,
        hints: bool = False,
    ) -> TableRuntime:
        """A new table. With `pass_and_play` its creator holds every human seat (one
        device passed around); such a table is private, so it is neither listed nor rated.
        With `hints` players may ask the bot for hints; such a table must not be rated."""
        game = self._game(game_id)
        self._check_table_count(user)
        if "players" in raw_options and raw_options["players"] != len(seats):
            raise BadRequest("the player count is the number of seats")
        options = game.make_options({**raw_options, "players": len(seats)})
        for seat in seats:
            self._check_seat_request(game, seat)
        if my_seat is not None and not (
            0 <= my_seat < len(seats) and seats[my_seat].kind == "human"
        ):
            raise BadRequest(f"seat {my_seat} is not a human seat of this table")
        if not 0 <= move_seconds <= MAX_MOVE_SECONDS:
            raise BadRequest(f"a move clock is 0 (none) to {MAX_MOVE_SECONDS} seconds")
        mine = {my_seat}
        if pass_and_play:
            mine = {n for n, s in enumerate(seats) if s.kind == "human"}
            if len(mine) < 2:
                raise BadRequest("pass and play needs two human seats or more")
            private = True
        if hints and not private:
            raise BadRequest("a table with hints must be private: public tables are rated")
        held = [user if n in mine else None for n in range(len(seats))]
        return self._open(game, options, seats, held, user.id, private, move_seconds, hints)

    def create_seated(
        self,
        game_id: str,
        raw_options: dict[str, Any],
        seats: Sequence[SeatRequest],
        held: Sequence[User | None],
        *,
        created_by: int,
        private: bool,
        move_seconds: int,
    ) -> TableRuntime:
        """A table whose human seats are all given (`held[n]` sits at seat n): it starts at
        once. The matchmaker and tournaments seat their players so."""
        game = self._game(game_id)
        options = game.make_options({**raw_options, "players": len(seats)})
        for seat, user in zip(seats, held, strict=True):
            self._check_seat_request(game, seat)
            if (seat.kind == "human") != (user is not None):
                raise BadRequest("each human seat is held by a player, and no bot seat is")
        return self._open(game, options, seats, held, created_by, private, move_seconds)

    def _open(
        self,
        game: Game[Any],
        options: dict[str, Any],
        seats: Sequence[SeatRequest],
        held: Sequence[User | None],
        created_by: int,
        private: bool,
        move_seconds: int,
        hints: bool = False,
    ) -> TableRuntime:
        now = time.time()
        table_id = secrets.token_urlsafe(9)
        info = TableInfo(
            id=table_id,
            game=game.id,
            rules_version=game.rules_version,
            options=options,
            seed=self._next_seed(),
            status="open",
            private=private,
            created_by=created_by,
            created_at=now,
            updated_at=now,
            move_seconds=move_seconds,
            hints=hints,
            seats=[
                Seat(n, s.kind, s.bot, u.id if u else None, u.name if u else None)
                for n, (s, u) in enumerate(zip(seats, held, strict=True))
            ],
        )
        self._commit_or_fail(lambda: self.store.create_table(info))
        with self._hold(info.id) as runtime:  # the process making a table serves it
            self._start_if_full(runtime)
        self.lobby_changed()
        return runtime

    def _next_seed(self) -> int:
        return secrets.randbelow(2**31) if self._seeds is None else next(self._seeds)

    def _game(self, game_id: str) -> Game[Any]:
        try:
            return get_game(game_id)
        except KaidoError as error:
            raise BadRequest(str(error)) from None

    def _check_table_count(self, user: User) -> None:
        """A user may hold only so many unfinished tables (each may seat bots)."""
        limit = self.settings.max_tables_per_user
        if self.store.count_unfinished_tables(user.id) >= limit:
            raise TooMany(
                f"you have {limit} unfinished tables; finish or leave some first",
                retry_after=60,
            )

    def _check_seat_request(self, game: Game[Any], seat: SeatRequest) -> None:
        if seat.kind == "human":
            if seat.bot:
                raise BadRequest("a human seat takes no bot level")
            return
        if seat.kind != "bot" or seat.bot not in LEVELS:
            raise BadRequest(
                "each seat is {'kind': 'human'} or {'kind': 'bot', 'bot': LEVEL}, "
                f"a level being one of {', '.join(LEVELS)}"
            )

    def join(self, user: User, table_id: str, seat: int | None) -> TableRuntime:
        with self._hold(table_id) as runtime:
            if runtime.info.status != "open":
                raise Conflict("this game has already started; you can watch it")
            if runtime.seat_of(user.id) is not None:
                raise Conflict("you already hold a seat at this table")
            number = self._free_seat(runtime, seat)
            self._commit_or_fail(lambda: self.store.set_seat_user(table_id, number, user.id))
            runtime.seat(number).user_id, runtime.seat(number).user_name = user.id, user.name
            runtime.broadcast(log_from=0)
            self._start_if_full(runtime)
        self.lobby_changed()
        return runtime

    def _free_seat(self, runtime: TableRuntime, wanted: int | None) -> int:
        free = [s.seat for s in runtime.info.seats if s.kind == "human" and s.user_id is None]
        if wanted is None:
            if not free:
                raise Conflict("this table has no free seat")
            return free[0]
        if not 0 <= wanted < len(runtime.info.seats):
            raise BadRequest(f"this table has no seat {wanted}")
        if wanted not in free:
            raise Conflict(f"seat {wanted} is not free")
        return wanted

    def leave(self, user: User, table_id: str) -> TableRuntime:
        with self._hold(table_id) as runtime:
            if runtime.info.status != "open":
                raise Conflict("a game in progress cannot be left; a bot can take your seat")
            number = runtime.seat_of(user.id)
            if number is None:
                raise Conflict("you hold no seat at this table")
            self._commit_or_fail(lambda: self.store.set_seat_user(table_id, number, None))
            runtime.seat(number).user_id, runtime.seat(number).user_name = None, None
            runtime.broadcast(log_from=0)
        self.lobby_changed()
        return runtime

    def _start_if_full(self, runtime: TableRuntime) -> None:
        if runtime.info.status != "open" or any(
            s.kind == "human" and s.user_id is None for s in runtime.info.seats
        ):
            return
        runtime.replay([])
        runtime.info.status = "playing"
        runtime.info.deadline = self._deadline(runtime)
        self._commit_or_fail(
            lambda: self.store.set_status(
                runtime.id, "playing", deadline=runtime.info.deadline, result=None
            ),
            runtime,
        )
        self._schedule(runtime)
        runtime.broadcast(log_from=0)

    def list_tables(self, status: str, user: User | None, *, mine: bool) -> list[TableInfo]:
        if status not in ("open", "playing", "finished"):
            raise BadRequest("status is open, playing or finished")
        if mine:
            return [] if user is None else self.store.list_tables(status=status, user_id=user.id)
        with self._lock:
            kept = self._lobby.get(status)
            generation = self._lobby_generation
        if kept is not None and kept[0] > time.monotonic():
            return kept[1]
        found = self.store.list_tables(status=status, user_id=None)
        with self._lock:
            if generation == self._lobby_generation:  # no change was told meanwhile
                self._lobby[status] = (time.monotonic() + LOBBY_SECONDS, found)
        return found

    def lobby_changed(self) -> None:
        """Every node reads its lobby lists afresh."""
        self.bus.publish("lobby")

    def _forget_lobby(self) -> None:
        with self._lock:
            self._lobby.clear()
            self._lobby_generation += 1

    def tell_watchers(self, table_id: str, message: dict[str, Any]) -> None:
        """Send `message` to the connections watching `table_id` here, if any."""
        with self._lock:
            runtime = self._tables.get(table_id)
        if runtime is None:
            return
        with runtime.lock:
            subscribers = list(runtime.subscribers)
        for subscriber in subscribers:
            subscriber.send(message)

    # ---- playing ------------------------------------------------------------------------

    def act(self, user: User, table_id: str, value: Any, move: int) -> TableRuntime:
        """Carry out the action `value` (its JSON form) for the seat `user` holds."""
        with self._hold(table_id) as runtime:
            seat = self._deciding_seat(runtime, user)
            self._check_counter(runtime, move)
            action = runtime.table.from_json(value)
            match = runtime.require_match()
            runtime.game.check(match.state, action)  # IllegalAction names the clause
            self._commit_action(runtime, seat, action)
            self._tell(lambda observer: observer.seen(runtime, user.id))
        return runtime

    def undo(self, user: User, table_id: str, move: int) -> TableRuntime:
        """Take back the seat's last decision, and the forced steps taken for them after it
        (undoing only those would leave a decision the server takes again at once)."""
        with self._hold(table_id) as runtime:
            seat = self._playing_seat(runtime, user)
            self._check_counter(runtime, move)
            match = runtime.require_match()
            if not match.can_undo(seat):
                match.undo(seat)  # raises UndoRefused with the reason, changing nothing
            self._stop_bot(runtime)
            self._take_back(runtime, seat)
            while match.can_undo(seat) and self._forced_step(runtime) is not None:
                self._take_back(runtime, seat)
            self._schedule(runtime)
            runtime.broadcast(log_from=len(runtime.log))
        return runtime

    def _take_back(self, runtime: TableRuntime, seat: int) -> None:
        match = runtime.require_match()
        ply = len(match.actions)
        match.undo(seat)
        runtime.log.pop()
        runtime.info.version += 1
        runtime.info.deadline = self._deadline(runtime)
        self._commit_or_fail(
            lambda: self.store.remove_action(
                runtime.id, ply, version=runtime.info.version, deadline=runtime.info.deadline
            ),
            runtime,
        )

    def take_back_seat(self, user: User, table_id: str) -> TableRuntime:
        """The holder of a seat a bot took over (their clock ran out) plays it again."""
        with self._hold(table_id) as runtime:
            seat = self._playing_seat(runtime, user, allow_bot=True)
            if not runtime.seat(seat).timed_out:
                raise Conflict("you already play your seat")
            self._stop_bot(runtime)  # the bot thinking for this seat must not move for it
            runtime.seat(seat).timed_out = False
            runtime.info.deadline = self._deadline(runtime)
            self._commit_or_fail(
                lambda: self.store.set_timed_out(
                    table_id, seat, False, deadline=runtime.info.deadline
                ),
                runtime,
            )
            self._schedule(runtime)
            runtime.broadcast(log_from=len(runtime.log))
        return runtime

    def deciding(self, user: User, table_id: str, move: int) -> tuple[int, Record]:
        """The seat `user` decides for now, checked as an action is (the table in play,
        their decision, the move counter named), and the game so far."""
        with self._hold(table_id) as runtime:
            seat = self._deciding_seat(runtime, user)
            self._check_counter(runtime, move)
            return seat, runtime.require_match().record()

    def _playing_seat(self, runtime: TableRuntime, user: User, *, allow_bot: bool = False) -> int:
        if runtime.info.status == "open":
            raise Conflict("the game has not started yet")
        if runtime.info.status == "finished":
            raise Conflict("the game is over")
        if runtime.info.status == "abandoned":
            raise Conflict("the game was abandoned")
        seat = runtime.viewer_of(user.id)
        if seat is None:
            raise Forbidden("you hold no seat at this table; you can only watch")
        if runtime.seat(seat).kind == "bot":
            raise Conflict("you left this game; a bot plays your seat to the end", reason="left")
        if runtime.seat(seat).timed_out and not allow_bot:
            raise Conflict(
                "your time ran out and a bot plays your seat; take it back first",
                reason="timed_out",
            )
        return seat

    def _deciding_seat(self, runtime: TableRuntime, user: User) -> int:
        seat = self._playing_seat(runtime, user)
        to_move = runtime.require_match().to_move
        if to_move != seat:
            name = runtime.game.player_name(to_move, "en", runtime.require_match().options)
            raise Forbidden(f"it is not your decision: {name} (seat {to_move}) decides now")
        return seat

    def _check_counter(self, runtime: TableRuntime, move: int) -> None:
        if move != runtime.info.version:
            raise Stale(
                f"the game has moved on: it is at move {runtime.info.version}, "
                f"your request was made at move {move}",
                version=runtime.info.version,
            )

    def _commit_action(self, runtime: TableRuntime, seat: int, action: Action) -> None:
        """Play and store `action`, then the forced steps that follow it (each stored as an
        action of its seat), and tell the connections once."""
        first = len(runtime.log)
        self._record(runtime, seat, action)
        self._after_action(runtime, first)

    def _after_action(self, runtime: TableRuntime, first: int) -> None:
        """After a stored action: the forced steps that follow it, the next bot or clock,
        and one message of the log from step `first` on."""
        while (forced := self._forced_step(runtime)) is not None:
            self._record(runtime, runtime.require_match().to_move, forced)
        self._schedule(runtime)
        runtime.broadcast(log_from=first)
        if runtime.require_match().is_over:
            self.lobby_changed()

    def _forced_step(self, runtime: TableRuntime) -> Action | None:
        """The action to take for the person who decides now, if their decision is forced
        (kaido.core.forced) and they have not turned that off."""
        match = runtime.match
        if runtime.info.status != "playing" or match is None or match.is_over:
            return None
        seat = match.to_move
        user_id = runtime.seat(seat).user_id
        if runtime.played_by_bot(seat) or user_id is None:
            return None
        if not self.preferences(user_id)["auto_forced"]:
            return None
        return forced_action(runtime.game, match.state, seed=runtime.info.seed + len(match.actions))

    def _record(self, runtime: TableRuntime, seat: int, action: Action) -> None:
        write = self._play(runtime, seat, action)
        self._commit_or_fail(lambda: self.store.commit(write), runtime)
        self._stored(runtime)

    def _play(self, runtime: TableRuntime, seat: int, action: Action) -> Write:
        """Play `action` in memory: the write that stores it (not committed yet)."""
        match = runtime.require_match()
        try:
            events = match.play(
                action, narrate=True, trusted=True, final=runtime.played_by_bot(seat)
            )
        except Exception:
            # The state may be half-changed: drop it; the database still has the game.
            runtime.broken = True
            log.exception("the rules engine failed at table %s", runtime.id)
            raise EngineFailure(
                "the rules engine failed on this action; nothing was stored"
            ) from None
        ply = len(match.actions)
        runtime.log.append(LogStep(ply, seat, tuple(events)))
        runtime.thinking = None
        if events:
            runtime.shown_at = time.monotonic()
        info = runtime.info
        info.version += 1
        if match.is_over:
            info.status = "finished"
            info.result = self._result(runtime)
            self._stop_bot(runtime)
        info.deadline = self._deadline(runtime)
        return action_write(
            info.id,
            ply,
            seat,
            action.to_json(),
            version=info.version,
            status=info.status,
            result=info.result,
            deadline=info.deadline,
        )

    def _stored(self, runtime: TableRuntime) -> None:
        """After an action's commit: a finished table tells whoever waits for its end."""
        if runtime.info.status == "finished":
            self._tell_finished(runtime.id)
            self.on_finish(runtime)

    def _tell_finished(self, table_id: str) -> None:
        self.workers.later(0, lambda: self.finished_hook(table_id))

    def _commit_or_fail(
        self, commit: Callable[[], None], runtime: TableRuntime | None = None
    ) -> None:
        try:
            commit()
        except SQLAlchemyError as error:
            if runtime is not None:
                self._lost_commit(runtime, error)
            else:
                log.error("database write failed: %s", error)
            raise Unavailable("the database could not store this; nothing changed") from None

    def _lost_commit(self, runtime: TableRuntime, error: BaseException) -> None:
        """A change made in memory was not committed: the table is broken until it is
        replayed from the database, which its watchers are then sent."""
        log.error("database write failed at table %s: %s", runtime.id, error)
        runtime.broken = True
        self._stop_bot(runtime)
        for subscriber in list(runtime.subscribers):
            subscriber.send({"type": "reconnect"})
        self.workers.later(0, lambda: self._reload(runtime.id), clock=True)

    # ---- bots and clocks ----------------------------------------------------------------

    def _deadline(self, runtime: TableRuntime) -> float | None:
        """When the human who decides now runs out of time, if the table has a clock."""
        match = runtime.match
        if runtime.info.move_seconds <= 0 or match is None or match.is_over:
            return None
        if runtime.played_by_bot(match.to_move):
            return None
        return time.time() + runtime.info.move_seconds

    def _schedule(self, runtime: TableRuntime) -> None:
        """After a change: let a bot move, or start the clocks of the human who decides
        (their move clock, and the lapse of an offer they are answering). Called before
        the change is announced, so the message tells of the clocks it started."""
        self._tell(lambda observer: observer.changed(runtime))
        match = runtime.match
        if runtime.info.status != "playing" or match is None or match.is_over:
            runtime.offer_deadline = None
            return
        version = runtime.info.version
        seat = match.to_move
        if runtime.played_by_bot(seat):
            runtime.offer_deadline = None
            if runtime.bot_scheduled_for != version:
                runtime.bot_scheduled_for = version
                self._think(runtime, seat, version)
            return
        if runtime.info.deadline is not None:
            delay = runtime.info.deadline - time.time()
            self.workers.later(delay, lambda: self._clock_ran_out(runtime.id, version), clock=True)
        self._schedule_offer_lapse(runtime, seat, version)

    def _bot_spec(self, runtime: TableRuntime, seat: int) -> str:
        """A bot seat plays its level; a timed-out human's seat the takeover bot."""
        held = runtime.seat(seat)
        if held.kind == "bot":
            return self.levels.spec(runtime.game, held.bot)
        kinds = runtime.game.agent_kinds
        return "heuristic" if "heuristic" in kinds else self.settings.takeover_bot

    def _think(self, runtime: TableRuntime, seat: int, version: int) -> None:
        """The bot of `seat` thinks (in the bots' processes, as its turn in their queue
        comes); what it does is shown no sooner than `bot_delay` after the last thing
        shown, and a step that shows nothing is taken at once."""
        info, match = runtime.info, runtime.require_match()
        state = match.state.copy()  # for what the bot's answer shows
        spec = self._bot_spec(runtime, seat)
        here = answers_at_once(spec, runtime.game)
        job = Job(
            account=info.created_by,
            table=info.id,
            background=not any(s.kind == "human" for s in info.seats),
            game=info.game,
            spec=spec,
            seed=decision_seed(info.seed, seat, len(match.actions)),
            humans=frozenset(s.seat for s in info.seats if s.kind == "human" and not s.timed_out),
            options=info.options,
            table_seed=info.seed,
            # A bot answering here decides from the state itself: no process replays these.
            actions=() if here else tuple(action.index for action in match.actions),
            cap=self.settings.bot_seconds,
        )

        def thought(ticket: Ticket, value: list[Any] | None) -> None:
            nonlocal state
            action = self._bot_action(runtime, state, value)
            runtime.thinking_for = -1
            shows = bool(runtime.game.apply(state, action, narrate=True, trusted=True))
            state = None  # not kept while the move waits to be shown (the ticket keeps this)
            wait = runtime.shown_at + self.settings.bot_delay - time.monotonic() if shows else 0
            self.workers.gather(
                wait, BotMove(info.id, version, seat, action, ticket), self._bot_moves
            )

        runtime.thinking_for = version
        if here:
            # No process's round trip; the ticket is the table's before the move it brings
            # can be committed (on the clock thread).
            ticket = runtime.bot_stop = Ticket(job, thought, number=0, finished=True)
            thought(ticket, answer_here(job, match.state.copy()))
            return
        runtime.bot_stop = self.thinkers.submit(job, thought)
        if searches(job.spec, runtime.game):  # the others answer at once: nothing to tell
            self.workers.later(
                THINKING_AFTER, lambda: self._announce_thinking(info.id, version), clock=True
            )

    def _bot_action(self, runtime: TableRuntime, state: Any, value: list[Any] | None) -> Action:
        """The bot's action from its JSON form; a bot that failed plays its first legal
        action (logged by the bots' pool)."""
        if value is not None:
            try:
                return runtime.table.from_json(value)
            except KaidoError:
                log.exception("a bot at table %s answered %r", runtime.id, value)
        return runtime.game.legal_actions(state)[0]

    def _bot_moves(self, moves: list[BotMove]) -> None:
        """Bots' moves due at one moment: each played on its table, all committed in one
        transaction (one disk flush), then each table's next steps and message. A table
        that another thread holds, or that is broken, takes its move alone afterwards:
        waiting for one table's lock while holding others' could deadlock."""
        alone: list[BotMove] = []
        held: list[TableRuntime] = []  # locked here, each freed once its table is told
        played: list[tuple[TableRuntime, int, Write]] = []
        try:
            for move in moves:
                with self._lock:
                    runtime = self._in_memory(move.table_id)
                if runtime is None or not runtime.lock.acquire(blocking=False):
                    alone.append(move)
                    continue
                if runtime.broken:
                    alone.append(move)  # replayed from the database first, on its own
                if runtime.broken or not self._bot_may_move(runtime, move):
                    runtime.lock.release()
                    continue
                held.append(runtime)
                first = len(runtime.log)
                with _logged_failure(runtime.id):
                    played.append((runtime, first, self._play(runtime, move.seat, move.action)))
            failures = self.store.commit_together([write for _r, _f, write in played])
            for (runtime, first, _write), failure in zip(played, failures, strict=True):
                if failure is not None:
                    self._lost_commit(runtime, failure)
                else:
                    with _logged_failure(runtime.id):
                        self._stored(runtime)
                        self._after_action(runtime, first)
                held.remove(runtime)
                runtime.lock.release()  # its people need not wait for the next tables' steps
        finally:
            for runtime in held:
                runtime.lock.release()
        for move in alone:
            with _logged_failure(move.table_id):
                self._bot_move(move)

    def _bot_move(self, move: BotMove) -> None:
        with self._hold(move.table_id) as runtime:
            if self._bot_may_move(runtime, move):
                self._commit_action(runtime, move.seat, move.action)

    def _bot_may_move(self, runtime: TableRuntime, move: BotMove) -> bool:
        """Whether the bot's move still stands (the bot was not called off meanwhile: the
        table ended, the seat was taken back, the server is stopping; nor did the table
        move on); if so, the bot is no longer the table's."""
        if runtime.bot_stop is move.ticket and runtime.in_play(move.version):
            runtime.bot_stop = None
            return True
        return False

    def _stop_bot(self, runtime: TableRuntime) -> None:
        """Call off the bot thinking at this table, if one is."""
        if runtime.bot_stop is not None:
            runtime.bot_stop.cancel()
            runtime.bot_stop = None

    def close(self) -> None:
        """Call off every bot (so the server stops at once) and stop the workers."""
        with self._lock:
            runtimes = list(self._tables.values())
        self.workers.stop_taking()
        for runtime in runtimes:
            with runtime.lock:
                self._stop_bot(runtime)
        self.thinkers.close()
        self.workers.shutdown()

    def _reload(self, table_id: str) -> None:
        with contextlib.suppress(KaidoError):  # the database is still away: reloaded on use
            self.get(table_id)

    def _announce_thinking(self, table_id: str, version: int) -> None:
        """Tell the table a bot is searching, when it has not moved yet."""
        with self._hold(table_id) as runtime:
            match = runtime.match
            if runtime.thinking_for != version or runtime.info.version != version or not match:
                return
            runtime.thinking = match.to_move
            runtime.broadcast(log_from=len(runtime.log))

    # ---- offers -------------------------------------------------------------------------

    def preferences(self, user_id: int) -> dict[str, Any]:
        """A user's preferences (cached; the store is read once per user)."""
        with self._lock:
            cached = self._preferences.get(user_id)
        if cached is None:
            cached = {**PREFERENCES, **self.store.preferences(user_id)}
            with self._lock:
                self._preferences[user_id] = cached
        return cached

    def set_preferences(self, user: User, values: dict[str, Any]) -> dict[str, Any]:
        unknown = set(values) - set(PREFERENCES)
        if unknown:
            raise BadRequest(f"no preference {sorted(unknown)[0]!r} ({', '.join(PREFERENCES)})")
        merged = {**self.preferences(user.id), **values}
        self._commit_or_fail(lambda: self.store.set_preferences(user.id, merged))
        self.bus.publish("preferences", user=user.id)
        return merged

    def preferences_changed(self, user_id: int) -> None:
        """New preferences were stored for `user_id` (by this node or another)."""
        with self._lock:
            self._preferences.pop(user_id, None)
        self._reschedule_offers(user_id)

    def _reschedule_offers(self, user_id: int) -> None:
        """An offer waiting for this user may lapse at once now."""
        with self._lock:
            runtimes = list(self._tables.values())
        for runtime in runtimes:
            with runtime.lock:
                if runtime.seat_of(user_id) is not None:
                    self._schedule(runtime)

    def _schedule_offer_lapse(self, runtime: TableRuntime, seat: int, version: int) -> None:
        """When `seat` answers another player's offer: decline it now if they ignore
        offers, else when `offer_seconds` have passed."""
        if runtime.game.decline_offer(runtime.require_match().state) is None:
            runtime.offer_deadline = None
            return
        user_id = runtime.seat(seat).user_id
        ignores = user_id is not None and self.preferences(user_id)["ignore_offers"]
        if ignores:
            deadline = time.time()
        elif runtime.offer_for == version and runtime.offer_deadline is not None:
            return  # already running
        else:
            deadline = time.time() + self.settings.offer_seconds
        runtime.offer_for, runtime.offer_deadline = version, deadline
        self.workers.later(
            deadline - time.time(), lambda: self._offer_lapsed(runtime.id, version), clock=True
        )

    def _offer_lapsed(self, table_id: str, version: int) -> None:
        with self._hold(table_id) as runtime:
            match, deadline = runtime.match, runtime.offer_deadline
            if not runtime.in_play(version) or match is None or deadline is None:
                return
            if runtime.offer_for != version or time.time() < deadline - CLOCK_SLACK:
                return
            decline = runtime.game.decline_offer(match.state)
            if decline is not None and not runtime.played_by_bot(match.to_move):
                self._commit_action(runtime, match.to_move, decline)

    def _clock_ran_out(self, table_id: str, version: int) -> None:
        with self._hold(table_id) as runtime:
            info, match = runtime.info, runtime.match
            if not runtime.in_play(version) or info.deadline is None or match is None:
                return
            if time.time() < info.deadline:  # a fresh clock was started since
                return
            seat = match.to_move
            runtime.seat(seat).timed_out = True
            info.deadline = None
            self._commit_or_fail(
                lambda: self.store.set_timed_out(table_id, seat, True, deadline=None), runtime
            )
            self._schedule(runtime)
            runtime.broadcast(log_from=len(runtime.log))

    # ---- leaving a started game ---------------------------------------------------------

    def resign(self, user: User, table_id: str) -> TableRuntime:
        """The player leaves the game for good (see `_retire`)."""
        with self._hold(table_id) as runtime:
            self._retire(runtime, self._playing_seat(runtime, user, allow_bot=True))
        return runtime

    def kick(self, user: User, table_id: str, seat: int) -> TableRuntime:
        """Another player removes a player absent past their clock (a bot already plays for
        them): the seat is theirs no more."""
        with self._hold(table_id) as runtime:
            mine = self._playing_seat(runtime, user)
            if not 0 <= seat < len(runtime.info.seats):
                raise BadRequest(f"this table has no seat {seat}")
            target = runtime.seat(seat)
            own = seat == mine or seat in runtime.seats_of(user.id)
            if own or target.kind != "human" or not target.timed_out:
                raise Conflict("only a player whose clock ran out can be removed")
            self._retire(runtime, seat)
        return runtime

    def _retire(self, runtime: TableRuntime, seat: int) -> None:
        """A bot plays the seat to the end, and its player places below everyone who
        stayed; the game ends at once when that decides every place (in a game of two
        the other player wins), or when the others agreed to abandon it."""
        info = runtime.info
        self._stop_bot(runtime)  # the takeover bot thinking for a timed-out seat
        spec = DEFAULT_LEVEL
        runtime.seat(seat).kind, runtime.seat(seat).bot = "bot", spec
        runtime.seat(seat).timed_out = False
        runtime.abandon_votes.discard(seat)
        info.result = self._result(runtime)
        if info.result is not None:
            self._end(runtime, "finished", retired=seat)
            return
        if any(s.kind == "human" for s in info.seats) and self._abandon_agreed(runtime):
            self._end(runtime, "abandoned", retired=seat)
            return
        info.deadline = self._deadline(runtime)
        self._commit_or_fail(
            lambda: self.store.set_seat_bot(info.id, seat, spec, deadline=info.deadline), runtime
        )
        self._schedule(runtime)
        runtime.broadcast(log_from=len(runtime.log))
        self.lobby_changed()

    def _result(self, runtime: TableRuntime) -> dict[str, Any] | None:
        """The table's result: the game's, with those who left placed below the others
        and named (`resigned`); None while the places are still to be played for."""
        state, leavers = runtime.require_match().state, runtime.leavers()
        if not leavers:
            return runtime.game.result(state).to_json() if runtime.game.is_over(state) else None
        result = runtime.game.forfeit(state, leavers)
        return None if result is None else {**result.to_json(), "resigned": sorted(leavers)}

    def abandon(self, user: User, table_id: str) -> TableRuntime:
        """A vote to end the game without a result. It ends when the table's creator and
        every other player still playing in person agree."""
        with self._hold(table_id) as runtime:
            self._playing_seat(runtime, user, allow_bot=True)
            # At a pass-and-play table one vote is every seat of its holder.
            runtime.abandon_votes.update(
                n for n in runtime.seats_of(user.id) if runtime.seat(n).kind == "human"
            )
            if self._abandon_agreed(runtime):
                self._end(runtime, "abandoned")
            else:
                runtime.broadcast(log_from=len(runtime.log))
        return runtime

    def _abandon_agreed(self, runtime: TableRuntime) -> bool:
        """Every person still playing (not absent past their clock) voted, the table's
        creator among them if they hold a seat."""
        votes = runtime.abandon_votes
        seats = runtime.info.seats
        present = [s.seat for s in seats if s.kind == "human" and not s.timed_out]
        creator = runtime.seat_of(runtime.info.created_by)
        creator_agrees = creator is None or creator in votes or seats[creator].kind == "bot"
        return bool(votes) and creator_agrees and all(seat in votes for seat in present)

    def abandon_idle(self) -> int:
        """Abandon the games in play that nobody moved for `idle_days`; how many."""
        cutoff = time.time() - self.settings.idle_days * 24 * 3600
        ids = self.placement.held(self.store.table_ids_in_play(idle_since=cutoff))
        for table_id in ids:
            with self._hold(table_id) as runtime:
                if runtime.info.status == "playing" and runtime.info.updated_at < cutoff:
                    self._end(runtime, "abandoned")
        return len(ids)

    def _end(self, runtime: TableRuntime, status: str, retired: int | None = None) -> None:
        """The game stops before its end: `finished` with the result set, or `abandoned`
        (no result); the seat that retired last becomes a bot on record."""
        info = runtime.info
        info.status, info.deadline = status, None
        runtime.offer_deadline = None
        self._stop_bot(runtime)

        def commit() -> None:
            if retired is not None:
                self.store.set_seat_bot(info.id, retired, DEFAULT_LEVEL, deadline=None)
            self.store.set_status(info.id, status, result=info.result, deadline=None)

        self._commit_or_fail(commit, runtime)
        if status == "finished":
            self._tell_finished(info.id)
            self.on_finish(runtime)
        self._tell(lambda observer: observer.changed(runtime))
        runtime.broadcast(log_from=len(runtime.log))
        self.lobby_changed()

    def retire_seat(self, table_id: str, seat: int) -> None:
        """A seat's player leaves for good without asking (a tournament's no-show): as a
        resignation, if the game still goes on and a person still plays that seat. Done by
        the node serving the table: another node tells it through the bus."""
        try:
            self._retire_seat(table_id, seat)
        except Elsewhere:
            self.bus.publish("retire", table=table_id, seat=seat)

    def _retire_seat(self, table_id: str, seat: int) -> None:
        with self._hold(table_id) as runtime:
            if runtime.info.status == "playing" and runtime.seat(seat).kind == "human":
                self._retire(runtime, seat)

    def _retire_told(self, event: dict[str, Any]) -> None:
        """Another node asked to retire a seat (`retire_seat`): if this node serves the
        table, it does, on the chores' thread (not the bus's)."""
        table_id, seat = str(event["table"]), int(event["seat"])
        if not self.placement.held([table_id]):
            return

        def retire() -> None:
            with contextlib.suppress(Elsewhere):  # handed over meanwhile: asked again later
                self._retire_seat(table_id, seat)

        self.workers.later(0, retire)

    def _tell(self, event: Callable[[TableObserver], None]) -> None:
        for observer in self.observers:
            try:
                event(observer)
            except Exception:  # the table goes on whatever an observer does
                log.exception("a table observer failed")

    # ---- connections --------------------------------------------------------------------

    def subscribe(self, table_id: str, subscriber: Subscriber) -> TableRuntime:
        with self._hold(table_id) as runtime:
            runtime.add(subscriber)
            if subscriber.user_id is not None:
                user_id = subscriber.user_id
                self._tell(lambda observer: observer.seen(runtime, user_id))
        return runtime

    def resend(self, table_id: str, subscriber: Subscriber) -> None:
        """Send a connection the whole state again (it asks when a patch does not follow
        the last state it has)."""
        with self._hold(table_id) as runtime:
            if subscriber in runtime.subscribers:
                runtime.send_state(subscriber)

    def unsubscribe(self, runtime: TableRuntime, subscriber: Subscriber) -> None:
        # A table reloaded since (after a failed commit) took over its connections too.
        with self._lock:
            current = self._tables.get(runtime.id, runtime)
        for holder in {id(runtime): runtime, id(current): current}.values():
            with holder.lock:
                holder.remove(subscriber)

    def state(self, table_id: str, user: User | None, lang: Lang) -> dict[str, Any]:
        with self._hold(table_id) as runtime:
            if user is not None:
                self._tell(lambda observer: observer.seen(runtime, user.id))
            return runtime.message(user.id if user else None, lang, log_from=0)

    # ---- finished games -----------------------------------------------------------------

    def finished(self, table_id: str) -> TableRuntime:
        runtime = self.get(table_id)
        if runtime.info.status != "finished":
            raise Conflict("records and replays are for finished games only")
        return runtime

    def record(self, table_id: str) -> Record:
        runtime = self.finished(table_id)
        with runtime.lock:
            return runtime.require_match().record()

    def replay_log(self, table_id: str, viewer: int | None, lang: Lang) -> dict[str, Any]:
        runtime = self.finished(table_id)
        viewer = self._check_viewer(runtime, viewer)
        with runtime.lock:
            return {
                "table": table_id,
                "game": runtime.info.game,
                "steps": len(runtime.log),
                "viewer": viewer,
                "seats": [seat.to_json() for seat in runtime.info.seats],
                "log": [
                    log_entry(runtime.game, step, viewer, lang, runtime.require_match().options)
                    for step in runtime.log
                ],
            }

    def replay_step(
        self, table_id: str, step: int, viewer: int | None, lang: Lang
    ) -> dict[str, Any]:
        """The game after `step` actions, as `viewer` saw it (any seat, once it is over)."""
        runtime = self.finished(table_id)
        viewer = self._check_viewer(runtime, viewer)
        with runtime.lock:
            states = self._replay_states(runtime)
            if not 0 <= step < len(states):
                raise BadRequest(f"step must be 0 to {len(states) - 1}")
            part = game_part(
                runtime.game,
                states[step],
                runtime.log[:step],
                viewer,
                lang,
                log_from=step,
                may_act=False,
            )
        return {"table": table_id, "step": step, "steps": len(states) - 1, **part}

    def _check_viewer(self, runtime: TableRuntime, viewer: int | None) -> int | None:
        if viewer is not None and not 0 <= viewer < len(runtime.info.seats):
            raise BadRequest(f"this table has no seat {viewer}")
        return viewer

    def _replay_states(self, runtime: TableRuntime) -> list[Any]:
        """Every state of a finished game, kept for the few games replayed last."""
        with self._lock:
            self._replays[runtime.id] = runtime
            self._replays.move_to_end(runtime.id)
            while len(self._replays) > self.settings.replay_caches:
                _id, oldest = self._replays.popitem(last=False)
                oldest.replay_states = None
        if runtime.replay_states is None:
            game = runtime.game
            state = game.setup(runtime.options, runtime.info.seed)
            states = [state.copy()]
            for action in runtime.require_match().actions:
                game.apply(state, action, trusted=True)
                states.append(state.copy())
            runtime.replay_states = states
        return runtime.replay_states
