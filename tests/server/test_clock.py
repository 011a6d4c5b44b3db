"""The server's clock thread (kaido.server.workers): clocks and bots' moves run on it in the
order they fall due, chores on a pool of their own; items due together go to one call."""

from __future__ import annotations

import threading
import time

from kaido.server.workers import GATHER_AT_MOST, Workers


def test_clock_jobs_run_on_the_clock_thread_in_the_order_they_fall_due() -> None:
    workers = Workers()
    ran: list[tuple[str, str]] = []
    done = threading.Event()

    def job(name: str) -> None:
        ran.append((name, threading.current_thread().name))
        if len(ran) == 3:
            done.set()

    try:
        workers.later(0.3, lambda: job("late clock"), clock=True)
        workers.later(0.1, lambda: job("early clock"), clock=True)
        workers.later(0, lambda: job("chore"))
        assert done.wait(5)
    finally:
        workers.shutdown()
    threads = dict(ran)
    assert [name for name, _thread in ran if "clock" in name] == ["early clock", "late clock"]
    assert threads["early clock"] == threads["late clock"] == "kaido-clock"
    assert threads["chore"].startswith("kaido-chore")


def test_a_job_due_sooner_than_the_one_waited_for_wakes_the_clock_thread() -> None:
    workers = Workers()
    near = threading.Event()
    try:
        workers.later(30, lambda: None, clock=True)
        time.sleep(0.1)  # the clock thread now waits for the job in 30 s
        workers.later(0.05, near.set, clock=True)
        assert near.wait(5)
    finally:
        workers.shutdown()


def test_shutdown_waits_for_the_running_job_and_drops_the_rest() -> None:
    workers = Workers()
    started, finished, dropped = threading.Event(), threading.Event(), threading.Event()

    def slow() -> None:
        started.set()
        time.sleep(0.3)
        finished.set()

    workers.later(0, slow, clock=True)
    # Due well after `slow` ends, so that a main thread held up on a loaded machine still
    # shuts down before it falls due.
    workers.later(1.5, dropped.set, clock=True)
    assert started.wait(5)
    workers.shutdown()
    assert finished.is_set()
    time.sleep(1.6)
    assert not dropped.is_set()


def test_items_due_together_are_gathered_into_one_call_in_the_order_they_fell_due() -> None:
    workers = Workers()
    calls: list[list[str]] = []
    done = threading.Event()
    busy = threading.Event()

    def run(items: list[str]) -> None:
        calls.append(items)
        if items[-1] == "last":
            done.set()

    def other(items: list[str]) -> None:
        calls.append(["other", *items])

    try:
        workers.later(0, lambda: busy.wait(5), clock=True)  # the items fall due meanwhile
        for n in range(GATHER_AT_MOST + 2):
            workers.gather(0.001 * n, f"move {n}", run)
        workers.gather(0.05, "elsewhere", other)  # another gatherer's item ends a run
        workers.gather(0.06, "after", run)
        workers.later(0.07, lambda: None, clock=True)  # so does a plain job
        workers.gather(0.08, "last", run)
        time.sleep(0.2)
        busy.set()
        assert done.wait(5)
    finally:
        workers.shutdown()
    moves = [f"move {n}" for n in range(GATHER_AT_MOST + 2)]
    assert calls == [
        moves[:GATHER_AT_MOST],
        moves[GATHER_AT_MOST:],
        ["other", "elsewhere"],
        ["after"],
        ["last"],
    ]


def test_an_item_not_due_yet_waits_for_its_time() -> None:
    workers = Workers()
    calls: list[tuple[list[str], float]] = []
    done = threading.Event()

    def run(items: list[str]) -> None:
        calls.append((items, time.monotonic()))
        if "late" in items:
            done.set()

    try:
        start = time.monotonic()
        workers.gather(0, "now", run)
        workers.gather(0.3, "late", run)
        assert done.wait(5)
    finally:
        workers.shutdown()
    assert [items for items, _when in calls] == [["now"], ["late"]]
    assert calls[1][1] - start >= 0.29
