"""The bots' thinking (kaido/server/thinking.py): a queue fair to every account, processes
that think at the same time, and tables of bots only at the lowest priority."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kaido.agents import REGISTERED, RandomAgent, register_agent
from kaido.core.game import Game
from kaido.games import get_game
from kaido.server import thinking
from kaido.server.bots import answers_at_once
from kaido.server.thinking import LOWEST_PRIORITY, FairQueue, Job, Thinkers, Ticket
from tests.conftest import game_params
from tests.core.tiny_game import TINY
from tests.server.harness import wait_for
from tests.server.probe_bots import probe_lines, probe_log

PROBE = "tests.server.probe_bots:Probe"


def job(account: int, *, table: str = "t", background: bool = False, **fields: Any) -> Job:
    values: dict[str, Any] = {
        "game": TINY.id,
        "spec": "random",
        "seed": 1,
        "humans": frozenset() if background else frozenset({0}),
        "options": {"players": 2},
        "table_seed": 7,
        "actions": (),
        "cap": 60.0,
        **fields,
    }
    return Job(account=account, table=table, background=background, **values)


def ticket(account: int, number: int) -> Ticket:
    return Ticket(job(account, table=f"{account}-{number}"), lambda _t, _v: None, number)


def test_one_account_with_many_jobs_does_not_hold_up_another() -> None:
    """Twenty queued decisions of one account, then one of another: the other's runs as
    soon as a process is free, not after the twenty."""
    queue = FairQueue()
    flood = [ticket(1, n) for n in range(20)]
    for waiting in flood:
        queue.push(waiting)
    assert queue.pop() is flood[0]  # account 1 thinks
    other = ticket(2, 20)
    queue.push(other)
    assert queue.pop() is other
    queue.finished(flood[0], 1.0)
    queue.finished(other, 1.0)
    assert [queue.pop() for _ in range(19)] == flood[1:]
    assert queue.pop() is None


def test_the_account_that_used_least_goes_first_and_banks_nothing_while_away() -> None:
    """Account 1 searches all along; account 2 made one instant move long ago, then comes
    back with three: it starts level with account 1 and they take turns, rather than
    account 2 taking every process until it has used as much as account 1."""
    queue = FairQueue()
    searches = [ticket(1, n) for n in range(4)]
    for one in searches:
        queue.push(one)
    early = ticket(2, 4)
    queue.push(early)
    assert queue.pop() is searches[0] and queue.pop() is early  # one each
    queue.finished(early, 0.01)  # account 2 is idle now
    queue.finished(searches[0], 30.0)
    moves = [ticket(2, n) for n in range(5, 8)]
    for one in moves:
        queue.push(one)
    order = []
    while (next_one := queue.pop()) is not None:
        order.append(next_one)
        queue.finished(next_one, 1.0)
    assert order == [searches[1], moves[0], searches[2], moves[1], searches[3], moves[2]]


def test_an_accounts_tables_take_turns_in_the_order_they_asked() -> None:
    queue = FairQueue()
    tickets = [ticket(1, n) for n in range(3)]
    for one in tickets:
        queue.push(one)
    assert queue.remove(tickets[1]) and not queue.remove(tickets[1])
    assert [queue.pop(), queue.pop(), queue.pop()] == [tickets[0], tickets[2], None]


@pytest.fixture
def thinkers() -> Iterator[Thinkers]:
    running = Thinkers(processes=1)
    yield running
    running.close()


@pytest.fixture
def seed() -> Iterator[int]:
    """A probe's seed, naming its log (removed afterwards)."""
    value = random.randrange(1 << 40)
    yield value
    probe_log(value).unlink(missing_ok=True)


class Answers:
    """The tables whose jobs were answered, in order."""

    def __init__(self) -> None:
        self.tables: list[str] = []
        self.lock = threading.Lock()

    def __call__(self, done: Ticket, value: list[Any] | None) -> None:
        assert value is not None
        with self.lock:
            self.tables.append(done.job.table)


def test_the_pool_serves_the_waiting_account_next(thinkers: Thinkers, seed: int) -> None:
    """One process: account 1 thinks (a probe that waits to be called off) and has three
    more decisions queued; account 2's one decision, queued last, is answered first."""
    answers = Answers()
    blocker = thinkers.submit(job(1, table="blocker", spec=f"{PROBE}:meet=99", seed=seed), answers)
    wait_for(lambda: probe_lines(seed), what="the probe to think")
    for n in range(3):
        thinkers.submit(job(1, table=f"a{n}"), answers)
    thinkers.submit(job(2, table="b"), answers)
    blocker.cancel()
    wait_for(lambda: len(answers.tables) == 4, what="the answers")
    assert answers.tables == ["b", "a0", "a1", "a2"]
    assert thinkers.busy() == 0


def test_searches_run_in_processes_at_once_and_bots_only_tables_at_the_lowest_priority(
    seed: int,
) -> None:
    """Two probes that wait for each other can only both answer if they think at the same
    time, in two processes; a table of bots only thinks at nice 19."""
    thinkers = Thinkers(processes=2)
    try:
        answers = Answers()
        for table in ("x", "y"):
            thinkers.submit(job(1, table=table, spec=f"{PROBE}:meet=2", seed=seed), answers)
        wait_for(lambda: len(answers.tables) == 2, timeout=60, what="both probes")
        lines = probe_lines(seed)
        assert len({pid for pid, _nice, _humans in lines}) == 2
        assert all(int(pid) != os.getpid() for pid, _nice, _humans in lines)
        assert {int(nice) for _pid, nice, _humans in lines} == {os.nice(0)}
        probe_log(seed).unlink()
        thinkers.submit(job(1, table="z", spec=PROBE, seed=seed, background=True), answers)
        wait_for(lambda: len(answers.tables) == 3, timeout=60, what="the bots-only table")
        ((_pid, nice, humans),) = probe_lines(seed)
        assert (int(nice), int(humans)) == (LOWEST_PRIORITY, 0)
    finally:
        thinkers.close()


def test_a_search_is_cut_at_its_cap_and_a_waiting_job_called_off(
    thinkers: Thinkers, seed: int
) -> None:
    answers = Answers()
    capped = job(1, table="capped", spec=f"{PROBE}:meet=99", seed=seed, cap=0.2)
    thinkers.submit(capped, answers)  # waits for probes that never come, cut at 0.2 s
    wait_for(lambda: answers.tables == ["capped"], timeout=60, what="the capped search")
    blocker = thinkers.submit(job(1, table="blocker", spec=f"{PROBE}:meet=99", seed=seed), answers)
    waiting = thinkers.submit(job(2, table="never"), answers)  # the one process is busy
    waiting.cancel()
    blocker.cancel()
    thinkers.submit(job(2, table="after"), answers)
    wait_for(lambda: answers.tables[-1:] == ["after"], what="the next job")
    assert answers.tables == ["capped", "after"] and thinkers.busy() == 0


def test_a_process_that_dies_is_replaced(thinkers: Thinkers, seed: int) -> None:
    """The decision it was making is answered as failed (the table plays the bot's first
    legal action), and the next decision gets a new process."""
    values: list[list[Any] | None] = []
    thinkers.submit(
        job(1, spec=f"{PROBE}:meet=99", seed=seed), lambda _t, value: values.append(value)
    )
    pid = int(wait_for(lambda: probe_lines(seed), what="the probe to think")[0][0])
    os.kill(pid, signal.SIGKILL)
    wait_for(lambda: values == [None], what="the failed decision")
    thinkers.submit(job(2), lambda _t, value: values.append(value))
    wait_for(lambda: len(values) == 2, what="a decision in the new process")
    assert values[1] is not None and thinkers.busy() == 0


SERVER_HOLDING_A_PROBE = """
import sys, time
from kaido.games import register
from kaido.server.thinking import Thinkers
from tests.conftest import game_params
from tests.core.tiny_game import TINY
from tests.server.test_thinking import PROBE, job
register(TINY)
thinkers = Thinkers(1)
thinkers.submit(job(1, spec=PROBE + ":meet=99", seed=int(sys.argv[1])), lambda _t, _v: None)
time.sleep(600)
"""


def test_the_bot_processes_end_with_a_server_killed_outright(seed: int) -> None:
    server = subprocess.Popen([sys.executable, "-c", SERVER_HOLDING_A_PROBE, str(seed)])
    try:
        lines = wait_for(lambda: probe_lines(seed), timeout=60, what="the probe to think")
        pid = int(lines[0][0])
    finally:
        server.kill()
        server.wait()
    wait_for(lambda: not alive(pid), what="the bot process to end")


def alive(pid: int) -> bool:
    """Whether `pid` still runs (a zombie waiting to be reaped has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_a_process_plays_on_from_the_state_it_keeps_and_replays_after_an_undo() -> None:
    """A job names the game's actions, not its state: the process plays the new ones on the
    state it kept for the table, and replays the game afresh when its history changed."""

    def play(seed: int) -> tuple[list[int], list[Any]]:
        rng, state = random.Random(seed), TINY.setup(TINY.make_options({"players": 2}), 7)
        played, views = [], [TINY.view(state, 0)]
        while not TINY.is_over(state) and len(played) < 8:
            action = rng.choice(TINY.legal_actions(state))
            TINY.apply(state, action, trusted=True)
            played.append(action.index)
            views.append(TINY.view(state, 0))
        return played, views

    def seen(actions: list[int]) -> Any:
        return TINY.view(thinking._state(TINY, job(1, table="kept", actions=tuple(actions))), 0)

    played, views = play(3)
    other, other_views = next(
        (o, v) for seed in range(4, 99) for o, v in [play(seed)] if o[:6] != played[:6]
    )
    assert seen(played[:3]) == views[3]
    assert seen(played) == views[-1]  # played on from the kept state
    assert seen(played[:2]) == views[2]  # taken back: replayed
    assert thinking._kept["kept"].actions == played[:2]
    assert seen(played[:6]) == views[6]
    assert seen(other[:6]) == other_views[6]  # another history as long: replayed


@pytest.mark.parametrize("game", [g for g in game_params() if g.id != TINY.id])
def test_every_games_bot_answers_from_a_process_with_a_legal_move(
    thinkers: Thinkers, game: Game[Any]
) -> None:
    """Every game's heuristic bot, in a bot process of the build under test (make test
    runs this on the compiled build too, which `make run` serves), answers a position of a
    random game with one of its legal moves, the one it makes on the server's thread."""
    options = game.make_options(players=game.player_counts[0])
    state, rng, played = game.setup(options, 7), random.Random(5), []
    for _ in range(12):
        action = rng.choice(game.legal_actions(state))
        game.apply(state, action, trusted=True)
        played.append(action.index)
    answers: list[list[Any] | None] = []
    bot = job(1, game=game.id, spec="heuristic", options=dict(options), actions=tuple(played))
    thinkers.submit(bot, lambda _ticket, value: answers.append(value))
    wait_for(lambda: bool(answers), what="the bot's answer")
    legal = [action.to_json() for action in game.legal_actions(state)]
    assert answers[0] in legal
    assert thinking.answer_here(bot, state.copy()) == answers[0]


def test_the_levels_heuristics_answer_at_once_and_searches_and_plug_ins_do_not() -> None:
    """The server makes the decisions of built-in bots that answer at once on its own
    thread; searches and registered plug-ins (which may take any time, or die) think in
    the bots' processes."""
    game = get_game("catan")
    for spec in ("heuristic", "heuristic:noise=0.2", "random", "greedy", "policy:anchor=2"):
        assert answers_at_once(spec, game), spec
    for spec in ("mcts:time=1", "mcts:iterations=500", "ismcts:time=1", "no-such-bot"):
        assert not answers_at_once(spec, game), spec
    cargo = get_game("cargo_empire")  # its heuristic in several deals takes tens of ms
    assert answers_at_once("heuristic:tuned=true:worlds=1", cargo)
    assert answers_at_once("heuristic:tuned=true:depth=1", cargo)
    assert not answers_at_once("heuristic:tuned=true:depth=1:worlds=8", cargo)
    assert not answers_at_once("heuristic:tuned=true:depth=2", cargo)
    assert not answers_at_once("heuristic:tuned=true:value=auto", cargo)  # reads a network
    # A plug-in that says it answers at once, for a game with no heuristic of its own.
    register_agent("heuristic", f"{__name__}:ClaimsQuick")
    answers_at_once.cache_clear()  # as a server registers its plug-ins before it starts
    try:
        assert not answers_at_once("heuristic", TINY)
    finally:
        del REGISTERED["heuristic"]
        answers_at_once.cache_clear()


class ClaimsQuick(RandomAgent):
    """A plug-in's bot (a Kaido agent's subclass) that says it answers at once."""

    instant = True


def test_a_bot_that_fails_on_the_servers_thread_answers_none(caplog: Any) -> None:
    """A failure is logged and told as no answer (the table then plays the first legal
    action, as for a failed process)."""
    broken = job(1, spec="random:no_such_setting=1")
    assert thinking.answer_here(broken, TINY.setup(TINY.make_options({"players": 2}), 7)) is None
    assert "a bot failed at table t" in caplog.text
