"""The `kaido` command: games, play, replay, simulate, and its error messages."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from kaido.agents import RandomAgent
from kaido.cli.main import main
from kaido.cli.play import TerminalSession
from kaido.cli.serve import where_to_join
from kaido.core.match import Match
from kaido.core.records import Record, Replayer
from kaido.games import get_game
from tests.conformance.play import fingerprint
from tests.core.tiny_game import TINY


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_every_game_with_counts(
    tiny_registered: None, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run_cli(capsys, "games")
    assert code == 0
    assert "tiny" in out and "2, 3" in out and "mcts" in out
    assert "copies" in out and "1 | 2" in out and "catan" in out


def test_help_exists_for_every_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("games", "play", "replay", "simulate"):
        with pytest.raises(SystemExit) as exit_info:
            main([command, "--help"])
        assert exit_info.value.code == 0
        assert "usage: kaido" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "nosuchgame", "--players", "human,random"], "no game 'nosuchgame'"),
        (["simulate", "tiny", "--players", "random"], "for 2, 3 players"),
        (
            ["simulate", "tiny", "--players", "random,random", "--options", "copies=5"],
            "one of 1, 2",
        ),
        (["simulate", "tiny", "--players", "random,wizard"], "no agent 'wizard'"),
        (["simulate", "tiny", "--players", "random,mcts:iterations"], "name=value"),
        (["replay", "no/such/file.json"], "cannot read"),
    ],
)
def test_errors_are_one_clear_line(
    tiny_registered: None, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, _, err = run_cli(capsys, *argv)
    assert code == 2
    assert message in err
    assert "Traceback" not in err and err.count("\n") == 1


def scripted(answers: list[str]) -> tuple[Console, list[str], Callable[[str], str]]:
    buffer = io.StringIO()
    console = Console(file=buffer, width=100)
    queue = list(answers)

    def ask(prompt: str) -> str:
        if not queue:
            raise EOFError
        return queue.pop(0)

    return console, queue, ask


def test_terminal_game_saves_a_record_that_replays_to_the_same_state(tmp_path: Path) -> None:
    options = TINY.make_options(players=2)
    match = Match(TINY, options, seed=3, players=["human", "random"])
    console, _, ask = scripted(["help", "nonsense", "1"] * 200)
    session = TerminalSession(match, [None, RandomAgent(1)], console, "en", ask)
    assert session.run()
    path = tmp_path / "game.json"
    session.save(str(path))
    replayed = Replayer(TINY, Record.load(path)).run()
    assert fingerprint(replayed) == fingerprint(match.state)
    output = console.file.getvalue()
    assert "undo: take back" in output and "not one of the legal actions" in output


def test_terminal_undo_takes_back_only_your_own_reversible_decision() -> None:
    options = TINY.make_options(players=2)
    match = Match(TINY, options, seed=3, players=["human", "human"])
    # P1 draws (irreversible), banks a card (reversible), undoes the bank, then quits.
    console, _, ask = scripted(["draw", "undo", "2", "undo", "quit"])
    session = TerminalSession(match, [None, None], console, "en", ask)
    assert not session.run()
    output = console.file.getvalue()
    assert "cannot be taken back" in output
    assert "Undone: bank" in output
    assert [a.kind for a in match.actions] == ["draw"]


def test_japanese_text(tiny_registered: None) -> None:
    options = TINY.make_options(players=2)
    match = Match(TINY, options, seed=3)
    console, _, ask = scripted(["引く", "quit"])
    session = TerminalSession(match, [None, None], console, "ja", ask)
    session.run()
    assert [a.kind for a in match.actions] == ["draw"]
    assert "シード" in console.file.getvalue()


def test_simulate_json_is_reproducible_apart_from_timings(
    tiny_registered: None, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [
        "simulate",
        "tiny",
        "--players",
        "random,greedy,mcts:iterations=20",
        "--games",
        "9",
        "--seed",
        "5",
        "--json",
    ]
    first = json.loads(run_cli(capsys, *argv)[1])
    again = json.loads(run_cli(capsys, *argv, "--jobs", "2")[1])
    first.pop("timing"), again.pop("timing")
    assert first == again
    assert first["games"] == 9 and sum(s["wins"] for s in first["by_seat"]) == pytest.approx(9)
    assert set(first["by_bot"]) == {"random", "greedy", "mcts:iterations=20"}


def test_simulate_table_and_saved_records_replay(
    tiny_registered: None, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run_cli(
        capsys,
        "simulate",
        "tiny",
        "--players",
        "random,random",
        "--games",
        "3",
        "--seed",
        "1",
        "--records",
        str(tmp_path),
    )
    assert code == 0 and "win rate" in out
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 3
    for file in files:
        code, out, _ = run_cli(capsys, "replay", str(file))
        assert code == 0


def test_replay_refuses_a_record_with_an_illegal_step(
    tiny_registered: None, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = Record("tiny", "1", {"players": 2}, 1, [["draw"], ["draw"]])
    path = tmp_path / "bad.json"
    record.save(path)
    code, _, err = run_cli(capsys, "replay", str(path))
    assert code == 2 and "step 2" in err and "TINY-TURN-2" in err


def test_replay_refuses_another_rules_version(
    tiny_registered: None, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "old.json"
    Record("tiny", "0", {"players": 2}, 1, []).save(path)
    code, _, err = run_cli(capsys, "replay", str(path))
    assert code == 2 and "rules version '0'" in err


def test_a_saved_game_resumes_where_it_stopped(
    tiny_registered: None,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    path = tmp_path / "half.json"
    match = Match(TINY, TINY.make_options(players=2), seed=8, players=["human", "random"])
    console, _, ask = scripted(["1", "2", f"save {path}", "quit"])
    assert not TerminalSession(match, [None, RandomAgent(2)], console, "en", ask).run()
    resumed = Match.from_record(TINY, Record.load(path))
    assert fingerprint(resumed.state) == fingerprint(match.state)
    assert resumed.can_undo(0) == match.can_undo(0)
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 500))
    code, out, _ = run_cli(
        capsys,
        "play",
        "tiny",
        "--players",
        "human,random",
        "--resume",
        str(path),
        "--save",
        str(tmp_path / "done.json"),
    )
    assert code == 0 and "Game over." in out
    final = Record.load(tmp_path / "done.json")
    assert final.actions[: len(match.actions)] == [a.to_json() for a in match.actions]
    assert final.result is not None


def test_a_refused_typed_move_says_why_with_the_clause() -> None:
    """An action of the game typed when it is not legal (rolling during the opening) is
    refused with the rule it breaks, and nothing changes; a typo is told apart."""
    game = get_game("catan")
    match = Match(game, game.make_options(players=3), seed=1, players=["human"] * 3)
    console, _, ask = scripted(["roll", "fly away", "quit"])
    TerminalSession(match, [None, None, None], console, "en", ask).run()
    output = console.file.getvalue()
    assert "Refused: place a starting settlement first [CT-SETUP-4]" in output
    assert "'fly away' is not one of the legal actions now" in output
    assert match.actions == []


@pytest.mark.parametrize("written", ["russian-railroads", "Russian_Railroads", "CATAN"])
def test_game_ids_are_read_in_any_case_with_dashes(
    capsys: pytest.CaptureFixture[str], written: str
) -> None:
    code, out, _ = run_cli(capsys, "simulate", written, "--players", "random,random,random")
    assert code == 0 and out
    assert get_game(written).id == written.lower().replace("-", "_")


def test_serve_says_how_friends_on_the_network_join() -> None:
    alone = where_to_join("127.0.0.1", 8000)
    assert alone[0] == "Kaido is at http://127.0.0.1:8000/"
    assert "--host 0.0.0.0" in alone[1] and ":8000/" in alone[1]
    shared = where_to_join("0.0.0.0", 8000)
    assert shared[0] == "Kaido is at http://127.0.0.1:8000/"
    assert shared[1].startswith("Friends on your network open http://")
    assert where_to_join("::1", 80)[0] == "Kaido is at http://[::1]:80/"
    assert where_to_join("192.168.1.9", 80) == [
        "Kaido is at http://192.168.1.9:80/ (friends on your network open it too)"
    ]
