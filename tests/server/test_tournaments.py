"""Player tournaments through the server: registration, bots filling the places left, each
round's tables made and started by the director, a no-show forfeiting at the round's time
limit, a restart in the middle of a round, and the standings with their tie-breaks. The
clock is the test's and the director runs when the test says."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from kaido.server.pairing import (
    Played,
    elimination_round,
    points,
    standings,
    swiss_round,
    table_sizes,
)
from tests.server.harness import Harness, ManualClock, Player, wait_for

HOUR = 3600.0
NEVER = 10 * 24 * HOUR


def tournament(player: Player, tournament_id: str) -> dict[str, Any]:
    response = player.get(f"/api/tournaments/{tournament_id}")
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


def direct(server: Harness) -> None:
    server.services.duties.run_once()


def play_round(
    server: Harness,
    players: list[Player],
    tournament_id: str,
    away: tuple[str, ...] = (),
    first: Player | None = None,
) -> None:
    """Every player in `players` plays their table of the current round to its end (the
    last legal action each time); the bots' tables play themselves; the tables of players
    `away` are not waited for (`first` watches when `players` is empty)."""
    watcher = first or players[0]
    found = tournament(watcher, tournament_id)
    games = [g for g in found["games"] if g["round"] == found["round"] and g["table"]]
    awaited = [g["table"] for g in games if not set(g["names"]) & set(away)]
    mine = {p.name: g["table"] for g in games for p in players if p.name in g["names"]}

    def done() -> bool:
        for player in players:
            state = player.state(mine[player.name])
            if state["status"] == "playing" and state["legal"]:
                action = state["legal"][-1]["action"]
                player.act(mine[player.name], action, move=state["version"])  # maybe stale
        return all(watcher.state(table)["status"] == "finished" for table in awaited)

    wait_for(done, timeout=60, what="the round's games to end")


def test_a_swiss_tournament_with_bots_a_no_show_and_a_restart(
    tmp_path: Path,
) -> None:
    clock = ManualClock()
    settings: dict[str, Any] = {"clock": clock, "duty_seconds": NEVER}
    with Harness(tmp_path, **settings) as server:
        ann, bob, cat, dan = (server.player(n) for n in ("Ann", "Bob", "Cat", "Dan"))
        made = ann.post(
            "/api/tournaments",
            {
                "name": "Friday Swiss",
                "game": "tiny",
                "format": "swiss",
                "rounds": 3,
                "seats": 2,
                "capacity": 6,
                "start_at": clock() + HOUR,
                "start_when_full": False,
                "round_minutes": 60,
                "move_seconds": 600,
                "bot_level": "easy",
            },
        )
        assert made.status_code == 200, made.text
        tid = made.json()["id"]
        assert made.json()["registered"] and not made.json()["rated"]
        for player in (bob, cat, dan):
            assert player.post(f"/api/tournaments/{tid}/register").status_code == 200
        assert bob.post(f"/api/tournaments/{tid}/register").status_code == 409
        direct(server)
        assert tournament(ann, tid)["status"] == "registering"  # its start time is later
        clock.advance(HOUR)
        direct(server)
        started = tournament(ann, tid)
        assert started["status"] == "running" and started["round"] == 1
        assert [e["bot"] for e in started["entrants"]] == [None] * 4 + ["easy"] * 2
        assert len([g for g in started["games"] if g["round"] == 1]) == 3
        tables = [ann.state(g["table"]) for g in started["games"]]
        assert all(t["status"] != "open" and t["private"] for t in tables)  # started, unrated
        assert all(t["move_seconds"] == 600 for t in tables)
        assert dan.post(f"/api/tournaments/{tid}/unregister").status_code == 409

        play_round(server, [ann, bob, cat, dan], tid)
        direct(server)
        assert tournament(ann, tid)["round"] == 2
        # Round 2: Dan never comes to his table; the others play theirs out.
        play_round(server, [ann, bob, cat], tid, away=("Dan",))
        direct(server)
        before = tournament(ann, tid)
        assert before["round"] == 2
        dans = next(g for g in before["games"] if g["round"] == 2 and "Dan" in g["names"])
        assert dans["places"] is None and dans["table_status"] == "playing"
    # A restart in the middle of the round: nothing is lost.
    with Harness(tmp_path, **settings) as server:
        ann = server.returning(ann)
        direct(server)
        after = tournament(ann, tid)
        assert after["games"] == before["games"] and after["standings"] == before["standings"]
        clock.advance(HOUR)  # the round's time limit: Dan forfeits
        direct(server)
        wait_for(lambda: ann.state(dans["table"])["status"] == "finished", what="Dan's game to end")
        direct(server)
        third = tournament(ann, tid)
        forfeited = next(g for g in third["games"] if g["table"] == dans["table"])
        dan_number = next(e["number"] for e in third["entrants"] if e["name"] == "Dan")
        assert forfeited["forfeits"] == [dan_number]
        assert forfeited["places"][forfeited["entrants"].index(dan_number)] == 2
        assert third["round"] == 3
        others = [server.returning(p) for p in (bob, cat)]
        play_round(server, [ann, *others], tid, away=("Dan",))  # Dan is away for good
        clock.advance(HOUR)
        direct(server)
        wait_for(lambda: direct(server) or tournament(ann, tid)["status"] == "finished")

    final = tournament(ann, tid)
    rows = final["standings"]
    assert len(rows) == 6 and [r["rank"] for r in rows] == list(range(1, 7))
    assert sum(r["points"] for r in rows) == 9  # 3 rounds of 3 tables of 2: a point each
    keys = [(r["points"], r["buchholz"]) for r in rows]
    assert keys == sorted(keys, reverse=True)
    met = Counter(tuple(sorted(g["entrants"])) for g in final["games"] if len(g["entrants"]) == 2)
    assert max(met.values()) == 1  # Swiss: no two entrants met twice


def moved_past(server: Harness, player: Player, tournament_id: str, round_: int) -> bool:
    direct(server)
    found = tournament(player, tournament_id)
    return bool(found["round"] > round_ or found["status"] == "finished")


def test_single_elimination_runs_to_its_champion(tmp_path: Path) -> None:
    clock = ManualClock()
    with Harness(tmp_path, clock=clock, duty_seconds=NEVER) as server:
        ann = server.player("Ann")
        made = ann.post(
            "/api/tournaments",
            {
                "name": "Knock-out",
                "game": "tiny",
                "format": "elimination",
                "seats": 2,
                "capacity": 4,
                "start_at": clock() + 60,
                "bot_level": "easy",
                "rated": True,
            },
        ).json()
        clock.advance(61)
        direct(server)
        first = tournament(ann, made["id"])
        assert len(first["games"]) == 2 and first["rated"]
        assert not ann.state(first["games"][0]["table"])["private"]  # rated: public
        for _round in (1, 2):  # Ann plays her table if she is still in
            found = tournament(ann, made["id"])
            still_in = any("Ann" in g["names"] for g in found["games"] if g["round"] == _round)
            play_round(server, [ann] if still_in else [], made["id"], first=ann)
            wait_for(lambda r=_round: moved_past(server, ann, made["id"], r), what="a round")
        assert tournament(ann, made["id"])["status"] == "finished"
        final = tournament(ann, made["id"])
        assert [g["round"] for g in final["games"]] == [1, 1, 2]
        final_table = final["games"][-1]
        places = dict(zip(final_table["entrants"], final_table["places"], strict=True))
        # A tied final (tiny's scores and hands equal) goes to the better draw, which the
        # tournament's page does not show: the champion is one of the final's firsts.
        assert places[final["standings"][0]["entrant"]] == 1
        assert {row["entrant"] for row in final["standings"][:2]} == set(places)


def test_a_tournament_refuses_what_cannot_be_played(harness: Harness) -> None:
    ann = harness.player("Ann")
    base = {"name": "T", "game": "tiny", "capacity": 4}
    for change, words in (
        ({"game": "chess"}, "chess"),
        ({"seats": 5}, "players, not 5"),
        ({"capacity": 1}, "capacity"),
        ({"rounds": 40}, "rounds"),
        ({"start_when_full": False}, "starts at a time"),
        ({"start_at": 1.0}, "passed"),
        ({"bot_level": "godlike"}, "bot_level"),
    ):
        response = ann.post("/api/tournaments", {**base, **change})
        assert response.status_code == 400 and words in response.json()["error"], response.text
    guest = harness.anonymous()
    guest.post("/api/guest")
    assert guest.post("/api/tournaments", base).status_code == 403
    made = ann.post("/api/tournaments", {**base, "capacity": 2}).json()
    assert guest.post(f"/api/tournaments/{made['id']}/register").status_code == 200
    harness.services.duties.run_once()  # full: it starts
    assert tournament(ann, made["id"])["status"] == "running"
    assert guest.post(f"/api/tournaments/{made['id']}/register").status_code == 409


def test_points_and_tie_breaks() -> None:
    """A full table's win is worth seats - 1, a tie half; Buchholz then first places then
    the draw order the standings."""
    assert points(Played(1, (7, 8, 9), (1, 2, 2)), 3) == {7: 2.0, 8: 0.5, 9: 0.5}
    assert points(Played(1, (7, 8), (1, 2)), 3) == {7: 2.0, 8: 0.0}  # scaled to 3 seats
    assert points(Played(1, (7,), (1,)), 3) == {7: 1.0}  # a bye
    draws = {0: 3, 1: 2, 2: 1, 3: 0}
    first = [Played(1, (0, 1), (1, 2)), Played(1, (2, 3), (1, 2))]
    rows = standings(draws, first, 2)
    # Equal on points, Buchholz and wins: the draw decides.
    assert [(r.entrant, r.points, r.buchholz) for r in rows] == [
        (2, 1.0, 0.0),
        (0, 1.0, 0.0),
        (3, 0.0, 1.0),
        (1, 0.0, 1.0),
    ]
    rows = standings(draws, [*first, Played(2, (0, 2), (2, 1))], 2)
    # 3 and 1 are equal on points; 3 met the leader: Buchholz puts 3 first.
    assert [(r.entrant, r.points, r.buchholz) for r in rows] == [
        (2, 2.0, 1.0),
        (0, 1.0, 2.0),
        (3, 0.0, 2.0),
        (1, 0.0, 1.0),
    ]


def test_pairing_sizes_byes_and_rematches() -> None:
    assert table_sizes(7, 3, (2, 3)) == ([3, 2, 2], 0)
    assert table_sizes(7, 4, (3, 4)) == ([4, 3], 0)
    assert table_sizes(5, 2, (2,)) == ([2, 2], 1)
    draws = {n: n for n in range(4)}
    first = [Played(1, (0, 1), (1, 2)), Played(1, (2, 3), (1, 2))]
    tables, byes = swiss_round(draws, first, 2, (2,))
    assert byes == [] and sorted(map(sorted, tables)) == [[0, 2], [1, 3]]  # no rematch
    tables, byes = swiss_round({n: n for n in range(5)}, [], 2, (2,))
    assert byes == [4] and tables == [[0, 1], [2, 3]]
    tables, byes = elimination_round([0, 1, 2, 3, 4, 5], 2, (2,))
    assert byes == [] and tables == [[0, 5], [1, 4], [2, 3]]
    tables, byes = elimination_round([0, 1, 2], 2, (2,))
    assert byes == [0] and tables == [[1, 2]]
