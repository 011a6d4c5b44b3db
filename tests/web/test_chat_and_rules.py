"""Help at the table: the chat between players and spectators (text only, kept across a
reload, closed to visitors who are not signed in) and each game's rules in brief."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from kaido.games import all_games
from tests.server.live import LiveServer
from tests.web.conftest import SIZES, sized_page
from tests.web.pages import create_table, play_as_guest, sign_up

INJECTION = '<img src=x onerror="window.pwned = 1"><b>bold</b>'


@pytest.fixture
def other(browser: Browser) -> Iterator[Page]:
    """A second browser of its own (another person)."""
    yield from sized_page(browser, "desktop")


@pytest.fixture
def visitor(browser: Browser) -> Iterator[Page]:
    """A third browser, never signed in, on a phone."""
    yield from sized_page(browser, "phone")


ACT_BY_API = """async (table) => {
    const state = await (await fetch(`/api/tables/${table}`)).json();
    await fetch(`/api/tables/${table}/act`, {method: 'POST', headers: {'content-type':
        'application/json'}, body: JSON.stringify({action: state.legal[0].action,
        move: state.version})});
}"""


def chat_lines(page: Page) -> list[str]:
    lines: list[str] = page.locator(".chat-lines li:not(.none)").all_inner_texts()
    return lines


def write(page: Page, text: str) -> None:
    page.fill(".chat-form input[name=chat]", text)
    page.click(".chat-form button[type=submit]")


def test_players_and_spectators_chat_in_plain_text(
    page: Page, other: Page, visitor: Page, server: LiveServer
) -> None:
    sign_up(page, server.url, "Ann")
    table = create_table(page, ["human", "easy"])
    play_as_guest(other, server.url)
    other.goto(f"{server.url}/table/{table}")
    expect(other.locator(".status > .hint")).to_contain_text("You are watching.")
    write(page, INJECTION)
    line = other.locator(".chat-lines li:not(.none)").first
    expect(line).to_contain_text(INJECTION)  # shown as the text it is
    assert other.locator(".chat-lines img, .chat-lines b:not(.name)").count() == 0
    assert other.evaluate("window.pwned") is None and page.evaluate("window.pwned") is None
    write(other, "good luck, Ann")
    expect(page.locator(".chat-lines li:not(.none)")).to_have_count(2)
    assert (
        chat_lines(page)[1].startswith("guest")
        and "(watching): good luck, Ann" in (chat_lines(page)[1])
    )
    expect(page.locator(".chat-lines li[data-seat='0'] .dot")).to_have_count(1)  # a player's colour
    page.reload()  # the lines are kept
    expect(page.locator(".chat-lines li:not(.none)")).to_have_count(2)
    assert chat_lines(page)[0] == f"Ann: {INJECTION}"
    visitor.goto(f"{server.url}/table/{table}")  # not signed in: reads, cannot write
    expect(visitor.locator(".chat-lines li:not(.none)")).to_have_count(2)
    expect(visitor.locator(".chat-form")).to_have_count(0)
    expect(visitor.locator(".chat > p.hint")).to_have_text("Sign in or play as a guest to chat.")


def test_typing_survives_the_table_moving_on(page: Page, server: LiveServer) -> None:
    """The page is drawn again after every move (a bot's too): what is being typed stays."""
    play_as_guest(page, server.url)
    table = create_table(page, ["human", "easy"])
    field = page.locator(".chat-form input[name=chat]")
    field.click()
    page.keyboard.type("half a sen")
    version = page.locator(".table-page").get_attribute("data-version")
    page.evaluate(ACT_BY_API, table)  # a move made elsewhere: the focus stays in the field
    page.wait_for_selector(f".table-page:not([data-version='{version}'])")
    page.keyboard.type("tence")
    expect(field).to_have_value("half a sentence")
    expect(field).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".chat-lines li:not(.none)")).to_have_count(1)
    expect(field).to_have_value("")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_each_game_has_its_rules_in_brief_at_the_table(
    browser: Browser, server: LiveServer, size: str
) -> None:
    for page in sized_page(browser, size):
        play_as_guest(page, server.url)
        games = [game for game in all_games() if game.id != "tiny"]
        assert len(games) >= 5
        for game in games:
            page.goto(server.url + "/")
            create_table(page, ["human", *["easy"] * (game.player_counts[-1] - 1)], game=game.id)
            page.click(".table-head button.rules-open")
            drawer = page.locator(".rules-drawer")
            expect(drawer.locator("h2")).to_contain_text("Rules in brief")
            expect(drawer.locator(".rules-text h3").first).to_be_visible()
            assert drawer.locator(".rules-text li").count() >= 5, game.id
            box = drawer.bounding_box()
            assert (
                box is not None
                and box["x"] >= 0
                and box["x"] + box["width"] <= SIZES[size]["width"]
            )
            page.click(".rules-drawer button.rules-close")
            expect(drawer).to_have_count(0)
        page.click("button.lang")  # the summary in Japanese, the drawer kept open on redraws
        page.click(".table-head button.rules-open")
        expect(page.locator(".rules-drawer h2")).to_contain_text("ルールの要点")
        expect(page.locator(".rules-drawer .rules-text p").first).to_contain_text("。")


def test_writing_too_fast_says_so(page: Page, server: LiveServer) -> None:
    play_as_guest(page, server.url)
    create_table(page, ["human", "easy"])
    for n in range(12):  # 5 in 10 s: writing 12 takes far less, so some are refused
        write(page, f"line {n}")
    expect(page.locator("#notice .notice")).to_contain_text("Too many at once; wait a moment.")
