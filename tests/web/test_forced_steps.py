"""Forced steps in the browser, at 1280x800 and 390x844: a Cargo Empire payment with one way
to pay is taken for the person (the page goes on to the next decision, the log tells the
transport), Undo takes it back with the transport, and the checkbox at the table turns it
off so the one way to pay waits on the board."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server.live import LiveServer
from tests.web.conftest import sized_page
from tests.web.pages import create_table, play_as_guest

READY = ".table-page:not(.pending)[data-status=playing]"
STATE = "(table) => fetch(`/api/tables/${table}`).then((r) => r.json())"
ACT = """async ([table, action]) => {
  const state = await (await fetch(`/api/tables/${table}`)).json();
  const body = JSON.stringify({action, move: state.version});
  await fetch(`/api/tables/${table}/act`,
    {method: "POST", headers: {"content-type": "application/json"}, body});
  return state.version;
}"""


@pytest.fixture(params=["desktop", "phone"])
def sized(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    yield from sized_page(browser, request.param)


def act(page: Page, table: str, action: list[Any]) -> dict[str, Any]:
    version = page.evaluate(ACT, [table, action])
    page.wait_for_selector(f"{READY}:not([data-version='{version}'])")
    state: dict[str, Any] = page.evaluate(STATE, table)
    return state


def kinds(state: dict[str, Any]) -> set[str]:
    return {item["action"][0] for item in state["legal"]}


def test_a_forced_payment_is_taken_and_undone(sized: Page, server: LiveServer) -> None:
    play_as_guest(sized, server.url)
    table = create_table(sized, ["human"], game="cargo_empire")  # against the game's bot
    sized.wait_for_selector(f"{READY} .prompt.mine")
    state = sized.evaluate(STATE, table)
    taken = False
    for _ in range(60):  # transports (first one each time) until one is paid for the person
        if "plan" not in kinds(state):
            state = act(sized, table, state["legal"][0]["action"])
            continue
        plan = next(item["action"] for item in state["legal"] if item["action"][0] == "plan")
        before = state
        state = act(sized, table, plan)
        if "pay" not in kinds(state):
            taken = True
            break
    assert taken, "no transport with one way to pay"
    expect(sized.locator(".log .event").last).to_contain_text("ships")
    assert state["version"] == before["version"] + 2  # the transport and its payment
    sized.locator(f"{READY} button.undo").click()
    sized.wait_for_selector(f"{READY}[data-version='{state['version'] + 2}']")
    assert sized.evaluate(STATE, table)["legal"] == before["legal"]  # back before both
    # Turned off, the one way to pay waits for the person, on their cards.
    box = sized.locator("input[name=auto_forced]")
    expect(box).to_be_checked()
    with sized.expect_response("**/api/preferences"):
        box.uncheck()
    state = act(sized, table, plan)
    assert kinds(state) == {"pay"} and len(state["legal"]) == 1
    expect(sized.locator(f"{READY} .ce-hand .place[data-place^='pay:']")).to_have_count(1)
