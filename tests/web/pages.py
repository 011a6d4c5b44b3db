"""What a person does in the browser, as reusable steps."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, WebSocket

from kaido.server.follow import Follower


def action_key(action: list[Any]) -> str:
    """An action's key as the page writes it in data-action (JavaScript's JSON.stringify)."""
    return json.dumps(action, separators=(",", ":"))


DEALS = ("--table-seeds", "1")
"""`kaido serve` options that deal the same games every run: a test whose random player
meets a rare deal would otherwise fail only now and then."""
READY = ".table-page:not(.pending) button.legal"
"""This page's decision among the listed moves (a game drawn with a board lists only the
moves its board does not place, so only until the board is drawn: wait for `PLACES`)."""
PLACES = ".table-page:not(.pending) svg.board .place[data-action]"
"""This page's decision on a drawn board: a place a click plays."""
FINISHED = ".table-page[data-status=finished]"


def sign_up(page: Page, base: str, name: str, password: str = "correct horse battery") -> None:
    page.goto(base + "/")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", password)
    page.click("#register")
    page.wait_for_selector("#create-table")


def play_as_guest(page: Page, base: str) -> None:
    page.goto(base + "/")
    page.click("#guest")
    page.wait_for_selector("#create-table")


def create_table(
    page: Page,
    seats: list[str],
    game: str = "tiny",
    checked: tuple[str, ...] = (),
    chosen: dict[str, str] | None = None,
) -> str:
    """Fill in the lobby form: each seat `human` or a bot level, the `checked` options
    ticked and the `chosen` options selected; the creator takes seat 1."""
    page.select_option("select[name=game]", game)
    for option in checked:
        page.check(f"input[name=option-{option}]")
    for option, value in (chosen or {}).items():
        page.select_option(f"select[name=option-{option}]", value)
    page.select_option("select[name=players]", str(len(seats)))
    for n, seat in enumerate(seats):
        page.select_option(f"select[name=seat-{n}-kind]", "human" if seat == "human" else "bot")
        if seat != "human":
            page.select_option(f"select[name=seat-{n}-bot]", seat)
    page.click("#create-table button[type=submit]")
    page.wait_for_url("**/table/*")
    return page.url.rsplit("/", 1)[1]


def table_state(page: Page, table: str, query: str = "") -> dict[str, Any]:
    """The server's state of `table` for this page's user (`GET /api/tables/ID`, fetched by
    the page). The page hands over the body as text, parsed here: Playwright carries a
    string at once, but a parsed object value by value, and a long game's state holds its
    whole log (in Catan it made every fetch 0.1 s, half of a whole game's test)."""
    body: str = page.evaluate(f"fetch('/api/tables/{table}{query}').then(r => r.text())")
    state: dict[str, Any] = json.loads(body)
    return state


def wait_for_turn_or_end(page: Page, timeout: float = 30_000) -> bool:
    """True when it is this page's decision, False once the game is over."""
    page.wait_for_selector(f"{READY}, {FINISHED}", timeout=timeout)
    return page.locator(FINISHED).count() == 0


def click_action(page: Page, action: list[Any]) -> None:
    version = page.locator(".table-page").get_attribute("data-version")
    page.locator(f"{READY}[data-action='{action_key(action)}']").click()
    page.wait_for_selector(f".table-page:not([data-version='{version}'])")


def click_first_action(page: Page) -> None:
    version = page.locator(".table-page").get_attribute("data-version")
    page.locator(READY).first.click()
    page.wait_for_selector(f".table-page:not([data-version='{version}'])")


class Frames:
    """Every WebSocket message a page receives: all that page ever learns of the game."""

    def __init__(self, page: Page) -> None:
        self.messages: list[dict[str, Any]] = []
        self.errors: list[str] = []  # what the page's scripts raised
        self.closed = 0  # connections that closed (the page then reconnects)
        page.on("websocket", self._watch)
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _watch(self, socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: self.messages.append(json.loads(payload)))
        socket.on("close", self._count_close)

    def _count_close(self, _socket: WebSocket) -> None:
        self.closed += 1

    def states(self) -> list[dict[str, Any]]:
        """The whole state each state message and patch stood for (kaido.server.follow), in
        the order received; a new connection starts with a whole state."""
        follower = Follower()
        taken = [follower.take(message) for message in self.messages]
        return [message for message in taken if message.get("type") == "state"]

    def lately(self) -> dict[str, Any]:
        """The last messages received, briefly, the errors and the closed connections: what
        a failing wait reports."""
        brief = [
            {key: m.get(key) for key in ("type", "version", "to_move", "seat", "code") if key in m}
            for m in self.messages[-5:]
        ]
        return {"messages": brief, "errors": self.errors, "closed": self.closed}
