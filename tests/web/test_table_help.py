"""Help at the table and in the lobby: the tab title and an optional tone on your turn,
Catan's building-cost card, and a line on what each bot level does."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.server.live import LiveServer
from tests.web.pages import (
    action_key,
    click_first_action,
    create_table,
    play_as_guest,
    sign_up,
    wait_for_turn_or_end,
)


def titled(title: str) -> re.Pattern[str]:
    """The tab's title, after the count of tables waiting for you that every page puts in
    front of it ("(1) "), which comes when the page's next poll of them lands."""
    return re.compile(rf"^(\(\d+\) )?{re.escape(title)}$")


def tones(page: Page) -> int:
    return int(page.evaluate("Number(document.body.dataset.tones || 0)"))


def test_the_tab_title_and_a_chosen_tone_announce_your_turn(page: Page, server: LiveServer) -> None:
    play_as_guest(page, server.url)
    create_table(page, ["human", "easy"])
    assert wait_for_turn_or_end(page)
    expect(page).to_have_title(titled("● Your turn — Tiny"))
    sound = page.locator("input[name=sound]")
    expect(sound).not_to_be_checked()  # off until asked for
    click_first_action(page)
    assert tones(page) == 0
    sound.check()
    assert tones(page) == 1  # a tone to hear what it will be
    page.reload()  # the choice is kept by this browser
    expect(page.locator("input[name=sound]")).to_be_checked()
    while wait_for_turn_or_end(page) and tones(page) == 0:
        click_first_action(page)  # the bot's turn, then mine again: one tone
    assert tones(page) == 1
    while wait_for_turn_or_end(page):
        click_first_action(page)
    expect(page).to_have_title(titled("Tiny — Kaido"))


def test_catan_shows_the_building_cost_card(page: Page, server: LiveServer) -> None:
    """CT-BUILD: road, settlement, city and development card, each with its resources."""
    play_as_guest(page, server.url)
    create_table(page, ["human", "easy", "easy"], game="catan")
    card = page.locator(".catan-panel details.costs")
    expect(card.locator("tr")).to_have_count(4)
    costs = {"road": "01", "settlement": "0123", "city": "33444", "devCard": "234"}
    for piece, resources in costs.items():
        swatches = card.locator(f"tr[data-piece='{piece}'] .swatch")
        found = "".join(swatches.evaluate_all("els => els.map(e => e.dataset.resource)"))
        assert found == resources, piece
    expect(card.locator("tr[data-piece='city'] th")).to_have_text("City")


def test_each_bot_level_has_a_line_in_the_lobby(page: Page, server: LiveServer) -> None:
    play_as_guest(page, server.url)
    page.select_option("select[name=game]", "catan")
    page.select_option("select[name=seat-1-kind]", "bot")
    page.select_option("select[name=seat-1-bot]", "easy")
    expect(page.locator(".seat-row .bot-help").first).to_contain_text(
        "a random move one time in five"
    )
    page.select_option("select[name=seat-1-bot]", "strong")
    line = page.locator(".seat-row .bot-help[data-level='strong']").first
    expect(line).to_contain_text("searches many possible futures")
    expect(line).to_contain_text("thinks up to")


HOVER = """() => [...document.querySelectorAll('.board-stage .place')].map((el) => ({
    help: el.dataset.help || '',
    hover: el instanceof SVGElement
        ? ([...el.children].find((c) => c.tagName === 'title') || {}).textContent || ''
        : el.title,
    action: el.dataset.action || '',
}))"""


def test_each_highlighted_place_says_on_hover_what_it_does(page: Page, server: LiveServer) -> None:
    """The shared place helper gives every place its legal actions' texts as its tooltip:
    one action's text, or the place's title and a line per action when it opens a menu."""
    sign_up(page, server.url, "hover")
    table = create_table(page, ["human", "easy"], game="russian_railroads")
    page.wait_for_selector(".table-page:not(.pending) svg.rr .place", state="attached")
    state = page.evaluate(f"fetch('/api/tables/{table}').then(r => r.json())")
    texts = {action_key(item["action"]): item["text"] for item in state["legal"]}
    places = page.evaluate(HOVER)
    assert places
    for place in places:
        assert place["help"] and place["hover"] == place["help"]
        if place["action"]:
            assert texts[place["action"]] in place["help"].split("\n")
    # A place holding several actions (ways to pay, victims to rob) lists them under its title.
    menu = page.evaluate(MENU_PLACE)
    assert menu == ["Space 3", "• pay 1 coin", "• pay 2 workers"]


MENU_PLACE = """async () => {
    const { makePlace } = await import('/static/choices.js');
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
    const items = [{ action: ['a', 1], label: 'pay 1 coin' },
                   { action: ['a', 2], label: 'pay 2 workers' }];
    const where = { stage: document.body, title: 'Space 3', act: () => {}, placed: new Set() };
    makePlace(svg, items, where);
    return svg.querySelector('title').textContent.split('\\n');
}"""
