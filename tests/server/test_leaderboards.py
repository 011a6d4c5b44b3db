"""Leaderboards: openskill ratings of accounts and bot levels from the games a player would
call games, updated as each game ends, and a player's rated games with their rating after
each (docs/server.md, *Leaderboards*)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from kaido.cli.main import main
from kaido.server.db import RatedGameRow, TableRow
from kaido.server.leaderboard import PAIR_GAMES_PER_DAY
from tests.core.tiny_game import TINY
from tests.server.harness import Harness, Player, wait_for


@pytest.fixture
def any_database(tmp_path: Path, database_url: str) -> Iterator[Harness]:
    """A server on SQLite, then on PostgreSQL."""
    with Harness(tmp_path, database_url) as running:
        yield running


def play_to_the_end(player: Player, table: str) -> None:
    """Play `player`'s decisions (the last legal action each time) until the game ends."""
    play(table, player)


def play(table: str, *players: Player, until: int | None = None) -> None:
    """The players take their decisions (the last legal action each time), bots theirs,
    until the game ends or `until` decisions were made."""
    while True:
        for player in players:
            state = player.state(table)
            if state["status"] == "finished" or state["version"] == until:
                return
            if state["legal"]:
                response = player.act(table, state["legal"][-1]["action"], move=state["version"])
                assert response.status_code == 200, response.text


def settled(player: Player) -> None:
    """Wait until every finished table has its verdict (given just after its game ends)."""
    engine = player.http.app.state.services.store.engine
    pending = (
        select(func.count())
        .select_from(TableRow)
        .outerjoin(RatedGameRow, RatedGameRow.table_id == TableRow.id)
        .where(TableRow.status == "finished", RatedGameRow.table_id.is_(None))
    )

    def done() -> bool:
        with Session(engine) as session:
            return session.scalar(pending) == 0

    wait_for(done, what="the finished games' verdicts")


def board(player: Player, game: str = "tiny") -> dict[str, Any]:
    settled(player)
    response = player.get(f"/api/leaderboards/{game}")
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def player_page(player: Player, name: str, game: str = "tiny") -> Any:
    settled(player)
    return player.get(f"/api/leaderboards/{game}/players/{name}")


def ratings(player: Player) -> dict[str, dict[str, Any]]:
    return {row["name"]: row for row in board(player)["players"]}


def game_of_two(host: Player, guest: Player) -> str:
    table = host.create(["human", "human"])
    assert guest.join(table).status_code == 200
    return table


def verdicts(harness: Harness) -> dict[str, str | None]:
    with Session(harness.services.store.engine) as session:
        rows = session.scalars(select(RatedGameRow)).all()
        return {row.table_id: row.reason for row in rows}


def test_finished_public_games_rate_accounts_and_bots(harness: Harness) -> None:
    ann = harness.player("Ann")
    for _ in range(2):
        play_to_the_end(ann, ann.create(["human", "easy"]))
    play_to_the_end(ann, ann.create(["human", "easy"], private=True))  # not rated
    bots = ann.create(["easy", "normal"], my_seat=None)  # no account plays: not rated
    wait_for(lambda: ann.state(bots)["status"] == "finished", what="the bots' game")

    first = board(ann)
    assert first["games"] == 2
    rows = {row["name"]: row for row in first["players"]}
    assert set(rows) == {"Ann", "bot:easy"}
    assert (rows["Ann"]["games"], rows["bot:easy"]["games"]) == (2, 2)
    assert rows["bot:easy"]["bot"] and not rows["Ann"]["bot"]
    assert [row["rating"] for row in first["players"]] == sorted(
        (row["rating"] for row in first["players"]), reverse=True
    )

    history = player_page(ann, "Ann").json()
    assert [game["players"] for game in history["games"]] == [["Ann", "bot:easy"]] * 2
    assert history["games"][-1]["rating"] == rows["Ann"]["rating"]
    assert all(game["place"] in (1, 2) for game in history["games"])
    reasons = sorted(reason for reason in verdicts(harness).values() if reason)
    assert reasons == ["a private table", "no player with an account (guests and bots only)"]

    # Another game ends: the board follows.
    play_to_the_end(ann, ann.create(["human", "easy"]))
    after = board(ann)
    assert after["games"] == 3
    ann_after = next(row for row in after["players"] if row["name"] == "Ann")
    assert ann_after["games"] == 3 and ann_after["rating"] != rows["Ann"]["rating"]


def test_a_resignation_at_the_start_rates_nothing(any_database: Harness) -> None:
    """The farming of issue 35: Bob joins Ann's table and resigns at once, again and again.
    A game ended by a resignation counts only after a quarter of a typical game's
    decisions (tiny: 13 a player, so 6 of a game of two)."""
    harness = any_database
    ann, bob = harness.player("Ann"), harness.player("Bob")
    for _ in range(2):
        table = game_of_two(ann, bob)
        assert bob.post(f"/api/tables/{table}/resign").status_code == 200
        assert ann.state(table)["result"]["ranks"] == [1, 2]  # Ann won the game itself
    assert board(ann) == {"game": "tiny", "games": 0, "players": []}
    assert set(verdicts(harness).values()) == {"ended by a resignation after 0 decisions, before 6"}
    # Past the real share, a resignation ends a rated game.
    table = game_of_two(ann, bob)
    play(table, ann, bob, until=6)
    assert bob.post(f"/api/tables/{table}/resign").status_code == 200
    rows = ratings(ann)
    assert rows["Ann"]["wins"] == 1 and rows["Bob"]["wins"] == 0
    assert rows["Ann"]["rating"] > rows["Bob"]["rating"]


def test_guests_are_not_rated(harness: Harness) -> None:
    ann, guest = harness.player("Ann"), harness.anonymous()
    assert guest.post("/api/guest").status_code == 200
    play(game_of_two(ann, guest), ann, guest)  # one rated side only
    assert board(ann)["games"] == 0
    table = ann.create(["human", "human", "easy"])  # a guest among an account and a bot
    assert guest.join(table).status_code == 200
    play(table, ann, guest)
    assert set(ratings(ann)) == {"Ann", "bot:easy"}


def test_two_accounts_count_a_few_games_together_a_day(any_database: Harness) -> None:
    harness = any_database
    ann, bob = harness.player("Ann"), harness.player("Bob")
    for _ in range(PAIR_GAMES_PER_DAY + 1):
        play(game_of_two(ann, bob), ann, bob)
    rows = ratings(ann)
    assert rows["Ann"]["games"] == rows["Bob"]["games"] == PAIR_GAMES_PER_DAY
    # Each with others still counts.
    play_to_the_end(ann, ann.create(["human", "easy"]))
    assert ratings(ann)["Ann"]["games"] == PAIR_GAMES_PER_DAY + 1


def test_a_player_who_left_is_placed_last(harness: Harness) -> None:
    ann, bob = harness.player("Ann"), harness.player("Bob")
    table = ann.create(["human", "human", "easy"])
    assert bob.join(table).status_code == 200
    assert bob.post(f"/api/tables/{table}/resign").status_code == 200  # a bot plays on
    play_to_the_end(ann, table)
    history = player_page(bob, "Bob").json()["games"]
    assert [(game["seat"], game["place"]) for game in history] == [(1, 3)]


def test_a_solo_game_is_not_rated_and_breaks_no_leaderboard(harness: Harness) -> None:
    """Issue 34 bug 1: one finished 1-player Cargo Empire game made the game's leaderboard
    answer 500 for everyone (openskill needs two teams)."""
    ann = harness.player("Ann")
    play_to_the_end(ann, ann.create(["human"], game="cargo_empire"))
    assert board(ann, "cargo_empire") == {"game": "cargo_empire", "games": 0, "players": []}
    response = player_page(ann, "Ann", "cargo_empire")
    assert response.status_code == 404 and "no rated cargo_empire game" in response.text
    assert list(verdicts(harness).values()) == ["fewer than two rated sides (guests are not rated)"]


def test_rebuilding_from_the_history_gives_the_same_boards(any_database: Harness) -> None:
    harness, game = any_database, TINY.id
    ann, bob, cid = (harness.player(name) for name in ("Ann", "Bob", "Cid"))
    play(game_of_two(ann, bob), ann, bob)
    play_to_the_end(cid, cid.create(["human", "normal"]))
    play(game_of_two(bob, cid), bob, cid)
    table = game_of_two(cid, ann)
    assert ann.post(f"/api/tables/{table}/resign").status_code == 200  # not rated
    before = board(ann, game), player_page(ann, "Bob", game).json()
    assert harness.services.leaderboards.rebuild(game) == 4
    assert (board(ann, game), player_page(ann, "Bob", game).json()) == before
    harness.services.leaderboards.record(table)  # a second verdict changes nothing
    assert board(ann, game) == before[0]


def test_unknown_games_and_players_are_not_found(harness: Harness) -> None:
    ann = harness.player("Ann")
    response = ann.get("/api/leaderboards/nosuchgame")
    assert response.status_code == 404 and "no game 'nosuchgame'" in response.json()["error"]
    response = ann.get("/api/leaderboards/tiny/players/Nobody")
    assert response.status_code == 404 and "no rated tiny game" in response.json()["error"]


def test_the_command_line_rebuilds_and_prints_a_board(
    harness: Harness, capsys: pytest.CaptureFixture[str]
) -> None:
    ann = harness.player("Ann")
    play_to_the_end(ann, ann.create(["human", "easy"]))
    settled(ann)
    database = harness.settings.data_dir / "kaido.sqlite3"
    assert main(["ratings", "tiny", "--server", str(database), "--rebuild"]) == 0
    out = capsys.readouterr().out
    assert "1 finished games given a verdict again" in out and "1 rated games" in out
    rating = ratings(ann)["Ann"]["rating"]
    assert any(
        line.split()[:2] == ["│", "Ann"] and f"{rating:.2f}" in line for line in out.splitlines()
    )
    assert main(["ratings", "tiny", "--server", str(database.with_name("none.sqlite3"))]) == 2
