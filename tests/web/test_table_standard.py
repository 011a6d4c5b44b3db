"""Every game's table held to one standard (issue 34), at 1280x800 and on a 390x844 phone,
each game in one page session: the line above the board says what is asked, every place to
click has the table's highlight and hover help (Catan's: what a build costs and gains), no
two labels of a board overlap and none leaves it, and
on the phone every place is 44 px and every label 11 px once the first tap has zoomed.

Each table is a person against bots; the person's first decisions are taken by the API
until one is made on the board (Cargo Empire: a transport, chosen on the map)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.server.live import LiveServer
from tests.web.conftest import sized_page
from tests.web.pages import DEALS, play_as_guest
from tests.web.standard import (
    help_faults,
    highlight_faults,
    label_faults,
    phone_size_faults,
    prompt_of,
)

# game, options, seats (the person first), and what shows its decision is on the board
TABLES: list[tuple[str, dict[str, Any], int, str]] = [
    ("catan", {}, 3, "svg.board .place"),
    ("russian_railroads", {}, 3, "svg.board .place"),
    ("cargo_empire", {"map": "europe"}, 3, "svg.ce.map .place.origin"),
    ("cargo_empire", {"map": "dior"}, 3, "svg.ce.map .place.origin"),
    ("traveling_merchants", {}, 3, "svg.board .place"),
    ("forwarder_of_xanadu", {}, 3, "svg.board .place"),
]
READY = ".table-page:not(.pending)[data-status=playing]"

CREATE = """async ([game, options, seats]) => {
  const body = {game, options, my_seat: 0,
    seats: [{kind: "human"}, ...Array(seats - 1).fill({kind: "bot", bot: "normal"})]};
  const answer = await fetch("/api/tables", {method: "POST",
    headers: {"content-type": "application/json"}, body: JSON.stringify(body)});
  return (await answer.json()).table.id;
}"""
ACT_FIRST = """async (table) => {
  const state = await (await fetch(`/api/tables/${table}`)).json();
  if (state.to_move !== state.seat || !state.legal.length) return state.version;
  const body = JSON.stringify({action: state.legal[0].action, move: state.version});
  await fetch(`/api/tables/${table}/act`,
    {method: "POST", headers: {"content-type": "application/json"}, body});
  return state.version;
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("standard"), bot_delay=0.05, options=DEALS) as running:
        yield running


def open_decision_on_board(page: Page, base: str, game: str, options: dict[str, Any],
                           seats: int, on_board: str) -> str:  # fmt: skip
    """A new table, its person's decisions taken by the API until one is on the board."""
    table: str = page.evaluate(CREATE, [game, options, seats])
    page.goto(f"{base}/table/{table}")
    for _ in range(40):
        page.wait_for_selector(f"{READY} .prompt.mine", timeout=60_000)
        if page.locator(f"{READY} {on_board}").count():
            return table
        version = page.evaluate(ACT_FIRST, table)
        page.wait_for_selector(f".table-page:not([data-version='{version}'])")
    raise AssertionError(f"{game}: no decision on the board")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_every_table_meets_the_standard(browser: Browser, server: LiveServer, size: str) -> None:
    faults: dict[str, list[str]] = {}
    for page in sized_page(browser, size):
        play_as_guest(page, server.url)
        for game, options, seats, on_board in TABLES:
            name = f"{game} {json.dumps(options)}"
            open_decision_on_board(page, server.url, game, options, seats, on_board)
            prompt = prompt_of(page)
            found = (
                []
                if prompt["text"] and prompt["mine"] and prompt["above"]
                else [f"prompt {prompt}"]
            )
            found += highlight_faults(page) + help_faults(page) + label_faults(page)
            if game == "catan":  # a build says what it costs and gains
                help_text = page.locator(f"{READY} svg.board .place").first.get_attribute(
                    "data-help"
                )
                found += [] if help_text and "gains" in help_text else [f"help {help_text!r}"]
            if size == "phone":
                found += phone_size_faults(page)
            if found:
                faults[name] = found
    assert not faults, json.dumps(faults, indent=1, ensure_ascii=False)
