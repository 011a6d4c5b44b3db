"""Player pages, at 1280x800 and 390x844: a guest plays under the name they chose, every name
(the table's seats and results, the lobby's lists, the chat, the header, the leaderboard,
the page's own list of games) links to that player's page for the game, and the page is
drawn like the rest of the site: panels with the player's figures, their rating chart and
their games, a tab per game (a game they have not played says so in words)."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server.live import LiveServer
from tests.web.conftest import sized_page
from tests.web.pages import FINISHED, click_first_action, create_table, wait_for_turn_or_end

NAME = "Ann Gast"
PAGE = f"/leaderboards/tiny/players/{quote(NAME)}"


@pytest.fixture(params=["desktop", "phone"])
def sized(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    yield from sized_page(browser, request.param)


def test_names_lead_to_player_pages(sized: Page, server: LiveServer) -> None:
    sized.goto(server.url + "/")
    sized.fill("input[name=name]", NAME)
    sized.click("#guest")
    sized.wait_for_selector("#create-table")
    viewport = sized.viewport_size
    if viewport and viewport["width"] > 700:  # a phone's header has no room for the name
        expect(sized.locator("header#top a.player-link")).to_have_text(NAME)
    table = create_table(sized, ["human", "easy"])
    sized.fill("input[name=chat]", "hello")
    sized.click(".chat-form button[type=submit]")
    expect(sized.locator(f".chat-lines a.player-link[href='{PAGE}']")).to_have_text(NAME)
    expect(sized.locator(f".side .seats a.player-link[href='{PAGE}']")).to_have_text(NAME)
    bot = "/leaderboards/tiny/players/bot%3Aeasy"
    expect(sized.locator(f".side .seats a.player-link[href='{bot}']")).to_have_count(1)
    while wait_for_turn_or_end(sized):
        click_first_action(sized)
    expect(sized.locator(f"{FINISHED} .result a.player-link[href='{PAGE}']")).to_have_count(1)
    sized.goto(server.url + "/")
    expect(sized.locator(f"#list-finished a.player-link[href='{PAGE}']")).to_have_count(1)
    sized.locator(f"#list-finished .table-item[data-table='{table}'] a.player-link").first.click()
    sized.wait_for_url(f"**{PAGE}")
    page = sized.locator(".player-page")
    expect(page.locator(".panel")).to_have_count(3)  # figures, chart, games
    expect(page.locator(".player-facts dd").nth(1)).to_have_text("1")  # one game played
    expect(page.locator(".panel svg.chart")).to_have_count(1)
    page.locator(f"table.games a.player-link[href='{bot}']").click()  # a name in the list
    sized.wait_for_url(f"**{bot}")
    expect(sized.locator("h1")).to_contain_text("Bot (easy)")
    expect(sized.locator(".player-facts")).to_have_count(1)
    # A game the guest never played: said in words, no error.
    sized.locator(".game-tabs a", has_text="Catan").click()
    sized.wait_for_url("**/leaderboards/catan/players/**")
    expect(sized.locator(".player-page .panel .empty")).to_have_text("No rated Catan game yet.")
    expect(sized.locator(".notice")).to_have_count(0)
