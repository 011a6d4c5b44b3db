"""The connection of a table's page: a banner while the server is away, a toast once the
page is connected again, and the game playable as before."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.server.live import LiveServer
from tests.web.pages import click_first_action, create_table, sign_up, wait_for_turn_or_end


def test_a_lost_connection_shows_a_banner_then_a_toast_when_back(
    page: Page, server: LiveServer
) -> None:
    sign_up(page, server.url, "Ann")
    create_table(page, ["human", "easy"])
    assert wait_for_turn_or_end(page)
    banner, toast = page.locator(".connection-lost"), page.locator(".toast")
    expect(banner).to_have_count(0)
    server.kill()
    expect(banner).to_be_visible()
    expect(banner).to_have_text("Connection lost; reconnecting…")
    box = banner.bounding_box()  # across the top of the page
    assert box is not None and box["y"] == 0 and box["width"] == 1280
    server.start()
    expect(banner).to_have_count(0, timeout=20_000)
    expect(toast).to_have_text("Back online")
    expect(toast).to_have_count(0, timeout=10_000)  # it goes by itself
    assert wait_for_turn_or_end(page)
    click_first_action(page)
