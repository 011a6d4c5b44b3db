"""Finished games: the record downloads and replays with `kaido replay`; the replay API
steps through it forward and back, as any seat saw it."""

from __future__ import annotations

from pathlib import Path

import pytest

from kaido.cli.main import main
from kaido.core.records import Record, replay
from tests.core.tiny_game import TINY
from tests.server.harness import Harness, Player, wait_for


def finished_table(harness: Harness) -> tuple[Player, str]:
    ann = harness.player("Ann")
    table = ann.create(["easy", "normal"], my_seat=None)
    wait_for(lambda: ann.state(table)["status"] == "finished", what="the game to end")
    return ann, table


def test_the_record_downloads_and_replays(
    harness: Harness, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ann, table = finished_table(harness)
    response = ann.get(f"/api/tables/{table}/record")
    assert response.status_code == 200
    assert f'filename="kaido-{table}.json"' in response.headers["content-disposition"]
    record = Record.loads(response.text)
    assert record.players == ["bot easy", "bot normal"]
    assert record.actions == harness.services.store.actions(table)
    final = replay(TINY, record)
    assert TINY.result(final).to_json() == ann.state(table)["result"]
    path = tmp_path / "game.json"
    path.write_text(response.text, encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    assert "P1" in capsys.readouterr().out


def test_unfinished_games_have_no_record_yet(harness: Harness) -> None:
    ann = harness.player("Ann")
    table = ann.create(["human", "human"])
    for path in ("record", "replay", "replay/0"):
        response = ann.get(f"/api/tables/{table}/{path}")
        assert response.status_code == 409 and "finished games only" in response.json()["error"]


def test_stepping_forward_and_back(harness: Harness) -> None:
    ann, table = finished_table(harness)
    record = Record.loads(ann.get(f"/api/tables/{table}/record").text)
    log = ann.get(f"/api/tables/{table}/replay?seat=0").json()
    assert log["steps"] == len(record.actions) == len(log["log"])
    options = TINY.make_options(record.options)
    state = TINY.setup(options, record.seed)
    views = [TINY.view(state, 0)]
    for value in record.actions:
        TINY.apply(state, TINY.table.from_json(value))
        views.append(TINY.view(state, 0))
    for step in [0, 1, 2, len(views) - 1, 3, 1, 0]:
        snapshot = ann.get(f"/api/tables/{table}/replay/{step}?seat=0").json()
        assert snapshot["step"] == step and snapshot["view"] == views[step]
        assert snapshot["legal"] == []
    spectator = ann.get(f"/api/tables/{table}/replay/1").json()
    assert spectator["view"]["hand"] is None
    last = ann.get(f"/api/tables/{table}/replay/{len(views) - 1}").json()
    assert last["result"] == ann.state(table)["result"]
    beyond = ann.get(f"/api/tables/{table}/replay/{len(views)}")
    assert beyond.status_code == 400 and "step must be 0 to" in beyond.json()["error"]
    assert ann.get(f"/api/tables/{table}/replay/1?seat=7").status_code == 400
    assert ann.get(f"/api/tables/{table}/replay/1?lang=fr").status_code == 400
