"""Leaving a started game in the browser: resigning (after a confirmation), abandoning the
game once everyone left or agreed, and removing a player absent past their clock."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from tests.server.live import LiveServer
from tests.web.pages import FINISHED, click_action, create_table, play_as_guest, sign_up


def two_people(
    browser: Browser, server: LiveServer, table_body: str | None = None
) -> tuple[Page, Page, str]:
    """Ann creates a table (from the lobby form, or by the API with `table_body`); Bob sits."""
    ann, bob = (browser.new_context().new_page() for _ in range(2))
    sign_up(ann, server.url, "Ann")
    if table_body is None:
        table = create_table(ann, ["human", "human", "easy"])
    else:
        table = ann.evaluate(
            "body => fetch('/api/tables', {method: 'POST', headers: {'content-type': "
            "'application/json'}, body}).then(r => r.json()).then(r => r.table.id)",
            table_body,
        )
        ann.goto(f"{server.url}/table/{table}")
    play_as_guest(bob, server.url)
    bob.goto(f"{server.url}/table/{table}")
    bob.click("button.sit")
    ann.wait_for_selector(".table-page[data-status=playing]")
    bob.wait_for_selector(".table-page[data-status=playing]")
    return ann, bob, table


def test_resigning_then_abandoning(browser: Browser, server: LiveServer) -> None:
    ann, bob, _table = two_people(browser, server)
    bob.click(".leave-game button.resign")
    expect(bob.locator(".leaving .warning")).to_contain_text("for good")
    bob.click("button.confirm-resign")
    expect(ann.locator(".side .seats li[data-seat='1']")).to_contain_text("left the game")
    expect(bob.locator(".leave-game")).to_have_count(0)
    # Only Ann plays in person now: her proposal to abandon is enough.
    ann.click(".leave-game button.abandon")
    expect(ann.locator(".abandoned")).to_have_text("This game was abandoned.")
    expect(bob.locator(".abandoned")).to_be_visible()
    expect(ann.locator("button.legal")).to_have_count(0)


RESIGN_WORDS = {
    "en": ("A bot plays your seat to the end and you place below everyone who stays", "resigned"),
    "ja": ("ボットがあなたの席を最後までプレイし、あなたの順位は残った全員より下", "投了"),
}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_resigning_among_bots_is_what_the_dialog_says(
    page: Page, server: LiveServer, lang: str
) -> None:
    """Issue 34, bug 2: the dialog says what happens, and it happens: the bots play the
    game to the end, the resigner placed last, with its replay (the game was abandoned
    before)."""
    sign_up(page, server.url, "Ann")
    if lang == "ja":
        page.click("button.lang")
        page.wait_for_selector("#create-table h2:text-is('新しいテーブル')")
    create_table(page, ["human", "easy", "easy"])
    page.wait_for_selector(".table-page[data-status=playing]")
    page.click(".leave-game button.resign")
    said, marked = RESIGN_WORDS[lang]
    expect(page.locator(".leaving .warning")).to_contain_text(said)
    page.click("button.confirm-resign")
    page.wait_for_selector(FINISHED)
    last = page.locator(".result tr").last
    expect(last.locator("td").first).to_have_text("3")
    expect(last).to_contain_text(f"Ann ({marked})")
    page.click(".result a.button[href^='/replay/']")
    page.wait_for_selector(".replay[data-step='0']")


def test_removing_a_player_absent_past_their_clock(browser: Browser, server: LiveServer) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "easy"}]
    body = json.dumps({"game": "tiny", "seats": seats, "move_seconds": 2})
    ann, bob, _table = two_people(browser, server, body)
    click_action(ann, ["draw"])
    click_action(ann, ["end"])
    # Bob does nothing: his clock runs out, a bot plays for him, and Ann may remove him.
    kick = ann.locator(".side .seats li[data-seat='1'] button.kick")
    expect(kick).to_be_visible(timeout=15_000)
    kick.click()
    expect(ann.locator(".side .seats li[data-seat='1']")).to_contain_text("left the game")
    expect(bob.locator(".take-back")).to_have_count(0)


def test_a_vote_while_an_action_is_on_its_way_leaves_the_page_waiting(
    browser: Browser, server: LiveServer
) -> None:
    """A state at the version an action was sent at (another player's vote to abandon) is no
    answer to the action: the page stays waiting until the answer, so nothing is sent twice."""
    ann, bob, _table = two_people(browser, server)
    held: list[str | bytes] = []
    links: list[WebSocketRoute] = []

    def hold_actions(page_side: WebSocketRoute) -> None:
        server_side = page_side.connect_to_server()  # the server's messages pass untouched
        links.append(server_side)

        def from_page(message: str | bytes) -> None:
            if json.loads(message).get("type") == "act":
                held.append(message)
            else:
                server_side.send(message)

        page_side.on_message(from_page)

    ann.route_web_socket("**/ws/tables/*", hold_actions)
    ann.reload()  # her connection now passes through the route
    ann.wait_for_selector(".table-page:not(.pending) button.legal")
    version = ann.locator(".table-page").get_attribute("data-version")
    ann.locator("button.legal").first.click()
    expect(ann.locator(".table-page.pending")).to_have_count(1)
    assert len(held) == 1
    bob.click(".leave-game button.abandon")
    expect(ann.locator(".abandon-votes")).to_be_visible()  # the vote's state has arrived
    expect(ann.locator(f".table-page.pending[data-version='{version}']")).to_have_count(1)
    links[-1].send(held.pop())
    expect(ann.locator(".table-page:not(.pending)")).not_to_have_attribute("data-version", version)
    assert held == []
