"""`pip install .` carries the browser client: every file under kaido/web is in the wheel,
and the page loads nothing from the internet."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import kaido.web

WEB = Path(kaido.web.__file__).parent
REPO = WEB.parents[1]


def client_files() -> list[str]:
    return sorted(
        str(path.relative_to(REPO))
        for path in WEB.rglob("*")
        if path.is_file() and path.suffix in (".html", ".js", ".css", ".svg")
    )


def test_the_wheel_holds_the_whole_browser_client(tmp_path: Path) -> None:
    # Pure Python: what the wheel carries besides the compiled modules is the same, and
    # compiling them (which `make test` does once for the compiled build) took 95 s here.
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(REPO)],
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "KAIDO_COMPILE": "0"},
    )
    # `make run` shows the build's output above the address: the packaging config must
    # give setuptools nothing to warn about (a deprecated license table, for one).
    assert "Warning" not in built.stderr, built.stderr
    (wheel,) = tmp_path.glob("kaido-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = client_files()
    assert "kaido/web/index.html" in expected and "kaido/web/app.js" in expected
    assert [name for name in expected if name not in names] == []
    # Each game's rules in brief, which the table's Rules drawer shows.
    summaries = sorted(str(p.relative_to(REPO)) for p in REPO.glob("kaido/games/*/rules.*.md"))
    assert len(summaries) >= 10 and [name for name in summaries if name not in names] == []


def test_the_client_fetches_nothing_from_elsewhere() -> None:
    for name in client_files():
        text = (REPO / name).read_text(encoding="utf-8")
        external = re.findall(r"(?:src|href|import|from|url)\s*\(?\s*[\"']?(https?:)?//", text)
        assert not [e for e in external if e], f"{name} refers to another site"
        assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")
        assert "https://" not in text
