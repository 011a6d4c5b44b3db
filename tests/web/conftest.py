"""Browser tests: Playwright driving Debian's Chromium against a real `kaido serve`."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from tests.server.live import LiveServer
from tests.server.services import service_missing
from tests.web.pages import DEALS

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
    with LiveServer(tmp_path / "data", bot_delay=0.05, options=DEALS) as running:
        yield running


def open_page(browser: Browser, **context_options: Any) -> Iterator[Page]:
    """A page in a context of its own, checked to raise no error."""
    context = browser.new_context(**context_options)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert errors == [], f"the page raised: {errors}"


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    yield from open_page(browser, viewport={"width": 1280, "height": 900})


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    """A phone: 390x844 with a touch screen."""
    yield from open_page(browser, viewport={"width": 390, "height": 844}, has_touch=True)


SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def sized_page(browser: Browser, size: str) -> Iterator[Page]:
    """A page at the suite's desktop size or as a phone (with a touch screen)."""
    yield from open_page(browser, viewport=SIZES[size], has_touch=size == "phone")
