"""What the page says about itself: the connection of a table (a banner while the server
is away, a toast once it is back, the game playable as before) and the password rule
next to its field."""

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


def test_the_password_rule_stands_by_the_field_and_no_refusal_outlives_sign_up(
    page: Page, server: LiveServer
) -> None:
    page.goto(server.url + "/")
    rule = page.locator("#password-rule")
    expect(rule).to_have_text("For a new account: 8 to 256 characters.")
    page.fill("input[name=name]", "Ann")
    page.fill("input[name=password]", "short")
    page.click("#register")
    expect(rule).to_have_class("rule bad")  # said at the field, before asking the server
    page.fill("input[name=password]", "long enough now")
    expect(rule).to_have_class("rule")
    page.click("#signin")  # no such account yet: refused in the form
    expect(page.locator(".form-error")).to_have_text("Wrong name or password.")
    page.click("#register")
    page.wait_for_selector("#create-table")
    expect(page.locator(".form-error, #notice .notice, .rule.bad")).to_have_count(0)


def test_a_refusal_reads_in_the_page_language_and_never_as_a_key(
    page: Page, server: LiveServer
) -> None:
    """Issue 34: a wrong password is a 401 with a sentence in English and Japanese (bug 5),
    and an answer the page has no words for (one without the server's code, as the 500 of
    bug 1 was) reads as a failure, never as the key `error.error`."""
    page.goto(server.url + "/")
    for sentence in ("Wrong name or password.", "名前またはパスワードが違います。"):
        page.fill("input[name=name]", "Nobody")
        page.fill("input[name=password]", "long enough now")
        page.click("#signin")
        expect(page.locator(".form-error")).to_have_text(sentence)
        page.click("button.lang")
    page.wait_for_selector("#signin:text-is('Sign in')")
    # What `api()` makes of an answer that is not the server's JSON (a plain-text 500).
    texts = page.evaluate(
        """async () => {
            const [{ ApiError }, { errorText }] = await Promise.all(
                [import('/static/api.js'), import('/static/i18n.js')]);
            return [500, 404].map((status) => errorText(new ApiError(status, {})));
        }"""
    )
    assert texts == ["The server failed. HTTP 500", "That did not work. HTTP 404"]
