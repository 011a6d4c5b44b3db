"""Player pages, at 1280x800 and 390x844: every name (the table's seats and results, the
lobby's lists, the chat, the header, the leaderboard, the page's own list of games) links to
that player's page for the game, and the page is drawn like the rest of the site: panels
with the player's figures, their rating chart and their games, a tab per game (a game they
have not played says so in words). A guest plays under the name they chose (guests are not
rated, so their page lists no games)."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server.harness import wait_for
from tests.server.live import LiveServer
from tests.web.conftest import sized_page
from tests.web.pages import (
    FINISHED,
    click_first_action,
    create_table,
    sign_up,
    wait_for_turn_or_end,
)

NAMES = {"desktop": "Ann Desk", "phone": "Ann Phone"}
"""An account per size: both play on one server."""


@pytest.fixture(params=["desktop", "phone"])
def sized(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    yield from sized_page(browser, request.param)


def test_a_guest_plays_under_the_name_they_chose(page: Page, server: LiveServer) -> None:
    page.goto(server.url + "/")
    page.fill("input[name=name]", "Gus Guest")
    page.click("#guest")
    page.wait_for_selector("#create-table")
    expect(page.locator("header#top a.player-link")).to_have_text("Gus Guest")
    create_table(page, ["human", "easy"])
    expect(page.locator(".side .seats a.player-link").first).to_have_text("Gus Guest")


def test_names_lead_to_player_pages(sized: Page, server: LiveServer) -> None:
    viewport = sized.viewport_size
    phone = bool(viewport and viewport["width"] <= 700)
    name = NAMES["phone" if phone else "desktop"]
    page_path = f"/leaderboards/tiny/players/{quote(name)}"
    sign_up(sized, server.url, name)
    if not phone:  # a phone's header has no room for the name
        expect(sized.locator("header#top a.player-link")).to_have_text(name)
    table = create_table(sized, ["human", "easy"])
    sized.fill("input[name=chat]", "hello")
    sized.click(".chat-form button[type=submit]")
    expect(sized.locator(f".chat-lines a.player-link[href='{page_path}']")).to_have_text(name)
    expect(sized.locator(f".side .seats a.player-link[href='{page_path}']")).to_have_text(name)
    bot = "/leaderboards/tiny/players/bot%3Aeasy"
    expect(sized.locator(f".side .seats a.player-link[href='{bot}']")).to_have_count(1)
    while wait_for_turn_or_end(sized):
        click_first_action(sized)
    expect(sized.locator(f"{FINISHED} .result a.player-link[href='{page_path}']")).to_have_count(1)
    sized.goto(server.url + "/")
    expect(sized.locator(f"#list-finished a.player-link[href='{page_path}']")).to_have_count(1)
    # The rating follows the last move on the server's chores' thread: wait until it is in.
    wait_for(lambda: sized.request.get(f"{server.url}/api{page_path}").ok, what="the game rated")
    sized.locator(f"#list-finished .table-item[data-table='{table}'] a.player-link").first.click()
    sized.wait_for_url(f"**{page_path}")
    page = sized.locator(".player-page")
    expect(page.locator(".panel")).to_have_count(3)  # figures, chart, games
    expect(page.locator(".player-facts dd").nth(1)).to_have_text("1")  # one game played
    expect(page.locator(".panel svg.chart")).to_have_count(1)
    page.locator(f"table.games a.player-link[href='{bot}']").click()  # a name in the list
    sized.wait_for_url(f"**{bot}")
    expect(sized.locator("h1")).to_contain_text("Bot (easy)")
    expect(sized.locator(".player-facts")).to_have_count(1)
    # A game they never played: said in words, no error.
    sized.locator(".game-tabs a", has_text="Catan").click()
    sized.wait_for_url("**/leaderboards/catan/players/**")
    expect(sized.locator(".player-page .panel .empty")).to_have_text("No rated Catan game yet.")
    expect(sized.locator(".notice")).to_have_count(0)
