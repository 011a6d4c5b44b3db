"""Table chat: signed-in players and spectators write lines everyone watching sees; the
lines are plain text, bounded in length, rate and number kept, and a reload shows them."""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

import pytest

from kaido.server import chat
from kaido.server.errors import BadRequest
from tests.server.harness import Harness, Player, receive_state


def lines(player: Player, table: str) -> list[dict[str, Any]]:
    response = player.get(f"/api/tables/{table}/chat")
    assert response.status_code == 200, response.text
    found: list[dict[str, Any]] = response.json()["messages"]
    return found


def say(player: Player, table: str, text: Any) -> Any:
    return player.post(f"/api/tables/{table}/chat", {"text": text})


def test_players_and_spectators_hear_each_line_and_a_reload_shows_it(harness: Harness) -> None:
    ann, bob, watcher = harness.player("Ann"), harness.player("Bob"), harness.player("Wes")
    table = ann.create(["human", "human"])
    bob.join(table)
    with ann.socket(table) as ann_ws, watcher.socket(table) as watch_ws:
        receive_state(ann_ws), receive_state(watch_ws)
        ann_ws.send_json({"type": "chat", "text": "good luck"})
        for socket in (ann_ws, watch_ws):
            heard = socket.receive_json()
            assert heard["type"] == "chat" and heard["messages"][0]["text"] == "good luck"
        watch_ws.send_json({"type": "chat", "text": "  watching\nfrom afar  "})
        for socket in (ann_ws, watch_ws):
            assert socket.receive_json()["messages"][0]["text"] == "watching from afar"
    stored = lines(harness.anonymous(), table)  # anyone who may watch may read
    assert [(m["user"], m["seat"], m["text"]) for m in stored] == [
        ("Ann", 0, "good luck"),
        ("Wes", None, "watching from afar"),
    ]
    assert say(bob, table, "gl hf").json()["message"]["seat"] == 1


def test_an_anonymous_watcher_cannot_write(harness: Harness) -> None:
    ann = harness.player("Ann")
    table = ann.create(["human", "human"])
    anonymous = harness.anonymous()
    with anonymous.socket(table) as socket:
        receive_state(socket)
        socket.send_json({"type": "chat", "text": "hello"})
        assert socket.receive_json()["code"] == "not_signed_in"
    assert say(anonymous, table, "hello").status_code == 401
    assert lines(ann, table) == []


def test_a_line_is_plain_text_of_bounded_length(harness: Harness) -> None:
    ann = harness.player("Ann")
    table = ann.create(["human", "human"])
    markup = '<img src=x onerror="alert(1)"><script>alert(2)</script>'
    assert say(ann, table, markup).json()["message"]["text"] == markup  # the page escapes it
    hidden = "a\u202eb\x00c\u2066d"  # a right-to-left override, a NUL, an isolate
    assert say(ann, table, hidden).json()["message"]["text"] == "ab cd"
    assert say(ann, table, "x" * chat.MAX_CHARS).status_code == 200
    for refused in ("x" * (chat.MAX_CHARS + 1), "   \n ", 7):
        response = say(ann, table, refused)
        assert response.status_code == 400, refused
    assert len(lines(ann, table)) == 3
    assert say(ann, table, "anyone there?").status_code == 200
    assert harness.player("Bob").get("/api/tables/nothing-here/chat").status_code == 404


HIDDEN = {
    "arabic letter mark": "\u061c",
    "zero width space": "\u200b",
    "zero width non-joiner": "\u200c",
    "zero width joiner": "\u200d",
    "word joiner": "\u2060",
    "byte order mark": "\ufeff",
    "tag characters": "\U000e0041\U000e0042\U000e007f",
    "interlinear annotations": "\ufff9\ufffa\ufffb",
    "left-to-right and right-to-left marks": "\u200e\u200f",
    "bidirectional embedding and override": "\u202a\u202b\u202c\u202d\u202e",
    "bidirectional isolates": "\u2066\u2067\u2068\u2069",
    "soft hyphen": "\u00ad",
    "private use": "\ue000\U000f0000",
    "unassigned": "\u0378\U000e0080",
    "lone surrogate": "\ud800",
    "hangul fillers": "\u3164\u115f\u1160\uffa0",
}


@pytest.mark.parametrize("name", HIDDEN)
def test_characters_that_hide_or_reorder_text_are_removed(name: str) -> None:
    """Issue 35 finding 4: each kept its place in a line, though the docs said removed."""
    hidden = HIDDEN[name]
    assert chat.clean(f"a{hidden}b{hidden}") == "ab"
    with pytest.raises(BadRequest, match="cannot be empty"):
        chat.clean(hidden * 40)  # a line of nothing but them, as of U+3164 in the probe


def test_combining_marks_are_capped_per_letter() -> None:
    piled = "Z" + "\u0316" * 290  # 290 marks on one letter
    assert chat.clean(piled) == "Z" + "\u0316" * chat.MAX_MARKS
    # Letters that need their marks keep them: Vietnamese, Thai, Devanagari, emoji
    # with a variation selector; NFC composes what it can.
    for text in ("Tiếng Việt", "ที่นี่", "नमस्ते", "\u2764\ufe0f", "e\u0301" * 3):
        assert chat.clean(text) == unicodedata.normalize("NFC", text)


def test_a_cleaned_line_reaches_the_table(harness: Harness) -> None:
    ann = harness.player("Ann")
    table = ann.create(["human", "human"])
    written = "gg\u200b\u3164 \U000e0067well\u061c played" + "\u0300" * 50
    said = say(ann, table, written).json()["message"]["text"]
    assert said == "gg well played" + "\u0300" * chat.MAX_MARKS
    assert lines(harness.anonymous(), table)[-1]["text"] == said
    assert say(ann, table, "\u3164" * 30).status_code == 400


def test_writing_too_fast_is_refused(harness: Harness) -> None:
    ann, bob = harness.player("Ann"), harness.player("Bob")
    table = ann.create(["human", "human"])
    answers = [say(ann, table, f"line {n}").status_code for n in range(8)]
    assert answers[:5] == [200] * 5 and 429 in answers[5:]
    assert say(bob, table, "my turn to talk").status_code == 200  # a limit per writer
    with ann.socket(table) as socket:
        receive_state(socket)
        socket.send_json({"type": "chat", "text": "again"})
        assert socket.receive_json()["code"] == "too_many"


def test_each_table_keeps_its_newest_lines_across_a_restart(
    tmp_path: Path, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On SQLite and PostgreSQL: older lines are deleted, and a restart keeps the rest."""
    monkeypatch.setattr(chat, "KEEP", 3)
    with Harness(tmp_path, database_url) as first:
        ann, bob = first.player("Ann"), first.player("Bob")
        table, other = ann.create(["human", "human"]), bob.create(["human", "human"])
        say(bob, other, "elsewhere")
        for n in range(5):
            assert say(ann, table, f"line {n}").status_code == 200
    with Harness(tmp_path, database_url) as second:
        reader = second.anonymous()
        assert [m["text"] for m in lines(reader, table)] == ["line 2", "line 3", "line 4"]
        assert [m["text"] for m in lines(reader, other)] == ["elsewhere"]
