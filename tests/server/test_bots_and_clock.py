"""Bots that search think in processes of their own without holding up other tables, bots
that answer at once on the server's thread; a per-move clock
hands a seat whose time ran out to a bot until its holder takes it back."""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from kaido.server.runtime import TableRuntime
from kaido.server.store import Write
from tests.server.harness import Harness, receive_state, wait_for


def test_a_thinking_bot_does_not_hold_up_other_tables(tmp_path: Path) -> None:
    # A bot that thinks 3 s a decision: the other table's moves below take far less even
    # on a loaded machine (a 1 s bot finished its turn first there once).
    with Harness(tmp_path, bot_levels={"strong": "mcts:time=3"}) as harness:
        ann, bob, cid = harness.player("Ann"), harness.player("Bob"), harness.player("Cid")
        slow = ann.create(["human", "strong"])
        ann.act(slow, ["draw"], move=0)
        ann.act(slow, ["end"], move=1)  # the strong bot now searches
        other = bob.create(["human", "human"])
        cid.join(other)
        for move, action in enumerate([["draw"], ["end"]]):
            assert bob.act(other, action, move=move).status_code == 200
        assert cid.act(other, ["draw"], move=2).status_code == 200
        # The bot's turn is at least two decisions of 3 s: had it held up the server, these
        # moves would have waited for its turn to end.
        assert ann.state(slow)["to_move"] == 1
        wait_for(lambda: ann.state(slow)["to_move"] == 0, timeout=60, what="the bot's move")


def test_bots_that_answer_at_once_decide_without_the_bot_processes(tmp_path: Path) -> None:
    """Bots that answer at once (the levels' heuristics; this game has none, so its easy
    bot is the one-ply greedy, and its normal one is set to the random bot) decide on the
    server's own thread, where a process's round trip would cost more than their choice:
    their moves send no job to the bots' processes, which a search still gets."""
    levels = {"normal": "random", "strong": "mcts:time=0.05"}
    with Harness(tmp_path, bot_levels=levels) as harness:
        thinkers = harness.services.thinkers
        sent: list[str] = []
        submit = thinkers.submit
        thinkers.submit = lambda job, done: sent.append(job.spec) or submit(job, done)  # type: ignore[method-assign]
        ann = harness.player("Ann")
        quick = ann.create(["human", "easy", "normal"])
        ann.act(quick, ["draw"], move=0)
        ann.act(quick, ["end"], move=1)
        wait_for(lambda: ann.state(quick)["to_move"] == 0, what="both bots' moves")
        assert ann.state(quick)["version"] > 2
        assert sent == []
        searching = ann.create(["human", "strong"])
        ann.act(searching, ["draw"], move=0)
        ann.act(searching, ["end"], move=1)
        wait_for(lambda: ann.state(searching)["to_move"] == 0, what="the search's move")
        assert sent and set(sent) == {"mcts:time=0.05"}


def test_bots_pause_visibly_before_moving(tmp_path: Path) -> None:
    with Harness(tmp_path, bot_delay=0.4) as harness:
        ann = harness.player("Ann")
        table = ann.create(["human", "easy"])
        with ann.socket(table) as socket:
            receive_state(socket)
            socket.send_json({"type": "act", "action": ["draw"], "move": 0})
            receive_state(socket)
            socket.send_json({"type": "act", "action": ["end"], "move": 1})
            ended = time.monotonic()
            assert receive_state(socket)["to_move"] == 1
            bot_moved = receive_state(socket)
            while not bot_moved["log"]:  # told the bot thinks, if it took a while
                assert bot_moved["thinking"] == 1
                bot_moved = receive_state(socket)
            assert bot_moved["log"][0]["player"] == 1
            assert time.monotonic() - ended >= 0.35


def test_a_bot_takes_over_when_the_clock_runs_out(harness: Harness) -> None:
    ann, bob = harness.player("Ann"), harness.player("Bob")
    table = ann.create(["human", "human"], move_seconds=1)
    bob.join(table)
    state = ann.state(table)
    assert state["move_seconds"] == 1 and state["deadline"] > time.time()
    ann.act(table, ["draw"], move=0)
    # Ann does nothing more: after a second her seat is played by a bot, then it is Bob's.
    taken = wait_for(lambda: (s := bob.state(table))["seats"][0]["timed_out"] and s, timeout=10)
    assert taken["seats"][1]["timed_out"] is False
    # Bob decides next: his draw, or a discard if the bot banked a 1 for Ann (TINY-ONE-1).
    wait_for(lambda: bob.state(table)["to_move"] == 1, timeout=10, what="Bob's decision")
    refused = ann.act(table, ["draw"], move=ann.state(table)["version"])
    assert refused.status_code in (403, 409)
    assert ann.post(f"/api/tables/{table}/take-back").status_code == 200
    assert ann.state(table)["seats"][0]["timed_out"] is False
    again = ann.post(f"/api/tables/{table}/take-back")
    assert again.status_code == 409 and "already play" in again.json()["error"]
    # Bob plays on, unless his own one-second clock beat him on a slow machine.
    bob_state = bob.state(table)
    if bob_state["legal"]:
        played = bob.act(table, bob_state["legal"][0]["action"], move=bob_state["version"])
        if played.status_code == 200:
            return
    assert bob.state(table)["seats"][1]["timed_out"] is True


def test_the_clock_survives_a_restart(tmp_path: Path) -> None:
    data = tmp_path
    with Harness(data) as first:
        ann, bob = first.player("Ann"), first.player("Bob")
        table = ann.create(["human", "human"], move_seconds=3)
        bob.join(table)
        deadline = ann.state(table)["deadline"]
    with Harness(data) as second:
        again = second.returning(bob)
        state = again.state(table)
        # The restarted server keeps the stored deadline, or, when its start took longer
        # than the clock had left (a loaded machine), has already run it out.
        if not state["seats"][0]["timed_out"]:
            assert state["deadline"] == deadline
        # A generous wait: on a loaded machine the clock thread may run late.
        wait_for(lambda: again.state(table)["seats"][0]["timed_out"], timeout=30)
        assert time.time() >= deadline


def test_bots_moves_due_together_share_one_commit(tmp_path: Path) -> None:
    """Bots' moves that fall due while the clock thread is busy are committed in one
    transaction, each table stores exactly the moves its game played, and each table is
    free once it is told, before the next tables' steps."""
    with Harness(tmp_path) as harness:
        services = harness.services
        batches: list[int] = []
        commit_together = services.store.commit_together

        def counted(writes: list[Write]) -> list[BaseException | None]:
            batches.append(len(writes))
            return commit_together(writes)

        services.store.commit_together = counted  # type: ignore[method-assign]
        told: list[TableRuntime] = []
        free_when_next_told: list[bool] = []
        after_action = services.tables._after_action

        def telling(runtime: TableRuntime, first: int) -> None:
            if len(batches) == 1:  # inside the first batch
                if told:
                    free_when_next_told.append(lockable_elsewhere(told[-1]))
                told.append(runtime)
            after_action(runtime, first)

        services.tables._after_action = telling  # type: ignore[method-assign]
        ann = harness.player("Ann")
        tables = [ann.create(["human", "easy"]) for _ in range(3)]
        busy = threading.Event()
        services.workers.later(0, lambda: busy.wait(10), clock=True)
        for table in tables:
            ann.act(table, ["draw"], move=0)
            ann.act(table, ["end"], move=1)  # the bot decides at once; its move is due now
        busy.set()
        for table in tables:
            wait_for(lambda t=table: ann.state(t)["to_move"] == 0, what="the bot's turn")
        assert batches and batches[0] == 3
        assert free_when_next_told == [True, True]
        for table in tables:
            match = services.tables.get(table).require_match()
            assert services.store.actions(table) == [action.to_json() for action in match.actions]


def lockable_elsewhere(runtime: TableRuntime) -> bool:
    """Whether another thread could take the table's lock while the caller goes on
    holding what it holds. It waits a little, since a reader (the test's own polling)
    may hold the lock for a moment; a lock the caller keeps is never had."""
    taken: list[bool] = []

    def take() -> None:
        if runtime.lock.acquire(timeout=2):
            runtime.lock.release()
            taken.append(True)

    thread = threading.Thread(target=take)
    thread.start()
    thread.join()
    return bool(taken)


def test_a_write_refused_in_a_shared_commit_fails_its_table_alone(tmp_path: Path) -> None:
    """One table's bot move refused by the database, in a commit shared with two others:
    theirs are stored, and the refused table is replayed from the database, so that its
    bot moves again once the database takes it."""
    with Harness(tmp_path) as harness:
        services = harness.services
        ann = harness.player("Ann")
        tables = [ann.create(["human", "easy"]) for _ in range(3)]
        refused = tables[1]
        with services.store.engine.begin() as connection:
            connection.execute(
                text(
                    "CREATE TRIGGER refuse BEFORE INSERT ON actions "
                    f"WHEN NEW.table_id = '{refused}' AND NEW.ply = 3 "
                    "BEGIN SELECT RAISE(ABORT, 'disk full'); END"
                )
            )
        busy = threading.Event()
        services.workers.later(0, lambda: busy.wait(10), clock=True)
        for table in tables:
            ann.act(table, ["draw"], move=0)
            ann.act(table, ["end"], move=1)
        busy.set()
        for table in (tables[0], tables[2]):
            wait_for(lambda t=table: ann.state(t)["to_move"] == 0, what="the bot's turn")
        assert services.store.actions(refused) == [["draw"], ["end"]]
        with services.store.engine.begin() as connection:
            connection.execute(text("DROP TRIGGER refuse"))
        wait_for(lambda: ann.state(refused)["to_move"] == 0, timeout=30, what="the bot again")
        for table in tables:
            match = services.tables.get(table).require_match()
            assert services.store.actions(table) == [action.to_json() for action in match.actions]


def test_a_rules_engine_failure_in_a_batch_fails_its_table_alone_and_is_logged_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """One table's rules engine fails on its bot's move, in a batch with two others: theirs
    go on, and the failure is logged once, with its cause, where it happened."""
    with Harness(tmp_path) as harness:
        services = harness.services
        ann = harness.player("Ann")
        tables = [ann.create(["human", "easy"]) for _ in range(3)]
        failing = tables[1]

        def fail(*_args: object, **_kwargs: object) -> None:
            raise RuntimeError("a bug in the rules")

        busy = threading.Event()
        services.workers.later(0, lambda: busy.wait(10), clock=True)
        for table in tables:
            ann.act(table, ["draw"], move=0)
            ann.act(table, ["end"], move=1)
        services.tables.get(failing).require_match().play = fail  # type: ignore[method-assign]
        with caplog.at_level(logging.ERROR, logger="kaido"):
            busy.set()
            for table in (tables[0], tables[2]):
                wait_for(lambda t=table: ann.state(t)["to_move"] == 0, what="the bot's turn")
        about_it = [record for record in caplog.records if failing in record.getMessage()]
        assert [record.getMessage() for record in about_it] == [
            f"the rules engine failed at table {failing}"
        ]
        assert about_it[0].exc_info is not None and "a bug in the rules" in str(
            about_it[0].exc_info[1]
        )
        assert services.store.actions(failing) == [["draw"], ["end"]]


def test_bots_moves_are_played_final_and_a_persons_are_not(harness: Harness) -> None:
    """A bot never takes a move back, so its moves are played `final`: the match keeps no
    state for undoing them (a person's moves keep theirs while undo can reach them)."""
    ann = harness.player("Ann")
    table = ann.create(["human", "easy"])
    runtime = harness.services.tables.get(table)
    match = runtime.require_match()
    played: list[tuple[int, bool]] = []
    play = match.play

    def recording(action: Any, **settings: Any) -> Any:
        played.append((match.to_move, settings.get("final", False)))
        return play(action, **settings)

    match.play = recording  # type: ignore[method-assign]
    ann.act(table, ["draw"], move=0)
    ann.act(table, ["end"], move=1)
    wait_for(lambda: ann.state(table)["to_move"] == 0, what="the bot's turn")
    assert played[:2] == [(0, False), (0, False)]
    assert [final for seat, final in played if seat == 1] == [True] * (len(played) - 2)
    assert len(played) > 2
