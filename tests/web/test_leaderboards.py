"""Leaderboards in the browser (issue 18): each game's ratings of people and bots from
finished public games, and a player's page with their games and rating history."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.server.live import LiveServer
from tests.web.pages import click_first_action, create_table, sign_up, wait_for_turn_or_end


def test_the_leaderboard_rates_people_and_bots_and_links_their_games(
    page: Page, server: LiveServer
) -> None:
    sign_up(page, server.url, "Ann")
    table = create_table(page, ["human", "easy"])
    while wait_for_turn_or_end(page):
        click_first_action(page)
    page.click("nav a.leaderboards")
    page.wait_for_url("**/leaderboards")
    expect(page.locator(".game-tabs a")).to_have_count(
        len(page.evaluate("fetch('/api/games').then(r => r.json())")["games"])
    )
    page.click(".game-tabs a[href='/leaderboards/tiny']")
    expect(page.locator(".game-tabs a.current")).to_have_attribute("href", "/leaderboards/tiny")
    rows = page.locator("table.ratings tbody tr")
    expect(rows).to_have_count(2)
    expect(page.locator("table.ratings tbody tr.bot")).to_contain_text("Bot (easy)")
    page.click("table.ratings a[href='/leaderboards/tiny/players/Ann']")
    page.wait_for_url("**/leaderboards/tiny/players/Ann")
    expect(page.locator(".player-page table.games tbody tr")).to_have_count(1)
    expect(page.locator(".player-page svg.chart")).to_have_count(1)
    assert page.locator(f".player-page a[href='/replay/{table}']").count() == 1
    # Addresses of these pages load directly too, in Japanese as well.
    page.click("button.lang")
    page.goto(f"{server.url}/leaderboards/tiny")
    expect(page.locator("h1")).to_have_text("ランキング")
    expect(page.locator("table.ratings tbody tr.bot")).to_contain_text("ボット（")
    # The lobby shows each bot level's rating from this leaderboard beside its seat.
    page.click("button.lang")
    page.goto(server.url)
    board = page.evaluate("fetch('/api/leaderboards/tiny').then(r => r.json())")
    easy = next(row for row in board["players"] if row["name"] == "bot:easy")
    page.select_option("select[name=game]", "tiny")
    page.select_option("select[name=seat-1-bot]", "easy")
    help_line = page.locator(".bot-help[data-level=easy]")
    expect(help_line).to_contain_text(f"rated {easy['rating']:.1f} on the leaderboard (1 game)")
    page.select_option("select[name=seat-1-bot]", "normal")
    unrated = page.locator(".bot-help[data-level=normal]").first  # no rated game yet
    expect(unrated).to_have_attribute("data-rating", "")
    expect(unrated).not_to_contain_text("rated")


def test_a_game_without_rated_games_says_so(page: Page, server: LiveServer) -> None:
    sign_up(page, server.url, "Bob")
    page.goto(f"{server.url}/leaderboards/catan")
    expect(page.locator(".leaderboard .empty")).to_be_visible()
    page.goto(f"{server.url}/leaderboards/tiny/players/Nobody")
    expect(page.locator(".player-page .empty")).to_have_text("No rated Tiny game yet.")
