"""Playing as on Board Game Arena, in the browser: two people press "Play now" and are
seated together; the page counts the games waiting for you in its title and notifies you;
a tournament's page (en and ja) from registration to its first round."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server.live import LiveServer
from tests.web.conftest import open_page
from tests.web.pages import sign_up


@pytest.fixture
def second(browser: Browser) -> Iterator[Page]:
    yield from open_page(browser, viewport={"width": 1280, "height": 900})


def test_two_people_who_press_play_now_are_seated_together(
    page: Page, second: Page, server: LiveServer
) -> None:
    for person, name in ((page, "Ann"), (second, "Bob")):
        sign_up(person, server.url, name)
        person.select_option("select[name=qm-game]", "tiny")
        person.select_option("select[name=qm-players]", "2")
        person.click("#quick-match .play-now")
    page.wait_for_selector("#quick-match[data-state=waiting], .table-page", timeout=10_000)
    page.wait_for_url("**/table/*", timeout=15_000)
    second.wait_for_url("**/table/*", timeout=15_000)
    assert page.url == second.url
    seats = page.locator(".table-page").inner_text()
    assert "Ann" in seats and "Bob" in seats
    # The one to move is told in the title: the page counts the games waiting for them.
    mover = page if page.locator(".table-page button.legal").count() else second
    expect(mover).to_have_title(re.compile(r"^\(1\) "), timeout=10_000)


@pytest.fixture
def allowing(browser: Browser) -> Iterator[Page]:
    """A page whose person allowed notifications."""
    size = {"width": 1280, "height": 900}
    yield from open_page(browser, viewport=size, permissions=["notifications"])


def test_a_new_turn_is_notified_and_counted(allowing: Page, server: LiveServer) -> None:
    page = allowing
    sign_up(page, server.url, "Ann")
    page.evaluate("window.dispatchEvent(new Event('focus'))")  # the page asks at once
    page.wait_for_selector("html[data-turns='0']", state="attached")
    # Ann makes a table (in another tab, say) whose other seat is a bot: her turn at once.
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "easy"}]
    made = page.request.post(
        f"{server.url}/api/tables", data={"game": "tiny", "seats": seats, "move_seconds": 86400}
    )
    assert made.ok, made.text()
    table = made.json()["table"]["id"]
    page.evaluate("window.dispatchEvent(new Event('focus'))")  # back to this tab
    page.wait_for_selector(f"html[data-notified='{table}']", state="attached")
    expect(page).to_have_title(re.compile(r"^\(1\) "))
    page.reload()
    page.wait_for_selector("#list-mine .your-turn")


def test_a_tournament_page_from_registration_to_round_one(
    page: Page, second: Page, server: LiveServer
) -> None:
    sign_up(page, server.url, "Ann")
    page.click("nav a.tournaments")
    page.fill("#create-tournament input[name=name]", "Evening cup")
    page.select_option("#create-tournament select[name=game]", "tiny")
    page.select_option("#create-tournament select[name=seats]", "2")
    page.fill("#create-tournament input[name=capacity]", "3")
    page.select_option("#create-tournament select[name=bot_level]", "easy")
    page.fill("#create-tournament input[name=start_at]", "2099-01-01T12:00")
    page.click("#create-tournament button[type=submit]")
    page.wait_for_selector("#tournament[data-status=registering] #unregister")
    address = page.url
    sign_up(second, server.url, "Bob")
    second.goto(address)
    second.click("#register")
    second.wait_for_selector("#unregister")
    second.click("button.lang")  # the page in Japanese
    second.wait_for_selector("text=参加受付中")
    assert "Ann · Bob" in second.locator(".entrants").inner_text()
    cat = second.context.browser
    assert cat is not None
    third = cat.new_context().new_page()
    sign_up(third, server.url, "Cat")
    third.goto(address)
    third.click("#register")  # full: the director starts it within a second or two
    page.wait_for_selector("#tournament[data-status=running]", timeout=15_000)
    page.wait_for_selector(".round .table-item a.button")
    assert page.locator(".round .table-item").count() == 2  # a table of two and a bye
    third.context.close()
