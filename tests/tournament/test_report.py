"""`kaido report`: the page, its figures and JSON from a tournament and from the web
server's finished games, and the balance figures a game supplies."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from kaido.cli.main import main
from kaido.core.events import Event
from kaido.games import register, unregister
from tests.core.tiny_game import TinyGame, TinyState
from tests.server.harness import Harness, Player, wait_for

PNG = b"\x89PNG\r\n\x1a\n"


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


class BalancedTiny(TinyGame):
    """The tiny game with balance figures: how often a 1 was banked, whether the winner
    banked a 6, and, in the games where someone banked a 1, how often."""

    id = "tiny_balanced"

    def balance(self, state: TinyState, events: Sequence[Event]) -> dict[str, float]:
        ones = sum(1 for e in events if e.kind == "bank" and e.data["card"] == 1)
        winner = self.result(state).ranks.index(1)
        figures = {"ones banked": ones, "winner banked a 6": float(6 in state.banks[winner])}
        if ones:
            figures["ones banked, where any"] = ones
        return figures


@pytest.fixture
def balanced() -> Iterator[BalancedTiny]:
    game = BalancedTiny()
    register(game)
    yield game
    unregister(game.id)


def test_a_tournament_report_has_its_standings_figures_and_balance(
    balanced: BalancedTiny, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db, out = str(tmp_path / "t.sqlite3"), tmp_path / "report"
    argv = ["tournament", "tiny_balanced", "--bots", "random", "greedy", "--db", db]
    code, standings, _ = run_cli(capsys, *argv, "--games", "8", "--name", "cup", "--json")
    assert code == 0
    code, listing, _ = run_cli(capsys, "report", "--db", db)
    assert code == 0 and "cup" in listing and "tiny_balanced" in listing
    code, printed, _ = run_cli(capsys, "report", "cup", "--db", db, "--html", str(out))
    assert code == 0 and "greedy" in printed
    summary = json.loads((out / "report.json").read_text())
    expected = json.loads(standings)
    assert summary["standings"] == expected["standings"]
    assert summary["by_seat"] == expected["by_seat"] and summary["games"] == 8
    page = (out / "index.html").read_text()
    for figure in ("ratings", "seats", "scores", "length", "history", "balance"):
        assert (out / f"{figure}.png").read_bytes().startswith(PNG)
        assert f'src="{figure}.png"' in page
    assert "greedy" in page and "random" in page
    # The balance figures are the means over the stored games' records.
    ones = [
        sum(action == ["bank", 1] for action in game)  # a banked 1 is the action ["bank", 1]
        for game in _stored_actions(db)
    ]
    assert summary["balance"]["ones banked"] == pytest.approx(round(sum(ones) / 8, 4))
    # A figure a game leaves out is averaged over the games that give it.
    some = [n for n in ones if n]
    assert 0 < len(some) < 8, "the seeds must give games with and without a banked 1"
    where_any = summary["balance"]["ones banked, where any"]
    assert where_any == pytest.approx(round(sum(some) / len(some), 4))
    assert 0 <= summary["balance"]["winner banked a 6"] <= 1


def _stored_actions(db: str) -> list[list[Any]]:
    from kaido.tournament.store import TournamentStore, database_url

    store = TournamentStore(database_url(db))
    try:
        return [game.actions for game in store.games(store.find("cup"))]
    finally:
        store.close()


def test_a_game_without_balance_figures_gets_a_report_without_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db, out = str(tmp_path / "t.sqlite3"), tmp_path / "report"
    argv = ["tournament", "tiny", "--bots", "random", "greedy", "--db", db, "--name", "cup"]
    assert run_cli(capsys, *argv, "--games", "2")[0] == 0
    assert run_cli(capsys, "report", "cup", "--db", db, "--html", str(out))[0] == 0
    assert not (out / "balance.png").exists()
    assert json.loads((out / "report.json").read_text())["balance"] == {}


def test_unknown_tournaments_and_missing_games_are_one_line_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "t.sqlite3")
    code, _, err = run_cli(capsys, "report", "nothing", "--db", db)
    assert code == 2 and "no tournament 'nothing'" in err and err.count("\n") == 1
    missing = str(tmp_path / "none.sqlite3")
    code, _, err = run_cli(capsys, "report", "--server", missing, "--game", "tiny")
    assert code == 2 and "no server database at sqlite:///" in err
    assert run_cli(capsys, "tournament", "tiny", "--bots", "random", "greedy", "--db", db)[0] == 0
    code, _, err = run_cli(capsys, "report", "--server", db, "--game", "tiny")
    assert code == 2 and "cannot read the server's games" in err and "no such table" in err
    code, _, err = run_cli(capsys, "report", "--server", db)
    assert code == 2 and "--server needs --game" in err


def play_to_the_end(player: Player, table: str) -> None:
    while True:
        state = player.state(table)
        if state["status"] == "finished":
            return
        if state["legal"]:
            response = player.act(table, state["legal"][-1]["action"], move=state["version"])
            assert response.status_code == 200, response.text


def test_the_same_report_comes_from_the_web_servers_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    database = str(tmp_path / "data" / "kaido.sqlite3")
    with Harness(tmp_path / "data") as server:
        ann = server.player("Ann")
        code, _, err = run_cli(capsys, "report", "--server", database, "--game", "tiny")
        assert code == 2 and "the server has no finished tiny game" in err
        for _ in range(3):
            play_to_the_end(ann, ann.create(["human", "easy"]))
        bots = ann.create(["easy", "easy", "normal"], my_seat=None)
        wait_for(lambda: ann.state(bots)["status"] == "finished", what="the bots' game")
    out = tmp_path / "report"
    argv = ["report", "--server", database, "--game", "tiny", "--players", "2", "--json"]
    code, printed, _ = run_cli(capsys, *argv, "--html", str(out))
    assert code == 0
    summary = json.loads(printed)
    assert summary["games"] == 3
    assert {row["bot"] for row in summary["standings"]} == {"Ann", "bot:easy"}
    assert all(row["seats_played"] == 3 for row in summary["standings"])
    page = (out / "index.html").read_text()
    assert "Ann" in page and "1 games of other player counts left out" in page
    code, printed, _ = run_cli(capsys, "report", "--server", database, "--game", "tiny", "--json")
    assert code == 0 and json.loads(printed)["games"] == 3  # the most common count: 2
