"""The pages in Japanese: every client string and every board word exists in both
languages, and the lobby and each game's table (board, panels, actions, log, hover texts)
show no untranslated fragment. Names people and bots go by (`.name`) are not words."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page

from kaido.games import all_games
from tests.conformance.test_japanese import untranslated
from tests.server.live import LiveServer
from tests.web.pages import create_table, play_as_guest

# Every text node and every text the page offers on hover or to a screen reader, outside
# names and outside the generic view of the state (its keys are the engine's own).
PAGE_TEXTS = """() => {
    const skip = (node) => node.closest && node.closest('.name, script, style, details.state');
    const texts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
        const node = walker.currentNode;
        if (!skip(node.parentElement) && node.textContent.trim()) texts.push(node.textContent);
    }
    for (const el of document.querySelectorAll('[title], [aria-label], [placeholder]')) {
        if (skip(el)) continue;
        for (const name of ['title', 'aria-label', 'placeholder']) {
            if (el.getAttribute(name)) texts.push(el.getAttribute(name));
        }
    }
    return texts;
}"""

KEYS = """async (path) => {
    const module = await import(path);
    const table = module.STRINGS || module.WORDS;
    // a text's English forms for one and other counts ({one, other}) are one text
    const leaves = (value, prefix) => typeof value === 'object' && !('one' in value)
        ? Object.entries(value).flatMap(([k, v]) => leaves(v, `${prefix}/${k}`))
        : [[prefix, typeof value === 'object' ? value.other : value]];
    const en = leaves(table.en, ''), ja = leaves(table.ja, '');
    return { en: en.map(e => e[0]).sort(), ja: ja.map(e => e[0]).sort(),
             ja_texts: ja.map(e => e[1]) };
}"""


def fragments(page: Page) -> list[str]:
    texts: list[str] = page.evaluate(PAGE_TEXTS)
    return sorted({text.strip() for text in texts if untranslated(text)})


@pytest.mark.parametrize(
    "path",
    [
        "/static/i18n.js",
        "/static/boards/catan.js",
        "/static/boards/russian_railroads.js",
        "/static/boards/cargo_empire.js",
        "/static/boards/traveling_merchants.js",
        "/static/boards/forwarder_of_xanadu.js",
    ],
)
def test_every_client_string_exists_in_both_languages(
    page: Page, server: LiveServer, path: str
) -> None:
    page.goto(server.url + "/")
    found: dict[str, Any] = page.evaluate(KEYS, path)
    assert found["en"] == found["ja"]
    texts = [re.sub(r"\{\w+\}", "", t) for t in found["ja_texts"] if isinstance(t, str)]
    untranslated_ja = [t for t in texts if untranslated(t)]  # {name}: a value to fill in
    assert set(untranslated_ja) <= {"English"}  # the button back to English


def test_the_lobby_and_every_table_in_japanese(page: Page, server: LiveServer) -> None:
    play_as_guest(page, server.url)
    page.click("button.lang")
    page.wait_for_selector("#create-table h2:text-is('新しいテーブル')")
    for game in all_games():
        page.select_option("select[name=game]", game.id)
        assert fragments(page) == ["English"], game.id  # the button back to English
        table = create_table(
            page, ["human", *["normal"] * (game.player_counts[-1] - 1)], game=game.id
        )
        page.wait_for_selector(".table-page .turn.mine", timeout=60_000)
        assert fragments(page) == ["English"], (game.id, table)
        page.goto(server.url + "/")
