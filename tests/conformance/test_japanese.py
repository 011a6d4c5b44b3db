"""Every text a game can show, in Japanese: its title, options and their values, every
action of its table, every event of random games at every player count as each seat and a
spectator read it, its players' names, its terminal board and its end-of-game summary. Any
Latin word (two letters or more) or raw data (brackets) in them is an untranslated fragment."""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.text import Text

from kaido.agents import RandomAgent
from kaido.core.game import Game
from kaido.core.match import Match
from kaido.games import all_games

LATIN = re.compile(r"[A-Za-z]{2,}")
RAW = re.compile(r"[\[\]{}]")
CLAUSE = re.compile(r"\b[A-Z]{1,4}(?:-[A-Z0-9]+)+\b")
"""A rule clause id (RR-ENG-5) is a name, the same in every language."""
SEEDS = range(3)
NAMES = {"Kaido"}
"""Proper names, written the same in every language."""


def untranslated(text: str) -> list[str]:
    """The fragments of `text` (rich markup removed) that are not Japanese."""
    plain = CLAUSE.sub("", Text.from_markup(text).plain if "[/" in text else text)
    return [word for word in LATIN.findall(plain) if word not in NAMES] + RAW.findall(plain)


def check(found: dict[str, str], where: str, text: str) -> None:
    if not text.strip():
        found[where] = "(empty)"
    elif untranslated(text):
        found.setdefault(text, where)


def game_params() -> list[Any]:
    return [pytest.param(game, id=game.id) for game in all_games()]


def static_texts(game: Game[Any]) -> dict[str, str]:
    """Title, options (help and each value), player names and every action's text."""
    found: dict[str, str] = {}
    check(found, "title", game.title.get("ja", ""))
    for spec in game.option_specs:
        check(found, f"option {spec.name}", spec.help_ja)
        for value, label in zip(spec.choices or (), spec.labels_in("ja"), strict=True):
            check(found, f"option {spec.name} = {value}", label)
    for p in range(max(game.player_counts)):
        check(found, f"player {p}", game.player_name(p, "ja"))
    options = game.make_options(players=max(game.player_counts))
    for action in game.action_table(options):
        check(found, f"action {action.to_json()}", game.action_text(action, "ja"))
    return found


def played_texts(game: Game[Any], players: int, seed: int) -> dict[str, str]:
    """Every event of a random game as each seat and a spectator read it, and the terminal
    board every few steps."""
    found: dict[str, str] = {}
    match = Match(game, game.make_options(players=players), seed, keep_history=False)
    agents = [RandomAgent(seed * 13 + p) for p in range(players)]
    viewers = [None, *range(players)]
    step = 0
    log = []
    while not match.is_over:
        action = agents[match.to_move].choose(game, match.state)
        events = match.play(action, narrate=True, trusted=True)
        log.extend(events)
        for event in events:
            where = f"event {event.kind} at step {step}"
            for viewer in viewers:
                check(found, where, game.describe(event, viewer, "ja"))
        if step % 25 == 0:
            check(found, f"board at step {step}", game.render(match.state, step % players, "ja"))
        step += 1
    for viewer in viewers:
        check(found, "board at the end", game.render(match.state, viewer, "ja"))
    summary = game.summary(match.state, log, "ja")
    for row in summary["breakdown"]:
        check(found, "summary row", row["label"])
    for chart in summary["charts"]:
        words = [chart["title"], *chart["labels"], *(s["name"] for s in chart["series"])]
        for text in words:
            check(found, f"chart {chart['title']}", text)
    return found


@pytest.mark.parametrize("game", game_params())
def test_every_static_text_is_japanese(game: Game[Any]) -> None:
    assert static_texts(game) == {}


@pytest.mark.parametrize("game", game_params())
def test_every_narrated_event_and_board_is_japanese(game: Game[Any]) -> None:
    found: dict[str, str] = {}
    for players in game.player_counts:
        for seed in SEEDS:
            found |= played_texts(game, players, seed)
    assert found == {}


RULE_ID = re.compile(r"\b(?:[A-Z]{2,4}-[A-Z0-9]+(?:-\d+)?|R-\d+|AMB-\d+|K-\d+|DATA-\d+)\b")


@pytest.mark.parametrize("game", game_params())
def test_the_lobby_reads_options_in_words_without_rule_ids(game: Game[Any]) -> None:
    """What the lobby shows of each option, in both languages: no clause ids (CE-CLAN,
    R-2), no "(s)", no "1 cards"; every option has its Japanese help."""
    for spec in game.option_specs:
        assert spec.help_ja, spec.name
        for words in (spec.help, spec.help_ja, *spec.labels_in("en"), *spec.labels_in("ja")):
            assert not RULE_ID.search(words), (spec.name, words)
            assert "(s)" not in words and not re.search(r"\b1 [a-z]+s\b", words), words
