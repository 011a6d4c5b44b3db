"""Pass and play in the browser: one device plays every human seat of its table. Each time
the seat to play changes hands, a screen asks to pass the device and shows nothing of the
game until the next player says they hold it; another person only watches."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server.live import LiveServer
from tests.web.conftest import sized_page
from tests.web.pages import READY, action_key, click_action, play_as_guest, sign_up

PASS = ".pass-device"


def create_pass_and_play(page: Page) -> str:
    page.select_option("select[name=game]", "tiny")
    page.select_option("select[name=players]", "3")
    page.select_option("select[name=seat-1-kind]", "human")
    page.select_option("select[name=seat-2-kind]", "bot")
    page.check("input[name=pass_and_play]")
    expect(page.locator("select[name=my_seat]")).to_be_hidden()
    page.click("#create-table button[type=submit]")
    page.wait_for_url("**/table/*")
    return page.url.rsplit("/", 1)[1]


def hands_shown(page: Page) -> int:
    """Everything the page shows of the game: the state, the board, the log, the actions."""
    count: int = page.locator(".table-page, .log, button.legal, details.state").count()
    return count


def end_turn(page: Page) -> None:
    """The last click of a turn: the page then asks to pass the device."""
    page.locator(f"{READY}[data-action='{action_key(['end'])}']").click()
    page.wait_for_selector(PASS)


def take_the_device(page: Page, name: str) -> None:
    screen = page.locator(PASS)
    expect(screen.locator("h2")).to_have_text(f"Pass the device to {name}")
    assert hands_shown(page) == 0
    screen.locator("button.ready").click()
    page.wait_for_selector(READY)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_device_passes_between_the_seats(
    browser: Browser, server: LiveServer, size: str
) -> None:
    for page in sized_page(browser, size):
        sign_up(page, server.url, "Ann")
        table = create_pass_and_play(page)
        take_the_device(page, "P1")  # also on opening the page: whoever holds it says so
        expect(page.locator(".side .hotseat")).to_have_text("pass and play")
        seat0_hand = page.evaluate(f"fetch('/api/tables/{table}').then(r => r.json())")["view"]
        click_action(page, ["draw"])
        end_turn(page)
        take_the_device(page, "P2")
        state = page.evaluate(f"fetch('/api/tables/{table}').then(r => r.json())")
        assert state["seat"] == 1 and state["view"] != seat0_hand
        expect(page.locator(".side .seats li.to-move")).to_have_attribute("data-seat", "1")
        page.reload()  # a reload shows the screen again before the game
        take_the_device(page, "P2")
        click_action(page, ["draw"])
        end_turn(page)
        # The bot plays seat 3, then the device goes back to the first player.
        take_the_device(page, "P1")
        expect(page.locator(".turn.mine")).to_be_visible()


def test_someone_else_only_watches_a_pass_and_play_table(
    browser: Browser, server: LiveServer
) -> None:
    for ann in sized_page(browser, "desktop"):
        sign_up(ann, server.url, "Ann")
        table = create_pass_and_play(ann)
        for bob in sized_page(browser, "desktop"):
            play_as_guest(bob, server.url)
            bob.goto(f"{server.url}/table/{table}")
            expect(bob.locator(".status > .hint")).to_have_text("You are watching.")
            expect(bob.locator(PASS)).to_have_count(0)
            expect(bob.locator("button.legal")).to_have_count(0)
            refused = bob.evaluate(
                "t => fetch(`/api/tables/${t}/act`, {method: 'POST', headers: {'content-type':"
                " 'application/json'}, body: JSON.stringify({action: ['draw'], move: 0})})"
                ".then(r => r.status)",
                table,
            )
            assert refused == 403
