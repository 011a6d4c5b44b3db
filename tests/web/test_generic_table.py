"""The generic table page in a real browser, on the tiny test game: sign in, create a table
with bots, play by clicking, reload mid-turn, finish, replay; two humans in two browsers;
Japanese throughout."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from tests.server.live import LiveServer
from tests.web.pages import (
    FINISHED,
    Frames,
    click_action,
    click_first_action,
    create_table,
    play_as_guest,
    sign_up,
    wait_for_turn_or_end,
)


def test_play_against_bots_reload_mid_turn_and_finish(page: Page, server: LiveServer) -> None:
    sign_up(page, server.url, "Ann")
    table = create_table(page, ["human", "easy", "normal"])
    assert wait_for_turn_or_end(page)
    click_action(page, ["draw"])
    hand_before = page.locator("dl.view dt:text-is('hand') + dd").inner_text()
    log_before = page.locator(".log li").count()
    page.reload()  # mid-turn: the draw is done, banking and ending are still to come
    assert wait_for_turn_or_end(page)
    expect(page.locator("dl.view dt:text-is('hand') + dd")).to_have_text(hand_before)
    assert page.locator(".log li").count() == log_before
    assert page.locator("button.legal[data-action='[\"end\"]']").count() == 1
    while wait_for_turn_or_end(page):
        click_first_action(page)
    expect(page.locator(".result table tr")).to_have_count(4)
    assert page.locator(f"a[href='/api/tables/{table}/record']").count() == 1
    page.click(f"a[href='/replay/{table}']")
    page.wait_for_selector(".replay[data-step='0']")
    for name, word in [("first", "Start"), ("prev", "Back"), ("next", "Forward"), ("last", "End")]:
        # An SVG arrow, not a glyph that default fonts may lack.
        expect(page.locator(f".replay-controls button.{name} svg.icon path")).to_have_count(1)
        expect(page.locator(f".replay-controls button.{name}")).to_have_text(word)
    page.click("button.next")
    page.wait_for_selector(".replay[data-step='1']")
    page.click("button.next")
    page.wait_for_selector(".replay[data-step='2']")
    page.click("button.prev")
    page.wait_for_selector(".replay[data-step='1']")
    expect(page.locator(".log li")).to_have_count(1)
    page.click("button.last")
    page.wait_for_selector(".replay:not([data-step='1'])")
    assert page.locator(".log li").count() > 10


def test_a_lost_patch_is_noticed_and_the_whole_state_asked_for(
    page: Page, server: LiveServer
) -> None:
    """A patch lost on the way (the one that ends Ann's turn): the bot's next patch does not
    follow what the page holds, so the page asks for the whole state once and shows the game
    as the server has it."""
    dropped: list[str | bytes] = []
    asked: list[str | bytes] = []
    armed = [False]

    def lose_a_patch(page_side: WebSocketRoute) -> None:
        server_side = page_side.connect_to_server()

        def from_server(message: str | bytes) -> None:
            if armed[0] and not dropped and json.loads(message).get("type") == "patch":
                dropped.append(message)
            else:
                page_side.send(message)

        def from_page(message: str | bytes) -> None:
            if json.loads(message).get("type") == "sync":
                asked.append(message)
            server_side.send(message)

        server_side.on_message(from_server)
        page_side.on_message(from_page)

    page.route_web_socket("**/ws/tables/*", lose_a_patch)
    sign_up(page, server.url, "Ann")
    table = create_table(page, ["human", "easy"])
    assert wait_for_turn_or_end(page)
    click_action(page, ["draw"])
    armed[0] = True
    page.locator("button.legal[data-action='[\"end\"]']").click()
    assert wait_for_turn_or_end(page)  # Ann's turn again, after the bot's
    version = api_state(page, table)["version"]
    expect(page.locator(".table-page")).to_have_attribute("data-version", str(version))
    assert len(dropped) == 1 and len(asked) == 1

    def shown() -> tuple[str, str]:
        return page.locator("dl.view").inner_text(), page.locator(".log").inner_text()

    patched = shown()
    page.reload()  # the whole state afresh
    page.wait_for_selector(f".table-page[data-version='{version}']")
    assert shown() == patched


def hidden_cards_of_others(messages: list[dict[str, Any]], seat: int) -> list[Any]:
    """Cards of other seats' secret events that reached this page (there must be none)."""
    leaked = []
    for message in messages:
        for step in message.get("log") or []:
            for event in step["events"]:
                data = event["data"]
                secret_kind = data["kind"] in ("draw", "discard")
                if secret_kind and data["player"] != seat and "card" in data:
                    leaked.append(data)
    return leaked


def api_state(page: Page, table: str) -> dict[str, Any]:
    """The table as this browser's session may see it (the same request the page makes)."""
    state: dict[str, Any] = page.evaluate(f"fetch('/api/tables/{table}').then(r => r.json())")
    return state


def test_two_humans_in_two_browsers_never_see_each_others_hand(
    browser: Browser, server: LiveServer
) -> None:
    host_context, guest_context = browser.new_context(), browser.new_context()
    host, guest = host_context.new_page(), guest_context.new_page()
    host_frames, guest_frames = Frames(host), Frames(guest)
    sign_up(host, server.url, "Host")
    table = create_table(host, ["human", "human"])
    host.wait_for_selector(".waiting")
    invite = host.locator("input.invite").input_value()
    guest.goto(invite)
    guest.click("button.guest")  # not signed in: play as a guest from the invite link
    guest.click("button.sit")
    host.wait_for_selector(".table-page")
    guest.wait_for_selector(".table-page")
    pages = {0: host, 1: guest}
    for _ in range(400):
        state = api_state(host, table)
        if state["status"] == "finished":
            break
        mover = pages[state["to_move"]]
        wait_for_turn_or_end(mover)
        click_first_action(mover)
        version = api_state(host, table)["version"]
        for seat, page in pages.items():
            page.wait_for_selector(f".table-page[data-version='{version}']")
            own = api_state(page, table)
            assert own["seat"] == seat and own["version"] == version
            shown = page.locator("dl.view dt:text-is('hand') + dd").inner_text()
            assert shown == (", ".join(map(str, own["view"]["hand"])) or "—")
    host.wait_for_selector(FINISHED)
    guest.wait_for_selector(FINISHED)
    assert host_frames.messages and guest_frames.messages
    assert hidden_cards_of_others(host_frames.messages, 0) == []
    assert hidden_cards_of_others(guest_frames.messages, 1) == []
    own_draws = [m for m in host_frames.messages if hidden_cards_of_others([m], 1)]
    assert own_draws, "the host's own draws do show the card to the host"
    host_context.close()
    guest_context.close()


def test_japanese_throughout(page: Page, server: LiveServer) -> None:
    play_as_guest(page, server.url)
    page.click("button.lang")
    expect(page.locator("#create-table h2")).to_have_text("新しいテーブル")
    create_table(page, ["human", "easy"])
    assert wait_for_turn_or_end(page)
    expect(page.locator("p.turn.mine")).to_have_text("あなたの番です")
    expect(page.locator("button.legal")).to_have_text(["引く"])
    expect(page.locator(".log h2")).to_have_text("ログ")
