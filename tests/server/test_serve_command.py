"""The `kaido serve` command line."""

from __future__ import annotations

import gc
import multiprocessing
from pathlib import Path
from typing import Any

import pytest

from kaido.cli.main import main
from kaido.server.config import Settings, normalize_database_url
from kaido.server.launch import (
    FULL_COLLECTIONS_AFTER,
    YOUNG_COLLECTION_AFTER,
    collect_garbage_rarely,
)


def test_serve_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["serve", "--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    for option in ("--host", "--port", "--data-dir", "--database-url", "--bot-delay"):
        assert option in out


@pytest.mark.parametrize(
    ("spec", "words"),
    [("nocolon", "MODULE:OBJECT"), ("no.such.module:GAME", "cannot register")],
)
def test_bad_register_specs_are_one_clear_line(
    capsys: pytest.CaptureFixture[str], spec: str, words: str
) -> None:
    assert main(["serve", "--register", spec, "--port", "1"]) == 2
    assert words in capsys.readouterr().err


def test_postgres_urls_use_psycopg_3() -> None:
    assert normalize_database_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_database_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_database_url("sqlite:///x.db") == "sqlite:///x.db"


def test_the_data_directory_is_created_with_a_private_secret(tmp_path: Path) -> None:
    data = tmp_path / "new" / "kaido"
    settings = Settings(data_dir=data)
    settings.prepare()
    secret = data / "secret.key"
    assert settings.database_url == f"sqlite:///{data / 'kaido.sqlite3'}"
    assert secret.stat().st_mode & 0o777 == 0o600
    again = Settings(data_dir=data)
    again.prepare()
    assert again.secret_key == settings.secret_key


@pytest.mark.parametrize(
    ("level", "words"),
    [
        ("strong", "LEVEL=SPEC"),
        ("huge=greedy", "bot levels are easy, normal, strong"),
        ("strong=nosuch", "no agent 'nosuch'"),
    ],
)
def test_bad_bot_levels_are_one_clear_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, level: str, words: str
) -> None:
    argv = ["serve", "--bot-level", level, "--port", "1", "--data-dir", str(tmp_path)]
    assert main(argv) == 2
    assert words in capsys.readouterr().err


@pytest.mark.parametrize(
    ("options", "words"),
    [(["--workers", "2"], "PostgreSQL"), (["--node", "127.0.0.1:9"], "PostgreSQL")],
)
def test_nodes_need_postgresql_and_say_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, options: list[str], words: str
) -> None:
    """Several nodes share one PostgreSQL database: on SQLite they refuse to start."""
    assert main(["serve", "--data-dir", str(tmp_path), "--port", "0", *options]) == 2
    assert words in capsys.readouterr().err


def test_a_server_process_looks_at_its_old_objects_rarely() -> None:
    """Full collections stopped every table for 0.2-0.8 s every few seconds at 500 tables
    (bench/README.md): a server's process makes them a hundred times rarer, and collects
    its young objects sooner than Python does, so that each pause stays short."""
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)  # Python's defaults
        collect_garbage_rarely()
        assert gc.get_threshold() == (YOUNG_COLLECTION_AFTER, 10, FULL_COLLECTIONS_AFTER)
        assert YOUNG_COLLECTION_AFTER < 700
        assert FULL_COLLECTIONS_AFTER >= 1000
    finally:
        gc.set_threshold(*before)


def _prepared_secret(data: Path, start: Any, results: Any) -> None:
    start.wait()
    settings = Settings(data_dir=data)
    settings.prepare()
    results.put(settings.secret_key)


def test_nodes_starting_at_once_on_one_data_directory_share_one_secret(tmp_path: Path) -> None:
    """Every node's sessions must be every other's: a node that read the secret file
    between another's creating and writing it took an empty secret."""
    context = multiprocessing.get_context("fork")
    for round_ in range(10):
        data = tmp_path / f"round-{round_}"
        data.mkdir()
        start, results = context.Barrier(8), context.Queue()
        processes = [
            context.Process(target=_prepared_secret, args=(data, start, results)) for _ in range(8)
        ]
        for process in processes:
            process.start()
        for process in processes:
            process.join(timeout=30)
        assert [process.exitcode for process in processes] == [0] * 8
        secrets = {results.get(timeout=5) for _ in processes}
        assert len(secrets) == 1 and all(secrets), secrets
        assert [path.name for path in data.iterdir() if "secret" in path.name] == ["secret.key"]


def test_an_empty_secret_file_is_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "secret.key").write_text("\n")
    assert main(["serve", "--data-dir", str(tmp_path), "--port", "1"]) == 2
    assert "secret.key is empty" in capsys.readouterr().err
