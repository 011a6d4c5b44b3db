"""Browser tests: Playwright driving Debian's Chromium against a real `kaido serve`."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from tests.server.live import LiveServer
from tests.server.services import service_missing

# Chromium is Debian's (no browser can be downloaded here). Without the background-
# networking flags it keeps trying to reach the closed network.
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str:
    found = os.environ.get("KAIDO_CHROMIUM") or shutil.which("chromium")
    if not found:
        service_missing("Chromium (Debian package chromium)")
    return found


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    path = chromium_path()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(tmp_path / "data", bot_delay=0.05) as running:
        yield running


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert errors == [], f"the page raised: {errors}"
