"""Options, results, records (save, load, replay, refusal) and the match's undo policy."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kaido.core.errors import ActionFormatError, IllegalAction, OptionError, RecordError
from kaido.core.game import result_value
from kaido.core.match import Match, UndoRefused
from kaido.core.options import parse_option_text
from kaido.core.records import Record, Replayer
from kaido.core.result import Result
from tests.conformance.play import fingerprint, self_play
from tests.core.tiny_game import TINY


def test_options_defaults_and_validation() -> None:
    assert TINY.make_options() == {"players": 3, "copies": 2, "offers": False}
    assert TINY.make_options(players="2", copies="1") == {
        "players": 2,
        "copies": 1,
        "offers": False,
    }
    with pytest.raises(OptionError, match="for 2, 3 players"):
        TINY.make_options(players=5)
    with pytest.raises(OptionError, match="unknown option 'colour'"):
        TINY.make_options(colour="red")
    with pytest.raises(OptionError, match="whole number"):
        TINY.make_options(copies="two")
    assert parse_option_text("a=1, b = x") == {"a": "1", "b": "x"}
    with pytest.raises(OptionError, match="name=value"):
        parse_option_text("oops")


def test_result_places_share_ties_and_skip() -> None:
    result = Result.from_keys([5, 7, 7], [(5, 0), (7, 1), (7, 1)])
    assert result.ranks == (3, 1, 1) and result.winners == (1, 2)
    assert result.win_shares == [0.0, 0.5, 0.5]
    assert Result.from_keys([9, 2], [(9,), (2,)]).win_shares == [1.0, 0.0]
    assert result_value(result, 1) == pytest.approx(0.75)
    assert result_value(result, 0) == 0.0
    assert Result.from_keys([3, 3], [(3, 2), (3, 1)]).ranks == (1, 2)


def test_record_round_trip_and_exact_replay(tmp_path: Path) -> None:
    match = self_play(TINY, 3, seed=12)
    path = tmp_path / "r.json"
    match.record().save(path)
    loaded = Record.load(path)
    assert loaded.to_json() == match.record().to_json()
    assert fingerprint(Replayer(TINY, loaded).run()) == fingerprint(match.state)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not a JSON record"),
        ("[]", "must be a JSON object"),
        ('{"game": "tiny"}', "has no 'rules_version', 'options', 'seed', 'actions'"),
        (
            '{"game": "tiny", "rules_version": "1", "options": {}, "seed": "x", "actions": []}',
            "'seed' must be an integer",
        ),
        (
            '{"game": "tiny", "rules_version": "1", "options": {}, "seed": 1, "actions": [],'
            ' "result": {"scores": [1]}}',
            "'scores' and 'ranks'",
        ),
    ],
)
def test_malformed_records_are_refused_precisely(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Record.loads(text)


def test_replay_names_the_bad_step() -> None:
    record = self_play(TINY, 2, seed=4).record()
    record.actions[5] = ["bank", 9]
    with pytest.raises(RecordError, match="step 6: no action"):
        Replayer(TINY, record).run()
    record.actions[5] = ["draw"] if record.actions[5] != ["draw"] else ["end"]
    with pytest.raises(RecordError, match=r"step 6 .* is illegal"):
        Replayer(TINY, record).run()


def test_replay_refuses_other_versions_games_and_options() -> None:
    record = self_play(TINY, 2, seed=4).record()
    for change, message in [
        ({"rules_version": "2"}, "rules version '2'"),
        ({"game": "catan"}, "is of 'catan'"),
        ({"options": {"players": 9}}, "options: this game is for"),
    ]:
        bad = Record.from_json({**record.to_json(), **change})
        with pytest.raises(RecordError, match=message):
            Replayer(TINY, bad).run()
    wrong_result = Record.from_json(
        {**record.to_json(), "result": {"scores": [0, 0], "ranks": [1, 1]}}
    )
    with pytest.raises(RecordError, match="result differs"):
        Replayer(TINY, wrong_result).run()


def test_illegal_action_names_clause_and_changes_nothing() -> None:
    match = Match(TINY, TINY.make_options(players=2), seed=1)
    before = fingerprint(match.state)
    with pytest.raises(IllegalAction) as refused:
        match.play(TINY.bank[1])
    assert refused.value.clause == "TINY-TURN-1"
    assert fingerprint(match.state) == before and match.actions == []


def test_parse_action_accepts_text_in_both_languages_and_json() -> None:
    state = TINY.setup(TINY.make_options(players=2), 1)
    assert TINY.parse_action(state, "  DRAW ") is TINY.draw
    assert TINY.parse_action(state, "引く") is TINY.draw
    assert TINY.parse_action(state, '["draw"]') is TINY.draw
    with pytest.raises(IllegalAction):
        TINY.parse_action(state, '["end"]')
    with pytest.raises(ActionFormatError):
        TINY.parse_action(state, "fly away")
    with pytest.raises(ActionFormatError):
        TINY.parse_action(state, "[oops")
    with pytest.raises(ActionFormatError):
        TINY.action_table(state.options).from_json({"kind": "draw"})
    assert json.dumps(TINY.bank[3].to_json()) == '["bank", 3]'


def test_undo_policy() -> None:
    match = Match(TINY, TINY.make_options(players=2), seed=1)
    with pytest.raises(UndoRefused, match="nothing to undo"):
        match.undo(0)
    match.play(TINY.draw)
    with pytest.raises(UndoRefused, match="cannot be taken back"):
        match.undo(0)
    card = TINY.legal_actions(match.state)[1]
    before = fingerprint(match.state)
    match.play(card)
    with pytest.raises(UndoRefused, match="another player's"):
        match.undo(1)
    assert match.can_undo(0)
    assert match.undo(0) is card
    assert fingerprint(match.state) == before and len(match.actions) == 1


def test_undo_keeps_only_states_it_can_reach() -> None:
    """An action that cannot be taken back ends the undo history: the states before it are
    dropped, so a table's memory does not grow with its game's length."""
    match = Match(TINY, TINY.make_options(players=2), seed=1)
    match.play(TINY.draw)
    assert match.kept_states == 0
    card = TINY.legal_actions(match.state)[1]
    match.play(card)
    assert match.kept_states == 1 and match.can_undo(0)
    discard = TINY.legal_actions(match.state)[0]
    assert TINY.is_irreversible(match.state, discard)
    match.play(discard)
    assert match.kept_states == 0
    with pytest.raises(UndoRefused, match="cannot be taken back"):
        match.undo(1)


def test_a_final_action_ends_the_undo_history_as_a_roll_does() -> None:
    """A bot's move is played `final` (no one takes it back): no state is kept for it, and
    undo stops there, as the policy's "only your own decisions" says it would anyway."""
    match = Match(TINY, TINY.make_options(players=2), seed=1)
    match.play(TINY.draw)
    card = TINY.legal_actions(match.state)[1]
    assert not TINY.is_irreversible(match.state, card)
    match.play(card, final=True)
    assert match.kept_states == 0 and not match.can_undo(0)
    with pytest.raises(UndoRefused, match="cannot be taken back"):
        match.undo(0)
