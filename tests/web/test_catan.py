"""Catan in a real browser: the opening placed by clicking the board, rolling, building,
trading with the bank, a reload mid-turn, and play to the end; two humans in two browsers
who never receive each other's hand."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser, Page, expect

from kaido.core.records import Record
from kaido.games import get_game
from tests.server.live import LiveServer
from tests.web.pages import (
    FINISHED,
    Frames,
    action_key,
    create_table,
    play_as_guest,
    sign_up,
)

CATAN = get_game("catan")
CHOICES = ".table-page:not(.pending) [data-action]"
# What the test's player prefers, in order; a domestic offer ("trade") only if nothing else.
# Building comes before trading with the bank so that the game surely shows both (a player
# who trades every four of a kind away may never hold a road's brick and lumber).
PREFERENCE = ["settlement", "city", "road", "roll", "maritime", "discard", "robber", "decline"]
PREFERENCE += ["reject", "withdraw", "end"]


def decisions(page: Page) -> list[list[Any]]:
    """The actions this page offers now (on the board and in the list), or [] at the end."""
    page.wait_for_selector(f"{CHOICES}, {FINISHED}", timeout=60_000, state="attached")
    found: list[str] = page.eval_on_selector_all(CHOICES, "els => els.map(e => e.dataset.action)")
    return [json.loads(value) for value in found]


def choose(actions: list[list[Any]]) -> list[Any]:
    for kind in PREFERENCE:
        for action in actions:
            if action[0] == kind:
                return action
    return next((a for a in actions if a[0] != "trade"), actions[0])


def click(page: Page, action: list[Any]) -> None:
    version = page.locator(".table-page").get_attribute("data-version")
    page.locator(f"{CHOICES}[data-action='{action_key(action)}']").first.click()
    page.wait_for_selector(f".table-page:not([data-version='{version}'])")


def my_pieces(page: Page, seat: int = 0) -> int:
    return page.locator(f"svg.catan [data-player='{seat}']").count()


PIPS = (0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1)


def best_corner(page: Page, table: str, actions: list[list[Any]]) -> list[Any]:
    """The settlement whose hexes roll most often (the player's own judgement)."""
    geometry = page.evaluate(f"fetch('/api/tables/{table}/geometry').then(r => r.json())")
    numbers = [number for _terrain, number in api_state(page, table)["view"]["board"]["hexes"]]

    def pips(action: list[Any]) -> int:
        return sum(
            PIPS[numbers[h]]
            for h, hexagon in enumerate(geometry["hexes"])
            if action[1] in hexagon["corners"]
        )

    return max(actions, key=pips)


def api_state(page: Page, table: str) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate(f"fetch('/api/tables/{table}').then(r => r.json())")
    return state


def test_a_catan_game_against_three_bots(page: Page, server: LiveServer) -> None:
    sign_up(page, server.url, "Ann")
    table = create_table(page, ["human", "normal", "normal", "normal"], game="catan")
    page.wait_for_selector("svg.catan")
    # The opening: two settlements and two roads, each clicked on the board.
    for kind in ["settlement", "road", "settlement", "road"]:
        actions = decisions(page)
        assert actions and {a[0] for a in actions} == {kind}
        before = my_pieces(page)
        chosen = best_corner(page, table, actions) if kind == "settlement" else actions[0]
        page.locator(f"svg.catan .place.{kind}[data-action='{action_key(chosen)}']").click()
        expect(page.locator("svg.catan [data-player='0']")).to_have_count(before + 1)
    done: set[str] = set()
    for _ in range(3000):
        actions = decisions(page)
        if not actions:
            break
        action = choose(actions)
        if (
            action[0] in ("road", "settlement", "city")
            and page.locator(f"svg.catan .place[data-action='{action_key(action)}']").count()
        ):
            done.add("built on the board")
        if action[0] == "maritime":
            done.add("traded with the bank")
        if action[0] == "roll":
            done.add("rolled")
        click(page, action)
        if "rolled" in done and "reloaded" not in done and decisions(page):
            hand = page.locator(".cards-row.hand").text_content() or ""
            version = page.locator(".table-page").get_attribute("data-version")
            page.reload()  # mid-turn: rolled, not yet ended
            page.wait_for_selector(f".table-page[data-version='{version}'] svg.catan")
            expect(page.locator(".cards-row.hand")).to_have_text(hand)
            done.add("reloaded")
    page.wait_for_selector(FINISHED)
    assert done >= {"built on the board", "traded with the bank", "rolled", "reloaded"}, done
    expect(page.locator(".result table tr")).to_have_count(5)
    record = Record.loads(page.evaluate(f"fetch('/api/tables/{table}/record').then(r => r.text())"))
    assert record.game == "catan" and record.result is not None


def test_two_humans_never_receive_each_others_hand(browser: Browser, server: LiveServer) -> None:
    contexts = [browser.new_context(), browser.new_context()]
    host, guest = (context.new_page() for context in contexts)
    frames = [Frames(host), Frames(guest)]
    sign_up(host, server.url, "Host")
    table = create_table(host, ["human", "human", "normal"], game="catan")
    play_as_guest(guest, server.url)
    guest.goto(f"{server.url}/table/{table}")
    guest.click("button.sit")
    pages = [host, guest]
    for page in pages:
        page.wait_for_selector("svg.catan")
    for _ in range(4000):
        state = api_state(host, table)
        if state["status"] == "finished":
            break
        if state["to_move"] == 2:  # the bot's decision
            host.wait_for_selector(f".table-page:not([data-version='{state['version']}'])")
            continue
        page = pages[state["to_move"]]
        page.wait_for_selector(f".table-page[data-version='{state['version']}']")
        click(page, choose(decisions(page)))
        for seat, other in enumerate(pages):
            # Read the page's version, its hand and its version again in one go, so a live
            # update arriving meanwhile (a bot moving) cannot pair a hand with another state.
            version, shown, again = other.evaluate(
                """() => {
                    const page = document.querySelector('.table-page');
                    const before = Number(page.dataset.version);
                    const hand = [...document.querySelectorAll('.cards-row.hand li')]
                        .map(e => Number(e.dataset.count));
                    return [before, hand, Number(page.dataset.version)];
                }"""
            )
            own = api_state(other, table)
            if version == again == own["version"]:
                assert shown == own["view"]["hand"] and own["seat"] == seat
    assert api_state(host, table)["status"] == "finished"
    record = Record.loads(host.evaluate(f"fetch('/api/tables/{table}/record').then(r => r.text())"))
    check_frames_against_the_engine(record, frames)
    for context in contexts:
        context.close()


def check_frames_against_the_engine(record: Record, frames: list[Frames]) -> None:
    """Every view either page received is exactly `view(state, its seat)` at that point."""
    options = CATAN.make_options(record.options)
    table = CATAN.action_table(options)
    state = CATAN.setup(options, record.seed)
    views_at: list[list[dict[str, Any]]] = [[CATAN.view(state, 0), CATAN.view(state, 1)]]
    for value in record.actions:
        CATAN.apply(state, table.from_json(value))
        views_at.append([CATAN.view(state, 0), CATAN.view(state, 1)])
    checked = 0
    for seat, received in enumerate(frames):
        for message in received.messages:
            if message.get("type") != "state" or "view" not in message:
                continue
            step = message["log_from"] + len(message["log"])
            assert message["view"] == views_at[step][seat]
            for entry in message["log"]:
                for event in entry["events"]:
                    assert "hand" not in event["data"] or entry["player"] == seat
            checked += 1
    assert checked > 100
