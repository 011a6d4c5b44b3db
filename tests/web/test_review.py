"""The review in the browser (issue 33): the end screen and the replay show each player's
chance of winning as a curve; a turning point opens the replay at its move with the move
played and the bot's marked on the board; and the Hint button of a table that allows
hints marks the bot's best moves on the board. At a desktop's 1280x800 and a phone's
390x844."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from playwright.sync_api import Browser, expect

from tests.server.live import LiveServer
from tests.web.conftest import open_page
from tests.web.pages import DEALS, PLACES, create_table, sign_up

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, str]]:
    """A server, and a Russian Railroads game its bots played to the end, unwatched (a page
    watching draws the board at every move)."""
    data = Path(tmp_path_factory.mktemp("review")) / "data"
    with LiveServer(data, bot_delay=0.0, options=DEALS, reviews=True) as server:
        client = httpx2.Client(base_url=server.url)
        client.post("/api/guest")
        seats = [{"kind": "bot", "bot": "easy"}] * 2
        body = {"game": "russian_railroads", "seats": seats, "my_seat": None}
        table = client.post("/api/tables", json=body).json()["table"]["id"]
        deadline = time.monotonic() + 120
        while client.get(f"/api/tables/{table}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.2)
        yield server, table


@pytest.mark.parametrize("size", list(SIZES))
def test_a_turning_point_opens_the_replay_at_its_move(
    browser: Browser, finished: Any, size: str
) -> None:
    server, table = finished
    for page in open_page(browser, viewport=SIZES[size], has_touch=size == "phone"):
        page.goto(f"{server.url}/table/{table}")
        review = page.locator(".review[data-status=ready]")
        expect(review).to_be_visible(timeout=90_000)
        expect(review.locator("svg.review-curve polyline.seat-line")).to_have_count(2)
        body = page.evaluate(f"fetch('/api/tables/{table}/review').then(r => r.json())")
        point = body["turning_points"][0]
        decision = body["decisions"][point["step"]]
        review.locator(f"button.turning[data-step='{point['step']}']").click()
        page.wait_for_url(f"**/replay/{table}?step={point['step']}")
        expect(page.locator(f".table-page.replay[data-step='{point['step']}']")).to_be_visible()
        line = page.locator(f".review-move[data-step='{point['step']}']")
        expect(line).to_contain_text(decision["played_text"])
        marked = page.locator(".board-area .place.review-played, .board-area .place.review-best")
        expect(marked.first).to_be_visible()
        # The curve in the replay moves the replay too: its right end is the last step.
        curve = page.locator(".review svg.review-curve")
        curve.scroll_into_view_if_needed()
        box = curve.bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] - 3, box["y"] + box["height"] / 2)
        last = len(body["chances"]) - 1
        expect(page.locator(f".table-page.replay[data-step='{last}']")).to_be_visible()


def test_a_hint_marks_the_bots_best_moves_on_the_board(browser: Browser, finished: Any) -> None:
    server, _table = finished
    for page in open_page(browser, viewport=SIZES["desktop"]):
        sign_up(page, server.url, "Bea")
        page.check("input[name=hints]")
        create_table(page, ["human", "easy", "easy"], game="catan")
        # Catan's set-up is played on the board alone: no move is listed once it is drawn.
        page.wait_for_selector(PLACES, timeout=60_000)
        page.click("button.hint-button")
        moves = page.locator(".hint-moves li")
        expect(moves).to_have_count(3)
        expect(page.locator(".board-area .place.hinted").first).to_be_visible()
        expect(page.locator(".hint-moves")).to_contain_text("chance of winning")
        first = moves.first.get_attribute("data-action")
        page.locator(f".board-area .place[data-action='{first}']").click()
        expect(page.locator(".hint-moves")).to_have_count(0)  # the next decision: no hint yet
