"""Offers and bots in a real browser: the answer's countdown, the "decline offers
automatically" preference (kept per account), an offer lapsing, and a bot seen thinking."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server.live import LiveServer
from tests.web.pages import DEALS, click_action, create_table, play_as_guest, sign_up


@pytest.fixture
def lapsing(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(tmp_path / "data", bot_delay=0.05, offer_seconds=4, options=DEALS) as running:
        yield running


def offer_table(browser: Browser, server: LiveServer) -> tuple[Page, Page]:
    """Ann and Bob at a tiny table with offers; Ann has drawn and offers a card to Bob."""
    ann, bob = (browser.new_context().new_page() for _ in range(2))
    sign_up(ann, server.url, "Ann")
    table = create_table(ann, ["human", "human"], checked=("offers",))
    play_as_guest(bob, server.url)
    bob.goto(f"{server.url}/table/{table}")
    bob.click("button.sit")
    click_action(ann, ["draw"])
    offer = ann.locator("button.legal[data-action^='[\"offer\"']").first
    offer.click()
    return ann, bob


def test_an_offer_counts_down_and_lapses(browser: Browser, lapsing: LiveServer) -> None:
    ann, bob = offer_table(browser, lapsing)
    expect(bob.locator(".offer-clock")).to_contain_text("Answer the offer")
    expect(ann.locator(".offer-clock")).to_contain_text("The offer lapses in")
    expect(bob.locator("button.legal")).to_have_text(["refuse", "take"])
    # Nobody answers: after four seconds it is declined for Bob, and it is Ann's turn again.
    expect(ann.locator(".log li").last).to_contain_text("refuse", timeout=15_000)
    expect(ann.locator("p.turn.mine")).to_be_visible()
    expect(bob.locator(".offer-clock")).to_have_count(0)


def test_declining_offers_automatically(browser: Browser, server: LiveServer) -> None:
    ann, bob = offer_table(browser, server)
    toggle = bob.locator(".ignore-offers input")
    expect(toggle).not_to_be_checked()
    toggle.check()  # the offer waiting now is declined at once
    expect(ann.locator(".log li").last).to_contain_text("refuse")
    bob.reload()
    expect(bob.locator(".ignore-offers input")).to_be_checked()  # kept by the server


def test_a_searching_bot_shows_it_is_thinking(page: Page, server: LiveServer) -> None:
    sign_up(page, server.url, "Ann")
    create_table(page, ["human", "strong"])  # a search bot: a second per decision
    click_action(page, ["draw"])
    # The notice shows for well under a second; a poll can fall either side of it on a
    # loaded machine, so the page itself records every time it shows.
    page.evaluate(SEEN_THINKING)
    click_action(page, ["end"])
    expect(page.locator("p.turn.mine")).to_be_visible(timeout=30_000)
    assert page.evaluate("window.seenThinking") == ["P2 is thinking…"]
    expect(page.locator(".thinking")).to_have_count(0)


SEEN_THINKING = """() => {
  window.seenThinking = [];
  const note = () => document.querySelectorAll(".thinking").forEach((element) => {
    const text = element.textContent.trim();
    if (text.includes("is thinking") && !window.seenThinking.includes(text)) {
      window.seenThinking.push(text);
    }
  });
  new MutationObserver(note).observe(document.body,
    {childList: true, subtree: true, characterData: true});
}"""
