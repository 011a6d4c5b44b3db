"""`kaido tournament`: every seating equally often, the same seeds give the same games and
ratings, and a run stopped by Ctrl-C or kill -9 goes on to exactly the planned games."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from kaido.cli.main import main
from kaido.core.records import replay
from kaido.tournament.plan import make_plan
from kaido.tournament.ratings import Played, standings, wilson
from kaido.tournament.run import GameJob, play
from kaido.tournament.store import FinishedGame, TournamentStore, database_url
from tests.core.tiny_game import TINY
from tests.server.services import fresh_postgres_database

REPO = Path(__file__).resolve().parents[2]
BOTS = ["random", "greedy", "mcts:iterations=20"]


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def tournament(db: str, *extra: str, bots: list[str] = BOTS) -> list[str]:
    return ["tournament", "tiny", "--bots", *bots, "--seed", "3", "--db", db, *extra]


def stored_games(db: str) -> list[FinishedGame]:
    store = TournamentStore(database_url(db))
    try:
        (only,) = store.tournaments()
        return store.games(only)
    finally:
        store.close()


def test_a_round_robin_plays_every_seating_equally_often(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "t.sqlite3")
    code, out, _ = run_cli(capsys, *tournament(db, "--games", "10", "--players", "3"))
    assert code == 0 and "win rate by seat" in out
    games = stored_games(db)
    assert len(games) == 12  # 10 rounded up to two whole rounds of the 3! seatings
    seatings = Counter(g.seats for g in games)
    assert len(seatings) == 6 and set(seatings.values()) == {2}
    for bot in BOTS:
        assert [sum(g.seats[s] == bot for g in games) for s in range(3)] == [4, 4, 4]
    # Every seating of a round is dealt from the round's seed.
    assert {g.round: {g.seed} for g in games} == {0: {3}, 1: {4}}
    assert all(len({g.seed for g in games if g.round == r}) == 1 for r in (0, 1))


def test_seatings_of_two_player_round_robins_and_gauntlets() -> None:
    two = make_plan(TINY, TINY.make_options(players=2), BOTS)
    assert len(two.seatings()) == 6  # three pairs, both ways round
    assert all(Counter(s[0] for s in two.seatings())[bot] == 2 for bot in BOTS)
    gauntlet = make_plan(TINY, TINY.make_options(players=3), ["mcts", "random"], "gauntlet")
    assert gauntlet.lineups() == [("mcts", "random", "random")]
    assert gauntlet.seatings() == [
        ("mcts", "random", "random"),
        ("random", "mcts", "random"),
        ("random", "random", "mcts"),
    ]
    wide = make_plan(TINY, TINY.make_options(players=2), BOTS, "gauntlet")
    assert wide.lineups() == [("random", "greedy"), ("random", "mcts:iterations=20")]


def test_the_same_seeds_give_the_same_records_and_ratings(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    one, two = str(tmp_path / "one.sqlite3"), str(tmp_path / "two.sqlite3")
    code, first, _ = run_cli(capsys, *tournament(one, "--games", "18", "--json"))
    assert code == 0
    code, again, _ = run_cli(capsys, *tournament(two, "--games", "18", "--json", "--jobs", "2"))
    assert code == 0
    assert json.loads(first) == json.loads(again)
    games, others = stored_games(one), stored_games(two)
    assert [g.index for g in games] == list(range(18))
    assert [(g.seats, g.seed, g.actions, g.ranks) for g in games] == [
        (g.seats, g.seed, g.actions, g.ranks) for g in others
    ]
    plan = make_plan(TINY, TINY.make_options(players=3), BOTS, seed=3)
    for game in games:
        replay(TINY, game.record(plan))  # checks every step and the stored result
    table = json.loads(first)
    assert table["games"] == 18 and [row["seats_played"] for row in table["standings"]] == [18] * 3
    assert sum(seat["wins"] for seat in table["by_seat"]) == pytest.approx(18)


def test_more_games_extend_a_tournament_without_touching_its_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "t.sqlite3")
    assert run_cli(capsys, *tournament(db, "--games", "6"))[0] == 0
    before = stored_games(db)
    code, out, _ = run_cli(capsys, *tournament(db, "--games", "12"))
    assert code == 0 and "6 games played now" in out
    after = stored_games(db)
    assert after[:6] == before and [g.index for g in after] == list(range(12))
    code, out, _ = run_cli(capsys, *tournament(db, "--games", "12"))
    assert code == 0 and "0 games played now" in out


def test_a_tournament_on_postgresql_matches_sqlite(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    sqlite = str(tmp_path / "t.sqlite3")
    code, expected, _ = run_cli(capsys, *tournament(sqlite, "--games", "6", "--json"))
    assert code == 0
    with fresh_postgres_database() as url:
        code, got, _ = run_cli(capsys, *tournament(url, "--games", "6", "--json"))
        assert code == 0 and json.loads(got) == json.loads(expected)
        assert [g.actions for g in stored_games(url)] == [g.actions for g in stored_games(sqlite)]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--bots", "random", "random"], "each bot may be named once"),
        (["--bots", "random"], "at least two bots"),
        (["--bots", "random", "wizard"], "no agent 'wizard'"),
        (["--bots", "random", "greedy", "--players", "3"], "cannot fill 3 seats"),
        (["--bots", "random", "greedy", "--players", "5"], "for 2, 3 players"),
        (["--bots", "random", "greedy", "--games", "0"], "at least 1"),
        (["--bots", "random", "greedy", "--options", "players=2"], "comes from --players"),
    ],
)
def test_bad_tournaments_are_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, extra: list[str], message: str
) -> None:
    db = str(tmp_path / "t.sqlite3")
    code, _, err = run_cli(capsys, "tournament", "tiny", "--db", db, *extra)
    assert code == 2 and message in err
    assert "Traceback" not in err and err.count("\n") == 1


def test_a_named_tournament_refuses_other_settings(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "t.sqlite3")
    assert run_cli(capsys, *tournament(db, "--games", "6", "--name", "cup"))[0] == 0
    code, _, err = run_cli(capsys, *tournament(db, "--name", "cup", "--seed", "4"))
    assert code == 2 and "seed was 3, now 4" in err and "another --name" in err


def test_ratings_put_the_stronger_bot_first_and_intervals_hold_the_truth() -> None:
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert wilson(0, 0) == (0.0, 1.0)
    # "strong" wins every game whatever its seat; "twin" fills two seats of every game.
    games = [
        Played(("strong", "twin", "twin"), (3, 1, 0), (1, 2, 3)),
        Played(("twin", "strong", "twin"), (1, 3, 0), (2, 1, 3)),
        Played(("twin", "twin", "strong"), (0, 1, 3), (3, 2, 1)),
    ] * 5
    table = standings(["twin", "strong"], 3, games)
    assert [row.bot for row in table.bots] == ["strong", "twin"]
    strong, twin = table.bots
    assert strong.mu > twin.mu and strong.games == 15 and twin.games == 30
    assert strong.win_rate == 1.0 and twin.win_rate == 0.0
    assert [s.games for s in strong.seats] == [5, 5, 5]
    assert [round(s.win_rate, 3) for s in table.seats] == [0.333, 0.333, 0.333]
    assert len(table.history["twin"]) == 15


# ---- interruptions: a real `kaido tournament` process stopped by Ctrl-C and kill -9 ----

SLOW = ["mcts:iterations=200", "random", "greedy"]  # about 0.1 s a game: time to stop it


# `kaido` as a terminal starts it: a Python started with SIGINT ignored (as a shell's
# background job inherits it) keeps ignoring it, and Ctrl-C would never reach the run.
INTERRUPTIBLE = (
    "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "from kaido.cli.main import main; sys.exit(main(sys.argv[1:]))"
)


def start(db: str) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", INTERRUPTIBLE]
    command += tournament(db, "--games", "60", "--jobs", "2", bots=SLOW)
    command += ["--register", "tests.core.tiny_game:TINY"]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.Popen(
        command, cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )


def finished_rows(db: str) -> dict[int, float]:
    """game index -> when it was stored, read as another process would."""
    try:
        with sqlite3.connect(db, timeout=30) as connection:
            rows = connection.execute("SELECT game_index, finished_at FROM tournament_games")
            return dict(rows.fetchall())
    except sqlite3.OperationalError:  # the runner has not created the tables yet
        return {}


def wait_for_games(process: subprocess.Popen[bytes], db: str, count: int) -> None:
    deadline = time.monotonic() + 120
    while len(finished_rows(db)) < count:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the tournament stored no games"
        time.sleep(0.05)


def children(pid: int) -> list[int]:
    text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    return [int(word) for word in text.split()]


def wait_gone(pids: list[int]) -> None:
    deadline = time.monotonic() + 60
    while any(Path(f"/proc/{pid}").exists() for pid in pids):
        assert time.monotonic() < deadline, f"worker processes {pids} outlived their parent"
        time.sleep(0.1)


def test_interrupted_and_killed_runs_resume_to_exactly_the_planned_games(
    tmp_path: Path,
) -> None:
    db = str(tmp_path / "t.sqlite3")
    first = start(db)
    wait_for_games(first, db, 5)
    first.send_signal(signal.SIGINT)  # Ctrl-C
    _, err = first.communicate(timeout=60)
    assert first.returncode == 130 and b"run the same command to go on" in err
    kept = finished_rows(db)
    assert 5 <= len(kept) < 60

    second = start(db)
    wait_for_games(second, db, len(kept) + 5)
    workers = children(second.pid)
    second.kill()  # kill -9: no clean-up code runs
    second.wait(timeout=30)
    wait_gone(workers)
    kept = finished_rows(db)
    assert len(kept) < 60

    third = start(db)
    out, err = third.communicate(timeout=300)
    assert third.returncode == 0, err.decode()
    assert f"{60 - len(kept)} games played now" in out.decode()
    final = finished_rows(db)
    assert sorted(final) == list(range(60))
    assert {index: final[index] for index in kept} == kept  # no finished game played again
    games = stored_games(db)
    plan = make_plan(TINY, TINY.make_options(players=3), SLOW, seed=3)
    for game in games:
        replay(TINY, game.record(plan))
    for game in (games[0], games[-1], games[len(kept)]):
        planned = plan.planned(10)[game.index]
        assert play(GameJob("tiny", plan.options, planned)).actions == game.actions
