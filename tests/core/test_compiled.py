"""The compiled build (kaido/compiled.py, setup.py): `make test` runs the tests once on
the `.py` files and once more, the golden records and the conformance suite, on the
compiled build (`KAIDO_BUILD=compiled`, see the Makefile). Both runs must give the same
records, and a compiled run that silently imported the `.py` files would prove nothing:
this test fails then."""

from __future__ import annotations

import os

import pytest

from kaido.cli.main import main
from kaido.compiled import compiled_modules, is_compiled, running_build
from kaido.games import game_ids

BUILDS = {"compiled": "compiled", "pure": "pure Python"}


def test_the_build_running_is_the_one_asked_for() -> None:
    asked = BUILDS[os.environ.get("KAIDO_BUILD", "pure")]
    modules = compiled_modules()
    assert running_build() == asked, {name: is_compiled(name) for name in modules}


def test_every_game_compiles_its_rules_and_search_helpers() -> None:
    modules = set(compiled_modules())
    for game in game_ids():
        for part in ("bots", "engine", "rules", "state"):
            assert f"kaido.games.{game}.{part}" in modules
    assert {"kaido.core.game", "kaido.core.rng", "kaido.agents.tree"} <= modules


def test_the_version_names_the_build(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip().endswith(f"({running_build()})")
