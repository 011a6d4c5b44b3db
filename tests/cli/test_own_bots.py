"""A developer's own bot, given as MODULE:CLASS (examples/builder_bot.py), in `kaido
simulate`, `kaido play` and `kaido serve --register-bot`; and the seeded Rng's methods."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from kaido.agents import REGISTERED, make_agent, register_agent
from kaido.cli.main import main
from kaido.core.errors import KaidoError
from kaido.core.rng import Rng
from kaido.games import get_game
from kaido.server.bots import BotLevels
from tests.server.live import LiveServer

BOT = "examples.builder_bot:BuilderBot"


@pytest.fixture
def registered() -> Iterator[None]:
    yield
    REGISTERED.clear()


def test_simulate_plays_a_bot_given_as_module_and_class(
    capsys: pytest.CaptureFixture[str],
) -> None:
    players = f"{BOT}:patience=2,random,random"
    code = main(["simulate", "catan", "--players", players, "--games", "2", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert "builder" in json.dumps(out)


def test_play_seats_a_bot_given_as_module_and_class(
    tiny_registered: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "tiny", "--players", f"{BOT},{BOT}:patience=3", "--seed", "4"]) == 0
    assert "Game over." in capsys.readouterr().out


def test_the_same_seed_gives_the_same_choices() -> None:
    game = get_game("catan")
    state = game.setup(game.make_options(players=3), 7)
    first = [make_agent(BOT, game, 5).choose(game, state) for _ in range(2)]
    assert first[0] == first[1]


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("no_such_module:Bot", "cannot import 'no_such_module'"),
        ("examples.builder_bot:Missing", "is not an agent class"),
        ("kaido.core.rng:Rng", "is not an agent class"),
        (f"{BOT}:patience=lots", "patience"),
        (f"{BOT}:speed=2", "speed"),
    ],
)
def test_a_bad_bot_class_is_one_clear_line(
    capsys: pytest.CaptureFixture[str], spec: str, words: str
) -> None:
    assert main(["simulate", "catan", "--players", f"{spec},random,random"]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_a_registered_bot_is_a_kind_a_server_level_can_play(registered: None) -> None:
    register_agent("builder", BOT)
    game = get_game("russian_railroads")
    levels = BotLevels({"strong": "builder:patience=2"}, cap=3.0)
    levels.check(game)
    assert levels.specs(game)["strong"] == "builder:patience=2"
    with pytest.raises(KaidoError, match="new lower-case name"):
        register_agent("mcts", BOT)


def test_serve_registers_a_bot_for_a_level(tmp_path: Path) -> None:
    options = ("--register-bot", f"builder={BOT}", "--bot-level", "strong=builder")
    with LiveServer(tmp_path / "data", options=options) as server:
        assert server.process is not None and server.process.poll() is None


def test_serve_refuses_a_bot_it_cannot_load(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["serve", "--register-bot", "builder=examples.builder_bot:Nope", "--port", "1"]
    assert main(argv) == 2
    assert "is not an agent class" in capsys.readouterr().err
    REGISTERED.clear()


def test_rng_has_the_usual_methods_and_is_reproducible() -> None:
    rng, again = Rng(11), Rng(11)
    draws = [rng.randrange(10) for _ in range(400)]
    assert set(draws) == set(range(10))
    assert draws == [again.randrange(10) for _ in range(400)]
    assert {rng.randrange(5, 20, 5) for _ in range(200)} == {5, 10, 15}
    assert {rng.randint(1, 3) for _ in range(200)} == {1, 2, 3}
    assert all(2.0 <= rng.uniform(2.0, 4.0) < 4.0 for _ in range(200))
    picked = rng.sample(range(20), 5)
    assert len(set(picked)) == 5 and set(picked) <= set(range(20))
    assert sorted(rng.sample("abcd", 4)) == list("abcd")
    with pytest.raises(ValueError):
        rng.randrange(3, 3)
    with pytest.raises(ValueError):
        rng.sample([1, 2], 3)
