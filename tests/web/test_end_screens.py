"""Every game's end screen, at desktop and phone size: the places with every player's
score (a game's own bot among them, issue 34 bug 4), where the points came from and the
charts (Game.summary), a move log that ends in words, and, for Traveling Merchants, what
ended the game instead of where the end card lies (bug 3).

The games are played by bots only, on a server that shows their moves at once, once for
the module; a page then visits each finished table."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import httpx2
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server.live import LiveServer
from tests.web.conftest import sized_page
from tests.web.pages import DEALS

GAMES: dict[str, dict[str, Any]] = {
    "catan": {"seats": 3, "options": {}},
    "russian_railroads": {"seats": 2, "options": {}},
    # one seat against the game's own bot (CE-BOT), which takes a place of its own
    "cargo_empire": {"seats": 1, "options": {}},
    # with these dealt seeds (DEALS) the game ends with the end card still in the deck
    "traveling_merchants": {"seats": 2, "options": {}},
    "forwarder_of_xanadu": {"seats": 3, "options": {}},
}


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    """A server and a finished bots-only table of each game (game -> table id)."""
    data = tmp_path_factory.mktemp("end-screens")
    with LiveServer(data, bot_delay=0.0, options=DEALS) as server:
        client = httpx2.Client(base_url=server.url, timeout=30)
        client.post("/api/guest").raise_for_status()
        tables = {}
        for game, how in GAMES.items():
            seats = [{"kind": "bot", "bot": "normal"}] * how["seats"]
            body = {"game": game, "seats": seats, "options": how["options"], "my_seat": None}
            answer = client.post("/api/tables", json=body)
            answer.raise_for_status()
            tables[game] = answer.json()["table"]["id"]
        deadline = time.monotonic() + 600
        for game, table in tables.items():
            while client.get(f"/api/tables/{table}").json()["status"] != "finished":
                assert time.monotonic() < deadline, f"{game} did not finish"
                time.sleep(0.5)
        yield server.url, tables


@pytest.fixture(params=["desktop", "phone"])
def sized(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    yield from sized_page(browser, request.param)


RAW_LIST = re.compile(r"\[\s*-?\d")


def test_every_end_screen_tells_where_the_points_came_from(
    sized: Page, finished: tuple[str, dict[str, str]]
) -> None:
    """Places and scores, the breakdown by category with its total and the charts, for
    every game (Cargo Empire and Traveling Merchants had neither breakdown nor chart)."""
    base, tables = finished
    for game, table in tables.items():
        sized.goto(f"{base}/table/{table}")
        sized.wait_for_selector(".table-page[data-status=finished] .result")
        result = sized.locator(".result table tr:has(td)")
        for row in range(result.count()):  # a place, a name and a score on every row
            cells = result.nth(row).locator("td")
            assert re.fullmatch(r"\d+", cells.nth(0).inner_text()), game
            assert re.fullmatch(r"-?\d+(\.\d+)?", cells.nth(2).inner_text()), game
        rows = sized.locator(".summary .breakdown tr:has(td)")
        assert rows.count() >= 3, f"{game}: no breakdown of the points"
        expect(rows.last).to_have_class(re.compile("total"))
        assert sized.locator(".summary .charts figure svg").count() >= 1, f"{game}: no chart"
        expect(sized.locator(".prompt")).to_have_count(0)


def test_a_solo_cargo_empire_result_shows_the_bot(
    sized: Page, finished: tuple[str, dict[str, str]]
) -> None:
    """Bug 4: the bot's place and score stand among the results, and the log's last line
    names each player's score instead of a raw list ("final scores: [38, 89, 73]")."""
    base, tables = finished
    sized.goto(f"{base}/table/{tables['cargo_empire']}")
    sized.wait_for_selector(".table-page[data-status=finished] .result")
    state = sized.evaluate(f"fetch('/api/tables/{tables['cargo_empire']}').then(r => r.json())")
    expect(sized.locator(".result table tr:has(td)")).to_have_count(2)
    bot = sized.locator(".result tr.other")
    expect(bot).to_contain_text("(bot)")
    scores = [*state["result"]["scores"], *(o["values"][-1] for o in state["summary"]["others"])]
    expect(bot).to_contain_text(str(state["summary"]["others"][0]["values"][-1]))
    log = sized.locator(".log .event").all_inner_texts()
    assert not RAW_LIST.search(log[-1]), log[-1]
    assert log[-1].startswith("final scores: ") and "(bot)" in log[-1]
    assert all(str(int(score)) in log[-1] for score in scores)


def test_the_traveling_merchants_end_says_what_ended_it(
    sized: Page, finished: tuple[str, dict[str, str]]
) -> None:
    """Bug 3: "Game over" stood next to "the end card is still in the deck"."""
    base, tables = finished
    sized.goto(f"{base}/table/{tables['traveling_merchants']}")
    status = sized.locator(".table-page[data-status=finished] .tm-status")
    expect(status).to_contain_text("The game ended:")
    expect(status).not_to_contain_text("still in the deck")


def test_the_end_screen_in_japanese(page: Page, finished: tuple[str, dict[str, str]]) -> None:
    """The breakdown's and the bot's words come in the page's language."""
    base, tables = finished
    page.goto(f"{base}/table/{tables['cargo_empire']}")
    page.wait_for_selector(".result")
    page.locator("button.lang").click()
    expect(page.locator(".result tr.other")).to_contain_text("ボット")
    expect(page.locator(".summary .breakdown")).to_contain_text("目標カード")
    log = page.locator(".log .event").all_inner_texts()
    assert log[-1].startswith("最終得点") and not RAW_LIST.search(log[-1])
